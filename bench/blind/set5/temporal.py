# ruff: noqa: E501
# fmt: off
"""temporal: something ended or expired vs what holds now; the answer is the current one."""

SCENARIOS = [
    {
        "id": "temporal-01",
        "persona": "ines",
        "memories": [
            ("mil", 95, "Tomás' mum is staying with us until the end of the month while her kitchen gets redone", {"valid_until_days": -65}),
            ("rita", 3, "My sister Rita is sleeping on our sofa for the next two weeks, her flat is being painted"),
            ("mil-left", 64, "Dropped Tomás' mum at Santa Apolónia, house feels huge again"),
            ("sofa", 40, "The sofa bed is terrible, need a new mattress topper"),
            ("guest", 200, "We keep saying we'll turn the office into a guest room"),
        ],
        "questions": [("Who's staying at our place at the moment?", ["rita"])],
    },
    {
        "id": "temporal-02",
        "persona": "kwame",
        "memories": [
            ("arup", 600, "I've been at Arup nine years now, all bridges"),
            ("bb", 200, "First week done at Balfour Beatty as a senior engineer, big change after Arup"),
            ("leaving", 230, "Handed in my notice, last day at Arup is end of the month"),
            ("arup-friends", 100, "Still have a pint with the Arup lot on Fridays sometimes"),
            ("commute", 190, "The new office is in Salford Quays, tram takes 40 minutes"),
        ],
        "questions": [("Which company does Kwame work for?", ["bb"]), ("Is he still at Arup?", ["bb"])],
    },
    {
        "id": "temporal-03",
        "persona": "mei",
        "memories": [
            ("classpass", 150, "ClassPass promo 40% off for three months, ends 31 August", {"valid_until_days": -90}),
            ("ff", 40, "From this quarter the company covers a Fitness First membership, I signed up at the Paya Lebar branch"),
            ("yoga", 120, "Did a few yoga classes through ClassPass, meh"),
            ("flexi", 300, "Our flexi-benefit is SGD 600 a year, mostly used on physio"),
            ("gym-time", 20, "I go to the gym at lunch on Tuesdays and Thursdays"),
        ],
        "questions": [("What gym perk can I use right now?", ["ff"])],
    },
    {
        "id": "temporal-04",
        "persona": "lars",
        "memories": [
            ("cellar", 400, "We're building the new ripening cellar, builders say it'll be done by autumn"),
            ("cellar-done", 250, "Cellar's finished and the first wheels are already in there"),
            ("barn", 50, "Builders are back, this time extending the calf barn, they've poured the foundation"),
            ("cost", 380, "The cellar ended up 80 000 kr over budget"),
            ("permit", 90, "Got the building permit for the barn extension from the kommun"),
        ],
        "questions": [("What's being built on the farm at the moment?", ["barn"])],
    },
    {
        "id": "temporal-05",
        "persona": "valentina",
        "memories": [
            ("b1", 220, "Goethe B1 exam is booked for 15 March, I'm terrified"),
            ("b1-pass", 180, "Passed the B1! 78 points in Schreiben of all things"),
            ("b2", 40, "Registered for the B2 exam on 6 December at the Goethe"),
            ("b1-prep", 240, "Doing B1 mock tests every weekend"),
            ("teacher", 60, "My new German teacher is from Leipzig and talks very fast"),
        ],
        "questions": [("When is her next German exam?", ["b2"])],
    },
    {
        "id": "temporal-06",
        "persona": "hiro",
        "memories": [
            ("namba", 500, "Our office lease in Namba runs until March"),
            ("umeda", 200, "Moved the studio into a coworking space in Umeda on a monthly plan, cheaper and nicer coffee"),
            ("namba-deposit", 230, "Got most of the Namba deposit back, they kept some for the wall scratches"),
            ("wfh", 150, "Yuki works from home Mondays and Fridays"),
            ("umeda-desk", 60, "Upgraded to a private room at the coworking since we keep taking calls"),
        ],
        "questions": [("Where is the studio based these days?", ["umeda-desk", "umeda"])],
    },
    {
        "id": "temporal-07",
        "persona": "amara",
        "memories": [
            ("agulhas", 50, "I'm on the Agulhas field trip until the 22nd, very patchy signal", {"valid_until_days": -35}),
            ("back", 30, "Back in Cape Town, I'm in the lab Monday to Thursday and write from home on Fridays"),
            ("agulhas-data", 33, "Got 40 hours of acoustic data from the Agulhas receivers"),
            ("next-trip", 10, "Next boat trip is probably February, weather permitting"),
            ("lab-hours", 200, "The lab building locks at 8pm unless you have the after-hours card"),
        ],
        "questions": [("Where can I find Amara on a weekday this week?", ["back"])],
    },
    {
        "id": "temporal-08",
        "persona": "dan",
        "memories": [
            ("trial", 120, "Started the free trial of the Woodworkers Guild streaming, ends October 3rd"),
            ("fw", 60, "Paid for a year of Fine Woodworking online, $79, the archive alone is worth it"),
            ("trial-cancel", 115, "Cancelled the Guild trial before it charged me, didn't like it"),
            ("youtube", 30, "Mostly I watch Rex Krueger on YouTube anyway"),
            ("magazine", 400, "Used to get the paper Fine Woodworking magazine, stopped when we moved the den"),
        ],
        "questions": [("Which woodworking video service am I paying for now?", ["fw"])],
    },
    {
        "id": "temporal-09",
        "persona": "ines",
        "memories": [
            ("banco", 300, "Contract with Banco Atlântico runs until end of June, the onboarding flows"),
            ("sonae", 140, "Started with Sonae on their loyalty app, three days a week"),
            ("banco-end", 150, "Wrapped up with Banco Atlântico, sent the final Figma files"),
            ("banco-pay", 120, "Banco Atlântico still hasn't paid the last invoice"),
            ("pitch", 10, "Pitching for a small job with a ceramics shop in Porto, fingers crossed"),
        ],
        "questions": [("Which client is she designing for at the moment?", ["sonae"])],
    },
    {
        "id": "temporal-10",
        "persona": "kwame",
        "memories": [
            ("accra", 340, "We're in Accra over Christmas at grandma's, back on the 3rd"),
            ("lakes", 20, "Booked a cottage near Keswick for Easter, the four of us and the dog-sitter sorted"),
            ("accra-photos", 330, "The lads loved the beach at Labadi"),
            ("flights", 360, "Flights to Accra cost a bomb over Christmas"),
            ("summer", 5, "Maybe Ghana again in summer 2027, Efua's mum is getting older"),
        ],
        "questions": [("What's the family's next holiday?", ["lakes"])],
    },
    {
        "id": "temporal-11",
        "persona": "mei",
        "memories": [
            ("jakarta", 250, "I'm seconded to the Jakarta team for Q2 to help them set up the payouts service"),
            ("back-core", 120, "Secondment is over, I'm back with Payments Core in Singapore"),
            ("jakarta-food", 230, "Jakarta lunch spots are incredible, gained two kilos"),
            ("jakarta-help", 30, "Jakarta folks still ping me with payout questions sometimes"),
            ("reorg", 60, "Rumours of a reorg in January"),
        ],
        "questions": [("Which team is Mei on now?", ["back-core"])],
    },
    {
        "id": "temporal-12",
        "persona": "lars",
        "memories": [
            ("ica-2024", 400, "ICA deal: 142 kr per kilo for the aged cheese, valid through December 2024", {"valid_until_days": -330}),
            ("ica-2025", 320, "Signed the ICA agreement for this year, 151 kr/kg, and they take 20 wheels a month"),
            ("ica-buyer", 200, "The ICA buyer is a new guy, Johan, seems reasonable"),
            ("coop-price", 150, "Coop offered 140 kr/kg but we said no"),
            ("shop-price", 80, "In our own shop the aged cheese goes for 289 kr/kg"),
        ],
        "questions": [("What does ICA pay me per kilo these days?", ["ica-2025"])],
    },
    {
        "id": "temporal-13",
        "persona": "valentina",
        "memories": [
            ("amox", 100, "On amoxicillin for seven days for the throat infection"),
            ("iron", 45, "Taking iron every morning since the blood test showed I'm anemic"),
            ("levo", 300, "Levothyroxine 50 mcg for the thyroid, every day on an empty stomach"),
            ("ibuprofen", 20, "Took ibuprofen for the back after the double shift"),
            ("pharmacy", 60, "The pharmacy on Pueyrredón gives me the hospital discount"),
        ],
        "questions": [("What medication is she taking on a daily basis right now?", ["iron", "levo"])],
    },
    {
        "id": "temporal-14",
        "persona": "hiro",
        "memories": [
            ("tgs", 400, "We have a booth at Tokyo Game Show September 26–29, first time!"),
            ("tgs-after", 390, "TGS was exhausting, our feet are destroyed but 2000 people played the demo"),
            ("bitsummit", 30, "Confirmed: we're showing the sequel at BitSummit in Kyoto in July"),
            ("gdc", 80, "Thought about GDC but flights to San Francisco are too expensive"),
            ("banner", 10, "Need to print a new banner, the TGS one has the old logo"),
        ],
        "questions": [("What's the next event where we'll have a booth?", ["bitsummit"])],
    },
    {
        "id": "temporal-15",
        "persona": "amara",
        "memories": [
            ("visa-old", 650, "My study visa is valid until February 2025"),
            ("visa-new", 300, "New study visa finally approved, good until the end of 2027"),
            ("vfs", 330, "Spent four hours at VFS in Rondebosch for biometrics"),
            ("permit-worry", 340, "Stressing that the renewal won't come in time"),
            ("passport", 100, "Nigerian passport expires in 2029, at least that's fine"),
        ],
        "questions": [("Until when is she legally allowed to stay in South Africa?", ["visa-new"])],
    },
    {
        "id": "temporal-16",
        "persona": "dan",
        "memories": [
            ("cruise", 60, "Carol is on the Alaska cruise with her sister until the 9th, just me and Bailey"),
            ("home-pt", 20, "Carol's home and doing physical therapy for her shoulder twice a week"),
            ("cruise-photos", 45, "Carol sent pictures of a glacier, looked cold"),
            ("shoulder", 35, "Carol hurt her shoulder hauling luggage on the cruise"),
            ("sister-trip", 5, "Carol and Margaret are talking about another trip next year"),
        ],
        "questions": [("Is my wife away at the moment?", ["home-pt"])],
    },
]

