"""The operator's tables in the database: those configured are opened, changed or closed.

``PUNTOBANCO_SHARED_TABLES`` (or the defaults) names the tables; each process that starts
brings the stored tables in line with it (:func:`open_tables`).
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from puntobanco.server.models import utcnow
from puntobanco.server.shared.config import SharedTableConfig
from puntobanco.server.shared.models import SharedTableRow, TableStatus


def open_tables(session: Session, configs: Sequence[SharedTableConfig]) -> None:
    """Create the configured tables that do not exist yet and update the settings of the rest.

    A table no longer configured is closed at the end of its round (``closing``); one
    configured again opens again. Changed settings apply from the next round (the
    round in play keeps its countdown). Processes that start together may all create a
    new table: the first insert wins and the others find its row. Commit after.
    """
    wanted = {config.id: config for config in configs}
    if wanted:
        dialect = session.get_bind().dialect.name
        insert = postgresql_insert if dialect == "postgresql" else sqlite_insert
        rows = [
            {
                "id": table_id,
                "name": config.name,
                "preset": config.preset,
                "settings_json": config.to_json(),
                "status": TableStatus.OPEN.value,
                "seq": 0,
                "shoes": 0,
                "rounds": 0,
                "created_at": utcnow(),
            }
            for table_id, config in wanted.items()
        ]
        session.execute(insert(SharedTableRow).values(rows).on_conflict_do_nothing())
    for row in session.execute(select(SharedTableRow).with_for_update()).scalars():
        config = wanted.get(row.id)
        if config is not None:
            row.name, row.preset, row.settings_json = config.name, config.preset, config.to_json()
            row.status = TableStatus.OPEN.value
        elif row.status == TableStatus.OPEN.value:
            row.status = TableStatus.CLOSING.value
