"""One coup of Baccarat Banque: one Banker against two tableaux, with its choices.

The rules (sources and the choices made where they differ are in the README):

- Two cards each are dealt to the right tableau, the left tableau and the
  Banker, in that order, one at a time, twice.
- A Banker's natural is shown at once: neither tableau draws, and each settles
  against it.
- A tableau's natural is shown at once and the tableau stands. By default it
  settles at once against the Banker's two cards (it wins, or ties another
  natural), as a natural ends the coup in Chemin de fer; with
  ``natural_waits=True`` it is compared with the Banker's final hand instead.
- Each other tableau draws on 0-4 and stands on 6-7 by the rules' tableau
  (the same code as Punto Banco's), and chooses on 5, as in Chemin de fer.
  The right tableau decides first, then the left.
- The Banker then draws or stands once, knowing his total and what each
  tableau shows: its third card's value, that it stood, or its natural
  (:data:`NATURAL`). A :class:`BanqueRule` says in which of these cells he
  chooses; elsewhere he draws on the rule's drawing totals. With a natural
  settled on each side he has nothing left to play for and stands.
- Each tableau settles separately against the Banker: the higher total wins,
  equal totals tie.

:func:`play_banque` asks a :data:`Decide` at each choice point and records the
answer as a ``CHOICE`` event, as :func:`~puntobanco.core.coup.play_coup` does.

>>> from puntobanco.core.cards import parse_cards
>>> stand = BanqueStrategy.pure(BANQUE_FREE, tableaux_draw=False, banker_draws=False)
>>> coup = play_banque(parse_cards("5c 2d 3h Kh 4s 3d"), decide=stand.decider())
>>> coup.right.total, coup.left.total, coup.banker_total
(5, 6, 6)
>>> coup.right.outcome, coup.left.outcome
(<Outcome.BANKER: 'banker'>, <Outcome.TIE: 'tie'>)
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from puntobanco.core.cards import RANK_POINTS, Card
from puntobanco.core.coup import EventKind, Outcome
from puntobanco.core.errors import InvalidRules, ShoeExhausted
from puntobanco.core.rng import RandomSource
from puntobanco.core.rules import BANKER_CHOICE_TOTALS, PLAYER_OPTION_TOTALS, to_fraction
from puntobanco.core.tableau import PLAYER_STOOD, STANDARD, Tableau

#: The two tableaux, in the order they are dealt and decide.
RIGHT = "right"
LEFT = "left"
TABLEAUX: tuple[str, str] = (RIGHT, LEFT)
#: The Banker's hand.
BANKER = "banker"
#: A tableau's column as the Banker sees it: a third card 0-9, ``PLAYER_STOOD`` (10), or this.
NATURAL = 11
#: Every column: third card 0-9, stood, natural.
COLUMNS: tuple[int, ...] = tuple(range(NATURAL + 1))

#: A Banker cell: his two-card total, the left tableau's column, the right tableau's column.
BanqueCell = tuple[int, int, int]


def column_name(column: int) -> str:
    """A column as text: ``0``-``9``, ``stood``, ``natural``.

    >>> column_name(4), column_name(PLAYER_STOOD), column_name(NATURAL)
    ('4', 'stood', 'natural')
    """
    return "stood" if column == PLAYER_STOOD else "natural" if column == NATURAL else str(column)


def cell_name(cell: BanqueCell) -> str:
    """A cell as text, Banker total then left and right columns: ``5/4/stood``."""
    total, left, right = cell
    return f"{total}/{column_name(left)}/{column_name(right)}"


@dataclass(frozen=True, slots=True)
class BanqueRule:
    """A Banque rule card as data: where the Banker chooses, and his play elsewhere.

    Attributes:
        name: ``rule-card``, ``free`` or a casino's own.
        free: The cells (Banker total 0-7, left column, right column) he chooses in.
        draw_totals: Outside the free cells, the Banker totals that draw (the rest stand).

    >>> BANQUE_RULE_CARD.is_free((5, 4, PLAYER_STOOD)), BANQUE_RULE_CARD.draws(2)
    (True, True)
    """

    name: str
    free: frozenset[BanqueCell]
    draw_totals: frozenset[int]

    def __post_init__(self) -> None:
        for cell in self.free:
            if not (
                isinstance(cell, tuple)
                and len(cell) == 3
                and all(type(v) is int for v in cell)
                and cell[0] in BANKER_CHOICE_TOTALS
                and cell[1] in COLUMNS
                and cell[2] in COLUMNS
            ):
                raise InvalidRules(
                    "a free Banque cell is (Banker total 0-7, left column, right column), a column "
                    "being a third card 0-9, 10 for 'stood' or 11 for 'natural'; "
                    f"got {cell!r}",
                    code="banque_cell",
                    value=repr(cell),
                )
        if not self.draw_totals <= set(BANKER_CHOICE_TOTALS):
            raise InvalidRules(
                f"the Banker's drawing totals are from 0 to 7, got {sorted(self.draw_totals)}",
                code="banque_draw_totals",
                value=str(sorted(self.draw_totals)),
            )

    def is_free(self, cell: BanqueCell) -> bool:
        """Whether the Banker chooses in ``cell``."""
        return cell in self.free

    def draws(self, total: int) -> bool:
        """Whether the Banker draws on ``total`` in a cell that is not free."""
        return total in self.draw_totals

    @property
    def cells(self) -> tuple[BanqueCell, ...]:
        """The free cells in order."""
        return tuple(sorted(self.free))


def _cells(totals: Iterable[int]) -> frozenset[BanqueCell]:
    return frozenset((b, left, right) for b in totals for left in COLUMNS for right in COLUMNS)


#: The Banque rule card shipped: the Banker draws on 0-2, stands on 7, chooses on 3-6.
BANQUE_RULE_CARD = BanqueRule("rule-card", _cells(range(3, 7)), frozenset({0, 1, 2}))
#: The Banker chooses in every cell (his play at his own discretion).
BANQUE_FREE = BanqueRule("free", _cells(BANKER_CHOICE_TOTALS), frozenset())
#: The Banque rules by name.
BANQUE_RULES: Mapping[str, BanqueRule] = MappingProxyType(
    {rule.name: rule for rule in (BANQUE_RULE_CARD, BANQUE_FREE)}
)


@dataclass(frozen=True, slots=True)
class BanquePoint:
    """A choice point of a Banque coup: who decides and what he knows.

    Attributes:
        hand: ``right`` or ``left`` (a tableau on its 5), or ``banker``.
        total: The deciding hand's two-card total.
        left: For the Banker: the left tableau's column.
        right: For the Banker: the right tableau's column.
    """

    hand: str
    total: int
    left: int | None = None
    right: int | None = None

    @property
    def cell(self) -> BanqueCell | None:
        """The Banker's cell (``None`` for a tableau)."""
        if self.left is None or self.right is None:
            return None
        return (self.total, self.left, self.right)


