"""A round with choices, stepped: Chemin de fer's and Banque's coup as a state that awaits.

A :class:`ChoiceRound` deals up to the coup's next choice point and waits
there: :attr:`~ChoiceRound.pending` is the point awaited (``None`` once the
coup is complete, :attr:`~ChoiceRound.result` then holds it). Its actions
follow Punto Banco's :class:`~puntobanco.core.table.Table`: ``verify_*``
raises naming the problem, ``can_*`` answers ``True`` or ``False``, and the
action acts and returns an immutable record (:class:`Chosen`). Nothing here
raises to pause a coup: a driver reads ``pending`` and answers it when it can.

- :meth:`~ChoiceRound.choose` answers the pending point (a person's choice);
- :meth:`~ChoiceRound.automate` answers with a policy (the computer seats'
  play) until a point a person decides, or the end;
- :meth:`~ChoiceRound.expire` plays an unanswered point by the round's
  time-out policy: the time-out rule is the core's, the policy injected
  (the optimal one comes from the solver, in analysis);
- :meth:`~ChoiceRound.run_out` and :meth:`~ChoiceRound.play` play to the end
  (a terminal asks a callback at each point).

The coup itself is :func:`~puntobanco.core.coup.coup_steps` (or
:func:`~puntobanco.core.banque.coup.banque_steps`), the one implementation,
so a stepped round ends exactly as the one-call coup does. A round's state is
JSON (:meth:`~ChoiceRound.to_json`): its cards and its :class:`Chosen`
records; a server that stores it resumes it by dealing the same cards again
and replaying the records (:meth:`~ChoiceRound.replay`).

>>> from puntobanco.core.cards import parse_cards
>>> from puntobanco.core.rules import RULE_CARD
>>> round_ = start_chemin(draw_from(parse_cards("2c 3d 3h Ks 9h")), banker_rule=RULE_CARD)
>>> round_.pending
ChoicePoint(side='player', total=5, player_third=None)
>>> round_.can_choose(True), round_.choose(False).by
(True, <By.PLAYER: 'player'>)
>>> round_.pending is None, round_.result.banker_total
(True, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar

from puntobanco.core.banque.coup import (
    BANQUE_RULE_CARD,
    BanqueCoup,
    BanquePoint,
    BanqueRule,
    banque_steps,
)
from puntobanco.core.cards import Card
from puntobanco.core.choices import BANKER, PLAYER, ChoicePoint
from puntobanco.core.coup import Burn, CoupResult, coup_steps
from puntobanco.core.errors import InvalidRules, ShoeExhausted, WrongPhase
from puntobanco.core.rng import RandomSource, SystemSource
from puntobanco.core.rules import PLAYER_OPTION_TOTALS, BankerRule
from puntobanco.core.streams import table_choice_stream
from puntobanco.core.tableau import STANDARD, Tableau

__all__ = [
    "BANQUE",
    "CHEMIN",
    "By",
    "ChoiceRound",
    "Chosen",
    "Policy",
    "computer_policy",
    "draw_from",
    "point_from_json",
    "point_to_json",
    "start_banque",
    "start_chemin",
]

#: The games a :class:`ChoiceRound` plays (its ``game``, in its JSON).
CHEMIN = "chemin-de-fer"
BANQUE = "banque"

P = TypeVar("P", ChoicePoint, BanquePoint)
R = TypeVar("R", CoupResult, BanqueCoup)

#: What decides a choice point: ``True`` to draw (a strategy's decider, a solver's advice).
Policy = Callable[[P], bool]


class By(StrEnum):
    """Who made a choice."""

    PLAYER = "player"
    """A person answered."""
    COMPUTER = "computer"
    """A computer seat's policy played it."""
    TIMEOUT = "timeout"
    """Nobody answered in time: the round's time-out policy played it."""


def point_to_json(point: ChoicePoint | BanquePoint) -> dict[str, Any]:
    """A choice point as JSON.

    >>> point_to_json(ChoicePoint("banker", 5, 4))
    {'side': 'banker', 'total': 5, 'player_third': 4}
    """
    if isinstance(point, ChoicePoint):
        return {"side": point.side, "total": point.total, "player_third": point.player_third}
    return {"hand": point.hand, "total": point.total, "left": point.left, "right": point.right}


def _small_int(value: Any, *, optional: bool) -> bool:
    return (optional and value is None) or (type(value) is int and 0 <= value <= 11)


