# ruff: noqa: E501
"""constraint: a rule / restriction / standing decision must come first when the question asks
to do something it governs; distractors are topical notes on the same subject."""

SCENARIOS = [
    {
        "id": "constraint-01",
        "persona": "maren",
        "memories": [
            (
                "rule",
                300,
                "Liv is severely allergic to peanuts — she carries an EpiPen, nothing with nuts in the house.",
                {"memory_type": "constraint"},
            ),
            ("d_party", 40, "Liv's 7th birthday party is on Saturday, 12 kids coming."),
            ("d_cake", 30, "Liv wants a cake shaped like a whale for her birthday."),
            ("d_goodie", 25, "Need to buy little goodie bags for the party guests."),
            ("d_venue", 20, "The party will be at the community hall in Fana."),
        ],
        "questions": [
            ("Can you suggest snacks and treats for Liv's birthday party?", ["rule"]),
        ],
    },
    {
        "id": "constraint-02",
        "persona": "arjun",
        "memories": [
            (
                "rule",
                200,
                "Team rule: no production deploys after 4pm on Fridays or on the day before a bank holiday.",
                {"memory_type": "constraint"},
            ),
            ("d_hotfix", 10, "The payouts hotfix is ready, PR got two approvals."),
            ("d_pipeline", 100, "Deploys take about 20 minutes end to end through the pipeline."),
            ("d_holiday", 15, "Monday is a bank holiday for Kannada Rajyotsava."),
            ("d_canary", 60, "We canary new payouts builds to 10% of traffic first."),
        ],
        "questions": [
            ("It's Friday 5pm — should I go ahead and ship the payouts hotfix to prod now?", ["rule"]),
        ],
    },
    {
        "id": "constraint-03",
        "persona": "lucia",
        "memories": [
            (
                "rule",
                120,
                "We agreed: no single purchase over 1,500 euros without both Tomás and me saying yes.",
            ),
            ("d_oven", 30, "The deck oven is making weird noises, might be time for a new one."),
            ("d_quote", 20, "Got a quote for a new Tagliavini deck oven: 7,800 euros installed."),
            ("d_mixer", 200, "Our spiral mixer is a Sottoriva, bought used five years ago."),
            ("d_loan", 90, "The bank offered us a small equipment loan at 6%."),
        ],
        "questions": [
            ("Go ahead and order the new deck oven from the quote for Lucía.", ["rule"]),
        ],
        "note": "standing decision (budget / approval rule) phrased as an agreement",
    },
    {
        "id": "constraint-04",
        "persona": "kwame",
        "memories": [
            (
                "rule",
                250,
                "School policy: teachers must not contact students on WhatsApp or personal phones; all messages go through the parents or the school portal.",
                {"memory_type": "constraint"},
            ),
            ("d_group", 60, "The football team parents have a WhatsApp group that I'm in."),
            ("d_student", 15, "Kofi from form 2 missed three physics assignments."),
            ("d_portal", 100, "The school portal is clunky but it does let you attach files."),
            ("d_kofi_num", 10, "Kofi gave me his number after practice in case the match time changes."),
        ],
        "questions": [
            ("Draft a WhatsApp to Kofi reminding him about the missing assignments.", ["rule"]),
        ],
    },
    {
        "id": "constraint-05",
        "persona": "hana",
        "memories": [
            (
                "rule",
                180,
                "I don't take meetings before 10am — that's my deep work block. Please don't schedule over it.",
            ),
            ("d_vendor", 10, "The analytics vendor wants a demo call next week."),
            ("d_tz", 12, "The vendor team is in Berlin, 8 hours behind Tokyo."),
            ("d_cal", 50, "My calendar is in Google Calendar, shared with the team."),
            ("d_lunch", 90, "Lunch is usually 12:30 at my desk."),
        ],
        "questions": [
            ("Find a slot for the Berlin vendor demo; 9am Tokyo works well for them.", ["rule"]),
        ],
    },
    {
        "id": "constraint-06",
        "persona": "dan",
        "memories": [
            (
                "rule",
                150,
                "Dan is on warfarin, so no ibuprofen or aspirin — only paracetamol for pain.",
                {"memory_type": "constraint"},
            ),
            ("d_back", 10, "My back is killing me after digging the potato bed."),
            ("d_inr", 100, "INR checks are every four weeks at the health centre."),
            ("d_chemist", 60, "The chemist in Carrigaline knows me well."),
            ("d_garden", 20, "I've two more beds to dig before the frost."),
        ],
        "questions": [
            ("What can Dan take for his sore back?", ["rule"]),
            ("Dan's asking whether he can grab some Nurofen from the chemist.", ["rule"]),
        ],
        "note": "medical fact as constraint",
    },
    {
        "id": "constraint-07",
        "persona": "nadia",
        "memories": [
            (
                "rule",
                220,
                "Contract with the museum says: I can't show any of their kiosk work in my portfolio until the exhibit opens in May.",
                {"memory_type": "constraint"},
            ),
            ("d_port", 30, "I'm refreshing my portfolio site this week, it's two years out of date."),
            ("d_kiosk", 60, "The kiosk app for the museum is some of my best work honestly."),
            ("d_host", 90, "Portfolio site is built on Webflow."),
            ("d_case", 15, "A recruiter said case studies with process shots perform best."),
        ],
        "questions": [
            ("Which projects should Nadia feature as case studies on the new portfolio?", ["rule"]),
        ],
    },
    {
        "id": "constraint-08",
        "persona": "tobias",
        "memories": [
            (
                "rule",
                300,
                "Never send patient information by normal email — only through the KIM secure mail system. Datenschutz, no exceptions.",
                {"memory_type": "constraint"},
            ),
            ("d_spec", 10, "Herr Brandt's cardiology referral needs his ECG and last bloods attached."),
            ("d_cardio", 100, "Dr. Weiss at the cardiology clinic usually answers within a week."),
            ("d_email", 50, "My practice email is on Outlook and it's a mess."),
            ("d_scan", 30, "The scanner in reception creates PDFs straight to a shared folder."),
        ],
        "questions": [
            ("Email Herr Brandt's ECG and bloods over to Dr. Weiss.", ["rule"]),
        ],
        "note": "legal / data protection rule",
    },
    {
        "id": "constraint-09",
        "persona": "ines",
        "memories": [
            (
                "rule",
                160,
                "Change freeze from 15 Dec to 6 Jan for all customer-facing services — peak season for the warehouses. Only sev1 fixes with VP sign-off.",
                {"memory_type": "constraint"},
            ),
            ("d_upgrade", 20, "Want to upgrade the ingress controller, the version we're on has a CVE."),
            ("d_cve", 18, "The ingress CVE is medium severity, needs an authenticated attacker."),
            ("d_plan", 10, "I've written the upgrade plan, it's about 40 minutes of work."),
            ("d_peak", 200, "Peak volume is roughly 4x normal in December."),
        ],
        "questions": [
            ("Can we schedule the ingress controller upgrade for 20 December?", ["rule"]),
            ("Plan the ingress upgrade rollout for the week before Christmas.", ["rule"]),
        ],
    },
    {
        "id": "constraint-10",
        "persona": "maren",
        "memories": [
            (
                "rule",
                400,
                "Maren doesn't fly for work trips within Scandinavia — she's committed to train or ferry for anything under 12 hours.",
            ),
            ("d_conf", 20, "The kelp symposium is in Stockholm, 14–16 April."),
            ("d_budget", 30, "Travel budget for the project this year is 40,000 NOK."),
            ("d_hotel", 15, "Conference hotel in Stockholm is the Scandic by the central station."),
            ("d_talk", 10, "I'm giving a 15 minute talk on the second day."),
        ],
        "questions": [
            ("Book Maren's travel from Bergen to the Stockholm symposium.", ["rule"]),
        ],
    },
    {
        "id": "constraint-11",
        "persona": "arjun",
        "memories": [
            (
                "rule",
                280,
                "Compliance: card numbers (PAN) must never be logged or copied anywhere, not even in test fixtures — use the tokenised values.",
                {"memory_type": "constraint"},
            ),
            ("d_bug", 8, "The card refund flow is failing for one merchant, need to reproduce it."),
            ("d_merchant", 7, "The merchant sent a screenshot with the full card number of the failing txn."),
            ("d_fixture", 60, "Test fixtures live in testdata/ in each service."),
            ("d_logging", 100, "We use zap for structured logging."),
        ],
        "questions": [
            (
                "Write a test fixture that reproduces the failing refund using the card from the merchant's screenshot.",
                ["rule"],
            ),
        ],
    },
    {
        "id": "constraint-12",
        "persona": "lucia",
        "memories": [
            ("rule", 90, "Tomás can't have anything with sesame — he swells up. Even a trace."),
            ("d_anniv", 15, "Our 15th anniversary is on the 22nd, I want to cook something special."),
            ("d_rest", 40, "We used to go to a Lebanese place in Ruzafa for anniversaries."),
            ("d_wine", 20, "Tomás likes a good Priorat red."),
            ("d_time", 10, "We only get the evening, the bakery opens as usual the next day."),
        ],
        "questions": [
            (
                "Plan a menu for Lucía's anniversary dinner with Tomás — maybe something Middle Eastern, hummus, za'atar bread?",
                ["rule"],
            ),
        ],
    },
    {
        "id": "constraint-13",
        "persona": "kwame",
        "memories": [
            (
                "rule",
                120,
                "Monthly budget for family support: 1,500 cedis maximum, that's what I can do without touching savings.",
                {"memory_type": "decision"},
            ),
            ("d_yaw", 5, "Yaw is asking for 2,000 cedis for his shop rent."),
            ("d_school", 60, "I already pay Esi's school fees every term, 900 cedis."),
            ("d_sav", 100, "My savings are for the car, target is 40,000 cedis."),
            ("d_mum", 30, "I send Mum 400 a month for her upkeep."),
        ],
        "questions": [
            ("How much can Kwame send Yaw this month?", ["rule"]),
        ],
    },
    {
        "id": "constraint-14",
        "persona": "hana",
        "memories": [
            (
                "rule",
                200,
                "Policy from legal: we can't name customers publicly (case studies, slides, tweets) without a signed logo-use agreement. Only three have one: Tanaka Clinic, Kobe Rail Services and MiraiMart.",
                {"memory_type": "constraint"},
            ),
            ("d_deck", 10, "I'm building the deck for the SaaS Meetup talk next Thursday."),
            (
                "d_hosp",
                60,
                "The Osaka hospital group is our best success story, they cut scheduling time by 70%.",
            ),
            ("d_design", 30, "Marketing made a new slide template in Figma."),
            ("d_aud", 8, "The meetup has about 300 attendees and is livestreamed."),
        ],
        "questions": [
            ("Put together a customer logo slide for my meetup talk.", ["rule"]),
        ],
    },
    {
        "id": "constraint-15",
        "persona": "dan",
        "memories": [
            (
                "rule",
                180,
                "Maura doesn't want the grandkids on the quad bike, full stop. Not even with a helmet.",
            ),
            ("d_quad", 200, "Bought an old Honda quad for pulling the trailer around the field."),
            (
                "d_visit",
                10,
                "The grandkids are coming for the weekend, Cian is mad for anything with an engine.",
            ),
            ("d_helmet", 100, "Got a spare helmet at the car boot sale."),
            ("d_weather", 5, "Forecast is dry for Saturday for once."),
        ],
        "questions": [
            (
                "Give Dan ideas for keeping Cian entertained outdoors this weekend — could he take him out on the quad?",
                ["rule"],
            ),
        ],
    },
    {
        "id": "constraint-16",
        "persona": "nadia",
        "memories": [
            (
                "rule",
                140,
                "I only do fixed-scope projects of at least 4 weeks — no hourly 'quick fixes', it wrecks my schedule.",
                {"memory_type": "preference"},
            ),
            (
                "d_req",
                5,
                "An agency emailed asking if I can fix some button states in their app, 'maybe 3 hours'.",
            ),
            ("d_agency", 200, "That agency paid late last time, 60 days."),
            ("d_cal", 20, "I'm free from mid-February."),
            ("d_rate", 30, "Current weekly rate is 2,900."),
        ],
        "questions": [
            ("Reply to the agency's 3-hour button fix request for Nadia.", ["rule"]),
        ],
    },
    {
        "id": "constraint-17",
        "persona": "tobias",
        "memories": [
            (
                "rule",
                260,
                "Max has coeliac disease — strictly gluten-free, his school and the grandparents know.",
            ),
            ("d_cake", 12, "The twins want a joint birthday cake, chocolate, with a dinosaur on it."),
            ("d_lena", 40, "Lena wants everything pink this year, Max wants dinosaurs, we compromise."),
            ("d_baker", 30, "The bakery on Hauptstraße does custom cakes with a week's notice."),
            ("d_guests", 10, "We're expecting 16 kids for the birthday."),
        ],
        "questions": [
            ("Order the twins' birthday cake from the bakery on Hauptstraße.", ["rule"]),
        ],
    },
    {
        "id": "constraint-18",
        "persona": "ines",
        "memories": [
            (
                "rule",
                90,
                "Customer data must stay in the EU — no replicating the orders DB or its backups to us-east or anywhere outside the EU.",
                {"memory_type": "constraint"},
            ),
            ("d_dr", 15, "We need a disaster recovery region for the orders database."),
            ("d_cost", 12, "us-east-1 is about 20% cheaper for the DR storage."),
            ("d_primary", 200, "Orders DB primary is in eu-west-1 (Ireland)."),
            ("d_rto", 60, "Target RTO for orders is 1 hour, RPO 5 minutes."),
        ],
        "questions": [
            ("Pick a DR region for the orders database — cheapest option please.", ["rule"]),
            ("Set up cross-region backup replication for orders to Virginia.", ["rule"]),
        ],
        "note": "legal / residency limit",
    },
    {
        "id": "constraint-19",
        "persona": "maren",
        "memories": [
            (
                "rule",
                320,
                "Permit condition: we may only collect kelp samples between 1 April and 30 September, and never more than 20 plants per site.",
                {"memory_type": "constraint"},
            ),
            ("d_site", 30, "New sampling site at Austevoll looks promising, dense canopy."),
            ("d_student", 25, "Sigrid (master's student) needs 50 plants for her genetics work."),
            ("d_boat", 20, "We can borrow the small RIB from the aquaculture lab in November."),
            ("d_lab", 10, "Freezer space in the lab is tight until January."),
        ],
        "questions": [
            ("Plan a November collection trip to Austevoll to get Sigrid her 50 kelp plants.", ["rule"]),
        ],
    },
    {
        "id": "constraint-20",
        "persona": "arjun",
        "memories": [
            (
                "rule",
                60,
                "We've decided: no new third-party SaaS tools without a security review from the infosec team first.",
                {"memory_type": "decision"},
            ),
            ("d_tool", 6, "Found a neat hosted feature-flag service, free tier covers us."),
            ("d_flags", 100, "Right now feature flags are env variables, which is painful."),
            ("d_team", 30, "The team voted for better feature flags in the retro."),
            ("d_card", 15, "I have a company card for small purchases under 10k."),
        ],
        "questions": [
            (
                "Sign us up for that hosted feature-flag service and wire it into the payouts service.",
                ["rule"],
            ),
        ],
    },
    {
        "id": "constraint-21",
        "persona": "lucia",
        "memories": [
            (
                "rule",
                240,
                "Labour inspection warned us: Carla is 17, so she can't work before 6am or after 10pm, and no more than 8 hours a day.",
                {"memory_type": "constraint"},
            ),
            ("d_rota", 10, "Next week's rota: I need someone to open at 5am on Saturday."),
            ("d_carla", 20, "Carla is great on the counter, customers love her."),
            ("d_pay", 60, "Carla gets 9.50 an hour."),
            ("d_xmas", 5, "Christmas week we'll need extra hours from everyone."),
        ],
        "questions": [
            ("Put Carla on the 5am Saturday opening shift next week.", ["rule"]),
        ],
        "note": "legal limit",
    },
    {
        "id": "constraint-22",
        "persona": "kwame",
        "memories": [
            (
                "rule",
                160,
                "After the heatstroke incident the head said: no football training between 12 and 3pm, and water breaks every 15 minutes.",
            ),
            ("d_match", 10, "Big match against Achimota on the 28th."),
            (
                "d_pitch",
                50,
                "We only get the pitch from 1pm on Saturdays, the juniors have it in the morning.",
            ),
            ("d_squad", 30, "The squad needs work on set pieces."),
            ("d_kit", 15, "New kit arrives on Friday."),
        ],
        "questions": [
            (
                "Schedule an extra Saturday training session on set pieces before the Achimota match.",
                ["rule"],
            ),
        ],
    },
    {
        "id": "constraint-23",
        "persona": "hana",
        "memories": [
            (
                "rule",
                100,
                "Mochi is on a prescription kidney diet — no treats, no fish flakes, nothing except the Renal food from the vet.",
                {"memory_type": "constraint"},
            ),
            ("d_sitter", 10, "Yui will cat-sit Mochi while I'm in Singapore next week."),
            ("d_toy", 60, "Mochi's favourite toy is a crinkly paper bag."),
            ("d_vet", 40, "Vet is Dr. Ono in Ebisu, open till 7."),
            ("d_schedule", 20, "Mochi eats at 7am and 7pm."),
        ],
        "questions": [
            (
                "Write cat-sitting instructions for Yui, including what Mochi can be given as a treat.",
                ["rule"],
            ),
            ("Yui wants to give Mochi some tuna as a reward, is that ok?", ["rule"]),
        ],
    },
    {
        "id": "constraint-24",
        "persona": "dan",
        "memories": [
            (
                "rule",
                70,
                "We're keeping Christmas presents for the grandkids to 50 euro each, no more — promised our daughter, she doesn't want them spoiled.",
                {"memory_type": "decision"},
            ),
            ("d_cian", 20, "Cian wants a remote-control monster truck."),
            ("d_price", 15, "The good RC truck in Smyths is 89 euro."),
            ("d_aoife", 18, "Aoife is into art, she'd love a proper paint set."),
            ("d_baby", 10, "The baby is too small to care, sure."),
        ],
        "questions": [
            ("Should Dan get Cian the 89 euro monster truck for Christmas?", ["rule"]),
        ],
    },
    {
        "id": "constraint-25",
        "persona": "nadia",
        "memories": [
            (
                "rule",
                180,
                "Accessibility is non-negotiable on my projects: all text must pass WCAG AA contrast, 4.5:1 for body copy.",
                {"memory_type": "preference"},
            ),
            ("d_brand", 12, "The museum's brand colours are a pale grey #B8B8B8 and cream #F5F0E6."),
            ("d_font", 30, "They use a thin serif for headings."),
            ("d_screen", 40, "The kiosks are 32-inch touchscreens in a dim gallery."),
            ("d_feedback", 5, "Curator wants the body text in their light grey on cream, 'elegant'."),
        ],
        "questions": [
            ("Apply the curator's colour request to the kiosk body text.", ["rule"]),
        ],
    },
    {
        "id": "constraint-26",
        "persona": "tobias",
        "memories": [
            (
                "rule",
                110,
                "I promised Katrin: no work calls during dinner, 18:30 to 19:30, phone stays in the hall.",
            ),
            ("d_lab", 5, "The lab will call back with Frau Koch's potassium result this evening."),
            ("d_koch", 6, "Frau Koch's potassium was borderline high on Monday."),
            ("d_phone", 60, "The practice forwards urgent lab results to my mobile after hours."),
            ("d_dinner", 30, "Dinner is usually at half six because of the twins."),
        ],
        "questions": [
            ("Set a reminder for Tobias to phone the lab at 7pm for Frau Koch's potassium.", ["rule"]),
        ],
    },
    {
        "id": "constraint-27",
        "persona": "ines",
        "memories": [
            (
                "rule",
                75,
                "Every prod change needs a second engineer's approval in the change log — no self-approving, even at 3am.",
                {"memory_type": "constraint"},
            ),
            ("d_incident", 1, "Queue consumers are stuck, backlog is at 200k messages."),
            ("d_fix", 1, "Restarting the consumer deployment with a higher memory limit should clear it."),
            ("d_alone", 1, "It's 3am and I'm the only one awake on the team."),
            ("d_mem", 40, "Consumers run with a 512Mi memory limit."),
        ],
        "questions": [
            (
                "Go ahead and bump the consumer memory limit and roll it out — I'll approve it myself.",
                ["rule"],
            ),
        ],
    },
]
