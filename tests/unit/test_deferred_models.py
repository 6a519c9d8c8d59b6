"""The API and domain models build their validators on first use (defer_build), and `engram serve`
resolves requests on several threads: two first uses of one model can be concurrent. pydantic 2.14 locks
model_rebuild (pydantic#13419), yet a first use racing another can still read the mock core schema while
it is replaced ("'dict' object has no attribute 'rebuild'", seen in about one run of this probe in six
under load). So serve builds every deferred model before its threads and forks
(engram.runtime.server.build_models); this checks that nothing deferred is left after it, and that the
first uses of every model at once, 16 threads each, in a fresh interpreter, then all succeed."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pydantic

PROBE = textwrap.dedent(
    """
    import json, sys, threading
    import pydantic
    import engram.api.schemas, engram.api.sessions, engram.domain.models, engram.ports

    modules = (engram.api.schemas, engram.api.sessions, engram.domain.models, engram.ports)
    models = list(dict.fromkeys(
        v for m in modules for v in vars(m).values()
        if isinstance(v, type) and issubclass(v, pydantic.BaseModel) and v is not pydantic.BaseModel
        and not v.__pydantic_complete__
    ))
    assert len(models) > 20, "built at import: nothing deferred to build"
    from engram.runtime.server import build_models
    assert build_models() == len(models)
    assert all(m.__pydantic_complete__ for m in models), "serve left a model to build on first use"
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter can: widen the window
    errors, remembered = [], []

    def race(first_use, threads=16):
        barrier = threading.Barrier(threads)
        def run():
            barrier.wait()
            try:
                first_use()
            except Exception as exc:  # what a race looks like: reported, not raised in a thread
                errors.append(repr(exc)[:300])
        workers = [threading.Thread(target=run) for _ in range(threads)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()

    body = {"content": "Maya prefers aisle seats", "user_id": "maya", "project": "trips"}
    RememberRequest = engram.api.schemas.RememberRequest
    race(lambda: remembered.append(RememberRequest.model_validate(body).model_dump(mode="json")))
    for model in models:
        if model is not RememberRequest:
            race(model.model_json_schema)
    print(json.dumps({"models": len(models), "errors": errors, "remembered": remembered}))
    """
)


def test_pydantic_locks_deferred_builds() -> None:
    major, minor = (int(part) for part in pydantic.VERSION.split(".")[:2])
    assert (major, minor) >= (2, 14), "pyproject requires pydantic>=2.14 for its locked model rebuilds"


def test_serve_builds_every_deferred_model_so_concurrent_first_uses_all_succeed() -> None:
    for _ in range(3):  # each run is a fresh interpreter, where nothing is built: new races
        done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        result = json.loads(done.stdout.strip().splitlines()[-1])
        assert result["errors"] == []
        assert len(result["remembered"]) == 16
        for body in result["remembered"]:  # the model's own validator, not its fieldless parent's
            assert body["content"] == "Maya prefers aisle seats" and body["project"] == "trips"
