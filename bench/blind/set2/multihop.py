"""multihop: the answer needs a link between two memories; the answer key is the memory that
holds the answer, not the link."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "multihop-01",
        "persona": "tomasz",
        "memories": [
            ("link", 300, "My team lead is Marta Zielińska, she took over the platform team last year."),
            ("decaf", 120, "Marta only drinks decaf — real coffee gives her migraines."),
            ("anka", 100, "Anka drinks flat whites with oat milk, always."),
            ("machine", 20, "The office coffee machine is broken again, we're all going to Etno Cafe downstairs."),
            ("piotr", 50, "Piotr's birthday is on Friday, someone needs to buy a cake."),
        ],
        "questions": [("I'm grabbing coffee for my team lead, what should I get her?", ["decaf"])],
    },
    {
        "id": "multihop-02",
        "persona": "tomasz",
        "memories": [
            ("link", 400, "Ola's brother Marek is a mechanic in Oleśnica."),
            ("garage", 150, "Marek's garage is Auto-Serwis Kruk, ul. Wojska Polskiego 14 — closes at 17:00, Saturdays till 13."),
            ("kasia", 300, "Ola's sister Kasia lives in Berlin with her partner."),
            ("usual", 200, "Our usual garage in Wrocław totally overcharged us for the brake discs."),
            ("cousin", 250, "My cousin Bartek sells used cars, but I wouldn't trust him with a bicycle."),
        ],
        "questions": [("Where's my brother-in-law's workshop, and until what time is it open?", ["garage"])],
    },
    {
        "id": "multihop-03",
        "persona": "amara",
        "memories": [
            ("link", 500, "My best friend from uni is Tolu — we met in halls at Salford."),
            ("tolu-job", 100, "Tolu moved to Leeds and works as a pharmacist at a Boots in the city centre now."),
            ("hannah", 200, "Hannah on my ward trained as a pharmacist before switching to nursing."),
            ("tolu-kid", 150, "Tolu's little girl started nursery in September."),
            ("reunion", 50, "Halls reunion in Salford planned for spring, nobody has booked anything."),
        ],
        "questions": [("What does Amara's best friend do for work these days?", ["tolu-job"])],
    },
    {
        "id": "multihop-04",
        "persona": "amara",
        "memories": [
            ("link", 350, "Our ward manager is Sister Bernadette O'Neill, been on the ward 30 years."),
            ("leaving", 30, "Bernadette's retiring in August — leaving do at the Font bar on Oxford Road, 2 August from 7."),
            ("card", 20, "Someone's collecting for a leaving present, I put in a tenner."),
            ("matron", 100, "Matron is Claire Doyle, she covers three wards."),
            ("christmas", 300, "Ward Christmas do was at the Albert Schloss, messy."),
        ],
        "questions": [("When and where is my manager's retirement party?", ["leaving"])],
    },
    {
        "id": "multihop-05",
        "persona": "kenji",
        "memories": [
            ("link", 600, "Our tax filing is done by the tax accountant Hayashi-san, a school friend of mine."),
            ("office", 40, "Hayashi-san's office moved to Tenjin, 3rd floor of the building behind the Daimaru annex."),
            ("receipts", 50, "Need to collect all receipts from January to December in one box."),
            ("deadline", 60, "Tax return deadline is March 15."),
            ("yuko", 100, "Yuko keeps the daily sales book by hand."),
        ],
        "questions": [("Where do I take my receipts for my tax guy?", ["office"])],
    },
    {
        "id": "multihop-06",
        "persona": "kenji",
        "memories": [
            ("link", 500, "Our pork bones come from the Shimada farm in Itoshima, for ten years."),
            ("suspended", 4, "Shimada farm had a swine fever scare; all their shipments are suspended for two weeks."),
            ("noodles", 30, "Noodles from Maruyama Seimen, no problems there."),
            ("backup", 200, "The Kagoshima supplier could do bones in an emergency but they're expensive."),
            ("price", 80, "Pork bone prices went up 12% this year."),
        ],
        "questions": [("Can my bone supplier deliver next week?", ["suspended"])],
    },
    {
        "id": "multihop-07",
        "persona": "lucia",
        "memories": [
            ("link", 250, "My ceramics teacher is Rocío, she's been throwing pots for twenty years."),
            ("studio", 25, "Rocío is opening her own studio in Villa Crespo in May, and she asked if I'd help with the branding."),
            ("taller", 200, "Taller Barro is the studio where the class happens, in Palermo Soho."),
            ("classmate", 100, "Ana from class makes the most beautiful celadon bowls."),
            ("wheel", 60, "Thinking of buying a second-hand wheel for home, no idea where I'd put it."),
        ],
        "questions": [("What are my pottery instructor's plans?", ["studio"])],
    },
    {
        "id": "multihop-08",
        "persona": "lucia",
        "memories": [
            ("link", 300, "Nico's restaurant is Sobremesa, in Lavapiés."),
            ("bib", 20, "Sobremesa got a Bib Gourmand in the new Michelin guide!!!"),
            ("shifts", 100, "Nico is tired of fourteen-hour shifts, says he'll burn out."),
            ("madrid", 50, "Going to Madrid in April, staying at Nico's."),
            ("menu", 150, "I designed the menu for a friend's bar in San Telmo last year."),
        ],
        "questions": [("Has my brother's restaurant won anything?", ["bib"])],
    },
    {
        "id": "multihop-09",
        "persona": "devika",
        "memories": [
            ("link", 200, "Meera's class teacher this year is Mrs. D'Souza."),
            ("slots", 60, "Mrs. D'Souza only meets parents on Saturdays, 9 to 11, and you have to book through the school app."),
            ("arjun-teacher", 180, "Arjun's class teacher Mr. Prakash prefers WhatsApp."),
            ("ptm", 30, "The official PTM is the second Saturday of next month."),
            ("report", 40, "Meera's report card says she talks too much in class. Shocking."),
        ],
        "questions": [("When can I meet my daughter's class teacher?", ["slots"])],
    },
    {
        "id": "multihop-10",
        "persona": "devika",
        "memories": [
            ("link", 300, "Our biggest merchant by volume is Chai Point."),
            ("v1", 90, "Chai Point still runs on the legacy v1 onboarding API and refuses to migrate till next year."),
            ("v2", 150, "All new merchants get the v2 API by default."),
            ("deprecate", 60, "Plan is to deprecate v1 by Q3, pending exceptions."),
            ("second", 200, "Second biggest is a chain of pharmacies in Chennai."),
        ],
        "questions": [("Which API version is our largest merchant on?", ["v1"])],
    },
    {
        "id": "multihop-11",
        "persona": "henrik",
        "memories": [
            ("link", 600, "The Stavanger grandchildren are our daughter Sigrid's two boys."),
            ("move", 30, "Sigrid's family moves to Trondheim in June — her husband got a job at NTNU."),
            ("oslo", 300, "Our younger daughter Ingrid lives in Oslo with her little girl."),
            ("visit", 90, "We visited Stavanger in the autumn half-term, lots of rain."),
            ("train", 40, "The train to Trondheim from Bergen is a long way round."),
        ],
        "questions": [("Where will the Stavanger grandkids be living after the summer?", ["move"])],
    },
    {
        "id": "multihop-12",
        "persona": "henrik",
        "memories": [
            ("link", 500, "Måke's engine is a Volvo Penta MD2020, two cylinders, old but honest."),
            ("oil", 200, "The MD2020 takes about 1.2 litres of 15W-40 engine oil when changing with the filter."),
            ("gear", 190, "Gearbox oil is ATF, checked every spring."),
            ("odd-oil", 100, "Odd's Yanmar takes a lot more oil, he always borrows mine."),
            ("fuel", 60, "Filled the diesel tank, 40 litres, at the marina."),
        ],
        "questions": [("How much oil do I need for the oil change on the boat's engine?", ["oil"])],
    },
    {
        "id": "multihop-13",
        "persona": "grace",
        "memories": [
            ("link", 400, "The chairman of our cooperative is Mzee Kariuki."),
            ("stroke", 10, "Kariuki was admitted to Outspan hospital after a mild stroke; he is stable but will be away for some weeks."),
            ("vice", 200, "The vice chair is Mama Njeri, very sharp with numbers."),
            ("meeting", 20, "Board meeting postponed, no new date yet."),
            ("elections", 50, "Chairman's term ends next year."),
        ],
        "questions": [("How is the cooperative's chairman doing?", ["stroke"])],
    },
    {
        "id": "multihop-14",
        "persona": "grace",
        "memories": [
            ("link", 200, "Tony's best friend at school is Kelvin, they are always together."),
            ("eggs", 60, "Kelvin's mother Wanjiru sells kienyeji eggs at Karatina market, 20 bob each."),
            ("kuku", 100, "Our own hens stopped laying when the rains came."),
            ("supermarket", 90, "Eggs at Naivas are expensive now."),
            ("birthday", 30, "Kelvin is coming over for Tony's birthday."),
        ],
        "questions": [("Where can I get eggs — doesn't Tony's friend's family sell some?", ["eggs"])],
    },
    {
        "id": "multihop-15",
        "persona": "sam",
        "memories": [
            ("link", 400, "The soundtrack for the game is by Ravi Menon, we met at a game jam."),
            ("rate", 100, "Ravi's rate is $600 per finished minute of music, stems included."),
            ("sfx", 150, "SFX are mostly from a Sonniss bundle."),
            ("ost", 60, "Selling the OST on Bandcamp earned about $800 so far."),
            ("budget", 20, "Music budget for 0.8.0 is tight."),
        ],
        "questions": [("How much would three more minutes from the game's composer cost?", ["rate"])],
    },
    {
        "id": "multihop-16",
        "persona": "sam",
        "memories": [
            ("link", 300, "Marco, one of my roommates, is the band's drummer."),
            ("wrist", 10, "Our drummer broke his wrist skateboarding. In a cast for six weeks."),
            ("bass", 200, "I play a four-string, Marco keeps telling me to get a five."),
            ("jess", 150, "Jess, the other roommate, works nights at OHSU."),
            ("practice", 30, "Practice is in Marco's parents' garage in Gresham."),
        ],
        "questions": [("Is Marco able to play at the moment?", ["wrist"])],
    },
    {
        "id": "multihop-17",
        "persona": "henrik",
        "memories": [
            ("link", 500, "Odd's wife is Liv; they've been married almost as long as Randi and I."),
            ("shellfish", 200, "Liv is allergic to shellfish — badly, she carries an adrenaline pen."),
            ("odd-food", 150, "Odd will eat anything as long as there's boiled potatoes with it."),
            ("menu", 5, "Thinking of making a big seafood platter when friends come over on Saturday."),
            ("randi", 300, "Randi doesn't like coriander."),
        ],
        "questions": [("I'm hosting Odd and his wife for dinner — is there anything she can't eat?", ["shellfish"])],
    },
    {
        "id": "multihop-18",
        "persona": "amara",
        "memories": [
            ("link", 400, "Chioma's husband is Emeka, he's an engineer at an oil services company."),
            ("bday", 120, "Emeka's birthday is 19 November, he's turning 40 this year."),
            ("dele-bday", 250, "Dele's birthday is in March."),
            ("twins", 200, "The twins' birthday is in July."),
            ("gift", 20, "Thinking of sending a nice watch for the big 4-0."),
        ],
        "questions": [("When's my brother-in-law's birthday?", ["bday"])],
    },
]
