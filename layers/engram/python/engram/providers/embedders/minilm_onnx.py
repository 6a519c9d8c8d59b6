"""all-MiniLM-L6-v2 on ONNX Runtime: the BERT encoder as an ONNX graph built in memory from the weights.

No .onnx file ships for this model and the `onnx` package is not needed: the ~16 KB graph is written in
protobuf's wire format, with the weights handed to the session as OrtValues over the NumPy arrays.
One intra-op thread per call; a batch is split across the caller's pool (measurements: performance.md)."""

from __future__ import annotations

import struct
from collections.abc import Mapping

import numpy as np
from numpy.typing import NDArray

from engram.providers.embedders.errors import EmbeddingError
from engram.providers.embedders.minilm import BertConfig, Floats

GRAPH_BUILDER_VERSION = 1
IR_VERSION = 8  # ONNX 1.10+, read by every onnxruntime this module supports
OPSET = 17  # LayerNormalization
MS_DOMAIN = "com.microsoft"  # onnxruntime's contrib ops: Attention, BiasGelu
OUTPUT = "last_hidden_state"
INTRA_OP_THREADS = 1  # a call per core: batches and concurrent queries are spread by the caller

# --------------------------------------------------------------------------- protobuf wire format

_VARINT, _LENGTH_DELIMITED, _FIXED32 = 0, 2, 5
# onnx.proto TensorProto.DataType and AttributeProto.AttributeType
_TENSOR_TYPES = {np.dtype(np.float32): 1, np.dtype(np.int32): 6, np.dtype(np.int64): 7}
_FLOAT, _INT, _INTS = 1, 2, 7
Attribute = int | float | list[int]


def _varint(value: int) -> bytes:
    value &= (1 << 64) - 1  # negative int64s as their two's complement, ten bytes
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def _int_field(field: int, value: int) -> bytes:
    return _varint(field << 3 | _VARINT) + _varint(value)


def _bytes_field(field: int, payload: bytes) -> bytes:
    return _varint(field << 3 | _LENGTH_DELIMITED) + _varint(len(payload)) + payload


def _str_field(field: int, text: str) -> bytes:
    return _bytes_field(field, text.encode("utf-8"))


def _tensor(name: str, array: NDArray[np.generic]) -> bytes:
    """TensorProto with its data inline: dims 1, data_type 2, name 8, raw_data 9 (little-endian)."""
    dims = b"".join(_int_field(1, size) for size in array.shape)
    raw = np.ascontiguousarray(array, dtype=array.dtype.newbyteorder("<")).tobytes()
    return dims + _int_field(2, _TENSOR_TYPES[array.dtype]) + _str_field(8, name) + _bytes_field(9, raw)


def _external_tensor(name: str, array: NDArray[np.generic]) -> bytes:
    """TensorProto whose data is supplied at session start: dims 1, data_type 2, name 8,
    external_data 13 (a nominal location; ONNX Runtime takes the data from add_external_initializers),
    data_location 14 = EXTERNAL."""
    dims = b"".join(_int_field(1, size) for size in array.shape)
    location = _bytes_field(13, _str_field(1, "location") + _str_field(2, f"{name}.bin"))
    return (
        dims + _int_field(2, _TENSOR_TYPES[array.dtype]) + _str_field(8, name) + location + _int_field(14, 1)
    )


def _attribute(name: str, value: Attribute) -> bytes:
    """AttributeProto: name 1, f 2, i 3, ints 8, type 20."""
    if isinstance(value, float):
        return (
            _str_field(1, name)
            + _varint(2 << 3 | _FIXED32)
            + struct.pack("<f", value)
            + _int_field(20, _FLOAT)
        )
    if isinstance(value, int):
        return _str_field(1, name) + _int_field(3, value) + _int_field(20, _INT)
    return _str_field(1, name) + b"".join(_int_field(8, v) for v in value) + _int_field(20, _INTS)


