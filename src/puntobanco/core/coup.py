"""One round (coup) of Punto Banco: the reference engine.

:func:`play_coup` is the specification every fast path is tested against. It
deals Player, Banker, Player, Banker, applies the naturals, the Player's rule
and the Banker's tableau (:mod:`puntobanco.core.tableau`), and records an
ordered list of :class:`Event` values that a UI can replay step by step, each
draw or stand with the rule that decided it.

>>> from puntobanco.core.cards import parse_cards
>>> result = play_coup(parse_cards("4c 5d Kh Qs 3h"))
>>> result.player_total, result.banker_total, result.outcome
(7, 5, <Outcome.PLAYER: 'player'>)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum

from puntobanco.core.cards import Card, hand_total
from puntobanco.core.errors import ShoeExhausted
from puntobanco.core.tableau import (
    PLAYER_STOOD,
    banker_drawing_values,
    banker_draws,
    is_natural,
    player_draws,
)


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
        banker_total: For ``RESULT``: the Banker's total.
        outcome: For ``RESULT``: the winner.
    """

    kind: EventKind
    side: Side | None = None
    card: Card | None = None
    total: int | None = None
    reason: Reason | None = None
    player_third: int | None = None
    drawing_values: tuple[int, ...] = ()
    banker_total: int | None = None
    outcome: Outcome | None = None


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

    @property
    def player_natural(self) -> bool:
        """The Player had 8 or 9 on two cards."""
        return is_natural(hand_total(self.player_cards[:2]))

    @property
    def banker_natural(self) -> bool:
        """The Banker had 8 or 9 on two cards."""
        return is_natural(hand_total(self.banker_cards[:2]))

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


def play_coup(cards: Iterable[Card]) -> CoupResult:
    """Deal one coup from ``cards`` (a :class:`~puntobanco.core.shoe.Shoe` or any iterable).

    Takes exactly the cards the coup needs, 4 to 6, in order.

    Raises:
        ShoeExhausted: The cards ran out before the coup was complete.
    """
    source = iter(cards)
    dealt: list[Card] = []
    events: list[Event] = []
    hands: dict[Side, list[Card]] = {Side.PLAYER: [], Side.BANKER: []}

    def deal(side: Side) -> Card:
        card = _next_card(source, len(dealt))
        dealt.append(card)
        hands[side].append(card)
        events.append(Event(EventKind.CARD, side, card, total=hand_total(hands[side])))
        return card

    for side in (Side.PLAYER, Side.BANKER, Side.PLAYER, Side.BANKER):
        deal(side)
    player = hand_total(hands[Side.PLAYER])
    banker = hand_total(hands[Side.BANKER])

    if is_natural(player) or is_natural(banker):
        for side, total in ((Side.PLAYER, player), (Side.BANKER, banker)):
            reason = Reason.NATURAL if is_natural(total) else Reason.OTHER_NATURAL
            events.append(Event(EventKind.STAND, side, total=total, reason=reason))
    else:
        player_third = PLAYER_STOOD
        if player_draws(player):
            events.append(
                Event(EventKind.DRAW, Side.PLAYER, total=player, reason=Reason.PLAYER_DRAWS)
            )
            player_third = deal(Side.PLAYER).points
        else:
            events.append(
                Event(EventKind.STAND, Side.PLAYER, total=player, reason=Reason.PLAYER_STANDS)
            )
        draws = banker_draws(banker, player_third)
        events.append(_banker_decision(banker, player_third, draws))
        if draws:
            deal(Side.BANKER)
        player = hand_total(hands[Side.PLAYER])
        banker = hand_total(hands[Side.BANKER])

    outcome = (
        Outcome.PLAYER if player > banker else Outcome.BANKER if banker > player else Outcome.TIE
    )
    events.append(Event(EventKind.RESULT, total=player, banker_total=banker, outcome=outcome))
    return CoupResult(
        cards=tuple(dealt),
        player_cards=tuple(hands[Side.PLAYER]),
        banker_cards=tuple(hands[Side.BANKER]),
        player_total=player,
        banker_total=banker,
        outcome=outcome,
        events=tuple(events),
    )


def _next_card(source: Iterator[Card], dealt: int) -> Card:
    try:
        return next(source)
    except StopIteration:
        raise ShoeExhausted(
            f"the cards ran out after {dealt} of a round's cards",
            code="shoe_exhausted",
            dealt=dealt,
        ) from None


def _banker_decision(total: int, player_third: int, draws: bool) -> Event:
    """The Banker's draw-or-stand event, naming the part of the tableau that applied."""
    kind = EventKind.DRAW if draws else EventKind.STAND
    if player_third == PLAYER_STOOD:
        reason = Reason.BANKER_PLAYER_STOOD_DRAWS if draws else Reason.BANKER_PLAYER_STOOD_STANDS
        return Event(kind, Side.BANKER, total=total, reason=reason)
    values = banker_drawing_values(total)
    if len(values) == 10:
        reason = Reason.BANKER_ALWAYS_DRAWS
    elif not values:
        reason = Reason.BANKER_ALWAYS_STANDS
    else:
        reason = Reason.BANKER_THIRD_CARD_DRAWS if draws else Reason.BANKER_THIRD_CARD_STANDS
    return Event(
        kind,
        Side.BANKER,
        total=total,
        reason=reason,
        player_third=player_third,
        drawing_values=values,
    )
