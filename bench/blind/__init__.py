"""Blind scenario sets (issue 28): written by writers who had not read engram's rules, extractors,
enrichers or our own scenarios, in the layout of bench/scenarios. Measured, never tuned on."""
