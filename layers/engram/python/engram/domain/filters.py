"""Metadata filters: a small JSON grammar (mem0's shape) over a memory's top-level metadata keys.

Parsed strictly into a tree that each backend compiles into its own query (SQLite SQL, a DynamoDB
FilterExpression, an OpenSearch bool filter) and that `matches` evaluates in Python, with the same
meaning everywhere. Invalid filters are refused with the path of the offending part.
"""
# The grammar:
#
#     filter     := { entry, ... }                       every entry holds (an implicit AND)
#     entry      := "AND": [filter, ...]                 all hold
#                 | "OR":  [filter, ...]                 at least one holds
#                 | "NOT": [filter, ...]                 none holds
#                 | <key>: scalar                        shorthand for {"eq": scalar}
#                 | <key>: { op: value, ... }            every comparison holds
#     op         := eq | ne | in | nin | gt | gte | lt | lte
#     scalar     := string | number | true | false
#
#     {"AND": [{"topic": "billing"}, {"priority": {"gte": 2, "lt": 5}}],
#      "NOT": [{"status": {"in": ["done", "dropped"]}}]}
#
# Meaning. Values are typed: a comparison holds only when the memory's value under the key has the
# comparison's type (string, number or boolean; `1` never equals `true` or `"1"`). `eq` is equality
# (numbers by value: 1 = 1.0); `in` holds when `eq` holds for one of the values; `gt/gte/lt/lte` compare
# numbers with numbers and strings with strings (by code point, so ISO 8601 times compare as times);
# `ne` is NOT eq and `nin` is NOT in, so they also hold when the key is missing or holds another type.
# A key holding an object, a list or null matches no comparison. An empty filter `{}` holds for all.
#
# Limits: keys are 1-64 characters without `"`, `\` or control characters, and not AND/OR/NOT;
# logical nesting at most 4 deep; at most 20 comparisons in all; `in`/`nin` lists of 1-50 values, at
# most 100 values in all; strings at most 256 characters; numbers finite and, when integral, within
# ±2^53 (exact in every backend).

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from engram.domain.errors import InvalidRequest

Scalar = str | int | float | bool
Op = Literal["eq", "in", "gt", "gte", "lt", "lte"]
OPERATORS = ("eq", "ne", "in", "nin", "gt", "gte", "lt", "lte")
LOGICAL = ("AND", "OR", "NOT")
MAX_DEPTH = 4
MAX_COMPARISONS = 20
MAX_IN = 50
MAX_VALUES = 100
MAX_STRING = 256
MAX_KEY = 64
MAX_INT = 2**53
_KEY = re.compile(r'^[^"\\\x00-\x1f\x7f]+$')


@dataclass(frozen=True)
class Compare:
    """metadata[key] <op> value; for `in`, value is a tuple of scalars."""

    key: str
    op: Op
    value: Scalar | tuple[Scalar, ...]


@dataclass(frozen=True)
class And:
    items: tuple[Filter, ...]


@dataclass(frozen=True)
class Or:
    items: tuple[Filter, ...]


@dataclass(frozen=True)
class Not:
    item: Filter


Filter = Compare | And | Or | Not


def kind(value: Scalar) -> Literal["string", "number", "boolean"]:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return "string"