def _value_info(name: str, elem_type: int, dims: list[int | str]) -> bytes:
    """ValueInfoProto{name 1, type 2: TypeProto{tensor_type 1: {elem_type 1, shape 2: {dim 1}}}}."""
    shape = b"".join(
        _bytes_field(1, _int_field(1, dim) if isinstance(dim, int) else _str_field(2, dim)) for dim in dims
    )
    tensor_type = _int_field(1, elem_type) + _bytes_field(2, shape)
    return _str_field(1, name) + _bytes_field(2, _bytes_field(1, tensor_type))


class _Graph:
    """GraphProto under construction: nodes 1, name 2, initializers 5, inputs 11, outputs 12."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.count = 0
        self.initializers: dict[str, NDArray[np.generic]] = {}

    def constant(self, name: str, array: NDArray[np.generic]) -> str:
        """An initializer. A weight is declared in the graph with its data kept aside (C-contiguous,
        for an OrtValue); a small index tensor, which shape inference reads, is written inline."""
        if array.dtype == np.int64:
            self.parts.append(_bytes_field(5, _tensor(name, array)))
        else:
            self.initializers[name] = np.ascontiguousarray(array)
            self.parts.append(_bytes_field(5, _external_tensor(name, array)))
        return name

    def node(
        self, op: str, inputs: list[str], domain: str = "", output: str = "", **attributes: Attribute
    ) -> str:
        """NodeProto: input 1, output 2, name 3, op_type 4, attribute 5, domain 7. Returns its output."""
        self.count += 1
        output = output or f"{op.lower()}_{self.count}"
        node = b"".join(
            [
                *(_str_field(1, name) for name in inputs),
                _str_field(2, output),
                _str_field(3, f"{op}_{self.count}"),
                _str_field(4, op),
                *(_bytes_field(5, _attribute(key, value)) for key, value in attributes.items()),
                _str_field(7, domain) if domain else b"",
            ]
        )
        self.parts.append(_bytes_field(1, node))
        return output

    def model(self, inputs: list[bytes], outputs: list[bytes]) -> bytes:
        """ModelProto: ir_version 1, producer_name 2, graph 7, opset_import 8 {domain 1, version 2}."""
        graph = b"".join(
            [
                *self.parts,
                _str_field(2, "all-MiniLM-L6-v2"),
                *(_bytes_field(11, value) for value in inputs),
                *(_bytes_field(12, value) for value in outputs),
            ]
        )
        return b"".join(
            [
                _int_field(1, IR_VERSION),
                _str_field(2, f"engram minilm_onnx {GRAPH_BUILDER_VERSION}"),
                _bytes_field(7, graph),
                _bytes_field(8, _int_field(2, OPSET)),
                _bytes_field(8, _str_field(1, MS_DOMAIN) + _int_field(2, 1)),
            ]
        )


# --------------------------------------------------------------------------- the BERT graph


def build_model(
    config: BertConfig, weights: Mapping[str, Floats]
) -> tuple[bytes, dict[str, NDArray[np.generic]]]:
    """A serialised ONNX model, (input_ids int64, attention_mask int32) → last_hidden_state float32,
    and the data of its initializers by name.

    `weights` are the safetensors tensors without their `bert.` prefix, torch layout (out, in).
    """
    g = _Graph()
    eps = float(config.eps)

    def linear_weight(name: str) -> str:  # x @ Wᵀ: MatMul wants (in, out)
        return g.constant(name, np.ascontiguousarray(weights[f"{name}.weight"].T))

    def bias(name: str) -> str:
        return g.constant(f"{name}.bias", weights[f"{name}.bias"])

    def layer_norm(x: str, name: str) -> str:
        gamma = g.constant(f"{name}.weight", weights[f"{name}.weight"])
        beta = g.constant(f"{name}.bias", weights[f"{name}.bias"])
        return g.node("LayerNormalization", [x, gamma, beta], axis=-1, epsilon=eps)

    # embeddings: word + position (the first `length` rows) + token type 0, then layer norm
    word = g.node("Gather", [g.constant("word", weights["embeddings.word_embeddings.weight"]), "input_ids"])
    length = g.node(
        "Slice",
        [
            g.node("Shape", ["input_ids"]),
            g.constant("one", np.array([1], dtype=np.int64)),
            g.constant("two", np.array([2], dtype=np.int64)),
        ],
    )
    positions = g.node(
        "Slice",
        [
            g.constant("position", weights["embeddings.position_embeddings.weight"]),
            g.constant("zero", np.array([0], dtype=np.int64)),
            length,
            g.constant("axis_zero", np.array([0], dtype=np.int64)),
        ],
    )
    token_type = g.constant("token_type_0", weights["embeddings.token_type_embeddings.weight"][0])
    x = layer_norm(g.node("Add", [g.node("Add", [word, positions]), token_type]), "embeddings.LayerNorm")

    for i in range(config.layers):
        p = f"encoder.layer.{i}."
        q, k, v = (f"{p}attention.self.{part}" for part in ("query", "key", "value"))
        qkv_w = g.constant(
            f"{p}qkv.weight", np.concatenate([weights[f"{n}.weight"].T for n in (q, k, v)], axis=1)
        )
        qkv_b = g.constant(f"{p}qkv.bias", np.concatenate([weights[f"{n}.bias"] for n in (q, k, v)]))
        context = g.node("Attention", [x, qkv_w, qkv_b, "attention_mask"], MS_DOMAIN, num_heads=config.heads)
        attended = g.node("MatMul", [context, linear_weight(f"{p}attention.output.dense")])
        attended = g.node("Add", [attended, bias(f"{p}attention.output.dense")])
        x = layer_norm(g.node("Add", [attended, x]), f"{p}attention.output.LayerNorm")

        inner = g.node("MatMul", [x, linear_weight(f"{p}intermediate.dense")])
        inner = g.node("BiasGelu", [inner, bias(f"{p}intermediate.dense")], MS_DOMAIN)
        out = g.node("MatMul", [inner, linear_weight(f"{p}output.dense")])
        out = g.node("Add", [out, bias(f"{p}output.dense")])
        x = layer_norm(g.node("Add", [out, x]), f"{p}output.LayerNorm")

    output = g.node("Identity", [x], output=OUTPUT)
    model = g.model(
        inputs=[
            _value_info("input_ids", _TENSOR_TYPES[np.dtype(np.int64)], ["batch", "length"]),
            _value_info("attention_mask", _TENSOR_TYPES[np.dtype(np.int32)], ["batch", "length"]),
        ],
        outputs=[
            _value_info(output, _TENSOR_TYPES[np.dtype(np.float32)], ["batch", "length", config.hidden])
        ],
    )
    return model, g.initializers


# --------------------------------------------------------------------------- the encoder


class OnnxBert:
    """The BERT encoder on an ONNX Runtime session (CPU). Concurrent `forward` calls are safe."""

    def __init__(self, config: BertConfig, weights: Mapping[str, Floats], threads: int | None = None) -> None:
        try:
            import onnxruntime as ort
        except ImportError as exc:
            raise EmbeddingError(
                "the MiniLM embedder's ONNX Runtime encoder needs onnxruntime: pip install 'engram[local]'"
            ) from exc
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads or INTRA_OP_THREADS
        options.inter_op_num_threads = 1
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        # a waiting intra-op thread sleeps rather than spins: the cores serve other requests too
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.log_severity_level = 3  # errors only
        model, initializers = build_model(config, weights)
        # OrtValues over the NumPy arrays, without a copy: both are kept for the session's lifetime
        self._initializers = initializers
        self._values = [ort.OrtValue.ortvalue_from_numpy(array) for array in initializers.values()]
        options.add_external_initializers(list(initializers), self._values)
        self.session = ort.InferenceSession(model, options, providers=["CPUExecutionProvider"])

    def forward(self, ids: NDArray[np.int64], mask: Floats) -> Floats:
        (tokens,) = self.session.run([OUTPUT], {"input_ids": ids, "attention_mask": mask.astype(np.int32)})
        result: Floats = tokens
        return result
