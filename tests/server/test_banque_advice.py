"""The advice at a Banque tableau's 5 and the judgement of the player's choices (SQLite, PG).

The oracle for the figures is the analysis itself, read here afresh: the Banker's best reply
under the rule card (``solve_banque``), then ``evaluate_banque`` with the tableau forced to
always draw, and to always stand, the other tableau keeping its 9/11. The sentence is the
terminal's: ``cli/banque/play.py``'s ``explain_tableau`` printed to a console here. The cost
is checked by hand as the difference of the two worths, and the six-place decimals by
``decimal.Decimal``'s own rounding of the exact fractions.

The shoes are the ones of ``test_banque_game.py``: ``banque-241`` deals the right tableau
8♣ 7♦ (5, a choice; drawing gives 4♣), ``banque-2348`` a 5 on both tableaux.
"""

from __future__ import annotations

import functools
import io
from datetime import timedelta
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from rich.console import Console

from puntobanco.analysis.banque.solver import BanqueSolution, evaluate_banque, solve_banque
from puntobanco.core.banque.coup import BANQUE_RULE_CARD, LEFT, RIGHT, BanquePoint, BanqueStrategy
from puntobanco.core.i18n import text
from puntobanco.server.games import common as table_game
from puntobanco.server.games import service as table_service
from puntobanco.server.games.banque import game as banque_game
from puntobanco.server.games.banque.advice import (
    advice_json,
    decimal,
    judgement_json,
    sentence,
    tableau_advice,
)
from puntobanco.server.models import utcnow
from tests.server.conftest import Player
from tests.server.test_banque_game import BOTH, CHOICE, bet, decide, rounds, seeded, sit, state

__all__ = ["seeded"]  # the fixture, imported to be used here

COMMISSION = Fraction(1, 20)


@functools.cache
def _solution() -> BanqueSolution:
    return solve_banque(BANQUE_RULE_CARD, commission=COMMISSION)


def _oracle(hand: str) -> tuple[Fraction, Fraction, Fraction]:
    """(p, worth if it always draws, worth if it always stands), straight from the analysis."""
    best = _solution()
    replies = {c.cell: int(c.draws) for c in best.cells}
    other = LEFT if hand == RIGHT else RIGHT
    worth = []
    for draw in (1, 0):
        play = BanqueStrategy.make(
            BANQUE_RULE_CARD,
            banker_draw=replies,
            **{f"{hand}_draw": Fraction(draw), f"{other}_draw": Fraction(9, 11)},
        )
        figures = evaluate_banque(play, commission=COMMISSION)
        side = figures.right if hand == RIGHT else figures.left
        worth.append(side.lose - side.win)  # the tableau's expectation, a unit staked
    return best.right_draw, worth[0], worth[1]


@pytest.fixture(scope="module")
def oracle() -> dict[str, tuple[Fraction, Fraction, Fraction]]:
    return {hand: _oracle(hand) for hand in (RIGHT, LEFT)}


def _six(value: Fraction) -> str:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal("0.000001"), rounding=ROUND_HALF_EVEN))


def _terminal(hand: str, lang: str) -> str:
    """What the terminal's explain mode prints at this tableau's 5."""
    from puntobanco.cli.banque.play import BanquePlay

    out = io.StringIO()
    console = Console(file=out, width=1000, highlight=False)
    game: Any = SimpleNamespace(
        config=SimpleNamespace(lang=lang, explain=True),
        solution=_solution(),
    )
    BanquePlay(game, console, lambda _: "").explain_tableau(BanquePoint(hand, 5))
    return out.getvalue().strip()


@pytest.mark.parametrize("hand", [RIGHT, LEFT])
def test_the_figures_are_the_analysis_and_the_cost_is_their_difference(
    hand: str, oracle: dict[str, tuple[Fraction, Fraction, Fraction]]
) -> None:
    p, draw, stand = oracle[hand]
    advice = tableau_advice(COMMISSION, hand)
    assert advice.draw_probability == p == Fraction(9, 11)
    assert (advice.worth_draw, advice.worth_stand) == (draw, stand)
    # Drawing is the better pure choice (as the equilibrium's likelier side) and standing
    # costs the difference; the optimal choice costs nothing.
    assert draw > stand and advice.draws
    assert advice.cost(False) == abs(draw - stand) == draw - stand > 0
    assert advice.cost(True) == 0
    # It is what a choice past its deadline plays.
    assert banque_game.optimal(COMMISSION, hand) is True
    body = advice_json(advice, "es")
    assert body["optimal"] == "draw" and body["kind"] == "pure" and body["hand"] == hand
    assert body["draw_probability"] == "9/11"
    assert body["worth"] == {"draw": _six(draw), "stand": _six(stand)}
    assert body["cost"] == {"draw": "0.000000", "stand": _six(draw - stand)}
    assert body["exact"] == {"draw": str(draw), "stand": str(stand)}
    assert body["message"] == body["messages"]["es"]


@pytest.mark.parametrize(("hand", "lang"), [(RIGHT, "en"), (LEFT, "es")])
def test_the_sentence_is_the_terminals_then_the_verdict(
    hand: str, lang: str, oracle: dict[str, tuple[Fraction, Fraction, Fraction]]
) -> None:
    _, draw, stand = oracle[hand]
    cost = _six(draw - stand)
    said = sentence(tableau_advice(COMMISSION, hand), lang)  # type: ignore[arg-type]
    verdict = text(
        lang,  # type: ignore[arg-type]
        "badvice.verdict",
        best=text(lang, "banque.play.word_draw"),  # type: ignore[arg-type]
        other=text(lang, "banque.play.word_stand"),  # type: ignore[arg-type]
        cost=cost.replace(".", ",") if lang == "es" else cost,
    )
    assert said == f"{_terminal(hand, lang)} {verdict}"
    assert ("0,8182" if lang == "es" else "0.8182") in said and "9/11" in said


