"""Paraphrase: the question asks in other words than the memory uses; distractors share the
person or the topic."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "paraphrase-01",
        "persona": "maya",
        "memories": [
            ("diet", 300, "Rui has been vegetarian since university and really can't stand mushrooms."),
            ("ramen", 100, "Rui and I found a great ramen place near Rua da Prata."),
            ("parents", 20, "Dinner at Rui's parents' place this Saturday, bring a bottle of Douro red."),
            ("cooking", 60, "I've been cooking at home more to save money."),
        ],
        "questions": [
            ("Which ingredient does Rui dislike?", ["diet"]),
            ("is there anything my partner refuses to eat", ["diet"]),
        ],
    },
    {
        "id": "paraphrase-02",
        "persona": "tom",
        "memories": [
            ("carsick", 240, "Elsie gets carsick on long drives, so we stop every hour and keep the window open."),
            ("swim", 200, "Elsie started swimming lessons this term."),
            ("cornwall", 40, "Family road trip to Cornwall planned for August."),
            ("mot", 30, "The car needs its MOT before the summer."),
        ],
        "questions": [
            ("Does Elsie have trouble with road trips?", ["carsick"]),
            ("anything to watch out for with my daughter in the car", ["carsick"]),
        ],
    },
    {
        "id": "paraphrase-03",
        "persona": "priya",
        "memories": [
            ("async", 350, "Priya finds long video calls exhausting and prefers written async updates."),
            ("weekly", 300, "Weekly status meeting with the clinical partners is on Thursdays."),
            ("notion", 250, "Priya's team keeps its meeting notes in Notion."),
            ("overran", 15, "The Thursday call ran over by 40 minutes again."),
        ],
        "questions": [
            ("how does Priya like to receive progress reports?", ["async"]),
        ],
    },
    {
        "id": "paraphrase-04",
        "persona": "leo",
        "memories": [
            ("knee", 90, "After the knee surgery Leo can't run for at least six months, doctor's orders."),
            ("shoes", 400, "Leo bought new trail shoes in the spring."),
            ("physio", 60, "Leo's physio appointments are on Tuesday mornings."),
            ("bike", 30, "Leo is thinking about cycling to the office in Düsseldorf."),
        ],
        "questions": [
            ("Is Leo allowed to go jogging?", ["knee"]),
            ("can Leo do the company 10k fun run next month", ["knee"]),
        ],
    },
    {
        "id": "paraphrase-05",
        "persona": "maya",
        "memories": [
            ("sla", 420, "Card-auth must answer within 150 ms at p99 or the card networks decline the transaction."),
            ("grafana", 300, "Card-auth dashboards live in Grafana under the Atlas folder."),
            ("spike", 14, "We had a latency spike last week during the marketing campaign."),
            ("refund", 220, "The refund service has a much looser 2 second timeout."),
        ],
        "questions": [
            ("latency budget for authorizing a card payment", ["sla"]),
            ("how quickly do we need to respond to Visa and Mastercard", ["sla"]),
        ],
    },
    {
        "id": "paraphrase-06",
        "persona": "tom",
        "memories": [
            ("rent", 210, "The shared studio costs Tom £610 a month including bills."),
            ("bea", 500, "Bea keeps her kiln at the back of the studio."),
            ("broadband", 180, "Home broadband is £38 a month with the new provider."),
            ("wfh", 25, "Tom is thinking about working from home more often."),
        ],
        "questions": [
            ("how much do I pay for my workspace?", ["rent"]),
        ],
    },
    {
        "id": "paraphrase-07",
        "persona": "priya",
        "memories": [
            ("wedding", 120, "Priya's sister Anjali is getting married in Jaipur in December; the whole family is flying out."),
            ("passport", 110, "Priya needs to renew her passport soon, it expires next spring."),
            ("architect", 400, "Anjali works as an architect in Mumbai."),
            ("leave", 60, "Priya asked Tobias for three weeks of leave around the holidays."),
        ],
        "questions": [
            ("why is Priya travelling to India at the end of the year?", ["wedding"]),
            ("when does Priya's sister tie the knot", ["wedding"]),
        ],
    },
    {
        "id": "paraphrase-08",
        "persona": "leo",
        "memories": [
            ("shipped", 150, "Leo's team shipped the new route optimizer, cutting average delivery distance by 11%."),
            ("late", 260, "The route optimizer project took four months longer than planned."),
            ("scanners", 130, "Drivers complained about the new handheld scanners."),
            ("board", 20, "Leo presents the quarterly results to the board next month."),
        ],
        "questions": [
            ("how many fewer kilometres do our trucks drive since the routing change?", ["shipped"]),
        ],
    },
    {
        "id": "paraphrase-09",
        "persona": "maya",
        "memories": [
            ("selling", 50, "Our landlord is selling the flat, so we have to move out by the end of summer."),
            ("paint", 380, "We repainted the living room last year, sage green."),
            ("pressure", 200, "The flat has terrible water pressure on the top floor."),
            ("balcony", 150, "Rui wants a place with a balcony someday."),
        ],
        "questions": [
            ("Do we need to find a new apartment?", ["selling"]),
            ("is our lease ending", ["selling"]),
        ],
    },
    {
        "id": "paraphrase-10",
        "persona": "tom",
        "memories": [
            ("coffee", 330, "Tom can't have coffee after 2 pm or he lies awake all night."),
            ("fika", 280, "Tom's usual order is a flat white from Fika on the high street."),
            ("sleep", 40, "Tom has been sleeping badly during the busy season."),
            ("grinder", 100, "Tom bought a new burr grinder for the studio."),
        ],
        "questions": [
            ("Is an espresso at 4 in the afternoon a bad idea for Tom?", ["coffee"]),
        ],
    },
    {
        "id": "paraphrase-11",
        "persona": "priya",
        "memories": [
            ("tobias", 45, "Tobias is leaving Medalyze in March to start a PhD in Edinburgh."),
            ("planning", 300, "Tobias runs the Monday planning meeting."),
            ("hiring", 80, "Priya's team is hiring two more ML engineers."),
            ("book", 150, "Tobias recommended a book on causal inference to the team."),
        ],
        "questions": [
            ("Is Priya's boss quitting?", ["tobias"]),
            ("who is going back to university", ["tobias"]),
        ],
    },
    {
        "id": "paraphrase-12",
        "persona": "leo",
        "memories": [
            ("venlo", 35, "The Venlo warehouse is short about twenty pickers for the Christmas peak."),
            ("conveyor", 420, "Venlo got new conveyor belts last year."),
            ("cs", 300, "Peak season always strains the customer service team."),
            ("visits", 200, "Leo visits Venlo roughly once a month."),
        ],
        "questions": [
            ("staffing gap at the Dutch site over the holidays", ["venlo"]),
        ],
    },
    {
        "id": "paraphrase-13",
        "persona": "maya",
        "memories": [
            ("slack", 260, "Jonas prefers to be pinged on Slack rather than called; he rarely picks up the phone."),
            ("owns", 400, "Jonas owns the card-auth contract test suite."),
            ("wiki", 300, "Everyone's phone numbers are in the team wiki."),
            ("pair", 90, "Jonas and I pair on Thursdays."),
        ],
        "questions": [
            ("what's the best way to get hold of Jonas?", ["slack"]),
        ],
    },
    {
        "id": "paraphrase-14",
        "persona": "tom",
        "memories": [
            ("fact", 300, "Tom and Bea split the studio rent fifty-fifty."),
            ("kiln", 200, "Bea fires her kiln on Thursdays."),
            ("rents", 60, "Landlords in Camden are raising prices everywhere."),
            ("plant", 100, "There's a huge monstera in the studio."),
        ],
        "questions": [
            ("How do Tom and Bea divide the cost of their workspace?", ["fact"]),
        ],
    },
    {
        "id": "paraphrase-15",
        "persona": "priya",
        "memories": [
            ("fact", 200, "Priya gets migraines when she stares at a screen too long without breaks."),
            ("monitor", 100, "Priya has a 27-inch monitor at work."),
            ("headphones", 50, "Priya wears noise-cancelling headphones in the office."),
            ("yoga", 300, "Priya does yoga on Sunday mornings."),
        ],
        "questions": [
            ("What health issue does Priya have with long computer sessions?", ["fact"]),
        ],
    },
    {
        "id": "paraphrase-16",
        "persona": "leo",
        "memories": [
            ("fact", 400, "Leo's eldest son is scared of dogs since one bit him at a park."),
            ("park", 100, "Leo takes the boys to the Nordpark on Sundays."),
            ("puppy", 50, "The neighbours just got a labrador puppy."),
            ("aquazoo", 200, "The boys loved the Aquazoo in Düsseldorf."),
        ],
        "questions": [
            ("Is there an animal my older boy is afraid of?", ["fact"]),
        ],
    },
    {
        "id": "paraphrase-17",
        "persona": "maya",
        "memories": [
            ("fact", 250, "I get seasick on anything smaller than a ferry."),
            ("sailing", 20, "Rui wants to book a sailing trip on the Tagus for his birthday."),
            ("beach", 100, "We go to Costa da Caparica most summer weekends."),
            ("swim", 300, "I only learned to swim at 25."),
        ],
        "questions": [
            ("Do I have any trouble on boats?", ["fact"]),
        ],
    },
    {
        "id": "paraphrase-18",
        "persona": "tom",
        "memories": [
            ("fact", 500, "Ines is a midwife at the Whittington, mostly on night shifts."),
            ("netball", 200, "Ines plays netball on Sunday mornings."),
            ("parking", 80, "The Whittington car park costs a fortune."),
            ("sleep", 30, "Tom's been sleeping badly this week."),
        ],
        "questions": [
            ("What does Tom's wife do for a living?", ["fact"]),
        ],
    },
]
# fmt: on
