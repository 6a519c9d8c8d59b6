"""`engram doctor [--data-dir DIR] [--json] [--execute] [--reset [ACTION ...]]`: the store's health.

Observe by default (reports, changes nothing); `--execute` runs the recommended repairs within each
action's cooldown and hourly budget; `--reset` clears the halt of an action that did not help.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from collections.abc import Callable
from typing import Any

from engram.cli.common import container_of
from engram.domain.health import Repair


def cmd_doctor(args: argparse.Namespace) -> int:
    # this command's own (see engram.cli)
    from engram.runtime.janitor_wiring import doctor_for

    doctor = doctor_for(container_of(args))
    if args.reset is not None:
        reset = doctor.reset([Repair(a) for a in args.reset] or None)
        print(json.dumps({"reset": [a.value for a in reset]}))
        return 0
    with contextlib.redirect_stdout(io.StringIO()):  # powertools' EMF lines, as in `engram janitor run`
        report = doctor.run(execute=args.execute)
    if args.json:
        print(report.model_dump_json(indent=2))
        return 0
    print(f"health {report.health.score:.2f}  ({report.mode})")
    print(f"  {'component':<20}{'value':>7}{'weight':>8}  reason")
    for c in report.health.components:
        print(f"  {c.name:<20}{c.value:>7.2f}{c.weight:>8.2f}  {c.reason}")
    for name in report.health.unmeasured:
        print(f"  {name:<20}{'-':>7}{'-':>8}  not measurable on this deployment")
    for a in report.actions:
        if a.ran:
            done = f"ran: {a.changed} changed, score {a.score_before:.2f} -> {a.score_after:.2f}"
            print(f"  repair {a.action.value:<22}{done}{'  (now halted)' if a.halted else ''}")
        else:
            print(f"  repair {a.action.value:<22}{'recommended' if a.blocked is None else a.blocked}")
    halted = [name for name, s in report.repairs.items() if s.halted]
    if halted:
        print(f"halted: {', '.join(halted)} (engram doctor --reset to resume)")
    if report.after is not None:
        print(f"health after repairs {report.after.score:.2f}")
    sys.stdout.flush()
    return 0


def add_doctor_command(sub: Any, data_dir: Callable[[argparse.ArgumentParser], None]) -> None:
    p = sub.add_parser("doctor", help="health score of the store, and self-repair (--execute)")
    data_dir(p)
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--execute", action="store_true", help="run the recommended repairs (default: observe)")
    p.add_argument(
        "--reset",
        nargs="*",
        choices=[r.value for r in Repair],
        metavar="ACTION",
        help="clear the halt of these repair actions (none named: all)",
    )
    p.set_defaults(func=cmd_doctor)
