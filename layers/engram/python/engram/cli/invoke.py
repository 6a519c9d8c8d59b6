"""`engram invoke FUNCTION EVENT`: run a Lambda handler of functions/ on a sample event (events/), as
`sam local invoke` would, against the local data dir."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engram.cli.common import export_data_dir

FUNCTIONS = ("api", "authorizer", "enrich", "janitor")


def _functions_dir() -> Path:
    here = Path(__file__).resolve()
    for candidate in (Path.cwd() / "functions", here.parents[5] / "functions"):
        if candidate.is_dir():
            return candidate
    raise SystemExit("error: cannot find the functions/ folder; run from the engram checkout")


def load_handler(name: str) -> Any:
    path = _functions_dir() / name / "handler.py"
    spec = importlib.util.spec_from_file_location(f"engram_function_{name}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.handler


class LocalContext:
    """Enough of a Lambda context for powertools."""

    def __init__(self, name: str) -> None:
        self.function_name = f"engram-{name}"
        self.function_version = "$LATEST"
        self.invoked_function_arn = f"arn:aws:lambda:local:000000000000:function:engram-{name}"
        self.memory_limit_in_mb = 1024
        self.aws_request_id = "local-invoke"
        self.log_group_name = f"/aws/lambda/engram-{name}"
        self.log_stream_name = "local"

    def get_remaining_time_in_millis(self) -> int:
        return 300_000


def cmd_invoke(args: argparse.Namespace) -> int:
    export_data_dir(args)  # a handler builds its settings from the environment, as on AWS
    os.environ.setdefault("POWERTOOLS_TRACE_DISABLED", "true")
    event = json.loads(Path(args.event).read_text())
    handler = load_handler(args.function)
    try:
        result = handler(event, LocalContext(args.function))
    except Exception as exc:  # an authorizer denies by raising, as on AWS
        print(json.dumps({"errorType": type(exc).__name__, "errorMessage": str(exc)}, indent=2))
        return 1
    print(json.dumps(result, indent=2, default=str))
    return 0


def add_invoke_command(sub: Any, data_dir: Callable[[argparse.ArgumentParser], None]) -> None:
    p = sub.add_parser("invoke", help="run a Lambda handler on a sample event, as sam local invoke would")
    data_dir(p)
    p.add_argument("function", choices=FUNCTIONS)
    p.add_argument("event", help="path to an event JSON file (see events/)")
    p.set_defaults(func=cmd_invoke)
