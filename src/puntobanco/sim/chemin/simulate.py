"""Chemin de fer simulated: seeded shoes dealt with both sides playing chosen strategies.

The library entry point behind ``puntobanco simulate --variant chemin-de-fer``.
The cards are Punto Banco's seeded shoes (shoe ``k`` shuffled by
``Xoshiro256StarStar.for_shoe(seed, k)``, the same burn and cut card); the
choices come from a stream of their own, never from the shoe's cards, so that a
strategy changes which cards a round takes but never the order of the shoe.

The choice stream, exactly
--------------------------
Round ``r`` (1 for a shoe's first round; in reshuffle mode every round is
round 1 of its own shoe) of shoe ``k`` under ``seed`` has its own xoshiro256**
generator, seeded as :mod:`puntobanco.core.rng` seeds a shoe's but from the
SplitMix64 state ``x = seed ^ CHOICE_KEY ^ mix64(mix64(k + 0x9E3779B97F4A7C15)
+ r)`` (all mod 2**64; ``CHOICE_KEY`` is ``0x4348454D494E2121``, "CHEMIN!!"):
the four state words are the next four SplitMix64 outputs, and bounded draws
are :class:`~puntobanco.core.rng.Xoshiro256StarStar`'s ``randbelow``. At each
choice point of the round, the Player's first, a mixed probability ``a/b``
draws when ``randbelow(b) < a``; a certain choice takes no number. The
reference (:mod:`puntobanco.sim.chemin.reference`) and the numba kernel
(:mod:`puntobanco.sim.chemin.kernels`) implement it alike, so a seed gives the
same tallies in both.

Probabilities are drawn with denominators below 2**32. A solver's mix with a
larger denominator (the 8-deck free Banker's at 6/stood) is played as its
closest fraction below that bound (:func:`playable`: off by less than 1e-18)
and reported as played; the exact figures are those of the strategy played.

>>> from puntobanco.core.rules import RULE_CARD, Rules, Variant
>>> rules = Rules(variant=Variant.CHEMIN_DE_FER)
>>> strategy = named_strategy(rules, RULE_CARD, player="draw5", banker="tableau")
>>> result = simulate_chemin(rules, strategy, hands=200, seed=1, backend="reference")
>>> result.hands, result.banker + result.player + result.tie
(200, 200)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from puntobanco.analysis.chemin.solver import Evaluation, evaluate_chemin, solve_chemin
from puntobanco.analysis.shoe import ShoeCounts
from puntobanco.core.choices import Strategy, cell_name
from puntobanco.core.errors import BaccaratError
from puntobanco.core.rng import MASK32, MAX_SEED
from puntobanco.core.rules import (
    BANKER_CHOICE_TOTALS,
    PLAYER_OPTION_TOTALS,
    BankerRule,
    Rules,
)
from puntobanco.core.streams import SIMULATION_CHOICE_KEY, simulation_choice_stream
from puntobanco.core.tableau import PLAYER_STOOD
from puntobanco.sim import stats

#: See the module docstring (:data:`~puntobanco.core.streams.SIMULATION_CHOICE_KEY`, "CHEMIN!!").
CHOICE_KEY = SIMULATION_CHOICE_KEY
#: The most rounds one run may ask for: the tallies are int64.
MAX_HANDS = 10**18
#: The names of the tally's bins, in order.
TALLY_NAMES: tuple[str, ...] = (
    "banker_wins",
    "player_wins",
    "ties",
    "player_options",
    "player_drew",
    "banker_options",
    "banker_drew",
    "cards_dealt",
)

Tally = npt.NDArray[np.int64]


class ChoiceBackend(StrEnum):
    """Where the Chemin de fer rounds are dealt."""

    REFERENCE = "reference"
    CPU = "cpu"


class PlayerPlay(StrEnum):
    """The Player's play on 5 by name."""

    STAND5 = "stand5"
    DRAW5 = "draw5"
    OPTIMAL = "optimal"


class BankerPlay(StrEnum):
    """The Banker's play in his free cells by name."""

    OPTIMAL = "optimal"
    """The equilibrium of the solver for the full shoe."""
    TABLEAU = "tableau"
    """Punto Banco's tableau in every free cell."""


