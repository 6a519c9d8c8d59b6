"""Precedence at recall (domain.precedence): a newer statement of a change about the same subject and
topic ranks above the older one; distinct facts about one subject keep their order; nothing is dropped."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

from engram.domain.models import Status
from engram.domain.precedence import precede, precedence, user_aliases
from engram.domain.scoring import Components

T0 = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass
class Item:
    id: str
    content: str
    day: int  # observed on T0 + day
    entities: list[str] = field(default_factory=list)
    status: Status = Status.active

    @property
    def observed_at(self) -> datetime:
        return T0 + timedelta(days=self.day)


def over(*items: Item, user: tuple[str, ...] = (), vectors=None) -> dict[str, tuple[str, ...]]:
    return precedence(list(items), user, vectors)


def comps(score: float) -> Components:
    return Components(
        bm25=None, vector=None, fused=score, importance=1, recency=1, provenance=1, expiry=1, hits=1
    )


def test_a_migration_takes_precedence_over_what_it_migrated_from() -> None:
    old = Item("old", "The staging database runs MySQL 8.", 0)
    new = Item("new", "We migrated staging from MySQL to MariaDB 11 last week.", 30)
    assert over(old, new) == {"new": ("old",)}


def test_the_older_statement_of_a_change_never_takes_precedence_over_a_newer_one() -> None:
    said_first = Item("a", "We migrated staging from MySQL to MariaDB 11 last week.", 0)
    said_later = Item("b", "The staging database runs MySQL 8.", 30)
    assert "a" not in over(said_first, said_later)


def test_each_of_the_issues_change_examples_takes_precedence() -> None:
    pairs = [
        ("Our tickets live in Jira.", "We moved every ticket from Jira to Linear."),
        ("I ride a red Vespa to work.", "I sold the Vespa and commute by e-bike now."),
        ("Tom runs 5k every morning before work.", "Tom stopped running after the ankle injury."),
        ("The delivery fleet has 120 vans in total.", "After the spring purchase the fleet is at 138 vans."),
    ]
    for before, after in pairs:
        assert over(Item("old", before, 0), Item("new", after, 9)) == {"new": ("old",)}, after


def test_an_ending_said_in_other_words_takes_precedence() -> None:
    # "parted ways", "fell through", "is over": the end of an arrangement, worded as no verb of change
    pairs = [
        (
            "Nadia is working with the client Pivot on their onboarding.",
            "Pivot and I parted ways, onboarding is done.",
        ),
        ("The Lisbon flat deal for Nadia looks good.", "The Lisbon flat deal fell through."),
        ("Nadia's Lisbon experiment starts in January.", "The Lisbon experiment is over, back in Montreal."),
    ]
    for before, after in pairs:
        assert over(Item("old", before, 0), Item("new", after, 9)) == {"new": ("old",)}, after


def test_i_and_the_users_own_name_are_one_subject() -> None:
    old = Item("old", "I prefer dark roast coffee, no sugar.", 0)
    new = Item("new", "Actually, Alice no longer drinks coffee; she switched to green tea.", 5)
    assert over(old, new, user=("alice",)) == {"new": ("old",)}
    # someone else's change is not the user's
    other = Item("bob", "Actually, Bob no longer drinks coffee; he switched to green tea.", 5)
    assert over(old, other, user=("alice",)) == {}


def test_distinct_facts_about_one_subject_keep_their_order() -> None:
    diet = Item("diet", "Sam is vegetarian and cooks a lot.", 0)
    move = Item("move", "Sam moved to Berlin in March.", 30)
    assert over(diet, move) == {}
    # not even when embeddings are at hand: the two are not close in meaning
    vectors = {"diet": [1.0, 0.0], "move": [0.37, 0.93]}
    assert over(diet, move, vectors=lambda ids: {i: vectors[i] for i in ids}) == {}


def test_a_change_sharing_only_its_subject_is_related_by_meaning() -> None:
    old = Item("old", "Henrik loves sushi, especially salmon nigiri.", 0)
    new = Item("new", "Henrik doesn't eat fish anymore since he went vegan.", 30)
    assert over(old, new) == {}  # no word in common beyond Henrik
    close = {"old": [1.0, 0.0], "new": [0.6, 0.8]}  # cosine 0.6
    assert over(old, new, vectors=lambda ids: {i: close[i] for i in ids}) == {"new": ("old",)}
    far = {"old": [1.0, 0.0], "new": [0.3, 0.95]}
    assert over(old, new, vectors=lambda ids: {i: far[i] for i in ids}) == {}


def test_a_plain_newer_fact_on_the_topic_is_no_change() -> None:
    old = Item("old", "Priya's team uses Jira for tickets.", 0)
    new = Item("new", "Priya's team files about 40 tickets a week.", 30)
    assert over(old, new) == {}


def test_a_change_said_without_the_language_of_change() -> None:
    """A new state from a moment on, another time of day, a slip put right: each is a change."""
    pairs = [
        ("The team sits on the third floor.", "Since last Monday the team desks are in the annex, floor 5."),
        ("The alert threshold is a risk score of 0.7.", "The alert fires at 0.8 from this release."),
        ("The DUS-2 night shift starts at 22:00.", "The DUS-2 night shift begins at 9 pm sharp."),
        ("Aiko's birthday is on the 14th of March.", "Oops, I had it wrong: Aiko's birthday is March 4th."),
    ]
    for before, after in pairs:
        assert over(Item("old", before, 0), Item("new", after, 9)) == {"new": ("old",)}, after


def test_the_same_time_of_day_or_another_topic_is_no_change() -> None:
    old = Item("old", "The DUS-2 night shift starts at 22:00.", 0)
    same = Item("same", "The DUS-2 night shift starts at 10 pm, with a briefing.", 9)
    count = Item("count", "The DUS-2 night shift has 23 pickers.", 9)
    assert over(old, same) == {} and over(old, count) == {}


def test_a_newer_negation_of_the_same_subject_takes_precedence() -> None:
    old = Item("old", "Tobias plays five-a-side football every Wednesday evening.", 0)
    new = Item("new", "Tobias tore his ACL, so there's no football for him this season.", 30)
    cash = Item("cash", "Walk-in customers can pay cash at the DUS-1 counter.", 0)
    card = Item("card", "Cash isn't accepted at DUS-1 anymore, card or invoice only.", 30)
    assert over(old, new) == {"new": ("old",)}
    assert over(cash, card) == {"card": ("cash",)}
    # an older negation is not negated again by a newer one
    said, again = Item("a", "Tobias doesn't play tennis.", 0), Item("b", "Tobias never played tennis.", 9)
    assert over(said, again) == {}


def test_someone_elses_negation_negates_nothing() -> None:
    clara = Item("clara", "Clara Wynn is vegan and loves Ethiopian food.", 0)
    tom = Item("tom", "Tom had Ethiopian food with Bea last month and didn't love it.", 30)
    assert over(clara, tom) == {}


def test_two_speakers_lines_never_take_precedence_over_each_other() -> None:
    old = Item("old", "Caroline: I live in Boston near the river.", 0)
    new = Item("new", "Melanie: I moved from Boston to Denver, away from the river.", 30)
    assert over(old, new) == {}


def test_a_superseded_memory_takes_precedence_over_nothing() -> None:
    old = Item("old", "Our tickets live in Jira.", 0)
    new = Item("new", "We moved every ticket from Jira to Linear.", 9, status=Status.superseded)
    assert over(old, new) == {}


def test_precede_lifts_the_newer_just_above_the_older_and_drops_nothing() -> None:
    old = Item("old", "Our tickets live in Jira.", 0)
    noise = Item("noise", "The design team prefers Figma comments.", 3)
    new = Item("new", "We moved every ticket from Jira to Linear.", 9)
    ranked = [(old, comps(0.9)), (noise, comps(0.5)), (new, comps(0.2))]

    out = precede(ranked, top_k=10)

    assert [m.id for m, _ in out] == ["new", "old", "noise"]
    lifted = out[0][1]
    assert lifted.precedes == ("old",)
    assert 0.9 < lifted.score < 0.9001  # just above what it takes precedence over
    assert out[1][1].precedes == () and out[1][1].score == 0.9


def test_a_change_that_does_not_answer_the_query_keeps_its_rank() -> None:
    """Both must answer the query: a newer change that shares no word of it and is further from it in
    meaning than the older statement is no answer, and stays where it ranked."""
    old = Item("old", "Priya's sister Anjali lives in Jaipur.", 0)
    new = Item("new", "Priya's sister moved her studio to a bigger space.", 9)

    def with_vector(score: float, vector: float) -> Components:
        return replace(comps(score), vector=vector)

    ranked = [(old, with_vector(0.9, 0.6)), (new, with_vector(0.5, 0.3))]
    where = "where does Priya's sister live"
    assert [m.id for m, _ in precede(ranked, 10, query="Jaipur trip plans")] == ["old", "new"]
    assert [m.id for m, _ in precede(ranked, 10, query=where)] == ["new", "old"]  # "sister" is shared


def test_a_chain_of_changes_orders_newest_first() -> None:
    first = Item("first", "The team standup is at 9:30 every weekday.", 0)
    second = Item("second", "The standup moved to 10:00.", 10)
    third = Item("third", "The standup moved again, to 10:30 now.", 20)
    ranked = [(first, comps(0.9)), (second, comps(0.6)), (third, comps(0.3))]
    assert [m.id for m, _ in precede(ranked, top_k=3)] == ["third", "second", "first"]


def test_without_any_change_the_ranking_is_untouched() -> None:
    a = Item("a", "Rui loves a good steak.", 0)
    b = Item("b", "Rui's favourite restaurant is in Alfama.", 5)
    ranked = [(a, comps(0.9)), (b, comps(0.2))]
    assert precede(ranked, top_k=10) == ranked


def test_only_the_top_k_is_reordered() -> None:
    # Given a newer change ranked beyond the top k: the top k is what recall decides exactly
    old = Item("old", "Our tickets live in Jira.", 0)
    noise = Item("noise", "The design team prefers Figma comments.", 3)
    new = Item("new", "We moved every ticket from Jira to Linear.", 9)
    ranked = [(old, comps(0.9)), (noise, comps(0.5)), (new, comps(0.2))]
    assert precede(ranked, top_k=2) == ranked


def test_a_question_about_the_past_leaves_the_ranking_as_it_is() -> None:
    old = Item("old", "Our tickets live in Jira.", 0)
    new = Item("new", "We moved every ticket from Jira to Linear.", 9)
    ranked = [(old, comps(0.9)), (new, comps(0.2))]
    assert precede(ranked, top_k=10, query="where did our tickets live before?") == ranked
    assert [m.id for m, _ in precede(ranked, top_k=10, query="where do our tickets live?")] == ["new", "old"]


def test_the_name_an_agent_notes_its_user_by_is_the_user_of_first_person_memories() -> None:
    notes = [
        "Nadia does all her accounting in QuickBooks.",
        "Nadia is a freelance UX designer based in Montreal.",
        "Cancelled QuickBooks, way too expensive for one person. I'm just using Wave now.",
    ]
    users = user_aliases("Is Nadia still paying for QuickBooks?", notes)
    assert users == ("nadia",)
    old, new = Item("old", notes[0], 0), Item("new", notes[2], 5)
    assert over(old, new, user=users) == {"new": ("old",)}
    # not knowing who Nadia is, the two still share the thing cancelled, which the older one names
    assert over(old, new) == {"new": ("old",)}


def test_a_name_said_beside_i_or_named_once_is_not_taken_for_the_user() -> None:
    friend = ["Kavya is at her parents' in Mysore.", "Kavya is travelling to Pune; Ishaan stays with me."]
    assert user_aliases("Who is looking after Kavya?", friend) == ()
    once = ["Okta rolled out a fix for the SSO bug.", "Azure AD SSO works fine."]
    assert user_aliases("Which version fixes the Okta SSO issue?", once) == ()
    assert user_aliases("Where does Maren live?", ["I'm Maren, a marine biologist.", "I moved."]) == (
        "maren",
    )
    # the user id's own name is kept and comes first
    assert user_aliases(
        "Where does Dan live?", ["Dan drives a Focus.", "Dan's a Guinness man."], ["dan"]
    ) == ("dan",)


def test_a_change_recall_ranks_in_the_better_half_answers_the_query_on_a_shared_topic_word() -> None:
    """The newer statement shares no word of the query and is further from it in meaning, yet recall
    ranks it in the better half (by its links, say) and it shares "nurse" with the older one: it ranks
    first. One ranked as high that shares only its subject with the older one keeps its rank."""
    old = Item("old", "Our practice nurse is Frau Gruber, she does the bloods and ECGs.", 0)
    new = Item("new", "Frau Gruber retired at the end of September. Herr Yilmaz took over the nursing.", 9)
    others = [Item(f"o{i}", f"Unrelated note number {i} about the garden shed.", 1) for i in range(4)]

    def at(score: float, vector: float) -> Components:
        return replace(comps(score), vector=vector)

    query = "Who takes blood samples at Tobias's practice?"
    ranked = [(old, at(0.48, 0.5)), (new, at(0.46, 0.09))] + [(o, at(0.1, 0.3)) for o in others]
    assert [m.id for m, _ in precede(ranked, 10, query=query)][:2] == ["new", "old"]
    low = [(old, at(0.48, 0.5))] + [(o, at(0.3, 0.3)) for o in others] + [(new, at(0.05, 0.09))]
    first = precede(low, 10, query=query)[0][0]
    assert first.id == "old"  # the worse half: not judged an answer

    link = Item("link", "My director at the studio is Sakamoto-san.", 0)
    joined = Item("joined", "Sakamoto-san joined us from Capcom in 2019.", 5)
    ranked = [(link, at(0.5, 0.5)), (joined, at(0.45, 0.1))] + [(o, at(0.1, 0.3)) for o in others]
    pitch = "How should I format the pitch for my director?"
    assert precede(ranked, 10, query=pitch)[0][0].id == "link"


def test_a_name_of_several_words_is_one_subject() -> None:
    """ "Little Acorns" is one subject: a fee rise there is no change of its Friday closing time."""
    fridays = Item("fridays", "Little Acorns closes at 2pm on Fridays for staff training.", 0)
    fees = Item("fees", "Little Acorns fees went up to 3,500 cedis a term.", 9)
    assert over(fridays, fees) == {}
    # two subjects, each of one word, still relate two statements
    old = Item("old", "Priya and Anjali run the Jaipur studio together.", 0)
    new = Item("new", "Priya and Anjali parted ways last month.", 9)
    assert over(old, new) == {"new": ("old",)}


def test_a_weekday_is_no_one_a_statement_is_about() -> None:
    """ "on Fridays" names no one: "Lucía makes a gluten-free loaf on Fridays" names no one past its
    opening word, so it is of the user's world, and the user's "we don't do the gluten-free bread
    anymore" changes it."""
    old = Item("old", "Lucía makes a gluten-free loaf on Fridays for the coeliac customers.", 0)
    new = Item("new", "We don't do the gluten-free bread anymore, too much cross-contamination risk.", 9)
    assert over(old, new) == {"new": ("old",)}


