"""negation: a later memory says something stopped / is no longer true after an earlier positive
one; the answer is the newer, negating memory."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "negation-01",
        "persona": "tomasz",
        "memories": [
            ("jenkins", 500, "All our CI runs on Jenkins, a pile of Groovy pipelines from 2017."),
            ("gone", 40, "Jenkins is finally dead. Last pipeline migrated to GitLab CI on Tuesday and the VM is switched off."),
            ("jnk", 300, "The Jenkins box is a VM called jnk-01 that nobody dares to patch."),
            ("runners", 60, "GitLab runners run on spot instances, autoscaling from 2 to 20."),
            ("plugins", 400, "Jenkins plugin updates broke the build twice this quarter."),
        ],
        "questions": [("Are builds still running on Jenkins?", ["gone"])],
    },
    {
        "id": "negation-02",
        "persona": "tomasz",
        "memories": [
            ("parkrun", 400, "Tomasz does parkrun every Saturday at Park Szczytnicki."),
            ("stopped", 70, "I've given up running since the Achilles thing. Physio said cycling is fine, running isn't, so that's that."),
            ("time", 300, "Parkrun best is 21:40, chasing sub-21."),
            ("achilles", 110, "Achilles has been sore for weeks, especially mornings."),
            ("shoes", 350, "Bought Asics Novablast for parkrun."),
        ],
        "questions": [("Should I sign Tomasz up for the company 5k run next month?", ["stopped"])],
    },
    {
        "id": "negation-03",
        "persona": "amara",
        "memories": [
            ("prosecco", 400, "Friday night Prosecco is my treat after a week of shifts."),
            ("sober", 50, "Six months without a drink now. Not going back — I sleep better and my running has never been this good."),
            ("hen", 300, "Chioma's birthday was a boozy brunch in Lekki, great fun."),
            ("mocktail", 20, "Found a bar in Chorlton with really good alcohol-free cocktails."),
            ("wine", 350, "Dele bought a wine fridge, which is very Dele."),
        ],
        "questions": [("Does Amara drink alcohol?", ["sober"])],
    },
    {
        "id": "negation-04",
        "persona": "amara",
        "memories": [
            ("foodbank", 300, "Dele and I volunteer at the Chorlton food bank on Saturday mornings."),
            ("quit", 30, "We've had to stop doing the food bank — with my new rota there's just no Saturday left."),
            ("sorting", 250, "Food bank is mostly sorting tins and packing bags, very satisfying."),
            ("donate", 25, "Still dropping off a bag of tins at the Co-op collection point when I can."),
            ("coordinator", 200, "The food bank coordinator is a retired teacher called Pauline."),
        ],
        "questions": [("Are they still volunteering on Saturdays?", ["quit"])],
    },
    {
        "id": "negation-05",
        "persona": "kenji",
        "memories": [
            ("square", 300, "We take card payments now with a Square reader."),
            ("nocard", 45, "Stopped taking cards — fees were too much. Cash and PayPay only from now."),
            ("tourists", 250, "Tourists always ask if they can pay by card."),
            ("paypay", 100, "PayPay QR sticker is on the ticket machine."),
            ("cash", 80, "Bank deposit of the cash is every Monday."),
        ],
        "questions": [("Can customers pay with a credit card at the shop?", ["nocard"])],
    },
    {
        "id": "negation-06",
        "persona": "kenji",
        "memories": [
            ("smoke", 500, "Kenji smokes about a pack a day, Mild Seven, outside the back door."),
            ("quit", 150, "I quit smoking on New Year's day. Five months, not one cigarette."),
            ("yuko", 450, "Yuko hates the smell of smoke on my apron."),
            ("gum", 140, "Chewing nicotine gum the first weeks, now nothing."),
            ("price", 300, "Cigarettes went up again, 600 yen a pack."),
        ],
        "questions": [("Is Kenji still a smoker?", ["quit"])],
    },
    {
        "id": "negation-07",
        "persona": "lucia",
        "memories": [
            ("norsk", 150, "Started Norwegian lessons on Preply for the Halden Health gig, twice a week."),
            ("dropped", 40, "Dropped the Norwegian lessons. Halden told me English is totally fine and honestly I had no time."),
            ("teacher", 140, "My Norwegian teacher Ingvild is from Tromsø, lovely accent."),
            ("words", 120, "The only Norwegian I can say confidently is 'takk for i dag'."),
            ("english", 200, "All my client work is in English or Spanish anyway."),
        ],
        "questions": [("Is Lucía still taking Norwegian classes?", ["dropped"])],
    },
    {
        "id": "negation-08",
        "persona": "lucia",
        "memories": [
            ("agencies", 400, "Most of my work comes through agencies like Estudio Norte."),
            ("direct", 35, "I don't work through agencies anymore. Direct clients only — the agency cut was 30% and they kept the relationship."),
            ("norte", 300, "Estudio Norte always has work in October and November."),
            ("rates", 100, "Direct clients pay my full rate, 55 USD an hour."),
            ("recruiter", 10, "A recruiter from a London agency messaged me on LinkedIn."),
        ],
        "questions": [("A London agency wants to subcontract her for a project — would she be open to it?", ["direct"])],
    },
    {
        "id": "negation-09",
        "persona": "devika",
        "memories": [
            ("cricket", 400, "Arjun plays for the school cricket team, opening batsman."),
            ("quit", 60, "Arjun has left the cricket team to focus on JEE prep. He was sad but it was his decision."),
            ("kit", 350, "Bought him a new English willow bat, ridiculously expensive."),
            ("match", 300, "Inter-school final on Saturday, Arjun scored 48."),
            ("coach", 100, "His cricket coach says he could have played under-19 state."),
        ],
        "questions": [("Is Arjun still on the school cricket team?", ["quit"])],
    },
    {
        "id": "negation-10",
        "persona": "devika",
        "memories": [
            ("panel", 250, "Devika is on the hiring panel for PM roles, usually 3 interviews a week."),
            ("off", 20, "I'm off the PM hiring panel for this quarter — no interviews, Sunita agreed, I need the time for the v4 launch."),
            ("rubric", 200, "Our PM interview rubric has product sense, execution, and stakeholder management."),
            ("candidates", 100, "Good PM candidates are rare; most have only done growth."),
            ("recruiter", 30, "Recruiter is Nisha from the talent team."),
        ],
        "questions": [("Can I schedule Devika for a PM candidate interview next week?", ["off"])],
    },
    {
        "id": "negation-11",
        "persona": "henrik",
        "memories": [
            ("cabin", 600, "We have a small cabin in Hardanger, near Utne, been in Randi's family since the fifties."),
            ("sold", 80, "The Hardanger cabin is sold. Neither of the girls wanted it, and the roof was going to cost more than we could justify."),
            ("fruit", 500, "Every autumn we pick apples at the cabin."),
            ("roof", 200, "The cabin roof needs replacing, quote was 260,000 kroner."),
            ("ferry", 450, "We take the ferry from Kvanndal to Utne to get there."),
        ],
        "questions": [("Do Henrik and Randi still have somewhere in Hardanger to stay?", ["sold"])],
    },
    {
        "id": "negation-12",
        "persona": "henrik",
        "memories": [
            ("weekends", 400, "I take Måke out almost every weekend from May to September."),
            ("notthis", 30, "Måke won't be going in the water this season. Rot in two planks, and the yard can't fix it before autumn."),
            ("planks", 45, "Found soft spots in the planking near the keel."),
            ("yard", 35, "The yard at Laksevåg has a long queue for wooden boat repairs."),
            ("odd", 20, "Odd says I can crew on his boat whenever I want."),
        ],
        "questions": [("Will Henrik be sailing his own boat this summer?", ["notthis"])],
    },
    {
        "id": "negation-13",
        "persona": "grace",
        "memories": [
            ("tomatoes", 400, "We grow tomatoes in the greenhouse and sell them at Karatina market."),
            ("nomore", 50, "No more tomatoes for us — blight finished two crops in a row. The greenhouse is empty for now."),
            ("variety", 350, "We plant Anna F1, good yields."),
            ("price", 300, "Tomato crate prices at Karatina go up a lot in the dry season."),
            ("capsicum", 20, "Thinking maybe capsicum in the greenhouse next year."),
        ],
        "questions": [("Is Grace still selling greenhouse tomatoes at the market?", ["nomore"])],
    },
    {
        "id": "negation-14",
        "persona": "grace",
        "memories": [
            ("nce", 500, "Our cooperative sells most of its coffee through the Nairobi Coffee Exchange auction."),
            ("direct", 40, "The cooperative has stopped selling at the NCE auction — everything goes through direct contracts with buyers now."),
            ("broker", 400, "Our marketing agent at the auction charges 1.5%."),
            ("hamburg", 60, "The Hamburg buyer takes the AA lots on a direct contract."),
            ("prices", 300, "Auction prices were very good last February."),
        ],
        "questions": [("Does the co-op still put its coffee through the auction?", ["direct"])],
    },
    {
        "id": "negation-15",
        "persona": "sam",
        "memories": [
            ("twitch", 300, "I stream dev on Twitch Tuesday nights, 7 to 10."),
            ("stopped", 40, "Not streaming anymore. Twitch was draining me and barely moved wishlists."),
            ("viewers", 250, "Average viewers around 30, a few regulars."),
            ("vods", 100, "Old VODs are archived on YouTube."),
            ("devlog", 30, "Will post monthly written devlogs on Steam instead."),
        ],
        "questions": [("When is Sam's next dev stream?", ["stopped"])],
    },
    {
        "id": "negation-16",
        "persona": "sam",
        "memories": [
            ("x", 400, "Most of my marketing happens on Twitter/X, screenshot Saturdays."),
            ("deleted", 60, "Deleted my X account. Announcements go on Bluesky and the Discord only now."),
            ("followers", 350, "Hit 5k followers on X, mostly other devs."),
            ("bsky", 50, "Bluesky engagement is smaller but nicer."),
            ("discord", 100, "Discord server has about 1,200 members."),
        ],
        "questions": [("Should I tag Sam on X when we post the collab announcement?", ["deleted"])],
    },
    {
        "id": "negation-17",
        "persona": "kenji",
        "memories": [
            ("ryo", 300, "Mai has a boyfriend, Ryo, also studying architecture."),
            ("over", 40, "Mai and Ryo have split up. Yuko says don't mention him at New Year."),
            ("visit", 250, "Ryo came to Fukuoka with Mai, very polite boy, ate two bowls."),
            ("sad", 35, "Mai sounds tired on the phone these days."),
            ("friend", 100, "Mai's best friend Haruka is also in Osaka."),
        ],
        "questions": [("Is Mai seeing anyone at the moment?", ["over"])],
    },
    {
        "id": "negation-18",
        "persona": "devika",
        "memories": [
            ("coffee", 400, "Devika runs on filter coffee, at least three a day."),
            ("nocoffee", 30, "No more coffee for me, doctor's orders — acid reflux. Green tea or tender coconut only."),
            ("machine", 300, "The office has a proper filter coffee setup on the 4th floor."),
            ("reflux", 40, "Reflux has been bad, especially after late dinners."),
            ("meeting", 5, "Offsite on Friday, I'm running the roadmap session."),
        ],
        "questions": [("Should I bring Devika a filter coffee to the roadmap session?", ["nocoffee"])],
    },
]
