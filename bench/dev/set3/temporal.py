# ruff: noqa: E501
"""Temporal: something ended, expired or already happened (a stay, an offer, a job, a project, a
plan for a date that passed) versus what holds now; the answer is the current one."""

SCENARIOS = [
    {
        "id": "temporal-01",
        "persona": "amara",
        "memories": [
            (
                "stroke",
                300,
                "I'm covering on the stroke unit until the end of March while they're short-staffed.",
                {"valid_until_days": -242},
            ),
            ("cardiac", 235, "Back on the cardiac ward for nights since April, thank god."),
            ("d1", 280, "The stroke unit got a new matron, Amara says she's very strict."),
            ("d2", 90, "Amara's friend Grace moved from cardiac to A&E."),
        ],
        "questions": [("Which ward is Amara working on now?", ["cardiac"])],
    },
    {
        "id": "temporal-02",
        "persona": "kenji",
        "memories": [
            (
                "billing",
                300,
                "This quarter we're porting the billing service from PHP to Go, that's the whole team's focus.",
            ),
            (
                "scanner",
                40,
                "Billing port is done and dusted. The big push now is the warehouse scanner API for the Kobe depot.",
            ),
            ("d1", 200, "The billing service caused three incidents last year."),
            ("d2", 25, "Kenji thinks the scanner vendor's SDK docs are terrible."),
        ],
        "questions": [("What is Kenji's team focused on right now?", ["scanner"])],
    },
    {
        "id": "temporal-03",
        "persona": "lucia",
        "memories": [
            (
                "mum",
                90,
                "My mother is staying with us in the guest room until Sunday while her knee heals.",
                {"valid_until_days": -85},
            ),
            (
                "free",
                80,
                "Mamá went home on Sunday, the guest room is empty again and I've turned it back into my home office.",
            ),
            ("d1", 150, "The guest room needs new curtains, the old ones are falling apart."),
            ("d2", 400, "Lucía's brother crashed in the guest room for two weeks last year."),
        ],
        "questions": [("Is anyone staying in Lucía's guest room at the moment?", ["free"])],
    },
    {
        "id": "temporal-04",
        "persona": "tomas",
        "memories": [
            (
                "promo",
                210,
                "The mill gave us 15% off all flour through the end of May.",
                {"valid_until_days": -182},
            ),
            (
                "list",
                30,
                "Flour's back to list price now, plus they've added a fuel surcharge of 2 crowns a sack.",
            ),
            ("d1", 160, "Tomáš gives students 10% off on weekdays."),
            ("d2", 90, "The bakery's electricity contract is fixed until 2027."),
        ],
        "questions": [("Does Tomáš still get a discount on flour?", ["list"])],
    },
    {
        "id": "temporal-05",
        "persona": "priya",
        "memories": [
            ("flipkart", 650, "I'm a PM at Flipkart on returns and refunds."),
            (
                "razorpay",
                400,
                "Last day at Flipkart was Friday. Starting at Razorpay on Monday, merchant onboarding!",
            ),
            ("d1", 100, "Flipkart's returns team is hiring again, Priya forwarded the link to a friend."),
            ("d2", 60, "Priya's cousin works at Razorpay's Chennai office in sales."),
        ],
        "questions": [("Which company does Priya work for?", ["razorpay"])],
    },
    {
        "id": "temporal-06",
        "persona": "marek",
        "memories": [
            (
                "pte",
                30,
                "Parent-teacher evening is on the 12th at 17:00, Marek has 28 sets of parents to see.",
                {"valid_until_days": -16},
            ),
            (
                "olymp",
                10,
                "Regional round of the physics olympiad is on 9 December; Marek's taking four students.",
            ),
            ("d1", 14, "Parent-teacher evening went fine, only one angry dad."),
            ("d2", 200, "Last year's olympiad was a disaster, nobody from his school got through."),
        ],
        "questions": [("What school event does Marek have coming up?", ["olymp"])],
    },
    {
        "id": "temporal-07",
        "persona": "fatima",
        "memories": [
            (
                "casa",
                120,
                "I'm working from my parents' place in Casablanca until 20 August, same hours, just slower wifi.",
                {"valid_until_days": -100},
            ),
            ("lyon", 95, "Back in Lyon and back at the co-working on Rue Garibaldi."),
            ("d1", 200, "Fatima's brother runs a café in Casablanca."),
            ("d2", 40, "The Garibaldi co-working put desk prices up 10%."),
        ],
        "questions": [("Where is Fatima working from these days?", ["lyon"])],
    },
    {
        "id": "temporal-08",
        "persona": "hannah",
        "memories": [
            (
                "quinpool",
                500,
                "Our clinic is in the strip mall on Quinpool Road; lease runs out in October.",
                {"valid_until_days": -400},
            ),
            (
                "robie",
                390,
                "We've moved the practice into the bigger unit on Robie Street, opened there last week.",
            ),
            ("d1", 300, "Hannah misses the bakery next to the old Quinpool clinic."),
            ("d2", 100, "Parking is tight around the clinic, clients complain."),
        ],
        "questions": [("What's the address of Hannah's vet practice?", ["robie"])],
    },
    {
        "id": "temporal-09",
        "persona": "amara",
        "memories": [
            ("thyroid", 300, "I take levothyroxine every morning for my underactive thyroid."),
            (
                "amox",
                60,
                "Amara's on amoxicillin for a chest infection, seven-day course.",
                {"valid_until_days": -53},
            ),
            ("d1", 120, "Amara does the evening medication round at 10pm."),
            ("d2", 40, "Chidi was put on statins by his GP."),
        ],
        "questions": [("Is Amara taking any medication at the moment?", ["thyroid"])],
        "note": "the newer item expired; the older standing one still holds",
    },
    {
        "id": "temporal-10",
        "persona": "kenji",
        "memories": [
            ("me", 20, "I'm on call this week, until Monday 9am.", {"valid_until_days": -13}),
            ("aiko", 3, "Pager rotation: Aiko has it this week, Kenji is off."),
            ("d1", 150, "The on-call rotation switched from daily to weekly handoffs."),
            ("d2", 60, "Kenji hates being paged at 3am about disk alerts."),
        ],
        "questions": [("Who is on call for Kenji's team right now?", ["aiko"])],
    },
    {
        "id": "temporal-11",
        "persona": "lucia",
        "memories": [
            (
                "belgrano",
                250,
                "The Belgrano house renovation is our biggest job, should wrap up in June.",
                {"valid_until_days": -160},
            ),
            ("chacarita", 50, "Main thing on my desk now: a 14-unit co-housing building in Chacarita."),
            (
                "d1",
                40,
                "The Belgrano clients sent a lovely thank-you note with photos of the finished patio.",
            ),
            ("d2", 100, "Lucía wants to enter a design competition in Rosario next year."),
        ],
        "questions": [("What's Lucía's big project at the moment?", ["chacarita"])],
    },
    {
        "id": "temporal-12",
        "persona": "tomas",
        "memories": [
            (
                "advent",
                360,
                "For Advent we sell vánočka and linzer cookies, only until Christmas.",
                {"valid_until_days": -338},
            ),
            (
                "autumn",
                25,
                "Autumn specials this year: plum buchty and a pumpkin-seed rye, running through November.",
            ),
            ("d1", 350, "Tomáš says vánočka dough is the hardest one to braid."),
            ("d2", 20, "The plums come from Jana's parents' orchard."),
        ],
        "questions": [("What seasonal items is the bakery selling right now?", ["autumn"])],
    },
    {
        "id": "temporal-13",
        "persona": "priya",
        "memories": [
            (
                "cult",
                300,
                "Priya bought a 3-month Cult.fit trial, valid till end of February.",
                {"valid_until_days": -272},
            ),
            ("cubbon", 90, "These days I run in Cubbon Park three mornings a week instead of the gym."),
            ("d1", 250, "Cult.fit keeps spamming her with renewal offers."),
            ("d2", 40, "Priya's flatmate joined a climbing gym in Koramangala."),
        ],
        "questions": [("How does Priya exercise?", ["cubbon"])],
    },
    {
        "id": "temporal-14",
        "persona": "marek",
        "memories": [
            (
                "fracture",
                200,
                "Stress fracture in the left foot, no running for six weeks, doctor's orders.",
                {"valid_until_days": -158},
            ),
            ("ok", 30, "Marek's back to 60 km weeks with no pain at all."),
            ("d1", 120, "Kasia keeps telling him to stretch more."),
            ("d2", 15, "A student broke his arm in PE and Marek had to fill in the incident report."),
        ],
        "questions": [("Is Marek injured?", ["ok"])],
    },
    {
        "id": "temporal-15",
        "persona": "fatima",
        "memories": [
            (
                "moreau",
                400,
                "I have a retainer with Cabinet Moreau for all their Arabic work until 31 December.",
                {"valid_until_days": -332},
            ),
            (
                "hcl",
                60,
                "Fatima's main client now is the Hospices Civils de Lyon — medical records, about 60% of her income.",
            ),
            ("d1", 50, "Cabinet Moreau still owes her for two invoices from last year."),
            ("d2", 20, "Fatima would like to pick up more literary clients."),
        ],
        "questions": [("Who is Fatima's biggest client?", ["hcl"])],
    },
    {
        "id": "temporal-16",
        "persona": "hannah",
        "memories": [
            (
                "maya",
                150,
                "Maya (vet tech) is covering the front desk until the new receptionist starts on the 1st.",
                {"valid_until_days": -120},
            ),
            ("colleen", 110, "Colleen started on reception, she's brilliant with the anxious owners."),
            ("d1", 80, "Maya said she's glad to be back in the treatment room."),
            ("d2", 30, "The front desk computer keeps crashing."),
        ],
        "questions": [("Who answers the phones at Hannah's clinic?", ["colleen"])],
    },
    {
        "id": "temporal-17",
        "persona": "amara",
        "memories": [
            (
                "lagos",
                400,
                "We're going to Lagos for Christmas, flights on 20 December.",
                {"valid_until_days": -330},
            ),
            ("centerparcs", 15, "Booked half-term at Center Parcs Sherwood, 16 to 20 February."),
            ("d1", 320, "The Lagos trip was lovely, the boys met their great-grandmother."),
            ("d2", 100, "Amara has to request annual leave six weeks ahead."),
        ],
        "questions": [("When is Amara's next holiday?", ["centerparcs"])],
    },
    {
        "id": "temporal-18",
        "persona": "kenji",
        "memories": [
            (
                "credits",
                400,
                "We have $100k of AWS Activate credits, good until March.",
                {"valid_until_days": -250},
            ),
            ("ownbudget", 60, "The cloud bill comes out of our own budget now, roughly $18k a month."),
            ("d1", 120, "Kenji wants to try GCP credits for the ML prototype."),
            ("d2", 30, "The AWS root account is still under the CEO's personal email, annoyingly."),
        ],
        "questions": [("How are Kenji's AWS costs covered?", ["ownbudget"])],
    },
    {
        "id": "temporal-19",
        "persona": "lucia",
        "memories": [
            (
                "mvd",
                250,
                "Martina is doing an exchange term in Montevideo until July.",
                {"valid_until_days": -130},
            ),
            (
                "home",
                120,
                "Martina's home and started at the Colegio Nacional, she takes the subway on her own now.",
            ),
            ("d1", 200, "The Montevideo host family sent a box of alfajores."),
            ("d2", 60, "Sol misses having her sister's room to herself."),
        ],
        "questions": [("Where is Martina living?", ["home"])],
    },
    {
        "id": "temporal-20",
        "persona": "tomas",
        "memories": [
            (
                "ondra",
                150,
                "Summer student Ondra is on the counter July–August only.",
                {"valid_until_days": -90},
            ),
            ("lenka", 60, "Lenka does the morning counter now, on a permanent contract."),
            ("d1", 30, "Ondra sent a postcard from his first week at university."),
            ("d2", 100, "Tomáš bought a new Italian espresso machine for the counter."),
        ],
        "questions": [("Who serves customers in the morning at Tomáš's bakery?", ["lenka"])],
    },
    {
        "id": "temporal-21",
        "persona": "priya",
        "memories": [
            ("autopay", 100, "UPI autopay launch is scheduled for 1 October.", {"valid_until_days": -58}),
            (
                "dash",
                20,
                "Autopay shipped. Next launch on my plate is merchant dashboard v2, targeted for January.",
            ),
            ("d1", 30, "Autopay adoption is at 4% of merchants so far."),
            ("d2", 10, "Priya's friend's startup launched on Product Hunt."),
        ],
        "questions": [("What launch is Priya preparing for?", ["dash"])],
    },
    {
        "id": "temporal-22",
        "persona": "marek",
        "memories": [
            ("lo5", 700, "I teach at Liceum nr 5, been there eight years."),
            (
                "isk",
                85,
                "Marek started at the International School of Kraków in September, teaching IB physics.",
            ),
            ("d1", 40, "Liceum nr 5 won the regional debate competition."),
            ("d2", 20, "His old colleague Zofia from Liceum nr 5 is retiring."),
        ],
        "questions": [("Which school does Marek teach at?", ["isk"])],
    },
    {
        "id": "temporal-23",
        "persona": "fatima",
        "memories": [
            (
                "sublet",
                300,
                "I'm subletting a studio in Croix-Rousse until the end of April.",
                {"valid_until_days": -212},
            ),
            (
                "guillotiere",
                195,
                "Signed the lease on my own two-room flat in la Guillotière, moving in May.",
            ),
            ("d1", 100, "Croix-Rousse has the best Sunday market, Fatima still goes."),
            ("d2", 50, "Fatima's friend Nadia lives in Villeurbanne."),
        ],
        "questions": [("Where does Fatima live?", ["guillotiere"])],
    },
    {
        "id": "temporal-24",
        "persona": "hannah",
        "memories": [
            (
                "avc",
                90,
                "Hannah is speaking at the Atlantic Vet Conference on 12 October.",
                {"valid_until_days": -47},
            ),
            ("toronto", 10, "Next up: dental CE course in Toronto, January 15–17."),
            ("d1", 40, "Hannah got great feedback on her talk about feline kidney disease."),
            ("d2", 300, "Dev went to the Atlantic Vet Conference last year."),
        ],
        "questions": [("What work travel does Hannah have coming up?", ["toronto"])],
    },
    {
        "id": "temporal-25",
        "persona": "amara",
        "memories": [
            ("jazz", 400, "Amara drives a 2017 Honda Jazz to work."),
            (
                "garage",
                25,
                "Car's at the garage till Thursday, Grace is giving me lifts.",
                {"valid_until_days": -20},
            ),
            ("d1", 60, "Grace lives two streets away from Amara."),
            ("d2", 10, "The hospital car park raised its staff permit fee."),
        ],
        "questions": [("How does Amara get to the hospital?", ["jazz"])],
        "note": "the newer temporary arrangement ended; the older standing fact holds",
    },
    {
        "id": "temporal-26",
        "persona": "kenji",
        "memories": [
            ("office", 300, "Kenji is at the Umeda office Tuesday to Thursday, home the other days."),
            (
                "hiroshima",
                50,
                "Working from my parents' place in Hiroshima until the 10th.",
                {"valid_until_days": -40},
            ),
            ("d1", 45, "Kenji's dad is recovering well from his operation."),
            ("d2", 100, "The Umeda office switched to hot desks."),
        ],
        "questions": [("Where does Kenji work from during the week?", ["office"])],
    },
    {
        "id": "temporal-27",
        "persona": "lucia",
        "memories": [
            (
                "expired",
                250,
                "My passport expired in March, renewal appointment is on 2 April.",
                {"valid_until_days": -235},
            ),
            ("newpass", 210, "New passport arrived, good until 2036."),
            ("d1", 300, "Martina needed a passport for the Montevideo exchange."),
            ("d2", 100, "Lucía's Italian citizenship application is still pending."),
        ],
        "questions": [("Can Lucía travel abroad with her current documents?", ["newpass"])],
    },
    {
        "id": "temporal-28",
        "persona": "tomas",
        "memories": [
            (
                "broken",
                70,
                "Main deck oven is dead, we're baking in the backup convection oven until the technician comes on the 12th.",
                {"valid_until_days": -58},
            ),
            ("wachtel", 55, "New Wachtel deck oven is in, four decks, bread's better than ever."),
            ("d1", 65, "The convection oven makes the crust too pale."),
            ("d2", 20, "Tomáš is still paying off the oven loan."),
        ],
        "questions": [("What's Tomáš baking the bread in these days?", ["wachtel"])],
    },
    {
        "id": "temporal-29",
        "persona": "priya",
        "memories": [
            (
                "acting",
                250,
                "I'm acting head of product while Arjun is on sabbatical until 30 June.",
                {"valid_until_days": -150},
            ),
            (
                "scope",
                140,
                "Arjun's back, so Priya is back to owning onboarding, plus she picked up the risk team's roadmap.",
            ),
            ("d1", 200, "Being acting head of product was exhausting, Priya says."),
            ("d2", 30, "Arjun is considering a second sabbatical next year."),
        ],
        "questions": [("What is Priya responsible for at work?", ["scope"])],
    },
    {
        "id": "temporal-30",
        "persona": "marek",
        "memories": [
            (
                "zakopane",
                150,
                "We're renting a cabin in Zakopane for the week of 20 July.",
                {"valid_until_days": -125},
            ),
            ("bialka", 12, "Marek and Kasia are planning ski days in Białka over the February break."),
            ("d1", 120, "The Zakopane cabin had no hot water for two days."),
            ("d2", 60, "Kasia wants to go somewhere warm for once."),
        ],
        "questions": [("What trip is Marek planning?", ["bialka"])],
    },
    {
        "id": "temporal-31",
        "persona": "hannah",
        "memories": [
            (
                "stjohns",
                600,
                "My partner Sean took a one-year fisheries posting in St. John's, we're doing long distance.",
            ),
            (
                "bedford",
                470,
                "Sean's posting wrapped up; he's home and working for DFO at the Bedford Institute now.",
            ),
            ("d1", 300, "Sean still video-calls his old crew from St. John's every other week."),
            ("d2", 100, "DFO is hiring observers for Newfoundland boats, Sean forwarded it to a friend."),
        ],
        "questions": [("Where is Hannah's partner employed?", ["bedford"])],
        "note": "past posting said without expiry metadata",
    },
    {
        "id": "temporal-32",
        "persona": "kenji",
        "memories": [
            (
                "freeze",
                35,
                "code freeze from 1 nov thru 15 nov for the big client go-live, no merges except hotfixes",
            ),
            (
                "open",
                12,
                "Freeze lifted, normal merges again. Kenji says to batch the backlog carefully though.",
            ),
            ("d1", 30, "The big client go-live slipped two days but went out OK."),
            ("d2", 200, "Last year's December freeze lasted three weeks."),
        ],
        "questions": [("Can I merge a feature PR into Kenji's repo today?", ["open"])],
    },
    {
        "id": "temporal-33",
        "persona": "lucia",
        "memories": [
            (
                "offer",
                75,
                "The tile supplier in Villa Crespo is doing 30% off porcelain tiles, valid through the end of September.",
            ),
            (
                "now",
                20,
                "Asked about tiles again, the Villa Crespo guy's prices are back to normal and he says there's a 6-week wait.",
            ),
            ("d1", 60, "Lucía used the Villa Crespo porcelain for the Belgrano bathrooms."),
            ("d2", 10, "The Chacarita client wants matte tiles, not glossy."),
        ],
        "questions": [
            ("Should Lucía expect a tile discount if she orders for Chacarita this week?", ["now"])
        ],
    },
    {
        "id": "temporal-34",
        "persona": "marek",
        "memories": [
            (
                "kasia-night",
                260,
                "Kasia is working nights at the hospital pharmacy for the next three months.",
            ),
            ("kasia-day", 150, "Kasia's off nights now, back on the 8–4 shift at the pharmacy on Długa."),
            ("d1", 200, "Marek did most of the cooking while Kasia was on nights."),
            ("d2", 40, "The pharmacy on Długa is being renovated next year."),
        ],
        "questions": [("What shift is Marek's wife working?", ["kasia-day"])],
        "note": "expiry implied by 'next three months' said long ago",
    },
    {
        "id": "temporal-35",
        "persona": "fatima",
        "memories": [
            (
                "trados",
                400,
                "Got a one-year Trados Studio licence through the agency, it runs out next spring.",
            ),
            ("memoq", 150, "Agency licence is gone; I switched to memoQ and paid for it myself."),
            ("d1", 250, "Trados kept crashing on big PDF files."),
            ("d2", 60, "Fatima's term base has about 14,000 legal terms."),
        ],
        "questions": [("What CAT tool does Fatima work in?", ["memoq"])],
    },
    {
        "id": "temporal-36",
        "persona": "priya",
        "memories": [
            (
                "wedding",
                70,
                "Cousin Meera's wedding in Jaipur is 8–10 November, Priya's taking the whole week off.",
                {"valid_until_days": -18},
            ),
            ("diwali", 400, "Priya spends Diwali in Pune with family every year."),
            ("next", 5, "Priya is blocking 22 Dec to 2 Jan for a trip to Sri Lanka with her flatmates."),
            ("d1", 15, "The wedding photos are finally up, Priya sent the album."),
            ("d2", 30, "Jaipur was freezing at night apparently."),
        ],
        "questions": [("When is Priya next out of office?", ["next"])],
    },
]