class _Parser:
    def __init__(self, field: str) -> None:
        self.field = field
        self.comparisons = 0
        self.values = 0

    def fail(self, path: tuple[str | int, ...], message: str) -> InvalidRequest:
        return InvalidRequest(message, field=".".join(str(p) for p in (self.field, *path)))

    def filter(self, data: Any, path: tuple[str | int, ...], depth: int) -> Filter:
        if not isinstance(data, Mapping):
            raise self.fail(path, "a filter is a JSON object")
        items = [self.entry(key, value, (*path, key), depth) for key, value in data.items()]
        return items[0] if len(items) == 1 else And(tuple(items))

    def entry(self, key: Any, value: Any, path: tuple[str | int, ...], depth: int) -> Filter:
        if key in LOGICAL:
            if depth >= MAX_DEPTH:
                raise self.fail(path, f"filters nest at most {MAX_DEPTH} deep")
            if not isinstance(value, list) or not value:
                raise self.fail(path, f"{key} takes a non-empty list of filters")
            if len(value) > MAX_COMPARISONS:
                raise self.fail(path, f"{key} takes at most {MAX_COMPARISONS} filters")
            parts = tuple(self.filter(v, (*path, i), depth + 1) for i, v in enumerate(value))
            if key == "AND":
                return parts[0] if len(parts) == 1 else And(parts)
            either = parts[0] if len(parts) == 1 else Or(parts)
            return either if key == "OR" else Not(either)
        self.key(key, path)
        if isinstance(value, Mapping):
            if not value:
                raise self.fail(path, f"give at least one comparison: {', '.join(OPERATORS)}")
            tests = [self.compare(key, op, v, (*path, op)) for op, v in value.items()]
            return tests[0] if len(tests) == 1 else And(tuple(tests))
        return self.compare(key, "eq", value, path)

    def key(self, key: Any, path: tuple[str | int, ...]) -> None:
        if not isinstance(key, str) or not key or len(key) > MAX_KEY or not _KEY.match(key):
            raise self.fail(
                path, f'a metadata key is 1-{MAX_KEY} characters, without ", \\ or control characters'
            )
        if key.lower() in ("and", "or", "not"):
            raise self.fail(path, f"{key!r}: logical operators are written AND, OR, NOT (upper case)")

    def compare(self, key: str, op: Any, value: Any, path: tuple[str | int, ...]) -> Filter:
        self.comparisons += 1
        if self.comparisons > MAX_COMPARISONS:
            raise self.fail(path, f"a filter makes at most {MAX_COMPARISONS} comparisons")
        if op not in OPERATORS:
            raise self.fail(path, f"unknown operator {op!r}; one of {', '.join(OPERATORS)}")
        if op in ("in", "nin"):
            if not isinstance(value, list) or not value or len(value) > MAX_IN:
                raise self.fail(path, f"{op} takes a list of 1-{MAX_IN} values")
            values = tuple(dict.fromkeys(self.scalar(v, (*path, i)) for i, v in enumerate(value)))
            self.values += len(values)
            if self.values > MAX_VALUES:
                raise self.fail(path, f"a filter holds at most {MAX_VALUES} values")
            test: Filter = Compare(key, "in", values)
            return Not(test) if op == "nin" else test
        self.values += 1
        if self.values > MAX_VALUES:
            raise self.fail(path, f"a filter holds at most {MAX_VALUES} values")
        scalar = self.scalar(value, path)
        if op in ("gt", "gte", "lt", "lte"):
            if isinstance(scalar, bool):
                raise self.fail(path, f"{op} compares numbers or strings, not booleans")
            return Compare(key, op, scalar)
        test = Compare(key, "eq", scalar)
        return Not(test) if op == "ne" else test

    def scalar(self, value: Any, path: tuple[str | int, ...]) -> Scalar:
        if isinstance(value, bool):
            return value
        if isinstance(value, int):
            if abs(value) > MAX_INT:
                raise self.fail(path, "integers in filters are within ±2^53")
            return value
        if isinstance(value, float):
            if not math.isfinite(value):
                raise self.fail(path, "numbers in filters are finite")
            return 0.0 if value == 0 else value
        if isinstance(value, str):
            if len(value) > MAX_STRING:
                raise self.fail(path, f"strings in filters are at most {MAX_STRING} characters")
            if any("\ud800" <= c <= "\udfff" for c in value):
                raise self.fail(path, "strings in filters are valid Unicode text")
            return value
        raise self.fail(path, "compare with a string, a number, true or false (not an object, list or null)")


def parse(data: Any, field: str = "metadata") -> Filter | None:
    """The filter tree of a JSON filter, None for `{}`/None (no filter). Raises InvalidRequest whose
    `field` is the path of the offending part, under `field`."""
    if data is None:
        return None
    parser = _Parser(field)
    if isinstance(data, Mapping) and not data:
        return None
    return parser.filter(data, (), 0)


def matches(metadata: Mapping[str, Any], f: Filter | None) -> bool:
    """Whether a memory's metadata satisfies the filter (the meaning each backend's query has)."""
    match f:
        case None:
            return True
        case And(items):
            return all(matches(metadata, item) for item in items)
        case Or(items):
            return any(matches(metadata, item) for item in items)
        case Not(item):
            return not matches(metadata, item)
        case Compare(key, op, value):
            if key not in metadata:
                return False
            actual = metadata[key]
            if op == "in":
                assert isinstance(value, tuple)
                return any(_equal(actual, v) for v in value)
            assert not isinstance(value, tuple)
            if op == "eq":
                return _equal(actual, value)
            if not _comparable(actual, value):
                return False
            return bool(
                {
                    "gt": actual > value,
                    "gte": actual >= value,
                    "lt": actual < value,
                    "lte": actual <= value,
                }[op]
            )
    raise TypeError(f"not a filter: {f!r}")


def _comparable(actual: Any, value: Scalar) -> bool:
    if not isinstance(actual, str | int | float) or isinstance(actual, bool):
        return False
    if isinstance(actual, float) and not math.isfinite(actual):
        return False
    return kind(actual) == kind(value)


def _equal(actual: Any, value: Scalar) -> bool:
    if isinstance(value, bool):
        return isinstance(actual, bool) and actual is value
    return _comparable(actual, value) and actual == value


def keys(f: Filter | None) -> set[str]:
    """The metadata keys a filter reads."""
    match f:
        case None:
            return set()
        case And(items) | Or(items):
            return set().union(*(keys(item) for item in items))
        case Not(item):
            return keys(item)
        case Compare(key, _, _):
            return {key}
    raise TypeError(f"not a filter: {f!r}")


def describe() -> str:
    """The grammar in one paragraph, for API and tool descriptions."""
    return (
        'Metadata filter (mem0\'s shape): {"<key>": value} is equality; {"<key>": {"<op>": value}} with op'
        ' one of eq, ne, in, nin, gt, gte, lt, lte; {"AND": [filter, ...]}, {"OR": [...]}, {"NOT": [...]};'
        " entries of one object all hold. Values are strings, numbers or booleans and match only values of"
        " the same type; ranges compare numbers or strings (ISO times compare as times)."
    )
