"""`engram export | import | forget-user`: a user's data, against a local data dir or an engram API.

For the API give `--url`/ENGRAM_URL and ENGRAM_API_KEY (`--api-key` warns: command lines are visible).
Export to a file resumes from `<file>.progress` and writes it 0600; import resumes after the lines
counted in `<file>.imported` and is idempotent, so a stop at any point is harmless.
"""
# engram export --user-id maya -o maya.ndjson [--embeddings]  # resumable: run it again after a stop
# engram import maya.ndjson --url https://…  # idempotent: ids kept, reruns change nothing
# engram forget-user maya [--no-wait]

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from tqdm import tqdm

from engram.cli.common import DEFAULT_TENANT, container_of
from engram.domain.errors import EngramError, InvalidRequest
from engram.ports import EraseUserJob

if TYPE_CHECKING:
    from engram.usecases.transfer import ImportReport

IMPORT_BATCH_BYTES = 48_000  # under the API's 64 KiB body limit, with room for the envelope
IMPORT_BATCH_RECORDS = 200


def _origin(url: str) -> tuple[str, str]:
    parts = urllib.parse.urlsplit(url)
    return parts.scheme.lower(), parts.netloc.lower()


class _KeyStaysHome(urllib.request.HTTPRedirectHandler):
    """Follows a redirect as urllib does, but never takes the API key to another origin (urllib
    copies every header onto the redirected request, Authorization included)."""

    def redirect_request(
        self, req: urllib.request.Request, fp: IO[bytes], code: int, msg: str, headers: Any, newurl: str
    ) -> urllib.request.Request | None:
        new = super().redirect_request(req, fp, code, msg, headers, newurl)
        if new is not None and _origin(newurl) != _origin(req.full_url):
            new.remove_header("Authorization")
        return new


