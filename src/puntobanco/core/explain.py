"""Sentences for players from the core's values: events of a coup, settlements, errors.

The core's values are structured (an :class:`~puntobanco.core.coup.Event` has
a reason code; a :class:`~puntobanco.core.errors.BaccaratError` has a code and
parameters); this module turns them into sentences, in English or Spanish,
with the words of the catalogue's ``game.`` section
(:mod:`puntobanco.core.i18n.game`): it holds no word of its own, only the rules
for filling them in (which parameters are money, bet names, spot lists). The
terminal game and the server both use it, so a player reads the same words
everywhere.

>>> from puntobanco.core.cards import parse_cards
>>> from puntobanco.core.coup import play_coup
>>> events = play_coup(parse_cards("Kc 2d 3h 3s 4c 5d")).events
>>> describe(events[6], "en")
"Banker 5 draws: the Player's third card, 4, is in 4–7."
>>> describe(events[-1], "es")
'Jugador 7, Banca 0: gana el Jugador.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from puntobanco.core.banque.explain import BANQUE_ERRORS, banque_error_message
from puntobanco.core.bets import BetSettlement
from puntobanco.core.chemin.table import TABLE_ERRORS, table_error_message
from puntobanco.core.choice_explain import CHOICE_ERRORS, choice_error_message, describe_choice
from puntobanco.core.coup import Event, EventKind, Side
from puntobanco.core.errors import BaccaratError
from puntobanco.core.i18n import CATALOGUE, LANGUAGES, Lang, check_lang, text
from puntobanco.core.money import format_minor
from puntobanco.core.rules import BetKind
from puntobanco.core.tableau import format_values

_SIDES = ("player", "banker", "tie")

#: Every bet spot's name in each language, read from the catalogue (``game.bet.<kind>``).
BET_NAMES: Mapping[Lang, Mapping[BetKind, str]] = MappingProxyType(
    {
        lang: MappingProxyType({kind: text(lang, f"game.bet.{kind.value}") for kind in BetKind})
        for lang in LANGUAGES
    }
)

#: The two hands' and the tie's names in each language (``game.side.<side>``).
SIDE_NAMES: Mapping[Lang, Mapping[str, str]] = MappingProxyType(
    {
        lang: MappingProxyType({side: text(lang, f"game.side.{side}") for side in _SIDES})
        for lang in LANGUAGES
    }
)


def bet_name(kind: BetKind, lang: str = "en") -> str:
    """The name of the bet spot ``kind`` in ``lang``.

    >>> bet_name(BetKind.PLAYER_PAIR, "es"), bet_name(BetKind.EGALITE_6, "en")
    ('Pareja Jugador', 'Egalité 6')
    """
    return BET_NAMES[check_lang(lang)][kind]


def describe(event: Event, lang: str = "en") -> str:
    """One sentence for ``event`` in ``lang`` (``"en"`` or ``"es"``)."""
    language = check_lang(lang)
    if event.kind is EventKind.CHOICE:
        return describe_choice(event, language)
    if event.kind is EventKind.RESULT:
        assert event.outcome is not None
        return text(
            language,
            f"game.result.{event.outcome.value}",
            player=event.total,
            banker=event.banker_total,
        )
    assert event.side is not None
    side = event.side.value
    if event.kind is EventKind.CARD:
        name = text(language, f"game.side.{side}")
        return text(language, "game.card", side=name, card=str(event.card), total=event.total)
    assert event.reason is not None
    other = Side.BANKER.value if event.side is Side.PLAYER else Side.PLAYER.value
    return text(
        language,
        f"game.reason.{event.reason.name.lower()}",
        side=text(language, f"game.subject.{side}"),
        other=text(language, f"game.other.{other}"),
        total=event.total,
        third=event.player_third,
        values=format_values(event.drawing_values),
        totals=format_values(event.rule_totals),
    )


#: For each error code, the parameters that are amounts in minor units (written as money).
_MONEY_PARAMS: dict[str, frozenset[str]] = {
    "below_minimum": frozenset({"stake", "minimum", "maximum"}),
    "above_maximum": frozenset({"stake", "minimum", "maximum"}),
    "insufficient_funds": frozenset({"total", "balance"}),
    "too_large": frozenset({"maximum"}),
    "limit": frozenset({"minimum"}),
    "limits_order": frozenset({"minimum", "maximum"}),
    "transfer_exceeds_balance": frozenset({"amount", "balance"}),
}

#: Every error code the core raises; each has a sentence in every language.
_ERROR = "game.error."
ERROR_CODES: frozenset[str] = frozenset(
    key.removeprefix(_ERROR)
    for key in CATALOGUE["en"]
    if key.startswith(_ERROR) and not key.endswith(".one")
)

#: For an error code whose sentence depends on a number, the parameter that holds it:
#: the sentence's singular (``key.one``) is used when it is exactly one.
_COUNT_PARAMS: dict[str, str] = {"side_bet_payouts": "expected"}


def error_message(error: BaccaratError, lang: str = "en") -> str:
    """The error in the player's language; the English message when no translation exists.

    Amounts are written as money the way a player of ``lang`` reads it
    (``1,250.00``; Spanish ``1.250,00``, see
    :func:`~puntobanco.core.money.format_minor`) and bet spots by their names
    in ``lang``.

    >>> from puntobanco.core.money import parse_amount
    >>> try:
    ...     parse_amount("2,5055")
    ... except BaccaratError as error:
    ...     print(error_message(error, "es"))
    '2,5055' tiene más de 2 decimales: escriba los céntimos con 2 decimales como mucho (2,50), y mil como 1000 o 1.000,00.
    """  # noqa: E501
    language = check_lang(lang)
    for codes, worded in _WORDED_ELSEWHERE:
        if error.code in codes:
            return worded(error, language)
    template = _template(error, language)
    if template is None:
        return error.message
    params = _bet_params(error, language, _money_params(error, language))
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return error.message


#: The variants' refusals, worded by their own modules from the same catalogue.
_WORDED_ELSEWHERE: tuple[tuple[frozenset[str], Callable[[BaccaratError, Lang], str]], ...] = (
    (CHOICE_ERRORS, choice_error_message),
    (BANQUE_ERRORS, banque_error_message),
    (TABLE_ERRORS, table_error_message),
)


def _template(error: BaccaratError, language: Lang) -> str | None:
    """The error's sentence in ``language`` (its singular where its number is one), if any."""
    key = _ERROR + error.code
    template = CATALOGUE[language].get(key)
    counted = _COUNT_PARAMS.get(error.code)
    if template is not None and counted is not None and error.params.get(counted) == 1:
        template = CATALOGUE[language].get(f"{key}.one", template)
    return template


