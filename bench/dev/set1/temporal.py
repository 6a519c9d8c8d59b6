# ruff: noqa: E501
"""temporal: something ended or expired (a stay, an offer, a job, a project, a planned date
that has passed) vs what holds now; the answer is what holds now."""

SCENARIOS = [
    {
        "id": "temporal-01",
        "persona": "maren",
        "memories": [
            (
                "old",
                120,
                "My mother is staying with us until Sunday, so the spare room is taken this week.",
                {"valid_until_days": -115},
            ),
            (
                "now",
                15,
                "Jonas's brother Eirik is sleeping in the spare room for the next month while his flat gets renovated.",
            ),
            ("d_room", 300, "The spare room doubles as my office, the desk folds into the wall."),
            ("d_bed", 200, "We bought a proper sofa bed for the spare room finally."),
            ("d_mum", 90, "Mum wants to come back for Liv's birthday."),
        ],
        "questions": [
            ("Who's using Maren's spare room at the moment?", ["now"]),
        ],
    },
    {
        "id": "temporal-02",
        "persona": "arjun",
        "memories": [
            ("old", 400, "I'm on the fraud detection team for the next two quarters, on loan from payments."),
            (
                "now",
                150,
                "Loan to fraud ended, I'm back with the payments platform team, own the payouts service.",
            ),
            ("d_fraud", 350, "Fraud team uses a rules engine plus an XGBoost model."),
            ("d_oncall", 200, "Payments on-call is one week in six."),
            ("d_friend", 60, "Still have lunch with the fraud folks on Wednesdays."),
        ],
        "questions": [
            ("What team does Arjun work on?", ["now"]),
        ],
        "note": "temporary assignment that ran out",
    },
    {
        "id": "temporal-03",
        "persona": "lucia",
        "memories": [
            (
                "old",
                60,
                "Autumn promo: 20% off all cakes ordered before 31 October.",
                {"valid_until_days": -28},
            ),
            (
                "now",
                10,
                "Christmas offer: order a roscón before 15 December and get a free box of polvorones.",
            ),
            (
                "d_roscon",
                300,
                "Roscón de Reyes is our biggest product of the year, we make 400 on 5 January.",
            ),
            ("d_cake", 100, "The chocolate-almond cake is the best seller all year."),
            ("d_ig", 30, "I post the promos on Instagram and on the board outside."),
        ],
        "questions": [
            ("A customer asks if there's any discount or deal on right now at the bakery.", ["now"]),
            ("Can I still get the cake discount if I order today?", ["now"]),
        ],
    },
    {
        "id": "temporal-04",
        "persona": "kwame",
        "memories": [
            (
                "old",
                700,
                "Kwame teaches at Presec, Legon, doing JHS integrated science.",
                {"valid_until_days": -400},
            ),
            ("now", 380, "Started at Achimota SHS this term, physics for forms 1 to 3."),
            ("d_presec", 650, "Presec students were very sharp but the classes were 60 each."),
            ("d_commute", 350, "From East Legon to Achimota is about 40 minutes in the morning."),
            ("d_salary", 300, "GES salary hasn't changed with the school move."),
        ],
        "questions": [
            ("Which school does Kwame teach at?", ["now"]),
        ],
        "note": "past job vs current job",
    },
    {
        "id": "temporal-05",
        "persona": "hana",
        "memories": [
            (
                "old",
                90,
                "I'm in Singapore for the APAC sales kickoff from the 3rd to the 7th.",
                {"valid_until_days": -83},
            ),
            ("now", 3, "In Osaka this week for the hospital group onsite, back in Tokyo Friday night."),
            ("d_sg", 85, "Singapore was humid and the kickoff was too long."),
            ("d_hotel", 5, "Booked the Hotel Hankyu near Umeda for the Osaka trip."),
            ("d_train", 4, "Taking the 7:00 Nozomi from Shinagawa."),
        ],
        "questions": [
            ("Where is Hana right now, if I need to meet her in person this week?", ["now"]),
        ],
    },
    {
        "id": "temporal-06",
        "persona": "dan",
        "memories": [
            (
                "old",
                40,
                "The car is on the loan from Declan's garage while mine's in for the gearbox, it's a little blue Yaris.",
            ),
            ("now", 20, "Got the Skoda back from Declan, gearbox is grand now. Returned the Yaris."),
            ("d_bill", 19, "The gearbox job came to 1,350."),
            ("d_declan", 500, "Declan's garage is on the Crosshaven road, he's a good lad."),
            ("d_yaris", 35, "The Yaris is tiny, I can't fit the dog in it."),
        ],
        "questions": [
            ("What car will Dan pick me up in?", ["now"]),
        ],
    },
    {
        "id": "temporal-07",
        "persona": "nadia",
        "memories": [
            ("old", 200, "I'm subletting a studio in Lisbon for January and February to work remotely."),
            ("now", 100, "Back in Montreal, the Lisbon experiment is over. Loved it though."),
            ("d_tz", 180, "Working from Lisbon means my North American clients' mornings are my afternoons."),
            ("d_cost", 150, "The Lisbon sublet was 1,400 euros a month."),
            ("d_again", 90, "Maybe I'll do another remote month next winter, Mexico City this time."),
        ],
        "questions": [
            ("What city is Nadia working from these days?", ["now"]),
        ],
    },
    {
        "id": "temporal-08",
        "persona": "tobias",
        "memories": [
            (
                "old",
                150,
                "Dr. Hofmann is covering the practice while I'm on holiday 1–15 August.",
                {"valid_until_days": -105},
            ),
            (
                "now",
                20,
                "Over Christmas, 23 Dec to 2 Jan, the practice in the Marktplatz (Dr. Aydın) handles our patients.",
            ),
            ("d_hofmann", 140, "Dr. Hofmann said the practice ran smoothly, only one complaint."),
            ("d_notice", 25, "Need to put the holiday notice on the door and the website."),
            ("d_emerg", 200, "For emergencies patients should call 116117."),
        ],
        "questions": [
            ("Which doctor should Tobias's patients see while he's closed over the holidays?", ["now"]),
        ],
    },
    {
        "id": "temporal-09",
        "persona": "ines",
        "memories": [
            ("old", 300, "The warehouse-scanner migration project runs until end of Q2; I'm 50% on it."),
            (
                "now",
                60,
                "Scanner migration is done and closed out. My main project now is the multi-region failover for orders.",
            ),
            ("d_scanner", 250, "Scanner migration moves 2,000 handheld devices to the new MDM."),
            ("d_retro", 100, "Retro for the scanner project said we underestimated device firmware issues."),
            ("d_failover", 30, "Failover design doc is due to the architecture board on the 15th."),
        ],
        "questions": [
            ("What is Inês mainly working on?", ["now"]),
        ],
    },
    {
        "id": "temporal-10",
        "persona": "maren",
        "memories": [
            ("old", 365, "Liv's kindergarten is Solstrålen, pickup by 16:30."),
            ("now", 100, "Liv started first grade at Nordås school in August, SFO until 16:45."),
            ("d_kg", 300, "The kindergarten staff were lovely, Liv cried on the last day."),
            ("d_bus", 80, "There's a school bus but Liv prefers walking with her friend Ingrid."),
            ("d_lunch", 60, "Packed lunch every day, no school canteen in Norway."),
        ],
        "questions": [
            ("If Jonas is late, what time does Liv need to be collected and from where?", ["now"]),
        ],
    },
    {
        "id": "temporal-11",
        "persona": "arjun",
        "memories": [
            (
                "old",
                200,
                "We're running a cashback promo for merchants: 0.2% back on payouts through March 31.",
                {"valid_until_days": -150},
            ),
            (
                "now",
                30,
                "Current merchant offer is zero payout fees for the first 3 months for new sign-ups.",
            ),
            ("d_promo", 190, "The cashback promo cost more than finance expected."),
            ("d_fees", 100, "Standard payout fee is 0.25% capped at 50 rupees."),
            ("d_sales", 20, "Sales wants a new promo for the festive season."),
        ],
        "questions": [
            ("What incentive can we offer a merchant who signs up today?", ["now"]),
        ],
    },
    {
        "id": "temporal-12",
        "persona": "lucia",
        "memories": [
            (
                "old",
                500,
                "Our lease on the bakery is 1,100 euros a month until the contract renewal in June.",
            ),
            ("now", 150, "Signed the new 5-year lease: 1,350 a month, fixed for the first three years."),
            ("d_landlord", 400, "Our landlord is an old man who lives upstairs, Don Joaquín."),
            ("d_repairs", 200, "The lease makes us responsible for the shopfront repairs."),
            ("d_area", 100, "Rents in Russafa have gone crazy with all the tourist flats."),
        ],
        "questions": [
            ("How much rent does Lucía pay for the bakery premises?", ["now"]),
            ("is the bakery rent still 1,100?", ["now"]),
        ],
        "note": "old contract ended at renewal",
    },
    {
        "id": "temporal-13",
        "persona": "kwame",
        "memories": [
            ("old", 45, "Parents' meeting is on Saturday the 9th at 10am in the assembly hall."),
            ("now", 5, "Next PTA meeting: 14 December, 9am, in the science block this time."),
            ("d_agenda", 40, "Agenda for the PTA: the new bus fees and the science lab fund."),
            ("d_minutes", 30, "The last meeting ran over by two hours, people argued about the bus."),
            ("d_fund", 20, "The lab fund has raised 12,000 cedis so far."),
        ],
        "questions": [
            ("When and where is the upcoming parents' meeting?", ["now"]),
        ],
        "note": "planned date that has passed vs next one",
    },
    {
        "id": "temporal-14",
        "persona": "hana",
        "memories": [
            ("now", 400, "Hana's team sits on the 12th floor of the Shibuya office."),
            (
                "old",
                70,
                "The 12th floor is being renovated until the end of the month, we're temporarily on the 8th.",
                {"valid_until_days": -40},
            ),
            ("d_room", 300, "Best meeting room on the 12th is 'Fuji', book it early."),
            ("d_reno", 65, "The temporary space on the 8th has no natural light, everyone hates it."),
            ("d_guest", 100, "Visitors need to register at the lobby on the 1st floor."),
        ],
        "questions": [
            ("Which floor should a visitor go to to find Hana's team?", ["now"]),
        ],
        "note": "temporary exception expired; the older permanent fact holds",
    },
    {
        "id": "temporal-15",
        "persona": "dan",
        "memories": [
            ("old", 120, "The hip replacement waiting list says about 18 months for Maura."),
            (
                "now",
                40,
                "Maura had the hip done privately in the Bon Secours in October, she's walking with a stick now and improving.",
            ),
            ("d_pain", 300, "Maura's hip is very bad on the stairs."),
            ("d_cost", 60, "The private hip cost 16,000, we used the savings."),
            ("d_physio", 20, "Physio comes to the house twice a week for Maura."),
        ],
        "questions": [
            ("Is Maura still waiting on her hip operation?", ["now"]),
        ],
    },
    {
        "id": "temporal-16",
        "persona": "nadia",
        "memories": [
            ("old", 250, "Éric is in Vancouver on a six-month contract, back in September."),
            ("now", 40, "Éric's home for good, he took a job at Ubisoft Montreal."),
            ("d_long", 200, "Long distance is hard, we call every night at 9 his time."),
            ("d_visit", 150, "I flew to Vancouver for a week in May."),
            ("d_ubisoft", 30, "Éric's first project at Ubisoft is under NDA, very hush-hush."),
        ],
        "questions": [
            ("Is Nadia's partner living in the same city as her?", ["now"]),
        ],
    },
    {
        "id": "temporal-17",
        "persona": "tobias",
        "memories": [
            ("old", 30, "Grippe vaccination clinic: Saturday 18 October, 9–13, walk-in."),
            (
                "now",
                4,
                "We got a second delivery of flu vaccine — walk-in sessions every Tuesday morning until it runs out.",
            ),
            ("d_stock", 25, "We ran out of flu vaccine in under three hours on the Saturday."),
            ("d_covid", 60, "COVID boosters only by appointment this year."),
            ("d_age", 100, "STIKO recommends the flu shot for everyone over 60."),
        ],
        "questions": [
            ("A patient asks when they can come by for a flu jab.", ["now"]),
        ],
    },
    {
        "id": "temporal-18",
        "persona": "ines",
        "memories": [
            (
                "old",
                200,
                "Grafana Cloud trial: free until 30 May, then we decide.",
                {"valid_until_days": -150},
            ),
            (
                "now",
                140,
                "Trial's over — we're staying on self-hosted Grafana, the cloud pricing didn't work for us.",
            ),
            ("d_dash", 190, "I migrated six dashboards to the Grafana Cloud trial."),
            ("d_cost", 160, "Grafana Cloud quote was 3,000 a month for our metric volume."),
            ("d_version", 80, "Self-hosted Grafana is on version 10.4."),
        ],
        "questions": [
            ("Where should I build a new dashboard for the orders service?", ["now"]),
        ],
    },
    {
        "id": "temporal-19",
        "persona": "maren",
        "memories": [
            ("old", 150, "Sigrid is a visiting student in our lab this spring, working on kelp genetics."),
            ("now", 20, "Sigrid got the PhD position — she's officially my PhD student from 1 November."),
            ("d_sigrid", 140, "Sigrid is from Trondheim, very organised."),
            (
                "d_funding",
                60,
                "The PhD position is funded by the kelp grant if we get it, otherwise department money.",
            ),
            ("d_desk", 10, "Need to find Sigrid a permanent desk in the lab."),
        ],
        "questions": [
            ("What's Sigrid's role in Maren's lab now?", ["now"]),
        ],
    },
    {
        "id": "temporal-20",
        "persona": "arjun",
        "memories": [
            (
                "old",
                60,
                "Kavya is at her parents' in Mysore until the 20th with Ishaan.",
                {"valid_until_days": -40},
            ),
            (
                "now",
                7,
                "Kavya's travelling to Pune for a work conference Tuesday to Thursday, Ishaan stays with me.",
            ),
            ("d_mysore", 55, "Kavya's parents have a huge mango tree in their yard."),
            ("d_cook", 50, "When Kavya's away I survive on Swiggy."),
            ("d_pune", 5, "The conference in Pune is about clinical trials data."),
        ],
        "questions": [
            ("Who is looking after Ishaan this week?", ["now"]),
        ],
    },
    {
        "id": "temporal-21",
        "persona": "lucia",
        "memories": [
            ("now", 600, "Bakery opening hours: Tuesday to Saturday, 7:00 to 14:30 and 17:00 to 20:00."),
            ("old", 100, "During the Fallas week we're open non-stop 7:00 to 22:00."),
            ("d_fallas", 95, "Fallas week was insane, we sold out of buñuelos dough every day."),
            ("d_monday", 300, "Monday is our day off, Tomás does the paperwork."),
            ("d_siesta", 200, "Customers complain about the afternoon closing but we need the rest."),
        ],
        "questions": [
            ("Is the bakery open at 4pm on a Thursday?", ["now"]),
        ],
        "note": "festival hours ended months ago; older regular hours hold",
    },
    {
        "id": "temporal-22",
        "persona": "kwame",
        "memories": [
            (
                "old",
                250,
                "Kwame is doing a part-time MEd at UCC, classes every other weekend until the end of the academic year.",
            ),
            ("now", 90, "Finished the MEd! Graduation was in August. Weekends are mine again."),
            ("d_thesis", 150, "My MEd thesis is on practical work in physics with limited equipment."),
            ("d_cape", 200, "Driving to Cape Coast every other weekend is exhausting."),
            ("d_phd", 30, "My supervisor says I should consider a PhD, I said let me rest first."),
        ],
        "questions": [
            ("Can Kwame help at the school fundraiser on a weekend, or is he tied up with studies?", ["now"]),
        ],
    },
    {
        "id": "temporal-23",
        "persona": "hana",
        "memories": [
            (
                "old",
                200,
                "Our designer Kenji is on paternity leave until July; Saori from the agency covers design.",
                {"valid_until_days": -120},
            ),
            ("now", 110, "Kenji is back from leave and owns design for the scheduling product again."),
            ("d_saori", 190, "Saori's work was good but she's expensive."),
            ("d_kenji", 300, "Kenji designed the original shift calendar view."),
            ("d_baby", 180, "Kenji's baby is called Haru, super cute photos on Slack."),
        ],
        "questions": [
            ("Who should review the new shift-swap screen designs?", ["now"]),
        ],
    },
    {
        "id": "temporal-24",
        "persona": "dan",
        "memories": [
            (
                "old",
                80,
                "Electricity deal with Bord Gáis: 12 months fixed at 29c a unit, the discount ends in October.",
            ),
            (
                "now",
                30,
                "Switched to Flogas when the Bord Gáis deal ran out, 24.5c a unit, with a night rate for the heat pump.",
            ),
            ("d_usage", 60, "We use about 4,000 units a year, more now with the heat pump."),
            ("d_meter", 100, "Got the smart meter put in last year."),
            ("d_bill", 10, "The last bill was 210 euro for two months."),
        ],
        "questions": [
            ("What is Dan paying per unit for electricity?", ["now"]),
            ("Which electricity provider is Dan with?", ["now"]),
        ],
        "note": "expired offer",
    },
    {
        "id": "temporal-25",
        "persona": "nadia",
        "memories": [
            ("old", 70, "Portfolio review with the Design Montréal mentorship program: 12 November at 2pm."),
            ("now", 3, "Next mentorship check-in is 10 December at 4pm, over Zoom this time."),
            ("d_mentor", 60, "My mentor is Julie, she runs a design studio in Mile End."),
            ("d_feedback", 15, "Julie said my case studies need clearer outcomes."),
            ("d_prog", 200, "The mentorship program lasts 6 months."),
        ],
        "questions": [
            ("When's Nadia's next session with her mentor?", ["now"]),
        ],
    },
    {
        "id": "temporal-26",
        "persona": "tobias",
        "memories": [
            ("old", 500, "Our practice software is Medistar until the contract runs out next spring."),
            (
                "now",
                240,
                "We're on the new practice system, T2med, since April. Medistar is read-only archive.",
            ),
            ("d_training", 260, "Staff training for the new system took two full Saturdays."),
            ("d_bug", 100, "T2med sometimes logs people out during the lunch break."),
            ("d_export", 230, "The old patient records had to be exported by the vendor, took a week."),
        ],
        "questions": [
            ("Which software should the new receptionist learn for booking appointments?", ["now"]),
        ],
    },
    {
        "id": "temporal-27",
        "persona": "ines",
        "memories": [
            ("old", 20, "I'm in Warsaw for the team offsite until Thursday, laptop only."),
            ("now", 2, "Home in Lisbon again, full desk setup, can do the long debugging session."),
            ("d_offsite", 18, "Offsite was mostly about the failover roadmap."),
            ("d_travel", 15, "Flights back from Warsaw were delayed three hours."),
            ("d_team", 19, "Met Jakub in person for the first time at the offsite."),
        ],
        "questions": [
            ("Where is Inês working from at the moment?", ["now"]),
        ],
    },
]
