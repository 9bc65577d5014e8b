"""The reference simulator: the core engine itself, one coup at a time (the oracle).

It deals exactly as a player would see it: one :class:`~puntobanco.core.shoe.Shoe`
fed by :class:`~puntobanco.core.rng.SeededSource`, shoe after shoe in index
order, each round through :func:`~puntobanco.core.coup.play_coup` under the
rules' own tableau (``Shoe`` passes ``rules.tableau``). Slow (tens
of thousands of rounds a second) and obviously right; every fast backend must
give the same tallies for the same seed.

>>> from puntobanco.core.rules import Rules
>>> tallies, shoes = tally_reference(Rules(), seed=1, hands=100)
>>> rounds(tallies), shoes
(100, 2)
"""

from __future__ import annotations

from collections.abc import Callable

from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import Rules
from puntobanco.core.shoe import Shoe
from puntobanco.sim.tallies import Tallies, add_coup, empty, needs_pair_classes, rounds

__all__ = ["add_coup", "rounds", "tally_reference"]

#: Rounds between two looks at the progress callback and the stop flag.
CHECK_EVERY = 2048


def tally_reference(
    rules: Rules,
    *,
    seed: int,
    hands: int | None = None,
    shoes: int | None = None,
    progress: Callable[[int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    pair_classes: bool | None = None,
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
        pair_classes: Count the full pair classes too; by default when the
            rules offer a bet that needs them (as every backend does).

    Returns:
        The tallies and the number of shoes started.
    """
    if (hands is None) == (shoes is None):
        raise ValueError("give exactly one of hands and shoes")
    if pair_classes is None:
        pair_classes = needs_pair_classes(rules)
    shoe = Shoe(rules, SeededSource(seed))
    tallies = empty()
    finished_shoes = 0
    dealt = 0
    while (hands is not None and dealt < hands) or (shoes is not None and finished_shoes < shoes):
        result = shoe.deal_coup()
        add_coup(tallies, result, pair_classes)
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
