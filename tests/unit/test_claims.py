"""What a statement claims: the rule that two texts differing in a value are never duplicates."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engram.domain.claims import Claim, contradiction, lost_by_merge, numbers, slot_change, value_change

NAMES = ["Alice", "Bruno", "Chen", "Dana", "Emeka", "Farah"]
TEMPLATES = [
    "The team standup is at {time} every weekday",
    "The premium plan costs {number} dollars a month",
    "Our staging database listens on port {number}",
    "The payments team's manager is {name}",
    "{name} reviews the release notes on Thursday at {time}",
    "The quarterly offsite is in {name} for {number} days",
]
times = st.builds(lambda h, m: f"{h}:{m:02d}", st.integers(0, 23), st.integers(0, 59))
slots = st.fixed_dictionaries(
    {"time": times, "number": st.integers(0, 10**6).map(str), "name": st.sampled_from(NAMES)}
)


@given(template=st.sampled_from(TEMPLATES), old=slots, new=slots)
def test_a_changed_number_time_or_name_is_never_a_duplicate(template: str, old: dict, new: dict) -> None:
    before, after = template.format(**old), template.format(**new)
    changed = any(old[k] != new[k] and "{" + k + "}" in template for k in old)

    lost = lost_by_merge(Claim.of(after), Claim.of(before))

    assert (lost is not None) == changed, (before, after, lost)


@given(template=st.sampled_from(TEMPLATES), values=slots)
def test_the_same_values_reworded_lose_nothing(template: str, values: dict) -> None:
    text = template.format(**values)

    assert lost_by_merge(Claim.of("Actually, " + text.lower()), Claim.of(text)) is None
    assert lost_by_merge(Claim.of(text + "."), Claim.of(text)) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Standup at 9:30, lunch at 12pm and review at 4.15 p.m.", {"09:30", "12:00", "16:15"}),
        ("The flight is at 10 AM on the 3rd", {"10:00", "3"}),
        ("It costs $1,250.50 for 2 seats", {"1250.50", "2"}),
    ],
)
def test_numbers_normalise_times_and_thousands(text: str, expected: set[str]) -> None:
    assert numbers(text) == expected


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Alice eats meat every day", "Alice no longer eats meat"),
        ("Bob smokes after lunch", "Bob quit smoking after lunch"),
        ("The deploy job is enabled on weekends", "The deploy job is disabled on weekends"),
        ("I love the new office chairs", "I hate the new office chairs"),
    ],
)
def test_contradictions(old: str, new: str) -> None:
    assert contradiction(Claim.of(old), Claim.of(new))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Alice likes the new coffee machine", "Alice does not like the new office"),  # other objects
        ("Alice eats meat", "Bob no longer eats meat"),  # other people
        ("The office is open on Monday", "Lunch is at noon"),  # nothing shared
    ],
)
def test_not_contradictions(old: str, new: str) -> None:
    assert contradiction(Claim.of(old), Claim.of(new)) is None


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Alice lives in Berlin", "Alice moved to Munich"),
        ("Our CI runs on Jenkins", "Our CI switched to GitHub Actions"),
        ("The standup is on Monday at 10am", "The standup is on Tuesday at 10am"),
        ("Node version is 18", "Node version is 20"),
    ],
)
def test_slot_changes(old: str, new: str) -> None:
    assert slot_change(Claim.of(old), Claim.of(new))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "Release 3 of the mobile app shipped with 4 new screens",
            "Release 4 of the mobile app shipped with 5 new screens",
        ),
        ("Sprint 12 ends on Friday", "Sprint 13 ends on Friday"),
        ("The team standup is in room 4", "The team standup moved to 10:00"),  # a room is not a time
    ],
)
def test_two_things_are_not_one_changed_value(old: str, new: str) -> None:
    assert value_change(Claim.of(old), Claim.of(new)) is None


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # chit-chat: a capitalised opener ("Let's", "Thanks", "I'm") is not a changed name
        ("Jon: Let's keep going and chase our dreams!", "Jon: Thanks! I'm going for my dreams!"),
        ("Gina: Glad to cheer you on. Keep going and never give up!", "Gina: Keep it up!"),
        # a subset of the old line ("Bye!") restates nothing, so it negates nothing
        ("Jon: Thanks! I won't quit on my dreams. Bye!", "Jon: Bye!"),
        # two speakers' lines: one person's colours are not another's
        (
            "Caroline: Wow Mel, that painting's amazing! The colors are so bold.",
            "Melanie: Wow, Caroline, that painting is awesome! Those colors are so vivid.",
        ),
        ("Alice: I live in Berlin.", "Bob: I moved to Munich."),
        ("Alice: I love steak.", "Bob: I no longer eat steak, I hate it."),
    ],
)
def test_conversation_lines_do_not_supersede_each_other(old: str, new: str) -> None:
    a, b = Claim.of(old), Claim.of(new)

    assert (slot_change(a, b), value_change(a, b), contradiction(a, b)) == (None, None, None)


def test_a_speakers_first_person_is_the_speaker() -> None:
    old, new = Claim.of("Alice: I live in Berlin."), Claim.of("Alice: I moved to Munich.")

    assert (old.speaker, new.speaker) == ("alice", "alice")
    assert slot_change(old, new) == "lives in: 'Berlin' → 'Munich'"
    assert lost_by_merge(Claim.of("Bob: I live in Berlin."), old) == "different speakers (alice vs bob)"


@pytest.mark.parametrize("label", ["Note", "Correction", "Update", "FYI"])
def test_a_label_is_not_a_speaker(label: str) -> None:
    claim = Claim.of(f"{label}: the standup moved to 10:00")

    assert claim.speaker is None
    assert slot_change(Claim.of("The standup is at 9:30"), claim)
