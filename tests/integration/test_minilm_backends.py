"""The MiniLM embedder runs on ONNX Runtime only; without it, a clear error. Its vectors agree with the
tests' NumPy reference encoder (tests/minilm_numpy.py); test_minilm_embedder.py holds both to the
sentence-transformers reference vectors.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from engram.providers.embedders import EmbeddingError, build_embedder, minilm
from engram.providers.embedders.minilm import MiniLMEmbedder
from engram.providers.embedders.minilm_onnx import OnnxBert
from engram.settings import EmbedderSettings
from tests.minilm_numpy import NumpyBert

REFERENCE = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "minilm_reference.json").read_text(encoding="utf-8")
)
EXPECTED = np.array([item["vector"] for item in REFERENCE["items"]], dtype=np.float64)
TEXTS = [item["text"] for item in REFERENCE["items"]]

# conversational turns and questions in the manner of LoCoMo, short and long
CONVERSATION = [
    "Hey Mel! Good to see you! How have you been?",
    "I went to a LGBTQ support group yesterday and it was so powerful.",
    "When did Caroline go to the LGBTQ support group?",
    "Wow, that's cool, Caroline! What happened that was so awesome? Did you hear any inspiring stories?",
    "I'm planning on going camping with the kids next month, we haven't done that since last summer.",
    "What fields would Caroline be likely to pursue in her education?",
    "Thanks, Mel! That means a lot.",
    "ok",
    "Researching adoption agencies — it's been a dream to have a family and give a loving home to kids who"
    " need it. I'm going to do it as a single parent, and the agency I found supports LGBTQ+ folks.",
]


@pytest.fixture
def without_onnxruntime(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if onnxruntime were not installed: its import fails, and no model is loaded yet."""
    monkeypatch.setitem(sys.modules, "onnxruntime", None)
    monkeypatch.setattr(minilm, "_models", {})


def test_the_default_embedder_runs_on_onnxruntime(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(minilm, "_models", {})
    embedder = build_embedder(EmbedderSettings())
    assert isinstance(embedder, MiniLMEmbedder)

    vector = embedder.embed([TEXTS[0]])[0]

    (model,) = minilm._models.values()
    assert isinstance(model.encoder, OnnxBert)
    np.testing.assert_allclose(vector, EXPECTED[0], atol=1e-5)


@pytest.mark.usefixtures("without_onnxruntime")
def test_without_onnxruntime_the_embedder_says_what_to_install() -> None:
    embedder = build_embedder(EmbedderSettings())

    with pytest.raises(EmbeddingError, match=r"pip install 'engram\[local\]'"):
        embedder.embed(["hello"])


def test_the_onnx_encoder_agrees_with_the_numpy_reference() -> None:
    texts = CONVERSATION + TEXTS

    on_numpy = MiniLMEmbedder(encoder=NumpyBert).embed_array(texts)
    on_onnx = MiniLMEmbedder().embed_array(texts)
    one_at_a_time = np.vstack([MiniLMEmbedder().embed_array([text]) for text in texts])

    assert (on_numpy * on_onnx).sum(axis=1).min() >= 0.9999
    np.testing.assert_allclose(on_onnx, on_numpy, atol=1e-5)
    np.testing.assert_allclose(one_at_a_time, on_onnx, atol=1e-5)
