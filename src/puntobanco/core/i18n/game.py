"""The words of the game itself: bet and side names, the events of a coup, settlements, errors.

:mod:`puntobanco.core.explain` turns the core's structured values into these
sentences; the terminal game, the commands and the server all read them, so a
player reads the same words everywhere. Keys, all under ``game.``:

- ``game.side.<side>``: the two hands and the tie (``player``, ``banker``, ``tie``);
  ``game.subject.<side>`` and ``game.other.<side>`` the same names as the
  subject of a sentence and later in it (Spanish adds the article: "El
  Jugador", "la Banca").
- ``game.bet.<BetKind value>``: every bet spot's name.
- ``game.reason.<Reason name, lower case>``: why a hand drew or stood;
  ``game.card`` a card dealt; ``game.result.<Outcome>`` the result.
- ``game.error.<code>``: every :class:`~puntobanco.core.errors.BaccaratError` code.
- ``game.settled.<Resolution>``: a settled bet.
"""

from __future__ import annotations

from puntobanco.core.rng import MAX_SEED

EN: dict[str, str] = {
    "game.side.player": "Player",
    "game.side.banker": "Banker",
    "game.side.tie": "Tie",
    "game.subject.player": "Player",
    "game.subject.banker": "Banker",
    "game.other.player": "Player",
    "game.other.banker": "Banker",
    "game.bet.player": "Player",
    "game.bet.banker": "Banker",
    "game.bet.tie": "Tie",
    "game.bet.player_pair": "Player Pair",
    "game.bet.banker_pair": "Banker Pair",
    "game.bet.dragon_7": "Dragon 7",
    "game.bet.panda_8": "Panda 8",
    "game.bet.dragon_bonus_player": "Dragon Bonus Player",
    "game.bet.dragon_bonus_banker": "Dragon Bonus Banker",
    "game.bet.either_pair": "Either Pair",
    "game.bet.perfect_pair": "Perfect Pair",
    "game.bet.big": "Big",
    "game.bet.small": "Small",
    "game.bet.super_6": "Super 6",
    "game.bet.tiger": "Tiger",
    "game.bet.small_tiger": "Small Tiger",
    "game.bet.big_tiger": "Big Tiger",
    "game.bet.tiger_tie": "Tiger Tie",
    "game.bet.tiger_pair": "Tiger Pair",
    # Egalité keeps its French name in both languages, as the casinos print it.
    **{f"game.bet.egalite_{n}": f"Egalité {n}" for n in range(10)},
    "game.reason.natural": "{side} has a natural {total}: both stand.",
    "game.reason.other_natural": "{side} stands on {total}: the {other} has a natural.",
    "game.reason.player_draws": "Player {total} draws: the Player draws on {totals}.",
    "game.reason.player_stands": "Player {total} stands: the Player stands on {totals}.",
    "game.reason.banker_player_stood_draws": (
        "Banker {total} draws: the Player stood, so the Banker draws on {totals}."
    ),
    "game.reason.banker_player_stood_stands": (
        "Banker {total} stands: the Player stood, so the Banker stands on {totals}."
    ),
    "game.reason.banker_always_draws": "Banker {total} draws: the Banker always draws on {totals}.",
    "game.reason.banker_third_card_draws": (
        "Banker {total} draws: the Player's third card, {third}, is in {values}."
    ),
    "game.reason.banker_third_card_stands": (
        "Banker {total} stands: the Player's third card, {third}, is not in {values}."
    ),
    "game.reason.banker_always_stands": (
        "Banker {total} stands: the Banker always stands on {totals}."
    ),
    "game.card": "{side} gets {card}: {total}.",
    "game.result.player": "Player {player}, Banker {banker}: Player wins.",
    "game.result.banker": "Player {player}, Banker {banker}: Banker wins.",
    "game.result.tie": "Player {player}, Banker {banker}: tie.",
    # Amounts and bets (what a player types).
    "game.error.not_a_number": "{text!r} is not an amount: write a number such as 10 or 2.50.",
    "game.error.negative": (
        "An amount cannot be negative ({text}): write a number such as 10 or 2.50."
    ),
    "game.error.sub_minor": (
        "{text!r} has more than 2 decimals: write cents with at most 2 decimals (2.50), "
        "and a thousand as 1000 or 1,000.00."
    ),
    "game.error.thousands_separator": (
        "{text!r} is not clear: in English thousands are separated with a comma and "
        "cents with a point. For {plain} write {grouped} or {plain}; for cents, "
        "at most 2 decimals, as in {decimal}."
    ),
    "game.error.thousands_ambiguous": (
        "{text!r} is not clear: the comma separates thousands in English (1,000) but "
        "cents in Spanish (1,00), and the point the other way round. For {plain} write "
        "{plain}, {grouped_en} or {grouped_es}; for cents, at most 2 decimals, "
        "as in {decimal}."
    ),
    "game.error.too_large": "{text!r} is too large: the most is {maximum}.",
    "game.error.not_positive": "A stake must be more than 0: write an amount such as 10 or 2.50.",
    "game.error.stake_not_integer": (
        "A stake must be a whole number of cents (minor units), not {value}: "
        "2.50 is a stake of 250."
    ),
    "game.error.unknown_bet": "Unknown bet {bet!r}: the spots are {allowed}.",
    "game.error.not_offered": "{bet} is not offered at this table: the spots are {allowed}.",
    "game.error.below_minimum": (
        "The {bet} stake {stake} is under the table minimum: bet from {minimum} to {maximum}."
    ),
    "game.error.above_maximum": (
        "The {bet} stake {stake} is over the table maximum: bet from {minimum} to {maximum}."
    ),
    "game.error.insufficient_funds": (
        "Your bets total {total} but your balance is {balance}: bet at most {balance}."
    ),
    "game.error.no_bets": "Place at least one bet: on Player, Banker or Tie.",
    # The table's phases, rebet and double, money moved (core.table).
    "game.error.no_bets_placed": (
        "No bets are placed yet: place your bets before the cards are dealt."
    ),
    "game.error.bets_already_placed": (
        "The bets of this round are already placed: the cards are dealt next."
    ),
    "game.error.round_not_settled": "The cards of this round are dealt: the bets are settled next.",
    "game.error.no_rebet": "There are no previous bets to repeat yet: place a bet first.",
    "game.error.transfer_exceeds_balance": (
        "You cannot take {amount} off the table: the balance is {balance}."
    ),
    # Cards.
    "game.error.unknown_rank": "{rank!r} is not a rank: use A, 2 to 10 (or T), J, Q or K.",
    "game.error.bad_card": (
        "{card!r} is not a card: write a rank and a suit, such as Kd, 10h or A♠ (suits c, d, h, s)."
    ),
    "game.error.shoe_exhausted": "The cards ran out after {dealt}: a round needs 4 to 6 cards.",
    # A round of a game with choices, stepped (core/rounds.py).
    "game.error.no_choice_pending": "No choice is awaited: this round is complete.",
    "game.error.choice_draws": "A choice is to draw (true) or to stand (false), not {value}.",
    "game.error.no_timeout_policy": "This round has no rule for a choice left unanswered.",
    "game.error.replay_mismatch": (
        "The recorded choices do not match this round's cards at choice {position}."
    ),
    "game.error.chosen_json": (
        "{value} is not a recorded choice: it needs its point, draws (true or false) and who chose."
    ),
    "game.error.choice_point_json": (
        "{value} is not a choice point: it needs a side, its total and the Player's third card."
    ),
    # Rules and table limits (what an operator configures).
    "game.error.not_exact": "{name} must be an exact number such as 8, 0.05 or 19/20, not {value}.",
    "game.error.rules_not_a_number": (
        "{name} must be a number such as 8, 0.05 or 19/20, not {value}."
    ),
    "game.error.rules_not_positive": "{name} must be more than 0, not {value}.",
    "game.error.decks": "The shoe holds 1 to 8 decks, not {value}.",
    "game.error.shoe_mode": "The shoe mode is cut-card or reshuffle, not {value}.",
    "game.error.variant": "The variant is one of {allowed}, not {value}.",
    "game.error.tableau": "The drawing table ({name}) is not valid: {value}.",
    "game.error.leg_domain": (
        "A bet's payout legs read either the totals and cards or the pairs, not both: {value}."
    ),
    "game.error.rules_json": "These rules cannot be read: {value} (the fields are {allowed}).",
    "game.error.cut_card_type": (
        "The cut card must leave a whole number of cards behind it, {minimum} to {maximum}, "
        "not {value}."
    ),
    "game.error.cut_card": (
        "The cut card must leave {minimum} to {maximum} cards behind it, not {value}."
    ),
    "game.error.commission": (
        "The Banker commission must be at least 0 and below 1 (0.05 is 5%), not {value}."
    ),
    "game.error.preset": "Unknown rules {value!r}: choose one of {allowed}.",
    "game.error.banker_pushes_on": (
        "The Banker push must be a total from 0 to 9 and 2 or 3 cards (EZ Baccarat: 7 "
        "on 3 cards), or none, not {value}."
    ),
    "game.error.side_bets": "The side bets must be names with their payouts, not {value}.",
    "game.error.unknown_side_bet": "Unknown side bet {value}: the side bets are {allowed}.",
    "game.error.side_bet_payouts": (
        "{name} takes {expected} payouts, separated by colons (default {default}), not {value}."
    ),
    "game.error.side_bet_payouts.one": (
        "{name} takes {expected} payout (default {default}), not {value}."
    ),
    "game.error.side_bet_twice": "The side bet {value} is given twice: give each once.",
    # Odds (raised by the analysis layer, worded here so that every front end agrees).
    "game.error.pairs_need_ranks": (
        "The pair bets ({bets}) need the count of each rank (suits are spread evenly "
        "unless given), not only of each point value: give the ranks or the decks."
    ),
    "game.error.limit": (
        "The limit {name} must be a whole amount of at least {minimum}, not {value}."
    ),
    "game.error.limits_order": (
        "The table minimum {minimum} is above the maximum {maximum}: "
        "the minimum must not exceed the maximum."
    ),
    # Seeds.
    "game.error.seed": (
        f"The seed must be a whole number from 0 to {MAX_SEED} (2**64 - 1), not {{value}}."
    ),
    "game.error.server_seed": "The server seed must be {expected} bytes (64 hexadecimal digits).",
    "game.settled.win": "{bet} wins: {stake} staked, {winnings} won ({ratio} to 1){rounding}.",
    "game.settled.push": "{bet} pushes: the stake of {stake} is returned.",
    "game.settled.lose": "{bet} loses: the stake of {stake} is lost.",
    "game.settled.rounding": "; {away} of a cent rounded away",
}

