"""The shared tables' edges: refusals, failures of the dealer's loop, and the operator's files.

What the other shared-table tests leave out: each refusal of sitting and betting as the
player receives it (and that it stored nothing), the squeeze and the operator's close over
HTTP, the dealer's loop when a step, a publish or the database fails (logged, retried, the
events kept), its stop giving the leases back at once, the configuration's limits, and the
offline check's report of the mismatches that have a sentence of their own.

The app runs on a SQLite file without its own dealer: the tests step a table with the
helpers of ``test_shared_tables`` on a clock they move, or run a :class:`Dealer` of their
own against the same database.
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import shutil
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError
from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker
from typer.testing import CliRunner

from puntobanco.cli.main import app as cli_app
from puntobanco.cli.verify_shared import report
from puntobanco.core.rules import BetKind
from puntobanco.server.errors import ApiError
from puntobanco.server.main import create_app
from puntobanco.server.models import LedgerEntry, utcnow
from puntobanco.server.shared import dealer as dealer_module
from puntobanco.server.shared import dealing, lease, seats
from puntobanco.server.shared import events as events_module
from puntobanco.server.shared import socket as shared_socket
from puntobanco.server.shared.bus import LocalHub
from puntobanco.server.shared.catalog import open_tables
from puntobanco.server.shared.config import SharedTableConfig, parse_shared_tables
from puntobanco.server.shared.dealer import Dealer
from puntobanco.server.shared.events import emit, events_after
from puntobanco.server.shared.export import (
    ShoeCheck,
    ShoeExportError,
    ShoeMismatch,
    check_shoe,
    shoe_export,
)
from puntobanco.server.shared.lease import heartbeat, take_lease
from puntobanco.server.shared.models import (
    Phase,
    SharedBet,
    SharedSeat,
    SharedShoe,
    SharedTableRow,
)
from tests.server.conftest import ADMIN, Clock, Player, make_settings, sessions_of
from tests.server.shared_helpers import next_json, sit
from tests.server.test_shared_export import CONFIG as EXPORTED
from tests.server.test_shared_export import dealt_at
from tests.server.test_shared_tables import TABLE, Table

pytestmark = pytest.mark.timeout(60)

#: The loop itself, kept before any fixture replaces it with one that deals nothing.
DEALER_RUN = dealer_module.Dealer.run


@pytest.fixture
def client(
    tmp_path: Path, migrated_sqlite: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[TestClient]:
    """The app on a migrated SQLite file, its own dealer dealing nothing."""

    async def no_dealing(self: Any) -> None:
        return None

    monkeypatch.setattr(dealer_module.Dealer, "run", no_dealing)
    path = tmp_path / "pb.db"
    shutil.copyfile(migrated_sqlite, path)
    with TestClient(create_app(make_settings(f"sqlite:///{path}"))) as test_client:
        yield test_client


@pytest.fixture
def logs(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """caplog, catching the dealer's and the router's records at INFO and above.

    The app's start-up makes the ``puntobanco`` logger stop propagating
    (``observability.configure_logging``): caplog's handler goes on the loggers themselves.
    """
    names = ("puntobanco.server.shared.dealer", "puntobanco.server.routers.shared")
    loggers = [logging.getLogger(name) for name in names]
    saved = [(logger.level, logger.propagate) for logger in loggers]
    for logger in loggers:
        logger.addHandler(caplog.handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False  # each record caught once
    try:
        yield caplog
    finally:
        for logger, (level, propagate) in zip(loggers, saved, strict=True):
            logger.removeHandler(caplog.handler)
            logger.setLevel(level)
            logger.propagate = propagate


def _error(response: Any) -> str:
    code: str = response.json()["error"]["code"]
    return code


def _seat_rows(client: TestClient, table_id: str) -> list[tuple[str, str, bool]]:
    """Every seat row of the table: (seat name, role, still there)."""
    with sessions_of(client)() as session:
        rows = session.execute(
            select(SharedSeat.seat_name, SharedSeat.role, SharedSeat.left_at).where(
                SharedSeat.table_id == table_id
            )
        ).all()
    return sorted((name, role, left is None) for name, role, left in rows)


def _stored_events(client: TestClient, table_id: str) -> list[dict[str, Any]]:
    with sessions_of(client)() as session:
        found = events_after(session, table_id, 0)
    assert found is not None
    return found


# --- Sitting: each refusal, and what a second sitting changes ---------------------------


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"seat_name": "A"}, "seat_name_bad"),  # under two characters
        ({"seat_name": "Ana<script>"}, "seat_name_bad"),
        ({"seat_name": "   "}, "seat_name_bad"),  # blank once stripped
        ({"client_seed": ""}, "client_seed_bad"),
        ({"client_seed": "tab\there"}, "client_seed_bad"),  # not printable
    ],
)
def test_a_bad_seat_name_or_client_seed_is_422_and_seats_nobody(
    client: TestClient, clock: Clock, body: dict[str, str], code: str
) -> None:
    alice = Player(client, "alice")
    Table(client)
    response = client.post("/api/tables/salon/seat", json=body, headers=alice.headers)
    assert response.status_code == 422, response.text
    assert _error(response) == code
    assert _seat_rows(client, "salon") == []
    assert _stored_events(client, "salon") == []


def test_an_unknown_role_is_refused_by_the_seats_themselves(
    client: TestClient, clock: Clock
) -> None:
    """The HTTP model allows two roles; the seats refuse any other all the same."""
    alice = Player(client, "alice")
    Table(client)
    with sessions_of(client)() as session, session.begin():
        with pytest.raises(ApiError) as refused:
            seats.sit(session, "salon", alice.id, role="dealer", seat_name="Ana", client_seed="s")
    assert refused.value.status == 422 and refused.value.code == "role_unknown"
    assert _seat_rows(client, "salon") == []


def test_a_full_table_takes_spectators_and_its_seated_player_may_sit_again(
    client: TestClient, clock: Clock
) -> None:
    alice, bob = Player(client, "alice"), Player(client, "bob")
    Table(client, SharedTableConfig(id="duo", name="Duo", max_seats=1, reveal_ms=0))
    url = "/api/tables/duo/seat"
    first = client.post(url, json={"seat_name": "Ana", "client_seed": "a"}, headers=alice.headers)
    assert first.status_code == 200, first.text
    full = client.post(url, json={"seat_name": "Bruno"}, headers=bob.headers)
    assert full.status_code == 409 and _error(full) == "table_full"
    watching = client.post(
        url, json={"role": "spectator", "seat_name": "Bruno"}, headers=bob.headers
    )
    assert watching.status_code == 200, watching.text
    # Alice holds the only seat: sitting again (another name, the same seat) is no new seat.
    again = client.post(url, json={"seat_name": "Anita", "client_seed": "b"}, headers=alice.headers)
    assert again.status_code == 200, again.text
    assert again.json() == {
        "table": "duo",
        "seat_name": "Anita",
        "role": "seat",
        "client_seed": "b",
    }
    assert _seat_rows(client, "duo") == [("Anita", "seat", True), ("Bruno", "spectator", True)]
    seat_events = [e for e in _stored_events(client, "duo") if e["type"] == "seat"]
    assert [(e["seat"], e["role"], e["seats"], e["spectators"]) for e in seat_events] == [
        ("Ana", "seat", 1, 0),
        ("Bruno", "spectator", 1, 1),
        ("Anita", "seat", 1, 1),
    ]
    # Alice turns spectator: her seat is free, and Bob may take it.
    client.post(url, json={"role": "spectator", "seat_name": "Anita"}, headers=alice.headers)
    bob_sits = client.post(url, json={"seat_name": "Bruno"}, headers=bob.headers)
    assert bob_sits.status_code == 200, bob_sits.text
    assert _seat_rows(client, "duo") == [("Anita", "spectator", True), ("Bruno", "seat", True)]


def test_leaving_when_not_seated_is_409_and_leaving_is_announced(
    client: TestClient, clock: Clock
) -> None:
    alice = Player(client, "alice")
    Table(client)
    url = "/api/tables/salon/seat"
    not_there = client.delete(url, headers=alice.headers)
    assert not_there.status_code == 409 and _error(not_there) == "not_seated"
    client.post(url, json={"seat_name": "Ana"}, headers=alice.headers)
    left = client.delete(url, headers=alice.headers)
    assert left.status_code == 200 and left.json() == {"table": "salon", "left": True}
    last = _stored_events(client, "salon")[-1]
    assert (last["type"], last["seat"], last["role"], last["seats"]) == ("seat", "Ana", None, 0)
    twice = client.delete(url, headers=alice.headers)
    assert twice.status_code == 409 and _error(twice) == "not_seated"


def test_unknown_tables_are_404_everywhere(client: TestClient, clock: Clock) -> None:
    alice = Player(client, "alice")
    Table(client)
    answers = {
        "state": client.get("/api/tables/nowhere"),
        "events": client.get("/api/tables/nowhere/events"),
        "sit": client.post("/api/tables/nowhere/seat", json={}, headers=alice.headers),
        "leave": client.delete("/api/tables/nowhere/seat", headers=alice.headers),
        "squeeze": client.post(
            "/api/tables/nowhere/squeeze", json={"step": 1}, headers=alice.headers
        ),
        "close": client.post("/api/admin/tables/nowhere/close", headers={"X-Admin-Token": ADMIN}),
    }
    assert {name: (r.status_code, _error(r)) for name, r in answers.items()} == {
        name: (404, "table_unknown") for name in answers
    }
    assert _seat_rows(client, "nowhere") == []


# --- Betting: the same bets again, and a cancel -------------------------------------------


def _ledger_count(client: TestClient) -> int:
    with sessions_of(client)() as session:
        return len(session.execute(select(LedgerEntry.id)).all())


def test_the_same_bets_under_a_new_key_move_no_money_and_a_cancel_releases_all(
    client: TestClient, clock: Clock
) -> None:
    alice = Player(client, "alice")
    start = alice.balance()
    table = Table(client)
    table.lease()
    table.step()
    table.sit(alice, "Ana")
    first = table.bet(alice, {"banker": 1_000}, "k1")
    entries, events = _ledger_count(client), len(_stored_events(client, "salon"))
    same = table.bet(alice, {"banker": 1_000}, "k2")
    assert same.body["balance_minor"] == start - 1_000 == first.body["balance_minor"]
    assert same.events == []
    assert _ledger_count(client) == entries
    assert len(_stored_events(client, "salon")) == events
    # Cancelling releases the whole hold: the wallet is whole again, the round holds nothing.
    cancelled = table.bet(alice, {}, "k3")
    assert cancelled.body["bets"] == {} and cancelled.body["staked_minor"] == 0
    assert alice.balance() == start
    with sessions_of(client)() as session:
        held = session.execute(select(SharedBet.spot).where(SharedBet.user_id == alice.id))
        assert held.all() == []


def test_the_events_endpoint_asks_for_a_snapshot_past_its_limit(
    client: TestClient, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(client)
    table.lease()
    table.step()  # shoe_started, round_opened
    with sessions_of(client)() as session, session.begin():
        emit(session, "salon", [("table_closing", {}), ("table_closing", {})])
    monkeypatch.setattr(events_module, "CATCH_UP_LIMIT", 2)
    behind = client.get("/api/tables/salon/events", params={"after": 0})
    assert behind.status_code == 409 and _error(behind) == "snapshot_needed"
    recent = client.get("/api/tables/salon/events", params={"after": 2})
    assert recent.status_code == 200
    assert [e["seq"] for e in recent.json()["events"]] == [3, 4]
    with sessions_of(client)() as session:
        assert emit(session, "salon", []) == []  # nothing to announce: no number used


def test_a_bus_that_fails_after_the_commit_does_not_fail_the_request(
    client: TestClient, clock: Clock, logs: pytest.LogCaptureFixture
) -> None:
    alice = Player(client, "alice")
    Table(client)

    async def broken(events: Any) -> None:
        raise ConnectionError("bus down")

    client.app.state.shared_bus.publish = broken  # type: ignore[attr-defined]
    seated = client.post("/api/tables/salon/seat", json={"seat_name": "Ana"}, headers=alice.headers)
    assert seated.status_code == 200, seated.text
    assert "events of a committed change not published" in logs.text
    # The event is stored: a client reading the table finds it.
    assert [(e["type"], e["seat"]) for e in _stored_events(client, "salon")] == [("seat", "Ana")]


# --- The squeeze and the operator's close over HTTP ---------------------------------------


def test_the_squeezer_turns_the_card_over_http_and_nobody_else_may(
    client: TestClient, clock: Clock
) -> None:
    alice, bob = Player(client, "alice"), Player(client, "bob")
    config = SharedTableConfig(
        id="squeeze", name="Squeeze", squeeze=True, squeeze_seconds=5, reveal_ms=0
    )
    table = Table(client, config)
    table.lease()
    table.step()
    table.sit(alice, "Ana")
    table.sit(bob, "Bruno")
    table.bet(alice, {"player": 2_000}, "a1")
    table.bet(bob, {"player": 1_000}, "b1")
    url = "/api/tables/squeeze/squeeze"
    early = client.post(url, json={"step": 1}, headers=alice.headers)
    assert early.status_code == 409 and _error(early) == "squeeze_not_yours"
    table.run_until(Phase.DEALING, clock)
    burn = client.post(url, json={"step": 1}, headers=alice.headers)  # the burn: the dealer's
    assert burn.status_code == 409 and _error(burn) == "squeeze_not_yours"
    offered = None
    for _ in range(5):  # the burn first (the dealer's), then the Player's first card
        step = table.step()
        offered = next((e for e in step.events if e["type"] == "squeeze"), None)
        if offered:
            break
    assert offered is not None and offered["seat"] == "Ana" and offered["hand"] == "player"
    waiting = table.step()  # before the deadline nothing is revealed: the squeezer's turn
    assert waiting.events == [] and waiting.wake and 0 < waiting.wait_s <= 5
    not_bobs = client.post(url, json={"step": offered["step"]}, headers=bob.headers)
    assert not_bobs.status_code == 409 and _error(not_bobs) == "squeeze_not_yours"
    turned = client.post(url, json={"step": offered["step"]}, headers=alice.headers)
    assert turned.status_code == 200, turned.text
    assert turned.json() == {"table": "squeeze", "step": offered["step"], "turned": True}
    card = _stored_events(client, "squeeze")[-1]
    assert (card["type"], card["step"], card["by"], card["hand"]) == (
        "card",
        offered["step"],
        "Ana",
        "player",
    )
    again = client.post(url, json={"step": offered["step"]}, headers=alice.headers)
    assert again.status_code == 409 and _error(again) == "squeeze_not_yours"
    # Her next card waits for her until its deadline; then the dealer turns it.
    for _ in range(5):
        step = table.step()
        nxt = next((e for e in step.events if e["type"] == "squeeze"), None)
        if nxt:
            break
    assert nxt is not None and nxt["seat"] == "Ana"
    clock.advance(6)
    table.lease()
    late = table.step()
    assert late.events[0]["type"] == "card" and late.events[0]["by"] == "dealer"


def test_the_operator_closes_a_table_at_the_end_of_its_round(
    client: TestClient, clock: Clock
) -> None:
    alice = Player(client, "alice")
    start = alice.balance()
    table = Table(client)
    table.lease()
    table.step()
    table.sit(alice, "Ana")
    table.bet(alice, {"banker": 500}, "a1")
    admin = {"X-Admin-Token": ADMIN}
    closing = client.post("/api/admin/tables/salon/close", headers=admin)
    assert closing.status_code == 200 and closing.json() == {"table": "salon", "closing": True}
    seq = _stored_events(client, "salon")[-1]["seq"]
    assert client.post("/api/admin/tables/salon/close", headers=admin).status_code == 200
    assert _stored_events(client, "salon")[-1]["seq"] == seq  # once closing, nothing new
    forbidden = client.post("/api/admin/tables/salon/close", headers={"X-Admin-Token": "x"})
    assert forbidden.status_code == 403
    table.run_until(Phase.SETTLED, clock)  # the round in play is dealt and settled
    clock.advance(dealing.RESULT_PAUSE_S)
    closed = table.step()
    assert [e["type"] for e in closed.events] == ["shoe_ended", "table_closed"]
    assert closed.events[0]["ended_by"] == "table_closed"
    settled = next(e for e in table.events if e["type"] == "settled")
    assert [(s["seat"], s["staked"]) for s in settled["seats"]] == [("Ana", 500)]
    assert alice.balance() == start - 500 + settled["seats"][0]["payout"]
    gone = client.post("/api/tables/salon/seat", json={"seat_name": "Ana"}, headers=alice.headers)
    assert gone.status_code == 404 and _error(gone) == "table_unknown"
    with sessions_of(client)() as session:
        row = session.get(SharedTableRow, "salon")
        assert row is not None and row.lease_holder is None
        assert row.status == "closed"


# --- The dealer's loop --------------------------------------------------------------------


def _run_dealer(dealer: Dealer, until: Callable[[], bool], *, within_s: float = 10.0) -> None:
    """Run the dealer's loop until ``until()`` holds (checked in a thread), then stop it."""

    async def scenario() -> None:
        loop = asyncio.create_task(DEALER_RUN(dealer))
        try:
            async with asyncio.timeout(within_s):
                while not await asyncio.to_thread(until):
                    await asyncio.sleep(0.02)
        finally:
            await dealer.stop()
            await asyncio.wait_for(loop, 5)

    asyncio.run(scenario())