SCENARIOS += [
    {
        "id": "temporal-17",
        "persona": "mei",
        "memories": [
            ("singtel", 700, "Singtel fibre at SGD 29.90 a month on a 24-month contract", {"valid_until_days": -30}),
            ("myrepublic", 25, "Moved our broadband to MyRepublic, 1 Gbps for 39 a month, no contract"),
            ("router", 20, "The MyRepublic router is in the living room cupboard, signal is bad in the bedroom"),
            ("singtel-call", 35, "Singtel tried to retain us with a worse deal, lol no"),
            ("mobile", 200, "Mobile plan is with Circles.Life"),
        ],
        "questions": [("Who do we get home internet from now?", ["myrepublic"])],
    },
    {
        "id": "temporal-18",
        "persona": "hiro",
        "memories": [
            ("ks-run", 160, "Our Kickstarter for the Lantern Drift art book is live until 31 May", {"valid_until_days": -120}),
            ("ks-done", 118, "Kickstarter closed: 4.2 million yen from 1,900 backers, way over goal"),
            ("printing", 30, "Art books are back from the printer in Kyoto, we're shipping to backers this month"),
            ("stretch", 140, "Unlocked the stretch goal for a bonus sketch booklet"),
            ("ks-fee", 110, "Kickstarter and payment fees ate about 8%"),
        ],
        "questions": [("Where are we at with the art book?", ["printing"])],
    },
    {
        "id": "temporal-19",
        "persona": "valentina",
        "memories": [
            ("lh-code", 150, "Lufthansa sent a 15% discount code for flights to Frankfurt, valid until 31 October", {"valid_until_days": -28}),
            ("ar-promo", 10, "Aerolíneas has 20% off to Madrid through the end of January with the Galicia card"),
            ("lh-used", 140, "Didn't use the Lufthansa code, prices were still crazy"),
            ("germany-trip", 60, "Want to visit Berlin next year to see hospitals"),
            ("miles", 300, "I have about 12 000 miles on Aerolíneas Plus"),
        ],
        "questions": [("Is there any airfare discount I can still take advantage of?", ["ar-promo"])],
    },
    {
        "id": "temporal-20",
        "persona": "dan",
        "memories": [
            ("eli-summer", 150, "Eli is staying with us through July while his parents move"),
            ("lucy-tues", 30, "Lucy comes to us every Tuesday after school now that her mom went back to work full time"),
            ("eli-left", 118, "Drove Eli back to Boston, the house is so quiet"),
            ("eli-shop", 130, "Eli and I built a birdhouse, he did the nailing"),
            ("lucy-piano", 20, "Lucy practises on our old upright while she's here"),
        ],
        "questions": [("Which of the grandkids is regularly at our house these days?", ["lucy-tues"])],
    },
]