def test_two_changes_of_one_statement_tie_to_the_later_word() -> None:
    """Two newer statements lifted over one older one land on one score: the later said ranks first,
    whatever their ids."""
    old = Item("old", "Our team keeps its tickets in Jira and its docs in Confluence.", 0)
    first = Item("aa-first", "We moved the docs from Confluence to Notion.", 5)
    second = Item("zz-second", "We migrated every ticket from Jira to Linear.", 9)
    assert over(old, first, second) == {"aa-first": ("old",), "zz-second": ("old",)}
    ranked = [(old, comps(0.9)), (first, comps(0.5)), (second, comps(0.4))]
    assert [m.id for m, _ in precede(ranked, 10)] == ["zz-second", "aa-first", "old"]


def test_an_end_of_a_thing_the_older_statement_names_takes_precedence_without_a_shared_word() -> None:
    """The newer statement ends, parts with or moves a thing or person the older one names past its
    opening word: related with no topic word in common and no embedding at hand."""
    pairs = [
        ("My manager is Rohan.", "Reorg happened. Payments now reports to Sneha, Rohan moved to lending."),
        ("Amara drives a red 2014 Ford Fiesta.", "Got rid of the Fiesta. Bus and tram to work now."),
        ("Amara is seeing someone called Daniel, a physio.", "She and Daniel split up in the summer."),
    ]
    for before, after in pairs:
        assert over(Item("old", before, 0), Item("new", after, 9)) == {"new": ("old",)}, after


