"""Noise: one specific memory (a plan, a date, a name, an amount) among vague chatter on the same
topic; the question wants the specifics."""

# ruff: noqa: E501
# Hand-written data: one memory per line, however long.
# fmt: off

SCENARIOS = [
    {
        "id": "noise-01",
        "persona": "maya",
        "memories": [
            ("c1", 80, "User mentioned the Atlas launch again."),
            ("c2", 60, "The Atlas launch is coming up soon, everyone's stressed."),
            ("plan", 45, "The Atlas launch rolls out to 5% of merchants on June 3, then 50% a week later, full rollout mid-June."),
            ("c3", 30, "Talked about the launch with the team for a while."),
            ("c4", 20, "The launch came up in the retro again."),
            ("c5", 10, "Maya is excited and a bit nervous about the Atlas launch."),
        ],
        "questions": [
            ("What is the Atlas rollout plan?", ["plan"]),
            ("when does Atlas reach the first merchants", ["plan"]),
        ],
    },
    {
        "id": "noise-02",
        "persona": "tom",
        "memories": [
            ("c1", 50, "Tom talked about Hollow Oak again."),
            ("c2", 40, "The Hollow Oak project keeps coming up."),
            ("fact", 30, "Hollow Oak brand guidelines are due on the 14th; Tom presents them to Clara Wynn, their creative director, at 11:00."),
            ("c3", 20, "Tom feels the Hollow Oak work is going fine."),
            ("c4", 8, "Some back and forth with Hollow Oak this week."),
        ],
        "questions": [
            ("When are the Hollow Oak brand guidelines due?", ["fact"]),
            ("who is Tom presenting the Hollow Oak work to", ["fact"]),
        ],
    },
    {
        "id": "noise-03",
        "persona": "priya",
        "memories": [
            ("c1", 70, "Priya mentioned the sepsis model results."),
            ("c2", 55, "Sepsis model performance came up in standup."),
            ("fact", 40, "Sepsis model v3 reached 0.87 AUROC on the 2023 holdout, up from 0.82 for v2."),
            ("c3", 25, "Priya seems happy with how the sepsis model is going."),
            ("c4", 10, "Discussed the sepsis model metrics for a while."),
        ],
        "questions": [
            ("How well does sepsis model v3 perform?", ["fact"]),
            ("AUROC of the sepsis model", ["fact"]),
        ],
    },
    {
        "id": "noise-04",
        "persona": "leo",
        "memories": [
            ("c1", 90, "Leo talked about shift planning again."),
            ("c2", 75, "Shift planning at DUS-1 is a recurring headache."),
            ("fact", 60, "New DUS-1 shift plan: early shift 5:30 to 14:00, late shift 13:30 to 22:00, and the night shift is dropped from May."),
            ("c3", 40, "Some drivers have strong opinions about the shift plan."),
            ("c4", 15, "Shift stuff came up in the ops meeting."),
        ],
        "questions": [
            ("What are the new DUS-1 shift times?", ["fact"]),
            ("is there still a night shift at DUS-1", ["fact"]),
        ],
    },
    {
        "id": "noise-05",
        "persona": "maya",
        "memories": [
            ("c1", 40, "Maya mentioned the move again."),
            ("c2", 35, "The move is stressing everyone out."),
            ("fact", 28, "Moving day is 28 August; the movers from Mudanças Tejo arrive at 8 am and charge 640 EUR."),
            ("c3", 20, "Talked about packing for a bit."),
            ("c4", 6, "Rui and Maya keep discussing the move."),
        ],
        "questions": [
            ("Which moving company did we book and when?", ["fact"]),
            ("how much are the movers charging", ["fact"]),
        ],
    },
    {
        "id": "noise-06",
        "persona": "tom",
        "memories": [
            ("c1", 30, "School stuff came up again."),
            ("c2", 25, "Tom mentioned Elsie's teacher."),
            ("fact", 18, "Elsie's parent-teacher meeting is on Thursday at 16:15 with Mrs Okafor in classroom 2B."),
            ("c3", 12, "Tom is a bit worried about how Elsie is doing at school."),
            ("c4", 5, "Lots of school admin this term."),
        ],
        "questions": [
            ("When is the parent-teacher meeting and with whom?", ["fact"]),
        ],
    },
    {
        "id": "noise-07",
        "persona": "priya",
        "memories": [
            ("c1", 120, "Priya talked about the labeling project."),
            ("c2", 100, "Labeling budget discussions are ongoing."),
            ("fact", 85, "Labeling project budget: 42,000 EUR, approved by Tobias, vendor is Labelbox, starting in Q3."),
            ("c3", 60, "The labeling project came up again."),
            ("c4", 30, "Priya thinks labeling is always underfunded."),
        ],
        "questions": [
            ("How much budget did the labeling project get?", ["fact"]),
            ("which vendor do we use for labeling", ["fact"]),
        ],
    },
    {
        "id": "noise-08",
        "persona": "leo",
        "memories": [
            ("c1", 50, "Delivery performance came up in the board prep."),
            ("c2", 45, "Leo talked about the on-time numbers again."),
            ("fact", 40, "Q3 on-time delivery was 94.2%, missing the 96% target, mainly because of the Venlo backlog."),
            ("c3", 20, "On-time delivery is a constant topic."),
            ("c4", 10, "Leo seems frustrated with the delivery metrics."),
        ],
        "questions": [
            ("What was the Q3 on-time delivery rate?", ["fact"]),
            ("why did we miss the delivery target", ["fact"]),
        ],
    },
    {
        "id": "noise-09",
        "persona": "maya",
        "memories": [
            ("c1", 70, "Jonas mentioned his leave plans."),
            ("c2", 60, "Team capacity will be tight in the autumn."),
            ("fact", 55, "Jonas is on paternity leave from 2 October for eight weeks; Aiko covers card-auth reviews meanwhile."),
            ("c3", 40, "Talked about who covers what while people are out."),
            ("c4", 20, "Jonas's leave came up in planning again."),
        ],
        "questions": [
            ("Who covers card-auth reviews while Jonas is away?", ["fact"]),
            ("how long is Jonas's paternity leave", ["fact"]),
        ],
    },
    {
        "id": "noise-10",
        "persona": "tom",
        "memories": [
            ("c1", 70, "The Brightwater project came up again."),
            ("c2", 60, "Tom chatted about the café menu."),
            ("fact", 55, "Brightwater menu redesign: three concepts by 5 May, final files by 20 May, fee £2,400."),
            ("c3", 40, "The menu redesign is going okay."),
            ("c4", 30, "Tom mentioned Brightwater in passing."),
        ],
        "questions": [
            ("What is the deadline for the Brightwater final files?", ["fact"]),
            ("how much is Tom charging Brightwater", ["fact"]),
        ],
    },
    {
        "id": "noise-11",
        "persona": "priya",
        "memories": [
            ("c1", 100, "Priya mentioned the conference."),
            ("c2", 80, "Conference prep is taking a lot of her time."),
            ("fact", 75, "Priya's MLHC talk is on Friday 9 August at 14:20 in Hall C, 20 minutes plus questions."),
            ("c3", 50, "Priya talked about her slides."),
            ("c4", 30, "The MLHC trip came up."),
        ],
        "questions": [
            ("When is Priya's MLHC talk?", ["fact"]),
        ],
    },
    {
        "id": "noise-12",
        "persona": "leo",
        "memories": [
            ("c1", 60, "Board meeting prep again."),
            ("c2", 50, "Leo mentioned the board."),
            ("fact", 45, "Next board meeting: 12 November, 9:00 at the Düsseldorf HQ; Leo has 25 minutes for the fleet electrification plan."),
            ("c3", 30, "Leo is nervous about the board meeting."),
            ("c4", 15, "The board meeting came up in the 1:1."),
        ],
        "questions": [
            ("How long is Leo's slot at the board meeting?", ["fact"]),
            ("where and when is the next board meeting", ["fact"]),
        ],
    },
    {
        "id": "noise-13",
        "persona": "maya",
        "memories": [
            ("c1", 30, "Rui's birthday is coming up."),
            ("c2", 25, "Maya mentioned birthday plans."),
            ("fact", 21, "Rui's birthday dinner is booked at Taberna da Rua das Flores, Saturday 8 pm, table for six under Maya's name."),
            ("c3", 14, "Talked about gift ideas for Rui."),
            ("c4", 7, "Birthday stuff again."),
        ],
        "questions": [
            ("Where is Rui's birthday dinner booked?", ["fact"]),
        ],
    },
]
# fmt: on
