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
from typing import TYPE_CHECKING, Any

from puntobanco.core.errors import InvalidRules
from puntobanco.core.tableau import STANDARD, Tableau

if TYPE_CHECKING:
    from puntobanco.core.gametables import GameTables

#: Cards in one deck.
DECK_SIZE = 52
#: Fewest cards that may lie behind the cut card: the round in which the cut card
#: comes out may start on the card just before it and the end-of-shoe procedure
#: then deals one more round, so 6 + 6 cards must remain (see core.shoe).
MIN_CUT_CARD = 12
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
    Chemin de fer and Baccarat Banque, where a side may choose to draw or stand
    in some cells of the tableau, will be added as new members with a choice
    hook in :func:`core.coup.play_coup`; commission-free games (EZ Baccarat,
    Super 6) are Punto Banco with other payouts: presets, not variants.
    """

    PUNTO_BANCO = "punto-banco"


class BetKind(StrEnum):
    """A bet spot on the layout."""

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"
    PLAYER_PAIR = "player_pair"
    BANKER_PAIR = "banker_pair"


MAIN_BETS: tuple[BetKind, ...] = (BetKind.PLAYER, BetKind.BANKER, BetKind.TIE)
PAIR_BETS: tuple[BetKind, ...] = (BetKind.PLAYER_PAIR, BetKind.BANKER_PAIR)


def cut_card_range(decks: int) -> tuple[int, int]:
    """The fewest and the most cards that may lie behind the cut card in a shoe of ``decks``.

    The cut card must leave room behind it for the end-of-shoe procedure
    (:data:`MIN_CUT_CARD`), and in front of it for the largest burn
    (:data:`MAX_BURN`) and one round of up to six cards.

    >>> cut_card_range(8), cut_card_range(1)
    ((12, 399), (12, 35))

    Raises:
        InvalidRules: ``decks`` is not a whole number from 1 to 8 (``code="decks"``).
    """
    if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= 8:
        raise InvalidRules(
            f"decks must be a whole number from 1 to 8, got {decks!r}",
            code="decks",
            value=repr(decks),
        )
    return MIN_CUT_CARD, DECK_SIZE * decks - MAX_BURN - 6


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
        cut_card: Cards left behind the cut card (cut-card mode).
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
        variant: The drawing procedure.
        tableau: The drawing tables: naturals, the Player's row and the
            Banker's table (Punto Banco's :data:`~puntobanco.core.tableau.STANDARD`).
    """

    decks: int = 8
    shoe_mode: ShoeMode = ShoeMode.CUT_CARD
    cut_card: int = 14
    burn: bool = True
    player_pays: Fraction = Fraction(1)
    banker_commission: Fraction = Fraction(1, 20)
    banker_six_pays: Fraction | None = None
    tie_pays: Fraction = Fraction(8)
    pair_pays: Fraction | None = None
    variant: Variant = Variant.PUNTO_BANCO
    tableau: Tableau = STANDARD
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
        set_ = object.__setattr__  # the dataclass is frozen; normalise once, here
        if isinstance(self.decks, bool) or not isinstance(self.decks, int):
            raise InvalidRules(
                f"decks must be a whole number from 1 to 8, got {self.decks!r}",
                code="decks",
                value=repr(self.decks),
            )
        if not 1 <= self.decks <= 8:
            raise InvalidRules(
                f"decks must be from 1 to 8, got {self.decks}", code="decks", value=self.decks
            )
        try:
            set_(self, "shoe_mode", ShoeMode(self.shoe_mode))
        except ValueError:
            raise InvalidRules(
                f"shoe_mode must be 'cut-card' or 'reshuffle', got {self.shoe_mode!r}",
                code="shoe_mode",
                value=repr(self.shoe_mode),
            ) from None
        try:
            set_(self, "variant", Variant(self.variant))
        except ValueError:
            allowed = ", ".join(v.value for v in Variant)
            raise InvalidRules(
                f"variant must be one of {allowed}, got {self.variant!r}",
                code="variant",
                value=repr(self.variant),
                allowed=allowed,
            ) from None
        if not isinstance(self.tableau, Tableau):
            raise InvalidRules(
                f"tableau must be a Tableau, got {self.tableau!r}",
                code="tableau",
                name="tableau",
                value=repr(self.tableau),
            )
        min_cut, max_cut = cut_card_range(self.decks)
        if isinstance(self.cut_card, bool) or not isinstance(self.cut_card, int):
            raise InvalidRules(
                f"cut_card must be a whole number of cards from {min_cut} to {max_cut}, "
                f"got {self.cut_card!r}",
                code="cut_card_type",
                value=repr(self.cut_card),
                minimum=min_cut,
                maximum=max_cut,
            )
        if not min_cut <= self.cut_card <= max_cut:
            raise InvalidRules(
                f"cut_card must leave {min_cut} to {max_cut} cards behind it "
                f"in a {self.decks}-deck shoe, got {self.cut_card}",
                code="cut_card",
                value=self.cut_card,
                minimum=min_cut,
                maximum=max_cut,
            )
        set_(self, "burn", bool(self.burn))
        for name in ("player_pays", "tie_pays"):
            value = to_fraction(getattr(self, name), name)
            if value <= 0:
                raise InvalidRules(
                    f"{name} must be positive, got {value}",
                    code="rules_not_positive",
                    name=name,
                    value=str(value),
                )
            set_(self, name, value)
        commission = to_fraction(self.banker_commission, "banker_commission")
        if not 0 <= commission < 1:
            raise InvalidRules(
                f"banker_commission must be at least 0 and below 1 (0.05 is 5%), got {commission}",
                code="commission",
                value=str(commission),
            )
        set_(self, "banker_commission", commission)
        for name in ("banker_six_pays", "pair_pays"):
            raw = getattr(self, name)
            if raw is not None:
                value = to_fraction(raw, name)
                if value <= 0:
                    raise InvalidRules(
                        f"{name} must be positive or None, got {value}",
                        code="rules_not_positive",
                        name=name,
                        value=str(value),
                    )
                set_(self, name, value)
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
        return MAIN_BETS + (PAIR_BETS if self.pair_pays is not None else ())

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
        the fields, for readers that show the paytable (the web page).

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
            "tableau": self.tableau.to_json(),
        }
        data["offered_bets"] = [kind.value for kind in self.offered_bets]
        data["bets"] = {
            kind.value: [leg.to_json() for leg in table.legs]
            for kind, table in self.tables.bets.items()
        }
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rules:
        """The rules :meth:`to_json` wrote (its derived keys are ignored).

        Raises:
            InvalidRules: Not an object, an unknown key, or a field out of range.
        """
        if not isinstance(data, Mapping):
            raise InvalidRules(
                f"rules must be a JSON object, got {data!r}", code="rules_json", value=repr(data)
            )
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
        return cls(**values)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (and checked again).

        >>> Rules().replace(decks=6).decks
        6
        """
        return dataclasses.replace(self, **changes)


#: The fields that make two rules equal (and so their hash).
_COMPARED = tuple(f for f in dataclasses.fields(Rules) if f.compare)

#: Keys of :meth:`Rules.to_json` that are derived from the fields, not fields.
_DERIVED_JSON_KEYS = frozenset({"offered_bets", "bets"})


def _optional_text(value: Fraction | None) -> str | None:
    return None if value is None else str(value)


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
