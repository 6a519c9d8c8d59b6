"""paraphrase: the question uses different words from the memory that answers it."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.

SCENARIOS = [
    {
        "id": "paraphrase-01",
        "persona": "ines",
        "memories": [
            (
                "ans",
                40,
                "Tomás gets really anxious before injections, we bribe him with a trip to the aquarium afterwards.",
            ),
            ("d1", 50, "Tomás's school vaccination letter came home, need to sign it."),
            ("d2", 30, "Leonor is fearless at the doctor, honestly she enjoys it."),
            ("d3", 20, "Tomás started swimming lessons at the municipal pool."),
            ("d4", 10, "Bought Tomás a fish book because he won't stop talking about sharks."),
        ],
        "questions": [("how do they calm the older boy down when he has to get a jab?", ["ans"])],
    },
    {
        "id": "paraphrase-02",
        "persona": "kenji",
        "memories": [
            (
                "ans",
                14,
                "Whenever the settlement batch runs long, it's almost always because the bank's SFTP drop arrives late, not our code.",
            ),
            ("d1", 20, "The settlement batch runs nightly at 02:00 JST."),
            ("d2", 9, "We rewrote part of the batch in Go last year, it's about 3x faster."),
            ("d3", 30, "Kenji hates being paged for the batch at night."),
            ("d4", 5, "Bank's API team is on a different holiday calendar than ours."),
        ],
        "questions": [("what typically makes the overnight payout job overrun?", ["ans"])],
    },
    {
        "id": "paraphrase-03",
        "persona": "amara",
        "memories": [
            (
                "ans",
                60,
                "Mum can't climb stairs easily since her hip op, so any family gathering has to be somewhere on the ground floor.",
            ),
            ("d1", 70, "Mum loves being in charge of the pepper soup at parties."),
            ("d2", 45, "We're planning Zara's birthday for late May."),
            (
                "d3",
                30,
                "Auntie Ngozi offered her house in Lewisham for the next family do, it has a lovely upstairs lounge.",
            ),
            ("d4", 15, "Mum's physiotherapy is on Tuesday mornings."),
        ],
        "questions": [("anything to keep in mind when picking a venue for a family party?", ["ans"])],
    },
    {
        "id": "paraphrase-04",
        "persona": "lukas",
        "memories": [
            (
                "ans",
                100,
                "The radiators in the flat take forever to warm up because the old single-pipe system is badly balanced, a heating guy said.",
            ),
            ("d1", 110, "Gas bill went up a lot this year."),
            ("d2", 90, "We want underfloor heating in the bathroom eventually."),
            ("d3", 60, "Jonas keeps the thermostat at 23, I prefer 20."),
            ("d4", 30, "Windows in the living room are original and draughty."),
        ],
        "questions": [("why is our place so slow to get cosy in winter?", ["ans", "d4"])],
        "note": "two plausible answers; the heating technician's diagnosis is primary",
    },
    {
        "id": "paraphrase-05",
        "persona": "priya",
        "memories": [
            (
                "ans",
                30,
                "Big customers keep leaving because our invoice templates can't handle multiple tax regimes; Deloitte-style clients need GST plus VAT on one document.",
            ),
            ("d1", 40, "Our NPS went from 31 to 38 this quarter."),
            ("d2", 25, "Sales wants a discount program for annual plans."),
            ("d3", 12, "Invoice template editor gets a lot of praise from small businesses."),
            ("d4", 5, "We had three enterprise cancellations in October."),
        ],
        "questions": [("what's driving enterprise churn?", ["ans"])],
    },
    {
        "id": "paraphrase-06",
        "persona": "diego",
        "memories": [
            (
                "ans",
                20,
                "Valeria gets migraines if she drinks red wine, so at dinners she sticks to torrontés.",
            ),
            ("d1", 25, "We're hosting Valeria's colleagues on Saturday, asado for eight."),
            ("d2", 15, "The vineyard's malbec from 2021 is our best so far."),
            ("d3", 40, "Valeria is vegetarian on weekdays, eats meat at asados."),
            ("d4", 8, "I should order more ice for the party."),
        ],
        "questions": [("what should I pour for my wife at the dinner?", ["ans"])],
    },
    {
        "id": "paraphrase-07",
        "persona": "sarah",
        "memories": [
            (
                "ans",
                35,
                "Miles freezes up in tests — his teacher suggested he gets extra time and a quiet room, which the school agreed to.",
            ),
            ("d1", 40, "Owen's report card was mostly Bs, great in science."),
            ("d2", 20, "Parent-teacher interviews are the second week of November."),
            ("d3", 14, "Miles is crushing it at hockey, scored twice Saturday."),
            ("d4", 6, "Need to buy Miles a new calculator for math."),
        ],
        "questions": [("what accommodations does my younger son have at school for exams?", ["ans"])],
    },
    {
        "id": "paraphrase-08",
        "persona": "hamid",
        "memories": [
            (
                "ans",
                50,
                "Drivers are burning out on the Scandinavia routes — three of them said the ferry waits make the days impossibly long.",
            ),
            ("d1", 60, "We started the Gothenburg route in spring, it's profitable."),
            ("d2", 30, "Fuel prices in Sweden are higher than in NL, plan refuelling before the ferry."),
            ("d3", 20, "Hired two new drivers from Poland for the domestic routes."),
            ("d4", 10, "Mehmet asked for a week off in December."),
        ],
        "questions": [("why are the guys on the northern runs unhappy?", ["ans"])],
    },
    {
        "id": "paraphrase-09",
        "persona": "aroha",
        "memories": [
            (
                "ans",
                45,
                "Investors in the last round kept pushing back on our unit economics — each probe costs us $140 to make and we sell it for $190.",
            ),
            ("d1", 50, "We raised a $1.2M seed from two angel groups in Auckland."),
            ("d2", 30, "Ben found a cheaper enclosure supplier in Shenzhen."),
            ("d3", 20, "Subscription revenue per farm is about $40 a month."),
            ("d4", 10, "Next raise probably in 12-18 months."),
        ],
        "questions": [("what's our margin per sensor?", ["ans"])],
    },
    {
        "id": "paraphrase-10",
        "persona": "ines",
        "memories": [
            (
                "ans",
                70,
                "After a run of night shifts I'm useless for a day — Rui handles the school run and I sleep until about two.",
            ),
            ("d1", 80, "My rota for December has 9 nights."),
            ("d2", 60, "The hospital cafeteria closes at midnight, bring food for nights."),
            ("d3", 40, "Leonor's school starts at 9:00, Tomás's at 8:30."),
            ("d4", 20, "Rui is thinking of asking for a remote work day."),
        ],
        "questions": [("who takes the kids to school on mornings after I've worked overnight?", ["ans"])],
    },
    {
        "id": "paraphrase-11",
        "persona": "kenji",
        "memories": [
            ("ans", 28, "Aiko can't stand the smell of natto, so I only eat it when she's out."),
            ("d1", 35, "We're trying to cook at home more to save money."),
            ("d2", 20, "Aiko's favourite food is her grandmother's oden."),
            ("d3", 10, "I've been eating natto for breakfast to get more protein."),
            ("d4", 4, "Bought a rice cooker with a timer, total game changer."),
        ],
        "questions": [("is there any food my girlfriend hates the smell of?", ["ans"])],
    },
    {
        "id": "paraphrase-12",
        "persona": "amara",
        "memories": [
            (
                "ans",
                25,
                "Since the shared kitchen doubled the rent, I've been looking at units in Deptford and Bermondsey instead.",
            ),
            ("d1", 40, "Shared kitchen in Peckham has good extraction, that's why I picked it."),
            ("d2", 30, "Revenue was up 20% this year thanks to corporate lunches."),
            ("d3", 15, "My van lease ends in June."),
            ("d4", 7, "Zara wants to help in the kitchen during half-term."),
        ],
        "questions": [("is Amara thinking of relocating her business premises?", ["ans"])],
    },
    {
        "id": "paraphrase-13",
        "persona": "lukas",
        "memories": [
            (
                "ans",
                55,
                "The band director wants me to take over the solo in the Christmas concert because Frau Krüger's lips gave out.",
            ),
            ("d1", 60, "Our Christmas concert is in the Nikolaikirche on the 14th."),
            ("d2", 45, "I need to get my tenor horn's valves serviced."),
            ("d3", 30, "We're playing a medley from Star Wars this year."),
            ("d4", 10, "Practising at home annoys the neighbours below."),
        ],
        "questions": [("am I playing a featured part in the holiday performance?", ["ans"])],
    },
    {
        "id": "paraphrase-14",
        "persona": "priya",
        "memories": [
            (
                "ans",
                40,
                "Appa gets very stressed by video calls, so with him I just phone, with Amma I can do WhatsApp video.",
            ),
            ("d1", 50, "Parents' 40th anniversary is in February."),
            ("d2", 30, "Amma is learning to use UPI payments."),
            ("d3", 20, "Appa's cardiologist appointment went fine."),
            ("d4", 10, "I usually call home on Sunday evenings."),
        ],
        "questions": [("should I video call my dad or is a regular call better?", ["ans"])],
    },
    {
        "id": "paraphrase-15",
        "persona": "diego",
        "memories": [
            (
                "ans",
                90,
                "The pickup's clutch has been slipping on steep roads up to the estancias; mechanic says it'll need replacing before winter.",
            ),
            ("d1", 100, "The Hilux has 240,000 km on it."),
            ("d2", 60, "Diesel in Mendoza went up again."),
            ("d3", 30, "Thinking of buying a trailer for the portable X-ray."),
            ("d4", 15, "Mountain roads to Tupungato get icy in July."),
        ],
        "questions": [("is my work vehicle having any mechanical trouble?", ["ans"])],
    },
    {
        "id": "paraphrase-16",
        "persona": "sarah",
        "memories": [
            (
                "ans",
                30,
                "Honestly the thing that wears me out most in winter is the early dark, I've started using a light lamp at breakfast.",
            ),
            ("d1", 45, "Winter in Winnipeg was -38 with the windchill on Monday."),
            ("d2", 25, "Graham's night shifts mean I'm alone with the boys a lot in winter."),
            ("d3", 15, "We bought the boys new snow pants."),
            ("d4", 5, "Curling playoffs start in February."),
        ],
        "questions": [("what does she do about seasonal low mood?", ["ans"])],
    },
    {
        "id": "paraphrase-17",
        "persona": "hamid",
        "memories": [
            (
                "ans",
                60,
                "Arash wants to switch from aerospace to computer science after the first year; Shirin is not thrilled.",
            ),
            ("d1", 70, "Arash's rent in Delft is €650 a month."),
            ("d2", 40, "Arash passed his calculus exam with an 8."),
            ("d3", 25, "Shirin wants Arash to come home every second weekend."),
            ("d4", 10, "Arash got a part-time job at a bike shop."),
        ],
        "questions": [("is my son changing his studies?", ["ans"])],
    },
    {
        "id": "paraphrase-18",
        "persona": "aroha",
        "memories": [
            (
                "ans",
                35,
                "The pilot farmers mostly ignore the app; what they actually read is the weekly text message summary.",
            ),
            ("d1", 40, "App store rating is 4.1, mostly complaints about login."),
            ("d2", 30, "We have 23 farms in the pilot, mostly dairy."),
            ("d3", 20, "Designer is redoing the dashboard charts."),
            ("d4", 5, "Push notifications get turned off by almost everyone."),
        ],
        "questions": [("which channel do farmers really engage with?", ["ans"])],
    },
    {
        "id": "paraphrase-19",
        "persona": "ines",
        "memories": [
            (
                "ans",
                120,
                "Bolacha panics during fireworks — São João night is the worst, we give her the vet's calming drops and keep her in the bathroom.",
            ),
            ("d1", 130, "Bolacha needs her rabies booster in spring."),
            ("d2", 90, "She chewed one of Rui's shoes last week."),
            ("d3", 60, "São João festival is on the 23rd of June, the whole city goes out."),
            ("d4", 30, "Bolacha gets a long walk after my runs."),
        ],
        "questions": [("how do we handle the dog on noisy festival nights?", ["ans"])],
    },
    {
        "id": "paraphrase-20",
        "persona": "kenji",
        "memories": [
            (
                "ans",
                20,
                "Reviews go faster if the PR description links the design doc and includes a rollback plan — that's what Tanaka-san keeps asking for.",
            ),
            ("d1", 25, "Tanaka-san is the tech lead for Payments Core."),
            ("d2", 15, "Our CI takes about 18 minutes per PR."),
            ("d3", 9, "The team agreed on squash merges only."),
            ("d4", 3, "I have four open PRs waiting for review."),
        ],
        "questions": [("how do I get my code merged quicker?", ["ans"])],
    },
]
