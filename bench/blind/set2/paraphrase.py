"""paraphrase: the question uses different words from the memory that answers it."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "paraphrase-01",
        "persona": "tomasz",
        "memories": [
            ("fear", 300, "Ola got bitten as a child and is still properly scared of dogs, so we don't visit friends who have big ones."),
            ("hamster", 120, "Kuba wants a hamster for his birthday. Ola says maybe."),
            ("zosia", 200, "Zosia is mildly allergic to cat hair — itchy eyes, nothing serious."),
            ("dachshund", 90, "Ola's parents keep a little dachshund at their allotment in Oleśnica."),
            ("zoo", 40, "Took the kids to the Wrocław zoo, the Afrykarium was packed."),
        ],
        "questions": [("Is his wife afraid of any animals?", ["fear"])],
    },
    {
        "id": "paraphrase-02",
        "persona": "tomasz",
        "memories": [
            ("sun", 80, "We switched the on-call rota to follow-the-sun: the Manila team now takes everything between 22:00 and 07:00 our time."),
            ("pay", 200, "On-call pays 400 zł a week on top of salary."),
            ("escalation", 150, "Escalation goes primary, then secondary, then Marta as team lead."),
            ("tool", 300, "We replaced PagerDuty with incident.io last year."),
            ("phone", 30, "My phone is on do-not-disturb from 23:00 except for the incident.io app."),
        ],
        "questions": [("Who deals with alerts that fire in the middle of the night?", ["sun"])],
    },
    {
        "id": "paraphrase-03",
        "persona": "amara",
        "memories": [
            ("proposal", 150, "Dele proposed on the 28 tram in Lisbon of all places!! I said yes obviously."),
            ("venues", 60, "Looking at venues in Didsbury, everything is silly money."),
            ("mum", 100, "Mum keeps asking when we're coming to Enugu."),
            ("bday", 250, "Dele's birthday is 3 March, he wants nothing, which means he wants something."),
            ("lisbon", 160, "Lisbon trip: Airbnb in Alfama, 5 nights, flights with easyJet."),
        ],
        "questions": [("Where did her boyfriend pop the question?", ["proposal"])],
    },
    {
        "id": "paraphrase-04",
        "persona": "amara",
        "memories": [
            ("itband", 40, "Physio reckons it's my IT band, not the knee joint itself. Foam roller and glute work for six weeks, then reassess."),
            ("shoes", 90, "Bought new Saucony Endorphins, the old pair had done about 600 miles."),
            ("sore", 70, "Knee's been sore after every long run since August."),
            ("half", 110, "Signed up for the Manchester Half in October."),
            ("strava", 20, "Strava says I've run 40% less this month. Grim."),
        ],
        "questions": [("What did the specialist think is behind the pain in her leg when she runs?", ["itband"])],
    },
    {
        "id": "paraphrase-05",
        "persona": "kenji",
        "memories": [
            ("masters", 60, "Mai told us she wants to do her master's in Copenhagen. Yuko cried a little."),
            ("cafe", 150, "Mai works part time in a café in Namba, three evenings a week."),
            ("studio", 90, "Mai's studio project is a wooden row house for elderly residents. Her professor liked it."),
            ("obon", 200, "Mai came home for Obon, slept most of the time."),
            ("scholar", 30, "We looked at how much living in Europe costs. Very expensive."),
        ],
        "questions": [("Where does his daughter hope to do graduate school?", ["masters"])],
    },
    {
        "id": "paraphrase-06",
        "persona": "kenji",
        "memories": [
            ("rent", 50, "Landlord is raising the shop rent from 180,000 yen to 215,000 yen from April."),
            ("bones", 80, "Pork bone prices are up 12% since last year."),
            ("price", 40, "Thinking about raising the ramen to 950 yen."),
            ("electric", 100, "Electricity for the shop was 68,000 yen in August, the hottest month."),
            ("lease", 400, "Lease for the shop renews every two years, the landlord is an old man in Fukuoka city."),
        ],
        "questions": [("How much more will the premises cost him each month?", ["rent"])],
    },
    {
        "id": "paraphrase-07",
        "persona": "lucia",
        "memories": [
            ("kidney", 30, "Fideo's bloodwork came back: early-stage kidney disease. He's on a renal diet now, the vet wants a recheck in 3 months."),
            ("vaccines", 120, "Fideo's vaccines are due in March."),
            ("glaze", 60, "Fideo knocked a whole glaze bucket off the shelf. Turquoise cat for a day."),
            ("neighbour", 200, "My neighbour Marta feeds Fideo when I travel."),
            ("food", 90, "Switched Fideo's dry food to a grain-free brand, he seems to like it."),
        ],
        "questions": [("Does her pet have any medical condition?", ["kidney"])],
    },
    {
        "id": "paraphrase-08",
        "persona": "lucia",
        "memories": [
            ("pesos", 70, "Decided: no more projects paid in pesos. By the time the transfer lands inflation has eaten a chunk of it."),
            ("rates", 150, "Rates: 45 USD/hour for research, 55 for design systems work."),
            ("euros", 100, "Estudio Norte pays me in euros through Wise."),
            ("bakery", 20, "A bakery in Villa Urquiza asked me for a logo. Cute place."),
            ("accountant", 250, "Accountant is Mariela; she does my monotributo every month."),
        ],
        "questions": [("Would she accept a job from a local company that can only pay in Argentine currency?", ["pesos"])],
    },
    {
        "id": "paraphrase-09",
        "persona": "devika",
        "memories": [
            ("fall", 10, "Appa slipped in the bathroom last week — nothing broken, thank god. We've put in grab bars and an anti-slip mat."),
            ("bp", 200, "Appa takes his BP tablet every morning after breakfast."),
            ("walk", 150, "He walks in Cubbon Park every morning with his retired-bank-manager gang."),
            ("cataract", 300, "Cataract surgery on his left eye was done in January at Narayana Nethralaya."),
            ("maid", 60, "New cook Lalitha comes at 7am and 6pm."),
        ],
        "questions": [("Has her dad had any accidents around the house lately?", ["fall"])],
    },
    {
        "id": "paraphrase-10",
        "persona": "devika",
        "memories": [
            ("chess", 20, "Meera got selected for the Karnataka under-14 chess squad!!! Over the moon."),
            ("boards", 90, "Arjun's board exams start in March; he's stressed."),
            ("coding", 120, "Arjun joined the robotics and coding club at school."),
            ("coach", 200, "Meera's chess coach comes on Wednesdays and Saturdays."),
            ("rating", 150, "Meera's FIDE rating is still unrated, she needs more rated games."),
        ],
        "questions": [("What has her younger child achieved recently?", ["chess"])],
    },
    {
        "id": "paraphrase-11",
        "persona": "henrik",
        "memories": [
            ("liver", 35, "The doctor wants me to cut right back on aquavit and beer. Liver values were a bit off at the last check."),
            ("christmas", 330, "Randi and I always do pinnekjøtt at Christmas, with aquavit of course."),
            ("blood", 36, "Blood test results: cholesterol fine, vitamin D low, I should take a supplement."),
            ("gift", 100, "Bought a bottle of Linie for Odd's 70th."),
            ("checkup", 60, "Annual check-up booked with the GP for the end of the month."),
        ],
        "questions": [("Did his GP say anything about how much he drinks?", ["liver"])],
    },
    {
        "id": "paraphrase-12",
        "persona": "henrik",
        "memories": [
            ("sold", 40, "Sold the old Volvo 240 to a collector from Voss for 38,000 kroner. Strange to see it drive off."),
            ("hardanger", 300, "Every summer I drove the Volvo along the Hardanger fjord road."),
            ("leaf", 30, "Randi's Nissan Leaf does everything we need around town."),
            ("tyres", 200, "Winter tyres are stored at the tyre hotel in Åsane."),
            ("eu", 400, "The 240 passed the EU inspection again, amazing for a 1987 car."),
        ],
        "questions": [("What happened to his classic car?", ["sold"])],
    },
    {
        "id": "paraphrase-13",
        "persona": "grace",
        "memories": [
            ("bonus", 30, "The board voted a second payment of 18 shillings per kilo of cherry, paid out in March."),
            ("first", 120, "First payment for cherry this season was 65 KES/kg."),
            ("late", 60, "Farmers are complaining that last season's payments came late."),
            ("elections", 45, "Board elections are next month, three seats open."),
            ("loans", 90, "Input loans for fertiliser are deducted from the cherry payments."),
        ],
        "questions": [("How much extra will growers receive per kg on top of what they already got?", ["bonus"])],
    },
    {
        "id": "paraphrase-14",
        "persona": "grace",
        "memories": [
            ("myopia", 25, "Brian (my firstborn) is short-sighted, the optician in Nyeri gave him his first glasses."),
            ("tooth", 60, "Tony lost his front tooth playing football, he is very proud."),
            ("football", 90, "Brian plays striker for the school team."),
            ("letter", 40, "School sent home a letter about a health screening day."),
            ("reading", 100, "Brian's teacher says he reads well but rushes his maths."),
        ],
        "questions": [("Does her eldest have any trouble with his eyesight?", ["myopia"])],
    },
    {
        "id": "paraphrase-15",
        "persona": "sam",
        "memories": [
            ("carprofen", 30, "Vet put Biscuit on carprofen — his hips are really arthritic now. Half a tablet with dinner."),
            ("age", 200, "Biscuit is 14, which is ancient for a beagle."),
            ("jess", 120, "Jess walks Biscuit at lunch when I'm deep in code."),
            ("sock", 80, "Biscuit ate a whole sock in October, vet bill was 900 bucks."),
            ("bed", 20, "Ordered an orthopedic foam bed for Biscuit from Chewy."),
        ],
        "questions": [("Is the old pup on anything for his joints?", ["carprofen"])],
    },
    {
        "id": "paraphrase-16",
        "persona": "sam",
        "memories": [
            ("offer", 45, "Fernlight offered 30k advance to port the game to Switch and PlayStation; they take 40% of net until it recoups, then 25%."),
            ("ip", 100, "Sam refuses any deal that touches the IP rights."),
            ("kickstarter", 200, "Thinking about a Kickstarter for the next game."),
            ("showcase", 60, "Applied to the Day of the Devs showcase, fingers crossed."),
            ("porting", 20, "Porting studios quoted 60–80k for a Switch port, which is wild."),
        ],
        "questions": [("What were the terms of the console publishing deal Sam was offered?", ["offer"])],
    },
    {
        "id": "paraphrase-17",
        "persona": "henrik",
        "memories": [
            ("tinnitus", 200, "I've had a constant high-pitched ringing in both ears since the engine room years. Worse at night when it's quiet."),
            ("shout", 60, "Randi says I shout on the phone. I say the phone is too quiet."),
            ("db", 300, "Engine rooms in the seventies were well over 100 dB and nobody wore protection."),
            ("radio", 40, "Bought a radio with big buttons for the kitchen."),
            ("eyes", 100, "New reading glasses, plus 2.5."),
        ],
        "questions": [("Does Henrik have any problems with his hearing?", ["tinnitus"])],
    },
    {
        "id": "paraphrase-18",
        "persona": "lucia",
        "memories": [
            ("pacemaker", 70, "Papá got a pacemaker put in at the Italiano hospital in October. He's fine, already complaining about the food."),
            ("mum", 150, "Mamá is doing her pilates three times a week, she's fitter than me."),
            ("bday", 200, "Papá turns 70 in January, we're thinking of a dinner in San Telmo."),
            ("prepaga", 90, "Their health insurance is OSDE, thank god."),
            ("visits", 30, "I go to my parents' in Belgrano every Sunday for lunch."),
        ],
        "questions": [("Has her dad had any heart procedures?", ["pacemaker"])],
    },
]
