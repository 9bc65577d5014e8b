"""Shared tables: many players at one Punto Banco shoe (issue #25)

A private round is one player's, dealt and settled in one request. A shared table deals
its rounds on its own clock to everyone seated, so it needs rows a private round has not:

* ``shared_tables``: a table's settings, its events' last sequence number and the lease
  of the process that deals it;
* ``shared_shoes``: each shoe under a server seed of its own, committed before its first
  round, its client seed fixed at the first betting close;
* ``shared_rounds``: a round's phase (betting, closed, dealing, settled), its cards and
  how many of them have been revealed;
* ``shared_seats``: who sits (or watches) under which seat name;
* ``shared_bets``: each seat's stake on a spot and how it settled;
* ``shared_bet_requests``: each bet request's idempotency key and answer;
* ``shared_events``: every event of a table, by its sequence number, for the client that
  missed it;
* ``shared_dealers``: each dealing process's last heartbeat, so that the tables spread
  over the processes alive;
* the ledger's ``house_pending`` account and ``hold``/``release`` kinds: a stake leaves the
  wallet when it is placed and waits in ``house_pending`` until the round is settled; and
  ``ledger_entries.shared_round_id``, so that the reconciliation finds a round's entries.

SQLite cannot alter a constraint in place: ``ledger_entries`` is rebuilt in batch mode
(every row copied), as 0003 did to widen its accounts.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from alembic.operations import BatchOperations

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_ACCOUNTS_BEFORE = "account IN ('wallet', 'house_game', 'house_bank', 'house_players')"
_ACCOUNTS_AFTER = (
    "account IN ('wallet', 'house_game', 'house_bank', 'house_players', 'house_pending')"
)
_KINDS_BEFORE = "kind IN ('grant', 'top_up', 'stake', 'payout', 'commission', 'refund')"
_KINDS_AFTER = (
    "kind IN ('grant', 'top_up', 'stake', 'payout', 'commission', 'refund', 'hold', 'release')"
)
#: The entries a database at 0004 could not hold, or would hold without their round.
_SHARED_ENTRIES = sa.text(
    "SELECT COUNT(*) FROM ledger_entries WHERE account = 'house_pending' "
    "OR kind IN ('hold', 'release') OR shared_round_id IS NOT NULL"
)
#: Dropped in this order by :func:`downgrade`: each before the tables it refers to.
_SHARED_TABLES = (
    "shared_dealers",
    "shared_events",
    "shared_bet_requests",
    "shared_bets",
    "shared_seats",
    "shared_rounds",
    "shared_shoes",
    "shared_tables",
)


def upgrade() -> None:
    _create_shared_tables()
    _create_shared_shoes()
    _create_shared_rounds()
    _create_shared_seats()
    _create_shared_bets()
    _create_shared_bet_requests()
    _create_shared_events()
    _create_shared_dealers()
    _ledger_entries_up()


def _create_shared_tables() -> None:
    op.create_table(
        "shared_tables",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("preset", sa.String(length=40), nullable=False),
        sa.Column("settings_json", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("seq", sa.BigInteger(), nullable=False),
        sa.Column("shoes", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("lease_holder", sa.String(length=80), nullable=True),
        sa.Column("lease_expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "status IN ('open', 'closing', 'closed')", name=op.f("ck_shared_tables_status_known")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shared_tables")),
    )


def _create_shared_shoes() -> None:
    op.create_table(
        "shared_shoes",
        sa.Column("id", BigId, nullable=False),
        sa.Column("table_id", sa.String(length=40), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("preset", sa.String(length=40), nullable=False),
        sa.Column("server_seed", sa.String(length=64), nullable=False),
        sa.Column("server_seed_hash", sa.String(length=64), nullable=False),
        sa.Column("client_seed", sa.String(length=64), nullable=True),
        sa.Column("seeds_json", sa.Text(), nullable=True),
        sa.Column("nonce", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ended_by", sa.String(length=16), nullable=True),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["shared_tables.id"],
            name=op.f("fk_shared_shoes_table_id_shared_tables"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shared_shoes")),
        sa.UniqueConstraint("table_id", "number", name=op.f("uq_shared_shoes_table_number")),
    )


def _create_shared_rounds() -> None:
    op.create_table(
        "shared_rounds",
        sa.Column("id", BigId, nullable=False),
        sa.Column("table_id", sa.String(length=40), nullable=False),
        sa.Column("shoe_id", BigId, nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("round_in_shoe", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(length=16), nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closes_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("dealt_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("settled_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("first_card", sa.Integer(), nullable=True),
        sa.Column("burn_shown", sa.String(length=4), nullable=True),
        sa.Column("burn_face_down", sa.Integer(), nullable=True),
        sa.Column("cards", sa.String(length=40), nullable=True),
        sa.Column("revealed", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(length=8), nullable=True),
        sa.Column("last_in_shoe", sa.Boolean(), nullable=True),
        sa.Column("squeeze_json", sa.Text(), nullable=True),
        sa.CheckConstraint(
            "phase IN ('betting', 'closed', 'dealing', 'settled')",
            name=op.f("ck_shared_rounds_phase_known"),
        ),
        sa.ForeignKeyConstraint(
            ["shoe_id"], ["shared_shoes.id"], name=op.f("fk_shared_rounds_shoe_id_shared_shoes")
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["shared_tables.id"],
            name=op.f("fk_shared_rounds_table_id_shared_tables"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shared_rounds")),
        sa.UniqueConstraint("table_id", "number", name=op.f("uq_shared_rounds_table_number")),
    )
    with op.batch_alter_table("shared_rounds", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_shared_rounds_shoe_id"), ["shoe_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_shared_rounds_table_id_phase"), ["table_id", "phase"], unique=False
        )


def _create_shared_seats() -> None:
    op.create_table(
        "shared_seats",
        sa.Column("table_id", sa.String(length=40), nullable=False),
        sa.Column("user_id", BigId, nullable=False),
        sa.Column("seat_name", sa.String(length=40), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("client_seed", sa.String(length=64), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("left_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint(
            "role IN ('seat', 'spectator')", name=op.f("ck_shared_seats_role_known")
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["shared_tables.id"],
            name=op.f("fk_shared_seats_table_id_shared_tables"),
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_shared_seats_user_id_users")
        ),
        sa.PrimaryKeyConstraint("table_id", "user_id", name=op.f("pk_shared_seats")),
        sa.UniqueConstraint("table_id", "seat_name", name=op.f("uq_shared_seats_table_seat_name")),
    )
    with op.batch_alter_table("shared_seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_shared_seats_user_id"), ["user_id"], unique=False)


def _create_shared_bets() -> None:
    op.create_table(
        "shared_bets",
        sa.Column("round_id", BigId, nullable=False),
        sa.Column("user_id", BigId, nullable=False),
        sa.Column("spot", sa.String(length=32), nullable=False),
        sa.Column("seat_name", sa.String(length=40), nullable=False),
        sa.Column("stake_minor", sa.BigInteger(), nullable=False),
        sa.Column("placed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("resolution", sa.String(length=8), nullable=True),
        sa.Column("winnings_minor", sa.BigInteger(), nullable=True),
        sa.Column("payout_minor", sa.BigInteger(), nullable=True),
        sa.Column("commission", sa.String(length=40), nullable=True),
        sa.Column("rounded_away", sa.String(length=40), nullable=True),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["shared_rounds.id"],
            name=op.f("fk_shared_bets_round_id_shared_rounds"),
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_shared_bets_user_id_users")
        ),
        sa.PrimaryKeyConstraint("round_id", "user_id", "spot", name=op.f("pk_shared_bets")),
    )
    with op.batch_alter_table("shared_bets", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_shared_bets_user_id"), ["user_id"], unique=False)


def _create_shared_bet_requests() -> None:
    op.create_table(
        "shared_bet_requests",
        sa.Column("user_id", BigId, nullable=False),
        sa.Column("idempotency_key", sa.String(length=200), nullable=False),
        sa.Column("request_hash", sa.String(length=64), nullable=False),
        sa.Column("round_id", BigId, nullable=False),
        sa.Column("status_code", sa.Integer(), nullable=False),
        sa.Column("answer_json", sa.Text(), nullable=False),
        sa.Column("announced", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["shared_rounds.id"],
            name=op.f("fk_shared_bet_requests_round_id_shared_rounds"),
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_shared_bet_requests_user_id_users")
        ),
        sa.PrimaryKeyConstraint("user_id", "idempotency_key", name=op.f("pk_shared_bet_requests")),
    )


def _create_shared_events() -> None:
    op.create_table(
        "shared_events",
        sa.Column("table_id", sa.String(length=40), nullable=False),
        sa.Column("seq", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(length=24), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["shared_tables.id"],
            name=op.f("fk_shared_events_table_id_shared_tables"),
        ),
        sa.PrimaryKeyConstraint("table_id", "seq", name=op.f("pk_shared_events")),
    )


def _create_shared_dealers() -> None:
    op.create_table(
        "shared_dealers",
        sa.Column("holder", sa.String(length=80), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("holder", name=op.f("pk_shared_dealers")),
    )


def _ledger_checks(batch_op: BatchOperations, *, accounts: str, kinds: str) -> None:
    """Replace the account and kind check constraints (SQLite: in the same rebuild)."""
    for name, condition in (("account_known", accounts), ("kind_known", kinds)):
        batch_op.drop_constraint(op.f(f"ck_ledger_entries_{name}"), type_="check")
        batch_op.create_check_constraint(op.f(f"ck_ledger_entries_{name}"), condition)


def _ledger_entries_up() -> None:
    with op.batch_alter_table("ledger_entries", schema=None) as batch_op:
        batch_op.add_column(sa.Column("shared_round_id", BigId, nullable=True))
        batch_op.create_index(
            batch_op.f("ix_ledger_entries_shared_round_id"), ["shared_round_id"], unique=False
        )
        batch_op.create_foreign_key(
            batch_op.f("fk_ledger_entries_shared_round_id_shared_rounds"),
            "shared_rounds",
            ["shared_round_id"],
            ["id"],
        )
        _ledger_checks(batch_op, accounts=_ACCOUNTS_AFTER, kinds=_KINDS_AFTER)


def _refuse_with_shared_entries() -> None:
    """Stop the downgrade while the ledger holds money that only 0005 can explain.

    Dropping the column would keep the entries but lose which shared round they belong
    to, and the narrower constraints would not admit them: a wallet's money would no
    longer reconcile. The operator settles or moves those entries first, knowingly.
    """
    count = int(op.get_bind().execute(_SHARED_ENTRIES).scalar_one())
    if count:
        raise RuntimeError(
            f"cannot downgrade below 0005: ledger_entries holds {count} shared-table "
            "entries (account house_pending, kind hold or release, or a shared_round_id); "
            "they would no longer reconcile at 0004"
        )


def downgrade() -> None:
    _refuse_with_shared_entries()
    with op.batch_alter_table("ledger_entries", schema=None) as batch_op:
        _ledger_checks(batch_op, accounts=_ACCOUNTS_BEFORE, kinds=_KINDS_BEFORE)
        batch_op.drop_constraint(
            batch_op.f("fk_ledger_entries_shared_round_id_shared_rounds"), type_="foreignkey"
        )
        batch_op.drop_index(batch_op.f("ix_ledger_entries_shared_round_id"))
        batch_op.drop_column("shared_round_id")
    for table in _SHARED_TABLES:
        op.drop_table(table)
