"""The rounds' storage paths behind one :class:`RoundStore` (server/rounds/store.py).

The app chooses its store once, from its database: the rounds' own psycopg pool on
PostgreSQL, the rounds' own sqlite3 connection on a SQLite file, SQLAlchemy's session
for a database in memory. Each store deals and settles alike: dealt then settled in two
calls, or played in one, a round is the same round, and what a store leaves to the
session path (a replay, an unknown token) it leaves having written nothing.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puntobanco.server.accounts import token_hash
from puntobanco.server.db import RoundRunner, make_engine, make_sessionmaker
from puntobanco.server.errors import ApiError
from puntobanco.server.rounds.orm import OrmRoundStore
from puntobanco.server.rounds.postgres import PgRoundStore
from puntobanco.server.rounds.sqlite import SqliteRoundStore
from puntobanco.server.rounds.store import RoundStore, choose_store
from puntobanco.server.settings import Settings
from tests.server.conftest import Player, ledger_check, make_settings


def _call(client: TestClient, method: Any, *args: Any, **kwargs: Any) -> Any:
    """``method(*args, **kwargs)`` on the app's event loop (where its connections live)."""
    assert client.portal is not None
    return client.portal.call(partial(method, *args, **kwargs))


def _stores(client: TestClient) -> list[RoundStore]:
    """The app's store, and the session's store over the same database."""
    app: Any = client.app
    return [app.state.round_store, OrmRoundStore(app.state.round_runner)]


def test_the_store_is_chosen_once_from_the_database(client: TestClient, settings: Settings) -> None:
    app: Any = client.app
    runner = app.state.round_runner
    store = app.state.round_store
    if settings.is_sqlite:
        assert isinstance(store, SqliteRoundStore) and store.rounds is runner.sqlite
    else:
        assert isinstance(store, PgRoundStore) and store.pool is runner.pg
    memory = make_settings("sqlite://")
    engine = make_engine(memory)
    try:
        in_memory = RoundRunner(memory, make_sessionmaker(engine))
        assert isinstance(choose_store(in_memory), OrmRoundStore)
    finally:
        engine.dispose()


def test_dealt_then_settled_is_the_round_played(
    client: TestClient, alice: Player, settings: Settings
) -> None:
    hashed = token_hash(alice.token)
    for n, store in enumerate(_stores(client)):
        deal = partial(store.deal, settings, token_hash=hashed)
        started = _call(client, deal, key=f"dealt-{n}", stakes={"banker": 300})
        assert started is not None and started.row is not None and not started.replayed
        settled = _call(client, store.settle, started)
        assert settled is not None and settled.balance_minor == alice.balance()
        play = partial(store.play, settings, token_hash=hashed)
        played, paid = _call(client, play, key=f"played-{n}", stakes={"player": 200})
        assert played is not None and played.row is not None
        assert paid is not None and not isinstance(paid, Exception)
        assert paid.balance_minor == alice.balance()
        by_id = {r["id"]: r for r in alice.rounds()}
        for round_id, staked, payout in (
            (started.round_id, 300, settled),
            (played.round_id, 200, paid),
        ):
            assert by_id[round_id]["status"] == "settled"
            assert by_id[round_id]["net_minor"] == payout.payout_minor - staked
        # The same key again: the round it made, not dealt again (written nothing).
        again = _call(client, deal, key=f"dealt-{n}", stakes={"banker": 300})
        assert again is not None and again.replayed and again.row is None
        assert again.round_id == started.round_id
        with pytest.raises(ApiError) as refused:
            _call(client, deal, key=f"dealt-{n}", stakes={"banker": 400})
        assert refused.value.code == "idempotency_conflict"
    assert len(alice.rounds()) == 4
    assert ledger_check(client)["ok"] is True


def test_an_unknown_token_is_left_to_the_session_path(
    client: TestClient, alice: Player, settings: Settings
) -> None:
    store = client.app.state.round_store  # type: ignore[attr-defined]
    play = partial(store.play, settings, token_hash=token_hash("not a session"))
    assert _call(client, play, key="k", stakes={"banker": 100}) == (None, None)
    assert alice.rounds() == []
