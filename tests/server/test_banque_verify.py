"""``puntobanco verify`` replays Baccarat Banque rounds (their cards, decisions and payouts)
from an export and from the database, and ``puntobanco ledger check`` reconciles them."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from puntobanco.server.games.banque.verify import (
    verify_banque_round,
    verify_banque_rounds,
    verify_banque_seed,
)
from puntobanco.server.main import create_app
from tests.server.conftest import Player, make_settings
from tests.server.table_helpers import (
    forged_fields,
    rounds_and_seed,
    verified_from_the_command_line,
)
from tests.server.test_banque_game import CHOICE, bet, decide, seeded, sit, state

__all__ = ["seeded"]  # the fixture, for the tests below

runner = CliRunner()


def _play(alice: Player, count: int) -> None:
    for i in range(count):
        table = state(alice)["table"]
        if table["turn"] == "decision":
            assert decide(alice, "draw" if i % 3 else "stand").status_code == 200
        else:
            spots = (["right"], ["a-cheval"], ["left", "right"], ["left"])[i % 4]
            assert bet(alice, dict.fromkeys(spots, 400 + i)).status_code == 200
    if state(alice)["table"]["turn"] == "decision":
        decide(alice, "stand")


def test_the_replay_finds_every_forged_value(seeded: TestClient) -> None:
    client = seeded  # the test seed and a client seed: the same shoe every run
    alice = Player(client, "alice")
    sit(alice, CHOICE)
    _play(alice, 16)
    rounds = client.get("/api/banque/rounds?limit=100", headers=alice.headers).json()["rounds"]
    revealed = client.post("/api/fairness/rotate", json={}, headers=alice.headers)
    assert revealed.status_code in (200, 201), revealed.text
    seed = bytes.fromhex(revealed.json()["revealed_server_seed"])
    checked, mismatches = verify_banque_rounds(seed, rounds)
    assert checked == len(rounds) >= 10 and mismatches == []
    assert any(not d["computer"] for r in rounds for d in r["decisions"])
    assert any(d["hand"] == "banker" for r in rounds for d in r["decisions"])
    mine = next(r for r in rounds if any(not d["computer"] for d in r["decisions"]))

    def forged(change: Any) -> list[str]:
        rnd = copy.deepcopy(mine)
        change(rnd)
        return [m.field for m in verify_banque_round(seed, rnd)]

    def payout(r: dict[str, Any]) -> None:
        r["bets"][0]["payout_minor"] += 1

    def commission(r: dict[str, Any]) -> None:
        r["commission_minor"] = (r["commission_minor"] or 0) + 1

    def turned(r: dict[str, Any]) -> None:
        for d in r["decisions"]:
            if not d["computer"]:
                d["choice"] = "stand" if d["choice"] == "draw" else "draw"

    def card(r: dict[str, Any]) -> None:
        r["cards"][0]["code"] = "Kd" if r["cards"][0]["code"] != "Kd" else "Qd"

    def computer(r: dict[str, Any]) -> None:
        d = next(d for d in r["decisions"] if d["computer"])
        d["choice"] = "stand" if d["choice"] == "draw" else "draw"

    # The computer's choices are drawn again from their stream: a changed one is found.
    theirs = next(r for r in rounds if any(d["computer"] for d in r["decisions"]))
    d = next(d for d in theirs["decisions"] if d["computer"])
    changed = copy.deepcopy(theirs)
    computer(changed)
    assert f"decision {d['position']} (computer)" in [
        m.field for m in verify_banque_round(seed, changed)
    ]
    assert forged(payout) == [f"{mine['bets'][0]['spot']} payout_minor"]
    assert forged(commission) == ["commission_minor"]
    assert forged(turned) != []
    assert "cards" in forged(card)
    assert verify_banque_rounds(bytes(32), rounds) == (0, [])
    with client.app.state.sessions() as session, session.begin():  # type: ignore[attr-defined]
        assert verify_banque_seed(session, seed) == (len(rounds), [])


def test_the_command_line_verifies_banque_rounds_and_the_ledger(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/banque.db"
    with TestClient(create_app(make_settings(url))) as client:
        alice = Player(client, "alice")
        sit(alice)
        _play(alice, 6)
        rounds, seed = rounds_and_seed(client, alice, "banque")
    export = tmp_path / "banque.json"
    verified_from_the_command_line(url, export, rounds, seed)
    rounds["rounds"][0]["bank"]["after_minor"] += 1
    assert forged_fields(export, rounds, seed) == ["bank after_minor"]
