"""exact: the question names an identifier (order number, ticket, version, plate, code) that one
memory contains; distractors carry look-alike identifiers on the same topic."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "exact-01",
        "persona": "kwame",
        "memories": [
            ("inc_4471", 40, "INC-4471 was the duplicate-charge bug: retries on the card gateway weren't idempotent, fixed by adding a request key"),
            ("inc_4417", 55, "INC-4417: settlement file from the bank arrived with a BOM and the parser choked, we strip it now"),
            ("inc_4470", 41, "INC-4470 turned out to be a dashboard rendering issue, nothing wrong with the ledger"),
            ("inc_postmortem", 38, "I need to write the postmortem template for the payments incidents this quarter"),
            ("inc_oncall", 30, "on-call rotation for December: me, Efua, then Daniel"),
        ],
        "questions": [("what was the root cause of INC-4471?", ["inc_4471"])],
        "note": "near-identical incident ids",
    },
    {
        "id": "exact-02",
        "persona": "marta",
        "memories": [
            ("order_88231", 12, "Order 88231 from Młyn Zbożowy: 20 sacks of T65 flour, supposed to arrive Thursday"),
            ("order_88213", 26, "order 88213 was the rye flour, delivered fine, invoice paid"),
            ("order_butter", 15, "butter order with the dairy co-op is a standing weekly one, no number"),
            ("flour_price", 20, "flour prices went up again, roughly 8% since summer"),
            ("order_88321", 5, "88321 is the packaging order, boxes and paper bags from Pakmax"),
        ],
        "questions": [("is order 88231 the flour or the boxes?", ["order_88231"])],
    },
    {
        "id": "exact-03",
        "persona": "lucas",
        "memories": [
            ("plate_van", 300, "the van's plate is FQB-7D21, it's registered in my name, not the company's"),
            ("plate_old", 650, "old Gol plate was EKT-4410, sold it to my cousin"),
            ("van_insure", 280, "van insurance with Porto Seguro renews in April"),
            ("plate_bia", 200, "Bia's car is FQD-2B17 in case I need to move it from the garage"),
            ("van_rodizio", 150, "São Paulo rodízio: my plate ending means no driving downtown on Thursdays mornings"),
        ],
        "questions": [("whose car has the plate FQD-2B17?", ["plate_bia"])],
    },
    {
        "id": "exact-04",
        "persona": "sophie",
        "memories": [
            ("xr_version", 90, "pinned xarray to 2023.12.0 because 2024.1 broke my resampling code"),
            ("np_version", 95, "numpy stays on 1.26 until the cluster's netCDF build is updated"),
            ("dask_version", 80, "dask 2024.2.1 works, but the newer one leaked memory on Levante"),
            ("env_file", 70, "my conda env for the thesis is called ohc-thesis, environment.yml lives in the repo root"),
            ("cartopy_note", 60, "cartopy needs the proj data path set or the coastlines don't draw"),
        ],
        "questions": [("which dask version did I settle on?", ["dask_version"]),
                      ("what version of xarray is pinned?", ["xr_version"])],
    },
    {
        "id": "exact-05",
        "persona": "ines",
        "memories": [
            ("flight_tp", 20, "booking ref for the Amsterdam trip is K7YQ2M, TAP, flight TP 668"),
            ("flight_kl", 22, "Tomás is on KLM, his booking is K7QY2N, lands an hour after me"),
            ("hotel_ams", 18, "hotel in De Pijp, confirmation 55102938, breakfast included"),
            ("ams_talk", 25, "I'm giving a talk at the research meetup in Amsterdam on the 14th"),
            ("ams_dog", 10, "Bolacha goes to my mum's while we're away"),
        ],
        "questions": [("which airline is booking K7YQ2M with?", ["flight_tp"])],
    },
    {
        "id": "exact-06",
        "persona": "dev",
        "memories": [
            ("jira_2210", 14, "INV-2210: customers want partial payments on a single invoice; top ask from the enterprise tier"),
            ("jira_2201", 30, "INV-2201 is the GST rounding complaint, engineering says it's by design"),
            ("jira_2120", 60, "INV-2120 recurring invoices for quarterly billing, shipped last sprint"),
            ("roadmap_q1", 10, "Q1 roadmap review with the CPO is on the 9th"),
            ("jira_epic", 12, "made an epic for the payments reconciliation work, still need to size it"),
        ],
        "questions": [("what's INV-2201 about again?", ["jira_2201"])],
    },
    {
        "id": "exact-07",
        "persona": "hiroko",
        "memories": [
            ("locker", 200, "my locker at work is 312, the code is the same as my old bike lock"),
            ("locker_old", 500, "used to have locker 213 before the ward moved to the new building"),
            ("room_312", 90, "patient in room 3-12 is the little boy with the broken femur, very chatty"),
            ("badge", 210, "staff ID badge number is N-40871"),
            ("parking", 150, "parking permit for the staff lot, spot B-31"),
        ],
        "questions": [("what is Hiroko's staff ID number?", ["badge"])],
    },
    {
        "id": "exact-08",
        "persona": "omar",
        "memories": [
            ("lab_ch11", 40, "Lab CH-11 is the titration one, need 30 burettes and the phenolphthalein restocked"),
            ("lab_ch12", 35, "CH-12 is flame tests, get the metal salts out of the locked cabinet the day before"),
            ("lab_ch21", 20, "grade 11 lab CH-21 on reaction rates uses the magnesium ribbon, check we have enough"),
            ("lab_safety", 50, "safety goggles: half the class set has scratched lenses, ordered new ones"),
            ("lab_report", 15, "lab reports are due a week after each lab, late policy minus 10% per day"),
        ],
        "questions": [("what do I need to prep for CH-12?", ["lab_ch12"])],
    },
    {
        "id": "exact-09",
        "persona": "grace",
        "memories": [
            ("pps", 400, "my PPS number ends in 4471W, the full one is in the blue folder"),
            ("esb_acct", 300, "ESB electricity account number 902 447 183"),
            ("bord_gais", 310, "Bord Gáis gas account is 902 774 138, they bill every two months"),
            ("pension", 350, "the pension comes in on the last Thursday of each month"),
            ("bank", 250, "Grace banks with the credit union on Shop Street"),
        ],
        "questions": [("which company is account 902 447 183 with?", ["esb_acct"])],
    },
    {
        "id": "exact-10",
        "persona": "kwame",
        "memories": [
            ("go_version", 120, "we're on Go 1.22 across all payments services since the spring upgrade"),
            ("pgx_bump", 70, "bumped pgx to v5.5.4 on the ledger service, fixed the connection leak"),
            ("grpc_pin", 65, "grpc-go pinned at v1.60.1, the newer one changed keepalive defaults"),
            ("kotlin_ver", 100, "the Kotlin bits moved to 1.9.22"),
            ("deps_bot", 40, "turned on Renovate for the monorepo, it's noisy but useful"),
        ],
        "questions": [("why is grpc-go pinned?", ["grpc_pin"])],
    },
    {
        "id": "exact-11",
        "persona": "lucas",
        "memories": [
            ("wedding_ana", 35, "Ana & Rafael wedding, 12/04, Fazenda Santa Helena in Itu, contract #W-0412"),
            ("wedding_carla", 50, "Carla and Thiago wedding on 19/04 at a church in Moema, contract W-0419"),
            ("wedding_deposit", 30, "both April weddings paid the 30% deposit"),
            ("second_shooter", 25, "asked Jéssica to second shoot in April, she's free both weekends"),
            ("wedding_gear", 20, "need to rent a second 70-200 for the church ceremonies"),
        ],
        "questions": [("where is the W-0419 wedding?", ["wedding_carla"])],
    },
    {
        "id": "exact-12",
        "persona": "sophie",
        "memories": [
            ("room_booking", 15, "committee meeting booked in Geomatikum room 1536, Tuesday 10:00"),
            ("room_1356", 40, "the seminar is always in 1356, the one with the broken projector"),
            ("office", 300, "my desk is in Bundesstraße 53, room 028, shared with three other PhDs"),
            ("committee", 20, "my committee: Prof. Lindqvist, Dr. Aydın and an external from Kiel"),
            ("slides", 10, "need to finish the slides for the committee meeting by Monday night"),
        ],
        "questions": [("what's happening in room 1536?", ["room_booking"])],
    },
    {
        "id": "exact-13",
        "persona": "marta",
        "memories": [
            ("nip", 700, "the bakery's NIP (tax id) is 676-23-41-998"),
            ("regon", 690, "REGON number 368 112 457, needed for the grant application"),
            ("iban", 650, "business account at mBank, ends in 4417"),
            ("accountant", 400, "the accountant, Pani Zofia, wants the invoices by the 5th each month"),
            ("grant", 100, "applying for the small business modernisation grant, deadline end of February"),
        ],
        "questions": [("what is 368 112 457?", ["regon"])],
    },
    {
        "id": "exact-14",
        "persona": "dev",
        "memories": [
            ("bib", 30, "my bib for the Tata Mumbai Marathon is 20417, corral C"),
            ("bib_half", 200, "wore 4417 at the Bengaluru half last year, finished in 1:52"),
            ("race_hotel", 25, "booked a hotel near CST for the night before the Mumbai race"),
            ("race_kit", 20, "kit collection for Mumbai is at the expo in Worli, bring ID"),
            ("race_goal", 28, "aiming for sub-4 in Mumbai, realistic if it's not too humid"),
        ],
        "questions": [("which race was bib 4417?", ["bib_half"])],
    },
    {
        "id": "exact-15",
        "persona": "ines",
        "memories": [
            ("study_p07", 25, "P07 in the onboarding study couldn't find the transfer button at all, gave up after 3 minutes"),
            ("study_p01", 28, "P01 breezed through, a power user, not representative"),
            ("study_p17", 20, "P17 was confused by the OTP screen, thought the code was the PIN"),
            ("study_count", 18, "we ran 18 sessions total in the onboarding study, 6 remote"),
            ("study_report", 10, "the report on the onboarding study goes to the product leads next week"),
        ],
        "questions": [("what did P17 struggle with?", ["study_p17"])],
    },
    {
        "id": "exact-16",
        "persona": "omar",
        "memories": [
            ("wifi_school", 300, "school guest wifi password is Tournesol#2024"),
            ("wifi_home", 400, "home wifi: network HaddadHome, password in the note on the fridge"),
            ("printer", 280, "the staff room printer is PR-STF-02, it jams if you use the side tray"),
            ("printer_lab", 270, "science wing printer PR-SCI-01 only works from the lab computers"),
            ("it_ticket", 100, "IT ticket 5520 about my classroom projector is still open"),
        ],
        "questions": [("which printer is PR-SCI-01?", ["printer_lab"])],
    },
    {
        "id": "exact-17",
        "persona": "grace",
        "memories": [
            ("seed_tomato", 120, "the tomato seeds that did so well were 'Sungold F1', packet from Fruit Hill Farm"),
            ("seed_tomato2", 125, "'Gardener's Delight' was the other tomato, split skins, won't bother again"),
            ("seed_bean", 110, "runner beans: 'Firestorm', self-setting, great in a wet summer"),
            ("seed_order", 30, "must order seeds for spring before the end of January"),
            ("greenhouse_heat", 60, "thinking of a small heater for the greenhouse"),
        ],
        "questions": [("how did the Gardener's Delight tomatoes do?", ["seed_tomato2"])],
    },
    {
        "id": "exact-18",
        "persona": "sophie",
        "memories": [
            ("job_12345", 10, "slurm job 8812345 is the 1/12 degree regridding run, should take ~30h"),
            ("job_12354", 9, "8812354 crashed out of memory, resubmitted with 256G"),
            ("job_tag", 11, "I name runs ohc_<resolution>_<yyyymmdd>"),
            ("job_queue", 8, "queue is packed this week, everybody's rushing for the EGU deadline"),
            ("job_output", 7, "outputs go to /work/bm1234/ohc/regrid"),
        ],
        "questions": [("what happened to job 8812354?", ["job_12354"]),
                      ("which run is 8812345?", ["job_12345"])],
    },
]
