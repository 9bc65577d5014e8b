"""The words of the web table's Baccarat Banque page (``static/banque.html``).

Every key starts with ``web.banque.``, so that ``GET /api/i18n/{lang}`` serves it to the
page; the page also reads words it shares with the Chemin de fer page and the main table
(``web.chemin.choice.*``, ``web.action.*``, ``web.res.*``...), written once there.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "web.banque.title": "Baccarat Banque",
    "web.banque.page_title": "Baccarat Banque: a table of play money",
    "web.banque.nav": "Baccarat Banque navigation",
    "web.banque.bank_title": "The house's bank",
    "web.banque.bank": "The house holds the bank: {amount}.",
    "web.banque.limits": (
        "Stakes from {minimum} to {maximum} on each spot, at most what the bank covers in all; "
        "the house takes {percent}% of the bank's win on each round, rounded down to the cent."
    ),
    "web.banque.balance": "Your balance: {amount}",
    "web.banque.stakes_title": "Your stakes",
    "web.banque.chips": "Chip to add",
    "web.banque.spot.right": "Right tableau",
    "web.banque.spot.left": "Left tableau",
    "web.banque.spot.a-cheval": "À cheval (both tableaux)",
    "web.banque.banker": "Banker (the house)",
    "web.banque.spot_add": "{spot}: {amount} staked. Add a chip of {chip}.",
    "web.banque.turn.bet": (
        "Put chips on the right tableau, the left one, or across the line (à cheval), then deal."
    ),
    "web.banque.turn.decision": (
        "You hold the {hand}, which has {total}: draw a card or stand. There is no clock."
    ),
    "web.banque.face_down": "Face down until the round is played out.",
    "web.banque.points": "{n} points",
    "web.banque.points.one": "{n} point",
    "web.banque.hand_result.player": "{hand}: {n} points, wins against the Banker.",
    "web.banque.hand_result.player.one": "{hand}: {n} point, wins against the Banker.",
    "web.banque.hand_result.banker": "{hand}: {n} points, loses to the Banker.",
    "web.banque.hand_result.banker.one": "{hand}: {n} point, loses to the Banker.",
    "web.banque.hand_result.tie": "{hand}: {n} points, ties the Banker.",
    "web.banque.hand_result.tie.one": "{hand}: {n} point, ties the Banker.",
    "web.banque.banker_total": "{hand}: {n} points.",
    "web.banque.banker_total.one": "{hand}: {n} point.",
    "web.banque.col.spot": "Spot",
    "web.banque.col.result": "Result of the bet",
    "web.banque.bank_after": "The bank: {before} before the round, {after} after it.",
    "web.banque.rounded": (
        "The commission is rounded down to the cent: {fraction} of a cent not taken."
    ),
    "web.banque.err.empty": "Put a chip on a spot first.",
    "web.banque.err.minimum": "{spot}: a stake is at least {minimum}. Add chips, or clear.",
    "web.banque.err.cap": (
        "{spot}: {amount} is the most this spot takes now (the table's maximum, what the bank "
        "covers, or your balance)."
    ),
}

ES: dict[str, str] = {
    "web.banque.title": "Baccarat Banque",
    "web.banque.page_title": "Baccarat Banque: una mesa con dinero de juego",
    "web.banque.nav": "Navegación de Baccarat Banque",
    "web.banque.bank_title": "La banca de la casa",
    "web.banque.bank": "La casa tiene la banca: {amount}.",
    "web.banque.limits": (
        "Apuestas de {minimum} a {maximum} en cada casilla, y en total como mucho lo que cubre "
        "la banca; la casa se queda con el {percent} % de lo que gana la banca en cada mano, "
        "redondeado al céntimo hacia abajo."
    ),
    "web.banque.balance": "Su saldo: {amount}",
    "web.banque.stakes_title": "Sus apuestas",
    "web.banque.chips": "Ficha que añadir",
    "web.banque.spot.right": "Tableau derecho",
    "web.banque.spot.left": "Tableau izquierdo",
    "web.banque.spot.a-cheval": "À cheval (los dos tableaux)",
    "web.banque.banker": "Banca (la casa)",
    "web.banque.spot_add": "{spot}: {amount} apostado. Añadir una ficha de {chip}.",
    "web.banque.turn.bet": (
        "Ponga fichas en el tableau derecho, en el izquierdo o a caballo de la línea "
        "(à cheval), y reparta."
    ),
    "web.banque.turn.decision": (
        "Usted lleva el {hand}, que suma {total}: pida carta o plántese. No hay reloj."
    ),
    "web.banque.face_down": "Boca abajo hasta que se juegue la mano.",
    "web.banque.points": "{n} puntos",
    "web.banque.points.one": "{n} punto",
    "web.banque.hand_result.player": "{hand}: {n} puntos, gana a la banca.",
    "web.banque.hand_result.player.one": "{hand}: {n} punto, gana a la banca.",
    "web.banque.hand_result.banker": "{hand}: {n} puntos, pierde contra la banca.",
    "web.banque.hand_result.banker.one": "{hand}: {n} punto, pierde contra la banca.",
    "web.banque.hand_result.tie": "{hand}: {n} puntos, empata con la banca.",
    "web.banque.hand_result.tie.one": "{hand}: {n} punto, empata con la banca.",
    "web.banque.banker_total": "{hand}: {n} puntos.",
    "web.banque.banker_total.one": "{hand}: {n} punto.",
    "web.banque.col.spot": "Casilla",
    "web.banque.col.result": "Resultado de la apuesta",
    "web.banque.bank_after": "La banca: {before} antes de la mano, {after} después.",
    "web.banque.rounded": (
        "La comisión se redondea al céntimo hacia abajo: {fraction} de céntimo sin cobrar."
    ),
    "web.banque.err.empty": "Ponga primero una ficha en una casilla.",
    "web.banque.err.minimum": "{spot}: la apuesta mínima es {minimum}. Añada fichas o quítelas.",
    "web.banque.err.cap": (
        "{spot}: {amount} es lo máximo que admite ahora esta casilla (el máximo de la mesa, lo "
        "que cubre la banca o su saldo)."
    ),
}
