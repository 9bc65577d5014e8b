from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puntobanco.core.cards import Card
from puntobanco.core.fairness import FairSource
from puntobanco.core.rules import PRESETS, Rules
from puntobanco.core.shoe import Shoe
from puntobanco.server.settings import Settings
from tests.server.conftest import Player, ledger_check

CARD_KEYS = {"code", "rank", "suit", "points", "text"}
ROUND_KEYS = {
    "id", "created_at", "status", "preset", "bets", "cards", "player_cards", "banker_cards",
    "player_total", "banker_total", "outcome", "natural", "player_pair", "banker_pair",
    "events", "settlement", "net_minor", "balance_minor", "shoe", "fairness",
}  # fmt: skip


def points(card: dict[str, Any]) -> int:
    """Point value from the rank symbol alone (independent of the core's Card)."""
    rank = card["rank"]
    return 1 if rank == "A" else int(rank) % 10 if rank.isdigit() else 0


def expected_payout(bet: str, stake: int, round_: dict[str, Any]) -> int:
    """What a bet pays back (stake included), from the seeds' payouts written out by hand."""
    outcome = round_["outcome"]
    if bet == "player":
        return 2 * stake if outcome == "player" else stake if outcome == "tie" else 0
    if bet == "banker":
        # 1 to 1 less 5%: winnings 19/20 of the stake, rounded down to the cent.
        return (
            stake + (19 * stake) // 20 if outcome == "banker" else stake if outcome == "tie" else 0
        )
    assert bet == "tie"
    return 9 * stake if outcome == "tie" else 0


def test_a_round_follows_the_contract_and_settles_exactly(
    client: TestClient, alice: Player, settings: Settings
) -> None:
    response = alice.bet({"banker": 1050, "player": 100, "tie": 100})
    assert response.status_code == 201, response.text
    r = response.json()
    assert set(r) == ROUND_KEYS
    assert r["status"] == "settled" and r["preset"] == "online"
    assert all(set(card) == CARD_KEYS for card in r["cards"])
    codes = [c["code"] for c in r["cards"]]
    # Dealt Player, Banker, Player, Banker, then the third cards.
    assert [c["code"] for c in r["player_cards"][:2]] == codes[0:4:2]
    assert [c["code"] for c in r["banker_cards"][:2]] == codes[1:4:2]
    assert len(codes) == len(r["player_cards"]) + len(r["banker_cards"])
    # Totals from the cards, independently of the engine.
    assert r["player_total"] == sum(points(c) for c in r["player_cards"]) % 10
    assert r["banker_total"] == sum(points(c) for c in r["banker_cards"]) % 10
    winner = (
        "player" if r["player_total"] > r["banker_total"]
        else "banker" if r["banker_total"] > r["player_total"] else "tie"
    )  # fmt: skip
    assert r["outcome"] == winner
    assert r["events"][-1]["kind"] == "result" and r["events"][-1]["text"].startswith("Player ")
    staked = {b["bet"]: b["stake_minor"] for b in r["bets"]}
    assert staked == {"banker": 1050, "player": 100, "tie": 100}
    paid = 0
    for s in r["settlement"]:
        want = expected_payout(s["bet"], s["stake_minor"], r)
        assert s["payout_minor"] == want, s
        assert s["net_minor"] == want - s["stake_minor"]
        paid += want
        if s["bet"] == "banker" and r["outcome"] == "banker":
            assert Fraction(s["commission"]) == Fraction(1050, 20)  # 52.5 cents
            assert Fraction(s["rounded_away"]) == Fraction(1, 2)  # 997.5 paid as 997
    assert r["net_minor"] == paid - 1250
    assert r["balance_minor"] == settings.grant_minor + r["net_minor"] == alice.balance()
    assert r["shoe"]["burn"] is None and r["shoe"]["decks"] == 6
    assert ledger_check(client)["ok"] is True


def test_events_are_in_the_request_language(alice: Player) -> None:
    es = alice.bet({"player": 100}, lang="es").json()
    assert es["events"][0]["text"].startswith("Jugador recibe")
    assert es["events"][-1]["text"].startswith("Jugador ")


def test_a_retry_with_the_same_key_returns_the_same_round_and_charges_once(
    client: TestClient, alice: Player, settings: Settings
) -> None:
    first = alice.bet({"player": 500}, key="same-key")
    again = alice.bet({"player": 500}, key="same-key")
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert alice.balance() == settings.grant_minor + first.json()["net_minor"]
    assert len(alice.rounds()) == 1
    conflict = alice.bet({"player": 600}, key="same-key")
    assert conflict.status_code == 409
    assert conflict.json()["error"]["code"] == "idempotency_conflict"
    assert alice.balance() == settings.grant_minor + first.json()["net_minor"]


