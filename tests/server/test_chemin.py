"""Chemin de fer at the server: whole rounds each way, a choice answered and one timed out,
refusals that change nothing, idempotent retries, and the ledger after (SQLite and PostgreSQL).

The expected money is the core's, computed here from what each answer shows (the seats'
stakes and the outcome) by :func:`puntobanco.core.chemin.table.settle_round`, not read
back from the server's own arithmetic; the ledger is reconciled by the admin check and
the computer players' chips against the ``house_players`` account's entries.
"""

from __future__ import annotations

import copy
import functools
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puntobanco.analysis.chemin.walk import solve_chemin_float
from puntobanco.core.cards import parse_cards
from puntobanco.core.chemin.table import ChemTable, Wager, settle_round
from puntobanco.core.rules import RULE_CARD
from puntobanco.server.games import common as table_game
from puntobanco.server.games import service as table_service
from puntobanco.server.games.chemin import game as chemin_game
from puntobanco.server.games.chemin.schemas import ChemAnswerOut, ChemRoundPage, ChemTableOut
from puntobanco.server.games.chemin.verify import (
    verify_chemin_round,
    verify_chemin_rounds,
    verify_chemin_seed,
)
from puntobanco.server.models import utcnow
from tests.server.conftest import Player, ledger_check
from tests.server.table_helpers import house_players, new_key, post_keyed, read_answer, sit_at


def act(p: Player, action: str, amount: int | None = None, *, key: str | None = None,
        lang: str = "en") -> Any:  # fmt: skip
    body: dict[str, Any] = {"action": action}
    if amount is not None:
        body["amount_minor"] = amount
    return post_keyed(p, f"/api/chemin/act?lang={lang}", body, ChemAnswerOut, key)


def decide(p: Player, choice: str, *, key: str | None = None, lang: str = "en") -> Any:
    return post_keyed(
        p, f"/api/chemin/decision?lang={lang}", {"choice": choice}, ChemAnswerOut, key
    )


def state(p: Player) -> dict[str, Any]:
    table: dict[str, Any] = read_answer(p, "/api/chemin/table", ChemAnswerOut)["table"]
    return table


def sit(p: Player, **body: Any) -> dict[str, Any]:
    return sit_at(p, "/api/chemin/table", ChemTableOut, body)


def check_round_money(before: dict[str, Any], rnd: dict[str, Any], after: dict[str, Any]) -> None:
    """Every seat's balance moved by the core's settlement of the round's stakes and outcome."""
    seats = {s["seat"]: s for s in rnd["seats"]}
    balances = tuple(s["balance_minor"] for s in before["seats"])
    banker = rnd["bank"]["seat"]
    wagers = tuple(
        Wager(s["seat"], s["stake_minor"], banco=s["banco"])
        for s in sorted(rnd["seats"], key=lambda s: (s["seat"] - banker) % len(balances))
        if s["role"] == "punter"
    )
    table = ChemTable(balances=balances, banker=banker, bank_minor=rnd["bank"]["amount_minor"])
    expected = settle_round(table, wagers, rnd["outcome"])
    assert rnd["commission_minor"] == expected.commission_minor
    for seat, delta in enumerate(expected.deltas):
        if seat in seats:
            assert seats[seat]["delta_minor"] == delta
        assert after["seats"][seat]["balance_minor"] == balances[seat] + delta


def computers_total(table: dict[str, Any]) -> int:
    return sum(s["balance_minor"] for s in table["seats"] if s["computer"])


def test_a_round_with_the_player_banking(
    client: TestClient, alice: Player, database_url: str
) -> None:
    table = sit(alice, computers=3)
    assert table["turn"] == "bank" and table["allowed"] == ["bank", "pass"]
    assert table["seats"][0]["banker"] and not table["seats"][0]["computer"]
    assert house_players(database_url) == computers_total(table)
    response = act(alice, "bank", 2_000)
    assert response.status_code == 200, response.text
    body = response.json()
    rnd = body["round"]
    if rnd["status"] == "pending":  # the bank's free cell: answer it
        assert body["table"]["turn"] == "decision"
        body = decide(alice, "draw").json()
        rnd = body["round"]
    assert rnd["status"] == "settled" and rnd["variant"] == "chemin-de-fer"
    assert rnd["bank"] == {"seat": 0, "amount_minor": 2_000, "after": rnd["bank"]["after"]}
    assert {s["role"] for s in rnd["seats"]} == {"banker", "punter"}
    check_round_money(table, rnd, body["table"])
    assert alice.balance() == body["table"]["seats"][0]["balance_minor"]
    assert house_players(database_url) == computers_total(body["table"])
    page = client.get("/api/chemin/rounds", headers=alice.headers).json()
    ChemRoundPage.model_validate(page)
    assert page["rounds"][0] == rnd
    one = client.get(f"/api/chemin/rounds/{rnd['id']}", headers=alice.headers)
    assert one.status_code == 200 and one.json() == rnd
    other = Player(client, "bob")
    hidden = client.get(f"/api/chemin/rounds/{rnd['id']}?lang=es", headers=other.headers)
    assert hidden.status_code == 404 and "No tiene" in hidden.json()["error"]["message"]
    assert ledger_check(client)["ok"]


