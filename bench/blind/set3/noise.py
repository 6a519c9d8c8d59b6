"""noise: one specific memory with the name / date / number asked for, among chatty, vague memories on the same topic."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.

SCENARIOS = [
    {
        "id": "noise-01",
        "persona": "ines",
        "memories": [
            (
                "ans",
                25,
                "Booked the Algarve holiday: flat in Lagos, 2 to 9 August, €1,140 for the week, paid the deposit.",
            ),
            ("d1", 60, "God I need a holiday, summer can't come soon enough."),
            ("d2", 50, "Rui wants beach, I want mountains, we'll see who wins lol."),
            ("d3", 40, "The Algarve is always packed in August but the kids love it."),
            ("d4", 30, "Was looking at holiday flats all evening, so many options, my eyes hurt."),
            ("d5", 10, "Kids are already counting down to the beach."),
        ],
        "questions": [
            ("what dates is our Algarve trip?", ["ans"]),
            ("how much did the holiday flat cost", ["ans"]),
        ],
    },
    {
        "id": "noise-02",
        "persona": "kenji",
        "memories": [
            ("ans", 18, "Performance review with Tanaka-san is on November 12 at 14:00, room 7B."),
            ("d1", 40, "Review season again, everyone's stressed."),
            ("d2", 30, "I should write up my accomplishments before the review, keep forgetting."),
            ("d3", 22, "Sato says reviews here are mostly a formality, not sure I believe him."),
            ("d4", 10, "Still haven't done the self-assessment form, ugh."),
        ],
        "questions": [("when is my performance review?", ["ans"])],
    },
    {
        "id": "noise-03",
        "persona": "amara",
        "memories": [
            (
                "ans",
                35,
                "New supplier for goat meat is Halal Butchers Ltd on Rye Lane, contact is Yusuf, 07700 900418.",
            ),
            ("d1", 60, "The old butcher keeps messing up my orders, getting fed up."),
            ("d2", 50, "Asked around at church about good butchers, got loads of suggestions."),
            ("d3", 40, "Goat meat prices are mad this year."),
            ("d4", 20, "The new butcher seems decent so far, fingers crossed."),
        ],
        "questions": [("what's the number for the new goat meat supplier?", ["ans"])],
    },
    {
        "id": "noise-04",
        "persona": "lukas",
        "memories": [
            (
                "ans",
                45,
                "Electrician for the flat is Herr Schmitt from Elektro Schmitt & Sohn, coming 14 October to rewire the kitchen circuit.",
            ),
            ("d1", 90, "The wiring in this flat is terrifying, some of it is cloth-covered."),
            ("d2", 70, "Called four electricians, nobody has time before winter."),
            ("d3", 55, "Jonas thinks we should just do it ourselves, absolutely not."),
            ("d4", 20, "Electricity question keeps me up at night, seriously."),
        ],
        "questions": [("who is doing the rewiring and when?", ["ans"])],
    },
    {
        "id": "noise-05",
        "persona": "priya",
        "memories": [
            (
                "ans",
                20,
                "Ledgerly v4.2 release is scheduled for 18 March; it ships the multi-entity invoicing beta.",
            ),
            ("d1", 45, "Roadmap is so packed this quarter, I don't know how we'll fit everything."),
            ("d2", 35, "Engineering is a bit behind on the big release, as usual."),
            ("d3", 25, "Marketing keeps asking me for a release date, I keep stalling."),
            ("d4", 6, "Release planning meeting went long again, nobody agreed on anything."),
        ],
        "questions": [("when does 4.2 go out?", ["ans"])],
    },
    {
        "id": "noise-06",
        "persona": "diego",
        "memories": [
            (
                "ans",
                60,
                "Our vineyard sold the 2022 malbec to a distributor in Córdoba at 4,200 pesos per bottle, 1,800 bottles.",
            ),
            ("d1", 120, "2022 was a good year, the grapes were amazing."),
            ("d2", 90, "My cousins are always arguing about prices for the wine."),
            ("d3", 75, "Wine business is tough with the inflation here."),
            ("d4", 30, "We should sell more abroad, everyone says it but nobody does it."),
        ],
        "questions": [("how many bottles of the 2022 did we sell and at what price?", ["ans"])],
    },
    {
        "id": "noise-07",
        "persona": "sarah",
        "memories": [
            (
                "ans",
                15,
                "Owen's hockey tournament is in Brandon, Jan 17-19; team hotel is the Canad Inns, room block under 'Wolverines U11'.",
            ),
            ("d1", 50, "Hockey season is basically our whole life now."),
            ("d2", 40, "So many tournaments this year, the driving is insane."),
            ("d3", 25, "Other hockey moms are planning a group dinner for the away tournament."),
            ("d4", 5, "Need to remember to pack Owen's lucky socks, he's superstitious."),
        ],
        "questions": [("which hotel are we in for the Brandon tournament?", ["ans"])],
    },
    {
        "id": "noise-08",
        "persona": "hamid",
        "memories": [
            (
                "ans",
                28,
                "Our insurance broker is Van der Meer Assurantiën, policy number VDM-7720193, fleet premium €86,400 a year.",
            ),
            ("d1", 70, "Insurance is a nightmare for truck fleets, premiums keep going up."),
            ("d2", 50, "Had a long chat with the broker, he talks a lot."),
            ("d3", 40, "Thinking about switching insurers but it's such a hassle."),
            ("d4", 12, "Got a thick envelope from the insurer, haven't opened it yet."),
        ],
        "questions": [("what's the fleet insurance policy number?", ["ans"])],
    },
    {
        "id": "noise-09",
        "persona": "aroha",
        "memories": [
            (
                "ans",
                22,
                "Fieldays stand booked: site PC47 in the Innovation Centre, 11-14 June, Mystery Creek.",
            ),
            ("d1", 90, "Fieldays is the biggest event of the year for ag-tech, we have to be there."),
            ("d2", 60, "Ben wants a flashy stand, I want a cheap one."),
            ("d3", 35, "So much to prepare for Fieldays, not sure where to start."),
            ("d4", 8, "Need to print flyers and sort merch at some point."),
        ],
        "questions": [("what's our stand number at Fieldays?", ["ans"])],
    },
    {
        "id": "noise-10",
        "persona": "ines",
        "memories": [
            ("ans", 100, "Tomás's blood type is A+, Leonor is O−, noted after the hospital visit."),
            ("d1", 130, "Hospital visits with kids are exhausting even when you work there."),
            ("d2", 110, "Tomás was so brave at the blood test, got a sticker."),
            ("d3", 105, "Paperwork after that ER trip was endless."),
            ("d4", 40, "I should make a little medical folder for the kids."),
        ],
        "questions": [("what blood group is Leonor?", ["ans"])],
    },
    {
        "id": "noise-11",
        "persona": "kenji",
        "memories": [
            (
                "ans",
                50,
                "Apartment lease renewal: rent goes to ¥128,000 from April, renewal fee one month's rent, due by March 15.",
            ),
            ("d1", 90, "Rent in Osaka keeps climbing, seriously."),
            ("d2", 70, "Aiko and I keep talking about moving but never do."),
            ("d3", 55, "Landlord sent a letter about the lease, lots of kanji I had to look up."),
            ("d4", 20, "Maybe we should just buy a place, who knows."),
        ],
        "questions": [("what will our rent be after renewal and when is the fee due?", ["ans"])],
    },
    {
        "id": "noise-12",
        "persona": "amara",
        "memories": [
            (
                "ans",
                40,
                "Zara's parents' evening is Thursday 6 March, 17:20 with Mr Osei (science), 17:35 with Ms Hall (English).",
            ),
            ("d1", 80, "Zara's school is always sending letters, I can't keep up."),
            ("d2", 60, "She's doing fine at school I think, a bit chatty in class."),
            ("d3", 45, "Work is so busy I almost forgot about school stuff again."),
            ("d4", 10, "Must remember to ask the teachers about the science trip."),
        ],
        "questions": [("what time is my slot with Zara's science teacher?", ["ans"])],
    },
    {
        "id": "noise-13",
        "persona": "lukas",
        "memories": [
            ("ans", 30, "Abitur physics exam this year is on 29 April, written part, 270 minutes."),
            ("d1", 120, "Exam season always sneaks up on me."),
            ("d2", 90, "Students are panicking already, bless them."),
            ("d3", 60, "Colleagues are complaining about the new exam format."),
            ("d4", 15, "Need to do a mock exam at some point soon."),
        ],
        "questions": [("how long is the Abitur physics written paper?", ["ans"])],
    },
    {
        "id": "noise-14",
        "persona": "priya",
        "memories": [
            (
                "ans",
                12,
                "Flight to Lisbon for the design offsite: Emirates EK 567 BLR→DXB on 3 Feb, 04:25, then EK 191 to Lisbon.",
            ),
            ("d1", 50, "Offsite in Lisbon will be so nice, haven't seen the designers in person ever."),
            ("d2", 30, "Visa paperwork for Portugal took forever."),
            ("d3", 20, "I hate early morning flights, but whatever."),
            ("d4", 4, "Packing list for Lisbon: layers, it's chilly in Feb apparently."),
        ],
        "questions": [("What time does my first flight leave Bangalore?", ["ans"])],
    },
    {
        "id": "noise-15",
        "persona": "diego",
        "memories": [
            (
                "ans",
                200,
                "Valeria and I got married on 14 November 2009 at the San Francisco church in Mendoza.",
            ),
            ("d1", 400, "Still can't believe how long we've been married."),
            ("d2", 300, "Wedding was chaos, the band was late, great party though."),
            ("d3", 100, "Valeria always says I forget important dates, fair."),
            ("d4", 20, "Need to plan something nice this year for our anniversary."),
        ],
        "questions": [("when is our wedding anniversary?", ["ans"])],
    },
    {
        "id": "noise-16",
        "persona": "sarah",
        "memories": [
            (
                "ans",
                70,
                "Curling team this season: skip is Donna Reyes, I throw third, lead is Kath, second is Jen.",
            ),
            ("d1", 120, "Curling is more social than sport honestly, but I love it."),
            ("d2", 90, "Our team was terrible last year, hoping for better."),
            ("d3", 50, "Post-game beers are the best part of curling night."),
            ("d4", 8, "We actually won two games in a row, shocking."),
        ],
        "questions": [("who's our skip this season?", ["ans"])],
    },
    {
        "id": "noise-17",
        "persona": "hamid",
        "memories": [
            (
                "ans",
                15,
                "Arash's graduation ceremony: Friday 4 July at 14:00 in the Aula of TU Delft, two guest tickets each.",
            ),
            ("d1", 60, "Can't believe Arash is finishing his bachelor's already."),
            ("d2", 40, "Shirin is already planning what to wear to the ceremony, lol."),
            ("d3", 25, "My mother wants to fly in from Shiraz for it, visa might be tricky."),
            ("d4", 5, "Should book a restaurant for afterwards."),
        ],
        "questions": [("how many tickets do we get for Arash's graduation, and where is it?", ["ans"])],
    },
    {
        "id": "noise-18",
        "persona": "aroha",
        "memories": [
            (
                "ans",
                40,
                "Our lawyer for the investment docs is Mere Tūhoe at Harbour Legal, charges $420/hr.",
            ),
            ("d1", 80, "Legal fees are eating so much of our runway."),
            ("d2", 60, "Term sheet negotiations dragged on forever."),
            ("d3", 30, "Lawyers always find one more thing to change."),
            ("d4", 10, "Need to get the shareholder agreement updated eventually."),
        ],
        "questions": [("who is handling our legal work on the investment and what's her rate?", ["ans"])],
    },
    {
        "id": "noise-19",
        "persona": "ines",
        "memories": [
            ("ans", 55, "Bolacha weighs 14.2 kg at her last vet check, vet wants her under 13."),
            ("d1", 100, "Bolacha is getting chunky, too many treats from the kids."),
            ("d2", 80, "Vet visit was fine, she was scared as usual."),
            ("d3", 60, "Switched Bolacha's food to a 'light' formula."),
            ("d4", 15, "Bolacha looks slimmer, maybe? Hard to tell."),
        ],
        "questions": [("what's the dog's weight and target?", ["ans"])],
    },
    {
        "id": "noise-20",
        "persona": "kenji",
        "memories": [
            (
                "ans",
                8,
                "Kubernetes cluster upgrade for payments-prod is Saturday 02:00-05:00 JST, from 1.28 to 1.29, Sato runs it.",
            ),
            ("d1", 40, "Cluster upgrades are always painful somehow."),
            ("d2", 30, "Platform team sent a long email about upgrade plans, skimmed it."),
            ("d3", 15, "Some deprecated APIs might break in the upgrade, need to check."),
            ("d4", 3, "Hope the upgrade doesn't wake me up this time."),
        ],
        "questions": [("who is running the prod cluster upgrade and at what time?", ["ans"])],
    },
]