BAD_BETS: list[tuple[Any, int, str]] = [
    ({"dragon": 100}, 422, "unknown_bet"),
    ({"player": -100}, 422, "negative"),
    ({"player": 0}, 422, "not_positive"),
    ({"player": 1.5}, 422, "stake_not_integer"),
    ({"player": 100.0}, 422, "stake_not_integer"),
    ({"player": "100"}, 422, "stake_not_integer"),
    ({"player": True}, 422, "stake_not_integer"),
    ({"player": None}, 422, "stake_not_integer"),
    ({}, 422, "no_bets"),
    ({"player": 99}, 422, "below_minimum"),
    ({"player": 50_001}, 422, "above_maximum"),
    ({"tie": 10_001}, 422, "above_maximum"),
    ({"player_pair": 100}, 422, "not_offered"),
    ({"player": 50_000, "banker": 50_000, "tie": 10_000}, 402, "insufficient_funds"),
]


@pytest.mark.parametrize(("bets", "status", "code"), BAD_BETS)
def test_bad_bets_are_refused_and_change_nothing(
    client: TestClient, settings: Settings, bets: Any, status: int, code: str
) -> None:
    player = Player(client, "erin")
    response = player.bet(bets, lang="es")
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code
    assert error["message"] and error["message"][0].isupper()
    assert player.balance() == settings.grant_minor
    assert player.rounds() == []
    assert ledger_check(client)["ok"] is True


def test_messages_name_the_allowed_range(alice: Player) -> None:
    en = alice.bet({"banker": 60_000}).json()["error"]["message"]
    es = alice.bet({"banker": 60_000}, lang="es").json()["error"]["message"]
    assert "500.00" in en and "1.00" in en and "maximum" in en
    assert "500,00" in es and "máximo" in es


def test_over_the_balance_is_refused(client: TestClient, alice: Player) -> None:
    # Spend the grant down below one maximum bet, then bet more than is left.
    balance = alice.balance()
    response = alice.bet({"player": 50_000, "banker": 50_000, "tie": 10_000})
    assert response.status_code == 402
    params = response.json()["error"]["params"]
    assert params == {"total": 110_000, "balance": balance}


def test_malformed_requests(client: TestClient, alice: Player) -> None:
    headers = {**alice.headers, "Idempotency-Key": "m1", "Content-Type": "application/json"}
    broken = client.post("/api/rounds?lang=es", content=b'{"bets": {', headers=headers)
    assert broken.status_code == 422
    assert broken.json()["error"]["message"].startswith("La petición está mal formada")
    not_object = client.post("/api/rounds", json={"bets": [1, 2]}, headers=headers)
    assert not_object.status_code == 422
    extra = client.post("/api/rounds", json={"bets": {"player": 100}, "x": 1}, headers=headers)
    assert extra.status_code == 422
    no_key = client.post("/api/rounds", json={"bets": {"player": 100}}, headers=alice.headers)
    assert no_key.status_code == 400
    assert no_key.json()["error"]["code"] == "idempotency_key_required"
    assert alice.rounds() == []


def test_recall_is_paged_newest_first_and_private(client: TestClient, alice: Player) -> None:
    ids = [alice.bet({"player": 100}).json()["id"] for _ in range(5)]
    page = client.get("/api/rounds?limit=2", headers=alice.headers).json()
    assert [r["id"] for r in page["rounds"]] == ids[::-1][:2]
    assert page["next_before"] == ids[3]
    page2 = client.get(f"/api/rounds?limit=2&before={ids[3]}", headers=alice.headers).json()
    assert [r["id"] for r in page2["rounds"]] == [ids[2], ids[1]]
    last = client.get(f"/api/rounds?limit=2&before={ids[1]}", headers=alice.headers).json()
    assert [r["id"] for r in last["rounds"]] == [ids[0]] and last["next_before"] is None
    one = client.get(f"/api/rounds/{ids[0]}", headers=alice.headers).json()
    assert one == last["rounds"][0]
    mallory = Player(client, "mallory")
    stolen = client.get(f"/api/rounds/{ids[0]}", headers=mallory.headers)
    assert stolen.status_code == 404 and stolen.json()["error"]["code"] == "round_not_found"
    assert mallory.rounds() == []
    assert client.get("/api/rounds?limit=0", headers=alice.headers).status_code == 422


