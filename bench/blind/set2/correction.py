"""correction: a later memory changes or corrects a value stated earlier (sometimes twice); the
answer is the newest."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "correction-01",
        "persona": "tomasz",
        "memories": [
            ("thu", 20, "Sprint review is Thursday at 10:00."),
            ("wed", 12, "Sprint review moved to Wednesday 14:00 because the PO is travelling Thursday."),
            ("wed2", 6, "Ugh, room clash — sprint review is now Wednesday 15:30, in Odra on the 3rd floor."),
            ("demo", 5, "I'm demoing the new alert routing at the review."),
            ("retro", 10, "Retro is always the day after the review, 11:00."),
        ],
        "questions": [("When is the sprint review?", ["wed2"])],
        "note": "changed twice",
    },
    {
        "id": "correction-02",
        "persona": "tomasz",
        "memories": [
            ("34", 200, "Kuba wears shoe size 34."),
            ("35", 25, "Kuba grew over summer — shoes are size 35 now, and the 34s go to his cousin."),
            ("zosia", 100, "Zosia is size 28, she wants everything pink with lights."),
            ("winter", 20, "Need winter boots for both kids before November."),
            ("brand", 150, "Kuba only wears Adidas, apparently it matters at school."),
        ],
        "questions": [("What size should I get Kuba's winter boots in?", ["35"])],
    },
    {
        "id": "correction-03",
        "persona": "amara",
        "memories": [
            ("june", 100, "Wedding date is set: 14 June next year!"),
            ("sept", 40, "Change of plan, the wedding is now on 6 September. The venue had a cancellation and it's half the price."),
            ("dress", 35, "Dress shopping with Ngozi on Saturday."),
            ("trad", 90, "The traditional wedding in Enugu will be in December."),
            ("invites", 20, "Save-the-dates need to go out soon."),
        ],
        "questions": [("When is Amara's white wedding?", ["sept"])],
    },
    {
        "id": "correction-04",
        "persona": "amara",
        "memories": [
            ("num1", 30, "Dele's new mobile number: 07700 912443."),
            ("num2", 29, "Sorry, typo — Dele's number is 07700 912434, not 443."),
            ("work", 60, "Dele's work phone is the one ending 118, don't text that one."),
            ("landline", 300, "We don't have a landline, never have."),
            ("chioma", 100, "Chioma's number is on WhatsApp only, +234 803 ..."),
        ],
        "questions": [("What's Dele's mobile number?", ["num2"])],
    },
    {
        "id": "correction-05",
        "persona": "kenji",
        "memories": [
            ("900", 300, "Tonkotsu ramen is 900 yen."),
            ("950", 60, "Raising tonkotsu to 950 yen next month."),
            ("980", 30, "Talked with Yuko again. Final price is 980 yen, from the 1st."),
            ("topping", 100, "Extra chashu is 250 yen, egg 120."),
            ("kaedama", 200, "Kaedama (extra noodles) stays at 150 yen."),
        ],
        "questions": [("How much does a bowl of tonkotsu cost now?", ["980"])],
        "note": "changed twice",
    },
    {
        "id": "correction-06",
        "persona": "kenji",
        "memories": [
            ("jal", 40, "Mai flies home on 28 December, JAL from Itami."),
            ("train", 20, "Mai changed plans: she comes by shinkansen instead, arriving Hakata 16:12 on the 27th."),
            ("stay", 35, "She stays until January 4."),
            ("pickup", 15, "Yuko will pick her up, I have the shop."),
            ("newyear", 300, "Every New Year we go to Kushida shrine."),
        ],
        "questions": [("When does Mai arrive for New Year, and how?", ["train"])],
    },
    {
        "id": "correction-07",
        "persona": "lucia",
        "memories": [
            ("45", 300, "My rate is 45 USD an hour for everything."),
            ("55", 60, "New rate from January: 55 USD/hour. Existing retainers keep the old rate until renewal."),
            ("estimate", 100, "I quote projects as fixed price when scope is clear."),
            ("market", 80, "LatAm designers on Upwork charge anywhere from 25 to 80."),
            ("halden", 120, "Halden's retainer is priced at 45 an hour, 60 hours a month."),
        ],
        "questions": [("What hourly rate should I quote a new US client?", ["55"])],
    },
    {
        "id": "correction-08",
        "persona": "lucia",
        "memories": [
            ("feb", 90, "Nico is coming to Buenos Aires in February, two weeks!"),
            ("may", 30, "Nico had to postpone — restaurant is too busy. He's coming in May now, around the 10th."),
            ("room", 85, "Need to clear the spare room for Nico, it's full of pots."),
            ("asado", 80, "Planning an asado for when Nico's here."),
            ("madrid", 40, "I'm still going to Madrid in April either way."),
        ],
        "questions": [("When will her brother be visiting her?", ["may"])],
    },
    {
        "id": "correction-09",
        "persona": "devika",
        "memories": [
            ("aug", 80, "Merchant app v4 launch: August 15."),
            ("sep", 30, "v4 has slipped to September 2 — the payments SDK needs another certification round."),
            ("beta", 70, "v4 beta with 200 merchants starts three weeks before launch."),
            ("comms", 25, "Marketing needs launch comms 10 days before the date."),
            ("v3", 400, "v3 launched late too, a whole month."),
        ],
        "questions": [("When does v4 go live?", ["sep"])],
    },
    {
        "id": "correction-10",
        "persona": "devika",
        "memories": [
            ("amlo", 200, "Appa's BP tablet is Amlodipine 5 mg, once a day."),
            ("telmi", 25, "Dr. Rao switched Appa from Amlodipine to Telmisartan 40 mg because of ankle swelling."),
            ("sugar", 150, "Appa's sugar is borderline, diet only."),
            ("pharmacy", 60, "We get medicines from the Apollo pharmacy near the house."),
            ("reading", 10, "BP this morning was 132/84."),
        ],
        "questions": [("What is her father taking for his blood pressure?", ["telmi"])],
    },
    {
        "id": "correction-11",
        "persona": "henrik",
        "memories": [
            ("may12", 200, "Grandson Eirik's birthday is 12 May."),
            ("may21", 190, "Randi corrected me: Eirik's birthday is the 21st of May, not the 12th. I always mix them up."),
            ("sigrid", 180, "Granddaughter Sofie's birthday is 12 March."),
            ("gift", 30, "Eirik wants a fishing rod, he's eight."),
            ("card", 25, "Must post the card a week ahead, the post is slow now."),
        ],
        "questions": [("When is Eirik's birthday?", ["may21"])],
    },
    {
        "id": "correction-12",
        "persona": "henrik",
        "memories": [
            ("nilsen", 400, "My fastlege is Dr. Nilsen at Nordnes legekontor."),
            ("haugland", 60, "Changed GP on helsenorge — I'm now with Dr. Haugland at Danmarksplass; Nilsen retired."),
            ("randi", 300, "Randi's GP is at the Sentrum clinic."),
            ("app", 50, "Booking GP appointments through the Helsenorge app works well."),
            ("specialist", 100, "Cardiology check is at Haukeland every second year."),
        ],
        "questions": [("Who is Henrik's GP now?", ["haugland"])],
    },
    {
        "id": "correction-13",
        "persona": "grace",
        "memories": [
            ("mar10", 50, "Cooperative AGM on 10 March at the Karatina office."),
            ("mar24", 20, "AGM postponed to 24 March, and moved to the Gatina social hall — more space."),
            ("agenda", 40, "AGM agenda: audited accounts, the second payment, board elections."),
            ("lunch", 15, "We need to budget for lunch for about 400 members."),
            ("last", 400, "Last year's AGM went on until 6pm."),
        ],
        "questions": [("When and where is the cooperative's annual general meeting?", ["mar24"])],
    },
    {
        "id": "correction-14",
        "persona": "grace",
        "memories": [
            ("kiamariga", 400, "Tony is in Class 3 at Kiamariga Primary."),
            ("nyerihill", 60, "We moved Tony to Nyeri Hill Academy from second term — smaller classes."),
            ("brian", 300, "Brian stays at Kiamariga Primary, he's doing fine there."),
            ("transport", 55, "Tony takes the school van now, 3,500 a month."),
            ("uniform", 58, "New uniform for Tony cost 4,200."),
        ],
        "questions": [("Which school does Tony go to?", ["nyerihill"])],
    },
    {
        "id": "correction-15",
        "persona": "sam",
        "memories": [
            ("march", 250, "1.0 release target: March."),
            ("june", 150, "Pushing 1.0 to June. March was never realistic, let's be honest."),
            ("aug", 40, "OK, final answer: 1.0 ships August 14. Date is locked with Steam."),
            ("trailer", 30, "Need the 1.0 trailer by mid-July."),
            ("price", 35, "Price goes from $14.99 to $19.99 at 1.0."),
        ],
        "questions": [("When is the full release coming out?", ["aug"])],
        "note": "changed twice",
    },
    {
        "id": "correction-16",
        "persona": "sam",
        "memories": [
            ("jazz", 300, "My bass is a '98 Mexican Fender Jazz, sunburst."),
            ("stingray", 45, "Sold the Jazz to a guy from Reddit and bought a used Music Man StingRay. Heavier, but the tone!"),
            ("strings", 40, "Flatwounds on the new bass, finally."),
            ("amp", 100, "My amp is an old Ampeg BA-110."),
            ("marco", 200, "Marco keeps telling me to get a five-string."),
        ],
        "questions": [("What bass guitar does Sam play now?", ["stingray"])],
    },
    {
        "id": "correction-17",
        "persona": "grace",
        "memories": [
            ("2500", 30, "Brian's class trip to Aberdare costs 2,500."),
            ("3200", 25, "Teacher corrected the trip amount: 3,200 including lunch and park fees."),
            ("date", 28, "Trip is on the 14th, leaving at 7am from school."),
            ("tony", 60, "Tony's trip last term was 1,800."),
            ("pay", 20, "Pay through the school paybill with 'TRIP' in the account."),
        ],
        "questions": [("How much do I pay for Brian's Aberdare trip?", ["3200"])],
    },
    {
        "id": "correction-18",
        "persona": "tomasz",
        "memories": [
            ("stg1", 300, "Staging Postgres lives on pg-stg-01."),
            ("stg3", 40, "Staging DB has moved to pg-stg-03 (PG 16); pg-stg-01 is read-only and will be deleted next month."),
            ("prod", 100, "Prod Postgres is a Patroni cluster, pg-prod-01 to 03."),
            ("pgb", 35, "PgBouncer for staging points at pg-stg-03 now too."),
            ("backup", 200, "Backups go to the S3 bucket kx-pg-backups, retention 30 days."),
        ],
        "questions": [("Which host is the staging database on?", ["stg3"])],
    },
]
