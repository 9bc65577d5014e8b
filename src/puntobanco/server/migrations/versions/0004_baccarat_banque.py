"""Baccarat Banque at the server: tables, rounds, bets, decisions, actions

A Banque round has what a Chemin de fer row cannot hold: two tableaux beside the
Banker (the cards of each, each one's result), the spots the player bet on (right,
left, à cheval), the tableaux whose cards he holds, and more than one choice of his
awaited in turn. And Chemin de fer's queries read every row of its tables as a
Chemin de fer round (a pending row blocks its table; its recall and its verify list
every row), so Banque keeps tables of its own, shaped as Chemin de fer's are:

* ``banque_tables``: a player's Banque table (the house's bank, the table's limits and
  commission, the shoe as seed, nonce and position);
* ``banque_rounds``: a round, its cards and each hand's, each tableau's outcome, the bank
  before and after, the commission; pending with its stakes debited and its deadline;
* ``banque_bets``: the player's stake on each spot and how it settled;
* ``banque_decisions``: each choice (who, the point, draw or stand, by timeout);
* ``banque_actions``: each action's idempotency key and answer.

The house's bank is ``house_players`` money in the ledger (added by 0003).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    _create_banque_tables()
    _create_banque_rounds()
    _create_banque_bets()
    _create_banque_decisions()
    _create_banque_actions()


def _create_banque_tables() -> None:
    op.create_table(
        "banque_tables",
        sa.Column("user_id", BigId, nullable=False),
        sa.Column("bank_minor", sa.BigInteger(), nullable=False),
        sa.Column("minimum_minor", sa.BigInteger(), nullable=False),
        sa.Column("maximum_minor", sa.BigInteger(), nullable=False),
        sa.Column("commission", sa.String(length=40), nullable=False),
        sa.Column("decision_seconds", sa.Integer(), nullable=False),
        sa.Column("decks", sa.Integer(), nullable=False),
        sa.Column("shoes_started", sa.Integer(), nullable=False),
        sa.Column("shoe_open", sa.Boolean(), nullable=False),
        sa.Column("shoe_seed_id", BigId, nullable=True),
        sa.Column("shoe_client_seed", sa.String(length=64), nullable=True),
        sa.Column("shoe_nonce", sa.Integer(), nullable=True),
        sa.Column("shoe_position", sa.Integer(), nullable=False),
        sa.Column("shoe_rounds", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["shoe_seed_id"], ["seeds.id"], name=op.f("fk_banque_tables_shoe_seed_id_seeds")
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_banque_tables_user_id_users")
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_banque_tables")),
    )


def _create_banque_rounds() -> None:
    op.create_table(
        "banque_rounds",
        sa.Column("id", BigId, nullable=False),
        sa.Column("user_id", BigId, nullable=False),
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
        sa.Column("held", sa.String(length=16), nullable=False),
        sa.Column("answers", sa.String(length=200), nullable=False),
        sa.Column("right_cards", sa.String(length=16), nullable=True),
        sa.Column("left_cards", sa.String(length=16), nullable=True),
        sa.Column("banker_cards", sa.String(length=16), nullable=True),
        sa.Column("right_outcome", sa.String(length=8), nullable=True),
        sa.Column("left_outcome", sa.String(length=8), nullable=True),
        sa.Column("commission_rate", sa.String(length=40), nullable=False),
        sa.Column("bank_before_minor", sa.BigInteger(), nullable=False),
        sa.Column("bank_after_minor", sa.BigInteger(), nullable=True),
        sa.Column("banker_net_minor", sa.BigInteger(), nullable=True),
        sa.Column("commission_minor", sa.BigInteger(), nullable=True),
        sa.Column("rounded_away", sa.String(length=40), nullable=True),
        sa.Column("pending_hand", sa.String(length=8), nullable=True),
        sa.Column("pending_total", sa.Integer(), nullable=True),
        sa.Column("decision_deadline", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint(
            "status IN ('pending', 'settled')", name=op.f("ck_banque_rounds_status_known")
        ),
        sa.ForeignKeyConstraint(
            ["seed_id"], ["seeds.id"], name=op.f("fk_banque_rounds_seed_id_seeds")
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_banque_rounds_user_id_users")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_banque_rounds")),
    )
    with op.batch_alter_table("banque_rounds", schema=None) as batch_op:
        batch_op.create_index("ix_banque_rounds_user_id_id", ["user_id", "id"], unique=False)
        batch_op.create_index(batch_op.f("ix_banque_rounds_seed_id"), ["seed_id"], unique=False)


def _create_banque_bets() -> None:
    op.create_table(
        "banque_bets",
        sa.Column("round_id", BigId, nullable=False),
        sa.Column("spot", sa.String(length=16), nullable=False),
        sa.Column("stake_minor", sa.BigInteger(), nullable=False),
        sa.Column("outcome", sa.String(length=8), nullable=True),
        sa.Column("net_minor", sa.BigInteger(), nullable=True),
        sa.Column("payout_minor", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(
            ["round_id"], ["banque_rounds.id"], name=op.f("fk_banque_bets_round_id_banque_rounds")
        ),
        sa.PrimaryKeyConstraint("round_id", "spot", name=op.f("pk_banque_bets")),
    )


def _create_banque_decisions() -> None:
    op.create_table(
        "banque_decisions",
        sa.Column("round_id", BigId, nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("hand", sa.String(length=8), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("left_column", sa.Integer(), nullable=True),
        sa.Column("right_column", sa.Integer(), nullable=True),
        sa.Column("draws", sa.Boolean(), nullable=False),
        sa.Column("computer", sa.Boolean(), nullable=False),
        sa.Column("by_timeout", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["banque_rounds.id"],
            name=op.f("fk_banque_decisions_round_id_banque_rounds"),
        ),
        sa.PrimaryKeyConstraint("round_id", "position", name=op.f("pk_banque_decisions")),
    )


def _create_banque_actions() -> None:
    op.create_table(
        "banque_actions",
        sa.Column("id", BigId, nullable=False),
        sa.Column("user_id", BigId, nullable=False),
        sa.Column("idempotency_key", sa.String(length=200), nullable=False),
        sa.Column("request_hash", sa.String(length=64), nullable=False),
        sa.Column("round_id", BigId, nullable=True),
        sa.Column("response", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["banque_rounds.id"],
            name=op.f("fk_banque_actions_round_id_banque_rounds"),
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_banque_actions_user_id_users")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_banque_actions")),
        sa.UniqueConstraint("user_id", "idempotency_key", name="uq_banque_actions_user_key"),
    )


def downgrade() -> None:
    for table in (
        "banque_actions",
        "banque_decisions",
        "banque_bets",
        "banque_rounds",
        "banque_tables",
    ):
        op.drop_table(table)
