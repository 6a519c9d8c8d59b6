"""exact: the question names an id / code / version / name that one memory contains."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "exact-01",
        "persona": "tomasz",
        "memories": [
            ("inc4471", 40, "INC-4471 was the Redis failover on the tracking API — root cause a misconfigured sentinel quorum (2 of 5 instead of 3 of 5)."),
            ("inc4417", 35, "INC-4417: thought it was DNS poisoning, turned out to be a stale CoreDNS configmap. No customer impact."),
            ("inc4479", 20, "Postmortem for INC-4479 still not written. That's the one where the label printer service got OOM-killed during Black Friday prep."),
            ("renumber", 60, "When we moved from Jira to incident.io the incident tickets got renumbered; the old ones start with OPS-."),
            ("ops4471", 12, "OPS-4471 in the old tracker was a certificate expiry on the courier app, nothing to do with Redis."),
        ],
        "questions": [
            ("What was the root cause of INC-4471?", ["inc4471"]),
            ("Is the INC-4479 postmortem done?", ["inc4479"]),
        ],
        "note": "near-identical incident ids across two trackers",
    },
    {
        "id": "exact-02",
        "persona": "tomasz",
        "memories": [
            ("waw", 90, "Pinned the ingress-nginx helm chart to 4.7.1 on prod-waw, because 4.8.0 broke our custom annotations."),
            ("staging", 70, "Staging runs ingress-nginx 4.9.0 now, we're testing the annotation fix there."),
            ("certm", 50, "cert-manager is on v1.13.2 on every cluster; the 1.14 upgrade is scheduled for Q1."),
            ("wro", 30, "prod-wro is a different story — ingress there is still the ancient 4.4.2 chart and nobody wants to touch it."),
            ("argo", 25, "Argo CD app for ingress is called platform-ingress, one per cluster."),
        ],
        "questions": [
            ("Which ingress-nginx chart version is running on prod-wro?", ["wro"]),
            ("what cert-manager version do we have deployed", ["certm"]),
        ],
    },
    {
        "id": "exact-03",
        "persona": "amara",
        "memories": [
            ("epals", 200, "Passed my EPALS recert in May — it's valid for four years."),
            ("pils", 150, "Need to book the PILS refresher, the trust says everyone on the ward has to have it by spring."),
            ("ils", 120, "ILS is the adult-focused course, not strictly needed for paeds but matron likes us to have it."),
            ("nmc", 90, "NMC revalidation is due in October: five reflective accounts, practice hours, and a confirmer signature."),
            ("apls", 60, "APLS is the one the doctors do; Amara isn't eligible for the full version as a nurse."),
        ],
        "questions": [
            ("When did Amara do her EPALS and how long is it good for?", ["epals"]),
            ("What do I need to get together for the NMC revalidation?", ["nmc"]),
        ],
    },
    {
        "id": "exact-04",
        "persona": "amara",
        "memories": [
            ("mine", 45, "Booked Manchester to Lagos via Amsterdam with KLM, booking ref QX7PLM, leaving 14 December."),
            ("dele", 44, "Dele's ticket is on a separate booking, QX7PNL, because he paid with his own card."),
            ("bag", 30, "Chioma asked us to bring a suitcase of baby things so we added an extra checked bag."),
            ("parking", 20, "Airport parking at T2 is prebooked, confirmation MAN-88213."),
            ("layover", 10, "KLM changed the Amsterdam connection on QX7PLM — layover is now 3h10 instead of 1h45."),
        ],
        "questions": [
            ("What's the booking reference for Dele's flight?", ["dele"]),
            ("How long is the stopover on QX7PLM now?", ["layover"]),
        ],
    },
    {
        "id": "exact-05",
        "persona": "kenji",
        "memories": [
            ("o30815", 25, "Order 30815 from Maruyama Seimen: 40 kg thin noodles, delivery Thursday."),
            ("o30851", 18, "Order 30851 is the pork bones from the Itoshima farm, 60 kg, paid cash on delivery."),
            ("short", 12, "Maruyama called, order 30815 will be 10 kg short. They send the rest on Monday."),
            ("k2207", 8, "Chashu pork belly from the Kagoshima supplier — that's order K-2207."),
            ("o31502", 5, "Reordered nori and menma at the wholesale market, order number 31502."),
        ],
        "questions": [
            ("What was order 30851 for?", ["o30851"]),
            ("Any problem with order 30815?", ["short"]),
        ],
    },
    {
        "id": "exact-06",
        "persona": "kenji",
        "memories": [
            ("burner", 300, "Main soup burner is a Rinnai RSB-206SC, gas, bought second-hand in 2019."),
            ("boiler", 250, "Noodle boiler is a Tanico TNG-45. The thermostat needs replacing every couple of years."),
            ("rice", 120, "Rice cooker: Tiger JNO-A360, 3 sho. Lid hinge is cracked but it works."),
            ("ticket", 60, "The ticket machine by the door is a Glory VT-10. Bill slot jams on old, soft 1000-yen notes."),
            ("service", 40, "Called Rinnai service about the RSB-206SC ignition clicking; technician comes on the 9th."),
        ],
        "questions": [
            ("What's wrong with the Glory VT-10?", ["ticket"]),
            ("Is anything booked for the RSB-206SC?", ["service"]),
        ],
    },
    {
        "id": "exact-07",
        "persona": "lucia",
        "memories": [
            ("i031", 60, "Invoice LF-2024-031 to Brightwave (Austin) for the onboarding redesign, USD 4,800, net 30."),
            ("i013", 45, "LF-2024-013 was the small Figma audit for Casa Verde. Already paid."),
            ("i033", 30, "Sent LF-2024-033 to Brightwave for the design system sprint, 3,200 USD."),
            ("short", 20, "Brightwave paid LF-2024-031 but it came in 150 dollars short — they say wire fees."),
            ("i030", 10, "I need to chase Estudio Norte in Madrid about LF-2024-030, it's two weeks overdue."),
        ],
        "questions": [
            ("What happened with the payment for LF-2024-031?", ["short"]),
            ("Who owes her money on LF-2024-030?", ["i030"]),
        ],
    },
    {
        "id": "exact-08",
        "persona": "lucia",
        "memories": [
            ("sohne", 200, "Bought a desktop licence for Söhne for the Brightwave work — it covers 2 users."),
            ("inter", 150, "Inter is my default for client dashboards: free, and it has tabular figures."),
            ("alpina", 100, "Casa Verde's brand uses GT Alpina for headings; they hold the webfont licence, not me."),
            ("mono", 70, "Tried Söhne Mono for the code snippets, the client hated it."),
            ("manrope", 40, "Estudio Norte wants everything in Manrope, fine by me, it's on Google Fonts."),
        ],
        "questions": [
            ("Which client uses GT Alpina, and who owns that licence?", ["alpina"]),
            ("How many seats does my Söhne licence have?", ["sohne"]),
        ],
    },
    {
        "id": "exact-09",
        "persona": "devika",
        "memories": [
            ("v2", 80, "Feature flag merchant_kyc_v2 is at 25% rollout, Tier-2 cities only."),
            ("v3", 60, "merchant_kyc_v3 is just a placeholder flag the backend team created. Nothing behind it yet."),
            ("killed", 40, "Killed instant_settlement_beta after the new RBI guidance came out."),
            ("diwali", 30, "Devika wants merchant_kyc_v2 at 50% before Diwali, provided the drop-off numbers hold."),
            ("metabase", 15, "The onboarding funnel dashboard lives in Metabase, collection MOB-Funnels."),
        ],
        "questions": [
            ("What's the plan for merchant_kyc_v2 before Diwali?", ["diwali"]),
            ("Is there anything behind merchant_kyc_v3?", ["v3"]),
        ],
    },
    {
        "id": "exact-10",
        "persona": "devika",
        "memories": [
            ("innova", 300, "Our Innova is KA 05 MN 4412; Karthik mostly drives it."),
            ("nexon", 250, "My Nexon EV, KA 03 NP 7719, is what I take to office."),
            ("fastag", 90, "FASTag on KA 05 MN 4412 keeps showing low balance — it's linked to Karthik's HDFC account."),
            ("service", 50, "Nexon is due for its 30,000 km service at the Tata centre on Old Madras Road."),
            ("santro", 20, "Appa wants to sell his old Santro, KA 04 B 2231, it's just sitting in the basement."),
        ],
        "questions": [
            ("Which account is the FASTag on KA 05 MN 4412 linked to?", ["fastag"]),
            ("whose car is KA 04 B 2231", ["santro"]),
        ],
    },
    {
        "id": "exact-11",
        "persona": "henrik",
        "memories": [
            ("berth", 200, "My summer berth at Sandviken marina is pier C, number 14."),
            ("winter", 150, "Winter storage: the boat stands on land at the Laksevåg yard, spot 41."),
            ("odd", 120, "My friend Odd has berth C-41 at the same marina, straight across from me."),
            ("impeller", 60, "Ordered a Volvo Penta impeller, part number 21951346, for the MD2020."),
            ("wrong", 30, "The shop sent the wrong impeller, 3586496, which is for the bigger engines. Sending it back."),
        ],
        "questions": [
            ("Who is at berth C-41?", ["odd"]),
            ("What's the right part number for the impeller?", ["impeller"]),
        ],
    },
    {
        "id": "exact-12",
        "persona": "henrik",
        "memories": [
            ("logs", 180, "At the museum I'm cataloguing the engine room logbooks, inventory BSM.1974.0112 to BSM.1974.0130."),
            ("damaged", 140, "BSM.1974.0121 is water-damaged. It must not be scanned until conservation has looked at it."),
            ("model", 100, "The ship model of MS Nordstjernen is BSM.1991.0044 — it needs a new glass case."),
            ("photo", 60, "Found a photograph of my old chief engineer in box BSM.1982.0007. Quite a moment."),
            ("cleared", 20, "Conservation cleared BSM.1974.0118 for scanning; the other logbooks are still waiting."),
        ],
        "questions": [
            ("Can I scan BSM.1974.0121 now?", ["damaged"]),
            ("What is object BSM.1991.0044?", ["model"]),
        ],
    },
    {
        "id": "exact-13",
        "persona": "grace",
        "memories": [
            ("aa", 100, "Lot KFC-23-118 is the AA grade from Gatina wet mill, 42 bags, cupped at 86.5."),
            ("ab", 90, "KFC-23-181 — AB grade, same mill, cupped 84."),
            ("sample", 60, "The Hamburg buyer wants a pre-shipment sample of KFC-23-118 by the end of the month."),
            ("pb", 40, "Peaberry lot KFC-23-090 went at the Nairobi auction for 610 USD per 50 kg bag."),
            ("moisture", 20, "Moisture on KFC-23-181 came back at 12.8%, slightly high, we need to re-dry it."),
        ],
        "questions": [
            ("What was the moisture reading on KFC-23-181?", ["moisture"]),
            ("What price did KFC-23-090 get?", ["pb"]),
        ],
    },
    {
        "id": "exact-14",
        "persona": "grace",
        "memories": [
            ("brian", 200, "Brian's school fees go to paybill 522522, account BRIAN-MW-0412."),
            ("tony", 190, "Tony's school uses a different paybill, 247247; the account is his admission number 0588."),
            ("coop", 100, "The cooperative's till for input loan repayments is 883401."),
            ("kplc", 50, "Electricity tokens: KPLC paybill 888880, meter 37104588211."),
            ("sacco", 20, "Peter's matatu SACCO collects daily contributions on till 660112."),
        ],
        "questions": [
            ("Which paybill and account number for Tony's fees?", ["tony"]),
            ("What is our KPLC meter number?", ["kplc"]),
        ],
    },
    {
        "id": "exact-15",
        "persona": "sam",
        "memories": [
            ("b0772", 60, "Steam build 13902211 is what shipped patch 0.7.2 to the default branch."),
            ("beta", 50, "Build 13902877 on the beta branch has the new undo system; two testers say it crashes on level 3-4."),
            ("hotfix", 40, "Pushed the 0.7.3 hotfix as build 13914050 — fixes save corruption on Steam Deck."),
            ("plan", 25, "0.8.0 is planned around the new water tiles, no build yet."),
            ("itch", 10, "Don't mix these up with the itch.io builds, those are named like tt-0.7.3-itch."),
        ],
        "questions": [
            ("What's in Steam build 13902877?", ["beta"]),
            ("Which build number fixed the save corruption on the Deck?", ["hotfix"]),
        ],
    },
    {
        "id": "exact-16",
        "persona": "sam",
        "memories": [
            ("godot", 300, "Project is on Godot 4.2.1 stable. Tried the 4.3 beta and the tilemap changes broke everything."),
            ("dialogic", 200, "Using the Dialogic 2.0-alpha-13 plugin for dialogue, pinned."),
            ("steamworks", 150, "Steam integration is GodotSteam 4.6, which matches Steamworks SDK 1.59."),
            ("alpha14", 90, "Dialogic alpha-14 changed the timeline format; Sam says not worth migrating before 1.0."),
            ("audio", 30, "No audio middleware, just Godot's built-in buses plus a few sfxr sounds."),
        ],
        "questions": [
            ("Which Steamworks SDK version goes with our GodotSteam?", ["steamworks"]),
            ("why aren't we on Dialogic alpha-14?", ["alpha14"]),
        ],
    },
    {
        "id": "exact-17",
        "persona": "devika",
        "memories": [
            ("m1182", 40, "MOB-1182: GST number validation fails for merchants in Goa, fix in review."),
            ("m1128", 35, "MOB-1128 is the old bank-account penny-drop ticket, closed in June."),
            ("m1812", 12, "MOB-1812 is blocked on the NSDL API sandbox — they haven't given us test credentials."),
            ("m1821", 8, "MOB-1821: copy changes on the welcome screen, the designer owns it."),
            ("board", 20, "Sprint board for the squad is MOB, sprint length two weeks."),
        ],
        "questions": [
            ("What is MOB-1812 blocked on?", ["m1812"]),
            ("status of MOB-1182?", ["m1182"]),
        ],
    },
    {
        "id": "exact-18",
        "persona": "grace",
        "memories": [
            ("nordox", 120, "Nordox 75 WG (copper oxide) for CBD: 50 g per 20 L knapsack, every 21 days during the rains."),
            ("ridomil", 110, "Ridomil Gold is for the nursery seedlings only, not the mature trees."),
            ("kocide", 100, "Some farmers use Kocide 2000 instead of Nordox; same idea, different rate — 40 g per 20 L."),
            ("karate", 90, "Karate (lambda-cyhalothrin) only if antestia bug counts go above 2 per tree."),
            ("ppe", 60, "Spraying team must wear gloves and masks, we bought new ones in March."),
        ],
        "questions": [("What's the dose and interval for Nordox 75 WG?", ["nordox"])],
    },
]