def _play_until(p: Player, wanted: str, *, rounds: int = 300) -> dict[str, Any]:
    """Pass the bank on and call banco until a round awaits the player's choice ``wanted``."""
    for _ in range(rounds):
        table = state(p)
        if table["turn"] == "decision":
            if table["pending"]["side"] == wanted:
                return table
            decide(p, "draw")
        elif table["turn"] in ("bank", "deal", "keep"):
            assert act(p, "pass").status_code == 200
        else:
            left = table["left_minor"]
            if left == 0:
                assert act(p, "sit_out").status_code == 200
            elif not table["bets_before"]:
                assert act(p, "banco").status_code == 200, table
            else:
                assert act(p, "bet", left).status_code == 200
    raise AssertionError(f"no {wanted} choice in {rounds} rounds")


def shown_codes(body: Any) -> list[str]:
    """Every card anywhere in an answer (a dict with a code and points), in document order."""
    if isinstance(body, dict):
        own = [body["code"]] if {"code", "points"} <= body.keys() else []
        return own + [c for v in body.values() for c in shown_codes(v)]
    if isinstance(body, list):
        return [c for v in body for c in shown_codes(v)]
    return []


def _deal_until(p: Player, wanted: str, *, rounds: int = 300) -> tuple[Any, Any]:
    """Punt (pass the bank on, banco or bet what is left) until an action deals a round that
    awaits the player's choice ``wanted``: that action's answer, and the same action again
    under the same key (a retry)."""
    for _ in range(rounds):
        table = state(p)
        if table["turn"] == "decision":
            decide(p, "draw")
            continue
        key, amount = new_key(), None
        if table["turn"] in ("bank", "deal", "keep"):
            action = "pass"
        elif table["left_minor"] == 0:
            action = "sit_out"
        elif not table["bets_before"]:
            action = "banco"
        else:
            action, amount = "bet", table["left_minor"]
        response = act(p, action, amount, key=key)
        assert response.status_code == 200, response.text
        pending = response.json()["table"]["pending"]
        if pending is not None and pending["side"] == wanted:
            return response, functools.partial(act, p, action, amount, key=key)
    raise AssertionError(f"no {wanted} choice in {rounds} rounds")


def test_the_bankers_cards_stay_face_down_while_the_punter_chooses(
    client: TestClient, alice: Player
) -> None:
    """No answer carries the Banker's two cards before the punter's choice is made: the
    table, the action's answer and its replay, the rounds recalled; all show after it."""
    sit(alice, computers=2)
    dealt, again = _deal_until(alice, "player")
    pending = dealt.json()["table"]["pending"]
    mine = [c["code"] for c in pending["cards"]]
    assert len(mine) == 2 and pending["total"] == sum(c["points"] for c in pending["cards"]) % 10
    assert pending["hands"] == {
        "player": {"cards": pending["cards"], "face_down": 0, "total": pending["total"]},
        "banker": {"cards": [], "face_down": 2, "total": None},
    }
    round_id = pending["round_id"]
    replayed = again()  # the same key: the same answer
    assert replayed.headers["Idempotent-Replayed"] == "true"
    table = client.get("/api/chemin/table", headers=alice.headers).json()
    recalled = client.get("/api/chemin/rounds", headers=alice.headers).json()["rounds"]
    one = client.get(f"/api/chemin/rounds/{round_id}", headers=alice.headers).json()
    # Every card of the waiting round, wherever it is: the player's two, once in the cards
    # dealt and once in his hand, never the Banker's.
    waiting = {
        "act": [dealt.json()["table"]["pending"], dealt.json()["round"]],
        "act replayed": [replayed.json()["table"]["pending"], replayed.json()["round"]],
        "table": [table["table"]["pending"]],
        "rounds": [r for r in recalled if r["id"] == round_id],
        "round": [one],
    }
    for where, parts in waiting.items():
        assert parts and all(part["hands"]["banker"]["face_down"] == 2 for part in parts), where
        for part in parts:
            assert sorted(shown_codes(part)) == sorted(mine * 2), where
    assert dealt.json()["round"]["status"] == one["status"] == "pending"
    settled = decide(alice, "stand").json()["round"]
    hands, codes = settled["hands"], [c["code"] for c in settled["cards"]]
    assert [c["code"] for c in hands["player"]["cards"]] == mine == codes[0:4:2]
    assert [c["code"] for c in hands["banker"]["cards"]] == codes[1:4:2] + codes[4:]
    assert hands["banker"]["face_down"] == 0
    assert hands["banker"]["total"] == sum(c["points"] for c in hands["banker"]["cards"]) % 10


