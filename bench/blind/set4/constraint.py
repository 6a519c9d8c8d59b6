# ruff: noqa: E501
"""constraint: a standing rule / restriction must come first when asked to do something it governs."""

SCENARIOS = [
    {
        "id": "constraint-01",
        "persona": "ines",
        "memories": [
            (
                "rule",
                300,
                "Nuno is seriously allergic to shellfish - shrimp, clams, the lot. He carries an EpiPen.",
                {"memory_type": "constraint"},
            ),
            ("d1", 200, "Nuno's favourite dish is bacalhau à brás"),
            ("d2", 100, "Sunday lunch is usually at my in-laws' in Sintra"),
            ("d3", 50, "The kids love arroz de pato"),
            ("d4", 15, "Fish market in Cascais has great prices on Saturdays"),
        ],
        "questions": [("Plan an arroz de marisco for our Sunday family lunch", ["rule"])],
    },
    {
        "id": "constraint-02",
        "persona": "kwame",
        "memories": [
            (
                "rule",
                200,
                "Team rule: no production deploys after 2pm on a Friday unless the EM signs off",
                {"memory_type": "constraint"},
            ),
            ("d1", 100, "Deploys go through ArgoCD, takes about 12 minutes end to end"),
            ("d2", 30, "The refund fix is ready, reviewed and green in CI"),
            ("d3", 10, "Release notes template is in Confluence under Payments"),
        ],
        "questions": [("It's Friday, 4pm - can I ship the refund fix to prod now?", ["rule"])],
    },
    {
        "id": "constraint-03",
        "persona": "yuki",
        "memories": [
            (
                "rule",
                60,
                "Decided: max 30,000 yen for the new sofa, the rest goes to the Iceland fund",
                {"memory_type": "decision"},
            ),
            ("d1", 55, "Nitori has a nice grey three-seater"),
            ("d2", 40, "Mochi shredded the old sofa, it's beyond saving"),
            ("d3", 10, "Saw a leather sofa at Francfranc for 89,000, gorgeous"),
        ],
        "questions": [("Should I go ahead and order that Francfranc sofa for her?", ["rule"])],
    },
    {
        "id": "constraint-04",
        "persona": "rafael",
        "memories": [
            (
                "rule",
                400,
                "Our liquor licence only allows serving alcohol until 1:00 am - inspectors fine 50k if they catch us",
                {"memory_type": "constraint"},
            ),
            ("d1", 300, "Emiliano's mezcal list is our best margin"),
            ("d2", 100, "Saturday nights we're full until midnight"),
            ("d3", 20, "A client wants to rent the whole place for a wedding after-party"),
        ],
        "questions": [("The wedding party wants the bar pouring until 3am - can we say yes?", ["rule"])],
    },
    {
        "id": "constraint-05",
        "persona": "priya",
        "memories": [
            (
                "rule",
                150,
                "All communication with HDFC goes through our account manager Rohit. Nobody emails their team directly.",
                {"memory_type": "constraint"},
            ),
            ("d1", 120, "HDFC is the sponsor bank for UPI payouts"),
            ("d2", 60, "HDFC's tech lead is Meera Iyer, very sharp"),
            ("d3", 15, "Need HDFC to whitelist our new egress IPs before launch"),
        ],
        "questions": [("Draft an email to Meera at HDFC asking her to whitelist our new IPs", ["rule"])],
    },
    {
        "id": "constraint-06",
        "persona": "lena",
        "memories": [
            (
                "rule",
                200,
                "I'm on Marcumar since the thrombosis, so ibuprofen and aspirin are off limits for me",
            ),
            ("d1", 150, "Thrombosis in my left leg after the long flight back from Bangkok"),
            ("d2", 80, "INR check every three weeks at Dr. Fischer's"),
            ("d3", 20, "Getting tension headaches from all the computer work lately"),
        ],
        "questions": [
            ("Lena has a pounding headache - what painkiller should I suggest she take?", ["rule"])
        ],
        "note": "medical fact phrased as a fact, not labelled as a rule",
    },
    {
        "id": "constraint-07",
        "persona": "tom",
        "memories": [
            (
                "rule",
                300,
                "School policy: no photos of students on any social media unless the parents have signed the media consent form",
                {"memory_type": "constraint"},
            ),
            ("d1", 200, "The school Instagram is run by Ms Duggan"),
            ("d2", 30, "The school senior hurlers won the Connacht semi-final!!"),
            ("d3", 10, "Took some great shots of the lads lifting the cup"),
        ],
        "questions": [("Can you put the pictures of the school team celebrating up on Instagram?", ["rule"])],
    },
    {
        "id": "constraint-08",
        "persona": "amara",
        "memories": [
            (
                "rule",
                200,
                "Firm policy: client names never go in calendar invite titles - use the matter number",
                {"memory_type": "constraint"},
            ),
            ("d1", 150, "Delgado's matter number internally is 2024-0718"),
            ("d2", 100, "I like invites to have a dial-in even for in-person meetings"),
            ("d3", 10, "Need to sit down with Delgado next Tuesday at 10 to prep for mediation"),
        ],
        "questions": [("Set up the invite for my prep meeting with Delgado on Tuesday", ["rule"])],
    },
    {
        "id": "constraint-09",
        "persona": "ines",
        "memories": [
            (
                "rule",
                150,
                "Please don't put anything in my calendar before 10 - mornings are school run and the commute",
                {"memory_type": "preference"},
            ),
            ("d1", 120, "Thursdays I work from the office in Alcântara"),
            ("d2", 60, "Design reviews are usually Thursday afternoons"),
            ("d3", 10, "The client in Berlin wants a call this week, they're an hour ahead of us"),
        ],
        "questions": [("Book the Berlin client call for 9am Thursday", ["rule"])],
    },
    {
        "id": "constraint-10",
        "persona": "kwame",
        "memories": [
            (
                "rule",
                250,
                "Abena and I agreed: anything over £500 we talk about first, no surprise purchases",
                {"memory_type": "decision"},
            ),
            ("d1", 100, "Personal laptop is a 2017 MacBook, battery's dying"),
            ("d2", 30, "The M3 MacBook Air is £1,099 at John Lewis"),
            ("d3", 5, "Bonus landed this month, about £2k after tax"),
        ],
        "questions": [("Go ahead and order me the M3 Air from John Lewis", ["rule"])],
    },
    {
        "id": "constraint-11",
        "persona": "yuki",
        "memories": [
            ("rule", 500, "Penicillin allergy - came out in hives all over at 19. Amoxicillin counts too."),
            ("d1", 100, "Wisdom tooth extraction booked at the dental clinic in Namba"),
            ("d2", 50, "My dentist is Dr. Ishikawa, very gentle"),
            ("d3", 10, "Tooth is swollen, might be infected"),
        ],
        "questions": [
            (
                "Her dentist wants to start her on the usual antibiotic for a tooth infection - anything to flag?",
                ["rule"],
            )
        ],
    },
    {
        "id": "constraint-12",
        "persona": "rafael",
        "memories": [
            (
                "rule",
                100,
                "Never again with Proveedora Ruiz - the chicken came in spoiled twice. Poultry only from Avícola San Juan.",
                {"memory_type": "decision"},
            ),
            ("d1", 90, "Ruiz is about 8 pesos a kilo cheaper"),
            ("d2", 30, "Chicken breast prices went up everywhere"),
            ("d3", 5, "This weekend we need about 40 kg of chicken for the pozole verde and the enchiladas"),
        ],
        "questions": [("Put in the chicken order for the weekend at the cheapest supplier", ["rule"])],
    },
    {
        "id": "constraint-13",
        "persona": "priya",
        "memories": [
            (
                "rule",
                200,
                "Compliance: customer PII (phone, PAN, account numbers) never goes into Slack - use the masked IDs from the admin panel",
                {"memory_type": "constraint"},
            ),
            ("d1", 50, "#pay-incidents is the channel for payout failures"),
            ("d2", 10, "About 230 payouts failed last night, mostly to Kotak accounts"),
            ("d3", 5, "Kiran needs the list of affected customers to retry them"),
        ],
        "questions": [
            (
                "Paste the affected customers' phone and account numbers into the incidents channel for Kiran",
                ["rule"],
            )
        ],
    },
    {
        "id": "constraint-14",
        "persona": "lena",
        "memories": [
            (
                "rule",
                300,
                "Clinic rule: we only euthanise with the owner present or a signed consent form - a phone call isn't enough",
                {"memory_type": "constraint"},
            ),
            ("d1", 40, "Bruno the dachshund's kidneys are failing"),
            ("d2", 20, "Bruno's owner Frau Lang is in hospital herself"),
            ("d3", 5, "Bruno stopped eating yesterday"),
        ],
        "questions": [
            (
                "Frau Lang rang and said to go ahead and put Bruno down today since she can't come in. Can we?",
                ["rule"],
            )
        ],
    },
    {
        "id": "constraint-15",
        "persona": "tom",
        "memories": [
            ("rule", 400, "I'm coeliac, diagnosed 2019 - even crumbs of gluten knock me out for days"),
            ("d1", 200, "The lads love Dough Bros for pizza"),
            ("d2", 100, "End-of-season dinner is usually the last Friday in October"),
            ("d3", 30, "Club gave us about €400 for the team dinner"),
        ],
        "questions": [("Book the end-of-season team dinner at Dough Bros for 25, Tom included", ["rule"])],
    },
    {
        "id": "constraint-16",
        "persona": "amara",
        "memories": [
            (
                "rule",
                100,
                "Harcourt tenants file: disbursements capped at $2,000 in total, the clinic won't reimburse a cent more",
                {"memory_type": "constraint"},
            ),
            ("d1", 90, "Harcourt hearings at the LTB were in June, August and October"),
            ("d2", 30, "LTB transcripts run about $950 per hearing"),
            ("d3", 10, "Already spent $600 on the process server"),
        ],
        "questions": [("Go ahead and order transcripts for all three Harcourt hearings", ["rule"])],
    },
    {
        "id": "constraint-17",
        "persona": "kwame",
        "memories": [
            (
                "rule",
                300,
                "Kwame: never book him on Ryanair again, he'd rather pay double",
                {"memory_type": "preference"},
            ),
            ("d1", 60, "Stag do in Dublin, 14-16 June"),
            ("d2", 40, "Ryanair has Manchester-Dublin for £29 return that weekend"),
            ("d3", 30, "Aer Lingus is £118 return"),
        ],
        "questions": [("Grab me the cheapest return to Dublin for the stag weekend", ["rule"])],
    },
    {
        "id": "constraint-18",
        "persona": "ines",
        "memories": [
            (
                "rule",
                400,
                "My contract has a non-compete: no freelance work for other banks or fintechs while I'm employed here",
                {"memory_type": "constraint"},
            ),
            ("d1", 300, "Weekend freelancing pays for our holidays"),
            ("d2", 60, "Did a logo for my cousin's bakery, fun little job"),
            ("d3", 5, "Millennium bcp reached out about redesigning their app onboarding"),
        ],
        "questions": [("Reply to Millennium and say yes to the onboarding redesign gig", ["rule"])],
    },
    {
        "id": "constraint-19",
        "persona": "yuki",
        "memories": [
            (
                "rule",
                200,
                "Hospital regulation: nurses can't post anything from inside the wards online, not even a photo of the corridor",
                {"memory_type": "constraint"},
            ),
            ("d1", 150, "I have a small Instagram for my cello practice videos"),
            ("d2", 40, "The ward decorated for Tanabata, it looks so cute"),
            ("d3", 10, "Hanae took a photo of our Tanabata wishes on the ward"),
        ],
        "questions": [("Post Hanae's photo of the ward's Tanabata decorations on my Instagram", ["rule"])],
    },
    {
        "id": "constraint-20",
        "persona": "rafael",
        "memories": [
            (
                "rule",
                250,
                "Doctor's orders after the heart scare: under 1,500 mg of salt a day, Lupita checks every label",
                {"memory_type": "constraint"},
            ),
            ("d1", 200, "I love the carne seca from Sonora"),
            ("d2", 60, "The new pickled jalapeños from the supplier are excellent"),
            ("d3", 5, "Friends are coming to watch the Chivas game on Saturday"),
        ],
        "questions": [
            ("Make a snack plan for Rafael's game night - carne seca, chips and pickled jalapeños?", ["rule"])
        ],
    },
]
