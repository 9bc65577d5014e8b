"""Shared tables: who manages each table, the variable or the admin API (issue #25)

``shared_tables.managed_by`` is ``'config'`` for a table that ``PUNTOBANCO_SHARED_TABLES``
(or the defaults) provisions, ``'admin'`` for one created through ``PUT
/api/admin/tables/{id}``: one source of truth per table, as Grafana's provisioning does
it. Every table that exists before this migration came from the variable: ``'config'``.

SQLite: the column and its check are added by one ``ALTER TABLE ... ADD COLUMN``. A batch
rebuild (as 0005 did to ``ledger_entries``) would drop ``shared_tables``, which the
shoes, rounds, seats and events refer to: with the foreign keys on, SQLite refuses
to drop a table whose rows are referred to.

Down to 0005 is refused while an admin table is open or closing: 0005 cannot tell it from
a provisioned one, so the next process start would close it at the end of its round
(the variable does not name it) without anyone having asked. A closed admin table goes
down as an ordinary closed table.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

_CHECK_NAME = "ck_shared_tables_managed_by_known"
_CHECK = "managed_by IN ('config', 'admin')"
#: The admin tables that 0005 would close at the next process start.
_ADMIN_TABLES_IN_PLAY = sa.text(
    "SELECT id FROM shared_tables WHERE managed_by = 'admin' AND status != 'closed' ORDER BY id"
)


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute(
            "ALTER TABLE shared_tables ADD COLUMN managed_by VARCHAR(16) DEFAULT 'config' "
            f"NOT NULL CONSTRAINT {_CHECK_NAME} CHECK ({_CHECK})"
        )
        return
    op.add_column(
        "shared_tables",
        sa.Column("managed_by", sa.String(length=16), nullable=False, server_default="config"),
    )
    op.create_check_constraint(_CHECK_NAME, "shared_tables", _CHECK)


def _refuse_with_admin_tables_in_play() -> None:
    """Stop the downgrade while an admin table deals (see the module's docstring)."""
    ids = [row[0] for row in op.get_bind().execute(_ADMIN_TABLES_IN_PLAY)]
    if ids:
        raise RuntimeError(
            f"cannot downgrade below 0006: {len(ids)} admin-managed shared table(s) still "
            f"open or closing ({', '.join(ids)}); at 0005 the next process start would close "
            "them. Close them first (POST /api/admin/tables/{id}/close) and let their "
            "round end"
        )


def downgrade() -> None:
    _refuse_with_admin_tables_in_play()
    if op.get_bind().dialect.name == "sqlite":
        # A column's own CHECK goes with it (SQLite 3.35+ drops such a column in place).
        op.execute("ALTER TABLE shared_tables DROP COLUMN managed_by")
        return
    op.drop_constraint(_CHECK_NAME, "shared_tables", type_="check")
    op.drop_column("shared_tables", "managed_by")
