"""temporal: something ended or expired vs what holds now; the answer is the current one."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "temporal-01",
        "persona": "tomasz",
        "memories": [
            ("cover", 140, "Until the end of March I'm acting team lead while Marta is on maternity leave.", {"valid_until_days": -60}),
            ("now", 55, "Marta is back. I'm a regular engineer again, though I own the Postgres migration workstream."),
            ("oneone", 110, "Acting lead means doing 1:1s with Piotr and Anka. Not my favourite part."),
            ("pg", 30, "Postgres migration is 11 to 16, target done by July."),
            ("review", 90, "Perf review season: I wrote the reviews for Piotr and Anka this time."),
        ],
        "questions": [("What's Tomasz's role on the team right now?", ["now"])],
    },
    {
        "id": "temporal-02",
        "persona": "tomasz",
        "memories": [
            ("rental", 25, "Octavia is at the body shop after the parking lot scrape, we've got a rental Fabia from Panek until Friday.", {"valid_until_days": -20}),
            ("back", 18, "Got the Octavia back, new bumper looks perfect. Returned the Fabia."),
            ("claim", 24, "Insurance claim with PZU is 2023/WR/118845, they covered everything minus the 500 zł deductible."),
            ("fabia", 23, "The rental Fabia is tiny, Kuba's booster seat barely fits."),
            ("tyres", 5, "Need to swap to winter tyres on the Octavia before the end of the month."),
        ],
        "questions": [("Which car is the family using at the moment?", ["back"])],
    },
    {
        "id": "temporal-03",
        "persona": "amara",
        "memories": [
            ("nights", 160, "This rota I'm on nights until the end of February. Sleep is a myth.", {"valid_until_days": -90}),
            ("days", 85, "From March it's long days for me: 7:30 to 20:00, Mondays, Wednesdays and Fridays."),
            ("swap", 130, "Swapped a night with Hannah so I can make Chioma's video call."),
            ("rota", 70, "The ward rota app is Allocate, rotas come out six weeks ahead."),
            ("tired", 140, "Nights are wrecking my running, can't do Sunday long runs."),
        ],
        "questions": [("What hours is Amara working these days?", ["days"])],
    },
    {
        "id": "temporal-04",
        "persona": "amara",
        "memories": [
            ("mil", 40, "Dele's mum is staying with us until Sunday the 12th.", {"valid_until_days": -25}),
            ("ngozi", 15, "Dele's mum flew home. Now my cousin Ngozi is on the sofa bed for a few weeks while she looks for a flat in Manchester."),
            ("cook", 38, "His mum has completely taken over the kitchen, jollof every day."),
            ("job", 14, "Ngozi starts at the Co-op head office on Monday."),
            ("spare", 100, "The second bedroom is basically my running gear and Dele's records."),
        ],
        "questions": [("Who's staying at their place right now?", ["ngozi"])],
    },
    {
        "id": "temporal-05",
        "persona": "kenji",
        "memories": [
            ("closed", 70, "Shop closed for renovation until 20 January.", {"valid_until_days": -40}),
            ("hours", 38, "Reopened. New hours: 11:00–15:00 and 18:00–22:00, closed on Wednesdays."),
            ("reno", 80, "Renovation: new extractor fan and new tiles behind the counter."),
            ("cost", 60, "Contractor Fujita-san charged 1.2 million yen, a bit more than quoted."),
            ("old", 400, "Before, we were open 11:00 to 23:00 straight, no break. Too tiring."),
        ],
        "questions": [("Is the shop open for lunch these days, and when?", ["hours"])],
    },
    {
        "id": "temporal-06",
        "persona": "kenji",
        "memories": [
            ("tsukemen", 150, "Tsukemen on the summer menu, only through August.", {"valid_until_days": -90}),
            ("winter", 10, "Winter limited item from December: miso butter corn ramen, 1,100 yen."),
            ("regular", 300, "Regular tonkotsu stays on the menu all year."),
            ("ask", 20, "Customers keep asking for the tsukemen even in winter."),
            ("yuzu", 400, "Last spring we tried a yuzu shio special, did not sell well."),
        ],
        "questions": [("What's the seasonal special on the menu at the moment?", ["winter"])],
    },
    {
        "id": "temporal-07",
        "persona": "lucia",
        "memories": [
            ("brightwave", 200, "My contract with Brightwave runs through June 30, 20 hours a week.", {"valid_until_days": -150}),
            ("halden", 120, "Signed a six-month retainer with Halden Health in Oslo: 60 hours a month, starting July."),
            ("bw-pay", 180, "Brightwave always pays on day 29, never earlier."),
            ("halden-app", 100, "Halden's product is a patient scheduling app for clinics."),
            ("small", 40, "Doing a tiny side job for a bakery, maybe 5 hours."),
        ],
        "questions": [("Who's Lucía's main client currently?", ["halden"])],
    },
    {
        "id": "temporal-08",
        "persona": "lucia",
        "memories": [
            ("mvd", 30, "I'm in Montevideo until the 3rd for Flor's wedding, wifi is patchy so I'll be slow on messages.", {"valid_until_days": -22}),
            ("home", 20, "Back in Buenos Aires, normal hours again. Next trip is Madrid in April to see Nico."),
            ("ferry", 31, "Took the Buquebus to Montevideo, 2h15 on the fast ferry."),
            ("wedding", 26, "Flor's wedding was gorgeous, danced till 5am."),
            ("visa", 10, "Passport expires in 2027 so I'm fine for Spain."),
        ],
        "questions": [("Is she away travelling right now?", ["home"])],
    },
    {
        "id": "temporal-09",
        "persona": "devika",
        "memories": [
            ("boston", 400, "Karthik is on a research fellowship in Boston until December.", {"valid_until_days": -300}),
            ("narayana", 280, "Karthik's back home and has joined Narayana Health as a consultant."),
            ("calls", 380, "With Karthik in Boston we do video calls at 7am our time."),
            ("paper", 200, "His Boston paper on heart failure finally got published."),
            ("shifts", 60, "Karthik's OPD days are Monday, Wednesday and Friday."),
        ],
        "questions": [("Where is her husband working now?", ["narayana"])],
    },
    {
        "id": "temporal-10",
        "persona": "devika",
        "memories": [
            ("interim", 150, "Interim arrangement: I report to Rahul, the CPO, until the new VP joins.", {"valid_until_days": -70}),
            ("sunita", 65, "Sunita Rao joined as VP Product. I report to her from this week."),
            ("rahul", 40, "Rahul is going on a three-month sabbatical."),
            ("skip", 30, "Skip-level with the CEO is once a quarter."),
            ("team", 100, "My squad: four engineers, one designer, one analyst."),
        ],
        "questions": [("Who is Devika's manager?", ["sunita"])],
    },
    {
        "id": "temporal-11",
        "persona": "henrik",
        "memories": [
            ("hospital", 50, "Randi is at Haukeland after her hip operation; she should be home by the weekend.", {"valid_until_days": -42}),
            ("home", 40, "Randi is home. Walking with a walker, the physio comes Tuesdays and Fridays, and she's already bossing me around."),
            ("surgery", 52, "The surgery went well according to the surgeon, new hip on the left side."),
            ("visiting", 48, "Visiting hours at Haukeland are 15 to 19, I go every day."),
            ("stairs", 90, "Our house has steep stairs, we might need a rail on the second flight."),
        ],
        "questions": [("How is his wife getting on after the hip surgery?", ["home"])],
    },
    {
        "id": "temporal-12",
        "persona": "henrik",
        "memories": [
            ("etne", 500, "Fishing licence for the Etne river, valid for the 2023 season.", {"valid_until_days": -420}),
            ("vosso", 60, "Bought this season's licence for Vosso, salmon, week 27 and 28."),
            ("rod", 200, "New 13-foot double-handed rod, finally."),
            ("catch", 450, "Caught a 6 kg salmon in the Etne, best of my life."),
            ("rules", 70, "Catch and release is mandatory for large hen fish in Vosso."),
        ],
        "questions": [("Which river is Henrik licensed to fish this year?", ["vosso"])],
    },
    {
        "id": "temporal-13",
        "persona": "grace",
        "memories": [
            ("old", 160, "Until the long rains end, the extension team meets on Mondays at the Karatina office.", {"valid_until_days": -100}),
            ("new", 55, "From now on we meet on Thursdays, 9am, at the new office by the Gatina mill."),
            ("agenda", 50, "Standing agenda: pest reports, training schedule, loan follow-ups."),
            ("karatina", 300, "The Karatina office has no electricity half the time."),
            ("members", 20, "Two new extension officers joined: Mercy and Josphat."),
        ],
        "questions": [("When and where does the extension team meet?", ["new"])],
    },
    {
        "id": "temporal-14",
        "persona": "grace",
        "memories": [
            ("equity", 700, "Equity Bank greenhouse loan: 8,000 a month for 24 months.", {"valid_until_days": -150}),
            ("cleared", 150, "Made the last Equity payment! Greenhouse is fully ours."),
            ("chama", 60, "Took a 50,000 loan from our chama for a dairy cow, paying back 5,000 monthly."),
            ("cow", 40, "The cow is a Friesian cross, giving about 14 litres a day."),
            ("interest", 55, "Chama interest is 10% flat, better than any bank."),
        ],
        "questions": [("What loan repayments does Grace have at the moment?", ["chama"])],
    },
    {
        "id": "temporal-15",
        "persona": "sam",
        "memories": [
            ("parents", 110, "Staying at my parents' place in Eugene until my new lease starts October 1.", {"valid_until_days": -55}),
            ("division", 50, "Moved into the house on SE Division with Jess and Marco. Biscuit approves of the yard."),
            ("desk", 100, "Working from my childhood bedroom at my parents', it's very 2009 in here."),
            ("rent", 48, "Rent is $2,700 total, split three ways."),
            ("internet", 45, "Internet at the new place is Xfinity, 800 Mbps in theory."),
        ],
        "questions": [("Where is Sam living now?", ["division"])],
    },
    {
        "id": "temporal-16",
        "persona": "sam",
        "memories": [
            ("demo", 300, "Next Fest demo stays up until Feb 10, then I pull it.", {"valid_until_days": -250}),
            ("ea", 240, "Demo is gone. Early Access is the only thing on the store page now, $14.99."),
            ("discount", 250, "Launch discount 20% off until the 13th.", {"valid_until_days": -235}),
            ("demo-stats", 290, "Demo had 11k players during Next Fest, median playtime 34 minutes."),
            ("sale", 10, "Will join the Steam Winter Sale with 25% off."),
        ],
        "questions": [("Can people still try a free demo of the game?", ["ea"])],
    },
    {
        "id": "temporal-17",
        "persona": "kenji",
        "memories": [
            ("daichi", 200, "Daichi-kun helps at lunch until the end of March, then he moves to Tokyo for work.", {"valid_until_days": -120}),
            ("aoi", 110, "New part-timer: Aoi-san, a retired lady from the neighbourhood. She covers lunch Monday to Friday."),
            ("wage", 105, "Part-time wage is 1,100 yen an hour."),
            ("party", 130, "Small goodbye party for Daichi after closing, Yuko cried again."),
            ("evening", 60, "Evenings it's just me and Yuko, no helper."),
        ],
        "questions": [("Who helps out at lunchtime now?", ["aoi"])],
    },
    {
        "id": "temporal-18",
        "persona": "amara",
        "memories": [
            ("puregym", 300, "PureGym membership, month to month, cancelled from the end of June.", {"valid_until_days": -140}),
            ("leisure", 130, "Joined the council leisure centre in Chorlton instead — £28 a month and it has a pool."),
            ("classes", 120, "Doing the Tuesday spin class at the leisure centre, brutal."),
            ("pg-why", 160, "PureGym is always rammed after 5pm, can't stand it."),
            ("swim", 90, "Swimming once a week is helping the knee."),
        ],
        "questions": [("Which gym does Amara belong to?", ["leisure"])],
    },
]
