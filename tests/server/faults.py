"""Fault injection for the tests: a round stopped between its debit and its settlement.

Nothing of this is in the server: the tests put it in the place of the settlement that
``POST /api/rounds`` runs after the deal (``puntobanco.server.rounds.orm.settle_round``
through the session; where the round runs on connections of its own,
``rounds.postgres.settle_dealt`` on PostgreSQL and ``rounds.sqlite.settle_dealt`` on
SQLite).

* In-process, :func:`faulty_app` makes an app's rounds fail there (answered 202).
* In a server process, ``python -m tests.server.faults serve ...`` runs
  ``puntobanco serve`` whose process kills itself (SIGKILL) there: kill -9 between the
  deal's commit and the settlement. (One worker: uvicorn then serves in this process.)
"""

from __future__ import annotations

import os
import signal
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy.orm import Session

from puntobanco.server.db import RoundConnection, SqliteConnection
from puntobanco.server.main import create_app
from puntobanco.server.rounds import orm, postgres
from puntobanco.server.rounds import sqlite as sqlite_rounds
from puntobanco.server.rounds.records import Settled, Started
from puntobanco.server.settings import Settings
from tests.server.conftest import make_settings

_settle_round, _settle_dealt = orm.settle_round, postgres.settle_dealt
_settle_dealt_sqlite = sqlite_rounds.settle_dealt


def faulty_app(settings: Settings, monkeypatch: pytest.MonkeyPatch, **overrides: Any) -> FastAPI:
    """An app whose rounds fail between their debit and their settlement (answered 202).

    Only this app's rounds (other apps of the test, on their own engines, are healthy),
    until the end of the test. Its sweeper is never woken (it would settle the round at
    once): the round stays dealt.
    """
    app = create_app(make_settings(settings.database_url, **overrides))
    app.state.recovery.ring = lambda: None
    runner = app.state.round_runner
    engine, pg, sqlite = runner.sync_engine, runner.pg, runner.sqlite
    current, current_dealt = orm.settle_round, postgres.settle_dealt
    current_sqlite = sqlite_rounds.settle_dealt

    def failing(session: Session, round_id: int, known: Started | None = None) -> Settled | None:
        if known is not None and not known.replayed and session.get_bind() is engine:
            raise RuntimeError(f"fault injection after the debit of round {round_id}")
        return current(session, round_id, known)

    async def failing_dealt(db: RoundConnection, known: Started) -> Settled | None:
        if not known.replayed and db.pool is pg:
            raise RuntimeError(f"fault injection after the debit of round {known.round_id}")
        return await current_dealt(db, known)

    def failing_sqlite(db: SqliteConnection, known: Started) -> Settled | None:
        if not known.replayed and db.rounds is sqlite:
            raise RuntimeError(f"fault injection after the debit of round {known.round_id}")
        return current_sqlite(db, known)

    monkeypatch.setattr(orm, "settle_round", failing)
    monkeypatch.setattr(postgres, "settle_dealt", failing_dealt)
    monkeypatch.setattr(sqlite_rounds, "settle_dealt", failing_sqlite)
    return app


def _killed(session: Session, round_id: int, known: Started | None = None) -> Settled | None:
    if known is not None and not known.replayed:
        os.kill(os.getpid(), signal.SIGKILL)
    return _settle_round(session, round_id, known)


async def _killed_dealt(db: RoundConnection, known: Started) -> Settled | None:
    if not known.replayed:
        os.kill(os.getpid(), signal.SIGKILL)
    return await _settle_dealt(db, known)


def _killed_sqlite(db: SqliteConnection, known: Started) -> Settled | None:
    if not known.replayed:
        os.kill(os.getpid(), signal.SIGKILL)
    return _settle_dealt_sqlite(db, known)


if __name__ == "__main__":
    from puntobanco.cli.main import main

    orm.settle_round = _killed
    postgres.settle_dealt = _killed_dealt
    sqlite_rounds.settle_dealt = _killed_sqlite
    main()
