"""Personas for dev set 3. Background memories are stored in every scenario of the persona and
must not answer any question."""

BACKGROUND = {
    "amara": [
        ("bg-amara-1", 700, "Amara works night shifts as a staff nurse at Manchester Royal Infirmary."),
        ("bg-amara-2", 650, "I grew up in Enugu and came over to the UK to do my nursing degree."),
        ("bg-amara-3", 500, "Amara's husband Chidi is a quantity surveyor for a construction firm."),
        ("bg-amara-4", 300, "We've got two boys, Ebuka is 9 and Somto is 6."),
        ("bg-amara-5", 200, "I sing alto in the church choir most Sundays."),
    ],
    "kenji": [
        (
            "bg-kenji-1",
            720,
            "Kenji is the backend lead at a logistics startup in Osaka, team of six engineers.",
        ),
        ("bg-kenji-2", 600, "I mostly write Go these days, with a bit of Python for data jobs."),
        ("bg-kenji-3", 480, "Kenji lives with his partner Yui and their shiba inu, Mochi."),
        ("bg-kenji-4", 350, "I play upright bass in a jazz trio on weekends."),
        (
            "bg-kenji-5",
            100,
            "The user prefers replies in English even though his first language is Japanese.",
        ),
    ],
    "lucia": [
        ("bg-lucia-1", 710, "Lucía is an architect in Buenos Aires, mostly residential renovations."),
        ("bg-lucia-2", 640, "I have two daughters, Martina and Sol."),
        ("bg-lucia-3", 420, "Lucía shares a studio space in Palermo with two other architects."),
        ("bg-lucia-4", 260, "I drink mate all day long, it's basically my fuel."),
        ("bg-lucia-5", 150, "She's a die-hard River Plate fan and goes to the Monumental with her brother."),
    ],
    "tomas": [
        ("bg-tomas-1", 730, "Tomáš owns a small bakery in Brno called U Zrnka."),
        ("bg-tomas-2", 610, "I get up at 3:30 every weekday to fire up the ovens."),
        ("bg-tomas-3", 455, "Tomáš's wife Jana does all the bookkeeping for the business."),
        ("bg-tomas-4", 300, "I cycle to the shop, it's about 6 km each way."),
        ("bg-tomas-5", 120, "He's been taking English lessons on Wednesday evenings."),
    ],
    "priya": [
        ("bg-priya-1", 700, "Priya is a product manager based in Bengaluru."),
        ("bg-priya-2", 560, "I'm originally from Pune, moved to Bangalore for college."),
        ("bg-priya-3", 410, "Priya volunteers teaching coding to schoolgirls at an NGO on Saturdays."),
        ("bg-priya-4", 330, "She likes summaries as short bullet points, no long paragraphs."),
        ("bg-priya-5", 180, "I live in Indiranagar with two flatmates."),
    ],
    "marek": [
        ("bg-marek-1", 725, "Marek teaches physics at a secondary school in Kraków."),
        ("bg-marek-2", 590, "I train for marathons, usually two a year, spring and autumn."),
        ("bg-marek-3", 470, "Marek's wife Kasia is a pharmacist."),
        ("bg-marek-4", 310, "We live in Nowa Huta, fourth floor, no lift."),
        ("bg-marek-5", 140, "He's a big chess fan and plays blitz online most evenings."),
    ],
    "fatima": [
        ("bg-fatima-1", 715, "Fatima is a freelance translator working between Arabic, French and English."),
        ("bg-fatima-2", 620, "I grew up in Fès and moved to France when I was 19."),
        ("bg-fatima-3", 440, "Fatima mostly translates legal and medical documents."),
        ("bg-fatima-4", 280, "I play oud in an amateur ensemble, rehearsals on Thursdays."),
    ],
    "hannah": [
        ("bg-hannah-1", 705, "Hannah is a small-animal vet in Halifax, Nova Scotia."),
        ("bg-hannah-2", 580, "I co-own the practice with my old classmate Dev."),
        ("bg-hannah-3", 430, "Hannah sails a 24-foot sloop all summer."),
        ("bg-hannah-4", 320, "My brother Luke lives out in Calgary."),
        ("bg-hannah-5", 160, "She's allergic to penicillin."),
    ],
}
