"""Multi-hop: one memory links A to B ("A's manager is B"), another holds B's fact; the question asks
about B through A. The answer is the memory holding the fact, not the linking one."""

# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "multihop-01",
        "persona": "maya",
        "memories": [
            ("link", 400, "Jonas's manager is Sabine Hartl, she runs the payments platform group."),
            ("cat", 300, "Jonas has a cat allergy, keep Pimenta away from him when he visits."),
            ("answer", 120, "Sabine is allergic to tree nuts, so no walnut cake at the offsite."),
            ("menu", 20, "Aiko is finalising the offsite menu."),
        ],
        "questions": [
            ("What is Jonas's manager allergic to?", ["answer"]),
        ],
    },
    {
        "id": "multihop-02",
        "persona": "tom",
        "memories": [
            ("link", 200, "Elsie's best friend is Noor from her class."),
            ("pasta", 150, "Elsie loves pasta and would eat it every day."),
            ("answer", 90, "Noor is coeliac, gluten-free snacks only when she comes over."),
            ("mum", 60, "Noor's mum Hiba usually picks her up around six."),
        ],
        "questions": [
            ("What can't Elsie's best friend eat?", ["answer"]),
            ("snacks for when my daughter's best friend comes over", ["answer"]),
        ],
    },
    {
        "id": "multihop-03",
        "persona": "priya",
        "memories": [
            ("link", 500, "The sepsis model is owned by Farid's team."),
            ("icu", 300, "Farid's team also looks after the ICU dashboards."),
            ("answer", 250, "Farid lives in Utrecht and takes the train in on Tuesdays and Thursdays."),
            ("tobias", 200, "Tobias lives in Amsterdam and cycles to the office."),
        ],
        "questions": [
            ("Which city does the owner of the sepsis model live in?", ["answer"]),
        ],
    },
    {
        "id": "multihop-04",
        "persona": "leo",
        "memories": [
            ("link", 350, "Joost Verhoeven runs the Venlo site."),
            ("polish", 250, "Most of the pickers in Venlo are from Poland."),
            ("answer", 200, "Joost speaks German, Dutch and a little Polish."),
            ("marloes", 100, "Marloes only speaks Dutch and English."),
        ],
        "questions": [
            ("What languages does the Venlo site manager speak?", ["answer"]),
        ],
    },
    {
        "id": "multihop-05",
        "persona": "maya",
        "memories": [
            ("link", 650, "Our landlord is Mr. Serrano, he owns the whole building."),
            ("caretaker", 500, "The building's caretaker is Dona Amélia, she has the spare keys."),
            ("answer", 400, "Mr. Serrano prefers WhatsApp messages and never wants calls after 6 pm."),
            ("heating", 30, "The heating in the bathroom is broken again."),
        ],
        "questions": [
            ("How should I contact our landlord about the heating?", ["answer"]),
        ],
    },
    {
        "id": "multihop-06",
        "persona": "tom",
        "memories": [
            ("link", 300, "Hollow Oak's creative director is Clara Wynn."),
            ("office", 280, "Hollow Oak's office is in Shoreditch, near the overground."),
            ("answer", 150, "Clara Wynn is vegan and loves Ethiopian food."),
            ("bea", 40, "Tom had Ethiopian food with Bea last month and didn't love it."),
        ],
        "questions": [
            ("What kind of food does Hollow Oak's creative director like?", ["answer"]),
            ("where should I take the Hollow Oak creative director for lunch", ["answer"]),
        ],
    },
    {
        "id": "multihop-07",
        "persona": "priya",
        "memories": [
            ("link", 550, "Priya's mentor is Dr. Helen Moyo from cardiology at the university hospital."),
            ("talk", 75, "Priya is giving a talk at MLHC this summer."),
            ("answer", 60, "Helen Moyo sits on the MLHC program committee this year."),
            ("neurips", 40, "Tobias reviews for NeurIPS."),
        ],
        "questions": [
            ("Which program committee is Priya's mentor on?", ["answer"]),
        ],
    },
    {
        "id": "multihop-08",
        "persona": "leo",
        "memories": [
            ("link", 400, "The DUS-2 warehouse reports to Katrin Lenz."),
            ("chargers", 200, "DUS-2 got eight new EV chargers for the depot."),
            ("answer", 150, "Katrin Lenz drives a Tesla Model Y and charges it at the depot."),
            ("leo", 100, "Leo drives a VW Passat estate."),
        ],
        "questions": [
            ("What car does the head of DUS-2 drive?", ["answer"]),
        ],
    },
    {
        "id": "multihop-09",
        "persona": "maya",
        "memories": [
            ("link", 300, "Aiko's partner is Bruno."),
            ("padel", 200, "Bruno and Rui play padel together on Sundays."),
            ("answer", 180, "Bruno is a pastry chef at a bakery in Alfama."),
            ("aiko", 350, "Aiko works on card-auth with me."),
        ],
        "questions": [
            ("What does Aiko's partner do for a living?", ["answer"]),
        ],
    },
    {
        "id": "multihop-10",
        "persona": "tom",
        "memories": [
            ("link", 600, "Tom's accountant is Gareth Pryce."),
            ("tax", 100, "Tom's self-assessment tax return is due in January."),
            ("answer", 550, "Gareth's office is on Camden Road, above the pharmacy."),
            ("bea", 400, "Bea uses a different accountant in Hackney."),
        ],
        "questions": [
            ("Where is my accountant's office?", ["answer"]),
        ],
    },
    {
        "id": "multihop-11",
        "persona": "priya",
        "memories": [
            ("link", 300, "The readmission project's clinical lead is Dr. Sandeep Rao."),
            ("answer", 280, "Dr. Rao only takes meetings on Wednesday afternoons."),
            ("weekly", 200, "The readmission project team meets weekly."),
            ("rounds", 100, "Clinicians are busiest on Monday mornings."),
        ],
        "questions": [
            ("When can I meet the readmission project's clinical lead?", ["answer"]),
        ],
    },
    {
        "id": "multihop-12",
        "persona": "leo",
        "memories": [
            ("link", 450, "The fleet's tyre supplier is Reifen Kessler in Duisburg."),
            ("season", 300, "Winter tyre changes start in October."),
            ("answer", 250, "Kessler closes for the whole of August, every year."),
            ("garage", 200, "The workshop at DUS-1 is closed on Sundays."),
        ],
        "questions": [
            ("When is our tyre supplier closed?", ["answer"]),
        ],
    },
    {
        "id": "multihop-13",
        "persona": "maya",
        "memories": [
            ("link", 500, "My skip-level manager is Teresa Lobo."),
            ("answer", 300, "Teresa was CTO at a Brazilian bank before and can't stand long slide decks."),
            ("deck", 10, "I'm preparing a deck for the quarterly review."),
            ("sabine", 200, "Sabine likes detailed written proposals."),
        ],
        "questions": [
            ("What does my skip-level manager dislike?", ["answer"]),
            ("how should I present to my skip-level", ["answer"]),
        ],
    },
    {
        "id": "multihop-14",
        "persona": "tom",
        "memories": [
            ("link", 520, "Tom shares the studio with Bea, a ceramicist."),
            ("answer", 400, "Bea fires her kiln on Thursdays, so the studio gets hot and noisy."),
            ("quiet", 200, "Tom needs quiet for client calls."),
            ("cleaning", 100, "The studio is cleaned on Monday mornings."),
        ],
        "questions": [
            ("Which day is the studio noisy because of my studio mate?", ["answer"]),
        ],
    },
]
# fmt: on
