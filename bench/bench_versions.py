"""This tree's speed against another commit's, interleaved in one run: median ratio and verdict.

    python bench/bench_versions.py --base 8d505c2 [--new HEAD] [--repeat 15] [--only solve,shoe]

The machines are shared and noisy, so a figure measured alone says little, and
two runs minutes apart less still. Here the base commit is extracted (``git
archive``) beside this tree, and each workload runs in fresh processes that
alternate between the two (old, new, new, old, ...), each process timing only
the measured part after a warm-up (numba compiles, caches fill, the server's
database is migrated). Each process reports the CPU time of its measured part
(``time.process_time``, all threads), not the wall time: another program on
the machine delays a process more than it lengthens its CPU time. The new side
is this working tree as it is, or with ``--new`` another commit, extracted too
(what was committed, whatever is being edited beside it).

The ratio old/new is taken per pair (above 1.00: this tree is faster), and the
median and the quartiles of those ratios are printed with a verdict per
workload: it passes with a median of at least 0.95 or an upper quartile of at
least 1.00 (issue 24's "Unchanged"). The exit status is 1 if any workload fails.

Workloads, each through entry points that both versions have (the snippets
import the layout of b76e57c and fall back to the one before it); each run's
measured part takes about a second. A process, with its imports and warm-up, takes
3 to 15 s on two cores under a load of 9 (6.5 minutes for all ten workloads with
``--repeat 1``, that is 4 processes each; ``--repeat 15`` runs 32 each); those
figures shrink on a quieter machine:

* ``sim-cpu``: ``simulate`` on the numba backend, 8 decks, cut card (2 threads);
* ``odds-float`` and ``odds-exact``: ``analyze`` of a full 8-deck shoe;
* ``systems``: every betting system over 4,000 sessions of 250 rounds;
* ``engine``: ``Shoe.deal_coup`` and ``settle`` of a Banker and a Tie bet;
* ``game``: the terminal game's round (``bench_play.session`` of each tree);
* ``solve``: Chemin de fer's exact solver (8 decks, rule card; 6 decks, free Banker);
* ``solve-banque``: Banque's exact solver (full 8-deck shoe; infinite deck);
* ``server-round``: ``POST /api/rounds`` with an Idempotency-Key, a guest betting
  on Banker at the default table (``create_app`` under a test client, SQLite);
* ``shoe``: ``GET /api/shoe`` after each round of a cut-card 8-deck table (the
  round itself not timed), the page's poll with its exact edges.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: A workload passes with a median ratio old/new of at least this...
MEDIAN_FLOOR = 0.95
#: ...or an upper quartile of at least this.
UPPER_QUARTILE_FLOOR = 1.0

# The server's app under a test client, on a SQLite file in a temporary folder, with a
# fixed server seed and client seed (the same shoes on both trees) and a guest's login.
# Only public entry points (create_app, Settings, HTTP): the server's modules move.
SERVER_SETUP = """
import os, tempfile, time
from fastapi.testclient import TestClient
from puntobanco.server.main import create_app
from puntobanco.server.settings import Settings

# The database in memory where the system has a tmpfs: the disk's fsyncs cost no CPU time,
# but they lengthen every run, and so the whole bench.
MEMORY = "/dev/shm" if os.path.isdir("/dev/shm") else None

def serve(folder, preset):
    settings = Settings(
        database_url=f"sqlite:///{folder}/bench.db",
        default_preset=preset,
        argon2_time_cost=1,
        argon2_memory_kib=64,
        argon2_weak_for_tests=True,
        access_log=False,
        log_level="WARNING",
        test_server_seed="5e" * 32,
        allow_test_seed=True,
    )
    return TestClient(create_app(settings), headers={"X-Requested-With": "bench"})

def guest(client):
    answer = client.post("/api/auth/guest")
    assert answer.status_code == 201, answer.text
    headers = {"Authorization": f"Bearer {answer.json()['token']}"}
    answer = client.post(
        "/api/fairness/client-seed", json={"client_seed": "bench"}, headers=headers
    )
    assert answer.status_code == 200, answer.text
    return headers

