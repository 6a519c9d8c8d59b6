"""engram.ids against python-ulid: the ids it makes are ULIDs python-ulid reads back as the same bits
and time, and they sort in the order they were made."""

from __future__ import annotations

import os
import threading
from datetime import UTC, datetime, timedelta

import pytest
from ulid import ULID

from engram.ids import encode, new_id


def test_encoding_is_python_ulids_for_the_same_bits() -> None:
    values = [0, 1, (1 << 128) - 1, 1 << 80, *(int.from_bytes(os.urandom(16), "big") for _ in range(200))]
    for value in values:
        assert encode(value) == str(ULID.from_bytes(value.to_bytes(16, "big")))


def test_an_id_carries_its_time_to_the_millisecond() -> None:
    at = datetime(2026, 11, 24, 20, 15, 3, 123456, tzinfo=UTC)
    parsed = ULID.from_str(new_id(at))
    assert parsed.datetime == datetime(2026, 11, 24, 20, 15, 3, 123000, tzinfo=UTC)
    assert ULID.from_str(new_id()).datetime == pytest.approx(datetime.now(UTC), abs=timedelta(seconds=5))


def test_ids_sort_by_time_and_within_a_millisecond_by_order_made() -> None:
    base = datetime(2026, 1, 1, tzinfo=UTC)
    same_ms = [new_id(base) for _ in range(1000)]
    assert same_ms == sorted(same_ms)
    assert len(set(same_ms)) == 1000
    later = [new_id(base + timedelta(milliseconds=n)) for n in range(1, 50)]
    assert [*same_ms, *later] == sorted([*same_ms, *later])
    earlier = new_id(base - timedelta(milliseconds=1))
    assert earlier < same_ms[0]


def test_ids_made_at_once_on_many_threads_are_distinct() -> None:
    at = datetime(2026, 5, 5, tzinfo=UTC)
    made: list[str] = []

    def make() -> None:
        made.extend(new_id(at) for _ in range(500))

    threads = [threading.Thread(target=make) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(made)) == 4000


def test_a_time_a_ulid_cannot_hold_is_refused() -> None:
    with pytest.raises(ValueError, match="ULID's time"):
        new_id(datetime(1969, 12, 31, tzinfo=UTC))
