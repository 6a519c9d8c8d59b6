"""The rules extractor: conversation messages → self-contained facts, offline."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from engram.domain.models import MemoryType, Provenance
from engram.domain.sessions import Message, Role
from engram.providers.extractors.rules import RulesExtractor, sentences, third_person

AT = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def message(role: str, content: str, *, n: int = 1, name: str | None = None) -> Message:
    return Message(
        role=Role(role),
        content=content,
        name=name,
        created_at=AT,
        message_key=f"k{n}",
        id=f"m{n}",
        seq=n,
        received_at=AT,
    )


def facts(*messages: Message, user: str = "maya") -> dict[str, tuple[MemoryType, float, Provenance]]:
    return {
        f.content: (f.memory_type, f.confidence, f.provenance)
        for f in RulesExtractor().extract(list(messages), [], user).facts
    }


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("I moved to Lisbon last month.", "maya moved to Lisbon last month."),
        ("I live in Porto", "maya lives in Porto."),
        ("I really like dark roast coffee.", "maya really likes dark roast coffee."),
        ("I don't eat meat anymore.", "maya doesn't eat meat anymore."),
        ("I'm allergic to peanuts.", "maya is allergic to peanuts."),
        ("My sister Ana studies law in Coimbra.", "maya's sister Ana studies law in Coimbra."),
        ("I have two cats, Miso and Tofu.", "maya has two cats, Miso and Tofu."),
        ("Remind me to call the dentist on Friday.", "maya needs to call the dentist on Friday."),
        ("Please remember that I never fly on Mondays.", "maya never flies on Mondays."),
        ("Yes, I decided to go with the blue tent.", "maya decided to go with the blue tent."),
    ],
)
def test_a_first_person_statement_becomes_a_sentence_about_the_speaker(said: str, fact: str) -> None:
    assert list(facts(message("user", said))) == [fact]


def test_the_speakers_name_is_used_when_the_message_gives_one() -> None:
    assert list(facts(message("user", "I work at Initech as a tester.", name="Maya Lind"))) == [
        "Maya Lind works at Initech as a tester."
    ]


@pytest.mark.parametrize(
    "said",
    [
        "Hi there!",
        "Thanks so much!",
        "That's awesome!",
        "What time is it in Lisbon?",
        "Can you recommend a good gym",
        "ok",
        "Sounds good to me.",
        "My API key is [REDACTED:api_key].",
    ],
)
def test_questions_greetings_filler_and_redacted_values_are_no_facts(said: str) -> None:
    assert facts(message("user", said)) == {}


def test_decisions_preferences_constraints_and_plans_keep_their_type() -> None:
    found = facts(
        message(
            "user",
            "We decided to use PostgreSQL 16 for billing. I prefer window seats. "
            "Never deploy on Fridays. I'm planning to visit Kyoto in April.",
        )
    )
    assert found["maya and others decided to use PostgreSQL 16 for billing."][0] == MemoryType.decision
    assert found["maya prefers window seats."][0] == MemoryType.preference
    assert found["Never deploy on Fridays."][0] == MemoryType.constraint
    assert "maya is planning to visit Kyoto in April." in found


def test_what_the_assistant_says_about_the_user_is_assistant_derived_and_its_own_talk_is_dropped() -> None:
    found = facts(
        message(
            "assistant",
            "Got it: you prefer vegetarian restaurants. I'll look for one near Alfama. "
            "Lisbon has great food markets.",
        )
    )
    assert found == {
        "maya prefers vegetarian restaurants.": (MemoryType.preference, 0.7, Provenance.assistant_derived)
    }


def test_system_and_tool_messages_are_context_not_facts() -> None:
    assert facts(message("system", "You are a helpful assistant. I am the system.")) == {}
    assert facts(message("tool", "I found 3 flights to Lisbon on 2026-04-02.")) == {}


def test_a_hedged_statement_is_less_certain_than_the_minimum_to_write() -> None:
    [(_, confidence, _)] = facts(message("user", "I think I might move to Berlin next year.")).values()
    assert confidence < 0.7


def test_a_fact_said_by_both_is_the_users_with_both_sources() -> None:
    user = message("user", "I prefer window seats.", n=1)
    echo = message("assistant", "You prefer window seats.", n=2)
    [fact] = RulesExtractor().extract([user, echo], [], "maya").facts
    assert fact.provenance == Provenance.user_stated and fact.source_message_ids == ["m1", "m2"]
    assert fact.observed_at == AT


@pytest.mark.parametrize(
    ("verb", "third"),
    [("live", "lives"), ("study", "studies"), ("go", "goes"), ("watch", "watches"), ("play", "plays"),
     ("moved", "moved"), ("can", "can"), ("have", "has"), ("don't", "doesn't"), ("am", "is")],
)  # fmt: skip
def test_third_person(verb: str, third: str) -> None:
    assert third_person(verb) == third


def test_a_messages_narrative_is_one_fact_and_each_preference_or_decision_its_own() -> None:
    said = "I moved to Lisbon last month, and I prefer window seats; my sister lives in Porto."
    assert list(facts(message("user", said))) == [
        "maya moved to Lisbon last month. maya's sister lives in Porto.",
        "maya prefers window seats.",
    ]
    assert list(facts(message("user", "I like salt and pepper on my eggs."))) == [
        "maya likes salt and pepper on maya's eggs."
    ]


def test_sentences_split_on_ends_and_lines_and_drop_bullets() -> None:
    assert sentences("I moved. Then I left!\n- I like tea\n2) I hate coffee") == [
        "I moved.",
        "Then I left!",
        "I like tea",
        "I hate coffee",
    ]


# Conversational rules: what people say to each other in a chat, kept as facts about them.


def said_by(name: str, content: str, n: int) -> Message:
    return message("user", content, n=n, name=name)


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        # An interjection or a thanks before the statement is no reason to drop it.
        ("Wow, I'm excited about the trip to Rome!", "maya is excited about the trip to Rome!"),
        ("Thanks, Ana! I see them at least once a week.", "maya sees them at least once a week."),
        # A wh-word opening a clause, not a question.
        ("When I was younger, I lived in Goa.", "When maya was younger, maya lived in Goa."),
        # A first-person statement said without its subject.
        ("Been busy volunteering at the shelter.", "maya has been busy volunteering at the shelter."),
        ("Just started doing aerial yoga.", "maya just started doing aerial yoga."),
        ("Still working on opening a dance studio.", "maya is still working on opening a dance studio."),
        ("Took a trip to Tokyo last week.", "maya took a trip to Tokyo last week."),
        ("Love that purple color!", "maya loves that purple color!"),
        ("Excited to try this new recipe.", "maya is excited to try this new recipe."),
        # A statement told as a question.
        ("Did you know I ran a charity race last Saturday?", "maya ran a charity race last Saturday."),
        # What a person tells about others and events.
        ("They were awestruck and humbled.", "They were awestruck and humbled."),
        ("She had a tough time after losing her job.", "She had a tough time after losing her job."),
    ],
)
def test_conversational_statements_are_kept_about_the_speaker(said: str, fact: str) -> None:
    assert list(facts(message("user", said))) == [fact]


def test_a_gerund_that_is_the_subject_is_not_given_the_speaker() -> None:
    assert list(facts(message("user", "Having friends who back you makes a huge difference."))) == [
        "Having friends who back the assistant makes a huge difference."
    ]


def test_a_told_about_fact_is_less_sure_than_one_about_the_speaker() -> None:
    # On its own, an unanchored aside about others is below the minimum to write (0.7): a proposal.
    [(_, about_others, _)] = facts(message("user", "They were awestruck and humbled.")).values()
    [(_, about_self, _)] = facts(message("user", "I was awestruck and humbled.")).values()
    assert about_others < 0.7 <= about_self
    # Said with a surer fact of the same message, or as the answer to a question, it is written.
    together = message("user", "I took the kids to the memorial. They were awestruck.")
    [(_, joined, _)] = facts(together).values()
    asked = message("user", "How did the kids like the memorial?", n=1, name="ana")
    [(_, answering, _)] = facts(asked, message("user", "They were awestruck and humbled.", n=2)).values()
    assert joined >= 0.7 and answering >= 0.7


@pytest.mark.parametrize(
    "said",
    [
        "Wow, that's so cool!",
        "Yeah, totally!",
        "Thanks, Caroline!",
        "Sounds fun!",
        "It's so cute!",
        "That sounds like a lot of fun.",
        "I see.",
        "Did you know?",
        "What a lovely day!",
    ],
)
def test_reactions_and_thanks_are_still_no_facts(said: str) -> None:
    assert facts(message("user", said)) == {}


def test_in_a_group_chat_you_is_whoever_spoke_last() -> None:
    found = facts(
        said_by("Caroline", "I painted the lake at dawn.", 1),
        said_by("Melanie", "Caroline, I loved your painting of the lake.", 2),
    )
    assert "Melanie loved Caroline's painting of the lake." in found


def test_an_answer_is_kept_with_its_question_and_cites_both_messages() -> None:
    question = said_by("Maria", "That's great! How did the kids like the memorial?", 1)
    answer = said_by("John", "They were awestruck and humbled.", 2)
    [fact] = RulesExtractor().extract([question, answer], [], "u").facts
    assert fact.content == (
        "They were awestruck and humbled. (answering Maria: How did the kids like the memorial?)"
    )
    assert fact.source_message_ids == ["m2", "m1"]


def test_the_question_may_come_from_the_context_of_an_earlier_job() -> None:
    question = said_by("Maria", "What got you into running?", 1)
    answer = said_by("John", "I started running to clear my head.", 2)
    [fact] = RulesExtractor().extract([answer], [question], "u").facts
    assert (
        fact.content
        == "John started running to clear John's head. (answering Maria: What got John into running?)"
    )
    assert fact.source_message_ids == ["m2", "m1"]


def test_a_question_and_its_answer_are_one_exchange_and_it_does_not_snowball() -> None:
    asking = said_by("Maria", "I visited the memorial with my kids. How did yours like it?", 1)
    answer = said_by("John", "They were awestruck and humbled. Did you take photos?", 2)
    again = said_by("Maria", "I took dozens of photos there.", 3)
    found = [f.content for f in RulesExtractor().extract([asking, answer, again], [], "u").facts]
    assert found == [
        "Maria visited the memorial with Maria's kids. They were awestruck and humbled."
        " (answering Maria: How did John's like it?)",
        "Maria took dozens of photos there. (answering John: Did Maria take photos?)",
    ]


@pytest.mark.parametrize(
    "said",
    [
        "You're doing amazing!",
        "I'm so proud of you for taking part!",
        "Your kind words mean a lot.",
        "Keep up the great work!",
        "Talk to you soon!",
        "Let's spread love and understanding!",
        "Long time no see!",
        "Horses have such grace!",
    ],
)
def test_praise_good_wishes_sign_offs_and_exclamations_about_nothing_are_no_facts(said: str) -> None:
    assert facts(message("user", "Hi, I moved to Lisbon.", n=1), message("user", said, n=2, name="ana")) == {
        "maya moved to Lisbon.": (MemoryType.fact, 0.9, Provenance.user_stated)
    }


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("Great, you know I prefer aisle seats.", "the assistant knows maya prefers aisle seats."),
        ("You ran 10k in 50 minutes, amazing.", "the assistant ran 10k in 50 minutes, amazing."),
        ("I went to a pride parade last Friday and it was awesome!", None),
    ],
)
def test_praise_along_with_a_preference_a_number_or_the_speakers_own_news_is_kept(
    said: str, fact: str | None
) -> None:
    found = facts(message("user", said))
    assert len(found) == 1 and (fact is None or fact in found), found