def test_a_round_punting_with_the_players_choice_answered(
    client: TestClient, alice: Player, database_url: str
) -> None:
    sit(alice, computers=2)
    table = _play_until(alice, "player")
    pending = table["pending"]
    assert pending["total"] == 5 and pending["allowed"] == ["draw", "stand"]
    assert 0 < pending["seconds_left"] <= 30 and len(pending["cards"]) == 2
    # Stakes are out of every seat while the choice waits, and the ledger balances.
    assert ledger_check(client)["ok"]
    assert house_players(database_url) == computers_total(table)
    wallet = alice.balance()
    assert wallet == table["seats"][0]["balance_minor"]
    refused = act(alice, "pass")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "decision_pending"
    key = new_key()
    first = decide(alice, "stand", key=key)
    assert first.status_code == 200, first.text
    body = first.json()
    rnd = body["round"]
    assert rnd["status"] == "settled" and not body["timed_out"]
    mine = [{k: v for k, v in d.items() if k != "judged"} for d in rnd["decisions"]]
    mine = [d for d in mine if not d["computer"]]
    assert mine == [
        {"position": 1, "side": "player", "total": 5, "player_third": None, "choice": "stand",
         "seat": 0, "computer": False, "by_timeout": False}
    ]  # fmt: skip
    assert rnd["hand_seat"] == 0
    assert [c["code"] for c in rnd["cards"][0:4:2]] == [c["code"] for c in pending["cards"]]
    me = next(s for s in rnd["seats"] if s["seat"] == 0)
    assert alice.balance() == wallet + me["payout_minor"]
    # The same key again: the same answer, nothing played twice.
    again = decide(alice, "stand", key=key)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == body
    assert alice.balance() == wallet + me["payout_minor"]
    conflict = decide(alice, "draw", key=key)
    assert conflict.status_code == 409
    assert conflict.json()["error"]["code"] == "idempotency_conflict"
    assert house_players(database_url) == computers_total(body["table"])
    assert ledger_check(client)["ok"]


