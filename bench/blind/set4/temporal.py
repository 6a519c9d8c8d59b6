# ruff: noqa: E501
"""temporal: something ended / expired / passed versus what holds now; the answer is the current state."""

SCENARIOS = [
    {
        "id": "temporal-01",
        "persona": "ines",
        "memories": [
            (
                "stay",
                20,
                "My parents are staying with us until Sunday, so the guest room's taken",
                {"valid_until_days": -12},
            ),
            (
                "now",
                5,
                "Parents went back up to Braga. Guest room is free, my brother Miguel might use it in May",
            ),
            ("d1", 18, "Mum reorganised my entire kitchen while she was here, can't find anything"),
            ("d2", 60, "The sofa bed in the guest room is terrible, we need a new one"),
        ],
        "questions": [("Could a friend crash in our spare room this weekend?", ["now"])],
    },
    {
        "id": "temporal-02",
        "persona": "kwame",
        "memories": [
            ("old", 500, "Started a 12-month contract at Monzo as a backend engineer, outside IR35"),
            ("d1", 400, "The Monzo contract got extended by three months"),
            ("new", 120, "First week at Starling done - permanent role this time, payments platform team"),
            ("d2", 90, "Old Monzo colleagues still meet up for drinks every month"),
            ("d3", 60, "The Spinningfields office has a decent canteen, I go in Tuesdays and Thursdays"),
        ],
        "questions": [("Who is Kwame employed by at the moment?", ["new"])],
        "note": "past contract job vs current permanent job",
    },
    {
        "id": "temporal-03",
        "persona": "yuki",
        "memories": [
            (
                "offer",
                40,
                "The gym near Namba has a campaign: no joining fee if you sign up before the end of October",
                {"valid_until_days": -20},
            ),
            ("d1", 30, "My back would probably thank me for going to a gym"),
            ("d2", 15, "Hanae goes to the Konami sports club in Shinsaibashi"),
            (
                "now",
                3,
                "Asked at the Namba gym again - joining fee is back to 11,000 yen, but nurses get 30% off the monthly",
            ),
        ],
        "questions": [("If she signs up at the Namba gym today, is there an entry fee?", ["now"])],
    },
    {
        "id": "temporal-04",
        "persona": "rafael",
        "memories": [
            (
                "proj",
                200,
                "Renovating the terrace - it's closed on weekends until the work is done, maybe 6 weeks",
            ),
            ("d1", 180, "Contractor for the terrace is Ingeniero Salas, slow but good"),
            ("done", 100, "Terrace finished, open every day now, 18 extra covers"),
            ("d2", 60, "Thinking about a pergola over the terrace before the rainy season"),
            ("d3", 30, "Live music Friday nights, a trio from Tlaquepaque"),
        ],
        "questions": [("Can I reserve an outdoor table for Saturday night?", ["done"])],
    },
    {
        "id": "temporal-05",
        "persona": "priya",
        "memories": [
            ("old", 700, "I'm a PM at Flipkart on the checkout team"),
            ("d1", 600, "Big Billion Days prep is insane, 14 hour days all week"),
            ("d2", 300, "Gave notice at Flipkart, last day in three weeks"),
            ("new", 250, "Joined Jupiter as senior PM for payouts, starting Monday"),
            ("d3", 100, "Flipkart's checkout team launched one-tap UPI, my old squad"),
        ],
        "questions": [("Which company is Priya at now?", ["new"])],
    },
    {
        "id": "temporal-06",
        "persona": "lena",
        "memories": [
            (
                "cover",
                50,
                "Covering Dr. Weber's large-animal rounds while he's on paternity leave, until the end of the month",
                {"valid_until_days": -20},
            ),
            ("d1", 45, "The Weber rounds mean 5am starts out in the Glottertal"),
            ("d2", 30, "Weber's baby is called Anton, 3.8 kg"),
            (
                "now",
                10,
                "Weber's back at work; I'm only doing the small-animal consults at the Wiehre clinic again",
            ),
        ],
        "questions": [("Is Lena going out on farm calls these days?", ["now"])],
    },
    {
        "id": "temporal-07",
        "persona": "tom",
        "memories": [
            (
                "plan",
                40,
                "Parent-teacher meeting for the 5th years is on the 14th in the gym hall",
                {"valid_until_days": -25},
            ),
            ("d1", 35, "Need to print the 5th year reports before the meeting"),
            ("d2", 20, "Mrs Kelly complained the 5th year PTM ran way over"),
            ("next", 8, "Next parent-teacher evening is the 3rd years, 9 December, in the library"),
        ],
        "questions": [("When's the next parent-teacher evening I have to be at?", ["next"])],
    },
    {
        "id": "temporal-08",
        "persona": "amara",
        "memories": [
            ("temp", 150, "While the condo is being gutted I'm staying at Chioma's in Mississauga"),
            ("d1", 140, "the commute from Mississauga is brutal, 70 minutes on the GO"),
            ("d2", 90, "Contractor says the condo will be ready by late summer"),
            ("back", 30, "Moved back into my condo on Queens Quay, finally. New kitchen is gorgeous"),
            ("d3", 10, "Chioma's kids keep asking when I'm coming back to stay"),
        ],
        "questions": [("Where is Amara living right now?", ["back"])],
    },
    {
        "id": "temporal-09",
        "persona": "kwame",
        "memories": [
            (
                "trial",
                60,
                "Got 3 months of Spotify Premium free with the new phone",
                {"valid_until_days": -30},
            ),
            ("d1", 50, "made a gym playlist, mostly afrobeats and some grime"),
            ("d2", 25, "Considering YouTube Premium instead, the family plan might be cheaper"),
            ("now", 12, "We're on Spotify Duo now, £16.99 a month for Abena and me"),
        ],
        "questions": [("How much are they paying for music streaming?", ["now"])],
    },
    {
        "id": "temporal-10",
        "persona": "yuki",
        "memories": [
            ("rot", 120, "Rotated to the ICU for three months as part of the training programme"),
            ("d1", 100, "ICU nights are brutal, three ventilated patients each"),
            ("d2", 50, "Head nurse on ortho is Sato-san, very fair"),
            ("back", 25, "Yuki finished the ICU rotation and has been back on orthopaedics since the 1st"),
            ("d3", 10, "Might apply for a permanent ICU post next year, we'll see"),
        ],
        "questions": [("Which ward is she working on currently?", ["back"])],
    },
    {
        "id": "temporal-11",
        "persona": "rafael",
        "memories": [
            (
                "season",
                90,
                "Chiles en nogada on the menu through September only, it's pomegranate season",
                {"valid_until_days": -60},
            ),
            ("d1", 80, "Sold 60 plates of chiles en nogada on Independence Day"),
            ("d2", 40, "The walnut supplier raised prices again"),
            (
                "now",
                20,
                "For October and November we're doing calabaza en tacha and pan de muerto as the seasonal specials",
            ),
        ],
        "questions": [("What seasonal dishes can guests order at the moment?", ["now"])],
    },
    {
        "id": "temporal-12",
        "persona": "priya",
        "memories": [
            ("trip", 30, "In Singapore for Money20/20 this week, on SGT, replies will be slow"),
            ("d1", 28, "Met three potential partners at Money20/20, one looks promising"),
            ("home", 18, "Back in Bangalore. Jet lag's fine, normal hours again"),
            ("d2", 10, "Next conference might be GFF in Mumbai in August"),
        ],
        "questions": [("Which time zone should Priya's calls be scheduled in?", ["home"])],
    },
    {
        "id": "temporal-13",
        "persona": "lena",
        "memories": [
            (
                "old",
                400,
                "Horse liability insurance is with Uelzener, the policy runs until 31 March",
                {"valid_until_days": -200},
            ),
            ("d1", 300, "Uelzener put the premium up by 20 percent, cheeky"),
            ("new", 210, "Fanny's liability cover is with R+V from April on, 89 euros a year"),
            ("d2", 100, "The stable owner wants proof of insurance for every horse on the yard"),
        ],
        "questions": [("Which insurer should I list for her horse's liability cover?", ["new"])],
    },
    {
        "id": "temporal-14",
        "persona": "tom",
        "memories": [
            ("old", 600, "I coach the Salthill-Knocknacarra U14 hurlers, Tuesdays and Saturdays"),
            ("d1", 500, "U14s won the Galway B league, savage season"),
            ("new", 200, "Handed the U14s over to Declan; this season I'm managing the minors (U17)"),
            ("d2", 100, "Minor training is 7pm in Knocknacarra, Mondays and Thursdays"),
        ],
        "questions": [("Which age group does Tom coach now?", ["new"])],
    },
    {
        "id": "temporal-15",
        "persona": "amara",
        "memories": [
            (
                "offer",
                45,
                "Bouchard's settlement offer on Delgado: $85,000, open until the 30th",
                {"valid_until_days": -14},
            ),
            ("d1", 40, "Delgado would take anything over $80k, he told me"),
            ("d2", 20, "Mediation has been rescheduled twice already"),
            (
                "now",
                7,
                "The 85 lapsed. Bouchard now says $60,000 is as high as they'll go, wants an answer by Friday",
            ),
        ],
        "questions": [("What's currently on the table from the other side in Delgado?", ["now"])],
    },
    {
        "id": "temporal-16",
        "persona": "ines",
        "memories": [
            ("course", 300, "Doing an evening UX research course at FCSH, Tuesdays until June"),
            ("d1", 250, "The course project is on older people using home banking"),
            ("now", 100, "Course done, certificate in hand. Tuesday evenings are padel with Rita now"),
            ("d2", 40, "Rita is miles better than me at padel"),
        ],
        "questions": [("Is Inês free on Tuesday evening for a call?", ["now"])],
    },
    {
        "id": "temporal-17",
        "persona": "kwame",
        "memories": [
            ("away", 90, "I'm in Kumasi with my gran until the 5th, patchy signal, WhatsApp only"),
            ("d1", 85, "Gran turned 90, the whole family came"),
            ("back", 70, "Back in Manchester, laptop's on, email works fine again"),
            ("d2", 40, "Sending money to gran monthly through WorldRemit"),
        ],
        "questions": [("What's the best way to get hold of Kwame today?", ["back"])],
    },
    {
        "id": "temporal-18",
        "persona": "yuki",
        "memories": [
            (
                "hosp",
                60,
                "Mum had her hip replaced, she's on the 4th floor of Kansai Rosai hospital for about three weeks",
            ),
            ("d1", 55, "Visiting hours at Rosai are 14:00 to 20:00"),
            ("d2", 40, "Mum complains about the hospital food every single day"),
            ("home", 20, "Mum's home in Sakai now, a carer comes every morning and I go on my days off"),
        ],
        "questions": [("Where should I send flowers for Yuki's mum?", ["home"])],
    },
    {
        "id": "temporal-19",
        "persona": "priya",
        "memories": [
            (
                "promo",
                35,
                "AWS gave us 25k in credits for the payouts sandbox, usable until the end of last quarter",
                {"valid_until_days": -5},
            ),
            ("d1", 30, "The sandbox burns about 3k a month"),
            (
                "now",
                2,
                "Credits are used up / expired - sandbox costs hit our own cloud budget from this month, cap is 2k",
            ),
            ("d2", 1, "Kiran wants a second sandbox for the bank integration tests"),
        ],
        "questions": [("Can we spin up another sandbox for free on the AWS credits?", ["now"])],
    },
]