#: What the coup asks at a choice point: ``True`` to draw.
Decide = Callable[[BanquePoint], bool]


@dataclass(frozen=True, slots=True)
class BanqueEvent:
    """One step of a Banque coup.

    Attributes:
        kind: ``CARD``, ``DRAW``, ``STAND``, ``CHOICE`` (``core.coup.EventKind``).
        hand: ``right``, ``left`` or ``banker``.
        card: The card dealt (``CARD``).
        total: The hand's total after the step.
        reason: Why it drew or stood: ``natural``, ``other-natural``, ``tableau``
            (the forced draws), ``rule-card``, ``nothing-to-play``.
        draws: For ``CHOICE``: whether it drew.
        left: For the Banker's decision: the left tableau's column.
        right: For the Banker's decision: the right tableau's column.
    """

    kind: EventKind
    hand: str
    card: Card | None = None
    total: int | None = None
    reason: str | None = None
    draws: bool | None = None
    left: int | None = None
    right: int | None = None


@dataclass(frozen=True, slots=True)
class TableauHand:
    """One tableau's hand and how it settled against the Banker.

    Attributes:
        name: ``right`` or ``left``.
        cards: Its two or three cards.
        total: Its final total.
        natural: It had a natural.
        column: What the Banker saw of it (a third card, stood, natural).
        outcome: ``PLAYER`` when the tableau wins, ``BANKER``, or ``TIE``.
    """

    name: str
    cards: tuple[Card, ...]
    total: int
    natural: bool
    column: int
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class BanqueCoup:
    """Everything about one Banque coup.

    Attributes:
        cards: Every card in the order dealt.
        right: The right tableau.
        left: The left tableau.
        banker_cards: The Banker's two or three cards.
        banker_total: His final total.
        banker_natural: He had a natural.
        events: The steps, in order.
    """

    cards: tuple[Card, ...]
    right: TableauHand
    left: TableauHand
    banker_cards: tuple[Card, ...]
    banker_total: int
    banker_natural: bool
    events: tuple[BanqueEvent, ...]

    def tableau(self, name: str) -> TableauHand:
        """The tableau called ``name`` (``right`` or ``left``)."""
        return self.right if name == RIGHT else self.left


