"""constraint: a rule / restriction / standing decision must come first when the question is
about doing something it governs; distractors are topical notes on the same subject."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "constraint-01",
        "persona": "tomasz",
        "memories": [
            ("friday", 200, "Team rule since the November outage: no prod deploys on Fridays after 14:00. No exceptions without Marta.", {"memory_type": "constraint"}),
            ("argo", 150, "Deploys go through Argo CD; ingress sits in the first sync wave."),
            ("pr", 5, "The ingress timeout change is PR #812, Anka approved it this morning."),
            ("beers", 60, "Friday beers at 16:00 in the office kitchen, someone always brings Piwo z Grodziska."),
            ("window", 90, "Maintenance window for the DB is Sunday 02:00–04:00."),
        ],
        "questions": [("Can I push the ingress config change to prod on Friday afternoon?", ["friday"])],
    },
    {
        "id": "constraint-02",
        "persona": "tomasz",
        "memories": [
            ("peanut", 400, "Zosia is allergic to peanuts — she carries an EpiPen in her backpack, and nothing with nuts comes into the house.", {"memory_type": "constraint"}),
            ("pierogi", 100, "Zosia would eat pierogi ruskie every day if we let her."),
            ("party", 20, "Zosia's party is at the trampoline park on the 14th, eleven kids."),
            ("lego", 30, "Kuba says the cake must look like a Lego brick. Not his party, but fine."),
            ("budget", 25, "Trampoline park package includes drinks, food we bring ourselves."),
        ],
        "questions": [("We're planning snacks for Zosia's birthday party, what should we order?", ["peanut"])],
    },
    {
        "id": "constraint-03",
        "persona": "amara",
        "memories": [
            ("pii", 300, "Trust policy, and my own rule: no patient names, dates of birth or NHS numbers in any personal app or notes. Ever.", {"memory_type": "constraint"}),
            ("handover", 200, "Handover is at 7:45 and 19:45."),
            ("sheet", 150, "I use a paper 'brain' sheet for handover and shred it at the end of shift."),
            ("bed4", 10, "Bed 4 is usually where the high-dependency kids go, nearest the station."),
            ("epic", 100, "The ward moved to the new electronic record system in spring, still clunky."),
        ],
        "questions": [("Can you keep a note of the little boy in bed 4 — his name, DOB and meds — so I remember them for handover tomorrow?", ["pii"])],
    },
    {
        "id": "constraint-04",
        "persona": "amara",
        "memories": [
            ("cap", 120, "Wedding budget is capped at £12k all in. We are NOT going into debt for one day.", {"memory_type": "decision"}),
            ("band", 90, "Dele really wants a live highlife band."),
            ("guests", 80, "Mum thinks 200 guests is the minimum, Nigerian weddings and all that."),
            ("library", 60, "Looked at the old library venue in Chorlton, £3k for the hall."),
            ("didsbury", 15, "There's a lovely place in Didsbury with a garden, viewing on Saturday."),
        ],
        "questions": [("The Didsbury venue wants £9,500 just for hire of the room — should we put a deposit down?", ["cap"])],
    },
    {
        "id": "constraint-05",
        "persona": "kenji",
        "memories": [
            ("noresv", 500, "Shop rule: no reservations. Not for friends, not for TV people. Everyone queues.", {"memory_type": "constraint"}),
            ("queue", 100, "Saturday night queue is usually about 30 minutes."),
            ("tv", 300, "TV Nishinippon filmed here in 2021, business doubled for a month."),
            ("blogger", 10, "Food blogger posts bring lots of Korean and Taiwanese tourists."),
            ("groups", 60, "Groups bigger than four get split along the counter."),
        ],
        "questions": [("A food blogger asks to book the counter for six people Saturday night. Can I say yes?", ["noresv"])],
    },
    {
        "id": "constraint-06",
        "persona": "kenji",
        "memories": [
            ("salt", 90, "Doctor says my blood pressure is too high: max 6 g salt per day, and don't drink the soup.", {"memory_type": "constraint"}),
            ("lunchtime", 200, "I eat lunch at 15:30 after the lunch rush."),
            ("nakasu", 150, "My favourite shoyu ramen is a small place in Nakasu."),
            ("onigiri", 100, "Yuko makes onigiri for me most days, ume or salmon."),
            ("tasting", 300, "I taste the soup maybe twenty times a day to check it."),
        ],
        "questions": [("Suggest something for my lunch today — I was going to have a bowl of our own tonkotsu.", ["salt"])],
    },
    {
        "id": "constraint-07",
        "persona": "lucia",
        "memories": [
            ("mornings", 300, "My rule: no calls before 10:00 Buenos Aires time. Clients in Spain can have the afternoon slot.", {"memory_type": "preference"}),
            ("javier", 200, "Estudio Norte's PM is Javier, he's lovely but talks a lot."),
            ("diff", 150, "Madrid is 4 or 5 hours ahead depending on their summer time."),
            ("kickoff", 5, "Estudio Norte has a new app project, kickoff next week."),
            ("calendar", 100, "I use Cal.com for clients to book calls."),
        ],
        "questions": [("Estudio Norte wants the kickoff call at 9am my time on Tuesday — should I accept?", ["mornings"])],
    },
    {
        "id": "constraint-08",
        "persona": "lucia",
        "memories": [
            ("nda", 250, "Never put client work in my portfolio without written permission. Got burned by Brightwave's NDA once.", {"memory_type": "constraint"}),
            ("refresh", 60, "Portfolio needs a refresh before summer."),
            ("behance", 120, "Behance views went way up after the Casa Verde case study."),
            ("halden", 30, "The Halden Health screens are the best thing I've designed, honestly."),
            ("format", 40, "Want to try case studies as scrolling Notion pages instead of PDFs."),
        ],
        "questions": [("Let's put the Halden Health screens up on my Behance this week?", ["nda"])],
    },
    {
        "id": "constraint-09",
        "persona": "devika",
        "memories": [
            ("compliance", 300, "Policy: any onboarding change that touches KYC needs written sign-off from Farhan in compliance before it goes live.", {"memory_type": "constraint"}),
            ("pan", 10, "New PAN upload step is dev-complete, QA passed yesterday."),
            ("release", 200, "Releases go out Tuesday and Thursday evenings."),
            ("dropoff", 50, "Drop-off at the document step is 31%, worst in the funnel."),
            ("design", 20, "Design for the PAN step uses the camera auto-capture component."),
        ],
        "questions": [("Can we ship the new PAN upload step tomorrow evening?", ["compliance"])],
    },
    {
        "id": "constraint-10",
        "persona": "devika",
        "memories": [
            ("veg", 500, "Appa is strictly vegetarian — no meat, no egg, and no onion or garlic either.", {"memory_type": "constraint"}),
            ("arjun", 60, "Arjun is eating like a horse since he started gym."),
            ("meera", 100, "Meera's favourite is pav bhaji from the place on 100 Feet Road."),
            ("fast", 40, "Karthik is doing intermittent fasting, nothing after 8pm."),
            ("swiggy", 20, "We order on Swiggy mostly, Zomato's delivery here is slow."),
        ],
        "questions": [("Ordering dinner for everyone tonight — chicken biryani for the whole family okay?", ["veg"])],
    },
    {
        "id": "constraint-11",
        "persona": "henrik",
        "memories": [
            ("dark", 200, "I promised Randi I won't sail single-handed after dark anymore. I keep my promises.", {"memory_type": "constraint"}),
            ("askoy", 100, "Crossing to Askøy takes about an hour and forty minutes under sail."),
            ("vhf", 60, "Bought a new handheld VHF radio, Standard Horizon."),
            ("odd", 2, "Odd can't come sailing tonight, his knee again."),
            ("sunset", 5, "Sunset is around 17:30 now."),
        ],
        "questions": [("Odd has cancelled — should I still sail over to Askøy alone this evening and come back around ten?", ["dark"])],
    },
    {
        "id": "constraint-12",
        "persona": "henrik",
        "memories": [
            ("warfarin", 300, "I'm on warfarin. No ibuprofen, no aspirin, and ask the pharmacist before taking anything new.", {"memory_type": "constraint"}),
            ("back", 3, "My back always aches after lifting the outboard off the transom."),
            ("voltaren", 100, "Randi swears by Voltaren gel for her shoulder."),
            ("mattress", 200, "Got a new firm mattress in spring, helped a bit."),
            ("inr", 30, "INR was 2.6 at the last check, right in range."),
        ],
        "questions": [("My back is killing me after working on the boat — what can I take for the pain?", ["warfarin"])],
    },
    {
        "id": "constraint-13",
        "persona": "grace",
        "memories": [
            ("cutoff", 400, "Cooperative rule: no cherry is received at the factory after 6pm. Late cherry ferments and spoils the whole batch.", {"memory_type": "constraint"}),
            ("peak", 30, "Peak harvest now, some farmers are delivering 500 kg a day."),
            ("scales", 50, "The new digital scales at Gatina are much faster."),
            ("clerk", 60, "The weighing clerk in the evenings is Samuel."),
            ("night", 10, "Farmers from the upper zone say they only finish picking at 5pm."),
        ],
        "questions": [("A farmer wants to deliver 300 kg of cherry at around 7 tonight. Can we receive it?", ["cutoff"])],
    },
    {
        "id": "constraint-14",
        "persona": "grace",
        "memories": [
            ("nodigital", 150, "Family decision with Peter: no more borrowing from Fuliza, Tala or any digital lender. Only chama or the SACCO.", {"memory_type": "decision"}),
            ("fees", 5, "Tony's fees balance of 3,000 is due on Friday."),
            ("dividend", 90, "Peter's SACCO pays dividends in April."),
            ("chama", 60, "Our chama meets on the last Sunday of the month."),
            ("fuliza", 200, "Fuliza charges were eating us alive last year."),
        ],
        "questions": [("I'm short 3,000 for fees this week, should I just use Fuliza?", ["nodigital"])],
    },
    {
        "id": "constraint-15",
        "persona": "sam",
        "memories": [
            ("nocrunch", 400, "Hard rule after the 2022 burnout: no crunch. I stop at 7pm and never work weekends on the game.", {"memory_type": "constraint"}),
            ("tasks", 10, "0.8.0 still has 23 open tasks on the board."),
            ("target", 20, "I'd like 0.8.0 out before the Steam autumn sale."),
            ("energy", 60, "Most productive hours are 9 to 1, after lunch I'm mush."),
            ("therapist", 300, "Therapist says I should plan in slack, not squeeze it out."),
        ],
        "questions": [("Can you plan a push where I code through the weekend to get 0.8.0 finished?", ["nocrunch"])],
    },
    {
        "id": "constraint-16",
        "persona": "sam",
        "memories": [
            ("noai", 300, "No AI-generated art in the game, not even placeholders. I promised that in the Steam FAQ and I mean it.", {"memory_type": "constraint"}),
            ("water", 15, "The water tiles need animated foam edges."),
            ("priya", 100, "Priya, my pixel artist, charges $40 per tile."),
            ("palette", 200, "Palette is locked to a 32-colour variant of Sweetie."),
            ("placeholder", 50, "Placeholder art is usually just coloured squares in Aseprite."),
        ],
        "questions": [("Could you generate some placeholder textures for the new water levels with an image model?", ["noai"])],
    },
    {
        "id": "constraint-17",
        "persona": "grace",
        "memories": [
            ("phi", 300, "Rule from our certification: no spraying of any chemical on coffee within 21 days before picking. Buyers audit the spray records.", {"memory_type": "constraint"}),
            ("picking", 4, "Picking in the lower zone starts in about ten days."),
            ("cbd", 6, "CBD spots showing on berries in Gatina block B."),
            ("copper", 100, "Copper is the usual spray for CBD."),
            ("records", 150, "Spray records are kept in the red book at each buying centre."),
        ],
        "questions": [("Can the farmers in the lower zone spray copper next week?", ["phi"])],
    },
    {
        "id": "constraint-18",
        "persona": "tomasz",
        "memories": [
            ("cap", 250, "Finance rule: staging infrastructure must stay under $3,000 a month total. Anything above needs CFO approval.", {"memory_type": "constraint"}),
            ("current", 20, "Staging is currently around $2,400 a month, mostly the node pool."),
            ("loadtest", 10, "We need a proper load test before peak season, last year's was a joke."),
            ("nodes", 60, "Big nodes on our cloud are about $600 a month each."),
            ("k6", 30, "Load tests are written in k6, scripts live in the perf-tests repo."),
        ],
        "questions": [("Can I spin up a second staging cluster with six big nodes for the load test?", ["cap"])],
    },
]
