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
    "chemin.solve.help_decks": (
        "Decks in a full shoe, 1 to 8 (default: 8 for Chemin de fer; Banque without a shoe "
        "is solved with replacement)."
    ),
    "chemin.solve.help_points": "Counts per point value, e.g. 0=96,1=24,...,9=24 (others 0).",
    "chemin.solve.help_ranks": "Counts per rank, e.g. A=24,2=24,...,K=24 (others 0).",
    "chemin.solve.help_infinite": "Draw with replacement (the infinite deck of Kemeny and Snell).",
    "chemin.solve.help_banker": (
        "The Banker's free cells: rule-card (default) or free (every cell)."
    ),
    "chemin.solve.help_commission": "The house's share of the Banker's wins, 5% or 0.05.",
    "chemin.solve.help_float": "Solve in floats (the fast path) instead of exact fractions.",
    "chemin.solve.help_json": "One JSON object on stdout.",
    "chemin.solve.help_format": (
        "table (the default), json (as --json), csv or markdown: the Banker's cells, a row "
        "each, with plain numbers."
    ),
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
    "chemin.solve.cell_mix_head": "draws with probability",
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
    # puntobanco simulate --variant chemin-de-fer: options, refusals and the report.
    "chemin.simulate.help_variant": (
        "punto-banco (default) or chemin-de-fer: the Player's choice on 5 and the Banker's "
        "free cells, played by the strategies below."
    ),
    "chemin.simulate.help_player_strategy": (
        "Chemin de fer: the Player on 5, stand5, draw5 or optimal (default: optimal, "
        "the solver's equilibrium for a full shoe)."
    ),
    "chemin.simulate.help_banker": (
        "Chemin de fer: the Banker's free cells, rule-card (default) or free."
    ),
    "chemin.simulate.help_banker_strategy": (
        "Chemin de fer: the Banker in his free cells, optimal (default: the equilibrium) "
        "or tableau (Punto Banco's)."
    ),
    "chemin.simulate.variant": "the variants are {allowed}, got '{value}'",
    "chemin.simulate.player_strategy": "the Player's strategies are {allowed}, got '{value}'",
    "chemin.simulate.banker": "the Banker rules are {allowed}, got '{value}'",
    "chemin.simulate.banker_strategy": "the Banker's strategies are {allowed}, got '{value}'",
    "chemin.simulate.backend": (
        "with --variant chemin-de-fer the backends are {allowed}, got '{value}'"
    ),
    "chemin.simulate.format": (
        "with --variant chemin-de-fer the formats are {allowed}, got '{value}'"
    ),
    "chemin.simulate.needs_variant": "it is used only with --variant chemin-de-fer",
    "chemin.simulate.not_with_variant": "it is not used with --variant chemin-de-fer",
    "chemin.simulate.needs_hands": "--variant chemin-de-fer deals --hands N rounds: give --hands",
    "chemin.simulate.count": "it must be a whole number from 1 to {maximum}, got {value}",
    "chemin.simulate.seed": (
        "the seed must be a whole number from 0 to 18446744073709551615 (2**64 - 1), got {value}"
    ),
    "chemin.simulate.stopped": "Stopped by Ctrl-C: no rounds are reported.",
    "chemin.simulate.error": "Error: {message}",
    "chemin.simulate.title": (
        "Chemin de fer: {hands:,} rounds, {decks} decks, {mode}, Banker rule {rule}: "
        "{backend} backend"
    ),
    "chemin.simulate.mode.cut-card": "cut-card shoe",
    "chemin.simulate.mode.reshuffle": "reshuffled every round",
    "chemin.simulate.speed": (
        "{seconds:.3f} s, {rate:,.0f} rounds/s (compilation excluded), seed {seed}"
    ),
    "chemin.simulate.player": "Player on 5 ({name}): draws with probability {p}",
    "chemin.simulate.banker_cells": "Banker in his free cells ({name}): {cells}",
    "chemin.simulate.header": "Outcome|Count|Frequency|Std. error|Exact|z",
    "chemin.simulate.as_tableau": "the tableau's play in every free cell",
    "chemin.simulate.elsewhere": "{cells}; the tableau's play in the other free cells",
    "chemin.simulate.outcome.banker": "Banker",
    "chemin.simulate.outcome.player": "Player",
    "chemin.simulate.outcome.tie": "Tie",
    "chemin.simulate.play.optimal": "optimal",
    "chemin.rule.rule-card": "rule-card",
    "chemin.rule.free": "free",
    "chemin.simulate.play.tableau": "tableau",
    "chemin.simulate.net": (
        "Banker's net per unit, no commission: {mean} ± {se} (exact {exact}, z {z})"
    ),
    "chemin.simulate.net_after": (
        "Banker's net per unit after the {commission} commission: {mean} ± {se} "
        "(exact {exact}, z {z})"
    ),
    "chemin.simulate.choices": (
        "Choices: the Player held 5 {options:,} times and drew {drew:,}; the Banker was in a "
        "free cell {banker_options:,} times and drew {banker_drew:,}."
    ),
    "chemin.simulate.basis": (
        "Exact: one round from a full shoe with these strategies (in a cut-card shoe a "
        "round's expectation differs slightly)."
    ),
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
    "chemin.solve.help_decks": (
        "Barajas de un zapato completo, de 1 a 8 (por defecto: 8 en el Chemin de fer; la "
        "Banque sin zapato se resuelve con reposición)."
    ),
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
    "chemin.solve.help_format": (
        "table (por defecto), json (como --json), csv o markdown: las casillas de la Banca, "
        "una por fila, con números sin formato."
    ),
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
    "chemin.solve.cell_mix_head": "pide con probabilidad",
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
    # puntobanco simulate --variant chemin-de-fer: opciones, rechazos e informe.
    "chemin.simulate.help_variant": (
        "punto-banco (por defecto) o chemin-de-fer: la elección del Jugador con 5 y las "
        "casillas libres de la Banca, jugadas con las estrategias siguientes."
    ),
    "chemin.simulate.help_player_strategy": (
        "Chemin de fer: el Jugador con 5, stand5, draw5 u optimal (por defecto: optimal, "
        "el equilibrio del solucionador para un zapato completo)."
    ),
    "chemin.simulate.help_banker": (
        "Chemin de fer: las casillas libres de la Banca, rule-card (por defecto) o free."
    ),
    "chemin.simulate.help_banker_strategy": (
        "Chemin de fer: la Banca en sus casillas libres, optimal (por defecto: el equilibrio) "
        "o tableau (la tabla del Punto Banco)."
    ),
    "chemin.simulate.variant": "las variantes son {allowed}; se recibió «{value}»",
    "chemin.simulate.player_strategy": (
        "las estrategias del Jugador son {allowed}; se recibió «{value}»"
    ),
    "chemin.simulate.banker": "las reglas de la Banca son {allowed}; se recibió «{value}»",
    "chemin.simulate.banker_strategy": (
        "las estrategias de la Banca son {allowed}; se recibió «{value}»"
    ),
    "chemin.simulate.backend": (
        "con --variant chemin-de-fer los motores son {allowed}; se recibió «{value}»"
    ),
    "chemin.simulate.format": (
        "con --variant chemin-de-fer los formatos son {allowed}; se recibió «{value}»"
    ),
    "chemin.simulate.needs_variant": "solo se usa con --variant chemin-de-fer",
    "chemin.simulate.not_with_variant": "no se usa con --variant chemin-de-fer",
    "chemin.simulate.needs_hands": (
        "--variant chemin-de-fer reparte --hands N manos: indique --hands"
    ),
    "chemin.simulate.count": "debe ser un número entero de 1 a {maximum}; se recibió {value}",
    "chemin.simulate.seed": (
        "la semilla debe ser un número entero de 0 a 18446744073709551615 (2**64 - 1); "
        "se recibió {value}"
    ),
    "chemin.simulate.stopped": "Detenido con Ctrl-C: no se informa de ninguna mano.",
    "chemin.simulate.error": "Error: {message}",
    "chemin.simulate.title": (
        "Chemin de fer: {hands:,} manos, {decks} barajas, {mode}, regla de la Banca {rule}: "
        "motor {backend}"
    ),
    "chemin.simulate.mode.cut-card": "zapato con carta de corte",
    "chemin.simulate.mode.reshuffle": "barajado en cada mano",
    "chemin.simulate.speed": (
        "{seconds:.3f} s, {rate:,.0f} manos/s (sin la compilación), semilla {seed}"
    ),
    "chemin.simulate.player": "El Jugador con 5 ({name}): pide carta con probabilidad {p}",
    "chemin.simulate.banker_cells": "La Banca en sus casillas libres ({name}): {cells}",
    "chemin.simulate.header": "Resultado|Veces|Frecuencia|Error típico|Exacto|z",
    "chemin.simulate.as_tableau": "lo que dice la tabla en todas las casillas libres",
    "chemin.simulate.elsewhere": "{cells}; lo que dice la tabla en las demás casillas libres",
    "chemin.simulate.outcome.banker": "Banca",
    "chemin.simulate.outcome.player": "Jugador",
    "chemin.simulate.outcome.tie": "Empate",
    "chemin.simulate.play.optimal": "óptima",
    "chemin.rule.rule-card": "del cuadro (rule-card)",
    "chemin.rule.free": "libre (free)",
    "chemin.simulate.play.tableau": "la de la tabla",
    "chemin.simulate.net": (
        "Neto de la Banca por unidad, sin comisión: {mean} ± {se} (exacto {exact}, z {z})"
    ),
    "chemin.simulate.net_after": (
        "Neto de la Banca por unidad tras la comisión de {commission}: {mean} ± {se} "
        "(exacto {exact}, z {z})"
    ),
    "chemin.simulate.choices": (
        "Decisiones: el Jugador tuvo 5 {options:,} veces y pidió {drew:,}; la Banca estuvo en "
        "una casilla libre {banker_options:,} veces y pidió {banker_drew:,}."
    ),
    "chemin.simulate.basis": (
        "Exacto: una mano de un zapato completo con estas estrategias (en un zapato con carta "
        "de corte la esperanza de una mano difiere un poco)."
    ),
}

