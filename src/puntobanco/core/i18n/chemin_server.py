"""The words of Chemin de fer at the server: its refusals, a timed-out choice, a choice judged.

Every key starts with ``cserver.``: ``cserver.error.<code>`` words the refusal of that
code (``server/games/chemin/game.py``'s :class:`ChemRefusal`); the bets the core table refuses
are worded by the ``chemin.`` section.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "cserver.error.no_table": (
        "You are not sitting at a Chemin de fer table: sit first (POST /api/chemin/table)."
    ),
    "cserver.error.decision_pending": (
        "Round {round_id} is waiting for your choice: answer draw or stand first "
        "(POST /api/chemin/decision)."
    ),
    "cserver.error.action_not_allowed": (
        "You cannot {action!r} now: it is the turn to {turn}, and the actions allowed "
        "are {allowed}."
    ),
    "cserver.error.amount_required": (
        "The action {action!r} needs an amount: amount_minor, in cents, a whole number."
    ),
    "cserver.error.no_decision_pending": (
        "No choice is waiting for you: there is no draw or stand to answer now."
    ),
    "cserver.error.choice_unknown": "{value!r} is not a choice: answer one of {allowed}.",
    "cserver.error.idempotency_conflict": (
        "The Idempotency-Key {key!r} was already used for a different request: use a new key."
    ),
    "cserver.error.round_not_found": "You have no Chemin de fer round {round_id}.",
    "cserver.timed_out": (
        "The time to choose ran out: the optimal choice for the unseen cards ({choice}) "
        "was played for you."
    ),
    "cserver.word.draw": "draw",
    "cserver.word.stand": "stand",
    "cserver.judged.optimal": "You chose to {choice}: the optimal choice for the unseen cards.",
    "cserver.judged.cost": (
        "You chose to {choice}; the optimal choice for the unseen cards was to {best}: yours "
        "cost {cost} a unit staked, in expectation, against the other side's equilibrium play."
    ),
    "cserver.judged.either": (
        "You chose to {choice}: against the other side's equilibrium either choice was worth "
        "the same here, so it cost nothing."
    ),
}

ES: dict[str, str] = {
    "cserver.error.no_table": (
        "No está sentado en una mesa de Chemin de fer: siéntese primero (POST /api/chemin/table)."
    ),
    "cserver.error.decision_pending": (
        "La mano {round_id} espera su decisión: responda primero carta o me planto "
        "(POST /api/chemin/decision)."
    ),
    "cserver.error.action_not_allowed": (
        "Ahora no puede {action!r}: es el turno de {turn}, y las acciones permitidas son {allowed}."
    ),
    "cserver.error.amount_required": (
        "La acción {action!r} necesita un importe: amount_minor, en céntimos, un número entero."
    ),
    "cserver.error.no_decision_pending": (
        "No hay ninguna decisión pendiente: ahora no hay carta o me planto que responder."
    ),
    "cserver.error.choice_unknown": "{value!r} no es una decisión: responda una de {allowed}.",
    "cserver.error.idempotency_conflict": (
        "La Idempotency-Key {key!r} ya se usó para otra petición: use una clave nueva."
    ),
    "cserver.error.round_not_found": "No tiene ninguna mano de Chemin de fer {round_id}.",
    "cserver.timed_out": (
        "Se acabó el tiempo para decidir: se jugó por usted la decisión óptima para las "
        "cartas no vistas ({choice})."
    ),
    "cserver.word.draw": "carta",
    "cserver.word.stand": "me planto",
    "cserver.judged.optimal": ("Eligió {choice}: la opción óptima para las cartas no vistas."),
    "cserver.judged.cost": (
        "Eligió {choice}; lo óptimo para las cartas no vistas era {best}: su elección le "
        "costó {cost} por unidad apostada, en esperanza, contra el equilibrio del otro lado."
    ),
    "cserver.judged.either": (
        "Eligió {choice}: contra el equilibrio del otro lado las dos opciones valían aquí lo "
        "mismo, así que no le costó nada."
    ),
}
