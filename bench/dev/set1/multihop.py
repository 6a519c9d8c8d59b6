# ruff: noqa: E501
"""multihop: the answer needs a link (A is B's X; B has property Y). The answer key is the
memory holding the answer, not the link."""

SCENARIOS = [
    {
        "id": "multihop-01",
        "persona": "arjun",
        "memories": [
            ("link", 40, "My new manager is Sneha Kulkarni."),
            ("ans", 35, "Sneha doesn't eat onion or garlic — Jain food only at team lunches."),
            ("d1", 30, "Rohan loves the biryani at Meghana's."),
            ("d2", 25, "Team lunch this Friday, I'm organising it."),
            ("d3", 60, "Vikram is allergic to shellfish."),
        ],
        "questions": [
            ("I'm ordering team lunch — anything my boss can't have?", ["ans"]),
        ],
    },
    {
        "id": "multihop-02",
        "persona": "maren",
        "memories": [
            ("link", 100, "Sigrid's co-supervisor is Professor Anders Lie at NTNU."),
            (
                "ans",
                90,
                "Anders only reads email on Mondays; for anything urgent, text him on +47 913 44 027.",
            ),
            ("d1", 80, "Kristoffer at the institute answers emails within minutes."),
            ("d2", 60, "Sigrid's thesis committee meets in June."),
            ("d3", 40, "NTNU's switchboard is useless for reaching academics."),
        ],
        "questions": [
            ("How do I reach Sigrid's co-supervisor quickly about something urgent?", ["ans"]),
        ],
    },
    {
        "id": "multihop-03",
        "persona": "lucia",
        "memories": [
            ("link", 200, "Our neighbour across the street, the one with the flower shop, is Amparo."),
            ("ans", 150, "Amparo's birthday is 8 December; she loves anything with pumpkin, calabaza."),
            ("d1", 120, "Don Joaquín's birthday is in March, he likes plain magdalenas."),
            ("d2", 60, "The flower shop gives us the wilted roses for decorating."),
            ("d3", 30, "Pumpkin season means the calabaza buns sell well in October."),
        ],
        "questions": [
            ("When is the florist neighbour's birthday and what should Lucía bake her?", ["ans"]),
        ],
    },
    {
        "id": "multihop-04",
        "persona": "kwame",
        "memories": [
            ("link", 300, "The headmaster of Achimota is Mr. Owusu-Ansah."),
            (
                "ans",
                150,
                "Mr. Owusu-Ansah insists on printed reports — he won't read anything sent on WhatsApp or email.",
            ),
            ("d1", 100, "The assistant head, Mrs. Lamptey, prefers WhatsApp for everything."),
            ("d2", 50, "I need to submit the term report on the science department."),
            ("d3", 30, "The printer in the staff room keeps jamming."),
        ],
        "questions": [
            ("How should Kwame get his department report to the head of the school?", ["ans"]),
        ],
    },
    {
        "id": "multihop-05",
        "persona": "hana",
        "memories": [
            ("link", 90, "Our CTO is Daisuke Mori."),
            ("ans", 80, "Daisuke is vegetarian and doesn't drink alcohol."),
            ("d1", 70, "Our CEO Emi loves sake and izakayas."),
            ("d2", 30, "Leadership dinner next Thursday, I'm booking the restaurant."),
            ("d3", 20, "Kenji is gluten intolerant."),
        ],
        "questions": [
            (
                "I'm booking the leadership dinner — what dietary needs does our head of engineering have?",
                ["ans"],
            ),
        ],
    },
    {
        "id": "multihop-06",
        "persona": "dan",
        "memories": [
            ("link", 400, "Our eldest, Siobhán, is Cian's mother."),
            (
                "ans",
                100,
                "Siobhán is working nights in the CUH now, so don't ring her before 3 in the afternoon.",
            ),
            ("d1", 90, "Our son Ronan lives in Galway, works in medical devices."),
            ("d2", 60, "Cian wants to come fishing with me at the weekend."),
            ("d3", 20, "Ronan's phone is always on silent."),
        ],
        "questions": [
            ("When's a good time to call Cian's mum to ask about the fishing trip?", ["ans"]),
        ],
    },
    {
        "id": "multihop-07",
        "persona": "nadia",
        "memories": [
            ("link", 70, "The museum project's lead developer is Thomas, from the agency Cinq Studio."),
            ("ans", 60, "Thomas is away the whole month of December, paternity leave."),
            ("d1", 50, "Cinq Studio's office is in Saint-Henri."),
            ("d2", 30, "The curator Marie-Ève is around all December."),
            ("d3", 20, "Kiosk developer handoff is planned for mid-December."),
        ],
        "questions": [
            ("Will the museum's lead dev be available for the handoff meeting in mid-December?", ["ans"]),
        ],
    },
    {
        "id": "multihop-08",
        "persona": "tobias",
        "memories": [
            ("link", 200, "Katrin's mother, Oma Helga, lives in Regensburg."),
            ("ans", 150, "Oma Helga is allergic to penicillin — she had anaphylaxis in 2019."),
            ("d1", 100, "My father takes blood thinners, Eliquis."),
            ("d2", 60, "Oma Helga is coming to stay over Christmas."),
            ("d3", 40, "The twins call Katrin's father Opa Fritz."),
        ],
        "questions": [
            (
                "If the twins' grandmother from Regensburg gets a chest infection while she's with us, what antibiotic should be avoided?",
                ["ans"],
            ),
        ],
    },
    {
        "id": "multihop-09",
        "persona": "ines",
        "memories": [
            ("link", 60, "The orders service is owned by the Fulfilment team."),
            (
                "ans",
                50,
                "Fulfilment team's on-call alias is @fulfilment-oncall in Slack, escalation via PagerDuty service P3XK2.",
            ),
            ("d1", 40, "Routing team's alias is @routing-oncall."),
            ("d2", 30, "Orders service has had three incidents this quarter."),
            ("d3", 15, "Fulfilment team is mostly in Kraków."),
        ],
        "questions": [
            ("Who do I page about the orders service throwing errors?", ["ans"]),
        ],
    },
    {
        "id": "multihop-10",
        "persona": "arjun",
        "memories": [
            ("link", 200, "Ishaan's best friend is Aarav, from the same class."),
            ("ans", 150, "Aarav's mom Meera said Aarav has a severe egg allergy."),
            ("d1", 100, "Ishaan's other friend Riya loves chocolate cake."),
            ("d2", 30, "Ishaan's birthday is coming up, he wants a dinosaur cake."),
            ("d3", 20, "Meera and Kavya take turns doing the school run."),
        ],
        "questions": [
            ("Ishaan's best friend is coming to the party — what should we keep out of the food?", ["ans"]),
        ],
    },
    {
        "id": "multihop-11",
        "persona": "maren",
        "memories": [
            ("link", 300, "The boat we use for the Austevoll site belongs to Per Nilsen, a local fisherman."),
            ("ans", 250, "Per won't take the boat out if the wind is over 10 m/s, no arguments."),
            ("d1", 200, "The institute's RIB can handle up to 15 m/s but it's miserable."),
            ("d2", 100, "Forecast for Thursday at Austevoll: wind 12 m/s from the southwest."),
            ("d3", 50, "Per's boat is a 30-foot wooden Saltdalsbåt."),
        ],
        "questions": [
            ("Will we be able to go out to the Austevoll site on Thursday with the usual boat?", ["ans"]),
        ],
    },
    {
        "id": "multihop-12",
        "persona": "lucia",
        "memories": [
            ("link", 100, "The wedding order #5531 is for Marta Ferrer, Tomás's cousin."),
            (
                "ans",
                90,
                "Marta Ferrer is pregnant, so no raw egg, no alcohol — she asked for nothing with cava in her own slice.",
            ),
            ("d1", 80, "The groom's family wants a cava-soaked sponge, it's tradition for them."),
            ("d2", 60, "The wedding is at a masía near Llíria."),
            ("d3", 40, "Tomás's other cousin Pepe is the DJ."),
        ],
        "questions": [
            ("Does the bride for order 5531 have any food restrictions for the cake?", ["ans"]),
        ],
    },
    {
        "id": "multihop-13",
        "persona": "kwame",
        "memories": [
            ("link", 200, "Our goalkeeper is Nii Armah, form 2."),
            (
                "ans",
                60,
                "Nii has asthma and needs his inhaler before every match, it's in the first aid kit.",
            ),
            ("d1", 50, "The striker Kofi Boateng has a sprained ankle."),
            ("d2", 30, "First aid kit is kept in the PE office."),
            ("d3", 20, "The match against Achimota is at 4pm."),
        ],
        "questions": [
            ("Anything health-wise I need to prepare for the team's keeper before kick-off?", ["ans"]),
        ],
    },
    {
        "id": "multihop-14",
        "persona": "hana",
        "memories": [
            ("link", 150, "Our account manager at Minato Care Homes is Ms. Fujita."),
            (
                "ans",
                120,
                "Ms. Fujita only speaks Japanese — interpreting needed if anyone from the US team joins.",
            ),
            ("d1", 100, "The Osaka hospital group contact, Mr. Kim, is fluent in English and Korean."),
            ("d2", 40, "Our new US sales lead, Mark, wants to meet key accounts."),
            ("d3", 20, "Minato renewal call is on the 12th."),
        ],
        "questions": [
            (
                "Mark wants to join the Minato renewal call — anything we need to arrange for him to talk to their side?",
                ["ans"],
            ),
        ],
    },
    {
        "id": "multihop-15",
        "persona": "dan",
        "memories": [
            (
                "link",
                300,
                "The lad who does the servicing on the heat pump is from Hegarty Heating in Midleton.",
            ),
            (
                "ans",
                60,
                "Hegarty Heating's emergency line is 021 463 9950, they're closed weekends except for breakdowns.",
            ),
            ("d1", 200, "The plumber, Tadhg, did the bathroom, 086 221 4478."),
            ("d2", 30, "The heat pump display is showing error E7."),
            ("d3", 10, "Sure it's Saturday, nobody will answer."),
        ],
        "questions": [
            ("The heat pump has packed in on a Saturday — who do I ring?", ["ans"]),
        ],
    },
    {
        "id": "multihop-16",
        "persona": "nadia",
        "memories": [
            ("link", 400, "Éric's sister is Camille, she lives in Quebec City."),
            ("ans", 100, "Camille uses a wheelchair, so any place we book has to be step-free."),
            ("d1", 80, "Éric's parents live in Sherbrooke."),
            ("d2", 30, "We're hosting Éric's family for New Year's brunch at a restaurant."),
            ("d3", 10, "The brunch place on Rue Saint-Denis has a lovely upstairs room."),
        ],
        "questions": [
            (
                "Éric's sister is coming to the New Year's brunch — is there anything to check about the restaurant?",
                ["ans"],
            ),
        ],
    },
]
