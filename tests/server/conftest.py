"""Fixtures: the app on a temporary SQLite file, and the same on PostgreSQL (a schema per test).

Every test that takes ``client`` runs on both backends. PostgreSQL is the local
server at 127.0.0.1:5432 (database ``test``, trust auth); when it is not
reachable those cases are skipped, saying so.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker

from puntobanco.server.db import make_engine, migrate
from puntobanco.server.main import create_app
from puntobanco.server.settings import Settings
from puntobanco.server.shared import dealer as dealer_module
from puntobanco.server.shared import dealing, lease, seats, settlement
from puntobanco.server.shared import events as shared_events

#: What every test client sends: the header the server's cross-site check asks of a client
#: that keeps the session cookie and sends neither Origin nor Sec-Fetch-Site
#: (server/security.py), as the web table sends it.
SCRIPTED = {"X-Requested-With": "tests"}


@pytest.fixture(autouse=True)
def _scripted_clients(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ``TestClient`` sends :data:`SCRIPTED` (a test of the check removes it)."""
    original = TestClient.__init__

    def init(self: TestClient, *args: Any, headers: Any = None, **kwargs: Any) -> None:
        original(self, *args, headers={**SCRIPTED, **dict(headers or {})}, **kwargs)

    monkeypatch.setattr(TestClient, "__init__", init)


PG_ROOT = os.environ.get("PUNTOBANCO_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
ADMIN = "test-admin-token"
_pg_state: dict[str, Any] = {}


def postgres_reason() -> str | None:
    """Why PostgreSQL cannot be used (``None`` when it can)."""
    if "reason" not in _pg_state:
        try:
            engine = create_engine(PG_ROOT, connect_args={"connect_timeout": 3})
            with engine.connect() as conn:
                conn.execute(text("SELECT 1"))
            engine.dispose()
            _pg_state["reason"] = None
        except Exception as exc:  # any failure: skip, saying why
            _pg_state["reason"] = f"PostgreSQL at {PG_ROOT} is unreachable: {exc!s:.200}"
    reason: str | None = _pg_state["reason"]
    return reason


def pg_schema_url(schema: str) -> str:
    """The test database, with ``schema`` first on the search path."""
    return f"{PG_ROOT}?options=-csearch_path%3D{schema}"


@pytest.fixture
def pg_schema() -> Iterator[str]:
    """A fresh PostgreSQL schema, dropped afterwards."""
    reason = postgres_reason()
    if reason:
        pytest.skip(reason)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    schema = f"t_{worker}_{uuid.uuid4().hex[:10]}"
    engine = create_engine(PG_ROOT)
    with engine.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield schema
    finally:
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """A database URL for one test: a temporary SQLite file, or a PostgreSQL schema."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'pb.db'}"
    schema: str = request.getfixturevalue("pg_schema")
    return pg_schema_url(schema)


def make_settings(database_url: str, **overrides: Any) -> Settings:
    """Test settings: cheap argon2, no access log, an admin token, no shared tables.

    The shared tables' dealer runs in their own tests, which name their tables
    (``shared_tables=...``): elsewhere it would only add rounds nobody bets on.
    """
    values: dict[str, Any] = {
        "database_url": database_url,
        "argon2_time_cost": 1,
        "argon2_memory_kib": 64,
        "argon2_weak_for_tests": True,
        "access_log": False,
        "admin_token": ADMIN,
        "login_attempts": 5,
        "log_level": "WARNING",
        "shared_tables": (),
    }
    values.update(overrides)
    return Settings(**values)


@pytest.fixture
def settings(database_url: str) -> Settings:
    """Settings for the test's database."""
    return make_settings(database_url)


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file that :func:`~puntobanco.server.db.migrate` has brought to the newest
    migration and nothing else has touched: what the app's start-up makes of a new file."""
    path = tmp_path_factory.mktemp("migrated") / "template.db"
    engine = make_engine(make_settings(f"sqlite:///{path}"))
    try:
        migrate(engine)
    finally:
        engine.dispose()  # the write-ahead log checkpointed into the file: a copy is whole
    return path


@pytest.fixture
def client(settings: Settings, request: pytest.FixtureRequest) -> Iterator[TestClient]:
    """A client of the app (migrations applied by its start-up).

    On SQLite a new database file starts as a copy of :func:`migrated_sqlite`: the start-up
    then finds every migration applied (the same state, without running the migrations
    again for each test; tests/server/test_migrations.py runs them).
    """
    if settings.is_sqlite:
        target = Path(settings.database_url.removeprefix("sqlite:///"))
        if not target.exists():
            shutil.copyfile(request.getfixturevalue("migrated_sqlite"), target)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


class Player:
    """A registered player and the headers that authenticate them."""

    def __init__(self, client: TestClient, name: str, password: str = "correct horse") -> None:
        response = client.post("/api/auth/register", json={"username": name, "password": password})
        assert response.status_code == 201, response.text
        body = response.json()
        self.client = client
        self.id: int = body["user"]["id"]
        self.token: str = body["token"]
        self.headers = {"Authorization": f"Bearer {self.token}"}
        self._keys = 0

    def balance(self) -> int:
        response = self.client.get("/api/me", headers=self.headers)
        assert response.status_code == 200, response.text
        value: int = response.json()["balance_minor"]
        return value

    def bet(self, bets: dict[str, Any], *, key: str | None = None, lang: str = "en") -> Any:
        if key is None:
            self._keys += 1
            key = f"k-{self._keys}-{uuid.uuid4().hex[:6]}"
        return self.client.post(
            f"/api/rounds?lang={lang}",
            json={"bets": bets},
            headers={**self.headers, "Idempotency-Key": key},
        )

    def rounds(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        before = None
        while True:
            url = "/api/rounds?limit=100" + (f"&before={before}" if before else "")
            page = self.client.get(url, headers=self.headers).json()
            out.extend(page["rounds"])
            before = page["next_before"]
            if before is None:
                return out


@pytest.fixture
def alice(client: TestClient) -> Player:
    """A registered player."""
    return Player(client, "alice")


def ledger_check(client: TestClient) -> dict[str, Any]:
    """The admin reconciliation."""
    response = client.get("/api/admin/ledger/check", headers={"X-Admin-Token": ADMIN})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


T0 = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)


class Clock:
    """The time the shared tables' code reads, moved by the test."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


#: The modules of the shared tables that read the time.
CLOCK_MODULES = (dealing, lease, settlement, seats, shared_events)


def move_clock(patch: pytest.MonkeyPatch, clock: Callable[[], datetime]) -> None:
    """Make ``clock`` the time every module of the shared tables reads."""
    for module in CLOCK_MODULES:
        patch.setattr(module, "utcnow", clock)


# --- the shared tables: a clock the tests move, and the app with no dealer running ----------


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    """The time every module of the shared tables reads, moved by the test."""
    moved = Clock()
    move_clock(monkeypatch, moved)
    return moved


@pytest.fixture
def app_client(database_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """The app with no dealer running: the tests step the tables themselves."""

    async def no_dealing(self: Any) -> None:
        return None

    monkeypatch.setattr(dealer_module.Dealer, "run", no_dealing)
    with TestClient(create_app(make_settings(database_url))) as client:
        yield client


def sessions_of(client: TestClient) -> sessionmaker[Session]:
    sessions: sessionmaker[Session] = client.app.state.sessions  # type: ignore[attr-defined]
    return sessions
