# ruff: noqa: E501
"""correction: a later memory changes or corrects a value; the answer is the newest one."""

SCENARIOS = [
    {
        "id": "correction-01",
        "persona": "ines",
        "memories": [
            ("v1", 30, "Dentist for me on the 10th at 14:00"),
            ("d1", 25, "Matilde's dentist is on the 10th as well, after school"),
            ("v2", 20, "My dentist got moved to the 17th, same time"),
            ("v3", 12, "Argh, the clinic rang again - now it's the 19th at 9:30"),
        ],
        "questions": [("When is Inês's own dental appointment?", ["v3"])],
        "note": "rescheduled twice",
    },
    {
        "id": "correction-02",
        "persona": "kwame",
        "memories": [
            ("old", 40, "Payments platform team is 14 engineers"),
            ("new", 38, "Correction to what I said - it's 17, I forgot the three contractors"),
            ("d1", 35, "Fraud team is 9 people"),
            ("d2", 20, "We're hiring two more seniors next quarter"),
        ],
        "questions": [("What's the headcount on the payments platform team?", ["new"])],
    },
    {
        "id": "correction-03",
        "persona": "yuki",
        "memories": [
            ("old", 400, "My flat's in Tennoji, 8 minutes from the station"),
            ("d1", 300, "Tennoji zoo is noisy in the mornings, the gibbons lol"),
            ("new", 60, "Moving day done! New place is in Abeno, right by Harukas"),
            ("d2", 20, "Mochi is slowly getting used to the new flat"),
        ],
        "questions": [("Which neighbourhood of Osaka does Yuki live in?", ["new"])],
    },
    {
        "id": "correction-04",
        "persona": "rafael",
        "memories": [
            ("old", 200, "Tacos al pastor are 25 pesos each"),
            ("d1", 150, "Suadero tacos are 28"),
            ("new", 40, "Had to put the al pastor up to 32, pork went up 20%"),
            ("d2", 30, "Customers grumbled about the price hike but kept ordering"),
        ],
        "questions": [("How much do we charge for one al pastor taco?", ["new"])],
    },
    {
        "id": "correction-05",
        "persona": "priya",
        "memories": [
            ("old", 100, "Launch date for payouts v2: 15 August"),
            (
                "new",
                90,
                "You've got the v2 launch wrong - it's 5 August, not the 15th. The 15th is a public holiday.",
            ),
            ("d1", 80, "Marketing wants a week's notice before launch"),
            ("d2", 30, "Payouts v3 scoping starts in September"),
        ],
        "questions": [("When does payouts v2 go live?", ["new"])],
        "note": "user corrects the agent's record",
    },
    {
        "id": "correction-06",
        "persona": "lena",
        "memories": [
            ("old", 500, "My car's an old VW Golf from 2009, but it runs"),
            ("d1", 300, "The Golf failed TÜV on the brakes, 400 euros to fix"),
            (
                "new",
                100,
                "Sold the Golf and got a used Skoda Octavia estate - finally room for the dog crates",
            ),
            ("d2", 50, "Insurance on the Skoda is cheaper than I expected"),
        ],
        "questions": [("What car does Lena drive?", ["new", "d2"])],
    },
    {
        "id": "correction-07",
        "persona": "tom",
        "memories": [
            ("old", 200, "Minor training: Mondays and Thursdays, 7pm, Knocknacarra pitch"),
            ("d1", 100, "Knocknacarra pitch has new floodlights"),
            (
                "new",
                15,
                "Declan texted - from this week training is on the astro in Dangan, Knocknacarra's waterlogged for the winter",
            ),
            ("d2", 10, "The Dangan astro costs the club €60 an hour"),
        ],
        "questions": [("Where should the lads turn up for training on Thursday?", ["new"])],
        "note": "change reported by a third person",
    },
    {
        "id": "correction-08",
        "persona": "amara",
        "memories": [
            ("old", 300, "I swim at the Harbourfront pool before work, 6:30am"),
            ("d1", 200, "Harbourfront pool closes for maintenance every August"),
            ("new", 40, "These days my morning workout is spin at Barry's on King - swimming got boring"),
            ("d2", 20, "Bought a Speedo swimsuit on sale, might use it on holiday"),
        ],
        "questions": [("What does Amara do to exercise in the mornings?", ["new"])],
        "note": "implicit change",
    },
    {
        "id": "correction-09",
        "persona": "kwame",
        "memories": [
            ("old", 400, "Alerts page us through PagerDuty"),
            ("d1", 300, "Escalation policy: primary, secondary, then the EM after 15 min"),
            (
                "new",
                50,
                "Finance forced a move: paging goes through Opsgenie since the 1st, the PagerDuty account is closed",
            ),
            ("d2", 20, "The Opsgenie Android app is clunky"),
        ],
        "questions": [("Which tool should the new alert route pages through?", ["new"])],
        "note": "tool change for a team",
    },
    {
        "id": "correction-10",
        "persona": "ines",
        "memories": [
            ("v1", 300, "Internet at home is MEO fibre, 500Mb"),
            ("d1", 200, "The MEO TV box keeps freezing"),
            ("v2", 60, "Thinking of switching to NOS, they offered 1Gb for less money"),
            ("v3", 40, "NOS technician came today, 1Gb fibre installed. Still need to cancel MEO"),
            ("v4", 30, "MEO cancelled, router handed back at the store"),
        ],
        "questions": [("Who's our home internet provider now?", ["v3", "v4"])],
        "note": "change spread over three memories",
    },
    {
        "id": "correction-11",
        "persona": "yuki",
        "memories": [
            ("old", 15, "Cello sectional rehearsal: Saturday 14:00"),
            ("new", 14, "Scratch that, the sectional's Sunday 10:00 - the hall is double-booked on Saturday"),
            ("d1", 10, "Full orchestra rehearsal stays Sunday afternoon"),
            ("d2", 5, "Need to practise the Dvořák scherzo before the sectional"),
        ],
        "questions": [("When's the cello sectional?", ["new"])],
    },
    {
        "id": "correction-12",
        "persona": "rafael",
        "memories": [
            ("v1", 500, "Head chef is Don Beto, with us from day one"),
            ("v2", 200, "Beto retired, his sous-chef Claudia takes over the kitchen"),
            ("d1", 100, "Claudia added three vegan dishes to the menu"),
            (
                "v3",
                30,
                "A hotel in Puerto Vallarta poached Claudia; we promoted Iván from the line to run the kitchen",
            ),
        ],
        "questions": [("Who runs the kitchen at the restaurant now?", ["v3"])],
        "note": "changed twice",
    },
    {
        "id": "correction-13",
        "persona": "priya",
        "memories": [
            ("old", 200, "Merchant subscription is ₹999 a month"),
            ("d1", 150, "The competitor charges ₹1,499"),
            (
                "new",
                50,
                "Pricing committee approved ₹1,299/month from next quarter; existing merchants keep ₹999 for six months",
            ),
            ("d2", 20, "Sales wants a discount for annual plans"),
        ],
        "questions": [("What will a new merchant pay per month once the change kicks in?", ["new"])],
        "note": "price change on a product",
    },
    {
        "id": "correction-14",
        "persona": "lena",
        "memories": [
            ("old", 20, "Bruno the dachshund weighs 4.9 kg"),
            ("new", 18, "Typo earlier - Bruno is 9.4 kg, I swapped the digits. Dose accordingly."),
            ("d1", 15, "Bruno's sister Lotte is 7.2 kg"),
            ("d2", 10, "Bruno's Semintra is dosed by body weight"),
        ],
        "questions": [("What's Bruno's weight for working out his dose?", ["new"])],
    },
    {
        "id": "correction-15",
        "persona": "tom",
        "memories": [
            (
                "old",
                200,
                "We're getting a kitchen extension built in the spring, the architect is drawing it up",
            ),
            ("d1", 150, "Architect's quote for the extension came in at €85k"),
            (
                "new",
                50,
                "Extension's off, way too dear. Converting the attic into a bedroom for Cian instead",
            ),
            ("d2", 20, "Builders start on the attic in March"),
        ],
        "questions": [("What building work are the Brennans having done on the house?", ["new", "d2"])],
        "note": "change about a home project",
    },
    {
        "id": "correction-16",
        "persona": "amara",
        "memories": [
            ("old", 60, "Trademark appeal hearing set for 12 February"),
            ("d1", 50, "Need to book Courtroom 6 for a prep moot"),
            ("d2", 30, "Delgado mediation is on 14 February"),
            ("new", 10, "Court vacated the Feb 12 date; the appeal will now be heard 26 March at 10am"),
        ],
        "questions": [("What's the date for the trademark appeal hearing?", ["new"])],
    },
    {
        "id": "correction-17",
        "persona": "kwame",
        "memories": [
            ("old", 500, "Renting a two-bed in Chorlton, £1,150 a month"),
            ("d1", 400, "The Chorlton landlord is useless about the damp"),
            ("new", 40, "Got the keys!! We own a little semi in Sale now, goodbye landlord"),
            ("d2", 20, "Commute from Sale is 20 minutes on the tram"),
        ],
        "questions": [("Where do Kwame and Abena live?", ["new"])],
    },
    {
        "id": "correction-18",
        "persona": "yuki",
        "memories": [
            ("old", 300, "On our ward everything is still on paper charts, a nightmare to read"),
            ("d1", 200, "Doctors' handwriting should be a crime"),
            (
                "new",
                30,
                "Update from user: her ward went live on the electronic charting system last week, paper charts retired",
            ),
            ("d2", 10, "Training for the e-chart is every Wednesday"),
        ],
        "questions": [("How are patient notes recorded on her ward now?", ["new"])],
        "note": "change about a team's tooling",
    },
    {
        "id": "correction-19",
        "persona": "ines",
        "memories": [
            ("old", 100, "Matilde goes to EB Manuel da Maia"),
            (
                "new",
                95,
                "No, that's wrong - Matilde is at EB Padre António Vieira. Manuel da Maia was the one we only visited.",
            ),
            ("d1", 80, "Duarte will start at the same school in two years"),
            ("d2", 30, "School starts at 8:45"),
        ],
        "questions": [("Which school does my daughter go to?", ["new"])],
        "note": "user corrects the agent's record",
    },
    {
        "id": "correction-20",
        "persona": "priya",
        "memories": [
            ("v1", 120, "Standup is 9:45 every day on Google Meet"),
            ("d1", 100, "Standups run long when Kiran's there"),
            ("v2", 45, "Moved standup to 10:15 so the Pune folks can join after their commute"),
            (
                "v3",
                7,
                "Standup is now in person in the Banyan room on Tue/Thu, still 10:15; Meet the other days",
            ),
        ],
        "questions": [("Where and when is standup on Thursdays?", ["v3"])],
        "note": "time changed, then place changed",
    },
    {
        "id": "correction-21",
        "persona": "amara",
        "memories": [
            ("old", 250, "Mei is my law clerk, she handles all my filings"),
            ("d1", 200, "Mei prefers filing deadlines in her calendar a week early"),
            ("new", 20, "Filings go to Dominic now - Mei switched to the real estate group"),
            ("d2", 5, "Motion record for the trademark appeal needs filing by Friday"),
        ],
        "questions": [("Who should I hand the trademark motion record to for filing?", ["new"])],
        "note": "role changed hands",
    },
]
