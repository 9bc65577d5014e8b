"""Chemin de fer's advice at the server, and the sweeper that plays unanswered choices
(SQLite and PostgreSQL).

The advice is checked against the terminal's explain mode (``cli/chemin/play.py``'s
``ChemPlay.advice``) on a solution computed here from the cards the recall shows (the
burn card shown and every earlier round of the shoe), not from the server's own shoe
replay. The sweeper is checked with no request from the player: a round whose deadline
is moved into the past is settled by a housekeeping pass, once, even with two passes
racing for it, and the ledger reconciles.
"""

from __future__ import annotations

import threading
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update

from puntobanco.analysis.chemin.walk import solve_chemin_float
from puntobanco.cli.chemin.play import ChemPlay
from puntobanco.core.cards import parse_cards
from puntobanco.core.choices import ChoicePoint
from puntobanco.core.i18n import text
from puntobanco.core.rules import BANKER_RULES
from puntobanco.core.tableau import PLAYER_STOOD
from puntobanco.server.games.chemin import game as chemin_game
from puntobanco.server.games.chemin.schemas import ChemAnswerOut, ChemRoundOut
from puntobanco.server.games.service import Done
from puntobanco.server.main import housekeeping_pass
from puntobanco.server.models import ChemRound, LedgerEntry, utcnow
from tests.server.conftest import Player, ledger_check
from tests.server.table_helpers import status_after_waiting
from tests.server.test_chemin import _play_until, act, decide, sit, state


def _unseen_before(
    client: TestClient, p: Player, fairness: dict[str, Any], round_id: int
) -> tuple[int, ...]:
    """The cards not seen in the round's shoe before it, from the recall of earlier rounds."""
    rounds = client.get("/api/chemin/rounds?limit=100", headers=p.headers).json()["rounds"]
    earlier = [
        r for r in rounds if r["fairness"]["nonce"] == fairness["nonce"] and r["id"] < round_id
    ]
    unseen = [16 * fairness["decks"]] + [4 * fairness["decks"]] * 9
    for card in [c for r in earlier for c in r["cards"]]:
        unseen[card["points"]] -= 1
    if fairness["burn_shown"]:
        unseen[parse_cards(fairness["burn_shown"])[0].points] -= 1
    return tuple(unseen)


def _terminal_advice(point: ChoicePoint, solution: Any, lang: str) -> tuple[bool, str]:
    """What the terminal's explain mode says at ``point``."""
    fake = SimpleNamespace(lang=lang)
    fake.t = lambda key, **params: text(lang, f"chemin.play.{key}", **params)  # type: ignore[arg-type]
    fake.number = lambda value, digits=4: ChemPlay.number(fake, value, digits)  # type: ignore[arg-type]
    best, sentence = ChemPlay.advice(fake, point, solution)  # type: ignore[arg-type]
    return bool(best), str(sentence)


def _point(pending: dict[str, Any]) -> ChoicePoint:
    third = pending["player_third"]
    if pending["side"] == "player":
        return ChoicePoint("player", pending["total"])
    return ChoicePoint("banker", pending["total"], PLAYER_STOOD if third == "stood" else third)


def _round_of(client: TestClient, p: Player, round_id: int, lang: str = "en") -> dict[str, Any]:
    response = client.get(f"/api/chemin/rounds/{round_id}?lang={lang}", headers=p.headers)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = ChemRoundOut.model_validate(response.json()).model_dump()
    return body


def _check_advice(client: TestClient, p: Player, pending: dict[str, Any], rule: str) -> Any:
    """The pending choice's advice is the terminal's, in both languages; returns the solution."""
    recall = _round_of(client, p, pending["round_id"])
    unseen = _unseen_before(client, p, recall["fairness"], pending["round_id"])
    solution = solve_chemin_float(unseen, banker_rule=BANKER_RULES[rule])
    advice = pending["advice"]
    for lang in ("en", "es"):
        best, sentence = _terminal_advice(_point(pending), solution, lang)
        assert advice["messages"][lang] == sentence
        assert advice["optimal"] == ("draw" if best else "stand")
    # The structured costs: the optimal choice costs nothing; in a pure case the other's
    # cost is the one the sentence says (to four places, rounded from the exact value).
    costs = advice["cost"]
    assert costs[advice["optimal"]] == "0.000000"
    other = "stand" if advice["optimal"] == "draw" else "draw"
    point = _point(pending)
    if advice["kind"] == "pure":
        if point.side == "player":  # the other pure choice's cost per time on 5
            stand, always = solution.deviations
            deviation = stand if advice["optimal"] == "draw" else always
            expected = deviation.against_equilibrium / solution.option
        else:  # the gain of the cell per time the Banker is in it
            cell = next(c for c in solution.banker if c.cell == (point.total, point.player_third))
            expected = abs(cell.draw_minus_stand / cell.reach)
        assert costs[other] == f"{expected:.6f}" and expected > 0
        # The sentence rounds the exact cost, not the six-place string (0.007850 can say 0.0079).
        assert f"{expected:.4f}" in advice["messages"]["en"]
    else:
        assert costs[other] == "0.000000"
    return solution


