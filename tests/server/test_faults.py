from __future__ import annotations

import signal
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from sqlalchemy.exc import OperationalError

from puntobanco.server import game
from puntobanco.server.main import create_app
from puntobanco.server.models import Round
from puntobanco.server.settings import Settings
from tests.server.conftest import ADMIN, Player, ledger_check, make_settings
from tests.server.live import live_server


def test_a_round_interrupted_after_its_debit_is_completed_exactly_once(
    settings: Settings,
) -> None:
    faulty = make_settings(settings.database_url, fault="after_debit_raise")
    with TestClient(create_app(faulty), raise_server_exceptions=False) as client:
        player = Player(client, "alice")
        grant = player.balance()
        crashed = player.bet({"banker": 1_000}, key="k1")
        assert crashed.status_code == 500
        assert crashed.json()["error"]["code"] == "internal_error"
        # The stake was taken, the round is dealt and open; the books still balance.
        assert player.balance() == grant - 1_000
        check = ledger_check(client)
        assert check["ok"] is True and len(check["rounds_open"]) == 1
        [open_id] = check["rounds_open"]
    # A restart finds the round and settles it on the cards dealt with the debit.
    with TestClient(create_app(settings)) as client:
        check = ledger_check(client)
        assert check["ok"] is True and check["rounds_open"] == []
        player.client = client
        [r] = player.rounds()
        assert r["id"] == open_id and r["status"] == "settled"
        assert player.balance() == grant + r["net_minor"]
        # A retry of the interrupted request returns the completed round, charging nothing.
        retry = player.bet({"banker": 1_000}, key="k1")
        assert retry.status_code == 201 and retry.json() == r
        assert game.recover(client.app.state.sessions) == []  # type: ignore[attr-defined]
        assert player.balance() == grant + r["net_minor"]


def test_a_retry_completes_an_open_round_without_a_restart(settings: Settings) -> None:
    faulty = make_settings(settings.database_url, fault="after_debit_raise", recover_on_start=False)
    with TestClient(create_app(faulty), raise_server_exceptions=False) as client:
        player = Player(client, "alice")
        assert player.bet({"player": 500}, key="k").status_code == 500
    healthy = make_settings(settings.database_url, recover_on_start=False)
    with TestClient(create_app(healthy)) as client:
        player.client = client
        retry = player.bet({"player": 500}, key="k")
        assert retry.status_code == 201 and retry.json()["status"] == "settled"
        assert ledger_check(client)["rounds_open"] == []


def test_a_round_that_cannot_be_settled_is_refunded(settings: Settings) -> None:
    faulty = make_settings(settings.database_url, fault="after_debit_raise")
    with TestClient(create_app(faulty), raise_server_exceptions=False) as client:
        player = Player(client, "alice")
        grant = player.balance()
        player.bet({"player": 700, "tie": 100}, key="k")
        with client.app.state.sessions.begin() as session:  # type: ignore[attr-defined]
            session.execute(update(Round).values(preset="withdrawn-rules"))
    with TestClient(create_app(settings)) as client:
        assert ledger_check(client)["ok"] is True
        with client.app.state.sessions.begin() as session:  # type: ignore[attr-defined]
            row = session.execute(select(Round)).scalar_one()
        assert row.status == "settled" and row.payout_minor == 800
        player.client = client
        assert player.balance() == grant


def test_a_database_error_answers_503_and_writes_nothing(
    client: TestClient, alice: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    grant = alice.balance()
    real_post = game.post

    def failing_post(*args: Any, **kwargs: Any) -> int:
        real_post(*args, **kwargs)  # the entries are written, then the database fails
        raise OperationalError("UPDATE wallets", {}, Exception("connection lost"))

    monkeypatch.setattr(game, "post", failing_post)
    response = alice.bet({"player": 100}, lang="es")
    assert response.status_code == 503
    assert response.json()["error"]["code"] == "database_error"
    assert "no se ha cambiado nada" in response.json()["error"]["message"]
    monkeypatch.undo()
    assert alice.balance() == grant
    assert alice.rounds() == []
    check = ledger_check(client)
    assert check["ok"] is True and check["entries"] == 2  # only the grant's two entries


@pytest.mark.slow
def test_killed_server_process_loses_nothing(database_url: str) -> None:
    """The process is SIGKILLed between a round's debit and its settlement, then restarted."""
    with live_server(database_url, PUNTOBANCO_FAULT="after_debit_exit") as (base, process):
        auth = httpx.post(
            f"{base}/api/auth/register", json={"username": "alice", "password": "password!"}
        ).json()
        headers = {"Authorization": f"Bearer {auth['token']}", "Idempotency-Key": "k1"}
        with pytest.raises(httpx.HTTPError):
            httpx.post(f"{base}/api/rounds", json={"bets": {"banker": 2_500}}, headers=headers)
        assert process.wait(timeout=10) == -signal.SIGKILL
    with live_server(database_url) as (base, _):
        admin = {"X-Admin-Token": ADMIN}
        check = httpx.get(f"{base}/api/admin/ledger/check", headers=admin).json()
        assert check["ok"] is True and check["rounds_open"] == [] and check["rounds_settled"] == 1
        retry = httpx.post(f"{base}/api/rounds", json={"bets": {"banker": 2_500}}, headers=headers)
        assert retry.status_code == 201 and retry.headers["Idempotent-Replayed"] == "true"
        me = httpx.get(f"{base}/api/me", headers=headers).json()
        assert me["balance_minor"] == auth["user"]["balance_minor"] + retry.json()["net_minor"]
        page = httpx.get(f"{base}/api/rounds", headers=headers).json()
        assert [r["id"] for r in page["rounds"]] == [retry.json()["id"]]


def test_admin_recover_endpoint_settles_open_rounds(settings: Settings) -> None:
    faulty = make_settings(settings.database_url, fault="after_debit_raise")
    with TestClient(create_app(faulty), raise_server_exceptions=False) as client:
        player = Player(client, "alice")
        player.bet({"player": 100}, key="a")
    calm = make_settings(settings.database_url, recover_on_start=False)
    with TestClient(create_app(calm)) as client:
        admin = {"X-Admin-Token": ADMIN}
        assert len(ledger_check(client)["rounds_open"]) == 1
        first = client.post("/api/admin/recover", headers=admin).json()
        again = client.post("/api/admin/recover", headers=admin).json()
        assert len(first["settled"]) == 1 and again == {"settled": []}
        assert ledger_check(client)["rounds_open"] == []
