"""A shared table's lease: which process deals it, and the fence every step checks.

One process deals a table at a time: it holds the table's *lease* (``lease_holder``
and ``lease_expires_at``), renewed while it deals and taken over by another process once
it has expired (:func:`take_lease`). Every step checks, in its own transaction, that
its process still holds the lease (:func:`fence`): a process that lost it (paused,
cut off) changes nothing. The processes alive are counted by their heartbeats
(:func:`heartbeat`), so that each deals its share of the tables.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, delete, func, or_, select, update
from sqlalchemy.orm import Session

from puntobanco.server.models import as_utc, utcnow
from puntobanco.server.shared.models import SharedDealer, SharedTableRow, TableStatus


class LeaseLost(Exception):
    """This process no longer holds the table's lease: it must stop dealing it."""


def take_lease(session: Session, table_id: str, holder: str, *, lease_s: float) -> bool:
    """Take or renew the table's lease for ``lease_s`` seconds; whether this process holds it.

    A lease is taken when it is free, already this holder's, or expired. Commit after.
    """
    now = utcnow()
    taken = session.execute(
        update(SharedTableRow)
        .where(
            SharedTableRow.id == table_id,
            SharedTableRow.status != TableStatus.CLOSED.value,
            or_(
                SharedTableRow.lease_holder.is_(None),
                SharedTableRow.lease_holder == holder,
                SharedTableRow.lease_expires_at < now,
            ),
        )
        .values(lease_holder=holder, lease_expires_at=now + timedelta(seconds=lease_s))
    )
    return bool(cast(CursorResult[Any], taken).rowcount)


def heartbeat(session: Session, holder: str, *, lease_s: float) -> int:
    """Record that this process is alive; the number of dealing processes alive now.

    A process not seen for ten leases' time is forgotten. Commit after.
    """
    now = utcnow()
    session.merge(SharedDealer(holder=holder, seen_at=now))
    session.execute(
        delete(SharedDealer).where(SharedDealer.seen_at < now - timedelta(seconds=10 * lease_s))
    )
    session.flush()
    alive = session.execute(
        select(func.count())
        .select_from(SharedDealer)
        .where(SharedDealer.seen_at >= now - timedelta(seconds=lease_s))
    ).scalar_one()
    return max(int(alive), 1)


def lease_holders(session: Session) -> dict[str, str | None]:
    """Each open table's lease holder (``None``: free or expired)."""
    now = utcnow()
    rows = session.execute(
        select(SharedTableRow.id, SharedTableRow.lease_holder, SharedTableRow.lease_expires_at)
        .where(SharedTableRow.status != TableStatus.CLOSED.value)
        .order_by(SharedTableRow.id)
    )
    return {
        table_id: holder if expires is not None and as_utc(expires) >= now else None
        for table_id, holder, expires in rows
    }


def renew_leases(
    session: Session, table_ids: list[str], holder: str, *, lease_s: float
) -> set[str]:
    """Renew this holder's unexpired leases of ``table_ids`` in one statement; those renewed."""
    if not table_ids:
        return set()
    now = utcnow()
    renewed = session.execute(
        update(SharedTableRow)
        .where(
            SharedTableRow.id.in_(table_ids),
            SharedTableRow.lease_holder == holder,
            SharedTableRow.lease_expires_at >= now,
            SharedTableRow.status != TableStatus.CLOSED.value,
        )
        .values(lease_expires_at=now + timedelta(seconds=lease_s))
        .returning(SharedTableRow.id)
    ).scalars()
    return set(renewed)


def give_up_lease(session: Session, table_id: str, holder: str) -> None:
    """Let the lease go at once (a clean stop), so another process need not wait for it."""
    session.execute(
        update(SharedTableRow)
        .where(SharedTableRow.id == table_id, SharedTableRow.lease_holder == holder)
        .values(lease_holder=None, lease_expires_at=None)
    )


def fence(session: Session, table_id: str, holder: str) -> SharedTableRow:
    """The table's row, locked, if this process still holds its lease.

    Raises:
        LeaseLost: Another process holds it now, or it has expired.
    """
    row = session.execute(
        select(SharedTableRow).where(SharedTableRow.id == table_id).with_for_update()
    ).scalar_one()
    expires = row.lease_expires_at
    if row.lease_holder != holder or expires is None or as_utc(expires) < utcnow():
        raise LeaseLost(table_id)
    return row