def test_a_choice_times_out_to_the_optimal_one(
    client: TestClient, alice: Player, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    sit(alice, computers=2, decision_seconds=5)
    _play_until(alice, "player")
    # The clock past the deadline (a real wait would let the sweeper play it first).
    later = utcnow() + timedelta(seconds=6)
    monkeypatch.setattr(chemin_game, "utcnow", lambda: later)
    monkeypatch.setattr(table_game, "utcnow", lambda: later)
    monkeypatch.setattr(table_service, "utcnow", lambda: later)
    response = client.get("/api/chemin/table?lang=es", headers=alice.headers)
    assert response.status_code == 200
    body = response.json()
    assert body["timed_out"] and body["round"]["status"] == "settled"
    assert "Se acabó el tiempo" in body["message"]
    assert "time to choose ran out" in body["messages"]["en"]
    mine = [d for d in body["round"]["decisions"] if not d["computer"]]
    # The optimal choice for the cards not seen in this shoe: the burn card shown and every
    # earlier round's cards taken from the full shoe (counted here from the recall).
    rnd = body["round"]
    shoe = rnd["fairness"]
    earlier = [
        r
        for r in client.get("/api/chemin/rounds?limit=100", headers=alice.headers).json()["rounds"]
        if r["fairness"]["nonce"] == shoe["nonce"] and r["id"] < rnd["id"]
    ]
    unseen = [16 * shoe["decks"]] + [4 * shoe["decks"]] * 9
    for card in [c for r in earlier for c in r["cards"]]:
        unseen[card["points"]] -= 1
    if shoe["burn_shown"]:
        unseen[parse_cards(shoe["burn_shown"])[0].points] -= 1
    best = float(solve_chemin_float(tuple(unseen), banker_rule=RULE_CARD).player_draw) >= 0.5
    assert [(d["by_timeout"], d["choice"]) for d in mine] == [(True, "draw" if best else "stand")]
    late = decide(alice, "stand")
    assert late.status_code == 409
    assert late.json()["error"]["code"] == "no_decision_pending"
    assert house_players(database_url) == computers_total(body["table"])
    assert ledger_check(client)["ok"]


def test_refusals_change_nothing_in_both_languages(client: TestClient, alice: Player) -> None:
    missing = client.get("/api/chemin/table", headers=alice.headers)
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "no_table"
    for game in ("chemin", "banque"):  # what a page asks first, so that it never meets that 404
        seated = client.get(f"/api/{game}/seated", headers=alice.headers)
        assert seated.status_code == 200 and seated.json() == {"seated": False}
    sit(alice, computers=3)
    assert client.get("/api/chemin/seated", headers=alice.headers).json() == {"seated": True}
    before, wallet = state(alice), alice.balance()
    checks = [
        (act(alice, "bet", 500), 409, "action_not_allowed"),
        (act(alice, "bank", 10**9, lang="es"), 422, "bank_out_of_range"),
        (act(alice, "bank"), 422, "amount_required"),
        (decide(alice, "draw"), 409, "no_decision_pending"),
    ]
    for response, status, code in checks:
        assert response.status_code == status, response.text
        error = response.json()["error"]
        assert error["code"] == code
        assert error["messages"]["en"] != error["messages"]["es"]
    assert "permitidas" in checks[0][0].json()["error"]["messages"]["es"]
    assert act(alice, "pass").status_code == 200  # now a computer banks: the player punts
    before = state(alice)
    assert before["turn"] == "bet"
    bank, left = before["bank"]["amount_minor"], before["left_minor"]
    over = act(alice, "bet", left + 1, lang="es")
    assert over.status_code == 422 and over.json()["error"]["code"] == "over_bank"
    assert state(alice) == before and alice.balance() == wallet
    for amount, code in ((0, "wager_not_positive"), (1.5, "int_type")):
        bad = act(alice, "bet", amount)  # type: ignore[arg-type]
        assert bad.status_code == 422
        assert code in (bad.json()["error"]["code"], bad.json()["error"]["params"].get("type"))
    assert state(alice) == before and alice.balance() == wallet and bank >= left
    assert ledger_check(client)["ok"]


def test_an_action_retried_with_its_key_is_done_once(client: TestClient, alice: Player) -> None:
    sit(alice, computers=3)
    key = new_key()
    first = act(alice, "bank", 1_500, key=key)
    assert first.status_code == 200, first.text
    wallet = alice.balance()
    again = act(alice, "bank", 1_500, key=key)
    assert again.status_code == 200 and again.json() == first.json()
    assert alice.balance() == wallet
    rounds = client.get("/api/chemin/rounds", headers=alice.headers).json()["rounds"]
    assert len(rounds) == 1
    assert act(alice, "pass", key=key).status_code == 409
    assert ledger_check(client)["ok"]


def test_verify_replays_the_rounds_decisions_and_payouts(client: TestClient, alice: Player) -> None:
    sit(alice, computers=3)
    table = _play_until(alice, "player")
    assert decide(alice, "draw").status_code == 200
    for _ in range(6):  # a few more rounds, some with computer decisions
        table = state(alice)
        if table["turn"] == "decision":
            decide(alice, "stand")
        elif table["turn"] != "bet":
            act(alice, "pass")
        elif table["left_minor"]:
            act(alice, "bet", min(500, table["left_minor"]))
        else:
            act(alice, "sit_out")
    while state(alice)["turn"] == "decision":  # the last move left a choice: every round settles
        assert decide(alice, "stand").status_code == 200
    rounds = client.get("/api/chemin/rounds?limit=100", headers=alice.headers).json()["rounds"]
    assert all(r["status"] == "settled" for r in rounds)
    revealed = client.post("/api/fairness/rotate", json={}, headers=alice.headers)
    assert revealed.status_code in (200, 201), revealed.text
    seed = bytes.fromhex(revealed.json()["revealed_server_seed"])
    checked, mismatches = verify_chemin_rounds(seed, rounds)
    assert checked == len(rounds) >= 2 and mismatches == []
    assert any(d["computer"] is False for r in rounds for d in r["decisions"])
    # A payout, a decision or a card that was not what the seed and the choices give is found.
    mine = next(r for r in rounds if any(not d["computer"] for d in r["decisions"]))
    paid = copy.deepcopy(mine)
    paid["seats"][0]["payout_minor"] += 1
    assert [m.field for m in verify_chemin_round(seed, paid)] == ["seat 0 payout_minor"]
    # A decision at a point the cards never reach is found. (A choice merely turned the
    # other way can be consistent with every recorded value: a stand on 5 whose next card
    # went to the Banker, turned into a draw after which the Banker stands, deals the same
    # cards to the same outcome; the export cannot tell those apart, so it is not asserted.)
    moved = copy.deepcopy(mine)
    for d in moved["decisions"]:
        if not d["computer"]:
            d["total"] = 4 if d["total"] != 4 else 3
    assert verify_chemin_round(seed, moved) != []
    assert verify_chemin_rounds(bytes(32), rounds) == (0, [])
    with client.app.state.sessions() as session, session.begin():  # type: ignore[attr-defined]
        assert verify_chemin_seed(session, seed) == (len(rounds), [])


def test_the_bankers_choice_in_a_free_cell(
    client: TestClient, alice: Player, database_url: str
) -> None:
    sit(alice, computers=3, banker_rule="free")
    for _ in range(100):
        table = state(alice)
        if table["turn"] == "decision" and table["pending"]["side"] == "banker":
            break
        if table["turn"] == "decision":
            decide(alice, "draw")
        elif table["turn"] == "bank":
            assert act(alice, "bank", 1_000).status_code == 200
        elif table["turn"] in ("deal", "keep"):
            assert act(alice, "deal" if table["turn"] == "deal" else "keep").status_code == 200
        elif table["left_minor"]:
            assert act(alice, "bet", min(300, table["left_minor"])).status_code == 200
        else:
            assert act(alice, "sit_out").status_code == 200
    else:
        raise AssertionError("no banker's choice in 100 rounds")
    pending = table["pending"]
    # The banker sees his own two cards and the Player's third, dealt face up; the Player's
    # two stay face down.
    assert table["bank"]["seat"] == 0 and len(pending["cards"]) in (2, 3)
    third = pending["player_third"]
    assert third == "stood" or (
        len(pending["cards"]) == 3 and third == pending["cards"][2]["points"]
    )
    assert pending["hands"]["banker"]["cards"] == pending["cards"][:2]
    assert pending["hands"]["banker"]["total"] == pending["total"]
    assert pending["hands"]["player"] == {
        "cards": pending["cards"][2:], "face_down": 2, "total": None
    }  # fmt: skip
    assert sorted(shown_codes(pending)) == sorted(c["code"] for c in pending["cards"] * 2)
    body = decide(alice, "stand").json()
    mine = [d for d in body["round"]["decisions"] if not d["computer"]]
    assert [(d["side"], d["total"], d["player_third"], d["choice"]) for d in mine] == [
        ("banker", pending["total"], third, "stand")
    ]
    assert len(body["round"]["cards"]) == len(pending["cards"]) + 2  # the Banker stood
    codes = [c["code"] for c in body["round"]["cards"]]
    assert codes[1:4:2] == [c["code"] for c in pending["cards"][:2]]
    assert [c["code"] for c in body["round"]["hands"]["player"]["cards"]] == (
        codes[0:4:2] + codes[4:]
    )
    # Before the round: each seat in it as recorded, the others as they stand (they sat out).
    recorded = {s["seat"]: s["balance_before_minor"] for s in body["round"]["seats"]}
    before = {
        "seats": [
            {"balance_minor": recorded.get(s["seat"], s["balance_minor"])}
            for s in body["table"]["seats"]
        ]
    }
    check_round_money(before, body["round"], body["table"])
    assert house_players(database_url) == computers_total(body["table"])
    assert ledger_check(client)["ok"]
