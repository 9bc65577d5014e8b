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

from puntobanco.core.bets import BetSettlement
from puntobanco.core.coup import Event, EventKind, Outcome, Reason, Side
from puntobanco.core.errors import BaccaratError
from puntobanco.core.money import format_minor
from puntobanco.core.rng import MAX_SEED
from puntobanco.core.rules import EGALITE_BETS, BetKind
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
        BetKind.DRAGON_7: "Dragon 7",
        BetKind.PANDA_8: "Panda 8",
        BetKind.DRAGON_BONUS_PLAYER: "Dragon Bonus Player",
        BetKind.DRAGON_BONUS_BANKER: "Dragon Bonus Banker",
        BetKind.EITHER_PAIR: "Either Pair",
        BetKind.PERFECT_PAIR: "Perfect Pair",
        BetKind.BIG: "Big",
        BetKind.SMALL: "Small",
        BetKind.SUPER_6: "Super 6",
        BetKind.TIGER: "Tiger",
        BetKind.SMALL_TIGER: "Small Tiger",
        BetKind.BIG_TIGER: "Big Tiger",
        BetKind.TIGER_TIE: "Tiger Tie",
        BetKind.TIGER_PAIR: "Tiger Pair",
        **{kind: f"Egalité {n}" for n, kind in enumerate(EGALITE_BETS)},
    },
    "es": {
        BetKind.PLAYER: "Jugador",
        BetKind.BANKER: "Banca",
        BetKind.TIE: "Empate",
        BetKind.PLAYER_PAIR: "Pareja Jugador",
        BetKind.BANKER_PAIR: "Pareja Banca",
        BetKind.DRAGON_7: "Dragón 7",
        BetKind.PANDA_8: "Panda 8",
        BetKind.DRAGON_BONUS_PLAYER: "Bono Dragón Jugador",
        BetKind.DRAGON_BONUS_BANKER: "Bono Dragón Banca",
        BetKind.EITHER_PAIR: "Cualquier Pareja",
        BetKind.PERFECT_PAIR: "Pareja Perfecta",
        BetKind.BIG: "Grande",
        BetKind.SMALL: "Pequeña",
        BetKind.SUPER_6: "Super 6",
        BetKind.TIGER: "Tigre",
        BetKind.SMALL_TIGER: "Tigre Pequeño",
        BetKind.BIG_TIGER: "Tigre Grande",
        BetKind.TIGER_TIE: "Empate Tigre",
        BetKind.TIGER_PAIR: "Pareja Tigre",
        **{kind: f"Egalité {n}" for n, kind in enumerate(EGALITE_BETS)},
    },
}

