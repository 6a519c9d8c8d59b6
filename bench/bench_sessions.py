"""Sessions on the embedded default: the messages route's latency in-process, and extraction throughput.

python bench/bench_sessions.py [--calls 1000] [--messages 10] [--sessions 200]

The route is timed through the API handler (event in, response out: validation, PII screening, the
transcript append, the job enqueue), as the api Lambda runs it; extraction is the rules extractor's
job, each fact through the write path (gate, PII, hash dedup, graph link, enrichment job queued).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")  # the API logs every request at info
sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, latencies_ms, percentile

# A day in an agent's conversations: facts, chatter, questions, the assistant's answers.
TURNS = [
    ("user", "Hi! I moved to Lisbon last month and I'm still settling in."),
    ("assistant", "Welcome to Lisbon! How can I help you today?"),
    ("user", "I prefer morning workouts. Can you find a gym near Alfama?"),
    ("assistant", "Sure. Since you prefer mornings, Fitness Hut Alfama opens at 6:30."),
    ("user", "Great, thanks. My sister Ana visits on June 3, she is vegetarian."),
    ("assistant", "Noted: Ana is vegetarian. Shall I look for restaurants for June 3?"),
    ("user", "Yes please. We decided to book Ao 26 Vegan Food Project for dinner."),
    ("assistant", "Done, a table for two at 20:00 on June 3."),
    ("user", "Remind me to buy flowers on the way."),
    ("assistant", "I will remind you at 19:00."),
]


def _event(template: dict, session: str, messages: list[dict]) -> dict:
    event = copy.deepcopy(template)
    path = f"/v1/sessions/{session}/messages"
    event.update(
        httpMethod="POST",
        path=path,
        resource=path,
        body=json.dumps({"user_id": "maya", "messages": messages}),
        queryStringParameters=None,
        multiValueQueryStringParameters=None,
    )
    event["requestContext"]["authorizer"] = {"principalId": "bench", "tenant": "bench"}
    return event


def _messages(call: int, n: int) -> list[dict]:
    return [
        {"role": role, "content": f"{text} (call {call})", "created_at": f"2026-05-01T10:{i:02d}:00Z"}
        for i, (role, text) in enumerate(TURNS[i % len(TURNS)] for i in range(n))
    ]


def route_latency(calls: int, per_call: int) -> dict:
    from engram.api.app import EngramApi
    from engram.runtime.container import local
    from engram.settings import Settings

    container = local(Settings(data_dir=Path(tempfile.mkdtemp(prefix="engram-bench-")), worker_enabled=False))
    api = EngramApi(container)
    template = json.loads((ROOT / "events" / "api" / "remember.json").read_text())
    for i in range(100):  # warm-up
        api.handle(_event(template, f"warm-{i}", _messages(i, per_call)), None)

    def post(event: dict) -> None:
        response = api.handle(event, None)
        assert response["statusCode"] == 202, response

    events = [_event(template, f"s-{i // 10}", _messages(i, per_call)) for i in range(calls)]
    latencies = latencies_ms(post, events)
    replays = latencies_ms(post, events[: min(calls, 200)])  # the same calls again: all duplicates
    return {
        "calls": calls,
        "messages_per_call": per_call,
        "route_ms_min": min(latencies),
        "route_ms_p10": percentile(latencies, 10),
        "route_ms_p50": percentile(latencies, 50),
        "route_ms_p99": percentile(latencies, 99),
        "replay_ms_p50": percentile(replays, 50),
        "replay_ms_p99": percentile(replays, 99),
    }


def extraction_throughput(sessions: int) -> dict:
    from engram.adapters.sqlite.queue import SqliteJobQueue
    from engram.ports import ExtractJob
    from engram.runtime.container import local
    from engram.settings import Settings
    from engram.usecases.sessions import AppendCommand, MessageIn

    container = local(Settings(data_dir=Path(tempfile.mkdtemp(prefix="engram-bench-")), worker_enabled=False))
    for i in range(sessions):
        command = AppendCommand(
            tenant="bench",
            user_id=f"user-{i % 20}",
            session_id=f"s-{i}",
            messages=[MessageIn(role=m["role"], content=m["content"]) for m in _messages(i, len(TURNS))],
        )
        container.append_messages(command)
    queue = container.queue
    assert isinstance(queue, SqliteJobQueue)
    jobs = [c.job for c in queue.claim(sessions * 2) if isinstance(c.job, ExtractJob)]
    start = time.perf_counter()
    for job in jobs:
        container.extract(job)
    elapsed = time.perf_counter() - start
    messages = sum(job.through_seq - job.from_seq + 1 for job in jobs)
    written = queue.depth()["queued"]  # one enrichment job per new memory
    return {
        "sessions": len(jobs),
        "messages": messages,
        "seconds": elapsed,
        "messages_per_s": messages / elapsed,
        "memories_written": written,
        "memories_per_session": written / max(1, len(jobs)),
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--messages", type=int, default=10)
    parser.add_argument("--sessions", type=int, default=200)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    a = route_latency(args.calls, args.messages)
    # On a shared machine the percentiles measure the scheduler too: the minimum and p10 are what the
    # route costs on an idle core, the load average says how busy the machine was.
    print(
        f"POST /v1/sessions/{{id}}/messages in-process ({a['calls']} calls of {a['messages_per_call']}"
        f" messages, load average {load:.1f} on {os.cpu_count()} cores): min {a['route_ms_min']:.3f} ms,"
        f" p10 {a['route_ms_p10']:.3f} ms, p50 {a['route_ms_p50']:.3f} ms, p99 {a['route_ms_p99']:.3f} ms;"
        f" replayed (all duplicates) p50 {a['replay_ms_p50']:.3f} ms, p99 {a['replay_ms_p99']:.3f} ms"
    )
    b = extraction_throughput(args.sessions)
    print(
        f"extraction, rules ({b['sessions']} sessions, {b['messages']} messages):"
        f" {b['messages_per_s']:.0f} messages/s, {b['memories_per_session']:.1f} memories written per session"
    )
    print(json.dumps({"bench": "sessions", "load_average": load, **a, **b}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
