# ruff: noqa: E501
"""exact: the question names an id / code / name that one memory contains; distractors are similar."""

SCENARIOS = [
    {
        "id": "exact-01",
        "persona": "kenji",
        "memories": [
            (
                "pay4417",
                30,
                "PAY-4417: refunds fail for accounts with non-ASCII names. Root cause in the name normaliser, fix in review.",
            ),
            ("pay4471", 25, "PAY-4471 is the ticket for adding idempotency keys to the payout API."),
            ("pay4170", 200, "PAY-4170 closed: settlement report timezone bug."),
            ("pay4418", 28, "Opened PAY-4418 to add a regression test for refunds."),
            ("d_refund", 40, "Refund failure rate spiked to 0.8% last week."),
        ],
        "questions": [("What's the status of PAY-4417?", ["pay4417"])],
    },
    {
        "id": "exact-02",
        "persona": "lucas",
        "memories": [
            (
                "order_88213",
                12,
                "Pedido #88213 de Molinos Cañuelas: 40 bolsas de harina 000, llega el jueves.",
            ),
            ("order_88231", 10, "Order #88231 to Molinos: 10 sacks of whole wheat flour, delayed."),
            ("order_8213", 300, "Old order 8213 from the butter supplier was short two boxes."),
            ("d_supplier", 200, "Molinos Cañuelas delivers Tuesdays and Thursdays."),
        ],
        "questions": [("What's in order 88213 and when does it arrive?", ["order_88213"])],
    },
    {
        "id": "exact-03",
        "persona": "maria",
        "memories": [
            ("plate", 100, "Tiago's car: grey Peugeot 208, plate AT-42-QM."),
            ("plate2", 120, "Maria's mum's car plate is 42-QM-17."),
            ("plate3", 90, "Rental in Madeira was a white Fiat Panda, plate BG-19-TZ."),
            ("d_parking", 60, "Parking permit for Cedofeita is under Tiago's car."),
        ],
        "questions": [("Whose car has the plate AT-42-QM?", ["plate"])],
    },
    {
        "id": "exact-04",
        "persona": "priya",
        "memories": [
            ("rfc", 60, "RFC-031 (invoice numbering per legal entity) approved by architecture review."),
            ("rfc2", 55, "RFC-013 on audit logging was parked until next quarter."),
            ("rfc3", 40, "RFC-032 proposes multi-currency invoices; Priya is reviewer."),
            ("rfc4", 70, "Legal wants invoice numbers to be sequential per country."),
            ("d_arch", 200, "Architecture review meets Thursdays."),
        ],
        "questions": [("Was RFC-031 approved?", ["rfc"])],
    },
    {
        "id": "exact-05",
        "persona": "erik",
        "memories": [
            ("flight", 20, "Erik's flight to Málaga: SK1593 on 14 January, departs Arlanda 07:05."),
            ("flight2", 18, "Birgitta flies back earlier, on SK1594 on the 28th."),
            ("flight3", 400, "Last year they flew DY4231 Norwegian to Alicante."),
            ("d_hotel", 15, "They rented an apartment in Nerja for two weeks."),
        ],
        "questions": [("When does SK1593 leave?", ["flight"])],
    },
    {
        "id": "exact-06",
        "persona": "jordan",
        "memories": [
            (
                "lut",
                100,
                "For the Sunward grade Jordan used the 'Kodak 2383 D65' LUT at 60% over a custom balance.",
            ),
            ("lut2", 90, "The skate promo uses the Fuji 3513 look, pushed hard."),
            ("lut3", 200, "Jordan's go-to base is ARRI LogC to Rec709."),
            ("d_monitor", 150, "Grading is done on a calibrated ASUS ProArt."),
        ],
        "questions": [("Which project got the Fuji 3513 look?", ["lut2"])],
    },
    {
        "id": "exact-07",
        "persona": "fatima",
        "memories": [
            ("s_mor3", 60, "Core MOR-03 (Morgiou, 8 m depth) shows a sharp carbon drop at 12 cm."),
            ("s_mor8", 58, "Core MOR-08 from Morgiou was contaminated, discard."),
            ("s_sor3", 55, "SOR-03 (Sormiou, 12 m) is the deepest intact core."),
            ("s_riou", 50, "RIO-01 sample vial cracked in transport."),
            ("d_analyser", 40, "Elemental analyser is booked all of next week."),
        ],
        "questions": [("what did we find in MOR-03?", ["s_mor3"])],
    },
    {
        "id": "exact-08",
        "persona": "amara",
        "memories": [
            ("nmc", 300, "Amara's NMC PIN is 12I3456E, revalidation due March."),
            ("nhs", 200, "Her NHS number is 485 777 3456."),
            ("locker", 100, "Locker code at work is 3456, don't tell anyone lol."),
            ("d_reval", 150, "Revalidation needs 35 hours of CPD and five reflective accounts."),
        ],
        "questions": [("I need Amara's NMC PIN for the agency form.", ["nmc"])],
    },
    {
        "id": "exact-09",
        "persona": "kenji",
        "memories": [
            (
                "lib",
                50,
                "payments-svc pins github.com/shopspring/decimal v1.3.1 — v1.4.0 changed rounding and broke ledger tests.",
            ),
            ("lib2", 45, "pgx bumped to v5.6.0 with no issues."),
            ("lib3", 100, "The ledger uses decimal for all amounts, never float64."),
            ("lib4", 30, "The reporting service is on shopspring/decimal v1.4.0, fine there."),
        ],
        "questions": [("Why is payments-svc stuck on decimal v1.3.1?", ["lib"])],
    },
    {
        "id": "exact-10",
        "persona": "priya",
        "memories": [
            ("acct", 90, "Acme Logistics tenant ID: tnt_7f3k29; prod region ap-south-1."),
            ("acct2", 80, "Acme's sandbox tenant is tnt_7f3k92."),
            ("acct3", 70, "Globex tenant: tnt_2k9f37, region eu-west-1."),
            ("d_acme", 60, "Acme has three admins, main one is Deepak."),
        ],
        "questions": [("Which customer is tenant tnt_7f3k92, and is it prod?", ["acct2"])],
    },
    {
        "id": "exact-11",
        "persona": "lucas",
        "memories": [
            (
                "cake1",
                20,
                "Torta 'Rogel de la abuela' — 12 capas de masa, dulce de leche, merengue italiano.",
            ),
            ("cake2", 25, "Torta 'Chocotorta clásica' for kids' parties, no bake."),
            ("cake3", 30, "The 'Rogel mini' is a 6-layer individual version."),
            ("cake4", 200, "Abuela Nélida's recipe book has the original pastafrola too."),
        ],
        "questions": [("How many layers does the Rogel de la abuela have?", ["cake1"])],
    },
    {
        "id": "exact-12",
        "persona": "jordan",
        "memories": [
            ("inv", 40, "Invoice INV-2026-041 to Sunward Coffee, $7,200, paid."),
            ("inv2", 30, "INV-2026-044 to the skate shop, $1,800, unpaid — chase after the 15th."),
            ("inv3", 20, "INV-2026-014 was voided (duplicate)."),
            ("d_wave", 300, "Invoices are sent through Wave."),
        ],
        "questions": [("Has INV-2026-044 been paid?", ["inv2"])],
    },
]
