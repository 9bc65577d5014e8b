"""How long ``puntobanco --help`` takes, beside a bare ``python -c pass``.

Each command runs in a fresh process, ``--repeat`` times, alternating with the
others so that a load on a shared machine falls on all of them alike; the
minimum and the median wall time are printed (the minimum is the least
disturbed). The baseline is the interpreter's own start: what is above it is
ours (Typer, Rich, the core that ``import puntobanco`` loads, and whatever a
command imports).

    python bench/bench_cli_startup.py [--repeat 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

COMMANDS: dict[str, list[str]] = {
    "python -c pass (baseline)": [sys.executable, "-c", "pass"],
    "puntobanco --help": [sys.executable, "-m", "puntobanco.cli.main", "--help"],
    "puntobanco --version": [sys.executable, "-m", "puntobanco.cli.main", "--version"],
    "puntobanco play --help": [sys.executable, "-m", "puntobanco.cli.main", "play", "--help"],
    "puntobanco odds --help": [sys.executable, "-m", "puntobanco.cli.main", "odds", "--help"],
}


def main() -> None:
    """Time each command and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(args.repeat):
        for name, command in COMMANDS.items():
            start = time.perf_counter()
            subprocess.run(
                command, check=True, capture_output=True, env={**os.environ, "COLUMNS": "80"}
            )
            times[name].append(time.perf_counter() - start)
    base = min(times["python -c pass (baseline)"])
    print(f"{'command':<28}{'min ms':>9}{'median ms':>11}{'min - baseline':>16}")
    for name, values in times.items():
        low = min(values)
        print(
            f"{name:<28}{1000 * low:>9.0f}{1000 * statistics.median(values):>11.0f}"
            f"{1000 * (low - base):>16.0f}"
        )


if __name__ == "__main__":
    main()
