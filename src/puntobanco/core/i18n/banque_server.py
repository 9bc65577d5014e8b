"""The words of Baccarat Banque at the server: its refusals and what a timed-out choice says.

Every key starts with ``bserver.``: ``bserver.error.<code>`` words the refusal of that
code (``server/games/banque/game.py``'s :class:`BanqueRefusal`); ``bserver.spot.<spot>`` names
a spot in a sentence.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "bserver.error.no_table": (
        "You are not sitting at a Banque table: sit first (POST /api/banque/table)."
    ),
    "bserver.error.decision_pending": (
        "Round {round_id} is waiting for your choice: answer draw or stand first "
        "(POST /api/banque/decision)."
    ),
    "bserver.error.no_decision_pending": (
        "No choice is waiting for you: there is no draw or stand to answer now."
    ),
    "bserver.error.choice_unknown": "{value!r} is not a choice: answer one of {allowed}.",
    "bserver.error.idempotency_conflict": (
        "The Idempotency-Key {key!r} was already used for a different request: use a new key."
    ),
    "bserver.error.round_not_found": "You have no Banque round {round_id}.",
    "bserver.error.no_bets": "Place a stake on at least one spot: {allowed}.",
    "bserver.error.spot_unknown": "{value!r} is not a spot at this table: the spots are {allowed}.",
    "bserver.error.amount_not_integer": (
        "The stake on {spot} must be a whole number of cents, got {value}."
    ),
    "bserver.error.stake_out_of_range": (
        "The stake on {spot} is {amount_minor}: the table takes from {minimum_minor} "
        "to {maximum_minor} on each spot."
    ),
    "bserver.error.over_bank": (
        "Your stakes add up to {total_minor}, more than the bank of {bank_minor} covers: "
        "stake at most {bank_minor} in all."
    ),
    "bserver.error.insufficient_funds": (
        "Your stakes add up to {total_minor}, more than your balance of {balance_minor}."
    ),
    "bserver.timed_out": (
        "The time to choose ran out: the optimal choice ({choice}) was played for you."
    ),
    "bserver.word.draw": "draw",
    "bserver.word.stand": "stand",
    "bserver.spot.right": "the right tableau",
    "bserver.spot.left": "the left tableau",
    "bserver.spot.a-cheval": "both tableaux (à cheval)",
}

ES: dict[str, str] = {
    "bserver.error.no_table": (
        "No está sentado en una mesa de Banque: siéntese primero (POST /api/banque/table)."
    ),
    "bserver.error.decision_pending": (
        "La mano {round_id} espera su decisión: responda primero carta o me planto "
        "(POST /api/banque/decision)."
    ),
    "bserver.error.no_decision_pending": (
        "No hay ninguna decisión pendiente: ahora no hay carta o me planto que responder."
    ),
    "bserver.error.choice_unknown": "{value!r} no es una decisión: responda una de {allowed}.",
    "bserver.error.idempotency_conflict": (
        "La Idempotency-Key {key!r} ya se usó para otra petición: use una clave nueva."
    ),
    "bserver.error.round_not_found": "No tiene ninguna mano de Banque {round_id}.",
    "bserver.error.no_bets": "Apueste en al menos una casilla: {allowed}.",
    "bserver.error.spot_unknown": (
        "{value!r} no es una casilla de esta mesa: las casillas son {allowed}."
    ),
    "bserver.error.amount_not_integer": (
        "La apuesta en {spot} debe ser un número entero de céntimos, no {value}."
    ),
    "bserver.error.stake_out_of_range": (
        "La apuesta en {spot} es de {amount_minor}: la mesa admite de {minimum_minor} "
        "a {maximum_minor} en cada casilla."
    ),
    "bserver.error.over_bank": (
        "Sus apuestas suman {total_minor}, más de lo que cubre la banca de {bank_minor}: "
        "apueste como mucho {bank_minor} en total."
    ),
    "bserver.error.insufficient_funds": (
        "Sus apuestas suman {total_minor}, más que su saldo de {balance_minor}."
    ),
    "bserver.timed_out": (
        "Se acabó el tiempo para decidir: se jugó por usted la decisión óptima ({choice})."
    ),
    "bserver.word.draw": "carta",
    "bserver.word.stand": "me planto",
    "bserver.spot.right": "el tableau derecho",
    "bserver.spot.left": "el tableau izquierdo",
    "bserver.spot.a-cheval": "los dos tableaux (à cheval)",
}
