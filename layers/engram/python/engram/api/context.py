"""`POST /v1/context`'s request and answer, mapped to and from the BuildContext use case (the route:
engram.api.routes.context)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import ConfigDict, Field, model_validator

from engram.api.schemas import NAME_PATTERN, ApiModel, ScopeName, UserId
from engram.domain.errors import InvalidRequest

if TYPE_CHECKING:  # the use case's module is loaded by its first call (the container builds it then)
    from engram.usecases.context import ContextBlock, ContextQuery

# ≥ 64: a heading and one short memory; ≤ 32,000: a block that size is no longer a digest of memory
# but most of a prompt (and counting it costs more than recall itself).
MIN_BUDGET, MAX_BUDGET = 64, 32000


class ContextMessage(ApiModel):
    model_config = ConfigDict(extra="forbid")

    role: Literal["user", "assistant", "system", "tool"]
    content: Annotated[str, Field(min_length=1, max_length=8000, description="what was said")]


class ContextRequest(ApiModel):
    model_config = ConfigDict(extra="forbid")

    user_id: UserId
    project: ScopeName | None = None
    namespaces: list[ScopeName] | None = Field(default=None, max_length=20)
    query: str | None = Field(
        default=None, min_length=1, max_length=2000, description="what the context is for (or `messages`)"
    )
    messages: list[ContextMessage] | None = Field(
        default=None,
        min_length=1,
        max_length=50,
        description="the conversation's recent messages, oldest first: the query is made of the last user"
        " messages (give this or `query`)",
    )
    session_id: str | None = Field(
        default=None,
        min_length=1,
        max_length=128,
        pattern=NAME_PATTERN,
        description="a session whose latest checkpoint's focus the block ends with",
    )
    budget_tokens: int = Field(
        default=2000,
        ge=MIN_BUDGET,
        le=MAX_BUDGET,
        strict=True,
        description=f"the block's size at most, in tokens counted conservatively for GPT-style tokenizers"
        f" (≥ {MIN_BUDGET}: a heading and one short memory; ≤ {MAX_BUDGET}: beyond, it is most of a prompt"
        " rather than a digest of memory)",
    )

    @model_validator(mode="after")
    def _query_or_messages(self) -> ContextRequest:
        if (self.query is None) == (self.messages is None):
            raise ValueError("give exactly one of query or messages")
        return self


class ContextItemOut(ApiModel):
    id: str = Field(description="the memory's, entity's or checkpoint's id")
    kind: Literal["constraint", "decision", "fact", "entity", "focus"]
    text: str
    why: str = Field(description="why it was chosen")
    tokens: int = Field(description="its line's tokens in the block")


class ContextResponse(ApiModel):
    context: str = Field(description="the block, ready for a prompt: the items under their headings")
    items: list[ContextItemOut] = Field(description="the block's items, in its order")
    tokens: int = Field(description="the block's tokens (≤ budget_tokens)")
    budget_tokens: int


def context_query(tenant: str, request: ContextRequest) -> ContextQuery:
    """The BuildContext use case's query for a request made in `tenant`."""
    from engram.usecases.context import ContextQuery, query_of

    query = request.query
    if query is None:
        query = query_of([(m.role, m.content) for m in request.messages or []])
        if not query:
            raise InvalidRequest("the messages hold no text to make a query of", field="messages")
    return ContextQuery(
        tenant=tenant,
        user_id=request.user_id,
        query=query,
        project=request.project,
        namespaces=tuple(request.namespaces) if request.namespaces else None,
        session_id=request.session_id,
        budget_tokens=request.budget_tokens,
    )


def context_response(block: ContextBlock) -> ContextResponse:
    return ContextResponse(
        context=block.text,
        items=[ContextItemOut(**vars(i)) for i in block.items],
        tokens=block.tokens,
        budget_tokens=block.budget_tokens,
    )