def _opened(client: TestClient, table_id: str = "salon") -> Callable[[], bool]:
    def check() -> bool:
        return any(e["type"] == "round_opened" for e in _stored_events(client, table_id))

    return check


def _open(client: TestClient, *configs: SharedTableConfig) -> None:
    with sessions_of(client)() as session, session.begin():
        open_tables(session, list(configs or (TABLE,)))


def _holder(client: TestClient, table_id: str = "salon") -> str | None:
    with sessions_of(client)() as session:
        row = session.get(SharedTableRow, table_id)
        assert row is not None
        return row.lease_holder


def test_a_step_that_fails_is_logged_and_retried(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, logs: pytest.LogCaptureFixture
) -> None:
    _open(client)
    calls = {"n": 0}
    real = dealing.advance

    def flaky(session: Session, table_id: str, holder: str) -> dealing.Step:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("deadlock detected")
        return real(session, table_id, holder)

    monkeypatch.setattr(dealer_module, "advance", flaky)
    dealer = Dealer(sessions_of(client), LocalHub(), heartbeat_s=0.05, holder="h1")
    _run_dealer(dealer, _opened(client))
    assert "shared table salon: a step failed; retrying" in logs.text
    # Retried from what is stored: one shoe, one round, each announced once.
    kinds = [e["type"] for e in _stored_events(client, "salon")]
    assert kinds == ["shoe_started", "round_opened"]
    # Stopped: the lease is free at once, for another process to take now.
    assert _holder(client) is None
    with sessions_of(client)() as session, session.begin():
        assert take_lease(session, "salon", "h2", lease_s=5)


