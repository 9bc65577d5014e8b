"""The words of the advice at a Baccarat Banque tableau's choice, at the server and on its page.

``badvice.*`` are the server's sentences (``server/banque_advice.py``): the verdict that
follows the terminal's explanation (``banque.play.explain``) and the judgement of a choice
the player made. ``web.badvice.*`` are the page's words (``static/js/banque-advice.js``).
The figures are expectations per coup, not money: written with six decimals in the
language's separator.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "badvice.word.draw": "draw",
    "badvice.word.stand": "stand",
    "badvice.hand.right": "Right tableau",
    "badvice.hand.left": "Left tableau",
    "badvice.verdict": "Best: {best}; to {other} instead costs {cost} per coup.",
    "badvice.verdict_same": "Drawing and standing are worth the same here.",
    "badvice.judged.optimal": "{hand}: you chose to {choice} on 5, the optimal choice.",
    "badvice.judged.timeout": (
        "{hand}: the time ran out and the optimal choice was played for you: {choice}."
    ),
    "badvice.judged.cost": (
        "{hand}: you chose to {choice} on 5; to {best} was better by {cost} per coup."
    ),
    "badvice.judged.same": "{hand}: you chose to {choice} on 5; either choice is worth the same.",
    "web.badvice.explain_toggle": "Explain",
}

ES: dict[str, str] = {
    "badvice.word.draw": "pedir carta",
    "badvice.word.stand": "plantarse",
    "badvice.hand.right": "Tableau derecho",
    "badvice.hand.left": "Tableau izquierdo",
    "badvice.verdict": "Lo mejor: {best}; {other} le cuesta {cost} por golpe.",
    "badvice.verdict_same": "Pedir carta y plantarse valen aquí lo mismo.",
    "badvice.judged.optimal": "{hand}: eligió {choice} con 5, la elección óptima.",
    "badvice.judged.timeout": (
        "{hand}: se acabó el tiempo y se jugó por usted la elección óptima: {choice}."
    ),
    "badvice.judged.cost": "{hand}: eligió {choice} con 5; {best} era mejor por {cost} por golpe.",
    "badvice.judged.same": "{hand}: eligió {choice} con 5; las dos elecciones valen lo mismo.",
    "web.badvice.explain_toggle": "Explicar",
}
