"""Words of Baccarat Banque: ``puntobanco solve --variant banque``'s report and refusals."""

from __future__ import annotations

EN: dict[str, str] = {
    "banque.solve.help_tableau_draw": (
        "Banque only: both tableaux' probability of drawing on 5, such as 9/11 or 1 "
        "(default: the Chemin de fer equilibrium)."
    ),
    "banque.solve.tableau_draw_chemin": (
        "--tableau-draw is for --variant banque; in Chemin de fer the Player's mix is solved"
    ),
    "banque.solve.tableau_draw_bad": (
        "the tableaux' probability of drawing on 5 is an exact number from 0 to 1, such as "
        "9/11, 0.5 or 1; got '{value}'"
    ),
    "banque.solve.tableau_given": "The {hand} tableau on 5: draws with probability {p} ({pf})",
    "banque.solve.float": "Baccarat Banque is solved in exact fractions only: leave out --float",
    "banque.solve.title": (
        "Baccarat Banque: the Banker's best reply to two tableaux ({where}), Banque rule {rule}"
    ),
    "banque.solve.shoe_model": (
        "Cards drawn without replacement; each tableau knows only its total, the Banker his "
        "total and what each tableau shows (its third card, that it stood, or its natural), "
        "not the cards that make them."
    ),
    "banque.solve.which": (
        "A three-person game has no single value: this is the Banker's best reply, a unit "
        "staked on each tableau, when each tableau plays the given mix on 5."
    ),
    "banque.solve.rule_card": (
        "The rule card: the Banker draws on 0-2, stands on 7, chooses on 3-6."
    ),
    "banque.solve.rule_free": "The Banker chooses in every cell (totals 0-7).",
    "banque.solve.naturals": (
        "A tableau's natural is shown and settled at once against the Banker's two cards."
    ),
    "banque.solve.tableau": (
        "The {hand} tableau on 5: draws with probability {p} ({pf}), the Chemin de fer equilibrium"
    ),
    "banque.solve.right": "right",
    "banque.solve.left": "left",
    "banque.solve.grid_title": (
        "The Banker's best reply (D draws, S stands, = either, blank: the card decides). "
        "Rows: the left tableau; columns: the right tableau; n = natural, s = stood."
    ),
    "banque.solve.grid_total": "Banker {total}:",
    "banque.solve.against": (
        "Against the {hand} tableau: Banker wins {win}, loses {lose}, ties {tie}; "
        "his expectation {value}"
    ),
    "banque.solve.value": "The Banker's expectation per coup, both tableaux: {exact} = {value}",
    "banque.solve.after": (
        "After the house's {commission} of his wins on each tableau: {value} per coup"
    ),
    "banque.solve.other": (
        "With the Banque rule {rule} instead (his best reply in its free cells): {value} per "
        "coup, {after} after the commission"
    ),
    # puntobanco play --variant banque.
    "banque.play.right": "Right",
    "banque.play.left": "Left",
    "banque.play.banker": "Banker",
    "banque.play.new_shoe": "A new shoe. The house holds the bank: {bank}.",
    "banque.play.new_bank": "The bank is spent: the house opens a new one of {bank}.",
    "banque.play.bet_prompt": (
        "Bank {bank}, your balance {balance}. Bet r|l|c AMOUNT (right, left, à cheval), "
        "x to explain, q to quit: "
    ),
    "banque.play.bet_bad": (
        "'{value}' is not a bet: give r (right), l (left) or c (à cheval) and an amount, "
        "such as r 10"
    ),
    "banque.play.bet_small": "the table minimum is {minimum}",
    "banque.play.not_here": "{option} does not apply to Baccarat Banque",
    "banque.play.bet_balance": "your balance is {balance}: bet no more than that",
    "banque.play.refused": "{message}",
    "banque.play.explain_on": "Your choices will be explained.",
    "banque.play.explain_off": "Explanations off.",
    # Holding the bank.
    "banque.play.offer_bank": (
        "The bank is on offer for this shoe: b AMOUNT holds it yourself, put up from your "
        "balance (from {minimum} to {balance}); or bet against the house's bank."
    ),
    "banque.play.bet_prompt_offer": (
        "Bank {bank}, your balance {balance}. Bet r|l|c AMOUNT (right, left, à cheval), "
        "b AMOUNT to hold the bank, x to explain, q to quit: "
    ),
    "banque.play.bank_bad": (
        "'{value}' is not an amount: b AMOUNT puts up a bank from {minimum} to {balance}"
    ),
    "banque.play.you_hold": "You hold the bank: {bank}. Your wallet: {balance}.",
    "banque.play.banker_prompt": (
        "Your bank {bank}, your wallet {balance}. Enter deals, g gives up the bank, "
        "x to explain, q to quit: "
    ),
    "banque.play.banker_bad": (
        "'{value}' is not an answer: Enter deals the next round, g gives up the bank, q quits"
    ),
    "banque.play.gave_up": (
        "You give up the bank: {bank} back in your wallet ({balance}). The house holds the "
        "bank: {house}."
    ),
    "banque.play.bank_spent_yours": (
        "Your bank of {bank} cannot cover the table minimum of {minimum}: it is back in your "
        "wallet ({balance}). The house holds the bank: {house}."
    ),
    "banque.play.bank_back_shoe": (
        "The shoe is over: your bank of {bank} is back in your wallet ({balance})."
    ),
    "banque.play.bank_back_end": "Your bank of {bank} is back in your wallet ({balance}).",
    "banque.play.nobody_bets": (
        "Nobody can bet against your bank: its {bank} is back in your wallet ({balance}). "
        "The house holds the bank: {house}."
    ),
    "banque.play.seat": "Seat {n}",
    "banque.play.spot.right": "the right tableau",
    "banque.play.spot.left": "the left tableau",
    "banque.play.spot.a-cheval": "both tableaux (à cheval)",
    "banque.play.computer_bets": "{name} bets {amount} on {spot}.",
    "banque.play.computer_result": "{name}: {delta} (balance {balance}).",
    "banque.play.bank_won": (
        "Your bank: {delta}; the house's commission of {rate} on its winnings is {commission} "
        "({exact} rounded down: {rounded} stays in the bank). Bank {bank}."
    ),
    "banque.play.bank_result": "Your bank: {delta}. Bank {bank}.",
    "banque.play.your_bank_cards": (
        "You hold the bank's cards: {cards}, total {total}. Right tableau: {right}; "
        "left tableau: {left}."
    ),
    "banque.play.word_draw": "draw",
    "banque.play.word_stand": "stand",
    "banque.play.banker_explain": (
        "Optimal: {best}. Against the tableaux' play (each draws on 5 with probability {p}) and "
        "the bets on the table, your bank expects {draw} here if you draw and {stand} if you "
        "stand, before commission: to {other} costs {cost}."
    ),
    "banque.play.banker_same": (
        "Drawing and standing are worth the same here against the tableaux' play (each draws "
        "on 5 with probability {p}) and these bets: {worth}."
    ),
    "banque.play.your_cards": "You hold the {hand} tableau: {cards}, total {total}.",
    "banque.play.choice": "Draw or stand? (d/s, ? to explain) ",
    "banque.play.choice_bad": "'{value}' is neither: d draws, s stands, q quits after this round",
    "banque.play.choice_quit": (
        "The cards are out: your tableau plays {choice}, then the game ends."
    ),
    "banque.play.explain": (
        "Optimal: the Chemin de fer equilibrium draws on 5 with probability {p} ({pf}); against "
        "the Banker's reply to it your tableau is worth {draw} per coup if it always draws and "
        "{stand} if it always stands."
    ),
    "banque.play.hand": "{hand}: {cards} ({total})",
    "banque.play.you_win": "You win {amount}. Balance {balance}.",
    "banque.play.you_lose": "You lose {amount}. Balance {balance}.",
    "banque.play.you_push": "A push: your stake comes back. Balance {balance}.",
    "banque.play.summary": (
        "{count} rounds; your balance {balance} ({net}); the house's commission {commission}."
    ),
    "banque.play.summary.one": (
        "{count} round; your balance {balance} ({net}); the house's commission {commission}."
    ),
    "banque.play.interrupted": "Interrupted.",
    # Errors of the Banque rules, solver and table (banque.error.<code>).
    "banque.error.banque_cell": (
        "a free Banque cell is (Banker total 0-7, left column, right column), a column being a "
        "third card 0-9, 10 for 'stood' or 11 for 'natural'; got {value}"
    ),
    "banque.error.banque_draw_totals": "the Banker's drawing totals are from 0 to 7, got {value}",
    "banque.error.banque_deck": (
        "a deck with replacement is ten chances, one per point value 0-9; got {value}"
    ),
    "banque.error.banque_bank": "the bank must be a positive whole amount, got {value}",
    "banque.error.banque_stake": "a stake is a positive whole amount, got {value}",
    "banque.error.banque_spot": "the spots are {allowed}, got {value}",
    "banque.error.banque_over_bank": (
        "the stakes add up to {total}, more than the bank of {bank} covers"
    ),
    "banque.error.banque_commission": "the commission is a fraction from 0 up to 1, got {value}",
    "banque.error.banque_bank_range": (
        "a bank is from {minimum} to your balance of {balance}, got {amount}"
    ),
    # A recorded choice, in words.
    "banque.choice.right.draw": "The right tableau draws on {total}.",
    "banque.choice.right.stand": "The right tableau stands on {total}.",
    "banque.choice.left.draw": "The left tableau draws on {total}.",
    "banque.choice.left.stand": "The left tableau stands on {total}.",
    "banque.choice.banker.draw": "The Banker draws on {total} (left: {left}; right: {right}).",
    "banque.choice.banker.stand": "The Banker stands on {total} (left: {left}; right: {right}).",
    "banque.column.card": "drew a {value}",
    "banque.column.stood": "stood",
    "banque.column.natural": "a natural",
}

