"""The advantage study's per-round pricing: float path vs recomputing in Fractions.

Prices every studied side bet (all-side-bets, 8 decks) for the unseen cards of
the rounds of one seeded shoe, both ways, and prints the time per round:
``python bench/bench_advantage.py``.
"""

from __future__ import annotations

import time

import numpy as np

from puntobanco.analysis.kernels import float_summary
from puntobanco.analysis.odds import analyze
from puntobanco.analysis.pairs import spread_suits
from puntobanco.analysis.shoe import SUIT_ORDER, ShoeCounts
from puntobanco.core.rng import SeededSource
from puntobanco.core.shoe import Shoe
from puntobanco.sim.advantage import counts_for, make_plan, seeded_shoe, study_rules
from puntobanco.sim.advantage_kernels import pair_class_probabilities_nb

EXACT_ROUNDS = 5


def compositions(seed: int = 1) -> list[list[int]]:
    rules = study_rules(8)
    shoe = Shoe(rules, SeededSource(seed), first_shoe=0)
    burn = shoe.shuffle()
    unseen = list(spread_suits([32] * 13))
    seen = [burn.shown] if burn is not None else []
    out = []
    while True:
        for card in seen:
            unseen[(int(card.rank) - 1) * 4 + SUIT_ORDER.index(card.suit)] -= 1
        out.append(list(unseen))
        result = shoe.deal_coup()
        if result.last_in_shoe:
            return out
        seen = list(result.cards)


def main() -> None:
    rules = study_rules(8)
    plan = make_plan(rules, counts_for(8))
    seeded_shoe(plan, 1, 0)  # compile
    shoes = compositions()
    t0 = time.perf_counter()
    for cards in shoes:
        arr = np.array(cards, dtype=np.int64)
        points = np.zeros(10, dtype=np.int64)
        for i, c in enumerate(cards):
            rank = i // 4 + 1
            points[rank if rank < 10 else 0] += c
        shapes = float_summary(points, rules.tableau)[0]
        plan.shape_nets @ shapes
        plan.pair_nets @ pair_class_probabilities_nb(arr)
    float_s = (time.perf_counter() - t0) / len(shoes)
    t0 = time.perf_counter()
    for cards in shoes[:EXACT_ROUNDS]:
        analyze(rules, ShoeCounts.from_card_tuple(cards), exact=True)
    exact_s = (time.perf_counter() - t0) / EXACT_ROUNDS
    t0 = time.perf_counter()
    n = sum(len(seeded_shoe(plan, 1, k).edges) for k in range(5))
    round_s = (time.perf_counter() - t0) / n
    print(f"float path, every studied bet: {float_s * 1e3:.3f} ms per round ({len(shoes)} rounds)")
    print(
        f"exact Fractions (analyze):     {exact_s * 1e3:.1f} ms per round ({EXACT_ROUNDS} rounds)"
    )
    print(f"ratio: {exact_s / float_s:,.0f}x")
    print(f"a study round (price, count, deal, settle): {round_s * 1e3:.3f} ms ({n} rounds)")


if __name__ == "__main__":
    main()
