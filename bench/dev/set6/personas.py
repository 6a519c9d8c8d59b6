# ruff: noqa: E501
# fmt: off
"""Eight personas with background memories stored in every scenario of that persona.

None of these answer any question in the set; they are there to be ranked below the answers.
"""

BACKGROUND = {
    "maren": [
        ("bg_m1", 700, "I'm a marine biologist, mostly counting zooplankton off the west coast of Norway."),
        ("bg_m2", 640, "Maren grew up in Tromsø and still says the winters in Bergen are 'practically tropical'."),
        ("bg_m3", 500, "My partner Tor and I have been together eleven years, never bothered getting married."),
        ("bg_m4", 410, "Eirik, our son, is obsessed with dinosaurs and will correct you on pronunciation."),
        ("bg_m5", 300, "User likes short answers in the morning and longer explanations in the evening."),
    ],
    "diego": [
        ("bg_d1", 720, "Sou dev backend — I write mostly Go and some Python at a logistics startup in São Paulo."),
        ("bg_d2", 600, "Diego is married to Camila; they have a mutt called Pipoca who steals socks."),
        ("bg_d3", 480, "I support Corinthians, which explains a lot of my mood on Mondays."),
        ("bg_d4", 350, "The user prefers code examples in Go over pseudo-code."),
        ("bg_d5", 200, "I'm trying to learn to cook my grandmother's feijoada properly before Christmas."),
        ("bg_d6", 90, "Camila teaches chemistry at a public high school."),
    ],
    "aiko": [
        ("bg_a1", 710, "I run a tiny bakery in Osaka, six seats, mostly takeaway."),
        ("bg_a2", 560, "Aiko trained in Lyon for two years before coming back to Japan."),
        ("bg_a3", 430, "My mother lives alone in Kyoto and I visit her most Sundays."),
        ("bg_a4", 310, "I play shamisen badly but happily, usually late at night."),
        ("bg_a5", 150, "User writes in a mix of English and Japanese; answer in English unless asked."),
    ],
    "sam": [
        ("bg_s1", 690, "Sam Okafor, product manager at a payments fintech in London."),
        ("bg_s2", 580, "Two daughters, Adaeze (9) and Kemi (6). Both into swimming."),
        ("bg_s3", 470, "I run — half marathons mostly, one full one that nearly killed me."),
        ("bg_s4", 330, "Sam's parents are in Enugu; he calls them every Saturday morning."),
        ("bg_s5", 120, "I hate meetings without an agenda, please don't schedule those for me."),
    ],
    "priya": [
        ("bg_p1", 705, "I'm a pediatrician at a community clinic in Toronto."),
        ("bg_p2", 590, "Priya's husband Arjun is an architect; they met at university in Chennai."),
        ("bg_p3", 440, "I boulder twice a week, it's the only thing that turns my brain off."),
        ("bg_p4", 280, "We have one kid, Meera, who just started grade 3."),
        ("bg_p5", 100, "The user wants reminders sent the evening before, not the morning of."),
    ],
    "lukas": [
        ("bg_l1", 715, "I build furniture — small workshop in Leipzig-Plagwitz, me and two employees."),
        ("bg_l2", 620, "Lukas drums in a punk cover band on weekends, mostly for fun."),
        ("bg_l3", 505, "Wood I like best: oak and walnut. Pine only when the customer insists."),
        ("bg_l4", 390, "My girlfriend Jana is a nurse, she works a lot of night shifts."),
        ("bg_l5", 260, "Lukas prefers German for invoices and English for everything else."),
    ],
    "fatima": [
        ("bg_f1", 700, "I'm doing a PhD in urban planning in Lyon, on informal markets."),
        ("bg_f2", 610, "Fatima is from Casablanca; her family is still there."),
        ("bg_f3", 450, "I drink way too much mint tea while writing, it's a problem."),
        ("bg_f4", 320, "The user tends to work late and asks questions past midnight."),
        ("bg_f5", 140, "I teach a first-year tutorial on GIS as part of my contract."),
    ],
    "hank": [
        ("bg_h1", 720, "Retired firefighter, 28 years with the Dayton department."),
        ("bg_h2", 630, "Hank and his wife Doris have three kids and five grandkids."),
        ("bg_h3", 520, "I fish for walleye on Lake Erie whenever my back lets me."),
        ("bg_h4", 380, "The user is not great with apps; explain steps one at a time."),
        ("bg_h5", 210, "I volunteer at the food pantry at St. Anne's on Thursdays."),
    ],
}
