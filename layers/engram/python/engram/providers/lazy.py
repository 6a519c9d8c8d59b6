"""Packages whose names load their modules on first use (PEP 562)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(package: str, exports: Mapping[str, str], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """A module `__getattr__` for `package`: a name in `exports` imports its module (`exports[name]`,
    relative to the package) the first time it is asked for, and is kept in `namespace` (the package's
    globals), so the next use is a plain lookup. Any other name is an AttributeError."""

    def __getattr__(name: str) -> Any:
        if name not in exports:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{exports[name]}"), name)
        namespace[name] = value
        return value

    return __getattr__
