"""Starting several workers on a loaded machine (issue #12: the supervisor killed its workers).

uvicorn's supervisor kills a worker that has not answered its health check in time; a
spawned worker answers only after importing the parent's ``__main__`` again. The fix has
two parts, each tested here without timing: the worker's main module is a light one (not
the command line, with Typer and every command), and ``serve`` gives the supervisor the
configured wait. The end-to-end test starts three workers several times while every core
is kept busy, and counts the workers the supervisor replaced.
"""

from __future__ import annotations

import importlib.util
import multiprocessing
import subprocess
import sys
import time
import types
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from puntobanco.cli.main import app
from puntobanco.server.spawn import light_main
from tests.server.live import ROOT, free_port, server_env, stop
from tests.server.spawn_probe import modules_seen


def _spawned_modules() -> list[str]:
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    process = context.Process(target=modules_seen, args=(queue,))
    process.start()
    try:
        seen: list[str] = queue.get(timeout=120)
    finally:
        process.join(timeout=120)
    return seen


def test_a_spawned_worker_does_not_import_the_command_line() -> None:
    # The parent's __main__ stands for the command line: a module that imports Typer and
    # the commands. Without light_main the spawned child imports it again.
    stand_for_cli = types.ModuleType("__main__")
    stand_for_cli.__spec__ = importlib.util.find_spec("puntobanco.cli.main")
    saved = sys.modules["__main__"]
    sys.modules["__main__"] = stand_for_cli
    try:
        assert "typer" in _spawned_modules()  # the check below can fail
        with light_main():
            seen = _spawned_modules()
    finally:
        sys.modules["__main__"] = saved
    assert "typer" not in seen
    assert "puntobanco.cli.main" not in seen


def test_light_main_puts_the_parents_main_back() -> None:
    before = sys.modules["__main__"]
    with pytest.raises(RuntimeError), light_main():
        assert sys.modules["__main__"] is not before
        raise RuntimeError
    assert sys.modules["__main__"] is before


def test_serve_gives_the_supervisor_the_configured_wait(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import uvicorn

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: calls.append(kwargs))
    monkeypatch.setenv("PUNTOBANCO_WORKER_START_S", "45")
    monkeypatch.setenv("PUNTOBANCO_ARGON2_WEAK_FOR_TESTS", "true")
    monkeypatch.delenv("PUNTOBANCO_TEST_SERVER_SEED", raising=False)
    database = f"sqlite:///{tmp_path / 'pb.db'}"
    result = CliRunner().invoke(app, ["serve", "--database", database, "--workers", "3"])
    assert result.exit_code == 0, result.output
    assert calls[0]["timeout_worker_healthcheck"] == 45
    assert calls[0]["workers"] == 3


def test_the_default_wait_is_longer_than_uvicorns() -> None:
    from puntobanco.server.settings import Settings

    assert Settings().worker_start_s > 5


def _burn() -> None:  # pragma: no cover (runs in the burners)
    while True:
        pass


@contextmanager
def _busy_cores(count: int) -> Iterator[None]:
    context = multiprocessing.get_context("spawn")
    burners = [context.Process(target=_burn, daemon=True) for _ in range(count)]
    for burner in burners:
        burner.start()
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.join()


def start_workers(database_url: str, workers: int = 3, ready_within_s: float = 300) -> str:
    """Start ``serve --workers N``, wait until every worker has started, stop; its log."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "puntobanco.cli.main", "serve", "--port", str(port),
         "--workers", str(workers), "--log-level", "info"],
        env=server_env(database_url),
        cwd=ROOT,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        # Started: each worker logs "Application startup complete"; its answers alone
        # would not tell that all three are up. The log is read once the server stops.
        deadline = time.monotonic() + ready_within_s
        while time.monotonic() < deadline and process.poll() is None:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/ready", timeout=2).is_success:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        time.sleep(2)  # the other workers' start-up (a kill would follow within it)
    finally:
        stop(process)
    assert process.stderr is not None
    return process.stderr.read().decode(errors="replace")


@pytest.mark.slow
def test_three_workers_start_on_busy_cores(tmp_path: Path) -> None:
    import os

    # Four CPU-bound processes per core: with uvicorn's 5 s and the command line as the
    # workers' main module, such a load had the supervisor kill workers as they started.
    with _busy_cores(4 * (os.cpu_count() or 1)):
        logs = [start_workers(f"sqlite:///{tmp_path / f'pb{i}.db'}") for i in range(2)]
    for log in logs:
        assert log.count("Application startup complete") == 3, log
        assert "died" not in log, log
