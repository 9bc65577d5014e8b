"""initial schema

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    _create_login_attempts()
    _create_users()
    _create_auth_sessions()
    _create_seeds()
    _create_wallets()
    _create_player_tables()
    _create_rounds()
    _create_ledger_entries()
    _create_round_bets()


def _create_login_attempts() -> None:
    op.create_table(
        "login_attempts",
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_login_attempts")),
    )


def _create_users() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("username", sa.String(length=64), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=True),
        sa.Column("guest", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
        sa.UniqueConstraint("username", name=op.f("uq_users_username")),
    )


def _create_auth_sessions() -> None:
    op.create_table(
        "auth_sessions",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_auth_sessions_user_id_users")
        ),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_auth_sessions")),
    )
    with op.batch_alter_table("auth_sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_auth_sessions_user_id"), ["user_id"], unique=False)


def _create_seeds() -> None:
    op.create_table(
        "seeds",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("server_seed", sa.String(length=64), nullable=False),
        sa.Column("server_seed_hash", sa.String(length=64), nullable=False),
        sa.Column("client_seed", sa.String(length=64), nullable=False),
        sa.Column("next_nonce", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revealed_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_seeds_user_id_users")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seeds")),
    )
    with op.batch_alter_table("seeds", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_seeds_server_seed_hash"), ["server_seed_hash"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_seeds_user_id"), ["user_id"], unique=False)
        batch_op.create_index(
            "uq_seeds_active",
            ["user_id"],
            unique=True,
            postgresql_where=sa.text("revealed_at IS NULL"),
            sqlite_where=sa.text("revealed_at IS NULL"),
        )


def _create_wallets() -> None:
    op.create_table(
        "wallets",
        sa.Column("user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("balance_minor", sa.BigInteger(), nullable=False),
        sa.CheckConstraint("balance_minor >= 0", name=op.f("ck_wallets_balance_not_negative")),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_wallets_user_id_users")),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_wallets")),
    )


def _create_player_tables() -> None:
    op.create_table(
        "player_tables",
        sa.Column("user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("preset", sa.String(length=40), nullable=False),
        sa.Column("shoes_started", sa.Integer(), nullable=False),
        sa.Column("shoe_open", sa.Boolean(), nullable=False),
        sa.Column(
            "shoe_seed_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True
        ),
        sa.Column("shoe_client_seed", sa.String(length=64), nullable=True),
        sa.Column("shoe_nonce", sa.Integer(), nullable=True),
        sa.Column("shoe_position", sa.Integer(), nullable=False),
        sa.Column("shoe_rounds", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["shoe_seed_id"], ["seeds.id"], name=op.f("fk_player_tables_shoe_seed_id_seeds")
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_player_tables_user_id_users")
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_player_tables")),
    )


def _create_rounds() -> None:
    op.create_table(
        "rounds",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("idempotency_key", sa.String(length=200), nullable=False),
        sa.Column("request_hash", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("settled_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("preset", sa.String(length=40), nullable=False),
        sa.Column("seed_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("client_seed", sa.String(length=64), nullable=False),
        sa.Column("nonce", sa.Integer(), nullable=False),
        sa.Column("shoe_index", sa.Integer(), nullable=False),
        sa.Column("round_in_shoe", sa.Integer(), nullable=False),
        sa.Column("first_card", sa.Integer(), nullable=False),
        sa.Column("last_in_shoe", sa.Boolean(), nullable=False),
        sa.Column("burn_shown", sa.String(length=4), nullable=True),
        sa.Column("burn_face_down", sa.Integer(), nullable=True),
        sa.Column("cards", sa.String(length=40), nullable=False),
        sa.Column("outcome", sa.String(length=8), nullable=False),
        sa.Column("staked_minor", sa.BigInteger(), nullable=False),
        sa.Column("payout_minor", sa.BigInteger(), nullable=True),
        sa.Column("balance_minor", sa.BigInteger(), nullable=True),
        sa.CheckConstraint("status IN ('dealt', 'settled')", name=op.f("ck_rounds_status_known")),
        sa.ForeignKeyConstraint(["seed_id"], ["seeds.id"], name=op.f("fk_rounds_seed_id_seeds")),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_rounds_user_id_users")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rounds")),
        sa.UniqueConstraint("user_id", "idempotency_key", name="uq_rounds_user_key"),
    )
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rounds_seed_id"), ["seed_id"], unique=False)
        batch_op.create_index("ix_rounds_status", ["status"], unique=False)
        batch_op.create_index("ix_rounds_user_id_id", ["user_id", "id"], unique=False)


def _create_ledger_entries() -> None:
    op.create_table(
        "ledger_entries",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("journal", sa.String(length=80), nullable=False),
        sa.Column("account", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("amount_minor", sa.BigInteger(), nullable=False),
        sa.Column("round_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("bet", sa.String(length=16), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "(account = 'wallet') = (user_id IS NOT NULL)",
            name=op.f("ck_ledger_entries_wallet_has_user"),
        ),
        sa.CheckConstraint(
            "account IN ('wallet', 'house_game', 'house_bank')",
            name=op.f("ck_ledger_entries_account_known"),
        ),
        sa.CheckConstraint(
            "kind IN ('grant', 'top_up', 'stake', 'payout', 'commission', 'refund')",
            name=op.f("ck_ledger_entries_kind_known"),
        ),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_ledger_entries_round_id_rounds")
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_ledger_entries_user_id_users")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ledger_entries")),
        sa.UniqueConstraint("round_id", "bet", "kind", "account", name="uq_ledger_round_bet_kind"),
    )
    with op.batch_alter_table("ledger_entries", schema=None) as batch_op:
        batch_op.create_index("ix_ledger_entries_journal", ["journal"], unique=False)
        batch_op.create_index("ix_ledger_entries_user_id", ["user_id"], unique=False)


def _create_round_bets() -> None:
    op.create_table(
        "round_bets",
        sa.Column("round_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("bet", sa.String(length=16), nullable=False),
        sa.Column("stake_minor", sa.BigInteger(), nullable=False),
        sa.Column("resolution", sa.String(length=8), nullable=True),
        sa.Column("winnings_minor", sa.BigInteger(), nullable=True),
        sa.Column("payout_minor", sa.BigInteger(), nullable=True),
        sa.Column("commission", sa.String(length=40), nullable=True),
        sa.Column("rounded_away", sa.String(length=40), nullable=True),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_round_bets_round_id_rounds")
        ),
        sa.PrimaryKeyConstraint("round_id", "bet", name=op.f("pk_round_bets")),
    )
    # ### end Alembic commands ###


def downgrade() -> None:
    # ### commands auto generated by Alembic - please adjust! ###
    op.drop_table("round_bets")
    with op.batch_alter_table("ledger_entries", schema=None) as batch_op:
        batch_op.drop_index("ix_ledger_entries_user_id")
        batch_op.drop_index("ix_ledger_entries_journal")

    op.drop_table("ledger_entries")
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.drop_index("ix_rounds_user_id_id")
        batch_op.drop_index("ix_rounds_status")
        batch_op.drop_index(batch_op.f("ix_rounds_seed_id"))

    op.drop_table("rounds")
    op.drop_table("player_tables")
    op.drop_table("wallets")
    with op.batch_alter_table("seeds", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_seeds_active",
            postgresql_where=sa.text("revealed_at IS NULL"),
            sqlite_where=sa.text("revealed_at IS NULL"),
        )
        batch_op.drop_index(batch_op.f("ix_seeds_user_id"))
        batch_op.drop_index(batch_op.f("ix_seeds_server_seed_hash"))

    op.drop_table("seeds")
    with op.batch_alter_table("auth_sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_auth_sessions_user_id"))

    op.drop_table("auth_sessions")
    op.drop_table("users")
    op.drop_table("login_attempts")
    # ### end Alembic commands ###