def test_events_the_bus_cannot_publish_are_logged_and_kept(
    client: TestClient, logs: pytest.LogCaptureFixture
) -> None:
    _open(client)
    hub = LocalHub()

    async def broken(events: Any) -> None:
        raise ConnectionError("bus down")

    hub.publish = broken  # type: ignore[method-assign]
    dealer = Dealer(sessions_of(client), hub, heartbeat_s=0.05, holder="h1")
    _run_dealer(dealer, _opened(client))
    assert "shared table salon: events not published" in logs.text
    assert [e["type"] for e in _stored_events(client, "salon")] == ["shoe_started", "round_opened"]


def test_the_database_down_at_a_lease_pass_holds_nothing_until_it_is_back(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, logs: pytest.LogCaptureFixture
) -> None:
    _open(client)
    dealer = Dealer(sessions_of(client), LocalHub(), heartbeat_s=0.05, holder="h1")
    real = dealer._renew
    passes = {"n": 0}

    def down_once() -> set[str]:
        passes["n"] += 1
        if passes["n"] == 1:
            raise ConnectionRefusedError("database down")
        return real()

    monkeypatch.setattr(dealer, "_renew", down_once)
    _run_dealer(dealer, _opened(client))
    assert "the leases could not be renewed" in logs.text
    assert passes["n"] >= 2