def _outcome(tableau: int, banker: int) -> Outcome:
    if tableau > banker:
        return Outcome.PLAYER
    return Outcome.BANKER if banker > tableau else Outcome.TIE


def play_banque(
    cards: Iterable[Card],
    *,
    decide: Decide,
    rule: BanqueRule = BANQUE_RULE_CARD,
    tableau: Tableau = STANDARD,
    natural_waits: bool = False,
) -> BanqueCoup:
    """Deal one Banque coup from ``cards`` (6 to 9 of them, in order).

    Drives :func:`banque_steps`, the one implementation of a Banque coup,
    asking ``decide`` at each choice point.

    Args:
        cards: A shoe or any iterable of cards.
        decide: Asked at each choice point (a tableau's 5, the Banker's free cells).
        rule: The Banker's free cells and his play elsewhere.
        tableau: Naturals and the tableaux' forced draws (Punto Banco's by default).
        natural_waits: A tableau's natural is compared with the Banker's final
            hand (default: settled at once against his two cards).

    Raises:
        ShoeExhausted: The cards ran out before the coup was complete.
    """
    source = iter(cards)
    taken = 0

    def draw() -> Card:
        nonlocal taken
        card = _next(source, taken)
        taken += 1
        return card

    steps = banque_steps(draw, rule=rule, tableau=tableau, natural_waits=natural_waits)
    step = next(steps)
    while isinstance(step, BanquePoint):
        step = steps.send(bool(decide(step)))
    return step


#: One step of :func:`banque_steps`: a choice point awaiting its decision, or the coup.
BanqueStep = BanquePoint | BanqueCoup


def banque_steps(
    draw: Callable[[], Card],
    *,
    rule: BanqueRule = BANQUE_RULE_CARD,
    tableau: Tableau = STANDARD,
    natural_waits: bool = False,
) -> Generator[BanqueStep, bool, None]:
    """One Banque coup, step by step: the only implementation of its rules.

    Deals from ``draw()`` up to each choice point and yields it (a
    :class:`BanquePoint`); the caller sends back whether that hand draws. The
    last step yielded is the :class:`BanqueCoup`. Arguments as :func:`play_banque`'s.

    The steps: the deal, the Banker's natural (everyone stands), else each
    tableau's turn (:func:`_tableau_turn`) and the Banker's (:func:`_banker_turn`),
    then each tableau settled against the Banker (:meth:`_Deal.coup`).

    >>> from puntobanco.core.cards import parse_cards
    >>> steps = banque_steps(iter(parse_cards("5c 2d 3h Kh 4s 3d")).__next__)
    >>> next(steps)
    BanquePoint(hand='right', total=5, left=None, right=None)
    >>> point = steps.send(False)
    >>> point.hand, point.cell
    ('banker', (6, 10, 10))
    >>> steps.send(False).banker_total
    6
    """
    deal = _Deal(draw, tableau)
    if deal.naturals[BANKER]:
        deal.all_stand()
    else:
        for hand in TABLEAUX:
            yield from _tableau_turn(deal, hand, tableau)
        yield from _banker_turn(deal, rule, natural_waits)
    yield deal.coup(natural_waits)


