# ruff: noqa: E501
"""constraint: a rule / restriction / standing decision must surface when the question is about doing
something it governs (without naming the rule); distractors are topical notes on the same subject."""

C = {"memory_type": "constraint"}
D = {"memory_type": "decision"}
P = {"memory_type": "preference"}

SCENARIOS = [
    {
        "id": "constraint-01",
        "persona": "kenji",
        "memories": [
            (
                "rule",
                300,
                "No production deploys on Fridays or the day before a Japanese public holiday. Team agreement after the Golden Week incident.",
                C,
            ),
            (
                "d_pipeline",
                200,
                "Deploys go through the GitHub Actions 'release' workflow, needs two approvals.",
            ),
            ("d_canary", 150, "Canary runs for 30 minutes on 5% of traffic before full rollout."),
            ("d_last", 20, "Kenji deployed payments-svc v4.12 on Tuesday, went smoothly."),
            ("d_hotfix", 60, "Hotfix branch naming: hotfix/<ticket-id>."),
        ],
        "questions": [
            ("It's Friday afternoon and the refund fix is merged — can I ship it to prod now?", ["rule"])
        ],
    },
    {
        "id": "constraint-02",
        "persona": "maria",
        "memories": [
            (
                "allergy",
                400,
                "Maria is allergic to cashews and pistachios — anaphylaxis, carries an EpiPen.",
                C,
            ),
            ("d_fav", 300, "Maria's favourite dessert is pastel de nata from Manteigaria."),
            ("d_restaurant", 200, "She likes the Indian place on Rua de Arroios."),
            ("d_baking", 100, "Maria has been baking focaccia on weekends."),
            ("d_team_lunch", 50, "The studio orders team lunch on the last Friday of each month."),
        ],
        "questions": [
            ("Order a korma and some baklava for Maria's lunch meeting?", ["allergy"]),
            ("What snacks should I put out for Maria at the workshop?", ["allergy"]),
        ],
    },
    {
        "id": "constraint-03",
        "persona": "priya",
        "memories": [
            (
                "policy",
                250,
                "Company policy: customers are never contacted directly by PMs about pricing — all pricing conversations go through the account manager.",
                C,
            ),
            ("d_acme", 200, "Acme Logistics is our biggest invoicing customer, ~4k invoices/month."),
            ("d_am", 180, "Acme's account manager is Neha Kapoor."),
            ("d_churn", 60, "Acme complained about the per-invoice price in their QBR."),
            ("d_pricing", 40, "New pricing tiers are being finalised by the revenue team."),
        ],
        "questions": [
            ("Draft an email from Priya to Acme's CFO offering them a discount on the new tiers.", ["policy"])
        ],
    },
    {
        "id": "constraint-04",
        "persona": "erik",
        "memories": [
            ("warfarin", 350, "Erik is on warfarin — no ibuprofen or aspirin, paracetamol only for pain.", C),
            ("d_knee", 100, "Erik's knee aches after long walks."),
            ("d_pharmacy", 300, "He uses Apotek Hjärtat in Gränby."),
            ("d_inr", 200, "INR checks every four weeks at the health centre."),
        ],
        "questions": [
            (
                "Erik's knee is sore after the hike — what over-the-counter painkiller should he take?",
                ["warfarin"],
            ),
            ("Pick up some Ipren for Erik from the pharmacy?", ["warfarin"]),
        ],
    },
    {
        "id": "constraint-05",
        "persona": "jordan",
        "memories": [
            (
                "budget",
                120,
                "Jordan's hard cap on gear spending this year is $1,500 total — already spent $1,100 on the new SSDs and a monitor calibrator.",
                C,
            ),
            ("d_wish", 100, "Jordan has been eyeing a Blackmagic Speed Editor keyboard ($395)."),
            ("d_mic", 200, "Their mic is a Shure SM7B."),
            ("d_ssd", 110, "Bought two Samsung T9 4TB SSDs."),
            ("d_sale", 10, "B&H has a Black Friday sale on editing hardware."),
        ],
        "questions": [("Should I go ahead and order the Speed Editor for Jordan in the sale?", ["budget"])],
    },
    {
        "id": "constraint-06",
        "persona": "amara",
        "memories": [
            (
                "sabbath",
                500,
                "Amara doesn't work or schedule anything non-church on Sunday mornings — family rule, church until 1pm.",
                P,
            ),
            ("d_sunday_lunch", 400, "Sunday lunch at her aunt's house in Moss Side every couple of weeks."),
            ("d_run", 200, "Her long runs are on Saturday now."),
            ("d_friend", 100, "Her friend Tolu wants to catch up soon."),
        ],
        "questions": [
            ("Tolu suggested brunch at 10:30 this Sunday — can I put that in Amara's diary?", ["sabbath"])
        ],
    },
    {
        "id": "constraint-07",
        "persona": "lucas",
        "memories": [
            (
                "legal",
                300,
                "Municipal rule for the bakery's sidewalk: max 2 tables, nothing after 22h, and the permit is for the Av. Corrientes side only.",
                C,
            ),
            ("d_tables", 250, "Lucas bought four folding tables for the sidewalk."),
            ("d_summer", 100, "Summer evenings are busy with people getting ice cream next door."),
            ("d_permit", 280, "Sidewalk permit renewal is due every February."),
        ],
        "questions": [
            (
                "Could Lucas put out four tables on the side street for a late-night event on Saturday?",
                ["legal"],
            )
        ],
    },
    {
        "id": "constraint-08",
        "persona": "fatima",
        "memories": [
            (
                "permit",
                200,
                "Posidonia is protected in France: Fatima's sampling permit allows max 20 shoots per site per year and only within the Calanques park zones listed in the authorisation.",
                C,
            ),
            ("d_sites", 150, "Her sites are Morgiou, Sormiou and Riou island."),
            ("d_method", 300, "She measures rhizome carbon content with an elemental analyser."),
            ("d_want", 30, "Fatima wants more replicates to tighten the confidence intervals."),
            ("d_cassis", 20, "Someone mentioned a dense meadow off Cassis."),
        ],
        "questions": [
            (
                "Plan a sampling day where Fatima collects 40 shoots off Cassis to boost her replicates.",
                ["permit"],
            )
        ],
    },
    {
        "id": "constraint-09",
        "persona": "kenji",
        "memories": [
            (
                "pii",
                400,
                "Never paste production customer data (names, card numbers, account IDs) into external tools or chat assistants — compliance rule at Kenji's company.",
                C,
            ),
            ("d_bug", 10, "There's a bug where refunds fail for accounts with non-ASCII names."),
            ("d_logs", 30, "Kenji exported a CSV of failing refund rows from prod to investigate."),
            ("d_ai", 200, "Kenji uses an AI assistant for writing Go tests."),
        ],
        "questions": [
            (
                "Can Kenji just upload that refund CSV here so we can debug the non-ASCII issue together?",
                ["pii"],
            )
        ],
    },
    {
        "id": "constraint-10",
        "persona": "priya",
        "memories": [
            (
                "diet",
                500,
                "Priya is strictly vegetarian, no eggs either; her mother is Jain so nothing with onion or garlic when she's hosting at home.",
                C,
            ),
            ("d_fav", 400, "Priya loves bisi bele bath."),
            ("d_caterer", 300, "The office uses Fresh Menu for team lunches."),
            ("d_guests", 20, "Priya is hosting her team at home next Saturday."),
        ],
        "questions": [("Suggest a menu for the team dinner Priya is hosting at her place.", ["diet"])],
    },
    {
        "id": "constraint-11",
        "persona": "maria",
        "memories": [
            (
                "fonts",
                300,
                "Agency rule: only use fonts we hold a commercial licence for (list in the shared drive) — no free downloads from random sites on client work.",
                C,
            ),
            ("d_brand", 200, "The telecom pitch needs a friendly geometric sans."),
            ("d_fav", 150, "Maria loves Söhne and GT Walsheim."),
            ("d_gfonts", 100, "Maria found a nice free font on a font aggregator site."),
        ],
        "questions": [
            ("Grab that nice free font Maria found and drop it into the telecom pitch deck?", ["fonts"])
        ],
    },
    {
        "id": "constraint-12",
        "persona": "erik",
        "memories": [
            (
                "driving",
                60,
                "After the eye exam, Erik isn't allowed to drive after dark until the cataract operation.",
                C,
            ),
            ("d_concert", 30, "Erik has tickets for a concert at Uppsala Konsert & Kongress, starts 19:30."),
            ("d_car", 200, "Erik's car is parked at home in the driveway."),
            ("d_op", 50, "Cataract operation scheduled for February."),
            ("d_bus", 300, "Bus 3 goes from near his house to the centre."),
        ],
        "questions": [("How should Erik get to the evening concert — drive himself?", ["driving"])],
    },
    {
        "id": "constraint-13",
        "persona": "jordan",
        "memories": [
            (
                "nda",
                200,
                "Everything for the Sunward Coffee rebrand is under NDA until their launch on the 15th — nothing public, not even teasers.",
                C,
            ),
            ("d_reel", 100, "Jordan updates their showreel every quarter."),
            ("d_proud", 40, "Jordan is really proud of the Sunward launch video's opening shot."),
            ("d_ig", 300, "Jordan posts work-in-progress clips on Instagram stories."),
        ],
        "questions": [
            ("Post a 10-second teaser of the Sunward video on Jordan's Instagram story today?", ["nda"])
        ],
    },
    {
        "id": "constraint-14",
        "persona": "amara",
        "memories": [
            (
                "money",
                90,
                "Amara has decided: no spending over £50 on anything non-essential until the house deposit hits £10k.",
                D,
            ),
            ("d_deposit", 30, "Deposit savings at £7,400."),
            ("d_concert", 20, "Burna Boy is playing Co-op Live; tickets are £85."),
            ("d_friends", 15, "Her friends are all going to the Burna Boy show."),
        ],
        "questions": [("Should I buy Amara a Burna Boy ticket before they sell out?", ["money"])],
    },
    {
        "id": "constraint-15",
        "persona": "lucas",
        "memories": [
            (
                "sofia",
                250,
                "Lucas: any purchase for the bakery above 200 mil pesos, Sofía has to OK it first. Acuerdo entre nosotros.",
                D,
            ),
            (
                "d_oven",
                60,
                "The deck oven is making a weird noise, a technician quoted 1.2 million for a replacement part.",
            ),
            ("d_supplier", 200, "Equipment supplier is Hornos Pampa."),
            ("d_sofia_trip", 5, "Sofía is visiting her sister in Córdoba this week."),
        ],
        "questions": [("Can I confirm the oven part order with the technician today for Lucas?", ["sofia"])],
    },
    {
        "id": "constraint-16",
        "persona": "fatima",
        "memories": [
            ("halal", 600, "Fatima eats halal — no pork, no alcohol in cooking either.", C),
            ("d_conf", 30, "Fatima is going to a conference dinner in Naples."),
            ("d_italy", 200, "She loves Italian food, especially seafood pasta."),
            ("d_group", 20, "The conference organisers asked for meal preferences by Friday."),
        ],
        "questions": [
            ("Fill in Fatima's meal preference for the Naples conference dinner — carbonara ok?", ["halal"])
        ],
    },
    {
        "id": "constraint-17",
        "persona": "kenji",
        "memories": [
            (
                "pref",
                300,
                "Kenji doesn't want meetings before 10am — he does school drop-off and deep work until then.",
                P,
            ),
            ("d_vendor", 15, "A vendor (CardLink) wants to demo their fraud API next week."),
            ("d_tz", 200, "Most vendors are in Singapore, one hour behind Osaka."),
            ("d_cal", 100, "Kenji's calendar is mostly free on Wednesdays."),
        ],
        "questions": [("Book the CardLink demo with Kenji for 9am Wednesday?", ["pref"])],
    },
    {
        "id": "constraint-18",
        "persona": "priya",
        "memories": [
            (
                "travel",
                200,
                "Travel policy: economy only for flights under 6 hours, book at least 14 days ahead, hotels capped at ₹9,000/night in metros.",
                C,
            ),
            ("d_trip", 10, "Priya needs to be in Mumbai next Thursday for a customer workshop."),
            ("d_hotel", 300, "Priya likes the Trident in BKC."),
            ("d_airline", 250, "She usually flies IndiGo."),
        ],
        "questions": [
            ("Book Priya a business-class flight to Mumbai and the Trident for next Thursday.", ["travel"])
        ],
    },
    {
        "id": "constraint-19",
        "persona": "maria",
        "memories": [
            (
                "dog",
                300,
                "Bolacha (Maria's dog) is reactive to other dogs — she's asked that nobody takes him to dog parks or off-lead areas.",
                C,
            ),
            ("d_walker", 50, "Maria found a dog walker, Inês, for the days she's in the office."),
            ("d_park", 200, "There's a big off-leash dog park at Parque da Cidade."),
            ("d_vet", 100, "Bolacha's vet is in Boavista."),
        ],
        "questions": [
            (
                "Write instructions for Inês for Bolacha's walk on Tuesday — could she take him to Parque da Cidade to run around?",
                ["dog"],
            )
        ],
    },
    {
        "id": "constraint-20",
        "persona": "erik",
        "memories": [
            (
                "fire",
                150,
                "Fire ban (eldningsförbud) in Uppsala county until further notice — no open fires or grilling with charcoal outdoors.",
                C,
            ),
            ("d_bbq", 200, "Erik has a Weber charcoal grill."),
            ("d_grandkids", 10, "The grandchildren are coming on Saturday and want sausages on the grill."),
            ("d_midsummer", 400, "Erik always grills at midsummer."),
        ],
        "questions": [
            (
                "Plan Saturday's barbecue with the grandkids at Erik's — fire up the Weber in the afternoon?",
                ["fire"],
            )
        ],
    },
    {
        "id": "constraint-21",
        "persona": "jordan",
        "memories": [
            (
                "music",
                300,
                "Only use tracks from Jordan's Musicbed licence in client deliverables; no commercial pop tracks, they get content-ID claimed.",
                C,
            ),
            ("d_client", 20, "The skate shop client wants something energetic for their promo."),
            ("d_idea", 15, "Jordan thought a Beastie Boys track would be perfect for the skate promo."),
            ("d_musicbed", 200, "Musicbed licence renews in April."),
        ],
        "questions": [("Lay 'Sabotage' under the skate shop promo and export it?", ["music"])],
    },
    {
        "id": "constraint-22",
        "persona": "amara",
        "memories": [
            ("latex", 600, "Amara has a latex allergy — contact dermatitis, gets hives.", C),
            ("d_party", 10, "Amara is organising the ward's Christmas party decorations."),
            ("d_theme", 8, "Theme is 'winter wonderland', lots of white and silver."),
            ("d_gloves", 500, "She uses nitrile gloves at work."),
        ],
        "questions": [("Order 200 silver balloons for the ward party Amara is setting up?", ["latex"])],
        "note": "balloons usually latex; rule stated as medical fact",
    },
    {
        "id": "constraint-23",
        "persona": "lucas",
        "memories": [
            (
                "labels",
                200,
                "Ley de etiquetado: any packaged product we sell has to carry the black warning octagons if it's high in sugar or fat. Lucas got fined once.",
                C,
            ),
            ("d_alfajores", 100, "Lucas wants to sell boxed alfajores to a corner shop."),
            ("d_printer", 150, "Labels are printed at a print shop on Av. Rivadavia."),
            ("d_recipe", 90, "The alfajor recipe uses dulce de leche and a chocolate coating."),
        ],
        "questions": [
            ("Design the label for the boxed alfajores Lucas wants to sell at the kiosco.", ["labels"])
        ],
    },
    {
        "id": "constraint-24",
        "persona": "fatima",
        "memories": [
            (
                "diving",
                100,
                "Lab safety rule: no diving alone and never more than two dives a day; Fatima's dive buddy must be on the lab's certified list.",
                C,
            ),
            ("d_weather", 5, "Forecast is perfect for Thursday, flat sea."),
            ("d_julien", 10, "Julien (her usual buddy) is at a conference in Bergen this week."),
            ("d_samples", 3, "Fatima is behind on winter samples and wants three dives at Riou."),
        ],
        "questions": [
            (
                "Schedule three dives at Riou for Fatima on Thursday; she can go by herself since Julien's away.",
                ["diving"],
            )
        ],
    },
    {
        "id": "constraint-25",
        "persona": "priya",
        "memories": [
            (
                "freeze",
                60,
                "Code freeze for all customer-facing changes from 15 Dec to 5 Jan — year-end invoicing period, decided by the CTO.",
                D,
            ),
            ("d_feature", 20, "The bulk-edit feature for invoice line items is ready for release."),
            ("d_ask", 10, "Acme wants bulk-edit before the end of December."),
            ("d_release", 200, "Releases happen every second Tuesday."),
        ],
        "questions": [("Acme is pushing — can we ship bulk-edit to them on 20 December?", ["freeze"])],
    },
    {
        "id": "constraint-26",
        "persona": "kenji",
        "memories": [
            (
                "screen",
                150,
                "Rule at home: the kids get max 1 hour of screen time on school days, and none after 8pm.",
                C,
            ),
            ("d_game", 20, "Hana wants the new Pokémon game."),
            ("d_switch", 300, "The Switch is in the living room."),
            ("d_movie", 5, "There's a new Ghibli re-release on Netflix."),
        ],
        "questions": [
            (
                "Hana asked if she can watch the Ghibli movie tonight after dinner at 8:30, it's a Tuesday — what should I tell her?",
                ["screen"],
            )
        ],
    },
    {
        "id": "constraint-27",
        "persona": "jordan",
        "memories": [
            (
                "backup",
                400,
                "Jordan's rule for client footage: never delete originals until 90 days after final delivery, and always keep two copies on separate drives.",
                C,
            ),
            ("d_space", 5, "The main RAID is 96% full."),
            ("d_delivered", 30, "Sunward final was delivered a month ago."),
            ("d_drives", 200, "Archive drives are on the shelf labelled by year."),
        ],
        "questions": [("Free up space on the RAID by wiping the Sunward raw footage?", ["backup"])],
    },
]
