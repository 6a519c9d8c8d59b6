# ruff: noqa: E501
# fmt: off
"""constraint: a rule / restriction / standing decision that governs what the question asks to do."""

SCENARIOS = [
    {
        "id": "constraint-01",
        "persona": "ines",
        "memories": [
            ("peanut", 300, "Leonor has a peanut allergy, we carry the EpiPen everywhere", {"memory_type": "constraint"}),
            ("strawberry", 40, "Leonor would eat strawberries for every meal if we let her"),
            ("trip", 5, "Leonor's class goes to the Oceanário on Friday, packed lunch needed"),
            ("lunchbox", 10, "Her lunchbox broke, bought a new bento one with compartments"),
            ("crackers", 25, "She's been asking for those crunchy snack bars her friend Matilde brings"),
        ],
        "questions": [("Suggest a snack I can pack for Leonor's school outing", ["peanut"])],
    },
    {
        "id": "constraint-02",
        "persona": "kwame",
        "memories": [
            ("expense", 150, "Company rule: anything over £500 needs director sign-off before you buy it, no exceptions", {"memory_type": "constraint"}),
            ("laser", 10, "Looking at the Leica Lino laser level for site, about £800 with the tripod"),
            ("laser-alt", 8, "The cheaper Bosch one is fine for setting out but less accurate"),
            ("supplier", 60, "We usually buy kit from Speedy Hire or direct from Leica"),
            ("card", 100, "I've got a company card with a £2k monthly limit"),
        ],
        "questions": [("Go ahead and order that Leica laser level for site, can you?", ["expense"])],
    },
    {
        "id": "constraint-03",
        "persona": "mei",
        "memories": [
            ("freeze", 200, "Team agreement: nothing touches the ledger service on Fridays or in the last two business days of the month", {"memory_type": "constraint"}),
            ("migration", 6, "The ledger schema migration adds two columns and a backfill, about 40 minutes"),
            ("review", 4, "Migration PR approved by Arjun"),
            ("rollback", 5, "Rollback plan for the migration is written up in the runbook"),
            ("today", 0, "Today's Thursday and I'm dying to get this migration out of my hands"),
        ],
        "questions": [("Can I roll out the ledger migration tomorrow afternoon?", ["freeze"])],
    },
    {
        "id": "constraint-04",
        "persona": "lars",
        "memories": [
            ("raw60", 250, "Raw-milk cheese has to be aged at least 60 days before it can be exported to the US, that's FDA law", {"memory_type": "constraint"}),
            ("importer", 30, "The importer in Minnesota loves the young cheese and wants more"),
            ("batch", 21, "Made a new batch of the young raw-milk cheese three weeks ago, 40 wheels"),
            ("shipping", 50, "Shipping to the US goes via a freight forwarder in Gothenburg"),
            ("labels", 90, "US labels need English and the importer's address"),
        ],
        "questions": [("The US importer wants the batch we made three weeks ago sent now, can we ship it?", ["raw60"])],
    },
    {
        "id": "constraint-05",
        "persona": "valentina",
        "memories": [
            ("budget", 90, "We set ourselves a limit: no more than 150 mil pesos a month on eating out", {"memory_type": "decision"}),
            ("donjulio", 40, "Don Julio is Mateo's favourite parrilla, the tasting menu is insane"),
            ("ateout", 3, "We've already eaten out four times this month, oops, about 140 mil"),
            ("birthday", 10, "Carla's birthday is on Saturday, she wants something fancy"),
            ("cooking", 20, "I've been cooking more, lentil stew is my new thing"),
        ],
        "questions": [("Should I book the tasting menu at Don Julio for Saturday?", ["budget"]), ("Find somewhere fancy to take Carla for her birthday dinner", ["budget"])],
    },
    {
        "id": "constraint-06",
        "persona": "hiro",
        "memories": [
            ("mornings", 300, "I don't take calls before 10am, that's when I actually get code written. Guard it.", {"memory_type": "preference"}),
            ("vendor", 5, "The Korean localisation vendor suggested a call Tuesday at 9am"),
            ("korean", 20, "Korean localisation quote came in at 1.2 million yen"),
            ("tuesday", 3, "Tuesday afternoon I have the dentist at 3"),
            ("timezone", 10, "Seoul is the same timezone as Osaka, easy"),
        ],
        "questions": [("Accept the localisation vendor's invite for their proposed slot on Tuesday", ["mornings"])],
    },
    {
        "id": "constraint-07",
        "persona": "amara",
        "memories": [
            ("penicillin", 400, "I'm allergic to penicillin — came out in hives all over last time", {"memory_type": "constraint"}),
            ("ear", 3, "Left ear is killing me, pretty sure it's an infection from diving"),
            ("clinic", 2, "Campus clinic said come in tomorrow morning"),
            ("drops", 4, "Tried the ear drops from last year, didn't help"),
            ("dive-stop", 2, "No diving until the ear clears up"),
        ],
        "questions": [("The clinic is asking which antibiotic to prescribe for my ear — anything I should tell them?", ["penicillin"])],
    },
    {
        "id": "constraint-08",
        "persona": "dan",
        "memories": [
            ("carbs", 60, "Doctor told me to keep carbs under 45 grams per meal, and I'm supposed to actually do it", {"memory_type": "constraint"}),
            ("pancakes", 200, "Carol makes blueberry pancakes every Sunday, family tradition"),
            ("syrup", 150, "We get our maple syrup from the Morse farm, best in Vermont"),
            ("eggs", 40, "Our neighbour's hens give us more eggs than we can eat"),
            ("coffee", 100, "Two cups of coffee before anything else, black"),
        ],
        "questions": [("Plan me a breakfast for tomorrow morning", ["carbs"]), ("Can I have Carol's pancakes with syrup this Sunday?", ["carbs"])],
    },
    {
        "id": "constraint-09",
        "persona": "ines",
        "memories": [
            ("channel", 100, "Sonae asked that freelancers never email their product people directly — everything goes through Rui, the account manager", {"memory_type": "constraint"}),
            ("delay", 4, "The loyalty app screens are late because the copy isn't final"),
            ("po", 60, "The product owner at Sonae is Marta Antunes, very sharp"),
            ("copy", 6, "Still waiting for final copy from the Sonae marketing team"),
            ("figma", 30, "Shared the Figma file with the whole Sonae team"),
        ],
        "questions": [("Write an email to Marta explaining why the screens are delayed", ["channel"])],
    },
    {
        "id": "constraint-10",
        "persona": "kwame",
        "memories": [
            ("screens", 180, "Efua and I agreed: no games or screens for the boys on school nights, end of", {"memory_type": "decision"}),
            ("fifa", 20, "Jayden is obsessed with FC 25 Ultimate Team"),
            ("ps5", 90, "Got the PS5 for Christmas, biggest mistake of my life"),
            ("homework", 15, "Jayden's homework load at the grammar is massive"),
            ("weekend", 30, "At weekends they can play two hours each"),
        ],
        "questions": [("It's Tuesday and Jayden's asking to play FIFA after tea, is that alright?", ["screens"])],
    },
    {
        "id": "constraint-11",
        "persona": "mei",
        "memories": [
            ("travelcap", 250, "Conference budget: company caps it at SGD 2,500 per person per year, flights and hotel included", {"memory_type": "constraint"}),
            ("kubecon", 15, "KubeCon EU is in Amsterdam in March, the payments track looks good"),
            ("quote", 10, "Flights plus four nights near the RAI come to about SGD 3,800"),
            ("spent", 100, "Already used SGD 900 of conference money on the GopherCon Singapore ticket"),
            ("visa", 12, "Singapore passport is visa-free for the Netherlands"),
        ],
        "questions": [("Book me flights and hotel for KubeCon in Amsterdam", ["travelcap"])],
    },
    {
        "id": "constraint-12",
        "persona": "lars",
        "memories": [
            ("calving", 300, "Annika really doesn't want guests on the farm during calving, February through April — she's firm on that", {"memory_type": "preference"}),
            ("cousin", 10, "My cousin Per in Gävle wants to come up with his family"),
            ("room", 60, "The guest room above the shop is finally done"),
            ("calving-busy", 320, "Last calving season we had 22 calves in six weeks"),
            ("per-kids", 15, "Per's kids are 8 and 10 and have never seen a cow up close"),
        ],
        "questions": [("Per's asking if they can come stay the first week of March, what do I tell him?", ["calving"])],
    },
    {
        "id": "constraint-13",
        "persona": "valentina",
        "memories": [
            ("nightrule", 200, "Hospital policy: maximum two consecutive night shifts, then 48 hours off, no swaps around it", {"memory_type": "constraint"}),
            ("extra", 2, "They're desperate for someone to cover Thursday night on the ward"),
            ("this-week", 3, "This week I'm on Tuesday and Wednesday nights"),
            ("money", 10, "An extra night pays almost double, I need it for the Germany fund"),
            ("colleague", 5, "Romina already covered twice this month"),
        ],
        "questions": [("Can I pick up the Thursday night shift this week?", ["nightrule"])],
    },
    {
        "id": "constraint-14",
        "persona": "hiro",
        "memories": [
            ("pr-approval", 60, "Under the new publisher contract, every public announcement about the sequel has to be approved by their PR team first", {"memory_type": "constraint"}),
            ("date", 10, "Release date for the sequel is locked internally: 14 May"),
            ("twitter", 100, "Our X account has 38k followers, mostly from the first game"),
            ("trailer", 20, "New trailer is ready, looks gorgeous"),
            ("hype", 5, "Fans keep asking in Discord when it comes out"),
        ],
        "questions": [("Draft a post for our X account announcing the sequel's release date and publish it", ["pr-approval"])],
    },
    {
        "id": "constraint-15",
        "persona": "amara",
        "memories": [
            ("nofly", 500, "Dive rule I never break: at least 18 hours between the last dive and getting on a plane", {"memory_type": "constraint"}),
            ("lastdive", 4, "Last dive of the survey is Thursday at about 3pm at Seal Island"),
            ("flight", 3, "Need to get to Joburg for the workshop, it starts Friday at 2pm"),
            ("options", 2, "FlySafair has an 8am flight Friday and one at 6pm Thursday, Lift has 11:30 Friday"),
            ("workshop", 30, "The Joburg workshop is on telemetry data pipelines"),
        ],
        "questions": [("Book me the 8am Friday flight to Joburg", ["nofly"])],
    },
    {
        "id": "constraint-16",
        "persona": "dan",
        "memories": [
            ("nightdrive", 90, "I won't drive after dark anymore, the glare from headlights is too much for my eyes", {"memory_type": "preference"}),
            ("recital", 7, "Granddaughter Lucy's piano recital in Burlington is Thursday at 7pm"),
            ("route", 100, "Burlington is about 45 minutes up I-89"),
            ("carol-drive", 50, "Carol's driving is fine but she hates the interstate"),
            ("glasses", 60, "New glasses for reading, the eye doctor says cataracts are starting"),
        ],
        "questions": [("Plan my drive up to Lucy's recital on Thursday", ["nightdrive"])],
    },
]

