"""Multihop scenarios of dev set 4: the question names a relation; a separate memory says who or what
that relation is, and the answer key is the memory holding the fact asked for (not the link)."""

SCENARIOS = [
    {
        "id": "multihop-01",
        "persona": "ines",
        "memories": [
            ("link", 260, "The head nurse on my ward is Graça Pinto, she signs off on all the rota changes."),
            (
                "camino",
                30,
                "Graça is off the whole of August, she's walking the Camino from Porto to Santiago.",
            ),
            ("rui-vac", 45, "Rui's vacation is the second half of July."),
            ("sofia", 100, "Sofia from the ward is on maternity leave until March."),
            ("protocol", 70, "Graça wants everyone trained on the new vaccination protocol before summer."),
        ],
        "questions": [("When is Inês's boss away on holiday?", ["camino"])],
    },
    {
        "id": "multihop-02",
        "persona": "ines",
        "memories": [
            ("link", 300, "Tomás's teacher this year is Professora Helena Matos."),
            ("lyon", 120, "Helena studied in Lyon and sometimes does little French songs with the class."),
            ("english", 200, "Tomás's after-school English class is on Tuesdays."),
            ("sogra-spanish", 160, "Rui's mother picked up some Spanish from working in Vigo."),
            ("ocean", 50, "Helena's class is doing a project about the ocean this term."),
        ],
        "questions": [("What foreign language does my son's teacher speak?", ["lyon"])],
    },
    {
        "id": "multihop-03",
        "persona": "ines",
        "memories": [
            ("link", 500, "Rui's mother, Dona Fernanda, lives on her own in Braga."),
            (
                "hip",
                40,
                "Fernanda can't manage stairs since the hip replacement, she needs a ground floor or a lift.",
            ),
            ("own-mum", 90, "My own mum does aqua aerobics three times a week, she's fitter than me."),
            ("bacalhau", 220, "Fernanda makes the best bacalhau com natas, Tomás asks for it every visit."),
            ("no-lift", 150, "Our building has no lift, a pain with shopping bags."),
        ],
        "questions": [("Can my mother-in-law come up to our flat on her own if she visits?", ["hip"])],
        "note": "mother-in-law = the husband's mother; two memories are needed for the full answer",
    },
    {
        "id": "multihop-04",
        "persona": "ines",
        "memories": [
            ("link", 330, "Sr. Álvaro from 2B keeps our spare key, he's very reliable."),
            ("lisbon", 6, "Álvaro went to Lisbon to stay with his daughter until the end of the month."),
            ("plumber", 4, "The plumber comes Tuesday morning between 9 and 12."),
            ("lurdes", 140, "Dona Lurdes on the ground floor waters our plants when we travel."),
            ("doorbell", 250, "Álvaro fixed our doorbell wiring last spring, wouldn't take any money."),
        ],
        "questions": [("Is the neighbour who has our spare key around to let the plumber in?", ["lisbon"])],
    },
    {
        "id": "multihop-05",
        "persona": "kwame",
        "memories": [
            ("link", 280, "fx-rates service is owned by the Treasury squad, not us."),
            ("abena", 3, "Treasury on-call this week: Abena Owusu."),
            ("ledger-oncall", 2, "Ledger on-call this week is me, unfortunately."),
            ("cache", 150, "fx-rates caches rates for 60 seconds."),
            ("channel", 90, "Treasury squad's channel is #treasury-eng."),
        ],
        "questions": [("Who is on call this week for the team that owns the FX rates service?", ["abena"])],
    },
    {
        "id": "multihop-06",
        "persona": "kwame",
        "memories": [
            ("link", 190, "My tech lead is Selorm Agbeko."),
            ("vegan", 60, "Selorm is vegan, so no meat, fish, dairy or eggs."),
            ("jollof", 100, "The team loves the jollof from the spot near Oxford Street."),
            ("efua-pork", 300, "Efua doesn't eat pork."),
            ("nana", 80, "Our PM Nana is allergic to shellfish."),
            ("review", 40, "Selorm runs architecture review every Wednesday at 3."),
        ],
        "questions": [
            ("I'm ordering lunch for the offsite: what should I avoid for my tech lead?", ["vegan"])
        ],
    },
    {
        "id": "multihop-07",
        "persona": "kwame",
        "memories": [
            ("link", 120, "Merchant Kumasi Fresh Mart is on the PayLoop Lite plan."),
            ("cap", 300, "PayLoop Lite caps daily payouts at 20,000 cedis."),
            ("pro", 290, "PayLoop Pro has no daily cap but charges 1.2% per payout."),
            ("delay", 15, "Kumasi Fresh Mart complained about a delayed settlement on the 3rd."),
            ("telco", 200, "MoMo wallets have their own telco limit of 10,000 per transaction."),
        ],
        "questions": [("What's the most Kumasi Fresh Mart can withdraw in a day?", ["cap"])],
        "note": "customer -> plan -> plan's limit; the plan fact is older than the link",
    },
    {
        "id": "multihop-08",
        "persona": "kwame",
        "memories": [
            ("link", 350, "Ama goes to Little Acorns nursery in Cantonments."),
            ("friday", 80, "Little Acorns closes at 2pm on Fridays for staff training."),
            ("training", 200, "Football training is Saturdays at 8."),
            ("efua-pickup", 60, "Efua does the pickup on Mondays and Wednesdays."),
            ("fees", 30, "Little Acorns fees went up to 3,500 cedis a term."),
        ],
        "questions": [("What time do I need to collect my daughter on Friday?", ["friday"])],
    },
    {
        "id": "multihop-09",
        "persona": "yuki",
        "memories": [
            ("link", 400, "My director at the studio is Sakamoto-san."),
            ("onepage", 90, "Sakamoto-san hates long slide decks, he wants everything on one page."),
            ("ishikawa", 120, "Producer Ishikawa prefers Notion docs over slides."),
            ("greenlight", 10, "Greenlight meeting for the new prototype is on the 22nd."),
            ("capcom", 380, "Sakamoto-san joined us from Capcom in 2019."),
        ],
        "questions": [("How should I format the pitch for my director?", ["onepage"])],
    },
    {
        "id": "multihop-10",
        "persona": "yuki",
        "memories": [
            ("link", 600, "Haru is my younger sister, she's a pharmacist in Kobe."),
            ("bday", 200, "Haru's birthday is August 3rd and she loves anything matcha."),
            ("mom-bday", 210, "Mom's birthday is May 11."),
            ("shifts", 100, "Haru can hardly ever take weekends off, pharmacy shifts."),
            ("aoi-gift", 30, "I owe Aoi a birthday present, she likes scented candles."),
        ],
        "questions": [
            ("When is Yuki's sister's birthday?", ["bday"]),
            ("What kind of gift would my sister like?", ["bday"]),
        ],
    },
    {
        "id": "multihop-11",
        "persona": "yuki",
        "memories": [
            ("link", 450, "Mochi's vet is Dr. Nakamura at Tenma Animal Clinic."),
            ("closed", 80, "Tenma Animal Clinic is closed on Thursdays."),
            ("groomer", 150, "Mochi's groomer only works weekends."),
            ("wfh", 40, "I work from home on Thursdays."),
            ("other-clinic", 200, "The 24h animal hospital in Umeda is open every day but it's expensive."),
        ],
        "questions": [("Which day can't I take my cat to her usual vet?", ["closed"])],
    },
    {
        "id": "multihop-12",
        "persona": "yuki",
        "memories": [
            ("link", 250, "Yuki's running club coach is Ogawa-san, a former Ekiden runner."),
            (
                "track",
                6,
                "Ogawa-san wants everyone at the Nagai track at 6:15 on Wednesday for 1000m repeats.",
            ),
            ("standup", 100, "Work standup is at 10:00 on Wednesdays."),
            ("osaka-mara", 60, "Osaka Marathon is at the end of February."),
            ("strength", 20, "I've added two strength sessions a week at the gym."),
        ],
        "questions": [("What time does my coach expect me on Wednesday?", ["track"])],
    },
    {
        "id": "multihop-13",
        "persona": "lars",
        "memories": [
            (
                "link",
                500,
                (
                    "My accountant is Birgitta at Hisingens Redovisning, she "
                    "does the VAT and the annual accounts."
                ),
            ),
            ("receipts", 200, "Birgitta needs all receipts and invoices by the 10th of every month."),
            ("skatteverket", 90, "VAT returns to Skatteverket are quarterly for the firm."),
            ("karin-docs", 60, "Karin needs the kids' passports back by Friday."),
            ("bank", 150, "The business account is with Handelsbanken."),
        ],
        "questions": [("By what date does my accountant want the paperwork each month?", ["receipts"])],
    },
    {
        "id": "multihop-14",
        "persona": "lars",
        "memories": [
            ("link", 400, "I get all my oak from Tranemo Timber."),
            ("industrial", 50, "Tranemo Timber is shut for the industrial holiday, weeks 28 to 31."),
            ("own-holiday", 70, "The workshop closes weeks 29-30 for my own summer holiday."),
            ("price", 110, "Oak prices went up 12% this spring."),
            ("byggmax", 300, "Byggmax is my fallback for pine and plywood."),
        ],
        "questions": [("Which weeks this summer can't I order from my oak supplier?", ["industrial"])],
    },
    {
        "id": "multihop-15",
        "persona": "lars",
        "memories": [
            ("link", 230, "Elsa's handball coach is Maria Sjöberg."),
            ("partille", 25, "Maria says the team leaves for Partille Cup on 2 July, bus from Kviberg at 8."),
            ("nils-camp", 40, "Nils has football camp in week 27."),
            ("fee", 60, "Partille Cup entry is 1,200 per player."),
            ("pe", 180, "Maria is also the PE teacher at Elsa's school."),
        ],
        "questions": [
            (
                "What did my daughter's coach say about when they leave for the summer tournament?",
                ["partille"],
            )
        ],
    },
    {
        "id": "multihop-16",
        "persona": "lars",
        "memories": [
            ("link", 320, "The apprentice is Oskar, 19, from Angered."),
            ("colorblind", 150, "Oskar is red-green colour-blind, so don't give him stain matching."),
            ("walnut", 20, "The Lindqvist kitchen gets a walnut stain on the oak."),
            ("ahmed", 200, "Ahmed is the best of us at finishing and spraying."),
            ("forklift", 90, "Oskar passed his forklift licence!"),
        ],
        "questions": [
            ("Can the apprentice do the stain colour matching on the Lindqvist job?", ["colorblind"])
        ],
    },
    {
        "id": "multihop-17",
        "persona": "meera",
        "memories": [
            ("link", 380, "My reporting manager is Kavitha Rao."),
            ("mat-leave", 20, "Kavitha is on maternity leave until March; Rahul is acting lead meanwhile."),
            ("own-leave", 10, "I'm on leave 24 to 31 December."),
            ("one-on-one", 150, "Kavitha's 1:1s with me are on Tuesdays."),
            ("rahul-q", 60, "Rahul wants the Q3 forecast deck by Friday."),
        ],
        "questions": [("Until when is Meera's manager away?", ["mat-leave"])],
    },
    {
        "id": "multihop-18",
        "persona": "meera",
        "memories": [
            ("link", 300, "Arjun is doing his engineering at RV College, second year, mechanical."),
            ("exams", 14, "RV College semester exams start 2 December."),
            ("aws", 30, "My AWS ML certification exam is on the 15th."),
            ("fest", 70, "Arjun's college fest is in February, he's organising the robotics event."),
            ("pes", 12, "PES University exams start 25 November."),
        ],
        "questions": [("When do exams begin at my brother's college?", ["exams"])],
    },
    {
        "id": "multihop-19",
        "persona": "meera",
        "memories": [
            ("link", 210, "Our client FreshKart is on the DemandSense product."),
            ("refresh", 400, "DemandSense forecasts refresh every Monday at 6am."),
            ("stockpilot", 350, "StockPilot refreshes daily at midnight."),
            ("rohan", 100, "FreshKart's account manager is Rohan."),
            ("hourly", 40, "FreshKart wants hourly forecasts for dairy eventually."),
        ],
        "questions": [("How often does FreshKart get new forecasts?", ["refresh"])],
    },
    {
        "id": "multihop-20",
        "persona": "meera",
        "memories": [
            ("link", 600, "My violin guru is Vidwan Srinivasan."),
            (
                "cash",
                200,
                "Srinivasan sir only takes cash, 3,000 a month, paid on the first class of the month.",
            ),
            ("repair", 100, "The violin repair shop in Malleshwaram takes UPI."),
            ("guitar", 60, "Arjun's guitar classes are 2,500 a month by bank transfer."),
            ("basavanagudi", 400, "Classes are at sir's house in Basavanagudi."),
        ],
        "questions": [("How do I pay my music teacher?", ["cash"])],
    },
    {
        "id": "multihop-21",
        "persona": "diego",
        "memories": [
            ("link", 450, "Tortillas come from Tortillería La Esperanza, two blocks down."),
            ("price", 18, "La Esperanza raised the kilo to 28 pesos."),
            ("arrachera", 40, "The meat supplier charges 180/kg for arrachera."),
            ("national", 100, "National average for a kilo of tortilla is about 24 pesos."),
            ("delivery", 200, "La Esperanza delivers at 7am every day."),
        ],
        "questions": [("What is the place that supplies our tortillas charging per kilo now?", ["price"])],
    },
    {
        "id": "multihop-22",
        "persona": "diego",
        "memories": [
            ("link", 500, "Mariana teaches at Prepa 6, the UNAM one in Coyoacán."),
            ("strike", 2, "Prepa 6 is on strike since Monday, classes are suspended."),
            ("parents", 30, "Mariana has parent meetings on Thursday evenings."),
            ("break", 60, "UNAM winter break starts Dec 14."),
            ("march", 5, "The teachers' union march is planned for the 15th in the Zócalo."),
        ],
        "questions": [("Is my partner teaching classes this week?", ["strike"])],
    },
    {
        "id": "multihop-23",
        "persona": "diego",
        "memories": [
            ("link", 280, "Toño is the captain of our cycling club."),
            ("viveros", 3, "Toño wants everyone at the Viveros gate at 6:30 on Sunday."),
            ("last-sunday", 10, "Last Sunday we met at the Estadio Azteca parking lot."),
            ("pinarello", 150, "Toño rides a Pinarello Dogma, lucky guy."),
            ("whatsapp", 200, "The club WhatsApp group is 'Rodada Sur'."),
        ],
        "questions": [("Where does the club captain want us to meet on Sunday?", ["viveros"])],
    },
    {
        "id": "multihop-24",
        "persona": "diego",
        "memories": [
            ("link", 240, "Mamá's cardiologist is Dra. Ruiz at Hospital Ángeles Pedregal."),
            ("days", 100, "Dra. Ruiz only sees patients Tuesday and Thursday mornings."),
            ("eye", 60, "Mamá's eye doctor is on Wednesdays."),
            ("physio", 30, "My shoulder physio is Monday at 7pm."),
            ("parking", 150, "Ángeles parking costs 40 pesos an hour."),
        ],
        "questions": [("On which days can my mom see her heart doctor?", ["days"])],
    },
    {
        "id": "multihop-25",
        "persona": "hannah",
        "memories": [
            ("link", 700, "My supervisor is Prof. Annette Weber."),
            ("vienna", 4, "Weber is at a workshop in Vienna until the 12th, reachable by email only."),
            ("kim", 200, "My second advisor, Dr. Kim, is in the office daily."),
            ("egu", 250, "EGU in Vienna is in April, I submitted an abstract."),
            ("chapter", 30, "Weber wants the chapter draft before Christmas."),
        ],
        "questions": [("Can Hannah phone her supervisor this week?", ["vienna"])],
    },
    {
        "id": "multihop-26",
        "persona": "hannah",
        "memories": [
            ("link", 400, "Our landlord is Herr Petrović, he owns the whole building."),
            ("staffel", 25, "Petrović says the rent goes up 4% from April, it's in the Staffelmiete clause."),
            ("nebenkosten", 60, "The Nebenkosten settlement came back, 210 euros to pay."),
            ("split", 300, "Jonas and I split everything 50/50."),
            ("intercom", 100, "Petrović finally fixed the intercom."),
        ],
        "questions": [("Is our landlord putting the rent up?", ["staffel"])],
    },
    {
        "id": "multihop-27",
        "persona": "hannah",
        "memories": [
            ("link", 180, "My co-author on the AMOC paper is Sofia Lindgren in Stockholm."),
            ("parental", 35, "Sofia is on parental leave until May."),
            ("reviewer", 20, "Reviewer 2 wants more ensemble members."),
            ("due", 15, "AMOC paper revisions are due 20 April."),
            ("ecearth", 150, "Sofia's group runs EC-Earth."),
        ],
        "questions": [("Will my co-author be able to look at the revisions in April?", ["parental"])],
    },
    {
        "id": "multihop-28",
        "persona": "hannah",
        "memories": [
            (
                "link",
                350,
                "Mira is my usual climbing partner, we've been climbing together since the first year.",
            ),
            ("munich", 12, "Mira just moved to Munich for a job at the DLR."),
            ("tuesdays", 90, "Tuesdays I climb at Ostbloc from 19:00."),
            ("jonas-mm", 60, "Jonas prefers top rope at Magic Mountain."),
            ("franken", 70, "Mira and I did the Frankenjura trip in September."),
        ],
        "questions": [("Can my regular climbing buddy still make the Tuesday sessions?", ["munich"])],
    },
    {
        "id": "multihop-29",
        "persona": "sam",
        "memories": [
            ("link", 300, "Routing engine is owned by the Optimisation team."),
            ("krakow", 200, "The Optimisation team are all in Kraków and work CET hours, 8 to 4."),
            ("sre-hours", 150, "My team works 9 to 5:30 UK time."),
            ("eks", 80, "The routing engine runs on EKS in eu-west-2."),
            ("visibility", 120, "Tracking API belongs to the Visibility squad here in Leeds."),
        ],
        "questions": [("What hours can I reach the people responsible for the routing engine?", ["krakow"])],
    },
    {
        "id": "multihop-30",
        "persona": "sam",
        "memories": [
            ("link", 450, "Chloe's brother Matt is a plumber up in Harrogate."),
            ("mates", 7, "Matt says he'll sort the bathroom leak for mates' rates, £40 plus parts."),
            ("bgas", 14, "British Gas quoted £95 call-out for the boiler."),
            ("wedding", 100, "Matt's getting married in June."),
            ("jess", 200, "Chloe's sister Jess is a hairdresser."),
        ],
        "questions": [("How much will my brother-in-law charge for the leak?", ["mates"])],
    },
    {
        "id": "multihop-31",
        "persona": "sam",
        "memories": [
            ("link", 220, "Theo plays for Roundhay Juniors U9s."),
            ("soldiers", 210, "Roundhay Juniors play their home games at Soldiers' Field, kick-off 10am."),
            ("elland", 300, "Leeds United play at Elland Road, obviously."),
            ("netball", 60, "Olivia's netball is at the leisure centre, Saturday 9am."),
            ("gaz", 90, "Theo's coach is Gaz, decent bloke."),
        ],
        "questions": [("Where are my son's home matches played?", ["soldiers"])],
    },
    {
        "id": "multihop-32",
        "persona": "sam",
        "memories": [
            ("link", 400, "The allotment society secretary is Mrs. Patel."),
            ("troughs", 40, "Mrs. Patel says the water troughs get switched off from November to March."),
            ("butts", 150, "I've got two water butts collecting rain off the shed."),
            ("agm", 90, "The allotment AGM is in February."),
            ("rates", 200, "Council water charges for allotments went up to £8 a plot."),
        ],
        "questions": [("According to the society's secretary, when is there no water on site?", ["troughs"])],
    },
    {
        "id": "multihop-33",
        "persona": "meera",
        "memories": [
            ("link", 500, "Appa's doctor is Dr. Menon at Apollo Jayanagar."),
            ("cover", 8, "Dr. Menon is on leave till the 20th; Dr. Iyer is covering his patients."),
            ("amma-doc", 120, "Amma sees Dr. Shetty for her thyroid."),
            ("pharmacy", 60, "Apollo pharmacy on 4th Block delivers for free."),
            ("own-derm", 30, "My dermatologist appointment is on the 18th."),
        ],
        "questions": [("Who is standing in for my father's doctor at the moment?", ["cover"])],
    },
    {
        "id": "multihop-34",
        "persona": "kwame",
        "memories": [
            ("link", 420, "Our landlord Mr. Asante lives in London."),
            ("esi", 260, "Mr. Asante's local agent Esi handles all repairs, call her, not him."),
            ("heater", 5, "The water heater is a 50L Ariston from 2019, stopped heating yesterday."),
            ("yaw", 90, "Plumber Yaw fixed our kitchen sink in March."),
            ("ecg", 30, "ECG outages keep tripping the heater's breaker."),
        ],
        "questions": [
            (
                "The water heater in the place we rent is broken: who deals with repairs for our landlord?",
                ["esi"],
            )
        ],
        "note": "the landlord link: the question names neither the landlord nor the agent",
    },
    {
        "id": "multihop-35",
        "persona": "sam",
        "memories": [
            ("link", 260, "Brightwell Pharma are on our Premium Tracking tier, they signed a 3-year deal."),
            (
                "sla",
                500,
                (
                    "Premium Tracking SLA: 99.95% monthly uptime, service "
                    "credits kick in after 30 minutes of downtime."
                ),
            ),
            ("standard", 480, "Standard tier SLA is 99.5%, no credits."),
            ("ellis", 90, "Brightwell's contact is Dr. Ellis in procurement, very formal, copy her manager."),
            ("downtime", 12, "We had 42 minutes of tracking downtime on the 3rd."),
        ],
        "questions": [("What uptime did we promise Brightwell Pharma?", ["sla"])],
        "note": "customer -> tier -> the tier's SLA, said over a year before the link",
    },
    {
        "id": "multihop-36",
        "persona": "ines",
        "memories": [
            ("link", 420, "Rui works at Norteplan, a small engineering consultancy near Boavista."),
            ("closed", 20, "Norteplan shuts between Christmas and 6 January, everybody takes forced leave."),
            ("rota", 15, "The ward's Christmas rota is out, I'm working the 24th, of course."),
            ("school", 40, "Tomás's school holidays are 18 Dec to 3 Jan."),
            ("dinner", 25, "Norteplan's Christmas dinner is on the 15th at a place in Ribeira."),
        ],
        "questions": [("Is my husband's office open over New Year?", ["closed"])],
    },
]