class Remote:
    """The three routes over plain HTTP (urllib: nothing to install)."""

    def __init__(self, url: str, api_key: str, timeout: float = 60.0) -> None:
        self.url = url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self._opener = urllib.request.build_opener(_KeyStaysHome)

    def request(self, method: str, path: str, body: Any = None, query: dict[str, str] | None = None) -> bytes:
        url = self.url + path + ("?" + urllib.parse.urlencode(query) if query else "")
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(url, data=data, method=method)
        request.add_header("Authorization", f"Bearer {self.api_key}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        for attempt in range(6):
            try:
                with self._opener.open(request, timeout=self.timeout) as response:
                    return bytes(response.read())
            except urllib.error.HTTPError as exc:
                if exc.code in (429, 502, 503, 504) and attempt < 5:
                    time.sleep(float(exc.headers.get("Retry-After") or 2**attempt))
                    continue
                detail = exc.read().decode("utf-8", "replace")
                raise SystemExit(f"engram API answered {exc.code}: {detail}") from None
            except urllib.error.URLError as exc:
                if attempt < 5:
                    time.sleep(2**attempt)
                    continue
                raise SystemExit(f"cannot reach {self.url}: {exc.reason}") from None
        raise AssertionError("unreachable")


def _remote(args: argparse.Namespace) -> Remote | None:
    url = args.url or os.environ.get("ENGRAM_URL")
    if not url:
        return None
    if args.api_key:
        print(
            "warning: --api-key shows the key to every user of this machine (ps, /proc);"
            " set ENGRAM_API_KEY instead",
            file=sys.stderr,
        )
    key = args.api_key or os.environ.get("ENGRAM_API_KEY")
    if not key:
        raise SystemExit("--url needs the API key in ENGRAM_API_KEY (or --api-key)")
    return Remote(url, key)


def _bar(total: int | None, unit: str, desc: str) -> Any:
    return tqdm(total=total, unit=unit, desc=desc, file=sys.stderr, disable=None, unit_scale=True)


# --------------------------------------------------------------------------- export


def _pages(args: argparse.Namespace, cursor: str | None) -> Iterator[tuple[list[str], str | None]]:
    """(NDJSON lines of one page, the next page's cursor) until the end."""
    remote = _remote(args)
    if remote is None:
        # this command's own (see engram.cli)
        from engram.runtime.userdata import exporter

        export = exporter(container_of(args))
        while True:
            page = export.page(args.tenant, args.user_id, cursor, args.page_size, args.embeddings)
            yield (
                [json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in page.records],
                page.cursor,
            )
            if page.cursor is None:
                return
            cursor = page.cursor
    while True:
        query = {"user_id": args.user_id, "limit": str(args.page_size)}
        if args.embeddings:
            query["embeddings"] = "true"
        if cursor:
            query["cursor"] = cursor
        lines = remote.request("GET", "/v1/export", query=query).decode("utf-8").splitlines()
        lines = [line for line in lines if line.strip()]
        last = json.loads(lines[-1]) if lines else {}
        cursor = last.get("cursor") if last.get("kind") == "page" else None
        yield (lines[:-1] if last.get("kind") == "page" else lines), cursor
        if cursor is None:
            return


def _private(path: Path, append: bool) -> IO[bytes]:
    """The file opened for writing, readable by its owner only (0600), whoever made it before."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if append else os.O_TRUNC)
    fd = os.open(path, flags, 0o600)
    os.fchmod(fd, 0o600)
    return os.fdopen(fd, "ab" if append else "wb")


def cmd_export(args: argparse.Namespace) -> int:
    if args.output in (None, "-"):
        for lines, _ in _pages(args, None):
            sys.stdout.write("".join(line + "\n" for line in lines))
        return 0
    out = Path(args.output)
    progress = out.with_name(out.name + ".progress")
    cursor, written = None, 0
    if progress.exists() and out.exists():  # resume after the last whole page
        state = json.loads(progress.read_text())
        cursor, written = state["cursor"], int(state["bytes"])
    with _private(out, append=bool(cursor)) as f, _bar(None, "rec", "export") as bar:
        if cursor:
            f.truncate(written)
            f.seek(written)
        lines = []
        for lines, next_cursor in _pages(args, cursor):
            data = "".join(line + "\n" for line in lines).encode("utf-8")
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
            written += len(data)
            bar.update(len(lines))
            if next_cursor is not None:
                with _private(progress, append=False) as p:
                    p.write(json.dumps({"cursor": next_cursor, "bytes": written}).encode())
    progress.unlink(missing_ok=True)
    end = json.loads(lines[-1]) if lines else {}
    print(f"exported to {out}: {json.dumps(end.get('counts', {}))}", file=sys.stderr)
    return 0


# --------------------------------------------------------------------------- import


def _batches(f: IO[bytes], skip: int) -> Iterator[tuple[list[dict[str, Any]], int, int]]:
    """(records, lines consumed, bytes consumed) in batches that fit one request."""
    batch: list[dict[str, Any]] = []
    size = lines = used = 0
    for number, raw in enumerate(f, 1):
        if number <= skip:
            continue
        lines += 1
        used += len(raw)
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise SystemExit(f"line {number} is not JSON: {exc.msg}") from None
        if batch and (size + len(raw) > IMPORT_BATCH_BYTES or len(batch) >= IMPORT_BATCH_RECORDS):
            yield batch, lines - 1, used - len(raw)
            batch, size, lines, used = [], 0, 1, len(raw)
        batch.append(record)
        size += len(raw)
    if batch or lines:
        yield batch, lines, used


def cmd_import(args: argparse.Namespace) -> int:
    if args.source == "mem0":
        # a cycle: engram.cli.mem0 imports this module
        from engram.cli.mem0 import cmd_import_mem0

        return cmd_import_mem0(args)
    # this command's own (see engram.cli)
    from engram.usecases.transfer import ImportReport

    source = Path(args.file)
    done_file = source.with_name(source.name + ".imported")
    skip = int(done_file.read_text()) if done_file.exists() and not args.restart else 0
    remote = _remote(args)
    apply: Callable[[list[dict[str, Any]]], dict[str, Any]]
    if remote is None:
        from engram.runtime.userdata import importer

        run = importer(container_of(args))

        def apply(records: list[dict[str, Any]]) -> dict[str, Any]:
            try:
                report = run(args.tenant, records)
            except InvalidRequest as exc:
                if "rejected" not in exc.detail:
                    raise
                report = ImportReport(rejected=list(exc.detail["rejected"]))  # type: ignore[call-overload]
            return {"records": report.records, "created": report.created, "existing": report.existing,
                    "conflicts": report.conflicts, "rejected": report.rejected}  # fmt: skip
    else:

        def apply(records: list[dict[str, Any]]) -> dict[str, Any]:
            return dict(json.loads(remote.request("POST", "/v1/import", {"records": records})))

    total, seen = ImportReport(), 0
    with open(source, "rb") as f, _bar(source.stat().st_size, "B", "import") as bar:
        if skip:
            for _ in range(skip):
                bar.update(len(f.readline()))
            f.seek(0)
        for records, lines, size in _batches(f, skip):
            if records:
                try:
                    answer = apply(records)
                except EngramError as exc:
                    raise SystemExit(f"import stopped after line {skip}: {exc.message}") from None
                part = ImportReport(
                    records=answer["records"],
                    created=answer["created"],
                    existing=answer["existing"],
                    conflicts=answer["conflicts"],
                    rejected=answer.get("rejected", []),
                )
                total.add(part, offset=seen)
                seen += len(records)
            skip += lines
            done_file.write_text(str(skip))
            bar.update(size)
    done_file.unlink(missing_ok=True)
    summary = {"records": total.records, "created": total.created, "existing": total.existing,
               "conflicts": len(total.conflicts), "rejected": len(total.rejected)}  # fmt: skip
    print(json.dumps(summary))
    report_rejected(total)
    if total.conflicts:
        print(f"not imported (id or content taken): {', '.join(total.conflicts[:20])}", file=sys.stderr)
    return 0


def report_rejected(report: ImportReport) -> None:
    """Each record not imported, and why, on stderr (its index among the file's records)."""
    for item in report.rejected[:100]:
        print(f"rejected record {item['record']}: {item['reason']}", file=sys.stderr)
    if len(report.rejected) > 100:
        print(f"… and {len(report.rejected) - 100} more rejected", file=sys.stderr)


# --------------------------------------------------------------------------- forget-user


def cmd_forget_user(args: argparse.Namespace) -> int:
    remote = _remote(args)
    if remote is None:
        # this command's own (see engram.cli)
        from engram.runtime.userdata import eraser, request_erasure

        container = container_of(args)
        record = request_erasure(container)(args.tenant, args.user_id)
        if args.wait:  # run it now rather than leave it to the worker of a running server
            record = eraser(container)(
                EraseUserJob(tenant=args.tenant, user_id=args.user_id, job_id=record.job_id)
            )
        print(record.model_dump_json())
        return 0
    quoted = urllib.parse.quote(args.user_id, safe="")
    job = json.loads(remote.request("DELETE", f"/v1/users/{quoted}"))
    while args.wait and job["state"] not in ("done", "failed"):
        time.sleep(1.0)
        job = json.loads(remote.request("GET", job["status_url"]))
    print(json.dumps(job))
    return 0 if job["state"] != "failed" else 1


# --------------------------------------------------------------------------- parser


def add_transfer_commands(sub: Any, data_dir: Callable[[argparse.ArgumentParser], None]) -> None:
    def common(p: argparse.ArgumentParser) -> None:
        data_dir(p)
        p.add_argument(
            "--tenant", default=DEFAULT_TENANT, help=f"local data dir only (default: {DEFAULT_TENANT})"
        )
        p.add_argument("--url", help="an engram API instead of the data dir (default: $ENGRAM_URL)")
        p.add_argument(
            "--api-key",
            help="its API key; prefer $ENGRAM_API_KEY (a command line is visible to other users); the key"
            " decides the tenant",
        )

    p = sub.add_parser("export", help="export a user's memories, history, graph and sessions as NDJSON")
    common(p)
    p.add_argument("--user-id", required=True)
    p.add_argument("-o", "--output", help="file to write (resumable); default: stdout")
    p.add_argument("--embeddings", action="store_true", help="include each memory's embedding")
    p.add_argument("--page-size", type=int, default=200, help="records a page (default 200)")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("import", help="import an export; ids are kept and importing again changes nothing")
    common(p)
    p.add_argument("file", help="an NDJSON file `engram export` wrote (or mem0's export, with --from mem0)")
    p.add_argument("--restart", action="store_true", help="ignore the progress of an earlier run")
    p.add_argument(
        "--from",
        dest="source",
        choices=("engram", "mem0"),
        default="engram",
        help="mem0: a mem0 memory export (get_all / GET /v1/memories/ JSON, or NDJSON of its items)",
    )
    p.add_argument("--user-id", help="--from mem0: the user of items that have no user_id")
    p.set_defaults(func=cmd_import)

    p = sub.add_parser("forget-user", help="erase every memory, transcript and graph node of a user")
    common(p)
    p.add_argument("user_id")
    p.add_argument("--no-wait", dest="wait", action="store_false", help="queue the job and return")
    p.set_defaults(func=cmd_forget_user)
