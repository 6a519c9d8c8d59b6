"""`engram sessions add|show|transcript`: sessions on the local data dir, in-process (no server needed).

`add` takes `--message "role:text"` or `--file conversation.json` (`[{role, content, ...}, ...]`) and
`--extract`; `show` and `transcript` read a session back.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engram.api.sessions import AppendRequest, MessageOut, TranscriptOut, append_command, session_out
from engram.cli.common import DEFAULT_TENANT, container_of
from engram.domain.errors import EngramError
from engram.domain.sessions import SessionRef


def _messages(args: argparse.Namespace) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = []
    if args.file:
        raw = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
        loaded = json.loads(raw)
        messages += loaded["messages"] if isinstance(loaded, dict) else loaded
    for item in args.message or []:
        role, sep, content = item.partition(":")
        if not sep:
            raise SystemExit(f"--message takes role:content, got {item!r}")
        messages.append({"role": role.strip(), "content": content.strip()})
    if not messages:
        raise SystemExit("nothing to add: give --message role:content or --file")
    return messages


def cmd_sessions(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except EngramError as error:  # no session, too many messages, a secret it may not store, ...
        print(f"engram sessions {args.sessions_command}: {error.message}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    container = container_of(args)
    ref = SessionRef(args.tenant, args.user_id, args.session_id)
    if args.sessions_command == "add":
        fields = {"user_id": args.user_id, "project": args.project, "namespace": args.namespace}
        request = AppendRequest.model_validate({**fields, "messages": _messages(args)})
        result = container.append_messages(append_command(args.tenant, args.session_id, request))
        print(f"accepted {result.accepted}, duplicates {result.duplicates}, job {result.job_id or '-'}")
        if args.extract and container.settings.backend == "local":
            # this command's own (see engram.cli)
            from engram.runtime.worker import drain

            drain(container)
            view = session_out(container.session_reads.get(ref))
            for fact in view.facts:
                print(f"  {fact.state.value:<12} {fact.provenance.value:<17} {fact.content}")
    elif args.sessions_command == "show":
        print(session_out(container.session_reads.get(ref)).model_dump_json(indent=2))
    else:
        page = container.session_reads.messages(ref, args.limit, args.cursor)
        out = TranscriptOut(session_id=args.session_id, items=[MessageOut.of(m) for m in page.items],
                            cursor=page.cursor)  # fmt: skip
        print(out.model_dump_json(indent=2))
    sys.stdout.flush()
    return 0


def add_sessions_command(sub: Any, data_dir: Callable[[argparse.ArgumentParser], None]) -> None:
    p = sub.add_parser("sessions", help="add a conversation's messages, show a session, read its transcript")
    ss = p.add_subparsers(dest="sessions_command", required=True)

    def common(s: argparse.ArgumentParser) -> None:
        data_dir(s)
        s.add_argument("session_id")
        s.add_argument("--user-id", required=True, help="whose session")
        s.add_argument("--tenant", default=DEFAULT_TENANT, help=f"tenant (default: {DEFAULT_TENANT})")

    s = ss.add_parser("add", help="append messages (as POST /v1/sessions/{id}/messages)")
    common(s)
    s.add_argument(
        "--message", action="append", metavar="ROLE:TEXT", help="a message, e.g. user:I moved (repeatable)"
    )
    s.add_argument(
        "--file", help="a JSON list of {role, content, name?, created_at?, message_id?} ('-': stdin)"
    )
    s.add_argument("--project", default="default")
    s.add_argument("--namespace", default="default")
    s.add_argument("--extract", action="store_true", help="run the extraction now and print the facts")
    s = ss.add_parser("show", help="the session: transcript size, jobs, facts (as GET /v1/sessions/{id})")
    common(s)
    s = ss.add_parser("transcript", help="the transcript, in order (as GET /v1/sessions/{id}/transcript)")
    common(s)
    s.add_argument("--limit", type=int, default=200)
    s.add_argument("--cursor")
    p.set_defaults(func=cmd_sessions)
