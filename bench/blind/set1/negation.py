"""negation: a later memory says something stopped, is no longer true or doesn't happen, after an
earlier positive one; the answer is the newer, negating memory."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "negation-01",
        "persona": "kwame",
        "memories": [
            ("jenkins_old", 500, "CI for the payments repos runs on our self-hosted Jenkins"),
            ("jenkins_gone", 90, "we finally turned Jenkins off for good, nothing builds there anymore — it's all GitHub Actions"),
            ("jenkins_pain", 400, "Jenkins plugin upgrades broke the build twice this month"),
            ("ci_time", 60, "pipeline time is down to 9 minutes"),
            ("runner_cost", 40, "self-hosted runners for Actions are on spot instances"),
        ],
        "questions": [("is the Jenkins server still running our builds?", ["jenkins_gone"])],
    },
    {
        "id": "negation-02",
        "persona": "sophie",
        "memories": [
            ("cheese_old", 400, "vegetarian yes, but I could never give up cheese, Gouda is life"),
            ("cheese_no", 50, "went vegan in September, so no cheese, milk or eggs for me now — oat milk everything"),
            ("fondue", 350, "fondue night at the flat was a huge success"),
            ("cheese_shop", 300, "the cheese counter at the Isemarkt is dangerous for my wallet"),
            ("b12", 30, "started taking B12 supplements"),
        ],
        "questions": [("I'm putting together a cheese board for Sophie's birthday, good idea?", ["cheese_no"])],
    },
    {
        "id": "negation-03",
        "persona": "ines",
        "memories": [
            ("climb_yes", 300, "I boulder at the gym in Lisbon on Tuesdays and Fridays"),
            ("climb_quit", 40, "haven't climbed since the shoulder injury, honestly I don't think I'm going back to it"),
            ("shoulder", 60, "tore something in my shoulder on a dyno, physio says 3 months"),
            ("climb_gym", 100, "found a bouldering gym in Porto, pretty good setting"),
            ("run", 20, "doing gentle runs with Bolacha instead"),
        ],
        "questions": [("does Inês still go bouldering?", ["climb_quit"])],
        "note": "the background memory also says she started bouldering",
    },
    {
        "id": "negation-04",
        "persona": "marta",
        "memories": [
            ("delivery_yes", 400, "we deliver bread to three cafés in Kazimierz every morning"),
            ("delivery_stop", 30, "we dropped the café deliveries, not worth the petrol and the 5am driving"),
            ("cafe_names", 380, "the cafés are Cheder, Mleczarnia and a small one by Plac Nowy"),
            ("van", 350, "bought a small used Fiat Doblo for deliveries"),
            ("van_sell", 20, "Piotr thinks we should sell the Doblo"),
        ],
        "questions": [("does the bakery supply any cafés these days?", ["delivery_stop"])],
    },
    {
        "id": "negation-05",
        "persona": "hiroko",
        "memories": [
            ("smoke_dad", 600, "dad still smokes a few cigarettes a day on the balcony, drives me crazy"),
            ("smoke_quit", 80, "dad hasn't touched a cigarette in four months — the fall scared him"),
            ("smoke_doc", 200, "his doctor keeps telling him to quit"),
            ("dad_lungs", 100, "dad's lung function test was borderline"),
            ("dad_gum", 70, "he chews nicotine gum now, lots of it"),
        ],
        "questions": [("is my father still a smoker?", ["smoke_quit"])],
    },
    {
        "id": "negation-06",
        "persona": "dev",
        "memories": [
            ("slack_old", 400, "the team communicates over Slack, #product is the main channel"),
            ("slack_gone", 50, "company killed Slack to save money — we're on Microsoft Teams now, Slack is read-only"),
            ("slack_bots", 300, "we have a Slack bot that posts the daily signups"),
            ("teams_hate", 40, "Teams search is so bad"),
            ("async", 60, "trying to push the team to write more async updates"),
        ],
        "questions": [("should I post the launch announcement in the #product Slack channel?", ["slack_gone"])],
    },
    {
        "id": "negation-07",
        "persona": "lucas",
        "memories": [
            ("video_yes", 300, "I offer wedding video too, with a partner videomaker, as a package"),
            ("video_no", 40, "not doing video anymore — the partnership ended and I don't want to shoot it myself"),
            ("video_price", 280, "the photo+video package is R$ 12k"),
            ("video_gear", 250, "bought a gimbal for the video jobs"),
            ("packages", 30, "redoing my price list for next season"),
        ],
        "questions": [("a couple asked if Lucas can film their wedding as well, can he?", ["video_no"])],
    },
    {
        "id": "negation-08",
        "persona": "grace",
        "memories": [
            ("drive_yes", 500, "I drive to Mass and to the shops, the Yaris is grand"),
            ("drive_no", 60, "gave up the driving licence after the eye test, the Yaris went to my grandson"),
            ("eye_test", 70, "eye test results weren't good, cataracts in both eyes"),
            ("bus", 50, "the bus into town stops right outside, free with my travel pass"),
            ("yaris_service", 300, "the Yaris needs its NCT this year"),
        ],
        "questions": [("can Grace drive herself to the choir rehearsal?", ["drive_no"])],
    },
    {
        "id": "negation-09",
        "persona": "omar",
        "memories": [
            ("ap_yes", 400, "I teach the AP chemistry prep class after school on Tuesdays"),
            ("ap_no", 35, "the after-school AP prep class was cancelled this year, not enough sign-ups"),
            ("ap_results", 300, "last year's AP group did great, four 5s"),
            ("tuesday", 20, "Tuesdays I now pick Adam up from school"),
            ("ap_book", 200, "the AP prep book we use is the Princeton Review one"),
        ],
        "questions": [("is Omar running the AP prep sessions this year?", ["ap_no"])],
    },
    {
        "id": "negation-10",
        "persona": "kwame",
        "memories": [
            ("mongo_yes", 600, "the merchant profile service stores everything in MongoDB"),
            ("mongo_no", 70, "there's no Mongo left anywhere in payments since the merchant service moved to Postgres"),
            ("mongo_backup", 500, "Mongo backups are nightly to S3"),
            ("pg_version", 60, "Postgres 16 on RDS"),
            ("mongo_license", 400, "legal asked about the Mongo licence change"),
        ],
        "questions": [("which services still depend on MongoDB?", ["mongo_no"])],
    },
    {
        "id": "negation-11",
        "persona": "ines",
        "memories": [
            ("coffee_yes", 200, "Inês drinks like four espressos a day, minimum"),
            ("coffee_no", 25, "I've cut out coffee completely, my heart was racing all the time — doctor's advice"),
            ("coffee_machine", 150, "we bought a proper espresso machine for the new flat"),
            ("decaf", 20, "decaf is a sad substitute but ok"),
            ("cafe_fav", 100, "favourite café in Porto is on Rua de Cedofeita"),
        ],
        "questions": [("should I bring her a double espresso to the workshop?", ["coffee_no"])],
    },
    {
        "id": "negation-12",
        "persona": "dev",
        "memories": [
            ("meat_yes", 300, "Dev eats chicken and mutton, no beef"),
            ("meat_no", 40, "we've gone fully vegetarian at home since Diwali, me included, no more chicken"),
            ("biryani", 280, "the Meghana biryani is my weakness"),
            ("veg_recipes", 30, "Ananya is experimenting with paneer dishes"),
            ("protein", 20, "my coach is worried about my protein intake for training"),
        ],
        "questions": [("can I order chicken biryani for Dev for the team lunch?", ["meat_no"])],
    },
    {
        "id": "negation-13",
        "persona": "hiroko",
        "memories": [
            ("car_yes", 400, "I drive a little Honda N-Box, mostly for visiting dad"),
            ("car_no", 60, "sold the N-Box, I don't own a car now, the train to Nara is fine"),
            ("car_park", 350, "parking near the hospital costs a fortune"),
            ("train_pass", 50, "bought a commuter pass for the Kintetsu line"),
            ("car_insurance", 300, "car insurance renewal went up again"),
        ],
        "questions": [("does Hiroko have a car I could borrow for the weekend?", ["car_no"])],
    },
    {
        "id": "negation-14",
        "persona": "sophie",
        "memories": [
            ("orch_yes", 300, "I'm principal cello in the Uni orchestra, rehearsals Monday nights"),
            ("orch_step_down", 30, "stepped down as principal, not enough time with the thesis; I still play, just at the back desk"),
            ("orch_concert", 100, "spring concert: Dvořák 8, loved it"),
            ("orch_new_principal", 25, "the new principal cellist is a first-year, really talented"),
            ("orch_rehearsal", 60, "rehearsals moved to Monday 19:30"),
        ],
        "questions": [("is Sophie still leading the cello section?", ["orch_step_down"])],
        "note": "partial negation: she still plays, the principal role ended",
    },
    {
        "id": "negation-15",
        "persona": "marta",
        "memories": [
            ("card_no_old", 600, "we're cash only, card fees are ridiculous"),
            ("card_yes", 300, "we take cards now, got a SumUp terminal"),
            ("blik", 40, "we don't take BLIK anymore, too many failed payments and refunds, cards and cash only"),
            ("blik_yes", 200, "added BLIK payments at the counter, young people love it"),
            ("fees", 100, "card fees are about 1.7%"),
        ],
        "questions": [("can customers pay with BLIK at the shop?", ["blik"])],
    },
    {
        "id": "negation-16",
        "persona": "lucas",
        "memories": [
            ("studio_yes", 400, "I rent a small studio in Barra Funda for portraits, share it with a designer"),
            ("studio_no", 50, "gave up the Barra Funda studio; for portraits I rent a space by the hour now"),
            ("studio_rent", 350, "studio rent is R$ 2.200 split in two"),
            ("studio_hourly", 30, "Estúdio Cena rents by the hour, R$ 120"),
            ("portraits", 20, "corporate portrait gig next week for a law firm"),
        ],
        "questions": [("does Lucas still have his own studio space?", ["studio_no"])],
    },
    {
        "id": "negation-17",
        "persona": "omar",
        "memories": [
            ("adam_asthma", 500, "Adam needs his puffer before soccer, exercise-induced asthma"),
            ("adam_no_puffer", 40, "pediatrician says Adam's outgrown the asthma, he doesn't need the inhaler before games anymore"),
            ("inhaler_bag", 300, "spare inhaler is in the soccer bag, front pocket"),
            ("adam_fit", 30, "Adam ran the whole game without stopping on Saturday"),
            ("sami_cough", 20, "Sami has a cough that won't quit"),
        ],
        "questions": [("does Adam have to take his inhaler before practice?", ["adam_no_puffer"])],
    },
    {
        "id": "negation-18",
        "persona": "dev",
        "memories": [
            ("stripe_yes", 400, "we take card payments for subscriptions via Stripe"),
            ("stripe_no", 60, "Stripe isn't an option for us anymore in India for new subscriptions, we've moved billing over to Razorpay"),
            ("stripe_fees", 350, "Stripe's fees are 3% for international cards"),
            ("razorpay_upi", 50, "Razorpay lets customers pay by UPI autopay, big win"),
            ("billing_bug", 20, "a customer got double-billed last week, investigating"),
        ],
        "questions": [("do we still bill subscribers through Stripe?", ["stripe_no"])],
    },
]