class ChoiceSimulationError(BaccaratError, ValueError):
    """A Chemin de fer simulation asked for with arguments it cannot run with.

    Codes: ``count``, ``seed``, ``backend``, ``player_strategy``,
    ``banker_strategy``, each with ``value`` and (but ``count``) ``allowed``.
    """


#: The generator of the choices of round ``round_in_shoe`` of shoe ``shoe_index``
#: (:func:`~puntobanco.core.streams.simulation_choice_stream`; the kernel draws the same).
choice_stream = simulation_choice_stream


def playable(strategy: Strategy) -> Strategy:
    """``strategy`` with each probability drawable by ``randbelow`` (a denominator below 2**32).

    A probability whose denominator is larger becomes the closest fraction
    with a smaller one; the others are kept exactly.

    >>> from puntobanco.core.rules import RULE_CARD
    >>> s = Strategy.make(RULE_CARD, player_draw="1/4294967311", banker_draw={"3/9": 1, "5/4": 0})
    >>> playable(s).player_draw
    Fraction(1, 4294967295)
    """

    def drawable(p: Fraction) -> Fraction:
        return p if p.denominator <= MASK32 else p.limit_denominator(MASK32)

    return Strategy.make(
        strategy.banker_rule,
        player_draw=drawable(strategy.player_draw),
        banker_draw={cell: drawable(p) for cell, p in strategy.banker.items()},
    )


def _refuse(code: str, value: str, allowed: tuple[str, ...]) -> ChoiceSimulationError:
    return ChoiceSimulationError(
        f"unknown {code.replace('_', ' ')} {value!r}: choose one of {', '.join(allowed)}",
        code=code,
        value=value,
        allowed=", ".join(allowed),
    )


def _full_shoe(rules: Rules) -> ShoeCounts:
    return ShoeCounts.full(rules.decks)


def named_strategy(rules: Rules, banker_rule: BankerRule, *, player: str, banker: str) -> Strategy:
    """Both sides' play from their names (:class:`PlayerPlay`, :class:`BankerPlay`), playable.

    ``optimal`` is the solver's equilibrium for a full shoe of ``rules``' decks,
    whatever the shoe mode: a cut-card shoe is not solved again round by round.

    Raises:
        ChoiceSimulationError: An unknown name (``player_strategy``,
            ``banker_strategy``), naming the known ones.
    """
    try:
        player_play = PlayerPlay(player)
    except ValueError:
        raise _refuse("player_strategy", str(player), tuple(PlayerPlay)) from None
    try:
        banker_play = BankerPlay(banker)
    except ValueError:
        raise _refuse("banker_strategy", str(banker), tuple(BankerPlay)) from None
    equilibrium: Strategy | None = None
    if player_play is PlayerPlay.OPTIMAL or banker_play is BankerPlay.OPTIMAL:
        equilibrium = solve_chemin(
            _full_shoe(rules),
            banker_rule=banker_rule,
            commission=rules.banker_commission,
            tableau=rules.tableau,
        ).strategy()
    if player_play is PlayerPlay.OPTIMAL:
        assert equilibrium is not None
        player_draw = equilibrium.player_draw
    else:
        player_draw = Fraction(int(player_play is PlayerPlay.DRAW5))
    if banker_play is BankerPlay.OPTIMAL:
        assert equilibrium is not None
        banker_draw = dict(equilibrium.banker)
    else:
        banker_draw = {
            cell: Fraction(int(rules.tableau.banker_draws(*cell))) for cell in banker_rule.cells
        }
    return playable(Strategy.make(banker_rule, player_draw=player_draw, banker_draw=banker_draw))