def test_table_shows_rules_limits_and_the_commitment(client: TestClient, alice: Player) -> None:
    table = client.get("/api/table", headers=alice.headers).json()
    rules = dict(table["rules"])
    assert rules.pop("name") == "online"
    assert {key: rules[key] for key in ("decks", "shoe_mode", "cut_card", "offered_bets")} == {
        "decks": 6, "shoe_mode": "reshuffle", "cut_card": 14,
        "offered_bets": ["player", "banker", "tie"],
    }  # fmt: skip
    assert rules["bets"]["banker"][0] == {
        "when": {"outcome": "banker"}, "resolution": "win", "pays": "19/20", "commission": "1/20"
    }  # fmt: skip
    # The page and any client read the one JSON form of the rules, and can read it back.
    assert Rules.from_json(rules) == PRESETS["online"]
    assert rules == PRESETS["online"].to_json()
    assert table["limits"] == {
        "minimum_minor": 100, "maximum_minor": 50_000, "maxima_minor": {"tie": 10_000}
    }  # fmt: skip
    assert len(table["fairness"]["server_seed_hash"]) == 64 and table["fairness"]["nonce"] == 1
    bad = client.put("/api/table", json={"preset": "chemin-de-fer"}, headers=alice.headers)
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "unknown_preset"


def _cut_card_oracle(round_: dict[str, Any], seed: bytes, rounds: int) -> list[list[str]]:
    """The same shoe dealt in memory by the core, round after round, with no database."""
    rules = PRESETS["punto-banco"]
    client_seed, nonce = round_["fairness"]["client_seed"], round_["fairness"]["nonce"]
    shoe = Shoe(rules, FairSource(seed, client_seed, first_nonce=nonce))
    return [[c.code for c in shoe.deal_coup().cards] for _ in range(rounds)]


def test_cut_card_table_keeps_its_shoe_in_the_database(client: TestClient, alice: Player) -> None:
    table = client.put("/api/table", json={"preset": "punto-banco"}, headers=alice.headers)
    assert table.status_code == 200 and table.json()["rules"]["shoe_mode"] == "cut-card"
    rounds = [alice.bet({"banker": 100}).json() for _ in range(6)]
    first = rounds[0]
    burn = first["shoe"]["burn"]
    assert burn is not None and burn["face_down"] == (burn["shown"]["points"] or 10)
    assert first["shoe"]["first_card"] == 1 + burn["face_down"]
    for before, after in zip(rounds, rounds[1:], strict=False):
        assert after["shoe"]["first_card"] == before["shoe"]["first_card"] + len(before["cards"])
        assert after["shoe"]["index"] == first["shoe"]["index"]
        assert after["shoe"]["round_in_shoe"] == before["shoe"]["round_in_shoe"] + 1
        assert after["fairness"]["nonce"] == first["fairness"]["nonce"]
        assert after["shoe"]["burn"] is None
    shoe = client.get("/api/shoe", headers=alice.headers).json()
    assert [m["outcome"] for m in shoe["rounds"]] == [r["outcome"] for r in rounds]
    assert shoe["stats"]["banker"] == sum(r["outcome"] == "banker" for r in rounds)
    dealt = sum(len(r["cards"]) for r in rounds)
    assert shoe["cards_remaining"] == 416 - 1 - burn["face_down"] - dealt
    assert len(shoe["roads"]["bead_plate"]) == 1
    if shoe["edges"] is not None:  # the analysis layer is present
        assert set(shoe["edges"]) == {"player", "banker", "tie"}
        for edge in shoe["edges"].values():
            assert abs(float(Fraction(edge["exact"])) - edge["house_edge"]) < 1e-12
        assert 0 < shoe["edges"]["banker"]["house_edge"] < 0.05
    # Reveal the seed and deal the same shoe in memory: the same cards, round for round.
    revealed = client.post("/api/fairness/rotate", headers=alice.headers).json()
    oracle = _cut_card_oracle(first, bytes.fromhex(revealed["revealed_server_seed"]), 6)
    assert oracle == [[c["code"] for c in r["cards"]] for r in rounds]
    # Rotation ended the shoe: the next round opens a new one with a burn.
    nxt = alice.bet({"banker": 100}).json()
    assert nxt["shoe"]["index"] == first["shoe"]["index"] + 1 and nxt["shoe"]["burn"] is not None
    assert nxt["fairness"]["nonce"] == 1


SHOE_KEYS = {
    "id", "index", "preset", "shoe_mode", "finished", "cut_card_out", "rounds", "stats",
    "roads", "cards_remaining", "edges", "next",
}  # fmt: skip


