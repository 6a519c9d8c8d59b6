"""Settings from `ENGRAM_*` environment variables: what an operator sets reaches the model, nested
with `__`, and what a caller passes wins over the environment, field by field."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from engram.settings import DecayPolicy, PiiPolicy, Settings


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    for name in list(os.environ):
        if name.upper().startswith("ENGRAM_"):
            monkeypatch.delenv(name)


def test_without_environment_every_field_has_its_default() -> None:
    settings = Settings()
    assert settings.backend == "local"
    assert settings.data_dir == Path(".engram")
    assert settings.ann.threshold == 20000
    assert settings.janitor.decay_imported == DecayPolicy(after_days=90, factor=0.9)


def test_top_level_and_nested_variables_are_read_and_converted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGRAM_BACKEND", "aws")
    monkeypatch.setenv("ENGRAM_MAX_BODY_BYTES", "1024")
    monkeypatch.setenv("ENGRAM_WORKER_ENABLED", "false")
    monkeypatch.setenv("ENGRAM_DATA_DIR", "/srv/engram")
    monkeypatch.setenv("ENGRAM_ANN__THRESHOLD", "0")
    monkeypatch.setenv("ENGRAM_PII__EMAIL", "redact")
    monkeypatch.setenv("ENGRAM_JANITOR__DECAY_IMPORTED__AFTER_DAYS", "7")
    monkeypatch.setenv("ENGRAM_JANITOR__DECAY_IMPORTED__FACTOR", "0.5")

    settings = Settings()

    assert settings.backend == "aws"
    assert settings.max_body_bytes == 1024
    assert settings.worker_enabled is False
    assert settings.data_dir == Path("/srv/engram")
    assert settings.ann.threshold == 0
    assert settings.ann.m == 16  # the rest of the nested model keeps its defaults
    assert settings.pii.email == PiiPolicy.redact
    assert settings.janitor.decay_imported == DecayPolicy(after_days=7, factor=0.5)


def test_variable_names_are_case_insensitive(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("engram_stage", "prod")
    monkeypatch.setenv("ENGRAM_Embedder__Provider", "hashing")
    settings = Settings()
    assert settings.stage == "prod"
    assert settings.embedder.provider == "hashing"


def test_a_nested_model_can_be_given_whole_as_json(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGRAM_DEDUP", '{"neighbours": 9, "related_threshold": 0.6}')
    monkeypatch.setenv("ENGRAM_JANITOR__DECAY_USER_STATED", '{"after_days": 1, "factor": 0.1}')
    settings = Settings()
    assert settings.dedup.neighbours == 9
    assert settings.dedup.related_threshold == 0.6
    assert settings.dedup.duplicate_threshold == 0.98
    assert settings.janitor.decay_user_stated == DecayPolicy(after_days=1, factor=0.1)


def test_arguments_win_over_the_environment_field_by_field(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGRAM_STAGE", "from-env")
    monkeypatch.setenv("ENGRAM_EMBEDDER__MODEL", "env-model")
    monkeypatch.setenv("ENGRAM_EMBEDDER__PROVIDER", "openai")

    settings = Settings(stage="from-argument", embedder={"provider": "hashing"})

    assert settings.stage == "from-argument"
    assert settings.embedder.provider == "hashing"
    assert settings.embedder.model == "env-model"  # not named by the argument: the environment's


def test_unknown_variables_are_ignored_and_bad_values_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGRAM_NO_SUCH_SETTING", "x")
    monkeypatch.setenv("ENGRAM_ANN__NO_SUCH_FIELD", "1")
    assert Settings().backend == "local"

    monkeypatch.setenv("ENGRAM_MAX_BODY_BYTES", "lots")
    with pytest.raises(ValidationError, match="max_body_bytes"):
        Settings()


def test_other_variables_are_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BACKEND", "aws")
    monkeypatch.setenv("ENGRAMX_BACKEND", "aws")
    assert Settings().backend == "local"
