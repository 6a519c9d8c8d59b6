"""Personas of blind set 1: background memories stored in every scenario of a persona.

None of these answers any question of the set; they are the ordinary clutter of a life.
"""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

BACKGROUND = {
    "ines": [
        ("bg_ines_job", 700, "I'm a UX researcher, I mostly run usability studies and interviews"),
        ("bg_ines_partner", 650, "My partner Tomás is a sound engineer, he works odd hours at a studio"),
        ("bg_ines_dog", 520, "We adopted a greyhound called Bolacha from a rescue in Setúbal"),
        ("bg_ines_climb", 300, "started bouldering twice a week, my forearms are dying lol"),
        ("bg_ines_lang", 120, "Inês is trying to learn Dutch on Duolingo, 40-day streak so far"),
    ],
    "kwame": [
        ("bg_kwame_job", 710, "I lead the payments backend team at a fintech, five engineers"),
        ("bg_kwame_kids", 600, "Kwame has two kids, Ama (9) and Kofi (6)"),
        ("bg_kwame_football", 410, "Sunday five-a-side with old uni friends is basically sacred"),
        ("bg_kwame_stack", 350, "our services are mostly Go with a bit of Kotlin on the ledger side"),
        ("bg_kwame_podcast", 90, "been listening to a lot of economics podcasts on my commute"),
    ],
    "hiroko": [
        ("bg_hiroko_job", 720, "I work as a pediatric nurse at a big hospital in Osaka, twelve years now"),
        ("bg_hiroko_father", 560, "My father is 81 and lives alone in Nara since mom passed"),
        ("bg_hiroko_knit", 400, "Hiroko knits in the break room, currently a cardigan for her niece"),
        ("bg_hiroko_hike", 260, "I like day hikes on the Kumano trails when I get a long weekend"),
        ("bg_hiroko_cat", 150, "the cat, Mugi, has decided my keyboard is her bed"),
        ("bg_hiroko_tea", 40, "I drink way too much hojicha, it's a problem"),
    ],
    "marta": [
        ("bg_marta_bakery", 730, "I own a small bakery in Kraków, sourdough and pastries, opened it in 2019"),
        ("bg_marta_husband", 640, "Piotr, my husband, fixes whatever breaks in the bakery on weekends, he's an electrician"),
        ("bg_marta_staff", 480, "We have three staff: Agnieszka, Bartek and a part-time student"),
        ("bg_marta_mornings", 330, "my alarm goes at 3:40, I'm in the shop by 4:15 most days"),
        ("bg_marta_cycling", 200, "Marta cycles along the Vistula on Sunday afternoons to unwind"),
    ],
    "dev": [
        ("bg_dev_job", 690, "I'm a product manager for a B2B invoicing SaaS, based in Bangalore"),
        ("bg_dev_wife", 610, "Dev's wife Ananya is a dentist, she has her own clinic in Indiranagar"),
        ("bg_dev_running", 430, "I run most mornings around Cubbon Park, training for longer races"),
        ("bg_dev_cricket", 270, "watching the IPL with my brothers is a whole family event"),
        ("bg_dev_reading", 100, "reading a lot of sci-fi lately, just finished the Three-Body trilogy"),
    ],
    "lucas": [
        ("bg_lucas_job", 700, "I'm a freelance photographer in São Paulo, weddings pay the bills, editorial is the fun part"),
        ("bg_lucas_sister", 580, "my sister Beatriz is a vet in Campinas, we talk almost every day"),
        ("bg_lucas_surf", 380, "Lucas surfs at Maresias whenever there's a decent swell"),
        ("bg_lucas_coffee", 240, "I'm a coffee snob, grind everything by hand, no shame"),
        ("bg_lucas_music", 60, "playing a bit of cavaquinho again after years away from it"),
    ],
    "sophie": [
        ("bg_sophie_phd", 715, "I'm doing a PhD in climate science in Hamburg, my topic is North Atlantic ocean heat uptake"),
        ("bg_sophie_cello", 560, "Sophie plays cello in a university amateur orchestra"),
        ("bg_sophie_flat", 450, "I share a flat with two others, Jonas and Mei, in Eimsbüttel"),
        ("bg_sophie_veg", 310, "I've been vegetarian since I was fifteen"),
        ("bg_sophie_swim", 130, "swimming laps at the Kaifu pool in the mornings helps me think"),
    ],
    "omar": [
        ("bg_omar_job", 725, "I teach chemistry at a high school in Montreal, grades 10 and 11"),
        ("bg_omar_family", 630, "Omar is married to Leila, they have three kids: Yasmin, Adam and baby Sami"),
        ("bg_omar_coach", 420, "I'm on the school's science fair committee every spring, it eats my March"),
        ("bg_omar_dad", 330, "my dad lives with us half the year, the other half with my brother in Ottawa"),
        ("bg_omar_cook", 180, "I make the family's mansaf for Eid, my mother's recipe"),
    ],
    "grace": [
        ("bg_grace_retired", 700, "I retired from accountancy three years ago after thirty years at the same firm"),
        ("bg_grace_garden", 590, "Grace is mad about her garden, roses and a big vegetable patch"),
        ("bg_grace_grandkids", 470, "I have four grandchildren, the youngest is just starting school"),
        ("bg_grace_choir", 350, "I sing alto in the parish choir, we rehearse on Wednesday evenings"),
        ("bg_grace_town", 220, "Galway in the rain is still the best place on earth, don't argue with me"),
    ],
}