def shoe_of(player: Player) -> dict[str, Any]:
    response = player.client.get("/api/shoe", headers=player.headers)
    assert response.status_code == 200, response.text
    shoe: dict[str, Any] = response.json()
    assert set(shoe) == SHOE_KEYS and shoe["id"] == shoe["index"]
    return shoe


def fresh_edges(client: TestClient, preset: str) -> Any:
    """The exact edges of a full shoe of ``preset``, as a new player's table shows them."""
    newcomer = Player(client, f"new-{preset}")
    client.put("/api/table", json={"preset": preset}, headers=newcomer.headers)
    shoe = shoe_of(newcomer)
    assert shoe["rounds"] == [] and shoe["id"] == 0 and not shoe["finished"]
    return shoe["edges"]


@pytest.mark.slow
def test_a_whole_cut_card_shoe_ends_and_a_new_one_starts(client: TestClient, alice: Player) -> None:
    client.put("/api/table", json={"preset": "punto-banco-6"}, headers=alice.headers)
    client.post("/api/wallet/top-up", json={"amount_minor": 100_000}, headers=alice.headers)
    before = shoe_of(alice)  # the next shoe, before its first round
    assert before["rounds"] == [] and before["cards_remaining"] == 312
    assert before["finished"] is False and before["next"] is None
    rounds = []
    while True:
        r = alice.bet({"player": 100}).json()
        rounds.append(r)
        if r["shoe"]["last_in_shoe"]:
            break
        assert len(rounds) < 100
        # Every field is this shoe's: its id, its rounds, its cards left, its cut card.
        shoe = shoe_of(alice)
        assert shoe["id"] == r["shoe"]["index"] == before["id"]
        assert len(shoe["rounds"]) == len(rounds) and shoe["finished"] is False
        assert shoe["cards_remaining"] == 312 - r["shoe"]["first_card"] - len(r["cards"])
        # The cut card is out exactly when the next round is the shoe's last.
        assert shoe["cut_card_out"] == (shoe["cards_remaining"] < 14)
    assert shoe["cut_card_out"] is True  # announced before the last round
    used = rounds[-1]["shoe"]["first_card"] + len(rounds[-1]["cards"])
    assert 312 - 14 - 6 < used <= 312  # the round after the cut card ends the shoe
    shoe = shoe_of(alice)
    # The finished shoe, whole: its rounds, the cards it left behind the cut card, no edges
    # (nothing more is dealt from it); the next shoe is announced beside it.
    assert shoe["finished"] is True and shoe["cut_card_out"] is True
    assert shoe["id"] == rounds[0]["shoe"]["index"] and len(shoe["rounds"]) == len(rounds)
    assert [m["outcome"] for m in shoe["rounds"]] == [r["outcome"] for r in rounds]
    assert shoe["cards_remaining"] == 312 - used and shoe["edges"] is None
    assert shoe["next"] == {
        "id": shoe["id"] + 1,
        "cards_remaining": 312,
        "edges": fresh_edges(client, "punto-banco-6"),
    }
    nxt = alice.bet({"player": 100}).json()
    after = shoe_of(alice)
    assert after["finished"] is False and after["next"] is None and len(after["rounds"]) == 1
    assert after["id"] == nxt["shoe"]["index"] == shoe["next"]["id"]
    assert after["rounds"][0]["outcome"] == nxt["outcome"]
    assert after["cards_remaining"] == 312 - nxt["shoe"]["first_card"] - len(nxt["cards"])
    assert nxt["shoe"]["burn"] is not None and nxt["shoe"]["round_in_shoe"] == 1
    assert nxt["fairness"]["nonce"] == rounds[0]["fairness"]["nonce"] + 1
    assert ledger_check(client)["ok"] is True
    assert math.isclose(len(rounds), 300 / 4.94, rel_tol=0.2)


