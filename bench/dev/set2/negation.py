# ruff: noqa: E501
"""negation: a later memory says something is no longer true / stopped; the newer negating memory wins."""

SCENARIOS = [
    {
        "id": "negation-01",
        "persona": "kenji",
        "memories": [
            ("jenkins", 500, "Our CI runs on a self-hosted Jenkins box in the office rack."),
            (
                "no_jenkins",
                40,
                "We no longer use Jenkins at all — the last pipelines were switched off on Friday.",
            ),
            ("d_gha", 90, "Kenji is moving the payments repo pipelines to GitHub Actions."),
            ("d_plugin", 300, "The Jenkins Slack plugin keeps spamming #deploys."),
            ("d_cache", 200, "Build cache on the CI box fills up every couple of weeks."),
        ],
        "questions": [
            ("Is Kenji's team still running builds on Jenkins?", ["no_jenkins"]),
            ("The Jenkins box is down — does that block Kenji's releases?", ["no_jenkins"]),
        ],
    },
    {
        "id": "negation-02",
        "persona": "maria",
        "memories": [
            ("fish", 450, "Maria loves grilled sardines, it's her go-to order in summer."),
            ("no_fish", 35, "Maria went pescatarian-to-vegan this autumn; she doesn't eat fish anymore."),
            ("d_restaurant", 400, "Favourite tasca is O Zé in Alvalade."),
            ("d_cod", 300, "Her mum makes bacalhau com natas every Christmas Eve."),
            ("d_santos", 200, "Maria went to the Santos Populares sardine festival with friends."),
        ],
        "questions": [("I'm booking dinner for Maria — would a seafood place work for her?", ["no_fish"])],
    },
    {
        "id": "negation-03",
        "persona": "fatima",
        "memories": [
            ("climb", 400, "Fatima goes climbing at Calanques every other weekend in spring."),
            (
                "quit",
                60,
                "She quit outdoor climbing after the shoulder surgery, doctor said no lead climbing for good.",
            ),
            ("d_gear", 380, "Fatima owns a 60m rope and a full rack of quickdraws."),
            ("d_partner", 300, "Her climbing partner is Julien from the lab."),
            ("d_en_vau", 250, "Favourite sector: En-Vau, the slabs above the beach."),
        ],
        "questions": [
            ("Should I suggest a climbing weekend in the Calanques for Fatima's birthday?", ["quit"])
        ],
    },
    {
        "id": "negation-04",
        "persona": "erik",
        "memories": [
            ("paper", 600, "Erik reads Upsala Nya Tidning every morning, paper edition."),
            (
                "cancel",
                50,
                "Cancelled the UNT subscription. Reading the news on the iPad instead, too much paper piling up.",
            ),
            ("d_crossword", 500, "He does the Saturday crossword with his wife."),
            ("d_dn", 200, "Erik sometimes buys Dagens Nyheter on Sundays."),
        ],
        "questions": [("Does Erik still get the local paper delivered?", ["cancel"])],
    },
    {
        "id": "negation-05",
        "persona": "amara",
        "memories": [
            ("med", 300, "Amara takes 10mg of citalopram daily."),
            (
                "med_stop",
                25,
                "The user finished tapering off citalopram with her GP, she's not on it any more.",
            ),
            ("d_vitd", 250, "Also takes vitamin D in winter months."),
            ("d_gp", 200, "GP review for the citalopram every six months."),
            ("d_sleep", 100, "She's been sleeping better lately."),
        ],
        "questions": [("What daily medication is Amara on at the moment?", ["med_stop"])],
    },
    {
        "id": "negation-06",
        "persona": "lucas",
        "memories": [
            ("delivery", 350, "The bakery does deliveries through PedidosYa."),
            (
                "no_delivery",
                28,
                "Lucas dropped PedidosYa — commissions were eating the margin. No delivery for now, just pickup.",
            ),
            ("d_rappi", 200, "Rappi approached them with an offer, Lucas ignored it."),
            ("d_orders", 300, "About 30% of weekday sales were delivery orders last year."),
            ("d_ig", 150, "People order cakes by Instagram DM and pick them up."),
        ],
        "questions": [
            ("Can a customer get an order from Lucas's bakery delivered to their home?", ["no_delivery"])
        ],
    },
    {
        "id": "negation-07",
        "persona": "priya",
        "memories": [
            ("meeting", 400, "Priya has a weekly 1:1 with her manager Rohan on Wednesdays at 11."),
            (
                "rohan_left",
                30,
                "Rohan left the company. Priya is reporting straight to the VP for now, no recurring 1:1 set up yet.",
            ),
            ("d_agenda", 350, "Priya keeps a running 1:1 doc with Rohan in Google Docs."),
            ("d_skip", 200, "Skip-level with the VP happens quarterly."),
        ],
        "questions": [("Prep notes for Priya's Wednesday 1:1 with Rohan — when is it?", ["rohan_left"])],
    },
    {
        "id": "negation-08",
        "persona": "jordan",
        "memories": [
            ("client", 400, "Jordan edits the weekly episodes for the 'Small Batch' podcast."),
            ("client_end", 45, "Small Batch went on indefinite hiatus, so that gig's over for me"),
            ("d_format", 380, "Small Batch episodes are ~50 minutes, delivered as WAV and a 9:16 clip."),
            ("d_host", 300, "The Small Batch host is Dana, very picky about room tone."),
            ("d_new_pod", 100, "A wine podcast reached out about editing, nothing signed."),
        ],
        "questions": [("Is Jordan still editing Small Batch every week?", ["client_end"])],
    },
    {
        "id": "negation-09",
        "persona": "kenji",
        "memories": [
            ("coffee", 300, "Kenji drinks three or four coffees a day."),
            (
                "no_coffee",
                20,
                "I've cut out caffeine completely, doctor's orders because of the palpitations",
            ),
            ("d_beans", 250, "Favourite beans: a light roast from a Kyoto roaster."),
            ("d_grinder", 200, "Kenji has a hand grinder, a Comandante."),
            ("d_cafe", 150, "Meetings with the ops lead usually happen at the cafe downstairs."),
        ],
        "questions": [("Should I bring Kenji a coffee to our morning meeting?", ["no_coffee"])],
    },
    {
        "id": "negation-10",
        "persona": "maria",
        "memories": [
            ("gym", 350, "Maria has a membership at Holmes Place Alvalade."),
            (
                "gym_end",
                60,
                "She let the Holmes Place membership lapse, it's all cycling and yoga at home now.",
            ),
            ("d_class", 300, "Maria liked the Tuesday spin class there."),
            ("d_bike", 200, "She rides a Specialized Allez road bike."),
        ],
        "questions": [("Is Maria a member of a gym?", ["gym_end"])],
    },
    {
        "id": "negation-11",
        "persona": "amara",
        "memories": [
            ("car", 500, "Amara drives a red 2014 Ford Fiesta."),
            ("no_car", 90, "Got rid of the Fiesta. Bus and tram to work now, honestly less stressful."),
            ("d_insurance", 450, "Car insurance renews in August with Admiral."),
            ("d_parking", 400, "Parking at the hospital is a nightmare, permit costs £40/month."),
            ("d_pass", 80, "She bought an annual Bee Network bus pass."),
        ],
        "questions": [("Can Amara drive us to the airport on Saturday?", ["no_car"])],
        "note": "d_pass is a related cue, answer is the negation",
    },
    {
        "id": "negation-12",
        "persona": "erik",
        "memories": [
            ("choir", 500, "Erik sings bass in the parish church choir."),
            (
                "choir_left",
                70,
                "The user left the choir last spring — his hearing made it hard to follow the others.",
            ),
            ("d_concert", 450, "The choir's Advent concert is the first Sunday of December."),
            ("d_director", 400, "Choir director is Kantor Lena Holm."),
        ],
        "questions": [("Will Erik be singing at this year's Advent concert?", ["choir_left"])],
    },
    {
        "id": "negation-13",
        "persona": "fatima",
        "memories": [
            ("r", 500, "Fatima does all her stats in R with lme4."),
            (
                "not_r",
                40,
                "Fatima rewrote the analysis pipeline in Python (statsmodels + pandas). She's not touching R for the thesis anymore.",
            ),
            ("d_rstudio", 450, "RStudio keeps crashing on her lab machine."),
            ("d_models", 300, "The main models are mixed effects with site as random effect."),
            ("d_cluster", 100, "She runs the heavy bootstraps on the university cluster."),
        ],
        "questions": [("What should I write Fatima's stats helper script in?", ["not_r"])],
    },
    {
        "id": "negation-14",
        "persona": "lucas",
        "memories": [
            ("gluten", 300, "We make a gluten-free bread line on Tuesdays."),
            (
                "gluten_stop",
                50,
                "Lucas paused the sin TACC line indefinitely: cross-contamination risk was too high in a small kitchen.",
            ),
            ("d_coeliac", 280, "A lot of coeliac customers came for the Tuesday bread."),
            ("d_flour", 250, "GF flour comes from a supplier in Rosario."),
        ],
        "questions": [
            (
                "A coeliac friend asks whether Lucas's bakery sells gluten-free loaves — what do I tell her?",
                ["gluten_stop"],
            )
        ],
    },
    {
        "id": "negation-15",
        "persona": "priya",
        "memories": [
            ("feature", 250, "Product roadmap: offline mode for the mobile app in Q3."),
            (
                "feature_cut",
                40,
                "Offline mode is off the roadmap — leadership cut it in the last planning round.",
            ),
            ("d_demand", 230, "Three enterprise customers asked for offline mode."),
            ("d_spec", 200, "Priya wrote a first draft of the offline mode spec."),
            ("d_q3", 100, "Q3 focus is invoicing v2 and SSO."),
        ],
        "questions": [
            (
                "A customer asks whether the mobile app will work offline this year. Is that still planned?",
                ["feature_cut"],
            )
        ],
    },
    {
        "id": "negation-16",
        "persona": "jordan",
        "memories": [
            ("smoke", 400, "Jordan smokes, usually on breaks outside the studio."),
            (
                "quit",
                100,
                "User's been smoke-free for three months now and is proud of it, don't offer them cigarettes lol",
            ),
            ("d_vape", 90, "They tried nicotine gum for the first few weeks."),
            ("d_bar", 300, "Jordan's favourite bar has a patio."),
        ],
        "questions": [
            ("Does Jordan smoke?", ["quit"]),
            ("Should I make sure the venue has a smoking area for Jordan?", ["quit"]),
        ],
    },
    {
        "id": "negation-17",
        "persona": "kenji",
        "memories": [
            ("mysql", 500, "payments-svc stores ledger data in MySQL 5.7."),
            (
                "no_mysql",
                30,
                "Ledger migration done — nothing in payments-svc talks to MySQL anymore, it's Postgres 16 end to end.",
            ),
            ("d_replica", 400, "The MySQL read replica lags badly during month-end."),
            ("d_backup", 300, "DB backups run nightly at 02:00 JST."),
            ("d_plan", 150, "Kenji wrote the migration plan from MySQL to Postgres."),
        ],
        "questions": [("Which database does the payments ledger live in now?", ["no_mysql"])],
    },
    {
        "id": "negation-18",
        "persona": "amara",
        "memories": [
            ("nights", 300, "Amara is on the night shift rota, usually Sun-Tue nights."),
            ("no_nights", 30, "She's off nights completely since she moved departments; days only now."),
            ("d_sleep", 280, "On night weeks she sleeps 9am to 4pm, don't message her then."),
            ("d_rota", 100, "The rota comes out four weeks ahead."),
        ],
        "questions": [
            (
                "Is it fine to call Amara around 11am on a Monday or will she be sleeping off a night shift?",
                ["no_nights"],
            )
        ],
    },
    {
        "id": "negation-19",
        "persona": "erik",
        "memories": [
            ("alcohol", 400, "Erik enjoys a glass of red with dinner, likes Rioja."),
            (
                "no_alcohol",
                35,
                "Erik doesn't drink at all now — new heart medication doesn't mix with alcohol.",
            ),
            ("d_wine_club", 350, "He used to be in a wine club with old colleagues."),
            ("d_systembolaget", 200, "Erik asked which Systembolaget nearby has the best selection."),
            ("d_snaps", 300, "Midsummer snaps songs are a family tradition."),
        ],
        "questions": [("What bottle should I bring as a thank-you gift when I visit Erik?", ["no_alcohol"])],
    },
    {
        "id": "negation-20",
        "persona": "maria",
        "memories": [
            ("client", 300, "Maria's agency does the app redesign for Banco Atlântico."),
            (
                "client_lost",
                20,
                "The bank didn't renew. Maria's team is no longer working with Banco Atlântico as of this month.",
            ),
            ("d_contact", 280, "Main contact at the bank: Rui Nogueira, head of digital."),
            ("d_invoice", 150, "Banco Atlântico pays slowly, usually 60 days."),
            ("d_pitch", 40, "Agency is pitching to a telecom next week."),
        ],
        "questions": [
            ("Should I schedule a design review with Banco Atlântico for Maria next week?", ["client_lost"])
        ],
    },
    {
        "id": "negation-21",
        "persona": "fatima",
        "memories": [
            ("flat", 400, "Fatima shares a flat in Le Panier with two other PhD students."),
            (
                "alone",
                30,
                "Fatima doesn't have flatmates anymore; she took the one-bedroom near Luminy so she can walk to the lab.",
            ),
            ("d_rent", 380, "Her share of the Le Panier rent was 480 €."),
            ("d_flatmate", 300, "Flatmate Inès is doing a PhD in linguistics."),
        ],
        "questions": [
            ("Does Fatima live with other people?", ["alone"]),
            ("Is Fatima still sharing the flat in Le Panier?", ["alone"]),
        ],
    },
    {
        "id": "negation-22",
        "persona": "lucas",
        "memories": [
            ("card", 200, "The bakery takes cards through a Posnet terminal."),
            (
                "card_no",
                14,
                "Ojo: the Posnet broke and Lucas is not renting a new one; it's cash or Mercado Pago QR only.",
            ),
            ("d_fee", 180, "Card fees are about 3.5%."),
            ("d_qr", 100, "Some customers pay with Mercado Pago QR already."),
            ("d_cash", 60, "Lucas goes to the bank on Mondays to deposit cash."),
        ],
        "questions": [("Can I pay with my Visa at Lucas's bakery?", ["card_no"])],
    },
    {
        "id": "negation-23",
        "persona": "priya",
        "memories": [
            ("mom_walk", 300, "Priya's mother walks in Cubbon Park every morning at 6."),
            (
                "mom_stop",
                40,
                "Amma isn't doing her park walks since the knee got worse — physio at home three times a week instead.",
            ),
            ("d_friends", 280, "Amma meets her friends from the temple group there."),
            ("d_knee", 90, "The orthopaedist said the knee may need surgery next year."),
        ],
        "questions": [("Where does Priya's mom go in the mornings these days?", ["mom_stop"])],
    },
    {
        "id": "negation-24",
        "persona": "jordan",
        "memories": [
            ("twitter", 500, "Jordan posts reels and project breakdowns on X/Twitter, handle @lowtidecuts."),
            ("left_x", 60, "Deleted my X account. I'm only on Bluesky and Instagram now."),
            ("d_followers", 450, "@lowtidecuts had about 8k followers."),
            ("d_ig", 300, "Instagram is mostly behind-the-scenes stuff."),
        ],
        "questions": [("Should I tag Jordan on Twitter when we post the trailer?", ["left_x"])],
    },
    {
        "id": "negation-25",
        "persona": "kenji",
        "memories": [
            ("soccer", 300, "Sota goes to soccer practice on Saturday mornings."),
            (
                "soccer_no",
                20,
                "Sota didn't want to continue soccer after the season, so Saturdays are free now.",
            ),
            ("d_coach", 280, "Soccer coach is Mr. Tanaka."),
            ("d_swim", 100, "Hana has swimming club on Wednesdays."),
            ("d_cleats", 200, "Bought Sota new cleats, size 19."),
        ],
        "questions": [
            (
                "Can we plan a family day trip this Saturday morning, or does Sota have something?",
                ["soccer_no"],
            )
        ],
    },
    {
        "id": "negation-26",
        "persona": "amara",
        "memories": [
            ("relationship", 400, "Amara is seeing someone called Daniel, a physio she met at work."),
            ("breakup", 50, "she and Daniel split up in the summer, amicably"),
            ("d_trip", 350, "Amara and Daniel went to Lisbon for a long weekend."),
            ("d_mum", 200, "Amara's mum keeps asking when she'll bring Daniel to Enugu."),
        ],
        "questions": [("Should I include Daniel in Amara's Christmas dinner plans?", ["breakup"])],
    },
]
