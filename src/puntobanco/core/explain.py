"""Words for players, in English and Spanish: events of a coup, errors, names.

The core's values are structured (an :class:`~puntobanco.core.coup.Event` has
a reason code; a :class:`~puntobanco.core.errors.BaccaratError` has a code and
parameters); this module turns them into sentences. The terminal game and the
server both use it, so a player reads the same words everywhere.

>>> from puntobanco.core.cards import parse_cards
>>> from puntobanco.core.coup import play_coup
>>> events = play_coup(parse_cards("Kc 2d 3h 3s 4c 5d")).events
>>> describe(events[6], "en")
"Banker 5 draws: the Player's third card, 4, is in 4–7."
>>> describe(events[-1], "es")
'Jugador 7, Banca 0: gana el Jugador.'
"""

from __future__ import annotations

from typing import Any, Literal

from puntobanco.core.coup import Event, EventKind, Outcome, Reason, Side
from puntobanco.core.errors import BaccaratError
from puntobanco.core.money import format_minor
from puntobanco.core.rules import BetKind
from puntobanco.core.tableau import format_values

Lang = Literal["en", "es"]
LANGUAGES: tuple[Lang, ...] = ("en", "es")

SIDE_NAMES: dict[str, dict[str, str]] = {
    "en": {"player": "Player", "banker": "Banker", "tie": "Tie"},
    "es": {"player": "Jugador", "banker": "Banca", "tie": "Empate"},
}

BET_NAMES: dict[str, dict[BetKind, str]] = {
    "en": {
        BetKind.PLAYER: "Player",
        BetKind.BANKER: "Banker",
        BetKind.TIE: "Tie",
        BetKind.PLAYER_PAIR: "Player Pair",
        BetKind.BANKER_PAIR: "Banker Pair",
    },
    "es": {
        BetKind.PLAYER: "Jugador",
        BetKind.BANKER: "Banca",
        BetKind.TIE: "Empate",
        BetKind.PLAYER_PAIR: "Pareja Jugador",
        BetKind.BANKER_PAIR: "Pareja Banca",
    },
}

_REASONS: dict[str, dict[Reason, str]] = {
    "en": {
        Reason.NATURAL: "{side} has a natural {total}: both stand.",
        Reason.OTHER_NATURAL: "{side} stands on {total}: the {other} has a natural.",
        Reason.PLAYER_DRAWS: "Player {total} draws: the Player draws on 0–5.",
        Reason.PLAYER_STANDS: "Player {total} stands: the Player stands on 6–7.",
        Reason.BANKER_PLAYER_STOOD_DRAWS: (
            "Banker {total} draws: the Player stood, so the Banker draws on 0–5."
        ),
        Reason.BANKER_PLAYER_STOOD_STANDS: (
            "Banker {total} stands: the Player stood, so the Banker stands on 6–7."
        ),
        Reason.BANKER_ALWAYS_DRAWS: "Banker {total} draws: the Banker always draws on 0–2.",
        Reason.BANKER_THIRD_CARD_DRAWS: (
            "Banker {total} draws: the Player's third card, {third}, is in {values}."
        ),
        Reason.BANKER_THIRD_CARD_STANDS: (
            "Banker {total} stands: the Player's third card, {third}, is not in {values}."
        ),
        Reason.BANKER_ALWAYS_STANDS: "Banker {total} stands: the Banker always stands on 7.",
    },
    "es": {
        Reason.NATURAL: "{side_article} tiene un natural de {total}: ambos se plantan.",
        Reason.OTHER_NATURAL: (
            "{side_article} se planta con {total}: {other_article} tiene un natural."
        ),
        Reason.PLAYER_DRAWS: "El Jugador con {total} pide carta: el Jugador pide con 0–5.",
        Reason.PLAYER_STANDS: "El Jugador con {total} se planta: el Jugador se planta con 6–7.",
        Reason.BANKER_PLAYER_STOOD_DRAWS: (
            "La Banca con {total} pide carta: el Jugador se plantó, y la Banca pide con 0–5."
        ),
        Reason.BANKER_PLAYER_STOOD_STANDS: (
            "La Banca con {total} se planta: el Jugador se plantó, y la Banca se planta con 6–7."
        ),
        Reason.BANKER_ALWAYS_DRAWS: "La Banca con {total} pide carta: con 0–2 siempre pide.",
        Reason.BANKER_THIRD_CARD_DRAWS: (
            "La Banca con {total} pide carta: la tercera carta del Jugador, {third}, "
            "está en {values}."
        ),
        Reason.BANKER_THIRD_CARD_STANDS: (
            "La Banca con {total} se planta: la tercera carta del Jugador, {third}, "
            "no está en {values}."
        ),
        Reason.BANKER_ALWAYS_STANDS: "La Banca con {total} se planta: con 7 siempre se planta.",
    },
}

