"""``puntobanco serve``, ``ledger check``, ``report`` and ``verify`` (server-side commands)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from typer.testing import CliRunner

from puntobanco.cli.main import app
from puntobanco.server.main import create_app
from puntobanco.server.models import Round, Wallet
from tests.server.conftest import Player, make_settings

runner = CliRunner()


@pytest.fixture
def played(tmp_path: Path) -> dict[str, Any]:
    """A SQLite database with a few rounds, one seed revealed."""
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    with TestClient(create_app(make_settings(url))) as client:
        player = Player(client, "alice")
        for _ in range(3):
            player.bet({"banker": 500, "tie": 100})
        rounds = client.get("/api/rounds", headers=player.headers).json()
        seed = client.post("/api/fairness/rotate", headers=player.headers).json()
        # Under the new, unrevealed seed, at a cut-card table.
        client.put("/api/table", json={"preset": "punto-banco"}, headers=player.headers)
        player.bet({"player": 100})
    (tmp_path / "rounds.json").write_text(json.dumps(rounds), encoding="utf-8")
    return {"url": url, "seed": seed["revealed_server_seed"], "rounds": tmp_path / "rounds.json"}


def test_ledger_check_passes_then_finds_a_tampered_balance(played: dict[str, Any]) -> None:
    ok = runner.invoke(app, ["ledger", "check", "--database", played["url"], "--json"])
    assert ok.exit_code == 0, ok.output
    report = json.loads(ok.output)
    assert report["ok"] is True and report["rounds_settled"] == 4
    human = runner.invoke(app, ["ledger", "check", "--database", played["url"]])
    assert human.exit_code == 0 and "ledger check: OK" in human.output
    settings = make_settings(played["url"])
    from puntobanco.server.db import make_engine

    engine = make_engine(settings)
    with engine.begin() as conn:
        conn.execute(update(Wallet).values(balance_minor=Wallet.balance_minor + 5))
    engine.dispose()
    bad = runner.invoke(app, ["ledger", "check", "--database", played["url"]])
    assert bad.exit_code == 1 and "DIFFERENCES FOUND" in bad.output
    assert "balance differences" in bad.output


def test_report_prints_turnover_and_rtp(played: dict[str, Any]) -> None:
    result = runner.invoke(app, ["report", "--database", played["url"], "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["rounds"] == 4 and report["turnover_minor"] == 3 * 600 + 100
    human = runner.invoke(app, ["report", "--database", played["url"]])
    assert human.exit_code == 0 and "turnover 19.00" in human.output
    if report["theory_available"]:
        assert report["full_shoe_reference"] == ["punto-banco"]
        assert "cut-card tables punto-banco: the exact RTP is the full shoe's" in human.output


def test_verify_from_the_database_and_from_an_export(played: dict[str, Any]) -> None:
    db = runner.invoke(app, ["verify", played["seed"], "--database", played["url"], "--json"])
    assert db.exit_code == 0, db.output
    assert json.loads(db.output)["rounds_checked"] == 3
    offline = runner.invoke(app, ["verify", played["seed"], "--rounds", str(played["rounds"])])
    assert offline.exit_code == 0, offline.output
    assert "3 rounds checked, 0 mismatches" in offline.output
    # A forged export is caught.
    page = json.loads(played["rounds"].read_text(encoding="utf-8"))
    page["rounds"][0]["outcome"] = "tie" if page["rounds"][0]["outcome"] != "tie" else "player"
    played["rounds"].write_text(json.dumps(page), encoding="utf-8")
    forged = runner.invoke(app, ["verify", played["seed"], "--rounds", str(played["rounds"])])
    assert forged.exit_code == 1 and "outcome" in forged.output


def test_verify_tampered_database_and_bad_input(played: dict[str, Any]) -> None:
    from puntobanco.server.db import make_engine

    engine = make_engine(make_settings(played["url"]))
    with engine.begin() as conn:
        conn.execute(update(Round).where(Round.id == 1).values(cards="9h 9d 9c 9s"))
    engine.dispose()
    tampered = runner.invoke(app, ["verify", played["seed"], "--database", played["url"]])
    assert tampered.exit_code == 1 and "round 1 cards" in tampered.output
    assert runner.invoke(app, ["verify", "nothex", "--database", played["url"]]).exit_code == 2
    unknown = runner.invoke(app, ["verify", "00" * 32, "--database", played["url"]])
    assert unknown.exit_code == 2 and "None of your server seeds" in unknown.output
    missing = runner.invoke(app, ["verify", played["seed"], "--rounds", "/nonexistent.json"])
    assert missing.exit_code == 2


def test_serve_refuses_a_database_it_cannot_open(monkeypatch: pytest.MonkeyPatch) -> None:
    # serve exports its settings to the environment (for its workers): restore it after.
    monkeypatch.setenv("PUNTOBANCO_DATABASE_URL", "sqlite:///unused.db")
    monkeypatch.setenv("PUNTOBANCO_LOG_LEVEL", "WARNING")
    result = runner.invoke(
        app, ["serve", "--database", "postgresql://nobody@127.0.0.1:1/none", "--port", "8999"]
    )
    assert result.exit_code == 1 and "cannot prepare the database" in result.output
    bad = runner.invoke(app, ["serve", "--port", "0"])
    assert bad.exit_code == 2


def test_serve_passes_the_trusted_proxies_to_uvicorn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: calls.append(kwargs))
    monkeypatch.setenv("PUNTOBANCO_DATABASE_URL", "sqlite:///unused.db")
    monkeypatch.setenv("PUNTOBANCO_LOG_LEVEL", "WARNING")
    url = f"sqlite:///{tmp_path / 'serve.db'}"
    args = ["serve", "--database", url, "--forwarded-allow-ips", "10.0.0.0/8,192.168.1.5"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    [kwargs] = calls
    assert kwargs["proxy_headers"] is True
    assert kwargs["forwarded_allow_ips"] == "10.0.0.0/8,192.168.1.5"
    assert (tmp_path / "serve.db").exists()  # migrated before the workers start
    calls.clear()
    assert runner.invoke(app, ["serve", "--database", url]).exit_code == 0
    assert calls[0]["forwarded_allow_ips"] is None  # uvicorn's default: 127.0.0.1


def test_serve_refuses_a_trusted_proxy_that_is_not_an_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import uvicorn

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: calls.append(kwargs))
    monkeypatch.setenv("PUNTOBANCO_DATABASE_URL", "sqlite:///unused.db")
    monkeypatch.setenv("PUNTOBANCO_LOG_LEVEL", "WARNING")
    result = runner.invoke(app, ["serve", "--forwarded-allow-ips", "10.0.0.2,10.0.0.0/33"])
    assert result.exit_code == 2
    assert "'10.0.0.0/33' is not an IP address or network" in result.output
    assert calls == []  # nothing started