def test_a_dealer_whose_lease_is_taken_stops_dealing_that_table(client: TestClient) -> None:
    _open(client)
    dealer = Dealer(sessions_of(client), LocalHub(), heartbeat_s=0.05, lease_s=5, holder="h1")
    seen: dict[str, Any] = {}

    def taken_over() -> bool:
        if "held" not in seen:
            if dealer.held != {"salon"} or not _opened(client)():
                return False
            seen["held"] = dealer.held
            seen["seq"] = _stored_events(client, "salon")[-1]["seq"]
            # Another process takes the table as if h1's lease had expired.
            with sessions_of(client)() as session, session.begin():
                session.execute(
                    update(SharedTableRow)
                    .where(SharedTableRow.id == "salon")
                    .values(lease_holder="h2", lease_expires_at=utcnow() + timedelta(seconds=60))
                )
        # At its next heartbeat h1 sees the lease is another's and stops dealing there.
        return dealer.held == frozenset()

    _run_dealer(dealer, taken_over)
    assert seen["held"] == {"salon"}
    assert _stored_events(client, "salon")[-1]["seq"] == seen["seq"]
    assert _holder(client) == "h2"  # the stop gave back nothing that was not its own


def test_a_step_that_finds_the_lease_lost_ends_that_tables_task(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, logs: pytest.LogCaptureFixture
) -> None:
    """The step's fence (another holder, or expired) stops the task; nothing is dealt."""
    _open(client)

    def fenced(session: Session, table_id: str, holder: str) -> dealing.Step:
        raise lease.LeaseLost(table_id)

    monkeypatch.setattr(dealer_module, "advance", fenced)
    dealer = Dealer(sessions_of(client), LocalHub(), heartbeat_s=0.05, holder="h1")
    _run_dealer(dealer, lambda: "lease lost" in logs.text)
    assert "shared table salon: lease lost" in logs.text
    assert "a step failed" not in logs.text
    assert _stored_events(client, "salon") == []


