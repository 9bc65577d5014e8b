from __future__ import annotations

import hashlib

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from puntobanco.core.coup import play_coup
from puntobanco.core.fairness import fair_shoe
from puntobanco.server.models import Round
from puntobanco.server.verify import RoundRecord, shoe_prefix, verify_rounds
from tests.server.conftest import Player

VECTOR_SEED = bytes(range(32))


def test_design_test_vector() -> None:
    """The published test vector, through the verifier's own recomputation."""
    assert hashlib.sha256(VECTOR_SEED).hexdigest() == (
        "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    )
    first = shoe_prefix(VECTOR_SEED, "puntobanco", 1, decks=8, cards=12)
    assert " ".join(str(c) for c in first) == "K♦ 10♥ A♣ K♦ 3♦ 6♥ 2♥ 10♣ 5♦ 7♣ K♣ 10♥"
    whole = shoe_prefix(VECTOR_SEED, "puntobanco", 1, decks=8, cards=416)
    assert " ".join(str(c) for c in whole[-4:]) == "A♥ 3♠ 10♥ 4♦"
    assert whole == fair_shoe(VECTOR_SEED, "puntobanco", 1, decks=8)
    second = shoe_prefix(VECTOR_SEED, "puntobanco", 2, decks=8, cards=6)
    assert " ".join(str(c) for c in second) == "8♦ 4♦ 10♠ 5♦ 2♠ 5♦"
    six = shoe_prefix(VECTOR_SEED, "puntobanco", 1, decks=6, cards=6)
    assert " ".join(str(c) for c in six) == "K♦ 4♥ A♣ K♣ 9♠ 10♣"


def test_verifier_reports_a_forged_round() -> None:
    dealt = shoe_prefix(VECTOR_SEED, "puntobanco", 2, decks=6, cards=6)
    result = play_coup(dealt)
    won = result.outcome.value == "player"
    honest = RoundRecord(
        round_id=1,
        preset="online",
        decks=6,
        client_seed="puntobanco",
        nonce=2,
        first_card=0,
        round_in_shoe=1,
        cards=tuple(c.code for c in result.cards),
        outcome=result.outcome.value,
        bets=(("player", 100, 200 if won else 0),),
    )
    assert verify_rounds(VECTOR_SEED, [honest]) == []
    forged_cards = RoundRecord(**{**honest.__dict__, "cards": ("9h", "Kd", "Qc", "2s")})
    assert {m.field for m in verify_rounds(VECTOR_SEED, [forged_cards])} >= {"cards"}
    forged_pay = RoundRecord(**{**honest.__dict__, "bets": (("player", 100, 150),)})
    [mismatch] = verify_rounds(VECTOR_SEED, [forged_pay])
    assert (mismatch.field, mismatch.recorded) == ("payout.player", "150")
    other_seed = bytes(32)
    assert verify_rounds(other_seed, [honest])  # the wrong seed does not verify


def test_commit_play_rotate_reveal_verify(client: TestClient, alice: Player) -> None:
    commitment = client.get("/api/table", headers=alice.headers).json()["fairness"]
    seeded = client.post(
        "/api/fairness/client-seed", json={"client_seed": "my lucky seed"}, headers=alice.headers
    ).json()
    assert seeded == {**commitment, "client_seed": "my lucky seed"}
    rounds = [alice.bet({"player": 100}).json() for _ in range(3)]
    assert {r["fairness"]["server_seed_hash"] for r in rounds} == {commitment["server_seed_hash"]}
    assert [r["fairness"]["nonce"] for r in rounds] == [1, 2, 3]
    rotated = client.post("/api/fairness/rotate", headers=alice.headers).json()
    seed = bytes.fromhex(rotated["revealed_server_seed"])
    assert hashlib.sha256(seed).hexdigest() == commitment["server_seed_hash"]
    assert rotated["server_seed_hash"] == commitment["server_seed_hash"]
    assert rotated["next"]["server_seed_hash"] != commitment["server_seed_hash"]
    assert rotated["next"]["client_seed"] == "my lucky seed" and rotated["next"]["nonce"] == 1
    # The player recomputes each round from the revealed seed, without the server.
    for r in rounds:
        shoe = fair_shoe(seed, "my lucky seed", r["fairness"]["nonce"], decks=6)
        assert [c["code"] for c in r["cards"]] == [c.code for c in shoe[: len(r["cards"])]]
    verified = client.post(
        "/api/fairness/verify", json={"server_seed": seed.hex()}, headers=alice.headers
    ).json()
    assert verified == {
        "server_seed_hash": commitment["server_seed_hash"],
        "rounds_checked": 3,
        "mismatches": [],
    }


def test_verify_reports_tampered_rounds(client: TestClient, alice: Player) -> None:
    r = alice.bet({"player": 100}).json()
    seed = client.post("/api/fairness/rotate", headers=alice.headers).json()["revealed_server_seed"]
    with client.app.state.sessions.begin() as session:  # type: ignore[attr-defined]
        session.execute(update(Round).where(Round.id == r["id"]).values(cards="9h 9d 9c 9s"))
    verified = client.post(
        "/api/fairness/verify", json={"server_seed": seed}, headers=alice.headers
    ).json()
    assert verified["rounds_checked"] == 1
    assert any(m["field"] == "cards" and m["round_id"] == r["id"] for m in verified["mismatches"])


def test_verify_refusals(client: TestClient, alice: Player) -> None:
    def verify(seed: str, lang: str = "en") -> tuple[int, str]:
        response = client.post(
            f"/api/fairness/verify?lang={lang}", json={"server_seed": seed}, headers=alice.headers
        )
        return response.status_code, response.json()["error"]["code"]

    assert verify("zz" * 32) == (422, "invalid_server_seed")
    assert verify("ab") == (422, "invalid_server_seed")
    assert verify("00" * 32) == (404, "seed_not_found")
    # Another player's revealed seed is not yours to verify.
    bob = Player(client, "bobby")
    bobs = client.post("/api/fairness/rotate", headers=bob.headers).json()["revealed_server_seed"]
    assert verify(bobs) == (404, "seed_not_found")


@pytest.mark.parametrize("seed", ["", "a:b", "x" * 65, "tab\there"])
def test_invalid_client_seeds(client: TestClient, alice: Player, seed: str) -> None:
    before = client.get("/api/table", headers=alice.headers).json()["fairness"]
    response = client.post(
        "/api/fairness/client-seed?lang=es", json={"client_seed": seed}, headers=alice.headers
    )
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "invalid_client_seed"
    assert "semilla" in response.json()["error"]["message"]
    assert client.get("/api/table", headers=alice.headers).json()["fairness"] == before


def test_the_seed_in_play_cannot_be_verified_before_it_is_revealed(
    client: TestClient, alice: Player
) -> None:
    from sqlalchemy import select

    from puntobanco.server.models import Seed

    alice.bet({"player": 100})
    with client.app.state.sessions.begin() as session:  # type: ignore[attr-defined]
        secret = session.execute(select(Seed.server_seed)).scalar_one()
    response = client.post(
        "/api/fairness/verify?lang=es", json={"server_seed": secret}, headers=alice.headers
    )
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "seed_not_revealed"
    assert "rótela" in response.json()["error"]["message"]
