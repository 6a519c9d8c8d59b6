# ruff: noqa: E501
"""paraphrase: the question uses different words from the memory that answers it."""

SCENARIOS = [
    {
        "id": "paraphrase-01",
        "persona": "maria",
        "memories": [
            ("vertigo", 200, "Maria gets dizzy and panicky on high balconies and glass floors."),
            ("d_hike", 150, "She enjoys coastal walks, the flatter the better."),
            ("d_tower", 100, "Tiago wants to visit the Torre dos Clérigos."),
            ("d_plane", 300, "Flying doesn't bother her at all."),
        ],
        "questions": [("Is Maria afraid of heights?", ["vertigo"])],
    },
    {
        "id": "paraphrase-02",
        "persona": "kenji",
        "memories": [
            (
                "sleep",
                60,
                "Kenji is usually out cold by 10:30 and up at 5:45 to do a run before the kids wake.",
            ),
            ("d_run", 100, "He runs about 6km along the Ina river."),
            ("d_kids_wake", 80, "The kids get up around 6:45."),
            ("d_night", 40, "Incidents at night are handled by whoever is on-call."),
        ],
        "questions": [("What time does Kenji go to bed?", ["sleep"])],
    },
    {
        "id": "paraphrase-03",
        "persona": "amara",
        "memories": [
            ("sibling", 300, "Chidi and I are the only two, our parents didn't have any other kids."),
            ("d_cousins", 250, "Amara has loads of cousins, maybe thirty."),
            ("d_chidi", 100, "Chidi is in his final year."),
            ("d_mum", 200, "Her mum is one of seven."),
        ],
        "questions": [("How many brothers and sisters does Amara have?", ["sibling"])],
    },
    {
        "id": "paraphrase-04",
        "persona": "lucas",
        "memories": [
            (
                "mortgage",
                150,
                "Lucas still owes about 18,000 USD on the loan he took to buy the bakery premises, paying it down monthly.",
            ),
            ("d_rent", 300, "Before buying, they paid rent to Don Aurelio."),
            ("d_dollar", 100, "Lucas keeps savings in dollars, like everyone."),
            ("d_bank", 200, "Banco Provincia handles the bakery account."),
        ],
        "questions": [("What's the outstanding debt on the shop property?", ["mortgage"])],
    },
    {
        "id": "paraphrase-05",
        "persona": "priya",
        "memories": [
            (
                "burnout",
                60,
                "Priya told me she's been running on empty for weeks, snapping at people, can't switch off at night.",
            ),
            ("d_workload", 70, "The invoicing launch means long days for the whole squad."),
            ("d_violin", 40, "Violin practice helps her unwind."),
            ("d_holiday", 200, "Priya hasn't taken a proper holiday this year."),
        ],
        "questions": [("How is Priya coping with stress lately?", ["burnout"])],
    },
    {
        "id": "paraphrase-06",
        "persona": "erik",
        "memories": [
            ("wedding", 300, "Erik and Birgitta tied the knot in Gamla Uppsala church in June 1978."),
            ("d_house", 500, "They bought the house in 1984."),
            ("d_anniv", 100, "Erik wants to do something special for a big anniversary."),
            ("d_birgitta", 400, "Birgitta was a nurse at Akademiska."),
        ],
        "questions": [("How long have Erik and his wife been married?", ["wedding"])],
    },
    {
        "id": "paraphrase-07",
        "persona": "fatima",
        "memories": [
            (
                "seasick",
                200,
                "Fatima throws up on boats if the swell is more than a metre, takes Mercalm before every trip.",
            ),
            ("d_boat", 150, "Sampling trips leave from Pointe Rouge harbour."),
            ("d_swim", 300, "She's a strong swimmer."),
            ("d_weather", 50, "The mistral makes the sea rough for days."),
        ],
        "questions": [("Does Fatima get motion sickness at sea?", ["seasick"])],
    },
    {
        "id": "paraphrase-08",
        "persona": "jordan",
        "memories": [
            (
                "hearing",
                150,
                "Jordan wears custom moulded earplugs at every rehearsal and gig, tinnitus scare last year.",
            ),
            ("d_band", 200, "Rehearsals are in a storage unit in East Austin."),
            ("d_monitor", 100, "They mix on Sennheiser HD 600s."),
            ("d_gig", 60, "Next gig is at Cheer Up Charlies."),
        ],
        "questions": [("How does Jordan protect their ears?", ["hearing"])],
    },
    {
        "id": "paraphrase-09",
        "persona": "kenji",
        "memories": [
            (
                "lang",
                300,
                "Kenji studied in Vancouver for two years, so he's comfortable in English meetings.",
            ),
            ("d_team", 200, "Half the team is outside Japan."),
            ("d_korean", 100, "He's learning a bit of Korean from dramas."),
            ("d_docs", 150, "Design docs are written in English at PayNami."),
        ],
        "questions": [("Can Kenji handle a call with the US partners without an interpreter?", ["lang"])],
    },
    {
        "id": "paraphrase-10",
        "persona": "maria",
        "memories": [
            ("salary", 120, "Maria earns 3,400 euros gross a month at the studio."),
            ("d_freelance", 100, "She does freelance illustration on the side, a few hundred a month."),
            ("d_tiago", 90, "Tiago earns a bit more than her."),
            ("d_raise", 30, "Maria wants to ask for a raise in January."),
        ],
        "questions": [("What's Maria's pay at her day job?", ["salary"])],
    },
    {
        "id": "paraphrase-11",
        "persona": "amara",
        "memories": [
            ("cook", 100, "Amara makes a huge pot of jollof on Sundays and lives off it till Wednesday."),
            ("d_lunch", 120, "The hospital canteen is grim, she says."),
            ("d_takeaway", 60, "Friday is usually takeaway night."),
            ("d_diet", 200, "She's trying to eat more vegetables."),
        ],
        "questions": [("Does Amara meal-prep?", ["cook"])],
    },
    {
        "id": "paraphrase-12",
        "persona": "erik",
        "memories": [
            (
                "will",
                200,
                "Erik has his testamente with a lawyer at Advokatfirman Lindahl; the house goes to the two daughters equally.",
            ),
            ("d_daughters", 300, "Daughters: Karin in Uppsala, Ingrid in Gothenburg."),
            ("d_house", 150, "The house needs a new roof soon."),
            ("d_tax", 100, "Erik files his tax return online every May."),
        ],
        "questions": [("Who will inherit Erik's home?", ["will"])],
    },
]
