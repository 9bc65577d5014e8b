"""The operator's shared tables through the admin API, on SQLite and PostgreSQL.

A table created by ``PUT /api/admin/tables/{id}`` is the API's: it shows in the lobby, it
is dealt like any other (stepped here by the cycle's own steps on a clock the test moves,
as in tests/server/test_shared_tables.py), its changes apply from the next round, and a
process start (``open_tables`` again) leaves it alone. A table that
``PUNTOBANCO_SHARED_TABLES`` provisions is read and closed through the API, never changed
there. The stored rows are read back from the database, not only the answers.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from puntobanco.server.shared import catalog, dealing
from puntobanco.server.shared.catalog import open_tables, put_table
from puntobanco.server.shared.config import SharedTableConfig
from puntobanco.server.shared.models import Phase, SharedShoe, SharedTableRow
from tests.server.conftest import ADMIN, Clock, Player, sessions_of
from tests.server.shared_helpers import assert_refused, in_each_language
from tests.server.test_shared_tables import Table

ADMIN_HEADERS = {"X-Admin-Token": ADMIN}
#: The settings of the API's table in these tests (its id is the path's).
VIP: dict[str, Any] = {
    "name": "VIP",
    "minimum_minor": 500,
    "maximum_minor": 5_000,
    "betting_seconds": 10,
    "reveal_ms": 0,
}


@pytest.fixture
def client(app_client: TestClient) -> TestClient:
    """The app with no dealer running: the tests step the tables themselves."""
    return app_client


def _put(client: TestClient, table_id: str, body: Any, query: str = "", **headers: str) -> Any:
    return client.put(
        f"/api/admin/tables/{table_id}{query}", json=body, headers={**ADMIN_HEADERS, **headers}
    )


def _stored(client: TestClient, table_id: str) -> SharedTableRow:
    with sessions_of(client)() as session:
        row = session.get(SharedTableRow, table_id)
        assert row is not None
        session.expunge(row)
    return row


def _as_config(table_id: str, body: dict[str, Any]) -> SharedTableConfig:
    return SharedTableConfig.model_validate(body | {"id": table_id})


@pytest.fixture
def admin_logs(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """caplog on the catalogue's logger (the app's start-up stops ``puntobanco`` propagating)."""
    logger = logging.getLogger(catalog.__name__)
    logger.addHandler(caplog.handler)
    try:
        yield caplog
    finally:
        logger.removeHandler(caplog.handler)


def test_a_table_created_by_the_api_is_in_the_lobby_and_dealt(
    client: TestClient, clock: Clock
) -> None:
    created = _put(client, "vip", VIP)
    assert created.status_code == 201, created.text
    body = created.json()
    assert body["id"] == "vip" and body["managed_by"] == "admin" and body["status"] == "open"
    assert body["settings"] == _as_config("vip", VIP).model_dump(exclude={"id"})
    assert body["dealer"] is None and body["shoe"] is None and body["round"] is None
    lobby = client.get("/api/tables").json()["tables"]
    tile = next(tile for tile in lobby if tile["id"] == "vip")
    assert tile["name"] == "VIP" and tile["limits"]["minimum_minor"] == 500

    alice = Player(client, "alice")
    start = alice.balance()
    table = Table(client, _as_config("vip", VIP))
    assert table.lease()
    table.step()  # round 1 on shoe 1
    table.sit(alice, "Ana")
    table.bet(alice, {"player": 1_000}, "a1")
    table.run_until(Phase.SETTLED, clock)
    settled = next(e for e in table.events if e["type"] == "settled")
    assert alice.balance() == start - 1_000 + settled["seats"][0]["payout"]

    shown = client.get("/api/admin/tables/vip", headers=ADMIN_HEADERS).json()
    assert shown["shoe"] == 1 and shown["round"] == 1 and shown["phase"] == "settled"
    assert shown["dealer"]["holder"] == "a"
    listed = client.get("/api/admin/tables", headers=ADMIN_HEADERS).json()["tables"]
    assert [t["id"] for t in listed] == ["vip"] and listed[0] == shown


def test_new_limits_refuse_a_bet_over_the_new_maximum(client: TestClient, clock: Clock) -> None:
    alice = Player(client, "alice")
    assert _put(client, "vip", VIP).status_code == 201
    table = Table(client, _as_config("vip", VIP))
    table.lease()
    table.step()
    table.sit(alice, "Ana")
    table.bet(alice, {"banker": 4_000}, "under the old maximum")
    changed = _put(client, "vip", VIP | {"maximum_minor": 2_000, "betting_seconds": 20})
    assert changed.status_code == 200, changed.text
    assert changed.json()["settings"]["maximum_minor"] == 2_000
    assert changed.json()["settings"]["betting_seconds"] == 20
    assert table.round().number == 1  # the round in play goes on...
    first = table.round()
    assert (first.closes_at - first.opened_at).total_seconds() == 10  # ...on its own countdown
    table.run_until(Phase.SETTLED, clock)
    clock.advance(dealing.RESULT_PAUSE_S)
    table.step()  # round 2, under the new settings
    second = table.round()
    assert second.number == 2 and (second.closes_at - second.opened_at).total_seconds() == 20
    refused = client.put(
        "/api/tables/vip/bets",
        json={"bets": {"banker": 3_000}},
        headers={**alice.headers, "Idempotency-Key": "over the new maximum"},
    )
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "above_maximum"
    assert refused.json()["error"]["params"]["maximum"] == 2_000
    with sessions_of(client)() as session:
        row = session.get(SharedTableRow, "vip")
        assert row is not None and row.managed_by == "admin"


def test_a_new_preset_deals_from_the_next_shoe(client: TestClient, clock: Clock) -> None:
    assert _put(client, "vip", VIP).status_code == 201
    table = Table(client, _as_config("vip", VIP))
    table.lease()
    table.step()
    assert _put(client, "vip", VIP | {"preset": "dragon-bonus"}).status_code == 200
    with sessions_of(client)() as session:
        shoes = session.execute(select(SharedShoe.number, SharedShoe.preset)).all()
    assert shoes == [(1, "punto-banco")]  # the shoe in play keeps its preset
    assert _stored(client, "vip").preset == "dragon-bonus"
    # The lobby's tile and the page's event show the preset dealt now, and its spots' limits.
    tile = next(t for t in client.get("/api/tables").json()["tables"] if t["id"] == "vip")
    assert tile["preset"] == "punto-banco"
    assert "dragon_bonus_player" not in tile["limits"]["maxima_minor"]
    events = client.get("/api/tables/vip/events", params={"after": 0}).json()["events"]
    updated = [e for e in events if e["type"] == "table_updated"][-1]
    assert updated["preset"] == "dragon-bonus"  # as configured
    assert updated["tile"]["preset"] == "punto-banco"
    assert updated["tile"]["limits"] == tile["limits"] and updated["tile"]["rules"] == tile["rules"]
    alice = Player(client, "alice")
    table.sit(alice, "Ana")
    # Bets are checked against the shoe's preset: a Dragon Bonus bet on the old shoe would
    # be refused by its settlement, so it is refused now, and the round settles.
    refused = client.put(
        "/api/tables/vip/bets",
        json={"bets": {"dragon_bonus_player": 500}},
        headers={**alice.headers, "Idempotency-Key": "not on this shoe"},
    )
    assert refused.status_code == 422, refused.text
    assert "Dragon Bonus Player is not offered" in refused.json()["error"]["message"]
    table.bet(alice, {"banker": 1_000}, "on this shoe")
    table.run_until(Phase.SETTLED, clock)
    assert table.round().phase == Phase.SETTLED.value


def test_a_provisioned_table_is_read_and_closed_but_never_changed(client: TestClient) -> None:
    salon = SharedTableConfig(id="salon", name="Salón")
    with sessions_of(client)() as session, session.begin():
        open_tables(session, [salon])
    shown = client.get("/api/admin/tables/salon", headers=ADMIN_HEADERS)
    assert shown.status_code == 200 and shown.json()["managed_by"] == "config"

    def send(query: str, headers: dict[str, str]) -> Any:
        return _put(client, "salon", VIP, query, **headers)

    for lang, response in in_each_language(send):
        assert_refused(response, 409, "table_provisioned", lang)
        messages = response.json()["error"]["messages"]
        assert "PUNTOBANCO_SHARED_TABLES" in messages["en"]
        assert "PUNTOBANCO_SHARED_TABLES" in messages["es"]
    assert _stored(client, "salon").settings_json == salon.to_json()  # nothing changed
    closing = client.post("/api/admin/tables/salon/close", headers=ADMIN_HEADERS)
    assert closing.status_code == 200 and closing.json() == {"table": "salon", "closing": True}
    assert _stored(client, "salon").status == "closing"


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        (VIP | {"preset": "chemin-de-fer"}, "body.preset", "punto-banco"),
        (VIP | {"maximum_minor": 100}, "body", "maximum_minor 100 is below minimum_minor 500"),
        (VIP | {"colour": "green"}, "body.colour", "unknown field"),
        (VIP | {"id": "other"}, "body.id", "'other' is not the path's 'vip'"),
        (VIP | {"betting_seconds": 1}, "body.betting_seconds", "at least 3"),
        (VIP | {"minimum_minor": 0}, "body.minimum_minor", "greater than 0"),
        ({"minimum_minor": 500}, "body.name", "missing"),
    ],
)
def test_a_bad_body_is_refused_naming_the_field(
    client: TestClient, body: dict[str, Any], field: str, words: str
) -> None:
    refused = _put(client, "vip", body)
    assert refused.status_code == 422, refused.text
    error = refused.json()["error"]
    assert error["code"] == "invalid_request" and error["params"]["field"] == field
    assert words in error["messages"]["en"] and f"({field})" in error["messages"]["es"]
    assert error["messages"]["en"] != error["messages"]["es"]
    with sessions_of(client)() as session:
        assert session.execute(select(func.count()).select_from(SharedTableRow)).scalar() == 0


def test_the_body_may_repeat_the_path_id(client: TestClient) -> None:
    assert _put(client, "vip", VIP | {"id": "vip"}).status_code == 201


def test_without_the_admin_token_403(client: TestClient) -> None:
    for token in ({}, {"X-Admin-Token": "wrong"}):
        for method, path, body in (
            ("GET", "/api/admin/tables", None),
            ("GET", "/api/admin/tables/vip", None),
            ("PUT", "/api/admin/tables/vip", VIP),
            ("POST", "/api/admin/tables/vip/close", None),
        ):
            response = client.request(method, path, json=body, headers=token)
            assert response.status_code == 403, (method, path, response.text)
            assert response.json()["error"]["code"] == "admin_forbidden"
    with sessions_of(client)() as session:
        assert session.get(SharedTableRow, "vip") is None
    unknown = client.get("/api/admin/tables/nowhere", headers=ADMIN_HEADERS)
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "table_unknown"


def test_a_process_start_leaves_the_api_table_alone(
    client: TestClient, admin_logs: pytest.LogCaptureFixture
) -> None:
    assert _put(client, "vip", VIP).status_code == 201
    before = _stored(client, "vip")
    renamed = _as_config("vip", VIP | {"name": "Taken over?", "minimum_minor": 100})
    salon = SharedTableConfig(id="salon", name="Salón")
    with sessions_of(client)() as session, session.begin():
        open_tables(session, [salon, renamed])  # the variable names the API's id
    after = _stored(client, "vip")
    assert (after.status, after.managed_by, after.settings_json) == (
        "open",
        "admin",
        before.settings_json,
    )
    assert "vip" in admin_logs.text and "admin API" in admin_logs.text
    with sessions_of(client)() as session, session.begin():
        open_tables(session, [])  # a start that names no table: the API's stays open
    assert _stored(client, "vip").status == "open"
    assert _stored(client, "salon").status == "closing"


def test_close_then_put_opens_the_table_again(client: TestClient, clock: Clock) -> None:
    assert _put(client, "vip", VIP).status_code == 201
    table = Table(client, _as_config("vip", VIP))
    table.lease()
    table.step()
    assert client.post("/api/admin/tables/vip/close", headers=ADMIN_HEADERS).status_code == 200
    table.run_until(Phase.SETTLED, clock)
    clock.advance(dealing.RESULT_PAUSE_S)
    assert [e["type"] for e in table.step().events] == ["shoe_ended", "table_closed"]
    assert _stored(client, "vip").status == "closed"
    assert "vip" not in [t["id"] for t in client.get("/api/tables").json()["tables"]]

    reopened = _put(client, "vip", VIP)
    assert reopened.status_code == 200 and reopened.json()["status"] == "open"
    events = client.get("/api/tables/vip/events", params={"after": 0}).json()["events"]
    assert events[-1]["type"] == "table_updated" and events[-1]["status"] == "open"
    assert table.lease()
    table.step()  # a new shoe, and its first round
    assert table.round().number == 2 and table.round().phase == Phase.BETTING.value
    assert _stored(client, "vip").shoes == 2


def test_close_then_put_before_the_round_ends_keeps_dealing(
    client: TestClient, clock: Clock
) -> None:
    assert _put(client, "vip", VIP).status_code == 201
    table = Table(client, _as_config("vip", VIP))
    table.lease()
    table.step()
    client.post("/api/admin/tables/vip/close", headers=ADMIN_HEADERS)
    assert _put(client, "vip", VIP).json()["status"] == "open"
    table.run_until(Phase.SETTLED, clock)
    clock.advance(dealing.RESULT_PAUSE_S)
    table.step()
    assert table.round().number == 2 and _stored(client, "vip").shoes == 1


def test_two_creations_of_one_id_at_once_both_succeed(client: TestClient) -> None:
    """The first insert holds its row uncommitted while the second arrives: no error."""
    sessions = sessions_of(client)
    first_config = _as_config("vip", VIP)
    second_config = _as_config("vip", VIP | {"name": "VIP 2"})
    answers: dict[str, Any] = {}

    def second() -> None:
        with sessions() as session, session.begin():
            answers["second"] = put_table(session, second_config)

    with sessions() as session, session.begin():
        answers["first"] = put_table(session, first_config)
        racer = threading.Thread(target=second)
        racer.start()
        racer.join(timeout=0.5)  # it waits for this transaction (the row, or SQLite's lock)
        assert racer.is_alive()
    racer.join(timeout=30)
    assert not racer.is_alive()
    assert answers["first"].created and not answers["second"].created
    assert _stored(client, "vip").name == "VIP 2"
    assert _stored(client, "vip").managed_by == "admin"
