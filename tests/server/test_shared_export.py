"""A shared shoe's export (server/shared/export.py, routers/shared_shoes.py) and its check.

A whole shoe is dealt for real by the dealer's own step function
(:func:`~puntobanco.server.shared.dealing.advance`) on a clock the test moves, so its ~75
rounds take no waiting: three seats bet through :func:`~puntobanco.server.shared.seats.put_bets`
as players do, and the shoe ends at its cut card. The export must then be what the
players were shown (the ``card`` and ``settled`` events) and pass the check, and every
kind of tampering must be caught by the check, each at its own field.
"""

from __future__ import annotations

import copy
import hashlib
import json
import shutil
import uuid
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select, text
from sqlalchemy.orm import Session, sessionmaker

from puntobanco.server.accounts import create_player
from puntobanco.server.db import make_engine, make_sessionmaker, migrate
from puntobanco.server.main import create_app
from puntobanco.server.settings import Settings
from puntobanco.server.shared import dealing, lease, seats
from puntobanco.server.shared.catalog import open_tables
from puntobanco.server.shared.config import SharedTableConfig
from puntobanco.server.shared.export import FORMAT, ShoeExportError, check_shoe, shoe_export
from puntobanco.server.shared.models import SharedBet, SharedShoe
from tests.server.conftest import PG_ROOT, make_settings, move_clock, pg_schema_url, postgres_reason

TABLE = "salon-test"
CONFIG = SharedTableConfig(id=TABLE, name="Salón de prueba", betting_seconds=3, reveal_ms=0)
#: This test's lease holder: the app's own dealer never takes a lease held this long.
HOLDER = "test-dealer"
#: Seat name -> (account, client seed). Lince sits but does not bet in the shoe's first
#: round, so its seed is not part of the client seed; Garza only watches.
SEATS = {
    "Mariposa": ("alice", "mariposa-7f3a"),
    "Tortuga": ("bob", "tortuga-19c2"),
    "Lince": ("carol", "lince-0b4e"),
}
WATCHER = ("dave", "Garza")
#: Shoe 1's server seed, fixed so that every run deals the same shoe (shoe 2's is drawn).
SEED = bytes(range(32))


class Clock:
    """The dealer's ``utcnow``, moved by the test: a shoe deals without waiting."""

    def __init__(self) -> None:
        self.now = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.now


def bets_for(seat: str, round_in_shoe: int) -> dict[str, int]:
    """What each seat stakes in a round: a schedule that covers wins, losses and pushes."""
    if seat == "Mariposa":
        return {"banker": 1_000, **({"tie": 100} if round_in_shoe % 5 == 0 else {})}
    if seat == "Tortuga":
        return {"player": 500} if round_in_shoe % 2 else {}
    return {"player": 200, "banker": 300} if round_in_shoe % 3 == 0 else {}


@dataclass
class Dealt:
    """A table dealt by :func:`deal_shoe`: its ended shoe 1, and shoe 2 open for bets."""

    sessions: sessionmaker[Session]
    url: str
    rounds: int
    events: list[dict[str, Any]]


def deal_shoe(sessions: sessionmaker[Session], settings: Settings, *, url: str = "") -> Dealt:
    """Deal one whole shoe at :data:`TABLE`, then open the next shoe's first round.

    The table keeps :data:`HOLDER`'s lease (for a long time), so a running app's dealer
    leaves it alone.
    """
    clock = Clock()
    with pytest.MonkeyPatch.context() as patch:
        move_clock(patch, clock)
        patch.setitem(dealing.TEST_SERVER_SEED, "seed", SEED)
        users = _seat_players(sessions, settings)
        events: list[dict[str, Any]] = []
        rounds = 0
        while True:
            with sessions.begin() as session:
                step = dealing.advance(session, TABLE, HOLDER)
            events += step.events
            dealing.TEST_SERVER_SEED["seed"] = None  # shoe 1 has its seed now
            kinds = {event["type"] for event in step.events}
            opened = [e for e in step.events if e["type"] == "round_opened"]
            if opened and opened[0]["shoe"] == 2:
                break
            if opened:
                _bet(sessions, users, opened[0]["round_in_shoe"])
            rounds += "settled" in kinds
            clock.now += timedelta(seconds=step.wait_s)
    return Dealt(sessions, url, rounds, events)


