"""The Chemin de fer reference simulator: the core engine, one coup at a time, with choices.

Each shoe is :class:`~puntobanco.core.shoe.Shoe`'s seeded shoe, its procedure
run as :meth:`~puntobanco.core.shoe.Shoe.deal_coup` runs it (burn, cut card,
one more round), and each round is :func:`~puntobanco.core.coup.play_coup_from`
asking the strategy at its choice points, its mixed choices drawn from the
round's own stream (:func:`puntobanco.core.streams.simulation_choice_stream`). Slow and
obviously right: the numba kernel must give the same tally for the same seed.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from puntobanco.core.choices import PLAYER, ChoicePoint, Choices, Decide, Strategy
from puntobanco.core.coup import Outcome, play_coup_from
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import Rules, ShoeMode
from puntobanco.core.shoe import Shoe
from puntobanco.core.streams import simulation_choice_stream
from puntobanco.sim.chemin.simulate import TALLY_NAMES, Tally

_BIN = {name: i for i, name in enumerate(TALLY_NAMES)}
_OUTCOME_BIN = {
    Outcome.BANKER: _BIN["banker_wins"],
    Outcome.PLAYER: _BIN["player_wins"],
    Outcome.TIE: _BIN["ties"],
}


#: Rounds between two calls of ``progress`` and ``should_stop``.
STEP_ROUNDS = 2_000


def tally_chemin_reference(
    rules: Rules,
    strategy: Strategy,
    *,
    seed: int,
    hands: int,
    progress: Callable[[int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> tuple[Tally, int]:
    """Deal ``hands`` rounds from shoe 0 on with the core engine; the tally and the shoes started.

    ``strategy`` must be playable (:func:`puntobanco.sim.chemin.simulate.playable`).
    Every :data:`STEP_ROUNDS` rounds ``progress`` hears the rounds dealt, and a
    true ``should_stop`` ends the run there (fewer than ``hands`` rounds).
    """
    shoe = Shoe(rules, SeededSource(seed))
    tally = np.zeros(len(TALLY_NAMES), dtype=np.int64)
    reshuffle = rules.shoe_mode is ShoeMode.RESHUFFLE
    rule = strategy.banker_rule
    needs_new_shoe = True
    round_in_shoe = 0
    for dealt in range(hands):
        if dealt and dealt % STEP_ROUNDS == 0:
            if progress is not None:
                progress(dealt)
            if should_stop is not None and should_stop():
                break
        if needs_new_shoe:
            shoe.shuffle()
            round_in_shoe = 0
        # As Shoe.deal_coup: a round is the shoe's last when the cut card was out as it began.
        last = shoe.cut_card_out or reshuffle
        round_in_shoe += 1
        decide = strategy.decider(simulation_choice_stream(seed, shoe.shoe_index, round_in_shoe))

        def counted(point: ChoicePoint, decide: Decide = decide) -> bool:
            draws = decide(point)
            side = "player" if point.side == PLAYER else "banker"
            tally[_BIN[f"{side}_options"]] += 1
            tally[_BIN[f"{side}_drew"]] += draws
            return draws

        result = play_coup_from(shoe.deal, tableau=rules.tableau, choices=Choices(rule, counted))
        tally[_OUTCOME_BIN[result.outcome]] += 1
        tally[_BIN["cards_dealt"]] += result.card_count
        needs_new_shoe = last
    return tally, shoe.shoe_index + 1
