# ruff: noqa: E501
# fmt: off
"""Personas for blind set 5: background memories stored in every scenario of a persona.
None of these answers any question in the set."""

BACKGROUND = {
    "ines": [
        ("bg-ines-job", 640, "I'm a UX designer, been doing product design for about ten years now"),
        ("bg-ines-home", 510, "We live in Campo de Ourique, Lisbon, on the third floor with no lift, which is fun with groceries"),
        ("bg-ines-family", 600, "My partner Tomás is a sound engineer and our daughter Leonor is five"),
        ("bg-ines-cat", 420, "We have a grey cat called Miso who thinks he owns the sofa"),
        ("bg-ines-padel", 300, "Started playing padel two years ago, it's basically my therapy"),
    ],
    "kwame": [
        ("bg-kwame-job", 700, "Kwame is a chartered civil engineer, mostly bridges and rail structures"),
        ("bg-kwame-family", 650, "Married to Efua, we've got two lads, Jayden is 12 and Kofi is 9"),
        ("bg-kwame-home", 480, "We live in Didsbury in south Manchester, semi-detached with a long garden"),
        ("bg-kwame-arsenal", 350, "Lifelong Arsenal fan even though I've lived up north for twenty years, don't judge"),
        ("bg-kwame-roots", 560, "My parents came from Kumasi, I grew up in Lewisham"),
    ],
    "mei": [
        ("bg-mei-job", 620, "Mei is a backend engineer at a payments startup in Singapore, mostly Go and Postgres"),
        ("bg-mei-origin", 700, "I grew up in Ipoh, moved to Singapore for uni at NUS"),
        ("bg-mei-partner", 500, "My partner Jun teaches maths at a secondary school in Tampines"),
        ("bg-mei-running", 380, "Running is my thing, I do long runs along East Coast Park on Sundays"),
        ("bg-mei-flat", 260, "We rent a small HDB flat in Bedok with way too many plants"),
    ],
    "lars": [
        ("bg-lars-farm", 720, "Lars runs a dairy farm outside Skellefteå, about sixty milking cows, mostly Swedish Red"),
        ("bg-lars-cheese", 610, "We make our own hard cheeses on the farm and sell them in our own farm shop"),
        ("bg-lars-wife", 690, "Annika and I have been married since 1996, she does the books and the shop"),
        ("bg-lars-grandson", 400, "Our grandson Oskar is six and wants to drive every machine on the place"),
        ("bg-lars-hunting", 330, "I go moose hunting with the local hunting team every September"),
        ("bg-lars-age", 560, "Lars is 52, took the farm over from his father in 2001"),
    ],
    "valentina": [
        ("bg-vale-job", 680, "Valentina is a pediatric nurse at a public hospital in Buenos Aires"),
        ("bg-vale-german", 450, "I'm learning German because I'd like to work in Germany in a couple of years"),
        ("bg-vale-tango", 520, "Tango is my escape, I've danced since I was nineteen"),
        ("bg-vale-brother", 600, "My little brother Mateo is an electrician, he has a son called Bruno"),
        ("bg-vale-mate", 200, "I drink mate all day long, my thermos is basically a body part"),
    ],
    "hiro": [
        ("bg-hiro-studio", 700, "Hiroshi runs Hoshizora Works, a four-person indie game studio in Osaka"),
        ("bg-hiro-game", 620, "Our first game Lantern Drift came out on PC in 2023, a cozy boat-exploration game"),
        ("bg-hiro-wife", 540, "My wife Naoko is a pharmacist, she works at a hospital in Suita"),
        ("bg-hiro-fishing", 300, "On weekends I go fishing on Lake Biwa when I can escape the studio"),
        ("bg-hiro-kids", 450, "We have one daughter, Hana, who is in second grade"),
    ],
    "amara": [
        ("bg-amara-phd", 660, "Amara is a Nigerian PhD student in marine biology at UCT, working on great white shark movement"),
        ("bg-amara-diving", 500, "I'm a certified dive instructor, did it to pay my way through my masters"),
        ("bg-amara-mum", 580, "My mum still lives in Lagos and calls every Sunday without fail"),
        ("bg-amara-surf", 240, "Trying to learn to surf, mostly falling off the board with style"),
    ],
    "dan": [
        ("bg-dan-retired", 700, "Dan is a retired high school history teacher, taught for 34 years in Montpelier, Vermont"),
        ("bg-dan-carol", 680, "My wife is Carol, she was a librarian before she retired"),
        ("bg-dan-grandkids", 520, "We have three grandkids, two in Boston and one in Burlington"),
        ("bg-dan-shop", 430, "I've got a woodworking shop in the garage, mostly furniture and the odd bowl"),
        ("bg-dan-garden", 250, "Carol and I keep a big vegetable garden, the tomatoes are her pride and joy"),
        ("bg-dan-dog", 350, "Our dog Bailey is an old yellow lab who sleeps under my workbench"),
    ],
}
