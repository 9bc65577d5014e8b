"""The words of the advice at a Baccarat Banque tableau's choice, at the server and on its page.

``badvice.*`` are the server's sentences (``server/games/banque/advice.py``): the verdict that
follows the terminal's explanation (``banque.play.explain``) and the judgement of a choice
the player made; the choices and the tableaux are named with the terminal's words
(``banque.play.word_draw``, ``banque.play.word_stand``) and the server's
(``bserver.spot.right``, ``bserver.spot.left``). The page (``static/js/banque-advice.js``)
shows them as the server wrote them, in both languages; its switch's word is the Chemin
de fer page's (``web.chemin.explain_toggle``), written once. The figures are expectations
per coup, not money: written with six decimals in the language's separator.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "badvice.verdict": "Best: {best}; to {other} instead costs {cost} per coup.",
    "badvice.verdict_same": "Drawing and standing are worth the same here.",
    "badvice.judged.optimal": "With {hand} on 5 you chose to {choice}: the optimal choice.",
    "badvice.judged.timeout": (
        "With {hand} on 5 the time ran out, and the optimal choice was played for you: {choice}."
    ),
    "badvice.judged.cost": (
        "With {hand} on 5 you chose to {choice}; to {best} was better by {cost} per coup."
    ),
    "badvice.judged.same": (
        "With {hand} on 5 you chose to {choice}; either choice is worth the same."
    ),
}

ES: dict[str, str] = {
    "badvice.verdict": "Lo mejor: {best}; {other} le cuesta {cost} por mano.",
    "badvice.verdict_same": "Pedir carta y plantarse valen aquí lo mismo.",
    "badvice.judged.optimal": "Con {hand} en 5 eligió {choice}: la elección óptima.",
    "badvice.judged.timeout": (
        "Con {hand} en 5 se acabó el tiempo y se jugó por usted la elección óptima: {choice}."
    ),
    "badvice.judged.cost": (
        "Con {hand} en 5 eligió {choice}; {best} era mejor por {cost} por mano."
    ),
    "badvice.judged.same": "Con {hand} en 5 eligió {choice}; las dos elecciones valen lo mismo.",
}
