"""`engram webhooks dead|replay`: the deliveries that failed their last attempt, for an operator to
read and send again (on the embedded default; on AWS they wait in the webhook queue's DLQ)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from engram.cli.common import container_of

if TYPE_CHECKING:
    from engram.ports import DeliveryQueue
    from engram.runtime.container import Container


def _queue(args: argparse.Namespace) -> tuple[DeliveryQueue | None, Container]:
    container = container_of(args)
    if container.delivery_queue is None:
        print(
            "on AWS dead deliveries wait in the webhook DLQ (stack output WebhookDeadLetterQueueUrl);"
            " redrive it to replay them",
            file=sys.stderr,
        )
        return None, container
    return container.delivery_queue, container


def cmd_dead(args: argparse.Namespace) -> int:
    queue, _ = _queue(args)
    if queue is None:
        return 1
    for dead in queue.dead(args.tenant, args.limit):
        print(json.dumps(asdict(dead)))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    queue, container = _queue(args)
    if queue is None:
        return 1
    replayed = queue.replay(args.tenant, args.event or None, container.clock.now())
    print(json.dumps({"replayed": replayed}))
    return 0


def add_webhooks_command(sub: Any, data_dir: Callable[[argparse.ArgumentParser], None]) -> None:
    p = sub.add_parser("webhooks", help="webhook deliveries that failed their last attempt")
    cs = p.add_subparsers(dest="webhooks_command", required=True)
    dead = cs.add_parser("dead", help="list dead deliveries, one JSON line each")
    replay = cs.add_parser("replay", help="send dead deliveries again (all, or --event ID ...)")
    for command in (dead, replay):
        data_dir(command)
        command.add_argument("--tenant", help="only this tenant's deliveries")
    dead.add_argument("--limit", type=int, default=100)
    dead.set_defaults(func=cmd_dead)
    replay.add_argument("--event", action="append", default=[], help="an event id (repeatable)")
    replay.set_defaults(func=cmd_replay)
