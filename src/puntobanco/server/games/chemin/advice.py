"""The advice at a Chemin de fer choice: the optimal choice for the unseen cards and its costs.

The terminal's explain mode (``cli/chemin/play.py``) and the server say the same thing
from the same solver: :func:`~puntobanco.analysis.chemin.walk.solve_chemin_float` for
the cards not seen in the shoe (the burn card shown and every earlier round's cards),
worded by the catalogue's ``chemin.play.advice_*`` sentences. The optimal choice is the
one a choice past its deadline plays (:func:`puntobanco.server.games.chemin.game.optimal`): a
mixed one is the likelier side.

Costs are the chooser's expectation per unit staked, per time he is at this choice, against
the other side's equilibrium play (the Player at a mixed 5 also against a Banker who knew
his choice). They are expectations, not money: the JSON writes them as decimal strings
rounded to six places, the sentences as the terminal does (four places, the language's
decimal separator).

The solutions are cached by the unseen cards and the Banker's rule, so a table polled
while a choice waits solves once (each solve takes a few milliseconds).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from puntobanco.core.choices import PLAYER, ChoicePoint
from puntobanco.core.i18n import Lang, text
from puntobanco.core.rules import BankerRule
from puntobanco.core.tableau import PLAYER_STOOD
from puntobanco.server.games import advice as shared
from puntobanco.server.games.render import choice

#: Below this a banker cell's gain per decision counts as nothing (as at the terminal).
NEGLIGIBLE = 1e-12


@lru_cache(maxsize=256)
def solution_for(unseen: tuple[int, ...], banker_rule: BankerRule) -> Any:
    """The float equilibrium for the unseen cards (counts per point value 0-9)."""
    from puntobanco.analysis.chemin.walk import solve_chemin_float

    return solve_chemin_float(unseen, banker_rule=banker_rule)


@dataclass(frozen=True, slots=True)
class Advice:
    """What to do at a choice point.

    Attributes:
        side: ``"player"`` or ``"banker"``.
        draws: The optimal choice (a mixed one: the likelier side).
        kind: ``"pure"`` (one choice is better), ``"mixed"`` (the equilibrium mixes: either
            is worth the same against the other side's equilibrium) or ``"same"`` (worth the
            same whatever the other side does).
        draw_probability: The equilibrium's probability of drawing here.
        cost_draw, cost_stand: What each choice costs against the other side's equilibrium
            (0 for the optimal one).
        best_reply_draw, best_reply_stand: The Player at a mixed 5: what always drawing, or
            always standing, costs against a Banker who knew it (``None`` otherwise).
    """

    side: str
    draws: bool
    kind: str
    draw_probability: float
    cost_draw: float
    cost_stand: float
    best_reply_draw: float | None = None
    best_reply_stand: float | None = None

    def cost(self, draws: bool) -> float:
        """What the choice ``draws`` costs against the other side's equilibrium."""
        return self.cost_draw if draws else self.cost_stand


def advise(solution: Any, point: ChoicePoint) -> Advice:
    """The advice at ``point`` from the float ``solution`` (the terminal's reading of it)."""
    if point.side == PLAYER:
        p = float(solution.player_draw)
        stand, always = solution.deviations
        option = float(solution.option) or 1.0
        if p in (0.0, 1.0):
            cost = max(float((stand if p == 1.0 else always).against_equilibrium) / option, 0.0)
            return Advice(
                PLAYER,
                p == 1.0,
                "pure",
                p,
                cost_draw=0.0 if p == 1.0 else cost,
                cost_stand=cost if p == 1.0 else 0.0,
            )
        return Advice(
            PLAYER,
            p >= 0.5,
            "mixed",
            p,
            0.0,
            0.0,
            best_reply_draw=float(always.against_best_reply) / option,
            best_reply_stand=float(stand.against_best_reply) / option,
        )
    third = PLAYER_STOOD if point.player_third is None else point.player_third
    cell = next(c for c in solution.banker if c.cell == (point.total, third))
    q = float(cell.draw)
    if cell.indifferent or abs(float(cell.per_decision)) < NEGLIGIBLE:
        return Advice(point.side, q >= 0.5, "same", q, 0.0, 0.0)
    if q in (0.0, 1.0):
        cost = abs(float(cell.per_decision))
        return Advice(
            point.side,
            q == 1.0,
            "pure",
            q,
            cost_draw=0.0 if q == 1.0 else cost,
            cost_stand=cost if q == 1.0 else 0.0,
        )
    return Advice(point.side, q >= 0.5, "mixed", q, 0.0, 0.0)


def number(value: float, lang: str, digits: int = 4) -> str:
    """An expectation (not money) as the terminal shows it: ``digits`` decimals."""
    return shared.number(value, lang, digits)


def exact(value: float) -> str:
    """An expectation for the JSON: a decimal string rounded to six places."""
    return f"{value:.6f}"


def _word(lang: Lang, draws: bool) -> str:
    return shared.word("chemin.play", lang, draws)


def sentence(advice: Advice, lang: Lang) -> str:
    """The terminal's explain sentence for ``advice`` in ``lang``."""
    if advice.kind == "same":
        return text(lang, "chemin.play.advice_same")
    if advice.kind == "pure":
        return text(
            lang,
            "chemin.play.advice_pure",
            best=_word(lang, advice.draws),
            other=_word(lang, not advice.draws),
            cost=number(advice.cost(not advice.draws), lang),
        )
    if advice.side == PLAYER:
        assert advice.best_reply_draw is not None and advice.best_reply_stand is not None
        return text(
            lang,
            "chemin.play.advice_mixed_player",
            p=number(advice.draw_probability, lang, 3),
            stand_cost=number(advice.best_reply_stand, lang),
            draw_cost=number(advice.best_reply_draw, lang),
        )
    return text(lang, "chemin.play.advice_mixed_banker", p=number(advice.draw_probability, lang, 3))


def advice_json(advice: Advice, lang: str) -> dict[str, Any]:
    """The advice as the API writes it (``table.pending.advice``)."""
    best_reply = (
        None
        if advice.best_reply_draw is None or advice.best_reply_stand is None
        else {"draw": exact(advice.best_reply_draw), "stand": exact(advice.best_reply_stand)}
    )
    return {
        "optimal": choice(advice.draws),
        "kind": advice.kind,
        "draw_probability": exact(advice.draw_probability),
        "cost": {"draw": exact(advice.cost_draw), "stand": exact(advice.cost_stand)},
        "cost_best_reply": best_reply,
        **shared.worded(lambda lg: sentence(advice, lg), lang),
    }


def judgement_json(advice: Advice, draws: bool, lang: str) -> dict[str, Any]:
    """Whether the player's choice ``draws`` was the optimal one, and what it cost.

    A choice is optimal when it costs nothing against the other side's equilibrium: the
    advised one, or either where the equilibrium mixes or both are worth the same.
    """
    cost = advice.cost(draws)
    optimal = advice.kind != "pure" or draws == advice.draws

    def say(lg: Lang) -> str:
        params: dict[str, Any] = {"choice": _word(lg, draws), "best": _word(lg, advice.draws)}
        if advice.kind != "pure":
            return text(lg, "cserver.judged.either", **params)
        if optimal:
            return text(lg, "cserver.judged.optimal", **params)
        return text(lg, "cserver.judged.cost", cost=number(cost, lg), **params)

    return shared.judgement_json(optimal, advice.draws, exact(cost), say, lang)