# The Chemin de fer table (core.chemin_table) and ``puntobanco play --variant chemin-de-fer``:
# kept in tables of their own, joined into EN and ES below.
_PLAY_EN: dict[str, str] = {
    # Refusals of core.chemin_table.
    "chemin.play.error.table": "The table cannot be set up: {detail}.",
    "chemin.play.error.wager_stake_not_integer": (
        "An amount is a whole number of cents, got {value}."
    ),
    "chemin.play.error.bank_open": "The bank is already open, at {bank}.",
    "chemin.play.error.bank_out_of_range": (
        "The bank must be from {minimum} to the banker's balance {balance}; got {amount}."
    ),
    "chemin.play.error.no_bank": "The bank is not open yet: the banker states it first.",
    "chemin.play.error.not_a_punter": (
        "Seat {seat} cannot bet against the bank: the punters are seats {allowed}."
    ),
    "chemin.play.error.banco_taken": (
        "Banco was called: the whole bank is covered, and no other bet is taken."
    ),
    "chemin.play.error.already_bet": "Seat {seat} has already bet this round.",
    "chemin.play.error.wager_not_positive": "A bet must be more than 0.",
    "chemin.play.error.banco_not_whole": (
        "A banco takes the whole bank, {bank}, no more and no less; got {amount}."
    ),
    "chemin.play.error.over_bank": (
        "{amount} is more than is left of the bank: bet up to {left}, or call banco "
        "for the whole bank of {bank}."
    ),
    "chemin.play.error.wager_below_minimum": "The smallest bet is {minimum}; got {amount}.",
    "chemin.play.error.over_balance": "{amount} is more than your balance, {balance}.",
    "chemin.play.error.no_wagers": "Nobody has bet against the bank.",
    "chemin.play.error.outcome": "The outcome is one of {allowed}, got {value}.",
    "chemin.play.error.no_banker": "No other seat has the table minimum, {minimum}, to bank.",
    "chemin.play.error.no_choice": (
        "The banker may keep the bank only after winning a round: there is no choice now."
    ),
    # puntobanco play --variant chemin-de-fer.
    "chemin.play.help_variant": "The game: punto-banco (default), chemin-de-fer or banque.",
    "chemin.play.help_banker": (
        "Chemin de fer's Banker rule: rule-card (default, two free cells) or free (every cell)."
    ),
    "chemin.play.banker": "the Banker rules are {allowed}, got '{value}'",
    "chemin.play.banker_here": "a Banker rule is for --variant chemin-de-fer only",
    "chemin.play.commission_whole": (
        "The house takes {commission}: {rate} of the {won} won, nothing to round."
    ),
    "chemin.play.variant": "the variants to play are {allowed}, got '{value}'",
    "chemin.play.not_here": "{option} does not apply to Chemin de fer; its options are {allowed}",
    "chemin.play.interrupted": "Interrupted.",
    "chemin.play.welcome": (
        "Chemin de fer: {decks}, Banker rule {rule}, the house takes {rate} of the banker's "
        "winnings."
    ),
    "chemin.play.seats_intro": (
        "You sit at seat 1 of {seats}; every seat starts with {balance}, the table minimum is "
        "{minimum}. The computer players play the equilibrium for the unseen cards."
    ),
    "chemin.play.seed": "Seed {seed}: the same seed deals the same game.",
    "chemin.play.help": (
        "The bank goes round the table. When another seat holds it, bet against it: an amount, "
        "'banco' for the whole bank, Enter to sit out. When you hold it, state your bank; after "
        "a win keep it (k) or pass it (p). Holding the Player's cards on 5, or the Banker's in "
        "a free cell, you choose: d draws, s stands, ? asks for advice. x turns the "
        "explanations on or off, h shows this help, q quits."
    ),
    "chemin.play.you": "You",
    "chemin.play.you_subject": "Seat 1 (you)",
    "chemin.play.seat_name.1": "Ana",
    "chemin.play.seat_name.2": "Bruno",
    "chemin.play.seat_name.3": "Carla",
    "chemin.play.seat_line": "{marker} {seat}. {name:<6} {balance:>12}{role}",
    "chemin.play.role_banker": "   holds the bank: {bank}",
    "chemin.play.bank_opened": "{name} holds the bank: {bank}.",
    "chemin.play.bank_prompt": (
        "You hold the bank. Your bank, {minimum} to {balance} (Enter: {default}; p: pass the bank):"
    ),
    "chemin.play.gives_up": "{name} passes the bank (la main passe) to {next}.",
    "chemin.play.bet_prompt": (
        "Bank {bank}, {left} left to cover; your balance {balance}. Your bet (an amount, "
        "banco, Enter to sit out; h: help, q: quit):"
    ),
    "chemin.play.bets": "{name} bets {amount}.",
    "chemin.play.banco": "{name}: banco! ({amount}, the whole bank)",
    "chemin.play.sits_out": "{name} sits out this round.",
    "chemin.play.explain_on": "Explanations on: at your choices the game tells the optimal one.",
    "chemin.play.explain_off": "Explanations off.",
    "chemin.play.nobody": "Nobody bets against the bank.",
    "chemin.play.hand_holder": "{name} holds the Player's cards.",
    "chemin.play.new_shoe": "New shoe: {cards} cards, shuffled.",
    "chemin.play.burn": "Burn: {card} shown, then {count} cards face down.",
    "chemin.play.your_player_cards": "Your cards: {cards}, Player {total}.",
    "chemin.play.your_banker_cards": (
        "Your cards: {cards}, Banker {total}; the Player drew {third}."
    ),
    "chemin.play.your_banker_stood": "Your cards: {cards}, Banker {total}; the Player stood.",
    "chemin.play.choice_prompt": "Draw or stand? (d: draw, s: stand, ?: advice)",
    "chemin.play.choice_bad": (
        "'{value}' is not a choice: type d to draw or s to stand (? for advice)."
    ),
    "chemin.play.choice_eof": "End of input: the optimal choice is played ({choice}).",
    "chemin.play.word_draw": "draw",
    "chemin.play.word_stand": "stand",
    "chemin.play.advice_pure": (
        "Optimal for the unseen cards: {best}. To {other} would cost you {cost} a unit staked, "
        "in expectation, against the other side's equilibrium play."
    ),
    "chemin.play.advice_mixed_player": (
        "Optimal for the unseen cards: draw with probability {p}, else stand; against the "
        "Banker's equilibrium either choice is worth the same. Against a Banker who knew your "
        "choice, always standing would cost {stand_cost} a unit staked, always drawing "
        "{draw_cost}."
    ),
    "chemin.play.advice_mixed_banker": (
        "Optimal for the unseen cards: draw with probability {p}, else stand; against the "
        "Player's equilibrium either choice is worth the same."
    ),
    "chemin.play.advice_same": (
        "For the unseen cards drawing and standing are worth the same here."
    ),
    "chemin.play.cards": "Player: {player} ({ptotal})   Banker: {banker} ({btotal})",
    "chemin.play.outcome.player": "The Player wins.",
    "chemin.play.outcome.banker": "The Banker wins.",
    "chemin.play.outcome.tie": "A tie: every bet pushes.",
    "chemin.play.delta": "  {name:<6} {delta:>12}   balance {balance:>12}",
    "chemin.play.commission": (
        "The house takes {commission}: {rate} of the {won} won is {exact}, rounded down; "
        "{rounded} rounded away stays with the banker."
    ),
    "chemin.play.tie_push": "{name} keeps the bank at {bank}.",
    "chemin.play.passes": "The banker lost: the bank passes to {name}.",
    "chemin.play.bank_grows": "{name} won: the bank is now {bank}.",
    "chemin.play.keeps": "{name} keeps the bank at {bank}.",
    "chemin.play.keep_prompt": "You won: the bank is now {bank}. Keep the bank (k) or pass it (p)?",
    "chemin.play.keep_bad": "'{value}' is not a choice: type k to keep the bank or p to pass it.",
    "chemin.play.broke": "You have less than the table minimum, {minimum}: the game ends.",
    "chemin.play.table_empty": "No computer player has the table minimum left: the game ends.",
    "chemin.play.summary": (
        "Rounds played: {rounds}. Your balance: {balance} (you started with {start}, net "
        "{net}). The house took {commission} in commission."
    ),
}

