"""Personas for blind set 2: background memories stored in every scenario of the persona.
None of them answers a question of the set."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

BACKGROUND = {
    "tomasz": [
        ("bg-job", 610, "I work as an SRE at Kurierix, a parcel logistics company in Wrocław. Mostly Kubernetes, Terraform and being on call."),
        ("bg-family", 590, "Wife Ola, two kids: Kuba is 9, Zosia is 5."),
        ("bg-commute", 420, "Tomasz cycles to the office most of the year, roughly 11 km each way along the Oder."),
        ("bg-football", 365, "Huge Śląsk Wrocław fan, has had a season ticket since 2015."),
        ("bg-lang", 500, "He's Polish but prefers the assistant to answer in English — says the technical vocabulary is easier."),
    ],
    "amara": [
        ("bg-job", 640, "I'm a paediatric nurse on the children's ward at a hospital in Manchester."),
        ("bg-origin", 600, "Amara grew up in Enugu and moved to the UK in 2014 to finish her nursing degree."),
        ("bg-running", 380, "Running keeps me sane. Three runs a week, the long one on Sunday mornings."),
        ("bg-sister", 450, "My sister Chioma still lives in Lagos with her husband and their twins."),
        ("bg-home", 300, "Rents a two-bed flat in Chorlton with her partner Dele."),
    ],
    "kenji": [
        ("bg-shop", 700, "Kenji runs a small tonkotsu ramen shop a few streets from Hakata station, twelve seats at the counter."),
        ("bg-daughter", 560, "Our daughter Mai is at university in Osaka, studying architecture."),
        ("bg-wife", 540, "Wife Yuko does the books for the shop and covers the register at lunch."),
        ("bg-shogi", 400, "Plays shogi at the community centre on Tuesday evenings, has done for twenty years."),
        ("bg-english", 330, "Kenji likes short replies in simple English — he says it's practice for talking to tourists."),
    ],
    "lucia": [
        ("bg-job", 620, "Freelance UX/UI designer based in Buenos Aires, working mostly for clients in the US and Spain."),
        ("bg-cat", 580, "Lives in Palermo with her cat, Fideo, a grumpy orange tabby."),
        ("bg-ceramics", 260, "I started a ceramics class this year, Thursday nights — mostly making wonky bowls."),
        ("bg-brother", 480, "My brother Nico is a chef in Madrid, moved there in 2019."),
        ("bg-mate", 350, "Drinks mate all day long; coffee only happens when she's travelling."),
    ],
    "devika": [
        ("bg-job", 650, "Devika is a product manager at a payments startup in Bengaluru and leads the merchant onboarding squad."),
        ("bg-kids", 600, "Two teenagers at home: Arjun is 16 and Meera is 13."),
        ("bg-husband", 590, "My husband Karthik is a cardiologist."),
        ("bg-father", 520, "Appa (her father) has lived with us since Amma passed away in 2022."),
        ("bg-veena", 240, "Learning the veena on weekends. Badly, in my own words."),
    ],
    "henrik": [
        ("bg-career", 700, "Retired marine engineer; spent about thirty years in the engine rooms of the coastal ships. Lives in Bergen."),
        ("bg-family", 640, "Henrik is married to Randi. Three grandchildren, split between Oslo and Stavanger."),
        ("bg-boat", 560, "Owns an old wooden sailboat, a Colin Archer type he calls Måke."),
        ("bg-museum", 420, "Volunteers at the maritime museum on Saturdays, mostly in the archive."),
        ("bg-style", 300, "Henrik writes long messages and likes a bit of detail back, but no emojis, please."),
    ],
    "grace": [
        ("bg-job", 690, "Grace is an agronomist running the extension programme for the Kiamariga Farmers Cooperative near Nyeri."),
        ("bg-kids", 620, "I have two boys in primary school, Brian and Tony."),
        ("bg-husband", 600, "Her husband Peter drives a matatu on the Nyeri–Karatina route."),
        ("bg-choir", 410, "I sing alto in the PCEA church choir."),
        ("bg-mpesa", 380, "Uses M-Pesa for nearly everything, rarely carries cash."),
    ],
    "sam": [
        ("bg-studio", 660, "Sam Whitaker is a solo indie game developer in Portland, Oregon; the studio is called Lantern Moth Games."),
        ("bg-pronouns", 640, "Sam uses they/them."),
        ("bg-game", 500, "The current game is Tidepool Tactics, a turn-based puzzle game about hermit crabs."),
        ("bg-home", 400, "I live with two roommates and a very old beagle called Biscuit."),
        ("bg-band", 330, "Plays bass in a garage band on weekends, mostly loud covers."),
    ],
}
