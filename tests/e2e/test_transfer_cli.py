"""`engram export | import | forget-user` against a real `engram serve` and local data dirs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.conftest import ROOT, engram

pytestmark = pytest.mark.e2e


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engram.cli", *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        timeout=120,
        env={**os.environ, **(env or {})},
    )


def mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_export_from_the_api_import_into_a_data_dir_twice_then_forget_the_user(served, tmp_path) -> None:
    client, _, server = served
    user = "cli-transfer-user"
    for text in ("Kai prefers tea over coffee in the morning.", "Kai's sister Ines lives in Lyon now."):
        status, _ = client.request("POST", "/v1/memories", {"content": text, "user_id": user})
        assert status == 201
    remote = ("--url", server.url, "--api-key", client.key)

    # When the user is exported from the API, a page of two records at a time, the key in the environment
    out = tmp_path / "kai.ndjson"
    done = cli(
        "export",
        "--url",
        server.url,
        "--user-id",
        user,
        "-o",
        str(out),
        "--page-size",
        "2",
        "--data-dir",
        str(tmp_path / "x"),
        env={"ENGRAM_API_KEY": client.key},
    )
    assert "warning" not in done.stderr
    assert mode(out) == 0o600  # the user's memories: readable by the owner only
    exported = records(out)
    assert exported[0]["kind"] == "header" and exported[-1]["kind"] == "end"
    assert exported[-1]["counts"]["memory"] == 2 and not (tmp_path / "kai.ndjson.progress").exists()

    # And imported into a local data dir, twice
    local = ("--data-dir", str(tmp_path / "local"), "--tenant", "home")
    first = json.loads(cli("import", str(out), *local).stdout.splitlines()[-1])
    again = json.loads(cli("import", str(out), *local).stdout.splitlines()[-1])
    assert (first["created"], first["existing"]) == (2, 0)
    assert (again["created"], again["existing"]) == (2 - 2, 2)

    # Then the local export holds the same memories, ids and all
    back = tmp_path / "back.ndjson"
    cli("export", *local, "--user-id", user, "-o", str(back))
    memories = lambda rs: sorted(json.dumps(r["memory"], sort_keys=True) for r in rs if r["kind"] == "memory")  # noqa: E731
    assert memories(records(back)) == memories(exported)

    # When the user is forgotten through the API, the key on the command line (which warns: ps shows it)
    forgot = cli("forget-user", user, *remote, "--data-dir", str(tmp_path / "x"))
    assert "warning: --api-key" in forgot.stderr and "ENGRAM_API_KEY" in forgot.stderr
    job = json.loads(forgot.stdout.splitlines()[-1])
    assert job["state"] == "done" and job["erased"]["memories"] == 2, job
    status, page = client.request("GET", f"/v1/memories?user_id={user}")
    assert status == 200 and page["items"] == []

    # And locally
    local_job = json.loads(cli("forget-user", user, *local).stdout.splitlines()[-1])
    assert local_job["state"] == "done" and local_job["erased"]["memories"] == 2


def test_an_interrupted_export_resumes_where_it_stopped(tmp_path, monkeypatch) -> None:
    from engram.cli import transfer as transfer_cli

    data = tmp_path / "data"
    for i in range(7):
        message = f"user:I visited city number {i} in May."
        engram("sessions", "add", f"s{i}", "--user-id", "ana", "--message", message, data_dir=data)
    out = tmp_path / "ana.ndjson"
    argv = ["export", "--user-id", "ana", "--tenant", "local", "-o", str(out), "--page-size", "2"]
    pages = transfer_cli._pages

    def interrupted(args, cursor):
        for n, page in enumerate(pages(args, cursor)):
            if n == 3:
                raise KeyboardInterrupt
            yield page

    from engram.cli import main

    monkeypatch.setattr(transfer_cli, "_pages", interrupted)
    with pytest.raises(KeyboardInterrupt):
        main([*argv, "--data-dir", str(data)])
    assert (tmp_path / "ana.ndjson.progress").exists()
    assert mode(out) == mode(tmp_path / "ana.ndjson.progress") == 0o600
    partial = out.read_bytes()
    out.write_bytes(partial + b'{"kind": "torn')  # a page cut half-way is cut back on resume
    monkeypatch.setattr(transfer_cli, "_pages", pages)
    main([*argv, "--data-dir", str(data)])

    assert mode(out) == 0o600
    whole = tmp_path / "whole.ndjson"
    whole.write_text("")
    whole.chmod(0o644)  # made readable by others before: the export makes it private
    main(["export", "--user-id", "ana", "--tenant", "local", "-o", str(whole), "--data-dir", str(data)])
    strip = lambda rs: sorted(json.dumps(r, sort_keys=True) for r in rs if r["kind"] != "header")  # noqa: E731
    assert mode(whole) == 0o600
    resumed = records(out)
    assert strip(resumed) == strip(records(whole))
    assert resumed[-1]["counts"]["session"] == 7 and resumed[-1]["counts"]["message"] == 7
