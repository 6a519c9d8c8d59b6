# ruff: noqa: E501
"""noise: one specific memory holds the name / date / number asked for, among chatty vague memories on
the same topic."""

SCENARIOS = [
    {
        "id": "noise-01",
        "persona": "maria",
        "memories": [
            (
                "vet",
                40,
                "Bolacha's booster vaccine is booked at Clínica Veterinária da Boavista on 9 December at 10:20.",
            ),
            ("n1", 45, "Bolacha's been a bit mopey, Maria thinks it's the rain."),
            ("n2", 38, "maria says the vet there is lovely, very patient with him"),
            ("n3", 30, "Should probably get Bolacha's shots sorted before Christmas, she said."),
            ("n4", 20, "He HATES the car ride to the vet, cries the whole way lol"),
            ("n5", 10, "Bolacha got a new squeaky toy, a rubber sardine."),
        ],
        "questions": [("When is Bolacha's vaccination appointment?", ["vet"])],
    },
    {
        "id": "noise-02",
        "persona": "kenji",
        "memories": [
            (
                "recital",
                30,
                "Hana's piano recital: Sunday 14 December, 13:30, Toyonaka Civic Hall, small hall.",
            ),
            ("n1", 60, "Hana's been practising her recital piece nonstop, the neighbours must love us"),
            ("n2", 40, "Kenji is nervous about the recital, more than Hana is."),
            ("n3", 25, "Yuki wants to get Hana a dress for the recital."),
            ("n4", 15, "the recital is sometime mid-december I think, need to check"),
            ("n5", 5, "Grandparents might come for the recital."),
        ],
        "questions": [("Where and when is Hana's recital?", ["recital"])],
    },
    {
        "id": "noise-03",
        "persona": "lucas",
        "memories": [
            ("tech", 20, "The oven technician is Raúl Gaitán, 11 5934-2210, comes Tuesdays only."),
            ("n1", 25, "El horno anda raro otra vez, ugh."),
            ("n2", 22, "Lucas said the oven guy is good but expensive."),
            ("n3", 18, "Maybe time to think about a new oven eventually."),
            ("n4", 12, "The oven thing is stressing Sofía out."),
            ("n5", 8, "Oven was fine today, knock on wood."),
        ],
        "questions": [("What's the oven repair guy's phone number?", ["tech"])],
    },
    {
        "id": "noise-04",
        "persona": "amara",
        "memories": [
            ("race", 100, "Manchester Half: race number 11872, start wave C at 09:20."),
            ("n1", 110, "Amara's so excited about the half, first one ever!"),
            ("n2", 90, "She keeps saying the half is going to hurt."),
            ("n3", 70, "race day nerves already and it's weeks away"),
            ("n4", 50, "Amara bought gels for race day, caramel ones."),
            ("n5", 30, "Her cousin promised to cheer at mile 10."),
        ],
        "questions": [("What's Amara's bib number?", ["race"])],
    },
    {
        "id": "noise-05",
        "persona": "priya",
        "memories": [
            (
                "offsite",
                30,
                "Team offsite confirmed: 16-17 January at Windflower Resort, Mysuru. Bus leaves the office 7am.",
            ),
            ("n1", 60, "Priya wants to do an offsite soon, team needs it."),
            ("n2", 45, "Somebody suggested Coorg for the offsite, someone else wants a beach."),
            ("n3", 25, "Offsite agenda: mostly fun, one planning session."),
            ("n4", 20, "The QA is worried about getting carsick on the bus."),
            ("n5", 10, "priya said the offsite budget is tight but ok"),
        ],
        "questions": [("Where is Priya's team going for the offsite and on what dates?", ["offsite"])],
    },
    {
        "id": "noise-06",
        "persona": "erik",
        "memories": [
            (
                "honey",
                60,
                "This year's honey harvest: 34 kg from the two hives, sold 20 jars at the Christmas market.",
            ),
            ("n1", 80, "Erik's bees are busy, lots of lime blossom around."),
            ("n2", 70, "The user says honey tastes different this year, more floral."),
            ("n3", 65, "Extraction day is sticky chaos, grandchildren helped."),
            ("n4", 50, "He's thinking about a third hive next spring."),
            ("n5", 40, "Neighbour complained about a bee in her kitchen."),
        ],
        "questions": [("How many kilos of honey did Erik get this season?", ["honey"])],
    },
    {
        "id": "noise-07",
        "persona": "fatima",
        "memories": [
            ("room", 20, "Lab meeting moved to room B-214 in the OSU Pythéas building, Thursdays 10:00."),
            ("n1", 40, "Lab meetings are getting long, Santoni loves to talk."),
            ("n2", 30, "Fatima presents at lab meeting in two weeks, bit nervous."),
            ("n3", 25, "someone always brings croissants to lab meeting, nice"),
            ("n4", 15, "The lab meeting room is freezing."),
            ("n5", 10, "She'll present her chapter 4 figures at lab meeting."),
        ],
        "questions": [("Which room is Fatima's lab meeting in?", ["room"])],
    },
    {
        "id": "noise-08",
        "persona": "jordan",
        "memories": [
            (
                "gig",
                30,
                "Low Tide Radio at Cheer Up Charlies: Friday 5 December, doors 8, we're on at 9:45, 35-min set.",
            ),
            ("n1", 50, "Band has been rehearsing twice a week, sounding tight."),
            ("n2", 40, "Jordan's nervous about the new song's bridge."),
            ("n3", 35, "we got a gig!! at cheer up charlies!!"),
            ("n4", 20, "The drummer keeps rushing the tempo."),
            ("n5", 10, "Jordan wants to film the show for the band's socials."),
        ],
        "questions": [("What time does Jordan's band go on stage?", ["gig"])],
    },
    {
        "id": "noise-09",
        "persona": "kenji",
        "memories": [
            (
                "budget",
                40,
                "Q1 infra budget for payments approved: ¥4.8M, of which ¥1.2M reserved for the Postgres cluster.",
            ),
            ("n1", 60, "Infra costs are out of control, Kenji says."),
            ("n2", 50, "Finance wants everyone to justify cloud spend."),
            ("n3", 30, "budget talks went ok i think"),
            ("n4", 20, "Kenji hopes there's room for a staging environment upgrade."),
            ("n5", 15, "The AWS bill spiked in October."),
        ],
        "questions": [("How much was approved for payments infra next quarter?", ["budget"])],
    },
    {
        "id": "noise-10",
        "persona": "maria",
        "memories": [
            (
                "flight",
                15,
                "Maria's flight to Berlin for the design conference: TP 570, Porto 06:50 → Lisbon, connecting to TP 534 at 09:25.",
            ),
            ("n1", 40, "Maria really wants to go to the Berlin conference this year."),
            ("n2", 30, "The studio agreed to pay for the conference trip!"),
            ("n3", 20, "She's packing light, carry-on only."),
            ("n4", 12, "early flight, ugh, she hates early flights"),
            ("n5", 8, "She'll meet an old colleague in Kreuzberg."),
        ],
        "questions": [("What's Maria's connecting flight number to Berlin?", ["flight"])],
    },
    {
        "id": "noise-11",
        "persona": "amara",
        "memories": [
            (
                "viewing",
                10,
                "House viewing booked: 27 Moorside Road, Urmston, Saturday at 11:15 with agent Kelly from Jordan Fishwick.",
            ),
            ("n1", 30, "Amara's been scrolling Rightmove every night."),
            ("n2", 25, "She likes Urmston, near the tram and quiet."),
            ("n3", 20, "first house viewing!! eek"),
            ("n4", 15, "Her mum wants her to look for a three-bed 'for the future'."),
            ("n5", 5, "Mortgage in principle came through."),
        ],
        "questions": [("What's the address of the house Amara is viewing?", ["viewing"])],
    },
    {
        "id": "noise-12",
        "persona": "lucas",
        "memories": [
            (
                "vale",
                40,
                "Valentina's school trip to Tandil: leaves 3 November at 6:30 from the school gate, returns the 5th; cost 95.000 pesos.",
            ),
            ("n1", 60, "Vale is super excited about the school trip."),
            ("n2", 50, "Sofía's worried about Vale going away for the first time."),
            ("n3", 35, "trip stuff: need to buy her a sleeping bag"),
            ("n4", 30, "The trip is something like three days I think."),
            ("n5", 20, "Lucas packed alfajores for her friends."),
        ],
        "questions": [("What time does the bus for Valentina's trip leave?", ["vale"])],
    },
]
