"""`engram import --from mem0 FILE`: a mem0 memory export into a data dir or an engram API.

Items without a user_id need `--user-id`. A bad item is reported on stderr and skipped. Ids derive
from mem0's, so a rerun changes nothing. Enrichment is queued for `engram serve`'s worker (data dir)
or by the janitor's repair (API).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from engram.cli.common import container_of
from engram.cli.transfer import IMPORT_BATCH_BYTES, IMPORT_BATCH_RECORDS, _remote, report_rejected
from engram.domain.errors import EngramError, InvalidRequest
from engram.usecases.mem0_import import Mem0FormatError, convert, missing_user
from engram.usecases.transfer import ImportReport


def _chunks(records: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    chunks: list[list[dict[str, Any]]] = []
    size = 0
    for record in records:
        length = len(json.dumps(record, ensure_ascii=False).encode())
        if not chunks or size + length > IMPORT_BATCH_BYTES or len(chunks[-1]) >= IMPORT_BATCH_RECORDS:
            chunks.append([])
            size = 0
        chunks[-1].append(record)
        size += length
    return chunks


def cmd_import_mem0(args: argparse.Namespace) -> int:
    text = Path(args.file).read_text(encoding="utf-8")
    try:
        if args.user_id is None and (where := missing_user(text)) is not None:
            raise SystemExit(f"{where} of {args.file} has no user_id: pass --user-id for such items")
        converted = convert(text, args.user_id)
    except Mem0FormatError as exc:
        raise SystemExit(f"{args.file} is not a mem0 export: {exc}") from None
    for line in converted.skipped:
        print(f"skipped {line}", file=sys.stderr)

    remote = _remote(args)
    apply: Callable[[list[dict[str, Any]]], ImportReport]
    if remote is None:
        # this command's own (see engram.cli)
        from engram.runtime.userdata import importer

        apply = partial(importer(container_of(args)), args.tenant)  # it queues the new memories' enrichment
    else:

        def apply(records: list[dict[str, Any]]) -> ImportReport:
            answer = json.loads(remote.request("POST", "/v1/import", {"records": records}))
            return ImportReport(
                records=answer["records"],
                created=answer["created"],
                existing=answer["existing"],
                conflicts=answer["conflicts"],
                queued=answer.get("queued", 0),  # a server from before the import queued enrichment
                rejected=answer.get("rejected", []),
            )

    total, seen = ImportReport(), 0
    for chunk in _chunks(converted.records):
        try:
            total.add(apply(chunk), offset=seen)
        except InvalidRequest as exc:  # every record of the chunk was rejected: reported, not fatal
            if "rejected" not in exc.detail:
                raise SystemExit(f"import stopped: {exc.message}") from None
            total.add(ImportReport(rejected=list(exc.detail["rejected"])), offset=seen)  # type: ignore[call-overload]
        except EngramError as exc:
            raise SystemExit(f"import stopped: {exc.message}") from None
        seen += len(chunk)
    summary = {"items": converted.items, "created": total.created, "existing": total.existing,
               "conflicts": len(total.conflicts), "skipped": len(converted.skipped),
               "queued": total.queued, "rejected": len(total.rejected)}  # fmt: skip
    print(json.dumps(summary))
    report_rejected(total)
    if total.conflicts:
        print(f"not imported (id or content taken): {', '.join(total.conflicts[:20])}", file=sys.stderr)
    return 0 if converted.records or not converted.items else 1
