"""constraint: a rule / restriction / standing decision that must come first when the question is about doing what it governs."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.

SCENARIOS = [
    {
        "id": "constraint-01",
        "persona": "ines",
        "memories": [
            (
                "rule",
                300,
                "Leonor has a confirmed peanut and tree-nut allergy — anaphylaxis risk, EpiPen in her backpack at all times.",
                {"memory_type": "constraint"},
            ),
            ("d1", 60, "Leonor's birthday party is at a soft-play place in Matosinhos."),
            ("d2", 40, "Leonor loves pastéis de nata and chocolate cake."),
            ("d3", 20, "Her friend Beatriz's mum is baking the cake for the joint party."),
            ("d4", 5, "Need to order 20 party bags for the kids."),
        ],
        "questions": [("I'm planning the cake and snacks for Leonor's party — any ideas?", ["rule"])],
    },
    {
        "id": "constraint-02",
        "persona": "kenji",
        "memories": [
            (
                "rule",
                200,
                "Team agreement: no production deploys after 15:00 on Fridays or the day before a Japanese public holiday.",
            ),
            ("d1", 30, "The refund fix is ready and reviewed, just needs to go out."),
            ("d2", 20, "Deploy pipeline takes about 25 minutes end to end."),
            ("d3", 10, "Canary stage runs at 5% for 15 minutes before full rollout."),
            ("d4", 2, "Kenji wants to ship the refund fix before the weekend."),
        ],
        "questions": [("it's Friday 4pm, should I push the refund fix to prod now?", ["rule"])],
    },
    {
        "id": "constraint-03",
        "persona": "amara",
        "memories": [
            (
                "rule",
                180,
                "For the Hendricks wedding the couple said: absolutely no pork anywhere, even in the stock — half the guests are Muslim.",
                {"memory_type": "constraint"},
            ),
            ("d1", 150, "Hendricks wedding menu: jollof, fried rice, peppered chicken, moin moin."),
            ("d2", 90, "Bride's mother asked about a carving station."),
            ("d3", 30, "Supplier in Tooting has great deals on pork shoulder this month."),
            ("d4", 10, "Wedding is at a hall in Dulwich, 180 guests."),
        ],
        "questions": [("could I add a pulled-pork slider to the Hendricks menu?", ["rule"])],
    },
    {
        "id": "constraint-04",
        "persona": "lukas",
        "memories": [
            (
                "rule",
                400,
                "House rules from the Hausverwaltung: no drilling or hammering on Sundays and public holidays, and quiet time 13:00-15:00 on weekdays.",
            ),
            ("d1", 60, "Need to hang the kitchen cabinets, need about 20 holes in the wall."),
            ("d2", 30, "Borrowed a hammer drill from my dad."),
            ("d3", 15, "The old lady downstairs complained about noise once already."),
            ("d4", 4, "Jonas is away this Sunday, good day for DIY I thought."),
        ],
        "questions": [("I'm free Sunday, good time to put up the kitchen cabinets?", ["rule"])],
    },
    {
        "id": "constraint-05",
        "persona": "priya",
        "memories": [
            (
                "rule",
                250,
                "Legal: we can't store Indian customers' invoice data outside India — all Ledgerly data for IN tenants must stay in the Mumbai region.",
                {"memory_type": "constraint"},
            ),
            ("d1", 40, "AWS Frankfurt has a cheaper reserved-instance deal right now."),
            ("d2", 25, "Engineering proposes consolidating analytics into one region to save costs."),
            ("d3", 10, "The analytics warehouse is growing 20% a month."),
            ("d4", 3, "CFO wants infra spend down 15% this quarter."),
        ],
        "questions": [("can we move all analytics data to Frankfurt to save money?", ["rule"])],
    },
    {
        "id": "constraint-06",
        "persona": "diego",
        "memories": [
            (
                "rule",
                350,
                "I don't do any procedures on horses without the owner's signed consent form — lost a case once over that, never again.",
            ),
            ("d1", 60, "The Ortiz colt has a bad hoof abscess, needs draining."),
            ("d2", 30, "Ortiz is in Spain for a month, his foreman runs the place."),
            ("d3", 15, "Foreman called asking if I can come tomorrow to treat the colt."),
            ("d4", 5, "Took new hoof knives in the truck."),
        ],
        "questions": [
            (
                "the foreman wants me to drain the Ortiz colt's abscess tomorrow, anything I need first?",
                ["rule"],
            )
        ],
    },
    {
        "id": "constraint-07",
        "persona": "sarah",
        "memories": [
            (
                "rule",
                150,
                "Family budget rule we agreed on: any single purchase over $500 gets discussed with Graham first, no exceptions.",
            ),
            ("d1", 50, "Owen needs new goalie pads, the good ones are around $650."),
            ("d2", 30, "Sport Chek has 20% off hockey gear this weekend."),
            ("d3", 20, "Miles's skates are still fine till next season."),
            ("d4", 3, "Graham is on nights all week, barely see him."),
        ],
        "questions": [("should I just grab Owen's goalie pads on sale this weekend?", ["rule"])],
    },
    {
        "id": "constraint-08",
        "persona": "hamid",
        "memories": [
            (
                "rule",
                300,
                "EU driving rules we're strict about: max 9 hours driving per day (10h twice a week), 45-minute break after 4.5 hours, no exceptions even if the customer shouts.",
            ),
            ("d1", 40, "Customer in Lyon wants the load there by tomorrow 08:00."),
            ("d2", 20, "Rotterdam to Lyon is about 1,000 km, roughly 11 hours of driving."),
            ("d3", 10, "Mehmet is the only driver free tomorrow."),
            ("d4", 2, "Could pay Mehmet overtime if he pushes through."),
        ],
        "questions": [("Can Mehmet drive the Lyon load alone overnight to make 08:00?", ["rule"])],
    },
    {
        "id": "constraint-09",
        "persona": "aroha",
        "memories": [
            (
                "rule",
                200,
                "Agreement with the Ngāti Hauā trust: no sensor placement on their whenua without a hui and written approval from the trust board.",
            ),
            ("d1", 60, "The trust's dairy farm near Morrinsville would be a perfect pilot site."),
            ("d2", 30, "Ben has 40 spare probes ready to go."),
            ("d3", 15, "Farm manager there said 'yeah come install whenever'."),
            ("d4", 4, "Want the pilot live before the dry season."),
        ],
        "questions": [
            ("the farm manager said yes, can we go install probes on the trust farm next week?", ["rule"])
        ],
    },
    {
        "id": "constraint-10",
        "persona": "ines",
        "memories": [
            (
                "rule",
                500,
                "I'm lactose intolerant — real lactose, not a fad; lactose-free milk is fine, aged cheese in small amounts OK.",
                {"memory_type": "constraint"},
            ),
            ("d1", 40, "Trying to eat more protein after runs."),
            ("d2", 20, "Rui makes amazing arroz doce on Sundays."),
            ("d3", 10, "Looking for quick breakfast ideas before night shifts end."),
            ("d4", 3, "We have loads of Greek yoghurt in the fridge that Rui bought."),
        ],
        "questions": [("suggest a high-protein post-run breakfast for me", ["rule"])],
    },
    {
        "id": "constraint-11",
        "persona": "kenji",
        "memories": [
            (
                "rule",
                260,
                "Security policy: card numbers (PANs) must never be written to logs, not even masked in debug builds; use the token id instead.",
            ),
            ("d1", 40, "Debugging a mismatch where card tokens map to wrong merchants."),
            ("d2", 20, "Our logging library is zerolog, JSON output to Loki."),
            ("d3", 10, "Tanaka-san suggested adding more structured logging around tokenisation."),
            ("d4", 4, "Debug builds only run in staging."),
        ],
        "questions": [("can I log the full card number in staging to debug the token mismatch?", ["rule"])],
    },
    {
        "id": "constraint-12",
        "persona": "amara",
        "memories": [
            (
                "rule",
                120,
                "I don't take any booking under £300 anymore — below that the travel and setup eat the whole margin.",
            ),
            ("d1", 30, "Lady from Camberwell wants small chops for 15 people, about £180."),
            ("d2", 20, "Small chops platters are my most popular item."),
            ("d3", 12, "Calendar is pretty empty the week after Easter."),
            ("d4", 5, "Instagram enquiries went up after the Peckham food fair."),
        ],
        "questions": [("should I accept the £180 small chops order from Camberwell?", ["rule"])],
    },
    {
        "id": "constraint-13",
        "persona": "lukas",
        "memories": [
            (
                "rule",
                365,
                "School policy: any class trip abroad needs the headteacher's approval at least 12 weeks ahead, plus written consent from every parent.",
            ),
            ("d1", 60, "Grade 11 physics class wants to visit CERN in Geneva."),
            ("d2", 40, "Train to Geneva is about 7 hours from Leipzig."),
            ("d3", 20, "CERN has free guided tours for school groups, need to book online."),
            ("d4", 4, "Students are hoping to go in six weeks, before exams."),
        ],
        "questions": [("can I take the Leistungskurs to CERN in six weeks?", ["rule"])],
    },
    {
        "id": "constraint-14",
        "persona": "priya",
        "memories": [
            (
                "rule",
                100,
                "Don't contact Ledgerly customers on the enterprise plan directly — all outreach goes through their named account manager, Farhan.",
                {"memory_type": "constraint"},
            ),
            ("d1", 40, "Want to interview enterprise customers about multi-entity invoicing."),
            ("d2", 25, "Research ops has a customer interview template I can reuse."),
            ("d3", 12, "Tata-group subsidiary is our biggest enterprise account."),
            ("d4", 3, "I have the emails of their finance leads from a conference."),
        ],
        "questions": [
            ("can I just email the finance leads at our enterprise accounts to set up interviews?", ["rule"])
        ],
    },
    {
        "id": "constraint-15",
        "persona": "diego",
        "memories": [
            (
                "rule",
                600,
                "Doctor told me: with my blood pressure, max one glass of wine a day, and no salt added at the table.",
                {"memory_type": "constraint"},
            ),
            ("d1", 50, "The vineyard harvest festival is next Saturday, lots of tasting."),
            ("d2", 30, "Our cousins are opening the 2018 reserve for the festival."),
            ("d3", 14, "Blood pressure was 138/88 at the pharmacy last week."),
            ("d4", 4, "Asado planned for after the harvest."),
        ],
        "questions": [("how should I pace myself at the harvest festival tasting?", ["rule"])],
    },
    {
        "id": "constraint-16",
        "persona": "sarah",
        "memories": [
            (
                "rule",
                280,
                "Agency media policy: staff don't give flood forecasts to journalists; all media requests go to the communications office.",
            ),
            ("d1", 40, "CBC reporter emailed me directly asking for the crest forecast for Winnipeg."),
            ("d2", 20, "Our crest forecast this year is 6.1 m at James Ave."),
            ("d3", 10, "The comms office is swamped, slow to answer."),
            ("d4", 2, "Reporter's deadline is 5pm today."),
        ],
        "questions": [("the CBC reporter wants the crest number by 5, can I just reply to her?", ["rule"])],
    },
    {
        "id": "constraint-17",
        "persona": "hamid",
        "memories": [
            (
                "rule",
                90,
                "Shirin and I decided: no chess tournaments abroad this year, we're saving for Arash's master's.",
            ),
            ("d1", 40, "There's an open tournament in Reykjavik in April, very tempting."),
            ("d2", 25, "Flights to Iceland are around €300 return."),
            ("d3", 12, "My rating went up to 2140 after the last correspondence games."),
            ("d4", 3, "A friend from the club is going to Reykjavik and asked me along."),
        ],
        "questions": [("should I sign up for the Reykjavik open with my friend?", ["rule"])],
    },
    {
        "id": "constraint-18",
        "persona": "aroha",
        "memories": [
            (
                "rule",
                150,
                "Cap on spending without a board sign-off: anything over NZ$20k needs approval from the board (Ben and me plus our investor rep).",
            ),
            ("d1", 45, "Quote for a second manufacturing run: NZ$38k for 300 probes."),
            ("d2", 25, "Supplier offers 5% discount if we pay by Friday."),
            ("d3", 12, "Cash in bank is healthy after the grant came in."),
            ("d4", 2, "Investor rep is on holiday until next Wednesday."),
        ],
        "questions": [("can I pay the $38k manufacturing quote by Friday to get the discount?", ["rule"])],
    },
    {
        "id": "constraint-19",
        "persona": "kenji",
        "memories": [
            (
                "rule",
                120,
                "Aiko prefers that we don't post photos of her or the flat on social media — she keeps her work identity separate.",
            ),
            ("d1", 30, "Finished a new keyboard build, it looks amazing on the desk."),
            ("d2", 15, "Aiko painted a mural in the living room, it came out beautifully."),
            ("d3", 8, "My keyboard Instagram has 2k followers now."),
            ("d4", 2, "Want to take a nice photo of the desk setup with the mural in the background."),
        ],
        "questions": [
            ("thinking of posting a desk setup shot with the living room mural behind, good idea?", ["rule"])
        ],
    },
    {
        "id": "constraint-20",
        "persona": "amara",
        "memories": [
            (
                "rule",
                400,
                "Mum is on warfarin, so the GP said keep her vitamin K steady — no sudden big portions of ugu or spinach, and no grapefruit at all.",
                {"memory_type": "constraint"},
            ),
            ("d1", 60, "Mum's been asking for egusi soup with lots of ugu leaves like back home."),
            ("d2", 30, "Found a Nigerian grocer in Peckham that sells fresh ugu."),
            ("d3", 15, "Mum's INR test is every two weeks at the clinic."),
            ("d4", 5, "Zara's making a fruit salad with grapefruit for Sunday."),
        ],
        "questions": [
            ("I want to cook mum a big pot of egusi with loads of ugu, is that ok?", ["rule"]),
            ("can grandma have some of Zara's fruit salad?", ["rule"]),
        ],
    },
    {
        "id": "constraint-21",
        "persona": "hamid",
        "memories": [
            (
                "rule",
                220,
                "Rotterdam's zero-emission/low-emission zone: trucks below Euro 6 are not allowed in the city-centre milieuzone, €100+ fines per camera hit.",
                {"memory_type": "constraint"},
            ),
            ("d1", 90, "The old Volvo FH is Euro 5 but still runs great."),
            ("d2", 40, "New customer: a restaurant wholesaler near Blaak, deliveries twice a week."),
            ("d3", 12, "The Scanias are all booked on Thursday."),
            ("d4", 2, "Planning Thursday's run to the Blaak wholesaler."),
        ],
        "questions": [("only the old Volvo is free Thursday — can it do the Blaak delivery?", ["rule"])],
    },
    {
        "id": "constraint-22",
        "persona": "priya",
        "memories": [
            (
                "rule",
                160,
                "Please don't put anything in my calendar before 10:00 IST — mornings are yoga and deep work, I guard that hard.",
                {"memory_type": "preference"},
            ),
            ("d1", 50, "Pune engineering leads want a sync about the Q1 roadmap."),
            ("d2", 25, "Pune leads mostly start work around 8."),
            ("d3", 10, "My calendar is packed from noon onward every day this week."),
            ("d4", 1, "Need to find a slot with the Pune leads tomorrow."),
        ],
        "questions": [("can you book the Pune leads sync for 8:30 tomorrow?", ["rule"])],
    },
    {
        "id": "constraint-23",
        "persona": "diego",
        "memories": [
            (
                "rule",
                400,
                "SENASA rule: horses moving between provinces need a negative AIE (equine infectious anaemia) test done within the last 60 days, plus the DTe transit document.",
            ),
            ("d1", 60, "Aguirre wants to take two mares to the Córdoba show."),
            ("d2", 30, "Córdoba show is on the 15th, entries close a week before."),
            ("d3", 15, "One of the mares, Tormenta, is back to full work after the laminitis."),
            ("d4", 3, "Aguirre asked me what he needs to sort for the trip."),
        ],
        "questions": [("what paperwork does Aguirre need to take the mares to Córdoba?", ["rule"])],
    },
    {
        "id": "constraint-24",
        "persona": "lukas",
        "memories": [
            (
                "rule",
                500,
                "Strobe lights trigger my migraines — a proper attack, two days in bed. I stay out of clubs that use them.",
            ),
            ("d1", 60, "Jonas's birthday is on the 9th."),
            ("d2", 30, "Jonas wants to go dancing at the Distillery for his birthday, like old times."),
            ("d3", 14, "Distillery has a big techno night with a famous DJ on the 9th."),
            ("d4", 3, "Need to decide on birthday plans by Friday."),
        ],
        "questions": [("should I go with Jonas to the techno night at Distillery?", ["rule"])],
    },
    {
        "id": "constraint-25",
        "persona": "sarah",
        "memories": [
            (
                "rule",
                120,
                "Grocery budget is $250 a week and we're sticking to it — saving up to redo the cabin roof.",
            ),
            ("d1", 50, "The boys eat like horses since hockey started."),
            ("d2", 25, "Graham keeps asking for steak night."),
            ("d3", 10, "Costco has big packs of chicken thighs on sale."),
            ("d4", 1, "Can you plan dinners for next week?"),
        ],
        "questions": [("plan next week's dinners — anything I should work around?", ["rule"])],
    },
]
