"""The advice at a Baccarat Banque tableau's choice on 5, and the judgement of a choice made.

The server says what the terminal's explain mode says (``cli/banque/play.py``,
``explain_tableau``), from the same solution: the Banker's best reply under the rule card to
the Chemin de fer equilibrium on 5 (:func:`puntobanco.server.games.banque.game.solution`, the
infinite deck, so the same inputs every time: one solve per commission, cached). A tableau
is worth, per coup and a unit staked on it, what
:func:`~puntobanco.analysis.banque.solver.evaluate_banque` gives it when it always draws
on 5, and when it always stands, the Banker keeping that reply
and the other tableau its mix. The better of the two is the optimal choice (it is the
likelier side of the equilibrium, the one a choice past its deadline plays:
:func:`puntobanco.server.games.banque.game.optimal`); the other one costs the difference.

The figures are expectations per coup, not money: the JSON writes them as decimal strings
(six places, rounded exactly from the fractions, which it also gives), the sentences as the
terminal does (its ``banque.play.explain``, then the catalogue's ``badvice.verdict``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from puntobanco.analysis.banque.solver import evaluate_banque
from puntobanco.core.banque.coup import LEFT, RIGHT, BanqueStrategy
from puntobanco.core.i18n import Lang, text
from puntobanco.server.games import advice as shared
from puntobanco.server.games.banque.game import solution
from puntobanco.server.games.render import choice
from puntobanco.server.games.schemas import Judged, PerChoice

#: The decimals of an expectation in the JSON and the sentences (as the terminal's worths).
DIGITS = 6


@dataclass(frozen=True, slots=True)
class TableauAdvice:
    """What to do with a tableau on 5.

    Attributes:
        hand: ``right`` or ``left``.
        draw_probability: The Chemin de fer equilibrium's probability of drawing on 5.
        worth_draw: The tableau's expectation per coup if it always draws on 5.
        worth_stand: The same if it always stands.
    """

    hand: str
    draw_probability: Fraction
    worth_draw: Fraction
    worth_stand: Fraction

    @property
    def same(self) -> bool:
        """Drawing and standing are worth the same."""
        return self.worth_draw == self.worth_stand

    @property
    def draws(self) -> bool:
        """The optimal choice: the better one (if they are worth the same, the likelier side)."""
        if self.same:
            return self.draw_probability >= Fraction(1, 2)
        return self.worth_draw > self.worth_stand

    def worth(self, draws: bool) -> Fraction:
        """The tableau's expectation per coup if it always makes the choice ``draws``."""
        return self.worth_draw if draws else self.worth_stand

    def cost(self, draws: bool) -> Fraction:
        """What the choice ``draws`` costs per coup against the optimal one (0 for it)."""
        return max(self.worth(self.draws) - self.worth(draws), Fraction(0))


def tableau_worth(commission: Fraction, hand: str) -> tuple[Fraction, Fraction]:
    """The tableau's expectation per coup if it always draws on 5, and if it always stands.

    Against the Banker's reply in the server's solution and the other tableau's mix (the
    terminal's reading, ``cli/banque/play.py``'s ``_tableau_worth``).
    """
    best = solution(commission)
    replies = {c.cell: int(c.draws) for c in best.cells}

    def worth(draw: int) -> Fraction:
        mixes = {"right_draw": best.right_draw, "left_draw": best.left_draw}
        mixes[f"{hand}_draw"] = Fraction(draw)
        play = BanqueStrategy.make(best.rule, banker_draw=replies, **mixes)
        figures = evaluate_banque(play, commission=best.commission)
        side = figures.right if hand == RIGHT else figures.left
        return -side.value

    return worth(1), worth(0)


@lru_cache(maxsize=16)
def tableau_advice(commission: Fraction, hand: str) -> TableauAdvice:
    """The advice for ``hand`` (``right`` or ``left``) on 5 at this commission (cached)."""
    if hand not in (RIGHT, LEFT):
        raise ValueError(f"a tableau is right or left, not {hand!r}")
    best = solution(commission)
    draw, stand = tableau_worth(commission, hand)
    p = best.right_draw if hand == RIGHT else best.left_draw
    return TableauAdvice(hand, p, draw, stand)


def advice_for(commission: str | Fraction, hand: str | None) -> TableauAdvice | None:
    """The advice at a stored choice (``None`` for the Banker's or no choice)."""
    if hand not in (RIGHT, LEFT):
        return None
    return tableau_advice(Fraction(commission), hand)


def decimal(value: Fraction, digits: int = DIGITS) -> str:
    """``value`` rounded (half to even, exactly) to ``digits`` places: ``"-0.008513"``."""
    scaled = round(value * 10**digits)
    sign = "-" if scaled < 0 else ""
    whole, part = divmod(abs(scaled), 10**digits)
    return f"{sign}{whole}.{part:0{digits}d}"


