# ruff: noqa: E501
"""Personas and their background memories (stored in every scenario of the persona;
none of them answers any question)."""

BACKGROUND = {
    "maren": [
        (
            "bg_maren_1",
            700,
            "I'm Maren, I work as a marine biologist studying kelp forests off the Norwegian coast.",
        ),
        (
            "bg_maren_2",
            640,
            "Maren grew up on a small island and still says she gets seasick on ferries, which her colleagues find hilarious.",
        ),
        ("bg_maren_3", 500, "I write all my field notes by hand first and only type them up on Fridays."),
        ("bg_maren_4", 380, "She prefers short bullet-point answers over long explanations."),
        (
            "bg_maren_5",
            210,
            "Maren is learning Portuguese on Duolingo, mostly for fun, 300-day streak so far.",
        ),
    ],
    "arjun": [
        ("bg_arjun_1", 720, "Arjun is a backend engineer at a payments startup in Bengaluru."),
        ("bg_arjun_2", 610, "I mostly write Go these days, some Python for scripts."),
        ("bg_arjun_3", 450, "arjun watches every India test match, even the boring draws"),
        ("bg_arjun_4", 330, "My commute is about 50 minutes each way on the metro plus an auto."),
        ("bg_arjun_5", 120, "He asked me to keep code snippets short and skip the boilerplate."),
        ("bg_arjun_6", 45, "I'm trying to read one non-tech book a month this year."),
    ],
    "lucia": [
        ("bg_lucia_1", 730, "Lucía runs a small bakery in Valencia with her husband Tomás."),
        ("bg_lucia_2", 600, "I get up at 4:30 every day to start the dough, so I'm useless after 9pm."),
        ("bg_lucia_3", 420, "The user speaks Spanish and Valencian at home but is happy to chat in English."),
        (
            "bg_lucia_4",
            300,
            "Lucía's grandmother taught her to bake; she still uses her handwritten recipe book.",
        ),
        ("bg_lucia_5", 90, "I like when you give me numbers in grams, not cups."),
    ],
    "kwame": [
        ("bg_kwame_1", 700, "Kwame teaches physics at a senior high school in Accra."),
        ("bg_kwame_2", 560, "I coach the school's under-17 football team on weekday afternoons."),
        (
            "bg_kwame_3",
            400,
            "Kwame is the eldest of five siblings and gets pulled into every family decision.",
        ),
        ("bg_kwame_4", 250, "He likes explanations with a worked example rather than a definition."),
        ("bg_kwame_5", 60, "my phone is old, so please keep links to a minimum"),
    ],
    "hana": [
        (
            "bg_hana_1",
            710,
            "Hana is a product manager at a B2B SaaS startup in Tokyo that makes shift-scheduling software.",
        ),
        ("bg_hana_2", 580, "I run most mornings along the Meguro river before work."),
        ("bg_hana_3", 470, "Hana has a grey cat called Mochi who walks across her keyboard during calls."),
        (
            "bg_hana_4",
            300,
            "She switches between Japanese and English mid-sentence; that's fine, answer in English.",
        ),
        ("bg_hana_5", 140, "I hate long meetings, I always try to get them down to 25 minutes."),
        (
            "bg_hana_6",
            20,
            "Hana keeps a paper planner even though she works on scheduling software, and she knows it's ironic.",
        ),
    ],
    "dan": [
        ("bg_dan_1", 730, "Dan is a retired firefighter living outside Cork, Ireland."),
        ("bg_dan_2", 620, "I've three grandchildren and they keep me busier than the job ever did."),
        ("bg_dan_3", 480, "Dan restores old cars as a hobby, mostly British ones from the 60s and 70s."),
        ("bg_dan_4", 350, "He's not great with technology and likes step-by-step instructions."),
        ("bg_dan_5", 100, "I grow most of my own vegetables, the tomatoes are my pride and joy."),
    ],
    "nadia": [
        ("bg_nadia_1", 700, "Nadia is a freelance UX designer based in Montreal, originally from Beirut."),
        ("bg_nadia_2", 590, "I bill clients by the week, not by the hour."),
        ("bg_nadia_3", 440, "Nadia goes bouldering two or three times a week with her partner Éric."),
        ("bg_nadia_4", 260, "She writes in a mix of French and English; reply in English."),
        ("bg_nadia_5", 70, "I'm a night owl, my best design work happens after 10pm."),
    ],
    "tobias": [
        ("bg_tobias_1", 720, "Tobias is a GP with his own practice in a suburb of Munich."),
        ("bg_tobias_2", 600, "We have twins, Lena and Max, they started primary school this year."),
        ("bg_tobias_3", 460, "I cycle to the practice year-round unless there's ice on the roads."),
        ("bg_tobias_4", 310, "Tobias likes dry humour and can't stand corporate-speak."),
        ("bg_tobias_5", 150, "He reads medical journals on Sunday mornings with a large coffee."),
    ],
    "ines": [
        (
            "bg_ines_1",
            710,
            "Inês is a site reliability engineer at a logistics company; she's in Lisbon but the team is spread across Europe.",
        ),
        ("bg_ines_2", 580, "I'm on the on-call rotation one week in five."),
        ("bg_ines_3", 430, "Inês plays bass in an amateur jazz band on Thursday nights."),
        ("bg_ines_4", 280, "She wants command-line answers, not screenshots of GUIs."),
        ("bg_ines_5", 95, "I have a standing desk and a very opinionated mechanical keyboard."),
    ],
}
