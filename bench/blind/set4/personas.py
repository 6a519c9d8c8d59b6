# ruff: noqa: E501
"""Personas for blind set 4: background memories stored in every scenario of that persona.
None of them answers any question of the set."""

BACKGROUND = {
    "ines": [
        ("bg_1", 700, "Inês is a product designer, the only designer among a dozen engineers at her company"),
        ("bg_2", 650, "I grew up in Braga and came down to Lisbon for university, never left"),
        ("bg_3", 600, "My husband Nuno teaches history at a secondary school"),
        ("bg_4", 500, "I've done everything in Figma since 2018, keyboard shortcuts are life"),
        ("bg_5", 400, "Saturday mornings I do a long run along the river out to Belém"),
    ],
    "kwame": [
        ("bg_1", 720, "Kwame is a backend engineer, mostly Go and Kotlin, six years in payments"),
        ("bg_2", 650, "I was born in Kumasi and came to the UK when I was 12"),
        ("bg_3", 600, "Married Abena in 2021, she works as a hospital pharmacist"),
        ("bg_4", 500, "Arsenal supporter, it's a burden I carry"),
        ("bg_5", 300, "Sunday is jollof day in our house, non-negotiable"),
    ],
    "yuki": [
        ("bg_1", 720, "Yuki Tanaka, 31, registered nurse at a large general hospital in Osaka"),
        ("bg_2", 690, "Did my nursing degree in Kobe"),
        ("bg_3", 600, "I'm a morning person despite all the night shifts, weirdly"),
        ("bg_4", 450, "Hanshin Tigers fan, dad took me to Koshien every summer as a kid"),
        ("bg_5", 300, "I read mystery novels on the train, mostly Higashino Keigo"),
        ("bg_6", 280, "My older sister Aiko emigrated to Canada years ago"),
    ],
    "rafael": [
        (
            "bg_1",
            720,
            "Rafael Ortiz runs El Rincón de Rafa, a Jalisco-style restaurant in Guadalajara he opened in 2009",
        ),
        ("bg_2", 680, "Married to Lupita for 28 years; our kids are Ximena and Emiliano"),
        ("bg_3", 600, "Chivas fan to the bone, season ticket at the Akron"),
        ("bg_4", 500, "My father was a butcher in Tlaquepaque, that's where I learned about meat"),
        ("bg_5", 400, "I get up at 5 to go to the market myself, always have"),
    ],
    "priya": [
        ("bg_1", 720, "Priya Nair is a product manager with nine years in fintech"),
        ("bg_2", 700, "Originally from Kochi, Malayalam at home, Kannada is still a struggle"),
        ("bg_3", 500, "I play badminton twice a week, it keeps me sane"),
        ("bg_4", 400, "Vegetarian, would eat dosa for every meal if allowed"),
        ("bg_5", 300, "Our son Aditya is five and obsessed with trains"),
    ],
    "lena": [
        ("bg_1", 720, "Lena Hoffmann is a vet, studied in Munich, practising since 2014"),
        ("bg_2", 650, "I live with my partner Jonas, he's a sound engineer"),
        ("bg_3", 600, "Our old border collie Pippa is twelve and still herds the neighbours' kids"),
        ("bg_4", 500, "Autumn is for hiking up the Feldberg, every year"),
        ("bg_5", 300, "Learning French on Duolingo for our holidays in the Vosges"),
    ],
    "tom": [
        ("bg_1", 720, "Tom Brennan teaches English and religion at a secondary school in Galway"),
        ("bg_2", 700, "Married to Orla, three kids: Cian, Aoife and Rory"),
        ("bg_3", 600, "Played hurling for the Galway minors back in the day, long before the knees went"),
        ("bg_4", 400, "Sea swimming at Blackrock all year round, even in January"),
        ("bg_5", 300, "Tom drives a 2016 Toyota Corolla"),
    ],
    "amara": [
        ("bg_1", 720, "Amara Okafor is an employment and commercial litigator at a mid-size Toronto firm"),
        ("bg_2", 690, "My parents came from Enugu in the 80s, I grew up in Scarborough"),
        ("bg_3", 500, "Big sister to Chioma, aunt to two nephews I spoil rotten"),
        ("bg_4", 400, "I collect vinyl, mostly Fela and old highlife records"),
        ("bg_5", 250, "Book club with law school friends, we read a novel a month"),
    ],
}
