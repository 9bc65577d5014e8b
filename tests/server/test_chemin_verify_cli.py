"""``puntobanco verify`` replays Chemin de fer rounds (from an export, from the database), and
``puntobanco ledger check`` reconciles their journals."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from puntobanco.cli.main import app
from puntobanco.server.main import create_app
from tests.server.conftest import Player, make_settings
from tests.server.test_chemin import _play_until, decide, sit

runner = CliRunner()


def test_verify_replays_chemin_de_fer_rounds(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/chemin.db"
    with TestClient(create_app(make_settings(url))) as client:
        alice = Player(client, "alice")
        sit(alice, computers=2)
        _play_until(alice, "player")
        assert decide(alice, "stand").status_code == 200
        rounds = client.get("/api/chemin/rounds?limit=100", headers=alice.headers).json()
        seed = client.post("/api/fairness/rotate", json={}, headers=alice.headers).json()[
            "revealed_server_seed"
        ]
    export = tmp_path / "chemin.json"
    export.write_text(json.dumps(rounds), encoding="utf-8")
    offline = runner.invoke(app, ["verify", seed, "--rounds", str(export), "--json"])
    assert offline.exit_code == 0, offline.output
    assert json.loads(offline.stdout) == {
        "server_seed_hash": rounds["rounds"][0]["fairness"]["server_seed_hash"],
        "rounds_checked": len(rounds["rounds"]),
        "mismatches": [],
    }
    db = runner.invoke(app, ["verify", seed, "--database", url, "--json"])
    assert db.exit_code == 0, db.output
    assert json.loads(db.stdout)["rounds_checked"] == len(rounds["rounds"])
    ledger = runner.invoke(app, ["ledger", "check", "--database", url, "--json"])
    assert ledger.exit_code == 0, ledger.output
    assert json.loads(ledger.stdout)["ok"] is True
    forged = rounds["rounds"][0]
    forged["commission_minor"] = (forged["commission_minor"] or 0) + 1
    export.write_text(json.dumps(rounds), encoding="utf-8")
    caught = runner.invoke(app, ["verify", seed, "--rounds", str(export), "--json"])
    assert caught.exit_code == 1
    assert [m["field"] for m in json.loads(caught.stdout)["mismatches"]] == ["commission_minor"]
