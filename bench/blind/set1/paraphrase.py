"""paraphrase: the question shares few or no words with the memory that answers it; distractors
sit on the same topic and sometimes share more words with the question than the answer does."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "paraphrase-01",
        "persona": "hiroko",
        "memories": [
            ("dad_pills", 60, "Dad takes his blood thinner every evening with dinner, I set up a weekly pill box for him"),
            ("dad_visit", 45, "I visit Nara every second weekend to check on dad and do his shopping"),
            ("dad_doctor", 30, "his cardiologist appointment got moved to the 21st"),
            ("dad_phone", 20, "bought dad a phone with big buttons, he still prefers the landline"),
            ("dad_meals", 50, "a neighbour brings him bento a few times a week, which is a relief"),
        ],
        "questions": [("when in the day does her father need his medication?", ["dad_pills"])],
    },
    {
        "id": "paraphrase-02",
        "persona": "kwame",
        "memories": [
            ("pager_fatigue", 25, "the team is burned out from being woken up at night, too many alerts fire for things nobody can act on"),
            ("alert_tuning", 40, "we tuned the latency alert thresholds back in September"),
            ("hiring", 30, "opened a req for a senior SRE, recruiter says the pipeline is thin"),
            ("retro", 20, "retro went fine, mostly about flaky tests in CI"),
            ("offsite", 15, "team offsite planned for late January, somewhere near Aburi"),
        ],
        "questions": [("is there a morale problem on my team? what's wearing people down?", ["pager_fatigue"])],
    },
    {
        "id": "paraphrase-03",
        "persona": "marta",
        "memories": [
            ("oven_broke", 8, "the deck oven's left chamber won't hold heat anymore, technician comes Monday"),
            ("oven_bought", 600, "we bought the deck oven second-hand from a bakery closing in Tarnów"),
            ("mixer", 100, "the spiral mixer is louder than it used to be but works"),
            ("oven_clean", 30, "deep-cleaned the ovens over the holiday closure"),
            ("bread_count", 12, "we sell around 180 loaves on a Saturday now"),
        ],
        "questions": [("is any of the bakery equipment out of order right now?", ["oven_broke"])],
    },
    {
        "id": "paraphrase-04",
        "persona": "sophie",
        "memories": [
            ("imposter", 35, "honestly I feel like everyone else in the group knows what they're doing and I'm faking it"),
            ("progress", 40, "second chapter draft is at 60%, figures mostly done"),
            ("supervisor_meet", 30, "weekly 1:1 with Lindqvist moved to Thursdays"),
            ("conference", 50, "abstract accepted for EGU in Vienna, poster session"),
            ("sleep", 25, "sleeping badly since the clocks changed"),
        ],
        "questions": [("does Sophie doubt her own abilities at work?", ["imposter"])],
    },
    {
        "id": "paraphrase-05",
        "persona": "lucas",
        "memories": [
            ("back_pain", 40, "lower back is wrecked after carrying two bodies and the gimbal for a 12-hour wedding"),
            ("physio", 35, "booked a physio for Tuesday, she said it's muscular not the disc"),
            ("gear_bag", 30, "thinking about a roller case instead of the backpack"),
            ("surf_trip", 60, "went to Maresias last month, waves were flat"),
            ("gym", 20, "joined the gym near Pinheiros to build some core strength"),
        ],
        "questions": [("what set off his injury?", ["back_pain"])],
        "note": "'bodies' = camera bodies; the question says injury, the memory never does",
    },
    {
        "id": "paraphrase-06",
        "persona": "grace",
        "memories": [
            ("slugs", 20, "something is eating my lettuces to the ground every night, I'm putting down beer traps"),
            ("roses", 40, "the roses had black spot this year, sprayed twice"),
            ("tomatoes", 60, "tomatoes in the greenhouse did brilliantly, gave bags away to the neighbours"),
            ("compost", 30, "started a second compost bin behind the shed"),
            ("garden_club", 15, "garden club outing to Kylemore walled garden in May"),
        ],
        "questions": [("are pests damaging her vegetable crop?", ["slugs"])],
    },
    {
        "id": "paraphrase-07",
        "persona": "dev",
        "memories": [
            ("churn", 25, "we're losing mid-size customers after the first renewal, mostly to cheaper local tools"),
            ("nps", 30, "NPS went up 6 points after the new dashboard"),
            ("pricing_page", 20, "marketing wants to redesign the pricing page, I'm not convinced"),
            ("sales_hire", 35, "two new AEs started in Pune this month"),
            ("arr", 40, "ARR crossed the number the board wanted, small party on Friday"),
        ],
        "questions": [("why are clients leaving us when their contract comes up?", ["churn"])],
    },
    {
        "id": "paraphrase-08",
        "persona": "ines",
        "memories": [
            ("dog_anxiety", 30, "Bolacha howls and scratches the door when we both leave, neighbours complained"),
            ("dog_walk", 40, "we walk her twice a day along the river"),
            ("dog_food", 50, "switched her to a grain-free kibble, she likes it"),
            ("dog_vet", 60, "annual vaccines done in October"),
            ("dog_trainer", 20, "a friend recommended a trainer in Gaia"),
        ],
        "questions": [("how does the greyhound cope with being home alone?", ["dog_anxiety"])],
    },
    {
        "id": "paraphrase-09",
        "persona": "omar",
        "memories": [
            ("car_loan", 90, "we still owe about 14k on the minivan, payments are 410 a month until 2027"),
            ("mortgage", 300, "mortgage renews in 2028, fixed rate for now"),
            ("budget", 60, "Leila and I do a budget review the first Sunday of the month"),
            ("resp", 120, "we put 200 a month into the kids' RESP"),
            ("van_service", 30, "minivan needs new brakes before winter"),
        ],
        "questions": [("how much debt is left on the family vehicle?", ["car_loan"])],
    },
    {
        "id": "paraphrase-10",
        "persona": "kwame",
        "memories": [
            ("kofi_school", 70, "Kofi's teacher says he can't sit still in class and keeps talking over others"),
            ("ama_school", 80, "Ama got top marks in maths again, she wants to do the olympiad"),
            ("school_run", 50, "I do drop-off, my wife does pick-up on weekdays"),
            ("kofi_swim", 40, "Kofi started swimming lessons on Saturdays"),
            ("pta", 30, "PTA meeting about the new school uniform supplier, skipping it"),
        ],
        "questions": [("has the younger one's behaviour been flagged by school?", ["kofi_school"])],
    },
    {
        "id": "paraphrase-11",
        "persona": "hiroko",
        "memories": [
            ("night_shift", 15, "from next month I'm on the rota for nights twice a week, the ward is short of staff"),
            ("day_ward", 200, "I've been on the day ward for three years, I like the rhythm"),
            ("overtime", 30, "overtime pay got bumped a little in the new agreement"),
            ("colleague", 25, "Sato-san is going on maternity leave in the spring"),
            ("uniform", 40, "new scrubs are so much better than the old polyester ones"),
        ],
        "questions": [("are her working hours about to change?", ["night_shift"])],
    },
    {
        "id": "paraphrase-12",
        "persona": "sophie",
        "memories": [
            ("rent", 80, "the Warmmiete for my room is 540 euros, paid to the landlord on the 1st"),
            ("stipend", 100, "my stipend is paid by the DFG project, it's a 65% position"),
            ("flat_clean", 60, "we have a cleaning rota that Jonas ignores"),
            ("deposit", 700, "paid three months' deposit when I moved in"),
            ("heating", 40, "the heating costs are supposed to go up next year"),
        ],
        "questions": [("what does her housing cost each month?", ["rent"])],
    },
    {
        "id": "paraphrase-13",
        "persona": "marta",
        "memories": [
            ("bartek_quit", 10, "Bartek handed in his notice, he's going to work at his uncle's restaurant in Gdańsk"),
            ("agnieszka", 90, "Agnieszka is learning to do the laminated doughs, she's getting good"),
            ("student", 60, "the part-time student only works Saturdays"),
            ("wages", 40, "gave everyone a small raise in October"),
            ("ad", 5, "need to put an ad up for a baker's assistant"),
        ],
        "questions": [("which employee is leaving, and where to?", ["bartek_quit"])],
    },
    {
        "id": "paraphrase-14",
        "persona": "lucas",
        "memories": [
            ("stolen", 100, "someone smashed the van window in Vila Madalena and took my 35mm lens and a flash"),
            ("bo", 99, "filed the police report (B.O.) online the same night"),
            ("insurance_claim", 90, "the equipment insurance only pays 60% because the van wasn't in a guarded lot"),
            ("new_lens", 80, "bought a used 35 from a guy on OLX, it's fine"),
            ("parking", 70, "now I only park in paid lots when I have gear in the car"),
        ],
        "questions": [("what did the thieves get away with?", ["stolen"])],
    },
    {
        "id": "paraphrase-15",
        "persona": "grace",
        "memories": [
            ("hearing", 50, "I can't follow conversations in the pub anymore, everyone mumbles, my daughter says it's me"),
            ("eyes", 200, "new glasses last spring, varifocals take getting used to"),
            ("gp", 40, "GP appointment for the flu jab and the usual bloods"),
            ("knee", 100, "the left knee complains on the stairs"),
            ("choir_sing", 30, "choir director says I'm a bit off pitch lately"),
        ],
        "questions": [("might Grace need a hearing aid?", ["hearing"])],
        "note": "the memory never says hearing; choir pitch is a lure",
    },
    {
        "id": "paraphrase-16",
        "persona": "dev",
        "memories": [
            ("ananya_bday", 40, "Ananya's birthday is on March 3rd, she wants a quiet dinner, no party"),
            ("anniv", 100, "our wedding anniversary is in November, 7 years next time"),
            ("gift_idea", 30, "she keeps looking at that hand-painted Kalamkari saree"),
            ("mom_bday", 60, "amma turns 65 in June, my brothers are planning something big"),
            ("clinic", 50, "Ananya's clinic is getting a new X-ray machine"),
        ],
        "questions": [("when is my wife's special day and how does she want to celebrate it?", ["ananya_bday"])],
    },
    {
        "id": "paraphrase-17",
        "persona": "omar",
        "memories": [
            ("leila_promo", 20, "Leila got the head nurse position at the Jewish General, starts in January, she's over the moon"),
            ("leila_shift", 90, "Leila's on 12-hour shifts, three days a week"),
            ("leila_study", 200, "she finished her master's in nursing admin last spring"),
            ("childcare", 15, "we'll need more help with the kids once her new schedule starts"),
            ("dinner_out", 18, "taking Leila out to the Syrian place on Saint-Laurent to celebrate something"),
        ],
        "questions": [("has my spouse had any career news recently?", ["leila_promo"])],
    },
    {
        "id": "paraphrase-18",
        "persona": "kwame",
        "memories": [
            ("visa", 50, "UK visa for the London conference got refused, they said the bank statements weren't enough, appealing"),
            ("london_talk", 80, "I'm supposed to speak at a payments conference in London in March"),
            ("passport", 300, "passport renewed last year, valid to 2034"),
            ("flights", 60, "held off booking flights to London for now"),
            ("remote_talk", 40, "organisers said I could present remotely worst case"),
        ],
        "questions": [("is anything blocking Kwame's trip to England?", ["visa"])],
    },
]