def number(value: Fraction, lang: str, digits: int = DIGITS) -> str:
    """An expectation as the terminal shows it: ``digits`` decimals, the language's separator."""
    return shared.number(value, lang, digits)


def _sign(value: Fraction, lang: str) -> str:
    return ("+" if value >= 0 else "") + number(value, lang)


def _word(lang: Lang, draws: bool) -> str:
    return shared.word("banque.play", lang, draws)


def explanation(advice: TableauAdvice, lang: Lang) -> str:
    """The terminal's explain sentence (``banque.play.explain``) for this advice."""
    p = advice.draw_probability
    return text(
        lang,
        "banque.play.explain",
        p=str(p),
        pf=number(p, lang, 4),
        draw=_sign(advice.worth_draw, lang),
        stand=_sign(advice.worth_stand, lang),
    )


def sentence(advice: TableauAdvice, lang: Lang) -> str:
    """The terminal's sentence, then the optimal choice and what the other one costs."""
    if advice.same:
        verdict = text(lang, "badvice.verdict_same")
    else:
        verdict = text(
            lang,
            "badvice.verdict",
            best=_word(lang, advice.draws),
            other=_word(lang, not advice.draws),
            cost=number(advice.cost(not advice.draws), lang),
        )
    return f"{explanation(advice, lang)} {verdict}"


def advice_json(advice: TableauAdvice, lang: str = "en") -> dict[str, Any]:
    """The advice as the API writes it (``table.pending.advice``)."""
    return {
        "hand": advice.hand,
        "optimal": choice(advice.draws),
        "kind": "same" if advice.same else "pure",
        "per": "coup",
        "draw_probability": str(advice.draw_probability),
        "worth": {"draw": decimal(advice.worth_draw), "stand": decimal(advice.worth_stand)},
        "cost": {"draw": decimal(advice.cost(True)), "stand": decimal(advice.cost(False))},
        "exact": {"draw": str(advice.worth_draw), "stand": str(advice.worth_stand)},
        **shared.worded(lambda lg: sentence(advice, lg), lang),
    }


def judgement_json(
    advice: TableauAdvice, draws: bool, by_timeout: bool, lang: str = "en"
) -> dict[str, Any]:
    """Whether the choice ``draws`` was the optimal one, and what it cost per coup."""
    cost = advice.cost(draws)
    optimal = cost == 0

    def say(lg: Lang) -> str:
        params: dict[str, Any] = {
            "hand": text(lg, f"bserver.spot.{advice.hand}"),
            "choice": _word(lg, draws),
            "best": _word(lg, advice.draws),
        }
        if by_timeout and optimal:
            return text(lg, "badvice.judged.timeout", **params)
        if advice.same:
            return text(lg, "badvice.judged.same", **params)
        if optimal:
            return text(lg, "badvice.judged.optimal", **params)
        return text(lg, "badvice.judged.cost", cost=number(cost, lg), **params)

    return shared.judgement_json(optimal, advice.draws, decimal(cost), say, lang)


def pending_advice(commission: str, hand: str | None, lang: str = "en") -> dict[str, Any] | None:
    """``table.pending.advice`` for a stored round waiting on ``hand``."""
    advice = advice_for(commission, hand)
    return None if advice is None else advice_json(advice, lang)


def judged(
    commission: str, hand: str, draws: bool, computer: bool, by_timeout: bool, lang: str = "en"
) -> dict[str, Any] | None:
    """A recalled decision's ``judged``: the player's tableau choices only."""
    advice = None if computer else advice_for(commission, hand)
    return None if advice is None else judgement_json(advice, draws, by_timeout, lang)


# ---- the API's models (``banque_schemas`` names them) ---------------------------------


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BanqueChoiceFigures(PerChoice):
    """A figure for each choice: drawing and standing."""

    model_config = ConfigDict(extra="forbid")


class BanqueAdviceOut(_Out):
    """The advice at a tableau's 5: the optimal choice, each one's worth, the other's cost.

    Expectations per coup, a unit staked on the tableau, as decimal strings (``exact``: the
    worths as fractions).
    """

    hand: Literal["right", "left"]
    optimal: Literal["draw", "stand"]
    kind: Literal["pure", "same"]
    per: Literal["coup"]
    draw_probability: str
    worth: BanqueChoiceFigures
    cost: BanqueChoiceFigures
    exact: BanqueChoiceFigures
    message: str
    messages: dict[str, str]


class BanqueJudgedOut(Judged):
    """One of the player's choices judged: optimal or not, the advised choice, its cost."""

    model_config = ConfigDict(extra="forbid")
