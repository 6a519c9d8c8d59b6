"""multihop: the question reaches the answer through a link (a role, a relation, a nickname); the
answer key is the memory that holds the answer, not the one that holds the link."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "multihop-01",
        "persona": "kwame",
        "memories": [
            ("link_manager", 300, "my manager is Priya Raman, VP of engineering"),
            ("priya_food", 100, "Priya is allergic to shellfish, be careful booking team dinners"),
            ("efua_food", 90, "Efua doesn't eat pork"),
            ("dinner", 20, "team dinner next Friday, thinking of the seafood place in Osu"),
            ("priya_style", 200, "Priya prefers written updates over meetings"),
        ],
        "questions": [("is there anything my boss can't eat?", ["priya_food"])],
    },
    {
        "id": "multihop-02",
        "persona": "ines",
        "memories": [
            ("link_sister", 500, "my sister is Catarina, she's the one in Berlin"),
            ("cat_bday", 80, "Catarina's birthday is 11 April"),
            ("tomas_bday", 90, "Tomás turns 36 on 2 September"),
            ("mum_bday", 100, "mum's birthday is in January, always a big lunch"),
            ("berlin_visit", 60, "we might visit Berlin in the spring"),
        ],
        "questions": [("when is my sister's birthday?", ["cat_bday"])],
    },
    {
        "id": "multihop-03",
        "persona": "hiroko",
        "memories": [
            ("link_niece", 400, "the cardigan is for my niece Yui, my brother's daughter"),
            ("yui_size", 50, "Yui wears a size 130 now, she grew a lot this year"),
            ("yui_school", 60, "Yui started elementary school in April"),
            ("nephew_size", 40, "my nephew Ren is in 110 size clothes"),
            ("cardigan_pattern", 30, "the cardigan pattern is from a Japanese knitting book, raglan sleeves"),
        ],
        "questions": [("what size should the cardigan I'm knitting be?", ["yui_size"])],
        "note": "cardigan -> Yui -> size",
    },
    {
        "id": "multihop-04",
        "persona": "marta",
        "memories": [
            ("link_mill", 300, "our flour comes from Młyn Zbożowy in Wieliczka"),
            ("mill_contact", 120, "at Młyn Zbożowy you talk to Pani Ewa, she's on 604 221 870, mornings only"),
            ("dairy_contact", 110, "the dairy co-op contact is Pan Jerzy, 512 880 431"),
            ("flour_quality", 60, "the last flour batch was a bit weak, loaves spread"),
            ("packaging_contact", 100, "Pakmax sales rep is Kasia, emails only"),
        ],
        "questions": [("who do I call about a problem with our flour supplier, and when?", ["mill_contact"])],
    },
    {
        "id": "multihop-05",
        "persona": "dev",
        "memories": [
            ("link_race", 60, "my big race this season is the Tata Mumbai Marathon"),
            ("mumbai_date", 50, "TMM is on Sunday 18 January, start 5:15am"),
            ("bengaluru_half", 200, "Bengaluru half is usually in October"),
            ("training_plan", 90, "16-week plan, long runs on Sundays"),
            ("shoes", 30, "new racing shoes, need to break them in first"),
        ],
        "questions": [("what date is my main race of the season?", ["mumbai_date"])],
    },
    {
        "id": "multihop-06",
        "persona": "lucas",
        "memories": [
            ("link_second", 200, "my usual second shooter is Jéssica Prado"),
            ("jess_rate", 80, "Jéssica charges R$ 900 for a full wedding day, R$ 500 for half"),
            ("assistant_rate", 70, "the lighting assistant, Caio, is R$ 350 a day"),
            ("editor_rate", 75, "the outsourced editor charges R$ 4 per photo"),
            ("jess_gear", 100, "Jéssica shoots Sony, so colours need matching in post"),
        ],
        "questions": [("how much does my second shooter cost for a full day?", ["jess_rate"])],
    },
    {
        "id": "multihop-07",
        "persona": "sophie",
        "memories": [
            ("link_external", 50, "the external examiner from Kiel is Dr. Henrik Salo"),
            ("salo_paper", 40, "Salo's 2021 paper on Labrador Sea convection is the one I need to cite and discuss properly"),
            ("lindqvist_paper", 45, "Lindqvist's big paper is the 2018 AMOC review"),
            ("aydin_paper", 35, "Aydın did the float data processing paper, cite in chapter 3"),
            ("reading_list", 20, "my reading list is getting out of control"),
        ],
        "questions": [("which paper by my external examiner should I be ready to talk about?", ["salo_paper"])],
    },
    {
        "id": "multihop-08",
        "persona": "omar",
        "memories": [
            ("link_assistant", 30, "Karim is my assistant coach now"),
            ("karim_phone", 25, "Karim's cell is 514-555-0187, text don't call"),
            ("ref_phone", 20, "the league referee coordinator is 514-555-0142"),
            ("karim_son", 40, "Karim's son Ilyas is our goalie"),
            ("parent_group", 15, "there's a WhatsApp group for the U10 parents"),
        ],
        "questions": [("how do I reach my assistant coach?", ["karim_phone"])],
    },
    {
        "id": "multihop-09",
        "persona": "grace",
        "memories": [
            ("link_eldest", 600, "Saoirse is my eldest, then Declan, then Niamh"),
            ("saoirse_address", 150, "Saoirse moved to 14 Rahoon Park, the house with the red door"),
            ("declan_address", 160, "Declan and his wife are in Oranmore, near the castle"),
            ("niamh_abroad", 200, "Niamh is in Toronto, she calls on Sundays"),
            ("xmas_cards", 20, "need to write the Christmas cards this week"),
        ],
        "questions": [("what's the address of my eldest daughter, for the Christmas card?", ["saoirse_address"])],
    },
    {
        "id": "multihop-10",
        "persona": "kwame",
        "memories": [
            ("link_oncall", 15, "I'm on call the week of the 9th"),
            ("kofi_recital", 20, "Kofi's piano recital is Thursday the 12th at 6pm"),
            ("ama_match", 18, "Ama's netball final is on the 22nd"),
            ("oncall_swap", 10, "Daniel owes me a swap from last month"),
            ("oncall_tool", 100, "we use PagerDuty, escalation after 10 minutes"),
        ],
        "questions": [("is there a family event during my on-call week?", ["kofi_recital"])],
        "note": "needs the on-call week (9th) to pick the 12th over the 22nd",
    },
    {
        "id": "multihop-11",
        "persona": "ines",
        "memories": [
            ("link_tool", 120, "the bank's research repository is on Dovetail"),
            ("dovetail_login", 100, "Dovetail login is through the bank SSO, the workspace is 'banco-research'"),
            ("figma_login", 90, "Figma uses my personal email, not SSO, weirdly"),
            ("lookback_login", 110, "Lookback account is shared, password in 1Password under 'UXR'"),
            ("repo_tags", 60, "we tag insights by journey stage in the repository"),
        ],
        "questions": [("how do I sign in to where we keep the research insights?", ["dovetail_login"])],
    },
    {
        "id": "multihop-12",
        "persona": "hiroko",
        "memories": [
            ("link_carer", 50, "dad's morning carer is Mrs. Ishida from the Nara care agency"),
            ("ishida_days", 45, "Ishida-san doesn't come on Sundays or public holidays"),
            ("neighbour_days", 40, "the neighbour drops off bento on Mondays and Thursdays"),
            ("agency_phone", 48, "the care agency's office number is 0742-22-3190"),
            ("dad_mood", 20, "dad likes Ishida-san, they talk about baseball"),
        ],
        "questions": [("on which days does nobody come in the morning to help my father?", ["ishida_days"])],
    },
    {
        "id": "multihop-13",
        "persona": "marta",
        "memories": [
            ("link_best", 90, "our best seller is the cardamom bun, by far"),
            ("cardamom_cost", 40, "green cardamom went up to 160 zł a kilo, wholesale from Kuchnie Świata"),
            ("butter_cost", 45, "butter is 38 zł a kilo at the moment"),
            ("cinnamon_cost", 50, "cinnamon is cheap, 40 zł a kilo"),
            ("bun_shape", 60, "Agnieszka's knotted buns look better than mine"),
        ],
        "questions": [("what's the key spice in our top-selling item costing us now?", ["cardamom_cost"])],
    },
    {
        "id": "multihop-14",
        "persona": "dev",
        "memories": [
            ("link_designer", 120, "Meera is the lead designer on the mobile invoices app"),
            ("meera_leave", 30, "Meera is on leave from 20 Dec to 6 Jan, back on the 7th"),
            ("arjun_leave", 25, "Arjun from backend is off the first week of January"),
            ("design_review_day", 20, "design reviews are on Thursdays"),
            ("meera_praise", 50, "Meera's new onboarding flow tested really well"),
        ],
        "questions": [("when can I get the mobile app's lead designer back for a review after the holidays?", ["meera_leave"])],
    },
    {
        "id": "multihop-15",
        "persona": "lucas",
        "memories": [
            ("link_agency", 150, "the editorial work mostly comes through the magazine Revista Trip"),
            ("trip_invoice", 40, "Trip pays invoices 45 days after publication, send to financeiro@ with the PO"),
            ("wedding_invoice", 60, "wedding clients pay 30% upfront and the rest a week before"),
            ("trip_editor", 100, "my photo editor at Trip is Renata"),
            ("late_payment", 20, "one magazine still hasn't paid me for September"),
        ],
        "questions": [("what are the payment terms with the publication that sends me most editorial jobs?", ["trip_invoice"])],
    },
    {
        "id": "multihop-16",
        "persona": "omar",
        "memories": [
            ("link_youngest", 200, "Sami is the baby, he turned one in October"),
            ("sami_allergy", 60, "Sami reacted to egg, the pediatrician says avoid it until we test again in spring"),
            ("adam_allergy", 300, "Adam had a mild penicillin reaction as a toddler"),
            ("yasmin_food", 100, "Yasmin went through a vegetarian phase, over now"),
            ("baby_food", 40, "Sami eats everything we eat now, just mashed"),
        ],
        "questions": [("is there a food the youngest must avoid?", ["sami_allergy"])],
    },
    {
        "id": "multihop-17",
        "persona": "sophie",
        "memories": [
            ("link_flatmate_cook", 200, "Jonas is the flatmate who does most of the cooking"),
            ("jonas_gluten", 60, "Jonas found out he's coeliac, so no wheat at all for him now"),
            ("mei_spice", 80, "Mei can't handle spicy food"),
            ("jonas_birthday", 30, "Jonas turns 29 next month"),
            ("flat_dinner", 10, "planning a flat dinner to thank whoever feeds us most of the time"),
        ],
        "questions": [("what should I keep off the menu for the thank-you dinner?", ["jonas_gluten"])],
        "note": "thank-you dinner -> the flatmate who cooks -> Jonas -> coeliac",
    },
    {
        "id": "multihop-18",
        "persona": "grace",
        "memories": [
            ("link_toronto", 200, "Niamh is the one in Toronto"),
            ("niamh_flight", 20, "Niamh lands in Shannon on 22 December at 7:40am, Aer Lingus from Toronto"),
            ("declan_xmas", 25, "Declan's family comes for Christmas dinner at 3"),
            ("maureen_xmas", 30, "Maureen might come over from Leeds for New Year"),
            ("spare_room", 15, "the spare room needs airing before anyone stays"),
        ],
        "questions": [("what time do I pick up my daughter from Canada at the airport?", ["niamh_flight"])],
    },
]
