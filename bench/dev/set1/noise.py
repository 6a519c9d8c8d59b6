# ruff: noqa: E501
"""noise: one specific memory holds the name / date / number asked for, among several chatty,
vague memories about the same topic."""

SCENARIOS = [
    {
        "id": "noise-01",
        "persona": "maren",
        "memories": [
            ("ans", 50, "Booked the dentist for Liv: Dr. Sæther at Fana Tannklinikk, 9 January at 08:15."),
            ("n1", 80, "Liv's teeth are a whole saga, she hates the dentist so much."),
            ("n2", 60, "We really need to sort out the dentist thing for Liv soon."),
            ("n3", 45, "Jonas says he'll take Liv to the dentist, we'll see about that."),
            ("n4", 30, "Liv lost another tooth! The tooth fairy is going broke."),
            (
                "n5",
                20,
                "Thinking about whether Liv needs braces eventually, everyone's kids seem to get them.",
            ),
        ],
        "questions": [
            ("When is Liv's dentist appointment and with whom?", ["ans"]),
        ],
    },
    {
        "id": "noise-02",
        "persona": "arjun",
        "memories": [
            (
                "ans",
                20,
                "Postmortem for the settlement delay is Thursday 3pm, room Kaveri, Sneha's running it.",
            ),
            ("n1", 25, "The settlement delay was a mess, so many merchants calling support."),
            ("n2", 22, "ugh we need to talk about that settlement thing properly"),
            ("n3", 18, "I think the settlement issue was partly a bank-side problem, honestly."),
            ("n4", 15, "Writing up notes about the settlement incident, will share soon."),
            ("n5", 10, "Postmortems here are supposed to be blameless but they never feel that way."),
        ],
        "questions": [
            ("When and where is the settlement delay postmortem?", ["ans"]),
        ],
    },
    {
        "id": "noise-03",
        "persona": "lucia",
        "memories": [
            (
                "ans",
                40,
                "The health inspector who came was Sra. Gómez, she gave us a 'favourable' rating with one note about the hand-wash sign.",
            ),
            ("n1", 60, "Health inspection is coming sometime this season, always nerve-wracking."),
            ("n2", 50, "Cleaned the whole bakery top to bottom in case the inspector shows up."),
            ("n3", 45, "Inspections used to be much more relaxed in my grandmother's time."),
            ("n4", 30, "Glad the inspection is behind us, I can breathe again."),
            ("n5", 20, "Other bakers in the guild say the inspectors are getting stricter."),
        ],
        "questions": [
            ("What was the result of the last health inspection and who did it?", ["ans"]),
        ],
    },
    {
        "id": "noise-04",
        "persona": "kwame",
        "memories": [
            ("ans", 35, "Final score against Accra Academy: we won 3–1, Kofi Boateng scored twice."),
            ("n1", 50, "The boys are nervous about the Accra Academy game."),
            ("n2", 40, "Practice this week was intense, the lads really want this one."),
            ("n3", 36, "What a match that was, my voice is gone from shouting."),
            ("n4", 30, "The parents were so loud at the match, great support."),
            ("n5", 20, "We need to keep this momentum going into the next round."),
        ],
        "questions": [
            ("How did the Accra Academy match end, and who scored?", ["ans"]),
        ],
    },
    {
        "id": "noise-05",
        "persona": "hana",
        "memories": [
            (
                "ans",
                12,
                "Series A closed: 1.2 billion yen, led by Globis, announcement embargoed until the 18th.",
            ),
            ("n1", 80, "Fundraising is eating all of our CEO's time."),
            ("n2", 60, "So many investor meetings this month, I'm doing the product demos."),
            ("n3", 40, "Investors keep asking about our churn, glad the numbers look better."),
            ("n4", 20, "Feels like the round might close soon, fingers crossed."),
            ("n5", 5, "Everyone's in a great mood at the office after the funding news."),
        ],
        "questions": [
            ("How much did Hana's company raise and who led the round?", ["ans"]),
        ],
    },
    {
        "id": "noise-06",
        "persona": "dan",
        "memories": [
            ("ans", 25, "Aoife's communion is Saturday 17 May at 11 in St. Columba's, Douglas."),
            ("n1", 60, "Aoife is so excited about her communion, she's picked out the dress already."),
            ("n2", 50, "The communion's going to cost her parents a fortune, the way it's gone."),
            ("n3", 40, "Herself is knitting something for Aoife's communion."),
            ("n4", 20, "Need to get the good suit dry-cleaned for the communion."),
            ("n5", 10, "Communions now are like weddings, bouncy castles and all."),
        ],
        "questions": [
            ("What day and where is Aoife's First Communion?", ["ans"]),
        ],
    },
    {
        "id": "noise-07",
        "persona": "nadia",
        "memories": [
            (
                "ans",
                30,
                "Lease renewal: new rent is 1,685 a month from July 1, up from 1,590, the TAL approved the increase.",
            ),
            ("n1", 90, "My landlord is nice but slow to fix anything."),
            ("n2", 70, "Rents in the Plateau are out of control."),
            ("n3", 50, "Got the lease renewal letter, haven't opened it, scared."),
            ("n4", 35, "Called the landlord about the renewal, he was vague."),
            ("n5", 10, "Maybe we should move in with Éric's place, it's bigger anyway."),
        ],
        "questions": [
            ("What will Nadia's rent be after the renewal?", ["ans"]),
        ],
    },
    {
        "id": "noise-08",
        "persona": "tobias",
        "memories": [
            (
                "ans",
                15,
                "The new doctor starting in February is Dr. Anja Kowalski, 20 hours a week, Tuesdays to Thursdays.",
            ),
            ("n1", 100, "Hiring a second doctor is the only way I'll survive next year."),
            ("n2", 80, "Interviews for the doctor position have been hit and miss."),
            ("n3", 50, "One candidate was great but wanted to live in Hamburg."),
            ("n4", 30, "I think we've found someone for the position, waiting on the contract."),
            ("n5", 10, "Staff are relieved there will be more help soon."),
        ],
        "questions": [
            ("Who is the new doctor joining the practice and what days will she work?", ["ans"]),
        ],
    },
    {
        "id": "noise-09",
        "persona": "ines",
        "memories": [
            (
                "ans",
                18,
                "The Kafka cluster upgrade is scheduled for 27 January, 06:00–08:00 UTC, Jakub is leading it.",
            ),
            ("n1", 90, "Kafka has been a pain for months."),
            ("n2", 60, "We keep talking about upgrading Kafka but never do it."),
            ("n3", 40, "I really don't want to be the one doing the Kafka upgrade."),
            ("n4", 25, "Kafka upgrade planning meeting ran long again."),
            ("n5", 8, "Heard the Kafka upgrade went fine at another company, encouraging."),
        ],
        "questions": [
            ("When's the Kafka upgrade happening and who's running it?", ["ans"]),
        ],
    },
    {
        "id": "noise-10",
        "persona": "maren",
        "memories": [
            (
                "ans",
                70,
                "My paper got accepted in Marine Ecology Progress Series — 'Urchin grazing fronts in western Norway', published online 4 October.",
            ),
            ("n1", 200, "Writing this paper is taking forever."),
            ("n2", 150, "Reviewer 2 strikes again, so many comments."),
            ("n3", 120, "Resubmitted the urchin paper, now we wait."),
            ("n4", 90, "I think the revisions made it much better honestly."),
            ("n5", 40, "People have been emailing about the urchin paper, nice to see."),
        ],
        "questions": [
            ("Which journal published Maren's urchin paper?", ["ans"]),
        ],
    },
    {
        "id": "noise-11",
        "persona": "arjun",
        "memories": [
            ("ans", 45, "Our flat's maintenance guy is Suresh, 98450 22817, comes Tuesdays and Saturdays."),
            ("n1", 100, "The flat always has some leak or other."),
            ("n2", 80, "Building maintenance is hopeless, took them a week to fix the lift."),
            ("n3", 60, "The bathroom tap is dripping again."),
            ("n4", 30, "Kavya wants to just hire someone private for repairs."),
            ("n5", 15, "The association meeting was all about maintenance charges."),
        ],
        "questions": [
            ("Who should I call to fix the dripping tap at Arjun's place, and on what number?", ["ans"]),
        ],
    },
    {
        "id": "noise-12",
        "persona": "lucia",
        "memories": [
            ("ans", 10, "Carla's exam for the pastry course is on 16 January, 9:00, at the CdT in Valencia."),
            ("n1", 120, "Carla is thinking about a pastry course, I'm so proud."),
            ("n2", 90, "The pastry course is hard, lots of theory."),
            ("n3", 60, "Carla is stressed about her course, I give her Sundays off to study."),
            ("n4", 30, "She practises the laminated doughs in the bakery after closing."),
            ("n5", 5, "Carla will be a better pastry chef than me one day."),
        ],
        "questions": [
            ("What's the date of Carla's pastry exam?", ["ans"]),
        ],
    },
    {
        "id": "noise-13",
        "persona": "kwame",
        "memories": [
            (
                "ans",
                22,
                "Esi's WASSCE index number is 4021507063, she'll need it to check results in December.",
            ),
            ("n1", 200, "Esi is very serious about her exams this year."),
            ("n2", 100, "WASSCE season is stressful for the whole family."),
            ("n3", 60, "Esi says the maths paper was okay but chemistry was tough."),
            ("n4", 40, "Waiting for WASSCE results is worse than writing them."),
            ("n5", 10, "If Esi does well she wants to study pharmacy at KNUST."),
        ],
        "questions": [
            ("What's Esi's exam index number?", ["ans"]),
        ],
    },
    {
        "id": "noise-14",
        "persona": "hana",
        "memories": [
            (
                "ans",
                16,
                "Mochi's vaccination was done 21 November, next booster due November next year, Dr. Ono.",
            ),
            ("n1", 150, "Mochi hates the carrier, getting him to the vet is an ordeal."),
            ("n2", 80, "Vet visits cost so much in Tokyo."),
            ("n3", 40, "Mochi was sulking all day after the vet."),
            ("n4", 25, "Should probably check when Mochi's shots are due."),
            ("n5", 8, "Mochi is back to his usual self, stealing my chair."),
        ],
        "questions": [
            ("When is Mochi's next vaccine booster due?", ["ans"]),
        ],
    },
    {
        "id": "noise-15",
        "persona": "dan",
        "memories": [
            (
                "ans",
                8,
                "The MGB needs a new clutch master cylinder, part number GMC1004, Moss Europe have it for 62 pounds.",
            ),
            ("n1", 90, "The MGB is being awkward again, the clutch feels spongy."),
            ("n2", 60, "Spent the whole Saturday in the shed with the MGB, great day."),
            ("n3", 40, "Old cars are never finished, there's always something."),
            ("n4", 20, "The lads on the MG forum have been very helpful."),
            ("n5", 5, "Maura says I spend more time with the MGB than with her."),
        ],
        "questions": [
            ("What part number do I order for the MGB's clutch?", ["ans"]),
        ],
    },
    {
        "id": "noise-16",
        "persona": "ines",
        "memories": [
            (
                "ans",
                30,
                "Band gig: Saturday 14 December, 21:30 at Hot Clube de Portugal, we're second on the bill.",
            ),
            ("n1", 120, "The band has been sounding really tight lately."),
            ("n2", 60, "Trying to learn the bass line for 'Footprints' properly."),
            ("n3", 40, "We might have a gig coming up, the drummer's sorting it."),
            ("n4", 20, "Nervous about playing live again, it's been a year."),
            ("n5", 10, "Friends from work said they'd come to see the band play."),
        ],
        "questions": [
            ("Where and when is Inês's band playing?", ["ans"]),
        ],
    },
]