def _seat_players(sessions: sessionmaker[Session], settings: Settings) -> dict[str, int]:
    """The table opened, its lease taken, three seats and a spectator sat down."""
    with sessions.begin() as session:
        open_tables(session, [CONFIG])
        session.flush()
        assert lease.take_lease(session, TABLE, HOLDER, lease_s=10**7)
    users: dict[str, int] = {}
    people = [(seat, account, seed, "seat") for seat, (account, seed) in SEATS.items()]
    people.append((WATCHER[1], WATCHER[0], "garza", "spectator"))
    for seat, account, seed, role in people:
        with sessions.begin() as session:
            user = create_player(session, settings, username=account, password_hash="x")
            seats.sit(session, TABLE, user.id, role=role, seat_name=seat, client_seed=seed)
        users[seat] = user.id
    return users


def _bet(sessions: sessionmaker[Session], users: dict[str, int], round_in_shoe: int) -> None:
    for seat in SEATS:
        stakes = bets_for(seat, round_in_shoe)
        if stakes:
            with sessions.begin() as session:
                key = f"{seat}-{round_in_shoe}"
                seats.put_bets(session, TABLE, users[seat], stakes, key=key, fingerprint=key)


@contextmanager
def dealt_at(url: str) -> Iterator[Dealt]:
    """A migrated database at ``url`` holding :func:`deal_shoe`'s table."""
    settings = make_settings(url, shared_tables=(CONFIG,), grant_minor=500_000)
    engine = make_engine(settings)
    migrate(engine)
    try:
        yield deal_shoe(make_sessionmaker(engine), settings, url=url)
    finally:
        engine.dispose()


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def dealt(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Dealt]:
    """A database (SQLite, or a PostgreSQL schema) holding :func:`deal_shoe`'s table.

    Dealt once per module and backend (a shoe is ~750 transactions); the tests only read it.
    """
    if request.param == "sqlite":
        path = tmp_path_factory.mktemp("shared-export") / "pb.db"
        shutil.copyfile(request.getfixturevalue("migrated_sqlite"), path)
        with dealt_at(f"sqlite:///{path}") as dealt_table:
            yield dealt_table
        return
    reason = postgres_reason()
    if reason:
        pytest.skip(reason)
    schema = f"t_export_{uuid.uuid4().hex[:10]}"
    root = create_engine(PG_ROOT)
    with root.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        with dealt_at(pg_schema_url(schema)) as dealt_table:
            yield dealt_table
    finally:
        with root.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        root.dispose()


@pytest.fixture(scope="module")
def app_client(dealt: Dealt) -> Iterator[TestClient]:
    """The app on the dealt database (its dealer cannot take the table's lease)."""
    with TestClient(create_app(make_settings(dealt.url, shared_tables=(CONFIG,)))) as client:
        yield client


def export_of(dealt: Dealt, number: int = 1) -> dict[str, Any]:
    with dealt.sessions.begin() as session:
        return shoe_export(session, TABLE, number)


def test_a_whole_shoe_dealt_by_the_dealer_exports_and_checks(dealt: Dealt) -> None:
    export = export_of(dealt)
    check = check_shoe(export)
    assert check.mismatch is None
    # A cut-card 8-deck shoe: the cut card 14 from the end, ~75 rounds.
    assert 60 <= dealt.rounds <= 90
    assert check.rounds_checked == dealt.rounds == len(export["rounds"]) == export["rounds_dealt"]
    with dealt.sessions.begin() as session:
        stored_bets = len(session.execute(select(SharedBet)).scalars().all())
    assert check.bets_checked == stored_bets > 0
    assert export["format"] == FORMAT and export["nonce"] == 1
    assert export["table"] == {"id": TABLE, "name": "Salón de prueba"}
    assert export["rules"]["name"] == "punto-banco" and export["rules"]["decks"] == 8
    seed = bytes.fromhex(export["server_seed"])
    assert hashlib.sha256(seed).hexdigest() == export["server_seed_hash"]
    # The seats that bet in the first round, sorted, and no one else's.
    assert export["seeds"] == [
        {"seat": "Mariposa", "client_seed": "mariposa-7f3a"},
        {"seat": "Tortuga", "client_seed": "tortuga-19c2"},
    ]
    assert check.seats == ("Mariposa", "Tortuga")
    rounds = export["rounds"]
    assert [r["round_in_shoe"] for r in rounds] == list(range(1, len(rounds) + 1))
    assert [r["last_in_shoe"] for r in rounds] == [False] * (len(rounds) - 1) + [True]
    assert rounds[0]["burn"] is not None and all(r["burn"] is None for r in rounds[1:])
    outcomes = {r["outcome"] for r in rounds}
    resolutions = {b["resolution"] for r in rounds for b in r["bets"]}
    assert outcomes >= {"player", "banker"} and resolutions >= {"win", "lose"}


