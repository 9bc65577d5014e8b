"""``puntobanco verify`` replays Chemin de fer rounds (from an export, from the database), and
``puntobanco ledger check`` reconciles their journals."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from puntobanco.server.main import create_app
from tests.server.conftest import Player, make_settings
from tests.server.table_helpers import (
    forged_fields,
    rounds_and_seed,
    verified_from_the_command_line,
)
from tests.server.test_chemin import _play_until, decide, sit

runner = CliRunner()


def test_verify_replays_chemin_de_fer_rounds(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/chemin.db"
    with TestClient(create_app(make_settings(url))) as client:
        alice = Player(client, "alice")
        sit(alice, computers=2)
        _play_until(alice, "player")
        assert decide(alice, "stand").status_code == 200
        rounds, seed = rounds_and_seed(client, alice, "chemin")
    export = tmp_path / "chemin.json"
    verified_from_the_command_line(url, export, rounds, seed)
    forged = rounds["rounds"][0]
    forged["commission_minor"] = (forged["commission_minor"] or 0) + 1
    assert forged_fields(export, rounds, seed) == ["commission_minor"]