class _Deal:
    """A Banque coup as it is dealt: the cards, the events, each hand's cards and total.

    Built by the deal itself: two cards each to the right tableau, the left
    tableau and the Banker, in that order, one at a time, twice.
    """

    __slots__ = ("_draw", "columns", "dealt", "events", "hands", "naturals", "totals", "two_card")

    def __init__(self, draw: Callable[[], Card], tableau: Tableau) -> None:
        self._draw = draw
        self.dealt: list[Card] = []
        self.events: list[BanqueEvent] = []
        self.hands: dict[str, list[Card]] = {RIGHT: [], LEFT: [], BANKER: []}
        self.totals = {RIGHT: 0, LEFT: 0, BANKER: 0}
        for _ in range(2):
            for hand in (RIGHT, LEFT, BANKER):
                self.deal(hand)
        self.two_card = dict(self.totals)
        self.naturals = {hand: tableau.is_natural(total) for hand, total in self.totals.items()}
        #: What the Banker sees of each tableau: a third card, stood, or its natural.
        self.columns = {hand: NATURAL if self.naturals[hand] else PLAYER_STOOD for hand in TABLEAUX}

    def deal(self, hand: str) -> Card:
        """Deal ``hand`` a card, face up."""
        card = self._draw()
        self.dealt.append(card)
        self.hands[hand].append(card)
        total = self.totals[hand] = (self.totals[hand] + RANK_POINTS[card.rank]) % 10
        self.events.append(BanqueEvent(EventKind.CARD, hand, card, total))
        return card

    def all_stand(self) -> None:
        """The Banker's natural: everyone stands on two cards."""
        for hand in (RIGHT, LEFT, BANKER):
            reason = "natural" if self.naturals[hand] else "other-natural"
            self.events.append(
                BanqueEvent(EventKind.STAND, hand, total=self.totals[hand], reason=reason)
            )

    def coup(self, natural_waits: bool) -> BanqueCoup:
        """The coup called: each tableau settled separately against the Banker."""
        return BanqueCoup(
            tuple(self.dealt),
            self._settled(RIGHT, natural_waits),
            self._settled(LEFT, natural_waits),
            tuple(self.hands[BANKER]),
            self.totals[BANKER],
            self.naturals[BANKER],
            tuple(self.events),
        )

    def _settled(self, hand: str, natural_waits: bool) -> TableauHand:
        """A tableau's hand settled: a natural against the Banker's two cards unless it waits."""
        natural = self.naturals[hand]
        against = self.two_card[BANKER] if natural and not natural_waits else self.totals[BANKER]
        total = self.totals[hand]
        return TableauHand(
            hand,
            tuple(self.hands[hand]),
            total,
            natural,
            self.columns[hand],
            _outcome(total, against),
        )


def _tableau_turn(deal: _Deal, hand: str, tableau: Tableau) -> Generator[BanquePoint, bool, None]:
    """A tableau without a natural draws on 0-4, stands on 6-7, chooses on 5; a natural stands."""
    total = deal.totals[hand]
    if deal.naturals[hand]:
        deal.events.append(BanqueEvent(EventKind.STAND, hand, total=total, reason="natural"))
        return
    if total in PLAYER_OPTION_TOTALS:
        draws = bool((yield BanquePoint(hand, total)))
        deal.events.append(BanqueEvent(EventKind.CHOICE, hand, total=total, draws=draws))
    else:
        draws = tableau.player_draws(total)
        kind = EventKind.DRAW if draws else EventKind.STAND
        deal.events.append(BanqueEvent(kind, hand, total=total, reason="tableau"))
    if draws:
        deal.columns[hand] = RANK_POINTS[deal.deal(hand).rank]


def _banker_turn(
    deal: _Deal, rule: BanqueRule, natural_waits: bool
) -> Generator[BanquePoint, bool, None]:
    """The Banker draws or stands once, by the rule card or as he chooses in a free cell.

    With a natural settled on each side he has nothing left to play for and stands.
    """
    banker = deal.totals[BANKER]
    cell = (banker, deal.columns[LEFT], deal.columns[RIGHT])
    if not natural_waits and deal.naturals[RIGHT] and deal.naturals[LEFT]:
        kind, reason, draws = EventKind.STAND, "nothing-to-play", False
    elif rule.is_free(cell):
        draws = bool((yield BanquePoint(BANKER, banker, cell[1], cell[2])))
        kind, reason = EventKind.CHOICE, None
    else:
        draws = rule.draws(banker)
        kind, reason = (EventKind.DRAW if draws else EventKind.STAND), "rule-card"
    choice = draws if kind is EventKind.CHOICE else None
    deal.events.append(BanqueEvent(kind, BANKER, None, banker, reason, choice, cell[1], cell[2]))
    if draws:
        deal.deal(BANKER)


