"""POST /api/auth/upgrade: a guest keeps its wallet, rounds and ledger as a registered account.

Runs on SQLite and PostgreSQL (the ``database_url`` fixture).
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from puntobanco.server.settings import Settings
from tests.server.conftest import Player, ledger_check

NEW = {"username": "kept-guest", "password": "a long secret"}


def _guest(client: TestClient) -> dict[str, Any]:
    response = client.post("/api/auth/guest")
    assert response.status_code == 201, response.text
    client.cookies.clear()  # every request below says who it is with its bearer token
    body: dict[str, Any] = response.json()
    return {"id": body["user"]["id"], "headers": {"Authorization": f"Bearer {body['token']}"}}


def _play_and_top_up(client: TestClient, headers: dict[str, str]) -> None:
    dealt = client.post(
        "/api/rounds", json={"bets": {"banker": 500}}, headers={**headers, "Idempotency-Key": "g1"}
    )
    assert dealt.status_code == 201, dealt.text
    topped = client.post(
        "/api/wallet/top-up",
        json={"amount_minor": 2_500},
        headers={**headers, "Idempotency-Key": "t1"},
    )
    assert topped.status_code == 200, topped.text


def test_a_guest_becomes_a_registered_account_keeping_everything(
    client: TestClient, settings: Settings
) -> None:
    guest = _guest(client)
    _play_and_top_up(client, guest["headers"])
    before_me = client.get("/api/me", headers=guest["headers"]).json()
    before_rounds = client.get("/api/rounds", headers=guest["headers"]).json()["rounds"]
    assert len(before_rounds) == 1

    response = client.post("/api/auth/upgrade", json=NEW, headers=guest["headers"])
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["user"] == {
        "id": guest["id"],
        "username": "kept-guest",
        "guest": False,
        "balance_minor": before_me["balance_minor"],
    }
    assert f"pb_session={body['token']}" in response.headers["set-cookie"]
    client.cookies.clear()

    # The guest's login is replaced by the new one.
    assert client.get("/api/me", headers=guest["headers"]).status_code == 401
    new = {"Authorization": f"Bearer {body['token']}"}
    assert client.get("/api/rounds", headers=new).json()["rounds"] == before_rounds
    # The password works at a later login, and the same wallet is there.
    login = client.post("/api/auth/login", json=NEW)
    assert login.status_code == 200, login.text
    assert login.json()["user"]["id"] == guest["id"]
    assert login.json()["user"]["balance_minor"] == before_me["balance_minor"]
    # Grant 1000.00, a 5.00 stake (won, lost or pushed) and a 25.00 top-up, all in one ledger.
    assert ledger_check(client)["ok"] is True


def test_a_refused_upgrade_changes_nothing(client: TestClient, alice: Player) -> None:
    guest = _guest(client)
    me = client.get("/api/me", headers=guest["headers"]).json()
    refusals = [
        ({"username": "alice", "password": "a long secret"}, 409, "username_taken"),
        ({"username": "al", "password": "a long secret"}, 422, "invalid_username"),
        ({"username": "carol", "password": "short"}, 422, "invalid_password"),
    ]
    for credentials, status, code in refusals:
        response = client.post(
            "/api/auth/upgrade?lang=es", json=credentials, headers=guest["headers"]
        )
        assert response.status_code == status, response.text
        assert response.json()["error"]["code"] == code
        assert response.json()["error"]["messages"]["es"] == response.json()["error"]["message"]
    # Still the same guest, logged in, with the same balance; alice is untouched.
    assert client.get("/api/me", headers=guest["headers"]).json() == me
    assert (
        client.post("/api/auth/login", json={"username": "carol", "password": "x" * 9}).status_code
        == 401
    )
    assert client.get("/api/me", headers=alice.headers).json()["username"] == "alice"


def test_only_a_guest_is_upgraded(client: TestClient, alice: Player) -> None:
    response = client.post("/api/auth/upgrade", json=NEW, headers=alice.headers)
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "not_a_guest"
    assert client.get("/api/me", headers=alice.headers).json()["username"] == "alice"
    client.cookies.clear()
    assert client.post("/api/auth/upgrade", json=NEW).status_code == 401


def test_the_session_says_who_is_logged_in_without_a_401(client: TestClient) -> None:
    client.cookies.clear()
    assert client.get("/api/auth/session").json() == {"user": None}
    stale = {"Authorization": "Bearer not-a-token"}
    response = client.get("/api/auth/session", headers=stale)
    assert response.status_code == 200 and response.json() == {"user": None}
    guest = _guest(client)
    me = client.get("/api/me", headers=guest["headers"]).json()
    assert client.get("/api/auth/session", headers=guest["headers"]).json() == {"user": me}
    client.post("/api/auth/logout", headers=guest["headers"])
    assert client.get("/api/auth/session", headers=guest["headers"]).json() == {"user": None}
