"""The reconciliation of shared tables' rounds (server/ledger/check.py), on rows written directly.

A shared round holds its stakes in ``house_pending`` from their placement to its
settlement: once settled, those entries sum to zero, or the round is an open hold and
the check fails. Rounds still taking bets are listed, and fine. A settled round's wallet
entries must be its bets' payouts less their stakes, as a private round's are.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, Engine, event, insert, update
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from puntobanco.cli.main import app
from puntobanco.server.db import make_engine, migrate
from puntobanco.server.ledger.check import LedgerReport, reconcile
from puntobanco.server.models import LedgerEntry, User, Wallet
from puntobanco.server.shared.models import SharedBet, SharedRound, SharedShoe, SharedTableRow
from tests.server.conftest import make_settings

_AT = datetime(2026, 12, 10, 12, 0, tzinfo=UTC)
ALICE, BOB = 1, 2
GRANT = 10_000


def _line(journal: str, account: str, kind: str, amount: int, **more: Any) -> dict[str, Any]:
    """One ledger entry's row (``user_id`` only on a wallet's)."""
    return {
        "journal": journal,
        "account": account,
        "kind": kind,
        "amount_minor": amount,
        "user_id": None,
        "created_at": _AT,
        **more,
    }


class Book:
    """Writes a shared table's rows and its ledger entries as the dealer would."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.journals = 0
        conn.execute(
            insert(SharedTableRow).values(
                id="salon-1",
                name="Salon 1",
                preset="punto-banco",
                settings_json="{}",
                status="open",
                seq=0,
                shoes=1,
                rounds=0,
                created_at=_AT,
            )
        )
        conn.execute(
            insert(SharedShoe).values(
                id=1,
                table_id="salon-1",
                number=1,
                preset="punto-banco",
                server_seed="e" * 64,
                server_seed_hash="f" * 64,
                nonce=1,
                position=0,
                rounds=0,
                created_at=_AT,
            )
        )
        for user_id, name in ((ALICE, "alice"), (BOB, "bob")):
            conn.execute(insert(User).values(id=user_id, username=name, created_at=_AT))
            conn.execute(insert(Wallet).values(user_id=user_id, balance_minor=0))
            self.wallet(f"grant:{user_id}", user_id, "grant", GRANT, "house_bank")

    def round(self, round_id: int, phase: str) -> None:
        self.conn.execute(
            insert(SharedRound).values(
                id=round_id,
                table_id="salon-1",
                shoe_id=1,
                number=round_id,
                round_in_shoe=round_id,
                phase=phase,
                opened_at=_AT,
                closes_at=_AT,
                revealed=0,
            )
        )

    def bet(self, round_id: int, user_id: int, spot: str, stake: int, payout: int | None) -> None:
        self.conn.execute(
            insert(SharedBet).values(
                round_id=round_id,
                user_id=user_id,
                spot=spot,
                seat_name=f"seat-{user_id}",
                stake_minor=stake,
                placed_at=_AT,
                payout_minor=payout,
            )
        )

    def wallet(
        self, journal: str, user_id: int, kind: str, amount: int, house: str, **more: Any
    ) -> None:
        """The wallet gains ``amount`` (its cached balance too), ``house`` the opposite."""
        self.conn.execute(
            insert(LedgerEntry),
            [
                _line(journal, "wallet", kind, amount, user_id=user_id, **more),
                _line(journal, house, kind, -amount, **more),
            ],
        )
        self.conn.execute(
            update(Wallet)
            .where(Wallet.user_id == user_id)
            .values(balance_minor=Wallet.balance_minor + amount)
        )

    def hold(self, round_id: int, user_id: int, amount: int) -> None:
        """A placement (``amount`` > 0) or a release (< 0) of a stake on the round."""
        self.journals += 1
        kind = "hold" if amount > 0 else "release"
        journal = f"shared:{round_id}:{user_id}:{self.journals}"
        self.wallet(journal, user_id, kind, -amount, "house_pending", shared_round_id=round_id)

    def settle(self, round_id: int, user_id: int, *, stakes: int, payout: int) -> None:
        """The settlement's journal: the held stakes to the house, the payout to the wallet."""
        journal = f"shared-settle:{round_id}:{user_id}"
        self.conn.execute(
            insert(LedgerEntry),
            [
                _line(journal, "house_pending", "stake", -stakes, shared_round_id=round_id),
                _line(journal, "house_game", "stake", stakes, shared_round_id=round_id),
            ],
        )
        if payout:
            self.wallet(journal, user_id, "payout", payout, "house_game", shared_round_id=round_id)

    def settled_round(self, round_id: int, *, alice_settled_stakes: int = 1_000) -> None:
        """Alice bets 1,500 on the Banker, lowers it to 1,000 and wins 1,950; Bob loses 700.

        ``alice_settled_stakes`` is what her settlement moves out of ``house_pending``:
        less than her 1,000 leaves part of her stake held.
        """
        self.round(round_id, "settled")
        self.hold(round_id, ALICE, 1_500)
        self.hold(round_id, ALICE, -500)
        self.hold(round_id, BOB, 700)
        self.bet(round_id, ALICE, "banker", 1_000, 1_950)
        self.bet(round_id, BOB, "player", 700, 0)
        self.settle(round_id, ALICE, stakes=alice_settled_stakes, payout=1_950)
        self.settle(round_id, BOB, stakes=700, payout=0)


def _report(engine: Engine) -> LedgerReport:
    with Session(engine) as session, session.begin():
        return reconcile(session)


