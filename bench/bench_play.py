"""Cost of the terminal game's state machine, beside the library calls it is made of.

    PYTHONPATH=src python bench/bench_play.py [--rounds 20000] [--repeat 3]

Measures rounds per second, all in the same run and on the same seed:

* ``library``: the baseline: ``Shoe.deal_coup`` and ``settle`` for a Banker and
  a Tie bet, nothing kept;
* ``session``: ``cli.game.Session.play_round`` with the same bets: the checks
  of ``verify_bets``, the balance, the running totals and the shoe's marks;
* ``render``: a full round as the player sees it (deal, settlement, bead plate
  and Big Road) rendered by Rich into a string, without the pauses;

and the memory the session keeps (tracemalloc) after the first fifth of the
rounds and at the end: it must not grow with the number of rounds.

The machines are shared and noisy: the best of ``--repeat`` runs is kept, and
the ratios to the baseline are what to compare.
"""

from __future__ import annotations

import argparse
import io
import time
import tracemalloc
from collections.abc import Callable

from rich.console import Console

from puntobanco.cli.game import Session
from puntobanco.cli.render import Renderer
from puntobanco.core.bets import Bet, settle
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import BetKind, Rules, TableLimits
from puntobanco.core.shoe import Shoe

BETS = [(BetKind.BANKER, 1_000), (BetKind.TIE, 100)]
LIMITS = TableLimits(minimum_minor=100, maximum_minor=50_000)


def library(rounds: int) -> None:
    rules = Rules()
    shoe = Shoe(rules, SeededSource(1))
    bets = [Bet(kind, stake) for kind, stake in BETS]
    for _ in range(rounds):
        settle(bets, shoe.deal_coup(), rules)


def session(rounds: int) -> None:
    game = Session(Rules(), LIMITS, balance_minor=10**15, source=SeededSource(1))
    for _ in range(rounds):
        game.play_round(BETS)


def render(rounds: int) -> None:
    game = Session(Rules(), LIMITS, balance_minor=10**15, source=SeededSource(1))
    show = Renderer(Console(file=io.StringIO(), width=100, force_terminal=True), "en")
    for _ in range(rounds):
        report = game.play_round(BETS)
        show.deal(report, explain=True)
        show.settlement(report)
        show.board(game)
        show.console.file = io.StringIO()


def best(run: Callable[[int], None], rounds: int, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run(rounds)
        times.append(time.perf_counter() - start)
    return rounds / min(times)


def kept_memory(rounds: int) -> tuple[int, int]:
    game = Session(Rules(), LIMITS, balance_minor=10**15, source=SeededSource(2))
    tracemalloc.start()
    try:
        for _ in range(rounds // 5):
            game.play_round(BETS)
        early, _ = tracemalloc.get_traced_memory()
        for _ in range(rounds - rounds // 5):
            game.play_round(BETS)
        late, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return early, late


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    base = best(library, args.rounds, args.repeat)
    print(f"library  {base:10,.0f} rounds/s  1.000x")
    for name, run, rounds in (
        ("session", session, args.rounds),
        ("render", render, max(1, args.rounds // 20)),
    ):
        rate = best(run, rounds, args.repeat)
        print(f"{name:8} {rate:10,.0f} rounds/s  {rate / base:.3f}x")
    early, late = kept_memory(args.rounds)
    print(
        f"traced memory after {args.rounds // 5:,} rounds: {early / 1024:.1f} KiB; "
        f"after {args.rounds:,}: {late / 1024:.1f} KiB"
    )


if __name__ == "__main__":
    main()
