"""Export a user's data as NDJSON records, a page at a time, and import such records (engram.domain.transfer).

Export pages follow one another by an opaque cursor: the user's memories (every status, by id, each
with its history and optionally its embedding), then each project's graph (entities with the
memories that mention them, and relations, each relation once with its subject's page), then each
session with its jobs and facts followed by its transcript, then an `end` record with the counts. A
page holds at most `limit` records besides the header and end (a memory's history rides with it).

Import stores each record as it was exported, ids kept, unless it already exists: importing the same
records twice changes nothing the second time, and an interrupted import can simply run again. Graph
ids are derived from the tenant, so entities and relations are re-keyed for the importer's tenant.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from engram.domain.errors import InvalidCursor, InvalidRequest, QuotaExceeded
from engram.domain.graph import Entity, GraphScope, Relation, entity_id, relation_id
from engram.domain.models import EnrichmentState, HistoryRecord, Memory
from engram.domain.sessions import ExtractionRecord, FactRecord, Message, SessionInfo, SessionRef
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


def _decode(cursor: str) -> dict[str, Any]:
    try:
        position = json.loads(base64.urlsafe_b64decode((cursor + "=" * (-len(cursor) % 4)).encode()))
    except (binascii.Error, ValueError, UnicodeDecodeError) as exc:
        raise InvalidCursor("cursor is not one this API issued") from exc
    if not isinstance(position, dict) or position.get("phase") not in (
        "memories",
        "graph",
        "sessions",
        "end",
    ):
        raise InvalidCursor("cursor is not one this API issued")
    return position


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


@dataclass
class ImportReport:
    records: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))  # applied, by kind
    created: int = 0  # memories newly stored
    existing: int = 0  # memories already there (an earlier run of the same import)
    conflicts: list[str] = field(default_factory=list)  # memory ids whose id or content was taken
    queued: int = 0  # memories newly stored and still to enrich (a mem0 import's): their jobs were queued

    def add(self, other: ImportReport) -> None:
        for kind in KINDS:
            self.records[kind] += other.records.get(kind, 0)
        self.created += other.created
        self.existing += other.existing
        self.conflicts += other.conflicts
        self.queued += other.queued


@dataclass
class Import:
    store: MemoryStore
    userdata: UserData
    transcripts: TranscriptStore | None = None
    vectors: VectorIndex | None = None
    queue: JobQueue | None = None  # enrichment of the new memories that arrive pending

    def __call__(self, tenant: str, records: Iterable[dict[str, Any]]) -> ImportReport:
        report = ImportReport()
        pending: list[EnrichJob] = []
        try:
            for index, record in enumerate(records):
                self._record(tenant, index, record, report, pending)
        finally:  # what was stored before a bad record is enriched too
            if pending and self.queue is not None:
                self.queue.enqueue(pending)
                report.queued += len(pending)
        return report

    def _record(
        self, tenant: str, index: int, record: dict[str, Any], report: ImportReport, pending: list[EnrichJob]
    ) -> None:
        try:
            self._one(tenant, record, report, pending)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise InvalidRequest(
                f"record {index}: {where}: {first['msg']}", field=f"records.{index}.{where}"
            ) from None
        except InvalidRequest as exc:
            raise InvalidRequest(f"record {index}: {exc.message}", **exc.detail) from None
        except QuotaExceeded as exc:  # the records before it are imported; a rerun skips them
            raise QuotaExceeded(f"record {index}: {exc.message}", **exc.detail) from None
        except (KeyError, TypeError, AttributeError) as exc:
            raise InvalidRequest(f"record {index}: not an engram export record ({exc})") from None

    def _one(
        self, tenant: str, record: dict[str, Any], report: ImportReport, pending: list[EnrichJob]
    ) -> None:
        kind = record.get("kind")
        if kind in ("header", "end"):
            if kind == "header" and (record.get("format"), record.get("version")) != (
                EXPORT_FORMAT,
                EXPORT_VERSION,
            ):
                raise InvalidRequest(f"not an {EXPORT_FORMAT} version {EXPORT_VERSION} file")
            return
        if kind == "memory":
            memory = Memory.model_validate({**record["memory"], "tenant": tenant})
            history = [
                HistoryRecord.model_validate({**h, "tenant": tenant}) for h in record.get("history", [])
            ]
            if any(h.memory_id != memory.id for h in history):
                raise InvalidRequest("a history record belongs to another memory")
            created = self.userdata.restore_memory(memory)
            if created:
                report.created += 1
                embedding = record.get("embedding")
                if embedding is not None and self.vectors is not None:
                    self.vectors.upsert([IndexedMemory(memory, [float(x) for x in embedding])])
                if memory.enrichment.state == EnrichmentState.pending:
                    pending.append(
                        EnrichJob(tenant=tenant, memory_id=memory.id, content_hash=memory.content_hash)
                    )
            elif (found := self.store.get(tenant, memory.id)) is not None and found.user_id == memory.user_id:
                report.existing += 1
            else:
                report.conflicts.append(memory.id)
                return
            self.store.add_history(history)  # idempotent: records are keyed by their ids
            report.records["memory"] += 1
        elif kind == "entity":
            entity = Entity.model_validate({**record["entity"], "tenant": tenant})
            scope = GraphScope(tenant, entity.user_id, entity.project)
            entity = entity.model_copy(update={"id": entity_id(scope, entity.canonical)})
            self.userdata.restore_graph(scope, [(entity, [str(m) for m in record.get("memory_ids", [])])], [])
            report.records["entity"] += 1
        elif kind == "relation":
            rel = Relation.model_validate({**record["relation"], "tenant": tenant})
            scope = GraphScope(tenant, rel.user_id, rel.project)
            subject, obj = entity_id(scope, str(record["subject"])), entity_id(scope, str(record["object"]))
            rel = rel.model_copy(
                update={
                    "id": relation_id(scope, subject, rel.predicate, obj),
                    "subject_id": subject,
                    "object_id": obj,
                }
            )
            self.userdata.restore_graph(scope, [], [rel])
            report.records["relation"] += 1
        elif kind == "session":
            session = SessionInfo.model_validate({**record["session"], "tenant": tenant})
            self.userdata.restore_session(session, [])
            if self.transcripts is not None:
                ref = session.ref
                for job in (ExtractionRecord.model_validate(j) for j in record.get("jobs", [])):
                    if self.transcripts.job(ref, job.job_id) is None:
                        self.transcripts.put_job(ref, job)
                for fact in (FactRecord.model_validate(f) for f in record.get("facts", [])):
                    if self.transcripts.fact(ref, fact.fact_key) is None:
                        self.transcripts.put_fact(ref, fact)
            report.records["session"] += 1
        elif kind == "message":
            message = Message.model_validate(record["message"])
            session = SessionInfo(
                tenant=tenant, user_id=str(record["user_id"]), session_id=str(record["session_id"])
            )
            if self.transcripts is not None and self.transcripts.session(session.ref) is None:
                raise InvalidRequest(f"message of session {session.session_id!r} comes before its session")
            self.userdata.restore_session(session, [message])
            report.records["message"] += 1
        else:
            raise InvalidRequest(f"unknown record kind {kind!r}")


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