_ARTICLES = {"player": "el Jugador", "banker": "la Banca"}

_CARD = {
    "en": "{side} gets {card}: {total}.",
    "es": "{side_name} recibe {card}: {total}.",
}

_RESULT = {
    "en": {
        Outcome.PLAYER: "Player {player}, Banker {banker}: Player wins.",
        Outcome.BANKER: "Player {player}, Banker {banker}: Banker wins.",
        Outcome.TIE: "Player {player}, Banker {banker}: tie.",
    },
    "es": {
        Outcome.PLAYER: "Jugador {player}, Banca {banker}: gana el Jugador.",
        Outcome.BANKER: "Jugador {player}, Banca {banker}: gana la Banca.",
        Outcome.TIE: "Jugador {player}, Banca {banker}: empate.",
    },
}


def check_lang(lang: str) -> Lang:
    """Normalise a language tag (``"es_ES.UTF-8"`` -> ``"es"``); English if unknown."""
    short = lang.strip().lower()[:2]
    return "es" if short == "es" else "en"


def describe(event: Event, lang: str = "en") -> str:
    """One sentence for ``event`` in ``lang`` (``"en"`` or ``"es"``)."""
    language = check_lang(lang)
    names = SIDE_NAMES[language]
    if event.kind is EventKind.RESULT:
        assert event.outcome is not None
        return _RESULT[language][event.outcome].format(
            player=event.total, banker=event.banker_total
        )
    assert event.side is not None
    side = event.side.value
    other = Side.BANKER.value if event.side is Side.PLAYER else Side.PLAYER.value
    fields: dict[str, Any] = {
        "side": names[side],
        "side_name": names[side],
        "other": names[other],
        "side_article": _ARTICLES[side].capitalize(),
        "other_article": _ARTICLES[other],
        "total": event.total,
        "third": event.player_third,
        "values": format_values(event.drawing_values),
    }
    if event.kind is EventKind.CARD:
        fields["card"] = str(event.card)
        return _CARD[language].format(**fields)
    assert event.reason is not None
    return _REASONS[language][event.reason].format(**fields)


_MONEY_PARAMS = frozenset({"stake", "minimum", "maximum", "total", "balance"})

_ERRORS: dict[str, dict[str, str]] = {
    "en": {
        "not_a_number": "{text!r} is not an amount: write a number such as 10 or 2.50.",
        "negative": "An amount cannot be negative ({text}).",
        "sub_minor": "{text!r} is finer than a cent: use at most 2 decimals.",
        "not_positive": "A stake must be more than 0.",
        "unknown_bet": "Unknown bet {bet!r}: the spots are {allowed}.",
        "not_offered": "{bet} is not offered at this table: the spots are {allowed}.",
        "below_minimum": (
            "The {bet} stake {stake} is under the table minimum: bet from {minimum} to {maximum}."
        ),
        "above_maximum": (
            "The {bet} stake {stake} is over the table maximum: bet from {minimum} to {maximum}."
        ),
        "insufficient_funds": "Your bets total {total} but your balance is {balance}.",
        "no_bets": "Place at least one bet.",
    },
    "es": {
        "not_a_number": "{text!r} no es una cantidad: escriba un número como 10 o 2.50.",
        "negative": "Una cantidad no puede ser negativa ({text}).",
        "sub_minor": "{text!r} tiene fracciones de céntimo: use como mucho 2 decimales.",
        "not_positive": "Una apuesta debe ser mayor que 0.",
        "unknown_bet": "Apuesta desconocida {bet!r}: las casillas son {allowed}.",
        "not_offered": "{bet} no se ofrece en esta mesa: las casillas son {allowed}.",
        "below_minimum": (
            "La apuesta a {bet} de {stake} está por debajo del mínimo de la mesa: "
            "apueste de {minimum} a {maximum}."
        ),
        "above_maximum": (
            "La apuesta a {bet} de {stake} supera el máximo de la mesa: "
            "apueste de {minimum} a {maximum}."
        ),
        "insufficient_funds": "Sus apuestas suman {total} pero su saldo es {balance}.",
        "no_bets": "Haga al menos una apuesta.",
    },
}


def error_message(error: BaccaratError, lang: str = "en") -> str:
    """The error in the player's language; the English message when no translation exists."""
    language = check_lang(lang)
    template = _ERRORS[language].get(error.code)
    if template is None:
        return error.message
    params = dict(error.params)
    for key in _MONEY_PARAMS & params.keys():
        if isinstance(params[key], int):
            params[key] = format_minor(params[key])
    if isinstance(params.get("bet"), str):
        try:
            params["bet"] = BET_NAMES[language][BetKind(params["bet"])]
        except ValueError:
            pass
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return error.message
