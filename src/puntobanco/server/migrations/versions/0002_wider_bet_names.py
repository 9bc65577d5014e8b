"""wider bet names: round_bets.bet and ledger_entries.bet from 16 to 32 characters

The side bets have JSON names longer than 16 characters (``dragon_bonus_player``
and ``dragon_bonus_banker`` have 19). These are the only two columns that hold a bet's
name (a round's ``outcome`` holds ``player``/``banker``/``tie``, a ledger entry's
``kind`` and ``account`` hold the ledger's own words). 32 leaves room for longer names
without another migration.

PostgreSQL changes the type in place (``ALTER COLUMN ... TYPE VARCHAR(32)``: widening a
VARCHAR rewrites nothing and keeps the primary key and the unique constraint). SQLite
ignores a VARCHAR's length, but its table is rebuilt in batch mode all the same, so that
the schema it declares is the models' (the rebuild copies every row).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_COLUMNS = (("round_bets", False), ("ledger_entries", True))


def upgrade() -> None:
    for table, nullable in _COLUMNS:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column(
                "bet",
                existing_type=sa.String(length=16),
                type_=sa.String(length=32),
                existing_nullable=nullable,
            )


def downgrade() -> None:
    # Narrowing fails (PostgreSQL) on a database that stored a longer name: such a
    # database cannot go back to 0001 without losing its side bets, and is not made to.
    for table, nullable in _COLUMNS:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column(
                "bet",
                existing_type=sa.String(length=32),
                type_=sa.String(length=16),
                existing_nullable=nullable,
            )