ES: dict[str, str] = {
    "banque.play.right": "Derecho",
    "banque.play.left": "Izquierdo",
    "banque.play.banker": "Banca",
    "banque.play.new_shoe": "Zapato nuevo. La casa tiene la banca: {bank}.",
    "banque.play.new_bank": "La banca se ha agotado: la casa abre otra de {bank}.",
    "banque.play.bet_prompt": (
        "Banca {bank}, su saldo {balance}. Apueste d|i|c CANTIDAD (derecho, izquierdo, "
        "à cheval), x para explicar, q para salir: "
    ),
    "banque.play.bet_bad": (
        "'{value}' no es una apuesta: indique d (derecho), i (izquierdo) o c (à cheval) y una "
        "cantidad, como d 10"
    ),
    "banque.play.bet_small": "el mínimo de la mesa es {minimum}",
    "banque.play.not_here": "{option} no se aplica al Baccarat Banque",
    "banque.play.bet_balance": "su saldo es {balance}: no apueste más",
    "banque.play.refused": "{message}",
    "banque.play.explain_on": "Se explicarán sus decisiones.",
    "banque.play.explain_off": "Explicaciones desactivadas.",
    "banque.play.offer_bank": (
        "La banca se ofrece para este zapato: b CANTIDAD para tener la banca usted, puesta de "
        "su saldo (de {minimum} a {balance}); o apueste contra la banca de la casa."
    ),
    "banque.play.bet_prompt_offer": (
        "Banca {bank}, su saldo {balance}. Apueste d|i|c CANTIDAD (derecho, izquierdo, "
        "à cheval), b CANTIDAD para tener la banca, x para explicar, q para salir: "
    ),
    "banque.play.bank_bad": (
        "'{value}' no es una cantidad: b CANTIDAD pone una banca de {minimum} a {balance}"
    ),
    "banque.play.you_hold": "Usted tiene la banca: {bank}. Su cartera: {balance}.",
    "banque.play.banker_prompt": (
        "Su banca {bank}, su cartera {balance}. Intro reparte, d deja la banca, "
        "x para explicar, q para salir: "
    ),
    "banque.play.banker_bad": (
        "'{value}' no es una respuesta: Intro reparte la mano siguiente, d deja la banca, q sale"
    ),
    "banque.play.gave_up": (
        "Deja la banca: {bank} vuelven a su cartera ({balance}). La casa tiene la banca: {house}."
    ),
    "banque.play.bank_spent_yours": (
        "Su banca de {bank} no cubre el mínimo de la mesa de {minimum}: vuelve a su cartera "
        "({balance}). La casa tiene la banca: {house}."
    ),
    "banque.play.bank_back_shoe": (
        "Se acabó el zapato: su banca de {bank} vuelve a su cartera ({balance})."
    ),
    "banque.play.bank_back_end": "Su banca de {bank} vuelve a su cartera ({balance}).",
    "banque.play.nobody_bets": (
        "Nadie puede apostar contra su banca: sus {bank} vuelven a su cartera ({balance}). "
        "La casa tiene la banca: {house}."
    ),
    "banque.play.seat": "Asiento {n}",
    "banque.play.spot.right": "al tableau derecho",
    "banque.play.spot.left": "al tableau izquierdo",
    "banque.play.spot.a-cheval": "a los dos tableaux (à cheval)",
    "banque.play.computer_bets": "{name} apuesta {amount} {spot}.",
    "banque.play.computer_result": "{name}: {delta} (saldo {balance}).",
    "banque.play.bank_won": (
        "Su banca: {delta}; la comisión de la casa del {rate} sobre sus ganancias es "
        "{commission} ({exact} redondeado a la baja: {rounded} queda en la banca). "
        "Banca {bank}."
    ),
    "banque.play.bank_result": "Su banca: {delta}. Banca {bank}.",
    "banque.play.your_bank_cards": (
        "Usted lleva las cartas de la banca: {cards}, total {total}. Tableau derecho: {right}; "
        "tableau izquierdo: {left}."
    ),
    "banque.play.word_draw": "pedir carta",
    "banque.play.word_stand": "plantarse",
    "banque.play.banker_explain": (
        "Lo óptimo: {best}. Contra el juego de los tableaux (cada uno pide con 5 con "
        "probabilidad {p}) y las apuestas de la mesa, su banca espera aquí {draw} si pide carta "
        "y {stand} si se planta, antes de la comisión: {other} le cuesta {cost}."
    ),
    "banque.play.banker_same": (
        "Pedir carta y plantarse valen lo mismo aquí contra el juego de los tableaux (cada uno "
        "pide con 5 con probabilidad {p}) y estas apuestas: {worth}."
    ),
    "banque.play.your_cards": "Usted lleva el tableau {hand}: {cards}, total {total}.",
    "banque.play.choice": "¿Carta o me planto? (c/p, ? para explicar) ",
    "banque.play.choice_bad": (
        "«{value}» no es ninguna: c pide carta, p se planta, q sale tras esta mano"
    ),
    "banque.play.choice_quit": (
        "Las cartas ya están repartidas: su tablero juega {choice} y luego termina la partida."
    ),
    "banque.play.explain": (
        "Lo óptimo: el equilibrio del Chemin de fer pide con 5 con probabilidad {p} ({pf}); "
        "contra la respuesta de la banca, su tableau vale {draw} por mano si siempre pide y "
        "{stand} si siempre se planta."
    ),
    "banque.play.hand": "{hand}: {cards} ({total})",
    "banque.play.you_win": "Gana {amount}. Saldo {balance}.",
    "banque.play.you_lose": "Pierde {amount}. Saldo {balance}.",
    "banque.play.you_push": "Empate: recupera su apuesta. Saldo {balance}.",
    "banque.play.summary": (
        "{count} manos; su saldo {balance} ({net}); la comisión de la casa {commission}."
    ),
    "banque.play.summary.one": (
        "{count} mano; su saldo {balance} ({net}); la comisión de la casa {commission}."
    ),
    "banque.play.interrupted": "Interrumpido.",
    "banque.solve.help_tableau_draw": (
        "Solo Banque: la probabilidad con la que ambos tableaux piden con 5, como 9/11 o 1 "
        "(por defecto: el equilibrio del Chemin de fer)."
    ),
    "banque.solve.tableau_draw_chemin": (
        "--tableau-draw es para --variant banque; en el Chemin de fer la mezcla del jugador "
        "se resuelve"
    ),
    "banque.solve.tableau_draw_bad": (
        "la probabilidad de que los tableaux pidan con 5 es un número exacto de 0 a 1, como "
        "9/11, 0.5 o 1; se recibió '{value}'"
    ),
    "banque.solve.tableau_given": "Tableau {hand} con 5: pide con probabilidad {p} ({pf})",
    "banque.solve.float": (
        "el Baccarat Banque solo se resuelve en fracciones exactas: quite --float"
    ),
    "banque.solve.title": (
        "Baccarat Banque: la mejor respuesta de la banca a dos tableaux ({where}), regla de "
        "Banque {rule}"
    ),
    "banque.solve.shoe_model": (
        "Cartas sacadas sin reemplazamiento; cada tableau solo conoce su total, y la banca el "
        "suyo y lo que muestra cada tableau (su tercera carta, que se plantó o su natural), "
        "no las cartas que los forman."
    ),
    "banque.solve.which": (
        "Un juego de tres personas no tiene un valor único: esta es la mejor respuesta de la "
        "banca, una unidad apostada en cada tableau, cuando cada tableau juega la mezcla dada "
        "con 5."
    ),
    "banque.solve.rule_card": (
        "La tarjeta de reglas: la banca pide con 0-2, se planta con 7 y elige con 3-6."
    ),
    "banque.solve.rule_free": "La banca elige en todas las casillas (totales 0-7).",
    "banque.solve.naturals": (
        "El natural de un tableau se muestra y se liquida en el acto contra las dos cartas de "
        "la banca."
    ),
    "banque.solve.tableau": (
        "Tableau {hand} con 5: pide con probabilidad {p} ({pf}), el equilibrio del Chemin de fer"
    ),
    "banque.solve.right": "derecho",
    "banque.solve.left": "izquierdo",
    "banque.solve.grid_title": (
        "La mejor respuesta de la banca (D pide, S se planta, = da igual, en blanco: decide la "
        "tarjeta). Filas: el tableau izquierdo; columnas: el derecho; n = natural, "
        "s = se plantó."
    ),
    "banque.solve.grid_total": "Banca {total}:",
    "banque.solve.against": (
        "Contra el tableau {hand}: la banca gana {win}, pierde {lose}, empata {tie}; "
        "su esperanza {value}"
    ),
    "banque.solve.value": "Esperanza de la banca por mano, ambos tableaux: {exact} = {value}",
    "banque.solve.after": (
        "Tras el {commission} de sus ganancias en cada tableau para la casa: {value} por mano"
    ),
    "banque.solve.other": (
        "Con la regla de Banque {rule} (su mejor respuesta en sus casillas libres): {value} "
        "por mano, {after} tras la comisión"
    ),
    "banque.error.banque_cell": (
        "una casilla libre de Banque es (total de la banca 0-7, columna izquierda, columna "
        "derecha), siendo una columna una tercera carta 0-9, 10 para 'se plantó' u 11 para "
        "'natural'; se recibió {value}"
    ),
    "banque.error.banque_draw_totals": (
        "los totales con los que pide la banca van de 0 a 7, se recibió {value}"
    ),
    "banque.error.banque_deck": (
        "una baraja con reposición son diez probabilidades, una por valor 0-9; se recibió {value}"
    ),
    "banque.error.banque_bank": "la banca debe ser un importe entero positivo, no {value}",
    "banque.error.banque_stake": "una apuesta es un importe entero positivo, no {value}",
    "banque.error.banque_spot": "las casillas son {allowed}, no {value}",
    "banque.error.banque_over_bank": (
        "las apuestas suman {total}, más de lo que cubre la banca de {bank}"
    ),
    "banque.error.banque_commission": "la comisión es una fracción de 0 a menos de 1, no {value}",
    "banque.error.banque_bank_range": (
        "una banca va de {minimum} a su saldo de {balance}, no {amount}"
    ),
    "banque.choice.right.draw": "El tableau derecho pide carta con {total}.",
    "banque.choice.right.stand": "El tableau derecho se planta con {total}.",
    "banque.choice.left.draw": "El tableau izquierdo pide carta con {total}.",
    "banque.choice.left.stand": "El tableau izquierdo se planta con {total}.",
    "banque.choice.banker.draw": (
        "La banca pide carta con {total} (izquierdo: {left}; derecho: {right})."
    ),
    "banque.choice.banker.stand": (
        "La banca se planta con {total} (izquierdo: {left}; derecho: {right})."
    ),
    "banque.column.card": "sacó un {value}",
    "banque.column.stood": "se plantó",
    "banque.column.natural": "un natural",
}
