"""negation: a later memory says something is no longer true / stopped / doesn't hold, after an earlier positive one."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.

SCENARIOS = [
    {
        "id": "negation-01",
        "persona": "kenji",
        "memories": [
            ("pos", 400, "Our CI runs on a self-hosted Jenkins box in the office server room."),
            (
                "neg",
                30,
                "Jenkins is finally dead — we decommissioned it last week, everything builds on GitHub Actions runners now.",
            ),
            ("d1", 380, "Jenkins jobs for the ledger repo take 40 minutes, painful."),
            ("d2", 200, "Someone spilled coffee near the Jenkins server, almost a disaster."),
            ("d3", 10, "Actions minutes bill was higher than expected this month."),
        ],
        "questions": [("is the team still on Jenkins for builds?", ["neg"])],
    },
    {
        "id": "negation-02",
        "persona": "ines",
        "memories": [
            (
                "pos",
                500,
                "Rui eats everything, fish especially — bacalhau is his favourite thing in the world.",
            ),
            (
                "neg",
                20,
                "Rui's gone fully vegetarian since the summer, no fish either, he's serious about it.",
            ),
            ("d1", 300, "Rui's mum makes bacalhau à Brás every Christmas Eve."),
            ("d2", 100, "We ate grilled sardines at the São João party."),
            ("d3", 5, "Christmas Eve at Rui's mum's in Braga again this year."),
        ],
        "questions": [("Can Rui have the bacalhau at Christmas Eve dinner?", ["neg"])],
    },
    {
        "id": "negation-03",
        "persona": "amara",
        "memories": [
            (
                "pos",
                300,
                "I post every menu and every event on Instagram, it's where most bookings come from.",
            ),
            (
                "neg",
                25,
                "Deleted the business Instagram. The algorithm stuff was making me miserable and honestly bookings are mostly word of mouth now.",
            ),
            ("d1", 250, "Instagram reel of the suya platter got 12k views."),
            ("d2", 100, "Zara helps me with hashtags sometimes."),
            ("d3", 8, "New Christmas menu is ready, need to get the word out."),
        ],
        "questions": [("should I share the new Christmas menu on Amara's Instagram?", ["neg"])],
    },
    {
        "id": "negation-04",
        "persona": "lukas",
        "memories": [
            ("pos", 600, "Lukas smokes, about half a pack a day, mostly during breaks at school."),
            ("neg", 60, "Two months without a single cigarette. Patches for the first weeks, now nothing."),
            ("d1", 400, "The smokers' corner at school is behind the gym."),
            ("d2", 200, "Jonas hates the smell of smoke on my jacket."),
            ("d3", 15, "Put on three kilos, which I'm choosing not to care about."),
        ],
        "questions": [("does Lukas smoke?", ["neg"])],
    },
    {
        "id": "negation-05",
        "persona": "priya",
        "memories": [
            ("pos", 400, "Ledgerly offers a free plan for freelancers, up to 5 invoices a month."),
            (
                "neg",
                40,
                "We killed the free tier on 1 October; new signups get a 14-day trial and then it's paid only.",
            ),
            ("d1", 350, "The free plan brings in about 60% of our signups."),
            ("d2", 120, "Free plan users cost us a lot in support tickets."),
            ("d3", 10, "A freelancer on Twitter asked how to sign up for Ledgerly."),
        ],
        "questions": [("can a freelancer use Ledgerly for free?", ["neg"])],
    },
    {
        "id": "negation-06",
        "persona": "diego",
        "memories": [
            ("pos", 500, "I do small animals too on Saturday mornings, at my friend Lucía's clinic."),
            (
                "neg",
                50,
                "Gave up the Saturday small-animal shifts at Lucía's — too tired, and the horses keep me busy enough.",
            ),
            ("d1", 300, "Lucía's clinic is in Godoy Cruz, near the plaza."),
            ("d2", 150, "Spayed three cats at Lucía's last Saturday."),
            ("d3", 7, "A neighbour asked if I can look at her dog's ear."),
        ],
        "questions": [("does Diego still see dogs and cats on Saturdays?", ["neg"])],
    },
    {
        "id": "negation-07",
        "persona": "sarah",
        "memories": [
            ("pos", 300, "Miles is in the school choir and loves it, practice Thursdays at lunch."),
            (
                "neg",
                20,
                "Miles told me he doesn't want to do choir anymore, all his friends quit. We let him drop it.",
            ),
            ("d1", 250, "The choir's Christmas concert was adorable."),
            ("d2", 100, "Choir teacher says Miles has a nice voice."),
            ("d3", 5, "School's holiday concert is next week."),
        ],
        "questions": [("is Miles singing in the holiday concert?", ["neg"])],
    },
    {
        "id": "negation-08",
        "persona": "hamid",
        "memories": [
            ("pos", 450, "We use TransFollow for e-CMR consignment notes, drivers sign on the tablet."),
            (
                "neg",
                35,
                "TransFollow contract not renewed. Until the new system is picked, it's back to paper CMRs, sorry drivers.",
            ),
            ("d1", 300, "TransFollow saved us a lot of admin time at first."),
            ("d2", 120, "Drivers complain the tablets freeze in the cold."),
            ("d3", 6, "New driver starting Monday, needs to learn our paperwork."),
        ],
        "questions": [("how should the new driver handle consignment notes?", ["neg"])],
    },
    {
        "id": "negation-09",
        "persona": "aroha",
        "memories": [
            ("pos", 300, "Ben and I each take a salary of $60k from Paddock."),
            (
                "neg",
                45,
                "We've both stopped paying ourselves until the next round closes — cash is too tight.",
            ),
            ("d1", 200, "Our accountant suggested salaries are better than dividends for now."),
            ("d2", 100, "Ben's partner is pregnant, he's worried about money."),
            ("d3", 10, "Bank needs my income details for the mortgage pre-approval."),
        ],
        "questions": [("what income am I getting from Paddock right now?", ["neg"])],
    },
    {
        "id": "negation-10",
        "persona": "kenji",
        "memories": [
            ("pos", 350, "Aiko and I go to the climbing gym in Shinsaibashi twice a week."),
            (
                "neg",
                40,
                "Aiko hasn't climbed since she hurt her shoulder in August and says she's done with it for good.",
            ),
            ("d1", 300, "Aiko can climb 6b at the gym, way better than me."),
            ("d2", 100, "Climbing gym raised their membership price."),
            ("d3", 10, "I still go on Wednesdays with Sato."),
        ],
        "questions": [("Should I get Aiko a climbing gym pass for her birthday?", ["neg"])],
    },
    {
        "id": "negation-11",
        "persona": "amara",
        "memories": [
            ("pos", 500, "Mum drives herself to church and to the market in her little Micra."),
            (
                "neg",
                70,
                "Mum handed in her licence after the eye test. She's not allowed behind the wheel now, I do all her driving.",
            ),
            ("d1", 400, "Mum's Micra is nearly 20 years old."),
            ("d2", 200, "Mum's cataract surgery is scheduled for next year."),
            ("d3", 5, "Mum wants to go to the Sunday market in Brixton."),
        ],
        "questions": [("can mum get herself to the Brixton market on Sunday?", ["neg"])],
    },
    {
        "id": "negation-12",
        "persona": "lukas",
        "memories": [
            ("pos", 700, "We've got a car, an old VW Golf, parked on the street."),
            (
                "neg",
                80,
                "Sold the Golf. Between trams, bikes and car-sharing we really don't need one in Leipzig.",
            ),
            ("d1", 500, "The Golf failed its TÜV once, fixed the brakes."),
            ("d2", 300, "Street parking on Eisenbahnstraße is a nightmare."),
            ("d3", 12, "Need to pick up the new bathroom sink from Hornbach, it's heavy."),
        ],
        "questions": [("can Lukas drive the bathroom sink home from the store himself?", ["neg"])],
    },
    {
        "id": "negation-13",
        "persona": "priya",
        "memories": [
            ("pos", 200, "Squad standups are daily at 10:00 IST on Zoom."),
            (
                "neg",
                30,
                "No more daily standups — we switched to async updates in Slack, plus one sync on Mondays.",
            ),
            ("d1", 150, "Standups often ran to 30 minutes, too long."),
            ("d2", 60, "Lisbon folks hated the 10:00 IST standup, it's 5:30 am for them."),
            ("d3", 6, "New engineer joining on Wednesday."),
        ],
        "questions": [("what time should the new engineer join daily standup?", ["neg"])],
    },
    {
        "id": "negation-14",
        "persona": "diego",
        "memories": [
            ("pos", 600, "Valeria and I host asado every Sunday, the whole family comes."),
            (
                "neg",
                20,
                "The Sunday asados aren't a thing anymore since Valeria's seminar started; we do a family lunch once a month now.",
            ),
            ("d1", 400, "Sunday asado usually means 12-15 people."),
            ("d2", 200, "My cousin brings the wine to the asados."),
            ("d3", 4, "My brother asked if he can bring his new girlfriend this Sunday."),
        ],
        "questions": [
            ("my brother wants to bring his girlfriend to the asado this Sunday, is there one?", ["neg"])
        ],
    },
    {
        "id": "negation-15",
        "persona": "sarah",
        "memories": [
            ("pos", 400, "Our family doctor is Dr. Kowalski at the River Heights clinic."),
            (
                "neg",
                25,
                "Dr. Kowalski retired and the clinic didn't replace her — we don't have a family doctor right now, on the waitlist.",
            ),
            ("d1", 300, "Dr. Kowalski has been our doctor since Owen was born."),
            ("d2", 100, "River Heights clinic parking is terrible."),
            ("d3", 3, "Owen has an ear infection, I think."),
        ],
        "questions": [("should I book Owen in with our family doctor for his ear?", ["neg"])],
    },
    {
        "id": "negation-16",
        "persona": "hamid",
        "memories": [
            ("pos", 550, "Hamid drinks a glass of wine with dinner most nights."),
            (
                "neg",
                90,
                "These days Hamid skips alcohol completely — doctor's advice after the liver values came back high.",
            ),
            ("d1", 400, "He likes Rioja best."),
            ("d2", 150, "Shirin bought him a wine fridge for his birthday last year."),
            ("d3", 10, "Colleagues want to give Hamid a gift for his 10 years at the company."),
        ],
        "questions": [("would a good bottle of Rioja be a nice gift for Hamid?", ["neg"])],
    },
    {
        "id": "negation-17",
        "persona": "aroha",
        "memories": [
            ("pos", 250, "Paddock probes use LoRaWAN through The Things Network community gateways."),
            (
                "neg",
                30,
                "We're off TTN now; everything goes through our own private gateways, the community ones were too patchy.",
            ),
            ("d1", 200, "TTN coverage in the Waikato is pretty good around towns."),
            ("d2", 90, "Ben built a solar-powered gateway prototype."),
            ("d3", 5, "A farmer asked if the probes will work in his back blocks."),
        ],
        "questions": [("which network do our sensors send data over?", ["neg"])],
    },
    {
        "id": "negation-18",
        "persona": "ines",
        "memories": [
            ("pos", 250, "Leonor naps every afternoon from 1 to 3, non-negotiable."),
            (
                "neg",
                15,
                "Leonor dropped her nap completely — if she sleeps in the afternoon she's up until 11pm.",
            ),
            ("d1", 200, "Leonor's nap is the only quiet time in the house."),
            ("d2", 100, "Leonor's kindergarten has a rest room with little cots."),
            ("d3", 4, "Grandma wants to take Leonor on Saturday afternoon."),
        ],
        "questions": [("when should grandma put Leonor down for her nap on Saturday?", ["neg"])],
    },
    {
        "id": "negation-19",
        "persona": "kenji",
        "memories": [
            ("pos", 300, "The payments API supports both API keys and OAuth for merchants."),
            (
                "neg",
                25,
                "Merchant API keys are deprecated as of this month and rejected for any new integrations; OAuth only.",
            ),
            ("d1", 250, "Most small merchants use API keys, OAuth is mostly big platforms."),
            ("d2", 100, "Docs site has an API key quickstart guide."),
            ("d3", 3, "A new merchant wants to integrate this week and asked for an API key."),
        ],
        "questions": [("can the new merchant authenticate with an API key?", ["neg"])],
    },
    {
        "id": "negation-20",
        "persona": "lukas",
        "memories": [
            ("pos", 350, "I tutor two kids privately on Saturdays for extra money, maths mostly."),
            ("neg", 20, "Not tutoring on weekends any more. The Saturdays are for the flat and for Jonas."),
            ("d1", 300, "Tutoring pays 30 euros an hour."),
            ("d2", 150, "One of the tutoring kids got a 2 in her maths exam."),
            ("d3", 6, "A colleague asked if I'm free to take on a student on Saturday mornings."),
        ],
        "questions": [("does Lukas have time for a Saturday tutoring student?", ["neg"])],
    },
    {
        "id": "negation-21",
        "persona": "priya",
        "memories": [
            (
                "pos",
                500,
                "Amma works at Canara Bank, branch manager in T. Nagar, so she can only travel during festival holidays.",
            ),
            (
                "neg",
                45,
                "Amma's last day at the bank was in June — she's retired now and loving it, free most days.",
            ),
            ("d1", 300, "Amma had a huge audit at her branch in March, she was exhausted."),
            ("d2", 100, "Amma's farewell party had a cake shaped like a passbook."),
            ("d3", 6, "Want Amma to come stay in Bangalore for a couple of weeks in January."),
        ],
        "questions": [("is January a problem for Amma's job if she comes to stay?", ["neg"])],
    },
    {
        "id": "negation-22",
        "persona": "amara",
        "memories": [
            (
                "pos",
                400,
                "Cousin Chidi works the big events with me as a server, he's brilliant with guests.",
            ),
            (
                "neg",
                30,
                "Chidi's out for events from now on — full-time job at Gatwick, shifts all over the place.",
            ),
            ("d1", 350, "Chidi and I did the Greenwich Christmas party together, 200 people."),
            ("d2", 90, "Paid Chidi £15 an hour for events."),
            ("d3", 4, "Need two servers for the Hendricks wedding."),
        ],
        "questions": [("can my cousin help serve at the Hendricks wedding?", ["neg"])],
    },
    {
        "id": "negation-23",
        "persona": "aroha",
        "memories": [
            ("pos", 300, "I'm the treasurer of the waka ama club — bank statements and subs come to me."),
            (
                "neg",
                25,
                "Stepped down as club treasurer at the AGM; Hine Tapsell took it over. Told her where the receipts box is.",
            ),
            ("d1", 250, "Club subs are $180 a year per paddler."),
            ("d2", 100, "Club needs a new six-seater canoe, fundraising started."),
            ("d3", 2, "A new paddler asked who to pay her subs to."),
        ],
        "questions": [("who should the new paddler pay her club fees to?", ["neg"])],
    },
    {
        "id": "negation-24",
        "persona": "sarah",
        "memories": [
            ("pos", 600, "Our dog Moose comes everywhere with us, especially up to the cabin."),
            (
                "neg",
                40,
                "Moose died in October. The boys took it hard. We're not getting another dog for a while.",
            ),
            ("d1", 400, "Moose is a chocolate lab, 9 years old, loves the lake."),
            ("d2", 150, "Vet said Moose's hips are getting bad."),
            ("d3", 3, "Packing list for the cabin trip this weekend."),
        ],
        "questions": [("should I add dog food and the dog bed to the cabin packing list?", ["neg"])],
    },
    {
        "id": "negation-25",
        "persona": "kenji",
        "memories": [
            ("pos", 300, "Refund idempotency keys are stored in Redis with a 24h TTL."),
            (
                "neg",
                20,
                "Redis is out of the refund path entirely after PAY-4471 — keys live in a Postgres table with a unique constraint now.",
            ),
            ("d1", 250, "Redis cluster had a failover last spring, lost some keys."),
            ("d2", 100, "Platform team wants to shrink the Redis cluster to save money."),
            ("d3", 2, "New engineer asked where refund dedupe happens."),
        ],
        "questions": [("where are the refund idempotency keys kept?", ["neg"])],
    },
]
