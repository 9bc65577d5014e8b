"""Posting money: append-only journal entries and the cached balance, in one transaction.

Every movement is a *journal* of entries summing to zero: the player's wallet
on one side, the house on the other. The wallet's cached balance changes in the
same transaction, by the same amount, and the database refuses a negative one
(``CHECK (balance_minor >= 0)``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlalchemy.orm import Session

from puntobanco.server.models import utcnow
from puntobanco.server.statements import ADD_TO_BALANCE, INSERT_ENTRIES, LOCK_WALLET


class Account(StrEnum):
    """The ledger's accounts."""

    WALLET = "wallet"
    """A player's wallet (the entry names the player)."""
    HOUSE_GAME = "house_game"
    """The house's side of stakes, payouts and commission."""
    HOUSE_BANK = "house_bank"
    """Where play money comes from: grants and top-ups."""
    HOUSE_PENDING = "house_pending"
    """Stakes on a shared table's round, held from their placement until the round settles.

    A shared round's bets are placed over its betting time and settled together at the
    deal, so the stake leaves the wallet at once (the balance shows it spent) but is not
    the house's until the round is settled; once it is, the round's entries here sum to 0.
    """


class EntryKind(StrEnum):
    """Why money moved."""

    GRANT = "grant"
    TOP_UP = "top_up"
    STAKE = "stake"
    PAYOUT = "payout"
    COMMISSION = "commission"
    REFUND = "refund"
    HOLD = "hold"
    """A shared-table stake placed (or raised): wallet to ``house_pending``."""
    RELEASE = "release"
    """A shared-table stake cancelled (or lowered) while betting: back to the wallet."""


@dataclass(frozen=True, slots=True)
class Movement:
    """Money moving between a player's wallet and a house account.

    ``amount_minor`` is what the wallet gains (negative: what it pays); the
    house account gets the opposite entry.
    """

    kind: EntryKind
    amount_minor: int
    house: Account
    round_id: int | None = None
    bet: str | None = None
    shared_round_id: int | None = None


def lock_wallet(session: Session, user_id: int) -> int:
    """Lock the player's wallet row for this transaction and return its balance.

    Every change to a player's money, table or seeds takes this lock first, so a
    player's requests are applied one at a time whatever the worker.
    """
    balance: int = session.connection().execute(LOCK_WALLET, {"w_user": user_id}).scalar_one()
    return int(balance)


def post(session: Session, *, user_id: int, journal: str, movements: Sequence[Movement]) -> int:
    """Write the movements' entries (both sides) and update the cached balance.

    Returns:
        The wallet's new balance.

    Raises:
        sqlalchemy.exc.IntegrityError: The balance would go negative, or an
            entry for the same (round, bet, kind) already exists.
    """
    rows, delta = entry_rows(user_id=user_id, journal=journal, movements=movements)
    connection = session.connection()
    if rows:
        connection.execute(INSERT_ENTRIES, rows)
    new_balance: int = connection.execute(
        ADD_TO_BALANCE, {"w_user": user_id, "w_delta": delta}
    ).scalar_one()
    return int(new_balance)


def entry_rows(
    *, user_id: int, journal: str, movements: Sequence[Movement]
) -> tuple[list[dict[str, Any]], int]:
    """The ledger rows of the movements, and the wallet's change: what :func:`post` writes.

    Each movement's wallet row, then the house's. A round on SQLite writes them through
    ``sqlite3`` directly.

    Raises:
        TypeError: An amount that is not a whole number of minor units.
    """
    now = utcnow()
    # A shared round's column only where a movement has one: the rows of every older
    # caller stay as they were (a database before migration 0005 has no such column).
    shared = any(m.shared_round_id is not None for m in movements)
    rows = []
    for m in movements:
        if isinstance(m.amount_minor, bool) or not isinstance(m.amount_minor, int):
            raise TypeError(f"amounts are whole minor units, got {m.amount_minor!r}")
        common = {"journal": journal, "kind": m.kind.value, "round_id": m.round_id, "bet": m.bet}
        if shared:
            common["shared_round_id"] = m.shared_round_id
        rows.append(
            {
                **common,
                "account": Account.WALLET.value,
                "user_id": user_id,
                "amount_minor": m.amount_minor,
                "created_at": now,
            }
        )
        rows.append(
            {
                **common,
                "account": m.house.value,
                "user_id": None,
                "amount_minor": -m.amount_minor,
                "created_at": now,
            }
        )
    return rows, sum(m.amount_minor for m in movements)