def point_from_json(data: Any) -> ChoicePoint | BanquePoint:
    """A choice point from :func:`point_to_json`'s JSON.

    Raises:
        InvalidRules: Not a choice point (``code="choice_point_json"``).
    """
    if isinstance(data, dict):
        total: int = data.get("total")  # type: ignore[assignment]  # checked below
        if (
            data.get("side") in (PLAYER, BANKER)
            and _small_int(total, optional=False)
            and _small_int(data.get("player_third"), optional=True)
        ):
            return ChoicePoint(data["side"], total, data.get("player_third"))
        if (
            data.get("hand") in ("right", "left", "banker")
            and _small_int(total, optional=False)
            and _small_int(data.get("left"), optional=True)
            and _small_int(data.get("right"), optional=True)
        ):
            return BanquePoint(data["hand"], total, data.get("left"), data.get("right"))
    raise InvalidRules(
        f"not a choice point: {data!r}", code="choice_point_json", value=repr(data)[:80]
    )


@dataclass(frozen=True, slots=True)
class Chosen(Generic[P]):
    """One choice made in a round: where, what, and who chose.

    Attributes:
        point: The choice point.
        draws: Whether the side drew.
        by: A person, a computer seat, or the time-out.
    """

    point: P
    draws: bool
    by: By = By.PLAYER

    def to_json(self) -> dict[str, Any]:
        """The choice as JSON.

        >>> Chosen(ChoicePoint("player", 5), True).to_json()["point"]
        {'side': 'player', 'total': 5, 'player_third': None}
        """
        return {"point": point_to_json(self.point), "draws": self.draws, "by": self.by.value}

    @staticmethod
    def from_json(data: Any) -> Chosen[Any]:
        """A choice from :meth:`to_json`'s JSON.

        Raises:
            InvalidRules: Not a recorded choice (``code="chosen_json"`` or ``"choice_point_json"``).
        """
        if (
            isinstance(data, dict)
            and type(data.get("draws")) is bool
            and data.get("by") in tuple(By)
        ):
            return Chosen(point_from_json(data.get("point")), data["draws"], By(data["by"]))
        raise InvalidRules(
            f"not a recorded choice: {data!r}", code="chosen_json", value=repr(data)[:80]
        )


_Q = TypeVar("_Q", ChoicePoint, BanquePoint, contravariant=True)


class _Strategy(Protocol[_Q]):
    def decider(self, source: RandomSource | None = None) -> Callable[[_Q], bool]: ...


def computer_policy(
    strategy: _Strategy[P], seed: int | None, shoe_index: int, round_in_shoe: int
) -> Policy[P]:
    """A strategy's play for one round, its mixed choices drawn from the core's choice stream.

    The stream is :func:`~puntobanco.core.streams.table_choice_stream`, keyed by
    (seed, shoe, round), never the shoe's cards; without a seed, the system's
    generator.
    """
    source: RandomSource = (
        SystemSource() if seed is None else table_choice_stream(seed, shoe_index, round_in_shoe)
    )
    return strategy.decider(source)


def draw_from(cards: Iterable[Card], then: Callable[[], Card] | None = None) -> Callable[[], Card]:
    """A ``draw`` for a round: ``cards`` in order (stored cards, a test's), then ``then()``.

    Raises (when called):
        ShoeExhausted: ``cards`` ran out and there is no ``then``.
    """
    source = iter(cards)
    taken = 0

    def draw() -> Card:
        nonlocal taken
        card = next(source, None)
        if card is None:
            if then is None:
                raise ShoeExhausted(
                    f"the cards ran out after {taken} of a round's cards",
                    code="shoe_exhausted",
                    dealt=taken,
                )
            card = then()
        taken += 1
        return card

    return draw


