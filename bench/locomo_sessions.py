"""LoCoMo through the messages route vs turn by turn, in-process on the embedded default, in one run.

Sessions: each LoCoMo session is appended to engram as a session (`POST /v1/sessions/{id}/messages`'s
use case), every turn a message with its speaker as `name`, its real date as `created_at` and its
`dia_id` as `message_id`; the extraction jobs and the enrichment they queue are drained; each derived
memory knows its source messages, hence its dia_ids. Turn by turn: every turn remembered as one
memory, "<speaker>: <text>" (as bench/locomo.py does over HTTP). Then every category 1–4 question is
recalled in its conversation, and evidence recall is counted through each result's dia_ids
(following merges to their survivor): R@10 is the share of a question's evidence turns the top 10
cover, MRR@10 the rank of the first result that covers one.

    python bench/locomo_sessions.py [--conversations 1-10] [--embedder minilm] [--json out.json]
        [--only "through sessions"] [--misses misses.json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import defaultdict
from datetime import timedelta
from pathlib import Path
from typing import Any

os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")
sys.path.insert(0, str(Path(__file__).resolve().parent))
from locomo import CATEGORIES, DEFAULT_DATA, session_time

TENANT = "bench"


def _spans(spec: str) -> list[int]:
    numbers: list[int] = []
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        numbers += list(range(int(lo), int(hi or lo) + 1))
    return numbers


def _container(embedder: str):
    from engram.runtime.container import local
    from engram.settings import Settings

    data = Path(tempfile.mkdtemp(prefix="engram-locomo-"))
    return local(Settings(data_dir=data, embedder={"provider": embedder}, worker_enabled=False))


def _sessions(sample: dict):
    conv = sample["conversation"]
    n = 1
    while f"session_{n}" in conv:
        yield n, session_time(conv[f"session_{n}_date_time"]), conv[f"session_{n}"]
        n += 1


def _text(turn: dict) -> str:
    return turn["text"] + (f" [image: {turn['blip_caption']}]" if turn.get("blip_caption") else "")


def ingest_sessions(c, samples: list[dict]) -> dict[str, Any]:
    from engram.runtime.worker import drain
    from engram.usecases.sessions import AppendCommand, MessageIn

    t0 = time.monotonic()
    n_messages = 0
    for sample in samples:
        for n, start, turns in _sessions(sample):
            for lo in range(0, len(turns), 100):
                messages = [
                    MessageIn(role="user", content=_text(t)[:8000], name=t["speaker"],
                              created_at=start + timedelta(seconds=30 * (lo + i)), message_id=t["dia_id"])
                    for i, t in enumerate(turns[lo : lo + 100])
                ]  # fmt: skip
                c.append_messages(
                    AppendCommand(
                        tenant=TENANT, user_id=sample["sample_id"], session_id=f"s{n}", messages=messages
                    )
                )
                n_messages += len(messages)
    append_s = time.monotonic() - t0
    drain(c)
    return {"messages": n_messages, "append_s": append_s, "drain_s": time.monotonic() - t0 - append_s}


def ingest_turns(c, samples: list[dict]) -> dict[str, Any]:
    from engram.runtime.worker import drain
    from engram.usecases.remember import RememberCommand

    t0 = time.monotonic()
    for sample in samples:
        commands = [
            RememberCommand(tenant=TENANT, user_id=sample["sample_id"],
                            content=f"{t['speaker']}: {_text(t)}"[:8000], force=True,
                            observed_at=start + timedelta(seconds=30 * i), metadata={"dia_id": t["dia_id"]})
            for _, start, turns in _sessions(sample)
            for i, t in enumerate(turns)
        ]  # fmt: skip
        c.remember.many(commands)
    drain(c)
    return {"drain_s": time.monotonic() - t0}


def dia_ids_of(c, user: str, via_sessions: bool) -> dict[str, set[str]]:
    """memory id → the dia_ids it stands for (a merged memory's go to its survivor)."""
    from engram.ports import ListQuery

    message_dia: dict[str, str] = {}
    if via_sessions:
        from engram.domain.sessions import SessionRef

        n = 1
        while (session := c.transcripts.session(SessionRef(TENANT, user, f"s{n}"))) is not None:
            page = c.transcripts.messages(session.ref, 10_000)
            message_dia.update({m.id: m.message_id for m in page.items})
            n += 1
    own: dict[str, set[str]] = {}
    into: dict[str, str] = {}
    cursor = None
    while True:
        page = c.store.list(ListQuery(TENANT, user, limit=200, cursor=cursor))
        for m in page.items:
            if via_sessions:
                ids = {message_dia[i] for i in m.metadata.get("source_message_ids", []) if i in message_dia}
            else:
                ids = {m.metadata["dia_id"]} if "dia_id" in m.metadata else set()
            own[m.id] = ids
            if m.merged_into:
                into[m.id] = m.merged_into
        cursor = page.cursor
        if not cursor:
            break
    covered: dict[str, set[str]] = defaultdict(set)
    for memory_id, ids in own.items():
        survivor, seen = memory_id, set()
        while survivor in into and survivor not in seen:
            seen.add(survivor)
            survivor = into[survivor]
        covered[survivor] |= ids
    return covered


def evaluate(c, samples: list[dict], via_sessions: bool, misses: list[dict] | None = None) -> dict[str, Any]:
    from engram.domain.models import Status
    from engram.ports import ListQuery
    from engram.usecases.recall import RecallQuery

    per_cat: dict[int, list[tuple[float, float]]] = defaultdict(list)
    stats = {"memories": 0, "superseded": 0, "merged": 0, "assistant": 0}
    for sample in samples:
        user = sample["sample_id"]
        covered = dia_ids_of(c, user, via_sessions)
        for status in (Status.active, Status.stale, Status.superseded, Status.merged):
            n = len(c.store.list(ListQuery(TENANT, user, status=status, limit=100_000)).items)
            stats["memories"] += n
            stats[status.value] = stats.get(status.value, 0) + n
        for qa in sample["qa"]:
            evidence = set(qa.get("evidence", []))
            if qa["category"] not in CATEGORIES or not evidence:
                continue
            results = c.recall(RecallQuery(tenant=TENANT, user_id=user, query=qa["question"], top_k=10))
            sources = [covered.get(r.memory.id, set()) for r in results]
            found = set().union(*sources) & evidence if sources else set()
            first = next((i for i, s in enumerate(sources) if s & evidence), None)
            if misses is not None and found != evidence:
                stored = set().union(*covered.values())
                misses.append(
                    {
                        "conversation": user,
                        "category": CATEGORIES[qa["category"]],
                        "question": qa["question"],
                        "missed": sorted(evidence - found),
                        "no_memory": sorted(evidence - found - stored),
                    }
                )
            per_cat[qa["category"]].append(
                (len(found) / len(evidence), 1 / (first + 1) if first is not None else 0)
            )
    rows = [r for rs in per_cat.values() for r in rs]
    return {
        "questions": len(rows),
        "R@10": sum(r for r, _ in rows) / len(rows),
        "MRR@10": sum(m for _, m in rows) / len(rows),
        "per_category": {
            CATEGORIES[k]: {
                "n": len(v),
                "R@10": sum(r for r, _ in v) / len(v),
                "MRR@10": sum(m for _, m in v) / len(v),
            }
            for k, v in sorted(per_cat.items())
        },
        "memories_by_status": stats,
    }


def facts_per_session(c, samples: list[dict]) -> dict[str, float]:
    from engram.domain.models import Provenance
    from engram.domain.sessions import FactState, SessionRef

    sessions = written = dedup = proposed = assistant = 0
    for sample in samples:
        n = 1
        while c.transcripts.session(ref := SessionRef(TENANT, sample["sample_id"], f"s{n}")) is not None:
            facts = c.transcripts.facts(ref)
            sessions += 1
            written += sum(1 for f in facts if f.state == FactState.stored)
            dedup += sum(1 for f in facts if f.state == FactState.deduplicated)
            proposed += sum(1 for f in facts if f.state == FactState.proposed)
            assistant += sum(
                1
                for f in facts
                if f.state == FactState.stored and f.provenance == Provenance.assistant_derived
            )
            n += 1
    return {
        "sessions": sessions,
        "facts_written": written,
        "facts_deduplicated": dedup,
        "facts_written_per_session": written / max(1, sessions),
        "share_deduplicated": dedup / max(1, written + dedup),
        "proposals_per_session": proposed / max(1, sessions),
        "share_from_assistant": assistant / max(1, written),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--conversations", default="1-10", help="which conversations, e.g. 1-5 or 1,3")
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--json", type=Path)
    parser.add_argument(
        "--only", choices=("turn by turn", "through sessions"), help="run one of the two ingestions"
    )
    parser.add_argument("--misses", type=Path, help="write each question's evidence turns not recalled")
    args = parser.parse_args()
    if not args.data.exists():
        print(f"LoCoMo data not found at {args.data}; skipping.")
        return 0
    everything = json.loads(args.data.read_text())
    samples = [everything[i - 1] for i in _spans(args.conversations) if i <= len(everything)]
    report: dict[str, Any] = {"conversations": args.conversations, "embedder": args.embedder}
    misses: dict[str, list[dict]] = {}
    runs = [(name, via) for name, via in (("turn by turn", False), ("through sessions", True))]
    for name, via_sessions in [(n, v) for n, v in runs if args.only in (None, n)]:
        c = _container(args.embedder)
        timing = ingest_sessions(c, samples) if via_sessions else ingest_turns(c, samples)
        report[name] = {**timing, **evaluate(c, samples, via_sessions, misses.setdefault(name, []))}
        if via_sessions:
            report[name] |= facts_per_session(c, samples)
    if args.misses:
        args.misses.write_text(json.dumps(misses, indent=1))
    print(f"LoCoMo conversations {args.conversations}, embedder {args.embedder}")
    print(f"{'ingestion':<18}{'questions':>10}{'memories':>10}{'R@10':>8}{'MRR@10':>8}")
    for name in [n for n, _ in runs if n in report]:
        r = report[name]
        memories = r["memories_by_status"]["memories"]
        print(f"{name:<18}{r['questions']:>10}{memories:>10}{r['R@10']:>8.3f}{r['MRR@10']:>8.3f}")
        for category, row in r["per_category"].items():
            print(f"  {category:<16}{row['n']:>10}{'':>10}{row['R@10']:>8.3f}{row['MRR@10']:>8.3f}")
    if "through sessions" not in report:
        return 0
    s = report["through sessions"]
    by_status = s["memories_by_status"]
    facts = s["facts_written"] + s["facts_deduplicated"]
    folded = s["facts_deduplicated"] + by_status.get("superseded", 0) + by_status.get("merged", 0)
    s["share_deduplicated_or_superseded"] = folded / max(1, facts)
    print(
        f"sessions: {s['sessions']}, {s['facts_written_per_session']:.1f} facts written per session"
        f" ({s['facts_written'] / max(1, s['messages']):.2f} per turn)"
        f" ({s['proposals_per_session']:.1f} proposals); of {facts} facts, {s['share_deduplicated']:.1%}"
        f" deduplicated on write, {by_status.get('merged', 0)} merged and {by_status.get('superseded', 0)}"
        f" superseded in enrichment: {s['share_deduplicated_or_superseded']:.1%} folded into another;"
        f" {s['share_from_assistant']:.1%} from the assistant (LoCoMo's speakers are both people, sent as"
        f" role user)"
    )
    if args.json:
        args.json.write_text(json.dumps(report, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