def test_two_dealers_share_the_tables(client: TestClient) -> None:
    """A dealer takes no more than its share, and gives back what is over it."""
    first = SharedTableConfig(id="t1", name="One", reveal_ms=0)
    second = SharedTableConfig(id="t2", name="Two", reveal_ms=0)
    _open(client, first, second)
    sessions = sessions_of(client)
    alone = Dealer(sessions, LocalHub(), holder="h1")
    assert alone._renew() == {"t1", "t2"}  # the only dealer alive deals both
    with sessions() as session, session.begin():
        heartbeat(session, "h2", lease_s=5)
    assert alone._renew() == {"t1"}  # two alive: one table each
    assert (_holder(client, "t1"), _holder(client, "t2")) == ("h1", None)
    other = Dealer(sessions, LocalHub(), holder="h2")
    assert other._renew() == {"t2"}
    # A third process starting now takes its share and no more (none is free).
    with sessions() as session, session.begin():
        heartbeat(session, "h3", lease_s=5)
    assert Dealer(sessions, LocalHub(), holder="h3")._renew() == set()


# --- The configuration ---------------------------------------------------------------------


def test_limits_without_separate_maxima_and_with_pairs() -> None:
    plain = SharedTableConfig(
        id="plain", name="Plain", tie_maximum_minor=None, side_bet_maximum_minor=None
    )
    assert plain.limits().maxima_minor == {}
    pairs = SharedTableConfig(
        id="pairs", name="Pairs", preset="punto-banco-pairs", side_bet_maximum_minor=2_000
    )
    maxima = pairs.limits().maxima_minor
    assert maxima[BetKind.PLAYER_PAIR] == maxima[BetKind.BANKER_PAIR] == 2_000
    assert maxima[BetKind.TIE] == 10_000


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("[{", "shared_tables is a JSON list of tables"),
        (
            json.dumps([{"id": "a", "name": "A"}, {"id": "a", "name": "B"}]),
            "names the table id 'a' more than once",
        ),
        (json.dumps({"id": "a", "name": "A"}), "valid tuple"),  # one table, not a list
        (json.dumps([{"id": "a", "name": "A", "preset": "chemin-de-fer"}]), "unknown preset"),
        (
            json.dumps([{"id": "a", "name": "A", "minimum_minor": 500, "maximum_minor": 100}]),
            "maximum_minor 100 is below minimum_minor 500",
        ),
    ],
)
def test_the_operators_table_list_is_refused_with_its_reason(value: str, message: str) -> None:
    with pytest.raises(ValidationError) as refused:
        make_settings("sqlite:///unused.db", shared_tables=value)
    assert message in str(refused.value)