_PLAY_ES: dict[str, str] = {
    "chemin.play.error.table": "No se puede preparar la mesa: {detail}.",
    "chemin.play.error.wager_stake_not_integer": (
        "Una cantidad es un número entero de céntimos; se recibió {value}."
    ),
    "chemin.play.error.bank_open": "La banca ya está abierta, con {bank}.",
    "chemin.play.error.bank_out_of_range": (
        "La banca debe ser de {minimum} hasta el saldo del banquero, {balance}; "
        "se recibió {amount}."
    ),
    "chemin.play.error.no_bank": "La banca aún no está abierta: primero la anuncia el banquero.",
    "chemin.play.error.not_a_punter": (
        "El asiento {seat} no puede apostar contra la banca: los puntos son los asientos {allowed}."
    ),
    "chemin.play.error.banco_taken": (
        "Se ha cantado banco: la banca entera está cubierta y no se acepta otra apuesta."
    ),
    "chemin.play.error.already_bet": "El asiento {seat} ya ha apostado en esta mano.",
    "chemin.play.error.wager_not_positive": "Una apuesta debe ser mayor que 0.",
    "chemin.play.error.banco_not_whole": (
        "Un banco cubre la banca entera, {bank}, ni más ni menos; se recibió {amount}."
    ),
    "chemin.play.error.over_bank": (
        "{amount} es más de lo que queda de la banca: apueste hasta {left}, o cante banco "
        "por la banca entera de {bank}."
    ),
    "chemin.play.error.wager_below_minimum": "La apuesta mínima es {minimum}; se recibió {amount}.",
    "chemin.play.error.over_balance": "{amount} es más que su saldo, {balance}.",
    "chemin.play.error.no_wagers": "Nadie ha apostado contra la banca.",
    "chemin.play.error.outcome": "El resultado es uno de {allowed}; se recibió {value}.",
    "chemin.play.error.no_banker": (
        "Ningún otro asiento tiene el mínimo de la mesa, {minimum}, para tener la banca."
    ),
    "chemin.play.error.no_choice": (
        "El banquero solo puede seguir con la banca tras ganar una mano: ahora no hay elección."
    ),
    "chemin.play.help_variant": "El juego: punto-banco (por defecto), chemin-de-fer o banque.",
    "chemin.play.help_banker": (
        "La regla de la Banca del Chemin de fer: rule-card (por defecto, dos casillas libres) "
        "o free (todas)."
    ),
    "chemin.play.banker": "las reglas de la Banca son {allowed}, no '{value}'",
    "chemin.play.banker_here": "una regla de la Banca solo sirve con --variant chemin-de-fer",
    "chemin.play.commission_whole": (
        "La casa se queda {commission}: el {rate} de los {won} ganados, sin nada que redondear."
    ),
    "chemin.play.variant": "las variantes que se juegan son {allowed}, no '{value}'",
    "chemin.play.not_here": "{option} no se aplica al Chemin de fer; sus opciones son {allowed}",
    "chemin.play.interrupted": "Interrumpido.",
    "chemin.play.welcome": (
        "Chemin de fer: {decks}, regla de la Banca {rule}; la casa se queda el {rate} de las "
        "ganancias del banquero."
    ),
    "chemin.play.seats_intro": (
        "Se sienta en el asiento 1 de {seats}; cada asiento empieza con {balance} y el mínimo "
        "de la mesa es {minimum}. Los jugadores de la máquina juegan el equilibrio para las "
        "cartas no vistas."
    ),
    "chemin.play.seed": "Semilla {seed}: la misma semilla reparte la misma partida.",
    "chemin.play.help": (
        "La banca da la vuelta a la mesa. Cuando la tiene otro asiento, apueste contra ella: "
        "una cantidad, 'banco' por la banca entera, Intro para no apostar. Cuando la tiene "
        "usted, anuncie su banca; tras ganar, sígala (s) o pase la mano (p). Con las cartas "
        "del Jugador y un 5, o las de la Banca en una casilla libre, usted elige: c pide "
        "carta, p se planta, ? pide consejo. x activa o quita las explicaciones, h muestra "
        "esta ayuda, q sale."
    ),
    "chemin.play.you": "Usted",
    "chemin.play.you_subject": "Asiento 1 (usted)",
    "chemin.play.seat_name.1": "Ana",
    "chemin.play.seat_name.2": "Bruno",
    "chemin.play.seat_name.3": "Carla",
    "chemin.play.seat_line": "{marker} {seat}. {name:<6} {balance:>12}{role}",
    "chemin.play.role_banker": "   tiene la banca: {bank}",
    "chemin.play.bank_opened": "{name} tiene la banca: {bank}.",
    "chemin.play.bank_prompt": (
        "Usted tiene la banca. Su banca, de {minimum} a {balance} (Intro: {default}; p: pasar "
        "la mano):"
    ),
    "chemin.play.gives_up": "{name} pasa la mano (la main passe) a {next}.",
    "chemin.play.bet_prompt": (
        "Banca {bank}, quedan {left} por cubrir; su saldo {balance}. Su apuesta (una "
        "cantidad, banco, Intro para no apostar; h: ayuda, q: salir):"
    ),
    "chemin.play.bets": "{name} apuesta {amount}.",
    "chemin.play.banco": "{name}: ¡banco! ({amount}, la banca entera)",
    "chemin.play.sits_out": "{name} no apuesta en esta mano.",
    "chemin.play.explain_on": (
        "Explicaciones activadas: en sus decisiones el juego le dice la óptima."
    ),
    "chemin.play.explain_off": "Explicaciones desactivadas.",
    "chemin.play.nobody": "Nadie apuesta contra la banca.",
    "chemin.play.hand_holder": "{name} tiene las cartas del Jugador.",
    "chemin.play.new_shoe": "Zapato nuevo: {cards} cartas, barajadas.",
    "chemin.play.burn": "Quemada: se muestra {card} y se queman {count} cartas boca abajo.",
    "chemin.play.your_player_cards": "Sus cartas: {cards}, Jugador {total}.",
    "chemin.play.your_banker_cards": (
        "Sus cartas: {cards}, Banca {total}; el Jugador pidió y recibió {third}."
    ),
    "chemin.play.your_banker_stood": "Sus cartas: {cards}, Banca {total}; el Jugador se plantó.",
    "chemin.play.choice_prompt": "¿Carta o me planto? (c: carta, p: me planto, ?: consejo)",
    "chemin.play.choice_bad": (
        "'{value}' no es una opción: escriba c para pedir carta o p para plantarse "
        "(? para un consejo)."
    ),
    "chemin.play.choice_eof": "Fin de la entrada: se juega la opción óptima ({choice}).",
    "chemin.play.word_draw": "pedir carta",
    "chemin.play.word_stand": "plantarse",
    "chemin.play.advice_pure": (
        "Lo óptimo para las cartas no vistas: {best}; {other} le costaría {cost} por unidad "
        "apostada, en esperanza, contra el equilibrio del otro lado."
    ),
    "chemin.play.advice_mixed_player": (
        "Lo óptimo para las cartas no vistas: pedir carta con probabilidad {p}, si no "
        "plantarse; contra el equilibrio de la Banca las dos opciones valen lo mismo. Contra "
        "una Banca que conociera su elección, plantarse siempre costaría {stand_cost} por "
        "unidad apostada, y pedir siempre {draw_cost}."
    ),
    "chemin.play.advice_mixed_banker": (
        "Lo óptimo para las cartas no vistas: pedir carta con probabilidad {p}, si no "
        "plantarse; contra el equilibrio del Jugador las dos opciones valen lo mismo."
    ),
    "chemin.play.advice_same": (
        "Para las cartas no vistas pedir carta y plantarse valen aquí lo mismo."
    ),
    "chemin.play.cards": "Jugador: {player} ({ptotal})   Banca: {banker} ({btotal})",
    "chemin.play.outcome.player": "Gana el Jugador.",
    "chemin.play.outcome.banker": "Gana la Banca.",
    "chemin.play.outcome.tie": "Empate: ninguna apuesta se gana ni se pierde.",
    "chemin.play.delta": "  {name:<6} {delta:>12}   saldo {balance:>12}",
    "chemin.play.commission": (
        "La casa se queda {commission}: el {rate} de los {won} ganados es {exact}, redondeado "
        "hacia abajo; los {rounded} que se redondean quedan para el banquero."
    ),
    "chemin.play.tie_push": "{name} sigue con la banca en {bank}.",
    "chemin.play.passes": "El banquero perdió: la banca pasa a {name}.",
    "chemin.play.bank_grows": "{name} ganó: la banca es ahora de {bank}.",
    "chemin.play.keeps": "{name} sigue con la banca en {bank}.",
    "chemin.play.keep_prompt": (
        "Ha ganado: la banca es ahora de {bank}. ¿Sigue con la banca (s) o pasa la mano (p)?"
    ),
    "chemin.play.keep_bad": (
        "'{value}' no es una opción: escriba s para seguir con la banca o p para pasar la mano."
    ),
    "chemin.play.broke": "Le queda menos que el mínimo de la mesa, {minimum}: la partida termina.",
    "chemin.play.table_empty": (
        "A ningún jugador de la máquina le queda el mínimo de la mesa: la partida termina."
    ),
    "chemin.play.summary": (
        "Manos jugadas: {rounds}. Su saldo: {balance} (empezó con {start}, neto {net}). La "
        "casa se quedó {commission} de comisión."
    ),
}

EN.update(_PLAY_EN)
ES.update(_PLAY_ES)
