"""The `reembed` job: after an embedding model switch, the vectors another model made are made again with
the configured one (engram.usecases.reembed), a batch of `batch_limit` at a time, at most
`reembed_budget` a run, the pass going on from the saved cursor. Idempotent: a batch done twice writes
the same vectors again. Its report carries the progress (`engram stats`' `embeddings`)."""

from __future__ import annotations

import json

from engram.usecases.janitor.context import Progress, RunContext


def reembed(ctx: RunContext) -> Progress:
    reembedder = ctx.reembed() if ctx.reembed is not None else None
    if reembedder is None:
        ctx.report.notes.append("no re-embedding here: the index records no model (or engram serve runs it)")
        return None, True
    if ctx.dry_run:  # what is left to do, nothing done
        progress = reembedder.progress()
        ctx.report.progress = progress.model_dump(mode="json")
        ctx.report.record("to_reembed", n=progress.vectors - progress.current)
        return None, True
    done = sum(ctx.report.counts.get(k, 0) for k in ("reembedded", "reembed_failed", "vectors_dropped"))
    budget = min(ctx.settings.batch_limit, ctx.settings.reembed_budget - done)
    run = reembedder.run(budget, json.loads(ctx.cursor) if ctx.cursor else None)
    for action, n in (
        ("reembedded", run.reembedded),
        ("reembed_failed", run.failed),
        ("vectors_dropped", run.dropped),
    ):
        if n:
            ctx.report.record(action, n=n)
    ctx.report.examined += run.reembedded + run.failed + run.dropped
    ctx.report.progress = reembedder.progress().model_dump(mode="json")
    if run.cursor is None:
        return None, True
    if done + run.reembedded + run.failed + run.dropped >= ctx.settings.reembed_budget:
        ctx.halt = True  # this run's budget is spent: the next run goes on from the cursor
    return json.dumps(run.cursor), False
