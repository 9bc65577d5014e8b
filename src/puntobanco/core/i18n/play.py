r"""The terminal game's words (``puntobanco play``): the table, the deal, the scoreboard, help.

Every key starts with ``play.``; ``play.option.*`` are the command's ``--help``
texts. The words about the game itself (coup events, bet errors, bet and side
names) are the ``game.`` section's, shared with the server and the web table.

Rich markup is allowed in these templates (``[bold]``, ``[dim]``, ``[red]``...):
the terminal prints them through Rich, which reads it; a literal square bracket
is written ``\[``. Other front ends must strip the markup.
"""

from __future__ import annotations

EN: dict[str, str] = {
    # Welcome and table
    "play.title": "Punto Banco",
    "play.subtitle": "Baccarat as dealt in the casino",
    "play.label.shoe": "Shoe",
    "play.label.payouts": "Payouts",
    "play.label.limits": "Table limits",
    "play.label.balance": "Starting balance",
    "play.label.seed": "Seed",
    "play.label.explain": "Explain mode",
    "play.shoe.cut_card": (
        "{decks}, dealt to a cut card {cut} cards from the end, burn at the start"
    ),
    "play.shoe.cut_card_no_burn": "{decks}, dealt to a cut card {cut} cards from the end",
    "play.shoe.reshuffle": "{decks}, reshuffled before every round",
    "play.payout.win": "{bet} {ratio} to 1",
    "play.payout.commission": "{bet} {ratio} to 1 less {commission}% commission",
    "play.payout.total": "a {bet} win on {total} pays {ratio} to 1",
    "play.payout.push": "{bets} bets push on a tie",
    "play.payout.push_when": "{bet} pushes when {when}",
    "play.or": "or",
    "play.and": "and",
    "play.limits": "{minimum} to {maximum} per bet",
    "play.on": "on",
    "play.off": "off",
    "play.seed.none": "none (cryptographic shuffle)",
    "play.start_hint": "Type your bets, such as [bold]banker 10, tie 2[/], or [bold]h[/] for help.",
    # Prompt
    "play.prompt.balance": "Balance",
    "play.prompt.bet": "Bet> ",
    "play.prompt.last_round": "last round of the shoe",
    # Shoe events
    "play.new_shoe": "New shoe no. {number} ({decks}), freshly shuffled.",
    "play.burn": "Burn: the dealer shows {card} and burns {count} more face down.",
    "play.cut_card_out": "The cut card is out: one more round, then a new shoe.",
    "play.shoe_over": "End of the shoe: the cards will be shuffled.",
    # The deal
    "play.round": "Round {number}",
    "play.your_bets": "Your bets: {bets}",
    "play.third_card": "third card",
    "play.natural": "natural",
    # Settlement
    "play.col.bet": "Bet",
    "play.col.stake": "Stake",
    "play.col.result": "Result",
    "play.col.returned": "Returned",
    "play.col.winnings": "Winnings",
    "play.col.commission": "Commission",
    "play.col.rounded": "Rounded",
    "play.col.net": "Net",
    "play.res.win": "wins",
    "play.res.lose": "loses",
    "play.res.push": "push",
    "play.total": "Total",
    "play.balance_now": "Balance: [bold]{balance}[/] ({net})",
    # Scoreboard
    "play.board.title": "Shoe no. {number}",
    "play.board.title_recent": "Last {count} rounds",
    "play.board.title_recent.one": "Last round",
    "play.board.counts": "Banker {banker} · Player {player} · Tie {tie}",
    "play.board.rounds": "{count} cards left",
    "play.board.rounds.one": "{count} card left",
    "play.board.legend": (
        "[red]B[/] Banker  [blue]P[/] Player  [green]T[/] Tie  • pair  "
        "[green]/[/] ties on the Big Road"
    ),
    "play.board.bead_plate": "Bead plate",
    "play.board.big_road": "Big Road",
    "play.board.big_eye_boy": "Big Eye Boy",
    "play.board.small_road": "Small Road",
    "play.board.cockroach_pig": "Cockroach Pig",
    "play.board.derived_legend": (
        "Derived roads: [red]red[/] where the Big Road repeats itself, "
        "[blue]blue[/] where it breaks."
    ),
    "play.board.derived_legend_plain": (
        "Derived roads: ● red where the Big Road repeats itself, ○ blue where it breaks."
    ),
    "play.bead.banker": "B",
    "play.bead.player": "P",
    "play.bead.tie": "T",
    # Commands
    "play.explain.on": "Explain mode on: each draw or stand will show the rule that decided it.",
    "play.explain.off": "Explain mode off.",
    "play.err.no_rebet": "There are no previous bets to repeat yet: place a bet first.",
    "play.rebet": "Repeating: {bets}",
    "play.empty": (
        "Nothing to do: type your bets (such as [bold]banker 10, tie 2[/]), "
        "[bold]r[/] to repeat the last bets, [bold]h[/] for help, [bold]q[/] to quit."
    ),
    "play.allowed": (
        "Allowed: {bets}; each from {minimum} to {maximum}, "
        "all together at most your balance, {balance}. Example: [bold]{example}[/]"
    ),
    "play.bet.player": "player (p)",
    "play.bet.banker": "banker (b)",
    "play.bet.tie": "tie (t)",
    "play.bet.player_pair": "player pair (pp)",
    "play.bet.banker_pair": "banker pair (bp)",
    "play.example": "banker 10, tie 2",
    "play.example_single": "{bet} 10",
    "play.err.unknown_word": (
        "'{word}' is neither a bet nor a command. Bets: {bets}. "
        "Commands: r (rebet), x (explain), s (summary), h (help), q (quit)."
    ),
    "play.err.missing_amount": "How much on {bet}? Write the amount after it, such as {example}.",
    "play.err.missing_bet": (
        "Which bet is {amount} for? Write the bet first, such as banker {amount}."
    ),
    "play.err.command_alone": "Write the command '{word}' alone on its line.",
    # Help
    "play.help.title": "How to play",
    "play.help.bets": (
        "Bet on [bold]player[/] (p), [bold]banker[/] (b) or [bold]tie[/] (t), "
        "several in one line: [bold]banker 10, tie 2[/] or [bold]b 10 t 2[/]. "
        "Amounts in units, with up to 2 decimals (2.50); a thousand is 1,000 or 1 000."
    ),
    "play.help.pairs": "Pair bets: [bold]pp[/] (Player Pair) and [bold]bp[/] (Banker Pair).",
    "play.help.side_bets": (
        "Side bets at this table: {bets}. Type them like the others "
        "([bold]{example}[/]); [bold]rules[/] shows their paytables."
    ),
    "play.label.side_bets": "Side bets",
    "play.side_bets.hint": "{bets} (type rules for the paytables)",
    "play.paytables.title": "Paytables (winnings per unit staked)",
    "play.settled.why": "{sentence} {why}.",
    "play.help.rebet": "[bold]r[/]  repeat the last round's bets",
    "play.help.explain": "[bold]x[/]  explain mode on/off: the rule behind every draw or stand",
    "play.help.rules": "[bold]rules[/]  the drawing rules and every bet's paytable",
    "play.help.board": "[bold]board[/]  every road of this shoe, the derived roads too",
    "play.help.summary": "[bold]s[/]  the session so far",
    "play.help.help": "[bold]h[/]  this help",
    "play.help.quit": "[bold]q[/]  quit with a summary (Ctrl-C and Ctrl-D too)",
    "play.rules.title": "The drawing rules",
    "play.rules.points": (
        "Points: Ace 1, 2–9 their value, 10 J Q K 0; a hand counts its sum mod 10."
    ),
    "play.rules.natural": "{totals} on two cards is a natural: both hands stand.",
    "play.rules.player": "Player: draws on {draws}, stands on {stands}.",
    "play.rules.banker_stood": (
        "Banker, when the Player stood: draws on {draws}, stands on {stands}."
    ),
    "play.rules.banker_third": "Banker, when the Player drew: the Player's third card decides:",
    "play.rules.banker_row": "Banker {total}: draws when the Player's third card is {values}",
    "play.rules.always": "Banker {total}: always draws",
    "play.rules.never": "Banker {total}: always stands",
    # End of session
    "play.broke": (
        "Your balance, {balance}, is under the table minimum of {minimum}: the game is over."
    ),
    "play.interrupted": "Interrupted (Ctrl-C): the session ends here, with no bet left open.",
    "play.unreadable": (
        "That line could not be read in this terminal's encoding: "
        "type bets with plain letters and digits, such as b 10."
    ),
    "play.end_of_input": "End of input (Ctrl-D): the session ends here, with no bet left open.",
    "play.summary.title": "Session summary",
    "play.summary.rounds": "Rounds played",
    "play.summary.record": "Rounds won / lost / even",
    "play.summary.wagered": "Wagered",
    "play.summary.won": "Won",
    "play.summary.lost": "Lost",
    "play.summary.net": "Net",
    "play.summary.commission": "Commission paid",
    "play.summary.rounded": "Rounded away",
    "play.summary.biggest": "Biggest win",
    "play.summary.biggest_value": "{amount} (round {round})",
    "play.summary.none": "none",
    "play.summary.outcomes": "Banker / Player / Tie",
    "play.summary.start": "Starting balance",
    "play.summary.final": "Final balance",
    "play.summary.now": "Balance",
    "play.goodbye": "Thanks for playing.",
    # --help
    "play.option.help": "Play Punto Banco at the terminal, in Spanish or English.",
    "play.option.decks": "Decks in the shoe, 1 to 8 (default: 8).",
    "play.option.shoe": (
        "Deal to a cut card with a burn, or reshuffle every round (default: cut-card)."
    ),
    "play.option.cut_card": "Cards left behind the cut card (default: 14).",
    "play.option.seed": (
        "Shuffle seed, 0 to 18446744073709551615 (2**64 - 1): the same seed deals the same game."
    ),
    "play.option.balance": "Starting balance (default: 1000).",
    "play.option.min": "Table minimum per bet (default: 1).",
    "play.option.max": "Table maximum per bet (default: 500).",
    "play.option.commission": "Banker commission, 5% or 0.05 (default: 5%; a bare 5 is ambiguous).",
    "play.option.preset": "Rules preset to start from, such as punto-banco-6 (--rules too).",
    "play.option.tie_pays": "The Tie pays N to 1 (default: 8).",
    "play.option.pairs": "Offer the Player Pair and Banker Pair bets (11 to 1).",
    "play.option.side_bets": (
        "Offer side bets too, e.g. dragon_7,tiger=12:20 (=X sets the payouts, "
        "colon-separated in the paytable's order), as in odds."
    ),
    "play.option.lang": "Language, es or en (default: from the locale).",
    "play.option.fast": "Deal without pauses between cards.",
    "play.option.explain": "Start with explain mode on.",
    "play.option.history": (
        "Write every round (cards, totals, each bet's settlement, balance) to this file "
        "as the game goes: CSV, one row per bet, or JSON, by the file's ending."
    ),
    # The side bets as the game lists them ("Allowed: ..."), each with its short form.
    "play.spot.dragon_7": "dragon 7 (d7)",
    "play.spot.panda_8": "panda 8 (panda)",
    "play.spot.dragon_bonus_player": "dragon bonus player (dbp)",
    "play.spot.dragon_bonus_banker": "dragon bonus banker (dbb)",
    "play.spot.either_pair": "either pair (ep)",
    "play.spot.perfect_pair": "perfect pair (perfect)",
    "play.spot.big": "big",
    "play.spot.small": "small",
    "play.spot.super_6": "super 6 (s6)",
    "play.spot.tiger": "tiger",
    "play.spot.small_tiger": "small tiger",
    "play.spot.big_tiger": "big tiger",
    "play.spot.tiger_tie": "tiger tie",
    "play.spot.tiger_pair": "tiger pair",
    # Egalité: one spot per tie total, written with its total and short form.
    "play.spot.egalite": "egalite {total} (eg{total})",
    # The ten Egalité spots written once, in a list that holds them all.
    "play.spot.egalite_all": "egalite 0-9 (eg0-eg9)",
    "play.spot.egalite_names": "Egalité 0-9",
    # A paytable leg's condition, field by field, and the leg's payout (the rules command).
    "play.paytable.player": "Player wins",
    "play.paytable.banker": "Banker wins",
    "play.paytable.tie": "a tie",
    "play.paytable.winning_total": "with {n}",
    "play.paytable.tie_total": "at {n}",
    "play.paytable.winning_cards": "on {n} cards",
    "play.paytable.natural": "with a natural",
    "play.paytable.not_natural": "without a natural",
    "play.paytable.margin": "by {n} points",
    "play.paytable.margin.one": "by {n} point",
    "play.paytable.cards_dealt": "{n} cards dealt",
    "play.paytable.cards_dealt.one": "{n} card dealt",
    "play.paytable.player_pair": "a Player pair",
    "play.paytable.banker_pair": "a Banker pair",
    "play.paytable.pairs_1": "one hand paired",
    "play.paytable.pairs_2": "both hands paired",
    "play.paytable.suited_pairs_1": "one hand a suited pair",
    "play.paytable.suited_pairs_2": "both hands suited pairs",
    "play.paytable.same_rank": "both pairs of one rank",
    "play.paytable.always": "always",
    "play.paytable.win": "{when}: {ratio} to 1",
    "play.paytable.commission": "{when}: {ratio} to 1 ({commission}% commission taken)",
    "play.paytable.push": "{when}: push (the stake is returned)",
    "play.paytable.lose": "anything else loses",
}

