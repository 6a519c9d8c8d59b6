"""`engram keys create|list|rotate|revoke`: API keys, on the local data dir or (ENGRAM_BACKEND=aws)
the deployment's table; `rotate` replaces the key `engram serve --dev-key` keeps (engram.cli.dev_key)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engram.cli.common import DEFAULT_TENANT, settings_of
from engram.cli.dev_key import key_path, rotate_key
from engram.domain.key_rules import UNLIMITED, DefaultRate, limit_of
from engram.runtime.container import key_admin
from engram.usecases.keys import create_key, set_memory_cap, set_transcript_cap

if TYPE_CHECKING:
    from engram.domain.models import ApiKey


def cmd_keys(args: argparse.Namespace) -> int:
    admin = key_admin(settings_of(args))  # on AWS: the table only, no queue or index needed
    keys = admin.keys
    if args.keys_command == "create":
        try:
            if args.max_memories is not None and args.max_memories < 1:
                raise ValueError("--max-memories must be at least 1")
            if args.max_transcript_bytes is not None and args.max_transcript_bytes < 1:
                raise ValueError("--max-transcript-bytes must be at least 1")
            unlimited = args.rate == UNLIMITED
            secret, record = create_key(
                keys,
                args.tenant,
                args.name or "",
                rate=None if unlimited else args.rate,
                burst=args.burst,
                unlimited=unlimited,
                users=args.users.split(",") if args.users is not None else None,
            )
            if args.max_memories is not None:
                set_memory_cap(keys, admin.store, args.tenant, args.max_memories)
            if args.max_transcript_bytes is not None:
                set_transcript_cap(admin.transcripts, args.tenant, args.max_transcript_bytes)
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        if args.max_memories is not None:
            print(f"tenant {record.tenant} is limited to {args.max_memories} memories")
        if args.max_transcript_bytes is not None:
            print(
                f"tenant {record.tenant} is limited to {args.max_transcript_bytes} bytes"
                " of session transcripts"
            )
        print(f"key {record.key_id}: {_limits(record, DefaultRate.from_env())}")
        print(f"created key {record.key_id} for tenant {record.tenant}; it is shown once, store it now:")
        print(secret)
    elif args.keys_command == "list":
        rows, default = keys.list(args.tenant), DefaultRate.from_env()
        for k in rows:
            state = f"revoked {k.revoked_at:%Y-%m-%d}" if k.revoked_at else "active"
            print(
                f"{k.key_id}  {k.tenant:<20} {k.name or '-':<12} {k.created_at:%Y-%m-%d %H:%M}  {state:<18}"
                f" {_limits(k, default)}"
            )
        if not rows:
            print("no keys")
    elif args.keys_command == "rotate":
        path = key_path(settings_of(args).data_dir).resolve()
        try:
            secret = rotate_key(keys, path, args.tenant)
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        print(f"revoked the previous dev key of tenant {args.tenant}; the new one is in {path} (mode 0600):")
        print(secret)
    elif args.keys_command == "revoke":
        revoked = keys.revoke(args.key_id)
        if revoked is None:
            print(f"error: no key {args.key_id}", file=sys.stderr)
            return 1
        print(f"revoked {revoked.key_id} (tenant {revoked.tenant})")
    return 0


def _limits(key: ApiKey, default: DefaultRate) -> str:
    """What the key may do: its rate (`default` when it has none of its own) and its users."""
    limit = limit_of(key, default)
    if limit is None:
        rate = "unlimited"
    else:
        rate = f"{limit[0]:g}/s burst {limit[1]}" + (" (default)" if key.rate is None else "")
    users = "users " + ",".join(key.users) if key.users is not None else "all users"
    return f"{rate}, {users}"


def _rate(value: str) -> float | str:
    if value.strip().lower() == UNLIMITED:
        return UNLIMITED
    try:
        return float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a number of requests a second or 'unlimited', got {value!r}"
        ) from None


def add_keys_command(sub: Any, data_dir: Callable[[argparse.ArgumentParser], None]) -> None:
    p = sub.add_parser("keys", help="manage API keys")
    ks = p.add_subparsers(dest="keys_command", required=True)
    k = ks.add_parser("create", help="mint a key; printed once, alone on the last line")
    data_dir(k)
    k.add_argument("--tenant", required=True)
    k.add_argument("--name", default="")
    k.add_argument(
        "--rate",
        type=_rate,
        help="requests a second this key may make, or 'unlimited' (default: ENGRAM_DEFAULT_KEY_RATE, 20)",
    )
    k.add_argument("--burst", type=int, help="requests at once above --rate (default: one second's worth)")
    k.add_argument(
        "--users",
        help="comma-separated user_ids: the only users this key may read and write (default: the whole"
        " tenant), e.g. for an agent on an end user's device",
    )
    k.add_argument("--max-memories", type=int, help="the tenant's storage limit, for all its keys")
    k.add_argument(
        "--max-transcript-bytes",
        type=int,
        help="the tenant's limit on session transcripts (UTF-8 bytes of message content), for all its keys",
    )
    k = ks.add_parser("list", help="list keys (never their secrets)")
    data_dir(k)
    k.add_argument("--tenant")
    k = ks.add_parser("rotate", help="replace the local key `engram serve --dev-key` keeps in the data dir")
    data_dir(k)
    k.add_argument(
        "--tenant", default=DEFAULT_TENANT, help="the --dev-tenant of engram serve (default: local)"
    )
    k = ks.add_parser("revoke", help="revoke a key by id")
    data_dir(k)
    k.add_argument("key_id")
    p.set_defaults(func=cmd_keys)