def test_a_table_list_given_as_objects_passes_as_it_is() -> None:
    tables = (SharedTableConfig(id="a", name="A"),)
    assert parse_shared_tables(tables) is tables
    assert make_settings("sqlite:///unused.db", shared_tables=tables).shared_tables == tables


# --- The offline check's words ------------------------------------------------------------

_CHECK = ShoeCheck("salon", 2, "ab" * 32, "cd" * 16, ("Lince",), 12, 30, None)


def _with(mismatch: ShoeMismatch) -> ShoeCheck:
    return ShoeCheck("salon", 2, "ab" * 32, "cd" * 16, ("Lince",), 12, 30, mismatch)


def test_the_report_names_a_shoe_field_and_a_bet_that_cannot_be_settled() -> None:
    count = report(_with(ShoeMismatch("rounds", "69", "70")), "en")
    assert count[1] == "  rounds: recorded '69', recomputed '70'"
    assert report(_with(ShoeMismatch("rounds", "69", "70")), "es")[1].startswith("  ")
    invalid = report(
        _with(ShoeMismatch("bet", "dragon_player", "not offered", round=3, seat="Lince")), "en"
    )
    assert invalid[1].startswith("  round 3, seat Lince: the bet on ")
    assert invalid[1].endswith("cannot be settled: 'not offered'")
    assert report(_CHECK, "en")[0].endswith("all as recorded")


def test_a_file_that_is_not_an_object_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "shoe.json"
    path.write_text("[1, 2]", encoding="utf-8")
    result = CliRunner().invoke(
        cli_app,
        ["verify", "--shared-shoe", str(path), "--lang", "en"],
        env={"LANG": "C", "LC_ALL": None, "LC_MESSAGES": None},
    )
    assert result.exit_code == 2, result.output
    assert "it is not a JSON object" in result.stderr
    assert "Traceback" not in result.output


def test_a_table_no_longer_configured_closes_and_opens_again_when_configured(
    client: TestClient,
) -> None:
    first = SharedTableConfig(id="t1", name="One")
    second = SharedTableConfig(id="t2", name="Two")
    _open(client, first, second)
    _open(client, first)  # the operator removed t2: it closes at the end of its round

    def statuses() -> dict[str, str]:
        with sessions_of(client)() as session:
            return dict(session.execute(select(SharedTableRow.id, SharedTableRow.status)).all())

    assert statuses() == {"t1": "open", "t2": "closing"}
    _open(client, first)  # once closing it stays so: no second close
    assert statuses() == {"t1": "open", "t2": "closing"}
    _open(client, first, second.model_copy(update={"name": "Two again"}))
    assert statuses() == {"t1": "open", "t2": "open"}
    with sessions_of(client)() as session:
        row = session.get(SharedTableRow, "t2")
        assert row is not None and row.name == "Two again"


def test_a_dealer_with_its_share_leaves_a_free_table_to_another(client: TestClient) -> None:
    tables = [SharedTableConfig(id=f"t{n}", name=f"T{n}") for n in (1, 2, 3)]
    _open(client, *tables)
    sessions = sessions_of(client)
    with sessions() as session, session.begin():
        for holder in ("h1", "h2", "h3"):
            heartbeat(session, holder, lease_s=5)
    with sessions() as session, session.begin():
        assert take_lease(session, "t1", "h1", lease_s=5)
        assert take_lease(session, "t2", "h2", lease_s=5)
    # Three alive, three tables: h1 keeps t1 and leaves t3 free, though it could take it.
    assert Dealer(sessions, LocalHub(), holder="h1")._renew() == {"t1"}
    assert _holder(client, "t3") is None
    assert Dealer(sessions, LocalHub(), holder="h3")._renew() == {"t3"}


