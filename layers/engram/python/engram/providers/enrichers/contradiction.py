"""The optional semantic contradiction check: the ContradictionChecker port over an LLM enricher's model.

One structured call on a daemon thread, waited on at most `timeout_s`. A timeout, model error or
invalid answer is logged and answered with None: the check is advisory, so it never fails an
enrichment nor delays it beyond its deadline.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from engram.domain.enrichment import Candidate, Contradiction
from engram.domain.models import Memory
from engram.observability import logger
from engram.providers.aws import bedrock_runtime_client
from engram.providers.enrichers.llm import (
    DEFAULT_BEDROCK_MODEL,
    DEFAULT_OPENAI_MODEL,
    BedrockEnricher,
    OpenAICompatEnricher,
)
from engram.settings import EnricherSettings

Model = BedrockEnricher | OpenAICompatEnricher


class BoundedContradictionChecker:
    """ContradictionChecker: `model.contradictions`, answered within `timeout_s` or not at all."""

    def __init__(self, model: Model, *, timeout_s: float) -> None:
        self.model = model
        self.timeout_s = timeout_s

    @property
    def name(self) -> str:
        return self.model.name

    def check(self, new: Memory, candidates: Sequence[Candidate]) -> Contradiction | None:
        if not candidates:
            return None
        answer: list[Contradiction | BaseException] = []

        def ask() -> None:
            try:
                answer.append(self.model.contradictions(new, candidates))
            except BaseException as error:  # reported by the waiting thread
                answer.append(error)

        # A daemon thread: a model that hangs past the deadline is abandoned, never waited for (its
        # own socket timeout, the same deadline, ends it soon after).
        worker = threading.Thread(target=ask, name=f"contradiction-{new.id}", daemon=True)
        worker.start()
        worker.join(self.timeout_s)
        if not answer:
            logger.warning(
                "contradiction check by %s for memory %s timed out after %.1fs; not flagged",
                self.name,
                new.id,
                self.timeout_s,
            )
            return None
        result = answer[0]
        if isinstance(result, BaseException):
            logger.warning(
                "contradiction check by %s for memory %s failed; not flagged: %s: %s",
                self.name,
                new.id,
                type(result).__name__,
                " ".join(str(result).split())[:300],
            )
            return None
        return result


def build_contradiction_checker(
    settings: EnricherSettings, *, bedrock_client: Any = None, region_name: str | None = None
) -> BoundedContradictionChecker | None:
    """The configured check: None unless `contradiction_check` is on and the enricher is a model."""
    if not settings.contradiction_check or settings.provider == "rules":
        return None
    timeout = settings.contradiction_timeout_s
    model: Model
    if settings.provider == "bedrock":
        model = BedrockEnricher(
            settings.model or DEFAULT_BEDROCK_MODEL,
            # one attempt, the deadline as its read timeout: a retry could not finish in time anyway
            client=bedrock_client or bedrock_runtime_client(timeout, attempts=1, region_name=region_name),
            max_input_chars=settings.max_input_chars,
        )
    else:
        model = OpenAICompatEnricher(
            settings.model or DEFAULT_OPENAI_MODEL,
            base_url=settings.base_url,
            api_key=settings.api_key,
            timeout_s=timeout,
            max_input_chars=settings.max_input_chars,
        )
    return BoundedContradictionChecker(model, timeout_s=timeout)


__all__ = ["BoundedContradictionChecker", "build_contradiction_checker"]
