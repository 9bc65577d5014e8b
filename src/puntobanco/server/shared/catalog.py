"""The operator's tables in the database: provisioned by the variable, or the admin API's.

One source of truth per table (``shared_tables.managed_by``), as Grafana's provisioning
does it:

* A table named by ``PUNTOBANCO_SHARED_TABLES`` (or the defaults, ``salon`` and
  ``dragon``, when the variable is unset) is *provisioned* (``config``): each process
  start brings it in line with the variable (:func:`open_tables`); the admin API may read
  and close it but refuses to change it (409 ``table_provisioned``).
* A table created through ``PUT /api/admin/tables/{id}`` (:func:`put_table`) is the
  API's (``admin``): process starts leave it alone. If the variable names an id the API
  created, the variable does not take it over: a warning is logged and the table stays
  as it is.

Why not let both write every table: with two writers the last one wins, and a restart
would undo what an operator changed through the API an hour before (or the other way
round) without a word. With one owner per table each change has one place to be made, and
the API says which (the refusal names the variable).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from puntobanco.server.errors import ApiError
from puntobanco.server.models import as_utc, utcnow
from puntobanco.server.shared.config import SharedTableConfig
from puntobanco.server.shared.dealing import current_round, table_config
from puntobanco.server.shared.events import Event, emit, iso
from puntobanco.server.shared.models import ManagedBy, SharedShoe, SharedTableRow, TableStatus
from puntobanco.server.shared.views import dealt_preset, table_settings

log = logging.getLogger(__name__)


def _insert_new(
    session: Session, configs: Sequence[SharedTableConfig], managed_by: ManagedBy
) -> Any:
    """``INSERT ... ON CONFLICT DO NOTHING`` of the tables that do not exist yet.

    Processes (or requests) that create the same table at once all insert it: the first
    insert wins and the others find its row, with no error.
    """
    dialect = session.get_bind().dialect.name
    insert = postgresql_insert if dialect == "postgresql" else sqlite_insert
    rows = [
        {
            "id": config.id,
            "name": config.name,
            "preset": config.preset,
            "settings_json": config.to_json(),
            "status": TableStatus.OPEN.value,
            "managed_by": managed_by.value,
            "seq": 0,
            "shoes": 0,
            "rounds": 0,
            "created_at": utcnow(),
        }
        for config in configs
    ]
    return insert(SharedTableRow).values(rows).on_conflict_do_nothing()


def _apply(row: SharedTableRow, config: SharedTableConfig) -> bool:
    """Give the table ``config``'s settings and open it; whether anything changed.

    The round in play keeps its countdown (``betting_seconds`` counts from the next
    round's opening), the squeeze is chosen at each deal, and the shoe in play keeps its
    preset (each shoe stores its own): a new preset deals from the next shoe. The limits
    and ``max_seats`` check each bet and seat taken from now on; bets already placed stand.
    """
    before = (row.name, row.preset, row.settings_json, row.status)
    row.name, row.preset, row.settings_json = config.name, config.preset, config.to_json()
    row.status = TableStatus.OPEN.value
    return before != (row.name, row.preset, row.settings_json, row.status)


def open_tables(session: Session, configs: Sequence[SharedTableConfig]) -> None:
    """Bring the provisioned tables in line with ``configs`` (at each process start).

    A configured table that does not exist yet is created (provisioned); a provisioned
    one takes its settings (from the next round) and opens again if it was closed. A
    provisioned table no longer configured is closed at the end of its round
    (``closing``). A table the admin API created is left as it is, configured or not:
    its id in ``configs`` only logs a warning. Commit after.
    """
    wanted = {config.id: config for config in configs}
    if wanted:
        session.execute(_insert_new(session, list(wanted.values()), ManagedBy.CONFIG))
    for row in session.execute(select(SharedTableRow).with_for_update()).scalars():
        config = wanted.get(row.id)
        if row.managed_by == ManagedBy.ADMIN.value:
            if config is not None:
                log.warning(
                    "shared table %s: PUNTOBANCO_SHARED_TABLES names it, but the admin API "
                    "created it and manages it; the variable's settings are ignored (change "
                    "it with PUT /api/admin/tables/%s, or give the variable another id)",
                    row.id,
                    row.id,
                )
        elif config is not None:
            _apply(row, config)
        elif row.status == TableStatus.OPEN.value:
            row.status = TableStatus.CLOSING.value


@dataclass(frozen=True, slots=True)
class PutAnswer:
    """What :func:`put_table` did.

    ``created`` (201) or changed (200), the table as the operator sees it, and the
    events to publish after the commit.
    """

    created: bool
    table: dict[str, Any]
    events: list[Event]


def put_table(session: Session, config: SharedTableConfig) -> PutAnswer:
    """Create the admin table ``config.id``, or change it and open it again.

    Changes apply from the next round (the round in play keeps its countdown; see
    :func:`_apply`), a preset from the next shoe (a shoe keeps its preset). A closing
    table opens again (it deals on); a closed one opens with a new shoe. A change is
    announced to the table's clients by a ``table_updated`` event. Two requests that
    create the same id at once both succeed: one creates it, the other then changes it.
    Commit after.

    Raises:
        ApiError: 409 ``table_provisioned``: ``PUNTOBANCO_SHARED_TABLES`` (or the
            defaults) manages this table; it is changed there.
    """
    created = session.execute(
        _insert_new(session, [config], ManagedBy.ADMIN).returning(SharedTableRow.id)
    ).first()
    row = session.execute(
        select(SharedTableRow).where(SharedTableRow.id == config.id).with_for_update()
    ).scalar_one()
    if created is not None:
        return PutAnswer(True, admin_view(session, row), [])
    if row.managed_by != ManagedBy.ADMIN.value:
        raise ApiError(409, "table_provisioned", table=config.id)
    events: list[Event] = []
    if _apply(row, config):
        settings = config.model_dump(exclude={"id"})
        # The tile as the lobby shows it now (the shoe in play keeps its preset), so that a
        # page updates its own without deriving the limits again.
        tile = table_settings(row, dealt_preset(session, row, current_round(session, row.id)))
        updated = {"status": row.status, **settings, "tile": tile}
        events = emit(session, row.id, [("table_updated", updated)])
    return PutAnswer(False, admin_view(session, row), events)


def _lease(row: SharedTableRow) -> dict[str, Any] | None:
    """The process that deals the table and until when (``live``: not expired yet)."""
    if row.lease_holder is None or row.lease_expires_at is None:
        return None
    until = as_utc(row.lease_expires_at)
    return {"holder": row.lease_holder, "until": iso(until), "live": until >= utcnow()}


def _shoe_in_play(session: Session, table_id: str) -> int | None:
    """The number of the table's shoe that has not ended, if there is one."""
    number = session.execute(
        select(SharedShoe.number)
        .where(SharedShoe.table_id == table_id, SharedShoe.ended_at.is_(None))
        .order_by(SharedShoe.number.desc())
        .limit(1)
    ).scalar_one_or_none()
    return None if number is None else int(number)


def admin_view(session: Session, row: SharedTableRow) -> dict[str, Any]:
    """A table as the operator sees it: settings, status, owner, dealer, shoe and round."""
    round_ = current_round(session, row.id)
    return {
        "id": row.id,
        "managed_by": row.managed_by,
        "status": row.status,
        "settings": table_config(row).model_dump(exclude={"id"}),
        "dealer": _lease(row),
        "shoe": _shoe_in_play(session, row.id),
        "shoes": row.shoes,
        "round": None if round_ is None else round_.number,
        "phase": None if round_ is None else round_.phase,
        "rounds": row.rounds,
        "seq": row.seq,
        "created_at": iso(row.created_at),
    }


def admin_tables(session: Session) -> list[dict[str, Any]]:
    """Every table, closed ones included, oldest first, as the operator sees it."""
    rows = session.execute(
        select(SharedTableRow).order_by(SharedTableRow.created_at, SharedTableRow.id)
    ).scalars()
    return [admin_view(session, row) for row in rows]


def admin_table(session: Session, table_id: str) -> dict[str, Any]:
    """One table as the operator sees it.

    Raises:
        ApiError: 404 ``table_unknown``.
    """
    row = session.get(SharedTableRow, table_id)
    if row is None:
        raise ApiError(404, "table_unknown", table=table_id)
    return admin_view(session, row)