def _wait_s(dealer: Dealer, step: dealing.Step, send: dict[str, Any] | None) -> float:
    """How long the dealer waits for its next step when ``send`` is published meanwhile."""
    hub = LocalHub()
    dealer._bus = hub

    async def scenario() -> float:
        async with hub.subscribe("salon") as sub:
            loop = asyncio.get_running_loop()
            if send is not None:
                loop.call_later(0.05, hub.dispatch, json.dumps({"table": "salon", **send}))
            started = loop.time()
            await dealer._wait(sub, step)
            return loop.time() - started

    return asyncio.run(scenario())


def test_a_turned_card_wakes_the_dealer_before_its_deadline(client: TestClient) -> None:
    dealer = Dealer(sessions_of(client), LocalHub(), heartbeat_s=0.05, holder="h1")
    squeeze_wait = dealing.Step([], 3.0, wake=True)
    assert _wait_s(dealer, squeeze_wait, {"type": "card", "seq": 9}) < 1.0
    # A marker (events the bus lost, a turned card among them perhaps) wakes it too.
    assert _wait_s(dealer, squeeze_wait, {"type": "_gap", "seq": -1}) < 1.0
    # Any other event does not, nor a card when the step is not a squeeze's.
    assert _wait_s(dealer, dealing.Step([], 0.4, wake=True), {"type": "bets", "seq": 9}) >= 0.4
    assert _wait_s(dealer, dealing.Step([], 0.4), {"type": "card", "seq": 9}) >= 0.4


def test_a_socket_reads_back_the_events_the_bus_failed_to_carry(
    client: TestClient, clock: Clock
) -> None:
    alice, bob = Player(client, "alice"), Player(client, "bob")
    table = Table(client)
    table.lease()
    table.step()  # seq 1 and 2: shoe_started, round_opened
    bus = client.app.state.shared_bus  # type: ignore[attr-defined]
    with client.websocket_connect("/ws/tables/salon") as ws:
        ws.send_json({"type": "hello"})
        hello = next_json(ws)
        assert (hello["type"], hello["seq"]) == ("welcome", 2)

        async def broken(events: Any) -> None:
            raise ConnectionError("bus down")

        bus.publish = broken
        sit(client, alice, "salon", seat_name="Ana")  # seq 3: stored, never carried
        del bus.publish
        sit(client, bob, "salon", seat_name="Bruno")  # seq 4: carried; 3 is missing
        got = [next_json(ws), next_json(ws)]
    assert [(e["seq"], e["type"], e["seat"]) for e in got] == [
        (3, "seat", "Ana"),
        (4, "seat", "Bruno"),
    ]


# --- The export and its check: a file changed or incomplete -------------------------------


@pytest.fixture(scope="module")
def dealt_shoe(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[sessionmaker[Session], dict[str, Any]]]:
    """A whole shoe dealt by the dealer's steps, and its export as the API writes it."""
    url = f"sqlite:///{tmp_path_factory.mktemp('edges-export') / 'pb.db'}"
    with dealt_at(url) as dealt:
        with dealt.sessions.begin() as session:
            export = json.loads(json.dumps(shoe_export(session, EXPORTED.id, 1)))
        yield dealt.sessions, export


def _first_bet(data: dict[str, Any]) -> dict[str, Any]:
    bet: dict[str, Any] = next(b for r in data["rounds"] for b in r["bets"])
    return bet


def _break(data: dict[str, Any], change: str) -> None:
    if change == "payout_bool":
        _first_bet(data)["payout_minor"] = True
    elif change == "card_not_text":
        data["rounds"][0]["cards"][0] = 7
    elif change == "rules_unknown_key":
        data["rules"]["jokers"] = 2
    elif change == "seed_not_hex":
        data["server_seed"] = "zz" * 32
    elif change == "seed_short":
        data["server_seed"] = "ab" * 8
    elif change == "shoe_not_int":
        data["shoe"] = True


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ("payout_bool", "payout_minor"),
        ("card_not_text", "rounds[0].cards"),
        ("rules_unknown_key", "rules"),
        ("seed_not_hex", "server_seed"),
        ("seed_short", "server_seed"),
        ("shoe_not_int", "shoe"),
    ],
)
def test_a_malformed_export_names_its_field(
    dealt_shoe: tuple[Any, dict[str, Any]], change: str, field: str
) -> None:
    data = copy.deepcopy(dealt_shoe[1])
    assert check_shoe(data).mismatch is None  # as exported, it passes
    _break(data, change)
    with pytest.raises(ShoeExportError) as refused:
        check_shoe(data)
    assert refused.value.field.endswith(field)


