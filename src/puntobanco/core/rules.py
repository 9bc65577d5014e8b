"""The rules of the game as one immutable value, and the operator's table limits.

Rules are data: decks, shoe handling, payouts as exact fractions, side bets and
the variant. Named variants are instances in :data:`PRESETS`, never subclasses.

>>> Rules().banker_pays, Rules(banker_commission="0.04").banker_pays
(Fraction(19, 20), Fraction(24, 25))
>>> Rules(tie_pays=9).tie_pays
Fraction(9, 1)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, cast

from puntobanco.core.errors import InvalidRules
from puntobanco.core.money import Rounding
from puntobanco.core.tableau import PLAYER_STOOD, STANDARD, Tableau

if TYPE_CHECKING:
    from puntobanco.core.gametables import GameTables

#: Cards in one deck.
DECK_SIZE = 52
#: The most cards a round takes: two hands of three (Punto Banco, Chemin de fer).
ROUND_CARDS = 6
#: ... and in Baccarat Banque, whose rounds deal three hands.
BANQUE_ROUND_CARDS = 9
#: Fewest cards that may lie behind the cut card: the round in which the cut card
#: comes out may start on the card just before it and the end-of-shoe procedure
#: then deals one more round, so 6 + 6 cards must remain (see core.shoe).
MIN_CUT_CARD = 2 * ROUND_CARDS
#: The same in Baccarat Banque (9 + 9), and its shoes' cut card.
BANQUE_CUT_CARD = 2 * BANQUE_ROUND_CARDS
#: The usual cut card, 14 cards from the end (Punto Banco, Chemin de fer).
CUT_CARD = 14
#: The most cards a burn can take: one shown, then up to ten face down.
MAX_BURN = 11


class ShoeMode(StrEnum):
    """How the cards are shuffled between rounds."""

    CUT_CARD = "cut-card"
    """Deal through the shoe to the cut card, burning at the start (land-based play)."""
    RESHUFFLE = "reshuffle"
    """A fresh full shoe for every round, no burn (seed 002's online game)."""


class Variant(StrEnum):
    """The game's drawing procedure, read by the compiled tables (:mod:`core.gametables`).

    Punto Banco's drawing is fully fixed by the tableau (:attr:`Rules.tableau`).
    In Chemin de fer and Baccarat Banque a side may choose to draw or stand in
    some cells: the Player on :data:`PLAYER_OPTION_TOTALS`, the Banker in the
    cells a :class:`BankerRule` leaves free; every other cell is the tableau's,
    and :func:`core.coup.play_coup` asks a strategy at each choice point
    (:mod:`core.choices`). Commission-free games (EZ Baccarat, Super 6) are
    Punto Banco with other payouts: presets, not variants.
    """

    PUNTO_BANCO = "punto-banco"
    CHEMIN_DE_FER = "chemin-de-fer"
    """The bank passes between the players; one Player hand against the Banker."""
    BANQUE = "banque"
    """One banker holds the bank for the shoe against two Player hands (tableaux)."""


#: The variants in which the sides choose (Chemin de fer and Baccarat Banque).
CHOICE_VARIANTS: frozenset[Variant] = frozenset({Variant.CHEMIN_DE_FER, Variant.BANQUE})


class Bank(StrEnum):
    """Who holds the bank: who pays the winners and takes the losers' stakes."""

    HOUSE = "house"
    """The house banks every round (Punto Banco; Banque's bank at the server)."""
    SEAT = "seat"
    """A seat at the table holds the bank (Chemin de fer, where it passes; Banque, for a shoe)."""


#: The house's share of the banker's winnings in Chemin de fer (the 5% of the rule cards).
BANK_COMMISSION: Fraction = Fraction(1, 20)
#: The Player's two-card totals on which, in the choice variants, he may draw or stand.
#: He draws on the tableau's other drawing totals (0-4) and stands on 6-7, as in Punto Banco.
PLAYER_OPTION_TOTALS: tuple[int, ...] = (5,)
#: The Banker totals that can face a choice: every two-card total that is not a natural.
BANKER_CHOICE_TOTALS: tuple[int, ...] = tuple(range(8))

#: A Banker cell: his two-card total and the Player's third card value (0-9), or
#: :data:`~puntobanco.core.tableau.PLAYER_STOOD` when the Player stood.
BankerCell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class BankerRule:
    """Which Banker cells are his to choose; every other cell follows the tableau.

    A casino's rule card for Chemin de fer or Banque, as data. The Banker's
    information is his own total and the Player's third card (or that the
    Player stood); a free cell is one where the card lets him draw or stand.

    Attributes:
        name: The rule's name (``rule-card``, ``free``, or a casino's own).
        free: The free cells, as ``(banker_total, player_third)`` pairs, the
            third card being 0-9 or ``PLAYER_STOOD`` (10).

    >>> RULE_CARD.is_free(5, 4), RULE_CARD.is_free(5, 5), len(FREE_BANKER.free)
    (True, False, 88)
    """

    name: str
    free: frozenset[BankerCell]

    def __post_init__(self) -> None:
        cells: set[BankerCell] = set()
        for cell in self.free:
            total: object
            third: object
            try:
                total, third = cell
            except (TypeError, ValueError):
                total = third = None
            if not (
                type(total) is int
                and type(third) is int
                and total in BANKER_CHOICE_TOTALS
                and 0 <= third <= PLAYER_STOOD
            ):
                raise InvalidRules(
                    "a free Banker cell is (total 0-7, Player third card 0-9 or 10 for "
                    f"'stood'), got {cell!r}",
                    code="banker_cell",
                    value=repr(cell),
                )
            assert isinstance(total, int) and isinstance(third, int)
            cells.add((total, third))
        object.__setattr__(self, "free", frozenset(cells))

    def is_free(self, total: int, player_third: int) -> bool:
        """Whether the Banker chooses with ``total`` against ``player_third`` (0-9 or 10, stood)."""
        return (total, player_third) in self.free

    @property
    def cells(self) -> tuple[BankerCell, ...]:
        """The free cells in order: by Banker total, then third card, "stood" last."""
        return tuple(sorted(self.free))


#: The classic Chemin de fer rule card: the Banker's only options are 3 against a
#: Player third card of 9 and 5 against a 4 (the tableau draws in both).
RULE_CARD = BankerRule(name="rule-card", free=frozenset({(3, 9), (5, 4)}))
#: Every Banker cell a choice: the game Kemeny and Snell solved.
FREE_BANKER = BankerRule(
    name="free",
    free=frozenset((t, x) for t in BANKER_CHOICE_TOTALS for x in range(PLAYER_STOOD + 1)),
)
#: The Banker rules by name.
BANKER_RULES: Mapping[str, BankerRule] = MappingProxyType(
    {rule.name: rule for rule in (RULE_CARD, FREE_BANKER)}
)


def banker_rule(name: str) -> BankerRule:
    """The Banker rule called ``name`` (``rule-card`` or ``free``).

    Raises:
        InvalidRules: No such rule; the message lists the known ones (``code="banker_rule"``).
    """
    try:
        return BANKER_RULES[name]
    except KeyError:
        allowed = ", ".join(BANKER_RULES)
        raise InvalidRules(
            f"unknown Banker rule {name!r}: choose one of {allowed}",
            code="banker_rule",
            value=name,
            allowed=allowed,
        ) from None


class BetKind(StrEnum):
    """A bet spot on the layout."""

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"
    PLAYER_PAIR = "player_pair"
    BANKER_PAIR = "banker_pair"
    DRAGON_7 = "dragon_7"
    PANDA_8 = "panda_8"
    DRAGON_BONUS_PLAYER = "dragon_bonus_player"
    DRAGON_BONUS_BANKER = "dragon_bonus_banker"
    EITHER_PAIR = "either_pair"
    PERFECT_PAIR = "perfect_pair"
    BIG = "big"
    SMALL = "small"
    SUPER_6 = "super_6"
    TIGER = "tiger"
    SMALL_TIGER = "small_tiger"
    BIG_TIGER = "big_tiger"
    TIGER_TIE = "tiger_tie"
    TIGER_PAIR = "tiger_pair"
    EGALITE_0 = "egalite_0"
    EGALITE_1 = "egalite_1"
    EGALITE_2 = "egalite_2"
    EGALITE_3 = "egalite_3"
    EGALITE_4 = "egalite_4"
    EGALITE_5 = "egalite_5"
    EGALITE_6 = "egalite_6"
    EGALITE_7 = "egalite_7"
    EGALITE_8 = "egalite_8"
    EGALITE_9 = "egalite_9"


MAIN_BETS: tuple[BetKind, ...] = (BetKind.PLAYER, BetKind.BANKER, BetKind.TIE)
PAIR_BETS: tuple[BetKind, ...] = (BetKind.PLAYER_PAIR, BetKind.BANKER_PAIR)

#: The Egalité bets, ``EGALITE_BETS[n]`` on a tie at ``n``.
EGALITE_BETS: tuple[BetKind, ...] = tuple(BetKind(f"egalite_{n}") for n in range(10))


def _pays(*values: int | str) -> tuple[Fraction, ...]:
    return tuple(Fraction(value) for value in values)


#: Every side bet :attr:`Rules.side_bets` may offer, in layout order, with its default
#: paytable: winnings per unit, in the order :func:`~puntobanco.core.paytable.bet_legs`
#: reads them (and ``odds --side-bets tiger=12:20`` writes them).
SIDE_BET_PAYS: Mapping[BetKind, tuple[Fraction, ...]] = MappingProxyType(
    {
        BetKind.DRAGON_7: _pays(40),
        BetKind.PANDA_8: _pays(25),
        # A natural win, then a non-natural win by 9, 8, 7, 6, 5 and 4 points.
        BetKind.DRAGON_BONUS_PLAYER: _pays(1, 30, 10, 6, 4, 2, 1),
        BetKind.DRAGON_BONUS_BANKER: _pays(1, 30, 10, 6, 4, 2, 1),
        BetKind.EITHER_PAIR: _pays(5),
        # One hand a suited pair, both hands.
        BetKind.PERFECT_PAIR: _pays(25, 200),
        BetKind.BIG: _pays("27/50"),
        BetKind.SMALL: _pays("3/2"),
        BetKind.SUPER_6: _pays(12),
        # Banker wins with a two-card 6, with a three-card 6.
        BetKind.TIGER: _pays(12, 20),
        BetKind.SMALL_TIGER: _pays(22),
        BetKind.BIG_TIGER: _pays(50),
        BetKind.TIGER_TIE: _pays(35),
        # One hand pairs, both hands, both hands on the same rank.
        BetKind.TIGER_PAIR: _pays(4, 20, 100),
        **{
            kind: _pays(pays)
            for kind, pays in zip(
                EGALITE_BETS, (150, 215, 220, 200, 120, 110, 45, 45, 80, 80), strict=True
            )
        },
    }
)
#: The side bets of :attr:`Rules.side_bets`, in layout order.
SIDE_BETS: tuple[BetKind, ...] = tuple(SIDE_BET_PAYS)
#: The side bets that read the first two cards of each hand (ranks; the perfect pair suits).
CARD_SIDE_BETS: frozenset[BetKind] = frozenset(
    {BetKind.EITHER_PAIR, BetKind.PERFECT_PAIR, BetKind.TIGER_PAIR}
)


def round_cards(variant: Variant) -> int:
    """The most cards one round of ``variant`` takes.

    :data:`ROUND_CARDS`, and :data:`BANQUE_ROUND_CARDS` in Baccarat Banque (three hands).
    """
    return BANQUE_ROUND_CARDS if variant is Variant.BANQUE else ROUND_CARDS


def default_cut_card(variant: Variant) -> int:
    """The cut card of a shoe of ``variant`` unless one is given.

    :data:`CUT_CARD`, and :data:`BANQUE_CUT_CARD` in Baccarat Banque.

    >>> default_cut_card(Variant.PUNTO_BANCO), default_cut_card(Variant.BANQUE)
    (14, 18)
    """
    return BANQUE_CUT_CARD if variant is Variant.BANQUE else CUT_CARD


def cut_card_range(decks: int, variant: Variant = Variant.PUNTO_BANCO) -> tuple[int, int]:
    """The fewest and the most cards that may lie behind the cut card in a shoe of ``decks``.

    The cut card must leave room behind it for the end-of-shoe procedure, two rounds
    (:data:`MIN_CUT_CARD`; :data:`BANQUE_CUT_CARD` in Baccarat Banque, whose rounds take
    up to :data:`BANQUE_ROUND_CARDS`), and in front of it for the largest burn
    (:data:`MAX_BURN`) and one round.

    >>> cut_card_range(8), cut_card_range(1), cut_card_range(6, Variant.BANQUE)
    ((12, 399), (12, 35), (18, 292))

    Raises:
        InvalidRules: ``decks`` is not a whole number from 1 to 8 (``code="decks"``).
    """
    if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= 8:
        raise InvalidRules(
            f"decks must be a whole number from 1 to 8, got {decks!r}",
            code="decks",
            value=repr(decks),
        )
    most = round_cards(variant)
    return 2 * most, DECK_SIZE * decks - MAX_BURN - most


# What to_fraction reads from text: ASCII digits, a fraction or a decimal with a small
# exponent. Fraction() alone would also take "٣" and "1_0", and would spend minutes
# and gigabytes building 10**999999999 from "1e999999999".
_EXACT_TEXT = re.compile(
    r"[+-]?(?:\d{1,50}/\d{1,50}|(?:\d{1,50}(?:\.\d{0,50})?|\.\d{1,50})(?:[eE][+-]?\d{1,2})?)",
    re.ASCII,
)
#: The largest decimal exponent (either sign) to_fraction takes from a Decimal.
_MAX_EXPONENT = 99


def to_fraction(value: Any, name: str) -> Fraction:
    """Convert an exact number (int, str, Decimal or Fraction) to a Fraction.

    Floats are refused: ``0.04`` as a float is not 4/100, and payouts must be exact.
    Text is ASCII digits written as ``8``, ``0.05``, ``5e-2`` or ``19/20`` (at
    most 50 digits a part, an exponent of at most two digits).

    >>> to_fraction("0.04", "banker_commission")
    Fraction(1, 25)
    """
    if isinstance(value, bool) or isinstance(value, float):
        raise InvalidRules(
            f"{name} must be an exact number (int, str, Decimal or Fraction), got {value!r}",
            code="not_exact",
            name=name,
            value=repr(value),
        )
    try:
        if isinstance(value, Fraction):
            return value
        if isinstance(value, int):
            return Fraction(value)
        if isinstance(value, Decimal):
            exponent = value.as_tuple().exponent
            if isinstance(exponent, int) and abs(exponent) <= _MAX_EXPONENT:
                return Fraction(value)
        if isinstance(value, str) and _EXACT_TEXT.fullmatch(value.strip()):
            return Fraction(value.strip())
    except (ValueError, ZeroDivisionError, ArithmeticError):
        pass
    raise InvalidRules(
        f"{name} must be a number such as 8, 0.05 or 19/20, got {value!r}",
        code="rules_not_a_number",
        name=name,
        value=repr(value),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """The mathematics of one game. Checked on construction; never changes.

    Attributes:
        decks: Decks in the shoe, 1 to 8.
        shoe_mode: Cut-card shoe or a reshuffle before every round.
        cut_card: Cards left behind the cut card (cut-card mode): by default 14, and 18 in
            Baccarat Banque, whose rounds take up to nine cards (:func:`default_cut_card`);
            at least 12, and 18 in Banque (:func:`cut_card_range`). A copy to another
            variant (:meth:`replace`) takes that variant's default unless it was changed.
        burn: Whether a new cut-card shoe starts with a burn: the first card is
            shown and burned, then as many cards face down as its point value
            (ten for a 10-value card).
        player_pays: Winnings per unit on a winning Player bet.
        banker_commission: The share of a winning Banker bet's winnings kept by
            the house (1/20 is the 5% of the seeds).
        banker_six_pays: If set, a Banker win with a total of 6 pays this
            instead (Super 6 and other commission-free games: 1/2).
        tie_pays: Winnings per unit on a winning Tie bet ("8 to 1", or "9 for 1").
        pair_pays: If set, the Player Pair and Banker Pair side bets are offered
            and pay this when a side's first two cards have the same rank.
        banker_pushes_on: If set, ``(total, cards)``: a Banker win with a hand of
            that many cards and that total pushes the Banker bet (EZ Baccarat:
            ``(7, 3)``, the three-card 7).
        side_bets: The side bets offered, each with its paytable: a mapping
            (or pairs) from :class:`BetKind` or its JSON name to its payouts in
            the order of :data:`SIDE_BET_PAYS` (one number for a one-payout
            bet; ``None`` for the default table), or just the names. Stored as
            a tuple of ``(kind, payouts)`` in layout order, so the rules stay
            hashable.
        variant: The drawing procedure.
        tableau: The drawing tables: naturals, the Player's row and the
            Banker's table (Punto Banco's :data:`~puntobanco.core.tableau.STANDARD`).
        banker_rule: The name of the Banker's rule card in the choice variants
            (:data:`BANKER_RULES` in Chemin de fer, ``BANQUE_RULES`` of
            :mod:`puntobanco.core.banque.coup` in Banque): by default
            ``rule-card``; ``None`` in Punto Banco, where the tableau decides.
        player_options: The Player's two-card totals on which he may draw or
            stand: :data:`PLAYER_OPTION_TOTALS` in the choice variants, none in
            Punto Banco (the only ones the engine plays).
        rounding: Which amount a win's settlement rounds down (:class:`Rounding`):
            the winnings in Punto Banco (the house keeps the fraction), the
            commission in the choice variants (the winner keeps it). In Chemin
            de fer and Banque :attr:`banker_commission` is the house's share of
            the banker's winnings.
        bank: Who holds the bank (:class:`Bank`): the house in Punto Banco and
            (by default) Banque, a seat in Chemin de fer.

    The last four default to the variant's (:meth:`variant_defaults`), and a
    copy to another variant (:meth:`replace`) takes that variant's unless they
    were changed.

    >>> Rules(side_bets={"tiger": "12:20", "dragon_7": None}).side_bets
    ((<BetKind.DRAGON_7: 'dragon_7'>, (Fraction(40, 1),)), (<BetKind.TIGER: 'tiger'>, (Fraction(12, 1), Fraction(20, 1))))
    """  # noqa: E501

    decks: int = 8
    shoe_mode: ShoeMode = ShoeMode.CUT_CARD
    cut_card: int = cast(int, None)  # None: the variant's own (default_cut_card)
    burn: bool = True
    player_pays: Fraction = Fraction(1)
    banker_commission: Fraction = Fraction(1, 20)
    banker_six_pays: Fraction | None = None
    tie_pays: Fraction = Fraction(8)
    pair_pays: Fraction | None = None
    banker_pushes_on: tuple[int, int] | None = None
    side_bets: tuple[tuple[BetKind, tuple[Fraction, ...]], ...] = ()
    variant: Variant = Variant.PUNTO_BANCO
    tableau: Tableau = STANDARD
    # None for each of these four: the variant's own (variant_defaults).
    banker_rule: str | None = None
    player_options: tuple[int, ...] = cast(tuple[int, ...], None)
    rounding: Rounding = cast(Rounding, None)
    bank: Bank = cast(Bank, None)
    # The compiled tables, kept on the value after the first use: settling a bet reads
    # them, and looking them up by the whole value's hash every time costs microseconds.
    _compiled: GameTables | None = field(
        default=None, init=False, repr=False, compare=False, hash=False
    )
    # Rules key caches (the analyzers', the kernels' arrays): the hash is kept, not
    # recomputed over every field on each lookup.
    _hash: int = field(default=0, init=False, repr=False, compare=False, hash=False)

    def __hash__(self) -> int:
        return self._hash

    def __post_init__(self) -> None:
        # The dataclass is frozen: each step normalises its fields once, here; the order of the
        # steps is the order the fields are checked in, so the first one refused is reported.
        _check_decks(self.decks)
        _fill_shoe(self)
        _fill_cut_card(self)
        set_ = object.__setattr__
        set_(self, "burn", bool(self.burn))
        _fill_payouts(self)
        set_(self, "banker_pushes_on", _check_push(self.banker_pushes_on))
        set_(self, "side_bets", _check_side_bets(self.side_bets))
        _fill_game(self)
        set_(self, "_hash", hash(tuple(getattr(self, f.name) for f in _COMPARED)))

    @property
    def banker_pays(self) -> Fraction:
        """Winnings per unit on a winning Banker bet (other than a paid-differently six)."""
        return 1 - self.banker_commission

    @property
    def cards(self) -> int:
        """Cards in a full shoe."""
        return DECK_SIZE * self.decks

    @property
    def offered_bets(self) -> tuple[BetKind, ...]:
        """The bet spots these rules offer, main bets first."""
        pairs = PAIR_BETS if self.pair_pays is not None else ()
        return MAIN_BETS + pairs + tuple(kind for kind, _ in self.side_bets)

    def side_bet_pays(self, kind: BetKind) -> tuple[Fraction, ...] | None:
        """The payouts of side bet ``kind`` (in :data:`SIDE_BET_PAYS` order), if offered.

        >>> PRESETS["tiger"].side_bet_pays(BetKind.TIGER), Rules().side_bet_pays(BetKind.TIGER)
        ((Fraction(12, 1), Fraction(20, 1)), None)
        """
        for offered, pays in self.side_bets:
            if offered is kind:
                return pays
        return None

    @property
    def tables(self) -> GameTables:
        """These rules compiled into the tables every reader uses (cached)."""
        compiled = self._compiled
        if compiled is None:
            from puntobanco.core.gametables import compile_rules

            compiled = compile_rules(self)
            object.__setattr__(self, "_compiled", compiled)
        return compiled

    def __getstate__(self) -> list[Any]:
        # Pickled (to a Dask worker, say) without the compiled tables, which hold
        # read-only mappings that do not pickle; the other side compiles them again.
        return [getattr(self, f.name) for f in dataclasses.fields(self) if f.init]

    def __setstate__(self, state: list[Any]) -> None:
        names = [f.name for f in dataclasses.fields(self) if f.init]
        for name, value in zip(names, state, strict=True):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_compiled", None)
        object.__setattr__(self, "_hash", hash(tuple(getattr(self, f.name) for f in _COMPARED)))

    def to_json(self) -> dict[str, Any]:
        """The rules as JSON: every field, ratios as ``str(Fraction)``, and what they imply.

        Besides the fields (which :meth:`from_json` reads back), the answer holds
        ``offered_bets`` and each bet's payout legs under ``bets``, derived from
        the fields, for readers that show the paytable (the web page). The
        fields of the games that choose (``banker_rule``, ``player_options``,
        ``rounding``, ``bank``) are written in Chemin de fer and Banque, and in
        Punto Banco only where they differ from its own, so that its JSON is the
        one written before they were fields.

        >>> game = Rules(variant=Variant.CHEMIN_DE_FER).to_json()
        >>> game["banker_rule"], game["player_options"], game["rounding"], game["bank"]
        ('rule-card', [5], 'commission-down', 'seat')
        >>> "bank" in Rules().to_json()
        False

        >>> data = Rules(tie_pays=9).to_json()
        >>> data["tie_pays"], data["bets"]["tie"][0]["pays"]
        ('9', '9')
        >>> Rules.from_json(data) == Rules(tie_pays=9)
        True
        """
        data: dict[str, Any] = {
            "variant": self.variant.value,
            "decks": self.decks,
            "shoe_mode": self.shoe_mode.value,
            "cut_card": self.cut_card,
            "burn": self.burn,
            "player_pays": str(self.player_pays),
            "banker_commission": str(self.banker_commission),
            "banker_six_pays": _optional_text(self.banker_six_pays),
            "tie_pays": str(self.tie_pays),
            "pair_pays": _optional_text(self.pair_pays),
            "banker_pushes_on": (
                None if self.banker_pushes_on is None else list(self.banker_pushes_on)
            ),
            "side_bets": {kind.value: [str(x) for x in pays] for kind, pays in self.side_bets},
            "tableau": self.tableau.to_json(),
        }
        defaults = variant_defaults(self.variant)
        for name, default in defaults.items():
            # Written for the games that choose, and wherever changed: a Punto Banco
            # table's JSON stays what it was before the rules held them.
            value = getattr(self, name)
            if self.variant in CHOICE_VARIANTS or value != default:
                data[name] = _game_json(value)
        data["offered_bets"] = [kind.value for kind in self.offered_bets]
        data["bets"] = {
            kind.value: [leg.to_json() for leg in table.legs]
            for kind, table in self.tables.bets.items()
        }
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rules:
        """The rules :meth:`to_json` wrote, in every shape it has written (derived keys ignored).

        A key left out takes its default, so the JSON written before a field
        existed reads as it always did (a Punto Banco table's, a history file's).
        Two keys are read as the Chemin de fer and Banque tables write them: the
        commission as ``commission`` (for ``banker_commission``), and the bank as
        an object (``{"holder": "house", ...}``, or ``{"seat": 0, ...}``, a seat's).

        >>> table = {"variant": "banque", "commission": "1/25", "bank": {"holder": "house"}}
        >>> Rules.from_json(table)  # doctest: +ELLIPSIS
        Rules(decks=8, ..., banker_commission=Fraction(1, 25), ..., bank=<Bank.HOUSE: 'house'>)

        Raises:
            InvalidRules: Not an object, an unknown key, or a field out of range.
        """
        if not isinstance(data, Mapping):
            raise InvalidRules(
                f"rules must be a JSON object, got {data!r}", code="rules_json", value=repr(data)
            )
        data = _table_keys(data)
        fields_ = {f.name for f in dataclasses.fields(cls) if f.init}
        unknown = sorted(set(data) - fields_ - _DERIVED_JSON_KEYS)
        if unknown:
            allowed = ", ".join(sorted(fields_))
            raise InvalidRules(
                f"unknown rules field {unknown[0]!r}: the fields are {allowed}",
                code="rules_json",
                value=unknown[0],
                allowed=allowed,
            )
        values = {name: value for name, value in data.items() if name in fields_}
        if "tableau" in values:
            values["tableau"] = Tableau.from_json(values["tableau"])
        if isinstance(values.get("player_options"), list):
            values["player_options"] = tuple(values["player_options"])
        return cls(**values)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (and checked again).

        >>> Rules().replace(decks=6).decks
        6
        >>> Rules().replace(variant=Variant.BANQUE).cut_card  # Banque's own cut card
        18
        >>> Rules().replace(variant=Variant.CHEMIN_DE_FER).bank  # and its own bank
        <Bank.SEAT: 'seat'>
        """
        if "variant" in changes:
            # What is left at the variant's default follows the variant.
            defaults = variant_defaults(self.variant)
            defaults["cut_card"] = default_cut_card(self.variant)
            for name, default in defaults.items():
                if name not in changes and getattr(self, name) == default:
                    changes[name] = None
        return dataclasses.replace(self, **changes)


#: The fields that make two rules equal (and so their hash).
_COMPARED = tuple(f for f in dataclasses.fields(Rules) if f.compare)

#: Keys of :meth:`Rules.to_json` that are derived from the fields, not fields.
_DERIVED_JSON_KEYS = frozenset({"offered_bets", "bets"})


def variant_defaults(variant: Variant) -> dict[str, Any]:
    """The game fields a variant takes unless given: its Banker rule, options, rounding, bank.

    >>> variant_defaults(Variant.PUNTO_BANCO)
    {'banker_rule': None, 'player_options': (), 'rounding': <Rounding.WINNINGS_DOWN: 'winnings-down'>, 'bank': <Bank.HOUSE: 'house'>}
    >>> variant_defaults(Variant.CHEMIN_DE_FER)["bank"], variant_defaults(Variant.BANQUE)["bank"]
    (<Bank.SEAT: 'seat'>, <Bank.HOUSE: 'house'>)
    """  # noqa: E501
    if variant not in CHOICE_VARIANTS:
        return {
            "banker_rule": None,
            "player_options": (),
            "rounding": Rounding.WINNINGS_DOWN,
            "bank": Bank.HOUSE,
        }
    return {
        "banker_rule": RULE_CARD.name,
        "player_options": PLAYER_OPTION_TOTALS,
        "rounding": Rounding.COMMISSION_DOWN,
        "bank": Bank.SEAT if variant is Variant.CHEMIN_DE_FER else Bank.HOUSE,
    }


def banker_rule_names(variant: Variant) -> tuple[str, ...]:
    """The Banker rule cards ``variant`` knows by name (none in Punto Banco).

    >>> banker_rule_names(Variant.CHEMIN_DE_FER), banker_rule_names(Variant.BANQUE)
    (('rule-card', 'free'), ('rule-card', 'free'))
    """
    if variant is Variant.CHEMIN_DE_FER:
        return tuple(BANKER_RULES)
    if variant is Variant.BANQUE:
        # Imported here: the Banque rule cards' module is built on this one.
        from puntobanco.core.banque.coup import BANQUE_RULES

        return tuple(BANQUE_RULES)
    return ()


#: The banks each variant may be played with (Banque's by the house or a seat).
_BANKS: Mapping[Variant, tuple[Bank, ...]] = MappingProxyType(
    {
        Variant.PUNTO_BANCO: (Bank.HOUSE,),
        Variant.CHEMIN_DE_FER: (Bank.SEAT,),
        Variant.BANQUE: (Bank.HOUSE, Bank.SEAT),
    }
)


def _fill_game(rules: Rules) -> None:
    """Set the four game fields of ``rules`` (being built) to their values, checked."""
    for name, value in _check_game(rules).items():
        object.__setattr__(rules, name, value)


def _check_decks(decks: Any) -> None:
    """Refuse a number of decks that is not a whole number from 1 to 8."""
    if isinstance(decks, bool) or not isinstance(decks, int):
        raise InvalidRules(
            f"decks must be a whole number from 1 to 8, got {decks!r}",
            code="decks",
            value=repr(decks),
        )
    if not 1 <= decks <= 8:
        raise InvalidRules(f"decks must be from 1 to 8, got {decks}", code="decks", value=decks)


def _fill_shoe(rules: Rules) -> None:
    """Set the shoe's mode, the variant and the tableau of ``rules`` (being built), checked."""
    set_ = object.__setattr__
    try:
        set_(rules, "shoe_mode", ShoeMode(rules.shoe_mode))
    except ValueError:
        raise InvalidRules(
            f"shoe_mode must be 'cut-card' or 'reshuffle', got {rules.shoe_mode!r}",
            code="shoe_mode",
            value=repr(rules.shoe_mode),
        ) from None
    try:
        set_(rules, "variant", Variant(rules.variant))
    except ValueError:
        allowed = ", ".join(v.value for v in Variant)
        raise InvalidRules(
            f"variant must be one of {allowed}, got {rules.variant!r}",
            code="variant",
            value=repr(rules.variant),
            allowed=allowed,
        ) from None
    if not isinstance(rules.tableau, Tableau):
        raise InvalidRules(
            f"tableau must be a Tableau, got {rules.tableau!r}",
            code="tableau",
            name="tableau",
            value=repr(rules.tableau),
        )


def _fill_cut_card(rules: Rules) -> None:
    """Set the cut card of ``rules`` (being built): its variant's default, or one checked."""
    if cast(object, rules.cut_card) is None:
        object.__setattr__(rules, "cut_card", default_cut_card(rules.variant))
    min_cut, max_cut = cut_card_range(rules.decks, rules.variant)
    if isinstance(rules.cut_card, bool) or not isinstance(rules.cut_card, int):
        raise InvalidRules(
            f"cut_card must be a whole number of cards from {min_cut} to {max_cut}, "
            f"got {rules.cut_card!r}",
            code="cut_card_type",
            value=repr(rules.cut_card),
            minimum=min_cut,
            maximum=max_cut,
        )
    if not min_cut <= rules.cut_card <= max_cut:
        raise InvalidRules(
            f"cut_card must leave {min_cut} to {max_cut} cards behind it "
            f"in a {rules.decks}-deck shoe, got {rules.cut_card}",
            code="cut_card",
            value=rules.cut_card,
            minimum=min_cut,
            maximum=max_cut,
        )


def _fill_payouts(rules: Rules) -> None:
    """Set the payouts and the commission of ``rules`` (being built) as checked Fractions."""
    set_ = object.__setattr__
    for name in ("player_pays", "tie_pays"):
        value = to_fraction(getattr(rules, name), name)
        if value <= 0:
            raise InvalidRules(
                f"{name} must be positive, got {value}",
                code="rules_not_positive",
                name=name,
                value=str(value),
            )
        set_(rules, name, value)
    commission = to_fraction(rules.banker_commission, "banker_commission")
    if not 0 <= commission < 1:
        raise InvalidRules(
            f"banker_commission must be at least 0 and below 1 (0.05 is 5%), got {commission}",
            code="commission",
            value=str(commission),
        )
    set_(rules, "banker_commission", commission)
    for name in ("banker_six_pays", "pair_pays"):
        raw = getattr(rules, name)
        if raw is not None:
            value = to_fraction(raw, name)
            if value <= 0:
                raise InvalidRules(
                    f"{name} must be positive or None, got {value}",
                    code="rules_not_positive",
                    name=name,
                    value=str(value),
                )
            set_(rules, name, value)


def _check_game(rules: Rules) -> dict[str, Any]:
    """The four game fields of ``rules``, defaults filled in, checked against its variant.

    The Player's options and the rounding are the ones each variant's engine plays;
    another value is refused rather than described and not played.
    """
    defaults = variant_defaults(rules.variant)
    values = {name: getattr(rules, name) for name in defaults}
    for name, default in defaults.items():
        if values[name] is None:
            values[name] = default
    names = banker_rule_names(rules.variant)
    rule = values["banker_rule"]
    if rule not in (names or (None,)):
        allowed = ", ".join(names) or "none (the tableau decides)"
        raise InvalidRules(
            f"unknown {rules.variant.value} Banker rule {rule!r}: choose one of {allowed}",
            code="banker_rule",
            value=str(rule),
            allowed=allowed,
        )
    options = values["player_options"]
    if isinstance(options, list | tuple | frozenset | set) and all(type(t) is int for t in options):
        values["player_options"] = options = tuple(sorted(set(options)))
    if options != defaults["player_options"]:
        raise InvalidRules(
            f"the Player's option totals in {rules.variant.value} are "
            f"{list(defaults['player_options'])}, got {options!r}",
            # Worded as the drawing table's refusal: the options are part of the drawing.
            code="tableau",
            name="player_options",
            value=repr(options),
        )
    _enum_field(values, "rounding", Rounding, (defaults["rounding"],), rules.variant)
    _enum_field(values, "bank", Bank, _BANKS[rules.variant], rules.variant)
    return values


def _enum_field(
    values: dict[str, Any],
    name: str,
    kind: type[Rounding] | type[Bank],
    allowed: tuple[StrEnum, ...],
    variant: Variant,
) -> None:
    """``values[name]`` as a member of ``kind`` among ``allowed``, or a refusal naming them."""
    raw = values[name]
    try:
        member = kind(raw)
    except ValueError:
        member = None
    if member not in allowed:
        listed = ", ".join(a.value for a in allowed)
        # Worded as rules that cannot be read, naming the field and what it may be.
        raise InvalidRules(
            f"{name} in {variant.value} is one of: {listed}; got {raw!r}",
            code="rules_json",
            value=f"{name} {raw!r}",
            allowed=f"{name} {listed}",
            name=name,
        )
    values[name] = member


def _game_json(value: Any) -> Any:
    """A game field as JSON: an enum by its value, the option totals as a list."""
    if isinstance(value, StrEnum):
        return value.value
    return list(value) if isinstance(value, tuple) else value


def _table_keys(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """``data`` with the keys the choice games' tables write read as the fields they are."""
    if "commission" not in data and not isinstance(data.get("bank"), Mapping):
        return data
    values = dict(data)
    if "commission" in values and "banker_commission" not in values:
        values["banker_commission"] = values.pop("commission")
    bank = values.get("bank")
    if isinstance(bank, Mapping):
        values["bank"] = bank.get("holder", Bank.SEAT if "seat" in bank else None)
    return values


def _optional_text(value: Fraction | None) -> str | None:
    return None if value is None else str(value)


def _check_push(value: Any) -> tuple[int, int] | None:
    """``banker_pushes_on`` as ``(total, cards)``, checked."""
    if value is None:
        return None
    try:
        total, cards = value
    except (TypeError, ValueError):
        total = cards = None
    if not (type(total) is int and type(cards) is int and 0 <= total <= 9 and cards in (2, 3)):
        raise InvalidRules(
            "banker_pushes_on must be (total, cards), a total from 0 to 9 and 2 or 3 cards, "
            f"or None, got {value!r}",
            code="banker_pushes_on",
            value=repr(value),
        )
    return total, cards


def _side_bet_kind(name: Any) -> BetKind:
    try:
        kind = BetKind(name.value if isinstance(name, BetKind) else str(name).strip())
    except ValueError:
        kind = None
    if kind is None or kind not in SIDE_BET_PAYS:
        allowed = ", ".join(kind.value for kind in SIDE_BETS)
        raise InvalidRules(
            f"unknown side bet {name!r}: the side bets are {allowed}",
            code="unknown_side_bet",
            value=repr(name),
            allowed=allowed,
        )
    return kind


def _side_bet_payouts(kind: BetKind, raw: Any) -> tuple[Fraction, ...]:
    """A side bet's payouts from ``None`` (the default), one number, ``"a:b"`` or a sequence."""
    default = SIDE_BET_PAYS[kind]
    if raw is None:
        return default
    if isinstance(raw, str) and ":" in raw:
        items: list[Any] = raw.split(":")
    elif isinstance(raw, list | tuple):
        items = list(raw)
    else:
        items = [raw]
    if len(items) != len(default):
        raise InvalidRules(
            f"{kind.value} takes {len(default)} payout(s) "
            f"(default {':'.join(str(x) for x in default)}), got {raw!r}",
            code="side_bet_payouts",
            name=kind.value,
            value=repr(raw),
            expected=len(default),
            default=":".join(str(x) for x in default),
        )
    pays = tuple(to_fraction(item, kind.value) for item in items)
    for value in pays:
        if value <= 0:
            raise InvalidRules(
                f"{kind.value} payouts must be positive, got {value}",
                code="rules_not_positive",
                name=kind.value,
                value=str(value),
            )
    return pays


def _check_side_bets(value: Any) -> tuple[tuple[BetKind, tuple[Fraction, ...]], ...]:
    """``side_bets`` as ``((kind, payouts), ...)`` in layout order, checked."""
    if isinstance(value, Mapping):
        items = list(value.items())
    elif isinstance(value, str) or not isinstance(value, list | tuple | frozenset | set):
        raise InvalidRules(
            "side_bets must be a mapping of side bets to payouts, or a list of side bets, "
            f"got {value!r}",
            code="side_bets",
            value=repr(value),
        )
    else:
        items = [tuple(item) if isinstance(item, tuple | list) else (item, None) for item in value]
    chosen: dict[BetKind, tuple[Fraction, ...]] = {}
    for item in items:
        if len(item) != 2:
            raise InvalidRules(
                f"a side bet is a name and its payouts, got {item!r}",
                code="side_bets",
                value=repr(item),
            )
        kind = _side_bet_kind(item[0])
        if kind in chosen:
            raise InvalidRules(
                f"side bet {kind.value} is given twice", code="side_bet_twice", value=kind.value
            )
        chosen[kind] = _side_bet_payouts(kind, item[1])
    return tuple((kind, chosen[kind]) for kind in SIDE_BETS if kind in chosen)


def _offer(*kinds: BetKind) -> tuple[tuple[BetKind, tuple[Fraction, ...]], ...]:
    """``side_bets`` offering ``kinds`` at their default paytables."""
    return tuple((kind, SIDE_BET_PAYS[kind]) for kind in kinds)


#: Named rule sets. Never change a published preset's meaning: add a new name.
PRESETS: Mapping[str, Rules] = MappingProxyType(
    {
        # Seed 001: eight decks dealt from a shoe, Banker 5% commission, Tie 8 to 1.
        "punto-banco": Rules(),
        "punto-banco-6": Rules(decks=6),
        # Seed 002: an online table, six decks reshuffled before every round.
        "online": Rules(decks=6, shoe_mode=ShoeMode.RESHUFFLE),
        "commission-4": Rules(banker_commission=Fraction(1, 25)),
        "tie-9": Rules(tie_pays=Fraction(9)),
        "punto-banco-pairs": Rules(pair_pays=Fraction(11)),
        # Commission-free: Banker wins pay even money except a winning six, which pays half.
        "super-6": Rules(banker_commission=Fraction(0), banker_six_pays=Fraction(1, 2)),
        # No commission; a Banker win with a three-card 7 pushes; Dragon 7 and Panda 8.
        "ez-baccarat": Rules(
            banker_commission=Fraction(0),
            banker_pushes_on=(7, 3),
            side_bets=_offer(BetKind.DRAGON_7, BetKind.PANDA_8),
        ),
        "dragon-bonus": Rules(
            pair_pays=Fraction(11),
            side_bets=_offer(BetKind.DRAGON_BONUS_PLAYER, BetKind.DRAGON_BONUS_BANKER),
        ),
        # Super 6's half-paid Banker 6 with the five Tiger bets.
        "tiger": Rules(
            banker_commission=Fraction(0),
            banker_six_pays=Fraction(1, 2),
            side_bets=_offer(
                BetKind.TIGER,
                BetKind.SMALL_TIGER,
                BetKind.BIG_TIGER,
                BetKind.TIGER_TIE,
                BetKind.TIGER_PAIR,
            ),
        ),
        "egalite": Rules(side_bets=_offer(*EGALITE_BETS)),
        # Every side bet at its default paytable, for analysis.
        "all-side-bets": Rules(pair_pays=Fraction(11), side_bets=_offer(*SIDE_BETS)),
    }
)


def preset(name: str) -> Rules:
    """The preset called ``name``.

    Raises:
        InvalidRules: No such preset; the message lists the known ones.
    """
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise InvalidRules(
            f"unknown rules preset {name!r}: choose one of {known}",
            code="preset",
            value=name,
            allowed=known,
        ) from None


@dataclass(frozen=True, slots=True, kw_only=True)
class TableLimits:
    """The operator's limits per bet spot, in minor units (cents).

    >>> TableLimits(minimum_minor=500, maximum_minor=100_000).maximum_minor
    100000
    """

    minimum_minor: int = 100
    maximum_minor: int = 50_000
    maxima_minor: Mapping[BetKind, int] = field(default_factory=dict)
    """Optional lower maxima for particular spots (casinos often cap the Tie)."""

    def __post_init__(self) -> None:
        for name in ("minimum_minor", "maximum_minor"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise InvalidRules(
                    f"{name} must be a positive whole number of minor units, got {value!r}",
                    code="limit",
                    name=name,
                    value=repr(value),
                    minimum=1,
                )
        if self.minimum_minor > self.maximum_minor:
            raise InvalidRules(
                f"the table minimum {self.minimum_minor} is above the maximum {self.maximum_minor}",
                code="limits_order",
                minimum=self.minimum_minor,
                maximum=self.maximum_minor,
            )
        maxima: dict[BetKind, int] = {}
        for key, value in dict(self.maxima_minor).items():
            try:
                maxima[BetKind(key)] = value
            except ValueError:
                allowed = ", ".join(kind.value for kind in BetKind)
                raise InvalidRules(
                    f"unknown bet {key!r} in the table maxima: the spots are {allowed}",
                    code="unknown_bet",
                    bet=str(key),
                    allowed=allowed,
                ) from None
        for kind, value in maxima.items():
            if isinstance(value, bool) or not isinstance(value, int) or value < self.minimum_minor:
                raise InvalidRules(
                    f"the maximum for {kind.value} must be a whole number of minor units "
                    f"at least the table minimum {self.minimum_minor}, got {value!r}",
                    code="limit",
                    name=kind.value,
                    value=repr(value),
                    minimum=self.minimum_minor,
                )
        object.__setattr__(self, "maxima_minor", MappingProxyType(maxima))

    def maximum_for(self, kind: BetKind) -> int:
        """The maximum stake on ``kind``."""
        return self.maxima_minor.get(kind, self.maximum_minor)