def _money_params(error: BaccaratError, language: Lang) -> dict[str, Any]:
    """The error's parameters, its amounts written as money the way ``language`` reads it."""
    params = dict(error.params)
    for key in _MONEY_PARAMS.get(error.code, frozenset()) & params.keys():
        if isinstance(params[key], int):
            params[key] = format_minor(params[key], lang=language)
    if error.code in ("thousands_separator", "thousands_ambiguous"):
        params.update(_thousands_forms(params, language))
    if error.code == "negative" and isinstance(params.get("stake"), int):
        # A negative Bet: its "text" is the stake in the plain form; write it as money.
        params["text"] = format_minor(params["stake"], lang=language)
    return params


def _bet_params(error: BaccaratError, language: Lang, params: dict[str, Any]) -> dict[str, Any]:
    """``params`` with the bet spots (``bet``, ``allowed``) named in ``language``."""
    names = BET_NAMES[language]
    if isinstance(params.get("bet"), str):
        try:
            params["bet"] = names[BetKind(params["bet"])]
        except ValueError:
            pass
    if error.code in ("unknown_bet", "not_offered") and isinstance(params.get("allowed"), str):
        params["allowed"] = ", ".join(
            names.get(BetKind(spot), spot) if spot in _BET_VALUES else spot
            for spot in params["allowed"].split(", ")
        )
    return params


_BET_VALUES = frozenset(kind.value for kind in BetKind)


def _thousands_forms(params: dict[str, Any], language: str) -> dict[str, str]:
    """The correct ways to write a refused ``"1,000"``, as ``language`` writes money.

    ``plain`` has no separator (``1000``), ``grouped`` the language's
    thousands separator, ``grouped_en`` and ``grouped_es`` each language's
    form with cents (which every language reads), and ``decimal`` the number
    read as cents instead, cut to two decimals (``1.00``, Spanish ``1,00``).
    """
    whole = params.get("whole")
    first, digits = str(params.get("first", "")), str(params.get("digits", ""))
    if not isinstance(whole, int):
        return {}
    point = format_minor(0, lang=language)[1]
    return {
        "plain": str(whole),
        "grouped": format_minor(whole * 100, lang=language)[:-3],
        "grouped_en": format_minor(whole * 100, lang="en"),
        "grouped_es": format_minor(whole * 100, lang="es"),
        "decimal": f"{first}{point}{digits[:2]}",
    }


def describe_settlement(settled: BetSettlement, lang: str = "en") -> str:
    """One sentence for a settled bet: won (with the ratio and any rounding), pushed or lost.

    >>> from puntobanco.core.bets import Bet, settle_bet
    >>> from puntobanco.core.cards import parse_cards
    >>> from puntobanco.core.coup import play_coup
    >>> from puntobanco.core.rules import PRESETS
    >>> coup = play_coup(parse_cards("8c 5d Kh Qs"))  # Player a natural 8: four cards
    >>> describe_settlement(settle_bet(Bet(BetKind.SMALL, 333), coup, PRESETS["all-side-bets"]))
    'Small wins: 3.33 staked, 4.99 won (3/2 to 1); 1/2 of a cent rounded away.'
    """
    language = check_lang(lang)
    away = settled.rounded_away
    return text(
        language,
        f"game.settled.{settled.resolution.value}",
        bet=BET_NAMES[language][settled.bet.kind],
        stake=format_minor(settled.bet.stake_minor, lang=language),
        winnings=format_minor(settled.winnings_minor, lang=language),
        ratio=str(settled.ratio),
        rounding=text(language, "game.settled.rounding", away=away) if away else "",
    )


__all__ = [
    "BET_NAMES",
    "ERROR_CODES",
    "LANGUAGES",
    "SIDE_NAMES",
    "Lang",
    "bet_name",
    "check_lang",
    "describe",
    "describe_settlement",
    "error_message",
]
