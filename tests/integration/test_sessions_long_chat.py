"""A long chat through the messages route: every turn that states something keeps its fact."""

from __future__ import annotations

from engram.domain.sessions import FactState, SessionRef
from engram.runtime.container import local
from engram.runtime.worker import drain
from engram.settings import Settings
from engram.usecases.sessions import AppendCommand, MessageIn
from tests.conftest import FakeClock

CITIES = "Lisbon Porto Braga Faro Evora Coimbra Aveiro Sintra Cascais Tavira Lagos Viseu Guarda Beja".split()  # noqa: SIM905


def test_a_chat_longer_than_the_fact_cap_keeps_a_fact_for_each_turn(tmp_path) -> None:
    # Given one call of 2 × 14 turns, each person telling where they went: more facts than the cap of 20
    settings = Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}, worker_enabled=False)
    c = local(settings, clock=FakeClock())
    messages = [
        MessageIn(role="user", content=f"I drove to {city} with my cousin on day {day}.", name=name)
        for day, city in enumerate(CITIES, start=1)
        for name in ("Ana", "Rui")
    ]
    assert len(messages) > settings.sessions.max_facts

    # When it is appended and extracted
    c.append_messages(AppendCommand(tenant="acme", user_id="u1", session_id="trip", messages=messages))
    drain(c)

    # Then no turn's fact was cut: the last turns' are written too
    facts = c.transcripts.facts(SessionRef("acme", "u1", "trip"))
    written = {f.content for f in facts if f.state == FactState.stored}
    assert len(written) == len(messages)
    assert "Rui drove to Beja with Rui's cousin on day 14." in written
