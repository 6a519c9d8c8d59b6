"""The hashing embedder: deterministic, unit-length, and close for texts that share words."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

import pytest

from engram.providers.embedders import HashingEmbedder, build_embedder
from engram.settings import EmbedderSettings


def cosine(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def test_vectors_have_the_configured_dimensions_and_unit_length() -> None:
    embedder = HashingEmbedder(dimensions=64)

    vectors = embedder.embed(["The user prefers dark mode.", "x", "", "   ", "!!!", "日本語のテキスト"])

    assert embedder.dimensions == 64
    for vector in vectors:
        assert len(vector) == 64
        assert math.sqrt(sum(v * v for v in vector)) == pytest.approx(1.0, abs=1e-9)


def test_near_duplicates_are_close_and_unrelated_texts_are_not() -> None:
    embedder = HashingEmbedder()
    base, paraphrase, unrelated = embedder.embed(
        [
            "The user prefers dark mode in the code editor.",
            "The user prefers dark mode in code editors",
            "The invoice for March is due on Friday.",
        ]
    )

    assert cosine(base, paraphrase) > 0.85
    assert cosine(base, unrelated) < 0.3


def test_case_and_punctuation_do_not_change_the_vector() -> None:
    embedder = HashingEmbedder()

    shouting, calm = embedder.embed(["DARK MODE, PLEASE!", "dark mode please"])

    assert shouting == calm


def test_word_order_and_inflections_still_overlap() -> None:
    embedder = HashingEmbedder()

    deploys, deploy, weather = embedder.embed(
        ["deploys billing services", "billing service deploy", "sunny weather tomorrow"]
    )

    assert cosine(deploys, deploy) > cosine(deploys, weather) + 0.3


def test_batch_keeps_input_order_and_equals_one_by_one() -> None:
    embedder = HashingEmbedder(dimensions=128)
    texts = ["alpha beta", "gamma delta", "alpha beta", "epsilon"]

    batch = embedder.embed(texts)

    assert batch == [embedder.embed([text])[0] for text in texts]
    assert batch[0] == batch[2]
    assert batch[0] != batch[1]


def test_vectors_are_the_same_in_another_process_with_another_hash_seed() -> None:
    # Given a vector computed here
    text = "Caroline went to the support group on 7 May"
    here = HashingEmbedder(dimensions=32).embed([text])[0]

    # When a fresh interpreter with a different PYTHONHASHSEED computes it
    script = (
        "import json; from engram.providers.embedders.hashing import HashingEmbedder;"
        f"print(json.dumps(HashingEmbedder(dimensions=32).embed([{text!r}])[0]))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "PYTHONHASHSEED": "12345"},
        capture_output=True,
        text=True,
        check=True,
    )

    # Then it is identical (BLAKE2b, not the per-process randomised hash())
    assert json.loads(result.stdout) == here


def test_too_few_dimensions_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 16"):
        HashingEmbedder(dimensions=4)


def test_build_embedder_makes_a_hashing_embedder_with_the_configured_dimensions() -> None:
    embedder = build_embedder(EmbedderSettings(provider="hashing", dimensions=96))

    assert isinstance(embedder, HashingEmbedder)
    assert embedder.dimensions == 96
    assert len(embedder.embed(["hello world"])[0]) == 96