@pytest.fixture
def sqlite_url(tmp_path: Path, migrated_sqlite: Path) -> str:
    """A new SQLite database at the newest migration."""
    target = tmp_path / "shared.db"
    shutil.copyfile(migrated_sqlite, target)
    return f"sqlite:///{target}"


@pytest.fixture
def engine(sqlite_url: str) -> Iterator[Engine]:
    """An engine on :func:`sqlite_url`."""
    made = make_engine(make_settings(sqlite_url))
    yield made
    made.dispose()


def test_a_cleanly_settled_round_reconciles(database_url: str) -> None:
    engine = make_engine(make_settings(database_url))
    try:
        migrate(engine)
        with engine.begin() as conn:
            book = Book(conn)
            book.settled_round(1)
        report = _report(engine)
        assert report.ok, report.as_dict()
        assert report.open_holds == [] and report.shared_rounds_open == []
        assert report.round_differences == [] and report.balance_differences == []
        assert report.wallets_checked == 2 and report.entries == 4 + 12

        with engine.begin() as conn:
            book.conn = conn
            book.settled_round(2, alice_settled_stakes=600)
        report = _report(engine)
        assert not report.ok
        assert report.open_holds == [{"shared_round_id": 2, "held_minor": 400}]
        assert report.round_differences == [] and report.unbalanced_journals == []
    finally:
        engine.dispose()


def test_a_settled_round_with_a_stake_left_held_is_an_open_hold(engine: Engine) -> None:
    with engine.begin() as conn:
        book = Book(conn)
        book.settled_round(1)
        book.settled_round(2, alice_settled_stakes=600)
        book.settled_round(3, alice_settled_stakes=1_100)
    report = _report(engine)
    assert not report.ok
    assert report.open_holds == [
        {"shared_round_id": 2, "held_minor": 400},
        {"shared_round_id": 3, "held_minor": -100},
    ]
    # Every journal balances and every wallet matches: only the holds are wrong.
    assert report.unbalanced_journals == [] and report.balance_differences == []
    assert report.round_differences == [] and report.entries_total_minor == 0
    assert report.as_dict()["open_holds"] == report.open_holds


def test_a_round_still_taking_bets_is_listed_and_fine(engine: Engine) -> None:
    with engine.begin() as conn:
        book = Book(conn)
        book.settled_round(1)
        for round_id, phase in ((2, "closed"), (3, "betting")):
            book.round(round_id, phase)
            book.hold(round_id, ALICE, 200)
            book.bet(round_id, ALICE, "tie", 200, None)
    report = _report(engine)
    assert report.ok, report.as_dict()
    assert report.shared_rounds_open == [2, 3]
    assert report.open_holds == [] and report.round_differences == []


def test_a_settled_round_whose_wallet_entries_differ_from_its_bets(engine: Engine) -> None:
    with engine.begin() as conn:
        book = Book(conn)
        book.settled_round(1)
        book.round(2, "settled")
        book.hold(2, ALICE, 1_000)
        book.bet(2, ALICE, "banker", 1_000, 1_950)
        book.settle(2, ALICE, stakes=1_000, payout=1_900)  # 50 short of the bet's payout
        book.round(3, "settled")
        book.hold(3, BOB, 300)
        book.bet(3, BOB, "player", 300, None)  # never settled
        book.settle(3, BOB, stakes=300, payout=0)
    report = _report(engine)
    assert not report.ok and report.open_holds == []
    assert report.round_differences == [
        {
            "shared_round_id": 2,
            "staked_minor": 1_000,
            "payout_minor": 1_950,
            "wallet_entries_minor": 900,
        },
        {
            "shared_round_id": 3,
            "staked_minor": 300,
            "payout_minor": 0,
            "wallet_entries_minor": -300,
        },
    ]


def test_the_check_asks_as_many_queries_for_many_rounds_as_for_one(engine: Engine) -> None:
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(args[2])

    def queries() -> int:
        statements.clear()
        event.listen(engine, "before_cursor_execute", count)
        try:
            _report(engine)
        finally:
            event.remove(engine, "before_cursor_execute", count)
        return len(statements)

    with engine.begin() as conn:
        book = Book(conn)
        book.settled_round(1)
        book.round(2, "betting")
    one = queries()
    with engine.begin() as conn:
        book.conn = conn
        for round_id in range(3, 9):
            book.settled_round(round_id, alice_settled_stakes=900)
            book.round(round_id + 10, "betting")
    report = _report(engine)
    assert len(report.open_holds) == 6 and len(report.shared_rounds_open) == 7
    assert queries() == one


def test_ledger_check_command_fails_on_an_open_hold(sqlite_url: str, engine: Engine) -> None:
    with engine.begin() as conn:
        book = Book(conn)
        book.settled_round(1)
    clean = CliRunner().invoke(app, ["ledger", "check", "--database", sqlite_url, "--json"])
    assert clean.exit_code == 0, clean.output
    assert json.loads(clean.output)["open_holds"] == []

    with engine.begin() as conn:
        book.conn = conn
        book.settled_round(2, alice_settled_stakes=600)
    bad = CliRunner().invoke(app, ["ledger", "check", "--database", sqlite_url, "--json"])
    assert bad.exit_code == 1, bad.output
    body = json.loads(bad.output)
    assert body["ok"] is False
    assert body["open_holds"] == [{"shared_round_id": 2, "held_minor": 400}]
    human = CliRunner().invoke(app, ["ledger", "check", "--database", sqlite_url])
    assert human.exit_code == 1 and "DIFFERENCES FOUND" in human.output
    # The human report names the open hold, not only that something differs.
    assert "stakes still held after their shared round was settled" in human.output
    assert "'held_minor': 400" in human.output
