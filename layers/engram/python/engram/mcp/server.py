"""`engram mcp`: engram's memory as MCP tools, on the official `mcp` SDK.

Tools: `remember`, `recall`, `forget`, `list_memories`, `memory_history`, `add_messages`, `context`,
`save_checkpoint`, `recover_checkpoint`, `list_entities`, `get_entity`, taking the API's request fields
and answering compact JSON. Every actionable failure is an MCP tool error with
the API's error code and fields; never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar

from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import ToolAnnotations
from pydantic import BaseModel, Field
from pydantic import ValidationError as PydanticValidationError

from engram import __version__
from engram.api.context import ContextRequest
from engram.api.schemas import NAME_PATTERN, MemoryOut, RememberRequest, SearchRequest
from engram.api.sessions import AppendRequest, CheckpointRequest
from engram.client.errors import (
    APIError,
    EngramConnectionError,
    RateLimitedError,
    error_from_validation,
)
from engram.domain.errors import EngramError as DomainError
from engram.domain.filters import describe as describe_filters
from engram.domain.models import MemoryType
from engram.mcp.backends import Backend

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)

INSTRUCTIONS = """\
engram is your long-term memory across conversations. Call `recall` before answering anything that
may depend on what you were told before (the user's preferences, earlier decisions, constraints,
names, facts about their work). Call `remember` when you learn something durable: a preference,
a decision, a constraint or rule, a correction of something you believed, a stable fact about the
user or their work. Do not remember filler ("thanks", "ok"), transient state (what you are doing
right now, intermediate results), or what is only true for this turn. When the user corrects a fact,
remember the correction as its own memory (memory_type "correction"); engram keeps both, newest
first. `forget` a memory the user asks you to forget or that is wrong. At the start of a task, `context`
gives what memory holds for it in one block; before your context is compacted, `save_checkpoint`, and
afterwards `recover_checkpoint`."""

REMEMBER = """\
Store one durable piece of knowledge for later conversations: a preference ("prefers concise
answers"), a decision ("we chose Postgres over MySQL for billing"), a constraint ("never deploy on
Fridays"), a correction ("the meeting moved to Thursday"), or a stable fact about the user or their
work. Write it as one self-contained sentence that makes sense without this conversation (name who
and what; resolve "it", "tomorrow"). Do NOT store filler or small talk, transient state (what you
are doing right now, intermediate results), secrets, or anything true only for this turn. Storing
the same fact twice is harmless: it is deduplicated. Very short or filler content is rejected with
a reason, which is not an error. Optionally give a one-line `summary`, your `write_reason` (why it is
worth keeping), and `related_ids`: ids of memories (from `recall`) that this one refines or depends
on, in the same user, project and namespace."""

RECALL = """\
Search long-term memory for what is relevant to a question or task, best match first. Use it before
answering anything that may depend on the user's preferences, earlier decisions, constraints or
facts they told you in past conversations. Ask in natural language ("what database did we choose
for billing?"). Returns memories with their id, content, type and a relevance score."""

FORGET = """\
Forget one memory by its id (from `recall` or `list_memories`), when the user asks you to forget it
or it is wrong and a correction will not do. The same content may be remembered again later."""

LIST = """\
List stored memories, newest first, one page at a time (pass the returned cursor back for the next
page). For browsing or auditing what is remembered; use `recall` to find what is relevant."""

HISTORY = """\
What happened to one memory: when it was stored, enriched, deduplicated into, changed, superseded
by a newer memory, or forgotten. Use it to explain why a memory looks the way it does."""

ADD_MESSAGES = """\
Append messages of the current conversation to a session transcript; engram extracts the durable
facts from them in the background (preferences, decisions, constraints, corrections), so you do not
have to `remember` each one. Send each message once with its own message_id when you have one;
sending it again is harmless. Use one session_id per conversation."""

CONTEXT = """\
What long-term memory holds for the task at hand, as one block ready for your prompt: the user's
constraints and decisions that bear on it first, then the relevant facts (current values only, never
ones since corrected), the people and things they name, and, with a `session_id`, what you were
working on at your last checkpoint. Give a `query`, or the conversation's recent `messages`. Call it
when a task or conversation starts; use `recall` for a narrow follow-up question."""

SAVE_CHECKPOINT = """\
Save where you are in a long task, so that you can carry on after your context is compacted or the
session restarts: `focus` (what you are working on), what you remembered and searched for lately.
trigger: pre_compaction (your context is about to be compacted), explicit (asked for), periodic
(on a timer; repeats are skipped), session_end (the task is over: engram writes its episode summary)."""

RECOVER_CHECKPOINT = """\
After your context was compacted or the session restarted: the latest checkpoint of a session as a
short digest (what you were working on, what you remembered, what the session taught, the last
messages), most important first. Read it before carrying on with the task."""

LIST_ENTITIES = """\
The people, organizations, places and things the user's memories mention, most mentioned first, one
page at a time (pass the returned cursor back for the next). Use `get_entity` for one in detail."""

GET_ENTITY = """\
One entity (by id, or by name such as "Dana") with its relations to others (e.g. manager, works_at)
and the ids of the memories that mention it, newest first."""

UserIdArg = Annotated[str | None, Field(description="whose memory; default: the server's configured user")]
ProjectArg = Annotated[str | None, Field(description="project scope; default: the server's configured one")]


class MessageArg(BaseModel):
    role: Literal["user", "assistant", "system", "tool"]
    content: str = Field(min_length=1, description="what was said")
    name: str | None = Field(default=None, description="the speaker's name")
    message_id: str | None = Field(default=None, description="your id for it: sent again, stored once")


class ContextMessageArg(BaseModel):
    role: Literal["user", "assistant", "system", "tool"]
    content: str = Field(min_length=1, description="what was said")


@dataclass(frozen=True)
class Defaults:
    user_id: str
    project: str | None = None


def _memory(m: MemoryOut, score: float | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": m.id,
        "content": m.content,
        "memory_type": m.memory_type.value,
        "importance": m.importance,
        "observed_at": m.observed_at.isoformat(),
        "status": m.status.value,
    }
    if m.summary:
        out["summary"] = m.summary
    if m.related_ids:
        out["related_ids"] = m.related_ids
    if m.superseded_by:
        out["superseded_by"] = m.superseded_by
    if m.review_needed:
        out["review_needed"] = True  # it contradicts a memory kept beside it: weigh both
    if score is not None:
        out["score"] = round(score, 4)
    return out


def _message(exc: APIError) -> str:
    text = f"{exc.code}: {exc.message}"
    if exc.details and not all(d.path in exc.message for d in exc.details):
        text += " (" + "; ".join(f"{d.path}: {d.message}" for d in exc.details) + ")"
    if isinstance(exc, RateLimitedError) and exc.retry_after is not None:
        text += f" (retry after {exc.retry_after:.0f} s)"
    return text


@contextmanager
def tool_errors() -> Iterator[None]:
    """Everything a tool can fail with, as an MCP tool error the agent can read and act on."""
    try:
        yield
    except APIError as exc:
        raise ToolError(_message(exc)) from None
    except EngramConnectionError as exc:
        raise ToolError(f"engram is unreachable: {exc}") from None
    except DomainError as exc:
        raise ToolError(f"{exc.code}: {exc.message}") from None
    except PydanticValidationError as exc:
        raise ToolError(_message(error_from_validation(exc, "arguments"))) from None


def _validated(model: type[M], data: dict[str, Any]) -> M:
    return model.model_validate({k: v for k, v in data.items() if v is not None})


def build_server(current: Callable[[], Backend], defaults: Defaults, **options: Any) -> MCPServer:
    """The MCP server over the backend `current()` answers for the caller of each tool call (over HTTP:
    the tenant its bearer token names); `options` go to `MCPServer` (lifespan, auth, ...)."""
    server: MCPServer = MCPServer(
        "engram", instructions=INSTRUCTIONS, version=__version__, log_level="WARNING", **options
    )

    def scope(user_id: str | None, project: str | None) -> dict[str, Any]:
        return {"user_id": user_id or defaults.user_id, "project": project or defaults.project}

    def run(fn: Callable[[Backend], T]) -> T:
        with tool_errors():
            return fn(current())

    @server.tool(description=REMEMBER, annotations=ToolAnnotations(idempotent_hint=True))
    def remember(
        content: Annotated[str, Field(description="the fact, as one self-contained sentence")],
        memory_type: Annotated[
            MemoryType | None, Field(description="what kind of knowledge it is; default: inferred")
        ] = None,
        importance: Annotated[
            int | None, Field(description="1 (trivia) to 5 (critical); default: inferred")
        ] = None,
        metadata: Annotated[dict[str, Any] | None, Field(description="a small JSON object (≤ 4 KiB)")] = None,
        summary: Annotated[str | None, Field(description="one line: what it says")] = None,
        write_reason: Annotated[str | None, Field(description="why you store it")] = None,
        related_ids: Annotated[
            list[str] | None, Field(description="ids of memories it refines or depends on (same scope)")
        ] = None,
        agent_id: Annotated[
            str | None, Field(description="your agent's name, to find what you wrote")
        ] = None,
        run_id: Annotated[str | None, Field(description="this run or conversation's id")] = None,
        user_id: UserIdArg = None,
        project: ProjectArg = None,
    ) -> dict[str, Any]:
        def call(backend: Backend) -> dict[str, Any]:
            request = _validated(
                RememberRequest,
                {
                    "content": content,
                    "memory_type": memory_type,
                    "importance": importance,
                    "metadata": metadata,
                    "summary": summary,
                    "write_reason": write_reason,
                    "related_ids": related_ids,
                    "agent_id": agent_id,
                    "run_id": run_id,
                    **scope(user_id, project),
                },
            )
            answer = backend.remember(request)
            return answer.model_dump(mode="json", exclude_none=True, exclude_defaults=True) | {
                "id": answer.id,
                "status": answer.status,
            }

        return run(call)

    @server.tool(description=RECALL, annotations=ToolAnnotations(read_only_hint=True))
    def recall(
        query: Annotated[str, Field(description="what you want to know, in natural language")],
        top_k: Annotated[int, Field(description="how many memories at most (1-100)")] = 5,
        memory_types: Annotated[
            list[MemoryType] | None, Field(description="only these kinds, e.g. ['preference', 'constraint']")
        ] = None,
        metadata_filter: Annotated[
            dict[str, Any] | None,
            Field(description="only memories whose metadata match: " + describe_filters()),
        ] = None,
        agent_id: Annotated[str | None, Field(description="only memories this agent wrote")] = None,
        user_id: UserIdArg = None,
        project: ProjectArg = None,
    ) -> dict[str, Any]:
        def call(backend: Backend) -> dict[str, Any]:
            filters: dict[str, Any] = {"memory_types": memory_types} if memory_types else {}
            if metadata_filter is not None:
                filters["metadata"] = metadata_filter
            request = _validated(
                SearchRequest,
                {
                    "query": query,
                    "top_k": top_k,
                    "filters": filters or None,
                    "agent_id": agent_id,
                    **scope(user_id, project),
                },
            )
            found = backend.recall(request)
            return {"memories": [_memory(r.memory, r.score) for r in found.results]}

        return run(call)

    @server.tool(description=FORGET, annotations=ToolAnnotations(destructive_hint=True, idempotent_hint=True))
    def forget(
        memory_id: Annotated[str, Field(min_length=1, max_length=64, description="the memory's id")],
    ) -> dict[str, Any]:
        return run(lambda backend: {"id": memory_id, "status": backend.forget(memory_id).status.value})

    @server.tool(description=LIST, annotations=ToolAnnotations(read_only_hint=True))
    def list_memories(
        limit: Annotated[int, Field(ge=1, le=200, description="memories per page")] = 20,
        cursor: Annotated[str | None, Field(description="the cursor of the previous page")] = None,
        namespace: Annotated[str | None, Field(description="only this namespace")] = None,
        user_id: UserIdArg = None,
        project: ProjectArg = None,
    ) -> dict[str, Any]:
        def call(backend: Backend) -> dict[str, Any]:
            where = scope(user_id, project)
            page = backend.list(where["user_id"], where["project"], namespace, limit, cursor)
            return {"memories": [_memory(m) for m in page.items], "cursor": page.cursor}

        return run(call)

    @server.tool(description=HISTORY, annotations=ToolAnnotations(read_only_hint=True))
    def memory_history(
        memory_id: Annotated[str, Field(min_length=1, max_length=64, description="the memory's id")],
    ) -> dict[str, Any]:
        return run(lambda backend: backend.history(memory_id).model_dump(mode="json"))

    @server.tool(description=ADD_MESSAGES, annotations=ToolAnnotations(idempotent_hint=True))
    def add_messages(
        session_id: Annotated[
            str,
            Field(min_length=1, max_length=128, pattern=NAME_PATTERN, description="one id per conversation"),
        ],
        messages: Annotated[list[MessageArg], Field(min_length=1, description="≤ 100 messages a call")],
        user_id: UserIdArg = None,
        project: ProjectArg = None,
    ) -> dict[str, Any]:
        def call(backend: Backend) -> dict[str, Any]:
            data = {
                "messages": [m.model_dump(exclude_none=True) for m in messages],
                **scope(user_id, project),
            }
            answer = backend.add_messages(session_id, _validated(AppendRequest, data))
            return answer.model_dump(mode="json")

        return run(call)

    @server.tool(description=CONTEXT, annotations=ToolAnnotations(read_only_hint=True))
    def context(
        query: Annotated[str | None, Field(description="what the task is about (or give `messages`)")] = None,
        messages: Annotated[
            list[ContextMessageArg] | None,
            Field(description="the conversation's recent messages, oldest first (or give `query`)"),
        ] = None,
        session_id: Annotated[
            str | None, Field(description="this conversation's session id: its last checkpoint's focus")
        ] = None,
        budget_tokens: Annotated[int, Field(description="the block's size at most, in tokens")] = 2000,
        namespaces: Annotated[list[str] | None, Field(description="only these namespaces")] = None,
        user_id: UserIdArg = None,
        project: ProjectArg = None,
    ) -> dict[str, Any]:
        def call(backend: Backend) -> dict[str, Any]:
            data = {
                "query": query,
                "messages": [m.model_dump() for m in messages] if messages is not None else None,
                "session_id": session_id,
                "budget_tokens": budget_tokens,
                "namespaces": namespaces,
                **scope(user_id, project),
            }
            return backend.context(_validated(ContextRequest, data)).model_dump(mode="json")

        return run(call)

    @server.tool(description=SAVE_CHECKPOINT, annotations=ToolAnnotations(idempotent_hint=True))
    def save_checkpoint(
        session_id: Annotated[
            str,
            Field(min_length=1, max_length=128, pattern=NAME_PATTERN, description="one id per conversation"),
        ],
        trigger: Annotated[
            Literal["pre_compaction", "explicit", "periodic", "session_end"], Field(description="why now")
        ] = "explicit",
        focus: Annotated[str | None, Field(description="what you are working on, in a sentence")] = None,
        recent_remembers: Annotated[
            list[str] | None, Field(description="what you remembered lately, oldest first")
        ] = None,
        queries: Annotated[list[str] | None, Field(description="what you searched for lately")] = None,
        user_id: UserIdArg = None,
        project: ProjectArg = None,
    ) -> dict[str, Any]:
        def call(backend: Backend) -> dict[str, Any]:
            data = {
                "trigger": trigger,
                "focus": focus,
                "recent_remembers": recent_remembers,
                "queries": queries,
                **scope(user_id, project),
            }
            saved = backend.save_checkpoint(session_id, _validated(CheckpointRequest, data))
            return saved.model_dump(mode="json")

        return run(call)

    @server.tool(description=RECOVER_CHECKPOINT, annotations=ToolAnnotations(read_only_hint=True))
    def recover_checkpoint(
        session_id: Annotated[str, Field(min_length=1, max_length=128, pattern=NAME_PATTERN)],
        budget_chars: Annotated[int, Field(ge=200, le=20000, description="its length at most")] = 2000,
        user_id: UserIdArg = None,
    ) -> dict[str, Any]:
        def call(backend: Backend) -> dict[str, Any]:
            who = scope(user_id, None)["user_id"]
            return backend.recover_checkpoint(session_id, who, budget_chars).model_dump(mode="json")

        return run(call)

    @server.tool(description=LIST_ENTITIES, annotations=ToolAnnotations(read_only_hint=True))
    def list_entities(
        limit: Annotated[int, Field(ge=1, le=200, description="entities per page")] = 50,
        cursor: Annotated[str | None, Field(description="the cursor of the previous page")] = None,
        user_id: UserIdArg = None,
        project: ProjectArg = None,
    ) -> dict[str, Any]:
        def call(backend: Backend) -> dict[str, Any]:
            where = scope(user_id, project)
            page = backend.list_entities(where["user_id"], where["project"], limit, cursor)
            return page.model_dump(mode="json")

        return run(call)

    @server.tool(description=GET_ENTITY, annotations=ToolAnnotations(read_only_hint=True))
    def get_entity(
        entity: Annotated[str, Field(min_length=1, max_length=128, description="its id, or its name")],
        user_id: UserIdArg = None,
        project: ProjectArg = None,
    ) -> dict[str, Any]:
        def call(backend: Backend) -> dict[str, Any]:
            where = scope(user_id, project)
            return backend.get_entity(entity, where["user_id"], where["project"]).model_dump(mode="json")

        return run(call)

    return server
