# ruff: noqa: E501
"""correction: a later memory changes or corrects a value stated earlier; the newest wins."""

SCENARIOS = [
    {
        "id": "correction-01",
        "persona": "maria",
        "memories": [
            ("lisbon", 500, "Maria lives in Lisbon, in Alvalade, walking distance to her studio."),
            (
                "porto",
                40,
                "We finally did it, moved up to Porto last month. Tiago's job transfer came through.",
            ),
            ("d_commute", 480, "User bikes to the studio most days unless it rains."),
            ("d_rent", 300, "Rent in Lisbon went up again, Maria is annoyed about it"),
            ("d_trip", 200, "Maria spent a weekend in Porto for a friend's wedding, loved the Ribeira."),
        ],
        "questions": [
            ("Which city does Maria live in these days?", ["porto"]),
            ("where's home for maria now?", ["porto"]),
        ],
        "note": "move stated casually; old city and a visit to the new city as distractors",
    },
    {
        "id": "correction-02",
        "persona": "kenji",
        "memories": [
            ("standup_old", 220, "Team standup is at 9:30 every weekday."),
            (
                "standup_new",
                12,
                "Heads up: from this sprint standup moved to 10:15 because of the Singapore folks joining.",
            ),
            ("d_retro", 150, "Retro is every other Friday at 4pm."),
            ("d_planning", 100, "Kenji said sprint planning usually runs over, budget 90 minutes."),
            ("d_standup_len", 60, "standups have been dragging, kenji wants them capped at 15 min"),
        ],
        "questions": [("what time should I join the daily standup?", ["standup_new"])],
    },
    {
        "id": "correction-03",
        "persona": "lucas",
        "memories": [
            ("price1", 400, "Medialunas sell for 350 pesos each at the bakery."),
            ("price2", 180, "Subimos las medialunas a 600 la unidad, the flour price is crazy."),
            (
                "price3",
                15,
                "Lucas raised the medialuna price again this week: now 900 pesos each, 10 for 8000.",
            ),
            ("d_flour", 170, "Flour supplier increased prices 40% this quarter."),
            ("d_bestseller", 320, "Medialunas are still our best seller by far, then the facturas."),
        ],
        "questions": [
            ("How much does one medialuna cost at Lucas's bakery right now?", ["price3"]),
            ("If I buy a dozen croissants from Lucas, roughly what will it cost?", ["price3"]),
        ],
        "note": "changed twice",
    },
    {
        "id": "correction-04",
        "persona": "amara",
        "memories": [
            ("rec_wrong", 90, "Noted: Amara's niece Adaeze's birthday is on 14 June."),
            (
                "rec_fix",
                85,
                "Sorry, I told you wrong - Adaeze's birthday is the 17th of June, not the 14th. The 14th is my cousin's wedding anniversary.",
            ),
            ("d_gift", 80, "Amara wants to get Adaeze a science kit this year."),
            ("d_party", 60, "The family usually does birthday lunches on the nearest Sunday."),
        ],
        "questions": [("When is Adaeze's birthday?", ["rec_fix"])],
    },
    {
        "id": "correction-05",
        "persona": "priya",
        "memories": [
            ("tool_old", 420, "Our team tracks everything in Jira; the board is called PAY-CORE."),
            ("tool_new", 35, "We migrated off Jira - all tickets now live in Linear, same project keys."),
            (
                "d_jira_auto",
                300,
                "Priya set up a Jira automation that pings the QA when a ticket hits Review.",
            ),
            ("d_sprint", 120, "Two-week sprints, starting Mondays."),
            ("d_confluence", 250, "Specs are written in Confluence, template in the PM space."),
        ],
        "questions": [("Where should I file a new bug for Priya's team?", ["tool_new"])],
    },
    {
        "id": "correction-06",
        "persona": "erik",
        "memories": [
            ("car_old", 650, "Erik drives a 2009 Volvo V70, silver."),
            ("car_sold", 140, "Sold the Volvo to a neighbour's son. Sad day."),
            ("car_new", 130, "The user picked up a used Kia e-Niro last week, first electric car for him."),
            ("d_service", 400, "Volvo needs its service at Bilia in Uppsala in autumn."),
            (
                "d_charger",
                110,
                "Erik is asking the housing co-op about installing a charger in the car park.",
            ),
        ],
        "questions": [
            ("What car does Erik drive now?", ["car_new"]),
            ("Does Erik need a petrol station or a charging point on the road trip?", ["car_new"]),
        ],
        "note": "change spread over two memories; answer is the replacement",
    },
    {
        "id": "correction-07",
        "persona": "fatima",
        "memories": [
            ("defense_1", 300, "Thesis defence tentatively planned for 12 March."),
            ("defense_2", 100, "Jury availability is a mess, defence pushed to late April."),
            ("defense_3", 20, "OK it's final: Fatima defends on 5 May, 14:00, amphi Charve."),
            ("d_jury", 110, "Two external examiners: one from Naples, one from Bergen."),
            ("d_print", 50, "She needs the printed manuscripts submitted three weeks before the defence."),
        ],
        "questions": [
            ("when is fatima's viva?", ["defense_3"]),
            ("Which day should Fatima's parents fly in to see her defend?", ["defense_3"]),
        ],
        "note": "rescheduled twice; question uses 'viva' not 'defence'",
    },
    {
        "id": "correction-08",
        "persona": "jordan",
        "memories": [
            ("rate_old", 500, "Jordan's day rate for editing is $450."),
            (
                "rate_new",
                30,
                "bumping my rate to 600/day starting with new clients, existing ones stay at 450 until their contracts end",
            ),
            ("d_rush", 200, "Rush jobs (under 48h) get a 25% surcharge."),
            ("d_invoice", 250, "Invoices go out net-15 through Wave."),
            ("d_podcast", 90, "The podcast clients pay per episode, not per day."),
        ],
        "questions": [
            (
                "A new brand wants a quote for a 3-day edit. What day rate should I use for Jordan?",
                ["rate_new"],
            )
        ],
    },
    {
        "id": "correction-09",
        "persona": "kenji",
        "memories": [
            ("go_old", 260, "The payments service is built with Go 1.20."),
            ("go_new", 25, "Kenji bumped payments-svc to Go 1.23 last week; CI images are updated too."),
            ("d_lint", 180, "We run golangci-lint with the default config plus errcheck."),
            ("d_py", 140, "The reconciliation scripts are still Python 3.9."),
            ("d_go_upgrade", 70, "Kenji wants to upgrade Go eventually but says it's low priority."),
        ],
        "questions": [("Which Go version is payments-svc on?", ["go_new"])],
    },
    {
        "id": "correction-10",
        "persona": "maria",
        "memories": [
            ("phone_old", 350, "Maria's mum's number is +351 912 334 081."),
            (
                "phone_new",
                25,
                "mum changed operator, her new number is +351 936 221 570 - the old one is dead",
            ),
            ("d_dad", 340, "Dad doesn't have a mobile, call the landline at home."),
            ("d_mum_call", 100, "Maria calls her mum every Sunday around 7pm."),
        ],
        "questions": [("I need to reach Maria's mother, which number do I dial?", ["phone_new"])],
    },
    {
        "id": "correction-11",
        "persona": "amara",
        "memories": [
            ("ward_old", 600, "Amara works on the neonatal unit at the Royal Manchester Children's."),
            (
                "ward_new",
                70,
                "User transferred to the paediatric A&E department two months ago - same hospital, very different pace.",
            ),
            ("d_shifts", 500, "Her shifts are 12.5 hours, usually three or four a week."),
            ("d_nicu_friend", 60, "Amara still gets coffee with her old NICU colleague Bev on Fridays."),
            ("d_course", 200, "She completed a paediatric life support refresher."),
        ],
        "questions": [("Which department is Amara working in currently?", ["ward_new"])],
    },
    {
        "id": "correction-12",
        "persona": "lucas",
        "memories": [
            ("hours_old", 420, "La panadería abre de 7 a 20, Monday to Saturday."),
            ("hours_new", 18, "Lucas: we're closing at 14 on Saturdays from now on, weekdays unchanged."),
            ("d_sunday", 400, "Closed Sundays except before holidays."),
            ("d_busy", 150, "Saturday mornings are the busiest, line out the door by 9."),
        ],
        "questions": [("Until what time is the bakery open on a Saturday?", ["hours_new"])],
    },
    {
        "id": "correction-13",
        "persona": "priya",
        "memories": [
            ("launch_1", 160, "Invoicing v2 GA target: 1 September."),
            (
                "launch_slip",
                60,
                "Priya says v2 GA slipped — security review found issues with the PDF export. New date 20 October.",
            ),
            ("d_beta", 130, "Invoicing v2 beta has 14 customers so far."),
            ("d_mkt", 90, "Marketing wants two weeks' notice before any GA announcement."),
            ("d_v1", 400, "Invoicing v1 launched in March last year."),
        ],
        "questions": [("When will invoicing v2 be generally available?", ["launch_slip"])],
    },
    {
        "id": "correction-14",
        "persona": "erik",
        "memories": [
            ("doc_old", 500, "Erik's GP is Dr. Malmberg at the Gränby vårdcentral."),
            (
                "doc_new",
                45,
                "Malmberg retired. Erik has been assigned to Dr. Sara Ekholm now, same health centre.",
            ),
            ("d_bp", 300, "Erik takes blood pressure medication every morning."),
            ("d_dentist", 200, "Dentist is Folktandvården in Luthagen, check-up every 18 months."),
            ("d_appt", 120, "He had a good check-up with Malmberg in the spring, cholesterol fine."),
        ],
        "questions": [
            ("Who is Erik's doctor?", ["doc_new"]),
            ("Erik wants to renew a prescription — which physician should he contact?", ["doc_new"]),
        ],
    },
    {
        "id": "correction-15",
        "persona": "fatima",
        "memories": [
            ("boat_1", 80, "Sampling trip on the RV Antedon booked for 10-12 June."),
            (
                "boat_fix",
                78,
                "Correction to what I said earlier: it's the Téthys II, not the Antedon. Same dates.",
            ),
            ("d_gear", 70, "Fatima needs to bring her own dive computer and the sediment corers."),
            ("d_prev", 400, "Last year's sampling was from the Antedon out of Marseille port."),
            ("d_crew", 60, "Captain asked for the final passenger list one week ahead."),
        ],
        "questions": [("Which research vessel is the June sampling trip on?", ["boat_fix"])],
    },
    {
        "id": "correction-16",
        "persona": "jordan",
        "memories": [
            ("nle_old", 600, "Jordan edits everything in Premiere Pro."),
            (
                "nle_new",
                40,
                "these days I cut almost everything in Resolve, only open Premiere when a client sends a project file",
            ),
            ("d_ae", 300, "Motion graphics in After Effects."),
            ("d_sub", 200, "Adobe subscription renews in January."),
            ("d_resolve_try", 250, "Jordan is curious about trying DaVinci Resolve someday."),
        ],
        "questions": [("What editing software does Jordan mainly use?", ["nle_new"])],
        "note": "implicit change ('these days')",
    },
    {
        "id": "correction-17",
        "persona": "kenji",
        "memories": [
            ("school_old", 400, "Hana's school pickup is 15:00."),
            (
                "school_new",
                10,
                "New term timetable — Hana gets out at 15:40 now on Mon-Thu, still 15:00 on Fridays.",
            ),
            ("d_sota", 380, "Sota's kindergarten pickup is 16:00."),
            ("d_club", 100, "Hana has swimming club on Wednesdays after school."),
        ],
        "questions": [("What time do I need to get Hana on a Tuesday?", ["school_new"])],
    },
    {
        "id": "correction-18",
        "persona": "maria",
        "memories": [
            ("monitor_old", 300, "Maria's studio setup: a 27\" Dell U2720Q monitor."),
            ("monitor_new", 50, "The Dell died, replaced it with an LG 32UN880 on an arm."),
            ("d_laptop", 280, 'She designs on a 14" MacBook Pro.'),
            ("d_tablet", 150, "Maria uses a Wacom Intuos for sketching."),
            ("d_calibrate", 100, "Reminder that the monitor needs colour calibration before the print job."),
        ],
        "questions": [("Which external display is on Maria's desk now?", ["monitor_new"])],
    },
    {
        "id": "correction-19",
        "persona": "amara",
        "memories": [
            ("half_1", 200, "Amara signed up for the Manchester half marathon; goal time 2:10."),
            ("half_2", 100, "Training going well, she's revising the half marathon goal to 1:58."),
            (
                "half_3",
                15,
                "Hamstring niggle. The user says she'll just aim to finish under 2:15 now and not push it.",
            ),
            ("d_plan", 180, "Long run every Sunday, building to 18 km."),
            ("d_shoes", 90, "She bought new Brooks Ghost trainers."),
        ],
        "questions": [("What finish time is Amara aiming for in the half?", ["half_3"])],
        "note": "changed twice, in different directions",
    },
    {
        "id": "correction-20",
        "persona": "lucas",
        "memories": [
            ("acct_old", 380, "The bakery's accountant is Marcelo Ruiz; he does the monthly IVA filing."),
            (
                "acct_new",
                55,
                "Dejamos a Marcelo. Sofía found a new contadora, Laura Pereyra, she started this month with the filings.",
            ),
            ("d_afip", 300, "The bakery is registered as a Responsable Inscripto with AFIP."),
            ("d_marcelo_fee", 200, "Marcelo charges a flat monthly fee, paid by transfer."),
        ],
        "questions": [
            ("Who should I send the bakery's monthly receipts to for the tax filing?", ["acct_new"])
        ],
    },
    {
        "id": "correction-21",
        "persona": "priya",
        "memories": [
            (
                "rec_team",
                150,
                "Agent note: Priya's team has 2 backend engineers assigned to the billing squad.",
            ),
            (
                "rec_team_fix",
                140,
                "Priya corrected me: billing squad actually has three backend engineers, Arjun was moved over in March, I had missed him.",
            ),
            ("d_fe", 145, "Billing squad's frontend work is shared with the growth squad."),
            ("d_hiring", 90, "Priya has an open req for a senior backend engineer."),
        ],
        "questions": [("How many backend engineers are on the billing squad?", ["rec_team_fix"])],
        "note": "user corrects the agent's own record",
    },
    {
        "id": "correction-22",
        "persona": "erik",
        "memories": [
            ("boat_old", 550, "Erik keeps his sailboat at the marina in Öregrund, berth 42."),
            (
                "boat_new",
                100,
                "Moved the boat to Grisslehamn this season, the Öregrund berth got too expensive. Berth is number 7.",
            ),
            ("d_boat", 540, "The boat is a 1978 Albin Vega called Solveig."),
            ("d_winter", 200, "Solveig goes on land for winter at the yard in October."),
        ],
        "questions": [("Where is Solveig moored this summer?", ["boat_new"])],
    },
    {
        "id": "correction-23",
        "persona": "fatima",
        "memories": [
            ("sup_old", 650, "Fatima's supervisor is Prof. Hélène Marchand."),
            (
                "sup_new",
                120,
                "Since Marchand left for Brest, the lab's PI Dr. Olivier Santoni is officially supervising Fatima; Marchand stays on as co-supervisor remotely.",
            ),
            ("d_meet", 400, "Supervision meeting every second Tuesday."),
            ("d_committee", 300, "Her thesis committee meets once a year."),
            ("d_marchand", 110, "Marchand's new lab in Brest works on kelp forests."),
        ],
        "questions": [("Who is Fatima's main thesis supervisor now?", ["sup_new"])],
    },
    {
        "id": "correction-24",
        "persona": "jordan",
        "memories": [
            ("addr_old", 500, "Jordan's studio address: 1810 E 6th St, Austin TX 78702."),
            (
                "addr_new",
                22,
                "ok new studio is at 4407 Manchaca Rd, unit B. update wherever you have the old 6th St one",
            ),
            ("d_home", 480, "Jordan lives in an apartment near Mueller."),
            ("d_parking", 300, "Street parking only at the studio, tell clients."),
        ],
        "questions": [
            (
                "A client wants to drop off hard drives at Jordan's studio. What address do I give them?",
                ["addr_new"],
            )
        ],
    },
    {
        "id": "correction-25",
        "persona": "maria",
        "memories": [
            ("plan_1", 200, "Maria's team is on the Figma Professional plan, 4 seats."),
            ("plan_2", 30, "We went up to Figma Organization since the agency grew, now 11 seats."),
            ("d_bill", 190, "Figma invoice goes to the agency's finance address."),
            ("d_fonts", 100, "The team shares font libraries via Figma."),
            ("d_miro", 150, "They also pay for Miro, 5 seats."),
        ],
        "questions": [("How many Figma seats does Maria's agency pay for?", ["plan_2"])],
        "note": "change about a team/product rather than a person",
    },
    {
        "id": "correction-26",
        "persona": "kenji",
        "memories": [
            ("dentist_1", 30, "Kenji's dentist appointment is on Thursday the 4th at 18:00."),
            ("dentist_2", 8, "scratch that, the clinic called — dentist is now Monday the 8th, 17:30"),
            ("d_dentist", 300, "Kenji's dentist is Dr. Mori near Umeda station."),
            ("d_sota_dentist", 25, "Sota's check-up is on the 15th, same clinic."),
        ],
        "questions": [("When is my next dentist visit?", ["dentist_2"])],
    },
    {
        "id": "correction-27",
        "persona": "amara",
        "memories": [
            ("bank_old", 400, "Amara's rent is £1,050 a month, paid on the 1st."),
            (
                "bank_new",
                40,
                "Landlord's put the rent up. From this month it's £1,140, still due on the 1st.",
            ),
            ("d_council", 380, "Council tax is £142 a month, ten months a year."),
            ("d_energy", 120, "Energy bills are about £95 a month on a fixed tariff."),
            ("d_save", 60, "Amara wants to save £200 a month for a deposit."),
        ],
        "questions": [("How much is Amara paying in rent per month?", ["bank_new"])],
    },
]
