"""The tests' reference MiniLM encoder: the BERT graph in plain NumPy, float32, exact-erf GELU.

engram runs MiniLM on ONNX Runtime only (engram.providers.embedders.minilm_onnx); this second,
independent implementation of the same graph checks it: `MiniLMEmbedder(encoder=NumpyBert)`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from engram.providers.embedders.minilm import BertConfig, Floats

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