def bet(client, headers, key):
    answer = client.post(
        "/api/rounds",
        json={"bets": {"banker": 100}},
        headers={**headers, "Idempotency-Key": f"bench-{key}"},
    )
    assert answer.status_code == 201, answer.text
"""

# Each snippet prints the CPU seconds its measured part took.
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
for _ in range(10_000):
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
for _ in range(2_000):
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
for _ in range(10):
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
    "solve": """
import time
from puntobanco.analysis.shoe import ShoeCounts
from puntobanco.core.rules import FREE_BANKER, RULE_CARD
try:
    from puntobanco.analysis.chemin.solver import solve_chemin
except ImportError:  # before b76e57c: analysis/chemin.py
    from puntobanco.analysis.chemin import solve_chemin

def solve():
    solve_chemin(ShoeCounts.full(8), banker_rule=RULE_CARD)
    solve_chemin(ShoeCounts.full(6), banker_rule=FREE_BANKER)

solve()
start = time.process_time()
for _ in range(20):
    solve()
print(time.process_time() - start)
""",
    "solve-banque": """
import time
from puntobanco.analysis.shoe import ShoeCounts
try:
    from puntobanco.analysis.banque.shoe import solve_banque_shoe
    from puntobanco.analysis.banque.solver import solve_banque
except ImportError:  # before b76e57c: analysis/banque.py and analysis/banque_shoe.py
    from puntobanco.analysis.banque import solve_banque
    from puntobanco.analysis.banque_shoe import solve_banque_shoe

solve_banque_shoe(ShoeCounts.full(1))  # loads the compiled walk
start = time.process_time()
solve_banque_shoe(ShoeCounts.full(8))
solve_banque()
solve_banque()
print(time.process_time() - start)
""",
    "server-round": SERVER_SETUP
    + """
with tempfile.TemporaryDirectory(prefix="pb-bench-", dir=MEMORY) as folder:
    with serve(folder, "online") as client:
        headers = guest(client)
        for key in range(10):
            bet(client, headers, key)
        start = time.process_time()
        for key in range(10, 310):
            bet(client, headers, key)
        print(time.process_time() - start)
""",
    "shoe": SERVER_SETUP
    + """
with tempfile.TemporaryDirectory(prefix="pb-bench-", dir=MEMORY) as folder:
    with serve(folder, "punto-banco") as client:
        headers = guest(client)

        def poll():
            answer = client.get("/api/shoe", headers=headers)
            assert answer.status_code == 200, answer.text

        for key in range(10):
            bet(client, headers, key)
            poll()
        spent = 0.0
        for key in range(10, 100):
            bet(client, headers, key)
            start = time.process_time()
            poll()
            poll()
            spent += time.process_time() - start
        print(spent)
""",
}


@dataclass(frozen=True)
class Verdict:
    """One workload's ratios old/new summed up: above 1.00, this tree is faster."""

    median: float
    lower_quartile: float
    upper_quartile: float

    @property
    def passed(self) -> bool:
        """The median is at least :data:`MEDIAN_FLOOR` or the upper quartile at least 1.00."""
        return self.median >= MEDIAN_FLOOR or self.upper_quartile >= UPPER_QUARTILE_FLOOR


def verdict(old_seconds: Sequence[float], new_seconds: Sequence[float]) -> Verdict:
    """The ratios old/new of each pair of runs: their median and quartiles.

    Quartiles are ``statistics.quantiles``'s (the exclusive method); one pair gives its
    ratio for all three figures.

    >>> v = verdict([2.0, 2.0, 2.0], [2.0, 1.0, 4.0])
    >>> v.median, v.passed
    (1.0, True)
    >>> verdict([1.0], [1.25])
    Verdict(median=0.8, lower_quartile=0.8, upper_quartile=0.8)
    """
    if len(old_seconds) != len(new_seconds) or not old_seconds:
        raise ValueError("one new time per old time, at least one pair")
    ratios = [old / new for old, new in zip(old_seconds, new_seconds, strict=True)]
    if len(ratios) == 1:
        return Verdict(ratios[0], ratios[0], ratios[0])
    low, median, high = statistics.quantiles(ratios, n=4)
    return Verdict(statistics.median(ratios), low, high)


