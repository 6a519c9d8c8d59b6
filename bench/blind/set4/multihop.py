# ruff: noqa: E501
"""multihop: the question refers to someone/something by role; a link memory names it; the answer memory holds the fact."""

SCENARIOS = [
    {
        "id": "multihop-01",
        "persona": "kwame",
        "memories": [
            ("link", 200, "My new EM is Hannah Clarke, she came over from Auto Trader"),
            ("ans", 150, "Hannah's vegan, so team lunches need a proper plant-based option, not just salad"),
            ("d1", 100, "Tolu eats anything, literally anything"),
            ("d2", 50, "Team lunch budget is £15 a head"),
            ("d3", 20, "Hannah prefers 1:1s on Monday mornings"),
        ],
        "questions": [("I'm ordering lunch for my manager - any dietary stuff I should know?", ["ans"])],
    },
    {
        "id": "multihop-02",
        "persona": "ines",
        "memories": [
            ("link", 300, "Nuno has one sister, Carla, she's a pharmacist in Porto"),
            ("ans", 200, "Carla's birthday is 12 May, she always throws a big jantar"),
            ("d1", 150, "My sister Joana's birthday is 2 February"),
            ("d2", 90, "Nuno's mum turns 70 in September"),
            ("d3", 30, "Carla's husband Pedro is a football fanatic, FC Porto till he dies"),
        ],
        "questions": [("When's my husband's sister's birthday?", ["ans"])],
    },
    {
        "id": "multihop-03",
        "persona": "yuki",
        "memories": [
            ("link", 300, "My dentist is Dr. Ishikawa, near Namba station"),
            ("ans", 120, "Ishikawa Dental is closed on Wednesdays and Sunday afternoons"),
            ("d1", 100, "Dr. Sato, my GP, is open on Saturdays"),
            ("d2", 60, "The orthopaedic clinic on the ground floor of my building opens daily"),
            ("d3", 20, "Dental check-up every six months, I'm a bit overdue"),
        ],
        "questions": [("Could Yuki see her dentist on a Wednesday?", ["ans"])],
    },
    {
        "id": "multihop-04",
        "persona": "rafael",
        "memories": [
            ("link", 300, "Contador Héctor Beltrán has done our books since 2015"),
            ("ans", 100, "Héctor only accepts documents over WhatsApp, he ignores email completely"),
            ("d1", 200, "The bank wants everything by email as PDF"),
            ("d2", 50, "Lupita scans the invoices every Friday"),
            ("d3", 20, "Monthly tax declaration is due on the 17th"),
        ],
        "questions": [
            ("What's the best way to get this month's invoices to the guy who does our accounting?", ["ans"])
        ],
    },
    {
        "id": "multihop-05",
        "persona": "priya",
        "memories": [
            ("link", 200, "Farhan Sheikh leads QA for payouts"),
            (
                "ans",
                150,
                "Farhan lives in Pune and only flies into the Bangalore office the first week of each month",
            ),
            ("d1", 100, "Our designer Tanvi is in the Bangalore office every day"),
            ("d2", 60, "The Pune office has a QA lab with real devices"),
            ("d3", 10, "Need to review the test plan for payouts v2"),
        ],
        "questions": [("When could I catch the payouts QA lead face to face here in Bangalore?", ["ans"])],
    },
    {
        "id": "multihop-06",
        "persona": "lena",
        "memories": [
            ("link", 400, "Jonas plays bass in a band called Die Wurzeln"),
            ("ans", 30, "Die Wurzeln have a gig at the Jazzhaus Freiburg on 15 March, doors at 8"),
            ("d1", 100, "Jonas's brother's band played at the Waldsee last summer"),
            ("d2", 50, "The Jazzhaus chamber music night was sold out"),
            ("d3", 10, "Jonas has been practising every evening, the neighbours hate it"),
        ],
        "questions": [("When is my boyfriend's band playing next?", ["ans"])],
    },
    {
        "id": "multihop-07",
        "persona": "tom",
        "memories": [
            ("link", 200, "Rory and Oisín Farrell are inseparable, best friends since junior infants"),
            (
                "ans",
                180,
                "Oisín Farrell has a severe peanut allergy, his mam sends an EpiPen everywhere with him",
            ),
            ("d1", 150, "Rory's other pal Jack is a picky eater, only eats chips"),
            ("d2", 60, "Sleepover at ours on Saturday, making homemade pizzas"),
            ("d3", 30, "Rory wants peanut butter cookies for the sleepover"),
        ],
        "questions": [
            (
                "Rory's best mate is sleeping over Saturday - anything I need to be careful about with food?",
                ["ans"],
            )
        ],
    },
    {
        "id": "multihop-08",
        "persona": "amara",
        "memories": [
            ("link", 150, "My articling student this year is Jordan Pham"),
            ("ans", 60, "Jordan writes the barrister licensing exam on 10 June and needs that week off"),
            ("d1", 100, "Last year's student Alexis passed both exams on the first try"),
            ("d2", 40, "Mei is doing the law clerk certification in the fall"),
            ("d3", 20, "Jordan drafted a solid motion record on the trademark file"),
        ],
        "questions": [("When does my articling student sit the licensing exam?", ["ans"])],
    },
    {
        "id": "multihop-09",
        "persona": "kwame",
        "memories": [
            ("link", 300, "Abena's mum is Grace, she lives in Leeds"),
            ("ans", 250, "Grace has type 2 diabetes, user says she is strict about sugar and white rice"),
            ("d1", 200, "Abena's family say my mum's jollof is too spicy"),
            ("d2", 100, "Grace loves kelewele"),
            ("d3", 20, "Thinking of doing a big Sunday roast when the in-laws visit"),
        ],
        "questions": [
            ("My mother-in-law's coming to stay - what should I watch out for when I cook?", ["ans"])
        ],
    },
    {
        "id": "multihop-10",
        "persona": "ines",
        "memories": [
            ("link", 400, "The kids' pediatrician is Dra. Sofia Lopes, we've had her since Matilde was born"),
            (
                "ans",
                100,
                "Dra. Lopes sees patients at CUF Descobertas on Tuesdays and at Hospital da Luz on Fridays",
            ),
            ("d1", 200, "My GP at the centro de saúde is Dr. Almeida"),
            ("d2", 50, "Parking at CUF Descobertas is a nightmare"),
            ("d3", 10, "Duarte has a cough again"),
        ],
        "questions": [
            ("Duarte needs a check-up - where does the children's doctor see people on Fridays?", ["ans"])
        ],
    },
    {
        "id": "multihop-11",
        "persona": "yuki",
        "memories": [
            ("link", 300, "Aiko lives in Vancouver with her husband Daniel"),
            ("ans", 200, "Daniel is a sous-chef at Miku on the waterfront"),
            ("d1", 150, "Aiko works as a dental hygienist"),
            ("d2", 80, "Daniel's brother runs a food truck in Seattle"),
            ("d3", 20, "Aiko sent photos of the new apartment in Kitsilano"),
        ],
        "questions": [("Which restaurant does her brother-in-law in Canada cook at?", ["ans"])],
    },
    {
        "id": "multihop-12",
        "persona": "rafael",
        "memories": [
            ("link", 300, "Emiliano is in charge of the bar - drinks menu, stock, all of it"),
            (
                "ans",
                100,
                "All bar stock comes from Vinos y Licores del Altiplano; our rep there is Marisol Téllez",
            ),
            ("d1", 200, "Kitchen produce comes from the Mercado de Abastos, from Don Chucho"),
            ("d2", 60, "Emiliano wants to add craft beer from Cervecería Colimita"),
            ("d3", 10, "Marisol's cousin works in the kitchen at Alcalde"),
        ],
        "questions": [("Who's the supplier contact for the part of the restaurant my son manages?", ["ans"])],
    },
    {
        "id": "multihop-13",
        "persona": "priya",
        "memories": [
            ("link", 150, "Since the reorg the payouts service belongs to team Hermes"),
            ("ans", 100, "Hermes is led by Vikram Rao - escalate to him if the on-call doesn't respond"),
            ("d1", 120, "Team Atlas owns the ledger"),
            ("d2", 80, "Vikram Shetty from Atlas also sits on the architecture council"),
            ("d3", 20, "Payouts latency spiked again yesterday"),
        ],
        "questions": [("Who leads the team that owns the payouts service?", ["ans"])],
    },
    {
        "id": "multihop-14",
        "persona": "lena",
        "memories": [
            ("link", 500, "Katrin has been my best friend since Gymnasium"),
            ("ans", 200, "Katrin reacts terribly to horse dander - her eyes swell shut within minutes"),
            ("d1", 150, "Katrin loves hiking in the Black Forest"),
            ("d2", 90, "My colleague Sabine rides every weekend"),
            ("d3", 30, "Katrin's visiting in April"),
        ],
        "questions": [
            ("I'd like to take my best friend out on a hack with Fanny when she visits - good idea?", ["ans"])
        ],
    },
    {
        "id": "multihop-15",
        "persona": "tom",
        "memories": [
            ("link", 400, "Our principal is Fergal Gallagher, the deputy is Siobhán Ward"),
            (
                "ans",
                10,
                "Fergal wants every teacher's Term 2 scheme of work uploaded to the shared drive by Friday",
            ),
            ("d1", 9, "Siobhán wants supervision rota swaps emailed to her"),
            ("d2", 20, "English department meeting is on Wednesday"),
            ("d3", 5, "Ciara from the union says don't be doing extra paperwork"),
        ],
        "questions": [
            ("What has the head of the school asked me to have done by the end of the week?", ["ans"])
        ],
    },
    {
        "id": "multihop-16",
        "persona": "amara",
        "memories": [
            ("link", 300, "My mentor since law school is Patricia Lin, a retired judge"),
            (
                "ans",
                100,
                "Patricia only takes phone calls on weekday mornings, she's on the golf course every afternoon",
            ),
            ("d1", 200, "My old classmate Tunde is a Crown prosecutor now"),
            ("d2", 50, "Want advice on whether to go for partner"),
            ("d3", 20, "Patricia's evidence textbook just got a second edition"),
        ],
        "questions": [
            (
                "I want to phone my mentor about the partnership question - when's a good time to reach her?",
                ["ans"],
            )
        ],
    },
    {
        "id": "multihop-17",
        "persona": "kwame",
        "memories": [
            ("link", 400, "My younger brother Kofi moved to Toronto for his master's"),
            ("ans", 100, "Kofi's new Canadian number: +1 647 555 0193"),
            ("d1", 300, "Efua's number changed too, she's on +44 7700 900431 now"),
            ("d2", 60, "Kofi graduates in May"),
            ("d3", 20, "Dad keeps calling Kofi's old UK number"),
        ],
        "questions": [("What number do I use to ring my brother in Canada?", ["ans"])],
    },
    {
        "id": "multihop-18",
        "persona": "yuki",
        "memories": [
            ("link", 100, "Sato Keiko is head nurse on the orthopaedic ward"),
            (
                "ans",
                80,
                "Sato-san only approves leave on the paper form, and it has to be in by the 20th of the month before",
            ),
            ("d1", 60, "The hospital app shows how much paid leave you have left"),
            ("d2", 30, "I have 9 days of paid leave left"),
            ("d3", 10, "Hanae's head nurse lets them request leave over LINE"),
        ],
        "questions": [
            ("I want a few days off in February - how do I get the head of my ward to approve it?", ["ans"])
        ],
    },
    {
        "id": "multihop-19",
        "persona": "lena",
        "memories": [
            ("link", 250, "Our clinic's practice manager is Ute Brandt"),
            ("ans", 120, "Ute wants all overtime logged in the Tuesday spreadsheet, otherwise it isn't paid"),
            ("d1", 200, "The clinic switched payroll to DATEV"),
            ("d2", 60, "I did four hours overtime with the colic case on Sunday"),
            ("d3", 15, "Ute's on holiday in Crete for two weeks"),
        ],
        "questions": [("How do I make sure the practice manager pays my Sunday overtime?", ["ans"])],
    },
]
