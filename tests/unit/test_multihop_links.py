"""Multi-hop (issue 28, session 17): the answer one hop away from its linking fact, on hand-made
candidates scored as recall scores them (domain.scoring.answers_ride_with_links): names in any
alphabet, after a title or hyphenated; a link that identifies its subject; a weekday that is no one's
name; the kind of specific the link lacks; a chain of two links; and an owner that is no bridge."""

from __future__ import annotations

from engram.domain.scoring import Candidate, Components, QueryTraits, answers_ride_with_links
from engram.domain.specificity import names_in, names_within
from tests.unit.test_ranking_mechanisms import NOW, memory, ranked


def recalled(
    items: list[tuple[Candidate, float, float | None]], query: str
) -> list[tuple[Candidate, Components]]:
    """(memory, fused, bm25) scored as recall scores them, best first, then through the links' stage."""
    return answers_ride_with_links(ranked(items, query), QueryTraits.of(query, NOW))


def order(result: list[tuple[Candidate, Components]]) -> list[str]:
    return [m.id for m, _ in result]


def via(result: list[tuple[Candidate, Components]], memory_id: str) -> str | None:
    return next(c.via for m, c in result if m.id == memory_id)


def test_names_are_read_in_any_alphabet_after_a_title_and_by_a_hyphenated_names_first_part() -> None:
    assert "álvaro" in names_in("Álvaro went to Lisbon to stay with his daughter.")
    assert names_within("Sr. Álvaro from 2B keeps our spare key.") == {"álvaro"}  # "Sr." ends no sentence
    assert "renata" in names_within("Dra. Renata's practice is at Rua Augusta 1500.")
    assert "sato" in names_in("Sato-san drops off on Tuesdays, usually before 7.")


def test_the_answer_rides_with_a_link_that_names_him_with_an_accent_after_a_title() -> None:
    link = memory("Sr. Álvaro from 2B keeps our spare key, he's very reliable.", 1)
    plumber = memory("The plumber comes Tuesday morning between 9 and 12.", 2)
    lurdes = memory("Dona Lurdes on the ground floor waters our plants when we travel.", 3)
    answer = memory("Álvaro went to Lisbon to stay with his daughter until the end of the month.", 4)
    query = "Is the neighbour who has our spare key around to let the plumber in?"

    result = recalled(
        [(link, 0.4, 3.7), (plumber, 0.3, 2.0), (lurdes, 0.13, None), (answer, 0.03, None)], query
    )

    assert order(result)[:2] == [link.id, answer.id] and via(result, answer.id) == link.id


def test_a_link_that_identifies_its_subject_leads_to_them() -> None:
    """ "Mira is my usual climbing partner": Mira opens the sentence, yet the relation frame says she
    is the one the query means by "my climbing buddy"."""
    tuesdays = memory("Tuesdays I climb at Ostbloc from 19:00.", 1)
    link = memory("Mira is my usual climbing partner, we've been climbing together since the first year.", 2)
    gym = memory("Jonas prefers top rope at Magic Mountain.", 3)
    answer = memory("Mira just moved to Munich for a job at the DLR.", 4)
    query = "Can my regular climbing buddy still make the Tuesday sessions?"

    result = recalled(
        [(tuesdays, 0.35, 3.4), (link, 0.24, 1.5), (gym, 0.18, None), (answer, 0.01, None)], query
    )

    assert via(result, answer.id) == link.id and answer.id in order(result)[:3]


def test_a_weekday_the_query_names_is_not_whom_it_asks_about() -> None:
    """The answer names "Wednesday" as the query does: still a fact about the coach, not one the
    query found by its own subject; and it holds the time the link lacks, so it ranks above it."""
    standup = memory("Work standup is at 10:00 on Wednesdays.", 1)
    link = memory("Yuki's running club coach is Ogawa-san, a former Ekiden runner.", 2)
    answer = memory("Ogawa-san wants everyone at the Nagai track at 6:15 on Wednesday for 1000m repeats.", 3)
    gym = memory("I've added two strength sessions a week at the gym.", 4)
    query = "What time does my coach expect me on Wednesday?"

    result = recalled([(standup, 0.34, 1.4), (link, 0.22, 1.8), (gym, 0.2, None), (answer, 0.1, 1.0)], query)

    assert via(result, answer.id) == link.id
    assert order(result).index(answer.id) < order(result).index(link.id)


def test_the_holder_of_the_specific_the_link_lacks_ranks_above_the_link() -> None:
    link = memory("Haru is my younger sister, she's a pharmacist in Kobe.", 1)
    other = memory("Haru plays the koto in a community orchestra.", 2)
    answer = memory("Haru was born on August 3rd.", 3)
    query = "When is my sister's birthday?"

    result = recalled([(link, 0.5, 2.0), (other, 0.2, None), (answer, 0.1, None)], query)

    assert order(result)[:3] == [answer.id, link.id, other.id]  # the date is what the link lacks
    assert via(result, other.id) == link.id  # a fact about her that holds no date rides below the link


def test_a_memory_lifted_through_a_link_is_a_link_in_turn() -> None:
    """ "My partner" → Mariana → Prepa 6 → its strike: two links in a chain."""
    partner = memory("The user's partner, Mariana, teaches high-school chemistry.", 1)
    school = memory("Mariana teaches at Prepa 6, the UNAM one in Coyoacán.", 2)
    parents = memory("Mariana has parent meetings on Thursday evenings.", 3)
    march = memory("The teachers' union march is planned for the 15th in the Zócalo.", 4)
    winter = memory("UNAM winter break starts Dec 14.", 5)
    answer = memory("Prepa 6 is on strike since Monday, classes are suspended.", 6)
    query = "Is my partner teaching classes this week?"
    items = [(partner, 0.45, 3.2), (march, 0.29, None), (winter, 0.25, None), (school, 0.2, None)]
    items += [(parents, 0.17, None), (answer, 0.12, None)]

    result = recalled(items, query)

    assert via(result, school.id) == partner.id and via(result, answer.id) == school.id
    assert answer.id in order(result)[:3]


def test_a_link_further_down_the_chain_does_not_lift_back_the_link_that_led_to_it() -> None:
    order_ = memory("The Hoffmann order is the walnut dining table for eight, with the live edge.", 1)
    weber = memory("Weber's oak bookshelf is due mid-January, no rush.", 2)
    due = memory("Frau Hoffmann wants it delivered before 20 December, her family comes on the 22nd.", 3)
    query = "when is the walnut table due?"

    result = recalled([(order_, 0.5, 2.0), (weber, 0.45, 1.9), (due, 0.2, None)], query)

    assert order(result)[:2] == [due.id, order_.id]  # the date first; the order it hangs on stays below
    assert via(result, order_.id) is None


def test_the_owner_a_link_opens_on_is_no_bridge() -> None:
    """ "Jana's Polo needs its inspection": about Jana's car, which leads nowhere about Jana herself; her
    job ("she works nights") does not ride up with it on the word "work"."""
    polo = memory("Jana's Polo needs its inspection in June.", 1, entities=("Jana's Polo",))
    van = memory("My work van is a 2016 Ford Transit, plate L-KB 4471.", 2)
    tuev = memory("Transit has its TÜV due in February, don't forget like last time.", 3)
    jana = memory("My girlfriend Jana is a nurse, she works a lot of night shifts.", 4)
    query = "when does my work vehicle have to go for inspection?"

    result = recalled([(polo, 0.4, 2.1), (van, 0.33, 1.2), (tuev, 0.23, None), (jana, 0.03, 1.2)], query)

    assert via(result, jana.id) is None and order(result)[-1] == jana.id
