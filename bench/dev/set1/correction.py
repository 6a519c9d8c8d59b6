# ruff: noqa: E501
"""correction: a later memory changes or corrects a value stated earlier; the newest wins."""

SCENARIOS = [
    {
        "id": "correction-01",
        "persona": "maren",
        "memories": [
            ("ship_old", 200, "Our research cruise on the RV Kristine Bonnevie is booked for 14 to 21 May."),
            (
                "ship_new",
                35,
                "Cruise got pushed, the ship needs a new winch. We now sail 3 June and come back the 10th.",
            ),
            (
                "d_gear",
                150,
                "I need to order new dive computers before the cruise, the old Suuntos keep fogging.",
            ),
            ("d_crew", 90, "Eight people on the cruise this year including two master's students."),
            ("d_port", 60, "The cruise leaves from the harbour at Nordnes, by the aquarium."),
        ],
        "questions": [
            ("When does Maren's research cruise depart?", ["ship_new"]),
            ("which dates will she be at sea?", ["ship_new"]),
        ],
        "note": "rescheduled date stated with a reason, old date never explicitly negated",
    },
    {
        "id": "correction-02",
        "persona": "arjun",
        "memories": [
            ("pg_old", 300, "Our main ledger DB is Postgres 13 on RDS."),
            ("pg_mid", 160, "We finished the upgrade, ledger is on Postgres 15 now."),
            ("pg_new", 25, "ledger db got migrated again, we're on Aurora Postgres 16 since last sprint"),
            ("d_idx", 120, "The ledger table has a partial index on unsettled transactions that's 40GB."),
            ("d_replica", 70, "We read reports from a replica so the ledger primary doesn't get hammered."),
        ],
        "questions": [
            ("What database version is the ledger running on right now?", ["pg_new"]),
        ],
        "note": "changed twice",
    },
    {
        "id": "correction-03",
        "persona": "lucia",
        "memories": [
            ("price_old", 400, "A loaf of our sourdough costs 3.80 euros."),
            ("price_new", 40, "Flour went up again so from this month the sourdough is 4.30."),
            ("d_croissant", 200, "Croissants are 1.60 each or 8 euros for six."),
            ("d_flour", 100, "We buy stone-ground flour from a mill near Xàtiva."),
            ("d_sales", 70, "Sourdough is our best seller, around 120 loaves on a Saturday."),
        ],
        "questions": [
            ("How much should a customer pay for one sourdough loaf?", ["price_new"]),
            ("what do we charge for sourdough now?", ["price_new"]),
        ],
    },
    {
        "id": "correction-04",
        "persona": "kwame",
        "memories": [
            ("exam_old", 90, "Mock exams for the form 3 students start on the 12th of March."),
            (
                "exam_fix",
                80,
                "Sorry I told you wrong earlier, the mocks start on the 19th, the 12th is the sports day.",
            ),
            ("d_paper", 75, "I still have to set paper 2 for the physics mock, the theory part."),
            (
                "d_rooms",
                60,
                "The mocks will be written in the assembly hall because the classrooms are too small.",
            ),
            ("d_marking", 50, "Marking the mocks usually takes me about ten days."),
        ],
        "questions": [
            ("When do the form 3 mock exams begin?", ["exam_fix"]),
        ],
        "note": "user corrects their own earlier statement",
    },
    {
        "id": "correction-05",
        "persona": "hana",
        "memories": [
            ("tool_old", 420, "Our team tracks everything in Jira."),
            (
                "tool_new",
                50,
                "We moved the whole product team over to Linear in October, Jira is only for the support folks now.",
            ),
            ("d_board", 200, "I keep a separate board for the mobile app roadmap."),
            ("d_sprint", 100, "Sprints are two weeks, planning is on Monday mornings."),
            (
                "d_labels",
                30,
                "Please remind me to clean up the labels in the tracker, there are like 80 of them.",
            ),
        ],
        "questions": [
            ("Where should I file a new feature ticket for Hana's product team?", ["tool_new"]),
        ],
    },
    {
        "id": "correction-06",
        "persona": "dan",
        "memories": [
            ("car_old", 500, "Dan drives a 2012 Ford Focus, silver."),
            (
                "car_new",
                45,
                "Got rid of the Focus finally. Picked up a secondhand Skoda Octavia estate, more room for the grandkids' bikes.",
            ),
            ("d_mg", 300, "The MGB in the shed is a project car, it hasn't been on the road in years."),
            ("d_nct", 200, "The Focus failed its NCT on the brake discs last year, fixed it for 300 euro."),
            (
                "d_insure",
                120,
                "I'm with a small insurer in Mallow for the car, they're cheaper than the big ones.",
            ),
        ],
        "questions": [
            ("What car does Dan use day to day?", ["car_new"]),
            ("If I need to describe Dan's car to the parking attendant, what is it?", ["car_new"]),
        ],
        "note": "sold and replaced; distractor mentions old car details",
    },
    {
        "id": "correction-07",
        "persona": "nadia",
        "memories": [
            ("rate_old", 365, "My weekly rate for UX work is 2,400 CAD."),
            (
                "rate_new",
                20,
                "New clients starting January pay 2,900 a week, I'm keeping existing ones at the old rate till their contracts end.",
            ),
            ("d_invoice", 200, "I invoice on the last Friday of the month through Wave."),
            ("d_tax", 150, "Remember I have to charge GST and QST on Quebec clients."),
            ("d_client", 60, "The fintech client asked if I do discounts for a 12-week engagement."),
        ],
        "questions": [
            ("What weekly rate should Nadia quote a brand-new client?", ["rate_new"]),
        ],
    },
    {
        "id": "correction-08",
        "persona": "tobias",
        "memories": [
            ("hours_old", 380, "The practice is open Monday to Friday 8 to 12 and 14 to 18."),
            (
                "hours_new",
                30,
                "Since November we close Wednesday afternoons, staff shortage. Other days unchanged.",
            ),
            ("d_phone", 250, "The phone line is only staffed in the morning; afternoons go to voicemail."),
            ("d_vacc", 100, "Flu jabs are walk-in on Tuesday mornings during the season."),
            ("d_newdoc", 60, "We're interviewing for a second doctor, three candidates so far."),
        ],
        "questions": [
            ("Can a patient come in to Tobias's practice on a Wednesday at 3pm?", ["hours_new"]),
        ],
    },
    {
        "id": "correction-09",
        "persona": "ines",
        "memories": [
            ("oncall_old", 60, "My next on-call week starts 9 December."),
            ("oncall_swap", 25, "Swapped with Jakub, so I'm on call 16–23 Dec instead, he takes the 9th."),
            ("d_pager", 200, "We use PagerDuty with a 5 minute ack target."),
            ("d_runbook", 120, "The runbook for the warehouse API is in the sre-docs repo."),
            ("d_xmas", 40, "I'd really like to be off over Christmas if possible."),
        ],
        "questions": [
            ("Which week is Inês on call in December?", ["oncall_swap"]),
        ],
    },
    {
        "id": "correction-10",
        "persona": "maren",
        "memories": [
            ("addr_old", 600, "Maren lives in an apartment in Sandviken, Bergen."),
            (
                "addr_new",
                70,
                "We finally moved! Small house in Fana now, 20 minutes further from the institute but a garden.",
            ),
            ("d_rent", 400, "The rent in Sandviken went up 8% this year."),
            ("d_bike", 150, "I bike to the institute when it isn't raining, so twice a year."),
            (
                "d_storage",
                50,
                "Still have boxes in a storage unit, need to clear it by the end of the month.",
            ),
        ],
        "questions": [
            ("Which part of Bergen is Maren living in these days?", ["addr_new"]),
        ],
    },
    {
        "id": "correction-11",
        "persona": "arjun",
        "memories": [
            ("mgr_old", 500, "My manager is Rohan."),
            (
                "mgr_new",
                40,
                "Reorg happened. Payments platform now reports to Sneha, Rohan moved to the lending team.",
            ),
            ("d_1on1", 300, "I have 1:1s with my manager every other Thursday."),
            ("d_review", 150, "Performance review cycle is in April and October."),
            ("d_rohan", 30, "rohan still pings me about the old reconciliation job sometimes"),
        ],
        "questions": [
            ("Who is Arjun's manager now?", ["mgr_new"]),
            ("Who approves Arjun's leave requests these days?", ["mgr_new"]),
        ],
        "note": "change said about the team, not directly 'my manager is'",
    },
    {
        "id": "correction-12",
        "persona": "lucia",
        "memories": [
            ("sup_old", 420, "Our butter comes from Central Lechera Asturiana, delivered Tuesdays."),
            (
                "sup_mid",
                200,
                "Switched butter to a French supplier, Isigny, for the croissants — the lamination is so much better.",
            ),
            (
                "sup_new",
                15,
                "The Isigny butter got too expensive, Tomás found a cooperative in Menorca, we use theirs from this week.",
            ),
            ("d_eggs", 300, "Eggs come from a farm in Llíria, free range."),
            ("d_fridge", 80, "The walk-in fridge makes a clicking noise, the technician is coming Thursday."),
        ],
        "questions": [
            ("Who supplies the bakery's butter at the moment?", ["sup_new"]),
        ],
        "note": "changed twice, third person involved",
    },
    {
        "id": "correction-13",
        "persona": "kwame",
        "memories": [
            ("phone_old", 500, "Kwame's sister Adwoa can be reached on 024 555 8812."),
            ("phone_new", 20, "Adwoa changed networks, her number is now 020 771 3046. The 024 one is dead."),
            ("d_adwoa", 300, "Adwoa is a nurse at Korle Bu hospital."),
            ("d_brother", 250, "My brother Yaw's number is 026 410 9932."),
            ("d_wedding", 90, "Adwoa's wedding is planned for August next year."),
        ],
        "questions": [
            ("What number should I use to call Adwoa?", ["phone_new"]),
        ],
    },
    {
        "id": "correction-14",
        "persona": "hana",
        "memories": [
            ("price_old", 300, "Our Pro plan is 980 yen per user per month."),
            (
                "price_new",
                12,
                "Pricing committee decided: Pro goes to 1,200 yen per seat from April, existing customers grandfathered for 6 months.",
            ),
            ("d_team", 250, "The Team plan has a 10 seat minimum."),
            ("d_trial", 100, "Free trial is 14 days, no credit card."),
            ("d_comp", 60, "Our main competitor charges about 1,500 yen per seat."),
        ],
        "questions": [
            ("What will the Pro plan cost per user for a new customer signing up in April?", ["price_new"]),
        ],
        "note": "change about a product",
    },
    {
        "id": "correction-15",
        "persona": "dan",
        "memories": [
            ("doc_old", 300, "My GP appointment about the knee is on the 4th at half ten."),
            (
                "doc_new",
                10,
                "Surgery rang, the doctor is off sick, knee appointment moved to Friday the 12th at 2.",
            ),
            ("d_knee", 200, "The left knee has been at me since I came off the ladder in the spring."),
            ("d_physio", 150, "The physio said to keep doing the straight leg raises twice a day."),
            (
                "d_lift",
                20,
                "My daughter will drive me to the doctor's, I can't manage the clutch with the knee.",
            ),
        ],
        "questions": [
            ("When is Dan seeing the doctor about his knee?", ["doc_new"]),
        ],
    },
    {
        "id": "correction-16",
        "persona": "nadia",
        "memories": [
            ("stack_old", 400, "I design everything in Sketch."),
            (
                "stack_new",
                100,
                "Honestly I barely open Sketch anymore, every client wants Figma so that's where all my files live now.",
            ),
            ("d_proto", 250, "For complex prototypes I sometimes use ProtoPie."),
            ("d_license", 200, "My Sketch license renews in March, 120 USD."),
            ("d_fonts", 60, "I keep my font library synced through Adobe Fonts."),
        ],
        "questions": [
            ("Which app should I send Nadia a design file in?", ["stack_new"]),
        ],
        "note": "implicit change ('barely open X anymore ... Y now')",
    },
    {
        "id": "correction-17",
        "persona": "tobias",
        "memories": [
            ("staff_old", 400, "Our practice nurse is Frau Gruber, she does the bloods and ECGs."),
            (
                "staff_new",
                55,
                "Frau Gruber retired at the end of September. Herr Yilmaz took over the nursing side.",
            ),
            ("d_recep", 300, "Reception is run by Sabine, who knows every patient by name."),
            ("d_ecg", 150, "The ECG machine is about 12 years old and prints on thermal paper."),
            ("d_party", 50, "We had a lovely farewell lunch at the Italian place round the corner."),
        ],
        "questions": [
            ("Who takes blood samples at Tobias's practice?", ["staff_new"]),
        ],
    },
    {
        "id": "correction-18",
        "persona": "ines",
        "memories": [
            ("k8s_old", 350, "Production runs on Kubernetes 1.26 on EKS."),
            (
                "k8s_fix",
                5,
                "Correction to what I said before — prod was bumped to 1.29 two weeks ago, 1.26 is only left on the staging cluster.",
            ),
            ("d_nodes", 200, "We run about 140 nodes in prod, mostly m6i.2xlarge."),
            ("d_helm", 100, "All services deploy through Helm charts in a monorepo."),
            ("d_eol", 60, "AWS extended support for old EKS versions costs extra, finance noticed."),
        ],
        "questions": [
            ("What Kubernetes version is the production cluster on?", ["k8s_fix"]),
        ],
        "note": "correction of what the agent has recorded",
    },
    {
        "id": "correction-19",
        "persona": "maren",
        "memories": [
            ("grant_old", 300, "The kelp restoration grant application is due 1 February."),
            (
                "grant_new",
                60,
                "Research Council extended the deadline, it's 15 March now for the kelp grant.",
            ),
            ("d_budget", 200, "We're asking for 12 million NOK over four years."),
            (
                "d_partners",
                120,
                "Partners on the grant are the University of Tromsø and a Faroese institute.",
            ),
            ("d_draft", 30, "Draft of the kelp proposal is at about 60%, the impact section is weakest."),
        ],
        "questions": [
            (
                "How long do I have left to submit Maren's kelp grant proposal — what's the deadline?",
                ["grant_new"],
            ),
        ],
    },
    {
        "id": "correction-20",
        "persona": "arjun",
        "memories": [
            ("son_old", 300, "Ishaan's school bus comes at 7:15."),
            ("son_new", 30, "The school changed the route, bus pickup is 6:50 now, which is brutal."),
            ("d_school", 250, "Ishaan is in class 2 at a CBSE school near Indiranagar."),
            ("d_lunch", 100, "Kavya packs Ishaan's tiffin the night before."),
            ("d_holiday", 20, "School is closed for Diwali from the 30th."),
        ],
        "questions": [
            ("What time does Arjun's son need to be at the bus stop?", ["son_new"]),
        ],
    },
    {
        "id": "correction-21",
        "persona": "lucia",
        "memories": [
            ("staff_old", 500, "Our weekend helper is Marta, she does the counter Saturdays and Sundays."),
            ("staff_1", 120, "Marta went back to university in Granada, Pau covers weekends now."),
            (
                "staff_2",
                8,
                "Scratch what I said about Pau, he only lasted three weeks. My niece Carla is doing the weekend counter.",
            ),
            ("d_wage", 200, "Weekend staff get 11 euros an hour plus whatever bread is left."),
            ("d_till", 60, "The new till system is confusing for anyone who's not Tomás."),
        ],
        "questions": [
            ("Who's working the counter this Saturday at the bakery?", ["staff_2"]),
            ("who covers weekends at the shop", ["staff_2"]),
        ],
        "note": "changed twice, 'scratch that'",
    },
    {
        "id": "correction-22",
        "persona": "kwame",
        "memories": [
            ("wifi_old", 200, "The school lab wifi password is Newton2023!"),
            (
                "wifi_new",
                14,
                "IT changed the lab wifi password after the students found out, it's now Faraday#58",
            ),
            ("d_ssid", 150, "The lab network name is SHS-PHYS-LAB."),
            ("d_staff", 100, "The staff room wifi is separate and much faster."),
            ("d_proj", 40, "I need the projector in the lab working for Monday's demo."),
        ],
        "questions": [
            ("What do I type to get on the physics lab wifi?", ["wifi_new"]),
        ],
    },
    {
        "id": "correction-23",
        "persona": "hana",
        "memories": [
            ("launch_old", 150, "Target launch for the mobile app v2 is end of January."),
            ("launch_mid", 80, "Mobile v2 slipped to mid-February because of the App Store review changes."),
            ("launch_new", 9, "ok final answer on mobile v2: we ship March 3rd, leadership signed off."),
            ("d_features", 120, "Mobile v2 adds offline shift swaps and push reminders."),
            ("d_beta", 40, "About 30 customers are in the v2 beta."),
        ],
        "questions": [
            ("When is the mobile app v2 release?", ["launch_new"]),
        ],
        "note": "two changes of a product date",
    },
    {
        "id": "correction-24",
        "persona": "dan",
        "memories": [
            ("boiler_old", 700, "The house has an oil boiler, we fill the tank twice a winter."),
            (
                "boiler_new",
                90,
                "Had the heat pump fitted in September with the SEAI grant, the oil tank's gone to the scrapyard.",
            ),
            ("d_bill", 400, "Last winter the oil cost us near 1,800 euro."),
            ("d_insul", 200, "We got the attic insulated three years back."),
            ("d_service", 60, "Herself wants the heating serviced before the grandkids come at Christmas."),
        ],
        "questions": [
            ("What kind of heating system does Dan have?", ["boiler_new"]),
            ("Should Dan order heating oil before winter?", ["boiler_new"]),
        ],
        "note": "change about the home",
    },
    {
        "id": "correction-25",
        "persona": "nadia",
        "memories": [
            ("flight_old", 40, "Flight to Beirut for my cousin's wedding: Air Canada, leaves 18 June."),
            (
                "flight_new",
                12,
                "Rebooked through Paris on Air France because AC cancelled the direct, now leaving the 17th in the evening.",
            ),
            ("d_gift", 30, "Need to find a wedding gift that fits in a suitcase."),
            ("d_stay", 25, "Staying with my aunt in Achrafieh during the trip."),
            ("d_return", 20, "Return is open, probably early July."),
        ],
        "questions": [
            ("What day does Nadia fly out for the wedding, and with which airline?", ["flight_new"]),
        ],
    },
    {
        "id": "correction-26",
        "persona": "tobias",
        "memories": [
            ("twins_old", 200, "Lena's swimming lessons are Tuesdays at 4."),
            (
                "twins_new",
                18,
                "Lena's swim class moved to Thursday, same time, because the pool closed the Tuesday slot.",
            ),
            ("d_max", 150, "Max does judo on Tuesdays at half four."),
            ("d_pool", 100, "The pool is the Südbad, we park behind it."),
            ("d_badge", 40, "Lena just got her Seepferdchen badge and is very proud."),
        ],
        "questions": [
            ("Which afternoon does Lena have swimming?", ["twins_new"]),
        ],
    },
    {
        "id": "correction-27",
        "persona": "ines",
        "memories": [
            ("alert_old", 300, "The disk usage alert fires at 80%."),
            (
                "alert_new",
                40,
                "We raised the disk alert threshold to 90% with a 15-minute window, 80 was paging people for nothing.",
            ),
            ("d_cpu", 250, "CPU alerts are at 85% sustained for 10 minutes."),
            ("d_grafana", 150, "Dashboards live in Grafana, folder 'warehouse-prod'."),
            ("d_noisy", 100, "Last on-call I got paged 14 times in one night, mostly disk."),
        ],
        "questions": [
            ("At what percentage full will a disk page on-call?", ["alert_new"]),
        ],
    },
    {
        "id": "correction-28",
        "persona": "tobias",
        "memories": [
            ("wrong", 90, "Tobias's shoe size is 42."),
            (
                "fix",
                6,
                "You've got my shoe size wrong in your notes, it's 44, 42 was Katrin's brother. Please fix it.",
            ),
            ("d_boots", 60, "I need new cycling shoes with SPD cleats before spring."),
            ("d_brand", 40, "Shimano shoes always run small on me."),
            ("d_twins", 20, "The twins need new winter boots too, size 31."),
        ],
        "questions": [
            ("What size cycling shoes should I order for Tobias?", ["fix"]),
        ],
        "note": "user corrects the agent's stored record",
    },
    {
        "id": "correction-29",
        "persona": "ines",
        "memories": [
            ("old", 300, "SRE weekly sync: Mondays 10:00 Lisbon time in the big room on floor 2."),
            ("time_new", 40, "Weekly SRE sync is moving to Tuesdays at 14:00 so the Kraków folks can join."),
            ("place_new", 30, "Also the SRE sync is fully on Google Meet now, no room booked anymore."),
            ("d_agenda", 100, "The sync agenda is in a shared doc, add items by Monday night."),
            ("d_len", 20, "Trying to keep the sync to 30 minutes."),
        ],
        "questions": [
            ("When and where is the SRE weekly sync now?", ["time_new", "place_new"]),
        ],
        "note": "change spread across two memories",
    },
    {
        "id": "correction-30",
        "persona": "kwame",
        "memories": [
            ("v1", 200, "The Achimota under-17s train Monday, Wednesday and Friday, 3:30 to 5."),
            (
                "v2",
                90,
                "We're down to Monday and Thursday for training now, the pitch is shared with the athletics team.",
            ),
            (
                "v3",
                12,
                "Athletics season is over, so we added Saturday morning back: training is Monday, Thursday and Saturday 8am now.",
            ),
            ("d_fitness", 150, "Fitness drills are the first half hour of every session."),
            ("d_attend", 30, "Attendance has dropped on Thursdays because of extra classes."),
        ],
        "questions": [
            ("Which days does the under-17 team train?", ["v3"]),
        ],
        "note": "changed twice, second change partially restores",
    },
]