def _next(source: Iterator[Card], taken: int) -> Card:
    try:
        return next(source)
    except StopIteration:
        raise ShoeExhausted(
            f"the cards ran out after {taken} of a round's cards",
            code="shoe_exhausted",
            dealt=taken,
        ) from None


def _probability(value: Any, name: str) -> Fraction:
    if isinstance(value, bool):
        value = int(value)
    probability = to_fraction(value, name)
    if not 0 <= probability <= 1:
        raise InvalidRules(
            f"the probability of drawing at {name} must be from 0 to 1, got {probability}",
            code="strategy_probability",
            name=name,
            value=str(probability),
        )
    return probability


@dataclass(frozen=True, slots=True)
class BanqueStrategy:
    """Everyone's play at a Banque table, as exact probabilities of drawing.

    Attributes:
        rule: The Banker's rule card.
        right_draw: The right tableau's probability of drawing on 5.
        left_draw: The left tableau's.
        banker: The Banker's probability of drawing in each free cell (a free
            cell not given stands).
    """

    rule: BanqueRule
    right_draw: Fraction
    left_draw: Fraction
    banker: Mapping[BanqueCell, Fraction]

    @classmethod
    def make(
        cls,
        rule: BanqueRule,
        *,
        right_draw: Any,
        left_draw: Any,
        banker_draw: Mapping[BanqueCell, Any],
    ) -> BanqueStrategy:
        """A strategy from exact probabilities; cells must be free under ``rule``.

        Raises:
            InvalidRules: A cell the rule does not leave free
                (``code="strategy_not_free"``), or a probability outside 0-1.
        """
        chosen: dict[BanqueCell, Fraction] = {}
        for cell, value in banker_draw.items():
            if not rule.is_free(cell):
                raise InvalidRules(
                    f"the Banker has no choice at {cell_name(cell)} under the Banque "
                    f"{rule.name} rule",
                    code="strategy_not_free",
                    cell=cell_name(cell),
                    rule=rule.name,
                )
            chosen[cell] = _probability(value, cell_name(cell))
        return cls(
            rule,
            _probability(right_draw, "right 5"),
            _probability(left_draw, "left 5"),
            MappingProxyType(chosen),
        )

    @classmethod
    def pure(cls, rule: BanqueRule, *, tableaux_draw: bool, banker_draws: bool) -> BanqueStrategy:
        """Both tableaux play one pure choice on 5; the Banker one in every free cell."""
        return cls.make(
            rule,
            right_draw=int(tableaux_draw),
            left_draw=int(tableaux_draw),
            banker_draw=dict.fromkeys(rule.free, int(banker_draws)),
        )

    def probability(self, point: BanquePoint) -> Fraction:
        """The probability of drawing at ``point``."""
        if point.hand == RIGHT:
            return self.right_draw
        if point.hand == LEFT:
            return self.left_draw
        cell = point.cell
        return self.banker.get(cell, Fraction(0)) if cell is not None else Fraction(0)

    def decider(self, source: RandomSource | None = None) -> Decide:
        """The callable the coup asks: a mix ``a/b`` draws when ``source.randbelow(b) < a``.

        Raises:
            InvalidRules: The strategy mixes and no source is given
                (``code="strategy_needs_source"``).
        """
        mixes = any(
            p not in (0, 1) for p in (self.right_draw, self.left_draw, *self.banker.values())
        )
        if source is None and mixes:
            raise InvalidRules(
                "a mixed strategy needs a random source to draw its choices from",
                code="strategy_needs_source",
            )

        def decide(point: BanquePoint) -> bool:
            probability = self.probability(point)
            if probability in (0, 1):
                return probability == 1
            assert source is not None
            return source.randbelow(probability.denominator) < probability.numerator

        return decide
