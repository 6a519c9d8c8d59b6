"""The enricher packages load a module when one of its names is first used: the write path's entity
extraction (engram.runtime.container.link_memory) loads no provider and no other rule."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import engram.providers.enrichers as enrichers
import engram.providers.enrichers.rules as rules


def test_the_write_paths_entity_extraction_loads_no_other_rule_and_no_provider() -> None:
    script = (
        "import json, sys\n"
        "from engram.providers.enrichers.rules.entities import extract_entities\n"
        "assert extract_entities('Ana moved to Lisbon to work at Globex')\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('engram.providers'))))\n"
    )
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    loaded = json.loads(ran.stdout.strip().splitlines()[-1])
    assert "engram.providers.enrichers.rules.entities" in loaded
    assert not [m for m in loaded if m.endswith((".llm", ".duplicates", ".classification", ".taxonomy"))]


def test_every_exported_name_resolves_to_its_modules_object() -> None:
    from engram.providers.enrichers.llm import FallbackEnricher
    from engram.providers.enrichers.rules.duplicates import NEAR

    assert enrichers.FallbackEnricher is FallbackEnricher
    assert rules.NEAR == NEAR
    for package in (enrichers, rules):
        for name in package.__all__:
            assert getattr(package, name) is not None, (package.__name__, name)


def test_a_name_the_package_does_not_export_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        _ = rules.Nothing  # type: ignore[attr-defined]
    with pytest.raises(ImportError):
        from engram.providers.enrichers import Nothing  # type: ignore[attr-defined]  # noqa: F401
