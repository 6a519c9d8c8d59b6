"""exact: the question names an identifier (order number, ticket, version, plate, code) held by one memory."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.

SCENARIOS = [
    {
        "id": "exact-01",
        "persona": "kenji",
        "memories": [
            (
                "inc",
                12,
                "PAY-4471 is the incident where refunds double-posted for about 40 minutes; root cause was a retry without an idempotency key.",
            ),
            (
                "d1",
                20,
                "PAY-4417 was just a flaky test in the ledger reconciliation suite, closed as won't-fix.",
            ),
            ("d2", 9, "Kenji opened PAY-4478 to track adding idempotency keys to every refund call site."),
            (
                "d3",
                35,
                "We had another refund incident back in PAY-3971, that one was a timezone bug at month end.",
            ),
            ("d4", 5, "Postmortem review for the refund outage is Thursday at 15:00 JST."),
        ],
        "questions": [("what was the root cause of PAY-4471?", ["inc"])],
    },
    {
        "id": "exact-02",
        "persona": "amara",
        "memories": [
            (
                "ord",
                14,
                "Order #A-2093 from the Hendricks wedding: 180 guests, jollof and plantain, delivery to Dulwich at 4pm on the 21st.",
            ),
            ("d1", 18, "Order #A-2039 is the Brixton office lunch, 25 boxes, every other Friday."),
            ("d2", 10, "Order #A-2094, a christening for the Adeyemi family, 60 people, mostly small chops."),
            ("d3", 30, "Hendricks bride called to ask about a vegan option, I said I'd think about it."),
            ("d4", 3, "Need to rent two extra chafing dishes for the big wedding at the end of the month."),
        ],
        "questions": [
            ("Where does order A-2093 need to be delivered and when?", ["ord"]),
            ("how many guests on A-2093", ["ord"]),
        ],
    },
    {
        "id": "exact-03",
        "persona": "sarah",
        "memories": [
            ("plate", 90, "Graham's truck plate is HZR 418 — the silver F-150."),
            ("d1", 95, "My Corolla is plate JLK 381, insurance renews in April."),
            (
                "d2",
                60,
                "The cabin neighbour's boat trailer is registered as HZR 481, weirdly similar to ours.",
            ),
            ("d3", 40, "Got a parking ticket downtown on the Corolla, $45, paid it online."),
            ("d4", 20, "The F-150 needs new winter tires before November."),
        ],
        "questions": [("Whose vehicle is HZR 418?", ["plate"])],
    },
    {
        "id": "exact-04",
        "persona": "priya",
        "memories": [
            (
                "v",
                25,
                "Ledgerly web app pinned to react-query 4.29.5 because 4.30 broke the invoice table pagination.",
            ),
            ("d1", 40, "We upgraded React itself to 18.2 last quarter, no issues."),
            ("d2", 28, "The mobile app still uses react-query 3.39, migration planned for Q3."),
            ("d3", 12, "Engineers want to move to TanStack Query v5 eventually; not prioritised yet."),
            ("d4", 7, "Pagination on the invoice list is slow for customers with 10k+ invoices."),
        ],
        "questions": [("why is the web app stuck on react-query 4.29.5?", ["v"])],
    },
    {
        "id": "exact-05",
        "persona": "hamid",
        "memories": [
            (
                "truck",
                30,
                "Truck NL-72-BKX had its tachograph fail on the A15, now at the DAF dealer in Barendrecht.",
            ),
            ("d1", 31, "NL-27-BKX is the new Scania, delivered last week, driver is Mehmet."),
            ("d2", 22, "Truck NL-72-BXK (the old Volvo) is due for its APK inspection in December."),
            ("d3", 15, "Dealer said tachograph parts take 5-10 working days right now."),
            ("d4", 8, "Need to file the tachograph malfunction report with ILT within the deadline."),
        ],
        "questions": [("Where is NL-72-BKX right now?", ["truck"])],
    },
    {
        "id": "exact-06",
        "persona": "ines",
        "memories": [
            (
                "appt",
                10,
                "Leonor's allergy clinic appointment is reference CHP-88213, 9:40 on the 3rd, building B.",
            ),
            ("d1", 12, "Tomás's dentist booking reference is 88231, next Tuesday after school."),
            ("d2", 45, "Rui's physio referral number CHP-82813, he still hasn't called them."),
            ("d3", 6, "I swapped my night shift so I can take Leonor to the hospital myself."),
            ("d4", 2, "Remember to bring Leonor's previous test results in the blue folder."),
        ],
        "questions": [("what's appointment CHP-88213 for?", ["appt"])],
    },
    {
        "id": "exact-07",
        "persona": "aroha",
        "memories": [
            (
                "fw",
                18,
                "Firmware 2.3.1 for the Paddock probes fixes the battery drain when the LoRa signal is weak.",
            ),
            ("d1", 25, "2.3.0 introduced the new calibration curve for clay soils."),
            ("d2", 9, "Ben is testing 2.4.0-beta on five probes at the Morrinsville farm."),
            ("d3", 40, "Farmers complained probes died after three weeks in the back paddocks."),
            ("d4", 4, "OTA rollout of new firmware goes to 10% of devices first."),
        ],
        "questions": [("what did firmware 2.3.1 fix?", ["fw"])],
    },
    {
        "id": "exact-08",
        "persona": "diego",
        "memories": [
            (
                "horse",
                50,
                "The mare with microchip 032-118-554 is 'Tormenta', owned by the Aguirre stud, treated for laminitis.",
            ),
            ("d1", 52, "Microchip 032-118-545 belongs to a gelding at the polo club, vaccinated in August."),
            ("d2", 70, "Aguirre stud has fourteen horses, I do their dental checks twice a year."),
            ("d3", 20, "Laminitis case at the Ortiz farm improved after shoeing change."),
            ("d4", 11, "Tormenta's owner asked about a second opinion from the clinic in San Rafael."),
        ],
        "questions": [("what horse has chip 032-118-554 and what was wrong with it", ["horse"])],
    },
    {
        "id": "exact-09",
        "persona": "lukas",
        "memories": [
            (
                "room",
                30,
                "Physics lab is room 2.14; the Grade 11 Leistungskurs meets there Mondays and Wednesdays.",
            ),
            ("d1", 30, "Room 2.41 is the computer lab — booked for my Grade 9 maths on Fridays."),
            ("d2", 25, "Room 1.14 has the broken projector, avoid for presentations."),
            ("d3", 10, "The Leistungskurs has 17 students this year, more than usual."),
            ("d4", 5, "Lab equipment inventory is due before the autumn break."),
        ],
        "questions": [("Which class uses room 2.14?", ["room"])],
    },
    {
        "id": "exact-10",
        "persona": "kenji",
        "memories": [
            (
                "flag",
                16,
                "Feature flag payments.fx_rounding_v2 is ON for 20% of merchants; rollback if the mismatch rate goes above 0.1%.",
            ),
            ("d1", 20, "payments.fx_rates_cache is permanently on, we should delete the flag."),
            ("d2", 14, "Finance asked why some JPY to USD amounts differ by one yen."),
            ("d3", 40, "payments.fx_rounding (v1) was removed in the spring cleanup."),
            ("d4", 3, "Kenji wants a dashboard for FX mismatch rate before widening any rollout."),
        ],
        "questions": [("what's the rollback criterion for fx_rounding_v2?", ["flag"])],
    },
    {
        "id": "exact-11",
        "persona": "amara",
        "memories": [
            (
                "inv",
                20,
                "Invoice INV-0419 to St Saviour's school for £1,240 is 30 days overdue, chase Mrs Patel in the bursar's office.",
            ),
            ("d1", 22, "INV-0491 is the Greenwich law firm Christmas party deposit, paid in full."),
            ("d2", 40, "INV-0418 was St Saviour's previous term, that one they paid late too."),
            ("d3", 11, "Thinking of adding a late payment fee to my standard terms."),
            ("d4", 6, "Accountant wants all unpaid invoices listed by the end of the month."),
        ],
        "questions": [("who do I chase about INV-0419", ["inv"])],
    },
    {
        "id": "exact-12",
        "persona": "sarah",
        "memories": [
            (
                "gauge",
                15,
                "Station 05OJ010 on the Red River at James Ave read 5.2 m this morning, rising about 10 cm a day.",
            ),
            ("d1", 15, "05OJ015 upstream at Emerson is already falling, peak passed there on Saturday."),
            ("d2", 30, "05OJ010 had a logger battery replaced in October."),
            ("d3", 8, "Forecast meeting moved to 8am during flood season."),
            ("d4", 2, "Public flood bulletin goes out every day at 2pm now."),
        ],
        "questions": [("what's the current level at 05OJ010?", ["gauge"])],
        "note": "two memories mention 05OJ010; the one with the level answers",
    },
    {
        "id": "exact-13",
        "persona": "hamid",
        "memories": [
            (
                "ship",
                12,
                "Shipment RTM-55902 to Duisburg: 22 pallets of tiles, customer wants a tail-lift truck, delivery window 06:00-09:00.",
            ),
            ("d1", 13, "RTM-55920 is the refrigerated load to Antwerp, temperature must stay at 2-4 °C."),
            ("d2", 9, "Duisburg warehouse closes at 14:00 on Fridays."),
            ("d3", 5, "Customer for the tiles complained last time about a late arrival."),
            ("d4", 1, "Only two of our trucks have tail lifts: the MAN and the older DAF."),
        ],
        "questions": [("special requirements for RTM-55902?", ["ship"])],
    },
    {
        "id": "exact-14",
        "persona": "priya",
        "memories": [
            (
                "okr",
                60,
                "OKR KR2.3 for Ledgerly: cut time-to-first-invoice for new signups from 14 minutes to under 5 by end of Q4.",
            ),
            ("d1", 60, "KR2.1 is about raising trial-to-paid conversion to 18%."),
            ("d2", 58, "KR3.2 is infra: p95 API latency under 300 ms."),
            ("d3", 25, "Onboarding redesign kicked off; Lisbon design team owns the flows."),
            ("d4", 10, "Median time-to-first-invoice is at 9 minutes as of last week."),
        ],
        "questions": [("What's the target in KR2.3?", ["okr"])],
    },
    {
        "id": "exact-15",
        "persona": "ines",
        "memories": [
            (
                "wifi",
                120,
                "Guest wifi at home is 'CasaCarvalho_5G', password is on the fridge magnet, not saved anywhere.",
            ),
            ("d1", 130, "Router admin page is at 192.168.1.1, Rui changed the admin password in the summer."),
            ("d2", 90, "The kids' tablet is on 'CasaCarvalho_kids' which switches off at 21:00."),
            ("d3", 60, "Internet provider is MEO, contract ends next year."),
            ("d4", 15, "Wifi is weak in the back bedroom, thinking of a mesh system."),
        ],
        "questions": [("when does CasaCarvalho_kids turn off?", ["d2"])],
    },
    {
        "id": "exact-16",
        "persona": "aroha",
        "memories": [
            (
                "grant",
                70,
                "Callaghan Innovation grant application ref CI-2025-0881 was approved for $180k, reporting due every quarter.",
            ),
            ("d1", 80, "Applied to the regional council fund too, ref WRC-0881, still waiting."),
            ("d2", 55, "Our accountant says the grant money must be kept in a separate account."),
            ("d3", 30, "First quarterly report took me two full days to write."),
            ("d4", 12, "Ben wants to spend part of the grant on a new enclosure mould."),
        ],
        "questions": [("how much was CI-2025-0881 for?", ["grant"])],
    },
    {
        "id": "exact-17",
        "persona": "diego",
        "memories": [
            (
                "drug",
                40,
                "For the Aguirre foals use Equest Pramox, lot 2207B; lot 2207A was recalled by the distributor.",
            ),
            ("d1", 45, "Ivermectin paste stock: three boxes left in the truck."),
            ("d2", 35, "Distributor in Godoy Cruz changed its delivery days to Tuesdays and Fridays."),
            ("d3", 20, "Foals at Aguirre are due for deworming again mid-month."),
            ("d4", 6, "Valeria asked me to stop leaving drug boxes in the kitchen."),
        ],
        "questions": [("is lot 2207A ok to use?", ["drug"])],
    },
    {
        "id": "exact-18",
        "persona": "lukas",
        "memories": [
            (
                "part",
                80,
                "For the bathroom we ordered Geberit Duofix element 111.300.00.5, arrives in 3 weeks.",
            ),
            ("d1", 85, "The kitchen tap is a Grohe Eurosmart 33281, already installed."),
            ("d2", 60, "Jonas wants a rain shower head, I think the water pressure is too low."),
            ("d3", 40, "Tiles for the bathroom: 60x60 grey, bought at Hornbach in Leipzig-Paunsdorf."),
            ("d4", 20, "The plumber can only come in the last week of the month."),
        ],
        "questions": [
            ("what's the Geberit part number we ordered?", ["part"]),
            ("which Grohe model is the kitchen tap", ["d1"]),
        ],
    },
    {
        "id": "exact-19",
        "persona": "kenji",
        "memories": [
            (
                "cve",
                22,
                "CVE-2024-45337 in golang.org/x/crypto/ssh affects our bastion tooling; patched by bumping x/crypto to v0.31.0.",
            ),
            ("d1", 25, "CVE-2024-24790 in net/netip was fixed by the Go 1.22.4 upgrade."),
            ("d2", 18, "Security team wants a weekly report of open CVEs per service."),
            ("d3", 10, "Dependabot PRs are piling up in the ledger repo, 30+ open."),
            ("d4", 4, "Bastion hosts will be replaced by SSM sessions next quarter."),
        ],
        "questions": [("how did we fix CVE-2024-45337?", ["cve"])],
    },
    {
        "id": "exact-20",
        "persona": "amara",
        "memories": [
            (
                "cert",
                200,
                "Food hygiene rating: 5 stars, inspection certificate number FHRS-1187342, next inspection expected in about 18 months.",
            ),
            ("d1", 180, "Level 2 food hygiene certificates for both my part-time cooks expire next year."),
            ("d2", 150, "Shared kitchen landlord needs a copy of the hygiene rating each year."),
            ("d3", 90, "Allergen training for staff booked via the council website."),
            (
                "d4",
                30,
                "A client asked whether we're registered with the council, I said yes, sent the link.",
            ),
        ],
        "questions": [("what rating does FHRS-1187342 show?", ["cert"])],
    },
]
