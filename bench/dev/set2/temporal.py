# ruff: noqa: E501
"""temporal: something that ended or expired (a stay, an offer, a job, a project, a dated plan that
passed) vs what holds now; the answer is the current one."""

SCENARIOS = [
    {
        "id": "temporal-01",
        "persona": "maria",
        "memories": [
            (
                "stay",
                20,
                "Maria is at her parents' place in Coimbra until Sunday while the flat gets painted.",
                {"valid_until_days": -14},
            ),
            ("home", 40, "Maria's flat is on Rua de Cedofeita in Porto, 3rd floor."),
            ("d_paint", 25, "Painters said the job takes about a week."),
            ("d_parents", 300, "Her parents live near the university in Coimbra."),
        ],
        "questions": [("Where should I send Maria's parcel — where is she staying?", ["home"])],
    },
    {
        "id": "temporal-02",
        "persona": "kenji",
        "memories": [
            ("job_old", 700, "Kenji worked at Rakuten on the points platform for five years."),
            (
                "job_new",
                400,
                "Kenji joined PayNami, a payments startup in Osaka, as a senior backend engineer.",
            ),
            ("d_rakuten_friends", 350, "He still has lunch with old Rakuten teammates sometimes."),
            ("d_points", 600, "The points platform handled 20M transactions a day."),
            ("d_offer", 410, "Kenji's PayNami offer included stock options."),
        ],
        "questions": [("Where does Kenji work?", ["job_new"]), ("who is kenji's employer", ["job_new"])],
    },
    {
        "id": "temporal-03",
        "persona": "lucas",
        "memories": [
            (
                "promo_old",
                60,
                "Promo: 2x1 en facturas every Wednesday during winter holidays.",
                {"valid_until_days": -30},
            ),
            ("promo_now", 10, "This month's promo at the bakery: 15% off cakes ordered 3 days in advance."),
            ("d_facturas", 200, "Facturas are the second best seller after medialunas."),
            ("d_ig", 50, "Lucas announces promos on the bakery's Instagram."),
            ("d_winter", 70, "Winter holidays in Buenos Aires are the last two weeks of July."),
        ],
        "questions": [("What deal is Lucas's bakery running at the moment?", ["promo_now"])],
    },
    {
        "id": "temporal-04",
        "persona": "amara",
        "memories": [
            (
                "trip",
                60,
                "Amara is in Lagos visiting family for three weeks, back on the 28th.",
                {"valid_until_days": -35},
            ),
            ("back", 30, "She's back in Manchester and on shift again this week."),
            ("d_gifts", 65, "Amara packed gifts for her grandmother: wrappers and a radio."),
            ("d_flight", 62, "Flight was with Air Peace via Abuja."),
            ("d_jetlag", 28, "No jet lag to speak of, only one hour difference."),
        ],
        "questions": [("Is Amara around if I want to meet her for a coffee in town this week?", ["back"])],
    },
    {
        "id": "temporal-05",
        "persona": "priya",
        "memories": [
            (
                "project_done",
                200,
                "Priya led the SSO project; it shipped in June and the team was wound down.",
            ),
            ("project_now", 50, "Priya's current focus is the invoicing v2 rollout with the billing squad."),
            ("d_sso", 300, "SSO supports Okta and Azure AD."),
            ("d_sso_bugs", 180, "A few SSO bugs trickled in after launch, handled by platform team."),
        ],
        "questions": [("What project is Priya working on right now?", ["project_now"])],
    },
    {
        "id": "temporal-06",
        "persona": "erik",
        "memories": [
            (
                "guest",
                40,
                "Erik's daughter and the grandkids are staying with him for two weeks in October.",
                {"valid_until_days": -10},
            ),
            ("alone", 5, "House is quiet again, it's just Erik and Birgitta."),
            ("d_room", 45, "He set up the guest room with bunk beds for the kids."),
            ("d_food", 38, "Alva only eats pasta with butter, apparently."),
        ],
        "questions": [("Who's living at Erik's house at the moment?", ["alone"])],
    },
    {
        "id": "temporal-07",
        "persona": "fatima",
        "memories": [
            (
                "contract_old",
                500,
                "Fatima's doctoral contract is funded by the ANR project SEAGRASS-C until 30 September this year.",
            ),
            (
                "contract_new",
                60,
                "She got a 6-month ATER teaching position at Aix-Marseille to cover the end of the PhD, starting October.",
            ),
            ("d_salary", 400, "The ANR contract pays about 2,100 € net."),
            ("d_teaching", 100, "Fatima taught some marine ecology labs as a monitor."),
        ],
        "questions": [("How is Fatima funded at the moment?", ["contract_new"])],
    },
    {
        "id": "temporal-08",
        "persona": "jordan",
        "memories": [
            (
                "sublet",
                200,
                "Jordan is subletting a room in Brooklyn through August for a client's shoot.",
                {"valid_until_days": -90},
            ),
            ("austin", 80, "Jordan's back in Austin, at the Mueller apartment."),
            ("d_ny", 190, "NY client is a sneaker brand, shooting in Bushwick."),
            ("d_subway", 180, "Jordan hates the G train."),
        ],
        "questions": [
            ("Jordan's new client is in Dallas. Which city would they be driving up from?", ["austin"])
        ],
    },
    {
        "id": "temporal-09",
        "persona": "kenji",
        "memories": [
            (
                "oncall_past",
                30,
                "Kenji is primary on-call for payments this week (Mon-Sun).",
                {"valid_until_days": -23},
            ),
            ("oncall_now", 3, "On-call rotation this week: Aiko is primary, Kenji is secondary."),
            ("d_pager", 200, "Pager is via PagerDuty, escalation after 10 minutes."),
            ("d_incident", 28, "There was a minor incident on Wednesday night, Kenji handled it."),
        ],
        "questions": [("There's a payments alert firing — who's the first person to page?", ["oncall_now"])],
    },
    {
        "id": "temporal-10",
        "persona": "maria",
        "memories": [
            (
                "offer",
                90,
                "Maria has a 30% discount code for Skillshare, valid until end of August.",
                {"valid_until_days": -60},
            ),
            ("course", 15, "Maria enrolled in a Domestika course on motion design, paid full price."),
            ("d_learn", 100, "She wants to learn motion design this year."),
            ("d_skillshare", 95, "Skillshare has a good After Effects class by a Portuguese designer."),
        ],
        "questions": [("What motion design course is Maria doing?", ["course"])],
    },
    {
        "id": "temporal-11",
        "persona": "amara",
        "memories": [
            (
                "course_done",
                300,
                "Amara is doing a part-time MSc module in paediatric emergency care, Tuesdays at MMU.",
            ),
            ("course_end", 150, "Amara finished her MSc module — passed with distinction!"),
            ("now", 40, "Amara's Tuesdays are now normal shift days on the rota."),
            ("d_essay", 200, "Her MSc essay was on sepsis recognition in under-5s."),
        ],
        "questions": [("Is Amara free on Tuesdays for a standing catch-up, or is she studying?", ["now"])],
    },
    {
        "id": "temporal-12",
        "persona": "lucas",
        "memories": [
            ("staff_old", 300, "Martín works the counter at the bakery on weekday mornings."),
            (
                "staff_gone",
                100,
                "Martín left in August to study in La Plata; Camila covers the weekday counter since then.",
            ),
            ("d_camila", 90, "Camila is Sofía's cousin."),
            ("d_martin_good", 250, "Customers loved Martín, always chatty."),
            ("d_baker", 200, "The assistant baker is Ezequiel, starts at 4."),
        ],
        "questions": [("Who's behind the counter at the bakery on a Tuesday morning?", ["staff_gone"])],
    },
    {
        "id": "temporal-13",
        "persona": "priya",
        "memories": [
            ("plan", 50, "Priya's mom's cataract surgery is planned for 10 November at Narayana Nethralaya."),
            ("done", 10, "Amma's surgery went fine; follow-up check is on 3 December."),
            ("d_driver", 45, "Priya arranged a driver for the hospital day."),
            ("d_leave", 48, "Priya took two days off around the surgery."),
        ],
        "questions": [("What's the next hospital date for Priya's mother?", ["done"])],
        "note": "planned date passed; current is the follow-up",
    },
    {
        "id": "temporal-14",
        "persona": "erik",
        "memories": [
            ("club_past", 500, "Erik was chairman of the Uppsala sailing club for six years."),
            (
                "club_now",
                200,
                "Erik handed over the chairmanship; these days he just runs the junior sailing courses in June.",
            ),
            ("d_regatta", 450, "The club's autumn regatta is in September."),
            ("d_budget", 480, "As chairman he fought for a new slipway."),
        ],
        "questions": [("What's Erik's role at the sailing club?", ["club_now"])],
    },
    {
        "id": "temporal-15",
        "persona": "fatima",
        "memories": [
            (
                "visit",
                120,
                "Fatima is visiting the Stazione Zoologica in Naples from 1 to 30 June.",
                {"valid_until_days": -100},
            ),
            ("now", 15, "Fatima is at her desk in the Luminy lab writing chapter 4."),
            ("d_naples", 110, "In Naples she worked on the Posidonia isotope samples."),
            ("d_pizza", 105, "She says the pizza in Naples ruined all other pizza."),
        ],
        "questions": [("Where is Fatima working from these days?", ["now"])],
    },
    {
        "id": "temporal-16",
        "persona": "jordan",
        "memories": [
            (
                "bundle",
                200,
                "Jordan's got a Frame.io team plan on an annual deal until March.",
                {"valid_until_days": -200},
            ),
            ("review", 60, "For client reviews Jordan now sends Dropbox Replay links."),
            ("d_frame", 250, "Frame.io integrates with Premiere."),
            ("d_clients", 100, "Clients like leaving timestamped comments on review links."),
        ],
        "questions": [
            ("Which tool should I use to share the rough cut with the client for comments?", ["review"])
        ],
    },
    {
        "id": "temporal-17",
        "persona": "kenji",
        "memories": [
            ("rental", 500, "The Watanabes rent a 3LDK in Suita, lease until March."),
            ("bought", 120, "Kenji and Yuki bought a house in Toyonaka and moved in before summer."),
            ("d_mortgage", 130, "Mortgage is 35 years, fixed rate."),
            ("d_suita", 400, "The Suita flat is close to Expo Park."),
        ],
        "questions": [("What neighbourhood does Kenji's family live in?", ["bought"])],
    },
    {
        "id": "temporal-18",
        "persona": "maria",
        "memories": [
            (
                "trial",
                50,
                "Maria's studio is trialling Notion for project docs for 30 days.",
                {"valid_until_days": -20},
            ),
            (
                "decision",
                15,
                "Trial done — the studio decided to keep everything in Google Drive and not adopt Notion.",
            ),
            ("d_notion", 45, "Tiago set up the Notion workspace."),
            ("d_drive", 300, "Client folders are in Google Drive, one per client."),
        ],
        "questions": [("Where do I put the project brief for Maria's team?", ["decision"])],
    },
    {
        "id": "temporal-19",
        "persona": "amara",
        "memories": [
            ("loan", 200, "Amara lent her car-seat to her cousin until the baby's christening."),
            ("course", 400, "Amara was a student rep for her cohort during the nursing degree."),
            ("nurse_now", 100, "Amara's been a band 6 nurse since the promotion in summer."),
            ("nurse_old", 500, "Amara is a band 5 staff nurse."),
            ("d_pay", 90, "The promotion meant a pay rise of about £5k."),
        ],
        "questions": [("What band is Amara on now?", ["nurse_now"])],
    },
    {
        "id": "temporal-20",
        "persona": "lucas",
        "memories": [
            (
                "event",
                30,
                "Lucas is catering the neighbourhood club's anniversary party on the 12th — 200 empanadas.",
            ),
            (
                "event_done",
                10,
                "Club party went great, all paid. Next big order: a wedding on the 21st of next month, three-tier cake.",
            ),
            ("d_empanada", 28, "Empanada flavours: carne, jamón y queso, humita."),
            ("d_club", 200, "The club is Club Atlético Villa Crespo, Sofía's dad was president."),
        ],
        "questions": [("What's the next large catering order Lucas has to prepare?", ["event_done"])],
    },
    {
        "id": "temporal-21",
        "persona": "priya",
        "memories": [
            (
                "intern",
                200,
                "Summer intern Kavya is working with Priya on the onboarding analytics dashboard until July end.",
                {"valid_until_days": -100},
            ),
            ("owner", 80, "The onboarding dashboard is now owned by Rahul from data team."),
            ("d_kavya", 190, "Kavya wrote the SQL for the funnel."),
            ("d_dash", 150, "Dashboard is in Metabase."),
        ],
        "questions": [("Who should I ask about a broken chart in the onboarding dashboard?", ["owner"])],
    },
    {
        "id": "temporal-22",
        "persona": "erik",
        "memories": [
            ("flu", 30, "Erik has a bad flu, staying in bed this week, visits postponed."),
            ("well", 10, "Erik's feeling well again, out walking by the river every morning."),
            ("d_flu_shot", 60, "Erik had his flu shot in October, didn't help much apparently."),
            ("d_daughter", 28, "His daughter dropped off soup."),
        ],
        "questions": [
            ("Is it a good time to visit Erik or is he still ill?", ["well"]),
            ("How is Erik's health this week?", ["well"]),
        ],
    },
    {
        "id": "temporal-23",
        "persona": "fatima",
        "memories": [
            ("deadline_old", 90, "Paper for Marine Ecology Progress Series due 15 September."),
            ("deadline_passed", 40, "MEPS paper submitted! Now under review."),
            ("next", 20, "Fatima's next deadline: abstract for the ASLO meeting, due 8 December."),
            ("d_coauthors", 85, "Co-authors are Santoni and Marchand."),
            ("d_review", 5, "Reviews for MEPS typically take 2-3 months."),
        ],
        "questions": [("What's the next thing Fatima has to submit, and by when?", ["next"])],
    },
    {
        "id": "temporal-24",
        "persona": "jordan",
        "memories": [
            ("gig", 300, "Jordan had a staff job at a post house, Cutwater Post, 2019-2022."),
            ("freelance", 250, "Jordan's been full-time freelance since leaving Cutwater."),
            ("d_cutwater", 280, "At Cutwater they mostly cut TV commercials."),
            ("d_boss", 260, "Jordan's old boss at Cutwater still sends them overflow work."),
        ],
        "questions": [("Is Jordan employed somewhere or self-employed?", ["freelance"])],
    },
    {
        "id": "temporal-25",
        "persona": "kenji",
        "memories": [
            (
                "sale",
                40,
                "Spring sale: Kenji can get a Herman Miller Aeron at 20% off until the 31st.",
                {"valid_until_days": -9},
            ),
            (
                "chair",
                5,
                "Kenji ended up ordering an Okamura Contessa II for the home office, arrives next week.",
            ),
            ("d_back", 60, "Kenji's lower back has been bad from the old dining chair."),
            ("d_desk", 100, "He has a standing desk from Flexispot."),
        ],
        "questions": [("Which office chair is Kenji getting?", ["chair"])],
    },
    {
        "id": "temporal-26",
        "persona": "maria",
        "memories": [
            (
                "leave",
                100,
                "Maria's colleague Joana covers her clients while Maria is on holiday in Azores, 1-15 August.",
                {"valid_until_days": -80},
            ),
            ("pm", 30, "Maria is the lead designer on the telecom account; Joana moved to the banking team."),
            ("d_azores", 90, "Maria hiked Sete Cidades in the Azores."),
            ("d_joana", 300, "Joana is the best prototyper in the studio."),
        ],
        "questions": [("Who's the lead designer on the telecom account?", ["pm"])],
    },
]
