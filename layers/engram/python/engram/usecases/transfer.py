"""Export a user's data as NDJSON records, a page at a time, and import such records.

Export pages follow an opaque cursor: memories, then each project's graph, then sessions with their
transcripts, then `end`; a page holds at most `limit` records. Import keeps ids and skips records that
exist, so it can simply run again; graph ids are re-keyed for the importer's tenant.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, ValidationError, field_validator

from engram.domain import pii, pii_rules
from engram.domain.enrichment import clean_hints
from engram.domain.errors import InvalidCursor, InvalidRequest, PiiRejected, QuotaExceeded
from engram.domain.graph import Entity, GraphScope, Relation, entity_id, relation_id
from engram.domain.limits import (
    MAX_CONTENT_CHARS,
    NAME_PATTERN,
    AgentId,
    Content,
    MemoryRef,
    RunId,
    ScopeName,
    Summary,
    UserId,
    WriteReason,
    small_json,
)
from engram.domain.models import Enrichment, EnrichmentState, HistoryRecord, Memory, Status
from engram.domain.sessions import ExtractionRecord, FactRecord, Message, SessionInfo, SessionRef
from engram.domain.text import clean, content_hash
from engram.domain.transfer import EXPORT_FORMAT, EXPORT_VERSION
from engram.ports import (
    Clock,
    EnrichJob,
    GraphStore,
    IndexedMemory,
    JobQueue,
    MemoryStore,
    TranscriptStore,
    UserData,
    VectorIndex,
)

KINDS = ("memory", "entity", "relation", "session", "message")
_ALL = 1_000_000  # "every": memories per entity, jobs per session


def _encode(position: dict[str, Any]) -> str:
    raw = json.dumps(position, separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _text(value: str | None) -> str | None:
    if value is not None and value.encode("utf-8", "replace").decode("utf-8") != value:
        raise ValueError("not valid text")  # a lone surrogate, smuggled in by a JSON escape
    return value


class _Position(BaseModel):
    """Where an export stands, as its cursor carries it: every field typed, so that a cursor that was
    tampered with is an InvalidCursor (422), never an error deeper down."""

    model_config = ConfigDict(extra="forbid", strict=True)

    phase: Literal["memories", "graph", "sessions", "end"]
    user_id: str
    counts: dict[Literal["memory", "entity", "relation", "session", "message"], NonNegativeInt]
    after: str | None = None  # memories: the last id; graph: the entity page's cursor; sessions: the batch's
    project: NonNegativeInt = 0  # graph: which of the user's projects
    done: NonNegativeInt = 0  # sessions: how many of the batch are exported
    messages: str | None = None  # sessions: the message page's cursor within the current session

    _valid = field_validator("user_id", "after", "messages")(_text)


def _decode(cursor: str) -> dict[str, Any]:
    try:
        position = json.loads(base64.urlsafe_b64decode((cursor + "=" * (-len(cursor) % 4)).encode()))
        return _Position.model_validate(position).model_dump()
    except (binascii.Error, ValueError, UnicodeDecodeError) as exc:  # ValidationError is a ValueError
        raise InvalidCursor("cursor is not one this API issued") from exc


@dataclass
class ExportPage:
    records: list[dict[str, Any]]
    cursor: str | None  # None: this was the last page


@dataclass
class Export:
    store: MemoryStore
    userdata: UserData
    clock: Clock
    graph: GraphStore | None = None
    transcripts: TranscriptStore | None = None
    vectors: VectorIndex | None = None

    def page(
        self, tenant: str, user_id: str, cursor: str | None, limit: int = 200, embeddings: bool = False
    ) -> ExportPage:
        records: list[dict[str, Any]] = []
        if cursor is None:
            pos: dict[str, Any] = {"phase": "memories", "counts": dict.fromkeys(KINDS, 0)}
            records.append(
                {
                    "kind": "header",
                    "format": EXPORT_FORMAT,
                    "version": EXPORT_VERSION,
                    "user_id": user_id,
                    "exported_at": self.clock.now().isoformat(),
                    "embeddings": embeddings,
                }
            )
        else:
            pos = _decode(cursor)
            if pos.get("user_id") != user_id:
                raise InvalidCursor("cursor belongs to another export")
        pos["user_id"] = user_id
        budget = limit
        while budget > 0 and pos["phase"] != "end":
            before = len(records)
            if pos["phase"] == "memories":
                self._memories(tenant, user_id, pos, budget, embeddings, records)
            elif pos["phase"] == "graph":
                self._graph(tenant, user_id, pos, budget, records)
            else:
                self._sessions(tenant, user_id, pos, budget, records)
            budget -= len(records) - before
        if pos["phase"] == "end":
            records.append({"kind": "end", "counts": pos["counts"]})
            return ExportPage(records, None)
        return ExportPage(records, _encode(pos))

    def _emit(self, pos: dict[str, Any], records: list[dict[str, Any]], record: dict[str, Any]) -> None:
        pos["counts"][record["kind"]] = pos["counts"].get(record["kind"], 0) + 1
        records.append(record)

    def _memories(
        self,
        tenant: str,
        user_id: str,
        pos: dict[str, Any],
        budget: int,
        embeddings: bool,
        records: list[dict[str, Any]],
    ) -> None:
        memories = self.userdata.memories(tenant, user_id, pos.get("after"), budget)
        vectors = (
            self.vectors.get_vectors(tenant, [m.id for m in memories])
            if embeddings and self.vectors is not None and memories
            else {}
        )
        for memory in memories:
            record: dict[str, Any] = {
                "kind": "memory",
                "memory": memory.model_dump(mode="json", exclude={"tenant"}),
                "history": [
                    h.model_dump(mode="json", exclude={"tenant"})
                    for h in self.store.history(tenant, memory.id)
                ],
            }
            if memory.id in vectors:
                record["embedding"] = vectors[memory.id]
                record["embedding_model"] = getattr(self.vectors, "model", "")  # what made it
            self._emit(pos, records, record)
        if len(memories) < budget:
            pos.update(phase="graph", after=None, project=0)
        else:
            pos["after"] = memories[-1].id

    def _graph(
        self, tenant: str, user_id: str, pos: dict[str, Any], budget: int, records: list[dict[str, Any]]
    ) -> None:
        projects = self.userdata.projects(tenant, user_id) if self.graph is not None else []
        index = int(pos.get("project") or 0)
        if self.graph is None or index >= len(projects):
            pos.update(phase="sessions", after=None, done=0, messages=None)
            return
        scope = GraphScope(tenant, user_id, projects[index])
        page = self.graph.entity_page(scope, budget, pos.get("after"))
        ids = [e.id for e in page.items]
        mentions = self.graph.memories_of(scope, ids, _ALL) if ids else {}
        mine = set(ids)
        relations = [r for r in self.graph.relations(scope, ids) if r.subject_id in mine] if ids else []
        names = {e.id: e.canonical for e in page.items}
        missing = [r.object_id for r in relations if r.object_id not in names]
        names |= {e.id: e.canonical for e in self.graph.entities_by_id(scope, list(dict.fromkeys(missing)))}
        for entity in page.items:
            self._emit(
                pos,
                records,
                {
                    "kind": "entity",
                    "entity": entity.model_dump(mode="json", exclude={"tenant"}),
                    "memory_ids": sorted(mentions.get(entity.id, [])),
                },
            )
        for rel in sorted(relations, key=lambda r: r.id):
            if rel.object_id not in names:
                continue  # its object entity is gone: the relation leads nowhere
            self._emit(
                pos,
                records,
                {
                    "kind": "relation",
                    "relation": rel.model_dump(mode="json", exclude={"tenant"}),
                    "subject": names[rel.subject_id],
                    "object": names[rel.object_id],
                },
            )
        if page.cursor is None:
            pos.update(project=index + 1, after=None)
        else:
            pos["after"] = page.cursor

    def _sessions(
        self, tenant: str, user_id: str, pos: dict[str, Any], budget: int, records: list[dict[str, Any]]
    ) -> None:
        if self.transcripts is None:
            pos["phase"] = "end"
            return
        batch_at = pos.get("after")
        sessions, next_batch = self.userdata.sessions(tenant, user_id, batch_at, max(1, min(budget, 50)))
        done = int(pos.get("done") or 0)
        while budget > 0 and done < len(sessions):
            session = sessions[done]
            ref = SessionRef(tenant, user_id, session.session_id)
            if pos.get("messages") is None:  # the session's own record first
                self._emit(
                    pos,
                    records,
                    {
                        "kind": "session",
                        "session": session.model_dump(mode="json", exclude={"tenant"}),
                        "jobs": [j.model_dump(mode="json") for j in self.transcripts.jobs(ref, _ALL)],
                        "facts": [f.model_dump(mode="json") for f in self.transcripts.facts(ref)],
                    },
                )
                budget -= 1
                pos["messages"] = ""
            if budget <= 0:
                break
            page = self.transcripts.messages(ref, budget, pos["messages"] or None)
            for message in page.items:
                self._emit(
                    pos,
                    records,
                    {
                        "kind": "message",
                        "user_id": user_id,
                        "session_id": session.session_id,
                        "message": message.model_dump(mode="json"),
                    },
                )
            budget -= len(page.items)
            if page.cursor is None:
                done += 1
                pos["messages"] = None
            else:
                pos["messages"] = page.cursor
        if done >= len(sessions):
            if next_batch is None:
                pos["phase"] = "end"
            else:
                pos.update(after=next_batch, done=0, messages=None)
        else:
            pos.update(after=batch_at, done=done)


# --------------------------------------------------------------------------- import

_ULID = re.compile(r"^[0-9A-HJKMNP-TV-Z]{26}$")
_PINNABLE = frozenset({"memory_type", "confidence", "importance", "valid_until"})
_PII_KINDS = frozenset({r.kind for r in pii_rules.rules()})
MAX_HISTORY = 1000  # history records a memory may bring
MAX_LABEL_CHARS = 200  # a category, an entity's name, a predicate, a history actor, an enrichment's note
MAX_MESSAGE_CHARS = 32_000  # what one append may hold in all


class _Held(BaseModel):
    """What POST /v1/memories holds a memory to (engram.domain.limits), for a memory that is imported."""

    model_config = ConfigDict(extra="ignore")

    id: Annotated[str, Field(pattern=_ULID.pattern, description="a ULID")]
    user_id: UserId
    project: ScopeName
    namespace: ScopeName
    content: Content
    summary: Summary | None = None
    write_reason: WriteReason | None = None
    agent_id: AgentId | None = None
    run_id: RunId | None = None
    related_ids: list[MemoryRef] = Field(default_factory=list, max_length=20)
    metadata: dict[str, Any] = Field(default_factory=dict)
    categories: list[Annotated[str, Field(max_length=MAX_LABEL_CHARS)]] = Field(
        default_factory=list, max_length=50
    )
    entities: list[Annotated[str, Field(max_length=MAX_LABEL_CHARS)]] = Field(
        default_factory=list, max_length=50
    )

    _metadata = field_validator("metadata")(small_json)


class _HeldScope(BaseModel):
    """Whose and where, held to the API's names (an entity's, a relation's)."""

    model_config = ConfigDict(extra="ignore")

    user_id: UserId
    project: ScopeName