SCENARIOS += [
    {
        "id": "constraint-17",
        "persona": "amara",
        "memories": [
            ("permit", 300, "Our research permit only covers approaching white sharks closer than 50 m when Naidoo, the permit holder, is on the boat", {"memory_type": "constraint"}),
            ("student", 20, "New honours student Zinhle is keen to learn tagging"),
            ("naidoo-conf", 10, "Naidoo is at a conference in Durban all next week"),
            ("saturday", 5, "Saturday looks like a perfect flat-calm day"),
            ("tags", 15, "We have six new tags ready to deploy"),
        ],
        "questions": [("Can I take Zinhle out tagging on Saturday?", ["permit"])],
    },
    {
        "id": "constraint-18",
        "persona": "mei",
        "memories": [
            ("pci", 400, "Card numbers must never end up in logs, not even partially beyond the last 4 — PCI scope, auditors will crucify us", {"memory_type": "constraint"}),
            ("tokenise", 8, "The card tokenisation endpoint returns 500s for some Visa cards, can't reproduce locally"),
            ("logger", 100, "We log with zap, structured JSON to Loki"),
            ("debug", 6, "I need more visibility into what the tokenisation requests look like"),
            ("audit", 50, "PCI audit is in February"),
        ],
        "questions": [("Add logging of the full request body on the tokenisation endpoint so I can debug these 500s", ["pci"])],
    },
    {
        "id": "constraint-19",
        "persona": "ines",
        "memories": [
            ("party-cap", 60, "Tomás and I agreed we're not spending more than 300 euros on Leonor's birthday party this year", {"memory_type": "decision"}),
            ("bouncy", 10, "The bouncy castle place in Benfica does parties for 450 euros, Leonor would lose her mind"),
            ("guests", 12, "Leonor wants to invite the whole class, that's 22 kids"),
            ("park", 15, "Jardim da Estrela is free but we'd need to bring everything"),
            ("cake", 8, "Tia Rita offered to make the cake"),
        ],
        "questions": [("Go ahead and reserve the bouncy castle venue for Leonor's party", ["party-cap"])],
    },
    {
        "id": "constraint-20",
        "persona": "kwame",
        "memories": [
            ("warfarin", 250, "I'm on warfarin since the clot last year, which means no ibuprofen or aspirin", {"memory_type": "constraint"}),
            ("cupboard", 30, "Medicine cupboard has ibuprofen, paracetamol, Lemsip and some old codeine"),
            ("back", 2, "Did my back in lifting the lads' bikes into the van"),
            ("physio", 100, "Physio gave me stretches for the lower back last time"),
            ("inr", 40, "INR check every six weeks at the anticoag clinic"),
        ],
        "questions": [("My back's killing me, what can I take from the medicine cupboard?", ["warfarin"])],
    },
]
