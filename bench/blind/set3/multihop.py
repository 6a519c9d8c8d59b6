"""multihop: the answer needs a link (a role -> a name, a name -> a fact); the answer key holds the fact, not the link."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.

SCENARIOS = [
    {
        "id": "multihop-01",
        "persona": "kenji",
        "memories": [
            ("link", 200, "My manager is Yamamoto Keiko, she took over the payments org in spring."),
            ("ans", 60, "Keiko is vegetarian and doesn't drink alcohol — good to know for team dinners."),
            ("d1", 50, "Sato loves yakitori, any team dinner with him has to include skewers."),
            ("d2", 30, "Tanaka-san is allergic to shellfish."),
            ("d3", 10, "Planning the year-end team dinner, budget ¥6,000 per person."),
        ],
        "questions": [("booking the year-end dinner — what does my boss not eat or drink?", ["ans"])],
    },
    {
        "id": "multihop-02",
        "persona": "ines",
        "memories": [
            ("link", 300, "Tomás's best friend at school is Duarte, they're inseparable."),
            ("ans", 80, "Duarte's mum, Catarina, said he's coeliac — strictly no gluten."),
            ("d1", 90, "Leonor's friend Beatriz can't have dairy."),
            ("d2", 40, "Tomás wants a sleepover at ours next weekend."),
            ("d3", 10, "Planning pizza night for the kids on Saturday."),
        ],
        "questions": [("Tomás's best mate is sleeping over — any dietary issue for pizza night?", ["ans"])],
    },
    {
        "id": "multihop-03",
        "persona": "priya",
        "memories": [
            ("link", 150, "Our lead designer in Lisbon is Joana Ferreira."),
            ("ans", 40, "Joana is out on leave from 10 to 24 March, her wedding."),
            ("d1", 60, "Miguel, the junior designer, covers Lisbon for urgent requests."),
            ("d2", 30, "Pune engineers have a holiday on 14 March for Holi."),
            ("d3", 5, "Want to schedule the onboarding design review mid-March."),
        ],
        "questions": [("is the head of design available for a review around 15 March?", ["ans"])],
    },
    {
        "id": "multihop-04",
        "persona": "amara",
        "memories": [
            ("link", 250, "My accountant is Funmi Adebayo, she's been doing my books since I started."),
            (
                "ans",
                30,
                "Funmi moved her office to Croydon, 14 Wellesley Road, and only sees clients Tuesday to Thursday now.",
            ),
            ("d1", 45, "Chidi's accountant is in Lewisham, he recommends him a lot."),
            ("d2", 20, "Self-assessment deadline is 31 January."),
            ("d3", 8, "Need to drop off my receipts box for the tax return."),
        ],
        "questions": [
            ("where do I take my receipts for the person who does my books, and which days?", ["ans"])
        ],
    },
    {
        "id": "multihop-05",
        "persona": "lukas",
        "memories": [
            ("link", 400, "Jonas's mother is called Renate, lives in Dresden."),
            (
                "ans",
                60,
                "Renate turns 70 on 2 December; she said she'd love a day trip to the Erzgebirge Christmas markets.",
            ),
            ("d1", 80, "My own mum's birthday is in June."),
            ("d2", 30, "Jonas's sister Katja is turning 40 next year."),
            ("d3", 10, "Need to think of presents for the family this year."),
        ],
        "questions": [
            ("what's a good present idea for my partner's mother's birthday, and when is it?", ["ans"])
        ],
    },
    {
        "id": "multihop-06",
        "persona": "diego",
        "memories": [
            ("link", 300, "The Aguirre stud is run by Martín Aguirre, the son; the old man just rides."),
            (
                "ans",
                45,
                "Martín only answers WhatsApp voice notes, never texts or email, and not before 10am.",
            ),
            ("d1", 60, "Ortiz prefers phone calls, old school."),
            ("d2", 30, "The Aguirre stud owes me for three visits."),
            ("d3", 5, "Need to chase up the unpaid invoices this week."),
        ],
        "questions": [
            ("best way to contact the guy who runs the Aguirre stud about the unpaid visits?", ["ans"])
        ],
    },
    {
        "id": "multihop-07",
        "persona": "sarah",
        "memories": [
            ("link", 200, "Owen's hockey coach is Tyler Brandt."),
            ("ans", 40, "Tyler said he's moving practices to the Dakota Community Centre, Mondays 6:15am."),
            ("d1", 60, "Miles's coach runs practice at the Southdale rink on Wednesdays."),
            ("d2", 20, "Graham can do early morning drop-offs on weeks he's on days."),
            ("d3", 5, "Owen lost his mouthguard again."),
        ],
        "questions": [("where and when does Owen's coach hold practice now?", ["ans"])],
    },
    {
        "id": "multihop-08",
        "persona": "hamid",
        "memories": [
            ("link", 150, "Arash's roommate in Delft is Joost, they share a flat above a bakery."),
            ("ans", 30, "Joost is badly allergic to cats, so Arash can't take the kitten."),
            ("d1", 60, "Shirin wants to get a kitten now the house is quiet."),
            ("d2", 40, "Arash's girlfriend has two cats."),
            ("d3", 10, "The neighbour's cat had kittens, they're giving them away."),
        ],
        "questions": [
            ("could my son take one of the neighbour's kittens to live at his place in Delft?", ["ans"])
        ],
        "note": "link: son -> flatmate Joost; answer: Joost's allergy",
    },
    {
        "id": "multihop-09",
        "persona": "aroha",
        "memories": [
            ("link", 180, "Our lead investor is Kōtuku Ventures; the partner on our account is Hemi Walker."),
            (
                "ans",
                25,
                "Hemi wants monthly updates as a one-page PDF, with burn, runway and farm count, by the 5th.",
            ),
            ("d1", 60, "The angel group just wants a quarterly email."),
            ("d2", 30, "Board meetings are every second month."),
            ("d3", 4, "Need to send the investor update soon."),
        ],
        "questions": [("what format does the lead investor's partner want for updates?", ["ans"])],
    },
    {
        "id": "multihop-10",
        "persona": "kenji",
        "memories": [
            (
                "link",
                250,
                "The ledger service is owned by the Core Ledger team; their on-call alias is @ledger-oncall.",
            ),
            (
                "ans",
                60,
                "Core Ledger only accepts changes via their RFC process — an RFC doc in the ledger-rfcs repo, reviewed on Wednesdays.",
            ),
            ("d1", 70, "Our team (Payments Core) takes changes via normal PRs."),
            ("d2", 30, "Ledger service is written in Java, not Go, for historical reasons."),
            ("d3", 4, "I need a new field on the ledger entries API for refund reasons."),
        ],
        "questions": [("how do I get a change made to the ledger service API?", ["ans"])],
    },
    {
        "id": "multihop-11",
        "persona": "ines",
        "memories": [
            ("link", 400, "Rui's brother is Pedro, lives in Lyon with his wife Claire."),
            ("ans", 70, "Pedro and Claire are expecting a baby girl in February."),
            ("d1", 90, "Rui's sister Joana just got a new job in Lisbon."),
            ("d2", 40, "We're going to France for Easter maybe."),
            ("d3", 10, "Want to knit something for a baby, haven't knitted in years."),
        ],
        "questions": [("is anyone on Rui's side of the family having a baby?", ["ans"])],
    },
    {
        "id": "multihop-12",
        "persona": "priya",
        "memories": [
            ("link", 300, "Amma's younger sister, Lakshmi chithi, lives in Singapore."),
            ("ans", 50, "Lakshmi's daughter Divya is getting married in Singapore on 7 June."),
            ("d1", 70, "Appa's cousin in Coimbatore had a wedding last year that I missed."),
            ("d2", 30, "Singapore flights are cheap in May."),
            ("d3", 8, "I need to plan my leave for the year."),
        ],
        "questions": [("what family event do I need leave for in June, whose is it?", ["ans"])],
    },
    {
        "id": "multihop-13",
        "persona": "amara",
        "memories": [
            ("link", 90, "The Hendricks wedding planner is a woman called Sade, from Bellissima Events."),
            (
                "ans",
                20,
                "Sade wants final headcount and a dietary breakdown by the 10th, or they'll go with last week's numbers.",
            ),
            ("d1", 40, "Bellissima also does the decor and the DJ for the wedding."),
            ("d2", 30, "Bride's mum says numbers are still changing."),
            ("d3", 5, "Waiting on RSVPs from the groom's side."),
        ],
        "questions": [("what does the wedding planner need from me and by when?", ["ans"])],
    },
    {
        "id": "multihop-14",
        "persona": "lukas",
        "memories": [
            ("link", 200, "My Referendar this year is Frau Yilmaz, she shadows my Grade 10 physics class."),
            (
                "ans",
                30,
                "Yilmaz has her Lehrprobe (assessed lesson) on 22 January, topic optics, I need to give feedback on her plan by the 15th.",
            ),
            ("d1", 50, "The other trainee, Herr Vogt, is in the maths department."),
            ("d2", 20, "Grade 10 is starting optics after Christmas."),
            ("d3", 5, "Busy January with exams and mocks."),
        ],
        "questions": [("when's my trainee teacher's assessed lesson and what do I owe her?", ["ans"])],
    },
    {
        "id": "multihop-15",
        "persona": "diego",
        "memories": [
            ("link", 500, "Valeria's father, don Ernesto, lives with his second wife in San Rafael."),
            (
                "ans",
                60,
                "Ernesto had a pacemaker fitted last month; he can't be near the big MRI or strong magnets.",
            ),
            ("d1", 80, "My own dad has diabetes, type 2."),
            ("d2", 30, "Valeria wants to bring her father to visit the clinic's new equipment."),
            ("d3", 10, "We installed a new magnetic therapy device for horses at the clinic."),
        ],
        "questions": [("any health reason my father-in-law shouldn't tour the clinic's equipment?", ["ans"])],
    },
    {
        "id": "multihop-16",
        "persona": "sarah",
        "memories": [
            ("link", 120, "The new modeller on my team is Priyanka Das."),
            (
                "ans",
                30,
                "Priyanka's background is hydraulic modelling in HEC-RAS, but she's never used our forecasting system.",
            ),
            ("d1", 50, "Dave's old modeller, Frank, retired."),
            ("d2", 20, "Our forecasting system runs on a custom WATFLOOD setup."),
            ("d3", 4, "Need to plan onboarding for the new hire."),
        ],
        "questions": [("what training does the new hire on my team need?", ["ans"])],
    },
    {
        "id": "multihop-17",
        "persona": "hamid",
        "memories": [
            ("link", 200, "The planner on evening shift is Sanne de Vries."),
            ("ans", 40, "Sanne is on parental leave from 1 December, back in April."),
            ("d1", 60, "Day planner Kees is retiring next summer."),
            ("d2", 20, "Evening shift handles all the late Rotterdam port pickups."),
            ("d3", 5, "December is our busiest month."),
        ],
        "questions": [("will the evening planner be around in December?", ["ans"])],
    },
    {
        "id": "multihop-18",
        "persona": "aroha",
        "memories": [
            ("link", 250, "My oldest sister is Mereana, she's a nurse in Rotorua."),
            ("ans", 50, "Mereana's kids, Tama and Ana, are 9 and 6, and both obsessed with Minecraft."),
            ("d1", 60, "My brother Wiremu's kids are teenagers, they just want cash."),
            ("d2", 30, "Christmas at Mum's in Rotorua this year."),
            ("d3", 8, "Need to sort presents for the nieces and nephews."),
        ],
        "questions": [("what would my eldest sister's children like for Christmas?", ["ans"])],
    },
    {
        "id": "multihop-19",
        "persona": "kenji",
        "memories": [
            ("link", 300, "Aiko's agent is a guy called Morita at a small studio in Tokyo."),
            ("ans", 35, "Morita is pushing Aiko to finish the picture-book illustrations by 20 January."),
            ("d1", 60, "Aiko's last book came out in spring, did well."),
            ("d2", 20, "Aiko wants a trip to Kyoto after the deadline."),
            ("d3", 6, "Aiko is working late every night."),
        ],
        "questions": [("what deadline has my partner's agent set her?", ["ans"])],
    },
    {
        "id": "multihop-20",
        "persona": "ines",
        "memories": [
            ("link", 200, "My charge nurse on the ward is Fernanda."),
            (
                "ans",
                30,
                "Fernanda approves holiday swaps only if they're requested at least 3 weeks ahead, by email.",
            ),
            ("d1", 50, "HR handles long-term leave, not the ward."),
            ("d2", 20, "Want to swap the 24th to be home for Christmas Eve."),
            ("d3", 10, "My colleague Sofia offered to take the 24th."),
        ],
        "questions": [("how do I get my boss on the ward to approve a shift swap?", ["ans"])],
    },
]
