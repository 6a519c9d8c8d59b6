"""Negation: an older positive memory ("X loves steak") and a newer one that negates it ("X no longer
eats meat"); the newer one answers."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "negation-01",
        "persona": "maya",
        "memories": [
            ("old", 600, "Rui loves a good steak, picanha is his absolute favourite."),
            ("place", 400, "Rui's favourite restaurant is a churrascaria in Alfama."),
            ("new", 40, "Rui doesn't eat meat anymore, he went vegetarian after watching a documentary."),
            ("cook", 10, "I want to cook something special for Rui this weekend."),
            ("bbq", 300, "Rui organised a barbecue for his birthday two years ago."),
            ("dinner-plan", 15, "Rui and I are hosting dinner for friends next Saturday."),
        ],
        "questions": [
            ("Can I cook steak for Rui?", ["new"]),
            ("does Rui eat meat", ["new"]),
        ],
    },
    {
        "id": "negation-02",
        "persona": "tom",
        "memories": [
            ("old", 500, "Tom runs 5k every morning before work."),
            ("race", 450, "Tom did the Hackney half marathon in 1:52."),
            ("new", 30, "Tom stopped running after the ankle injury; he swims at the Lido instead."),
            ('shoes', 400, "Tom's running shoes are the Saucony Endorphin."),
            ("morning", 60, "Tom takes Elsie to school most mornings."),
        ],
        "questions": [
            ("Does Tom still go running in the mornings?", ["new"]),
        ],
    },
    {
        "id": "negation-03",
        "persona": "priya",
        "memories": [
            ("old", 400, "Priya drinks three cups of coffee a day, black."),
            ("machine", 350, "The office espresso machine is Priya's favourite thing about the office."),
            ("new", 50, "Priya quit coffee in January; it's only herbal tea for her now."),
            ("tea", 200, "Priya keeps a tin of rooibos at her desk."),
            ("cafe", 100, "The café downstairs does good oat milk lattes."),
        ],
        "questions": [
            ("How much coffee does Priya drink?", ["new"]),
            ("should I bring Priya a coffee", ["new"]),
        ],
    },
    {
        "id": "negation-04",
        "persona": "leo",
        "memories": [
            ("old", 550, "All fleet maintenance tickets are tracked in Jira, project FLEET."),
            ("workshop", 300, "The DUS-1 workshop handles most van repairs."),
            ("new", 45, "We moved away from Jira for fleet maintenance; the workshop no longer uses it."),
            ("linear", 300, "The product team uses Linear for their roadmap."),
            ("tickets", 100, "The workshop closes about 60 maintenance tickets a week."),
        ],
        "questions": [
            ("Do we track fleet maintenance in Jira?", ["new"]),
        ],
    },
    {
        "id": "negation-05",
        "persona": "maya",
        "memories": [
            ("old", 650, "Maya climbs at Vertigo, the bouldering gym in Alcântara, three evenings a week."),
            ("grade", 500, "Maya finally sent her first 6B at Vertigo."),
            ("new", 60, "Maya cancelled her Vertigo membership; she no longer climbs because of her shoulder."),
            ("shoulder", 80, "Maya is seeing a physio for her shoulder."),
            ('climbing-friends', 400, "Maya's climbing friends meet on Wednesday evenings."),
        ],
        "questions": [
            ("Is Maya still climbing at Vertigo?", ["new"]),
        ],
    },
    {
        "id": "negation-06",
        "persona": "tom",
        "memories": [
            ("old", 450, "Tom posts his work on Instagram every day, it brings most of his clients."),
            ("followers", 400, "Tom's Instagram passed 10k followers."),
            ("new", 25, "Tom deleted his Instagram account; he doesn't use social media anymore, only his newsletter."),
            ('newsletter', 100, "Tom's newsletter goes out on the first Sunday of the month."),
            ('portfolio', 300, "Tom's portfolio site is built with Squarespace."),
        ],
        "questions": [
            ("Can I reach Tom on Instagram?", ["new"]),
        ],
    },
    {
        "id": "negation-07",
        "persona": "priya",
        "memories": [
            ("old", 600, "Priya is vegetarian but eats fish now and then."),
            ("sushi", 500, "Priya loves the salmon sushi place near the office."),
            ("new", 35, "Priya no longer eats fish at all, she's fully vegetarian now."),
            ("restaurant", 90, "Priya suggested the Ethiopian place for the team dinner."),
            ("diet", 400, "Priya tries to eat less sugar."),
        ],
        "questions": [
            ("Does Priya eat fish?", ["new"]),
            ("is sushi a good choice for dinner with Priya", ["new"]),
        ],
    },
    {
        "id": "negation-08",
        "persona": "leo",
        "memories": [
            ("old", 480, "DUS-1 drivers are allowed to take their vans home overnight."),
            ("insurance", 120, "The fleet insurance changed providers this year."),
            ("new", 60, "Drivers are not allowed to take vans home from DUS-1 anymore, since the insurance change."),
            ("vans", 300, "DUS-1 has about 60 vans assigned to it."),
            ("drivers-home", 250, "Many DUS-1 drivers live in Neuss and Meerbusch."),
        ],
        "questions": [
            ("Can DUS-1 drivers take the vans home?", ["new"]),
        ],
    },
    {
        "id": "negation-09",
        "persona": "maya",
        "memories": [
            ("old", 300, "The 3DS_FALLBACK flag is enabled in production for card-auth."),
            ("fraud", 40, "Fraud spike on card-auth last week, mostly from one BIN range."),
            ("new", 35, "3DS_FALLBACK is disabled in production now, after the fraud spike."),
            ("3ds", 200, "3DS challenges add friction for about 4% of transactions."),
            ("flags", 100, "Card-auth has about twenty feature flags in production."),
        ],
        "questions": [
            ("Is 3DS_FALLBACK enabled in production?", ["new"]),
        ],
    },
    {
        "id": "negation-10",
        "persona": "tom",
        "memories": [
            ("old", 420, "Elsie loves her ballet classes on Saturday mornings."),
            ("show", 380, "Elsie's ballet show was in the church hall, she was a snowflake."),
            ("new", 20, "Elsie quit ballet, she says she hates it now and wants to try judo."),
            ('judo', 15, "There's a judo club for kids at the community centre."),
            ('saturday', 300, "Saturday mornings are Elsie's busiest time."),
        ],
        "questions": [
            ("Is Elsie still doing ballet?", ["new"]),
            ("does Elsie like ballet", ["new"]),
        ],
    },
    {
        "id": "negation-11",
        "persona": "priya",
        "memories": [
            ("old", 500, "Tobias is fine with the team working fully remote."),
            ("remote", 400, "Priya works from home most days."),
            ("new", 30, "Tobias no longer allows fully remote work; everyone is in the office Tuesday and Thursday."),
            ("office", 300, "The new office on the Zuidas has plenty of desks."),
            ("remote-tools", 350, "The team uses Slack huddles for quick remote chats."),
        ],
        "questions": [
            ("Can Priya's team work fully remote?", ["new"]),
        ],
    },
    {
        "id": "negation-12",
        "persona": "leo",
        "memories": [
            ("old", 600, "Leo has a beer with the drivers every Friday after the late shift."),
            ("party", 300, "The summer party at DUS-1 had a beer garden."),
            ("new", 80, "Leo has stopped drinking alcohol entirely since the summer."),
            ("friday-shift", 200, "The Friday late shift at DUS-1 ends at 22:00."),
            ("gift", 20, "Leo helped a lot with the Venlo move, I want to thank him."),
        ],
        "questions": [
            ("Does Leo drink beer?", ["new"]),
            ("should I get Leo a crate of beer as a thank-you", ["new"]),
        ],
    },
    {
        "id": "negation-13",
        "persona": "maya",
        "memories": [
            ("old", 550, "We use Datadog for all card-auth monitoring and alerting."),
            ("bill", 200, "The Datadog bill was discussed in the FinOps review."),
            ("new", 45, "We no longer use Datadog for card-auth; monitoring moved off it this spring."),
            ("grafana", 300, "Grafana dashboards exist for most Atlas services."),
            ("alerts", 150, "Card-auth alerts go to PagerDuty."),
        ],
        "questions": [
            ("Do we still monitor card-auth with Datadog?", ["new"]),
        ],
    },
    {
        "id": "negation-14",
        "persona": "tom",
        "memories": [
            ("old", 380, "Bea brings her dog Biscuit to the studio every day."),
            ("rule", 90, "The studio landlord introduced new rules for the building."),
            ("new", 70, "Bea stopped bringing Biscuit to the studio; dogs aren't allowed under the landlord's new rules."),
            ("studio-pets", 400, "Several people at the studio bring their dogs in."),
            ("biscuit", 350, "Biscuit is a beagle and steals sandwiches."),
        ],
        "questions": [
            ("Is Biscuit still at the studio every day?", ["new"]),
        ],
    },
    {
        "id": "negation-15",
        "persona": "priya",
        "memories": [
            ("old", 420, "Tobias plays five-a-side football every Wednesday evening."),
            ("new", 25, "Tobias tore his ACL, so there's no football for him this season."),
            ("ajax", 300, "Tobias is a lifelong Ajax supporter."),
            ("wednesday", 100, "Wednesday is the data science team's demo day."),
            ("pitch", 200, "The five-a-side pitch is next to the office in Amsterdam Zuid."),
        ],
        "questions": [
            ("Is Tobias still playing football on Wednesdays?", ["new"]),
        ],
    },
    {
        "id": "negation-16",
        "persona": "leo",
        "memories": [
            ("old", 380, "Leo's sons both take the school bus in the morning."),
            ("new", 30, "The boys don't take the bus any longer; Leo drops them off on his way to DUS-1."),
            ("bus-late", 250, "The school bus in Neuss is often ten minutes late."),
            ("school", 500, "The boys go to the Grundschule am Stadtwald."),
            ("traffic", 60, "Traffic on the A57 is awful in the mornings."),
        ],
        "questions": [
            ("How do Leo's sons get to school?", ["new"]),
        ],
    },
    {
        "id": "negation-17",
        "persona": "maya",
        "memories": [
            ("old", 500, "Pimenta eats the salmon kibble the vet recommended."),
            ("new", 20, "Pimenta is off fish entirely, the vet found a food intolerance."),
            ("treats", 100, "Pimenta goes crazy for the crunchy salmon treats from the pet shop."),
            ("vet", 300, "Pimenta's vet is Dr. Sousa in Campo de Ourique."),
            ("weight", 150, "Pimenta weighs 4.8 kg."),
        ],
        "questions": [
            ("Can I give Pimenta salmon treats?", ["new"]),
        ],
    },
    {
        "id": "negation-18",
        "persona": "tom",
        "memories": [
            ("old", 350, "Tom has a standing Friday call with Hollow Oak Studio."),
            ("new", 15, "Hollow Oak and Tom parted ways, so no more Friday calls with them."),
            ("hollow-oak", 250, "Hollow Oak Studio makes furniture out of reclaimed timber."),
            ("friday", 100, "Tom keeps Friday afternoons free for his own illustration work."),
            ("call-tool", 200, "Tom does client calls on Google Meet."),
        ],
        "questions": [
            ("Does Tom have a weekly call with Hollow Oak?", ["new"]),
        ],
    },
    {
        "id": "negation-19",
        "persona": "leo",
        "memories": [
            ("old", 600, "Walk-in customers can pay cash at the DUS-1 counter."),
            ("new", 45, "Cash isn't accepted at DUS-1 anymore, card or invoice only."),
            ("hours", 300, "The DUS-1 counter is open from 7 to 19."),
            ("walkin", 200, "About thirty walk-in customers come to DUS-1 each day."),
            ("safe", 400, "The DUS-1 office has a safe in the back room."),
        ],
        "questions": [
            ("Can a customer pay cash at DUS-1?", ["new"]),
        ],
    },
    {
        "id": "negation-20",
        "persona": "tom",
        "note": "written after the fixes and run once, unseen by them",
        "memories": [
            ("old", 400, "Ines takes the Northern line to the Whittington every day."),
            ("new", 18, "Ines doesn't take the tube any more, she cycles to the hospital."),
            ("strike", 200, "The Northern line was on strike twice last spring."),
            ("oyster", 300, "Ines tops up her Oyster card on Mondays."),
            ("bike", 40, "Tom bought Ines a second-hand Brompton."),
        ],
        "questions": [
            ("How does Ines get to work?", ["new"]),
        ],
    },
    {
        "id": "negation-21",
        "persona": "maya",
        "note": "written after the fixes and run once, unseen by them",
        "memories": [
            ("old", 350, "I'm on the card-auth on-call rotation every fourth week."),
            ("new", 10, "I'm off the on-call rotation now that I lead the platform migration."),
            ("pager", 250, "The on-call pager for card-auth is on PagerDuty."),
            ("swap", 100, "Jonas and I sometimes swap on-call weeks."),
            ("migration", 15, "The platform migration should take until the end of the year."),
        ],
        "questions": [
            ("Am I still on call for card-auth?", ["new"]),
        ],
    },
]
# fmt: on