def test_the_export_is_what_the_players_were_shown(dealt: Dealt) -> None:
    export = export_of(dealt)
    shown: dict[int, list[str]] = defaultdict(list)
    paid: dict[tuple[int, str], int] = {}
    burn: dict[str, Any] = {}
    for event in dealt.events:
        if event["type"] == "card":
            shown[event["round"]].append(event["card"])
        elif event["type"] == "burn":
            burn = {"shown": event["card"], "face_down": event["face_down"]}
        elif event["type"] == "settled":
            for seat in event["seats"]:
                paid[(event["round"], seat["seat"])] = seat["payout"]
    ended = next(e for e in dealt.events if e["type"] == "shoe_ended")
    fixed = next(e for e in dealt.events if e["type"] == "client_seed_fixed")
    started = next(e for e in dealt.events if e["type"] == "shoe_started")
    assert export["server_seed"] == ended["server_seed"]
    assert export["server_seed_hash"] == started["server_seed_hash"]
    assert export["client_seed"] == fixed["client_seed"] == ended["client_seed"]
    assert export["seeds"] == fixed["seeds"]
    assert export["rounds"][0]["burn"] == burn
    for round_ in export["rounds"]:
        assert round_["cards"] == shown[round_["number"]]
        by_seat: dict[str, int] = defaultdict(int)
        for bet in round_["bets"]:
            by_seat[bet["seat"]] += bet["payout_minor"]
        assert by_seat == {
            seat: payout for (number, seat), payout in paid.items() if number == round_["number"]
        }


def _tampered(export: dict[str, Any], change: str) -> dict[str, Any]:
    """A copy of ``export`` with one thing changed."""
    data = copy.deepcopy(export)
    round_ = data["rounds"][4]
    if change == "card":
        round_["cards"][2] = "9s" if round_["cards"][2][0] == "K" else "Ks"
    elif change == "payout":
        bet = next(b for r in data["rounds"][3:] for b in r["bets"] if b["seat"] == "Tortuga")
        bet["payout_minor"] += 1
    elif change == "client_seed":
        data["client_seed"] = "0" * 32
    elif change == "server_seed":
        data["server_seed"] = "ab" * 32
    elif change == "seat_seed":
        data["seeds"][0]["client_seed"] = "mariposa-7f3b"
    elif change == "forged_pair":
        # A seed of the house's choosing with its own hash: the cards give it away.
        data["server_seed"] = "cd" * 32
        data["server_seed_hash"] = hashlib.sha256(bytes.fromhex("cd" * 32)).hexdigest()
    elif change == "last_round_dropped":
        del data["rounds"][-1]
        data["rounds_dealt"] -= 1
    elif change == "outcome":
        round_["outcome"] = {"player": "banker", "banker": "tie", "tie": "player"}[
            round_["outcome"]
        ]
    return data


