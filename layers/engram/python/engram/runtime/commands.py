"""Extra CLI subcommands, registered by the modules that own them."""

from __future__ import annotations

REGISTRY: list = []