@dataclass(frozen=True, slots=True)
class StrategyArrays:
    """A strategy and the tableau as the kernel reads them.

    For every Player total ``t`` (``player_num[t] / player_den[t]``) and every
    Banker cell ``total * 11 + third`` (column 10: the Player stood), the
    probability of drawing as a numerator and a denominator below 2**32; the
    cells without a choice hold the tableau's 0 or 1 over 1. ``*_free`` marks
    the choice points (to count the decisions).
    """

    naturals: np.ndarray
    player_num: np.ndarray
    player_den: np.ndarray
    player_free: np.ndarray
    banker_num: np.ndarray
    banker_den: np.ndarray
    banker_free: np.ndarray

    @classmethod
    def of(cls, rules: Rules, strategy: Strategy) -> StrategyArrays:
        """Encode ``strategy`` (made :func:`playable` first) under ``rules``' tableau."""
        strategy = playable(strategy)
        tableau = rules.tableau
        columns = PLAYER_STOOD + 1
        player = [Fraction(int(tableau.player_draws(t))) for t in range(10)]
        player_free = [t in PLAYER_OPTION_TOTALS for t in range(10)]
        for t in PLAYER_OPTION_TOTALS:
            player[t] = strategy.player_draw
        banker: list[Fraction] = []
        banker_free: list[bool] = []
        for total in range(10):
            for third in range(columns):
                free = total in BANKER_CHOICE_TOTALS and strategy.banker_rule.is_free(total, third)
                banker_free.append(free)
                if free:
                    banker.append(strategy.banker_draw(total, third))
                else:
                    banker.append(Fraction(int(tableau.banker_draws(total, third))))
        return cls(
            naturals=np.asarray(tableau.naturals, dtype=np.bool_),
            player_num=np.asarray([p.numerator for p in player], dtype=np.int64),
            player_den=np.asarray([p.denominator for p in player], dtype=np.int64),
            player_free=np.asarray(player_free, dtype=np.bool_),
            banker_num=np.asarray([p.numerator for p in banker], dtype=np.int64),
            banker_den=np.asarray([p.denominator for p in banker], dtype=np.int64),
            banker_free=np.asarray(banker_free, dtype=np.bool_),
        )

    def args(self) -> tuple[np.ndarray, ...]:
        """The arrays in the kernels' argument order."""
        return (
            self.naturals,
            self.player_num,
            self.player_den,
            self.player_free,
            self.banker_num,
            self.banker_den,
            self.banker_free,
        )


@dataclass(frozen=True, slots=True)
class ChoiceSimulation:
    """The result of a Chemin de fer run.

    Attributes:
        rules: The game (its shoe, tableau and commission).
        strategy: The strategy both sides played (playable).
        player_play: The Player's play by name.
        banker_play: The Banker's play by name.
        seed: The seed.
        backend: Where the rounds were dealt.
        tally: The counts, in the order of :data:`TALLY_NAMES`.
        shoes: Shoes started (the last one may have been cut off).
        seconds: Time spent dealing (compilation excluded).
        exact: The exact figures of the strategy for a full shoe.
        interrupted: Stopped early (Ctrl-C): the tally holds the rounds dealt by then.
    """

    rules: Rules
    strategy: Strategy
    player_play: str
    banker_play: str
    seed: int
    backend: ChoiceBackend
    tally: Tally
    shoes: int
    seconds: float
    exact: Evaluation
    interrupted: bool = False

    @property
    def hands(self) -> int:
        """Rounds dealt."""
        return int(self.tally[0] + self.tally[1] + self.tally[2])

    @property
    def banker(self) -> int:
        """Banker wins."""
        return int(self.tally[0])

    @property
    def player(self) -> int:
        """Player wins."""
        return int(self.tally[1])

    @property
    def tie(self) -> int:
        """Ties."""
        return int(self.tally[2])

    @property
    def hands_per_second(self) -> float:
        """Rounds dealt per second of dealing."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def outcome_estimates(self) -> dict[str, stats.Estimate]:
        """Each outcome's frequency, with its standard error and the exact probability."""
        exact = {
            "banker": self.exact.banker_wins,
            "player": self.exact.player_wins,
            "tie": self.exact.tie,
        }
        counts = {"banker": self.banker, "player": self.player, "tie": self.tie}
        n = self.hands
        return {
            name: stats.estimate({Fraction(1): count, Fraction(0): n - count}, exact[name])
            for name, count in counts.items()
        }

    def banker_net(self) -> dict[str, stats.Estimate]:
        """The Banker's net per unit of the bank, without and with the commission."""
        keep = 1 - self.rules.banker_commission
        return {
            "no_commission": stats.estimate(
                {Fraction(1): self.banker, Fraction(-1): self.player, Fraction(0): self.tie},
                self.exact.value,
            ),
            "after_commission": stats.estimate(
                {keep: self.banker, Fraction(-1): self.player, Fraction(0): self.tie},
                self.exact.banker_after_commission,
            ),
        }

    def to_json(self) -> dict[str, Any]:
        """Everything about the run as a JSON-ready dict (the ``--json`` output)."""
        counts = {name: int(v) for name, v in zip(TALLY_NAMES, self.tally, strict=True)}
        return {
            "variant": self.rules.variant.value,
            "hands": self.hands,
            "interrupted": self.interrupted,
            "banker": self.banker,
            "player": self.player,
            "tie": self.tie,
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
            "backend": self.backend.value,
            "seed": self.seed,
            "shoes": self.shoes,
            "decks": self.rules.decks,
            "shoe_mode": self.rules.shoe_mode.value,
            "banker_rule": self.strategy.banker_rule.name,
            "player_strategy": self.player_play,
            "banker_strategy": self.banker_play,
            "strategy": self.strategy.to_json(),
            # What the tableau does in each free cell, to set the strategy beside it.
            "tableau_draw": {
                cell_name(cell): str(int(self.rules.tableau.banker_draws(*cell)))
                for cell in self.strategy.banker_rule.cells
            },
            "choices": {
                "player_on_5": counts["player_options"],
                "player_drew_on_5": counts["player_drew"],
                "banker_free_cells": counts["banker_options"],
                "banker_drew_in_free_cells": counts["banker_drew"],
            },
            "cards_dealt": counts["cards_dealt"],
            "outcomes": {name: e.as_json() for name, e in self.outcome_estimates().items()},
            "commission": str(self.rules.banker_commission),
            "banker_net": {name: e.as_json() for name, e in self.banker_net().items()},
            "exact": {
                "banker": str(self.exact.banker_wins),
                "player": str(self.exact.player_wins),
                "tie": str(self.exact.tie),
                "value": str(self.exact.value),
                "banker_after_commission": str(self.exact.banker_after_commission),
            },
            "exact_basis": "full shoe",
        }


