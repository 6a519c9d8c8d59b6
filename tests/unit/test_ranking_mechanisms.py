"""The ranking mechanisms of issue 28 (domain.scoring, domain.specificity), on hand-made candidates:
what a question asks for, a rule governing an act, the answer one hop from its link, what ended
against what is current, and a long memory scored by the passage that matches."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from itertools import pairwise

import pytest

from engram.domain.models import Memory, MemoryType, Status, Temporal, TemporalKind
from engram.domain.scoring import (
    Candidate,
    Components,
    QueryTraits,
    Weights,
    answers_ride_with_links,
    as_long_memory,
    best_passage_bm25,
    bm25_scores,
    components,
    ended_yields_to_current,
    fuse,
    governing_rule_first,
    passages,
    specificity,
    topic_of,
)
from engram.domain.specificity import Wants, holds, is_rule, names_in, names_within, wants

NOW = datetime(2026, 11, 24, 7, 0, tzinfo=UTC)


def memory(
    content: str,
    i: int = 0,
    *,
    days_ago: float = 10,
    memory_type: MemoryType = MemoryType.fact,
    valid_until: datetime | None = None,
    status: Status = Status.active,
    entities: tuple[str, ...] = (),
) -> Candidate:
    observed = NOW - timedelta(days=days_ago)
    kind = TemporalKind.temporal if valid_until else TemporalKind.persistent
    return Candidate.of(
        Memory(
            id=f"m{i:02d}",
            tenant="t",
            user_id="u",
            content=content,
            content_hash=f"h{i}",
            entities=list(entities),
            memory_type=memory_type,
            temporal=Temporal(kind=kind, valid_until=valid_until),
            status=status,
            created_at=observed,
            updated_at=observed,
            observed_at=observed,
        )
    )


def ranked(
    items: list[tuple[Candidate, float, float | None]], query: str
) -> list[tuple[Candidate, Components]]:
    """(memory, fused, bm25) scored as recall scores them, best first."""
    traits = QueryTraits.of(query, NOW)
    scored = [(m, components(m, f, b, None, NOW, Weights(), query=traits)) for m, f, b in items]
    return sorted(scored, key=lambda mc: (-mc[1].score, mc[0].id))


def order(result: list[tuple[Candidate, Components]]) -> list[str]:
    return [m.content for m, _ in result]


# --------------------------------------------------------------------------- what a question asks for


def test_a_question_asks_for_a_time_an_amount_a_name_or_a_place() -> None:
    assert wants("When is our tyre supplier closed?") == Wants.TIME
    assert wants("how long is the slot?") == Wants.TIME
    assert wants("How many vans are in the fleet?") == Wants.AMOUNT
    assert wants("who is Tom presenting the work to") == Wants.NAME
    assert wants("Where is the dinner booked?") == Wants.PLACE
    assert wants("does Sam like tea") is None


def test_a_memory_holds_the_answer_only_with_a_specific_the_question_does_not_already_say() -> None:
    question = frozenset({"who", "is", "tom", "presenting", "hollow", "oak", "to"})
    assert holds("Tom presents them to Clara Wynn on the 14th.", Wants.NAME, question)
    assert not holds("Tom feels the Hollow Oak work is going fine.", Wants.NAME, question)
    assert holds("Kessler closes for the whole of August.", Wants.TIME, frozenset({"when", "closed"}))
    assert not holds("The move is stressing everyone out.", Wants.TIME, frozenset({"when", "move"}))


def test_only_a_number_that_tells_a_time_holds_a_time() -> None:
    when = frozenset({"what", "time", "does", "the", "night", "shift", "start"})
    assert holds("The night shift begins at 21:00 under the new contract.", Wants.TIME, when)
    assert holds("Deploys take about 40 minutes end to end.", Wants.TIME, when)
    assert holds("Pickup is at 3pm on the 14th.", Wants.TIME, when)
    assert holds("Standups run long on Mondays.", Wants.TIME, when)
    assert not holds("The night shift has 23 pickers.", Wants.TIME, when)  # a count, not a time
    assert not holds("The DUS-2 shift has 23 pickers.", Wants.TIME, when)  # an identifier's digit
    assert not holds("The model reached 0.86 AUROC.", Wants.TIME, when)


def test_a_question_asking_for_an_identifier_is_answered_by_a_memory_holding_one() -> None:
    assert wants("what's the booking reference for the cabin?") == Wants.ID
    assert wants("which flight are we on to India?") == Wants.ID
    assert wants("what is the plumber's phone number?") == Wants.ID
    assert wants("when is the flight?") == Wants.TIME  # a time, not the flight's number
    asked = frozenset({"what", "is", "the", "ticket", "id", "for", "atlas", "leak"})
    assert holds("Opened ATL-2291 for the solver memory leak.", Wants.ID, asked)
    assert holds("Booked: Air India AI188, Toronto to Delhi.", Wants.ID, asked)
    assert holds("Pantry coordinator is Denise Walker, 937-555-0140.", Wants.ID, asked)
    assert not holds("That Atlas memory leak is driving me nuts.", Wants.ID, asked)  # talk about it
    assert not holds("We went in 2024 and paid 1,780 at 21:40.", Wants.ID, asked)  # a year, an amount, a time
    assert not holds("Ticket AB12 is closed.", Wants.ID, asked | {"ab12"})  # one the question says


def test_the_memory_with_the_wanted_specific_outranks_talk_about_the_topic() -> None:
    w = Weights(answer_shape=1.3)
    traits = QueryTraits.of("how much is Tom charging Brightwater")
    fact = memory("Brightwater menu redesign: final files by 20 May, fee £2,400.")
    chatter = memory("Tom brought up Brightwater again.")

    assert specificity(fact, traits, w) > 1.3 * specificity(chatter, traits, w)
    assert specificity(fact, traits, Weights()) < 1.3  # off by default in Weights: a setting turns it on


def test_rules_are_prohibitions_or_obligations() -> None:
    assert is_rule("Never deploy card-auth on a Friday.")
    assert is_rule("House rule: no screens for Elsie after 7 pm on school nights.")
    assert is_rule("Visitors must sign in at reception.")
    assert not is_rule("The last card-auth deploy went smoothly.")


def test_limits_permissions_and_diets_are_rules() -> None:
    assert is_rule("Drivers may not work more than 10 hours in a day, no exceptions.")
    assert is_rule("Screen time for the boys is capped at one hour on school days.")
    assert is_rule("We agreed to keep this year's holiday under £2,000.")
    assert is_rule("Any new tool that touches patient data needs sign-off from the DPO first.")
    assert is_rule("The cat is off fish entirely, the vet found a food intolerance.")
    assert is_rule("Any rise in cloud spend above 10% needs the CFO's sign-off first.")
    # a habit given up governs what is offered
    assert is_rule("Leo has stopped drinking alcohol entirely since the summer.")
    assert is_rule("Priya no longer eats fish at all.")
    assert is_rule("Rui doesn't eat meat anymore.")
    assert not is_rule("Tom stopped by the studio on Monday.")
    assert not is_rule("Marco is our most reliable driver.")
    assert not is_rule("Overtime for drivers is paid at 150%.")


# --------------------------------------------------------------------------- a rule governs an act


def _rule(m: Candidate) -> bool:
    return m.memory_type in (MemoryType.constraint, MemoryType.decision) or is_rule(m.content)


def test_a_rule_governing_what_the_query_is_about_to_do_ranks_first() -> None:
    notes = memory("The last card-auth deploy went smoothly.", 1)
    duration = memory("Card-auth deploys take about 40 minutes.", 2)
    rule = memory("Never deploy card-auth on a Friday.", 3, memory_type=MemoryType.constraint)
    items = [(notes, 1.0, 5.0), (duration, 0.9, 4.0), (rule, 0.3, 1.0)]

    acting = governing_rule_first(
        ranked(items, "Can I deploy card-auth on Friday?"),
        QueryTraits.of("Can I deploy card-auth on Friday?"),
        _rule,
    )
    asking = governing_rule_first(
        ranked(items, "how did the last deploy go"), QueryTraits.of("how did the last deploy go"), _rule
    )

    assert order(acting)[0] == rule.content
    assert acting[0][1].via == notes.id and acting[0][1].lift > 1
    assert order(asking)[0] == notes.content  # not about acting: the order stands
    c = acting[0][1]
    assert math.isclose(
        c.score,
        c.lift
        * (c.fused + c.graph)
        * c.importance
        * c.recency
        * c.provenance
        * c.expiry
        * c.hits
        * c.superseded
        * c.hop
        * c.specificity
        * c.overlap
        * c.hub,
    )


def test_a_rule_governs_an_act_named_with_another_ending() -> None:
    """A plan to "drive a 13-hour shift" is governed by a rule about "drivers" and "hours": a shared word
    counts give or take its ending."""
    marco = memory("Marco is our most reliable driver.", 1)
    rush = memory("Big rush order from the Venlo customer due tomorrow morning.", 2)
    rule = memory("Drivers may not work more than 10 hours in a day.", 3, memory_type=MemoryType.constraint)
    query = "Can I ask Marco to drive a 13-hour shift for the rush order?"

    result = governing_rule_first(
        ranked([(marco, 1.0, 5.0), (rush, 0.9, 4.0), (rule, 0.4, None)], query), QueryTraits.of(query), _rule
    )

    assert order(result)[0] == rule.content


def test_a_rule_on_another_topic_or_replaced_does_not_jump() -> None:
    notes = memory("The last card-auth deploy went smoothly.", 1)
    other = memory("Never park in the loading bay.", 2)
    replaced = memory("Never deploy card-auth on a Friday.", 3, status=Status.superseded)
    query = "Can I deploy card-auth on Friday?"

    result = governing_rule_first(
        ranked([(notes, 1.0, 5.0), (other, 0.2, 1.0), (replaced, 0.2, 1.0)], query),
        QueryTraits.of(query),
        _rule,
    )

    assert order(result)[0] == notes.content


# --------------------------------------------------------------------------- multi-hop


def test_the_answer_one_hop_away_rides_with_its_linking_fact() -> None:
    link = memory("Tom's accountant is Gareth Pryce.", 1)
    answer = memory("Gareth's office is on Camden Road, above the pharmacy.", 2)
    other = memory("Bea uses a different accountant in Hackney.", 3)
    items = [(link, 1.0, 7.0), (other, 0.7, 5.0), (answer, 0.4, 2.0)]

    where = answers_ride_with_links(
        ranked(items, "Where is my accountant's office?"), QueryTraits.of("Where is my accountant's office?")
    )
    who = answers_ride_with_links(
        ranked(items, "Who is Tom's accountant?"), QueryTraits.of("Who is Tom's accountant?")
    )

    assert order(where)[:2] == [answer.content, link.content]  # it holds what the link lacks: above it
    assert where[0][1].via == link.id
    assert order(who)[0] == link.content and who[1][0] is not answer  # the link answers: nothing rides


def test_only_a_fact_about_the_linked_name_rides_with_the_link() -> None:
    """A memory that passes the linked name by ("… a company based in Düsseldorf") is no fact about
    it: only one that names it in its opening words, as its subject, rides with the link."""
    link = memory("The boys loved the Aquazoo in Düsseldorf.", 1)
    passing = memory("Leo runs operations at Rhein Cargo, a logistics company based in Düsseldorf.", 2)
    about = memory("Düsseldorf has a dog park by the Rhine that the boys avoid.", 3)
    query = "Is there an animal my older boy is afraid of?"
    items = [(link, 1.0, 3.0), (about, 0.3, None), (passing, 0.1, None)]

    result = answers_ride_with_links(ranked(items, query), QueryTraits.of(query))

    lifted = {m.id for m, c in result if c.via == link.id}
    assert lifted == {about.id}


def test_a_long_memory_neither_links_nor_rides_with_a_link() -> None:
    chatter = " ".join(f"We talked about the garden and the weather, part {i}." for i in range(30))
    link = memory(f"Tom's accountant is Gareth Pryce. {chatter}", 1)
    answer = memory(f"Gareth's office is on Camden Road, above the pharmacy. {chatter}", 2)
    other = memory(f"Bea uses a different accountant in Hackney. {chatter}", 3)
    items = [(link, 1.0, 7.0), (other, 0.7, 5.0), (answer, 0.4, 2.0)]
    query = "Where is my accountant's office?"
    assert all(len(m.content) > 1000 for m, _, _ in items)

    as_short = answers_ride_with_links(ranked(items, query), QueryTraits.of(query))
    as_long = answers_ride_with_links(ranked(items, query), QueryTraits.of(query), long_chars=1000)

    assert order(as_short)[0] == answer.content  # a short-memory reading lifts it through the link
    assert order(as_long) == order(ranked(items, query))  # long ones name too much: their order stands
    assert all(c.via is None for _, c in as_long)


def test_names_are_read_from_the_text() -> None:
    assert names_in("Noor is coeliac, gluten-free snacks only.") == {"noor"}
    assert names_within("Noor is coeliac, gluten-free snacks only.") == set()
    assert names_within("Our landlord is Mr. Serrano, he owns the building.") == {"serrano"}


# --------------------------------------------------------------------------- what ended


def test_what_ended_yields_to_what_is_current_on_the_same_topic() -> None:
    ended = memory(
        "Tom is taking no new commissions until the rebrand ships.",
        1,
        days_ago=400,
        valid_until=NOW - timedelta(days=300),
    )
    current = memory(
        "Tom is open for new commissions again.", 2, days_ago=10, valid_until=NOW + timedelta(days=90)
    )
    unrelated = memory("Tom's lead time is two weeks.", 3, days_ago=5)
    items = [(ended, 1.0, 8.0), (unrelated, 0.8, 3.0), (current, 0.3, 2.0)]

    result = ended_yields_to_current(ranked(items, "Is Tom taking new commissions?"))

    assert order(result).index(current.content) < order(result).index(ended.content)
    assert next(c for m, c in result if m is current).via == ended.id


def test_a_question_about_the_present_favours_what_is_in_force() -> None:
    w = Weights(current=1.2)
    permit = memory(
        "The parking permit for zone CA-F is valid for twelve months.", valid_until=NOW + timedelta(days=300)
    )
    ticket = memory("Tom got a parking ticket outside the studio.")

    now = QueryTraits.of("where can Tom park at the moment", NOW)
    ever = QueryTraits.of("where can Tom park", NOW)

    assert specificity(permit, now, w) / specificity(ticket, now, w) > specificity(
        permit, ever, w
    ) / specificity(ticket, ever, w)


# --------------------------------------------------------------------------- long memories


def test_passages_cover_a_long_text_in_overlapping_windows() -> None:
    sentences = [f"Sentence number {i} says something about topic {i}." for i in range(80)]
    text = " ".join(sentences)

    windows = passages(text, 300)

    assert passages("short text", 300) == ["short text"]
    assert all(len(w) <= 300 for w in windows)
    assert all(s in " ".join(windows) for s in sentences)
    assert all(a.split(". ")[-1].rstrip(".") in b for a, b in pairwise(windows))


def test_a_long_memory_is_ranked_without_the_confidence_and_importance_judged_over_its_whole_text() -> None:
    judged = memory("Long talk. " * 200).memory().model_copy(update={"confidence": 0.45, "importance": 5})
    pinned = judged.model_copy(update={"pinned": ["confidence", "importance"]})
    c = components(judged, 1.0, 5.0, None, NOW, Weights())
    assert c.provenance == 0.45 and c.importance > 1  # as a short statement it would count both

    neutral = as_long_memory(c, Candidate.of(judged), Weights())
    kept = as_long_memory(c, Candidate.of(pinned), Weights())

    assert (neutral.provenance, neutral.importance) == (1.0, 1.0)  # an enricher's whole-text guess
    assert (kept.provenance, kept.importance) == (c.provenance, c.importance)  # what the caller set


def test_a_long_memory_holding_the_fact_beats_a_one_liner_sharing_a_word() -> None:
    filler = " ".join(
        f"We spent day {i} talking about the garden, the weather and the neighbours." for i in range(150)
    )
    long = (
        filler[:6000]
        + " The boiler service code is 4417 and Kessler heating books the visit. "
        + filler[6000:]
    )
    docs = {"long": long, "short": "The boiler is in the basement.", "other": "Lunch is at noon."}
    query = "where is the boiler code"

    whole = bm25_scores(docs, query)
    best = best_passage_bm25(docs, query, 600)

    assert whole["long"] / whole["short"] < 1.05  # over the whole message, its length holds it level
    assert best["long"] / best["short"] > 1.2  # its matching passage is what counts


def test_the_vector_leg_weighs_for_a_long_memory_by_the_share_its_vector_describes() -> None:
    lexical = {"long": 10.0, "short": 9.0, "other": 1.0}
    vector = {"long": 0.1, "short": 0.9, "other": 0.05}  # the long one's vector: of its opening only
    w = Weights(lexical=0.7, vector=0.3)

    plain = fuse(lexical, vector, w)
    covered = fuse(lexical, vector, w, coverage={"long": 0.1})

    assert plain["short"] > plain["long"]
    assert covered["long"] > covered["short"] == plain["short"]


def test_a_rule_sharing_no_word_of_the_request_ranks_first_when_closest_by_meaning() -> None:
    # Given a request to act that shares no word with the rule governing it, and topical notes
    query = "Set up a movie night for the grandkids on Friday"
    notes = [memory(f"The grandkids stay with us on Friday, note {i}.", i) for i in range(1, 5)]
    rule = memory("Sara was very clear: no screens at ours, no TV, no tablets.", 9)
    traits = QueryTraits.of(query, NOW)
    assert traits.asks_to_act and is_rule(rule.content)

    def scored(rule_cosine: float) -> list[tuple[Candidate, Components]]:
        items = [(m, 0.9 - 0.1 * i, 0.3) for i, m in enumerate(notes)] + [(rule, 0.2, rule_cosine)]
        return sorted(
            [(m, components(m, f, None, v, NOW, Weights(), query=traits)) for m, f, v in items],
            key=lambda mc: (-mc[1].score, mc[0].id),
        )

    # When the rule is closer by meaning than the typical candidate, it ranks first
    assert governing_rule_first(scored(0.5), traits, _rule)[0][0].id == rule.id
    # And when it is not, the order stands
    far = scored(0.1)
    assert governing_rule_first(far, traits, _rule) == far


def test_shapes_of_rule_and_of_request() -> None:
    for rule in (
        "No TV, no tablets when the kids stay over.",
        "Highway Authority spec: no concrete pours when it is over 32°C.",
        "After the Bursa fiasco we swore nobody confirms a gig alone.",
        "Rosa and I have a deal: anything over $300, we talk first.",
        "Since 2022 the district bans open-flame demos.",
    ):
        assert is_rule(rule), rule
    for not_rule in ("I had no idea the museum was closed.", "No, we went to Rome instead.", "No luck yet."):
        assert not is_rule(not_rule), not_rule
    for request in (
        "Order pizza for the twins' sleepover on Friday",
        "Order 30 kg of parmigiano for next month",
        "I'm away next week — write up feeding instructions for the cat sitter",
        "Just go ahead and order the Garmin for me",
        "Tell Karin yes to the on-call weekend",
    ):
        assert QueryTraits.of(request, NOW).asks_to_act, request
    for keyword in ("deploy windows", "pizza order history"):
        assert not QueryTraits.of(keyword, NOW).asks_to_act, keyword


def test_query_coverage_weighs_the_query_terms_a_memory_holds_by_rarity() -> None:
    from engram.domain.scoring import query_coverage

    docs = {
        "name": "Yuki is training for her third marathon.",
        "both": "Yuki flies abroad to Helsinki on the 14th.",
        "none": "The cat eats kibble.",
    }
    share = query_coverage(docs, ["yuki", "abroad", "s"])  # "s": a possessive's leftover, not a term
    assert share["both"] == 1.0 and share["none"] == 0.0
    assert 0 < share["name"] < 1


def test_coverage_matches_a_term_as_shares_a_term_does() -> None:
    # query_coverage looks terms up by their openings (_endings); shares_a_term passes over the text's
    # terms (_covers): both must say the same of every pair, give or take an ending
    from engram.domain.scoring import _endings, _holds, shares_a_term, term_set

    words = ["drive", "drivers", "speak", "speaks", "plan", "plans", "planning", "cat", "cats", "road"]
    words += ["abroad", "roads", "run", "running", "book", "booking", "helsinki", "mara", "marathon", "mar"]
    for i in range(len(words)):
        text = " ".join(words[i : i + 4])
        for term in words:
            assert _holds(_endings(text), term) == shares_a_term([term], term_set(text)), (text, term)


@pytest.mark.parametrize(
    ("query", "embedded"),
    [
        ("how is Fatima funded these days?", "how is funded these days?"),  # whom it asks about
        ("where does Diego's sister live?", "where does sister live?"),  # a possessor
        ("why is Priya travelling to India in May?", "why is travelling to India in May?"),  # where: kept
        ("what's the ticket id for the Atlas leak?", "what's the ticket id for the Atlas leak?"),  # what
        ("who is Fatima?", "who is Fatima?"),  # nothing but the name: whole
        ("how does alice take her coffee?", "how does alice take her coffee?"),  # no capital, no name
    ],
)
def test_the_vector_leg_embeds_the_topic_without_the_name_of_whom_it_asks_about(
    query: str, embedded: str
) -> None:
    assert topic_of(query) == embedded
