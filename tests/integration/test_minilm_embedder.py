"""The MiniLM embedder, on ONNX Runtime and on the tests' NumPy reference encoder, against vectors made
by the real sentence-transformers library.

tests/fixtures/minilm_reference.json was made by tests/fixtures/make_minilm_reference.py.
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from engram.providers.embedders import build_embedder
from engram.providers.embedders.minilm import EncoderFactory, MiniLMEmbedder, bundled_model_dir, onnx_encoder
from engram.settings import EmbedderSettings
from tests.minilm_numpy import NumpyBert

REFERENCE = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "minilm_reference.json").read_text(encoding="utf-8")
)
TEXTS = [item["text"] for item in REFERENCE["items"]]
EXPECTED = np.array([item["vector"] for item in REFERENCE["items"]], dtype=np.float64)


ENCODERS: dict[str, EncoderFactory] = {"onnxruntime": onnx_encoder, "numpy reference": NumpyBert}


@pytest.fixture(scope="module", params=list(ENCODERS))
def backend(request: pytest.FixtureRequest) -> EncoderFactory:
    return ENCODERS[request.param]


@pytest.fixture(scope="module")
def embedder(backend: EncoderFactory) -> MiniLMEmbedder:
    return MiniLMEmbedder(encoder=backend)


@pytest.fixture(scope="module")
def vectors(embedder: MiniLMEmbedder) -> np.ndarray:
    return np.array(embedder.embed(TEXTS), dtype=np.float64)


def cosines(actual: np.ndarray, expected: np.ndarray) -> np.ndarray:
    return (actual * expected).sum(axis=1) / (
        np.linalg.norm(actual, axis=1) * np.linalg.norm(expected, axis=1)
    )


@pytest.mark.parametrize("index", range(len(TEXTS)), ids=[text[:24] for text in TEXTS])
def test_matches_sentence_transformers(vectors: np.ndarray, index: int) -> None:
    assert cosines(vectors[index : index + 1], EXPECTED[index : index + 1])[0] >= 0.999
    # stored rounded to 6 decimals: anything beyond float32 noise plus rounding is a real difference
    assert np.abs(vectors[index] - EXPECTED[index]).max() < 1e-5


def test_reference_covers_truncation() -> None:
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(bundled_model_dir() / "tokenizer.json"))
    tokenizer.no_truncation()
    tokenizer.no_padding()

    assert max(len(tokenizer.encode(text).ids) for text in TEXTS) > 300 > REFERENCE["max_seq_length"]


def test_vectors_have_384_dimensions_and_unit_length(embedder: MiniLMEmbedder, vectors: np.ndarray) -> None:
    assert embedder.dimensions == 384
    assert vectors.shape == (len(TEXTS), 384)
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_a_batch_gives_the_same_vectors_as_one_text_at_a_time(
    embedder: MiniLMEmbedder, vectors: np.ndarray
) -> None:
    singles = np.array([embedder.embed([text])[0] for text in TEXTS])

    np.testing.assert_allclose(singles, vectors, atol=1e-5)


def test_small_batches_of_sorted_texts_come_back_in_input_order(backend: EncoderFactory) -> None:
    # batch_size 3 over texts of very different lengths: sorting by length must not reorder the output
    shuffled = [12, 0, 7, 3, 11, 5, 9, 1, 10, 2, 8, 4, 6]

    out = np.array(MiniLMEmbedder(batch_size=3, encoder=backend).embed([TEXTS[i] for i in shuffled]))

    assert cosines(out, EXPECTED[shuffled]).min() >= 0.999


def test_paraphrases_are_closer_than_unrelated_sentences(embedder: MiniLMEmbedder) -> None:
    prefers, likes, invoice = np.array(
        embedder.embed(
            [
                "The user prefers dark mode in every editor.",
                "They like dark themes when coding.",
                "The invoice for March is due on Friday.",
            ]
        )
    )

    assert prefers @ likes > 0.45
    assert prefers @ invoice < 0.15


def test_concurrent_calls_share_the_model_safely(embedder: MiniLMEmbedder, vectors: np.ndarray) -> None:
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda text: embedder.embed([text])[0], TEXTS * 2))

    np.testing.assert_allclose(np.array(results), np.vstack([vectors, vectors]), atol=1e-5)


def test_no_texts_no_vectors(embedder: MiniLMEmbedder) -> None:
    assert embedder.embed([]) == []


def test_build_embedder_defaults_to_minilm() -> None:
    embedder = build_embedder(EmbedderSettings())

    assert isinstance(embedder, MiniLMEmbedder)
    assert embedder.name == "all-MiniLM-L6-v2"
    np.testing.assert_allclose(embedder.embed([TEXTS[0]])[0], EXPECTED[0], atol=1e-5)


def test_build_embedder_refuses_dimensions_the_model_cannot_make() -> None:
    with pytest.raises(ValueError, match="384"):
        build_embedder(EmbedderSettings(provider="minilm", dimensions=768))
