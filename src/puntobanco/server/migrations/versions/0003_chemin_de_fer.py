"""Chemin de fer at the server: tables, rounds, seats, decisions; the computer players' account

What the Punto Banco schema lacks for a game with a bank, seats and choices:

* ``chemin_tables``: a player's Chemin de fer table (the computer players' balances,
  who holds the bank and its amount, the shoe as seed, nonce and position);
* ``chemin_rounds``: a round, its variant, the bank's holder and amount, its cards,
  outcome and commission; a round whose choice is awaited is stored ``pending`` with
  its stakes debited and its cards committed, and its deadline;
* ``chemin_seats``: who sat where in the round, the stake each risked, banco, the result;
* ``chemin_decisions``: each choice (the point, draw or stand, who chose, by timeout);
* ``chemin_actions``: each action's idempotency key and answer;
* the ledger's ``house_players`` account: the house's money in the computer players'
  hands (granted from ``house_bank`` when they sit), so that every chip at the table
  is an entry of the ledger.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_ACCOUNTS_BEFORE = "account IN ('wallet', 'house_game', 'house_bank')"
_ACCOUNTS_AFTER = "account IN ('wallet', 'house_game', 'house_bank', 'house_players')"


def _accounts(condition: str) -> None:
    with op.batch_alter_table("ledger_entries", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_ledger_entries_account_known"), type_="check")
        batch_op.create_check_constraint("account_known", condition)


def upgrade() -> None:
    _accounts(_ACCOUNTS_AFTER)
    _create_chemin_tables()
    _create_chemin_rounds()
    _create_chemin_seats()
    _create_chemin_decisions()
    _create_chemin_actions()


def _create_chemin_tables() -> None:
    op.create_table(
        "chemin_tables",
        sa.Column("user_id", BigId, nullable=False),
        sa.Column("computer_balances", sa.String(length=400), nullable=False),
        sa.Column("banker", sa.Integer(), nullable=False),
        sa.Column("bank_minor", sa.BigInteger(), nullable=False),
        sa.Column("may_keep", sa.Boolean(), nullable=False),
        sa.Column("minimum_minor", sa.BigInteger(), nullable=False),
        sa.Column("decision_seconds", sa.Integer(), nullable=False),
        sa.Column("banker_rule", sa.String(length=16), nullable=False),
        sa.Column("decks", sa.Integer(), nullable=False),
        sa.Column("shoes_started", sa.Integer(), nullable=False),
        sa.Column("shoe_open", sa.Boolean(), nullable=False),
        sa.Column("shoe_seed_id", BigId, nullable=True),
        sa.Column("shoe_client_seed", sa.String(length=64), nullable=True),
        sa.Column("shoe_nonce", sa.Integer(), nullable=True),
        sa.Column("shoe_position", sa.Integer(), nullable=False),
        sa.Column("shoe_rounds", sa.Integer(), nullable=False),
        sa.Column("seen", sa.String(length=60), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["shoe_seed_id"], ["seeds.id"], name=op.f("fk_chemin_tables_shoe_seed_id_seeds")
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_chemin_tables_user_id_users")
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_chemin_tables")),
    )


def _create_chemin_rounds() -> None:
    op.create_table(
        "chemin_rounds",
        sa.Column("id", BigId, nullable=False),
        sa.Column("user_id", BigId, nullable=False),
        sa.Column("variant", sa.String(length=16), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("settled_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("banker_rule", sa.String(length=16), nullable=False),
        sa.Column("decks", sa.Integer(), nullable=False),
        sa.Column("seed_id", BigId, nullable=False),
        sa.Column("client_seed", sa.String(length=64), nullable=False),
        sa.Column("nonce", sa.Integer(), nullable=False),
        sa.Column("shoe_index", sa.Integer(), nullable=False),
        sa.Column("round_in_shoe", sa.Integer(), nullable=False),
        sa.Column("first_card", sa.Integer(), nullable=False),
        sa.Column("last_in_shoe", sa.Boolean(), nullable=False),
        sa.Column("burn_shown", sa.String(length=4), nullable=True),
        sa.Column("cards", sa.String(length=40), nullable=False),
        sa.Column("bank_seat", sa.Integer(), nullable=False),
        sa.Column("bank_minor", sa.BigInteger(), nullable=False),
        sa.Column("hand_seat", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(length=8), nullable=True),
        sa.Column("commission_minor", sa.BigInteger(), nullable=True),
        sa.Column("rounded_away", sa.String(length=40), nullable=True),
        sa.Column("pending_side", sa.String(length=8), nullable=True),
        sa.Column("pending_total", sa.Integer(), nullable=True),
        sa.Column("pending_third", sa.Integer(), nullable=True),
        sa.Column("decision_deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("bank_after", sa.String(length=16), nullable=True),
        sa.CheckConstraint(
            "status IN ('pending', 'settled')", name=op.f("ck_chemin_rounds_status_known")
        ),
        sa.ForeignKeyConstraint(
            ["seed_id"], ["seeds.id"], name=op.f("fk_chemin_rounds_seed_id_seeds")
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_chemin_rounds_user_id_users")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chemin_rounds")),
    )
    with op.batch_alter_table("chemin_rounds", schema=None) as batch_op:
        batch_op.create_index("ix_chemin_rounds_user_id_id", ["user_id", "id"], unique=False)
        batch_op.create_index(batch_op.f("ix_chemin_rounds_seed_id"), ["seed_id"], unique=False)


def _create_chemin_seats() -> None:
    op.create_table(
        "chemin_seats",
        sa.Column("round_id", BigId, nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("computer", sa.Boolean(), nullable=False),
        sa.Column("role", sa.String(length=8), nullable=False),
        sa.Column("stake_minor", sa.BigInteger(), nullable=False),
        sa.Column("banco", sa.Boolean(), nullable=False),
        sa.Column("balance_before_minor", sa.BigInteger(), nullable=False),
        sa.Column("delta_minor", sa.BigInteger(), nullable=True),
        sa.Column("payout_minor", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(
            ["round_id"], ["chemin_rounds.id"], name=op.f("fk_chemin_seats_round_id_chemin_rounds")
        ),
        sa.PrimaryKeyConstraint("round_id", "seat", name=op.f("pk_chemin_seats")),
    )


def _create_chemin_decisions() -> None:
    op.create_table(
        "chemin_decisions",
        sa.Column("round_id", BigId, nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("side", sa.String(length=8), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("player_third", sa.Integer(), nullable=True),
        sa.Column("draws", sa.Boolean(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("computer", sa.Boolean(), nullable=False),
        sa.Column("by_timeout", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["chemin_rounds.id"],
            name=op.f("fk_chemin_decisions_round_id_chemin_rounds"),
        ),
        sa.PrimaryKeyConstraint("round_id", "position", name=op.f("pk_chemin_decisions")),
    )


def _create_chemin_actions() -> None:
    op.create_table(
        "chemin_actions",
        sa.Column("id", BigId, nullable=False),
        sa.Column("user_id", BigId, nullable=False),
        sa.Column("idempotency_key", sa.String(length=200), nullable=False),
        sa.Column("request_hash", sa.String(length=64), nullable=False),
        sa.Column("round_id", BigId, nullable=True),
        sa.Column("response", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["chemin_rounds.id"],
            name=op.f("fk_chemin_actions_round_id_chemin_rounds"),
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_chemin_actions_user_id_users")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chemin_actions")),
        sa.UniqueConstraint("user_id", "idempotency_key", name="uq_chemin_actions_user_key"),
    )


def downgrade() -> None:
    # Refused (by the constraint) on a database whose ledger holds house_players entries:
    # such a database cannot go back to 0002 without losing its computer players' money.
    for table in ("chemin_actions", "chemin_decisions", "chemin_seats", "chemin_rounds"):
        op.drop_table(table)
    op.drop_table("chemin_tables")
    _accounts(_ACCOUNTS_BEFORE)