def test_the_players_choice_comes_with_the_terminals_advice_and_is_judged(
    client: TestClient, alice: Player
) -> None:
    sit(alice, computers=2)
    _play_until(alice, "player")
    response = client.get("/api/chemin/table?lang=es", headers=alice.headers)
    ChemAnswerOut.model_validate(response.json())
    pending = response.json()["table"]["pending"]
    advice = pending["advice"]
    assert advice["message"] == advice["messages"]["es"] != advice["messages"]["en"]
    assert 0 <= float(advice["draw_probability"]) <= 1
    _check_advice(client, alice, pending, "rule-card")
    # The same advice on the next poll (cached).
    assert state(alice)["pending"]["advice"]["messages"] == advice["messages"]
    # The other choice than the advised one: the recall judges it.
    choice = "stand" if advice["optimal"] == "draw" else "draw"
    body = decide(alice, choice, lang="es").json()
    mine = [d for d in body["round"]["decisions"] if not d["computer"]]
    assert len(mine) == 1
    judged = mine[0]["judged"]
    assert judged["advised"] == advice["optimal"]
    assert judged["cost"] == advice["cost"][choice]
    assert judged["optimal"] is (advice["kind"] != "pure")
    assert judged["message"] == judged["messages"]["es"]
    recalled = _round_of(client, alice, pending["round_id"], "en")
    assert recalled["decisions"] == [
        {**d, "judged": {**d["judged"], "message": d["judged"]["messages"]["en"]}}
        if d["judged"]
        else d
        for d in body["round"]["decisions"]
    ]
    assert all(d["judged"] is None for d in recalled["decisions"] if d["computer"])
    assert ledger_check(client)["ok"]


def test_the_action_that_makes_a_choice_pending_answers_with_its_advice(
    client: TestClient, alice: Player
) -> None:
    sit(alice, computers=2)
    for _ in range(300):
        table = state(alice)
        if table["turn"] in ("bank", "deal", "keep"):
            answer = act(alice, "pass")
        elif table["left_minor"] == 0:
            answer = act(alice, "sit_out")
        elif not table["bets_before"]:
            answer = act(alice, "banco", lang="es")
        else:
            answer = act(alice, "bet", table["left_minor"], lang="es")
        assert answer.status_code == 200, answer.text
        pending = answer.json()["table"]["pending"]
        if pending is not None:
            break
    else:
        raise AssertionError("no choice in 300 rounds")
    assert pending["advice"]["message"] == pending["advice"]["messages"]["es"]
    assert state(alice)["pending"]["advice"] == {
        **pending["advice"],
        "message": pending["advice"]["messages"]["en"],
    }
    _check_advice(client, alice, pending, "rule-card")


def test_the_bankers_free_cell_comes_with_the_terminals_advice(
    client: TestClient, alice: Player
) -> None:
    sit(alice, computers=3, banker_rule="free")
    for _ in range(100):
        table = state(alice)
        if table["turn"] == "decision" and table["pending"]["side"] == "banker":
            break
        if table["turn"] == "decision":
            decide(alice, table["pending"]["advice"]["optimal"])
        elif table["turn"] == "bank":
            assert chemin_act(alice, "bank", 1_000)
        elif table["turn"] in ("deal", "keep"):
            assert chemin_act(alice, table["turn"])
        elif table["left_minor"]:
            assert chemin_act(alice, "bet", min(300, table["left_minor"]))
        else:
            assert chemin_act(alice, "sit_out")
    else:
        raise AssertionError("no banker's choice in 100 rounds")
    pending = table["pending"]
    _check_advice(client, alice, pending, "free")
    body = decide(alice, pending["advice"]["optimal"]).json()
    mine = [d for d in body["round"]["decisions"] if not d["computer"]]
    assert mine[-1]["side"] == "banker" and mine[-1]["judged"]["optimal"] is True
    assert mine[-1]["judged"]["cost"] == "0.000000"


def chemin_act(p: Player, action: str, amount: int | None = None) -> bool:
    return bool(act(p, action, amount).status_code == 200)


def _pending_round(client: TestClient, p: Player) -> int:
    sit(p, computers=2)
    table = _play_until(p, "player")
    round_id: int = table["pending"]["round_id"]
    return round_id


def _past_deadline(client: TestClient, round_id: int) -> None:
    """Move the round's deadline into the past (no clock is waited for)."""
    sessions = client.app.state.sessions  # type: ignore[attr-defined]
    with sessions.begin() as session:
        session.execute(
            update(ChemRound)
            .where(ChemRound.id == round_id)
            .values(decision_deadline=utcnow() - timedelta(seconds=5))
        )


def _settle_entries(client: TestClient, round_id: int) -> int:
    """The ledger entries of the round's settlement."""
    sessions = client.app.state.sessions  # type: ignore[attr-defined]
    with sessions.begin() as session:
        count = session.execute(
            select(func.count(LedgerEntry.id)).where(
                LedgerEntry.journal == f"chemin:{round_id}:settle"
            )
        ).scalar_one()
    return int(count)