def _alter(data: dict[str, Any], change: str) -> None:
    last = data["rounds"][-1]
    if change == "no_seeds":
        data["seeds"] = None
    elif change == "other_preset":
        data["preset"] = "dragon-bonus"  # the rules stated stay punto-banco's
    elif change == "no_rounds":
        data["rounds"] = []
    elif change == "round_after_the_cut_card":
        extra = copy.deepcopy(last)
        extra["number"] += 1
        extra["round_in_shoe"] += 1
        data["rounds"].append(extra)
    elif change == "unknown_spot":
        _first_bet(data)["spot"] = "jackpot"
    elif change == "nonce":
        data["nonce"] = 2


@pytest.mark.parametrize(
    ("change", "field", "recorded"),
    [
        ("no_seeds", "seeds", "null"),
        ("other_preset", "rules", "dragon-bonus"),
        ("no_rounds", "rounds", "0"),
        ("round_after_the_cut_card", "rounds", None),
        ("unknown_spot", "bet", "jackpot"),
        ("nonce", "nonce", "2"),
    ],
)
def test_an_altered_export_stops_at_its_first_mismatch(
    dealt_shoe: tuple[Any, dict[str, Any]], change: str, field: str, recorded: str | None
) -> None:
    data = copy.deepcopy(dealt_shoe[1])
    _alter(data, change)
    mismatch = check_shoe(data).mismatch
    assert mismatch is not None and mismatch.field == field
    if recorded is not None:
        assert mismatch.recorded == recorded
    if change == "round_after_the_cut_card":
        # Every round up to the cut card was checked; the one after it cannot be.
        assert mismatch.recorded == str(len(data["rounds"]))
        assert mismatch.recomputed == str(len(data["rounds"]) - 1)
    if change == "unknown_spot":
        assert mismatch.seat == _first_bet(data)["seat"]
    lines = report(check_shoe(data), "en")
    assert lines[0].startswith(f"Shared shoe 1 of table {EXPORTED.id}: ")
    assert "all as recorded" not in lines[0]


def test_a_shoe_whose_seats_seeds_were_not_stored_exports_them_as_null(
    dealt_shoe: tuple[sessionmaker[Session], dict[str, Any]],
) -> None:
    """An older shoe (its seats' seeds not kept): the check says it cannot recompute them."""
    sessions, _export = dealt_shoe
    with sessions.begin() as session:
        shoe = session.execute(
            select(SharedShoe).where(SharedShoe.table_id == EXPORTED.id, SharedShoe.number == 1)
        ).scalar_one()
        kept, shoe.seeds_json = shoe.seeds_json, None
        session.flush()
        export = json.loads(json.dumps(shoe_export(session, EXPORTED.id, 1)))
        shoe.seeds_json = kept
    assert export["seeds"] is None
    mismatch = check_shoe(export).mismatch
    assert mismatch is not None and (mismatch.field, mismatch.recorded) == ("seeds", "null")


def test_a_reshuffled_shoe_of_one_round_exports_and_verifies(
    client: TestClient, clock: Clock
) -> None:
    """At an ``online`` table (a fresh shoe each round, no burn) every round is a whole shoe."""
    alice = Player(client, "alice")
    table = Table(client, SharedTableConfig(id="online", name="Online", preset="online"))
    table.lease()
    table.step()
    table.sit(alice, "Ana")
    table.bet(alice, {"player": 1_000}, "a1")
    table.run_until(Phase.SETTLED, clock)
    ended = [e for e in table.events if e["type"] == "shoe_ended"]
    assert [(e["shoe"], e["rounds"], e["ended_by"]) for e in ended] == [(1, 1, "cut_card")]
    export = client.get("/api/tables/online/shoes/1")
    assert export.status_code == 200, export.text
    data = export.json()
    assert [r["burn"] for r in data["rounds"]] == [None]
    check = check_shoe(data)
    assert check.mismatch is None and (check.rounds_checked, check.bets_checked) == (1, 1)
    data["rounds"][0]["burn"] = {"shown": "Kd", "face_down": 10}  # a burn that never was
    burnt = check_shoe(data).mismatch
    assert burnt is not None and (burnt.field, burnt.recomputed) == ("burn", "null")


def test_a_steady_pinger_is_not_taken_for_a_flood(
    client: TestClient, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the messages of the last window count: 50 pings over two windows pass."""
    Table(client)
    monkeypatch.setattr(shared_socket, "FLOOD_WINDOW_S", 0.3)
    with client.websocket_connect("/ws/tables/salon") as ws:
        ws.send_json({"type": "hello"})
        assert next_json(ws)["type"] == "welcome"
        for _burst in range(2):
            for _ in range(25):
                ws.send_json({"type": "ping"})
            assert {next_json(ws)["type"] for _ in range(25)} == {"pong"}
            time.sleep(0.4)
        ws.send_json({"type": "ping"})
        assert next_json(ws)["type"] == "pong"