class _HeldSession(_HeldScope):
    session_id: Annotated[str, Field(min_length=1, max_length=128, pattern=NAME_PATTERN)]
    project: ScopeName = "default"
    namespace: ScopeName = "default"
    agent_id: AgentId | None = None


@dataclass
class ImportReport:
    records: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))  # applied, by kind
    created: int = 0  # memories newly stored
    existing: int = 0  # memories already there (an earlier run of the same import)
    conflicts: list[str] = field(default_factory=list)  # memory ids whose id or content was taken
    queued: int = 0  # memories newly stored and still to enrich: their jobs were queued
    rejected: list[dict[str, Any]] = field(default_factory=list)  # {record, reason, field?}: not imported
    redactions: list[str] = field(default_factory=list)  # PII kinds redacted in what was imported

    def add(self, other: ImportReport, offset: int = 0) -> None:
        """Add a later batch's report; `offset`: how many records came before that batch."""
        for kind in KINDS:
            self.records[kind] += other.records.get(kind, 0)
        self.created += other.created
        self.existing += other.existing
        self.conflicts += other.conflicts
        self.queued += other.queued
        self.rejected += [{**r, "record": int(r["record"]) + offset} for r in other.rejected]
        self.redactions = sorted({*self.redactions, *other.redactions})


@dataclass
class _Run:
    """One import call: its tenant, the memories it brings (user → ids, for the links between
    them), what it has found so far, and the jobs to queue."""

    tenant: str
    report: ImportReport
    brought: dict[str, set[str]]
    pending: list[EnrichJob] = field(default_factory=list)
    redactions: set[str] = field(default_factory=set)


