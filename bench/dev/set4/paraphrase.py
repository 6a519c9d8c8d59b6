"""Paraphrase scenarios of dev set 4: the question shares few or no words with the memory that answers it."""

SCENARIOS = [
    {
        "id": "paraphrase-01",
        "persona": "ines",
        "memories": [
            (
                "peanut",
                210,
                (
                    "Tomás can't have anything with peanuts, his throat swelled up at a "
                    "birthday party last year and we ended up in the ER."
                ),
            ),
            ("broccoli", 150, "Tomás hates broccoli, I only get it into him blended in soup."),
            ("menu", 90, "School lunch menu gets posted every Monday on the parents' WhatsApp group."),
            (
                "snack",
                20,
                "Packed Tomás apple slices and a cheese sandwich for the school trip to the aquarium.",
            ),
            ("rui-cats", 400, "Rui is allergic to cats, which is why we never got one."),
        ],
        "questions": [("Is the boy allergic to any foods?", ["peanut"])],
        "note": (
            "allergy asked with 'allergic'; the answer says 'can't have ... throat "
            "swelled'; a distractor has 'allergic' about someone else"
        ),
    },
    {
        "id": "paraphrase-02",
        "persona": "ines",
        "memories": [
            (
                "acl",
                12,
                (
                    "I tore a ligament in my knee at padel on Thursday. The "
                    "orthopaedist says 8 weeks of physio before anything sporty."
                ),
            ),
            ("court", 80, "Padel booking moved to the club in Foz, 19h, court 3."),
            ("shoes", 140, "Bought new padel shoes, Asics, size 39, they're great on clay."),
            ("rui-run", 35, "Rui wants to start running in the mornings, he's doing 5k three times a week."),
            (
                "sore",
                60,
                "My knee was a bit sore after all the stairs on the night shift, nothing serious I think.",
            ),
        ],
        "questions": [
            ("What's keeping Inês off the court at the moment?", ["acl"]),
            ("Why isn't she doing any sport lately?", ["acl"]),
        ],
    },
    {
        "id": "paraphrase-03",
        "persona": "ines",
        "memories": [
            (
                "paid",
                190,
                (
                    "We finally paid off the last installment on the flat in "
                    "May!! No more bank for the apartment."
                ),
            ),
            ("car-loan", 230, "Rui wants to refinance the car loan, the rate is around 7%."),
            ("condo", 100, "Condominium fee went up to 85 euros a month."),
            ("saving", 60, "We're putting money aside for a bigger place with a garden, maybe in Gaia."),
            ("insurance", 300, "Home insurance renews in October, it's with Fidelidade."),
        ],
        "questions": [("Does the family still owe anything on their home loan?", ["paid"])],
        "note": (
            "'home loan' vs 'installment on the flat'; distractors about a loan, home insurance, a home fee"
        ),
    },
    {
        "id": "paraphrase-04",
        "persona": "ines",
        "memories": [
            ("natacao", 70, "Tomás tem natação na Piscina Municipal da Constituição, sábados às 10h."),
            ("football", 95, "Tomás's football practice is Wednesdays right after school."),
            ("goggles", 15, "Need to buy Tomás new goggles, the strap on his old ones snapped."),
            ("granny", 180, "Rui takes Tomás to his grandmother's most Sunday mornings."),
            ("gala", 40, "The school swimming gala got cancelled because of the storm."),
        ],
        "questions": [("When is the boy's swimming class?", ["natacao"])],
        "note": "the answer is in Portuguese; an English distractor shares 'swimming'",
    },
    {
        "id": "paraphrase-05",
        "persona": "kwame",
        "memories": [
            (
                "pool",
                9,
                (
                    "payout-svc kept falling over because the pgx connection pool to Postgres "
                    "maxed out at 20. Bumped it to 80, stable since Thursday."
                ),
            ),
            ("hourly", 200, "Payout batches run every hour on the hour."),
            (
                "dashboard",
                60,
                "The merchant dashboard is slow on Mondays because of the weekly report query.",
            ),
            ("temporal", 120, "We're migrating payouts from cron to a Temporal workflow next quarter."),
            ("cert", 20, "Last week's incident on card-auth was a botched certificate rotation, not ours."),
        ],
        "questions": [("Why did transfers to merchants keep failing last week?", ["pool"])],
        "note": "technical cause described in jargon, question in everyday words",
    },
    {
        "id": "paraphrase-06",
        "persona": "kwame",
        "memories": [
            ("expecting", 50, "Efua is expecting again!! Due early April, we just told her parents."),
            ("party", 130, "Ama's birthday party will be at Efua's sister's place in Tema."),
            ("house", 75, "We're looking at a three-bedroom in East Legon, the current place is tight."),
            ("seamstress", 160, "Efua hired a second seamstress for the shop because orders doubled."),
            ("mother", 30, "My mother wants to come and stay with us for a few months next year."),
        ],
        "questions": [
            ("Is Kwame's family getting bigger?", ["expecting"]),
            ("Are they having another baby?", ["expecting"]),
        ],
    },
    {
        "id": "paraphrase-07",
        "persona": "kwame",
        "memories": [
            (
                "final",
                25,
                "The under-10s lost the district final on penalties, 2-1 after a 0-0 draw. Boys were gutted.",
            ),
            ("pitch", 210, "Training moved to the school pitch behind Osu Presby."),
            ("bibs", 90, "We need new bibs, the orange ones are all torn."),
            ("kojo", 40, "Our striker Kojo scored a hat-trick in the quarter-final!"),
            ("start", 70, "The district tournament starts the first weekend of August."),
        ],
        "questions": [("How did the kids' competition end for his side?", ["final"])],
    },
    {
        "id": "paraphrase-08",
        "persona": "kwame",
        "memories": [
            ("opsgenie", 110, "Kwame gets an Opsgenie page on his phone whenever the recon job fails."),
            ("recon-time", 240, "Reconciliation job runs at 01:30 GMT every night."),
            (
                "exceptions",
                180,
                "Unmatched reconciliation rows go to the recon_exceptions table for the ops team to look at.",
            ),
            ("digest", 60, "I get a Slack digest every morning with payout volumes."),
            ("handover", 30, "Ledger on-call rotation is weekly, handover on Tuesdays."),
        ],
        "questions": [("How does he find out if the nightly transaction matching breaks?", ["opsgenie"])],
        "note": "'transaction matching' for reconciliation, 'find out' for getting paged",
    },
    {
        "id": "paraphrase-09",
        "persona": "yuki",
        "memories": [
            (
                "itband",
                18,
                (
                    "The physio says my IT band is inflamed, nothing longer than 10k "
                    "for a month. Annoying with the marathon coming."
                ),
            ),
            ("kobe", 160, "Ran the Kobe half in 1:41, new PB!"),
            ("shoes", 90, "New shoes: Asics Novablast 4, really bouncy."),
            ("plan", 60, "The marathon plan has a 32k long run in week 12."),
            ("calves", 130, "My calves always get tight after track sessions."),
        ],
        "questions": [("Why is she only doing short runs lately?", ["itband"])],
    },
    {
        "id": "paraphrase-10",
        "persona": "yuki",
        "memories": [
            (
                "tooth",
                4,
                "Mochi had a tooth pulled on Tuesday, she's on wet food only until the stitches dissolve.",
            ),
            ("kibble", 200, "Mochi's usual food is the Royal Canin indoor dry kibble."),
            ("clinic", 300, "The vet clinic near Tenma is open until 8pm on weekdays."),
            ("vaccines", 120, "Mochi's annual vaccines are due in November."),
            ("neighbour", 80, "My neighbour Sato-san feeds Mochi when I travel for work."),
        ],
        "questions": [("What should the cat be eating this week?", ["tooth"])],
        "note": "a distractor names the cat's usual food",
    },
    {
        "id": "paraphrase-11",
        "persona": "yuki",
        "memories": [
            ("downloads", 14, "Our puzzle game passed 1 million installs on Google Play yesterday 🎉"),
            (
                "rating",
                45,
                "The puzzle game's App Store rating dropped to 3.9 after we changed the energy system.",
            ),
            ("tvad", 70, "Marketing wants a TV ad campaign for the RPG."),
            ("dau", 30, "Daily actives on the puzzle game are hovering around 80k."),
            ("coop", 100, "We're adding a co-op mode to the puzzle game in the autumn update."),
        ],
        "questions": [("How many Android users have picked up the mobile title?", ["downloads"])],
        "note": (
            "'Android' for Google Play, 'picked up' for installs; distractors about the same game's reach"
        ),
    },
    {
        "id": "paraphrase-12",
        "persona": "yuki",
        "memories": [
            (
                "helsinki",
                22,
                "I'm flying to Helsinki on the 14th for a game dev conference, back on the 19th.",
            ),
            ("passport", 400, "My passport is valid until 2028."),
            ("haru-visit", 35, "Haru is visiting Osaka over Golden Week."),
            ("tgs", 90, "Booked a business hotel in Shinjuku for Tokyo Game Show."),
            ("feed", 10, "Need to find someone to look after Mochi next month."),
        ],
        "questions": [("When will Yuki be abroad?", ["helsinki"])],
        "note": "'abroad' is not said; a domestic trip and a passport are distractors",
    },
    {
        "id": "paraphrase-13",
        "persona": "lars",
        "memories": [
            ("rate", 40, "Lars's hourly rate is 650 kronor plus moms since the first of the month."),
            ("oak", 100, "Oak kitchen fronts cost me roughly 2,400 SEK per door in materials."),
            ("apprentice-wage", 220, "The apprentice's wage is partly covered by Arbetsförmedlingen."),
            ("deposit", 160, "Customers pay a 30% deposit before I order any materials."),
            ("fixed", 25, "Quoted the Lindqvist job at a fixed 180,000 for the whole kitchen."),
        ],
        "questions": [("What does he charge clients for his time?", ["rate"])],
    },
    {
        "id": "paraphrase-14",
        "persona": "lars",
        "memories": [
            ("wrist", 16, "Nils broke his wrist falling off a friend's trampoline, cast for six weeks."),
            ("elsa-team", 140, "Elsa made the regional handball team."),
            ("dentist", 50, "Nils has a dentist appointment on the 3rd at 15:30."),
            ("switch", 300, "Karin has the kids every other week, we switch on Sundays."),
            ("ankle", 210, "Elsa sprained her ankle at handball in spring, healed fine."),
        ],
        "questions": [("What happened to the younger kid's arm?", ["wrist"])],
        "note": "'arm' for wrist, 'younger kid' for Nils; the other injury is the daughter's",
    },
    {
        "id": "paraphrase-15",
        "persona": "lars",
        "memories": [
            (
                "engine",
                30,
                (
                    "The boat's diesel seized over winter. Mechanic says "
                    "rebuild or replace, about 40k either way."
                ),
            ),
            ("hull", 60, "We need to repaint the hull before launching in May."),
            ("marina-fee", 120, "The marina fee on Hisingen went up to 9,800 a year."),
            ("course", 45, "Signed Elsa up for a summer sailing course at KSSS."),
            ("sail", 200, "New mainsail ordered from a sail loft in Stenungsund."),
        ],
        "questions": [("Is the sailboat's motor working?", ["engine"])],
    },
    {
        "id": "paraphrase-16",
        "persona": "lars",
        "memories": [
            (
                "electrician",
                8,
                "New CNC router needs its own 32A three-phase outlet, electrician is booked for the 12th.",
            ),
            ("finance", 40, "I financed the CNC over 36 months through the dealer."),
            ("vcarve", 20, "Oskar is learning the CNC software, VCarve."),
            ("dust", 70, "Dust extraction needs new filter bags."),
            ("bill", 90, "The workshop's electricity bill was 7,200 SEK in January."),
        ],
        "questions": [("When is someone coming to do the wiring for the new machine?", ["electrician"])],
    },
    {
        "id": "paraphrase-17",
        "persona": "meera",
        "memories": [
            (
                "chennai-gap",
                6,
                (
                    "Forecast pipeline failed because the upstream sales table was "
                    "missing two days of data for the Chennai stores."
                ),
            ),
            ("mape", 80, "Forecast MAPE for the Mumbai region sits around 12%."),
            ("retrain", 150, "I retrain the demand model every Sunday night on Airflow."),
            ("pos", 40, "The Chennai stores move to a new POS vendor next quarter."),
            ("review", 25, "Forecast review with the category managers is on Thursday."),
        ],
        "questions": [("What went wrong with the predictions for the Tamil Nadu shops?", ["chennai-gap"])],
        "note": "region named by its state; a distractor names the same city",
    },
    {
        "id": "paraphrase-18",
        "persona": "meera",
        "memories": [
            (
                "recital",
                20,
                (
                    "My guru says I'm ready to play a varnam at the December kutcheri "
                    "season, my first time in front of an audience!"
                ),
            ),
            ("practice", 200, "I practise violin for an hour before work most days."),
            ("bow", 110, "Bought a new carbon fibre bow from a shop in Chennai."),
            ("arjun-boring", 60, "Arjun thinks Carnatic music is boring, whatever."),
            ("sunday", 35, "Violin class moved to Sunday mornings."),
        ],
        "questions": [("Is Meera going to perform on stage anytime soon?", ["recital"])],
    },
    {
        "id": "paraphrase-19",
        "persona": "meera",
        "memories": [
            ("diabetes", 28, "Appa was diagnosed with type 2 diabetes last month, he's on metformin now."),
            ("yoga", 90, "Amma does yoga every morning at the park."),
            ("retirement", 45, "Appa's retirement function is on the 20th."),
            ("checkup", 120, "Booked a full-body health checkup for both parents at Manipal."),
            ("braces", 200, "Arjun got braces on his teeth."),
        ],
        "questions": [("Does her father have any long-term medical condition?", ["diabetes"])],
    },
    {
        "id": "paraphrase-20",
        "persona": "meera",
        "memories": [
            ("sip", 75, "Started a SIP of 15k/month into a Nifty 50 index fund."),
            ("salary", 110, "My salary got revised to 32 LPA in the appraisal."),
            ("japan", 40, "Saving for a Japan trip next year, budget 2 lakh."),
            ("card", 20, "Credit card bill is due on the 5th every month."),
            ("gold", 160, "Dad wants me to start buying gold for Arjun's wedding someday."),
        ],
        "questions": [("How much does she put into the stock market every month?", ["sip"])],
        "note": "jargon in the memory (SIP, Nifty 50), plain words in the question",
    },
    {
        "id": "paraphrase-21",
        "persona": "diego",
        "memories": [
            ("cofepris", 10, "COFEPRIS came by, we passed with zero observations 💪"),
            ("fridge", 30, "The walk-in fridge is making a rattling noise again."),
            ("license", 90, "Alcohol license needs renewing in June."),
            ("rodrigo", 60, "Rodrigo the cook's food handler certificate expires soon."),
            ("review", 5, "Someone left a one-star review, said the salsa was too spicy. Ok."),
        ],
        "questions": [("How did the health inspection of the taquería go?", ["cofepris"])],
        "note": "the agency's name stands for 'health inspection'",
    },
    {
        "id": "paraphrase-22",
        "persona": "diego",
        "memories": [
            (
                "crack",
                15,
                (
                    "My carbon frame cracked near the bottom bracket; Specialized "
                    "is replacing it under warranty, 4-6 weeks."
                ),
            ),
            ("route", 120, "The club's Sunday route goes up to Ajusco, about 90 km."),
            ("brakes", 45, "Got new Shimano 105 brakes put on last month."),
            ("periferico", 200, "Mariana doesn't like me riding on Periférico."),
            ("aluminium", 300, "My old aluminium bike is still in my mom's garage."),
        ],
        "questions": [("What's wrong with Diego's good bicycle?", ["crack"])],
    },
    {
        "id": "paraphrase-23",
        "persona": "diego",
        "memories": [
            (
                "forgetting",
                21,
                "Mamá has been forgetting a lot, left the stove on twice. The neurologist wants an MRI.",
            ),
            ("salsa", 150, "Mamá still makes the salsa verde for the restaurant every morning."),
            ("birthday", 250, "Mom's birthday is 12 December, same as la Virgen."),
            ("pension", 100, "My mom's pension comes in on the 1st."),
            ("pressure", 60, "Mamá's blood pressure was normal at her last check."),
        ],
        "questions": [("Is there any worry about his mother's memory?", ["forgetting"])],
    },
    {
        "id": "paraphrase-24",
        "persona": "diego",
        "memories": [
            ("mondays", 80, "El Fogón is shut on Mondays, that's when we do deep cleaning and inventory."),
            ("hours", 200, "We open at 8 for breakfast and close at 11pm."),
            ("sundays", 60, "Sundays are our busiest day, we double the staff."),
            ("rappi", 40, "Delivery through Rappi only on Friday and Saturday."),
            ("august", 110, "The restaurant was closed two weeks in August for the renovation."),
        ],
        "questions": [("Which day of the week can customers not eat at the restaurant?", ["mondays"])],
    },
    {
        "id": "paraphrase-25",
        "persona": "hannah",
        "memories": [
            (
                "walltime",
                3,
                "My job on the cluster got killed, it hit the 48h wall time limit. Need checkpointing.",
            ),
            ("netcdf", 90, "The simulations write NetCDF output, roughly 2 TB per run."),
            ("maint", 150, "The cluster is down for maintenance the first Tuesday of every month."),
            ("cores", 60, "I use 256 cores for the ocean model runs."),
            ("march", 30, "My supervisor wants the sensitivity runs done by March."),
        ],
        "questions": [("Why did Hannah's simulation stop before it finished?", ["walltime"])],
    },
    {
        "id": "paraphrase-26",
        "persona": "hannah",
        "memories": [
            (
                "funding",
                50,
                (
                    "My contract is funded until September next year, after "
                    "that I need a postdoc or an extension."
                ),
            ),
            ("dfg", 200, "Conference travel gets reimbursed from the group's DFG grant."),
            ("stipend", 300, "Salary is paid on the last working day of the month."),
            ("rent", 150, "Jonas and I split the rent 50/50, 1,150 warm."),
            ("thesis", 20, "Target for handing in the thesis: end of next summer."),
        ],
        "questions": [("When does her PhD money run out?", ["funding"])],
    },
    {
        "id": "paraphrase-27",
        "persona": "hannah",
        "memories": [
            ("sent", 7, "Finally sent my first 7A at Ostbloc!!"),
            ("membership", 200, "Ostbloc membership is 59 euros a month."),
            ("project", 30, "I've been working a crimpy 6C+ for three weeks, still can't do the top move."),
            ("jonas-tr", 100, "Jonas started climbing too but prefers top rope."),
            ("pulley", 320, "Hurt a finger pulley at the comp last year."),
        ],
        "questions": [("What's the hardest grade she has climbed?", ["sent"])],
        "note": "'sent' means climbed; a distractor names a grade she has not done",
    },
    {
        "id": "paraphrase-28",
        "persona": "hannah",
        "memories": [
            ("committee", 12, "Thesis committee meeting: 4 December, 14:00, room 2.103."),
            ("group", 200, "Group meetings every Wednesday at 10."),
            ("agu", 90, "The AGU abstract deadline is early August."),
            ("colloquium", 40, "I'm giving a talk at the institute colloquium in January."),
            ("sabbatical", 70, "Prof. Weber goes on sabbatical in spring."),
        ],
        "questions": [("When does she report on her progress to the panel of advisors?", ["committee"])],
    },
    {
        "id": "paraphrase-29",
        "persona": "sam",
        "memories": [
            (
                "redis",
                11,
                (
                    "Tracking API latency spike: Redis was evicting keys, "
                    "maxmemory was left too low after the migration."
                ),
            ),
            ("eks", 80, "We're moving the routing service from EC2 to EKS."),
            ("p99", 150, "Tracking API p99 is normally around 180ms."),
            ("platform", 200, "The Redis clusters are managed by the platform team."),
            ("eta", 30, "Customer support say parcel ETAs are off by a day for Scottish postcodes."),
        ],
        "questions": [("Why were parcel status lookups so slow?", ["redis"])],
    },
    {
        "id": "paraphrase-30",
        "persona": "sam",
        "memories": [
            (
                "slugs",
                9,
                "Slugs got every one of my lettuce seedlings overnight. Copper tape or nematodes next time.",
            ),
            ("charlotte", 60, "The Charlotte potatoes went in on Good Friday."),
            ("rent", 250, "Allotment rent is £42 a year, paid to the council."),
            ("wigwam", 45, "Runner beans going up a hazel wigwam this year."),
            ("blight", 300, "Blight took all the tomatoes last August."),
        ],
        "questions": [("What's been eating Sam's salad plants?", ["slugs"])],
    },
    {
        "id": "paraphrase-31",
        "persona": "sam",
        "memories": [
            ("grammar", 40, "Olivia got into Leeds Grammar on a bursary!! Chloe cried."),
            ("roundhay", 200, "Chloe would prefer Olivia at the comprehensive near us, Roundhay."),
            ("mock", 150, "Olivia's doing her 11+ mock on Saturday."),
            ("evening", 20, "Theo's parents' evening is Thursday at 5:40."),
            ("bus", 10, "The school bus pass is £300 a term, ouch."),
        ],
        "questions": [("Where will his daughter go to secondary school?", ["grammar"])],
    },
    {
        "id": "paraphrase-32",
        "persona": "sam",
        "memories": [
            (
                "signed-off",
                3,
                "GP signed me off for two weeks with burnout. Not checking Slack, not carrying the pager.",
            ),
            ("oncall-9th", 40, "My on-call week starts on the 9th."),
            ("pir", 100, "Incident write-ups go in Confluence under SRE/PIR."),
            ("swap", 25, "Swapped a shift with Aisha so I can get to the Leeds game."),
            ("escalation", 200, "PagerDuty escalates to the team lead after 15 minutes."),
        ],
        "questions": [("Is Sam able to respond to production incidents right now?", ["signed-off"])],
    },
    {
        "id": "paraphrase-33",
        "persona": "kwame",
        "memories": [
            (
                "idempotency",
                130,
                (
                    "POST /payouts requires an Idempotency-Key header, so a "
                    "retried request never pays out a second time."
                ),
            ),
            ("approver", 200, "Payouts over 50,000 cedis need a second approver."),
            ("webhook", 90, "Merchants get payout webhooks signed with HMAC-SHA256."),
            ("momo", 60, "Mobile money payouts to MTN can take up to 10 minutes."),
            (
                "complaint",
                30,
                "One duplicate charge complaint last quarter turned out to be the customer's bank, not us.",
            ),
        ],
        "questions": [
            (
                (
                    "If a merchant's app accidentally sends the same withdrawal "
                    "twice, could they receive the money twice?"
                ),
                ["idempotency"],
            )
        ],
        "note": "an everyday description of a technical guarantee",
    },
    {
        "id": "paraphrase-34",
        "persona": "yuki",
        "memories": [
            ("engaged", 19, "My little sister Haru got engaged to Kenta over the weekend!"),
            ("fukuoka", 150, "Haru is moving to Fukuoka for a new job at a pharmacy chain."),
            ("anniversary", 80, "My parents' 35th wedding anniversary is in June, we're planning a dinner."),
            ("aoi", 40, "Aoi from work is getting married in October, I'm invited."),
            ("shiba", 200, "Haru and Kenta adopted a shiba inu puppy."),
        ],
        "questions": [("Is anyone in Yuki's family about to tie the knot?", ["engaged"])],
        "note": (
            "'tie the knot' for engaged; a coworker's wedding and the parents' anniversary are distractors"
        ),
    },
    {
        "id": "paraphrase-35",
        "persona": "diego",
        "memories": [
            (
                "leaving",
                9,
                (
                    "Rodrigo told me he's going at the end of the month, he wants to open "
                    "his own place in Puebla. Happy for him, scared for me."
                ),
            ),
            ("dishwasher", 30, "We're hiring a dishwasher, posted it on Facebook."),
            ("raise", 50, "Lupita, the other cook, asked for a raise."),
            ("pastor", 300, "Rodrigo came up with the pastor marinade we still use."),
            ("waiters", 20, "Two of the waiters are on vacation in December."),
        ],
        "questions": [("Is one of the cooks quitting?", ["leaving"])],
    },
    {
        "id": "paraphrase-36",
        "persona": "hannah",
        "memories": [
            (
                "offer",
                10,
                (
                    "Jonas got an offer from the UKE in Hamburg and honestly we're "
                    "thinking hard about it, I could finish the PhD remotely."
                ),
            ),
            ("lease", 400, "The lease on the Neukölln flat is unlimited, three months' notice."),
            ("parents", 200, "Jonas's parents live near Lübeck."),
            ("balcony", 90, "I'd love a bigger flat with a balcony someday."),
            ("hamburg-xmas", 30, "Booked the train to Hamburg for Christmas already."),
        ],
        "questions": [("Might the couple move to another city?", ["offer"])],
        "note": "a job offer elsewhere implies a move; distractors mention the same city and the flat",
    },
]
