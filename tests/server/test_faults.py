from __future__ import annotations

import asyncio
import signal
import sqlite3
import time
from typing import Any

import httpx
import psycopg
import pytest
from fastapi.testclient import TestClient
from psycopg.errors import UniqueViolation
from sqlalchemy import Engine, event, select, text, update
from sqlalchemy.exc import DBAPIError

from puntobanco.server.db import (
    BEGIN,
    COMMIT,
    ROLLBACK,
    PgRounds,
    RoundRunner,
    SqliteRounds,
    Step,
    _conninfo,
    make_engine,
    make_sessionmaker,
)
from puntobanco.server.main import create_app, housekeeping_pass
from puntobanco.server.models import Round, Wallet
from puntobanco.server.rounds import sqlite as sqlite_rounds
from puntobanco.server.rounds.recovery import recover
from puntobanco.server.settings import Settings
from tests.server.conftest import ADMIN, Player, ledger_check, make_settings, pg_schema_url
from tests.server.faults import faulty_app
from tests.server.live import live_server


def test_a_round_interrupted_after_its_debit_is_completed_exactly_once(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(faulty_app(settings, monkeypatch), raise_server_exceptions=False) as client:
        player = Player(client, "alice")
        grant = player.balance()
        crashed = player.bet({"banker": 1_000}, key="k1")
        assert crashed.status_code == 202
        assert crashed.json()["status"] == "dealt"
        # The stake was taken, the round is dealt and open; the books still balance.
        assert player.balance() == grant - 1_000
        check = ledger_check(client)
        assert check["ok"] is True and len(check["rounds_open"]) == 1
        [open_id] = check["rounds_open"]
    # A restart finds the round and settles it on the cards dealt with the debit.
    with TestClient(create_app(settings)) as client:
        check = ledger_check(client)
        assert check["ok"] is True and check["rounds_open"] == []
        player.client = client
        [r] = player.rounds()
        assert r["id"] == open_id and r["status"] == "settled"
        assert player.balance() == grant + r["net_minor"]
        # A retry of the interrupted request returns the completed round, charging nothing.
        retry = player.bet({"banker": 1_000}, key="k1")
        assert retry.status_code == 201 and retry.json() == r
        assert recover(client.app.state.sessions) == []  # type: ignore[attr-defined]
        assert player.balance() == grant + r["net_minor"]


def test_a_retry_completes_an_open_round_without_a_restart(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    faulty = faulty_app(settings, monkeypatch, recover_on_start=False)
    with TestClient(faulty, raise_server_exceptions=False) as client:
        player = Player(client, "alice")
        assert player.bet({"player": 500}, key="k").status_code == 202
    healthy = make_settings(settings.database_url, recover_on_start=False)
    with TestClient(create_app(healthy)) as client:
        player.client = client
        retry = player.bet({"player": 500}, key="k")
        assert retry.status_code == 201 and retry.json()["status"] == "settled"
        assert ledger_check(client)["rounds_open"] == []


def test_a_round_that_cannot_be_settled_is_refunded(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(faulty_app(settings, monkeypatch), raise_server_exceptions=False) as client:
        player = Player(client, "alice")
        grant = player.balance()
        player.bet({"player": 700, "tie": 100}, key="k")
        with client.app.state.sessions.begin() as session:  # type: ignore[attr-defined]
            session.execute(update(Round).values(preset="withdrawn-rules"))
    with TestClient(create_app(settings)) as client:
        assert ledger_check(client)["ok"] is True
        with client.app.state.sessions.begin() as session:  # type: ignore[attr-defined]
            row = session.execute(select(Round)).scalar_one()
        assert row.status == "settled" and row.payout_minor == 800
        player.client = client
        assert player.balance() == grant


def _fail_once_after_the_deal_is_written(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, error: psycopg.Error
) -> list[bool]:
    """The next deal's writes are made, then ``error`` is raised in place of their end.

    On SQLite the deal's write function (the rounds' own connection's) fails after
    writing; on PostgreSQL the round trip that carries the deal's statement and its COMMIT
    runs the statement, not the COMMIT, and fails. Returns a list that holds ``True`` once
    the failure happened.
    """
    failed: list[bool] = []
    pg = client.app.state.round_runner.pg  # type: ignore[attr-defined]
    if pg is None:
        real_write = sqlite_rounds.write_deal

        def write(*args: Any, **kwargs: Any) -> int:
            written = real_write(*args, **kwargs)
            if not failed:
                failed.append(True)
                raise DBAPIError.instance("INSERT INTO rounds", {}, error, psycopg.Error)
            return written

        monkeypatch.setattr(sqlite_rounds, "write_deal", write)
        return failed
    real_send = pg.send

    async def send(connection: Any, steps: tuple[Step, ...]) -> list[Any]:
        deal = any("INSERT INTO rounds" in sql for sql, _ in steps) and COMMIT in steps
        if failed or not deal:
            return await real_send(connection, steps)
        failed.append(True)
        await real_send(connection, tuple(s for s in steps if s is not COMMIT))
        raise error

    monkeypatch.setattr(pg, "send", send)
    return failed


def test_a_database_error_answers_503_and_writes_nothing(
    client: TestClient, alice: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    grant = alice.balance()
    # The round and its entries are written, then the database refuses the COMMIT (an
    # error with its SQLSTATE: the database said so; an error of psycopg's own, or a lost
    # connection, would leave the outcome unknown).
    refusal = psycopg.errors.SerializationFailure("could not serialize access")
    _fail_once_after_the_deal_is_written(client, monkeypatch, refusal)
    response = alice.bet({"player": 100}, lang="es")
    assert response.status_code == 503
    assert response.json()["error"]["code"] == "database_error"
    assert "no se ha cambiado nada" in response.json()["error"]["message"]
    monkeypatch.undo()
    assert alice.balance() == grant
    assert alice.rounds() == []
    check = ledger_check(client)
    assert check["ok"] is True and check["entries"] == 2  # only the grant's two entries


def test_a_deal_that_meets_its_key_taken_meanwhile_is_read_again(
    client: TestClient, alice: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deal's insert fails on the key's unique constraint (a retry of the same key
    committed its round while this one waited for the wallet, on PostgreSQL): the deal is
    rolled back whole and read again, and the answer is the round, charged once."""
    grant = alice.balance()
    # Written, then refused: nothing of it stays.
    orig = UniqueViolation('duplicate key value violates unique constraint "uq_rounds_user_key"')
    raced = _fail_once_after_the_deal_is_written(client, monkeypatch, orig)
    answer = alice.bet({"player": 100}, key="raced")
    monkeypatch.undo()
    assert raced and answer.status_code == 201, answer.text
    assert [r["id"] for r in alice.rounds()] == [answer.json()["id"]]
    assert alice.balance() == grant + answer.json()["net_minor"]
    check = ledger_check(client)
    assert check["ok"] is True and check["rounds_settled"] == 1


@pytest.mark.slow
def test_killed_server_process_loses_nothing(database_url: str) -> None:
    """The process is SIGKILLed between a round's debit and its settlement, then restarted."""
    with live_server(database_url, module="tests.server.faults") as (base, process):
        auth = httpx.post(
            f"{base}/api/auth/register", json={"username": "alice", "password": "password!"}
        ).json()
        headers = {"Authorization": f"Bearer {auth['token']}", "Idempotency-Key": "k1"}
        with pytest.raises(httpx.HTTPError):
            httpx.post(f"{base}/api/rounds", json={"bets": {"banker": 2_500}}, headers=headers)
        assert process.wait(timeout=10) == -signal.SIGKILL
    with live_server(database_url) as (base, _):
        admin = {"X-Admin-Token": ADMIN}
        check = httpx.get(f"{base}/api/admin/ledger/check", headers=admin).json()
        assert check["ok"] is True and check["rounds_open"] == [] and check["rounds_settled"] == 1
        retry = httpx.post(f"{base}/api/rounds", json={"bets": {"banker": 2_500}}, headers=headers)
        assert retry.status_code == 201 and retry.headers["Idempotent-Replayed"] == "true"
        me = httpx.get(f"{base}/api/me", headers=headers).json()
        assert me["balance_minor"] == auth["user"]["balance_minor"] + retry.json()["net_minor"]
        page = httpx.get(f"{base}/api/rounds", headers=headers).json()
        assert [r["id"] for r in page["rounds"]] == [retry.json()["id"]]


def test_admin_recover_endpoint_settles_open_rounds(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(faulty_app(settings, monkeypatch), raise_server_exceptions=False) as client:
        player = Player(client, "alice")
        player.bet({"player": 100}, key="a")
    calm = make_settings(settings.database_url, recover_on_start=False)
    with TestClient(create_app(calm)) as client:
        admin = {"X-Admin-Token": ADMIN}
        assert len(ledger_check(client)["rounds_open"]) == 1
        first = client.post("/api/admin/recover", headers=admin).json()
        again = client.post("/api/admin/recover", headers=admin).json()
        assert len(first["settled"]) == 1 and again == {"settled": []}
        assert ledger_check(client)["rounds_open"] == []


# ---------------------------------------------------------------- the database cut mid-round


class Cuts:
    """Cuts the app's database at one operation (statement or COMMIT) of the next request.

    The dialect's own calls are wrapped, so that SQLAlchemy sees the failure as it sees a
    real lost connection (a DBAPI error it takes for a disconnect). Until :meth:`heal`,
    every later statement, COMMIT and ROLLBACK fails too: the database is gone. With
    ``after_commit``, the COMMIT cut is carried out before it fails: the connection died
    after the database committed, before the server heard back.

    With ``terminate`` (PostgreSQL), the cut is real instead: the server process of the
    connection about to run the operation is terminated (``pg_terminate_backend``), the
    operation then fails as it does in production, and only that connection is lost.

    Given the app's :class:`RoundRunner`, the cut is on the rounds' statements, on their
    own connections: on PostgreSQL psycopg's (``PgRounds.send``, each batch of steps one
    round trip: a cut at one of its operations fails the whole batch, carried out first
    with ``after_commit``), on SQLite sqlite3's (``SqliteRounds.execute``).
    """

    def __init__(
        self,
        target: Engine | RoundRunner,
        terminate: Engine | None = None,
        *,
        also: Engine | None = None,
    ) -> None:
        self.terminate = terminate
        self.ops: list[str] = []
        #: The operations of each round trip (on an engine, each operation is one).
        self.batches: list[range] = []
        self.commits = 0
        self.at: int | None = None
        self.commit: int | None = None
        self.after_commit = False
        self.settlement = False
        self.cut_at: int | None = None
        engine = target if isinstance(target, Engine) else None
        if isinstance(target, RoundRunner):
            if target.pg is not None:
                self._install_pg(target.pg)
            elif target.sqlite is not None:
                self._install_sqlite(target.sqlite)
            else:
                engine = target.sync_engine
        if engine is not None:
            self._install(engine)
        if also is not None and (engine is None or also.dialect is not engine.dialect):
            # The same cut on a second engine (the app's, beside the rounds' own
            # connections on PostgreSQL): the database is gone for both.
            self._install(also)

    def batch(self) -> range:
        """The operations of the round trip that was cut."""
        assert self.cut_at is not None
        found = [b for b in self.batches if self.cut_at in b]
        return found[0] if found else range(self.cut_at, self.cut_at + 1)

    def _install_pg(self, pg: PgRounds) -> None:
        real_send = pg.send

        class Cut(psycopg.OperationalError):
            """The connection to the database was cut (by the test)."""

        opened: set[int] = set()  # the connections in a transaction (BEGIN sent)

        async def send(connection: Any, steps: tuple[Step, ...]) -> list[Any]:
            if steps == (ROLLBACK,):
                if self.cut_at is not None and self.terminate is None:
                    raise Cut("the connection to the database was cut")
                return await real_send(connection, steps)
            start = len(self.ops)
            failing = [self._fails(_op(sql)) for sql, _ in steps if sql != "BEGIN"]
            if BEGIN in steps:
                opened.add(id(connection))
            elif id(connection) not in opened and steps[0][0].lstrip().startswith("WITH"):
                # A write outside a transaction (the foreseen deal, the settlement: both
                # data-modifying CTEs) commits on its own: its COMMIT is an operation too.
                failing.append(self._fails("COMMIT"))
            if COMMIT in steps:
                opened.discard(id(connection))
            batch = range(start, len(self.ops))
            self.batches.append(batch)
            if not any(failing):
                return await real_send(connection, steps)
            if self.terminate is not None:
                self._kill(connection)
                return await real_send(connection, steps)
            if self.after_commit and self.cut_at in batch:
                await real_send(connection, steps)
            await connection.close()  # an open transaction is rolled back, as by a real cut
            raise Cut("the connection to the database was cut")

        pg.send = send  # type: ignore[method-assign]

    def _install_sqlite(self, rounds: SqliteRounds) -> None:
        real_execute = rounds.execute

        class Cut(sqlite3.OperationalError):
            """The connection to the database was cut (by the test)."""

        def execute(connection: sqlite3.Connection, sql: str, params: Any, many: bool) -> Any:
            if sql == "ROLLBACK":
                if self.cut_at is not None and self.terminate is None:
                    raise Cut("the connection to the database was cut")
                return real_execute(connection, sql, params, many)
            start = len(self.ops)
            failing = self._fails(_op(sql))
            self.batches.append(range(start, len(self.ops)))
            if not failing:
                return real_execute(connection, sql, params, many)
            if self.after_commit and self.cut_at == start:
                real_execute(connection, sql, params, many)
            connection.close()  # an open transaction is rolled back, as by a real cut
            raise Cut("the connection to the database was cut")

        rounds.execute = execute  # type: ignore[method-assign]

    def _install(self, engine: Engine) -> None:
        dialect = engine.dialect

        class Cut(dialect.loaded_dbapi.OperationalError):  # type: ignore[misc,name-defined]
            """The connection to the database was cut (by the test)."""

        real_is_disconnect = dialect.is_disconnect
        dialect.is_disconnect = (  # type: ignore[method-assign]
            lambda e, *a: isinstance(e, Cut) or real_is_disconnect(e, *a)
        )
        for name in ("do_execute", "do_executemany", "do_execute_no_params"):
            self._wrap_statement(dialect, name, Cut)
        real_commit, real_rollback = dialect.do_commit, dialect.do_rollback

        def do_commit(connection: Any) -> None:
            if self._fails("COMMIT"):
                if self.terminate is not None:
                    self._kill(connection.dbapi_connection)
                    real_commit(connection)
                    return
                if self.after_commit and self.cut_at == len(self.ops) - 1:
                    real_commit(connection)
                raise Cut("the connection to the database was cut during COMMIT")
            real_commit(connection)

        def do_rollback(connection: Any) -> None:
            if self.cut_at is not None and self.terminate is None:
                raise Cut("the connection to the database was cut")
            real_rollback(connection)

        dialect.do_commit = do_commit  # type: ignore[method-assign,assignment]
        dialect.do_rollback = do_rollback  # type: ignore[method-assign,assignment]

    def _wrap_statement(self, dialect: Any, name: str, cut: type[Exception]) -> None:
        real = getattr(dialect, name)

        def wrapped(cursor: Any, statement: str, *args: Any, **kwargs: Any) -> Any:
            if self._fails(_op(statement)):
                if self.terminate is None:
                    if self.after_commit and self.cut_at == len(self.ops) - 1:
                        real(cursor, statement, *args, **kwargs)
                    raise cut("the connection to the database was cut")
                # psycopg's cursor, or SQLAlchemy's adapter of an async one (rounds on
                # PostgreSQL run on psycopg's async API).
                self._kill(getattr(cursor, "_connection", None) or cursor.connection)
            return real(cursor, statement, *args, **kwargs)

        setattr(dialect, name, wrapped)

    def _kill(self, connection: Any) -> None:
        """Terminate the PostgreSQL server process of ``connection`` (psycopg's), and wait."""
        assert self.terminate is not None
        # An adapted async connection (SQLAlchemy's) holds psycopg's.
        pid = getattr(connection, "driver_connection", connection).info.backend_pid
        with self.terminate.connect() as admin:
            admin.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
            for _ in range(100):
                alive = admin.execute(
                    text("SELECT count(*) FROM pg_stat_activity WHERE pid = :pid"), {"pid": pid}
                ).scalar_one()
                if not alive:
                    return
                time.sleep(0.02)

    def _fails(self, op: str) -> bool:
        self.ops.append(op)
        self.commits += op == "COMMIT"
        index = len(self.ops) - 1
        settlement = self.settlement and self.commits >= 1 and op != "COMMIT"
        if self.cut_at is None and (
            index == self.at or (op == "COMMIT" and self.commits == self.commit) or settlement
        ):
            self.cut_at = index
            return True
        # The simulated cut lasts (the database is gone); a terminated connection is one.
        return self.cut_at is not None and self.terminate is None

    def record(self) -> None:
        """Count operations from now on, cutting nothing."""
        self.arm(None)

    def arm(
        self,
        at: int | None,
        *,
        commit: int | None = None,
        after_commit: bool = False,
        settlement: bool = False,
    ) -> None:
        """Cut at the ``at``-th operation from now on (or at the ``commit``-th COMMIT, or with
        ``settlement`` at the first operation after the first COMMIT: a round's settlement).

        With ``after_commit`` (simulated cuts only) the operation is carried out before it
        fails: a COMMIT committed, a statement ran (on PostgreSQL the settlement is one
        statement, committed on its own).
        """
        self.ops, self.batches, self.commits, self.cut_at = [], [], 0, None
        self.at, self.commit, self.after_commit = at, commit, after_commit
        self.settlement = settlement

    def heal(self) -> None:
        """The database is back."""
        self.arm(None)


class Books:
    """Reads the database directly (not through the app, whose connections are cut)."""

    def __init__(self, database_url: str) -> None:
        self.engine = make_engine(make_settings(database_url))

    def balance(self, user_id: int) -> int:
        with self.engine.connect() as connection:
            return int(
                connection.execute(
                    select(Wallet.balance_minor).where(Wallet.user_id == user_id)
                ).scalar_one()
            )

    def round_status(self, user_id: int, key: str) -> str | None:
        query = select(Round.status).where(Round.user_id == user_id, Round.idempotency_key == key)
        with self.engine.connect() as connection:
            rows = connection.execute(query).scalars().all()
        assert len(rows) <= 1
        return str(rows[0]) if rows else None


def _op(statement: str) -> str:
    """An operation's name: the start of its statement."""
    return " ".join(statement.split())[:60]


def _phase(ops: list[str], cut_at: int, batch: range) -> str:
    """Where in the round the cut fell: before, deal_commit, settle or settle_commit.

    ``batch``: the operations of the round trip cut (on PostgreSQL a transaction's steps go
    out together: a cut anywhere in the round trip that carries the deal's COMMIT is a cut
    of that COMMIT, for the server cannot tell how far the database got).
    """
    # On SQLite its own statement; on PostgreSQL the deal's one statement, which starts
    # with it (DEAL_AND_DEBIT), or the statement that locks and writes a round dealt from a
    # foreseen state (LOCK_AND_DEAL_IF_AS_DEALT, which starts with the lock).
    deals = ("INSERT INTO rounds", "WITH locked AS")
    sent = ops[: batch.stop]
    inserted = [i for i, op in enumerate(sent) if any(d in op for d in deals)]
    if not inserted:
        return "before"
    if "COMMIT" not in ops[inserted[0] : batch.start]:
        return "deal_commit" if "COMMIT" in ops[batch.start : batch.stop] else "before"
    return "settle_commit" if ops[cut_at] == "COMMIT" else "settle"


def test_cutting_the_database_at_each_step_of_a_round_answers_the_truth(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    _cut_each_step(settings, monkeypatch, terminate=False)


@pytest.mark.postgres
def test_terminating_the_connection_at_each_step_of_a_round_answers_the_truth(
    pg_schema: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same with real cuts: PostgreSQL terminates the connection's server process."""
    _cut_each_step(make_settings(pg_schema_url(pg_schema)), monkeypatch, terminate=True)


def _cut_each_step(settings: Settings, monkeypatch: pytest.MonkeyPatch, *, terminate: bool) -> None:
    books = Books(settings.database_url)
    app = create_app(settings)
    with TestClient(app, raise_server_exceptions=False) as client:
        # Only this test's requests count statements: the sweeper is not woken (its
        # statements would shift the count). The next tests wake it.
        monkeypatch.setattr(app.state.recovery, "ring", lambda: None)
        # The round's statements go through the rounds' own connections (psycopg's async
        # API on PostgreSQL, sqlite3 on SQLite).
        cuts = Cuts(app.state.round_runner, books.engine if terminate else None)
        player = Player(client, "alice")
        stake = {"banker": 500}
        seen: set[str] = set()
        uncut: dict[bool, int] = {False: 0, True: 0}  # cases in a row past the last operation
        # Every operation in turn (the settlement's length depends on the outcome), failing
        # before it and (simulated only) after it was carried out; then the COMMITs of the
        # round (the request's 1st and 2nd: the session token is checked by the
        # deal's first statement; on PostgreSQL the foreseen deal and the settlement are
        # statements that commit on their own, their COMMITs counted), failing before and
        # (simulated only) after the database committed.
        carried_out = (False,) if terminate else (False, True)
        # A statement carried out, then cut: on PostgreSQL, where the settlement's one
        # statement commits on its own. (On SQLite every statement is in a transaction
        # that the cut rolls back: carried out or not, the same.)
        statement_carried_out = (False,) if settings.is_sqlite else carried_out
        cases: list[dict[str, Any]] = [
            {"at": at, "after_commit": a} for a in statement_carried_out for at in range(60)
        ]
        cases += [{"at": None, "commit": n, "after_commit": a} for n in (1, 2) for a in carried_out]
        for case in cases:
            if case["at"] is not None and uncut[case["after_commit"]] >= 3:
                continue
            key = f"cut-{case}"
            before = books.balance(player.id)
            cuts.arm(**case)
            answer = player.bet(stake, key=key)
            status = books.round_status(player.id, key)
            balance = books.balance(player.id)
            cut_at, ops = cuts.cut_at, cuts.ops
            batch = cuts.batch() if cut_at is not None else range(0)
            cuts.heal()
            if cut_at is None:  # past the round's last operation: nothing was cut
                assert answer.status_code == 201 and case["at"] is not None
                uncut[case["after_commit"]] += 1
                continue
            uncut[case["after_commit"]] = 0
            phase = _phase(ops, cut_at, batch)
            seen.add(phase)
            what = f"{phase}: cut at {cut_at} ({ops[cut_at]}), {case}"
            body = answer.json()
            if phase == "before":
                # Nothing was written: the 503 says so, truthfully.
                assert answer.status_code == 503, what
                assert body["error"]["code"] == "database_error", what
                assert "nothing was changed" in body["error"]["message"], what
                assert status is None and balance == before, what
            elif phase == "deal_commit":
                # Whether the deal committed is unknown to the server: it says so.
                assert answer.status_code == 503, what
                assert body["error"]["code"] == "round_outcome_unknown", what
                assert "nothing was changed" not in body["error"]["message"], what
                assert key in body["error"]["message"], what
                if case.get("after_commit"):
                    assert status == "dealt" and balance == before - 500, what
                else:
                    assert status is None and balance == before, what
            else:
                # Dealt, stakes taken, the settlement not confirmed: 202 with the round.
                assert answer.status_code == 202, what
                assert body["status"] == "dealt" and isinstance(body["id"], int), what
                assert answer.headers["Location"] == f"/api/rounds/{body['id']}", what
                if phase in ("settle", "settle_commit") and case.get("after_commit"):
                    assert status == "settled", what  # it was settled: the answer was lost
                else:
                    assert status == "dealt" and balance == before - 500, what
            # The same key completes it (or, if nothing was dealt, deals it), exactly once.
            retry = player.bet(stake, key=key)
            assert retry.status_code == 201, what
            assert retry.json()["status"] == "settled", what
            replayed = retry.headers.get("Idempotent-Replayed") == "true"
            assert replayed == (status is not None), what
            assert books.balance(player.id) == before + retry.json()["net_minor"], what
            again = player.bet(stake, key=key)
            assert again.status_code == 201 and again.json() == retry.json(), what
            assert books.round_status(player.id, key) == "settled", what
        assert seen == {"before", "deal_commit", "settle", "settle_commit"}
        check = ledger_check(client)
        assert check["ok"] is True and check["rounds_open"] == []
        assert check["rounds_settled"] == len(player.rounds())
    books.engine.dispose()


def _cut_after_the_deal(client: TestClient, app: Any, key: str) -> tuple[Player, Cuts, int]:
    """A round whose settlement is cut: answered 202, left dealt."""
    cuts = Cuts(app.state.round_runner, also=app.state.engine)
    player = Player(client, "alice")
    cuts.arm(None, settlement=True)  # the settlement fails: the round stays dealt
    answer = player.bet({"player": 300}, key=key)
    assert answer.status_code == 202, answer.text
    return player, cuts, int(answer.json()["id"])


def test_a_dealt_round_is_settled_by_the_housekeeping_exactly_once(settings: Settings) -> None:
    books = Books(settings.database_url)
    app = create_app(settings)
    with TestClient(app, raise_server_exceptions=False) as client:
        player, cuts, round_id = _cut_after_the_deal(client, app, "k")
        grant_less_stake = books.balance(player.id)
    # The app is gone (its connections still cut); the housekeeping of another worker runs.
    assert books.round_status(player.id, "k") == "dealt"
    sessions = make_sessionmaker(books.engine)
    assert housekeeping_pass(sessions, settings) == [round_id]
    assert housekeeping_pass(sessions, settings) == []
    assert books.round_status(player.id, "k") == "settled"
    with sessions.begin() as session:
        payout = session.execute(select(Round.payout_minor).where(Round.id == round_id)).scalar()
    assert books.balance(player.id) == grant_less_stake + int(payout or 0)
    books.engine.dispose()


def test_a_dealt_round_is_settled_promptly_when_the_database_comes_back(
    settings: Settings,
) -> None:
    books = Books(settings.database_url)
    app = create_app(settings)  # housekeeping_s is an hour: only the failure wakes the sweeper
    with TestClient(app, raise_server_exceptions=False) as client:
        player, cuts, round_id = _cut_after_the_deal(client, app, "k")
        time.sleep(0.5)
        assert books.round_status(player.id, "k") == "dealt"  # the database is still cut
        cuts.heal()
        deadline = time.monotonic() + 15
        while books.round_status(player.id, "k") == "dealt" and time.monotonic() < deadline:
            time.sleep(0.1)
        # Settled with no request from the player, exactly once.
        assert books.round_status(player.id, "k") == "settled"
        check = ledger_check(client)
        assert check["ok"] is True and check["rounds_open"] == []
        retry = player.bet({"player": 300}, key="k")
        assert retry.status_code == 201 and retry.json()["id"] == round_id
    books.engine.dispose()


def test_the_202_answer_says_what_happened_in_the_players_language(settings: Settings) -> None:
    app = create_app(settings)
    with TestClient(app, raise_server_exceptions=False) as client:
        cuts = Cuts(app.state.round_runner)
        player = Player(client, "alice")
        cuts.arm(None, settlement=True)
        answer = player.bet({"player": 300, "tie": 100}, key="clave", lang="es")
        cuts.heal()
        assert answer.status_code == 202
        body = answer.json()
        assert set(body) == {"id", "status", "staked_minor", "message", "messages"}
        assert body["status"] == "dealt" and body["staked_minor"] == 400
        assert body["message"] == body["messages"]["es"]
        assert f"mano {body['id']}" in body["message"] and "Idempotency-Key" in body["message"]
        assert "settled automatically" in body["messages"]["en"]


def test_a_cut_commit_of_any_change_says_the_outcome_is_unknown(settings: Settings) -> None:
    books = Books(settings.database_url)
    app = create_app(settings)
    with TestClient(app, raise_server_exceptions=False) as client:
        cuts = Cuts(app.state.engine)
        player = Player(client, "alice")
        grant = player.balance()
        cuts.arm(None, commit=2, after_commit=True)  # the top-up's COMMIT (the 1st: the login)
        answer = client.post(
            "/api/wallet/top-up?lang=es", json={"amount_minor": 100}, headers=player.headers
        )
        cuts.heal()
        assert answer.status_code == 503
        error = answer.json()["error"]
        assert error["code"] == "database_outcome_unknown"
        assert "no se ha cambiado nada" not in error["message"]
        assert "may or may not" in error["messages"]["en"]
        assert books.balance(player.id) == grant + 100  # it was made
    books.engine.dispose()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)  # PostgreSQL: above
def test_a_rounds_connection_that_cannot_roll_back_is_replaced(
    client: TestClient, alice: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On SQLite: a deal is refused (a stake over the table's maximum) and its ROLLBACK
    fails, or a statement fails and so does its ROLLBACK. The connection is closed (which frees the
    database's write lock), the answer says nothing was changed, and the next round opens
    another connection and is dealt."""
    rounds = client.app.state.round_runner.sqlite  # type: ignore[attr-defined]
    grant = alice.balance()
    assert alice.bet({"banker": 100}, key="first").status_code == 201
    opened: list[sqlite3.Connection] = []
    rounds.on_connect.append(opened.append)
    real_execute = rounds.execute
    for failing_op, bets in (("ROLLBACK", {"banker": grant + 1}), ("SELECT", {"banker": 100})):

        def failing(
            connection: sqlite3.Connection, sql: str, params: Any, many: bool, op: str = failing_op
        ) -> Any:
            if sql.startswith(op) or sql == "ROLLBACK":
                raise sqlite3.OperationalError("disk I/O error")
            return real_execute(connection, sql, params, many)

        monkeypatch.setattr(rounds, "execute", failing)
        answer = alice.bet(bets, key=f"refused-{failing_op}", lang="es")
        monkeypatch.setattr(rounds, "execute", real_execute)
        assert answer.status_code == 503, answer.text
        assert "no se ha cambiado nada" in answer.json()["error"]["message"]
        again = alice.bet({"banker": 100}, key=f"then-{failing_op}")
        assert again.status_code == 201, again.text
    assert len(opened) == 2  # one after each failure
    check = ledger_check(client)
    assert check["ok"] is True and check["rounds_settled"] == 3
    assert alice.balance() == grant + sum(r["net_minor"] for r in alice.rounds())


@pytest.mark.postgres
def test_a_batch_that_fails_leaves_the_rounds_connection_usable(pg_schema: str) -> None:
    """A deal's batch fails in its statement (a racing retry's key) and its COMMIT is
    skipped by the pipeline. psycopg prepares a statement on its sixth run: had that
    skipped COMMIT been the one it prepared, it would take the statement for prepared
    while the database never saw it, and every later COMMIT on the connection would fail
    ("prepared statement does not exist"). The steps without parameters are never
    prepared: the connection stays usable, whatever the batch that failed."""
    settings = make_settings(pg_schema_url(pg_schema))
    pool = PgRounds(_conninfo(settings), 1)

    async def scenario() -> list[Any]:
        async with pool.connection() as db:
            # A refusal's ROLLBACK first, as in a day's play: psycopg forgets what it
            # prepared on a ROLLBACK only the first time it sees that statement.
            await db.send(BEGIN, ("SELECT 0 AS zero", {}))
            await db.send(ROLLBACK)
            for _ in range(5):  # COMMIT run five times: the sixth would prepare it
                await db.send(BEGIN, ("SELECT 1 AS one", {}), COMMIT)
            with pytest.raises(DBAPIError):
                await db.send(BEGIN, ("SELECT 1 / 0 AS boom", {}), COMMIT)
            answers = [await db.send(BEGIN, ("SELECT 2 AS two", {}), COMMIT) for _ in range(6)]
        await pool.close()
        return answers

    answers = asyncio.run(scenario())
    assert [row.two for _, row, _ in answers] == [2] * 6


@pytest.mark.postgres
@pytest.mark.parametrize("committed", [True, False], ids=["deal-committed", "deal-open"])
def test_psycopg_failing_on_its_side_in_the_deals_round_trip_says_the_outcome_is_unknown(
    pg_schema: str, monkeypatch: pytest.MonkeyPatch, committed: bool
) -> None:
    """The audit's 500 (2026-12-04, defect 1): a cut connection makes psycopg fail on its own
    side ("cannot exit pipeline mode while busy", no SQLSTATE), the connection not yet marked
    broken, and the ROLLBACK after it fails the same way. The deal's COMMIT may have run
    (``committed``: it did) or not: the answer is ``round_outcome_unknown`` either way, never
    a 500 and never "nothing was changed", and the same key then gives the one round."""
    settings = make_settings(pg_schema_url(pg_schema))
    books = Books(settings.database_url)
    app = create_app(settings)
    with TestClient(app, raise_server_exceptions=False) as client:
        monkeypatch.setattr(app.state.recovery, "ring", lambda: None)
        pg = app.state.round_runner.pg
        real_send = pg.send
        armed = [True]
        busy = "cannot exit pipeline mode while busy"

        async def send(connection: Any, steps: tuple[Step, ...]) -> list[Any]:
            if armed and steps == (ROLLBACK,):
                raise psycopg.OperationalError(f"sending query failed: {busy}")
            if armed and COMMIT in steps:
                armed.clear()
                # The batch went out: all of it, or its BEGIN alone (the rest unanswered).
                await real_send(connection, steps if committed else (BEGIN,))
                armed.append(True)  # its ROLLBACK fails too
                raise psycopg.OperationalError(busy)
            return await real_send(connection, steps)

        player = Player(client, "alice")
        before = books.balance(player.id)
        monkeypatch.setattr(pg, "send", send)
        answer = player.bet({"banker": 500}, key="busy", lang="es")
        monkeypatch.setattr(pg, "send", real_send)
        assert answer.status_code == 503, answer.text
        error = answer.json()["error"]
        assert error["code"] == "round_outcome_unknown"
        assert "no se ha cambiado nada" not in error["message"] and "busy" in error["message"]
        assert books.round_status(player.id, "busy") == ("dealt" if committed else None)
        assert books.balance(player.id) == before - (500 if committed else 0)
        retry = player.bet({"banker": 500}, key="busy")
        assert retry.status_code == 201 and retry.json()["status"] == "settled", retry.text
        assert (retry.headers.get("Idempotent-Replayed") == "true") == committed
        assert books.balance(player.id) == before + retry.json()["net_minor"]
        check = ledger_check(client)
        assert check["ok"] is True and check["rounds_settled"] == 1
    books.engine.dispose()


def test_an_unexpected_failure_of_the_deal_is_never_answered_nothing_changed(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever fails in the deal, the round's answer never claims that nothing changed
    unless the database rolled back: an error of any other kind may come after its COMMIT."""
    app = create_app(settings)
    with TestClient(app, raise_server_exceptions=False) as client:
        player = Player(client, "alice")
        runner = app.state.round_runner
        target = runner.pg if runner.pg is not None else runner.sqlite
        name = "send" if runner.pg is not None else "execute"
        real = getattr(target, name)
        calls = [0]

        def after_first_call(*args: Any) -> Any:
            calls[0] += 1
            if calls[0] > 1:
                raise RuntimeError("an error of no database")
            return real(*args)

        monkeypatch.setattr(target, name, after_first_call)
        answer = player.bet({"player": 200}, key="odd")
        monkeypatch.setattr(target, name, real)
        assert answer.status_code == 503, answer.text
        assert answer.json()["error"]["code"] == "round_outcome_unknown"
        retry = player.bet({"player": 200}, key="odd")
        assert retry.status_code == 201 and retry.json()["status"] == "settled"
        assert ledger_check(client)["ok"] is True


@pytest.mark.postgres
def test_requests_after_the_connections_were_cut_are_served(pg_schema: str) -> None:
    """The audit of 2026-12-04 (defect 4): after every connection was terminated, each
    worker's next request that is not a round failed once with 503 (its pooled connection
    was dead). A pooled connection is pinged and replaced: every top-up is made."""
    settings = make_settings(pg_schema_url(pg_schema))
    books = Books(settings.database_url)
    app = create_app(settings)
    pids: list[int] = []
    event.listen(
        app.state.engine, "connect", lambda dbapi, _record: pids.append(dbapi.info.backend_pid)
    )
    with TestClient(app, raise_server_exceptions=False) as client:
        player = Player(client, "alice")
        before = books.balance(player.id)

        def top_up() -> int:
            answer = client.post(
                "/api/wallet/top-up", json={"amount_minor": 100}, headers=player.headers
            )
            return answer.status_code

        assert top_up() == 200
        assert pids
        with books.engine.connect() as admin:
            for pid in pids:
                admin.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        assert [top_up() for _ in range(5)] == [200] * 5
        assert books.balance(player.id) == before + 600
    books.engine.dispose()


@pytest.mark.postgres
def test_rounds_after_the_connections_were_cut_are_dealt(pg_schema: str) -> None:
    """The rounds' own pool, after every connection was terminated: an idle connection that
    the server ended is found without a round trip and replaced, so the next rounds (and a
    refusal, which the audit's bench saw answered 503 instead of 422) are answered as if
    nothing had happened."""
    settings = make_settings(pg_schema_url(pg_schema))
    app = create_app(settings)
    pids: list[int] = []
    with TestClient(app, raise_server_exceptions=False) as client:
        pg = app.state.round_runner.pg
        pg.on_connect.append(lambda connection: pids.append(connection.info.backend_pid))
        player = Player(client, "alice")
        assert player.bet({"banker": 100}).status_code == 201
        with Books(settings.database_url).engine.connect() as admin:
            for pid in [*pids, *_app_pids(app)]:
                admin.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        time.sleep(0.2)
        assert player.bet({"banker": -100}).status_code == 422
        assert [player.bet({"banker": 100}).status_code for _ in range(3)] == [201] * 3
        assert ledger_check(client)["ok"] is True


def _app_pids(app: Any) -> list[int]:
    with app.state.engine.connect() as connection:
        return [int(connection.exec_driver_sql("SELECT pg_backend_pid()").scalar_one())]
