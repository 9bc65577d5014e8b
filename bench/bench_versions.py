"""This tree's speed against another commit's, interleaved in one run: median ratio and spread.

    python bench/bench_versions.py --base 01487fb [--repeat 7] [--only sim-cpu,odds-float]

The machines are shared and noisy, so a figure measured alone says little, and
two runs minutes apart less still. Here the base commit is extracted (``git
archive``) beside this tree, and each workload runs in fresh processes that
alternate between the two (old, new, new, old, ...), each process timing only
the measured part after a warm-up (numba compiles, caches fill). Each process
reports the CPU time of its measured part (``time.process_time``, all threads),
not the wall time: another program on the machine delays a process more than
it lengthens its CPU time. The ratio new/old is taken per pair, and the median
and the quartiles of those ratios are printed: below 1.00 is faster.

Workloads, each through API that both versions share:

* ``sim-cpu``: ``simulate`` on the numba backend, 8 decks, cut card (2 threads);
* ``odds-float`` and ``odds-exact``: ``analyze`` of a full 8-deck shoe;
* ``systems``: every betting system over 4,000 sessions of 250 rounds;
* ``engine``: ``Shoe.deal_coup`` and ``settle`` of a Banker and a Tie bet;
* ``game``: the terminal game's round (``bench_play.session`` of each tree).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Each snippet prints the seconds its measured part took.
WORKLOADS: dict[str, str] = {
    "sim-cpu": """
import time
from puntobanco.core.rules import Rules
from puntobanco.sim.api import simulate
simulate(Rules(), hands=200_000, seed=1, backend="cpu")
start = time.process_time()
simulate(Rules(), hands=60_000_000, seed=2, backend="cpu")
print(time.process_time() - start)
""",
    "odds-float": """
import time
from puntobanco.analysis import analyze
from puntobanco.core.rules import Rules
rules = Rules()
analyze(rules, exact=False)
start = time.process_time()
for _ in range(2_000):
    analyze(rules, exact=False)
print(time.process_time() - start)
""",
    "odds-exact": """
import time
from puntobanco.analysis import analyze
from puntobanco.core.rules import Rules
rules = Rules()
analyze(rules)
start = time.process_time()
for _ in range(20):
    analyze(rules)
print(time.process_time() - start)
""",
    "engine": """
import time
from puntobanco.core.bets import Bet, settle
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import BetKind, Rules
from puntobanco.core.shoe import Shoe
rules = Rules()
shoe = Shoe(rules, SeededSource(7))
bets = [Bet(BetKind.BANKER, 1_000), Bet(BetKind.TIE, 100)]
for _ in range(2_000):
    settle(bets, shoe.deal_coup(), rules)
start = time.process_time()
for _ in range(30_000):
    settle(bets, shoe.deal_coup(), rules)
print(time.process_time() - start)
""",
    "systems": """
import time
from puntobanco.core.rules import BetKind, Rules
from puntobanco.sim.systems import Plan, System, run_sessions
from puntobanco.sim.systems_deal import session_outcomes
rules = Rules()
outcomes = session_outcomes(rules, seed=3, sessions=4_000, rounds=250)
plans = [
    Plan(system=system, on=BetKind.BANKER, bankroll_minor=100_000, base_minor=1_000, rounds=250)
    for system in System
]
for plan in plans:
    run_sessions(plan, outcomes[:50])
start = time.process_time()
for plan in plans:
    run_sessions(plan, outcomes)
print(time.process_time() - start)
""",
    "game": """
import importlib.util, sys, time
spec = importlib.util.spec_from_file_location("bench_play", sys.argv[1] + "/bench/bench_play.py")
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
module.session(2_000)
start = time.process_time()
module.session(20_000)
print(time.process_time() - start)
""",
}


def run(tree: Path, snippet: str) -> float:
    """The seconds one fresh process on ``tree`` reports for ``snippet``."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src"), "NUMBA_NUM_THREADS": "2"}
    done = subprocess.run(
        [sys.executable, "-c", snippet, str(tree)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{tree}: the workload failed:\n{done.stderr}")
    return float(done.stdout.strip().splitlines()[-1])


def extract(base: str, into: Path) -> Path:
    """The base commit's tree (src and bench), extracted into ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", base, "src", "bench"],
        capture_output=True,
        check=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", required=True, help="the commit to compare with")
    parser.add_argument("--repeat", type=int, default=7, help="pairs of runs per workload")
    parser.add_argument("--only", default=",".join(WORKLOADS), help="workloads, comma-separated")
    args = parser.parse_args()
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = sorted(set(chosen) - WORKLOADS.keys())
    if unknown:
        parser.error(f"unknown workload {unknown[0]!r}: choose from {', '.join(WORKLOADS)}")
    with tempfile.TemporaryDirectory(prefix="pb-base-") as folder:
        old = extract(args.base, Path(folder))
        print(f"new: {ROOT} (working tree)  old: {args.base}  pairs: {args.repeat}")
        print(f"{'workload':<12}{'old cpu s':>11}{'new cpu s':>11}{'new/old':>9}  quartiles")
        for name in chosen:
            snippet = WORKLOADS[name]
            run(old, snippet), run(ROOT, snippet)  # fill the numba caches of both trees
            ratios, olds, news = [], [], []
            for pair in range(args.repeat):
                first, second = (old, ROOT) if pair % 2 == 0 else (ROOT, old)
                times = {first: run(first, snippet), second: run(second, snippet)}
                olds.append(times[old])
                news.append(times[ROOT])
                ratios.append(times[ROOT] / times[old])
            low, _, high = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else ratios * 3
            print(
                f"{name:<12}{statistics.median(olds):>11.4f}{statistics.median(news):>11.4f}"
                f"{statistics.median(ratios):>9.3f}  {low:.3f}-{high:.3f}"
            )


if __name__ == "__main__":
    main()
