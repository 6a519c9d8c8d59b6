# ruff: noqa: E501
"""exact: the question names a keyword / id / code / name that one memory contains;
distractors are similar (other ids, codes, versions of the same sort)."""

SCENARIOS = [
    {
        "id": "exact-01",
        "persona": "arjun",
        "memories": [
            (
                "ans",
                30,
                "PAY-4127 is the ticket for the duplicate payout bug, root cause was a retry without an idempotency key.",
            ),
            ("d1", 28, "PAY-4172: merchant dashboard shows wrong settlement date, cosmetic, low priority."),
            ("d2", 40, "PAY-4217 tracks adding UPI payouts to the bulk API."),
            ("d3", 15, "PAY-4128 is a follow-up to add alerting on duplicate payouts."),
            ("d4", 60, "Duplicate payouts happened twice last year too, both on the 1st of the month."),
        ],
        "questions": [
            ("What was the root cause in PAY-4127?", ["ans"]),
        ],
    },
    {
        "id": "exact-02",
        "persona": "dan",
        "memories": [
            ("ans", 200, "The MGB's reg is 1973-C-4418, it's on the old Cork plates."),
            ("d1", 150, "The Skoda is 191-C-20734."),
            ("d2", 300, "Maura's Micra is 08-C-11452."),
            ("d3", 250, "Tax on the MGB is the vintage rate, 56 euro a year."),
            ("d4", 100, "The MGB needs new chrome bumpers, the rear one is pitted."),
        ],
        "questions": [
            ("Which of Dan's cars has the registration 1973-C-4418?", ["ans"]),
        ],
    },
    {
        "id": "exact-03",
        "persona": "ines",
        "memories": [
            (
                "ans",
                12,
                "INC-2291: orders API returned 502s for 18 minutes because the connection pool maxed out after the pgbouncer config change.",
            ),
            ("d1", 40, "INC-2219: DNS resolution failures in eu-central after a CoreDNS restart."),
            ("d2", 10, "INC-2292 was a false alarm, synthetic check misconfigured."),
            ("d3", 90, "INC-1291 was the big S3 outage day, not our fault."),
            ("d4", 20, "Postmortems are due within 5 working days of an incident."),
        ],
        "questions": [
            ("Summarise what happened in INC-2291.", ["ans"]),
        ],
    },
    {
        "id": "exact-04",
        "persona": "hana",
        "memories": [
            (
                "ans",
                25,
                "The Okta SSO bug only happens on tenants created before v3.8.2, engineering is patching it in 3.8.5.",
            ),
            ("d1", 50, "v3.8.0 introduced the new shift-swap approval flow."),
            ("d2", 30, "Release 3.9.0 is planned to include the LINE integration beta."),
            ("d3", 60, "Azure AD SSO works fine across all versions as far as we know."),
            ("d4", 10, "3.8.4 had a regression in CSV export that got hotfixed."),
        ],
        "questions": [
            ("Which version fixes the Okta SSO issue?", ["ans"]),
        ],
    },
    {
        "id": "exact-05",
        "persona": "lucia",
        "memories": [
            (
                "ans",
                14,
                "Order #5531 for the Ferrer family: three-tier wedding cake, lemon and cava, pickup Saturday 11:00.",
            ),
            ("d1", 16, "Order #5513: 40 croissants for the school breakfast, Friday 7:30."),
            ("d2", 10, "Order #5530: birthday cake for Nuria, chocolate, 12 people."),
            ("d3", 20, "Wedding cakes need at least three weeks' notice."),
            ("d4", 12, "Order #5351 from last year was also a Ferrer, the christening."),
        ],
        "questions": [
            ("What flavour is order 5531?", ["ans"]),
        ],
    },
    {
        "id": "exact-06",
        "persona": "tobias",
        "memories": [
            (
                "ans",
                40,
                "Patient room 3's defibrillator is the ZOLL AED Plus, serial X12K-77031, pads expire 03/2027.",
            ),
            ("d1", 42, "The ECG in room 2 is a Schiller AT-102, serial 130.10244."),
            ("d2", 100, "The AED needs a self-test log check monthly."),
            ("d3", 200, "We also have a spare AED in the car, Philips HeartStart."),
            ("d4", 30, "Emergency kit in room 1 was restocked last week."),
        ],
        "questions": [
            ("When do the pads on the ZOLL AED expire?", ["ans"]),
        ],
    },
    {
        "id": "exact-07",
        "persona": "nadia",
        "memories": [
            ("ans", 35, "Museum kiosk invoice INV-2024-031 — 11,600 CAD, due Dec 15, still unpaid."),
            ("d1", 70, "INV-2024-013 to Pivot was paid in full."),
            ("d2", 40, "INV-2024-030 to the agency, 2,100, paid late."),
            ("d3", 20, "The museum's accounts payable contact is Gilles."),
            ("d4", 10, "Museum said payments take 45 days through their system."),
        ],
        "questions": [
            ("What's the status of INV-2024-031?", ["ans"]),
        ],
    },
    {
        "id": "exact-08",
        "persona": "kwame",
        "memories": [
            (
                "ans",
                50,
                "PHY-214 is the experiment sheet for the simple pendulum practical, the one with the stopwatch table.",
            ),
            ("d1", 55, "PHY-241 is the ohm's law practical with the rheostat."),
            ("d2", 45, "PHY-215 is refraction through a glass block."),
            ("d3", 70, "The practical sheets are printed at the bursar's office, 20 pesewas a page."),
            ("d4", 30, "The pendulum bobs keep disappearing from the lab."),
        ],
        "questions": [
            ("Which practical is PHY-214?", ["ans"]),
        ],
    },
    {
        "id": "exact-09",
        "persona": "arjun",
        "memories": [
            (
                "ans",
                20,
                "We pinned github.com/jackc/pgx/v5 at v5.5.4 because v5.6.0 broke our custom type codecs.",
            ),
            ("d1", 25, "go-redis is on v9.5.1, no issues."),
            ("d2", 60, "We use sqlc to generate the query code."),
            ("d3", 15, "Dependabot PRs for pgx keep getting auto-closed, someone should fix the config."),
            ("d4", 100, "Go version across services is 1.22."),
        ],
        "questions": [
            ("Why can't we bump pgx to v5.6.0?", ["ans"]),
        ],
    },
    {
        "id": "exact-10",
        "persona": "maren",
        "memories": [
            ("ans", 90, "Station KF-07 at Austevoll: canopy density 14 plants/m², urchin count high."),
            ("d1", 92, "Station KF-01 at Sotra: canopy dense, few urchins."),
            ("d2", 88, "Station KF-17 in Hardangerfjord: mostly bare rock, kelp gone."),
            ("d3", 80, "Station KF-08 at Austevoll is the control plot."),
            ("d4", 60, "Urchin counts across all stations went up this year."),
        ],
        "questions": [
            ("What did we record at KF-07?", ["ans"]),
        ],
    },
    {
        "id": "exact-11",
        "persona": "ines",
        "memories": [
            (
                "ans",
                8,
                "The wildcard cert for *.track.example-logistics.eu expires on 14 January, it's not on cert-manager yet.",
            ),
            ("d1", 30, "api.example-logistics.eu cert is managed by cert-manager, auto-renews."),
            ("d2", 50, "We use Let's Encrypt for internal certs and DigiCert for customer-facing."),
            ("d3", 20, "The status page domain status.example-logistics.eu is hosted by Atlassian."),
            ("d4", 5, "Cert expiry alerts go to the #sre-alerts channel."),
        ],
        "questions": [
            ("When does the track.example-logistics.eu certificate expire?", ["ans"]),
        ],
    },
    {
        "id": "exact-12",
        "persona": "hana",
        "memories": [
            (
                "ans",
                40,
                "Customer ID C-00981 (Minato Care Homes) is on a custom contract: 20% discount, net-60 payment terms.",
            ),
            ("d1", 35, "C-00918 is a small restaurant chain on the standard plan."),
            ("d2", 30, "C-00982 is the trial account for Minato's sister company."),
            ("d3", 50, "Minato Care Homes has 14 facilities in Tokyo."),
            ("d4", 20, "Net-60 terms need CFO approval for new deals."),
        ],
        "questions": [
            ("What payment terms does C-00981 have?", ["ans"]),
        ],
    },
    {
        "id": "exact-13",
        "persona": "dan",
        "memories": [
            ("ans", 60, "Herself's passport number for the Lanzarote booking is PX4471923, expires 2029."),
            ("d1", 62, "My own passport is PX1189033, valid to 2031."),
            ("d2", 70, "Lanzarote flights are Ryanair out of Cork, 7am."),
            ("d3", 50, "Booking reference for the Lanzarote apartment is LZ-88213."),
            ("d4", 40, "Maura's driving licence is due for renewal in March."),
        ],
        "questions": [
            ("Whose passport is PX4471923?", ["ans"]),
        ],
    },
    {
        "id": "exact-14",
        "persona": "tobias",
        "memories": [
            (
                "ans",
                25,
                "ICD-10 code E11.9 for Herr Brandt — type 2 diabetes without complications, metformin 1000 twice daily.",
            ),
            ("d1", 26, "Frau Koch: I10, essential hypertension."),
            ("d2", 30, "E11.65 is for type 2 with hyperglycaemia, we used it for Herr Lang."),
            ("d3", 40, "Herr Brandt's HbA1c was 7.1% last quarter."),
            ("d4", 20, "Coding audit from the KV is coming in spring."),
        ],
        "questions": [
            ("Which patient did we code with E11.9?", ["ans"]),
        ],
    },
    {
        "id": "exact-15",
        "persona": "lucia",
        "memories": [
            (
                "ans",
                100,
                "Oven technician from Hornos Mediterráneo: Vicent, 612 448 903, he knows the Tagliavini inside out.",
            ),
            ("d1", 110, "Fridge technician Paco: 655 201 774."),
            ("d2", 90, "The mixer repair shop in Alzira doesn't answer the phone, just go there."),
            ("d3", 80, "Hornos Mediterráneo charges 60 euros for the call-out."),
            ("d4", 60, "The Tagliavini's left deck heats unevenly."),
        ],
        "questions": [
            ("Whose number is 612 448 903?", ["ans"]),
        ],
    },
    {
        "id": "exact-16",
        "persona": "nadia",
        "memories": [
            ("ans", 15, "Figma file 'MBAM-Kiosk-v7-FINAL-final' is the one the curator approved, not v8."),
            ("d1", 18, "MBAM-Kiosk-v8 has the experimental dark mode, not approved."),
            ("d2", 25, "MBAM-Kiosk-v6 had the old navigation with tabs."),
            ("d3", 10, "The dev team is building from whatever I mark as 'ready for dev' in Figma."),
            ("d4", 30, "I should really stop naming files FINAL."),
        ],
        "questions": [
            ("Is MBAM-Kiosk-v7-FINAL-final the approved one?", ["ans"]),
        ],
    },
]
