"""A DynamoDB FilterExpression for a metadata filter (engram.domain.filters), as
engram.adapters.sqlite.filters builds one for SQLite: over the memory item's `metadata` map
(engram.adapters.dynamo.items)."""

from __future__ import annotations

import decimal
from typing import Any

from engram.domain.filters import And, Compare, Filter, Not, Or, kind

_DYNAMO_TYPE = {"string": "S", "number": "N", "boolean": "BOOL"}


def _number(value: int | float) -> decimal.Decimal:
    return decimal.Decimal(repr(value)) if isinstance(value, float) else decimal.Decimal(value)


class FilterExpression:
    """Builds a FilterExpression with its own placeholders."""

    def __init__(self, names: dict[str, str], values: dict[str, Any]) -> None:
        self.names, self.values = names, values

    def value(self, value: Any) -> str:
        placeholder = f":f{len(self.values)}"
        self.values[placeholder] = (
            _number(value) if isinstance(value, int | float) and not isinstance(value, bool) else value
        )
        return placeholder

    def name(self, name: str) -> str:
        for placeholder, existing in self.names.items():
            if existing == name and placeholder.startswith("#f"):
                return placeholder
        placeholder = f"#f{len(self.names)}"
        self.names[placeholder] = name
        return placeholder

    def metadata(self, f: Filter) -> str:
        match f:
            case And(items) | Or(items):
                glue = " AND " if isinstance(f, And) else " OR "
                return "(" + glue.join(self.metadata(item) for item in items) + ")"
            case Not(item):
                return f"(NOT {self.metadata(item)})"
            case Compare(key, op, value):
                # Each comparison is guarded by the value's type: a comparison of another type is
                # false, never an error, and a number never equals a boolean.
                path = f"{self.name('metadata')}.{self.name(key)}"
                values = value if isinstance(value, tuple) else (value,)
                typed = []
                for t in ("S", "N", "BOOL"):
                    same = [v for v in values if _DYNAMO_TYPE[kind(v)] == t]
                    if not same:
                        continue
                    if op == "in":
                        test = f"{path} IN ({', '.join(self.value(v) for v in same)})"
                    else:
                        symbol = {"eq": "=", "gt": ">", "gte": ">=", "lt": "<", "lte": "<="}[op]
                        test = f"{path} {symbol} {self.value(same[0])}"
                    typed.append(f"attribute_type({path}, {self.type(t)}) AND {test}")
                # One pair of parentheses per node: DynamoDB refuses redundant ones, "((…))".
                if len(typed) == 1:
                    return f"({typed[0]})"
                return "(" + " OR ".join(f"({t})" for t in typed) + ")"
        raise TypeError(f"not a filter: {f!r}")

    def type(self, t: str) -> str:
        placeholder = f":t{t}"
        self.values[placeholder] = t
        return placeholder
