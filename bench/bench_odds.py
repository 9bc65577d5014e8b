"""Time the odds analyzer on a full 8-deck shoe, beside a naive enumeration, in one run.

    PYTHONPATH=src python bench/bench_odds.py [--repeat N]

Paths timed (one core; numba's compilation is done, and cached, before timing):

* kernel: the numba walk alone (``kernels.float_summary``), the live-shoe hot path;
* float: ``analyze(rules, shoe, exact=False)``, main bets, result objects included;
* pairs: the same with the Player and Banker Pair bets on a per-rank shoe;
* exact: ``analyze(rules, shoe)``, Fractions from the pure-Python integer walk;
* sides / sides-exact: every bet of the ``all-side-bets`` preset (the
  targets: 1 ms float, 100 ms exact), the pair classes computed afresh on each
  call (their cache cleared), as for a live shoe whose cards change every round;
* naive: every ordered sequence of six point values (10**6 of them), each
  weighted by its count product and played through the tableau, in pure Python
  integers: the baseline. It is checked to give the same Fractions.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from fractions import Fraction

import numpy as np

from puntobanco.analysis import ShoeCounts, analyze, pairs
from puntobanco.analysis.kernels import float_summary, warm_up
from puntobanco.core.rules import PRESETS, BetKind, Rules
from puntobanco.core.tableau import BANKER_DRAWS, PLAYER_DRAWS, PLAYER_STOOD


def naive_probabilities(points: tuple[int, ...]) -> tuple[Fraction, Fraction, Fraction]:
    """Player, Banker and Tie chances over every ordered six-value sequence."""
    n = sum(points)
    c = list(points)
    wins = [0, 0, 0]  # player, banker, tie, in six-card sequences
    for a in range(10):
        wa = c[a]
        if not wa:
            continue
        c[a] -= 1
        for b in range(10):
            wb = wa * c[b]
            if not wb:
                continue
            c[b] -= 1
            for p2 in range(10):
                wc = wb * c[p2]
                if not wc:
                    continue
                c[p2] -= 1
                for b2 in range(10):
                    wd = wc * c[b2]
                    if not wd:
                        continue
                    c[b2] -= 1
                    for e in range(10):
                        we = wd * c[e]
                        if not we:
                            continue
                        c[e] -= 1
                        for f in range(10):
                            w = we * c[f]
                            if w:
                                player, banker = _coup(a, b, p2, b2, e, f)
                                wins[0 if player > banker else 1 if banker > player else 2] += w
                        c[e] += 1
                    c[b2] += 1
                c[p2] += 1
            c[b] += 1
        c[a] += 1
    total = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    return Fraction(wins[0], total), Fraction(wins[1], total), Fraction(wins[2], total)


def _coup(p1: int, b1: int, p2: int, b2: int, x: int, y: int) -> tuple[int, int]:
    """Final totals when the shoe deals these six values (unused cards ignored)."""
    player, banker = (p1 + p2) % 10, (b1 + b2) % 10
    if player >= 8 or banker >= 8:
        return player, banker
    if PLAYER_DRAWS[player]:
        third = x
        player = (player + x) % 10
        if BANKER_DRAWS[banker][third]:
            banker = (banker + y) % 10
    elif BANKER_DRAWS[banker][PLAYER_STOOD]:
        banker = (banker + x) % 10
    return player, banker


def best_ms(fn: Callable[[], object], repeat: int, number: int) -> float:
    """Best of ``repeat`` runs of the mean time of ``number`` calls, in ms.

    The minimum, as timeit advises: on a shared machine the slower runs measure
    the neighbours, not the code.
    """
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number * 1e3)
    return min(times)


def fresh(rules: Rules, shoe: ShoeCounts, exact: bool) -> object:
    """``analyze`` with the pair classes' per-shoe caches emptied first."""
    pairs.pair_class_weights.cache_clear()
    pairs._float_classes.cache_clear()
    return analyze(rules, shoe, exact=exact)  # type: ignore[call-overload]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rules = Rules()
    pair_rules = Rules(pair_pays=11)
    sides = PRESETS["all-side-bets"]
    shoe = ShoeCounts.full(8)
    counts = np.array(shoe.points, dtype=np.int64)
    warm_up()

    timings = {
        "kernel": best_ms(lambda: float_summary(counts), args.repeat, 2000),
        "float": best_ms(lambda: analyze(rules, shoe, exact=False), args.repeat, 1000),
        "pairs": best_ms(lambda: analyze(pair_rules, shoe, exact=False), args.repeat, 1000),
        "exact": best_ms(lambda: analyze(rules, shoe), args.repeat, 5),
        "sides": best_ms(lambda: fresh(sides, shoe, False), args.repeat, 200),
        "sides-exact": best_ms(lambda: fresh(sides, shoe, True), args.repeat, 5),
    }
    timings["naive"] = best_ms(lambda: naive_probabilities(shoe.points), 2, 1)
    naive = naive_probabilities(shoe.points)

    exact = analyze(rules, shoe)
    assert naive == (
        exact.probability["player"],
        exact.probability["banker"],
        exact.probability["tie"],
    )  # type: ignore[index]
    edge = float(exact.bets[BetKind.BANKER].house_edge)

    print(f"Full 8-deck shoe, Banker edge {edge:.6%} (naive enumeration agrees exactly)")
    print(f"{'path':<12}{'ms':>12}{'naive / path':>16}")
    for name, ms in timings.items():
        print(f"{name:<12}{ms:>12.4f}{timings['naive'] / ms:>16.0f}x")
    print(f"exact / float: {timings['exact'] / timings['float']:.0f}x")


if __name__ == "__main__":
    main()
