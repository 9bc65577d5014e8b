"""The reference simulator: the core engine itself, one coup at a time (the oracle).

It deals exactly as a player would see it: one :class:`~puntobanco.core.shoe.Shoe`
fed by :class:`~puntobanco.core.rng.SeededSource`, shoe after shoe in index
order, each round through :func:`~puntobanco.core.coup.play_coup`. Slow (tens
of thousands of rounds a second) and obviously right; every fast backend must
give the same tallies for the same seed.

>>> from puntobanco.core.rules import Rules
>>> tallies, shoes = tally_reference(Rules(), seed=1, hands=100)
>>> int(tallies[ROUNDS]), shoes
(100, 2)
"""

from __future__ import annotations

from collections.abc import Callable

from puntobanco.core.coup import CoupResult, Outcome
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import Rules
from puntobanco.core.shoe import Shoe
from puntobanco.sim.tallies import (
    BANKER_NATURALS,
    BANKER_PAIRS,
    BANKER_WINS,
    BANKER_WINS_ON_SIX,
    FOUR_CARD_ROUNDS,
    PLAYER_NATURALS,
    PLAYER_PAIRS,
    PLAYER_WINS,
    ROUNDS,
    TIES,
    Tallies,
    empty,
)

__all__ = ["ROUNDS", "add_coup", "tally_reference"]

#: Rounds between two looks at the progress callback and the stop flag.
CHECK_EVERY = 2048


def add_coup(tallies: Tallies, result: CoupResult) -> None:
    """Count one coup into ``tallies`` (the layout of :mod:`puntobanco.sim.tallies`)."""
    tallies[ROUNDS] += 1
    if result.outcome is Outcome.PLAYER:
        tallies[PLAYER_WINS] += 1
    elif result.outcome is Outcome.BANKER:
        tallies[BANKER_WINS] += 1
        if result.banker_total == 6:
            tallies[BANKER_WINS_ON_SIX] += 1
    else:
        tallies[TIES] += 1
    tallies[PLAYER_NATURALS] += result.player_natural
    tallies[BANKER_NATURALS] += result.banker_natural
    tallies[PLAYER_PAIRS] += result.player_pair
    tallies[BANKER_PAIRS] += result.banker_pair
    tallies[FOUR_CARD_ROUNDS + result.card_count - 4] += 1


def tally_reference(
    rules: Rules,
    *,
    seed: int,
    hands: int | None = None,
    shoes: int | None = None,
    progress: Callable[[int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> tuple[Tallies, int]:
    """Deal ``hands`` rounds (or ``shoes`` whole shoes) from shoe 0 on, with the core engine.

    Args:
        rules: The game.
        seed: The simulation seed (shoe ``k`` is shuffled by
            ``Xoshiro256StarStar.for_shoe(seed=seed, shoe_index=k)``).
        hands: Rounds to deal; the last shoe is cut off after the last of them.
        shoes: Whole shoes to deal instead (exactly one of ``hands`` and ``shoes``).
        progress: Called now and then with the rounds dealt so far.
        should_stop: Polled now and then; when it returns true the run stops
            after the current round and the partial tallies are returned.

    Returns:
        The tallies and the number of shoes started.
    """
    if (hands is None) == (shoes is None):
        raise ValueError("give exactly one of hands and shoes")
    shoe = Shoe(rules, SeededSource(seed))
    tallies = empty()
    finished_shoes = 0
    dealt = 0
    while (hands is not None and dealt < hands) or (shoes is not None and finished_shoes < shoes):
        result = shoe.deal_coup()
        add_coup(tallies, result)
        dealt += 1
        finished_shoes += result.last_in_shoe
        if dealt % CHECK_EVERY == 0:
            if progress is not None:
                progress(dealt)
            if should_stop is not None and should_stop():
                break
    if progress is not None:
        progress(dealt)
    return tallies, shoe.shoe_index + 1