def _expected_entries(rnd: dict[str, Any]) -> int:
    """A settlement's entries, each with its other side: a seat's payout, the commission."""
    paid = sum(1 for s in rnd["seats"] if s["payout_minor"] or (
        s["role"] == "banker" and rnd["commission_minor"]))  # fmt: skip
    return 2 * paid + (2 if rnd["commission_minor"] else 0)


def test_a_housekeeping_pass_plays_an_unanswered_choice(client: TestClient, alice: Player) -> None:
    round_id = _pending_round(client, alice)
    settings = client.app.state.settings  # type: ignore[attr-defined]
    sessions = client.app.state.sessions  # type: ignore[attr-defined]
    wallet = alice.balance()
    housekeeping_pass(sessions, settings)  # the deadline is not past: nothing happens
    assert _round_of(client, alice, round_id)["status"] == "pending"
    _past_deadline(client, round_id)
    housekeeping_pass(sessions, settings)  # no request from the player
    rnd = _round_of(client, alice, round_id)
    assert rnd["status"] == "settled" and rnd["timed_out"]
    mine = [d for d in rnd["decisions"] if not d["computer"]]
    assert [d["by_timeout"] for d in mine] == [True]
    assert mine[0]["judged"]["optimal"] is True  # the optimal choice was played
    me = next(s for s in rnd["seats"] if s["seat"] == 0)
    assert alice.balance() == wallet + me["payout_minor"]
    # The player's next read finds the round settled: nothing is played twice.
    body = client.get("/api/chemin/table", headers=alice.headers).json()
    assert body["timed_out"] is False and body["table"]["pending"] is None
    assert chemin_game.sweep(sessions) == []
    assert _settle_entries(client, round_id) == _expected_entries(rnd)
    assert ledger_check(client)["ok"]


def test_two_sweeps_racing_settle_a_round_once(
    client: TestClient, alice: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    round_id = _pending_round(client, alice)
    _past_deadline(client, round_id)
    wallet = alice.balance()
    sessions = client.app.state.sessions  # type: ignore[attr-defined]
    real_expire = chemin_game.SERVICE.expire
    barrier = threading.Barrier(2, timeout=30)

    def expire_together(session: Any, user_id: int, now: Any = None) -> Done:
        barrier.wait()  # both sweeps have found the round due before either completes it
        return real_expire(session, user_id, now)

    monkeypatch.setattr(chemin_game.SERVICE, "expire", expire_together)
    results: list[list[int]] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            results.append(chemin_game.sweep(sessions))
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert errors == []
    assert sorted(results) == [[], [round_id]]
    rnd = _round_of(client, alice, round_id)
    assert rnd["status"] == "settled"
    assert _settle_entries(client, round_id) == _expected_entries(rnd)
    me = next(s for s in rnd["seats"] if s["seat"] == 0)
    assert alice.balance() == wallet + me["payout_minor"]  # paid once
    assert len([d for d in rnd["decisions"] if not d["computer"]]) == 1
    assert ledger_check(client)["ok"]


def test_a_sweep_leaves_choices_still_in_time(client: TestClient, alice: Player) -> None:
    round_id = _pending_round(client, alice)
    sessions = client.app.state.sessions  # type: ignore[attr-defined]
    assert chemin_game.sweep(sessions) == []
    # An hour later (the table's 30 seconds long past) it is played.
    assert chemin_game.sweep(sessions, utcnow() + timedelta(hours=1)) == [round_id]
    assert state(alice)["pending"] is None
    assert ledger_check(client)["ok"]


def test_a_server_starting_plays_the_choices_left_past_their_deadline(
    client: TestClient, alice: Player, settings: Any
) -> None:
    from puntobanco.server.main import create_app

    round_id = _pending_round(client, alice)
    _past_deadline(client, round_id)
    with TestClient(create_app(settings)):  # its start-up sweeps; nobody asks
        pass
    rnd = _round_of(client, alice, round_id)
    assert rnd["status"] == "settled" and rnd["timed_out"]
    assert _settle_entries(client, round_id) == _expected_entries(rnd)
    assert ledger_check(client)["ok"]


def test_a_choice_is_played_at_its_deadline_with_no_request_and_no_pass(
    client: TestClient, alice: Player
) -> None:
    """The answer that stores a choice sets the sweeper to wake at its deadline.

    The housekeeping pass is hourly (the test settings' default): only the deadline's
    wake can settle the round within the seconds waited here.
    """
    sit(alice, computers=2, decision_seconds=1)
    round_id = _play_until(alice, "player")["pending"]["round_id"]
    wallet = alice.balance()
    # At most 10 s; the deadline is 1 s away.
    assert status_after_waiting(client, ChemRound, round_id, 10) == "settled"
    rnd = _round_of(client, alice, round_id)
    assert [d["by_timeout"] for d in rnd["decisions"] if not d["computer"]] == [True]
    me = next(s for s in rnd["seats"] if s["seat"] == 0)
    assert alice.balance() == wallet + me["payout_minor"]
    assert ledger_check(client)["ok"]
