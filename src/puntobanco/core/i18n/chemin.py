"""Words of Chemin de fer and Baccarat Banque: the choices, their errors, ``puntobanco solve``."""

from __future__ import annotations

EN: dict[str, str] = {
    # The choice events of a coup.
    "chemin.choice.player.draw": (
        "Player {total} chooses to draw: with 5 the Player may draw or stand."
    ),
    "chemin.choice.player.stand": (
        "Player {total} chooses to stand: with 5 the Player may draw or stand."
    ),
    "chemin.choice.banker.draw": (
        "Banker {total} chooses to draw: against a Player third card of {third} "
        "the rule leaves it to the Banker."
    ),
    "chemin.choice.banker.stand": (
        "Banker {total} chooses to stand: against a Player third card of {third} "
        "the rule leaves it to the Banker."
    ),
    "chemin.choice.banker_stood.draw": (
        "Banker {total} chooses to draw: the Player stood, and the rule leaves it to the Banker."
    ),
    "chemin.choice.banker_stood.stand": (
        "Banker {total} chooses to stand: the Player stood, and the rule leaves it to the Banker."
    ),
    # Errors of core.choices and of the Banker rules.
    "chemin.error.banker_cell": (
        "A Banker cell is his total 0-7 and the Player's third card 0-9 or 'stood', "
        "such as 5/4 or 6/stood; got {value}."
    ),
    "chemin.error.banker_rule": "Unknown Banker rule '{value}': the rules are {allowed}.",
    "chemin.error.strategy_missing": (
        "The strategy gives no choice for the Banker's free cell(s) {cells} (rule {rule})."
    ),
    "chemin.error.strategy_not_free": (
        "The Banker has no choice at {cell} under the {rule} rule: its free cells are {allowed}."
    ),
    "chemin.error.strategy_probability": (
        "The probability of drawing at {name} is a number from 0 to 1, got {value}."
    ),
    "chemin.error.player_no_choice": (
        "The Player has no choice on {total}: he chooses only on {allowed}."
    ),
    "chemin.error.strategy_needs_source": (
        "A mixed strategy needs a random source to draw its choices from."
    ),
    "chemin.error.replay_mismatch": (
        "The recorded decisions do not match the coup's cards at decision {position}."
    ),
    # puntobanco solve: options and their refusals.
    "chemin.solve.help": (
        "Solve Chemin de fer exactly: the Player's best mix on 5, the Banker's best play in "
        "every free cell, the value of the game and what each wrong choice costs."
    ),
    "chemin.solve.help_variant": "The game: chemin-de-fer (default) or banque.",
    "chemin.solve.help_decks": "Decks in a full shoe, 1 to 8 (default 8).",
    "chemin.solve.help_points": "Counts per point value, e.g. 0=96,1=24,...,9=24 (others 0).",
    "chemin.solve.help_ranks": "Counts per rank, e.g. A=24,2=24,...,K=24 (others 0).",
    "chemin.solve.help_infinite": "Draw with replacement (the infinite deck of Kemeny and Snell).",
    "chemin.solve.help_banker": (
        "The Banker's free cells: rule-card (default) or free (every cell)."
    ),
    "chemin.solve.help_commission": "The house's share of the Banker's wins, 5% or 0.05.",
    "chemin.solve.help_float": "Solve in floats (the fast path) instead of exact fractions.",
    "chemin.solve.help_json": "One JSON object on stdout.",
    "chemin.solve.help_lang": "en or es (default: the locale).",
    "chemin.solve.variant": "the variants are {allowed}, got '{value}'",
    "chemin.solve.banker": "the Banker rules are {allowed}, got '{value}'",
    "chemin.solve.one_shoe": "give only one of --decks, --points, --ranks and --infinite",
    "chemin.solve.counts": (
        "{option} takes KEY=COUNT pairs separated by commas, such as {example}; got '{part}'"
    ),
    "chemin.solve.banque": (
        "Baccarat Banque (one Banker against two tableaux) is not solved yet; "
        "solve chemin-de-fer, the game of one tableau"
    ),
    "chemin.solve.error": "Error: {message}",
    # puntobanco solve: the report.
    "chemin.solve.title": "Chemin de fer solved ({where}), Banker rule {rule}",
    "chemin.solve.infinite": "infinite deck, cards drawn with replacement",
    "chemin.solve.full": "a full {decks}-deck shoe, {cards} cards",
    "chemin.solve.counts_given": "{cards} cards as given",
    "chemin.solve.free_cells": "The Banker's free cells: {cells}",
    "chemin.solve.every_cell": "every cell ({count}: totals 0-7 against each third card, 'stood')",
    "chemin.solve.player": "Player on 5: {choice}",
    "chemin.solve.player_draws": "always draws",
    "chemin.solve.player_stands": "always stands",
    "chemin.solve.player_mixes": "draws with probability {p} ({pf}), stands otherwise",
    "chemin.solve.player_not_unique": "(another mix is as good: the smallest is shown)",
    "chemin.solve.cells": "The Banker, cell by cell (draw minus stand, per coup and per decision):",
    "chemin.solve.cell": "  {cell:<9} {decision:<34} {gain:>12}  {per:>10}",
    "chemin.solve.cell_draw": "draws",
    "chemin.solve.cell_stand": "stands",
    "chemin.solve.cell_mix": "draws with probability {p} ({pf})",
    "chemin.solve.cell_same": "draws or stands: worth the same",
    "chemin.solve.value": "Value of the game to the Banker, no commission: {exact} = {value}",
    "chemin.solve.outcomes": "At the equilibrium: Banker wins {banker}, Player wins {player}, "
    "tie {tie}",
    "chemin.solve.after": (
        "The Banker after {commission} commission on his wins, both playing this equilibrium: "
        "{value} a coup (with commission the game is not zero-sum: this is not its value)"
    ),
    "chemin.solve.deviations": "What the Player's pure choices on 5 cost him, per coup:",
    "chemin.solve.deviation": (
        "  {choice:<18} {eq:>10} against the Banker's equilibrium, {br:>10} against his best reply"
    ),
    "chemin.solve.always_draw": "always drawing",
    "chemin.solve.always_stand": "always standing",
}

