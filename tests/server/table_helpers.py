"""Helpers of the Chemin de fer and Banque server tests: a player's requests at a table.

Each answer the tests read is checked against the response model the OpenAPI schema
documents (``ChemAnswerOut``, ``BanqueAnswerOut``, ...).
"""

from __future__ import annotations

import json
import time
import uuid
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from pydantic import BaseModel
from sqlalchemy import create_engine, func, select
from typer.testing import CliRunner

from puntobanco.cli.main import app
from puntobanco.server.models import LedgerEntry
from tests.server.conftest import Player

runner = CliRunner()


def new_key() -> str:
    """A fresh Idempotency-Key."""
    return uuid.uuid4().hex


def post_keyed(
    p: Player, url: str, body: dict[str, Any], answer: type[BaseModel], key: str | None = None
) -> Any:
    """POST an action under ``key`` (a fresh one if None); a 200 must be an ``answer``."""
    response = p.client.post(
        url, json=body, headers={**p.headers, "Idempotency-Key": key or new_key()}
    )
    if response.status_code == 200:
        answer.model_validate(response.json())  # as the OpenAPI schema documents it
    return response


def read_answer(p: Player, url: str, answer: type[BaseModel]) -> dict[str, Any]:
    """GET the table: a 200 that is an ``answer``."""
    response = p.client.get(url, headers=p.headers)
    assert response.status_code == 200, response.text
    answer.model_validate(response.json())
    body: dict[str, Any] = response.json()
    return body


def sit_at(p: Player, url: str, table: type[BaseModel], body: dict[str, Any]) -> dict[str, Any]:
    """POST a new table: a 201 that is a ``table`` with nothing left out."""
    response = p.client.post(url, json=body, headers=p.headers)
    assert response.status_code == 201, response.text
    sat: dict[str, Any] = table.model_validate(response.json()).model_dump()
    assert sat == response.json()
    return sat


def house_players(database_url: str) -> int:
    """The ledger's ``house_players`` account: the computer players' and the bank's chips."""
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            total = conn.execute(
                select(func.coalesce(func.sum(LedgerEntry.amount_minor), 0)).where(
                    LedgerEntry.account == "house_players"
                )
            ).scalar_one()
    finally:
        engine.dispose()
    return int(total)


def rounds_and_seed(client: TestClient, p: Player, game: str) -> tuple[dict[str, Any], str]:
    """The player's rounds of ``game`` (a page of ``GET /api/<game>/rounds``), then the
    server seed they were dealt under, revealed by a rotation."""
    rounds: dict[str, Any] = client.get(f"/api/{game}/rounds?limit=100", headers=p.headers).json()
    rotated = client.post("/api/fairness/rotate", json={}, headers=p.headers).json()
    return rounds, str(rotated["revealed_server_seed"])


def verified_from_the_command_line(
    url: str, export: Path, rounds: dict[str, Any], seed: str
) -> None:
    """``puntobanco verify`` checks the rounds exported and in the database; the ledger checks."""
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


def forged_fields(export: Path, rounds: dict[str, Any], seed: str) -> list[str]:
    """The fields ``puntobanco verify`` names in the (forged) rounds exported; it must fail."""
    export.write_text(json.dumps(rounds), encoding="utf-8")
    caught = runner.invoke(app, ["verify", seed, "--rounds", str(export), "--json"])
    assert caught.exit_code == 1
    return [m["field"] for m in json.loads(caught.stdout)["mismatches"]]


def status_after_waiting(client: TestClient, rounds: Any, round_id: int, seconds: float) -> str:
    """The round's status once settled, or after ``seconds``; read in the database, no request."""
    sessions = client.app.state.sessions  # type: ignore[attr-defined]
    status = "pending"
    for _ in range(int(seconds * 10)):
        with sessions.begin() as session:
            status = session.execute(
                select(rounds.status).where(rounds.id == round_id)
            ).scalar_one()
        if status == "settled":
            break
        time.sleep(0.1)
    return status
