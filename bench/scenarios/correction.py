"""Correction: an older memory states a value, a newer one changes or corrects it (sometimes twice);
the newest one answers."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "correction-01",
        "persona": "maya",
        "memories": [
            ("old", 400, "The Atlas team standup is at 9:30 every weekday."),
            ("review", 300, "Sprint review is at 15:00 on alternate Fridays."),
            ("long", 200, "Standups tend to run long on Mondays."),
            ("new", 60, "Atlas standup moved to 10:00 so the Lisbon and Berlin folks can both make it."),
            ("standup-notes", 350, "Standup notes are posted in #atlas-standup."),
            ("berlin", 120, "Two new engineers joined Atlas from the Berlin office."),
        ],
        "questions": [
            ("What time is the Atlas standup?", ["new"]),
            ("when is standup", ["new"]),
        ],
    },
    {
        "id": "correction-02",
        "persona": "tom",
        "memories": [
            ("old", 500, "Tom's day rate is £350."),
            ("hours", 450, "Tom counts a day as seven hours of work."),
            ("new", 100, "Tom raised his day rate to £420 from this year."),
            ("rate-compare", 300, "Most freelance designers in London charge between £300 and £500 a day."),
            ("rate-discount", 200, "Tom gives charities a 20% discount on his rate."),
        ],
        "questions": [
            ("What is Tom's day rate?", ["new"]),
        ],
    },
    {
        "id": "correction-03",
        "persona": "priya",
        "memories": [
            ("old", 700, "Priya lives in Utrecht, near the Dom tower."),
            ("commute", 500, "Priya's commute is about 35 minutes by train."),
            ("new", 150, "Priya moved to Amsterdam Oost in the spring."),
            ("priya-neighbourhood", 120, "Priya likes living near a big park."),
            ("priya-bike", 100, "Priya cycles everywhere, even in the rain."),
        ],
        "questions": [
            ("Where does Priya live?", ["new"]),
        ],
    },
    {
        "id": "correction-04",
        "persona": "leo",
        "memories": [
            ("old", 300, "Leo's team has 14 dispatchers."),
            ("nights", 250, "The night dispatch team sits in DUS-1."),
            ("new", 299, "Correction: Leo's team has 17 dispatchers, he forgot the night team."),
            ("dispatch-tool", 200, "The dispatchers use Transporeon to book carriers."),
            ("dispatch-hiring", 150, "Leo wants to hire two more dispatchers next year."),
        ],
        "questions": [
            ("How many dispatchers does Leo have?", ["new"]),
        ],
    },
    {
        "id": "correction-05",
        "persona": "maya",
        "memories": [
            ("old", 250, "The card-auth p99 latency alert fires at 120 ms."),
            ("pager", 200, "The latency alert pages the Atlas on-call."),
            ("new", 90, "We raised the card-auth p99 latency alert to 140 ms; 120 ms was too noisy."),
            ("alert-noise", 220, "The on-call complained about noisy card-auth alerts."),
            ("p99", 100, "Card-auth p99 latency is usually around 95 ms."),
        ],
        "questions": [
            ("What is the card-auth p99 alert threshold?", ["new"]),
        ],
    },
    {
        "id": "correction-06",
        "persona": "tom",
        "memories": [
            ("old", 380, "Elsie's school pickup is at 15:15."),
            ("club", 200, "Elsie stays for art club on Wednesdays."),
            ("new", 20, "School pickup is at 15:30 now with the new timetable."),
            ("pickup-who", 300, "Ines does school pickup on Mondays and Tuesdays."),
            ("school", 500, "Elsie goes to Eleanor Palmer Primary."),
        ],
        "questions": [
            ("When is Elsie's school pickup?", ["new"]),
        ],
    },
    {
        "id": "correction-07",
        "persona": "priya",
        "memories": [
            ("old", 450, "The readmission model retrains on the 1st of every month."),
            ("drift", 300, "Data drift monitoring for readmission runs daily."),
            ("new", 60, "The readmission model now retrains every two weeks, on Sunday nights."),
            ("retrain-time", 200, "A full retrain of the readmission model takes about three hours."),
            ('retrain-owner', 150, "Farid's team owns the retraining pipeline."),
        ],
        "questions": [
            ("How often is the readmission model retrained?", ["new"]),
        ],
    },
    {
        "id": "correction-08",
        "persona": "leo",
        "memories": [
            ("oldest", 700, "The delivery fleet has 120 vans in total."),
            ("old", 400, "After the winter purchase the fleet has 131 vans."),
            ("ev", 300, "About a third of the fleet is electric."),
            ("new", 50, "After the spring purchase the fleet is at 138 vans."),
            ("van-models", 350, "Most of the fleet are Mercedes Sprinters."),
            ("van-lease", 200, "Vans are leased for four years."),
        ],
        "questions": [
            ("How many vans are in the fleet?", ["new"]),
        ],
    },
    {
        "id": "correction-09",
        "persona": "maya",
        "memories": [
            ("old", 500, "Jonas's Slack handle is @jonas.k."),
            ("owns", 400, "Jonas owns the card-auth contract tests."),
            ("new", 80, "Jonas changed his Slack handle to @jkrause after the workspace rename."),
            ('jonas-status', 40, "Jonas sets his Slack status to a coffee cup when he's on a break."),
            ("slack-rename", 85, "The Slack workspace was renamed from fintra-eng to fintra."),
        ],
        "questions": [
            ("What is Jonas's Slack handle?", ["new"]),
        ],
    },
    {
        "id": "correction-10",
        "persona": "tom",
        "memories": [
            ("old", 600, "Tom's accountant is Gareth Pryce."),
            ("tax", 300, "Tom's tax return is always done in December."),
            ("new", 90, "Tom switched accountants, he's with Mina Osei at Osei & Co now."),
            ("accounting-software", 300, "Tom does his bookkeeping in FreeAgent."),
            ('tax-bill', 150, "Tom's tax bill was higher than expected this year."),
        ],
        "questions": [
            ("Who is Tom's accountant?", ["new"]),
        ],
    },
    {
        "id": "correction-11",
        "persona": "priya",
        "memories": [
            ("old", 400, "Priya's team meeting is on Mondays at 11:00."),
            ("notes", 300, "Team meeting notes go into Notion."),
            ("new", 70, "The team meeting moved to Tuesdays at 14:00 because of the clinic schedule."),
            ("meeting-length", 300, "The team meeting is one hour, with demos in the second half."),
            ("clinic", 80, "The clinic schedule changed for the new hospital partner."),
        ],
        "questions": [
            ("When is Priya's team meeting?", ["new"]),
        ],
    },
    {
        "id": "correction-12",
        "persona": "leo",
        "memories": [
            ("old", 550, "Deliveries to the Venlo warehouse go to Celsiusweg 12."),
            ("hours", 400, "Venlo receiving is open from 6 am to 8 pm."),
            ("new", 40, "Deliveries to Venlo must now go to gate 3 at Celsiusweg 40; the old entrance is closed."),
            ("venlo-trucks", 300, "Venlo receives about 40 trucks a day."),
            ("celsiusweg", 60, "Celsiusweg is being resurfaced near the old entrance."),
        ],
        "questions": [
            ("Where do deliveries to Venlo go?", ["new"]),
        ],
    },
    {
        "id": "correction-13",
        "persona": "maya",
        "memories": [
            ("old", 650, "Rent for our flat is 1,250 EUR a month."),
            ("utilities", 500, "Utilities come to about 120 EUR a month on top of rent."),
            ("new", 150, "Our rent went up to 1,390 EUR a month from July."),
            ("rent-split", 400, "Rui and I split the rent evenly."),
            ("lisbon-rents", 200, "Rents in Lisbon went up about 10% this year."),
        ],
        "questions": [
            ("How much is our rent?", ["new"]),
        ],
    },
    {
        "id": "correction-14",
        "persona": "tom",
        "memories": [
            ("old", 500, "Tom's favourite pub is The Lamb on Lamb's Conduit Street."),
            ("quiz", 300, "Tom goes to a pub quiz with Ines on the first Tuesday of the month."),
            ("new", 100, "Actually Tom's favourite pub is The Southampton Arms now, The Lamb got too busy."),
            ("pub-food", 400, "Tom likes pubs with a proper Sunday roast."),
            ("pub-friends", 60, "Tom meets his old college friends at the pub once a month."),
        ],
        "questions": [
            ("What's Tom's favourite pub?", ["new"]),
        ],
    },
    {
        "id": "correction-15",
        "persona": "priya",
        "memories": [
            ("old", 360, "Priya's sitar lessons are with Ustad Karim in Leiden."),
            ("practice", 200, "Priya practises sitar for 30 minutes most evenings."),
            ("new", 45, "Priya's sitar teacher is now Meera Shah in Amsterdam, Ustad Karim retired."),
            ('sitar', 300, "Priya's sitar was made in Kolkata."),
            ("recital", 90, "Priya has a small sitar recital in June."),
        ],
        "questions": [
            ("Who is Priya's sitar teacher?", ["new"]),
        ],
    },
    {
        "id": "correction-16",
        "persona": "maya",
        "note": "moved twice: the newest place answers, two older places share every word with the question",
        "memories": [
            ("oldest", 600, "The Atlas team sits on the third floor, right by the kitchen."),
            ("old", 300, "While the third floor is renovated, Atlas got moved down to the second floor."),
            ("new", 25, "Since last Monday the Atlas desks are in the annex, fifth floor, desks 5.10 to 5.18."),
            ("kitchen", 200, "The third-floor kitchen has the good coffee machine."),
            ("meeting-room", 100, "The big meeting room on the second floor is called Tejo."),
        ],
        "questions": [
            ("Which floor does the Atlas team sit on?", ["new"]),
        ],
    },
    {
        "id": "correction-17",
        "persona": "tom",
        "note": "a tool replaced, said without naming the old one in the question",
        "memories": [
            ("old", 420, "Tom keeps all his client files on a Dropbox Plus plan."),
            ("new", 35, "Got rid of Dropbox; every client folder lives on Google Drive these days."),
            ("full", 300, "Tom's Dropbox is nearly full of old brand guidelines."),
            ("backup", 150, "Tom backs his laptop up to an external SSD every Friday."),
            ("briefs", 60, "Hollow Oak Studio sends its briefs as Google Docs."),
        ],
        "questions": [
            ("Where does Tom store his client files?", ["new"]),
        ],
    },
    {
        "id": "correction-18",
        "persona": "priya",
        "note": "a new number, no word of change",
        "memories": [
            ("old", 380, "The sepsis model's alert threshold is a risk score of 0.7."),
            ("new", 40, "Clinicians asked for fewer false alarms, so the sepsis alert fires at 0.8 from this release."),
            ("auroc", 200, "The sepsis model has an AUROC of 0.86 on the validation set."),
            ("pager", 300, "Sepsis alerts go to the ward nurse's pager."),
            ("review", 45, "The threshold review with the clinicians ran over by an hour."),
        ],
        "questions": [
            ("At what risk score does the sepsis alert trigger?", ["new"]),
        ],
    },
    {
        "id": "correction-19",
        "persona": "leo",
        "note": "a role handed over to someone else",
        "memories": [
            ("old", 500, "Katrin Vogel runs the Venlo warehouse."),
            ("new", 20, "Katrin handed Venlo over to Bas de Wit when she went on parental leave; he's site lead for the next year."),
            ("audit", 250, "The Venlo warehouse passed its fire safety audit."),
            ("pickers", 300, "Katrin is great at keeping the Venlo pickers motivated."),
            ("bas", 100, "Bas de Wit came over from the Rotterdam cross-dock."),
        ],
        "questions": [
            ("Who's in charge at the Venlo warehouse?", ["new"]),
        ],
    },
    {
        "id": "correction-20",
        "persona": "maya",
        "note": "a slip corrected a day later",
        "memories": [
            ("old", 3, "Aiko's birthday is on the 14th of March."),
            ("new", 2, "Oops, I had it wrong: Aiko's birthday is the 4th of March, not the 14th."),
            ("matcha", 200, "Aiko likes matcha desserts."),
            ("cake", 300, "We usually get a cake from Confeitaria Nacional for team birthdays."),
            ("march", 60, "March is always the busiest month for card-auth releases."),
        ],
        "questions": [
            ("When is Aiko's birthday?", ["new"]),
        ],
    },
    {
        "id": "correction-21",
        "persona": "tom",
        "note": "a price put up",
        "memories": [
            ("old", 600, "Elsie's after-school club costs £12 a session."),
            ("new", 70, "The after-school club put its prices up, it's £15 a session now."),
            ("hours", 400, "The after-school club runs until 17:45."),
            ("lego", 100, "Elsie loves the Lego table at after-school club."),
            ("pays", 200, "Ines pays for the club at the start of each term."),
        ],
        "questions": [
            ("How much is Elsie's after-school club per session?", ["new"]),
        ],
    },
    {
        "id": "correction-22",
        "persona": "priya",
        "note": "a tool consolidated away, the old tool named in the question's distractors",
        "memories": [
            ("old", 450, "Our experiment tracking lives in Weights & Biases."),
            ("new", 60, "We consolidated experiment tracking onto MLflow and cancelled the W&B licence."),
            ("tags", 200, "Tobias wants every experiment tagged with its ticket number."),
            ("dashboards", 350, "The W&B dashboards for the readmission model look great."),
            ("runs", 90, "Experiment runs for the sepsis model take about two hours each."),
        ],
        "questions": [
            ("Which tool do we track experiments in?", ["new"]),
        ],
    },
    {
        "id": "correction-23",
        "persona": "leo",
        "note": "a time changed, said as a plain new fact",
        "memories": [
            ("old", 400, "The DUS-2 night shift starts at 22:00."),
            ("new", 30, "The DUS-2 night shift begins at 21:00 under the new carrier contract."),
            ("pickers", 200, "The DUS-2 night shift has 23 pickers."),
            ("premium", 300, "Night shift workers at DUS-2 get a 25% premium."),
            ("contract", 35, "The new carrier contract covers the Benelux routes."),
        ],
        "questions": [
            ("What time does the night shift at DUS-2 start?", ["new"]),
        ],
    },
    {
        "id": "correction-24",
        "persona": "maya",
        "note": "a job changed twice",
        "memories": [
            ("oldest", 650, "Rui works as an architect at a small studio in Chiado."),
            ("old", 300, "Rui left the Chiado studio to join a bigger firm in Belém."),
            ("new", 15, "Rui quit the Belém firm and is freelancing from home."),
            ("bookshop", 500, "The Chiado studio Rui worked at designed a famous bookshop."),
            ("revit", 100, "Rui is learning Revit for work."),
        ],
        "questions": [
            ("Where does Rui work?", ["new"]),
        ],
    },
    {
        "id": "correction-25",
        "persona": "tom",
        "note": "a new phone number",
        "memories": [
            ("old", 500, "Bea's mobile number is 07700 900123."),
            ("new", 40, "Bea got a new phone, her number is 07700 900456."),
            ("kiln", 200, "Bea's kiln is booked every Thursday."),
            ("texts", 300, "Bea prefers texts to calls."),
            ("studio-wifi", 100, "The studio wifi password is on the fridge."),
        ],
        "questions": [
            ("What's Bea's phone number?", ["new"]),
        ],
    },
    {
        "id": "correction-26",
        "persona": "leo",
        "note": "written after the fixes and run once, unseen by them",
        "memories": [
            ("old", 300, "Our pallet supplier is Holzwerk Meyer in Krefeld."),
            ("new", 12, "Meyer couldn't keep up with volumes, so pallets come from EuroPal Logistik these days."),
            ("price", 200, "A standard Euro pallet costs us about 14 EUR."),
            ("broken", 90, "We throw away around 300 broken pallets a month."),
            ("krefeld", 150, "Krefeld is only twenty minutes from DUS-1."),
        ],
        "questions": [
            ("Who supplies our pallets?", ["new"]),
        ],
    },
    {
        "id": "correction-27",
        "persona": "priya",
        "note": "written after the fixes and run once, unseen by them",
        "memories": [
            ("old", 250, "The readmission model's batch scoring runs at 02:00 every night."),
            ("new", 20, "After the warehouse maintenance window changed, batch scoring for readmission runs at 04:30."),
            ("duration", 180, "Batch scoring for the readmission model takes about 25 minutes."),
            ("alerts", 100, "If batch scoring fails, the on-call data engineer gets a page."),
            ("maintenance", 22, "The Snowflake maintenance window is on Sunday nights."),
        ],
        "questions": [
            ("When does the readmission batch scoring run?", ["new"]),
        ],
    },
]
# fmt: on
