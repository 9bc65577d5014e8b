"""Rounds dealt from a foreseen state (``rounds.foresight``): written only if it still holds.

On PostgreSQL a worker deals a player's next round from the state its last round of theirs
left, and one statement locks the player's rows and writes that round only if they are that
state. Whatever changed meanwhile (a top-up, a table switch, a round in another worker), the
round is dealt from what is stored: the balance, the shoe's order and the ledger say so.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine, event

from puntobanco.server.db import Step
from puntobanco.server.rounds.foresight import FORESIGHT
from puntobanco.server.settings import Settings
from tests.server.conftest import Player, ledger_check

CONTROL = ("BEGIN", "COMMIT", "ROLLBACK")


def _statements(client: TestClient) -> list[str]:
    """The rounds' statements from now on (on PostgreSQL their own connections', on SQLite
    the app engine's): BEGIN, COMMIT and ROLLBACK left out."""
    seen: list[str] = []
    runner = client.app.state.round_runner  # type: ignore[attr-defined]
    if runner.pg is not None:
        send = runner.pg.send

        async def sent(connection: Any, steps: tuple[Step, ...]) -> list[Any]:
            seen.extend(" ".join(sql.split())[:40] for sql, _ in steps if sql not in CONTROL)
            return await send(connection, steps)

        runner.pg.send = sent
        return seen
    engine: Engine = runner.sync_engine

    @event.listens_for(engine, "before_cursor_execute")
    def _seen(_c: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        seen.append(" ".join(statement.split())[:40])

    return seen


def _follows(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether ``after`` was dealt from the cut-card shoe right after ``before``."""
    shoe, nxt = before["shoe"], after["shoe"]
    return bool(
        nxt["index"] == shoe["index"]
        and nxt["first_card"] == shoe["first_card"] + len(before["cards"])
    )


def test_a_stale_foresight_deals_from_what_is_stored(
    client: TestClient, alice: Player, settings: Settings
) -> None:
    from puntobanco.server.accounts import token_hash

    key = token_hash(alice.token)
    client.put("/api/table", json={"preset": "punto-banco"}, headers=alice.headers)
    first = alice.bet({"banker": 100}).json()
    statements = _statements(client)
    second = alice.bet({"banker": 100}).json()  # foreseen (PostgreSQL): one statement fewer
    assert _follows(first, second)
    if not settings.is_sqlite:
        assert statements[0].startswith("WITH locked AS") and len(statements) == 2
    # Another worker's round: this worker's foresight is of the state before it.
    stale = FORESIGHT.take(key)
    third = alice.bet({"banker": 100}).json()
    if stale is not None:
        FORESIGHT.remember(key, stale)
    fourth = alice.bet({"banker": 100}).json()
    assert _follows(second, third) and _follows(third, fourth)
    # A top-up meanwhile: the balance foreseen is not the wallet's.
    top_up = client.post("/api/wallet/top-up", json={"amount_minor": 700}, headers=alice.headers)
    assert top_up.status_code == 200, top_up.text
    before = alice.balance()
    fifth = alice.bet({"banker": 100}).json()
    assert fifth["balance_minor"] == before + fifth["net_minor"] == alice.balance()
    assert _follows(fourth, fifth)
    # A bet refused on the foreseen balance is judged on the stored one.
    if stale is not None:
        rich = FORESIGHT.take(key)
        assert rich is not None
        FORESIGHT.remember(key, type(rich)(rich.user_id, 0, rich.table, rich.seed))
    sixth = alice.bet({"banker": 100})
    assert sixth.status_code == 201, sixth.text
    # A table switch: a new shoe, not the foreseen one.
    client.put("/api/table", json={"preset": "punto-banco-6"}, headers=alice.headers)
    seventh = alice.bet({"banker": 100}).json()
    assert seventh["shoe"]["index"] == fifth["shoe"]["index"] + 1
    assert seventh["shoe"]["round_in_shoe"] == 1
    check = ledger_check(client)
    assert check["ok"] is True and check["rounds_open"] == []


def test_a_replayed_key_is_answered_as_stored(client: TestClient, alice: Player) -> None:
    first = alice.bet({"banker": 100}, key="same")
    alice.bet({"player": 100})  # leaves a foresight
    again = alice.bet({"banker": 100}, key="same")
    assert again.status_code == 201 and again.json() == first.json()
    assert again.headers.get("Idempotent-Replayed") == "true"
    conflict = alice.bet({"player": 100}, key="same")
    assert conflict.status_code == 409
