"""A shared table's events: appended with the change they report, read back by number.

Every change of a table appends its events in the same transaction, each with the
table's next sequence number (``shared_tables.seq``, raised by the append: so the
numbers of one table follow each other without a gap, whatever the process). On
PostgreSQL's bus they are notified in that transaction too, and sent at its commit;
elsewhere they are published on the bus after the commit. A client that missed some
reads them back here (:func:`events_after`), or takes a snapshot when too many were missed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.orm import Session

from puntobanco.server.models import as_utc, utcnow
from puntobanco.server.shared.bus import NOTIFY_CHANNEL_INFO, Notified, notify_payload
from puntobanco.server.shared.models import SharedEvent, SharedTableRow

Event = dict[str, Any]

#: The most events a client is sent to catch up; beyond that it gets a snapshot.
CATCH_UP_LIMIT = 500


def iso(moment: datetime) -> str:
    """A time as the events write it: ISO 8601 in UTC, to the millisecond.

    A time read back from SQLite comes naive; every stored time is UTC.
    """
    return as_utc(moment).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def emit(
    session: Session, table_id: str, items: Sequence[tuple[str, dict[str, Any]]]
) -> list[Event]:
    """Append events to the table's log, numbered after its last; returns them as sent.

    Raising the table's ``seq`` takes the table row's lock for the rest of the
    transaction, so two transactions of one table append one after the other.
    """
    if not items:
        return []
    last = session.execute(
        update(SharedTableRow)
        .where(SharedTableRow.id == table_id)
        .values(seq=SharedTableRow.seq + len(items))
        .returning(SharedTableRow.seq)
    ).scalar_one()
    now = utcnow()
    first = int(last) - len(items) + 1
    events = [
        {"type": kind, "table": table_id, "seq": first + i, "at": iso(now), **data}
        for i, (kind, data) in enumerate(items)
    ]
    session.execute(
        insert(SharedEvent),
        [
            {
                "table_id": table_id,
                "seq": event["seq"],
                "kind": event["type"],
                "payload": json.dumps(event, separators=(",", ":"), ensure_ascii=False),
                "created_at": now,
            }
            for event in events
        ],
    )
    channel = session.info.get(NOTIFY_CHANNEL_INFO)
    if channel is None:
        return events
    # Sent at the commit (PostgreSQL's bus, bus.session_info): in one round trip now.
    session.connection().exec_driver_sql(
        "SELECT pg_notify(%s, %s)", [(channel, notify_payload(event)) for event in events]
    )
    return [Notified(event) for event in events]


def events_after(
    session: Session, table_id: str, seq: int, *, limit: int | None = None
) -> list[Event] | None:
    """The table's events after ``seq``, in order; ``None`` when more than ``limit`` are.

    A client that saw event ``seq`` asks for what followed; ``None`` tells it to take a
    snapshot instead. ``limit`` is :data:`CATCH_UP_LIMIT` unless given.
    """
    limit = CATCH_UP_LIMIT if limit is None else limit
    rows = session.execute(
        select(SharedEvent.payload)
        .where(SharedEvent.table_id == table_id, SharedEvent.seq > seq)
        .order_by(SharedEvent.seq)
        .limit(limit + 1)
    ).scalars()
    events: list[Event] = [json.loads(payload) for payload in rows]
    return None if len(events) > limit else events


def prune(session: Session, *, keep_days: int) -> int:
    """Delete the events older than ``keep_days`` days; how many.

    A client that missed them takes a snapshot instead; nothing that decides money or a
    shoe's check reads old events (the rounds, bets, shoes and ledger hold it). A table's
    numbers go on from its ``seq``, so none is given twice. Commit after.
    """
    gone = session.execute(
        delete(SharedEvent).where(SharedEvent.created_at < utcnow() - timedelta(days=keep_days))
    )
    return int(getattr(gone, "rowcount", 0) or 0)