def test_a_table_switch_starts_a_new_shoe_with_no_rounds(client: TestClient, alice: Player) -> None:
    client.put("/api/table", json={"preset": "punto-banco"}, headers=alice.headers)
    first = [alice.bet({"banker": 100}).json() for _ in range(3)]
    assert len(shoe_of(alice)["rounds"]) == 3
    client.put("/api/table", json={"preset": "punto-banco-6"}, headers=alice.headers)
    shoe = shoe_of(alice)
    assert shoe["preset"] == "punto-banco-6" and shoe["shoe_mode"] == "cut-card"
    assert shoe["rounds"] == [] and shoe["stats"]["banker"] + shoe["stats"]["player"] == 0
    assert shoe["roads"]["bead_plate"] == [] and shoe["finished"] is False
    assert shoe["cards_remaining"] == 312 and shoe["cut_card_out"] is False
    assert shoe["edges"] == fresh_edges(client, "punto-banco-6")
    assert shoe["id"] == first[0]["shoe"]["index"] + 1  # the shoe the next round opens
    # Back to the first rules: still a new shoe, not the one set aside.
    client.put("/api/table", json={"preset": "punto-banco"}, headers=alice.headers)
    back = shoe_of(alice)
    assert back["rounds"] == [] and back["cards_remaining"] == 416 and back["id"] == shoe["id"]
    r = alice.bet({"banker": 100}).json()
    assert r["shoe"]["index"] == back["id"] and r["shoe"]["burn"] is not None
    now = shoe_of(alice)
    assert now["id"] == back["id"] and len(now["rounds"]) == 1


@pytest.mark.parametrize("change", ["rotate", "client-seed"])
def test_a_new_seed_starts_a_new_shoe_with_no_rounds(
    client: TestClient, alice: Player, change: str
) -> None:
    def new_seed() -> None:
        if change == "rotate":
            response = client.post("/api/fairness/rotate", headers=alice.headers)
        else:
            body = {"client_seed": f"mine-{len(alice.rounds())}"}
            response = client.post("/api/fairness/client-seed", json=body, headers=alice.headers)
        assert response.status_code == 200, response.text

    # A reshuffle-every-round table: its scoreboard starts again.
    [alice.bet({"banker": 100}) for _ in range(2)]
    assert len(shoe_of(alice)["rounds"]) == 2
    new_seed()
    shoe = shoe_of(alice)
    assert shoe["rounds"] == [] and shoe["shoe_mode"] == "reshuffle"
    alice.bet({"banker": 100})
    assert len(shoe_of(alice)["rounds"]) == 1
    # A cut-card shoe in progress is set aside.
    client.put("/api/table", json={"preset": "punto-banco"}, headers=alice.headers)
    r = alice.bet({"banker": 100}).json()
    new_seed()
    shoe = shoe_of(alice)
    assert shoe["rounds"] == [] and shoe["cards_remaining"] == 416
    assert shoe["id"] == r["shoe"]["index"] + 1 and shoe["finished"] is False
    assert shoe["edges"] == fresh_edges(client, "punto-banco")
    nxt = alice.bet({"banker": 100}).json()
    assert nxt["shoe"]["index"] == shoe["id"] and nxt["shoe"]["round_in_shoe"] == 1


def test_reshuffle_scoreboard_and_no_edges(client: TestClient, alice: Player) -> None:
    rounds = [alice.bet({"tie": 100}).json() for _ in range(3)]
    shoe = shoe_of(alice)
    assert [m["outcome"] for m in shoe["rounds"]] == [r["outcome"] for r in rounds]
    assert shoe["cards_remaining"] == 312 and shoe["edges"] is None
    assert shoe["shoe_mode"] == "reshuffle" and shoe["next"] is None
    # Another table and back: the scoreboard starts again.
    client.put("/api/table", json={"preset": "punto-banco"}, headers=alice.headers)
    client.put("/api/table", json={"preset": "online"}, headers=alice.headers)
    assert shoe_of(alice)["rounds"] == []
    assert [r["fairness"]["nonce"] for r in rounds] == [1, 2, 3]
    assert Card.from_str(rounds[0]["cards"][0]["code"]).code == rounds[0]["cards"][0]["code"]


def test_refusals_and_replays_keep_the_rounds_connections(
    client: TestClient, alice: Player
) -> None:
    """A round refused (402, 409) or replayed gives its connection back clean: the rounds'
    own connections (PostgreSQL's pool, SQLite's one) open none after the first, whatever
    the answers."""
    runner = client.app.state.round_runner  # type: ignore[attr-defined]
    rounds = runner.pg or runner.sqlite
    opened: list[Any] = []
    assert alice.bet({"banker": 100}, key="first").status_code == 201
    rounds.on_connect.append(opened.append)
    for i in range(3):
        over = {"player": 50_000, "banker": 50_000, "tie": 10_000}  # more than the grant
        assert alice.bet(over).status_code == 402
        assert alice.bet({"player": 100}, key="first").status_code == 409
        assert alice.bet({"banker": 100}, key="first").status_code == 201  # replayed
        assert alice.bet({"banker": 100}, key=f"new-{i}").status_code == 201
    assert opened == []
    check = ledger_check(client)
    assert check["ok"] is True and check["rounds_settled"] == 4
