import pytest

from engram.domain import gate
from engram.domain.text import clean, content_hash, normalize


def test_normalization_ignores_case_spacing_and_trailing_punctuation():
    assert normalize("  I PREFER   dark roast.\n") == "i prefer dark roast"
    assert content_hash("I prefer dark roast") == content_hash("i prefer   DARK roast!!")


def test_inner_punctuation_and_words_still_matter():
    assert content_hash("Use tabs, not spaces") != content_hash("Use tabs not spaces")
    assert content_hash("uses Postgres") != content_hash("no longer uses Postgres")


def test_storage_form_keeps_casing():
    assert clean("  We   use AWS\tLambda ") == "We use AWS Lambda"


def test_hash_is_sha256_hex():
    digest = content_hash("hello world there")
    assert len(digest) == 64 and int(digest, 16) >= 0


@pytest.mark.parametrize("text", ["ok", "Okay.", "THANKS", "got it", "nope", "Done.", "sure"])
def test_filler_is_rejected_with_its_reason(text):
    assert gate.rejection_reason(text) == gate.FILLER


@pytest.mark.parametrize("text", ["short one", "   tiny   ", "a" * 11])
def test_short_content_is_rejected(text):
    assert gate.rejection_reason(text) == gate.TOO_SHORT


def test_durable_content_passes():
    assert gate.rejection_reason("Alice is allergic to peanuts") is None
    assert gate.rejection_reason("a" * 12) is None
