"""Exact keyword / identifier: the query names a ticket, host, code, flag or rare name; distractors
carry look-alike identifiers on the same topic."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "exact-01",
        "persona": "maya",
        "memories": [
            ("pay4417", 260, "PAY-4417 is the ticket for renaming the settlement batch job, low priority."),
            ("pay4471", 200, "The flaky card-auth integration test is tracked in PAY-4471; Jonas said he'd look at it after the release."),
            ("flaky", 150, "Flaky tests in the card-auth suite keep blocking merges, everyone is annoyed."),
            ("pay5120", 60, "Opened PAY-5120 for the timeout in the refund webhook handler."),
            ("chatter", 30, "Talked with Jonas about test flakiness again, no real conclusion."),
        ],
        "questions": [
            ("PAY-4471", ["pay4471"]),
            ("what is PAY-5120 about?", ["pay5120"]),
        ],
    },
    {
        "id": "exact-02",
        "persona": "maya",
        "memories": [
            ("old", 500, "We retired pg-ledger-01 after the ledger migration; its backups are kept for a year."),
            ("db", 400, "The primary Postgres for settlements runs on host pg-settle-03.eu-west.internal."),
            ("replica", 398, "Read replica for settlements is pg-settle-04, used by the reporting jobs."),
            ("chatter", 100, "Database maintenance windows are always a pain for the settlement team."),
        ],
        "questions": [
            ("pg-settle-04", ["replica"]),
            ("what happened to pg-ledger-01", ["old"]),
        ],
    },
    {
        "id": "exact-03",
        "persona": "tom",
        "memories": [
            ("browse", 90, "Looked at flights to Iceland for Elsie's half-term."),
            ("out", 70, "Tom's flight to Reykjavik is FI 455 from Gatwick, departing 13:10 on the Thursday."),
            ("back", 70, "Return flight is FI 454 landing at Gatwick on Sunday evening."),
            ("parking", 68, "Booked the airport parking at Gatwick South, reference GTW-88213."),
            ("pref", 400, "Tom hates early flights and always picks afternoon departures."),
        ],
        "questions": [
            ("FI 454", ["back"]),
            ("GTW-88213", ["parking"]),
        ],
    },
    {
        "id": "exact-04",
        "persona": "priya",
        "memories": [
            ("e4012", 330, "The hospital sync job fails with error E4012 when a FHIR bundle exceeds 10 MB."),
            ("e4021", 310, "E4021 means the upstream EHR rejected our OAuth token; rotate the client credentials in the vault."),
            ("noisy", 120, "The sync job errors are noisy on Mondays because of the weekend backlog."),
            ("e5003", 45, "Error E5003 from the de-identification service is a harmless retry warning, ignore it."),
        ],
        "questions": [
            ("E4021", ["e4021"]),
            ("what does error E5003 mean", ["e5003"]),
        ],
    },
    {
        "id": "exact-05",
        "persona": "leo",
        "memories": [
            ("dus1", 600, "DUS-1 is the main outbound hub; it runs three shifts on weekdays."),
            ("dus2", 580, "Warehouse DUS-2 in Düsseldorf-Reisholz handles all returns for the Benelux region."),
            ("rtm", 150, "The Rotterdam cross-dock RTM-X is being decommissioned next year."),
            ("capacity", 40, "Leo's team spends a lot of time on warehouse capacity planning."),
        ],
        "questions": [
            ("DUS-2", ["dus2"]),
            ("RTM-X", ["rtm"]),
        ],
    },
    {
        "id": "exact-06",
        "persona": "maya",
        "memories": [
            ("pin", 280, "We pinned pydantic to 2.7.4 because 2.8 broke our custom validators."),
            ("py", 260, "The card-auth service still runs on Python 3.10; the upgrade to 3.12 is planned for Q3."),
            ("sched", 200, "Dependency upgrades are always scheduled for the first sprint of the quarter."),
            ("dependabot", 50, "Maya mentioned the dependabot PR pile is getting out of hand."),
        ],
        "questions": [
            ("pydantic 2.7.4", ["pin"]),
            ("Python 3.10", ["py"]),
        ],
    },
    {
        "id": "exact-07",
        "persona": "tom",
        "memories": [
            ("inv118", 160, "Invoice INV-2023-118 to Hollow Oak Studio for the brand refresh is still unpaid."),
            ("inv121", 140, "Invoice INV-2023-121 went to Brightwater Café for the menu redesign; paid in full."),
            ("friday", 100, "Tom chases late invoices every Friday afternoon."),
            ("revisions", 95, "Hollow Oak Studio asked for a second round of logo revisions."),
        ],
        "questions": [
            ("INV-2023-118", ["inv118"]),
            ("INV-2023-121", ["inv121"]),
        ],
    },
    {
        "id": "exact-08",
        "persona": "priya",
        "memories": [
            ("v6", 500, "cohort_v6 had the duplicated patient rows bug, don't use it for anything."),
            ("v7", 420, "The readmission model is trained on cohort_v7_2019_2023 in the analytics schema."),
            ("argue", 210, "Priya's team argues a lot about which cohort to use for validation."),
            ("icu", 180, "The sepsis model uses the icu_vitals_15min table as its main input."),
        ],
        "questions": [
            ("cohort_v6", ["v6"]),
            ("icu_vitals_15min", ["icu"]),
        ],
    },
    {
        "id": "exact-09",
        "persona": "leo",
        "memories": [
            ("war", 350, "Incidents for the routing engine go to the #routing-war-room channel."),
            ("dev", 340, "#routing-dev is for day-to-day questions about the routing engine."),
            ("mute", 220, "Leo muted most Slack channels during his parental leave."),
            ("runbook", 90, "The on-call handbook for routing lives in Confluence under OPS/Runbooks."),
        ],
        "questions": [
            ("#routing-war-room", ["war"]),
            ("OPS/Runbooks", ["runbook"]),
        ],
    },
    {
        "id": "exact-10",
        "persona": "maya",
        "memories": [
            ("ottilie", 450, "Ottilie Brandstetter from compliance signs off on every change to the PCI scope."),
            ("week", 300, "Compliance reviews usually take a week, plan for it."),
            ("kasimir", 180, "Kasimir from the security team runs the quarterly pentest."),
            ("audit", 120, "The PCI audit happens every October."),
        ],
        "questions": [
            ("Brandstetter", ["ottilie"]),
            ("who is Kasimir", ["kasimir"]),
        ],
    },
    {
        "id": "exact-11",
        "persona": "tom",
        "memories": [
            ("body", 380, "Tom's main camera is a Fujifilm X-T4; the backup body is an X-E3."),
            ("lens", 60, "He's eyeing the XF 56mm f/1.2 lens for portrait work."),
            ("canon", 330, "Tom sold his old Canon gear last spring."),
            ("spend", 45, "Photography gear is his biggest non-work expense."),
        ],
        "questions": [
            ("X-E3", ["body"]),
            ("XF 56mm", ["lens"]),
        ],
    },
    {
        "id": "exact-12",
        "persona": "priya",
        "memories": [
            ("shap", 260, "The feature flag ENABLE_SHAP_EXPLAINER controls the explanation panel in the clinician dashboard."),
            ("shadow", 250, "MODEL_SHADOW_MODE=true means predictions are logged but not shown to clinicians."),
            ("ld", 240, "Feature flags in the dashboard are managed through LaunchDarkly."),
            ("popups", 30, "Clinicians asked for fewer pop-ups in the dashboard."),
        ],
        "questions": [
            ("ENABLE_SHAP_EXPLAINER", ["shap"]),
            ("MODEL_SHADOW_MODE", ["shadow"]),
        ],
    },
    {
        "id": "exact-13",
        "persona": "leo",
        "memories": [
            ("contract", 400, "The fuel card contract with Tankpool24 runs until the end of next year, contract no. TP24-7731."),
            ("tyres", 380, "Our tyre supplier is Reifen Kessler in Duisburg."),
            ("review", 200, "Vendor contracts are reviewed by procurement each spring."),
            ("portal", 25, "Leo complained the Tankpool24 portal is unusable on mobile."),
        ],
        "questions": [
            ("TP24-7731", ["contract"]),
            ("Reifen Kessler", ["tyres"]),
        ],
    },
]
# fmt: on
