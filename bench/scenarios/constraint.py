"""Constraint / decision: the question is a plan or an action ("I'm shipping on Friday"); the rule or
decision that governs it answers, among chatter on the same topic."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "constraint-01",
        "persona": "maya",
        "memories": [
            ("rule", 380, "Never deploy card-auth on a Friday: a weekend rollback needs two approvers we don't have."),
            ("duration", 250, "Card-auth deploys take about 40 minutes end to end."),
            ("quiet", 120, "Friday afternoons are usually quiet in the office."),
            ("smooth", 30, "The last card-auth deploy went smoothly."),
            ("plan", 3, "I'm planning to ship the 3DS changes to card-auth this week."),
            ("window", 90, "Deploy windows for card-auth are announced in #atlas-releases the day before."),
            ("friday-drinks", 20, "Friday drinks at the office are back, starting this week."),
        ],
        "questions": [
            ("I want to deploy card-auth on Friday afternoon, is that ok?", ["rule"]),
            ("I'm shipping the 3DS change on Friday", ["rule"]),
        ],
    },
    {
        "id": "constraint-02",
        "persona": "tom",
        "memories": [
            ("decision", 200, "Decided: no more fixed-price logo projects, only day rates from now on."),
            ("duration", 300, "Logo projects usually take Tom about three weeks."),
            ("quote", 6, "Brightwater Café wants a quote for a new logo for their second shop."),
            ("accountant", 100, "Tom went through his pricing with his accountant."),
            ("brightwater", 150, "Brightwater Café was really happy with the menu redesign."),
            ("logo-trend", 40, "Tom thinks minimalist logos are getting boring."),
        ],
        "questions": [
            ("Should I send Brightwater a fixed price for their logo?", ["decision"]),
        ],
    },
    {
        "id": "constraint-03",
        "persona": "priya",
        "memories": [
            ("rule", 600, "Patient-level data must never leave the EU; only aggregated results may be exported."),
            ("partner", 10, "The US research partner asked for the raw readmission dataset."),
            ("monthly", 200, "We send aggregated dashboards to the partner hospitals monthly."),
            ("bucket", 500, "Our analytics storage is in eu-central-1."),
            ("us-partner", 300, "The US research partner is a university hospital in Boston."),
            ("readmission-data", 120, "The readmission dataset now covers five hospitals."),
        ],
        "questions": [
            ("Can I send the raw readmission data to the US partner?", ["rule"]),
        ],
    },
    {
        "id": "constraint-04",
        "persona": "leo",
        "memories": [
            ("decision", 240, "We went with electric vans over hydrogen for the city fleet; hydrogen refuelling is too sparse."),
            ("pilot", 300, "The hydrogen truck pilot in Hamburg got a lot of press."),
            ("budget", 100, "Fleet renewal budget is approved for next year."),
            ("pitch", 9, "A vendor pitched hydrogen vans to Leo again last week."),
            ("vans-range", 200, "The electric vans do about 250 km on a charge in winter."),
            ("city-fleet", 60, "The city fleet does most of its deliveries before noon."),
        ],
        "questions": [
            ("Should we consider hydrogen vans for the city fleet?", ["decision"]),
            ("what kind of vans are we buying for urban deliveries", ["decision"]),
        ],
    },
    {
        "id": "constraint-05",
        "persona": "maya",
        "memories": [
            ("rule", 330, "Always get a second reviewer from the security team for anything touching tokenization."),
            ("refactor", 8, "I'm refactoring the tokenization client this sprint."),
            ("owner", 400, "The tokenization service is owned by the vault team."),
            ("speed", 150, "Code reviews on our team usually take a day."),
            ("tokenization-latency", 200, "Tokenization calls add about 8 ms to each card authorization."),
            ("review-queue", 25, "My review queue is long this week."),
        ],
        "questions": [
            ("Who needs to review my tokenization refactor?", ["rule"]),
        ],
    },
    {
        "id": "constraint-06",
        "persona": "tom",
        "memories": [
            ("rule", 280, "House rule: no screens for Elsie after 7 pm on school nights."),
            ("film", 5, "Elsie wants to watch the new Pixar film."),
            ("bedtime", 150, "Elsie's bedtime routine takes forever these days."),
            ("tablet", 90, "We got a new tablet for the family."),
            ('elsie-movie', 120, "Elsie's favourite film is still Encanto."),
            ("tuesday", 30, "Tuesdays are busy, Elsie has art club and homework."),
        ],
        "questions": [
            ("Can Elsie watch a movie on Tuesday evening at 8?", ["rule"]),
        ],
    },
    {
        "id": "constraint-07",
        "persona": "priya",
        "memories": [
            ("decision", 360, "We chose XGBoost over the deep learning model for readmission because clinicians need feature attributions."),
            ("auc", 370, "The deep learning model got a slightly better AUC in the offline eval."),
            ("retrain", 200, "Readmission model retraining runs monthly."),
            ("tobias", 100, "Tobias likes transformer models a lot."),
            ("readmission-features", 250, "The readmission model uses about 120 features from the EHR."),
            ("nn-paper", 80, "Priya read a paper on neural networks for readmission prediction."),
        ],
        "questions": [
            ("Which model architecture do we use for readmission?", ["decision"]),
            ("should we switch readmission to a neural network", ["decision"]),
        ],
    },
    {
        "id": "constraint-08",
        "persona": "leo",
        "memories": [
            ("rule", 500, "Drivers must not work more than 10 hours a day, no exceptions, even at peak."),
            ("peak", 20, "Christmas peak is coming and routes are overloaded."),
            ("overtime", 40, "Some drivers asked for extra hours to earn more before Christmas."),
            ("start", 300, "Driver shifts start at 6 am at DUS-1."),
            ("shift-length", 150, "Most driver shifts are around nine hours."),
            ("peak-volume", 30, "Parcel volume at peak is about 40% above normal."),
        ],
        "questions": [
            ("Can drivers do 12-hour shifts during the Christmas peak?", ["rule"]),
        ],
    },
    {
        "id": "constraint-09",
        "persona": "maya",
        "memories": [
            ("decision", 450, "We chose Kafka over RabbitMQ for the settlement events, mainly for replay."),
            ("rabbit", 300, "RabbitMQ is still used by the notifications team."),
            ("volume", 100, "Settlement event volume doubled this year."),
            ("blog", 50, "I read a long blog post comparing message brokers."),
            ('consumer', 10, "I'm writing a new consumer for settlement events this sprint."),
            ("kafka-lag", 70, "Consumer lag on the settlement topics was high on Monday."),
        ],
        "questions": [
            ("Which message broker should the new settlement consumer use?", ["decision"]),
        ],
    },
    {
        "id": "constraint-10",
        "persona": "tom",
        "memories": [
            ("rule", 400, "Tom never takes client meetings on the day after a bank holiday; he keeps it for admin."),
            ("request", 4, "Hollow Oak wants a meeting early next week."),
            ("holiday", 10, "Next Monday is a bank holiday."),
            ("shared", 200, "Tom's calendar is shared with Bea."),
            ("hollow-oak-meet", 90, "Meetings with Hollow Oak usually happen at their Shoreditch office."),
            ("admin-day", 200, "Tom does his invoicing and admin in one block when he can."),
        ],
        "questions": [
            ("Can I book the Hollow Oak meeting for the Tuesday after the bank holiday?", ["rule"]),
        ],
    },
    {
        "id": "constraint-11",
        "persona": "priya",
        "memories": [
            ("rule", 300, "Team rule: every model going to production needs a fairness audit across age and sex first."),
            ("ready", 6, "Sepsis model v3 is ready for production next sprint."),
            ("mlflow", 250, "Production deployments go through the MLflow model registry."),
            ("offsite", 150, "Fairness was discussed at length at the offsite."),
            ("sepsis-v3", 40, "Sepsis v3 adds lactate trends as a feature."),
            ("prod-release", 110, "Production releases of models happen on Wednesdays."),
        ],
        "questions": [
            ("What do we need before releasing sepsis v3 to production?", ["rule"]),
        ],
    },
    {
        "id": "constraint-12",
        "persona": "leo",
        "memories": [
            ("decision", 60, "Decision: the Rotterdam lease is not renewed; everything consolidates into Venlo."),
            ("ontime", 90, "The Rotterdam cross-dock had good on-time numbers this quarter."),
            ("spare", 70, "Venlo has spare capacity in building B."),
            ("paperwork", 5, "The Rotterdam landlord sent over the lease renewal paperwork."),
            ("rotterdam-staff", 120, "The Rotterdam team is worried about their jobs."),
            ("renewal-dates", 30, "Most of our warehouse leases come up for renewal next year."),
        ],
        "questions": [
            ("Should I sign the Rotterdam renewal paperwork?", ["decision"]),
        ],
    },
    {
        "id": "constraint-13",
        "persona": "maya",
        "memories": [
            ("rule", 340, "Any increase in cloud spend above 10% needs the CFO's sign-off first."),
            ("holiday", 12, "Card-auth will need more instances for the holiday traffic."),
            ("costs", 60, "Cloud costs went up 14% last quarter."),
            ("finops", 200, "The FinOps dashboard is updated weekly."),
            ("scaling", 100, "Card-auth autoscaling reacts too slowly to traffic bursts."),
            ("holiday-traffic", 300, "Holiday traffic on card-auth peaked at three times normal last year."),
        ],
        "questions": [
            ("Can I just scale card-auth up by 20% for the holidays?", ["rule"]),
        ],
    },
    {
        "id": "constraint-14",
        "persona": "priya",
        "memories": [
            ("rule", 420, "Never schedule anything with the clinicians on Monday mornings, that's their ward round."),
            ("feedback", 14, "Dr. Rao wants to give feedback on the dashboard soon."),
            ("clinicians", 200, "The clinicians are generally enthusiastic about the sepsis alerts."),
            ("calendar", 60, "Priya's calendar is packed next week."),
            ('monday-9', 90, "Priya's Monday mornings usually start with a planning meeting at 9."),
            ("dashboard-session", 20, "The dashboard feedback session needs about an hour."),
        ],
        "questions": [
            ("I'll set up the dashboard feedback session with the clinicians for Monday at 9", ["rule"]),
        ],
    },
    {
        "id": "constraint-15",
        "persona": "maya",
        "note": "a diet constrains where a group can eat; the question names the place, not the diet",
        "memories": [
            ("rule", 300, "Jonas is coeliac, so anything with wheat is off the table for him."),
            ("pizzeria", 40, "A new pizzeria is opening on Rua Augusta."),
            ("lunch", 10, "I'm organising the Atlas team lunch next Thursday."),
            ("likes", 150, "Jonas loves trying new restaurants."),
            ("vote", 12, "Aiko voted for pizza for the team lunch."),
        ],
        "questions": [
            ("Can I book the new pizzeria for the team lunch with Jonas?", ["rule"]),
            ("anything I should know before ordering food for Jonas?", ["rule"]),
        ],
    },
    {
        "id": "constraint-16",
        "persona": "tom",
        "note": "a budget governs a purchase",
        "memories": [
            ("budget", 200, "Ines and I agreed to keep this year's holiday under £2,000."),
            ("villa", 20, "Found a gorgeous villa in Crete for £2,600 a week."),
            ("cornwall", 100, "Last summer in Cornwall was lovely."),
            ("flights", 30, "Flights to Crete in August are about £300 each."),
            ("pool", 60, "Elsie wants a holiday with a pool."),
        ],
        "questions": [
            ("Should I book the Crete villa for our holiday?", ["budget"]),
        ],
    },
    {
        "id": "constraint-17",
        "persona": "priya",
        "note": "a policy about a class of tools; the question names one tool",
        "memories": [
            ("rule", 400, "Any new SaaS tool that touches patient data needs sign-off from the DPO first."),
            ("tool", 8, "I found a neat annotation tool called LabelNest for the discharge notes."),
            ("dpo", 300, "Our DPO is Marieke, she sits in the legal team."),
            ("notes", 100, "The discharge notes dataset holds 40,000 patient documents."),
            ("slow", 50, "Annotating discharge notes by hand takes forever."),
        ],
        "questions": [
            ("Can I upload the discharge notes to LabelNest?", ["rule"]),
        ],
    },
    {
        "id": "constraint-18",
        "persona": "leo",
        "note": "a legal limit on a request about to be made",
        "memories": [
            ("rule", 500, "Drivers may not work more than 10 hours in a day, no exceptions."),
            ("rush", 5, "Big rush order from the Venlo customer due tomorrow morning."),
            ("marco", 60, "Marco is our most reliable driver."),
            ("overtime", 200, "Overtime for drivers is paid at 150%."),
            ("route", 100, "The Venlo route takes about three hours one way."),
        ],
        "questions": [
            ("Can I ask Marco to drive a 13-hour shift for the rush order?", ["rule"]),
        ],
    },
    {
        "id": "constraint-19",
        "persona": "maya",
        "note": "an allergy governs a plan stated without a question",
        "memories": [
            ("allergy", 350, "Rui is allergic to shellfish; even a little prawn makes him ill."),
            ("seafood", 20, "A seafood place in Cascais has amazing reviews."),
            ("anniversary", 15, "Our anniversary is in two weeks."),
            ("seafront", 200, "Rui loves walks along the Cascais seafront."),
            ("wine", 100, "Rui likes vinho verde with dinner."),
        ],
        "questions": [
            ("I'm thinking of taking Rui to the seafood place in Cascais for our anniversary", ["allergy"]),
        ],
    },
    {
        "id": "constraint-20",
        "persona": "tom",
        "note": "a family decision governs a purchase",
        "memories": [
            ("decision", 180, "We decided Elsie gets no phone until she's twelve."),
            ("asks", 7, "Elsie keeps asking for a phone like her friends have."),
            ("birthday", 30, "Elsie turns ten in May."),
            ("watches", 90, "Most of Elsie's friends have smartwatches."),
            ("deal", 15, "There's a deal on refurbished iPhones at the shop on Kentish Town Road."),
        ],
        "questions": [
            ("Should we get Elsie a phone for her birthday?", ["decision"]),
        ],
    },
    {
        "id": "constraint-21",
        "persona": "priya",
        "note": "a rule about a day governs scheduling",
        "memories": [
            ("rule", 300, "No meetings on Fridays for the data science team, it's focus day."),
            ("workshop", 10, "Priya wants to run a model-review workshop with the team."),
            ("tuesdays", 100, "Most of the team's calendars are packed on Tuesdays."),
            ("ships", 50, "Friday is when the team ships most of its notebooks."),
            ("room", 200, "The big meeting room seats twelve people."),
        ],
        "questions": [
            ("Can I schedule the model review workshop with the team on Friday?", ["rule"]),
        ],
    },
    {
        "id": "constraint-22",
        "persona": "leo",
        "note": "a household cap governs a request",
        "memories": [
            ("rule", 250, "Screen time for the boys is capped at one hour on school days."),
            ("game", 6, "The boys want the new Mario Kart for the Switch."),
            ("switch", 200, "We bought the Switch last Christmas."),
            ("school", 100, "The boys' school starts at 8:00."),
            ("evening", 40, "The boys do homework right after dinner most evenings."),
        ],
        "questions": [
            ("Can the boys play on the Switch all evening on a Tuesday?", ["rule"]),
        ],
    },
    {
        "id": "constraint-23",
        "persona": "priya",
        "note": "written after the fixes and run once, unseen by them",
        "memories": [
            ("rule", 420, "Model releases need a sign-off from the clinical safety officer before they go live."),
            ("ready", 5, "The sepsis model v4 passed all its offline checks this morning."),
            ("deploy", 150, "Deploying a model to production takes about an hour with the new pipeline."),
            ("officer", 300, "The clinical safety officer this year is Dr. Rao."),
            ("v3", 200, "Sepsis model v3 has been live since March."),
        ],
        "questions": [
            ("Can I push sepsis model v4 live today?", ["rule"]),
        ],
    },
    {
        "id": "constraint-24",
        "persona": "tom",
        "note": "written after the fixes and run once, unseen by them",
        "memories": [
            ("rule", 260, "Elsie isn't allowed to have sleepovers on school nights."),
            ("invite", 4, "Noor invited Elsie for a sleepover on Wednesday."),
            ("noor", 150, "Noor's family lives two streets away."),
            ("school", 100, "Elsie has swimming before school on Thursdays."),
            ("pyjamas", 30, "Elsie wants new pyjamas with foxes on them."),
        ],
        "questions": [
            ("Can Elsie sleep over at Noor's on Wednesday?", ["rule"]),
        ],
    },
]
# fmt: on
