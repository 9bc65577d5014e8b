"""The operator's presets: a withdrawn rule set deals no more rounds (issue 12, defect 3)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from puntobanco.server.main import create_app
from puntobanco.server.settings import Settings
from tests.server.conftest import Player, ledger_check, make_settings
from tests.server.faults import faulty_app

#: The operator's list once super-6 is withdrawn.
OFFERED = ("online", "punto-banco")


def super_6_payout(stake: int, r: dict[str, Any]) -> int:
    """What a Banker bet pays back at Super 6, written out by hand: a winning Banker 6 pays
    half the stake, any other winning Banker total pays 1 to 1, with no commission."""
    if r["outcome"] == "tie":
        return stake
    if r["outcome"] == "player":
        return 0
    return stake + (stake // 2 if r["banker_total"] == 6 else stake)


def test_the_settings_refuse_a_default_that_is_not_offered() -> None:
    with pytest.raises(ValidationError, match="'super-6' is not offered"):
        Settings(default_preset="super-6", table_presets=OFFERED)
    assert Settings(default_preset="punto-banco", table_presets=OFFERED).table_presets == OFFERED


def test_a_withdrawn_preset_deals_no_more_rounds(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:
        alice = Player(client, "alice")
        put = client.put("/api/table", json={"preset": "super-6"}, headers=alice.headers)
        assert put.status_code == 200 and put.json()["withdrawn"] is False
        assert alice.bet({"banker": 100}).status_code == 201
    withdrawn = make_settings(settings.database_url, table_presets=OFFERED)
    with TestClient(create_app(withdrawn)) as client:
        alice.client = client
        table = client.get("/api/table", headers=alice.headers).json()
        assert table["rules"]["name"] == "super-6" and table["withdrawn"] is True
        assert table["presets"] == list(OFFERED)
        balance, rounds = alice.balance(), alice.rounds()
        refused = alice.bet({"banker": 100})
        assert refused.status_code == 409, refused.text
        error = refused.json()["error"]
        assert error["code"] == "preset_withdrawn"
        assert error["params"] == {"preset": "super-6", "allowed": "online, punto-banco"}
        assert error["message"] == (
            "The table rules 'super-6' have been withdrawn: choose one of online, punto-banco "
            "to play your next round."
        )
        assert error["messages"]["es"] == (
            "Las reglas de mesa 'super-6' se han retirado: elija una de online, punto-banco "
            "para jugar su próxima mano."
        )
        es = alice.bet({"banker": 100}, lang="es").json()["error"]
        assert es["message"] == error["messages"]["es"]
        # Nothing changed: no stake taken, no round written.
        assert alice.balance() == balance and alice.rounds() == rounds
        # Choosing it again is refused too; choosing an offered one lets the player play.
        again = client.put("/api/table", json={"preset": "super-6"}, headers=alice.headers)
        assert again.status_code == 422 and again.json()["error"]["code"] == "unknown_preset"
        chosen = client.put("/api/table", json={"preset": "punto-banco"}, headers=alice.headers)
        assert chosen.status_code == 200 and chosen.json()["withdrawn"] is False
        played = alice.bet({"banker": 100})
        assert played.status_code == 201 and played.json()["preset"] == "punto-banco"
        assert ledger_check(client)["ok"] is True


def test_a_round_dealt_before_the_withdrawal_is_settled_by_its_own_rules(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(faulty_app(settings, monkeypatch), raise_server_exceptions=False) as client:
        alice = Player(client, "alice")
        client.put("/api/table", json={"preset": "super-6"}, headers=alice.headers)
        grant = alice.balance()
        dealt = alice.bet({"banker": 1_000}, key="k")
        assert dealt.status_code == 202  # dealt, its stake taken, not yet settled
    withdrawn = make_settings(settings.database_url, table_presets=OFFERED)
    with TestClient(create_app(withdrawn)) as client:  # the start-up settles it
        alice.client = client
        [r] = alice.rounds()
        assert r["status"] == "settled" and r["preset"] == "super-6"
        [s] = r["settlement"]
        assert s["payout_minor"] == super_6_payout(1_000, r)  # not a refund
        assert alice.balance() == grant - 1_000 + s["payout_minor"]
        # The retry of that request returns the round, as dealt; a new round is refused.
        retry = alice.bet({"banker": 1_000}, key="k")
        assert retry.status_code == 201 and retry.json() == r
        assert alice.bet({"banker": 1_000}).json()["error"]["code"] == "preset_withdrawn"
        assert ledger_check(client)["ok"] is True


def test_a_round_left_dealt_is_settled_by_its_rules_on_a_retry(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(
        faulty_app(settings, monkeypatch, recover_on_start=False), raise_server_exceptions=False
    ) as client:
        alice = Player(client, "alice")
        client.put("/api/table", json={"preset": "super-6"}, headers=alice.headers)
        assert alice.bet({"banker": 1_000}, key="k").status_code == 202
    withdrawn = make_settings(settings.database_url, table_presets=OFFERED, recover_on_start=False)
    with TestClient(create_app(withdrawn)) as client:
        alice.client = client
        retry = alice.bet({"banker": 1_000}, key="k")
        assert retry.status_code == 201, retry.text
        r = retry.json()
        assert r["status"] == "settled" and r["preset"] == "super-6"
        assert r["settlement"][0]["payout_minor"] == super_6_payout(1_000, r)