def test_decimals_round_exactly() -> None:
    assert decimal(Fraction(1, 3)) == "0.333333"
    assert decimal(Fraction(-2, 3)) == "-0.666667"
    assert decimal(Fraction(15, 10**7)) == "0.000002"  # half to even: 1.5 -> 2
    assert decimal(Fraction(25, 10**7)) == "0.000002"  # 2.5 -> 2
    assert decimal(Fraction(-1, 10**7)) == "0.000000"  # no "-0"
    assert decimal(Fraction(7)) == "7.000000"


def test_the_judgement_of_each_choice_in_both_languages() -> None:
    advice = tableau_advice(COMMISSION, LEFT)
    good = judgement_json(advice, True, False, "en")
    assert good["optimal"] and good["advised"] == "draw" and good["cost"] == "0.000000"
    assert good["messages"] == {
        "en": "With the left tableau on 5 you chose to draw: the optimal choice.",
        "es": "Con el tableau izquierdo en 5 eligió pedir carta: la elección óptima.",
    }
    bad = judgement_json(advice, False, False, "es")
    cost = advice.worth_draw - advice.worth_stand
    assert not bad["optimal"] and bad["cost"] == _six(cost)
    assert (
        bad["message"]
        == bad["messages"]["es"]
        == (
            f"Con el tableau izquierdo en 5 eligió plantarse; pedir carta era mejor por "
            f"{_six(cost).replace('.', ',')} por mano."
        )
    )
    late = judgement_json(advice, True, True, "en")
    assert late["optimal"] and "time ran out" in late["message"]


def test_a_pending_choice_comes_with_its_advice_and_the_recall_judges_it(
    seeded: TestClient,
) -> None:
    alice = Player(seeded, "alice")
    sit(alice, CHOICE)
    pending = bet(alice, {"right": 1_000}).json()["table"]["pending"]
    advice = pending["advice"]
    expected = tableau_advice(COMMISSION, RIGHT)
    assert advice["hand"] == "right" and advice["optimal"] == "draw"
    assert advice["cost"]["stand"] == _six(expected.worth_draw - expected.worth_stand)
    assert advice["messages"]["es"] == sentence(expected, "es")
    assert advice["messages"]["en"] == sentence(expected, "en")
    # The table read again shows the same advice, its sentence in the language asked for.
    again = state(alice, "es")["table"]["pending"]["advice"]
    assert again["message"] == advice["messages"]["es"] != advice["message"]
    assert {**again, "message": advice["message"]} == advice
    # Standing: not the optimal choice; it costs what the advice said.
    rnd = decide(alice, "stand").json()["round"]
    (mine,) = [d for d in rnd["decisions"] if not d["computer"]]
    judged = mine["judged"]
    assert judged["optimal"] is False and judged["advised"] == "draw"
    assert judged["cost"] == advice["cost"]["stand"]
    assert judged["messages"]["en"].startswith("With the right tableau on 5 you chose to stand;")
    assert judged["messages"]["es"].startswith("Con el tableau derecho en 5 eligió plantarse;")
    assert rounds(alice)[0]["decisions"][0]["judged"] == judged
    recalled = seeded.get(f"/api/banque/rounds/{rnd['id']}?lang=es", headers=alice.headers).json()
    assert recalled["decisions"][0]["judged"]["message"] == judged["messages"]["es"]
    # The next round's table has no choice waiting, so no advice.
    assert state(alice)["table"]["pending"] is None


def test_a_timeouts_optimal_choice_is_judged_optimal(
    seeded: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = Player(seeded, "alice")
    sit(alice, CHOICE, decision_seconds=5)
    bet(alice, {"right": 1_000})
    later = utcnow() + timedelta(seconds=6)
    monkeypatch.setattr(banque_game, "utcnow", lambda: later)
    monkeypatch.setattr(table_game, "utcnow", lambda: later)  # the deadline's clock
    monkeypatch.setattr(table_service, "utcnow", lambda: later)
    body = state(alice, "es")
    (mine,) = [d for d in body["round"]["decisions"] if not d["computer"]]
    assert mine["by_timeout"] and mine["choice"] == "draw"
    assert mine["judged"]["optimal"] is True and mine["judged"]["cost"] == "0.000000"
    assert mine["judged"]["messages"]["es"] == (
        "Con el tableau derecho en 5 se acabó el tiempo y se jugó por usted la elección óptima: "
        "pedir carta."
    )


def test_a_cheval_both_choices_are_advised_and_judged(seeded: TestClient) -> None:
    alice = Player(seeded, "alice")
    sit(alice, BOTH)
    first = bet(alice, {"a-cheval": 1_000}).json()["table"]["pending"]
    assert first["advice"]["hand"] == "right"
    second = decide(alice, "draw").json()["table"]["pending"]
    assert second["advice"]["hand"] == "left" and second["advice"]["optimal"] == "draw"
    rnd = decide(alice, "stand").json()["round"]
    judged = [(d["hand"], d["judged"]["optimal"]) for d in rnd["decisions"] if not d["computer"]]
    assert judged == [("right", True), ("left", False)]
    # The Banker's choices (the house's) are not judged.
    assert all(d["judged"] is None for d in rnd["decisions"] if d["computer"])
