# ruff: noqa: E501
"""Paraphrase: the question shares few or no words with the answering memory; distractors share the
question's words but do not answer it."""

SCENARIOS = [
    {
        "id": "paraphrase-01",
        "persona": "amara",
        "memories": [
            (
                "shellfish",
                210,
                "Amara came out in hives after the prawn curry at the staff do, so shellfish is completely off the menu for her.",
            ),
            ("d1", 180, "Amara likes to eat lunch early, around 11, before the ward gets busy."),
            ("d2", 90, "We eat jollof rice every Sunday after choir, it's a family thing."),
            ("d3", 40, "The canteen at work stopped doing hot food after 8pm, which is rubbish for nights."),
        ],
        "questions": [("Is there anything Amara can't eat?", ["shellfish"])],
        "note": "restriction phrased as a reaction + 'off the menu'; distractors say 'eat'",
    },
    {
        "id": "paraphrase-02",
        "persona": "kenji",
        "memories": [
            (
                "pg",
                300,
                "Everything we ship reads from one Postgres cluster on RDS, that's the single source of truth.",
            ),
            (
                "d1",
                200,
                "Kenji's team is evaluating a graph database for route planning, nothing decided yet.",
            ),
            ("d2", 150, "The production deploy pipeline runs on GitHub Actions."),
            (
                "d3",
                60,
                "Last spring the team had a database migration go sideways and it took 4 hours to roll back.",
            ),
        ],
        "questions": [("What database does Kenji's team run in production?", ["pg"])],
    },
    {
        "id": "paraphrase-03",
        "persona": "lucia",
        "memories": [
            (
                "bus",
                120,
                "I take the 152 down Avenida Santa Fe every morning, it drops me a block from the studio.",
            ),
            ("d1", 100, "Lucía said work has been insane since the Belgrano job started."),
            ("d2", 80, "Her husband drives the girls to school on his way to work."),
            ("d3", 30, "I'd love to get a bike but the traffic on Juan B. Justo terrifies me."),
        ],
        "questions": [("How does Lucía get to work?", ["bus"])],
    },
    {
        "id": "paraphrase-04",
        "persona": "tomas",
        "memories": [
            ("monday", 400, "Mondays are our rest day, the shop stays dark and nobody bakes."),
            ("d1", 250, "Tomáš closed the second counter at the bakery because he couldn't find staff."),
            (
                "d2",
                120,
                "The supermarket near the bakery is closed on Sundays, which brings him more customers then.",
            ),
            ("d3", 20, "The bakery's opening hours on Google Maps were wrong, a customer complained."),
        ],
        "questions": [("When is the bakery closed?", ["monday"])],
    },
    {
        "id": "paraphrase-05",
        "persona": "priya",
        "memories": [
            ("boss", 260, "My boss is Arjun Mehta, VP of Product, we do 1:1s every Tuesday afternoon."),
            ("d1", 200, "Priya has to send the weekly metrics report to the leadership team every Friday."),
            ("d2", 140, "She reports bugs in Jira under the ONB project."),
            ("d3", 50, "The quarterly report showed onboarding drop-off fell to 18%."),
        ],
        "questions": [("Who does Priya report to?", ["boss"])],
    },
    {
        "id": "paraphrase-06",
        "persona": "marek",
        "memories": [
            ("pb", 380, "Marek's PB is 3:07:42, set in Berlin in 2023."),
            ("d1", 200, "Marek runs about 60 km a week when training is at its peak."),
            ("d2", 150, "He says the 42 km distance feels longest between km 30 and 35."),
            ("d3", 90, "Marek ran the Kraków half in 1:29 last spring."),
        ],
        "questions": [("How fast has Marek ever run 42 km?", ["pb"])],
        "note": "personal best phrased as PB; distractors mention 42 km / ran",
    },
    {
        "id": "paraphrase-07",
        "persona": "fatima",
        "memories": [
            ("cat", 70, "Zaza knocked my coffee off the desk AGAIN, that cat is a menace."),
            ("d1", 200, "Fatima's neighbour has pets that bark all night, she's complained twice."),
            ("d2", 60, "She's translating a pet-insurance brochure for a vet chain this week."),
            ("d3", 20, "Fatima said she'd love a little garden one day."),
        ],
        "questions": [("Does Fatima have any pets?", ["cat"])],
    },
    {
        "id": "paraphrase-08",
        "persona": "hannah",
        "memories": [
            ("subaru", 240, "I've got a green 2019 Subaru Outback with a dog crate permanently in the back."),
            ("d1", 190, "Hannah said driving to Truro for house calls takes about an hour."),
            ("d2", 110, "She drives the practice's van for emergency farm visits."),
            ("d3", 30, "Hannah's brother just bought a Tesla and won't shut up about it."),
        ],
        "questions": [("What kind of car does Hannah drive?", ["subaru"])],
    },
    {
        "id": "paraphrase-09",
        "persona": "amara",
        "memories": [
            (
                "allotment",
                160,
                "Chidi spends every Saturday at the allotment growing peppers and okra, he loves it.",
            ),
            ("d1", 220, "Amara did a 5k fun run for the hospital charity."),
            ("d2", 130, "Her husband handles the school pickups on Thursdays."),
            ("d3", 45, "Amara says there's no time for fun during rota weeks."),
        ],
        "questions": [("What does Amara's husband do for fun?", ["allotment"])],
    },
    {
        "id": "paraphrase-10",
        "persona": "kenji",
        "memories": [
            (
                "cert",
                9,
                "Root cause of Tuesday's outage: the TLS cert on the API gateway expired and nobody got the renewal email.",
            ),
            ("d1", 12, "Kenji said the app store review took a week last time."),
            ("d2", 8, "Last week we slowed down the release train to once a week."),
            ("d3", 6, "The app's crash rate went down after the Go rewrite."),
        ],
        "questions": [("Why did the app go down last week?", ["cert"])],
        "note": "'go down' vs 'outage'; distractors share app/down/last week",
    },
    {
        "id": "paraphrase-11",
        "persona": "lucia",
        "memories": [
            ("martina", 100, "Martina turns 12 on the 3rd of August, we're planning a sleepover."),
            ("d1", 180, "Sol, the little one, started first grade this year."),
            ("d2", 90, "Lucía said the eldest of her brothers is moving to Córdoba."),
            ("d3", 40, "The Belgrano client's house is old, built in 1938, so permits are a pain."),
        ],
        "questions": [("How old is Lucía's eldest?", ["martina"])],
    },
    {
        "id": "paraphrase-12",
        "persona": "tomas",
        "memories": [
            (
                "mill",
                330,
                "All our rye and wheat comes from the Zelený mill near Třebíč, delivered Thursdays.",
            ),
            ("d1", 100, "The bakery ran out of poppy seeds twice this month."),
            ("d2", 70, "Tomáš wants a stone grain mill of his own someday."),
            ("d3", 30, "The sourdough starter at the bakery is 14 years old."),
        ],
        "questions": [("Where does the bakery get its grain?", ["mill"])],
    },
    {
        "id": "paraphrase-13",
        "persona": "priya",
        "memories": [
            ("ctc", 300, "Got the offer letter: 42 lakh fixed plus 8 in ESOPs vesting over four years."),
            ("d1", 120, "Priya is negotiating salary for a new hire on her team."),
            ("d2", 90, "Salaries at her company get paid on the last working day of the month."),
            ("d3", 30, "Her sister earns more as a consultant, which annoys Priya a bit."),
        ],
        "questions": [("What's Priya's salary?", ["ctc"])],
    },
    {
        "id": "paraphrase-14",
        "persona": "marek",
        "memories": [
            ("astro", 80, "On Wednesdays I take the final-year kids for an astronomy elective."),
            ("d1", 200, "Marek's physics lab badly needs new oscilloscopes."),
            ("d2", 150, "Kasia teaches first-aid courses for pharmacists on weekends."),
            ("d3", 60, "The physics curriculum changed in September, lots more exam prep now."),
        ],
        "questions": [("Does Marek teach anything besides physics?", ["astro"])],
    },
    {
        "id": "paraphrase-15",
        "persona": "fatima",
        "memories": [
            ("rate", 260, "My rate is €0.11 a word, €0.14 for sworn legal work."),
            ("d1", 180, "The agency in Paris charges clients double what they pay me, it's absurd."),
            ("d2", 90, "Fatima needs to send invoices before the 30th."),
            ("d3", 40, "Her accountant charges €90 a month."),
        ],
        "questions": [("How much does Fatima charge?", ["rate"])],
    },
    {
        "id": "paraphrase-16",
        "persona": "hannah",
        "memories": [
            ("hours", 300, "We're open 8 to 6 on weekdays and 9 till noon on Saturdays."),
            ("d1", 220, "Hannah keeps long hours in calving season helping a farm-vet friend."),
            ("d2", 150, "The clinic keeps a spare key with the pharmacy next door."),
            ("d3", 50, "Dev wants the clinic to add an evening slot someday, Hannah's not sure."),
        ],
        "questions": [("What hours does Hannah's clinic keep?", ["hours"])],
    },
    {
        "id": "paraphrase-17",
        "persona": "amara",
        "memories": [
            ("nationwide", 400, "My wages go into a Nationwide current account."),
            ("d1", 160, "Amara said the food bank at church needs more volunteers."),
            ("d2", 100, "The bank holiday rota left Amara working Christmas."),
            ("d3", 35, "Chidi is moving his business overdraft to another lender."),
        ],
        "questions": [("Which bank does Amara use?", ["nationwide"])],
    },
    {
        "id": "paraphrase-18",
        "persona": "kenji",
        "memories": [
            ("rust", 280, "The route optimizer is Rust, Hiro wrote most of it before he left."),
            ("d1", 190, "Kenji wants the team to pick up a new programming language every year."),
            ("d2", 130, "The routing engine's API docs are written in Notion."),
            ("d3", 45, "Routing engine latency is about 120 ms at p95."),
        ],
        "questions": [("What programming language is the routing engine written in?", ["rust"])],
    },
    {
        "id": "paraphrase-19",
        "persona": "lucia",
        "memories": [
            ("lifts", 220, "I get panicky in lifts, I always take the stairs, even up to a ninth floor."),
            ("d1", 150, "Lucía's daughter Sol has a phobia of dogs."),
            ("d2", 100, "Lucía read a book on phobias for the children's hospital design brief."),
            ("d3", 25, "She's worried the Chacarita client won't pay on time."),
        ],
        "questions": [("Does Lucía have any phobias?", ["lifts"])],
    },
    {
        "id": "paraphrase-20",
        "persona": "tomas",
        "memories": [
            ("radek", 140, "Radek, my apprentice, comes in at 4 to shape the rolls."),
            ("d1", 200, "Tomáš said the mornings are the only quiet time at home."),
            ("d2", 110, "Jana helps at the till on Saturday afternoons."),
            ("d3", 40, "Tomáš is looking for help with the bakery's website."),
        ],
        "questions": [("Who helps Tomáš in the mornings?", ["radek"])],
    },
    {
        "id": "paraphrase-21",
        "persona": "priya",
        "memories": [
            ("okr", 45, "Q3 OKR: cut merchant KYC turnaround from 3 days to under 24 hours."),
            ("d1", 200, "Priya's personal goal is to read 20 books this year."),
            ("d2", 60, "Over the next three months her parents will be travelling around Goa."),
            ("d3", 30, "The company goals were announced at the all-hands."),
        ],
        "questions": [("What are Priya's goals for the next three months at work?", ["okr"])],
    },
    {
        "id": "paraphrase-22",
        "persona": "marek",
        "memories": [
            ("valencia", 60, "Signed up for Valencia in December!! Going for sub-3."),
            ("d1", 100, "Marek said his next pair of shoes will be Asics."),
            ("d2", 30, "The school's relay race is next Friday, Marek organises it."),
            ("d3", 120, "He watched the Tour de France race all July."),
        ],
        "questions": [("Where is Marek's next race?", ["valencia"])],
    },
    {
        "id": "paraphrase-23",
        "persona": "fatima",
        "memories": [
            (
                "faith",
                300,
                "I fast during Ramadan and try to pray five times a day, even when a deadline is looming.",
            ),
            ("d1", 200, "Fatima translated a religious studies thesis last year."),
            ("d2", 120, "Her sister isn't religious at all, they argue about it."),
            ("d3", 30, "Fatima is religious about backups: two drives plus the cloud."),
        ],
        "questions": [("Is Fatima religious?", ["faith"])],
        "note": "the literal 'religious' memories are traps",
    },
    {
        "id": "paraphrase-24",
        "persona": "hannah",
        "memories": [
            ("lobster", 210, "Nothing beats a lobster roll from the shack at Peggy's Cove."),
            ("d1", 160, "Hannah recommends one food brand for senior cats at the clinic."),
            ("d2", 90, "Dev's favourite lunch spot is the Thai place on Quinpool."),
            ("d3", 40, "Hannah said her favourite patient is a 15-year-old beagle."),
        ],
        "questions": [("What's Hannah's favourite food?", ["lobster"])],
    },
    {
        "id": "paraphrase-25",
        "persona": "amara",
        "memories": [
            ("msc", 330, "I finished my MSc in Advanced Clinical Practice at Salford last year."),
            ("d1", 200, "Amara mentors newly qualified nurses on the ward."),
            ("d2", 150, "Her nursing registration is up for renewal next year."),
            ("d3", 60, "Chidi is working towards a chartered qualification."),
        ],
        "questions": [("Has Amara got any qualifications beyond nursing?", ["msc"])],
    },
    {
        "id": "paraphrase-26",
        "persona": "kenji",
        "memories": [
            (
                "argo",
                250,
                "We deploy via ArgoCD: merge to main rolls out to staging, prod needs a manual sync.",
            ),
            ("d1", 180, "Kenji's team ships about 40 PRs a week."),
            ("d2", 120, "Code review rule is two approvals before merge."),
            ("d3", 50, "Shipping containers are the biggest cost for the logistics clients."),
        ],
        "questions": [("How does Kenji's team ship code to production?", ["argo"])],
    },
    {
        "id": "paraphrase-27",
        "persona": "lucia",
        "memories": [
            ("mdp", 300, "Mamá and papá retired to Mar del Plata, we go see them every January."),
            ("d1", 200, "Lucía's in-laws live in Rosario."),
            ("d2", 120, "Lots of the parents at school live in Palermo too."),
            ("d3", 60, "The Belgrano client wants room for elderly parents to live with them."),
        ],
        "questions": [("Where do Lucía's parents live?", ["mdp"])],
    },
    {
        "id": "paraphrase-28",
        "persona": "tomas",
        "memories": [
            ("kolache", 150, "The poppy-seed kolache sell out first every Saturday, usually by nine."),
            ("d1", 120, "Tomáš wants the rye loaf to be a bestseller but people won't buy it."),
            ("d2", 80, "The bakery's worst seller is the spelt baguette."),
            ("d3", 20, "Tomáš said best-before labels are now required on packaged cakes."),
        ],
        "questions": [("What's the bestseller at Tomáš's bakery?", ["kolache"])],
    },
    {
        "id": "paraphrase-29",
        "persona": "priya",
        "memories": [
            ("pixel", 160, "I'm on a Pixel 8, the work MDM refuses iPhones for some reason."),
            ("d1", 120, "Priya's phone bill is paid by the company."),
            ("d2", 80, "She tests her own fintech app's phone banking flows every release."),
            ("d3", 20, "Priya hates phone calls, prefers Slack."),
        ],
        "questions": [("What phone does Priya use?", ["pixel"])],
    },
    {
        "id": "paraphrase-30",
        "persona": "marek",
        "memories": [
            ("kuba", 100, "Our son Kuba starts kindergarten in September, Kasia is more nervous than he is."),
            ("d1", 200, "Marek's students call him 'Pan Fizyk'."),
            ("d2", 90, "Marek said he'd like kids to do more hands-on experiments."),
            ("d3", 40, "Kasia's sister has three kids under five."),
        ],
        "questions": [("Does Marek have kids?", ["kuba"])],
    },
    {
        "id": "paraphrase-31",
        "persona": "kenji",
        "memories": [
            (
                "ratelimit",
                70,
                "Partner API throttles us at 50 req/s per key, anything above that gets a 429.",
            ),
            ("d1", 150, "Kenji said the partner's sales team keeps promising features they don't have."),
            ("d2", 90, "We call the partner API from the dispatch worker, roughly every 30 seconds."),
            ("d3", 40, "How many requests the mobile app makes at login is something Kenji wants to cut."),
            ("d4", 20, "The partner renamed their API endpoints in v3, annoying but harmless."),
        ],
        "questions": [
            (
                "How many calls per second can we make to the partner before they start rejecting us?",
                ["ratelimit"],
            )
        ],
        "note": "everyday description of a technical limit (throttle / 429)",
    },
    {
        "id": "paraphrase-32",
        "persona": "hannah",
        "memories": [
            (
                "seasick",
                260,
                "Honestly I turn green the minute there's any swell, I need ginger and a horizon to stare at.",
            ),
            ("d1", 200, "Hannah felt sick of paperwork after the audit."),
            ("d2", 140, "She gets sick days covered by a locum from Dartmouth."),
            ("d3", 60, "The sloop's bilge pump needs replacing before next season."),
        ],
        "questions": [("Does Hannah get seasick?", ["seasick"])],
    },
    {
        "id": "paraphrase-33",
        "persona": "fatima",
        "memories": [
            ("sworn", 500, "Fatima is a traductrice assermentée at the Cour d'appel de Lyon since 2021."),
            ("d1", 300, "Fatima said she can certify her own signature on invoices electronically now."),
            (
                "d2",
                150,
                "A client asked whether Fatima could translate a birth certificate from Portuguese; she can't.",
            ),
            ("d3", 60, "Official translations of diplomas take her about two days."),
        ],
        "questions": [("Is Fatima allowed to do certified court translations?", ["sworn"])],
        "note": "the answer is in French legal vocabulary",
    },
    {
        "id": "paraphrase-34",
        "persona": "tomas",
        "memories": [
            (
                "celiac",
                330,
                "Jana has coeliac disease, so at home everything is made with separate buckwheat and rice flour.",
            ),
            ("d1", 250, "Tomáš's wife hates the smell of burnt sugar."),
            (
                "d2",
                160,
                "Customers keep asking for gluten-free bread but the bakery can't guarantee no cross-contamination.",
            ),
            ("d3", 70, "Jana's mum bakes a wonderful poppy strudel."),
        ],
        "questions": [("Why can't Tomáš's wife eat his bread?", ["celiac"])],
        "note": "consequence question; a distractor shares the gluten topic",
    },
    {
        "id": "paraphrase-35",
        "persona": "amara",
        "memories": [
            ("somto", 80, "Somto's been diagnosed with asthma, he has a blue inhaler in his school bag now."),
            ("d1", 200, "Amara says the boys breathe in dust all day at football practice."),
            ("d2", 100, "Ebuka's school sent a letter about head lice."),
            ("d3", 50, "Amara is on the respiratory nursing study day next month."),
        ],
        "questions": [("Does either of Amara's sons have a health condition?", ["somto"])],
    },
    {
        "id": "paraphrase-36",
        "persona": "priya",
        "memories": [
            (
                "sla",
                120,
                "If a merchant's KYC isn't decided in 72 hours we owe them a fee waiver for the month, it's in the contract.",
            ),
            ("d1", 90, "Merchants complain that the onboarding form is too long."),
            (
                "d2",
                60,
                "Priya's team waived the setup fee for a few enterprise merchants as a goodwill gesture.",
            ),
            ("d3", 30, "KYC vendor switched their document OCR model last week."),
        ],
        "questions": [("What happens if we're slow approving a merchant's paperwork?", ["sla"])],
    },
]
