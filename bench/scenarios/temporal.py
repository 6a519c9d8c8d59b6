"""Temporal: an older memory whose validity has ended (`valid_until` in the past) and a current one on
the same subject; the question asks about now, so the current one answers."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "temporal-01",
        "persona": "maya",
        "memories": [
            ("porto", 200, "Working from the Porto office for the next three weeks while the Lisbon office is renovated.", {"valid_until_days": -179}),
            ("coffee", 190, "The Porto office has a much better coffee machine."),
            ("late", 150, "The office renovation in Lisbon ran two months late."),
            ("lisbon", 10, "Back at the Lisbon office, my desk is 4B on the third floor.", {"valid_until_days": 120}),
            ("office-days", 120, "I go into the office three days a week."),
            ("porto-team", 180, "The Porto office is mostly the mobile team."),
        ],
        "questions": [
            ("Which office am I working from?", ["lisbon"]),
        ],
    },
    {
        "id": "temporal-02",
        "persona": "tom",
        "memories": [
            ("old", 380, "Tom's temporary parking permit for Leighton Road is valid until the end of the month.", {"valid_until_days": -355}),
            ("ticket", 200, "Tom got a parking ticket outside the studio, £65."),
            ("new", 20, "Tom's residents' parking permit for zone CA-F is valid for the next twelve months.", {"valid_until_days": 345}),
            ("car", 300, "Tom drives an old blue Golf."),
            ("parking-cost", 100, "Parking near the studio is expensive, about £4 an hour."),
        ],
        "questions": [
            ("Which parking permit is Tom using?", ["new"]),
            ("where can Tom park his car at the moment", ["new"]),
        ],
    },
    {
        "id": "temporal-03",
        "persona": "priya",
        "memories": [
            ("old", 420, "Priya is covering on-call for the ML platform this week while Tobias is away.", {"valid_until_days": -413}),
            ("rotation", 300, "On-call rotations hand over every Monday at 10:00."),
            ("pager", 100, "The pager app on Priya's phone keeps logging her out."),
            ("new", 3, "Priya is on call for the data pipelines this week; pages go to her phone.", {"valid_until_days": 4}),
            ("on-call-pay", 250, "On-call shifts are paid extra at Medalyze."),
            ("pipelines", 60, "The data pipelines had two incidents last month."),
        ],
        "questions": [
            ("What is Priya on call for right now?", ["new"]),
        ],
    },
    {
        "id": "temporal-04",
        "persona": "leo",
        "memories": [
            ("interim", 500, "Interim contact for the Venlo warehouse is Marloes de Vries while the site manager is on leave.", {"valid_until_days": -440}),
            ("marloes", 300, "Marloes de Vries moved to the Rotterdam cross-dock as shift lead."),
            ("current", 30, "Joost Verhoeven is the Venlo site manager; call him for anything at the warehouse.", {"valid_until_days": 700}),
            ("venlo-issue", 20, "Venlo reported problems with the new scanners."),
            ("venlo-size", 400, "The Venlo warehouse employs about 180 people."),
        ],
        "questions": [
            ("Who should I contact at the Venlo warehouse?", ["current"]),
        ],
    },
    {
        "id": "temporal-05",
        "persona": "maya",
        "memories": [
            ("old", 300, "The discount code ATLAS20 for the team offsite hotel works until March 31.", {"valid_until_days": -270}),
            ("offsite", 280, "Last year's offsite in Sintra was great, people still talk about it."),
            ("budget", 40, "Offsite budget this year is about 300 EUR per person."),
            ("new", 5, "Use code OFFSITE-SPRING for 15% off the team offsite hotel, valid for four weeks.", {"valid_until_days": 23}),
            ("hotel", 30, "The offsite hotel is in Ericeira, by the beach."),
            ("offsite-date", 25, "The team offsite is on the second weekend of next month."),
        ],
        "questions": [
            ("discount code for the offsite hotel", ["new"]),
        ],
    },
    {
        "id": "temporal-06",
        "persona": "tom",
        "memories": [
            ("old", 600, "This term Elsie's swimming lessons are at the leisure centre on Wednesdays at 5.", {"valid_until_days": -520}),
            ("badge", 300, "Elsie got her 25 metre swimming badge."),
            ("new", 25, "This term Elsie's swimming lessons are on Saturday mornings at the Lido.", {"valid_until_days": 60}),
            ("goggles", 10, "Need to buy Elsie new goggles, hers snapped."),
            ("lido", 200, "The Lido is a 10 minute walk from home."),
            ("elsie-saturday", 100, "Elsie has a birthday party to go to on Saturday afternoon."),
        ],
        "questions": [
            ("When are Elsie's swimming lessons?", ["new"]),
        ],
    },
    {
        "id": "temporal-07",
        "persona": "priya",
        "memories": [
            ("old", 365, "Until the building move, the clinical advisory board meets in Room 3.14.", {"valid_until_days": -300}),
            ("move", 300, "Medalyze moved to the new building on the Zuidas."),
            ("new", 40, "The clinical advisory board now meets in the Atrium room on the ground floor.", {"valid_until_days": 300}),
            ("agenda", 15, "Priya is preparing the agenda for the next advisory board."),
            ("board-members", 250, "The clinical advisory board has seven members, mostly intensivists."),
            ("board-freq", 240, "The advisory board meets every six weeks."),
        ],
        "questions": [
            ("Where does the clinical advisory board meet?", ["new"]),
        ],
    },
    {
        "id": "temporal-08",
        "persona": "leo",
        "memories": [
            ("old", 250, "Fleet diesel is fixed at 1.62 EUR per litre under the framework deal until the end of the year.", {"valid_until_days": -200}),
            ("ev", 180, "Fuel costs are the main argument for electrifying the city fleet."),
            ("new", 15, "New fuel framework: the fleet pays 1.71 EUR per litre of diesel for the next twelve months.", {"valid_until_days": 350}),
            ("diesel-volume", 150, "The fleet burns about 90,000 litres of diesel a month."),
            ("fuel-card", 300, "Drivers pay for diesel with the Tankpool24 fuel card."),
        ],
        "questions": [
            ("What do we pay per litre for fleet diesel?", ["new"]),
            ("current diesel price for our trucks", ["new"]),
        ],
    },
    {
        "id": "temporal-09",
        "persona": "maya",
        "memories": [
            ("old", 700, "Rui's mother is staying with us for two weeks, the guest room is taken.", {"valid_until_days": -686}),
            ("bed", 300, "We bought a new sofa bed for the guest room."),
            ("new", 2, "Rui's brother Duarte is staying in our guest room until next Sunday.", {"valid_until_days": 9}),
            ("guest-room", 400, "The guest room doubles as my office."),
            ("duarte", 200, "Duarte is studying architecture in Porto."),
        ],
        "questions": [
            ("Who is staying in our guest room?", ["new"]),
        ],
    },
    {
        "id": "temporal-10",
        "persona": "tom",
        "memories": [
            ("old", 430, "Tom is taking no new commissions until the Hollow Oak rebrand ships.", {"valid_until_days": -330}),
            ("inquiries", 200, "Lots of inquiries from cafés this year."),
            ("new", 12, "Tom is open for new commissions again, with a four-week lead time.", {"valid_until_days": 90}),
            ('lead-time', 300, "Tom's usual lead time for branding projects is two weeks."),
            ('commissions', 150, "Most of Tom's commissions come through word of mouth."),
        ],
        "questions": [
            ("Is Tom taking new commissions?", ["new"]),
            ("can Tom take on a new branding job", ["new"]),
        ],
    },
    {
        "id": "temporal-11",
        "persona": "priya",
        "memories": [
            ("old", 150, "The GPU cluster is reserved for the sepsis retraining through the end of the quarter.", {"valid_until_days": -120}),
            ("cost", 90, "GPU costs were the biggest line on last quarter's cloud bill."),
            ("new", 7, "The GPU cluster is booked for the readmission model experiments this month.", {"valid_until_days": 20}),
            ("gpu-type", 300, "The GPU cluster has eight A100 cards."),
            ("gpu-queue", 40, "The GPU queue was full all last week."),
        ],
        "questions": [
            ("What is the GPU cluster booked for?", ["new"]),
        ],
    },
    {
        "id": "temporal-12",
        "persona": "leo",
        "memories": [
            ("old", 90, "Road closure on the A40 near Essen, trucks are rerouted via the A42.", {"valid_until_days": -60}),
            ("delays", 60, "Roadworks have added about 20 minutes to the Ruhr routes on average."),
            ("new", 1, "Bridge works on the A3 near Oberhausen this week; trucks go via the A2 instead.", {"valid_until_days": 6}),
            ("ruhr", 200, "Most of the Ruhr deliveries leave from DUS-1 at 6 am."),
            ("a3-traffic", 80, "Traffic on the A3 is always bad on Friday afternoons."),
        ],
        "questions": [
            ("Which roadworks affect our trucks right now?", ["new"]),
        ],
    },
    {
        "id": "temporal-13",
        "persona": "maya",
        "memories": [
            ("old", 320, "Card-auth release freeze in effect until the Black Friday traffic is over.", {"valid_until_days": -290}),
            ("process", 260, "Release freezes are announced in #atlas-releases."),
            ("new", 4, "Release freeze for card-auth until the PCI audit finishes next week.", {"valid_until_days": 10}),
            ("pci", 30, "The PCI audit started this week and auditors want access logs."),
            ("bf", 340, "Black Friday traffic on card-auth was four times normal."),
        ],
        "questions": [
            ("Why is there a release freeze on card-auth?", ["new"]),
            ("can I release card-auth today", ["new"]),
        ],
    },
]
# fmt: on
