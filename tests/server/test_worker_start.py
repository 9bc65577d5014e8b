"""Starting several workers on a loaded machine (the supervisor used to kill them).

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
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from puntobanco.cli.main import app
from puntobanco.server.spawn import light_main
from tests.server.live import busy_cores, free_port, start_workers
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
    from puntobanco.server import serving

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(serving, "run", lambda _sock, **options: calls.append(options) or 0)
    monkeypatch.setenv("PUNTOBANCO_WORKER_START_S", "45")
    monkeypatch.setenv("PUNTOBANCO_ARGON2_WEAK_FOR_TESTS", "true")
    monkeypatch.delenv("PUNTOBANCO_TEST_SERVER_SEED", raising=False)
    database = f"sqlite:///{tmp_path / 'pb.db'}"
    result = CliRunner().invoke(
        app,
        [
            "serve",
            "--database",
            database,
            "--workers",
            "3",
            "--allow-weak-argon2",
            "--port",
            str(free_port()),
        ],
    )
    assert result.exit_code == 0, result.output
    assert calls[0]["timeout_worker_healthcheck"] == 45
    assert calls[0]["workers"] == 3


def test_the_default_wait_is_longer_than_uvicorns() -> None:
    from puntobanco.server.settings import Settings

    assert Settings().worker_start_s > 5


@pytest.mark.slow
def test_three_workers_start_on_busy_cores(tmp_path: Path) -> None:
    import os

    # Four CPU-bound processes per core: with uvicorn's 5 s and the command line as the
    # workers' main module, such a load had the supervisor kill workers as they started.
    with busy_cores(4 * (os.cpu_count() or 1)):
        starts = [start_workers(f"sqlite:///{tmp_path / f'pb{i}.db'}") for i in range(2)]
    for _, log in starts:
        assert log.count("Application startup complete") == 3, log
        assert "died" not in log, log