_REASONS: dict[str, dict[Reason, str]] = {
    "en": {
        Reason.NATURAL: "{side} has a natural {total}: both stand.",
        Reason.OTHER_NATURAL: "{side} stands on {total}: the {other} has a natural.",
        Reason.PLAYER_DRAWS: "Player {total} draws: the Player draws on {totals}.",
        Reason.PLAYER_STANDS: "Player {total} stands: the Player stands on {totals}.",
        Reason.BANKER_PLAYER_STOOD_DRAWS: (
            "Banker {total} draws: the Player stood, so the Banker draws on {totals}."
        ),
        Reason.BANKER_PLAYER_STOOD_STANDS: (
            "Banker {total} stands: the Player stood, so the Banker stands on {totals}."
        ),
        Reason.BANKER_ALWAYS_DRAWS: "Banker {total} draws: the Banker always draws on {totals}.",
        Reason.BANKER_THIRD_CARD_DRAWS: (
            "Banker {total} draws: the Player's third card, {third}, is in {values}."
        ),
        Reason.BANKER_THIRD_CARD_STANDS: (
            "Banker {total} stands: the Player's third card, {third}, is not in {values}."
        ),
        Reason.BANKER_ALWAYS_STANDS: "Banker {total} stands: the Banker always stands on {totals}.",
    },
    "es": {
        Reason.NATURAL: "{side_article} tiene un natural de {total}: ambos se plantan.",
        Reason.OTHER_NATURAL: (
            "{side_article} se planta con {total}: {other_article} tiene un natural."
        ),
        Reason.PLAYER_DRAWS: "El Jugador con {total} pide carta: el Jugador pide con {totals}.",
        Reason.PLAYER_STANDS: (
            "El Jugador con {total} se planta: el Jugador se planta con {totals}."
        ),
        Reason.BANKER_PLAYER_STOOD_DRAWS: (
            "La Banca con {total} pide carta: el Jugador se plantó, y la Banca pide con {totals}."
        ),
        Reason.BANKER_PLAYER_STOOD_STANDS: (
            "La Banca con {total} se planta: el Jugador se plantó, "
            "y la Banca se planta con {totals}."
        ),
        Reason.BANKER_ALWAYS_DRAWS: "La Banca con {total} pide carta: con {totals} siempre pide.",
        Reason.BANKER_THIRD_CARD_DRAWS: (
            "La Banca con {total} pide carta: la tercera carta del Jugador, {third}, "
            "está en {values}."
        ),
        Reason.BANKER_THIRD_CARD_STANDS: (
            "La Banca con {total} se planta: la tercera carta del Jugador, {third}, "
            "no está en {values}."
        ),
        Reason.BANKER_ALWAYS_STANDS: (
            "La Banca con {total} se planta: con {totals} siempre se planta."
        ),
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
        # Not str.capitalize(): it would lower-case the name ("El jugador").
        "side_article": _ARTICLES[side][0].upper() + _ARTICLES[side][1:],
        "other_article": _ARTICLES[other],
        "total": event.total,
        "third": event.player_third,
        "values": format_values(event.drawing_values),
        "totals": format_values(event.rule_totals),
    }
    if event.kind is EventKind.CARD:
        fields["card"] = str(event.card)
        return _CARD[language].format(**fields)
    assert event.reason is not None
    return _REASONS[language][event.reason].format(**fields)


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

_ERRORS: dict[str, dict[str, str]] = {
    "en": {
        # Amounts and bets (what a player types).
        "not_a_number": "{text!r} is not an amount: write a number such as 10 or 2.50.",
        "negative": "An amount cannot be negative ({text}): write a number such as 10 or 2.50.",
        "sub_minor": (
            "{text!r} has more than 2 decimals: write cents with at most 2 decimals (2.50), "
            "and a thousand as 1000 or 1,000.00."
        ),
        "thousands_separator": (
            "{text!r} is not clear: in English thousands are separated with a comma and "
            "cents with a point. For {plain} write {grouped} or {plain}; for cents, "
            "at most 2 decimals, as in {decimal}."
        ),
        "thousands_ambiguous": (
            "{text!r} is not clear: the comma separates thousands in English (1,000) but "
            "cents in Spanish (1,00), and the point the other way round. For {plain} write "
            "{plain}, {grouped_en} or {grouped_es}; for cents, at most 2 decimals, "
            "as in {decimal}."
        ),
        "too_large": "{text!r} is too large: the most is {maximum}.",
        "not_positive": "A stake must be more than 0: write an amount such as 10 or 2.50.",
        "stake_not_integer": (
            "A stake must be a whole number of cents (minor units), not {value}: "
            "2.50 is a stake of 250."
        ),
        "unknown_bet": "Unknown bet {bet!r}: the spots are {allowed}.",
        "not_offered": "{bet} is not offered at this table: the spots are {allowed}.",
        "below_minimum": (
            "The {bet} stake {stake} is under the table minimum: bet from {minimum} to {maximum}."
        ),
        "above_maximum": (
            "The {bet} stake {stake} is over the table maximum: bet from {minimum} to {maximum}."
        ),
        "insufficient_funds": (
            "Your bets total {total} but your balance is {balance}: bet at most {balance}."
        ),
        "no_bets": "Place at least one bet: on Player, Banker or Tie.",
        # The table's phases, rebet and double, money moved (core.table).
        "no_bets_placed": "No bets are placed yet: place your bets before the cards are dealt.",
        "bets_already_placed": (
            "The bets of this round are already placed: the cards are dealt next."
        ),
        "round_not_settled": "The cards of this round are dealt: the bets are settled next.",
        "no_rebet": "There are no previous bets to repeat yet: place a bet first.",
        "transfer_exceeds_balance": (
            "You cannot take {amount} off the table: the balance is {balance}."
        ),
        # Cards.
        "unknown_rank": "{rank!r} is not a rank: use A, 2 to 10 (or T), J, Q or K.",
        "bad_card": (
            "{card!r} is not a card: write a rank and a suit, such as Kd, 10h or A♠ "
            "(suits c, d, h, s)."
        ),
        "shoe_exhausted": "The cards ran out after {dealt}: a round needs 4 to 6 cards.",
        # Rules and table limits (what an operator configures).
        "not_exact": "{name} must be an exact number such as 8, 0.05 or 19/20, not {value}.",
        "rules_not_a_number": "{name} must be a number such as 8, 0.05 or 19/20, not {value}.",
        "rules_not_positive": "{name} must be more than 0, not {value}.",
        "decks": "The shoe holds 1 to 8 decks, not {value}.",
        "shoe_mode": "The shoe mode is cut-card or reshuffle, not {value}.",
        "variant": "The variant is one of {allowed}, not {value}.",
        "tableau": "The drawing table ({name}) is not valid: {value}.",
        "leg_domain": (
            "A bet's payout legs read either the totals and cards or the pairs, not both: {value}."
        ),
        "rules_json": "These rules cannot be read: {value} (the fields are {allowed}).",
        "cut_card_type": (
            "The cut card must leave a whole number of cards behind it, {minimum} to {maximum}, "
            "not {value}."
        ),
        "cut_card": "The cut card must leave {minimum} to {maximum} cards behind it, not {value}.",
        "commission": (
            "The Banker commission must be at least 0 and below 1 (0.05 is 5%), not {value}."
        ),
        "preset": "Unknown rules {value!r}: choose one of {allowed}.",
        "banker_pushes_on": (
            "The Banker push must be a total from 0 to 9 and 2 or 3 cards (EZ Baccarat: 7 "
            "on 3 cards), or none, not {value}."
        ),
        "side_bets": "The side bets must be names with their payouts, not {value}.",
        "unknown_side_bet": "Unknown side bet {value}: the side bets are {allowed}.",
        "side_bet_payouts": (
            "{name} takes {expected} payout(s), separated by colons (default {default}), "
            "not {value}."
        ),
        "side_bet_twice": "The side bet {value} is given twice: give each once.",
        # Odds (raised by the analysis layer, worded here so that every front end agrees).
        "pairs_need_ranks": (
            "The pair bets ({bets}) need the count of each rank (suits are spread evenly "
            "unless given), not only of each point value: give the ranks or the decks."
        ),
        "limit": "The limit {name} must be a whole amount of at least {minimum}, not {value}.",
        "limits_order": (
            "The table minimum {minimum} is above the maximum {maximum}: "
            "the minimum must not exceed the maximum."
        ),
        # Seeds.
        "seed": f"The seed must be a whole number from 0 to {MAX_SEED} (2**64 - 1), not {{value}}.",
        "server_seed": "The server seed must be {expected} bytes (64 hexadecimal digits).",
    },
    "es": {
        "not_a_number": "{text!r} no es una cantidad: escriba un número como 10 o 2,50.",
        "negative": (
            "Una cantidad no puede ser negativa ({text}): escriba un número como 10 o 2,50."
        ),
        "sub_minor": (
            "{text!r} tiene más de 2 decimales: escriba los céntimos con 2 decimales como mucho "
            "(2,50), y mil como 1000 o 1.000,00."
        ),
        "thousands_separator": (
            "{text!r} no está claro: en español los miles se separan con un punto y "
            "los céntimos con una coma. Para {plain} escriba {grouped} o {plain}; para "
            "céntimos, 2 decimales como mucho, como en {decimal}."
        ),
        "thousands_ambiguous": (
            "{text!r} no está claro: la coma separa los miles en inglés (1,000) pero los "
            "céntimos en español (1,00), y el punto al revés. Para {plain} escriba "
            "{plain}, {grouped_en} o {grouped_es}; para céntimos, 2 decimales como mucho, "
            "como en {decimal}."
        ),
        "too_large": "{text!r} es demasiado grande: el máximo es {maximum}.",
        "not_positive": "Una apuesta debe ser mayor que 0: escriba una cantidad como 10 o 2,50.",
        "stake_not_integer": (
            "Una apuesta debe ser un número entero de céntimos (unidades menores), no {value}: "
            "2,50 es una apuesta de 250."
        ),
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
        "insufficient_funds": (
            "Sus apuestas suman {total} pero su saldo es {balance}: apueste {balance} como mucho."
        ),
        "no_bets": "Haga al menos una apuesta: a Jugador, Banca o Empate.",
        "no_bets_placed": (
            "Aún no hay apuestas: haga sus apuestas antes de que se repartan las cartas."
        ),
        "bets_already_placed": (
            "Las apuestas de esta mano ya están hechas: ahora se reparten las cartas."
        ),
        "round_not_settled": (
            "Las cartas de esta mano ya están repartidas: ahora se liquidan las apuestas."
        ),
        "no_rebet": "Aún no hay apuestas anteriores que repetir: haga una apuesta primero.",
        "transfer_exceeds_balance": "No puede retirar {amount} de la mesa: su saldo es {balance}.",
        "unknown_rank": "{rank!r} no es un valor de carta: use A, 2 a 10 (o T), J, Q o K.",
        "bad_card": (
            "{card!r} no es una carta: escriba un valor y un palo, como Kd, 10h o A♠ "
            "(palos c, d, h, s)."
        ),
        "shoe_exhausted": (
            "Las cartas se acabaron tras {dealt}: una mano necesita de 4 a 6 cartas."
        ),
        "not_exact": "{name} debe ser un número exacto como 8, 0.05 o 19/20, no {value}.",
        "rules_not_a_number": "{name} debe ser un número como 8, 0.05 o 19/20, no {value}.",
        "rules_not_positive": "{name} debe ser mayor que 0, no {value}.",
        "decks": "El zapato tiene de 1 a 8 barajas, no {value}.",
        "shoe_mode": "El modo del zapato es cut-card o reshuffle, no {value}.",
        "variant": "La variante es una de {allowed}, no {value}.",
        "tableau": "La tabla de robo ({name}) no es válida: {value}.",
        "leg_domain": (
            "Los pagos de una apuesta leen los totales y las cartas o las parejas, "
            "no ambos: {value}."
        ),
        "rules_json": "No se pueden leer estas reglas: {value} (los campos son {allowed}).",
        "cut_card": (
            "La carta de corte debe dejar de {minimum} a {maximum} cartas detrás, no {value}."
        ),
        "cut_card_type": (
            "La carta de corte debe dejar detrás un número entero de cartas, de {minimum} "
            "a {maximum}, no {value}."
        ),
        "commission": (
            "La comisión de la Banca debe ser al menos 0 y menor que 1 (0.05 es el 5 %), "
            "no {value}."
        ),
        "preset": "Reglas desconocidas {value!r}: elija una de {allowed}.",
        "banker_pushes_on": (
            "El empate de la Banca debe ser un total de 0 a 9 y 2 o 3 cartas (EZ Baccarat: "
            "7 con 3 cartas), o ninguno, no {value}."
        ),
        "side_bets": "Las apuestas laterales deben ser nombres con sus pagos, no {value}.",
        "unknown_side_bet": (
            "Apuesta lateral desconocida {value}: las apuestas laterales son {allowed}."
        ),
        "side_bet_payouts": (
            "{name} lleva {expected} pago(s), separados por dos puntos (por defecto "
            "{default}), no {value}."
        ),
        "side_bet_twice": "La apuesta lateral {value} aparece dos veces: indíquela una vez.",
        "pairs_need_ranks": (
            "Las apuestas a pareja ({bets}) necesitan la cantidad de cada rango (los palos se "
            "reparten por igual si no se dan), no solo de cada valor: indique los rangos o "
            "las barajas."
        ),
        "limit": "El límite {name} debe ser una cantidad entera de al menos {minimum}, no {value}.",
        "limits_order": (
            "El mínimo de la mesa ({minimum}) supera el máximo ({maximum}): "
            "el mínimo no puede superar el máximo."
        ),
        "seed": (
            f"La semilla debe ser un número entero de 0 a {MAX_SEED} (2**64 - 1), no {{value}}."
        ),
        "server_seed": (
            "La semilla del servidor debe tener {expected} bytes (64 dígitos hexadecimales)."
        ),
    },
}

#: Every error code the core raises; each has a sentence in every language.
ERROR_CODES: frozenset[str] = frozenset(_ERRORS["en"])


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
    template = _ERRORS[language].get(error.code)
    if template is None:
        return error.message
    params = dict(error.params)
    for key in _MONEY_PARAMS.get(error.code, frozenset()) & params.keys():
        if isinstance(params[key], int):
            params[key] = format_minor(params[key], lang=language)
    if error.code in ("thousands_separator", "thousands_ambiguous"):
        params.update(_thousands_forms(params, language))
    if error.code == "negative" and isinstance(params.get("stake"), int):
        # A negative Bet: its "text" is the stake in the plain form; write it as money.
        params["text"] = format_minor(params["stake"], lang=language)
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
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return error.message


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


_SETTLED: dict[str, dict[str, str]] = {
    "en": {
        "win": "{bet} wins: {stake} staked, {winnings} won ({ratio} to 1){rounding}.",
        "push": "{bet} pushes: the stake of {stake} is returned.",
        "lose": "{bet} loses: the stake of {stake} is lost.",
        "rounding": "; {away} of a cent rounded away",
    },
    "es": {
        "win": "{bet} gana: {stake} apostados, {winnings} ganados ({ratio} a 1){rounding}.",
        "push": "{bet} empata: se devuelve la apuesta de {stake}.",
        "lose": "{bet} pierde: se pierde la apuesta de {stake}.",
        "rounding": "; {away} de céntimo redondeados",
    },
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
    words = _SETTLED[language]
    away = settled.rounded_away
    fields = {
        "bet": BET_NAMES[language][settled.bet.kind],
        "stake": format_minor(settled.bet.stake_minor, lang=language),
        "winnings": format_minor(settled.winnings_minor, lang=language),
        "ratio": str(settled.ratio),
        "rounding": words["rounding"].format(away=away) if away else "",
    }
    return words[settled.resolution.value].format(**fields)