def test_an_end_of_the_subject_itself_is_no_change_of_its_other_facts() -> None:
    """Sam opens the older statement: Sam's move ends none of Sam's facts, with or without others around."""
    diet = Item("diet", "Sam is vegetarian and cooks a lot.", 0)
    move = Item("move", "Sam moved to Berlin in March.", 30)
    others = [Item(f"o{i}", f"The garden shed needs a new roof, note {i}.", 1) for i in range(4)]
    assert over(diet, move, *others) == {}


def test_an_agents_note_on_user_is_the_users_statement() -> None:
    """ "User keeps …" in an agent's note and "I sold …" in the user's words share their subject."""
    old = Item("old", "User keeps the bike at the Alvalade studio.", 0)
    new = Item("new", "I sold the bike last week.", 9)
    assert over(old, new) == {"new": ("old",)}


def test_a_kinship_word_opening_sentences_is_not_taken_for_the_users_name() -> None:
    """ "Mum" opens as many sentences as "Kwame" does; Mum is a title, so Kwame is the main subject."""
    notes = [
        "Kwame teaches physics at a senior high school in Accra.",
        "Kwame is the eldest of five siblings.",
        "Kwame's mother lives with him in East Legon.",
        "Mum cooks light soup with goat on Sundays.",
        "Mum's knees are bad, she can't do stairs.",
        "Mum has moved back to Kumasi to be near her sisters.",
    ]
    assert user_aliases("Does Kwame's mother still live with him?", notes) == ("kwame",)