class ChoiceRound(Generic[P, R]):
    """A coup with choices, stopped at each choice point until it is answered.

    Build one with :func:`start_chemin` or :func:`start_banque` (or a shoe's
    :meth:`~puntobanco.core.shoe.Shoe.start_coup` /
    :meth:`~puntobanco.core.shoe.Shoe.start_banque`, which run the shoe's
    procedure around it). The cards up to the first choice point are dealt
    when it is built.

    Attributes:
        game: :data:`CHEMIN` or :data:`BANQUE`.
        shoe_index: The shoe's number, when dealt from a shoe.
        round_in_shoe: The round's number in the shoe, when dealt from a shoe.
        last_in_shoe: Whether the shoe is reshuffled after this round.
        burn: The shoe's burn, when this round opened the shoe.
    """

    def __init__(
        self,
        game: str,
        steps: Generator[P | R, bool, None],
        dealt: list[Card],
        *,
        on_timeout: Policy[P] | None = None,
        shoe_index: int | None = None,
        round_in_shoe: int | None = None,
        last_in_shoe: bool = False,
        burn: Burn | None = None,
    ) -> None:
        self.game = game
        self.shoe_index = shoe_index
        self.round_in_shoe = round_in_shoe
        self.last_in_shoe = last_in_shoe
        self.burn = burn
        self._steps: Generator[P | R, bool, None] = steps
        self._dealt = dealt
        self._on_timeout: Policy[P] | None = on_timeout
        self._chosen: list[Chosen[P]] = []
        self._pending: P | None = None
        self._result: R | None = None
        self._take(next(steps))

    def _take(self, step: P | R) -> None:
        if isinstance(step, ChoicePoint | BanquePoint):
            self._pending = step
            return
        self._pending = None
        self._result = step
        next(self._steps, None)  # the generator ends (cheaper than closing it suspended)

    @property
    def pending(self) -> P | None:
        """The choice point awaited, or ``None`` once the coup is complete."""
        return self._pending

    @property
    def result(self) -> R | None:
        """The coup, once complete."""
        return self._result

    @property
    def done(self) -> bool:
        """Whether the coup is complete."""
        return self._result is not None

    @property
    def chosen(self) -> tuple[Chosen[P], ...]:
        """The choices made so far, in order."""
        return tuple(self._chosen)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards dealt so far, in order."""
        return tuple(self._dealt)

    # Choosing.
    def verify_choice(self, draws: bool) -> P:
        """The point ``draws`` would answer; raises if it cannot.

        Raises:
            WrongPhase: No choice is pending (``code="no_choice_pending"``).
            InvalidRules: ``draws`` is not a bool (``code="choice_draws"``).
        """
        if self._pending is None:
            raise WrongPhase(
                "no choice is pending: the coup is complete",
                code="no_choice_pending",
                action="choose",
                phase="done",
            )
        if not isinstance(draws, bool):
            raise InvalidRules(
                f"a choice is True (draw) or False (stand), got {draws!r}",
                code="choice_draws",
                value=repr(draws)[:40],
            )
        return self._pending

    def can_choose(self, draws: bool) -> bool:
        """Whether :meth:`choose` would accept ``draws``."""
        return self._pending is not None and isinstance(draws, bool)

    def choose(self, draws: bool, *, by: By = By.PLAYER) -> Chosen[P]:
        """Answer the pending point, deal on to the next one (or the end), and record it."""
        point = self.verify_choice(draws)
        chosen = Chosen(point, draws, by)
        self._chosen.append(chosen)
        self._take(self._steps.send(draws))
        return chosen

    def automate(
        self, policy: Policy[P], *, awaits: Callable[[P], bool] | None = None
    ) -> tuple[Chosen[P], ...]:
        """Play each point by ``policy`` (a computer seat's) until one ``awaits`` a person.

        Returns the choices it made; :attr:`pending` is then a person's point, or ``None``.
        """
        made: list[Chosen[P]] = []
        while self._pending is not None and not (awaits is not None and awaits(self._pending)):
            made.append(self.choose(bool(policy(self._pending)), by=By.COMPUTER))
        return tuple(made)

    def verify_expire(self) -> P:
        """The point the time-out would play; raises if there is none, or no time-out policy.

        Raises:
            WrongPhase: No choice is pending (``code="no_choice_pending"``).
            InvalidRules: The round has no time-out policy (``code="no_timeout_policy"``).
        """
        if self._on_timeout is None:
            raise InvalidRules("this round has no time-out policy", code="no_timeout_policy")
        return self.verify_choice(False)

    def can_expire(self) -> bool:
        """Whether :meth:`expire` would play a point."""
        return self._pending is not None and self._on_timeout is not None

    def expire(self) -> Chosen[P]:
        """The time-out: the pending point, unanswered, is played by the round's time-out policy."""
        point = self.verify_expire()
        assert self._on_timeout is not None
        return self.choose(bool(self._on_timeout(point)), by=By.TIMEOUT)

    def run_out(self, policy: Policy[P]) -> R:
        """Play every remaining point by ``policy``; the coup."""
        self.automate(policy)
        assert self._result is not None
        return self._result

    def play(
        self,
        ask: Policy[P],
        *,
        computer: Policy[P] | None = None,
        asks: Callable[[P], bool] | None = None,
    ) -> R:
        """Play to the end, asking ``ask`` (a terminal's prompt) at each point a person decides.

        Args:
            ask: Asked at a person's point; returns whether the side draws.
            computer: Plays the points that are not a person's.
            asks: Whether a point is a person's (every point, without it).
        """
        while self._pending is not None:
            point = self._pending
            if computer is not None and asks is not None and not asks(point):
                self.choose(bool(computer(point)), by=By.COMPUTER)
            else:
                self.choose(bool(ask(point)))
        assert self._result is not None
        return self._result

    def replay(self, chosen: Iterable[Chosen[Any]]) -> ChoiceRound[P, R]:
        """Make recorded choices again, in order (a stored round resumed from its cards).

        Raises:
            InvalidRules: A record that is not the pending point
                (``code="replay_mismatch"``, with its ``position`` from 1).
        """
        for position, record in enumerate(chosen, start=1):
            if self._pending is None or record.point != self._pending:
                raise InvalidRules(
                    f"the recorded decisions do not match the coup at decision {position}",
                    code="replay_mismatch",
                    position=position,
                )
            self.choose(record.draws, by=record.by)
        return self

    def to_json(self) -> dict[str, Any]:
        """The round's state as JSON: its game, cards, choices and the point awaited."""
        return {
            "game": self.game,
            "shoe_index": self.shoe_index,
            "round_in_shoe": self.round_in_shoe,
            "last_in_shoe": self.last_in_shoe,
            "cards": [card.code for card in self._dealt],
            "chosen": [c.to_json() for c in self._chosen],
            "pending": None if self._pending is None else point_to_json(self._pending),
        }


def _recording(draw: Callable[[], Card], dealt: list[Card]) -> Callable[[], Card]:
    def recorded() -> Card:
        card = draw()
        dealt.append(card)
        return card

    return recorded


def start_chemin(
    draw: Callable[[], Card],
    *,
    banker_rule: BankerRule,
    tableau: Tableau = STANDARD,
    player_totals: Iterable[int] = PLAYER_OPTION_TOTALS,
    shoe_index: int | None = None,
    round_in_shoe: int | None = None,
    burn: Burn | None = None,
    last_in_shoe: bool = False,
    on_timeout: Policy[ChoicePoint] | None = None,
) -> ChoiceRound[ChoicePoint, CoupResult]:
    """A Chemin de fer coup from ``draw()`` (a shoe's ``deal``, or :func:`draw_from`), stepped.

    Args:
        draw: Gives each card.
        banker_rule: The Banker's free cells.
        tableau: Naturals and the forced draws.
        player_totals: The Player's totals with an option (5).
        shoe_index: Recorded in the result.
        round_in_shoe: Recorded in the result.
        burn: Recorded in the result.
        last_in_shoe: Recorded in the result.
        on_timeout: Plays a point left unanswered (:meth:`ChoiceRound.expire`).
    """
    dealt: list[Card] = []
    steps = coup_steps(
        _recording(draw, dealt),
        tableau,
        shoe_index,
        round_in_shoe,
        burn,
        last_in_shoe,
        banker_rule,
        frozenset(player_totals),
    )
    return ChoiceRound(
        CHEMIN,
        steps,
        dealt,
        on_timeout=on_timeout,
        shoe_index=shoe_index,
        round_in_shoe=round_in_shoe,
        last_in_shoe=last_in_shoe,
        burn=burn,
    )


def start_banque(
    draw: Callable[[], Card],
    *,
    rule: BanqueRule = BANQUE_RULE_CARD,
    tableau: Tableau = STANDARD,
    natural_waits: bool = False,
    shoe_index: int | None = None,
    round_in_shoe: int | None = None,
    burn: Burn | None = None,
    last_in_shoe: bool = False,
    on_timeout: Policy[BanquePoint] | None = None,
) -> ChoiceRound[BanquePoint, BanqueCoup]:
    """A Baccarat Banque coup from ``draw()``, stepped (arguments as :func:`start_chemin`'s).

    ``rule`` is the Banker's rule card; ``natural_waits`` as
    :func:`~puntobanco.core.banque.coup.play_banque`'s. The shoe's details
    are kept on the round (a Banque coup does not record them).
    """
    dealt: list[Card] = []
    steps = banque_steps(
        _recording(draw, dealt), rule=rule, tableau=tableau, natural_waits=natural_waits
    )
    return ChoiceRound(
        BANQUE,
        steps,
        dealt,
        on_timeout=on_timeout,
        shoe_index=shoe_index,
        round_in_shoe=round_in_shoe,
        last_in_shoe=last_in_shoe,
        burn=burn,
    )
