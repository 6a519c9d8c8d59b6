# ruff: noqa: E501
"""exact: the question names an id / code / name that one memory contains; distractors are near-identical."""

SCENARIOS = [
    {
        "id": "exact-01",
        "persona": "ines",
        "memories": [
            (
                "o1",
                40,
                "IKEA order 4471-2290 is the wardrobe for Matilde's room, delivery slot still pending",
            ),
            (
                "o2",
                38,
                "Order 4471-2291 was the bunk bed - that one got cancelled, refund should land within 14 days",
            ),
            ("o3", 20, "Leroy Merlin order LM-88213: paint and rollers, already picked up"),
            ("o4", 12, "complained to IKEA support about the mattress, ref 4417-9022, it arrived torn"),
        ],
        "questions": [("What was IKEA order 4471-2291 for, and what happened to it?", ["o2"])],
        "note": "order numbers differing by one digit",
    },
    {
        "id": "exact-02",
        "persona": "kwame",
        "memories": [
            (
                "t1",
                9,
                "PAY-1182 is the flaky webhook retry bug, assigned to me, blocked on the Stripe sandbox",
            ),
            ("t2", 8, "PAY-1128 got closed as won't-fix, that was the duplicate invoice thing"),
            ("t3", 5, "PAY-1812: migrate the ledger service to Postgres 16, pencilled in for next sprint"),
            ("t4", 3, "Raised PLAT-1182 for the staging DNS flakiness, infra team owns it"),
        ],
        "questions": [
            ("what's going on with PAY-1182?", ["t1"]),
            ("Which ticket is tracking the Postgres 16 migration?", ["t3"]),
        ],
        "note": "ticket ids that are permutations of each other",
    },
    {
        "id": "exact-03",
        "persona": "yuki",
        "memories": [
            ("m1", 60, "Doctor put me on Loxonin 60mg for the back pain, only as needed, max 3 a day"),
            ("m2", 58, "Mum takes Lyrica for her nerve pain, I collect it for her on Thursdays"),
            ("m3", 30, "The pharmacy in Umeda swapped my Loxonin tape for a generic, feels the same"),
            ("m4", 15, "started melatonin gummies, 1mg, trying to reset after the night shifts"),
        ],
        "questions": [("Who in the family is on Lyrica?", ["m2"])],
    },
    {
        "id": "exact-04",
        "persona": "rafael",
        "memories": [
            (
                "i1",
                25,
                "Factura A-3307 from Carnes del Bajío: 18,400 pesos for the arrachera, due on the 15th",
            ),
            ("i2", 24, "Factura A-3370 is the Bajío one for pork shoulder, already paid by transfer"),
            ("i3", 18, "Tortillería La Güera sends invoice TG-551 every Monday, around 2,100 pesos"),
            (
                "i4",
                10,
                "We're disputing factura B-3307 from the linen service - they billed 40 tablecloths we never got",
            ),
        ],
        "questions": [("How much is invoice A-3307 and when do we have to pay it?", ["i1"])],
    },
    {
        "id": "exact-05",
        "persona": "priya",
        "memories": [
            ("v1", 50, "Android app is pinned to Retrofit 2.9.0, upgrading broke the interceptors last time"),
            ("v2", 45, "iOS moved to Alamofire 5.8 last sprint"),
            (
                "v3",
                30,
                "Security flagged okhttp 4.9.1 inside the SDK; we have to be on 4.12.0 before the RBI audit",
            ),
            ("v4", 20, "Backend is still Spring Boot 2.7, the 3.2 upgrade is planned for Q3"),
        ],
        "questions": [("which okhttp version do we need to reach before the audit?", ["v3"])],
    },
    {
        "id": "exact-06",
        "persona": "lena",
        "memories": [
            ("p1", 14, "Microchip 276098106512443 belongs to Bella, the Haflinger mare with laminitis"),
            ("p2", 13, "Chip 276098106512434 is Bruno, the old dachshund, kidney values borderline"),
            ("p3", 9, "Bella's owner Frau Keller wants a call back before any X-rays are taken"),
            ("p4", 4, "Scanned an unregistered chip 276098100077120 on a stray tomcat, reported it to Tasso"),
        ],
        "questions": [("Whose chip is 276098106512434?", ["p2"])],
    },
    {
        "id": "exact-07",
        "persona": "tom",
        "memories": [
            ("c1", 100, "I've 5B for higher level English this year, room 14, Tuesdays and Thursdays"),
            ("c2", 99, "5D is ordinary level English, room 41, Monday double"),
            ("c3", 90, "The TY2 media studies module is mine as well, in the computer room"),
            ("c4", 60, "Swapped 3A religion with Siobhán so I can take the hurling training slot"),
        ],
        "questions": [("Which room is 5D in?", ["c2"])],
    },
    {
        "id": "exact-08",
        "persona": "amara",
        "memories": [
            ("f1", 70, "CV-24-00718 is the Delgado wrongful dismissal, mediation set for the spring"),
            ("f2", 66, "CV-24-00781 - landlord dispute for the Harcourt tenants, pro bono"),
            ("f3", 40, "Filed the factum for CV-23-04410, the trademark appeal, ahead of deadline"),
            ("f4", 21, "Opposing counsel on the Delgado file is Marc Bouchard from Fasken"),
        ],
        "questions": [("What matter is court file CV-24-00781?", ["f2"])],
    },
    {
        "id": "exact-09",
        "persona": "kwame",
        "memories": [
            ("b1", 30, "Booking ref QX7T2M for Accra, BA 81 on the 19th of December"),
            ("b2", 29, "Abena's flight is booked separately, ref QX7T9M, she flies out a day earlier"),
            ("b3", 22, "Airbnb in Osu, confirmation HMZ4R8K1, 9 nights"),
            ("b4", 11, "Car hire from Avis at Kotoka, ref AV-220931, collecting on arrival"),
        ],
        "questions": [("whose booking is QX7T9M?", ["b2"])],
    },
    {
        "id": "exact-10",
        "persona": "ines",
        "memories": [
            (
                "e1",
                20,
                "Bosch washing machine showing E18 again - that's the drain pump, the technician said clean the filter",
            ),
            (
                "e2",
                19,
                "E17 on the Bosch means a water supply problem, happened when the tap was half-closed",
            ),
            ("e3", 8, "Dishwasher threw error E15, turned out to be a leak in the base tray"),
            ("e4", 3, "Boiler showing F28 this morning, no hot water, called Vulcano"),
        ],
        "questions": [("What does E17 mean on our washer?", ["e2"])],
    },
    {
        "id": "exact-11",
        "persona": "yuki",
        "memories": [
            ("s1", 12, "On our ward N2 means 16:30 to 9:00 the next morning, the long night"),
            ("s2", 12, "D1 is the early day shift, 8:30 to 17:00"),
            ("s3", 6, "I'm rostered N2 three times next week, ugh"),
            ("s4", 2, "Swapped my D2 on the 14th with Hanae"),
        ],
        "questions": [("What hours does a D1 shift cover?", ["s2"])],
    },
    {
        "id": "exact-12",
        "persona": "rafael",
        "memories": [
            ("k1", 55, "In the POS, code 112 is mole poblano, 185 pesos"),
            ("k2", 55, "POS code 121 = chiles en nogada, seasonal only, 240 pesos"),
            ("k3", 40, "Code 211 was the old pozole rojo, we took it off for the summer"),
            ("k4", 12, "The new waiter keeps ringing up 112 instead of 121, need to relabel the buttons"),
        ],
        "questions": [("what dish is 121 on the till and what does it cost?", ["k2"])],
    },
    {
        "id": "exact-13",
        "persona": "priya",
        "memories": [
            ("ch1", 35, "#pay-incidents is where on-call posts outages, keep it quiet otherwise"),
            ("ch2", 34, "#payouts-launch is the war room for the UPI payouts release"),
            ("ch3", 20, "#pay-design has the Figma links and the copy review"),
            ("ch4", 10, "Archived #payments-old, everything moved to the new channels"),
        ],
        "questions": [("What's #payouts-launch for?", ["ch2"])],
    },
    {
        "id": "exact-14",
        "persona": "lena",
        "memories": [
            (
                "l1",
                200,
                "The practice van is FR-LH 312, white VW Crafter with the portable ultrasound in the back",
            ),
            ("l2", 180, "My own car is FR-LH 213, the old Golf"),
            ("l3", 90, "Got a parking ticket on FR-LH 312 outside the Schauinsland stables, 35 euros"),
            ("l4", 30, "Jonas's motorbike plate is FR-JH 77"),
        ],
        "questions": [("Which vehicle has the plate FR-LH 213?", ["l2"])],
    },
    {
        "id": "exact-15",
        "persona": "tom",
        "memories": [
            (
                "n1",
                150,
                "Comparative texts for the 6th years: Foster, Philadelphia Here I Come! and The Great Gatsby",
            ),
            ("n2", 140, "Single text for higher level this year is King Lear"),
            (
                "n3",
                120,
                "5th years are reading Small Things Like These by Claire Keegan, they actually like it",
            ),
            ("n4", 60, "Ordered 30 copies of Foster for the TY book club, arriving after midterm"),
        ],
        "questions": [("Which year group is doing Small Things Like These?", ["n3"])],
    },
    {
        "id": "exact-16",
        "persona": "amara",
        "memories": [
            ("x1", 100, "Reception at the firm is ext 2200, my direct line is ext 2217"),
            ("x2", 95, "ext 2271 is Devon in IT, he's the one who fixes the VPN"),
            ("x3", 60, "Civil scheduling at the Toronto courthouse: 416-327-5440"),
            ("x4", 20, "Law clerk Mei is on ext 2172, she handles the filings"),
        ],
        "questions": [("who picks up on extension 2271?", ["x2"])],
    },
    {
        "id": "exact-17",
        "persona": "kwame",
        "memories": [
            ("g1", 15, "v3.14.2 is the release with the refund rounding fix, tagged on Friday"),
            ("g2", 14, "v3.14.1 got rolled back - memory leak in the webhook consumer"),
            ("g3", 7, "v3.15.0-rc1 is on staging, QA signs off Wednesday"),
            ("g4", 2, "cut hotfix/3.14.3 for the currency symbol bug"),
        ],
        "questions": [("Why did we roll back v3.14.1?", ["g2"])],
    },
    {
        "id": "exact-18",
        "persona": "yuki",
        "memories": [
            ("pk1", 6, "Yamato tracking 4021-5538-7716 is the cello strings coming from Tokyo"),
            ("pk2", 5, "Japan Post EJ482937615JP is the parcel for my sister in Vancouver"),
            ("pk3", 3, "Sagawa 3617-0042-8851 - cat tower, delivery Saturday morning"),
            ("pk4", 1, "Yamato 4021-5583-7716 is the Amazon return, dropped off at 7-Eleven"),
        ],
        "questions": [("What's in Yamato parcel 4021-5583-7716?", ["pk4"])],
    },
    {
        "id": "exact-19",
        "persona": "tom",
        "memories": [
            ("r1", 80, "Club WhatsApp group for the minors is 'Salthill Minors 2025', Declan is admin"),
            ("r2", 75, "'Salthill Minors Parents' is the parents-only group, keep team stuff out of it"),
            ("r3", 40, "The U14 group 'Salthill U14s' still has me in it, should leave"),
            ("r4", 10, "Staff room group 'Scoil English Dept' is mostly memes"),
        ],
        "questions": [("Who runs the 'Salthill Minors 2025' group?", ["r1"])],
    },
]
