"""Starting ``puntobanco serve --workers 3`` on a loaded machine: how long, how many workers killed.

An audit of the service saw uvicorn's supervisor kill 24 workers during 14 starts under load.
This starts the server ``--starts`` times on a fresh SQLite file while ``--burners``
CPU-bound processes keep every core busy, and prints, for each start, the seconds until
the last worker logged that it had started, and how many workers the supervisor replaced
("Child process [...] died"). A start is abandoned after ``--limit-s``. Loopback only;
stops by itself. ``--src DIR`` runs the server from another source tree (e.g. the commit
before the fix, exported with ``git archive``), for the comparison.

    python bench/bench_worker_start.py                        # a few minutes
    python bench/bench_worker_start.py --starts 3 --burners 16 --src /tmp/old/src
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.server.live import busy_cores, start_workers  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--burners", type=int, default=8 * (os.cpu_count() or 1))
    parser.add_argument("--limit-s", type=float, default=180.0, help="per start")
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the server's sources")
    args = parser.parse_args()
    print(
        f"{args.starts} starts of {args.workers} workers, {args.burners} busy processes on "
        f"{os.cpu_count()} cores, server from {args.src}"
    )
    times: list[float] = []
    killed = failed = 0
    with tempfile.TemporaryDirectory() as folder, busy_cores(args.burners):
        for i in range(args.starts):
            seconds, log = start_workers(
                f"sqlite:///{folder}/pb{i}.db",
                workers=args.workers,
                limit_s=args.limit_s,
                PYTHONPATH=str(args.src),
            )
            died = log.count("died")
            killed += died
            if seconds is None:
                failed += 1
            else:
                times.append(seconds)
            shown = "not all started" if seconds is None else f"{seconds:6.1f} s"
            print(f"start {i + 1}: {shown}, {died} workers killed", flush=True)
    median = f"{statistics.median(times):.1f} s" if times else "-"
    print(f"all: {killed} workers killed, {failed} starts incomplete, median start {median}")


if __name__ == "__main__":
    main()