ES: dict[str, str] = {
    "chemin.choice.player.draw": (
        "El Jugador con {total} decide pedir carta: con 5 el Jugador puede pedir o plantarse."
    ),
    "chemin.choice.player.stand": (
        "El Jugador con {total} decide plantarse: con 5 el Jugador puede pedir o plantarse."
    ),
    "chemin.choice.banker.draw": (
        "La Banca con {total} decide pedir carta: ante una tercera carta del Jugador de {third} "
        "la regla deja elegir a la Banca."
    ),
    "chemin.choice.banker.stand": (
        "La Banca con {total} decide plantarse: ante una tercera carta del Jugador de {third} "
        "la regla deja elegir a la Banca."
    ),
    "chemin.choice.banker_stood.draw": (
        "La Banca con {total} decide pedir carta: el Jugador se plantó y la regla deja elegir "
        "a la Banca."
    ),
    "chemin.choice.banker_stood.stand": (
        "La Banca con {total} decide plantarse: el Jugador se plantó y la regla deja elegir "
        "a la Banca."
    ),
    "chemin.error.banker_cell": (
        "Una casilla de la Banca es su total de 0 a 7 y la tercera carta del Jugador de 0 a 9 "
        "o 'stood' (se plantó), como 5/4 o 6/stood; se recibió {value}."
    ),
    "chemin.error.banker_rule": (
        "Regla de la Banca desconocida '{value}': las reglas son {allowed}."
    ),
    "chemin.error.strategy_missing": (
        "La estrategia no da la decisión de la Banca en la(s) casilla(s) libre(s) {cells} "
        "(regla {rule})."
    ),
    "chemin.error.strategy_not_free": (
        "La Banca no elige en {cell} con la regla {rule}: sus casillas libres son {allowed}."
    ),
    "chemin.error.strategy_probability": (
        "La probabilidad de pedir carta en {name} es un número de 0 a 1, no {value}."
    ),
    "chemin.error.player_no_choice": ("El Jugador no elige con {total}: solo elige con {allowed}."),
    "chemin.error.strategy_needs_source": (
        "Una estrategia mixta necesita una fuente aleatoria de la que sacar sus decisiones."
    ),
    "chemin.error.replay_mismatch": (
        "Las decisiones registradas no corresponden a las cartas de la mano en la decisión "
        "{position}."
    ),
    "chemin.solve.help": (
        "Resolver el Chemin de fer exactamente: la mezcla óptima del Jugador con 5, la mejor "
        "jugada de la Banca en cada casilla libre, el valor del juego y lo que cuesta cada error."
    ),
    "chemin.solve.help_variant": "El juego: chemin-de-fer (por defecto) o banque.",
    "chemin.solve.help_decks": "Barajas de un zapato completo, de 1 a 8 (por defecto: 8).",
    "chemin.solve.help_points": "Cartas de cada valor, como 0=96,1=24,...,9=24 (el resto, 0).",
    "chemin.solve.help_ranks": "Cartas de cada rango, como A=24,2=24,...,K=24 (el resto, 0).",
    "chemin.solve.help_infinite": (
        "Sacar las cartas con reemplazamiento (la baraja infinita de Kemeny y Snell)."
    ),
    "chemin.solve.help_banker": (
        "Las casillas libres de la Banca: rule-card (la tabla, por defecto) o free (todas)."
    ),
    "chemin.solve.help_commission": (
        "La parte de las ganancias de la Banca para la casa, 5% o 0.05."
    ),
    "chemin.solve.help_float": (
        "Resolver con decimales (la vía rápida) en vez de fracciones exactas."
    ),
    "chemin.solve.help_json": "Un objeto JSON en la salida estándar.",
    "chemin.solve.help_lang": "en o es (por defecto: el idioma del sistema).",
    "chemin.solve.variant": "las variantes son {allowed}, no '{value}'",
    "chemin.solve.banker": "las reglas de la Banca son {allowed}, no '{value}'",
    "chemin.solve.one_shoe": "indique solo una de --decks, --points, --ranks e --infinite",
    "chemin.solve.counts": (
        "{option} espera pares CLAVE=CANTIDAD separados por comas, como {example}; "
        "se recibió '{part}'"
    ),
    "chemin.solve.banque": (
        "El Baccarat Banque (una Banca contra dos paños) aún no está resuelto; "
        "resuelva chemin-de-fer, el juego de un solo paño"
    ),
    "chemin.solve.error": "Error: {message}",
    "chemin.solve.title": "Chemin de fer resuelto ({where}), regla de la Banca {rule}",
    "chemin.solve.infinite": "baraja infinita, cartas sacadas con reemplazamiento",
    "chemin.solve.full": "un zapato completo de {decks} barajas, {cards} cartas",
    "chemin.solve.counts_given": "{cards} cartas según el recuento dado",
    "chemin.solve.free_cells": "Casillas libres de la Banca: {cells}",
    "chemin.solve.every_cell": (
        "todas ({count}: los totales 0-7 ante cada tercera carta y 'stood', se plantó)"
    ),
    "chemin.solve.player": "El Jugador con 5: {choice}",
    "chemin.solve.player_draws": "siempre pide carta",
    "chemin.solve.player_stands": "siempre se planta",
    "chemin.solve.player_mixes": "pide carta con probabilidad {p} ({pf}); si no, se planta",
    "chemin.solve.player_not_unique": "(otra mezcla vale lo mismo: se muestra la menor)",
    "chemin.solve.cells": (
        "La Banca, casilla por casilla (pedir menos plantarse, por mano y por decisión):"
    ),
    "chemin.solve.cell": "  {cell:<9} {decision:<34} {gain:>12}  {per:>10}",
    "chemin.solve.cell_draw": "pide carta",
    "chemin.solve.cell_stand": "se planta",
    "chemin.solve.cell_mix": "pide con probabilidad {p} ({pf})",
    "chemin.solve.cell_same": "pedir o plantarse: vale lo mismo",
    "chemin.solve.value": "Valor del juego para la Banca, sin comisión: {exact} = {value}",
    "chemin.solve.outcomes": "En el equilibrio: gana la Banca {banker}, gana el Jugador {player}, "
    "empate {tie}",
    "chemin.solve.after": (
        "La Banca tras la comisión de {commission} sobre sus ganancias, jugando ambos este "
        "equilibrio: {value} por mano (con comisión el juego no es de suma cero: no es su valor)"
    ),
    "chemin.solve.deviations": "Lo que le cuestan al Jugador sus decisiones puras con 5, por mano:",
    "chemin.solve.deviation": (
        "  {choice:<18} {eq:>10} contra el equilibrio de la Banca, {br:>10} contra su mejor "
        "respuesta"
    ),
    "chemin.solve.always_draw": "pedir siempre",
    "chemin.solve.always_stand": "plantarse siempre",
}
