"""The token bucket behind a key's request rate: pure arithmetic on a clock the test owns."""

from __future__ import annotations

import pytest

from engram.domain.quotas import Bucket, default_burst, retry_after_header, take


def test_a_new_bucket_is_full_then_empties_one_token_a_request() -> None:
    bucket, waits = None, []
    for _ in range(4):
        bucket, wait = take(bucket, rate=1.0, burst=3, now=100.0)
        waits.append(wait)

    assert waits[:3] == [0.0, 0.0, 0.0]
    assert waits[3] == pytest.approx(1.0)


def test_tokens_refill_at_the_rate_up_to_the_burst() -> None:
    empty = Bucket(tokens=0.0, at=100.0)

    assert take(empty, rate=2.0, burst=5, now=100.25)[1] == pytest.approx(0.25)  # half a token so far
    bucket, wait = take(empty, rate=2.0, burst=5, now=100.5)
    assert wait == 0.0 and bucket.tokens == pytest.approx(0.0)
    bucket, _ = take(empty, rate=2.0, burst=5, now=1000.0)  # long idle: capped at the burst
    assert bucket.tokens == pytest.approx(4.0)


def test_a_clock_that_steps_back_refills_nothing() -> None:
    assert take(Bucket(0.0, 100.0), rate=1.0, burst=1, now=50.0)[1] == pytest.approx(1.0)


def test_retry_after_is_whole_seconds_rounded_up_and_at_least_one() -> None:
    assert [retry_after_header(w) for w in (0.01, 1.0, 1.2, 9.99)] == ["1", "1", "2", "10"]
    assert default_burst(0.2) == 1 and default_burst(7.5) == 8
