"""Real server processes for the tests: ``puntobanco serve`` on a free loopback port.

Each server runs in its own process group and is always stopped (SIGTERM, then
SIGKILL) when the ``with`` block ends.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from multiprocessing import get_context
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def server_env(database_url: str, **extra: str) -> dict[str, str]:
    """The environment of a test server."""
    env = dict(os.environ)
    env.update(
        {
            "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{env.get('PYTHONPATH', '')}",
            "PUNTOBANCO_DATABASE_URL": database_url,
            "PUNTOBANCO_ARGON2_TIME_COST": "1",
            "PUNTOBANCO_ARGON2_MEMORY_KIB": "64",
            "PUNTOBANCO_ARGON2_WEAK_FOR_TESTS": "true",
            "PUNTOBANCO_ACCESS_LOG": "false",
            "PUNTOBANCO_ADMIN_TOKEN": "test-admin-token",
            "PUNTOBANCO_LOG_LEVEL": "WARNING",
            # Every test's players and guests sign up from 127.0.0.1.
            "PUNTOBANCO_SIGNUPS_PER_ADDRESS": "100000",
        }
    )
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    env.update(extra)
    return env


def wait_ready(base: str, process: subprocess.Popen[bytes], timeout: float = 90.0) -> None:
    """Wait for ``/api/ready`` to answer 200 (fails if the process exits first)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        try:
            if httpx.get(f"{base}/api/ready", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise TimeoutError(f"the server at {base} did not become ready in {timeout} s")


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a server's whole process group, politely then firmly."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            pass
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait(timeout=10)


@contextmanager
def live_server(
    database_url: str,
    *,
    workers: int = 1,
    port: int | None = None,
    module: str = "puntobanco.cli.main",
    log: Path | None = None,
    **env: str,
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Run ``puntobanco serve`` on 127.0.0.1; yields the base URL and the process.

    ``module`` is what ``python -m`` runs: the command line, or a test module that
    changes the server (:mod:`tests.server.faults`) and then runs it. ``log``: a file the
    server's stderr is appended to (else this process's stderr).
    """
    port = port or free_port()
    command = [
        sys.executable, "-m", module, "serve",
        "--host", "127.0.0.1", "--port", str(port), "--workers", str(workers),
        "--log-level", "warning", "--allow-weak-argon2",
    ]  # fmt: skip
    if env.get("PUNTOBANCO_TEST_SERVER_SEED"):
        command.append("--allow-test-seed")
    with ExitStack() as files:
        # Never a pipe nobody reads: once its buffer is full, every worker blocks on its
        # next log line.
        stderr = None
        if log is not None:
            stderr = files.enter_context(log.open("ab"))
        elif os.environ.get("PB_TEST_QUIET_SERVER"):
            stderr = files.enter_context(open(os.devnull, "wb"))  # noqa: SIM115
        process = subprocess.Popen(
            command,
            env=server_env(database_url, **env),
            cwd=ROOT,
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            wait_ready(base, process)
            yield base, process
        finally:
            stop(process)


def _burn() -> None:  # pragma: no cover (runs in the burners)
    while True:
        pass


@contextmanager
def busy_cores(count: int) -> Iterator[None]:
    """``count`` CPU-bound processes run while inside (a loaded machine)."""
    context = get_context("spawn")
    burners = [context.Process(target=_burn, daemon=True) for _ in range(count)]
    for burner in burners:
        burner.start()
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.join()


def start_workers(
    database_url: str, workers: int = 3, limit_s: float = 300, **env: str
) -> tuple[float | None, str]:
    """Start ``serve --workers N`` until every worker has started (or ``limit_s``), then stop it.

    Returns the seconds until the last worker logged "Application startup complete"
    (``None`` if not all did within ``limit_s``) and the server's log.
    """
    port = free_port()
    command = [
        sys.executable, "-m", "puntobanco.cli.main", "serve", "--port", str(port),
        "--workers", str(workers), "--log-level", "info", "--allow-weak-argon2",
    ]  # fmt: skip
    begin = time.monotonic()
    process = subprocess.Popen(
        command,
        env=server_env(database_url, **env),
        cwd=ROOT,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    lines: list[str] = []
    started: list[float] = []
    assert process.stderr is not None
    stream = process.stderr

    def read() -> None:
        for raw in stream:
            line = raw.decode(errors="replace")
            lines.append(line)
            if "Application startup complete" in line:
                started.append(time.monotonic() - begin)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        deadline = begin + limit_s
        while len(started) < workers and time.monotonic() < deadline:
            if process.poll() is not None:
                break
            time.sleep(0.2)
        if len(started) >= workers:
            time.sleep(2)  # a kill of a slow worker would come now
    finally:
        stop(process)
        reader.join(timeout=10)
    return (started[workers - 1] if len(started) >= workers else None), "".join(lines)
