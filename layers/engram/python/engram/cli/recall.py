"""`engram recall "query" --user-id U …`: the Recall use case in-process, no server needed.

Options are `POST /v1/memories/search`'s fields, validated by the same model, so the CLI accepts what
the route does. Prints a table (factors with --explain) or, with --json, the route's response body.
Like every recall it queues one retrieval event, counted by the next `engram serve`'s worker.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from engram.api.recall import SearchRequest, recall_query, search_response
from engram.cli.common import DEFAULT_TENANT, container_of
from engram.usecases.recall import Recalled


def search_request(args: argparse.Namespace) -> SearchRequest:
    """The command line as the search route's request body; raises ValidationError like the route."""
    filters = {
        "memory_types": args.types,
        "categories": args.categories,
        "entities": args.entities,
        "provenance": args.provenance,
        "observed_after": args.after,
        "observed_before": args.before,
        "min_importance": args.min_importance,
    }
    body = {
        "query": args.query,
        "user_id": args.user_id,
        "project": args.project,
        "namespaces": args.namespaces,
        "top_k": args.top_k,
        "filters": {k: v for k, v in filters.items() if v is not None},
        "min_score": args.min_score,
        "include_stale": not args.no_stale,
        "explain": args.explain,
    }
    return SearchRequest.model_validate({k: v for k, v in body.items() if v is not None})


def render_table(results: list[Recalled], explain: bool, width: int | None = None) -> str:
    """A readable table: rank, score, type and content (cut to `width` columns, if given), and with
    `explain` each memory's id, provenance, status, leg scores and the factors of its score."""
    if not results:
        return "no memories found"
    head = f"{'#':>3}  {'score':>7}  {'type':<11}  "
    room = max(20, width - len(head)) if width else None
    lines = [f"{head}content"]
    for rank, r in enumerate(results, start=1):
        content = r.memory.content
        if room is not None and len(content) > room:
            content = content[: room - 1] + "…"
        lines.append(f"{rank:>3}  {r.score:>7.4f}  {r.memory.memory_type.value:<11}  {content}")
        if explain:
            c, m, indent = r.components, r.memory, " " * len(head)
            lines.append(
                f"{indent}id {m.id}  {m.provenance.value}  {m.status.value}"
                f"  bm25 {_maybe(c.bm25)}  vector {_maybe(c.vector)}"
            )
            factors = ("fused", "importance", "recency", "provenance", "expiry", "hits")
            lines.append(f"{indent}= " + " × ".join(f"{name} {getattr(c, name):.3f}" for name in factors))
    return "\n".join(lines)


def _maybe(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def cmd_recall(args: argparse.Namespace) -> int:
    try:
        request = search_request(args)
    except ValidationError as exc:
        for error in exc.errors():
            path = ".".join(str(part) for part in error["loc"])
            print(f"error: {path}: {error['msg']}", file=sys.stderr)
        return 2

    results = container_of(args).recall(recall_query(args.tenant, request))
    if args.json:
        print(search_response(results, request.explain).model_dump_json(indent=2))
    else:
        width = shutil.get_terminal_size().columns if sys.stdout.isatty() else None
        print(render_table(results, request.explain, width))
    sys.stdout.flush()
    return 0


def add_recall_command(sub: Any, data_dir: Callable[[argparse.ArgumentParser], None]) -> None:
    p = sub.add_parser(
        "recall",
        help="search memories in-process, with the options of POST /v1/memories/search",
        description="Recall memories on the local data dir (no server needed): BM25 + k-NN, weighted.",
    )
    data_dir(p)
    p.add_argument("query", help="what to look for")
    p.add_argument("--user-id", required=True, help="whose memories")
    p.add_argument("--tenant", default=DEFAULT_TENANT, help=f"tenant (default: {DEFAULT_TENANT})")
    p.add_argument("--project", help="one project (default: every project)")
    p.add_argument(
        "--namespace", dest="namespaces", action="append", metavar="N", help="a namespace (repeatable)"
    )
    p.add_argument("--top-k", type=int, default=10, help="how many results, 1–100 (default: 10)")
    p.add_argument("--type", dest="types", action="append", metavar="T", help="memory type (repeatable)")
    p.add_argument(
        "--category", dest="categories", action="append", metavar="C", help="category (repeatable)"
    )
    p.add_argument("--entity", dest="entities", action="append", metavar="E", help="entity (repeatable)")
    p.add_argument("--provenance", action="append", metavar="P", help="provenance (repeatable)")
    p.add_argument("--after", metavar="ISO", help="observed at or after (ISO 8601; naive is UTC)")
    p.add_argument("--before", metavar="ISO", help="observed before (ISO 8601; naive is UTC)")
    p.add_argument("--min-importance", type=int, metavar="N", help="1–5")
    p.add_argument("--min-score", type=float, metavar="X", help="drop results scoring below X")
    p.add_argument("--no-stale", action="store_true", help="drop stale and expired memories")
    p.add_argument("--explain", action="store_true", help="show every ranking factor")
    p.add_argument("--json", action="store_true", help="print the search route's JSON response")
    p.set_defaults(func=cmd_recall)
