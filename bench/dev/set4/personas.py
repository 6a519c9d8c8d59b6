"""Personas of dev set 4: background memories stored in every scenario of a persona;
none of them answers a question."""

BACKGROUND = {
    "ines": [
        ("bg-ines-1", 700, "I'm a nurse in the paediatric ward at São João, mostly on a rotating schedule."),
        ("bg-ines-2", 640, "Inês lives in Porto with her husband Rui and their son Tomás."),
        ("bg-ines-3", 500, "We play padel on Thursday evenings with a couple from Rui's office."),
        ("bg-ines-4", 310, "Tomás started second grade this year and is obsessed with drawing dinosaurs."),
        ("bg-ines-5", 120, "User prefers short answers; Portuguese or English both fine."),
    ],
    "kwame": [
        ("bg-kwame-1", 720, "I'm a backend engineer at PayLoop, a payments startup in Accra."),
        (
            "bg-kwame-2",
            600,
            "Kwame is on the Ledger team at PayLoop; the team looks after reconciliation and payouts.",
        ),
        ("bg-kwame-3", 450, "On Saturdays I coach an under-10 football side in Osu, purely volunteer."),
        ("bg-kwame-4", 380, "My wife Efua runs a small tailoring shop and our daughter Ama is four."),
        ("bg-kwame-5", 90, "The user writes mostly Go, a bit of Python, and would rather not touch Java."),
    ],
    "yuki": [
        ("bg-yuki-1", 710, "I work as a product manager at a mid-sized game studio in Osaka."),
        ("bg-yuki-2", 520, "Yuki is training for her third full marathon."),
        ("bg-yuki-3", 480, "I live on my own with my cat Mochi in a small flat near Tenma."),
        ("bg-yuki-4", 260, "The user's studio ships a mobile puzzle game and a console RPG."),
        ("bg-yuki-5", 45, "I try hard to keep weekends free of work messages."),
    ],
    "lars": [
        (
            "bg-lars-1",
            730,
            "I run a small carpentry workshop in Gothenburg, mostly kitchens and built-in wardrobes.",
        ),
        ("bg-lars-2", 610, "Lars has two kids, Elsa (12) and Nils (9), shared custody with his ex Karin."),
        ("bg-lars-3", 400, "We keep an old wooden sailboat at a marina on Hisingen."),
        ("bg-lars-4", 330, "Two employees plus an apprentice work in the shop with me."),
        ("bg-lars-5", 30, "Lars prefers text messages over phone calls during working hours."),
    ],
    "meera": [
        ("bg-meera-1", 690, "I'm a data scientist at a retail analytics company in Bengaluru."),
        ("bg-meera-2", 650, "Meera lives with her parents in Jayanagar, plus her younger brother Arjun."),
        ("bg-meera-3", 420, "I've been learning Carnatic violin for about two years now."),
        ("bg-meera-4", 300, "Most of my day job is demand forecasting in Python and SQL."),
        ("bg-meera-5", 70, "She commutes by metro on most days, Green Line."),
    ],
    "diego": [
        ("bg-diego-1", 725, "I own a taquería in Coyoacán, El Fogón de Lupe, named after my grandmother."),
        ("bg-diego-2", 560, "Diego rides road bikes with a club on Sunday mornings."),
        ("bg-diego-3", 470, "My mom has lived with us since my dad passed away."),
        ("bg-diego-4", 350, "The restaurant has 11 staff including the two cooks."),
        ("bg-diego-5", 200, "The user's partner, Mariana, teaches high-school chemistry."),
    ],
    "hannah": [
        ("bg-hannah-1", 715, "I'm in the third year of a PhD in climate modelling at a Berlin university."),
        ("bg-hannah-2", 540, "Hannah goes bouldering about three times a week."),
        ("bg-hannah-3", 460, "I share a flat in Neukölln with my partner Jonas."),
        ("bg-hannah-4", 280, "Most of my simulations run on the university's HPC cluster."),
        ("bg-hannah-5", 60, "She is originally from Hamburg and goes home for Christmas."),
    ],
    "sam": [
        (
            "bg-sam-1",
            705,
            "I'm an SRE at a logistics company in Leeds; we run the parcel tracking and routing platform.",
        ),
        ("bg-sam-2", 630, "Sam is married to Chloe; they have two kids, Olivia and Theo."),
        ("bg-sam-3", 410, "I've got an allotment plot, mostly potatoes and beans."),
        ("bg-sam-4", 250, "On-call rotation for the user is one week in six."),
        ("bg-sam-5", 100, "Sam supports Leeds United and goes to home games when he can."),
    ],
}
