"""Metadata filters (engram.domain.filters) as an SQL predicate over the memories table's JSON doc.

Each comparison reads the key with `json_type` and `json_extract` (path bound as a parameter), so it
holds only for a value of its own type, and is wrapped in `coalesce(…, 0)` so a missing key is false,
never NULL, and NOT works as it does in Python.
"""

from __future__ import annotations

from typing import Any

from engram.domain.filters import And, Compare, Filter, Not, Or, kind

_TYPES = {"string": "('text')", "number": "('integer','real')"}
_OPS = {"gt": ">", "gte": ">=", "lt": "<", "lte": "<="}


def metadata_predicate(f: Filter, alias: str = "m") -> tuple[str, list[Any]]:
    """(SQL, params) that hold for the rows of `alias` whose doc's metadata satisfies `f`."""
    match f:
        case And(items) | Or(items):
            parts = [metadata_predicate(item, alias) for item in items]
            glue = " AND " if isinstance(f, And) else " OR "
            return "(" + glue.join(sql for sql, _ in parts) + ")", [p for _, params in parts for p in params]
        case Not(item):
            sql, params = metadata_predicate(item, alias)
            return f"(NOT {sql})", params
        case Compare(key, op, value):
            path = f'$.metadata."{key}"'  # keys never hold " or \ (the grammar refuses them)
            values = value if isinstance(value, tuple) else (value,)
            typed, params = [], []
            for k in ("string", "number"):
                same = [v for v in values if kind(v) == k]
                if not same:
                    continue
                test = f"json_type({alias}.doc, ?) IN {_TYPES[k]} AND json_extract({alias}.doc, ?)"
                if op in _OPS:
                    typed.append(f"({test} {_OPS[op]} ?)")
                else:
                    typed.append(f"({test} IN ({','.join('?' * len(same))}))")
                params += [path, path, *same]
            for flag in dict.fromkeys(v for v in values if isinstance(v, bool)):
                typed.append(f"json_type({alias}.doc, ?) = '{'true' if flag else 'false'}'")
                params.append(path)
            return f"coalesce({' OR '.join(typed)}, 0)", params
    raise TypeError(f"not a filter: {f!r}")
