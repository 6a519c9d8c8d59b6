"""Personas for blind set 3: background memories stored in every scenario of that persona.

None of these answers any question of the set.
"""

# Hand-written data: one memory per line, however long.

BACKGROUND = {
    "ines": [
        ("bg_ines_job", 700, "I'm a paediatric nurse, night shifts mostly, at a public hospital in Porto."),
        (
            "bg_ines_family",
            690,
            "Married to Rui, we have two kids — Tomás is 7 and Leonor turned 4 in spring.",
        ),
        ("bg_ines_dog", 500, "Our dog Bolacha is a scruffy mutt we adopted from a shelter in Gaia."),
        ("bg_ines_running", 420, "Ines likes trail running on weekends, usually along the Douro."),
        (
            "bg_ines_lang",
            380,
            "User writes in English but sometimes slips Portuguese words in, e.g. 'saudades'.",
        ),
    ],
    "kenji": [
        ("bg_kenji_job", 720, "Kenji is a backend engineer on the Payments Core team at a fintech in Osaka."),
        (
            "bg_kenji_stack",
            650,
            "Most of our services are Go, deployed on Kubernetes, with Postgres underneath.",
        ),
        ("bg_kenji_partner", 600, "lives with his partner Aiko, she's an illustrator who works from home"),
        ("bg_kenji_bike", 400, "I commute by bike when it's not raining, about 25 minutes each way."),
        ("bg_kenji_coffee", 300, "Kenji says he drinks way too much canned coffee during on-call weeks."),
        ("bg_kenji_hobby", 210, "Weekend thing: I've been building a small mechanical keyboard collection."),
    ],
    "amara": [
        (
            "bg_amara_biz",
            710,
            "Amara runs a small catering company out of a shared kitchen in Peckham, South London.",
        ),
        ("bg_amara_daughter", 680, "My daughter Zara is 12 and wants to be a marine biologist this week."),
        ("bg_amara_mum", 560, "Her mum, Mrs Okafor senior, moved in with them after Amara's dad passed."),
        ("bg_amara_food", 450, "Signature dishes: jollof, suya skewers, puff-puff for dessert platters."),
        ("bg_amara_church", 240, "Sundays are mostly church and then cooking for the week ahead."),
    ],
    "lukas": [
        ("bg_lukas_job", 730, "Lukas teaches physics and maths at a Gymnasium in Leipzig."),
        ("bg_lukas_partner", 640, "His partner Jonas works as a sound engineer at the opera."),
        ("bg_lukas_band", 520, "I play tenor horn in a brass band that rehearses Thursday evenings."),
        ("bg_lukas_flat", 470, "We bought an old Gründerzeit flat and are slowly renovating it ourselves."),
        ("bg_lukas_style", 200, "Lukas prefers short, direct answers, no bullet-point walls."),
    ],
    "priya": [
        (
            "bg_priya_job",
            700,
            "Priya is a product manager for Ledgerly, a B2B invoicing SaaS, based in Bangalore.",
        ),
        (
            "bg_priya_team",
            610,
            "Her squad is fully remote: engineers in Pune, design in Lisbon, QA in Kochi.",
        ),
        ("bg_priya_parents", 540, "My parents live in Chennai; I try to visit every couple of months."),
        ("bg_priya_yoga", 330, "I do yoga most mornings before standup, it keeps me sane."),
        (
            "bg_priya_reading",
            150,
            "currently reading a lot of books about pricing strategy, weirdly enjoying it",
        ),
    ],
    "diego": [
        ("bg_diego_job", 720, "Diego is a large-animal vet in Mendoza, lots of horses and some cattle."),
        ("bg_diego_wife", 660, "My wife Valeria teaches literature at the university."),
        (
            "bg_diego_vineyard",
            590,
            "We own a small share in a family vineyard near Luján de Cuyo with my cousins.",
        ),
        ("bg_diego_futbol", 350, "Plays five-a-side football on Wednesdays with old classmates."),
        ("bg_diego_lang", 120, "He's practising English with the assistant; prefers to be corrected gently."),
    ],
    "sarah": [
        ("bg_sarah_job", 700, "Sarah is a hydrologist with the provincial water agency in Winnipeg."),
        ("bg_sarah_kids", 650, "I've got two boys, Owen (10) and Miles (8), both hockey-obsessed."),
        ("bg_sarah_curling", 480, "She curls in a Tuesday night league at the local club."),
        ("bg_sarah_husband", 430, "My husband Graham does shift work at the rail yard."),
        ("bg_sarah_cabin", 260, "Family has an old cabin on a lake up near Gimli, used mostly in summer."),
    ],
    "hamid": [
        (
            "bg_hamid_job",
            710,
            "Hamid manages a fleet of about forty trucks for a logistics firm in Rotterdam.",
        ),
        ("bg_hamid_origin", 690, "Grew up in Shiraz, moved to the Netherlands for his master's and stayed."),
        ("bg_hamid_chess", 500, "I play correspondence chess, usually five or six games going at once."),
        (
            "bg_hamid_kids",
            410,
            "Hamid and his wife Shirin have one son, Arash, who's at university in Delft.",
        ),
        ("bg_hamid_cooking", 180, "He cooks Persian food every Friday — tahdig is his pride."),
    ],
    "aroha": [
        (
            "bg_aroha_startup",
            700,
            "Aroha co-founded Paddock, a startup making soil-moisture sensors for farms.",
        ),
        ("bg_aroha_home", 620, "I live in Hamilton, NZ, close enough to drive out to the pilot farms."),
        ("bg_aroha_whanau", 560, "Big whānau — she has four siblings and heaps of nieces and nephews."),
        ("bg_aroha_waka", 390, "Paddles waka ama with a club on the Waikato River."),
        (
            "bg_aroha_cofounder",
            300,
            "My cofounder Ben handles hardware; I do product, sales and fundraising.",
        ),
    ],
}
