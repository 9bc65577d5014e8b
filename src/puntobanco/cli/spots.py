"""The side-bet spots of the terminal game: the words that name them, and their paytables.

The words a player types for a side bet, in English and Spanish, live here
beside the main spots' in :mod:`puntobanco.cli.betline`, in one table
(:data:`SIDE_ALIASES`): a word means one spot whichever language the game
speaks, so no form can name different spots in the two languages. The forms
are the names the casinos print on the layout (``dragon 7``, ``bono dragón
banca``, ``pareja perfecta``, ``tigre pequeño``, ``egalité 6``) and a few
short ones (``d7``, ``s6``, ``eg6``). None is a single letter: ``p``, ``b``,
``t``, ``j`` and ``e`` are the main spots', ``r``, ``s``, ``x``, ``h``, ``a``,
``m`` and ``q`` the commands'.

A name that ends in a number (``dragon 7``, ``panda 8``, ``super 6``,
``egalité 6``) takes the number as part of the name only when an amount
follows it: ``panda 8 5`` is 5 on Panda 8, ``panda 8`` is 8 on Panda 8 (whose
short form is ``panda``).

The paytables the ``rules`` command shows are read from the compiled payout
legs of :attr:`Rules.tables <puntobanco.core.rules.Rules.tables>`, each leg's
condition worded field by field, so they are the table's exact payouts.

>>> SIDE_ALIASES["bonodragonbanca"].value, SIDE_ALIASES["d7"].value
('dragon_bonus_banker', 'dragon_7')
>>> from puntobanco.core.rules import PRESETS, BetKind
>>> paytable_lines(PRESETS["tiger"], BetKind.TIGER, "es")
['gana la Banca con 6 (2 cartas): 12 a 1', 'gana la Banca con 6 (3 cartas): 20 a 1']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType

from puntobanco.cli.numbers import localize
from puntobanco.core import i18n
from puntobanco.core.bets import BetSettlement
from puntobanco.core.coup import CoupResult, Outcome
from puntobanco.core.i18n import LANGUAGES, Lang
from puntobanco.core.paytable import (
    Condition,
    Domain,
    Leg,
    Resolution,
    pair_class,
    pairs_of,
    shape_index,
    shape_of,
)
from puntobanco.core.rules import EGALITE_BETS, SIDE_BETS, BetKind, Rules


def _forms(kind: BetKind, *names: str) -> dict[str, BetKind]:
    return dict.fromkeys(names, kind)


#: Every word (after :func:`puntobanco.cli.betline._normalise`: no case, accents,
#: spaces, hyphens or underscores) that names a side bet, in English and Spanish.
SIDE_ALIASES: Mapping[str, BetKind] = {
    **_forms(BetKind.DRAGON_7, "dragon7", "d7"),
    **_forms(BetKind.PANDA_8, "panda", "panda8"),
    **_forms(
        BetKind.DRAGON_BONUS_PLAYER,
        "dragonbonusplayer",
        "bonusplayer",
        "dbp",
        "bonodragonjugador",
        "bonojugador",
        "bonusjugador",
        "bdj",
    ),
    **_forms(
        BetKind.DRAGON_BONUS_BANKER,
        "dragonbonusbanker",
        "bonusbanker",
        "dbb",
        "bonodragonbanca",
        "bonobanca",
        "bonusbanca",
        "bdb",
    ),
    **_forms(BetKind.EITHER_PAIR, "eitherpair", "ep", "cualquierpareja", "cp"),
    **_forms(BetKind.PERFECT_PAIR, "perfectpair", "perfect", "parejaperfecta", "perfecta"),
    **_forms(BetKind.BIG, "big", "grande"),
    **_forms(BetKind.SMALL, "small", "pequena"),
    **_forms(BetKind.SUPER_6, "super6", "s6"),
    **_forms(BetKind.TIGER, "tiger", "tigre"),
    **_forms(BetKind.SMALL_TIGER, "smalltiger", "tigrepequeno"),
    **_forms(BetKind.BIG_TIGER, "bigtiger", "tigregrande"),
    **_forms(BetKind.TIGER_TIE, "tigertie", "empatetigre"),
    **_forms(BetKind.TIGER_PAIR, "tigerpair", "parejatigre"),
    **{
        form: kind
        for n, kind in enumerate(EGALITE_BETS)
        for form in (f"egalite{n}", f"igualdad{n}", f"eg{n}")
    },
}


def _spot_word(kind: BetKind, lang: Lang) -> str:
    if kind in EGALITE_BETS:
        return i18n.text(lang, "play.spot.egalite", total=EGALITE_BETS.index(kind))
    return i18n.text(lang, f"play.spot.{kind.value}")


#: How the game writes each side bet in its lists ("Allowed: ..."), with its short form,
#: read from the catalogue (``play.spot.<kind>``).
SPOT_WORDS: Mapping[Lang, Mapping[BetKind, str]] = MappingProxyType(
    {
        lang: MappingProxyType({kind: _spot_word(kind, lang) for kind in SIDE_BETS})
        for lang in LANGUAGES
    }
)

#: The ten Egalité spots, written once in lists that hold them all.
EGALITE_WORDS: Mapping[Lang, str] = MappingProxyType(
    {lang: i18n.text(lang, "play.spot.egalite_all") for lang in LANGUAGES}
)


def spot_list(kinds: Sequence[BetKind], word: Callable[[BetKind], str], all_ten: str) -> list[str]:
    """``word`` of each spot, the ten Egalité spots as one ``all_ten`` when all are there."""
    if not set(EGALITE_BETS) <= set(kinds):
        return [word(kind) for kind in kinds]
    words = [word(kind) for kind in kinds if kind not in EGALITE_BETS]
    words.insert(kinds.index(EGALITE_BETS[0]), all_ten)
    return words


def format_ratio(ratio: Fraction) -> str:
    """A payout ratio for people, exact: ``8``, ``0.95``, ``1/3`` when it has no short decimal.

    >>> format_ratio(Fraction(27, 50)), format_ratio(Fraction(1, 3))
    ('0.54', '1/3')
    """
    if ratio.denominator == 1:
        return str(ratio.numerator)
    for digits in range(1, 5):
        scaled = ratio * 10**digits
        if scaled.denominator == 1:  # exact in this many decimals: no float involved
            whole, part = divmod(scaled.numerator, 10**digits)
            return f"{whole}.{part:0{digits}d}"
    return str(ratio)


def describe_condition(when: Condition, lang: Lang) -> str:
    """When a payout leg applies, in words: ``Banker wins with 7 on 3 cards``."""
    parts: list[str] = []
    if when.outcome is not None:
        parts.append(i18n.text(lang, f"play.paytable.{when.outcome.value}"))
    if when.winning_total is not None:
        key = "tie_total" if when.outcome is Outcome.TIE else "winning_total"
        parts.append(i18n.text(lang, f"play.paytable.{key}", n=when.winning_total))
    if when.winning_cards is not None:
        parts.append(i18n.text(lang, "play.paytable.winning_cards", n=when.winning_cards))
    if when.natural is not None:
        parts.append(
            i18n.text(
                lang, "play.paytable.natural" if when.natural else "play.paytable.not_natural"
            )
        )
    if when.margin is not None:
        parts.append(i18n.text(lang, "play.paytable.margin", count=when.margin, n=when.margin))
    if when.cards_dealt is not None:
        parts.append(
            i18n.text(lang, "play.paytable.cards_dealt", count=when.cards_dealt, n=when.cards_dealt)
        )
    if when.player_pair:
        parts.append(i18n.text(lang, "play.paytable.player_pair"))
    if when.banker_pair:
        parts.append(i18n.text(lang, "play.paytable.banker_pair"))
    if when.same_rank:
        parts.append(i18n.text(lang, "play.paytable.same_rank"))
    elif when.suited_pairs:
        parts.append(i18n.text(lang, f"play.paytable.suited_pairs_{when.suited_pairs}"))
    elif when.pairs:
        parts.append(i18n.text(lang, f"play.paytable.pairs_{when.pairs}"))
    return " ".join(parts)


def describe_leg(leg: Leg, lang: Lang) -> str:
    """One line of a paytable: ``Banker wins with 7 on 3 cards: 40 to 1``."""
    when = describe_condition(leg.when, lang) or i18n.text(lang, "play.paytable.always")
    if leg.resolution is Resolution.PUSH:
        return i18n.text(lang, "play.paytable.push", when=when)
    if leg.commission:
        text = i18n.text(
            lang,
            "play.paytable.commission",
            when=when,
            ratio=format_ratio(leg.pays),
            commission=format_ratio(leg.commission * 100),
        )
    else:
        text = i18n.text(lang, "play.paytable.win", when=when, ratio=format_ratio(leg.pays))
    return localize(text, lang)


def paytable_lines(rules: Rules, kind: BetKind, lang: Lang) -> list[str]:
    """Every payout leg of ``kind`` at this table, in the order the first that applies decides.

    Legs that pay the same on several conditions (Big on 5 or on 6 cards) are
    each shown: that is how the table reads them.
    """
    return [describe_leg(leg, lang) for leg in rules.tables.bets[kind].legs]


def lose_line(lang: Lang) -> str:
    """The paytables' last line: what no leg names loses."""
    return i18n.text(lang, "play.paytable.lose")


def matching_leg(settled: BetSettlement, result: CoupResult, rules: Rules) -> Leg | None:
    """The payout leg that decided a won or pushed bet (``None`` for a lost one)."""
    if settled.resolution is Resolution.LOSE:
        return None
    legs = rules.tables.bets[settled.bet.kind].legs
    if any(leg.when.domain is Domain.PAIRS for leg in legs):
        pairs = pairs_of(pair_class(result.player_cards, result.banker_cards))
        return next((leg for leg in legs if leg.when.matches_pairs(pairs)), None)
    shape = shape_of(
        shape_index(
            result.player_total,
            result.banker_total,
            len(result.player_cards),
            len(result.banker_cards),
        )
    )
    naturals = tuple(rules.tableau.is_natural(total) for total in range(10))
    return next((leg for leg in legs if leg.when.matches_shape(shape, naturals)), None)
