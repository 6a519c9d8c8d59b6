"""The rule-based enricher: types, dates resolved against observed_at, importance, labels, and the
decision stage (add / update / delete / none) with its contradiction and slot checks."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from engram.domain.enrichment import Candidate, DecisionAction
from engram.domain.models import Memory, MemoryType, Provenance, TemporalKind
from engram.providers.enrichers.rules import RulesEnricher

# Wednesday 18 November 2026, 09:00 UTC
OBSERVED = datetime(2026, 11, 18, 9, 0, tzinfo=UTC)
enricher = RulesEnricher()


def memory(
    content: str,
    *,
    observed_at: datetime = OBSERVED,
    id: str = "01TEST",
    user_id: str = "u1",
    **fields: object,
) -> Memory:
    return Memory(
        id=id,
        tenant="acme",
        user_id=user_id,
        content=content,
        content_hash="h",
        observed_at=observed_at,
        **fields,
    )


def end_of(year: int, month: int, day: int) -> datetime:
    return datetime(year, month, day, 23, 59, 59, tzinfo=UTC)


# --------------------------------------------------------------------------- memory type


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("Actually, my birthday is in June, not July", MemoryType.correction),
        ("The project no longer uses Postgres", MemoryType.correction),
        ("I don't drink coffee anymore", MemoryType.correction),
        ("Correction: the standup is at 9:30", MemoryType.correction),
        ("We switched the build from Make to Bazel", MemoryType.correction),
        ("We decided to use DynamoDB for sessions", MemoryType.decision),
        ("After the review we're going with the blue logo", MemoryType.decision),
        ("We'll use GitHub Actions for CI", MemoryType.decision),
        ("Never deploy to production on Fridays", MemoryType.constraint),
        ("All API responses must be JSON", MemoryType.constraint),
        ("I'm allergic to peanuts", MemoryType.constraint),
        ("I can't eat gluten", MemoryType.constraint),
        ("Drivers may not work more than 10 hours in a day", MemoryType.constraint),
        ("Screen time is capped at one hour on school days", MemoryType.constraint),
        ("Any new tool needs sign-off from the DPO first", MemoryType.constraint),
        ("Any rise in cloud spend needs the CFO's sign-off", MemoryType.constraint),
        ("The cat has a food intolerance to fish", MemoryType.constraint),
        ("I prefer dark mode in every editor", MemoryType.preference),
        ("My favorite band is Radiohead", MemoryType.preference),
        ("I really don't like cilantro", MemoryType.preference),
        ("I can't stand jazz", MemoryType.preference),
        ("Remind me to call the plumber", MemoryType.task),
        ("TODO: rotate the staging certificates", MemoryType.task),
        ("I need to send the report by Friday", MemoryType.task),
        ("Maria knows how to tune Postgres queries", MemoryType.skill),
        ("Dev is fluent in Japanese", MemoryType.skill),
        ("Yesterday I went to the dentist", MemoryType.episodic),
        ("I met Priya at the conference last week", MemoryType.episodic),
        ("The office is on the fourth floor", MemoryType.fact),
        ("Berlin is the capital of Germany", MemoryType.fact),
    ],
)
def test_memory_type_comes_from_the_language(content: str, expected: MemoryType) -> None:
    assert enricher.enrich(memory(content)).memory_type is expected


# --------------------------------------------------------------------------- temporal


@pytest.mark.parametrize(
    ("content", "valid_until"),
    [
        ("I'm on-call through Friday", end_of(2026, 11, 20)),
        ("I'm on-call until Friday", end_of(2026, 11, 20)),
        ("Dentist on Friday", end_of(2026, 11, 20)),
        ("Meeting with the auditors at 3pm tomorrow", end_of(2026, 11, 19)),
        ("Board meeting the day after tomorrow", end_of(2026, 11, 20)),
        ("I'm working from the cafe today", end_of(2026, 11, 18)),
        ("Dinner with Sam tonight", end_of(2026, 11, 18)),
        ("This week I'm working from the London office", end_of(2026, 11, 22)),  # Sunday
        ("I'm travelling next week", end_of(2026, 11, 29)),  # Sunday of next week
        ("The cabin is booked for this weekend", end_of(2026, 11, 22)),
        ("Renew the passport by next Friday", end_of(2026, 11, 27)),
        ("Ship the beta in 3 days", end_of(2026, 11, 21)),
        ("The promo runs for two weeks", end_of(2026, 12, 2)),
        ("I'm in Lisbon for the next two weeks", end_of(2026, 12, 2)),
        ("The discount is valid until 2026-12-01", end_of(2026, 12, 1)),
        ("The parking permit is valid until December 15th", end_of(2026, 12, 15)),
        ("Flight to Oslo on March 5", end_of(2027, 3, 5)),  # March 5 has passed this year: next year
        ("Quarterly targets are frozen until the end of the month", end_of(2026, 11, 30)),
        ("Server maintenance window ends in 3 hours", datetime(2026, 11, 18, 12, 0, tzinfo=UTC)),
        ("The freeze holds until 2026-12-01T17:00+02:00", datetime(2026, 12, 1, 15, 0, tzinfo=UTC)),
    ],
)
def test_relative_dates_resolve_against_observed_at(content: str, valid_until: datetime) -> None:
    result = enricher.enrich(memory(content))

    assert result.temporal_kind is TemporalKind.temporal
    assert result.valid_until == valid_until
    assert result.valid_until.tzinfo is not None


def test_weekday_on_the_same_day_means_today() -> None:
    friday = datetime(2026, 11, 20, 8, 0, tzinfo=UTC)

    result = enricher.enrich(memory("I'm on-call until Friday", observed_at=friday))

    assert result.valid_until == end_of(2026, 11, 20)


def test_falls_back_to_created_at_and_treats_naive_times_as_utc() -> None:
    naive = datetime(2026, 11, 18, 9, 0)
    given = memory("Team lunch tomorrow", observed_at=naive)

    result = enricher.enrich(given)

    assert result.valid_until == end_of(2026, 11, 19)


@pytest.mark.parametrize(
    "content",
    [
        "I've been vegan for 5 years",
        "I was in Paris for a week",
        "I met Bob on Monday",  # past event, not a deadline
        "Yesterday I went to the dentist",
        "The gym opens at 6am",
        "Starting next Monday I work from home",  # a start, not an end
        "Standup is every Monday",
        "I was born on 1990-05-01",
        "We deploy on Fridays",
        "Never deploy card-auth on a Friday",  # a standing rule names any Friday, not the next one
        "Never deploy card-auth on Friday",
        "No deploys on any Friday",
        "We always release on a Tuesday",
        "Tomás does the Tuesday and Thursday pickups, I do the rest",  # a habit: weekdays before a plural
        "Friday nights are pizza nights",
        "Tuesday/Thursday classes are at the pool",
        "Mom's doing rehab at home now, the physio comes Monday and Thursday",  # a list of weekdays
        "Our two-year-old loves trains",  # an age, not a length
        "My flat is a 5-minute walk from the office",  # minutes and hours bound nothing as an adjective
        "Haru's birthday is August 3rd and she loves anything matcha",  # a yearly occasion comes back
        "Our wedding anniversary is 12 June",
    ],
)
def test_past_recurring_and_starting_dates_stay_persistent(content: str) -> None:
    result = enricher.enrich(memory(content))

    assert result.temporal_kind is TemporalKind.persistent
    assert result.valid_until is None


def test_a_yearly_occasion_on_a_date_with_its_year_is_that_one_day() -> None:
    result = enricher.enrich(memory("My birthday dinner is booked for December 2, 2026 at Nobu"))

    assert result.valid_until == end_of(2026, 12, 2)


@pytest.mark.parametrize(
    ("content", "until"),
    [
        ("Tor started a three-month secondment in Oslo", end_of(2027, 2, 18)),  # whatever the tense
        ("We signed a two-year contract with Acme", end_of(2028, 11, 18)),
        ("I'm on a 2-week trial of the new scheduler", end_of(2026, 12, 2)),
    ],
)
def test_a_thing_said_with_its_length_holds_that_long(content: str, until: datetime) -> None:
    result = enricher.enrich(memory(content))

    assert (result.temporal_kind, result.valid_until) == (TemporalKind.temporal, until)


@pytest.mark.parametrize(
    ("content", "until"),
    [
        ("Through Q3 I'm heads-down on the Atlas migration", end_of(2027, 9, 30)),  # the next Q3 to end
        ("This quarter we're porting the billing service to Go", end_of(2026, 12, 31)),
        ("Next quarter the team moves to the scanner API", end_of(2027, 3, 31)),
        ("The rewrite has to ship by Q2 2027", end_of(2027, 6, 30)),
    ],
)
def test_a_quarter_bounds_what_holds_through_it(content: str, until: datetime) -> None:
    result = enricher.enrich(memory(content))

    assert (result.temporal_kind, result.valid_until) == (TemporalKind.temporal, until)


def test_a_quarter_told_in_the_past_bounds_nothing() -> None:
    assert enricher.enrich(memory("Revenue in Q3 was up 12%")).valid_until is None


@pytest.mark.parametrize(
    ("content", "until"),
    [
        ("The furnace is under manufacturer warranty until 2027", end_of(2027, 12, 31)),
        ("New titre de séjour, valid until September 2030!", end_of(2030, 9, 30)),
        ("Bought the service plan, it covers parts and labour through 2028", end_of(2028, 12, 31)),
    ],
)
def test_a_year_or_a_month_of_a_year_bounds_what_holds_until_it(content: str, until: datetime) -> None:
    result = enricher.enrich(memory(content))

    assert (result.temporal_kind, result.valid_until) == (TemporalKind.temporal, until)


def test_a_year_in_a_sentence_about_the_past_bounds_nothing() -> None:
    assert enricher.enrich(memory("We went to Rome in December 2026")).valid_until is None


def test_temporary_without_a_date_is_temporal_with_no_end() -> None:
    result = enricher.enrich(memory("Temporarily using a spare laptop"))

    assert (result.temporal_kind, result.valid_until) == (TemporalKind.temporal, None)


def test_the_latest_bound_wins() -> None:
    result = enricher.enrich(memory("Alice covers support today and Bob covers it through Friday"))

    assert result.valid_until == end_of(2026, 11, 20)


# --------------------------------------------------------------------------- importance & confidence


def test_allergies_are_critical_and_chitchat_is_not() -> None:
    allergy = enricher.enrich(memory("I'm allergic to peanuts"))
    chitchat = enricher.enrich(memory("lol the weather is nice today haha"))

    assert allergy.importance == 5
    assert chitchat.importance <= 2


def test_constraints_and_decisions_outrank_plain_facts() -> None:
    fact = enricher.enrich(memory("The office is on the fourth floor"))
    constraint = enricher.enrich(memory("Never deploy to production on Fridays"))
    decision = enricher.enrich(memory("We decided to use DynamoDB for sessions"))

    assert constraint.importance > fact.importance
    assert decision.importance > fact.importance


def test_hedging_and_assistant_provenance_lower_confidence() -> None:
    stated = enricher.enrich(memory("The API is deployed in us-east-1"))
    hedged = enricher.enrich(memory("I think the API is maybe deployed in us-east-1"))
    derived = enricher.enrich(
        memory("The API is deployed in us-east-1", provenance=Provenance.assistant_derived)
    )

    assert hedged.confidence < stated.confidence
    assert derived.confidence < stated.confidence
    assert 0 < hedged.confidence < 1


# --------------------------------------------------------------------------- categories & entities


@pytest.mark.parametrize(
    ("content", "categories"),
    [
        ("I'm allergic to peanuts", {"food", "health"}),
        ("My wife and I are flying to Tokyo for our anniversary", {"family", "travel"}),
        ("We decided to migrate the database from MySQL to Postgres", {"tech"}),
        ("I prefer aisle seats on long flights", {"preferences", "travel"}),
        ("Dentist appointment tomorrow at 10am", {"health", "schedule"}),
        ("Reach me at jane@example.com", {"contact"}),
        ("I live in Lisbon", {"location"}),
    ],
)
def test_categories_come_from_the_taxonomy(content: str, categories: set[str]) -> None:
    result = enricher.enrich(memory(content))

    assert categories <= set(result.categories)
    assert len(result.categories) <= 8


def test_entities_cover_names_tech_contacts_dates_and_identifiers() -> None:
    content = (
        'Yesterday Sarah Connor moved the "Project Phoenix" repo to GitHub; ping @sconnor or '
        "sarah@example.com, docs at https://wiki.example.com/phoenix. It uses postgres and the "
        "get_user_by_id helper in MemoryStore, due 2026-12-01."
    )

    entities = enricher.enrich(memory(content)).entities

    for expected in [
        "Sarah Connor",
        "Project Phoenix",
        "GitHub",
        "@sconnor",
        "sarah@example.com",
        "https://wiki.example.com/phoenix",
        "Postgres",
        "get_user_by_id",
        "MemoryStore",
        "2026-12-01",
    ]:
        assert expected in entities
    assert "Yesterday" not in entities
    assert "It" not in entities


def test_a_capitalised_first_word_is_not_an_entity_but_a_name_mid_sentence_is() -> None:
    entities = enricher.enrich(memory("Lunch with Priya at the Blue Bottle cafe")).entities

    assert entities == ["Priya", "Blue Bottle"]


def test_ordinary_words_are_technology_only_when_capitalised() -> None:
    assert "Slack" in enricher.enrich(memory("The incident channel is on Slack")).entities
    assert enricher.enrich(memory("Please cut the new intern some slack")).entities == []


def test_entities_are_capped() -> None:
    content = " ".join(f"user_{i}_id" for i in range(40))

    assert len(enricher.enrich(memory(content)).entities) == 20


# --------------------------------------------------------------------------- the decision stage


def decide(existing: str, new: str, similarity: float = 0.9):
    candidate = Candidate(memory(existing, id="01OLD"), similarity)
    return enricher.decide(memory(new, id="01NEW"), [candidate])


def test_a_negation_deletes_what_it_negates() -> None:
    decision = decide(
        "The project uses Postgres for storage", "The project no longer uses Postgres for storage"
    )

    assert (decision.action, decision.targets) == (DecisionAction.delete, ["01OLD"])
    assert "Negation" in decision.reason and 0 < decision.confidence <= 1


@pytest.mark.parametrize(
    ("existing", "new"),
    [
        ("Alice eats meat every day", "Alice stopped eating meat"),
        ("Bob smokes cigarettes after lunch", "Bob quit smoking cigarettes after lunch"),
        ("Carol goes to the gym on Mondays", "Carol doesn't go to the gym on Mondays anymore"),
        ("Dark mode is enabled in the editor", "Dark mode is not enabled in the editor"),
    ],
)
def test_cessation_language_is_a_delete(existing: str, new: str) -> None:
    assert decide(existing, new).action is DecisionAction.delete


@pytest.mark.parametrize(
    ("existing", "new"),
    [
        ("I like spicy food", "I hate spicy food"),
        ("Dark mode is enabled in the editor", "Dark mode is disabled in the editor"),
        ("Guests are allowed in the lab", "Guests are denied in the lab"),
        ("The backup job started at night", "The backup job stopped at night"),
        ("The project no longer uses Postgres", "The project uses Postgres"),
    ],
)
def test_a_contradiction_supersedes_and_is_never_merged(existing: str, new: str) -> None:
    decision = decide(existing, new, similarity=0.97)

    assert decision.action in (DecisionAction.update, DecisionAction.delete)
    assert decision.targets == ["01OLD"]
    assert "Contradiction" in decision.reason or "Negation" in decision.reason


@pytest.mark.parametrize(
    ("existing", "new", "frame"),
    [
        ("Alice lives in Berlin", "Alice moved to Munich", "lives in"),
        ("I live in berlin", "I live in munich", "lives in"),
        ("Bob works at Initech", "Bob works at Globex", "works at"),
        ("The team uses Postgres for the database", "The team uses MySQL for the database", "uses"),
        ("The team uses Postgres for the database", "The team switched to MySQL", "uses"),
        ("The premium plan costs $40 a month", "The premium plan costs $45 a month", "costs"),
        ("The team standup is at 9:30 every weekday", "The team standup moved to 10:00", "schedule"),
        ("Sprint review is on Monday at 10am", "Sprint review is on Tuesday at 10am", "schedule"),
        ("The Python version is 3.11", "The Python version is 3.12", "version"),
        ("Alice's manager is Bob", "Alice's manager is Carol", "is"),
        ("The wifi password is hunter2", "The wifi password is now swordfish", "is"),
    ],
)
def test_a_changed_slot_value_is_an_update(existing: str, new: str, frame: str) -> None:
    decision = decide(existing, new, similarity=0.95)

    assert (decision.action, decision.targets) == (DecisionAction.update, ["01OLD"])
    assert "Changed value" in decision.reason and frame in decision.reason


@pytest.mark.parametrize(
    ("existing", "new"),
    [
        ("The team uses Postgres for the billing service", "The team uses Redis for caching"),
        ("My sister lives in Paris", "My brother lives in Rome"),
        ("Alice works at Initech", "Bob works at Globex"),
        ("The team uses Postgres", "The team no longer uses MySQL"),
    ],
)
def test_another_subject_or_purpose_is_not_a_slot_change(existing: str, new: str) -> None:
    assert decide(existing, new, similarity=0.8).action is DecisionAction.add


@pytest.mark.parametrize(
    ("existing", "new"),
    [
        ("I prefer tea over coffee", "I like tea more than coffee"),
        ("The user's favourite editor is Vim", "Favorite editor of the user: Vim"),
        ("Standup is at 9:30 every morning", "Every morning, standup is at 9:30"),
    ],
)
def test_paraphrases_are_duplicates(existing: str, new: str) -> None:
    decision = decide(existing, new)

    assert (decision.action, decision.targets) == (DecisionAction.none, ["01OLD"])
    assert decision.reason


def test_more_detail_supersedes_and_less_detail_merges() -> None:
    assert decide("I live in Berlin", "I live in Berlin with my wife").action is DecisionAction.update
    assert decide("I live in Berlin with my wife", "I live in Berlin").action is DecisionAction.none


def test_related_but_distinct_memories_are_kept() -> None:
    decision = decide("My sister lives in Paris", "My brother works in Paris as a chef", similarity=0.72)

    assert (decision.action, decision.targets) == (DecisionAction.add, [])
    assert "distinct" in decision.reason


def test_every_superseded_candidate_is_a_target_and_a_duplicate_is_not() -> None:
    candidates = [
        Candidate(memory("The team standup is at 9:30 every weekday", id="01A"), 0.93),
        Candidate(memory("The team standup is in room 4", id="01B"), 0.75),
        Candidate(memory("The team standup was at 9:00 last year", id="01C"), 0.72),
    ]

    decision = enricher.decide(memory("The team standup moved to 10:00", id="01NEW"), candidates)

    assert decision.action is DecisionAction.update
    assert "01A" in decision.targets and "01B" not in decision.targets


def test_no_candidates_is_an_add() -> None:
    decision = enricher.decide(memory("Alice is on call through Friday"), [])

    assert (decision.action, decision.targets) == (DecisionAction.add, [])


@pytest.mark.parametrize(
    ("existing", "new"),
    [
        ("The staging database runs MySQL 8.", "We migrated staging from MySQL to MariaDB 11 last week."),
        ("Our tickets live in Jira.", "We moved every ticket from Jira to Linear."),
        ("Our support tickets live in Jira.", "We replaced Jira with Linear for support tickets."),
    ],
)
def test_a_replacement_said_outright_supersedes_at_any_similarity(existing: str, new: str) -> None:
    decision = decide(existing, new, similarity=0.3)
    assert decision.action == DecisionAction.update and decision.targets == ["01OLD"], decision.reason
    assert "Replaced outright" in decision.reason


@pytest.mark.parametrize(
    ("existing", "new"),
    [
        # the replaced value, but nothing else of what the existing memory is about
        ("MySQL 8 has good JSON support.", "We migrated staging from MySQL to MariaDB 11 last week."),
        # "from … to" without a change: a route, not a replacement
        ("The team flies from Lisbon to Berlin on Monday.", "The team flies from Porto to Berlin in June."),
        # the existing memory already names what replaced it
        ("Linear imports tickets from Jira.", "We moved every ticket from Jira to Linear."),
    ],
)
def test_a_replacement_of_something_else_supersedes_nothing(existing: str, new: str) -> None:
    assert decide(existing, new, similarity=0.3).action == DecisionAction.add


@pytest.mark.parametrize(
    ("existing", "new", "thing"),
    [
        ("I ride a red Vespa to work.", "I sold the Vespa and commute by e-bike now.", "vespa"),
        ("We pay for the Netflix family plan.", "We cancelled the Netflix plan in March.", "netflix, plan"),
        ("Tomas keeps his old piano in the hallway.", "Tomas finally got rid of the piano.", "piano"),
    ],
)
def test_parting_with_a_thing_supersedes_what_was_said_of_it(existing: str, new: str, thing: str) -> None:
    decision = decide(existing, new, similarity=0.3)
    assert decision.action == DecisionAction.update and decision.targets == ["01OLD"], decision.reason
    assert f"Parted with: {thing}." in decision.reason


@pytest.mark.parametrize(
    ("existing", "new"),
    [
        # someone else's Vespa: the thing is the only subject the two share
        ("Kim's brother rides a Vespa.", "I sold the Vespa and commute by e-bike now."),
        # a part of the thing, not the thing ("the car seat" is not "the car")
        ("My car is a blue Golf.", "I sold the car seat on Marketplace."),
        # a pronoun: nothing here says what "it" was
        ("I ride a red Vespa to work.", "I sold it last week."),
        # "sold out" is no sale
        ("I love the Friday jazz night at Blue Note.", "The Friday jazz night sold out."),
    ],
)
def test_parting_with_something_else_supersedes_nothing(existing: str, new: str) -> None:
    assert decide(existing, new, similarity=0.3).action == DecisionAction.add


def test_i_and_the_users_own_name_are_one_subject_in_a_slot() -> None:
    # Given alice's own words and a later fact about her by name (as a session's extraction words it)
    old = memory("I live in Utrecht.", id="01OLD", user_id="alice")
    new = memory("Alice lives in Amsterdam now.", id="01NEW", user_id="alice")

    decision = enricher.decide(new, [Candidate(old, 0.5)])

    assert decision.action == DecisionAction.update and decision.targets == ["01OLD"], decision.reason
    # someone else's home is not hers
    other = memory("Bob lives in Amsterdam now.", id="01NEW", user_id="alice")
    assert enricher.decide(other, [Candidate(old, 0.5)]).action == DecisionAction.add
