# ruff: noqa: E501
"""negation: a later memory says something stopped / is no longer true after an earlier positive one."""

SCENARIOS = [
    {
        "id": "negation-01",
        "persona": "maren",
        "memories": [
            ("pos", 400, "Jonas and I eat fish almost every day, it's the one perk of living on the coast."),
            ("neg", 50, "Jonas has gone fully vegan since the summer, so no more fish dinners for him."),
            ("d_market", 300, "The fish market at Torget is overpriced, we buy from the boat at Fjellsund."),
            ("d_recipe", 200, "My go-to is baked cod with brown butter and capers."),
            ("d_liv", 100, "Liv will only eat fish if it's shaped like a finger."),
        ],
        "questions": [
            ("Maren wants to cook salmon for Jonas on Friday — good idea?", ["neg"]),
            ("Does Jonas eat fish?", ["neg"]),
        ],
    },
    {
        "id": "negation-02",
        "persona": "arjun",
        "memories": [
            ("pos", 500, "All our CI runs on Jenkins, the box is under Vikram's desk practically."),
            (
                "neg",
                60,
                "Jenkins is finally dead. We shut it down last week, every pipeline is on GitHub Actions.",
            ),
            ("d_flaky", 300, "The integration tests are flaky on CI about one run in ten."),
            ("d_cache", 150, "Go module cache on CI saves us about four minutes a build."),
            ("d_secrets", 90, "CI secrets are pulled from Vault at job start."),
        ],
        "questions": [
            ("Where should Arjun add a new build job for the reconciliation service?", ["neg"]),
            ("Do we still maintain a Jenkins server?", ["neg"]),
        ],
    },
    {
        "id": "negation-03",
        "persona": "lucia",
        "memories": [
            ("pos", 600, "On Sundays we open from 8 to 14."),
            ("neg", 30, "We've stopped opening on Sundays — Tomás and I need one day with the kids."),
            ("d_sat", 400, "Saturday is the busiest day, there's a queue out the door by 9."),
            ("d_hol", 200, "We close for two weeks in August like everyone in Valencia."),
            ("d_sign", 25, "I need a new sign for the door with the opening hours."),
        ],
        "questions": [
            ("A customer asks if they can pick up a cake on Sunday morning — what do I tell them?", ["neg"]),
        ],
    },
    {
        "id": "negation-04",
        "persona": "kwame",
        "memories": [
            ("pos", 450, "I take my blood pressure pills, amlodipine, every morning."),
            (
                "neg",
                40,
                "Doctor took me off the amlodipine — the BP has been fine since I lost weight. Just monitoring now.",
            ),
            ("d_bp", 300, "My blood pressure was 150/95 at the last check, too high."),
            ("d_salt", 200, "Trying to cut down on salt, my mother's soups are the hard part."),
            ("d_walk", 100, "I walk 5 km most evenings after football practice."),
        ],
        "questions": [
            ("Should I remind Kwame to take his blood pressure medication?", ["neg"]),
        ],
    },
    {
        "id": "negation-05",
        "persona": "hana",
        "memories": [
            ("pos", 380, "Hana is doing a Tuesday evening pottery class in Nakameguro."),
            ("neg", 22, "I quit pottery, the studio changed owners and it wasn't fun anymore."),
            ("d_bowl", 250, "I made a lopsided bowl that Mochi now sleeps in."),
            ("d_kiln", 150, "The kiln firing takes a week so you only see your pieces much later."),
            ("d_friend", 60, "My friend Yui still goes to a ceramics studio in Kichijoji."),
        ],
        "questions": [
            ("Can Hana take a 7pm call next Tuesday or does she have a class?", ["neg"]),
        ],
    },
    {
        "id": "negation-06",
        "persona": "dan",
        "memories": [
            ("pos", 500, "Dan's a pint of Guinness man, two on a Friday at Murphy's."),
            ("neg", 70, "I'm off the drink altogether since the heart scare, not even the Friday pint."),
            ("d_pub", 400, "Murphy's does a great toasted special on a Friday."),
            ("d_friends", 200, "The lads from the station still meet up in Murphy's on Fridays."),
            ("d_cardio", 60, "Cardiologist wants to see me again in six months."),
        ],
        "questions": [
            ("What should I suggest Dan orders at the pub on Friday?", ["neg"]),
        ],
    },
    {
        "id": "negation-07",
        "persona": "nadia",
        "memories": [
            ("pos", 420, "Nadia does all her accounting in QuickBooks."),
            (
                "neg",
                35,
                "Cancelled QuickBooks, way too expensive for one person. I'm just using Wave and a spreadsheet.",
            ),
            ("d_acct", 300, "My accountant, Louis, does my year-end taxes in April."),
            ("d_receipts", 150, "I photograph receipts and dump them in a Google Drive folder."),
            ("d_expense", 60, "The new monitor was a business expense, 780 dollars."),
        ],
        "questions": [
            ("Is Nadia still paying for QuickBooks?", ["neg"]),
        ],
    },
    {
        "id": "negation-08",
        "persona": "tobias",
        "memories": [
            ("pos", 350, "We take private patients and statutory (GKV) patients."),
            (
                "neg",
                45,
                "Ab Januar keine neuen Privatpatienten — we just don't have the capacity. Existing ones stay.",
            ),
            ("d_billing", 300, "Private billing goes through the PVS clearing house."),
            ("d_wait", 200, "The waiting list for new patients is about six weeks."),
            ("d_gkv", 100, "Statutory patients need to bring their Versichertenkarte each quarter."),
        ],
        "questions": [
            (
                "Someone with private insurance wants to register as a new patient at Tobias's practice in February. Can they?",
                ["neg"],
            ),
        ],
        "note": "negation phrased partly in German",
    },
    {
        "id": "negation-09",
        "persona": "ines",
        "memories": [
            ("pos", 400, "We do blue/green deploys for the routing service."),
            (
                "neg",
                28,
                "Not doing blue/green for routing anymore — too costly to run two fleets. It's plain rolling updates with a canary at 5%.",
            ),
            ("d_rollback", 250, "Rollback for routing used to take under a minute."),
            ("d_routes", 150, "The routing service computes truck routes for about 3,000 drivers."),
            ("d_window", 90, "Routing deploys are only allowed before 11:00 Lisbon time."),
        ],
        "questions": [
            ("What's the deploy strategy for the routing service?", ["neg"]),
        ],
    },
    {
        "id": "negation-10",
        "persona": "maren",
        "memories": [
            ("pos", 300, "Maren is on the institute's diving safety committee."),
            (
                "neg",
                25,
                "I stepped down from the dive safety committee, too much admin. Kristoffer took my seat.",
            ),
            ("d_rules", 250, "Committee rule: no solo diving, ever, even in the harbour."),
            ("d_meet", 200, "The dive committee meets the first Monday of each month."),
            ("d_cert", 100, "My commercial diver certificate needs renewing in spring."),
        ],
        "questions": [
            ("Should Maren be invited to next month's dive safety committee meeting?", ["neg"]),
        ],
    },
    {
        "id": "negation-11",
        "persona": "arjun",
        "memories": [
            ("pos", 365, "Kavya and I play badminton every Sunday morning at the club."),
            (
                "neg",
                55,
                "haven't been to badminton since Kavya's shoulder surgery, we cancelled the club membership too",
            ),
            ("d_club", 300, "The badminton club is in HSR Layout, courts are 400 an hour."),
            ("d_rack", 150, "Bought a new Yonex racket, way too expensive for how I play."),
            ("d_surg", 70, "Kavya's shoulder surgery is scheduled for the 4th."),
        ],
        "questions": [
            ("Is Arjun free on Sunday morning or does he have badminton?", ["neg"]),
        ],
    },
    {
        "id": "negation-12",
        "persona": "lucia",
        "memories": [
            ("pos", 500, "We deliver bread to three restaurants in Russafa every morning."),
            (
                "neg",
                40,
                "Casa Vicente closed, and we dropped the other two — the early deliveries were killing Tomás. No more wholesale.",
            ),
            ("d_van", 300, "The delivery van is a 2015 Citroën Berlingo."),
            ("d_invoice", 200, "Restaurants paid us monthly by bank transfer."),
            ("d_van2", 30, "Maybe we sell the van, we barely use it now."),
        ],
        "questions": [
            (
                "A new restaurant wants daily bread delivered from Lucía's bakery — is that something they offer?",
                ["neg"],
            ),
        ],
    },
    {
        "id": "negation-13",
        "persona": "kwame",
        "memories": [
            ("pos", 600, "Kwame's mother lives with him in East Legon."),
            (
                "neg",
                30,
                "Mum has moved back to Kumasi to be near her sisters. The house is very quiet without her.",
            ),
            ("d_food", 400, "Mum cooks light soup with goat on Sundays."),
            ("d_health", 200, "Mum's knees are bad, she can't do stairs."),
            ("d_visit", 20, "I'll drive up to see her at the end of term."),
        ],
        "questions": [
            ("Does Kwame's mother still live with him?", ["neg"]),
            ("Who lives at Kwame's house in East Legon besides him?", ["neg"]),
        ],
    },
    {
        "id": "negation-14",
        "persona": "hana",
        "memories": [
            ("pos", 300, "Our biggest customer is Sakura Logistics, about 900 seats."),
            (
                "neg",
                15,
                "Sakura Logistics churned. They went with an in-house tool; contract ends this month and they won't renew.",
            ),
            ("d_sakura", 200, "Sakura Logistics asked for an SSO integration with Okta."),
            ("d_second", 100, "Second biggest customer is a hospital group in Osaka, 600 seats."),
            ("d_qbr", 50, "QBR deck for top customers due next week."),
        ],
        "questions": [
            ("Should I put Sakura Logistics in the renewal forecast for next year?", ["neg"]),
        ],
    },
    {
        "id": "negation-15",
        "persona": "dan",
        "memories": [
            ("pos", 400, "Dan volunteers with the local coast guard unit as a shore crew member."),
            ("neg", 80, "Told the coast guard I'm finished. The knee won't take the cliff paths anymore."),
            ("d_pager", 300, "The coast guard pager goes off at all hours, herself hates it."),
            ("d_train", 200, "Coast guard training is Wednesday nights in Crosshaven."),
            ("d_award", 150, "Got a certificate for 10 years' volunteer service."),
        ],
        "questions": [
            ("Is Dan around on Wednesday evenings or does he have training?", ["neg"]),
        ],
    },
    {
        "id": "negation-16",
        "persona": "nadia",
        "memories": [
            ("pos", 380, "Nadia has a coworking desk at Crew Collective in Old Montreal."),
            ("neg", 50, "Gave up the coworking desk, I work from home now — the commute wasn't worth it."),
            ("d_coffee", 300, "The coffee at Crew is great but 5 dollars a cup."),
            ("d_meet", 200, "I meet clients in the coworking meeting rooms when they want in-person."),
            ("d_desk", 30, "Need a better chair for the home office."),
        ],
        "questions": [
            ("Where should a client come to meet Nadia in person?", ["neg"]),
        ],
    },
    {
        "id": "negation-17",
        "persona": "tobias",
        "memories": [
            ("pos", 500, "I drink about five coffees a day, it's how the practice runs."),
            (
                "neg",
                60,
                "The cardiologist friend scolded me, so I've cut coffee out completely. Herbal tea, sad but true.",
            ),
            ("d_machine", 400, "The espresso machine at the practice is a Rancilio we bought used."),
            ("d_sleep", 200, "I sleep badly when I'm on the weekend emergency rota."),
            ("d_sunday", 150, "Sunday journals with a big coffee are my favourite hour of the week."),
        ],
        "questions": [
            ("I'm getting Tobias a drink before the meeting — should I grab him an espresso?", ["neg"]),
        ],
        "note": "conflicting background about Sunday coffee exists in persona; newest says stopped",
    },
    {
        "id": "negation-18",
        "persona": "ines",
        "memories": [
            ("pos", 450, "Logs go to Elasticsearch, we self-host a 9-node cluster."),
            (
                "neg",
                20,
                "The self-hosted Elasticsearch is decommissioned as of Monday. Logs are in Loki now, don't go looking in Kibana.",
            ),
            ("d_ret", 300, "Log retention is 30 days for app logs, 1 year for audit."),
            ("d_cost", 200, "The Elastic cluster cost us about 6k a month in EC2."),
            ("d_query", 100, "Most people just grep for the request ID when debugging."),
        ],
        "questions": [
            ("Where do I look up the logs for yesterday's failed shipment request?", ["neg"]),
        ],
    },
    {
        "id": "negation-19",
        "persona": "maren",
        "memories": [
            ("pos", 600, "Maren is a vegetarian."),
            (
                "neg",
                90,
                "I'm not vegetarian anymore, I started eating meat again when I was pregnant and just kept going.",
            ),
            ("d_lentil", 400, "Favourite dinner: red lentil dal with lots of ginger."),
            ("d_cantina", 200, "The institute canteen's veggie option is always the same sad pasta."),
            ("d_jonas", 50, "Jonas is the cook in our house, I do the dishes."),
        ],
        "questions": [
            ("Would Maren eat the lamb stew at the department dinner?", ["neg"]),
            ("Any dietary restrictions I should mention when booking Maren's dinner?", ["neg"]),
        ],
    },
    {
        "id": "negation-20",
        "persona": "arjun",
        "memories": [
            ("pos", 250, "The payouts service supports NEFT and IMPS."),
            (
                "neg",
                10,
                "We're turning off NEFT in payouts, everything goes IMPS or UPI from the 1st. Product confirmed no exceptions.",
            ),
            ("d_limits", 200, "IMPS payouts are capped at 5 lakh per transaction."),
            ("d_neft_time", 150, "NEFT batches used to settle every half hour."),
            ("d_recon", 80, "Recon job compares bank statement lines to payout ids nightly."),
        ],
        "questions": [
            ("A merchant wants their payout by NEFT next month. Is that possible?", ["neg"]),
        ],
    },
    {
        "id": "negation-21",
        "persona": "lucia",
        "memories": [
            ("pos", 400, "Lucía makes a gluten-free loaf on Fridays for the coeliac customers."),
            (
                "neg",
                20,
                "We don't do the gluten-free bread anymore. Couldn't guarantee no cross-contamination in a flour-filled room, it wasn't honest.",
            ),
            ("d_customer", 300, "Señora Pilar comes every Friday for the gluten-free loaf."),
            ("d_recipe", 200, "The GF loaf used buckwheat and psyllium."),
            ("d_flour", 100, "Rice flour is 3 euros a kilo from the wholesaler."),
        ],
        "questions": [
            ("A coeliac customer asks what she can buy from the bakery this Friday.", ["neg"]),
        ],
    },
    {
        "id": "negation-22",
        "persona": "kwame",
        "memories": [
            ("pos", 350, "Kwame drives a 2009 Toyota Corolla to school."),
            (
                "neg",
                45,
                "The Corolla is gone, sold it to my cousin. I'm taking trotro to school for now, saving for something newer.",
            ),
            ("d_repair", 250, "The Corolla's AC is broken again, 800 cedis to fix."),
            ("d_fuel", 150, "Fuel prices are killing me, the drive to school costs 60 cedis a week."),
            ("d_traffic", 100, "Traffic on the Spintex road is terrible after 7am."),
        ],
        "questions": [
            ("Can Kwame drive the team to the away match on Saturday?", ["neg"]),
            ("Does Kwame have a car at the moment?", ["neg"]),
        ],
    },
    {
        "id": "negation-23",
        "persona": "hana",
        "memories": [
            ("pos", 250, "We support Slack notifications and Microsoft Teams notifications."),
            (
                "neg",
                18,
                "Teams integration is sunset. Too few users, we pulled it from the product in the last release.",
            ),
            ("d_slack", 150, "Slack integration is used by about 70% of accounts."),
            ("d_line", 100, "Several customers want LINE notifications, it's on the roadmap."),
            ("d_email", 50, "Email notifications still get the most complaints about spam folders."),
        ],
        "questions": [
            (
                "A prospect asks if they can get shift alerts inside Microsoft Teams. What should sales say?",
                ["neg"],
            ),
        ],
    },
    {
        "id": "negation-24",
        "persona": "dan",
        "memories": [
            ("pos", 300, "Dan and Maura are members of the golf club in Fota."),
            (
                "neg",
                100,
                "Neither of us are members of Fota anymore. Didn't renew. Dearer every year and Maura prefers walking.",
            ),
            ("d_hcap", 250, "My handicap was 18 at best."),
            ("d_fee", 200, "The membership at Fota went up to 1,900 a year."),
            ("d_walk", 60, "Maura walks the Blackrock greenway most mornings."),
        ],
        "questions": [
            ("Can Dan book us a tee time at his golf club?", ["neg"]),
        ],
    },
    {
        "id": "negation-25",
        "persona": "nadia",
        "memories": [
            ("pos", 300, "Nadia is working with the fintech client Pivot on their onboarding redesign."),
            (
                "neg",
                14,
                "Pivot and I parted ways. They froze their design budget, last invoice went out Friday.",
            ),
            ("d_pivot", 250, "Pivot's PM is Sandra, she replies to email at 6am."),
            ("d_scope", 150, "Onboarding redesign covers 14 screens plus the KYC flow."),
            ("d_other", 50, "Other client right now is a museum doing a kiosk app."),
        ],
        "questions": [
            ("Is Nadia still doing the Pivot onboarding work?", ["neg"]),
        ],
    },
    {
        "id": "negation-26",
        "persona": "tobias",
        "memories": [
            (
                "pos",
                200,
                "Tobias is on the Bereitschaftsdienst (weekend emergency) rota one weekend a month.",
            ),
            (
                "neg",
                35,
                "The KV let me out of the weekend emergency service — over 55? no, the twins hardship exemption. Anyway, I'm not on the rota anymore.",
            ),
            ("d_pay", 150, "Weekend emergency shifts pay about 50 euros an hour."),
            ("d_calls", 100, "Last emergency weekend I did 22 house calls."),
            ("d_car", 60, "The practice car needs winter tyres."),
        ],
        "questions": [
            (
                "Can I plan a family weekend away for Tobias in any month, or does he have emergency duty?",
                ["neg"],
            ),
        ],
        "note": "sloppy, self-correcting phrasing",
    },
    {
        "id": "negation-27",
        "persona": "ines",
        "memories": [
            ("pos", 350, "Inês has admin access to the production AWS account."),
            (
                "neg",
                12,
                "Security revoked standing admin for everyone including me. For prod we request just-in-time access through the access portal, 1 hour max.",
            ),
            ("d_mfa", 250, "MFA for AWS is via YubiKey."),
            ("d_acct", 150, "We have separate AWS accounts for prod, staging and data."),
            ("d_audit", 60, "The SOC 2 auditors asked for a list of who has prod access."),
        ],
        "questions": [
            ("Can Inês just log into prod AWS as admin to fix the bucket policy?", ["neg"]),
        ],
    },
    {
        "id": "negation-28",
        "persona": "hana",
        "memories": [
            ("pos", 300, "Hana loves a good highball, she's always last to leave the nomikai."),
            (
                "neg",
                40,
                "These days I stick to oolong tea at drinking parties — haven't touched alcohol since the health check flagged my liver numbers.",
            ),
            ("d_bar", 200, "Favourite bar is a tiny whisky place in Ebisu with eight seats."),
            ("d_party", 10, "Year-end party (bonenkai) is on the 20th, I'm organising it."),
            (
                "d_team",
                60,
                "Half the team doesn't drink anyway, so I try to book places with good soft drinks.",
            ),
        ],
        "questions": [
            ("Should I pre-order a whisky highball for Hana at the bonenkai?", ["neg"]),
        ],
        "note": "implicit negation ('these days I stick to ...')",
    },
    {
        "id": "negation-29",
        "persona": "kwame",
        "memories": [
            ("pos", 500, "There's a dog at Kwame's house, Bingo, a big friendly mongrel."),
            (
                "neg",
                150,
                "Bingo died in March. We haven't got another one, no animals at the house at all now.",
            ),
            ("d_cousin", 20, "My cousin Efua is coming to stay for two weeks in January."),
            ("d_allergy", 18, "Efua is badly allergic to dogs and cats."),
            ("d_yard", 300, "Bingo used to dig up the whole yard."),
        ],
        "questions": [
            ("Is it safe for Efua to stay at Kwame's, given her pet allergy?", ["neg"]),
        ],
        "note": "change about the home",
    },
    {
        "id": "negation-30",
        "persona": "lucia",
        "memories": [
            ("pos", 400, "We take card payments with the old Sabadell terminal."),
            ("ok", 200, "Cards are fine above 5 euros, below that cash please."),
            (
                "neg",
                15,
                "The Sabadell terminal died and the bank wants 40 euros a month for a new one, so for now it's cash or Bizum only, no cards at all.",
            ),
            ("d_bizum", 100, "Bizum goes to Tomás's phone number."),
            ("d_cash", 50, "We keep about 150 euros of change in the till every morning."),
        ],
        "questions": [
            ("Can a customer pay for a 20 euro cake with a credit card at the bakery?", ["neg"]),
        ],
    },
]