def run(tree: Path, snippet: str) -> float:
    """The seconds one fresh process on ``tree`` reports for ``snippet``."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src"), "NUMBA_NUM_THREADS": "2"}
    done = subprocess.run(
        [sys.executable, "-c", snippet, str(tree)],
        env=env,
        cwd=tree,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{tree}: the workload failed:\n{done.stderr}")
    return seconds_printed(done.stdout)


def seconds_printed(stdout: str) -> float:
    """The last number a workload printed (a log line may follow it, the server's at exit).

    >>> seconds_printed('1.25\\n{"level": "WARNING"}\\n')
    1.25
    """
    for line in reversed(stdout.splitlines()):
        try:
            return float(line)
        except ValueError:
            continue
    raise SystemExit(f"the workload printed no time:\n{stdout}")


def extract(commit: str, into: Path) -> Path:
    """``commit``'s tree (src and bench), extracted into ``into``."""
    into.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "src", "bench"],
        capture_output=True,
        check=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line, with ``only`` as the list of workloads chosen (each one known)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--base", required=True, help="the commit to compare with")
    parser.add_argument(
        "--new",
        default=None,
        help="the commit measured against the base (default: this working tree, as it is)",
    )
    parser.add_argument("--repeat", type=int, default=7, help="pairs of runs per workload")
    parser.add_argument("--only", default=",".join(WORKLOADS), help="workloads, comma-separated")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat: at least one pair")
    args.only = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in args.only if name not in WORKLOADS]
    if unknown or not args.only:
        wrong = repr(unknown[0]) if unknown else "none"
        parser.error(f"unknown workload {wrong}: choose from {', '.join(WORKLOADS)}")
    return args


def measure(name: str, old: Path, new: Path, repeat: int) -> tuple[list[float], list[float]]:
    """``repeat`` pairs of runs of workload ``name``, alternating which tree goes first."""
    snippet = WORKLOADS[name]
    run(old, snippet), run(new, snippet)  # fill the numba caches of both trees
    olds, news = [], []
    for pair in range(repeat):
        first, second = (old, new) if pair % 2 == 0 else (new, old)
        times = {first: run(first, snippet), second: run(second, snippet)}
        olds.append(times[old])
        news.append(times[new])
    return olds, news


def main(argv: Sequence[str] | None = None) -> int:
    """Run the workloads chosen on both trees; 1 if any fails its verdict, else 0."""
    args = parse_args(argv)
    failed = []
    with tempfile.TemporaryDirectory(prefix="pb-versions-") as folder:
        old = extract(args.base, Path(folder) / "old")
        new = ROOT if args.new is None else extract(args.new, Path(folder) / "new")
        print(
            f"new: {args.new or f'{ROOT} (working tree)'}  old: {args.base}  pairs: {args.repeat}"
        )
        print(
            f"{'workload':<14}{'old cpu s':>11}{'new cpu s':>11}{'old/new':>9}"
            f"  {'quartiles':<13}verdict"
        )
        for name in args.only:
            olds, news = measure(name, old, new, args.repeat)
            summary = verdict(olds, news)
            if not summary.passed:
                failed.append(name)
            print(
                f"{name:<14}{statistics.median(olds):>11.4f}{statistics.median(news):>11.4f}"
                f"{summary.median:>9.3f}  "
                f"{f'{summary.lower_quartile:.3f}-{summary.upper_quartile:.3f}':<13}"
                f"{'pass' if summary.passed else 'FAIL'}",
                flush=True,
            )
    print(
        f"verdict: median old/new >= {MEDIAN_FLOOR} or upper quartile >= "
        f"{UPPER_QUARTILE_FLOOR}: " + (f"failed: {', '.join(failed)}" if failed else "all pass")
    )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
