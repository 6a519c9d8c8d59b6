"""The users whose memories the scenarios are: a few background memories each, stored in every one of
that user's scenario scopes before the scenario's own memories. They name the people and projects of
that life and answer none of the questions."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

BACKGROUND = {
    # Maya: backend engineer at a Lisbon fintech, team Atlas (card authorization).
    "maya": [
        ("bg-job", 720, "I work as a backend engineer at Fintra, mostly on the payments platform."),
        ("bg-team", 700, "My team is called Atlas; we own the card authorization service, card-auth for short."),
        ("bg-home", 690, "I live in Lisbon with my partner Rui and our cat Pimenta."),
        ("bg-rust", 410, "I'm learning Rust on weekends, slowly, mostly through Advent of Code puzzles."),
        ("bg-people", 380, "Jonas and Aiko are the two engineers I work with most on card-auth."),
        ("bg-chat", 35, "User said the week was long and she is looking forward to the weekend."),
    ],
    # Tom: freelance graphic designer in London, daughter Elsie, shares a studio with Bea.
    "tom": [
        ("bg-job", 715, "Tom is a freelance graphic designer working mostly on branding for small businesses."),
        ("bg-family", 705, "Tom lives in Kentish Town, London, with his wife Ines and their daughter Elsie."),
        ("bg-studio", 520, "Tom rents a desk in a shared studio in Camden with Bea, a ceramicist."),
        ("bg-clients", 300, "His main clients this year are Hollow Oak Studio and Brightwater Café."),
        ("bg-tools", 240, "Tom does most of his work in Figma and Affinity Designer."),
        ("bg-chat", 12, "Tom said he is tired and the week has been chaotic."),
    ],
    # Priya: data scientist at a health-tech startup in the Netherlands.
    "priya": [
        ("bg-job", 725, "Priya is a senior data scientist at Medalyze, a health-tech startup working with hospitals."),
        ("bg-models", 610, "Her team builds a hospital readmission model and a sepsis early-warning model."),
        ("bg-manager", 600, "Priya reports to Tobias, the head of data science."),
        ("bg-stack", 450, "The team works in Python with MLflow, dbt and a Snowflake warehouse."),
        ("bg-hobby", 200, "Priya plays the sitar and takes lessons every other weekend."),
        ("bg-chat", 20, "Priya mentioned work has been busy lately."),
    ],
    # Leo: head of operations at a German logistics company.
    "leo": [
        ("bg-job", 710, "Leo is head of operations at Rhein Cargo, a logistics company based in Düsseldorf."),
        ("bg-sites", 690, "Rhein Cargo runs warehouses in Düsseldorf (DUS-1, DUS-2) and Venlo, plus a cross-dock near Rotterdam."),
        ("bg-fleet", 650, "Leo's area covers the delivery fleet, the dispatchers and the warehouse operations."),
        ("bg-family", 480, "Leo has two young sons and lives in Neuss."),
        ("bg-tools", 330, "Operations reporting is done in Power BI, fed from the warehouse management system."),
        ("bg-chat", 8, "Leo said it's been a hectic month in operations."),
    ],
}
# fmt: on
