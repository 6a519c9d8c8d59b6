"""Personas for dev2. Background memories are stored in every scenario of a persona and must not
answer any question in the set."""

BACKGROUND = {
    "maria": [
        ("bg_maria_1", 700, "Maria Oliveira is a UX designer, 34, originally from Coimbra."),
        ("bg_maria_2", 520, "I like answers short, bullet points if possible, no fluff please"),
        ("bg_maria_3", 410, "The user's partner is Tiago; they've been together about eight years."),
        (
            "bg_maria_4",
            230,
            "maria mentioned she's trying to read more fiction this year, currently on a Saramago kick",
        ),
        ("bg_maria_5", 90, "User tends to work late on Thursdays and asks for summaries on Friday mornings."),
    ],
    "kenji": [
        ("bg_kenji_1", 690, "Kenji Watanabe, backend engineer. Main languages: Go and some Python."),
        ("bg_kenji_2", 600, "I have two kids, Hana (9) and Sota (6)."),
        ("bg_kenji_3", 350, "Kenji plays shogi online most evenings, rated around 1700 on the app he uses."),
        ("bg_kenji_4", 200, "The user prefers code examples over long prose explanations."),
        ("bg_kenji_5", 45, "kenji said his wife Yuki is the one who handles school paperwork"),
    ],
    "amara": [
        ("bg_amara_1", 720, "Amara Okafor is a paediatric nurse; born in Enugu, lives in the UK since 2012."),
        ("bg_amara_2", 480, "I sing alto in my church choir, rehearsals are Wednesday nights."),
        ("bg_amara_3", 300, "The user has a younger brother, Chidi, who is studying engineering."),
        ("bg_amara_4", 150, "amara likes getting reminders the evening before, not the morning of"),
        ("bg_amara_5", 20, "She's been using a paper planner alongside the app, says it helps her think."),
    ],
    "lucas": [
        ("bg_lucas_1", 710, "Lucas Fernández runs a small bakery with his wife Sofía."),
        (
            "bg_lucas_2",
            560,
            "Soy hincha de Racing desde chico. (Lucas supports Racing Club, since childhood.)",
        ),
        (
            "bg_lucas_3",
            380,
            "The user writes in a mix of Spanish and English; reply in English unless asked.",
        ),
        ("bg_lucas_4", 260, "Our daughter Valentina is 12 and wants to be a vet."),
        ("bg_lucas_5", 70, "Lucas gets up at 4am most days for the morning bake."),
    ],
    "priya": [
        ("bg_priya_1", 715, "Priya Raman is a product manager at a B2B SaaS company."),
        ("bg_priya_2", 540, "My mom lives with us since dad passed away in 2021."),
        ("bg_priya_3", 400, "User manages a team of six: four engineers, a designer and a QA."),
        ("bg_priya_4", 210, "priya likes to get meeting notes as action items, owner + due date"),
        ("bg_priya_5", 30, "She's learning Carnatic violin again after a long break."),
    ],
    "erik": [
        ("bg_erik_1", 725, "Erik Lindqvist, retired secondary-school history teacher."),
        ("bg_erik_2", 610, "I have three grandchildren, the oldest is Alva."),
        ("bg_erik_3", 430, "The user is a bit hard of hearing and prefers written summaries over calls."),
        ("bg_erik_4", 240, "Erik keeps bees, two hives at the bottom of the garden."),
        ("bg_erik_5", 60, "erik is writing a local history of the parish, slowly"),
    ],
    "fatima": [
        ("bg_fatima_1", 700, "Fatima Zahra Benali is doing a PhD in marine biology."),
        ("bg_fatima_2", 500, "My thesis is on seagrass meadows and their carbon storage."),
        ("bg_fatima_3", 330, "The user grew up in Casablanca and speaks Darija, French and English."),
        ("bg_fatima_4", 180, "Fatima climbs at a bouldering gym with her labmates sometimes."),
        ("bg_fatima_5", 25, "She asked me to keep citations in APA style when summarising papers."),
    ],
    "jordan": [
        ("bg_jordan_1", 705, "Jordan Reyes is a freelance video editor; uses they/them pronouns."),
        ("bg_jordan_2", 590, "I play bass in a garage band called Low Tide Radio."),
        ("bg_jordan_3", 420, "The user's clients are mostly small brands and a couple of podcasts."),
        ("bg_jordan_4", 190, "jordan is a night owl, rarely reachable before 11am"),
        ("bg_jordan_5", 50, "They've got a cat named Biscuit who walks across the keyboard a lot."),
    ],
}
