"""Amazon Bedrock's Rerank (`bedrock-agent-runtime` `rerank`), over a botocore client."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError

from engram.providers.aws import botocore_session
from engram.providers.rerankers import RerankError
from engram.providers.rerankers.http import scores_by_index

DEFAULT_MODEL = "amazon.rerank-v1:0"


class BedrockReranker:
    """One `rerank` call per recall: the query and the documents inline; a model id becomes the
    foundation model's ARN in the client's region."""

    def __init__(
        self,
        client: Any = None,
        *,
        model: str = "",
        region_name: str | None = None,
        timeout_s: float = 2.0,
    ) -> None:
        self.client = client or _agent_runtime_client(timeout_s, region_name)
        model = model or DEFAULT_MODEL
        region = self.client.meta.region_name
        self.model_arn = (
            model if model.startswith("arn:") else f"arn:aws:bedrock:{region}::foundation-model/{model}"
        )

    @property
    def name(self) -> str:
        return "bedrock:" + self.model_arn.rsplit("/", 1)[-1]

    def rerank(self, query: str, documents: Sequence[str]) -> list[float]:
        if not documents:
            return []
        try:
            response = self.client.rerank(
                queries=[{"type": "TEXT", "textQuery": {"text": query}}],
                sources=[
                    {"type": "INLINE", "inlineDocumentSource": {"type": "TEXT", "textDocument": {"text": d}}}
                    for d in documents
                ],
                rerankingConfiguration={
                    "type": "BEDROCK_RERANKING_MODEL",
                    "bedrockRerankingConfiguration": {
                        "numberOfResults": len(documents),
                        "modelConfiguration": {"modelArn": self.model_arn},
                    },
                },
            )
        except (BotoCoreError, ClientError) as exc:
            raise RerankError(f"bedrock rerank failed: {exc}") from exc
        results = [
            {"index": r.get("index"), "score": r.get("relevanceScore")} for r in response.get("results", [])
        ]
        return scores_by_index(results, len(documents), where="bedrock")


def _agent_runtime_client(timeout_s: float, region_name: str | None) -> Any:
    config = Config(
        connect_timeout=min(timeout_s, 5.0),
        read_timeout=timeout_s,
        retries={"total_max_attempts": 1, "mode": "standard"},
    )
    return botocore_session(("bedrock-agent-runtime",)).create_client(
        "bedrock-agent-runtime", region_name=region_name, config=config
    )