ES: dict[str, str] = {
    "game.side.player": "Jugador",
    "game.side.banker": "Banca",
    "game.side.tie": "Empate",
    # A sentence's subject and a later mention take the article in Spanish.
    "game.subject.player": "El Jugador",
    "game.subject.banker": "La Banca",
    "game.other.player": "el Jugador",
    "game.other.banker": "la Banca",
    "game.bet.player": "Jugador",
    "game.bet.banker": "Banca",
    "game.bet.tie": "Empate",
    "game.bet.player_pair": "Pareja Jugador",
    "game.bet.banker_pair": "Pareja Banca",
    "game.bet.dragon_7": "Dragón 7",
    "game.bet.panda_8": "Panda 8",
    "game.bet.dragon_bonus_player": "Bono Dragón Jugador",
    "game.bet.dragon_bonus_banker": "Bono Dragón Banca",
    "game.bet.either_pair": "Cualquier Pareja",
    "game.bet.perfect_pair": "Pareja Perfecta",
    "game.bet.big": "Grande",
    "game.bet.small": "Pequeña",
    "game.bet.super_6": "Super 6",
    "game.bet.tiger": "Tigre",
    "game.bet.small_tiger": "Tigre Pequeño",
    "game.bet.big_tiger": "Tigre Grande",
    "game.bet.tiger_tie": "Empate Tigre",
    "game.bet.tiger_pair": "Pareja Tigre",
    # Egalité keeps its French name in both languages, as the casinos print it.
    **{f"game.bet.egalite_{n}": f"Egalité {n}" for n in range(10)},
    "game.reason.natural": "{side} tiene un natural de {total}: ambos se plantan.",
    "game.reason.other_natural": ("{side} se planta con {total}: {other} tiene un natural."),
    "game.reason.player_draws": "El Jugador con {total} pide carta: el Jugador pide con {totals}.",
    "game.reason.player_stands": (
        "El Jugador con {total} se planta: el Jugador se planta con {totals}."
    ),
    "game.reason.banker_player_stood_draws": (
        "La Banca con {total} pide carta: el Jugador se plantó, y la Banca pide con {totals}."
    ),
    "game.reason.banker_player_stood_stands": (
        "La Banca con {total} se planta: el Jugador se plantó, y la Banca se planta con {totals}."
    ),
    "game.reason.banker_always_draws": (
        "La Banca con {total} pide carta: con {totals} siempre pide."
    ),
    "game.reason.banker_third_card_draws": (
        "La Banca con {total} pide carta: la tercera carta del Jugador, {third}, está en {values}."
    ),
    "game.reason.banker_third_card_stands": (
        "La Banca con {total} se planta: la tercera carta del Jugador, {third}, "
        "no está en {values}."
    ),
    "game.reason.banker_always_stands": (
        "La Banca con {total} se planta: con {totals} siempre se planta."
    ),
    "game.card": "{side} recibe {card}: {total}.",
    "game.result.player": "Jugador {player}, Banca {banker}: gana el Jugador.",
    "game.result.banker": "Jugador {player}, Banca {banker}: gana la Banca.",
    "game.result.tie": "Jugador {player}, Banca {banker}: empate.",
    "game.error.not_a_number": "{text!r} no es una cantidad: escriba un número como 10 o 2,50.",
    "game.error.negative": (
        "Una cantidad no puede ser negativa ({text}): escriba un número como 10 o 2,50."
    ),
    "game.error.sub_minor": (
        "{text!r} tiene más de 2 decimales: escriba los céntimos con 2 decimales como mucho "
        "(2,50), y mil como 1000 o 1.000,00."
    ),
    "game.error.thousands_separator": (
        "{text!r} no está claro: en español los miles se separan con un punto y "
        "los céntimos con una coma. Para {plain} escriba {grouped} o {plain}; para "
        "céntimos, 2 decimales como mucho, como en {decimal}."
    ),
    "game.error.thousands_ambiguous": (
        "{text!r} no está claro: la coma separa los miles en inglés (1,000) pero los "
        "céntimos en español (1,00), y el punto al revés. Para {plain} escriba "
        "{plain}, {grouped_en} o {grouped_es}; para céntimos, 2 decimales como mucho, "
        "como en {decimal}."
    ),
    "game.error.too_large": "{text!r} es demasiado grande: el máximo es {maximum}.",
    "game.error.not_positive": (
        "Una apuesta debe ser mayor que 0: escriba una cantidad como 10 o 2,50."
    ),
    "game.error.stake_not_integer": (
        "Una apuesta debe ser un número entero de céntimos (unidades menores), no {value}: "
        "2,50 es una apuesta de 250."
    ),
    "game.error.unknown_bet": "Apuesta desconocida {bet!r}: las casillas son {allowed}.",
    "game.error.not_offered": "{bet} no se ofrece en esta mesa: las casillas son {allowed}.",
    "game.error.below_minimum": (
        "La apuesta a {bet} de {stake} está por debajo del mínimo de la mesa: "
        "apueste de {minimum} a {maximum}."
    ),
    "game.error.above_maximum": (
        "La apuesta a {bet} de {stake} supera el máximo de la mesa: "
        "apueste de {minimum} a {maximum}."
    ),
    "game.error.insufficient_funds": (
        "Sus apuestas suman {total} pero su saldo es {balance}: apueste {balance} como mucho."
    ),
    "game.error.no_bets": "Haga al menos una apuesta: a Jugador, Banca o Empate.",
    "game.error.no_bets_placed": (
        "Aún no hay apuestas: haga sus apuestas antes de que se repartan las cartas."
    ),
    "game.error.bets_already_placed": (
        "Las apuestas de esta mano ya están hechas: ahora se reparten las cartas."
    ),
    "game.error.round_not_settled": (
        "Las cartas de esta mano ya están repartidas: ahora se liquidan las apuestas."
    ),
    "game.error.no_rebet": "Aún no hay apuestas anteriores que repetir: haga una apuesta primero.",
    "game.error.transfer_exceeds_balance": (
        "No puede retirar {amount} de la mesa: su saldo es {balance}."
    ),
    "game.error.unknown_rank": "{rank!r} no es un valor de carta: use A, 2 a 10 (o T), J, Q o K.",
    "game.error.bad_card": (
        "{card!r} no es una carta: escriba un valor y un palo, como Kd, 10h o A♠ "
        "(palos c, d, h, s)."
    ),
    "game.error.shoe_exhausted": (
        "Las cartas se acabaron tras {dealt}: una mano necesita de 4 a 6 cartas."
    ),
    "game.error.no_choice_pending": "No se espera ninguna decisión: esta mano ha terminado.",
    "game.error.choice_draws": (
        "Una decisión es pedir carta (true) o plantarse (false), no {value}."
    ),
    "game.error.no_timeout_policy": "Esta mano no tiene regla para una decisión sin respuesta.",
    "game.error.replay_mismatch": (
        "Las decisiones registradas no corresponden a las cartas de esta mano en la "
        "decisión {position}."
    ),
    "game.error.chosen_json": (
        "{value} no es una decisión registrada: necesita su punto, draws (true o false) y "
        "quién decidió."
    ),
    "game.error.choice_point_json": (
        "{value} no es un punto de decisión: necesita un lado, su total y la tercera carta "
        "del Jugador."
    ),
    "game.error.not_exact": "{name} debe ser un número exacto como 8, 0.05 o 19/20, no {value}.",
    "game.error.rules_not_a_number": "{name} debe ser un número como 8, 0.05 o 19/20, no {value}.",
    "game.error.rules_not_positive": "{name} debe ser mayor que 0, no {value}.",
    "game.error.decks": "El zapato tiene de 1 a 8 barajas, no {value}.",
    "game.error.shoe_mode": "El modo del zapato es cut-card o reshuffle, no {value}.",
    "game.error.variant": "La variante es una de {allowed}, no {value}.",
    "game.error.tableau": "La tabla de robo ({name}) no es válida: {value}.",
    "game.error.leg_domain": (
        "Los pagos de una apuesta leen los totales y las cartas o las parejas, no ambos: {value}."
    ),
    "game.error.rules_json": "No se pueden leer estas reglas: {value} (los campos son {allowed}).",
    "game.error.cut_card": (
        "La carta de corte debe dejar de {minimum} a {maximum} cartas detrás, no {value}."
    ),
    "game.error.cut_card_type": (
        "La carta de corte debe dejar detrás un número entero de cartas, de {minimum} "
        "a {maximum}, no {value}."
    ),
    "game.error.commission": (
        "La comisión de la Banca debe ser al menos 0 y menor que 1 (0.05 es el 5 %), no {value}."
    ),
    "game.error.preset": "Reglas desconocidas {value!r}: elija una de {allowed}.",
    "game.error.banker_pushes_on": (
        "El empate de la Banca debe ser un total de 0 a 9 y 2 o 3 cartas (EZ Baccarat: "
        "7 con 3 cartas), o ninguno, no {value}."
    ),
    "game.error.side_bets": "Las apuestas laterales deben ser nombres con sus pagos, no {value}.",
    "game.error.unknown_side_bet": (
        "Apuesta lateral desconocida {value}: las apuestas laterales son {allowed}."
    ),
    "game.error.side_bet_payouts": (
        "{name} lleva {expected} pagos, separados por dos puntos (por defecto "
        "{default}), no {value}."
    ),
    "game.error.side_bet_payouts.one": (
        "{name} lleva {expected} pago (por defecto {default}), no {value}."
    ),
    "game.error.side_bet_twice": "La apuesta lateral {value} aparece dos veces: indíquela una vez.",
    "game.error.pairs_need_ranks": (
        "Las apuestas a pareja ({bets}) necesitan la cantidad de cada rango (los palos se "
        "reparten por igual si no se dan), no solo de cada valor: indique los rangos o "
        "las barajas."
    ),
    "game.error.limit": (
        "El límite {name} debe ser una cantidad entera de al menos {minimum}, no {value}."
    ),
    "game.error.limits_order": (
        "El mínimo de la mesa ({minimum}) supera el máximo ({maximum}): "
        "el mínimo no puede superar el máximo."
    ),
    "game.error.seed": (
        f"La semilla debe ser un número entero de 0 a {MAX_SEED} (2**64 - 1), no {{value}}."
    ),
    "game.error.server_seed": (
        "La semilla del servidor debe tener {expected} bytes (64 dígitos hexadecimales)."
    ),
    "game.settled.win": (
        "{bet} gana: {stake} apostados, {winnings} ganados ({ratio} a 1){rounding}."
    ),
    "game.settled.push": "{bet} empata: se devuelve la apuesta de {stake}.",
    "game.settled.lose": "{bet} pierde: se pierde la apuesta de {stake}.",
    "game.settled.rounding": "; {away} de céntimo redondeados",
}