ES: dict[str, str] = {
    "play.title": "Punto Banco",
    "play.subtitle": "Bacará como se reparte en el casino",
    "play.label.shoe": "Zapato",
    "play.label.payouts": "Pagos",
    "play.label.limits": "Límites de la mesa",
    "play.label.balance": "Saldo inicial",
    "play.label.seed": "Semilla",
    "play.label.explain": "Modo explicación",
    "play.shoe.cut_card": (
        "{decks}, repartidas hasta la carta de corte, a {cut} cartas del final, "
        "con quemado al empezar"
    ),
    "play.shoe.cut_card_no_burn": (
        "{decks}, repartidas hasta la carta de corte, a {cut} cartas del final"
    ),
    "play.shoe.reshuffle": "{decks}, barajadas antes de cada mano",
    "play.payout.win": "{bet} {ratio} a 1",
    "play.payout.commission": "{bet} {ratio} a 1 menos {commission}% de comisión",
    "play.payout.total": "{bet} que gana con {total} paga {ratio} a 1",
    "play.payout.push": "en un empate, las apuestas a {bets} no se pagan ni se pierden",
    "play.payout.push_when": "{bet} se devuelve si {when}",
    "play.or": "o",
    "play.and": "y",
    "play.limits": "de {minimum} a {maximum} por apuesta",
    "play.on": "activado",
    "play.off": "desactivado",
    "play.seed.none": "ninguna (barajado criptográfico)",
    "play.start_hint": (
        "Escriba sus apuestas, como [bold]banca 10, empate 2[/], o [bold]ayuda[/] (a)."
    ),
    "play.prompt.balance": "Saldo",
    "play.prompt.bet": "Apuesta> ",
    "play.prompt.last_round": "última mano del zapato",
    "play.new_shoe": "Zapato nuevo n.º {number} ({decks}), recién barajado.",
    "play.burn": "Quemado: el crupier muestra {card} y quema {count} más boca abajo.",
    "play.cut_card_out": "Ha salido la carta de corte: una mano más y después un zapato nuevo.",
    "play.shoe_over": "Fin del zapato: se barajan las cartas.",
    "play.round": "Mano {number}",
    "play.your_bets": "Sus apuestas: {bets}",
    "play.third_card": "tercera carta",
    "play.natural": "natural",
    "play.col.bet": "Apuesta",
    "play.col.stake": "Importe",
    "play.col.result": "Resultado",
    "play.col.returned": "Devuelto",
    "play.col.winnings": "Ganancia",
    "play.col.commission": "Comisión",
    "play.col.rounded": "Redondeo",
    "play.col.net": "Neto",
    "play.res.win": "gana",
    "play.res.lose": "pierde",
    "play.res.push": "devuelta",
    "play.total": "Total",
    "play.balance_now": "Saldo: [bold]{balance}[/] ({net})",
    "play.board.title": "Zapato n.º {number}",
    "play.board.title_recent": "Últimas {count} manos",
    "play.board.title_recent.one": "Última mano",
    "play.board.counts": "Banca {banker} · Jugador {player} · Empate {tie}",
    "play.board.rounds": "quedan {count} cartas",
    "play.board.rounds.one": "queda {count} carta",
    "play.board.legend": (
        "[red]B[/] Banca  [blue]J[/] Jugador  [green]E[/] Empate  • pareja  "
        "[green]/[/] empates en el camino grande"
    ),
    "play.board.bead_plate": "Tablero de cuentas (Bead Plate)",
    "play.board.big_road": "Camino grande (Big Road)",
    "play.board.big_eye_boy": "Ojo grande (Big Eye Boy)",
    "play.board.small_road": "Camino pequeño (Small Road)",
    "play.board.cockroach_pig": "Cucaracha (Cockroach Pig)",
    "play.board.derived_legend": (
        "Caminos derivados: [red]rojo[/] donde el camino grande se repite, "
        "[blue]azul[/] donde se rompe."
    ),
    "play.board.derived_legend_plain": (
        "Caminos derivados: ● rojo donde el camino grande se repite, ○ azul donde se rompe."
    ),
    "play.bead.banker": "B",
    "play.bead.player": "J",
    "play.bead.tie": "E",
    "play.explain.on": (
        "Modo explicación activado: cada vez que una mano pide o se planta, "
        "se muestra la regla que lo decide."
    ),
    "play.explain.off": "Modo explicación desactivado.",
    "play.err.no_rebet": "Aún no hay apuestas anteriores que repetir: haga una apuesta primero.",
    "play.rebet": "Se repite: {bets}",
    "play.empty": (
        "Nada que hacer: escriba sus apuestas (como [bold]banca 10, empate 2[/]), "
        "[bold]repetir[/] (r) para repetir las últimas, [bold]ayuda[/] (a) para la ayuda, "
        "[bold]salir[/] (q) para salir."
    ),
    "play.allowed": (
        "Se admite: {bets}; cada una de {minimum} a {maximum}, "
        "y en total como mucho su saldo ({balance}). Ejemplo: [bold]{example}[/]"
    ),
    "play.bet.player": "jugador (j)",
    "play.bet.banker": "banca (b)",
    "play.bet.tie": "empate (e)",
    "play.bet.player_pair": "pareja jugador (pj)",
    "play.bet.banker_pair": "pareja banca (pb)",
    "play.example": "banca 10, empate 2",
    "play.example_single": "{bet} 10",
    "play.err.unknown_word": (
        "«{word}» no es una apuesta ni una orden. Apuestas: {bets}. "
        "Órdenes: repetir (r), explicar (x), resumen (s), marcador (m), reglas, "
        "ayuda (a), salir (q)."
    ),
    "play.err.missing_amount": "¿Cuánto a {bet}? Escriba la cantidad detrás, como {example}.",
    "play.err.missing_bet": (
        "¿A qué apuesta van {amount}? Escriba primero la apuesta, como banca {amount}."
    ),
    "play.err.command_alone": "Escriba la orden «{word}» sola en su línea.",
    "play.help.title": "Cómo se juega",
    "play.help.bets": (
        "Apueste a [bold]jugador[/] (j o p), [bold]banca[/] (b) o [bold]empate[/] (e o t), "
        "varias en una línea: [bold]banca 10, empate 2[/] o [bold]b 10 e 2[/]. "
        "Cantidades en unidades, con hasta 2 decimales (2,50); mil es 1.000 o 1 000."
    ),
    "play.help.pairs": "Parejas: [bold]pj[/] (Pareja Jugador) y [bold]pb[/] (Pareja Banca).",
    "play.help.side_bets": (
        "Apuestas laterales de esta mesa: {bets}. Se escriben como las demás "
        "([bold]{example}[/]); [bold]reglas[/] muestra sus tablas de pagos."
    ),
    "play.label.side_bets": "Apuestas laterales",
    "play.side_bets.hint": "{bets} (escriba reglas para ver las tablas de pagos)",
    "play.paytables.title": "Tablas de pagos (ganancia por unidad apostada)",
    "play.settled.why": "{sentence} {why}.",
    "play.help.rebet": "[bold]repetir[/] (r)  repetir las apuestas de la mano anterior",
    "play.help.explain": (
        "[bold]explicar[/] (x)  modo explicación: la regla por la que cada mano "
        "pide carta o se planta"
    ),
    "play.help.rules": (
        "[bold]reglas[/]  las reglas de tercera carta y la tabla de pagos de cada apuesta"
    ),
    "play.help.board": (
        "[bold]marcador[/] (m)  todos los caminos de este zapato, también los derivados"
    ),
    "play.help.summary": "[bold]resumen[/] (s)  la sesión hasta ahora",
    "play.help.help": "[bold]ayuda[/] (a, h o ?)  esta ayuda",
    "play.help.quit": "[bold]salir[/] (q)  salir con un resumen (también Ctrl-C y Ctrl-D)",
    "play.rules.title": "Reglas de tercera carta",
    "play.rules.points": (
        "Puntos: As 1, del 2 al 9 su valor, 10 J Q K 0; una mano vale su suma módulo 10."
    ),
    "play.rules.natural": "{totals} con dos cartas es natural: las dos manos se plantan.",
    "play.rules.player": "Jugador: pide con {draws}, se planta con {stands}.",
    "play.rules.banker_stood": (
        "Banca, si el Jugador se plantó: pide con {draws}, se planta con {stands}."
    ),
    "play.rules.banker_third": "Banca, si el Jugador pidió: decide la tercera carta del Jugador:",
    "play.rules.banker_row": "Banca con {total}: pide si la tercera carta del Jugador es {values}",
    "play.rules.always": "Banca con {total}: siempre pide",
    "play.rules.never": "Banca con {total}: siempre se planta",
    "play.broke": (
        "Su saldo ({balance}) está por debajo del mínimo de la mesa ({minimum}): "
        "la partida ha terminado."
    ),
    "play.interrupted": (
        "Interrumpido (Ctrl-C): la sesión termina aquí, sin ninguna apuesta abierta."
    ),
    "play.unreadable": (
        "No se pudo leer esa línea con la codificación de este terminal: "
        "escriba las apuestas con letras y cifras sencillas, como b 10."
    ),
    "play.end_of_input": (
        "Fin de la entrada (Ctrl-D): la sesión termina aquí, sin ninguna apuesta abierta."
    ),
    "play.summary.title": "Resumen de la sesión",
    "play.summary.rounds": "Manos jugadas",
    "play.summary.record": "Manos ganadas / perdidas / devueltas",
    "play.summary.wagered": "Apostado",
    "play.summary.won": "Ganado",
    "play.summary.lost": "Perdido",
    "play.summary.net": "Neto",
    "play.summary.commission": "Comisión pagada",
    "play.summary.rounded": "Redondeo",
    "play.summary.biggest": "Mayor ganancia",
    "play.summary.biggest_value": "{amount} (mano {round})",
    "play.summary.none": "ninguna",
    "play.summary.outcomes": "Banca / Jugador / Empate",
    "play.summary.start": "Saldo inicial",
    "play.summary.final": "Saldo final",
    "play.summary.now": "Saldo",
    "play.goodbye": "Gracias por jugar.",
    "play.option.help": "Jugar al Punto Banco en el terminal, en español o en inglés.",
    "play.option.decks": "Barajas en el zapato, de 1 a 8 (por defecto: 8).",
    "play.option.shoe": (
        "Repartir hasta la carta de corte con quemado (cut-card), o barajar en cada mano "
        "(reshuffle) (por defecto: cut-card)."
    ),
    "play.option.cut_card": "Cartas detrás de la carta de corte (por defecto: 14).",
    "play.option.seed": (
        "Semilla del barajado, de 0 a 18446744073709551615 (2**64 - 1): "
        "la misma semilla reparte la misma partida."
    ),
    "play.option.balance": "Saldo inicial (por defecto: 1000).",
    "play.option.min": "Apuesta mínima de la mesa (por defecto: 1).",
    "play.option.max": "Apuesta máxima de la mesa (por defecto: 500).",
    "play.option.commission": (
        "Comisión de la Banca, 5% o 0.05 (por defecto: 5%; un 5 solo es ambiguo)."
    ),
    "play.option.preset": "Reglas predefinidas de partida, como punto-banco-6 (también --rules).",
    "play.option.tie_pays": "El Empate paga N a 1 (por defecto: 8).",
    "play.option.pairs": "Ofrecer las apuestas Pareja Jugador y Pareja Banca (11 a 1).",
    "play.option.side_bets": (
        "Ofrecer también apuestas laterales, p. ej. dragon_7,tiger=12:20 (=X fija "
        "los pagos, separados por dos puntos en el orden de la tabla), como en odds."
    ),
    "play.option.lang": "Idioma, es o en (por defecto: el del sistema).",
    "play.option.fast": "Repartir sin pausas entre cartas.",
    "play.option.explain": "Empezar con el modo explicación activado.",
    "play.option.history": (
        "Escribir cada mano (cartas, totales, la liquidación de cada apuesta, saldo) en "
        "este archivo durante la partida: CSV, una fila por apuesta, o JSON, según su "
        "extensión."
    ),
    # The side bets as the game lists them ("Allowed: ..."), each with its short form.
    "play.spot.dragon_7": "dragón 7 (d7)",
    "play.spot.panda_8": "panda 8 (panda)",
    "play.spot.dragon_bonus_player": "bono dragón jugador (bdj)",
    "play.spot.dragon_bonus_banker": "bono dragón banca (bdb)",
    "play.spot.either_pair": "cualquier pareja (cp)",
    "play.spot.perfect_pair": "pareja perfecta (perfecta)",
    "play.spot.big": "grande",
    "play.spot.small": "pequeña",
    "play.spot.super_6": "super 6 (s6)",
    "play.spot.tiger": "tigre",
    "play.spot.small_tiger": "tigre pequeño",
    "play.spot.big_tiger": "tigre grande",
    "play.spot.tiger_tie": "empate tigre",
    "play.spot.tiger_pair": "pareja tigre",
    # Egalité: one spot per tie total, written with its total and short form.
    "play.spot.egalite": "igualdad {total} (eg{total})",
    # The ten Egalité spots written once, in a list that holds them all.
    "play.spot.egalite_all": "igualdad 0-9 (eg0-eg9)",
    "play.spot.egalite_names": "Egalité 0-9",
    # A paytable leg's condition, field by field, and the leg's payout (the rules command).
    "play.paytable.player": "gana el Jugador",
    "play.paytable.banker": "gana la Banca",
    "play.paytable.tie": "empate",
    "play.paytable.winning_total": "con {n}",
    "play.paytable.tie_total": "a {n}",
    "play.paytable.winning_cards": "({n} cartas)",
    "play.paytable.natural": "con natural",
    "play.paytable.not_natural": "sin natural",
    "play.paytable.margin": "por {n} puntos",
    "play.paytable.margin.one": "por {n} punto",
    "play.paytable.cards_dealt": "{n} cartas repartidas",
    "play.paytable.cards_dealt.one": "{n} carta repartida",
    "play.paytable.player_pair": "pareja del Jugador",
    "play.paytable.banker_pair": "pareja de la Banca",
    "play.paytable.pairs_1": "una mano con pareja",
    "play.paytable.pairs_2": "las dos manos con pareja",
    "play.paytable.suited_pairs_1": "una mano con pareja del mismo palo",
    "play.paytable.suited_pairs_2": "las dos manos con pareja del mismo palo",
    "play.paytable.same_rank": "las dos parejas del mismo valor",
    "play.paytable.always": "siempre",
    "play.paytable.win": "{when}: {ratio} a 1",
    "play.paytable.commission": "{when}: {ratio} a 1 (descontada una comisión del {commission} %)",
    "play.paytable.push": "{when}: se devuelve la apuesta",
    "play.paytable.lose": "todo lo demás pierde",
}
