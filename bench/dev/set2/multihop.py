# ruff: noqa: E501
"""multihop: the answer needs a link between two memories; the answer key is the memory holding the
answer, not the link."""

SCENARIOS = [
    {
        "id": "multihop-01",
        "persona": "priya",
        "memories": [
            ("link", 200, "Priya's new manager is the VP of Product, Sandeep Menon."),
            ("ans", 150, "Sandeep is allergic to peanuts and is gluten intolerant."),
            ("d_sandeep", 100, "Sandeep likes short weekly written updates."),
            ("d_team_lunch", 60, "Team lunch is usually at the Andhra place nearby."),
            ("d_arjun", 80, "Arjun is allergic to shellfish."),
        ],
        "questions": [("What can't Priya's boss eat?", ["ans"])],
    },
    {
        "id": "multihop-02",
        "persona": "kenji",
        "memories": [
            ("link", 300, "Kenji's sister Emi lives in Fukuoka."),
            (
                "ans",
                100,
                "Fukuoka hosts the Hakata Gion Yamakasa festival every July; Kenji wants to take the kids someday.",
            ),
            ("d_emi", 200, "Emi works as a pharmacist."),
            ("d_sapporo", 150, "Kenji's parents live in Sapporo."),
        ],
        "questions": [("What festival happens in the city where Kenji's sister lives?", ["ans"])],
    },
    {
        "id": "multihop-03",
        "persona": "maria",
        "memories": [
            ("link", 150, "The telecom account's creative director is Beatriz Lobo."),
            (
                "ans",
                100,
                "Beatriz only reads email before 9 — after that she's in meetings all day, send things early.",
            ),
            ("d_telecom", 120, "Telecom account: new brand for a mobile operator."),
            ("d_beatriz", 90, "Beatriz is ex-Ogilvy."),
            ("d_joana", 80, "Joana replies to email only after lunch."),
        ],
        "questions": [
            ("When's the best time to send the telecom client's creative director the mockups?", ["ans"])
        ],
    },
    {
        "id": "multihop-04",
        "persona": "lucas",
        "memories": [
            ("link", 200, "Sofía's sister Carolina lives in Córdoba capital."),
            ("ans", 80, "Carolina is a pastry chef too — she runs a small café called Dulce Tiempo."),
            ("d_carolina", 150, "Carolina has twin boys."),
            ("d_cordoba", 100, "Córdoba is about 9 hours by bus from Buenos Aires."),
        ],
        "questions": [("What's the name of the café run by Lucas's sister-in-law?", ["ans"])],
    },
    {
        "id": "multihop-05",
        "persona": "amara",
        "memories": [
            ("link", 100, "Amara's ward manager is Sister Gillian Rowe."),
            (
                "ans",
                80,
                "Gillian approves annual leave requests only if they're submitted 6 weeks in advance.",
            ),
            ("d_leave", 50, "Amara wants two weeks off in April."),
            ("d_gillian", 60, "Gillian's been in A&E for 20 years."),
            ("d_rota", 70, "The rota coordinator is Femi."),
        ],
        "questions": [("How far ahead does Amara's ward manager need leave requests?", ["ans"])],
    },
    {
        "id": "multihop-06",
        "persona": "erik",
        "memories": [
            ("link", 300, "Erik's oldest grandchild is Alva, Karin's daughter."),
            ("ans", 50, "Alva turns 12 on 2 February and wants a proper sailing course for her birthday."),
            ("d_karin", 200, "Karin lives in Uppsala, in Luthagen."),
            ("d_others", 100, "The two younger grandkids are Ingrid's boys."),
        ],
        "questions": [("What does Erik's eldest grandchild want for her birthday?", ["ans"])],
    },
    {
        "id": "multihop-07",
        "persona": "fatima",
        "memories": [
            ("link", 200, "The external examiner from Bergen is Prof. Ingvild Haugen."),
            ("ans", 40, "Haugen's flight lands at Marseille Provence at 22:40 the night before the defence."),
            ("d_naples", 150, "The Naples examiner is Dr. Lorenzo Ferrante."),
            ("d_hotel", 30, "Examiners are booked at the Hôtel Le Corbusier."),
        ],
        "questions": [("When does the Norwegian examiner arrive?", ["ans"])],
    },
    {
        "id": "multihop-08",
        "persona": "jordan",
        "memories": [
            ("link", 100, "The skate shop client is Deckside, owner is Marcus Hill."),
            ("ans", 60, "Marcus prefers phone calls over email, number is 512-555-0148."),
            ("d_deckside", 90, "Deckside is on South Congress."),
            ("d_sunward", 80, "Sunward's contact is Priscilla, email only."),
        ],
        "questions": [("How do I best reach the owner of Deckside?", ["ans"])],
    },
    {
        "id": "multihop-09",
        "persona": "kenji",
        "memories": [
            ("link", 120, "The ledger service is owned by the Core Money team."),
            ("ans", 90, "Core Money's tech lead is Aiko Sato; she signs off on all schema changes."),
            ("d_ledger", 100, "The ledger stores double-entry records."),
            ("d_payouts", 80, "Payouts team lead is Daichi."),
        ],
        "questions": [("Who needs to approve a schema change to the ledger?", ["ans"])],
    },
    {
        "id": "multihop-10",
        "persona": "priya",
        "memories": [
            ("link", 150, "Priya's daughter Meera goes to Vidyashilp Academy."),
            ("ans", 40, "Vidyashilp's annual day is on 13 December, parents are invited from 5pm."),
            ("d_meera", 120, "Meera is in grade 4."),
            ("d_dps", 100, "Her nephew goes to DPS East, annual day on 6 December."),
        ],
        "questions": [("When is the annual day at Meera's school?", ["ans"])],
    },
    {
        "id": "multihop-11",
        "persona": "maria",
        "memories": [
            ("link", 300, "Tiago's brother Duarte is a mechanic."),
            ("ans", 30, "Duarte's garage is Oficina Duarte & Filhos on Rua da Constituição, closes at 18h."),
            ("d_car", 50, "Tiago's Peugeot needs new brake pads."),
            ("d_duarte", 200, "Duarte has a huge dog called Leão."),
        ],
        "questions": [("Where is the garage of Maria's brother-in-law?", ["ans"])],
    },
    {
        "id": "multihop-12",
        "persona": "erik",
        "memories": [
            ("link", 200, "Erik's neighbour on the left is Gunnar, a retired electrician."),
            ("ans", 60, "Gunnar has a spare key to Erik's house and waters the plants when he's away."),
            ("d_gunnar", 150, "Gunnar and Erik play boule on Sundays."),
            ("d_right", 100, "The neighbours on the right are a young family, the Anderssons."),
        ],
        "questions": [("Who can let me into Erik's house while he's in Spain?", ["ans"])],
        "note": "key-holder stated by name; the link says who Gunnar is",
    },
]
