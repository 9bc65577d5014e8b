"""Time the Chemin de fer and Banque solvers on full shoes, beside Punto Banco's exact odds.

    PYTHONPATH=src python bench/bench_solve.py [--repeat N]

Paths timed (one core; numba's compilation is done, and cached, before timing):

* exact: ``solve_chemin`` in Fractions (the pure-Python integer walk, then the
  exact solution), for the rule card and for the free Banker (target: 2 s);
* float: ``solve_chemin_float``, the compiled walk and the solution in floats
  (target: 50 ms), and the compiled walk alone;
* through a shoe: the float path re-solved for the unseen cards after every
  round of a seeded 6-deck shoe dealt to its cut card (mean and worst round);
* Banque: ``solve_banque_shoe`` for full 8- and 6-deck shoes without
  replacement, exact (the compiled walk modulo primes, the Chemin de fer
  mix for the shoe, the Banker's best reply in Fractions), free Banker;
* baseline: ``exact_distribution``, Punto Banco's exact odds for the same shoe
  (the same kind of walk, with no choices), in the same run, so the ratios
  say what the choices cost whatever the machine.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from puntobanco.analysis.banque.shoe import solve_banque_shoe
from puntobanco.analysis.banque.walk import warm_up as warm_up_banque
from puntobanco.analysis.chemin.solver import solve_chemin
from puntobanco.analysis.chemin.walk import float_tally, solve_chemin_float, warm_up
from puntobanco.analysis.exact import exact_distribution
from puntobanco.analysis.shoe import ShoeCounts
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import FREE_BANKER, RULE_CARD, Rules
from puntobanco.core.shoe import Shoe


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def through_a_shoe(seed: int = 1) -> tuple[int, float, float]:
    """Re-solve (float) for the unseen cards after every round of one shoe: rounds, mean, worst."""
    rules = Rules(decks=6)
    shoe = Shoe(rules, SeededSource(seed))
    counts = list(ShoeCounts.full(6).points)
    times: list[float] = []
    last = False
    while not last:
        result = shoe.deal_coup()
        last = result.last_in_shoe
        for card in result.cards:
            counts[card.points] -= 1
        if result.burn is not None:
            for card in (result.burn.shown, *result.burn.face_down):
                counts[card.points] -= 1
        if sum(counts) < 6:
            break
        start = time.perf_counter()
        solve_chemin_float(tuple(counts), banker_rule=FREE_BANKER)
        times.append(time.perf_counter() - start)
    return len(times), sum(times) / len(times), max(times)


def main() -> None:
    """Print each path's time and its ratio to the baseline."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    shoe = ShoeCounts.full(6)
    points = shoe.points
    warm_up()
    warm_up_banque()
    baseline = best_of(repeat, lambda: exact_distribution(points))
    rows = [
        ("exact, rule card", best_of(repeat, lambda: solve_chemin(shoe, banker_rule=RULE_CARD))),
        (
            "exact, free Banker",
            best_of(repeat, lambda: solve_chemin(shoe, banker_rule=FREE_BANKER)),
        ),
        ("float, rule card", best_of(repeat, lambda: solve_chemin_float(points))),
        (
            "float, free Banker",
            best_of(repeat, lambda: solve_chemin_float(points, banker_rule=FREE_BANKER)),
        ),
        ("compiled walk alone", best_of(repeat, lambda: float_tally(points))),
        (
            "Banque exact, 8 decks, free Banker",
            best_of(repeat, lambda: solve_banque_shoe(ShoeCounts.full(8))),
        ),
        ("Banque exact, 6 decks, free Banker", best_of(repeat, lambda: solve_banque_shoe(shoe))),
    ]
    print(f"Full 6-deck shoe ({shoe.cards} cards) unless said, best of {repeat}:")
    print(f"  {'baseline: Punto Banco exact odds':36} {baseline * 1000:9.2f} ms   1.00x")
    for name, seconds in rows:
        print(f"  {name:36} {seconds * 1000:9.2f} ms  {seconds / baseline:5.2f}x")
    rounds, mean, worst = through_a_shoe()
    print(
        f"Through a seeded 6-deck shoe, float, free Banker, after each of {rounds} rounds: "
        f"mean {mean * 1000:.2f} ms, worst {worst * 1000:.2f} ms "
        f"({mean / baseline:.3f}x the baseline)"
    )
    print("Targets: exact <= 2000 ms, float <= 50 ms.")


if __name__ == "__main__":
    main()
