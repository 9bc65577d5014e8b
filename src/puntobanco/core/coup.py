"""One round (coup) of Punto Banco: the reference engine.

:func:`play_coup` is the specification every fast path is tested against. It
deals Player, Banker, Player, Banker, applies the naturals, the Player's rule
and the Banker's table of the rules' :class:`~puntobanco.core.tableau.Tableau`
(Punto Banco's standard one by default), and records an
ordered list of :class:`Event` values that a UI can replay step by step, each
draw or stand with the rule that decided it. :func:`play_coup_from` is the
same engine taking cards from a function (a shoe's ``deal``).

Events are immutable values: results share them (each distinct event is built
once and cached), which is what makes the reference engine fast enough for a
million-round statistical test.

>>> from puntobanco.core.cards import parse_cards
>>> result = play_coup(parse_cards("4c 5d Kh Qs 3h"))
>>> result.player_total, result.banker_total, result.outcome
(7, 5, <Outcome.PLAYER: 'player'>)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import cast

from puntobanco.core.cards import RANK_POINTS, Card, unshuffled
from puntobanco.core.choices import BANKER, PLAYER, ChoicePoint, Choices
from puntobanco.core.errors import ShoeExhausted
from puntobanco.core.rules import BankerRule, Rules
from puntobanco.core.tableau import PLAYER_STOOD, STANDARD, TOTALS, Tableau


class Outcome(StrEnum):
    """Who won the coup."""

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"


class Side(StrEnum):
    """One of the two hands on the table."""

    PLAYER = "player"
    BANKER = "banker"


class EventKind(StrEnum):
    """What happened at one step of a coup."""

    CARD = "card"
    """A card was dealt to a side, face up."""
    STAND = "stand"
    """A side stands, with the rule that decided it."""
    DRAW = "draw"
    """A side draws a third card, with the rule that decided it (the card follows)."""
    RESULT = "result"
    """The call: both totals and the winner."""
    CHOICE = "choice"
    """A side with a choice (Chemin de fer, Banque) drew or stood as it chose
    (``draws`` says which; a ``CARD`` follows a draw)."""


class Reason(StrEnum):
    """The rule behind a draw or a stand."""

    NATURAL = "natural"
    """This side has 8 or 9 on two cards."""
    OTHER_NATURAL = "other-natural"
    """The other side has a natural, so this side stands whatever it holds."""
    PLAYER_DRAWS = "player-draws"
    """The Player draws on 0-5."""
    PLAYER_STANDS = "player-stands"
    """The Player stands on 6-7."""
    BANKER_PLAYER_STOOD_DRAWS = "banker-player-stood-draws"
    """The Player stood, and the Banker draws on 0-5."""
    BANKER_PLAYER_STOOD_STANDS = "banker-player-stood-stands"
    """The Player stood, and the Banker stands on 6-7."""
    BANKER_ALWAYS_DRAWS = "banker-always-draws"
    """The Banker always draws on 0-2."""
    BANKER_THIRD_CARD_DRAWS = "banker-third-card-draws"
    """The Player's third card is one the Banker's total draws on."""
    BANKER_THIRD_CARD_STANDS = "banker-third-card-stands"
    """The Player's third card is not one the Banker's total draws on."""
    BANKER_ALWAYS_STANDS = "banker-always-stands"
    """The Banker always stands on 7."""


@dataclass(frozen=True, slots=True)
class Event:
    """One step of a coup, in the order it happened.

    Attributes:
        kind: What happened.
        side: The hand concerned (``None`` for the result).
        card: The card dealt (``CARD`` events).
        total: The side's total after this step (for ``RESULT``: the Player's).
        reason: The rule behind a ``DRAW`` or ``STAND``.
        player_third: The point value of the Player's third card, when the
            Banker's decision depended on it.
        drawing_values: The Player third-card values on which the Banker's
            total draws (for the Banker's tableau decisions).
        rule_totals: The totals the deciding rule covers, read from the
            tableau, so an explanation can name them ("draws on 0–5").
        banker_total: For ``RESULT``: the Banker's total.
        outcome: For ``RESULT``: the winner.
        draws: For ``CHOICE``: whether the side chose to draw.
    """

    kind: EventKind
    side: Side | None = None
    card: Card | None = None
    total: int | None = None
    reason: Reason | None = None
    player_third: int | None = None
    drawing_values: tuple[int, ...] = ()
    rule_totals: tuple[int, ...] = ()
    banker_total: int | None = None
    outcome: Outcome | None = None
    draws: bool | None = None


@dataclass(frozen=True, slots=True)
class Burn:
    """The burn at the start of a cut-card shoe: one card shown, then some face down."""

    shown: Card
    face_down: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CoupResult:
    """Everything about one dealt coup.

    Attributes:
        cards: Every card in the order dealt.
        player_cards: The Player's hand (2 or 3 cards).
        banker_cards: The Banker's hand (2 or 3 cards).
        player_total: The Player's final total.
        banker_total: The Banker's final total.
        outcome: The winner, or a tie.
        events: The steps of the coup, for replay and explanation.
        shoe_index: The shoe's number when dealt from a :class:`~puntobanco.core.shoe.Shoe`.
        round_in_shoe: 1 for the first round of a shoe, and so on.
        burn: The burn, on the first round of a cut-card shoe.
        last_in_shoe: Whether the shoe is reshuffled after this round.
        player_natural: The Player had a natural (a two-card total the tableau
            calls natural).
        banker_natural: The Banker had a natural.
    """

    cards: tuple[Card, ...]
    player_cards: tuple[Card, ...]
    banker_cards: tuple[Card, ...]
    player_total: int
    banker_total: int
    outcome: Outcome
    events: tuple[Event, ...] = field(repr=False)
    shoe_index: int | None = None
    round_in_shoe: int | None = None
    burn: Burn | None = None
    last_in_shoe: bool = False
    player_natural: bool = False
    banker_natural: bool = False

    @property
    def natural(self) -> bool:
        """Either side had a natural."""
        return self.player_natural or self.banker_natural

    @property
    def player_pair(self) -> bool:
        """The Player's first two cards have the same rank."""
        return self.player_cards[0].rank == self.player_cards[1].rank

    @property
    def banker_pair(self) -> bool:
        """The Banker's first two cards have the same rank."""
        return self.banker_cards[0].rank == self.banker_cards[1].rank

    @property
    def card_count(self) -> int:
        """Cards dealt in the coup: 4, 5 or 6."""
        return len(self.cards)

    @property
    def winning_total(self) -> int:
        """The winner's total (either total on a tie)."""
        return self.banker_total if self.outcome is Outcome.BANKER else self.player_total


def play_coup(
    cards: Iterable[Card], rules: Rules | None = None, *, choices: Choices | None = None
) -> CoupResult:
    """Deal one coup from ``cards`` (a :class:`~puntobanco.core.shoe.Shoe` or any iterable).

    Takes exactly the cards the coup needs, 4 to 6, in order, and draws by the
    tableau of ``rules`` (Punto Banco's standard tableau by default). With
    ``choices`` (Chemin de fer, Banque), each choice point is decided by it and
    recorded as a ``CHOICE`` event; the other cells are the tableau's.

    >>> from puntobanco.core.cards import parse_cards
    >>> from puntobanco.core.choices import Strategy
    >>> from puntobanco.core.rules import RULE_CARD
    >>> stand = Strategy.pure(RULE_CARD, player_draws=False, banker_draws={(3, 9): 0, (5, 4): 0})
    >>> result = play_coup(parse_cards("2c 3d 3h Ks 9h"), choices=stand.choices())
    >>> [e.draws for e in result.events if e.kind is EventKind.CHOICE], result.card_count
    ([False], 5)

    Raises:
        ShoeExhausted: The cards ran out before the coup was complete.
    """
    tableau = STANDARD if rules is None else rules.tableau
    return play_coup_from(_Counted(iter(cards)).next, tableau=tableau, choices=choices)


class _Counted:
    """Draws from an iterator, turning its end into :class:`ShoeExhausted`."""

    __slots__ = ("_source", "_taken")

    def __init__(self, source: Iterator[Card]) -> None:
        self._source = source
        self._taken = 0

    def next(self) -> Card:
        try:
            card = next(self._source)
        except StopIteration:
            raise ShoeExhausted(
                f"the cards ran out after {self._taken} of a round's cards",
                code="shoe_exhausted",
                dealt=self._taken,
            ) from None
        self._taken += 1
        return card


def play_coup_from(
    draw: Callable[[], Card],
    *,
    tableau: Tableau = STANDARD,
    shoe_index: int | None = None,
    round_in_shoe: int | None = None,
    burn: Burn | None = None,
    last_in_shoe: bool = False,
    choices: Choices | None = None,
) -> CoupResult:
    """Play one coup, taking each card from ``draw()``: the body of :func:`play_coup`.

    A shoe passes its own ``deal`` and what it knows about the round, so that
    the result is built once. ``draw`` may raise (a shoe raises
    :class:`ShoeExhausted` when empty); the exception propagates.

    This drives :func:`coup_steps`, the one implementation of a coup, asking
    ``choices`` (the hook of the variants with choices, see :func:`play_coup`)
    at each choice point.
    """
    # Positional arguments: keywords would cost the hot path a measurable share of a coup.
    if choices is None:
        # Punto Banco, the simulations' hot path: no choice point, so the one step is the
        # result; unpacking runs the generator to its end, cheaper than closing it suspended.
        (result,) = coup_steps(draw, tableau, shoe_index, round_in_shoe, burn, last_in_shoe)
        return cast(CoupResult, result)
    steps = coup_steps(
        draw,
        tableau,
        shoe_index,
        round_in_shoe,
        burn,
        last_in_shoe,
        choices.banker_rule,
        choices.player_totals,
    )
    decide = choices.decide
    step = next(steps)
    while isinstance(step, ChoicePoint):
        step = steps.send(bool(decide(step)))
    next(steps, None)  # the generator ends (cheaper than closing it suspended)
    return step


#: One step of :func:`coup_steps`: a choice point awaiting its decision, or the result.
CoupStep = ChoicePoint | CoupResult

_NO_TOTALS: frozenset[int] = frozenset()


def coup_steps(
    draw: Callable[[], Card],
    tableau: Tableau = STANDARD,
    shoe_index: int | None = None,
    round_in_shoe: int | None = None,
    burn: Burn | None = None,
    last_in_shoe: bool = False,
    banker_rule: BankerRule | None = None,
    player_totals: frozenset[int] = _NO_TOTALS,
) -> Generator[CoupStep, bool, None]:
    """One coup, step by step: the only implementation of a coup's rules.

    Deals from ``draw()`` up to each choice point and yields it (a
    :class:`~puntobanco.core.choices.ChoicePoint`); the caller sends back
    whether that side draws. The last step yielded is the :class:`CoupResult`;
    the generator ends at the next ``next()``. The Player chooses on a
    two-card total in ``player_totals``; the Banker in the free cells of
    ``banker_rule``; without a rule (Punto Banco) there is no choice point and
    the first step is the result.

    >>> from puntobanco.core.cards import parse_cards
    >>> from puntobanco.core.rules import RULE_CARD
    >>> steps = coup_steps(iter(parse_cards("2c 3d 3h Ks 9h")).__next__, banker_rule=RULE_CARD,
    ...                    player_totals=frozenset({5}))
    >>> next(steps)
    ChoicePoint(side='player', total=5, player_third=None)
    >>> steps.send(False).banker_total  # the Player stood; the Banker draws on 3 by the tableau
    2

    The steps: the deal (:func:`_deal`), the naturals, the Player's third card,
    the Banker's decision, the call (:func:`_called`). The rules are those of
    the module docstring, read from ``tableau``; the code is written for speed
    because every simulation runs through it: totals are kept as ints, and
    every event is prebuilt (the draw, stand and result events once per
    tableau), so the steps look them up.
    """
    decisions = _decisions(tableau)
    first, dealt_events, player, banker = _deal(draw)
    player_natural, banker_natural = tableau.naturals[player], tableau.naturals[banker]
    if player_natural or banker_natural:  # both stand: the coup is called on four cards
        p1, b1, p2, b2 = first
        yield CoupResult(
            first,
            (p1, p2),
            (b1, b2),
            player,
            banker,
            _OUTCOMES[player][banker],
            (*dealt_events, *decisions.natural_stands[player][banker], _RESULTS[player][banker]),
            shoe_index,
            round_in_shoe,
            burn,
            last_in_shoe,
            player_natural,
            banker_natural,
        )
        return
    # The Player's third card: the tableau's row, or his choice on a total he may choose on.
    player_decision = decisions.player[player]
    if player in player_totals:
        player_decision = _choice(Side.PLAYER, player, None, (yield ChoicePoint(PLAYER, player)))
    player_card = None
    player_third = PLAYER_STOOD
    if player_decision.kind is EventKind.DRAW or player_decision.draws:
        player_card = draw()
        player_third = RANK_POINTS[player_card.rank]
    # The Banker's decision: the tableau's cell, or his choice in a cell the rule leaves free.
    banker_decision = decisions.banker[banker][player_third]
    if banker_rule is not None and banker_rule.is_free(banker, player_third):
        point = ChoicePoint(BANKER, banker, player_third)
        banker_decision = _choice(Side.BANKER, banker, player_third, (yield point))
    banker_card = (
        draw() if banker_decision.kind is EventKind.DRAW or banker_decision.draws else None
    )
    yield _called(
        first,
        dealt_events,
        (player, player_decision, player_card),
        (banker, banker_decision, banker_card),
        (shoe_index, round_in_shoe, burn, last_in_shoe),
    )


def _deal(draw: Callable[[], Card]) -> tuple[tuple[Card, ...], tuple[Event, ...], int, int]:
    """The deal: Player, Banker, Player, Banker, each card shown with its side's total.

    Returns the four cards in the order dealt, their events, and the Player's
    and the Banker's two-card totals.
    """
    points, player_events, banker_events = RANK_POINTS, _PLAYER_CARD_EVENTS, _BANKER_CARD_EVENTS
    p1 = draw()
    b1 = draw()
    p2 = draw()
    b2 = draw()
    player1, banker1 = points[p1.rank], points[b1.rank]
    player, banker = (player1 + points[p2.rank]) % 10, (banker1 + points[b2.rank]) % 10
    events = (
        player_events[player1][p1],
        banker_events[banker1][b1],
        player_events[player][p2],
        banker_events[banker][b2],
    )
    return (p1, b1, p2, b2), events, player, banker


#: A hand after the decisions: its two-card total, its decision, and its third card (or None).
_Hand = tuple[int, Event, Card | None]


def _called(
    first: tuple[Card, ...],
    dealt_events: tuple[Event, ...],
    player: _Hand,
    banker: _Hand,
    where: tuple[int | None, int | None, Burn | None, bool],
) -> CoupResult:
    """The call of a coup without a natural: each hand with its third card, the winner.

    ``where`` is the round's place: its shoe, its number in the shoe, its burn,
    whether it is the shoe's last.
    """
    player_total, player_decision, player_card = player
    banker_total, banker_decision, banker_card = banker
    p1, b1, p2, b2 = first
    cards: tuple[Card, ...] = first
    player_cards: tuple[Card, ...] = (p1, p2)
    banker_cards: tuple[Card, ...] = (b1, b2)
    events = [*dealt_events, player_decision]
    if player_card is not None:
        player_total = (player_total + RANK_POINTS[player_card.rank]) % 10
        cards, player_cards = (*first, player_card), (p1, p2, player_card)
        events.append(_PLAYER_CARD_EVENTS[player_total][player_card])
    events.append(banker_decision)
    if banker_card is not None:
        banker_total = (banker_total + RANK_POINTS[banker_card.rank]) % 10
        cards, banker_cards = (*cards, banker_card), (b1, b2, banker_card)
        events.append(_BANKER_CARD_EVENTS[banker_total][banker_card])
    events.append(_RESULTS[player_total][banker_total])
    shoe_index, round_in_shoe, burn, last_in_shoe = where
    return CoupResult(
        cards,
        player_cards,
        banker_cards,
        player_total,
        banker_total,
        _OUTCOMES[player_total][banker_total],
        tuple(events),
        shoe_index,
        round_in_shoe,
        burn,
        last_in_shoe,
    )


def _banker_decision(tableau: Tableau, total: int, player_third: int) -> Event:
    """The Banker's draw-or-stand event, naming the part of the tableau that applied."""
    draws = tableau.banker_draws(total, player_third)
    kind = EventKind.DRAW if draws else EventKind.STAND
    playing = [t for t in TOTALS if not tableau.is_natural(t)]
    if player_third == PLAYER_STOOD:
        reason = Reason.BANKER_PLAYER_STOOD_DRAWS if draws else Reason.BANKER_PLAYER_STOOD_STANDS
        covered = [t for t in playing if tableau.banker_draws(t, PLAYER_STOOD) == draws]
        return Event(kind, Side.BANKER, total=total, reason=reason, rule_totals=tuple(covered))
    values = tableau.banker_drawing_values(total)
    covered = []
    if len(values) == len(TOTALS):
        reason = Reason.BANKER_ALWAYS_DRAWS
        covered = [t for t in playing if len(tableau.banker_drawing_values(t)) == len(TOTALS)]
    elif not values:
        reason = Reason.BANKER_ALWAYS_STANDS
        covered = [t for t in playing if not tableau.banker_drawing_values(t)]
    else:
        reason = Reason.BANKER_THIRD_CARD_DRAWS if draws else Reason.BANKER_THIRD_CARD_STANDS
    return Event(
        kind,
        Side.BANKER,
        total=total,
        reason=reason,
        player_third=player_third,
        drawing_values=values,
        rule_totals=tuple(covered),
    )


@functools.cache
def _choice(side: Side, total: int, player_third: int | None, draws: bool) -> Event:
    """The event of a side's choice (built once each: events are immutable values)."""
    return Event(EventKind.CHOICE, side, total=total, player_third=player_third, draws=bool(draws))


def _natural_stands(tableau: Tableau, player: int, banker: int) -> tuple[Event, ...]:
    """Both sides stand because one of them has a natural (nothing if neither has)."""
    if not (tableau.is_natural(player) or tableau.is_natural(banker)):
        return ()
    return (
        Event(
            EventKind.STAND,
            Side.PLAYER,
            total=player,
            reason=Reason.NATURAL if tableau.is_natural(player) else Reason.OTHER_NATURAL,
        ),
        Event(
            EventKind.STAND,
            Side.BANKER,
            total=banker,
            reason=Reason.NATURAL if tableau.is_natural(banker) else Reason.OTHER_NATURAL,
        ),
    )


def _player_decision(tableau: Tableau, total: int) -> Event:
    """The Player's draw-or-stand event on a two-card ``total`` (no natural on the table)."""
    draws = tableau.player_draws(total)
    covered = tuple(
        t for t in TOTALS if not tableau.is_natural(t) and tableau.player_draws(t) == draws
    )
    if draws:
        return Event(
            EventKind.DRAW,
            Side.PLAYER,
            total=total,
            reason=Reason.PLAYER_DRAWS,
            rule_totals=covered,
        )
    return Event(
        EventKind.STAND, Side.PLAYER, total=total, reason=Reason.PLAYER_STANDS, rule_totals=covered
    )


def _outcome(player: int, banker: int) -> Outcome:
    """The winner of the two final totals."""
    return Outcome.PLAYER if player > banker else Outcome.BANKER if banker > player else Outcome.TIE


def _result(player: int, banker: int) -> Event:
    """The call: both totals and the winner."""
    return Event(
        EventKind.RESULT, total=player, banker_total=banker, outcome=_outcome(player, banker)
    )


@dataclass(frozen=True, slots=True)
class _Decisions:
    """The draw and stand events of one tableau, which depend only on totals.

    ``natural_stands[p][b]`` is empty where neither side has a natural.
    """

    natural_stands: tuple[tuple[tuple[Event, ...], ...], ...]
    player: tuple[Event, ...]
    banker: tuple[tuple[Event, ...], ...]


@functools.cache
def _decisions(tableau: Tableau) -> _Decisions:
    """Build each decision event of ``tableau`` once: events are immutable values."""
    return _Decisions(
        natural_stands=tuple(tuple(_natural_stands(tableau, p, b) for b in TOTALS) for p in TOTALS),
        player=tuple(_player_decision(tableau, p) for p in TOTALS),
        banker=tuple(
            tuple(_banker_decision(tableau, b, t) for t in range(PLAYER_STOOD + 1)) for b in TOTALS
        ),
    )


_RESULTS: tuple[tuple[Event, ...], ...] = tuple(
    tuple(_result(p, b) for b in range(10)) for p in range(10)
)
_OUTCOMES: tuple[tuple[Outcome, ...], ...] = tuple(
    tuple(_outcome(p, b) for b in range(10)) for p in range(10)
)


def _card_events(side: Side) -> tuple[dict[Card, Event], ...]:
    """The events "``side`` gets a card, making a total": ``[total][card]``, built once.

    Events are immutable, so equal ones are shared: one per (side, total, card),
    2 x 10 x 52 = 1,040 in all. The key is the card itself, suit included (the
    event shows it), not its value; prebuilt, so that the coup looks them up.
    """
    return tuple(
        {card: Event(EventKind.CARD, side, card, total) for card in unshuffled(1)}
        for total in TOTALS
    )


_PLAYER_CARD_EVENTS: tuple[dict[Card, Event], ...] = _card_events(Side.PLAYER)
_BANKER_CARD_EVENTS: tuple[dict[Card, Event], ...] = _card_events(Side.BANKER)
