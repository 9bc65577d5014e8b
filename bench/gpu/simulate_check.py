"""``puntobanco simulate --backend cuda`` against ``--backend cpu``: the same tallies.

    PYTHONPATH=src python3 bench/gpu/simulate_check.py

Runs the CLI twice (JSON out) with the same seed and hand count and compares
every count; prints both speeds. Exits 1 on a mismatch or a failed run.
"""

from __future__ import annotations

import json
import subprocess
import sys

HANDS = 200_000_007  # not a whole number of shoes: the last one is cut off


def run(backend: str) -> dict[str, object]:
    """One ``simulate`` run; its JSON document."""
    command = [sys.executable, "-m", "puntobanco.cli.main", "simulate", "--hands", str(HANDS),
               "--seed", "2026", "--backend", backend, "--json"]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(f"{backend}: exit {done.returncode}\n{done.stderr[-2000:]}")
        raise SystemExit(1)
    document: dict[str, object] = json.loads(done.stdout)
    return document


def main() -> int:
    """Compare the two backends' tallies."""
    gpu, cpu = run("cuda"), run("cpu")
    ignore = {"seconds", "hands_per_second", "backend", "workers"}
    same = {k: v for k, v in gpu.items() if k not in ignore} == {
        k: v for k, v in cpu.items() if k not in ignore
    }
    for name, doc in (("cuda", gpu), ("cpu", cpu)):
        rate = float(doc["hands_per_second"]) / 1e9  # type: ignore[arg-type]
        print(f"simulate --backend {name}: {HANDS:,} hands, {rate:.2f} G hands/s")
    print(f"simulate cuda vs cpu, every count equal: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
