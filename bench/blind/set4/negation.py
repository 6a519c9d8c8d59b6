# ruff: noqa: E501
"""negation: a later memory says something stopped / is no longer true after an earlier positive one."""

SCENARIOS = [
    {
        "id": "negation-01",
        "persona": "ines",
        "memories": [
            ("old", 300, "Nuno is happiest with a huge picanha from the churrasqueira"),
            ("d1", 200, "We go to the churrasqueira in Benfica most Fridays"),
            (
                "new",
                40,
                "Nuno hasn't touched meat since that documentary in September - he's dead serious about it",
            ),
            ("d2", 20, "Made a chickpea curry and Nuno went back for seconds"),
        ],
        "questions": [("Would a steakhouse be a good pick for Nuno's birthday dinner?", ["new"])],
    },
    {
        "id": "negation-02",
        "persona": "kwame",
        "memories": [
            ("old", 500, "CI runs on our Jenkins box, job configs live in the jenkins-jobs repo"),
            ("d1", 400, "The Jenkins agent disk fills up every few weeks, annoying"),
            (
                "new",
                60,
                "Jenkins is gone - decommissioned last month, everything builds in GitHub Actions now",
            ),
            ("d2", 30, "Actions minutes bill came in higher than expected"),
            ("d3", 10, "Need to add a lint step to the pipeline"),
        ],
        "questions": [("Where do I add the new lint step - which CI are we on?", ["new"])],
    },
    {
        "id": "negation-03",
        "persona": "yuki",
        "memories": [
            ("old", 400, "Nothing beats a highball after a night shift, sorry liver"),
            ("d1", 300, "Favourite izakaya is Torikizoku in Namba"),
            ("d2", 100, "Hanae's birthday party was at a sake bar"),
            ("new", 50, "I've given up alcohol completely - two months sober and sleeping so much better"),
        ],
        "questions": [("I'm getting her a present - is a nice bottle of Yamazaki a good idea?", ["new"])],
    },
    {
        "id": "negation-04",
        "persona": "rafael",
        "memories": [
            ("old", 300, "Signed up with Rappi for delivery, they take 25%"),
            ("d1", 200, "Rappi orders are around 15% of weekday sales"),
            ("d2", 100, "Uber Eats wanted 30%, told them no"),
            (
                "new",
                45,
                "Cancelled Rappi. Too expensive and the food arrived cold. It's pickup orders by phone only now",
            ),
            ("d3", 10, "The phone line gets busy at lunch, might need a second one"),
        ],
        "questions": [("Can customers get our food delivered through an app?", ["new"])],
    },
    {
        "id": "negation-05",
        "persona": "priya",
        "memories": [
            ("old", 200, "Weekly payouts status meeting, Mondays 11am, whole squad"),
            ("d1", 150, "The Monday meeting runs over every single time"),
            (
                "new",
                40,
                "Killed the Monday status meeting - async updates in the thread instead, nobody missed it",
            ),
            ("d2", 20, "Sprint planning is every other Tuesday"),
        ],
        "questions": [("Should I add an item to the agenda for Monday's status sync?", ["new"])],
    },
    {
        "id": "negation-06",
        "persona": "lena",
        "memories": [
            ("old", 300, "I do the weekend emergency shift every other Saturday at the clinic"),
            ("d1", 200, "Weekend emergencies are mostly dogs who ate socks"),
            (
                "new",
                30,
                "I'm off the weekend emergency rota for good - the clinic joined the regional out-of-hours service in Emmendingen",
            ),
            ("d2", 10, "Jonas is thrilled to have Saturdays back"),
        ],
        "questions": [("A client's dog is sick on Saturday - can Lena see it at her clinic?", ["new"])],
    },
    {
        "id": "negation-07",
        "persona": "tom",
        "memories": [
            ("old", 400, "Every May the 2nd years go to the Gaeltacht in Spiddal for a week"),
            ("d1", 300, "Supervised the Gaeltacht week twice, exhausting"),
            (
                "new",
                50,
                "The board scrapped the Spiddal week - insurance costs. Not happening this year or after.",
            ),
            ("d2", 20, "Parents are asking about summer Irish colleges instead"),
        ],
        "questions": [("Should I keep a week in May free for the Irish college trip?", ["new"])],
    },
    {
        "id": "negation-08",
        "persona": "amara",
        "memories": [
            ("old", 500, "Can't function without a double espresso from Pilot before court"),
            ("d1", 300, "Pilot Coffee on Front St knows my order by heart"),
            ("new", 60, "Caffeine's out - my doctor flagged my blood pressure, it's herbal tea for me now"),
            ("d2", 30, "Mei brought back matcha from Kyoto for the office"),
        ],
        "questions": [("Grab her the usual double espresso before the hearing?", ["new"])],
    },
    {
        "id": "negation-09",
        "persona": "kwame",
        "memories": [
            ("old", 300, "Tolu is my on-call secondary, absolute legend"),
            ("d1", 200, "Tolu and I built the reconciliation job together"),
            (
                "new",
                20,
                "Per Kwame, Tolu transferred to the fraud team and is no longer in the payments on-call rotation",
            ),
            ("d2", 10, "Need a new secondary for the March rota"),
        ],
        "questions": [("Can I put Tolu down as backup for my next on-call week?", ["new"])],
    },
    {
        "id": "negation-10",
        "persona": "ines",
        "memories": [
            ("old", 400, "Our car is a 2012 Renault Mégane, fine for the school run"),
            ("d1", 300, "Parking in Campo de Ourique is impossible"),
            (
                "new",
                50,
                "These days it's all metro and the cargo bike - the Mégane went to a guy in Setúbal over the summer",
            ),
            ("d2", 30, "The cargo bike fits both kids, Duarte loves it"),
        ],
        "questions": [("Can Inês drive the kids to the beach at Costa on Saturday?", ["new"])],
        "note": "implicit negation: no longer owns the car",
    },
    {
        "id": "negation-11",
        "persona": "yuki",
        "memories": [
            ("old", 300, "Sharing my flat with Hanae, we split the rent 50/50"),
            ("d1", 250, "Rent for the flat is 98,000 a month"),
            ("new", 40, "Hanae moved in with her boyfriend, so it's just me and Mochi now"),
            ("d2", 20, "Might turn the second bedroom into a music room"),
        ],
        "questions": [("Does Yuki have a flatmate?", ["new"])],
    },
    {
        "id": "negation-12",
        "persona": "rafael",
        "memories": [
            ("old", 400, "Lupita teaches chemistry at Prepa 5, mornings only"),
            ("d1", 300, "Lupita's students adore her"),
            (
                "new",
                30,
                "Lupita retired from the prepa in June; now she's the one sorting out the restaurant's accounts",
            ),
            ("d2", 10, "The restaurant's books are a mess, we need help"),
        ],
        "questions": [("Is Lupita still teaching at the school?", ["new"])],
    },
    {
        "id": "negation-13",
        "persona": "priya",
        "memories": [
            ("old", 300, "App supports iOS 14 and up, about 8% of users are still on 14"),
            ("d1", 200, "Android min SDK is 24"),
            ("new", 30, "Dropped iOS 14 and 15 with the 6.0 release - minimum is iOS 16 now"),
            ("d2", 10, "A merchant complained the app won't install on his old iPhone 7"),
        ],
        "questions": [("A merchant on iOS 15 can't update the app - is that expected?", ["new"])],
    },
    {
        "id": "negation-14",
        "persona": "lena",
        "memories": [
            ("old", 300, "Fanny gets 1 kg of oats morning and evening"),
            ("d1", 200, "Fanny is a 14-year-old Schwarzwälder Fuchs"),
            (
                "new",
                60,
                "No more oats for Fanny, full stop - EMS diagnosis, she's on hay and a mineral balancer only",
            ),
            ("d2", 20, "The stable girl asked whether she can give Fanny treats"),
        ],
        "questions": [
            ("The stable girl wants to know how much grain to give Fanny - what do I tell her?", ["new"])
        ],
    },
    {
        "id": "negation-15",
        "persona": "tom",
        "memories": [
            ("old", 500, "Aoife has violin lessons on Wednesdays with Mrs Kenny"),
            ("d1", 400, "Violin lessons are €25 a go"),
            (
                "new",
                70,
                "Aoife's packed in the violin, wants to do drama instead. Fair enough, I suppose, the lessons weren't cheap and she never practised unless Orla stood over her.",
            ),
            ("d2", 20, "Drama group puts on a show at the Town Hall in spring"),
        ],
        "questions": [("Do I still need to drop Aoife over to Mrs Kenny on Wednesday?", ["new"])],
    },
    {
        "id": "negation-16",
        "persona": "amara",
        "memories": [
            ("old", 300, "Fridays are work-from-home at the firm, everyone loves it"),
            ("d1", 200, "I use my Fridays at home for research memos"),
            (
                "new",
                25,
                "The managing partner ended remote Fridays - we're in the office five days a week from January",
            ),
            ("d2", 10, "The 504 streetcar is so slow"),
        ],
        "questions": [("Can Amara take a Friday call from home next month?", ["new"])],
    },
    {
        "id": "negation-17",
        "persona": "kwame",
        "memories": [
            ("old", 120, "Abena signed up for the Great Manchester Run 10k in May"),
            ("d1", 100, "I might run it too, haven't decided"),
            ("new", 30, "Abena's pulled out of the 10k - the midwife said no, with the pregnancy"),
            ("d2", 20, "Abena does pregnancy yoga on Tuesdays"),
        ],
        "questions": [("Should I get a spot at the finish line to cheer Abena on at the 10k?", ["new"])],
        "note": "third-person negation",
    },
    {
        "id": "negation-18",
        "persona": "priya",
        "memories": [
            ("old", 200, "Instant payouts are free for all merchants during launch"),
            ("d1", 150, "Instant payouts adoption is at 40% of merchants"),
            (
                "new",
                30,
                "Instant payouts aren't free any more - 0.5% per payout since the 1st, standard T+1 stays free",
            ),
            ("d2", 10, "Support is getting tickets about payout fees"),
        ],
        "questions": [
            ("A merchant asks whether instant payouts cost anything - what do I tell them?", ["new"])
        ],
        "note": "negation about a product",
    },
    {
        "id": "negation-19",
        "persona": "rafael",
        "memories": [
            ("old", 400, "We're open every day from 1pm to 11pm"),
            ("d1", 300, "Mondays are always slow"),
            ("new", 20, "No more Mondays - we close that day now so the staff get a proper rest"),
            ("d2", 10, "Sunday brunch is our busiest shift"),
        ],
        "questions": [("Can a group of ten come in for lunch next Monday?", ["new"])],
    },
    {
        "id": "negation-20",
        "persona": "tom",
        "memories": [
            ("old", 350, "I'm the GAA liaison teacher, I sort the school's fixtures with the county board"),
            ("d1", 300, "County board fixtures secretary is a nightmare to reach"),
            ("new", 45, "Told Fergal I'm done with the liaison job, Niamh Costello has it from this term"),
            ("d2", 15, "The Connacht schools fixtures came out"),
        ],
        "questions": [
            ("The county board needs someone at the school to confirm a fixture - is that Tom?", ["new"])
        ],
    },
]
