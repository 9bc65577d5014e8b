"""Speed of the reference engine (core), beside a naive baseline in the same run.

    PYTHONPATH=src python bench/bench_core.py [--rounds 200000] [--repeat 3]

Measures rounds per second of:

* ``naive``: the floor for pure Python - point values only, the standard
  library's ``random`` for the shuffle, a coup as a few integer comparisons,
  no cards, no events, no results kept;
* ``play_coup``: the reference engine on cards already shuffled (no RNG);
* ``shoe``: the library API end to end - ``Shoe`` + ``SeededSource`` +
  ``deal_coup``: xoshiro256** shuffling, burn, cut card, full ``CoupResult``
  with its events, exactly what the statistical test and the reference
  simulator run.

The machines are shared and noisy: time is the process's CPU time
(``time.process_time``, so waiting for a core does not count), the best of
``--repeat`` runs is kept, and the ratios to the naive baseline are what to
compare between runs.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from puntobanco.core.cards import unshuffled
from puntobanco.core.coup import play_coup
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import Rules
from puntobanco.core.shoe import Shoe

# The Banker's rule by the Player's third card, for the naive baseline only.
_BANKER_LIMIT = {None: 5, 0: 3, 1: 3, 2: 4, 3: 4, 4: 5, 5: 5, 6: 6, 7: 6, 8: 2, 9: 3}


class _NaiveShoe:
    """Point values only; lazy Fisher-Yates with the standard library's generator."""

    def __init__(self) -> None:
        self.rng = random.Random(1)
        self.points = [min(rank, 10) % 10 for rank in range(1, 14)] * 32
        self.cards = self.points[:]
        self.i = 0

    def deal(self) -> int:
        i, cards = self.i, self.cards
        j = self.rng.randrange(i, len(cards))
        cards[i], cards[j] = cards[j], cards[i]
        self.i = i + 1
        return cards[i]


def naive(rounds: int) -> int:
    """Deal ``rounds`` coups from 8-deck shoes of point values; return the Banker wins."""
    shoe = _NaiveShoe()
    deal = shoe.deal
    banker_wins = 0
    for _ in range(rounds):
        if shoe.i > len(shoe.cards) - 20:  # a new shoe
            shoe.cards, shoe.i = shoe.points[:], 0
        # The deal order P, B, P, B does not change the totals.
        p = (deal() + deal()) % 10
        b = (deal() + deal()) % 10
        if p < 8 and b < 8:
            third = None
            if p <= 5:
                third = deal()
                p = (p + third) % 10
            if b <= _BANKER_LIMIT[third]:
                b = (b + deal()) % 10
        banker_wins += b > p
    return banker_wins


def engine_on_dealt_cards(rounds: int) -> int:
    """play_coup on six-card slices of shuffled 8-deck shoes (shuffled before timing)."""
    rng = random.Random(2)
    shoe = unshuffled(8)
    slices = []
    for _ in range(1000):
        rng.shuffle(shoe)
        slices.append(shoe[:6])
    wins = 0
    for k in range(rounds):
        wins += play_coup(slices[k % 1000]).banker_total
    return wins


def engine_with_shoe(rounds: int) -> int:
    shoe = Shoe(Rules(decks=8), SeededSource(3))
    wins = 0
    for _ in range(rounds):
        wins += shoe.deal_coup().banker_total
    return wins


def best_rate(run: Callable[[int], int], rounds: int, repeat: int) -> float:
    best = 0.0
    for _ in range(repeat):
        start = time.process_time()
        run(rounds)
        best = max(best, rounds / (time.process_time() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rates = {
        "naive": best_rate(naive, args.rounds, args.repeat),
        "play_coup": best_rate(engine_on_dealt_cards, args.rounds, args.repeat),
        "shoe": best_rate(engine_with_shoe, args.rounds, args.repeat),
    }
    print(f"rounds per run: {args.rounds:,}, best of {args.repeat} (CPU time)")
    for name, rate in rates.items():
        print(f"{name:>10}: {rate:>11,.0f} rounds/s   {rate / rates['naive']:5.2f} x naive")


if __name__ == "__main__":
    main()
