# ruff: noqa: E501
"""paraphrase: the question uses other words than the memory that answers it."""

SCENARIOS = [
    {
        "id": "paraphrase-01",
        "persona": "ines",
        "memories": [
            (
                "fear",
                80,
                "Duarte has been terrified of dogs ever since the neighbour's husky knocked him over in the lift",
            ),
            ("d1", 60, "Duarte keeps asking for a kitten for his birthday, we said maybe when he's six"),
            ("d2", 45, "The kindergarten has a rabbit called Bolacha and Duarte loves feeding it"),
            ("d3", 30, "took the kids to the Oceanário, Duarte spent an hour glued to the penguins"),
            ("d4", 10, "Duarte won't sleep unless the hallway light stays on, the dark spooks him a bit"),
        ],
        "questions": [("Which animal does my younger one panic around?", ["fear"])],
    },
    {
        "id": "paraphrase-02",
        "persona": "kwame",
        "memories": [
            ("mig", 120, "If I skip lunch I'm guaranteed a migraine by 4pm, learned that the hard way"),
            ("d1", 100, "Been trying intermittent fasting, 16:8, Abena thinks it's silly"),
            ("d2", 70, "Physio reckons my neck pain comes from using the laptop on the sofa"),
            ("d3", 40, "Eye test at Specsavers, prescription barely changed"),
            ("d4", 15, "Cutting down on coffee, two cups a day max now"),
        ],
        "questions": [("What usually sets off his really bad head pain?", ["mig"])],
    },
    {
        "id": "paraphrase-03",
        "persona": "yuki",
        "memories": [
            ("tap", 90, "Mochi refuses her bowl and only drinks from the bathroom tap when it's dripping"),
            ("d1", 80, "Mochi is a 4 year old calico, adopted from a shelter in Sakai"),
            ("d2", 50, "Switched Mochi to the Royal Canin urinary food on the vet's advice"),
            ("d3", 30, "Mochi knocked a full glass off the counter again, soaked the rice cooker"),
            ("d4", 10, "Mochi sleeps on my scrubs every time I leave them on the chair"),
        ],
        "questions": [("Where does her cat like to get a drink of water?", ["tap"])],
    },
    {
        "id": "paraphrase-04",
        "persona": "rafael",
        "memories": [
            (
                "comp",
                20,
                "Rafael reported the walk-in cooler compressor died; technician quote is 38,000 MXN supplied and installed",
            ),
            ("d1", 60, "Cleaned the hood filters in the kitchen, the whole staff stayed late"),
            ("d2", 35, "Electricity bill jumped to 14,000 this month, CFE says it's the summer tariff"),
            ("d3", 15, "The ice machine is making a grinding noise, need someone to look at it"),
            ("d4", 8, "Moved all the meat into the two reach-in fridges until the big one is sorted"),
        ],
        "questions": [("What's the estimate to get the refrigerated storage room working again?", ["comp"])],
    },
    {
        "id": "paraphrase-05",
        "persona": "priya",
        "memories": [
            ("one", 45, "Arjun - my skip-level - wants a one-page doc before any roadmap change. No decks."),
            ("d1", 40, "My manager Sneha prefers Slack huddles over calendar meetings"),
            ("d2", 30, "Q3 roadmap review is on the 12th, whole product org"),
            ("d3", 20, "Arjun liked the merchant onboarding metrics, asked for a weekly version"),
            ("d4", 5, "drafted priorities for payouts v2, still rough"),
        ],
        "questions": [
            (
                "Before we reshuffle what the team is building, what does my boss's boss expect to see?",
                ["one"],
            )
        ],
    },
    {
        "id": "paraphrase-06",
        "persona": "lena",
        "memories": [
            (
                "cil",
                150,
                "user mentioned coriander tastes like soap to her and she picks it out of everything",
            ),
            ("d1", 120, "Jonas grows basil and thyme on the balcony"),
            ("d2", 90, "I love Thai food, especially the green curry from the place near Bertoldsbrunnen"),
            ("d3", 60, "Started making my own pesto, way cheaper than the jars"),
            ("d4", 25, "Not a fan of very spicy food since that disaster in Bangkok"),
        ],
        "questions": [("Is there a herb I should leave out if I'm cooking for Lena?", ["cil"])],
    },
    {
        "id": "paraphrase-07",
        "persona": "tom",
        "memories": [
            ("tax", 200, "Orla does our tax returns every year, I'm hopeless with that stuff"),
            ("d1", 150, "Bank of Ireland mortgage, fixed for another 4 years"),
            ("d2", 90, "claimed the flat-rate expenses for teachers last year, small but it adds up"),
            ("d3", 40, "Orla's accountancy exams are in May, she's studying every evening"),
            ("d4", 10, "Need to renew the motor tax on the car before the end of the month"),
        ],
        "questions": [("Who in his household deals with the yearly filing to Revenue?", ["tax"])],
    },
    {
        "id": "paraphrase-08",
        "persona": "amara",
        "memories": [
            (
                "dys",
                300,
                "I'm dyslexic - long documents are much easier for me in a big sans-serif font, 14pt Arial or similar",
            ),
            ("d1", 200, "Court filings have to follow Rule 4.01 for paper size and margins"),
            ("d2", 100, "I like memos to open with the bottom line, details after"),
            ("d3", 60, "Mei prints everything double-sided to save paper"),
            ("d4", 20, "please send PDFs, not Word files with tracked changes everywhere"),
        ],
        "questions": [("What typeface and size make reading easiest for her?", ["dys"])],
    },
    {
        "id": "paraphrase-09",
        "persona": "kwame",
        "memories": [
            ("due", 60, "Abena's pregnant!! Due date is 27 April, we're telling the family at Christmas"),
            ("d1", 50, "Looking at bigger places in Chorlton, we need a second bedroom"),
            ("d2", 40, "My sister Efua had her twins in March, they're huge now"),
            ("d3", 25, "Booked antenatal classes at Wythenshawe"),
            ("d4", 10, "Started assembling the cot, the instructions are a joke"),
        ],
        "questions": [("When are they expecting the little one to arrive?", ["due"])],
    },
    {
        "id": "paraphrase-10",
        "persona": "ines",
        "memories": [
            ("sea", 250, "I get horribly seasick - even the ten-minute ferry to Cacilhas makes me queasy"),
            ("d1", 200, "We did whale watching in the Azores two summers ago, Nuno loved it"),
            ("d2", 100, "planning a long weekend in the Algarve in June"),
            ("d3", 50, "Can't do rollercoasters anymore either, not since my thirties"),
            ("d4", 20, "The kids want to try kayaking at Tróia"),
        ],
        "questions": [
            ("I'm thinking of booking her a catamaran cruise for her birthday - any reason not to?", ["sea"])
        ],
    },
    {
        "id": "paraphrase-11",
        "persona": "yuki",
        "memories": [
            (
                "save",
                30,
                "Aurora fund: 400,000 yen saved so far, target is 650,000 for Iceland next February",
            ),
            ("d1", 100, "went up to Hokkaido for the snow festival last year"),
            ("d2", 60, "Bonus comes in December, roughly one month's salary"),
            ("d3", 20, "Hanae might come to Iceland too"),
            ("d4", 5, "Bought thermal gloves at Uniqlo, they were on sale"),
        ],
        "questions": [("How much money has she put aside for the northern lights holiday?", ["save"])],
    },
    {
        "id": "paraphrase-12",
        "persona": "rafael",
        "memories": [
            ("xim", 150, "Ximena started her residency in pediatrics at the Hospital Civil, she's exhausted"),
            ("d1", 140, "Emiliano works with me at the restaurant and runs the bar"),
            ("d2", 100, "Ximena wants to move to Monterrey after she finishes"),
            ("d3", 70, "Lupita is helping a niece with her chemistry homework every night"),
            ("d4", 30, "Ximena came for dinner on Sunday and slept most of the afternoon"),
        ],
        "questions": [("What kind of doctor is his girl training to be?", ["xim"])],
    },
    {
        "id": "paraphrase-13",
        "persona": "priya",
        "memories": [
            (
                "bi",
                80,
                "Product analytics lives in Metabase - anyone on the team can build a new question there",
            ),
            ("d1", 75, "Finance runs their own Tableau server, we don't have licences"),
            ("d2", 40, "Data eng is moving event collection from Segment to RudderStack"),
            ("d3", 20, "Weekly payouts numbers come in Kiran's Monday email"),
            ("d4", 10, "Mixpanel contract ends in June, probably not renewing"),
        ],
        "questions": [
            ("Which tool should I use to throw together a quick chart for the product team?", ["bi"])
        ],
    },
    {
        "id": "paraphrase-14",
        "persona": "lena",
        "memories": [
            ("mum", 200, "Mama moved into the Haus am Kinzigufer care home in Offenburg after the stroke"),
            ("d1", 180, "My brother Felix handles Mama's finances"),
            ("d2", 100, "I drive to Offenburg every second Sunday"),
            ("d3", 50, "Mama's physio is going well, she can walk with a frame now"),
            ("d4", 10, "Felix and I argued about selling Mama's house in Lahr"),
        ],
        "questions": [("What facility does Lena's mother live in?", ["mum"])],
    },
    {
        "id": "paraphrase-15",
        "persona": "tom",
        "memories": [
            ("cian", 120, "Cian started an electrical apprenticeship with ESB Networks, he's delighted"),
            ("d1", 110, "Aoife is in 2nd year in the school I teach in, mortifying for her apparently"),
            ("d2", 80, "Cian bought a van off a lad in Oranmore, it's a rust bucket"),
            ("d3", 40, "Orla wanted Cian to go to college, there were words"),
            ("d4", 15, "The youngest, Rory, is mad into Minecraft"),
        ],
        "questions": [("What trade is his eldest learning?", ["cian"])],
    },
    {
        "id": "paraphrase-16",
        "persona": "amara",
        "memories": [
            ("race", 90, "Signed up for the Scotiabank Waterfront half in October, following a 12-week plan"),
            ("d1", 80, "My running club meets Wednesdays at Trinity Bellwoods"),
            ("d2", 60, "shin splints flared up again, physio twice a week"),
            ("d3", 30, "Watched the Boston marathon stream with my dad"),
            ("d4", 10, "New Brooks Ghost shoes, size 9"),
        ],
        "questions": [("Which event is she building up her mileage for?", ["race"])],
    },
    {
        "id": "paraphrase-17",
        "persona": "kwame",
        "memories": [
            ("oncall", 20, "I'm primary on-call one week in four; my next stint starts Monday 3 March"),
            ("d1", 40, "On-call allowance went up to £300 a week"),
            ("d2", 15, "Tolu covers secondary whenever I'm primary"),
            ("d3", 10, "Big incident last night, card payments down for 40 minutes"),
            ("d4", 5, "Need to update the runbook for the ledger service"),
        ],
        "questions": [("When do I next carry the pager?", ["oncall"])],
    },
    {
        "id": "paraphrase-18",
        "persona": "yuki",
        "memories": [
            (
                "conc",
                40,
                "Our amateur orchestra's autumn concert is 23 November at Izumi Hall, I'm on the back desk of the cellos",
            ),
            ("d1", 100, "Started cello lessons again after ten years off, Mori-sensei is strict"),
            ("d2", 30, "Rehearsals are Sunday afternoons in Tennoji"),
            ("d3", 20, "We're doing Dvořák 8, the slow movement is gorgeous"),
            ("d4", 5, "Bought a new rosin, much less dusty"),
        ],
        "questions": [("When and where is she next performing on stage?", ["conc"])],
    },
    {
        "id": "paraphrase-19",
        "persona": "lena",
        "memories": [
            ("ins", 70, "Jonas is the one with the Ryanair-proof luggage skills - he packs, I navigate"),
            (
                "alt",
                60,
                "I can't sleep at altitude, anything above 2,500 m and I'm awake all night with a headache",
            ),
            ("d1", 40, "Jonas wants to do the Haute Route next summer"),
            ("d2", 30, "Booked a hut on the Feldberg for a weekend in October"),
            ("d3", 10, "My hiking boots need resoling"),
        ],
        "questions": [("Would a multi-day hut trip high in the Alps suit her?", ["alt"])],
    },
]
