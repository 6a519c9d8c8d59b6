# ruff: noqa: E501
"""paraphrase: the question uses different words from the memory that answers it."""

SCENARIOS = [
    {
        "id": "paraphrase-01",
        "persona": "dan",
        "memories": [
            (
                "ans",
                150,
                "Since I came off that ladder I go weak at the knees anywhere high up, can't even do the attic.",
            ),
            ("d1", 200, "The ladder was an old wooden one, I've binned it."),
            ("d2", 100, "Maura wants to visit Lighthouse Point in Kinsale on the anniversary."),
            ("d3", 60, "My knee is mending, the physio's pleased."),
            ("d4", 30, "The gutters need clearing before winter."),
        ],
        "questions": [
            ("Would Dan be comfortable climbing to the top of a tower for the view?", ["ans"]),
        ],
    },
    {
        "id": "paraphrase-02",
        "persona": "arjun",
        "memories": [
            (
                "ans",
                80,
                "I get migraines if I stare at bright white screens too long, so everything I use is in dark theme.",
            ),
            ("d1", 120, "My monitor is a 27-inch Dell, 4K."),
            ("d2", 60, "I use VS Code with the Go extension, vim keybindings."),
            ("d3", 40, "Blue light glasses did nothing for me."),
            ("d4", 20, "The office lighting is those harsh fluorescent tubes."),
        ],
        "questions": [
            (
                "Any display setting Arjun needs for the slides I'm sending him so they don't give him a headache?",
                ["ans"],
            ),
        ],
    },
    {
        "id": "paraphrase-03",
        "persona": "lucia",
        "memories": [
            (
                "ans",
                200,
                "Tomás is the one who does the books, payroll and talking to the gestor; I don't touch the money side.",
            ),
            ("d1", 300, "Our gestor is in Burjassot, very old school, everything on paper."),
            ("d2", 150, "We pay the autónomo quota every month, it hurts."),
            ("d3", 100, "I handle the recipes, the staff rota and ordering flour."),
            ("d4", 60, "The bank changed our business account fees."),
        ],
        "questions": [
            ("Who at the bakery should I ask about a question on last month's salaries?", ["ans"]),
        ],
    },
    {
        "id": "paraphrase-04",
        "persona": "maren",
        "memories": [
            ("ans", 120, "Jonas panics in small spaces — elevators, caves, MRI machines, all no-go."),
            ("d1", 150, "Jonas is a carpenter, builds boats mostly."),
            ("d2", 80, "We're planning a family trip to Lofoten in the summer."),
            ("d3", 60, "Liv wants to see the sea caves at Lofoten on a boat tour."),
            ("d4", 40, "Jonas gets on better with heights than I do."),
        ],
        "questions": [
            ("Is there anything about Jonas I should consider before booking the cave tour?", ["ans"]),
        ],
    },
    {
        "id": "paraphrase-05",
        "persona": "hana",
        "memories": [
            (
                "ans",
                90,
                "Our churn went from 3.1% monthly to 1.8% after we added onboarding calls for new accounts.",
            ),
            ("d1", 100, "Onboarding calls are done by the customer success team, 30 minutes."),
            ("d2", 50, "NPS is around 42, pretty good for B2B."),
            ("d3", 200, "Board asked for a retention plan back in spring."),
            ("d4", 30, "We're hiring two more CS people in Q1."),
        ],
        "questions": [
            ("How much better has customer retention got since the welcome sessions started?", ["ans"]),
        ],
    },
    {
        "id": "paraphrase-06",
        "persona": "kwame",
        "memories": [
            ("ans", 60, "I was born in Tamale; my family moved to Accra when I was nine."),
            ("d1", 200, "I went to secondary school at Mfantsipim in Cape Coast."),
            ("d2", 150, "I speak Twi, Dagbani and English."),
            ("d3", 100, "My father was a surveyor with the Lands Commission."),
            ("d4", 30, "I'd love to take the team to play a friendly in the north one day."),
        ],
        "questions": [
            ("Where is Kwame originally from?", ["ans"]),
        ],
    },
    {
        "id": "paraphrase-07",
        "persona": "tobias",
        "memories": [
            (
                "ans",
                75,
                "Katrin gets carsick on anything twisty, she has to sit in front and look at the horizon.",
            ),
            ("d1", 120, "Katrin is a teacher, she teaches biology and chemistry."),
            ("d2", 50, "We're driving to the Dolomites over Easter."),
            ("d3", 40, "The twins both love the back seat with the tablet."),
            ("d4", 30, "Our car is a VW Touran, seven seats."),
        ],
        "questions": [
            ("For the drive over the mountain passes, who should get the passenger seat?", ["ans"]),
        ],
    },
    {
        "id": "paraphrase-08",
        "persona": "ines",
        "memories": [
            (
                "ans",
                45,
                "Our p99 latency target for the tracking API is 250 milliseconds, and we're burning error budget at about 40ms over.",
            ),
            ("d1", 60, "Tracking API gets about 1,800 requests per second at peak."),
            ("d2", 30, "The API gateway adds around 8ms."),
            ("d3", 90, "SLOs are reviewed quarterly with product."),
            ("d4", 15, "Latency dashboards show a spike every day at 09:00 CET."),
        ],
        "questions": [
            (
                "How slow is the tracking API allowed to be for the worst 1% of calls, and are we meeting it?",
                ["ans"],
            ),
        ],
    },
    {
        "id": "paraphrase-09",
        "persona": "nadia",
        "memories": [
            (
                "ans",
                100,
                "My mom's health isn't great, I fly to Beirut every few months and I need to be reachable by phone at all times.",
            ),
            ("d1", 150, "My dad passed away four years ago."),
            ("d2", 60, "Flights Montreal–Beirut are about 1,300 return."),
            ("d3", 40, "My cousin Rania lives near my mom and checks in on her."),
            ("d4", 20, "I have a Lebanese SIM for when I'm there."),
        ],
        "questions": [
            ("Why does Nadia insist on keeping her phone on during client workshops?", ["ans"]),
        ],
    },
    {
        "id": "paraphrase-10",
        "persona": "dan",
        "memories": [
            (
                "ans",
                90,
                "The pension's only paid out monthly on the last Thursday, so money's tight the week before.",
            ),
            ("d1", 200, "I've the firefighter's pension plus the state pension."),
            ("d2", 120, "The credit union is where we do our banking."),
            ("d3", 50, "Grandkids' birthdays are all in the spring, expensive time."),
            ("d4", 30, "Maura does the shopping in Lidl on Tuesdays."),
        ],
        "questions": [
            ("When in the month does Dan have the most cash available?", ["ans"]),
        ],
    },
    {
        "id": "paraphrase-11",
        "persona": "hana",
        "memories": [
            (
                "ans",
                110,
                "My grandmother in Sendai turns 90 on 2 March — the whole family is gathering, I can't miss it.",
            ),
            ("d1", 200, "I grew up in Sendai and go back at New Year."),
            ("d2", 60, "March is quarter-end, always chaos at work."),
            ("d3", 30, "The Shinkansen to Sendai is about an hour and a half."),
            ("d4", 20, "Considering a team offsite in early March."),
        ],
        "questions": [
            ("Is there any family reason Hana couldn't attend an offsite at the start of March?", ["ans"]),
        ],
    },
    {
        "id": "paraphrase-12",
        "persona": "arjun",
        "memories": [
            (
                "ans",
                50,
                "We replay failed webhooks with exponential backoff: 1 min, 5, 30, 2 hours, then give up after 24h and flag it for ops.",
            ),
            ("d1", 80, "Webhooks are signed with HMAC-SHA256."),
            ("d2", 60, "Merchants can configure up to three webhook URLs."),
            ("d3", 30, "Some merchants' endpoints are so slow they time out at 10 seconds."),
            ("d4", 20, "Ops gets a daily digest of flagged payouts."),
        ],
        "questions": [
            (
                "If a merchant's server is down, how many times and how often do we try to notify them again?",
                ["ans"],
            ),
        ],
    },
    {
        "id": "paraphrase-13",
        "persona": "maren",
        "memories": [
            (
                "ans",
                40,
                "Sea urchins are eating the kelp down to bare rock at the southern sites; we call it urchin barrens.",
            ),
            ("d1", 100, "Kelp grows up to half a metre a month in spring."),
            ("d2", 70, "Warmer water is stressing the kelp further south in Norway."),
            ("d3", 50, "We tried crushing urchins by hand as a restoration trial."),
            ("d4", 20, "Journalists from NRK want to film a dive."),
        ],
        "questions": [
            ("What's destroying the underwater forests in the south of Maren's study area?", ["ans"]),
        ],
    },
    {
        "id": "paraphrase-14",
        "persona": "lucia",
        "memories": [
            (
                "ans",
                70,
                "My right wrist has tendinitis from years of kneading, I wear a brace and Carla does the heavy shaping.",
            ),
            ("d1", 100, "The doctor wants me to do physio twice a week."),
            ("d2", 60, "We bought a divider-rounder machine to save labour."),
            ("d3", 40, "Kneading by hand still matters for the rustic loaves."),
            ("d4", 20, "Carla is learning to shape baguettes."),
        ],
        "questions": [
            ("Why isn't Lucía doing the hand-working of the dough herself?", ["ans"]),
        ],
    },
    {
        "id": "paraphrase-15",
        "persona": "kwame",
        "memories": [
            (
                "ans",
                30,
                "Only 11 of 38 students in form 3B scored above 50 in the circuits test — they don't get series vs parallel at all.",
            ),
            ("d1", 60, "Form 3A did well in the circuits test, average 68."),
            ("d2", 40, "We're short of multimeters, three for the whole class."),
            ("d3", 20, "I want to run a revision session on electricity next week."),
            ("d4", 10, "The WAEC syllabus puts a lot of weight on electricity."),
        ],
        "questions": [
            (
                "Which class struggled with the electrical circuits assessment and what were they confused about?",
                ["ans"],
            ),
        ],
    },
    {
        "id": "paraphrase-16",
        "persona": "tobias",
        "memories": [
            ("ans", 55, "We lose about eight appointments a week to no-shows, mostly Monday mornings."),
            ("d1", 100, "Appointments are booked through Doctolib and by phone."),
            ("d2", 60, "SMS reminders cost us 9 cents each."),
            ("d3", 40, "Monday mornings are the busiest time at the practice."),
            ("d4", 20, "Sabine wants to overbook Mondays slightly."),
        ],
        "questions": [
            ("How many patients typically don't turn up for their bookings each week?", ["ans"]),
        ],
    },
]