@dataclass
class Import:
    """Import is a write like any other (DESIGN.md invariant 9): what it stores POST /v1/memories could have.

    Limits and PII screening as the API's; our own content hash; fresh counters; links kept only within
    the user; an embedding kept only when dimensions and content match. A bad record is reported
    (`rejected`, with why) and the rest imported.
    """

    store: MemoryStore
    userdata: UserData
    transcripts: TranscriptStore | None = None
    vectors: VectorIndex | None = None
    queue: JobQueue | None = None  # enrichment of the new memories that arrive pending
    pii_policy: Mapping[str, str] = field(default_factory=dict)  # empty: every kind redacted
    dimensions: int | None = None  # the embedder's; None: any length is taken

    def __call__(self, tenant: str, records: Iterable[dict[str, Any]]) -> ImportReport:
        records = list(records)
        for index, record in enumerate(records):
            header = isinstance(record, dict) and record.get("kind") == "header"
            if header and (record.get("format"), record.get("version")) != (EXPORT_FORMAT, EXPORT_VERSION):
                raise InvalidRequest(
                    f"record {index}: not an {EXPORT_FORMAT} version {EXPORT_VERSION} file",
                    field=f"records.{index}",
                )
        run = _Run(tenant, ImportReport(), _brought(records))
        try:
            for index, record in enumerate(records):
                self._record(run, index, record)
        finally:  # what was stored before a record over quota is enriched too
            if run.pending and self.queue is not None:
                self.queue.enqueue(run.pending)
                run.report.queued += len(run.pending)
            run.report.redactions = sorted(run.redactions)
        report = run.report
        if report.rejected and not sum(report.records.values()) + len(report.conflicts):
            first = report.rejected[0]  # nothing imported: the request is answered as invalid (422)
            where = ".".join(
                str(p) for p in ("records", first["record"], first.get("field")) if p is not None
            )
            raise InvalidRequest(
                f"record {first['record']}: {first['reason']} (nothing imported)",
                field=where,
                rejected=report.rejected,
            )
        return report

    def _record(self, run: _Run, index: int, record: Any) -> None:
        try:
            if not isinstance(record, dict):
                raise InvalidRequest("not an engram export record (not a JSON object)")
            self._one(run, record)
        except ValidationError as exc:  # of the object the record holds under its kind (a message's: its own)
            first = exc.errors()[0]
            nested = record.get("kind") in ("memory", "entity", "relation", "session")
            where = ".".join(str(p) for p in ([record["kind"]] if nested else []) + list(first["loc"]))
            self._reject(run, index, f"{where}: {first['msg']}", where)
        except PiiRejected as exc:
            self._reject(run, index, exc.message)
        except QuotaExceeded as exc:  # the records before it are imported; a rerun skips them
            raise QuotaExceeded(f"record {index}: {exc.message}", **exc.detail) from None
        except InvalidRequest as exc:
            self._reject(run, index, exc.message, exc.detail.get("field"))
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            self._reject(run, index, f"not an engram export record ({type(exc).__name__}: {exc})")

    @staticmethod
    def _reject(run: _Run, index: int, reason: str, where: object = None) -> None:
        item: dict[str, Any] = {"record": index, "reason": reason}
        if where:
            item["field"] = str(where)
        run.report.rejected.append(item)

    def _one(self, run: _Run, record: dict[str, Any]) -> None:
        kind = record.get("kind")
        if kind in ("header", "end"):
            return
        if kind == "memory":
            self._memory(run, record)
        elif kind == "entity":
            self._entity(run, record)
        elif kind == "relation":
            self._relation(run, record)
        elif kind == "session":
            self._session(run, record)
        elif kind == "message":
            self._message(run, record)
        else:
            raise InvalidRequest(f"unknown record kind {str(kind)[:40]!r}", field="kind")

    # ------------------------------------------------------------------ screening

    def _screen(self, run: _Run, text: str, where: str) -> str:
        screened = pii.screen(text, self.pii_policy, where=where)  # PiiRejected: the record is rejected
        run.redactions.update(screened.redactions)
        return screened.content

    def _screen_json(self, run: _Run, value: Mapping[str, Any]) -> dict[str, Any]:
        screened = pii.screen_metadata(value, self.pii_policy)
        run.redactions.update(screened.redactions)
        return screened.metadata

    def _label(self, run: _Run, text: str, where: str) -> str:
        """A name that must hold no secret at all (an entity, a predicate): redaction rejects it."""
        screened = pii.screen(text, self.pii_policy, where=where)
        if screened.redactions:
            raise PiiRejected(f"{where} contains {', '.join(screened.redactions)}", kinds=screened.redactions)
        if len(text) > MAX_LABEL_CHARS:
            raise InvalidRequest(f"{where} is longer than {MAX_LABEL_CHARS} characters", field=where)
        return text

    def _owned(self, run: _Run, user_id: str, ids: Sequence[str]) -> list[str]:
        """Those of `ids` that name memories of this user: brought by this import, or the tenant's."""
        ids = list(dict.fromkeys(str(i) for i in ids))
        mine = run.brought.get(user_id, set())
        rest = [i for i in ids if i not in mine]
        stored = (
            {m.id for m in self.store.get_many(run.tenant, rest) if m.user_id == user_id} if rest else set()
        )
        return [i for i in ids if i in mine or i in stored]

    # ------------------------------------------------------------------ memories

    def _admit(self, run: _Run, memory: Memory) -> tuple[Memory, bool]:
        """The memory as POST /v1/memories could have stored it, and whether its content (or anything
        derived from it) changed, so that its enrichment and embedding must be made again."""
        _Held.model_validate(memory.model_dump())  # ValidationError: names, sizes, the id
        found: set[str] = set()

        def screened(text: str, where: str) -> str:
            result = pii.screen(text, self.pii_policy, where=where)
            found.update(result.redactions)
            return result.content

        content = clean(screened(memory.content, "content"))
        if not content:
            raise InvalidRequest("content is empty", field="memory.content")
        metadata = pii.screen_metadata(memory.metadata, self.pii_policy)
        found.update(metadata.redactions)
        notes = {
            n: clean(screened(t, n)) or None for n in ("summary", "write_reason") if (t := getattr(memory, n))
        }
        labels = {n: [screened(t, n) for t in getattr(memory, n)] for n in ("categories", "entities")}
        enrichment = memory.enrichment
        digest = content_hash(content)
        changed = bool(found) or digest != memory.content_hash or content != memory.content
        if changed:
            enrichment = Enrichment()  # made again from what is stored now
        elif enrichment.error or enrichment.model:
            enrichment = enrichment.model_copy(
                update={
                    "error": screened(enrichment.error, "enrichment.error")[:MAX_LABEL_CHARS]
                    if enrichment.error
                    else None,
                    "model": enrichment.model[:MAX_LABEL_CHARS] if enrichment.model else None,
                }
            )
        user = memory.user_id
        links: dict[str, str | None] = {}
        for name in ("merged_into", "superseded_by"):
            target = getattr(memory, name)
            links[name] = target if target and self._owned(run, user, [target]) else None
        run.redactions.update(found)
        admitted = memory.model_copy(
            update={
                "content": content,
                "content_hash": digest,
                "metadata": metadata.metadata,
                **notes,
                **labels,
                **links,
                "related_ids": [i for i in self._owned(run, user, memory.related_ids) if i != memory.id],
                "hits": 1,
                "retrieval_count": 0,
                "last_retrieved_at": None,
                "enrichment": enrichment,
                "redactions": sorted({*(k for k in memory.redactions if k in _PII_KINDS), *found}),
                "pinned": [p for p in dict.fromkeys(memory.pinned) if p in _PINNABLE],
                # prospective hints, screened and capped as a model's are; made again if the content changed
                "hints": [] if changed else clean_hints([screened(h, "hints") for h in memory.hints[:50]]),
            }
        )
        return Memory.model_validate(admitted.model_dump()), changed

    def _history(self, run: _Run, memory: Memory, records: Any) -> list[HistoryRecord]:
        if not isinstance(records, list) or len(records) > MAX_HISTORY:
            raise InvalidRequest(f"history is not a list of at most {MAX_HISTORY} records", field="history")
        out = []
        for i, raw in enumerate(records):
            h = HistoryRecord.model_validate({**raw, "tenant": run.tenant})
            if h.memory_id != memory.id:
                raise InvalidRequest("a history record belongs to another memory", field=f"history.{i}")
            if not _ULID.match(h.id):
                raise InvalidRequest("a history record's id is not a ULID", field=f"history.{i}.id")
            detail = self._screen_json(run, h.detail)
            try:
                small_json(detail)
            except ValueError as exc:
                raise InvalidRequest(
                    f"a history record's detail: {exc}", field=f"history.{i}.detail"
                ) from None
            actor = self._screen(run, h.actor, f"history.{i}.actor")[:MAX_LABEL_CHARS]
            out.append(h.model_copy(update={"detail": detail, "actor": actor}))
        return out

    def _embedding(self, value: Any) -> list[float] | None:
        """The vector when it is one this install could have made: its dimensions, finite numbers."""
        if not isinstance(value, list) or not value:
            return None
        if self.dimensions is not None and len(value) != self.dimensions:
            return None
        if not all(
            isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) for x in value
        ):
            return None
        return [float(x) for x in value]

    def _memory(self, run: _Run, record: dict[str, Any]) -> None:
        memory = Memory.model_validate({**record["memory"], "tenant": run.tenant})
        memory, changed = self._admit(run, memory)
        history = self._history(run, memory, record.get("history", []))
        sent = record.get("embedding")
        # another model's vector (or one of no recorded model, where this install records them) is
        # never kept: the memory is embedded again here
        foreign = record.get("embedding_model", "") != getattr(self.vectors, "model", "")
        embedding = None if changed or sent is None or foreign else self._embedding(sent)
        if sent is not None and embedding is None and memory.status is not Status.deleted:
            memory = memory.model_copy(update={"enrichment": Enrichment()})  # embedded again, here
        created = self.userdata.restore_memory(memory)
        report = run.report
        if created:
            report.created += 1
            if embedding is not None and self.vectors is not None:
                self.vectors.upsert([IndexedMemory(memory, embedding)])
            if memory.enrichment.state == EnrichmentState.pending:
                run.pending.append(
                    EnrichJob(tenant=run.tenant, memory_id=memory.id, content_hash=memory.content_hash)
                )
        elif (found := self.store.get(run.tenant, memory.id)) is not None and found.user_id == memory.user_id:
            report.existing += 1
        else:
            report.conflicts.append(memory.id)
            return
        self.store.add_history(history)  # idempotent: records are keyed by their ids
        report.records["memory"] += 1

    # ------------------------------------------------------------------ graph and sessions

    def _entity(self, run: _Run, record: dict[str, Any]) -> None:
        entity = Entity.model_validate({**record["entity"], "tenant": run.tenant})
        _HeldScope.model_validate(entity.model_dump())
        self._label(run, entity.name, "entity.name")
        self._label(run, entity.canonical, "entity.canonical")
        scope = GraphScope(run.tenant, entity.user_id, entity.project)
        entity = entity.model_copy(update={"id": entity_id(scope, entity.canonical)})
        mentions = self._owned(run, entity.user_id, list(record.get("memory_ids", [])))
        self.userdata.restore_graph(scope, [(entity, mentions)], [])
        run.report.records["entity"] += 1

    def _relation(self, run: _Run, record: dict[str, Any]) -> None:
        rel = Relation.model_validate({**record["relation"], "tenant": run.tenant})
        _HeldScope.model_validate(rel.model_dump())
        self._label(run, rel.predicate, "relation.predicate")
        names = [self._label(run, str(record[end]), end) for end in ("subject", "object")]
        scope = GraphScope(run.tenant, rel.user_id, rel.project)
        subject, obj = (entity_id(scope, name) for name in names)
        rel = rel.model_copy(
            update={
                "id": relation_id(scope, subject, rel.predicate, obj),
                "subject_id": subject,
                "object_id": obj,
                "memory_ids": self._owned(run, rel.user_id, rel.memory_ids),
            }
        )
        self.userdata.restore_graph(scope, [], [rel])
        run.report.records["relation"] += 1

    def _session(self, run: _Run, record: dict[str, Any]) -> None:
        session = SessionInfo.model_validate({**record["session"], "tenant": run.tenant})
        _HeldSession.model_validate(session.model_dump())
        jobs = [ExtractionRecord.model_validate(j) for j in record.get("jobs", [])]
        jobs = [
            j.model_copy(
                update={
                    "warnings": [self._screen(run, w, "jobs.warnings")[:MAX_LABEL_CHARS] for w in j.warnings],
                    "error": self._screen(run, j.error, "jobs.error")[:MAX_LABEL_CHARS] if j.error else None,
                }
            )
            for j in jobs
        ]
        facts = []
        for f in (FactRecord.model_validate(f) for f in record.get("facts", [])):
            owned = self._owned(run, session.user_id, [f.memory_id]) if f.memory_id else []
            content = clean(self._screen(run, f.content, "facts.content"))[:MAX_CONTENT_CHARS]
            reason = self._screen(run, f.reason, "facts.reason")[:MAX_LABEL_CHARS] if f.reason else None
            facts.append(
                f.model_copy(
                    update={"content": content, "reason": reason, "memory_id": owned[0] if owned else None}
                )
            )
        self.userdata.restore_session(session, [])
        if self.transcripts is not None:
            ref = session.ref
            for job in jobs:
                if self.transcripts.job(ref, job.job_id) is None:
                    self.transcripts.put_job(ref, job)
            for fact in facts:
                if self.transcripts.fact(ref, fact.fact_key) is None:
                    self.transcripts.put_fact(ref, fact)
        run.report.records["session"] += 1

    def _message(self, run: _Run, record: dict[str, Any]) -> None:
        message = Message.model_validate(record["message"])
        held = _HeldSession.model_validate({"user_id": record["user_id"], "session_id": record["session_id"]})
        if len(message.content) > MAX_MESSAGE_CHARS:
            raise InvalidRequest(
                f"message is longer than {MAX_MESSAGE_CHARS} characters", field="message.content"
            )
        screened = pii.screen(message.content, self.pii_policy, where="message.content")
        run.redactions.update(screened.redactions)
        message = message.model_copy(
            update={
                "content": screened.content,
                "redactions": sorted(
                    {*(k for k in message.redactions if k in _PII_KINDS), *screened.redactions}
                ),
                "name": message.name[:64] if message.name else None,
            }
        )
        session = SessionInfo(tenant=run.tenant, user_id=held.user_id, session_id=held.session_id)
        if self.transcripts is not None and self.transcripts.session(session.ref) is None:
            raise InvalidRequest(f"message of session {session.session_id!r} comes before its session")
        self.userdata.restore_session(session, [message])
        run.report.records["message"] += 1


def _brought(records: Sequence[Any]) -> dict[str, set[str]]:
    """user → the ids of the memories these records bring (for the links between them)."""
    out: dict[str, set[str]] = {}
    for record in records:
        memory = record.get("memory") if isinstance(record, dict) and record.get("kind") == "memory" else None
        if (
            isinstance(memory, dict)
            and isinstance(memory.get("id"), str)
            and isinstance(memory.get("user_id"), str)
        ):
            out.setdefault(memory["user_id"], set()).add(memory["id"])
    return out


def import_lines(importer: Import, tenant: str, lines: Sequence[str]) -> ImportReport:
    """Import NDJSON lines (blank lines skipped)."""
    records = []
    for number, line in enumerate(lines, 1):
        if line.strip():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise InvalidRequest(f"line {number} is not JSON: {exc.msg}") from None
    return importer(tenant, records)
