"""Adapters that let agent frameworks keep their memory in engram, each an optional extra:
`engram.integrations.langgraph` (`engram[langgraph]`) and `engram.integrations.openai_agents`
(`engram[openai-agents]`). Importing this package imports neither framework."""

from __future__ import annotations


def missing_extra(module: str, extra: str, exc: ImportError) -> ImportError:
    """The ImportError an integration raises when its framework is not installed: it names the extra."""
    return ImportError(f"{module} needs the '{extra}' extra: pip install 'engram[{extra}]' ({exc})")