def test_a_negation_negates_what_the_older_one_said_not_whom_it_is_about() -> None:
    """ "wouldn't take any money" says nothing of the spare key Alvaro keeps: a negation changes an older
    statement only on a word of what it said (known case: dev4 multihop-04)."""
    key = Item("key", "Sr. Alvaro from 2B keeps our spare key, he's very reliable.", 0)
    bell = Item("bell", "Alvaro fixed our doorbell wiring last spring, wouldn't take any money.", 9)
    assert over(key, bell) == {}
    # accents are folded: "Álvaro" is the name, not a word "lvaro" the two would share
    key, bell = (replace(i, content=i.content.replace("Alvaro", "Álvaro")) for i in (key, bell))
    assert over(key, bell) == {}
    football = Item("football", "Tobias plays football with the team on Wednesdays.", 0)
    no = Item("no", "No football for Tobias this season, his knee is not right.", 9)
    assert over(football, no) == {"no": ("football",)}


def test_a_contracted_end_is_an_end() -> None:
    """ "Trial's over" ends as "the trial is over" does, so it takes precedence over what named the thing."""
    old = Item("old", "I migrated six dashboards to the Grafana Cloud trial.", 0)
    new = Item("new", "Trial's over — we're staying on self-hosted Grafana, the pricing didn't work.", 9)
    assert over(old, new) == {"new": ("old",)}