def _check(hands: int, seed: int, backend: str) -> ChoiceBackend:
    if isinstance(hands, bool) or not isinstance(hands, int) or not 1 <= hands <= MAX_HANDS:
        raise ChoiceSimulationError(
            f"hands must be a whole number from 1 to {MAX_HANDS:,}, got {hands!r}",
            code="count",
            name="hands",
            value=repr(hands),
            maximum=MAX_HANDS,
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ChoiceSimulationError(
            f"seed must be a whole number from 0 to {MAX_SEED}, got {seed!r}",
            code="seed",
            value=repr(seed),
        )
    try:
        return ChoiceBackend(backend)
    except ValueError:
        raise _refuse("backend", str(backend), tuple(ChoiceBackend)) from None


#: Rounds (at most) one call into the parallel kernel deals when a run reports its
#: progress or may be stopped: a fraction of a second, so a bar moves and Ctrl-C answers.
STEP_ROUNDS = 4_000_000


def tally_chemin_numba(
    rules: Rules,
    strategy: Strategy,
    *,
    seed: int,
    hands: int,
    progress: Callable[[int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> tuple[Tally, int]:
    """Deal exactly ``hands`` rounds with the numba kernel; the tally and the shoes started.

    Whole shoes go to the parallel kernel while they surely fit in the rounds
    still wanted (a shoe gives at most ``cards // 4`` rounds); then shoe after
    shoe on one thread, the last cut off. The same rounds as the reference.

    With ``progress`` or ``should_stop``, the whole shoes go in steps of about
    :data:`STEP_ROUNDS` rounds; each shoe is dealt from its own index, so the
    tally is the same either way. When ``should_stop`` answers true between two
    steps, the shoes finished so far are returned (fewer than ``hands`` rounds).
    """
    from puntobanco.sim import encode, kernels
    from puntobanco.sim.chemin import kernels as chemin_kernels

    k: Any = chemin_kernels  # numba's dispatchers, untyped

    shoe = encode.layout(rules)
    template = np.zeros(shoe.cards + kernels.SLACK, dtype=np.uint8)
    template[: shoe.cards] = encode.unshuffled_codes(shoe.decks)
    cut_index = -1 if shoe.reshuffle else shoe.cut_index
    arrays = StrategyArrays.of(rules, strategy).args()
    seed64 = np.uint64(seed)
    total = np.zeros(k.TALLY, dtype=np.int64)
    started = 0
    whole = hands // shoe.max_rounds_per_shoe
    watched = progress is not None or should_stop is not None
    step = max(1, STEP_ROUNDS // shoe.max_rounds_per_shoe) if watched else max(whole, 1)
    if whole:
        import numba

        threads = int(numba.get_num_threads())
    while started < whole:
        count = min(step, whole - started)
        chunks = max(1, min(threads * 8, count // 16))
        total += k.tally_range_parallel(
            seed64, started, count, template, cut_index, shoe.burn, shoe.reshuffle, *arrays, chunks
        )
        started += count
        if progress is not None:
            progress(int(total[0] + total[1] + total[2]))
        if should_stop is not None and should_stop():
            return total, started
    while int(total[0] + total[1] + total[2]) < hands:
        left = hands - int(total[0] + total[1] + total[2])
        k.tally_range(
            total, seed64, started, 1, template, cut_index, shoe.burn, shoe.reshuffle,
            left, *arrays,
        )  # fmt: skip
        started += 1
    return total, started


def warm_up(rules: Rules, strategy: Strategy) -> None:
    """Compile (or load from the cache) the kernels, so that timings leave compilation out."""
    small = rules.replace(decks=1)
    tally_chemin_numba(small, strategy, seed=0, hands=small.cards // 4 + 1)


def simulate_chemin(
    rules: Rules,
    strategy: Strategy,
    *,
    hands: int,
    seed: int = 0,
    backend: str = "cpu",
    player_play: str = "",
    banker_play: str = "",
    progress: Callable[[int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> ChoiceSimulation:
    """Deal exactly ``hands`` rounds of Chemin de fer with ``strategy`` and tally them.

    Args:
        rules: The shoe (decks, cut card or reshuffle, burn), tableau and commission.
        strategy: Both sides' play (see :func:`named_strategy`); made :func:`playable`.
        hands: Rounds to deal.
        seed: 0 to 2**64 - 1; the same seed gives the same tally in both backends.
        backend: ``reference`` (the core engine) or ``cpu`` (the numba kernel).
        player_play: The Player's play by name, for the report.
        banker_play: The Banker's play by name, for the report.
        progress: Called now and then with the rounds dealt so far.
        should_stop: Polled now and then; when it answers true the run stops
            and the result holds the rounds dealt so far (``interrupted``).

    Raises:
        ChoiceSimulationError: Bad arguments (``count``, ``seed``, ``backend``).
    """
    chosen = _check(hands, seed, backend)
    strategy = playable(strategy)
    if chosen is ChoiceBackend.REFERENCE:
        from puntobanco.sim.chemin.reference import tally_chemin_reference

        started = time.perf_counter()
        tally, shoes = tally_chemin_reference(
            rules, strategy, seed=seed, hands=hands, progress=progress, should_stop=should_stop
        )
    else:
        warm_up(rules, strategy)
        started = time.perf_counter()
        tally, shoes = tally_chemin_numba(
            rules, strategy, seed=seed, hands=hands, progress=progress, should_stop=should_stop
        )
    seconds = time.perf_counter() - started
    exact = evaluate_chemin(
        strategy,
        _full_shoe(rules),
        commission=rules.banker_commission,
        tableau=rules.tableau,
    )
    return ChoiceSimulation(
        rules=rules,
        strategy=strategy,
        player_play=player_play,
        banker_play=banker_play,
        seed=seed,
        backend=chosen,
        tally=tally,
        shoes=shoes,
        seconds=seconds,
        exact=exact,
        interrupted=int(tally[0] + tally[1] + tally[2]) < hands,
    )


__all__ = [
    "CHOICE_KEY",
    "TALLY_NAMES",
    "BankerPlay",
    "ChoiceBackend",
    "ChoiceSimulation",
    "ChoiceSimulationError",
    "PlayerPlay",
    "StrategyArrays",
    "choice_stream",
    "named_strategy",
    "playable",
    "simulate_chemin",
    "tally_chemin_numba",
]