@pytest.mark.parametrize(
    ("change", "field", "at_round"),
    [
        ("card", "cards", 5),
        ("outcome", "outcome", 5),
        ("payout", "payout_minor", None),
        ("client_seed", "client_seed", None),
        ("seat_seed", "client_seed", None),
        ("server_seed", "server_seed_hash", None),
        ("forged_pair", "burn.shown", 1),  # the fixed seeds' burn differs from SEED's
        ("last_round_dropped", "last_in_shoe", -1),
    ],
)
def test_tampering_is_caught_at_its_field(
    dealt: Dealt, change: str, field: str, at_round: int | None
) -> None:
    export = export_of(dealt)
    check = check_shoe(_tampered(export, change))
    mismatch = check.mismatch
    assert mismatch is not None and mismatch.field == field, mismatch
    rounds = export["rounds"]
    if change == "payout":
        # Round 5 of the shoe is Tortuga's first bet after the fourth: its Player bet.
        assert (mismatch.round, mismatch.seat, mismatch.spot) == (
            rounds[4]["number"],
            "Tortuga",
            "player",
        )
        assert int(mismatch.recorded) == int(mismatch.recomputed) + 1
        assert check.rounds_checked == 4
    elif at_round is None:
        assert mismatch.round is None and check.rounds_checked == 0
    elif at_round == -1:
        assert mismatch.round == rounds[-2]["number"]
        assert check.rounds_checked == len(rounds) - 1
    else:
        assert mismatch.round == rounds[at_round - 1]["number"]
        assert check.rounds_checked == at_round - 1


def test_a_file_that_is_not_an_export_is_refused_naming_the_field(dealt: Dealt) -> None:
    export = export_of(dealt)
    broken = copy.deepcopy(export)
    broken["rounds"][2]["cards"] = "Kd 9h"
    with pytest.raises(ShoeExportError) as caught:
        check_shoe(broken)
    assert caught.value.field == "rounds[2].cards"
    del broken["server_seed"]
    with pytest.raises(ShoeExportError, match="server_seed"):
        check_shoe(broken)
    with pytest.raises(ShoeExportError) as top:
        check_shoe([export])
    assert top.value.field == ""


def test_the_shoes_list_and_the_export_over_http(dealt: Dealt, app_client: TestClient) -> None:
    first = app_client.get(f"/api/tables/{TABLE}/shoes", params={"limit": 1})
    assert first.status_code == 200, first.text
    page = first.json()
    assert page["table"] == TABLE and page["next_before"] == 2
    (open_shoe,) = page["shoes"]
    assert open_shoe["number"] == 2 and open_shoe["ended"] is False
    assert open_shoe["rounds"] == 0
    older = app_client.get(f"/api/tables/{TABLE}/shoes", params={"before": 2}).json()
    (ended,) = older["shoes"]
    assert older["next_before"] is None
    assert ended == {
        "number": 1,
        "server_seed_hash": export_of(dealt)["server_seed_hash"],
        "ended": True,
        "rounds": dealt.rounds,
    }
    answer = app_client.get(f"/api/tables/{TABLE}/shoes/1")
    assert answer.status_code == 200, answer.text
    assert answer.json() == json.loads(json.dumps(export_of(dealt)))
    assert check_shoe(answer.json()).mismatch is None


def test_a_shoe_in_play_is_not_exported(dealt: Dealt, app_client: TestClient) -> None:
    with dealt.sessions.begin() as session:
        secret = session.execute(
            select(SharedShoe.server_seed).where(SharedShoe.number == 2)
        ).scalar_one()
    ways: tuple[tuple[str, dict[str, str], dict[str, str], str], ...] = (
        ("en", {}, {}, "Shoe 2 of table 'salon-test' is still in play"),
        ("es", {"lang": "es"}, {}, "El zapato 2 de la mesa 'salon-test' sigue en juego"),
        ("es", {}, {"Accept-Language": "es"}, "El zapato 2 de la mesa"),
    )
    for lang, params, headers, words in ways:
        refused = app_client.get(f"/api/tables/{TABLE}/shoes/2", params=params, headers=headers)
        assert refused.status_code == 409, refused.text
        error = refused.json()["error"]
        assert error["code"] == "shoe_not_ended"
        assert error["message"].startswith(words) and error["message"] == error["messages"][lang]
        assert secret not in refused.text


def test_unknown_tables_and_shoes_are_404(dealt: Dealt, app_client: TestClient) -> None:
    shoe = app_client.get(f"/api/tables/{TABLE}/shoes/9")
    assert shoe.status_code == 404 and shoe.json()["error"]["code"] == "shoe_unknown"
    for path in ("/api/tables/nowhere/shoes", "/api/tables/nowhere/shoes/1"):
        missing = app_client.get(path)
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "table_unknown"
    assert app_client.get(f"/api/tables/{TABLE}/shoes/0").status_code == 422
