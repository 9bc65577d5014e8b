"""Baccarat Banque at the server: a hand-worked round, a choice answered each way and timed
out, refusals that change nothing, idempotent retries, the ledger after (SQLite and PostgreSQL).

The shoes are scripted with the test server seed (``bytes(range(32))``) and a client seed
chosen for its first coup; the cards below were read from the core's shoe
(``Shoe(Rules(decks=6), FairSource(seed, client_seed, 1))``, the burn first), and the play
and the money worked out by hand from the rules: the tableaux draw on 0-4 and stand on 6-7,
a natural settles at once against the Banker's two cards, the Banker stands on 7 under the
rule card; a bet à cheval pushes unless both tableaux win or both lose; the house takes 5% of
the bank's net on the round, rounded down.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puntobanco.server.games import common as table_game
from puntobanco.server.games import service as table_service
from puntobanco.server.games.banque import game as banque_game
from puntobanco.server.games.banque.schemas import (
    BanqueAnswerOut,
    BanqueRoundOut,
    BanqueRoundPage,
    BanqueTableOut,
)
from puntobanco.server.main import create_app
from puntobanco.server.models import BanqueRound, BanqueTableRow, utcnow
from tests.server.conftest import Player, ledger_check, make_settings
from tests.server.table_helpers import (
    house_players,
    new_key,
    post_keyed,
    read_answer,
    sit_at,
    status_after_waiting,
)

SEED = bytes(range(32))
#: Right A♣ Q♣ (1), left 2♦ 6♦ (8, a natural), Banker 7♠ Q♠ (7); the right draws 3♥ (4).
GOLDEN = "banque-216"
#: Right 8♣ 7♦ (5, a choice), left J♥ 6♠ (6), Banker 8♦ 9♣ (7); the next card is 4♣.
CHOICE = "banque-241"
#: Right 5♥ J♠ (5), left 10♥ 5♥ (5), Banker 9♦ 8♣ (7); the next card is 2♣.
BOTH = "banque-2348"


@pytest.fixture
def seeded(database_url: str) -> Iterator[TestClient]:
    """A client of an app whose every server seed is :data:`SEED`."""
    settings = make_settings(database_url, test_server_seed=SEED.hex(), allow_test_seed=True)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def codes(hand: dict[str, Any]) -> list[str]:
    return [c["code"] for c in hand["cards"]]


def sit(p: Player, client_seed: str | None = None, **body: Any) -> dict[str, Any]:
    if client_seed is not None:
        answer = p.client.post(
            "/api/fairness/client-seed", json={"client_seed": client_seed}, headers=p.headers
        )
        assert answer.status_code == 200, answer.text
    return sit_at(p, "/api/banque/table", BanqueTableOut, body)


def bet(p: Player, bets: dict[str, Any], *, key: str | None = None, lang: str = "en") -> Any:
    return post_keyed(p, f"/api/banque/bet?lang={lang}", {"bets": bets}, BanqueAnswerOut, key)


def decide(p: Player, choice: str, *, key: str | None = None, lang: str = "en") -> Any:
    return post_keyed(
        p, f"/api/banque/decision?lang={lang}", {"choice": choice}, BanqueAnswerOut, key
    )


def state(p: Player, lang: str = "en") -> dict[str, Any]:
    body: dict[str, Any] = BanqueAnswerOut.model_validate(
        read_answer(p, f"/api/banque/table?lang={lang}", BanqueAnswerOut)
    ).model_dump()
    return body


def rounds(p: Player) -> list[dict[str, Any]]:
    page = p.client.get("/api/banque/rounds?limit=100", headers=p.headers).json()
    BanqueRoundPage.model_validate(page)
    out: list[dict[str, Any]] = page["rounds"]
    return out


def test_a_hand_worked_round_with_a_push_a_cheval_and_the_commission_rounded_down(
    seeded: TestClient, database_url: str
) -> None:
    alice = Player(seeded, "alice")
    start = alice.balance()
    table = sit(alice, GOLDEN)
    # The house's bank: 100 table minimums of 1.00.
    assert table["bank"]["amount_minor"] == 10_000 and table["minimum_minor"] == 100
    assert table["commission"] == "1/20" and table["turn"] == "bet"
    assert house_players(database_url) == 10_000
    response = bet(alice, {"right": 1_015, "left": 500, "a-cheval": 700})
    assert response.status_code == 200, response.text
    body = response.json()
    rnd = body["round"]
    assert rnd["status"] == "settled" and rnd["held"] == ["right", "left"]
    assert codes(rnd["right"]) == ["Ac", "Qc", "3h"] and rnd["right"]["total"] == 4
    assert codes(rnd["left"]) == ["2d", "6d"] and rnd["left"]["total"] == 8
    assert codes(rnd["banker"]) == ["7s", "Qs"] and rnd["banker"]["total"] == 7
    assert [c["code"] for c in rnd["cards"]] == ["Ac", "2d", "7s", "Qc", "6d", "Qs", "3h"]
    # The right tableau (4) loses to 7, the left's natural wins: a cheval pushes.
    assert (rnd["right"]["outcome"], rnd["left"]["outcome"]) == ("banker", "player")
    assert rnd["decisions"] == []  # every draw and stand was forced
    assert rnd["bets"] == [
        {"spot": "right", "stake_minor": 1_015, "outcome": "lose", "net_minor": -1_015,
         "payout_minor": 0},
        {"spot": "left", "stake_minor": 500, "outcome": "win", "net_minor": 500,
         "payout_minor": 1_000},
        {"spot": "a-cheval", "stake_minor": 700, "outcome": "push", "net_minor": 0,
         "payout_minor": 700},
    ]  # fmt: skip
    # The bank wins 1015 - 500 = 515; 5% of it is 25.75: 25 taken, 3/4 rounded away.
    assert rnd["bank"] == {"before_minor": 10_000, "after_minor": 10_490, "net_minor": 515}
    assert rnd["commission_minor"] == 25 and rnd["rounded_away"] == "3/4"
    assert alice.balance() == start - 515
    table = state(alice)["table"]
    assert table["balance_minor"] == start - 515 and table["bank"]["amount_minor"] == 10_490
    assert house_players(database_url) == 10_490
    assert rounds(alice) == [rnd]
    one = seeded.get(f"/api/banque/rounds/{rnd['id']}", headers=alice.headers)
    assert one.status_code == 200 and BanqueRoundOut.model_validate(one.json())
    assert one.json() == rnd
    assert ledger_check(seeded)["ok"]


@pytest.mark.parametrize(
    ("choice", "right", "total", "outcome", "net"),
    [("draw", ["8c", "7d", "4c"], 9, "win", 1_000), ("stand", ["8c", "7d"], 5, "lose", -1_000)],
)
def test_a_choice_on_five_answered_each_way(
    seeded: TestClient,
    database_url: str,
    choice: str,
    right: list[str],
    total: int,
    outcome: str,
    net: int,
) -> None:
    alice = Player(seeded, "alice")
    start = alice.balance()
    sit(alice, CHOICE)
    body = bet(alice, {"right": 1_000}).json()
    assert body["round"]["status"] == "pending"
    pending = body["table"]["pending"]
    assert body["table"]["turn"] == "decision" and body["table"]["allowed"] == ["draw", "stand"]
    assert pending["hand"] == "right" and pending["total"] == 5 and pending["held"] == ["right"]
    # Only the cards of the tableau the player holds are shown while the choice waits.
    assert codes(pending["hands"]["right"]) == ["8c", "7d"]
    assert pending["hands"]["left"]["cards"] == pending["hands"]["banker"]["cards"] == []
    assert body["round"]["cards"] == [] and body["round"]["banker"]["cards"] == []
    assert 0 < pending["seconds_left"] <= 30
    # What is at stake on the hand waiting, for the page's spots (review M7), also on a read.
    assert pending["stakes"] == [{"spot": "right", "stake_minor": 1_000}]
    again = seeded.get("/api/banque/table", headers=alice.headers).json()["table"]["pending"]
    assert again["stakes"] == pending["stakes"]
    # The stakes are out (the player's and the bank's cover) and the ledger balances.
    assert alice.balance() == start - 1_000
    assert body["table"]["bank"]["at_stake_minor"] == 1_000
    assert house_players(database_url) == 9_000
    assert ledger_check(seeded)["ok"]
    refused = bet(alice, {"left": 100})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "decision_pending"
    answer = decide(alice, choice)
    assert answer.status_code == 200, answer.text
    rnd = answer.json()["round"]
    assert rnd["status"] == "settled" and not answer.json()["timed_out"]
    assert codes(rnd["right"]) == right and rnd["right"]["total"] == total
    assert codes(rnd["left"]) == ["Jh", "6s"] and codes(rnd["banker"]) == ["8d", "9c"]
    assert rnd["right"]["outcome"] == ("player" if outcome == "win" else "banker")
    assert [{k: v for k, v in d.items() if k != "judged"} for d in rnd["decisions"]] == [
        {"position": 1, "hand": "right", "total": 5, "left_column": None, "right_column": None,
         "choice": choice, "computer": False, "by_timeout": False}
    ]  # fmt: skip
    assert rnd["bets"][0]["outcome"] == outcome and rnd["bets"][0]["net_minor"] == net
    assert alice.balance() == start + net
    # The bank: 10000 less the player's net, and on a win of 1000 for the bank 5% = 50 off.
    commission = 50 if net < 0 else 0
    assert rnd["commission_minor"] == commission
    assert rnd["bank"]["after_minor"] == 10_000 - net - commission
    assert house_players(database_url) == 10_000 - net - commission
    assert ledger_check(seeded)["ok"]


def test_a_cheval_the_player_chooses_for_the_right_tableau_then_the_left(
    seeded: TestClient,
) -> None:
    alice = Player(seeded, "alice")
    start = alice.balance()
    sit(alice, BOTH)
    body = bet(alice, {"a-cheval": 1_000}).json()
    pending = body["table"]["pending"]
    assert (pending["hand"], pending["total"], pending["held"]) == ("right", 5, ["right", "left"])
    assert codes(pending["hands"]["right"]) == ["5h", "Js"]
    assert codes(pending["hands"]["left"]) == ["10h", "5h"]
    assert pending["hands"]["banker"]["cards"] == []
    # The right draws 2♣ (7); the round waits again, for the left tableau's choice.
    body = decide(alice, "draw").json()
    assert body["round"]["status"] == "pending"
    pending = body["table"]["pending"]
    assert (pending["hand"], pending["total"]) == ("left", 5)
    assert codes(pending["hands"]["right"]) == ["5h", "Js", "2c"]
    body = decide(alice, "stand").json()
    rnd = body["round"]
    assert rnd["status"] == "settled" and body["table"]["pending"] is None
    assert codes(rnd["right"]) == ["5h", "Js", "2c"] and codes(rnd["left"]) == ["10h", "5h"]
    assert codes(rnd["banker"]) == ["9d", "8c"]  # 7: he stands by the rule card
    # The right ties the Banker's 7, the left's 5 loses: a cheval pushes.
    assert (rnd["right"]["outcome"], rnd["left"]["outcome"]) == ("tie", "banker")
    assert [(d["hand"], d["choice"], d["computer"]) for d in rnd["decisions"]] == [
        ("right", "draw", False),
        ("left", "stand", False),
    ]
    assert rnd["bets"] == [
        {"spot": "a-cheval", "stake_minor": 1_000, "outcome": "push", "net_minor": 0,
         "payout_minor": 1_000}
    ]  # fmt: skip
    assert rnd["bank"] == {"before_minor": 10_000, "after_minor": 10_000, "net_minor": 0}
    assert rnd["commission_minor"] == 0 and alice.balance() == start
    assert ledger_check(seeded)["ok"]


def test_a_choice_past_its_deadline_is_played_optimally_when_the_table_is_read(
    seeded: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = Player(seeded, "alice")
    start = alice.balance()
    sit(alice, CHOICE, decision_seconds=5)
    assert bet(alice, {"right": 1_000}).json()["round"]["status"] == "pending"
    later = utcnow() + timedelta(seconds=6)
    monkeypatch.setattr(banque_game, "utcnow", lambda: later)
    monkeypatch.setattr(table_game, "utcnow", lambda: later)  # the deadline's clock
    monkeypatch.setattr(table_service, "utcnow", lambda: later)
    body = state(alice, "es")
    assert body["timed_out"] and body["round"]["status"] == "settled"
    assert "Se acabó el tiempo" in body["message"] and "(carta)" in body["message"]
    assert "(draw)" in body["messages"]["en"]
    # The optimal choice on 5 is the Chemin de fer equilibrium's likelier side: draw (9/11).
    assert [(d["choice"], d["by_timeout"]) for d in body["round"]["decisions"]] == [("draw", True)]
    assert codes(body["round"]["right"]) == ["8c", "7d", "4c"]
    assert alice.balance() == start + 1_000
    late = decide(alice, "stand")
    assert late.status_code == 409 and late.json()["error"]["code"] == "no_decision_pending"
    assert ledger_check(seeded)["ok"]


def test_the_sweeper_completes_rounds_past_their_deadline(seeded: TestClient) -> None:
    alice, bob = Player(seeded, "alice"), Player(seeded, "bob")
    for p in (alice, bob):
        sit(p, CHOICE, decision_seconds=60)
        assert bet(p, {"right": 1_000}).json()["round"]["status"] == "pending"
    sessions = seeded.app.state.sessions  # type: ignore[attr-defined]
    assert banque_game.sweep(sessions, utcnow()) == []
    upcoming = banque_game.next_deadline(sessions)
    assert upcoming is not None
    done = banque_game.sweep(sessions, utcnow() + timedelta(seconds=61))
    assert len(done) == 2
    assert banque_game.next_deadline(sessions) is None
    for p in (alice, bob):
        table = state(p)
        assert table["table"]["pending"] is None and not table["timed_out"]
        (rnd,) = rounds(p)
        assert rnd["status"] == "settled" and rnd["id"] in done and rnd["timed_out"]
    assert ledger_check(seeded)["ok"]


def test_a_bet_retried_with_its_key_is_placed_once(seeded: TestClient) -> None:
    alice = Player(seeded, "alice")
    sit(alice, GOLDEN)
    key = new_key()
    first = bet(alice, {"right": 1_015, "left": 500}, key=key)
    assert first.status_code == 200, first.text
    wallet = alice.balance()
    again = bet(alice, {"right": 1_015, "left": 500}, key=key)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json() and alice.balance() == wallet
    assert len(rounds(alice)) == 1
    other = bet(alice, {"right": 100}, key=key)
    assert other.status_code == 409 and other.json()["error"]["code"] == "idempotency_conflict"
    assert alice.balance() == wallet and len(rounds(alice)) == 1
    assert ledger_check(seeded)["ok"]


def test_an_answer_retried_with_its_key_is_played_once(seeded: TestClient) -> None:
    alice = Player(seeded, "alice")
    sit(alice, CHOICE)
    bet(alice, {"right": 1_000})
    key = new_key()
    first = decide(alice, "draw", key=key)
    assert first.status_code == 200, first.text
    again = decide(alice, "draw", key=key)
    assert again.status_code == 200 and again.json() == first.json()
    assert decide(alice, "stand", key=key).json()["error"]["code"] == "idempotency_conflict"


def test_refusals_change_nothing_in_both_languages(
    client: TestClient, alice: Player, database_url: str
) -> None:
    missing = client.get("/api/banque/table", headers=alice.headers)
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "no_table"
    sit(alice)
    before, wallet = state(alice), alice.balance()
    checks = [
        (bet(alice, {"right": 10_001}, lang="es"), 422, "over_bank"),
        (bet(alice, {"right": 6_000, "a-cheval": 4_001}), 422, "over_bank"),
        (bet(alice, {"middle": 1_000}), 422, "spot_unknown"),
        (bet(alice, {"left": 99}), 422, "stake_out_of_range"),
        (bet(alice, {"left": 1.5}), 422, "amount_not_integer"),
        (bet(alice, {"left": "1000"}), 422, "amount_not_integer"),
        (bet(alice, {}), 422, "no_bets"),
        (decide(alice, "draw"), 409, "no_decision_pending"),
    ]
    for response, status, code in checks:
        assert response.status_code == status, response.text
        error = response.json()["error"]
        assert error["code"] == code
        assert error["messages"]["en"] != error["messages"]["es"]
    over = checks[0][0].json()["error"]
    assert over["params"] == {"total_minor": 10_001, "bank_minor": 10_000}
    assert "100,00" in over["message"] and "cubre la banca" in over["message"]
    assert "100.00" in over["messages"]["en"]
    assert "tableau izquierdo" in checks[3][0].json()["error"]["messages"]["es"]
    assert state(alice) == before and alice.balance() == wallet
    assert rounds(alice) == [] and house_players(database_url) == 10_000
    assert ledger_check(client)["ok"]


def test_a_bet_over_the_balance_is_refused(database_url: str) -> None:
    # A table minimum of 20.00 opens a bank of 2000.00, more than a new wallet holds.
    settings = make_settings(database_url, minimum_minor=2_000, maximum_minor=50_000)
    with TestClient(create_app(settings)) as client:
        bob = Player(client, "bob")
        table = sit(bob)
        wallet = bob.balance()
        assert table["bank"]["amount_minor"] == 200_000 and wallet < 150_000
        stakes = {"right": 50_000, "left": 50_000, "a-cheval": 50_000}
        refused = bet(bob, stakes, lang="es")
        assert refused.status_code == 402, refused.text
        error = refused.json()["error"]
        assert error["code"] == "insufficient_funds"
        assert error["params"] == {"total_minor": 150_000, "balance_minor": wallet}
        assert bob.balance() == wallet and rounds(bob) == []


def test_the_ledger_after_a_few_rounds(
    client: TestClient, alice: Player, database_url: str
) -> None:
    sit(alice)
    start = alice.balance()
    nets = 0
    for i in range(12):
        table = state(alice)["table"]
        if table["turn"] == "decision":
            body = decide(alice, "draw" if i % 2 else "stand").json()
        else:
            spots = (["right"], ["left"], ["a-cheval"], ["right", "left"])[i % 4]
            body = bet(alice, dict.fromkeys(spots, 300)).json()
        rnd = body["round"]
        if rnd["status"] == "settled":
            nets += sum(b["net_minor"] for b in rnd["bets"])
            assert rnd["bank"]["after_minor"] == (
                rnd["bank"]["before_minor"] + rnd["bank"]["net_minor"] - rnd["commission_minor"]
            )
            assert rnd["bank"]["net_minor"] == -sum(b["net_minor"] for b in rnd["bets"])
    while state(alice)["table"]["turn"] == "decision":  # a cheval: perhaps two choices
        rnd = decide(alice, "stand").json()["round"]
        if rnd["status"] == "settled":
            nets += sum(b["net_minor"] for b in rnd["bets"])
    assert alice.balance() == start + nets
    assert house_players(database_url) == state(alice)["table"]["bank"]["amount_minor"]
    assert ledger_check(client)["ok"]


def test_an_unanswered_choice_is_played_at_its_deadline_with_no_request(seeded: TestClient) -> None:
    """The bet that stores a choice sets the sweeper to wake at its deadline (not hourly)."""
    alice = Player(seeded, "alice")
    sit(alice, CHOICE, decision_seconds=1)
    round_id = bet(alice, {"right": 1_000}).json()["round"]["id"]
    # At most 10 s; the deadline is 1 s away.
    assert status_after_waiting(seeded, BanqueRound, round_id, 10) == "settled"
    (rnd,) = rounds(alice)
    assert rnd["timed_out"] and all(d["by_timeout"] for d in rnd["decisions"] if not d["computer"])


#: A shoe that ran out of cards in its last round when the cut card left 14 behind it, as
#: in Punto Banco (11 of the 60 shoes of client seeds ``banque-end-N``, played as below).
SHOE_END = "banque-end-4"


def test_a_shoe_is_played_to_its_end_and_the_next_one_opens(seeded: TestClient) -> None:
    """Every round of the shoe is dealt, the last one ends it, and the next round opens a
    new shoe: the cut card leaves room for two rounds of nine cards."""
    alice = Player(seeded, "alice")
    sit(alice, SHOE_END)
    settled: list[dict[str, Any]] = []
    while not settled or settled[-1]["fairness"]["shoe_index"] == 0:
        table = state(alice)["table"]
        if table["turn"] == "decision":
            answer = decide(alice, "draw")
        else:
            answer = bet(alice, {"a-cheval": 500})
        assert answer.status_code == 200, answer.text
        if answer.json()["round"]["status"] == "settled":
            settled.append(answer.json()["round"])
        assert len(settled) < 80, "the shoe never ended"
    *first_shoe, next_shoe = settled
    assert [r["fairness"]["round_in_shoe"] for r in first_shoe] == list(
        range(1, len(first_shoe) + 1)
    )
    assert next_shoe["fairness"]["round_in_shoe"] == 1
    last = first_shoe[-1]
    assert last["fairness"]["first_card"] + len(last["cards"]) <= 6 * 52
    assert ledger_check(seeded)["ok"]


def test_a_shoe_left_with_too_few_cards_for_a_round_is_closed(seeded: TestClient) -> None:
    """A table left by a cut card 14 cards from the end with 5 cards in its shoe: the next
    round opens a new shoe instead of running out of cards."""
    alice = Player(seeded, "alice")
    sit(alice, GOLDEN)
    assert bet(alice, {"right": 500}).status_code == 200
    with seeded.app.state.sessions() as session, session.begin():  # type: ignore[attr-defined]
        row = session.get(BanqueTableRow, alice.id)
        assert row is not None and row.shoe_open
        row.shoe_position = 6 * 52 - 5
    answer = bet(alice, {"right": 500})
    assert answer.status_code == 200, answer.text
    fairness = answer.json()["round"]["fairness"]
    assert (fairness["shoe_index"], fairness["round_in_shoe"]) == (1, 1)
    assert ledger_check(seeded)["ok"]
