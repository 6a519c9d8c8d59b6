"""The lifecycle janitor: repair, expire, decay, retention and consolidate, plus the stats report.

Runs from EventBridge (functions/janitor), `engram serve`'s scheduler and `engram janitor run <job>`.
Every job is bounded, resumable, safe beside writers, audited and dry-runnable. The package imports
nothing itself, so the api function that reads `stats.Stats` keeps the jobs off its cold start.
"""
# One module per job (`repair`, `expire`, `decay`, `retention`, `consolidate`), each a step over a
# `RunContext` (`context`); `runner` runs a job's batches; `stats` counts. Every job is:
# * bounded: one batch examines at most `batch_limit` memories (consolidate: also at most
#   `consolidate_pairs` pairs); a run is one or more batches (`max_batches`);
# * resumable: after each batch the job's cursor is saved (`JanitorState`), so a run cut off part way
#   resumes where the last saved batch ended; a batch that died before saving is done again, which
#   changes nothing twice because every step is idempotent (it only acts on memories still eligible);
# * safe beside writers: each change is a conditional `put(..., expected_updated_at=...)`; a memory
#   changed concurrently is skipped (listed under `conflicts`) and looked at again next pass;
# * audited: every change writes a history record (actor "janitor") and a metric;
# * dry-runnable: `dry_run=True` reports the ids each action would touch and changes nothing, not even
#   the saved cursor.
