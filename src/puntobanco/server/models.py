"""The database schema (SQLAlchemy 2 declarative); Alembic migrations create it.

Money columns are integers in minor units. Ledger entries are append-only: the
application inserts them and never updates or deletes one. Each player's wallet
keeps a cached balance, changed in the same transaction as the entries that
explain it and guarded by ``CHECK (balance_minor >= 0)``. The house's side of
each movement is an entry too, but the house keeps no cached balance: one
house row updated by every round would serialise all the players' rounds.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: Width of a column holding a bet spot's JSON name (``BetKind`` values; the longest,
#: ``dragon_bonus_player``, has 19 characters). Migration 0002 widened it from 16.
BET_NAME = 32

#: An auto-incrementing 64-bit key (SQLite needs a plain INTEGER PRIMARY KEY for that).
BigId = BigInteger().with_variant(Integer(), "sqlite")

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    """The current time, timezone-aware, in UTC."""
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """A stored time as UTC-aware: SQLite hands timestamps back naive, and all are UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    """Declarative base with stable constraint names (migrations refer to them)."""

    metadata = MetaData(naming_convention=NAMING)


class User(Base):
    """A player: registered (username and password) or a guest."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    username: Mapped[str] = mapped_column(String(64), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(200))
    guest: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Wallet(Base):
    """A player's play-money wallet: the cached balance of their ledger entries."""

    __tablename__ = "wallets"
    __table_args__ = (CheckConstraint("balance_minor >= 0", name="balance_not_negative"),)

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    balance_minor: Mapped[int] = mapped_column(BigInteger, default=0)


class AuthSession(Base):
    """A login: the SHA-256 of its bearer token (the token itself is never stored)."""

    __tablename__ = "auth_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LoginAttempt(Base):
    """Rate-limit counts per key in a fixed window.

    Logins are keyed by client address and username, sign-ups by ``signup|`` and the
    client address.
    """

    __tablename__ = "login_attempts"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    window_start: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    attempts: Mapped[int] = mapped_column(Integer)


class Seed(Base):
    """A provably fair server seed. Secret until revealed; one active seed per player."""

    __tablename__ = "seeds"
    __table_args__ = (
        Index(
            "uq_seeds_active",
            "user_id",
            unique=True,
            postgresql_where=text("revealed_at IS NULL"),
            sqlite_where=text("revealed_at IS NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    server_seed: Mapped[str] = mapped_column(String(64))
    server_seed_hash: Mapped[str] = mapped_column(String(64), index=True)
    client_seed: Mapped[str] = mapped_column(String(64))
    next_nonce: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    revealed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class PlayerTable(Base):
    """A player's own table: its rules and the state of its shoe.

    The shoe's order follows from (server seed, client seed, nonce), so its
    state is only where it stands: no worker's memory decides a card.

    A closed cut-card shoe keeps ``shoe_nonce`` when it ended at its cut card (it is
    shown finished until the next one starts) and loses it when it was set aside (a
    table switch, a new seed). On reshuffle tables ``shoe_rounds`` counts the rounds
    dealt since the rules or the seed were last set: the rounds on the scoreboard.
    """

    __tablename__ = "player_tables"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    preset: Mapped[str] = mapped_column(String(40))
    shoes_started: Mapped[int] = mapped_column(Integer, default=0)
    shoe_open: Mapped[bool] = mapped_column(Boolean, default=False)
    shoe_seed_id: Mapped[int | None] = mapped_column(ForeignKey("seeds.id"))
    shoe_client_seed: Mapped[str | None] = mapped_column(String(64))
    shoe_nonce: Mapped[int | None] = mapped_column(Integer)
    shoe_position: Mapped[int] = mapped_column(Integer, default=0)
    shoe_rounds: Mapped[int] = mapped_column(Integer, default=0)


class RoundStatus(StrEnum):
    """Where a stored round stands (the values are what the database and the API hold)."""

    DEALT = "dealt"
    """The stakes are debited and the cards dealt; the settlement is to come."""
    SETTLED = "settled"
    """The settlement is written."""


class Round(Base):
    """One round: its bets' stakes were debited and its cards dealt in one transaction.

    ``status`` (a :class:`RoundStatus`) is ``dealt`` until the settlement is written,
    then ``settled``.
    """

    __tablename__ = "rounds"
    __table_args__ = (
        UniqueConstraint("user_id", "idempotency_key", name="uq_rounds_user_key"),
        CheckConstraint(
            f"status IN ({', '.join(repr(s.value) for s in RoundStatus)})", name="status_known"
        ),
        Index("ix_rounds_user_id_id", "user_id", "id"),
        Index("ix_rounds_status", "status"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    idempotency_key: Mapped[str] = mapped_column(String(200))
    request_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    settled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    preset: Mapped[str] = mapped_column(String(40))
    seed_id: Mapped[int] = mapped_column(ForeignKey("seeds.id"), index=True)
    client_seed: Mapped[str] = mapped_column(String(64))
    nonce: Mapped[int] = mapped_column(Integer)
    shoe_index: Mapped[int] = mapped_column(Integer)
    round_in_shoe: Mapped[int] = mapped_column(Integer)
    first_card: Mapped[int] = mapped_column(Integer)
    last_in_shoe: Mapped[bool] = mapped_column(Boolean)
    burn_shown: Mapped[str | None] = mapped_column(String(4))
    burn_face_down: Mapped[int | None] = mapped_column(Integer)
    cards: Mapped[str] = mapped_column(String(40))
    outcome: Mapped[str] = mapped_column(String(8))
    staked_minor: Mapped[int] = mapped_column(BigInteger)
    payout_minor: Mapped[int | None] = mapped_column(BigInteger)
    balance_minor: Mapped[int | None] = mapped_column(BigInteger)


class RoundBet(Base):
    """One bet of a round; the primary key (round, bet) makes a second settlement impossible."""

    __tablename__ = "round_bets"

    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), primary_key=True)
    bet: Mapped[str] = mapped_column(String(BET_NAME), primary_key=True)
    stake_minor: Mapped[int] = mapped_column(BigInteger)
    resolution: Mapped[str | None] = mapped_column(String(8))
    winnings_minor: Mapped[int | None] = mapped_column(BigInteger)
    payout_minor: Mapped[int | None] = mapped_column(BigInteger)
    commission: Mapped[str | None] = mapped_column(String(40))
    rounded_away: Mapped[str | None] = mapped_column(String(40))


class LedgerEntry(Base):
    """One append-only movement of money. Each journal's entries sum to zero.

    ``account`` is ``wallet`` (a player's, ``user_id`` set), ``house_game`` (the
    house's side of stakes, payouts and commission), ``house_bank`` (where play
    money comes from: grants and top-ups) or ``house_players`` (the house's money
    in the computer players' hands at the Chemin de fer tables; migration 0003) or
    ``house_pending`` (stakes held on a shared table's round until it is settled: ``hold``
    and ``release`` entries, then ``stake`` at the settlement; migration 0005 adds it and
    ``shared_round_id``).
    """

    __tablename__ = "ledger_entries"
    __table_args__ = (
        UniqueConstraint("round_id", "bet", "kind", "account", name="uq_ledger_round_bet_kind"),
        CheckConstraint(
            "account IN ('wallet', 'house_game', 'house_bank', 'house_players', 'house_pending')",
            name="account_known",
        ),
        CheckConstraint(
            "kind IN ('grant', 'top_up', 'stake', 'payout', 'commission', 'refund', 'hold', "
            "'release')",
            name="kind_known",
        ),
        CheckConstraint("(account = 'wallet') = (user_id IS NOT NULL)", name="wallet_has_user"),
        Index("ix_ledger_entries_user_id", "user_id"),
        Index("ix_ledger_entries_journal", "journal"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    journal: Mapped[str] = mapped_column(String(80))
    account: Mapped[str] = mapped_column(String(16))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    kind: Mapped[str] = mapped_column(String(16))
    amount_minor: Mapped[int] = mapped_column(BigInteger)
    round_id: Mapped[int | None] = mapped_column(ForeignKey("rounds.id"))
    bet: Mapped[str | None] = mapped_column(String(BET_NAME))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    shared_round_id: Mapped[int | None] = mapped_column(ForeignKey("shared_rounds.id"), index=True)


class ChemRoundStatus(StrEnum):
    """Where a stored Chemin de fer round stands."""

    PENDING = "pending"
    """Stakes debited, cards committed up to the player's choice, which is awaited."""
    SETTLED = "settled"
    """Played out and settled."""


class ChemTableRow(Base):
    """A player's Chemin de fer table: the computer players' money, the bank and the shoe.

    The player sits at seat 0 with the wallet's money; seats 1 to N are computer
    players whose chips are house money (``house_players`` in the ledger), their
    balances kept here. The shoe is stored as the Punto Banco table's is: its seed,
    client seed, nonce and position (the order follows from them), and ``seen`` the
    counts per point value of the cards shown since it was shuffled (what the computer
    players' solver and the timeout's optimal choice take away from the full shoe).
    """

    __tablename__ = "chemin_tables"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    computer_balances: Mapped[str] = mapped_column(String(400))
    banker: Mapped[int] = mapped_column(Integer)
    bank_minor: Mapped[int] = mapped_column(BigInteger)
    may_keep: Mapped[bool] = mapped_column(Boolean)
    minimum_minor: Mapped[int] = mapped_column(BigInteger)
    decision_seconds: Mapped[int] = mapped_column(Integer)
    banker_rule: Mapped[str] = mapped_column(String(16))
    decks: Mapped[int] = mapped_column(Integer)
    shoes_started: Mapped[int] = mapped_column(Integer)
    shoe_open: Mapped[bool] = mapped_column(Boolean)
    shoe_seed_id: Mapped[int | None] = mapped_column(ForeignKey("seeds.id"))
    shoe_client_seed: Mapped[str | None] = mapped_column(String(64))
    shoe_nonce: Mapped[int | None] = mapped_column(Integer)
    shoe_position: Mapped[int] = mapped_column(Integer)
    shoe_rounds: Mapped[int] = mapped_column(Integer)
    seen: Mapped[str] = mapped_column(String(60))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChemRound(Base):
    """One Chemin de fer round: the bank, the cards, the outcome and the commission.

    ``cards`` are the cards dealt so far: all of them once settled; up to the player's
    choice while ``pending`` (the rest are committed by the seed, the nonce and
    ``first_card``). ``pending_*`` is the choice awaited, ``decision_deadline`` when it
    times out to the optimal choice.
    """

    __tablename__ = "chemin_rounds"
    __table_args__ = (
        CheckConstraint(
            f"status IN ({', '.join(repr(s.value) for s in ChemRoundStatus)})",
            name="status_known",
        ),
        Index("ix_chemin_rounds_user_id_id", "user_id", "id"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    variant: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    settled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    banker_rule: Mapped[str] = mapped_column(String(16))
    decks: Mapped[int] = mapped_column(Integer)
    seed_id: Mapped[int] = mapped_column(ForeignKey("seeds.id"), index=True)
    client_seed: Mapped[str] = mapped_column(String(64))
    nonce: Mapped[int] = mapped_column(Integer)
    shoe_index: Mapped[int] = mapped_column(Integer)
    round_in_shoe: Mapped[int] = mapped_column(Integer)
    first_card: Mapped[int] = mapped_column(Integer)
    last_in_shoe: Mapped[bool] = mapped_column(Boolean)
    burn_shown: Mapped[str | None] = mapped_column(String(4))
    cards: Mapped[str] = mapped_column(String(40))
    bank_seat: Mapped[int] = mapped_column(Integer)
    bank_minor: Mapped[int] = mapped_column(BigInteger)
    hand_seat: Mapped[int] = mapped_column(Integer)
    outcome: Mapped[str | None] = mapped_column(String(8))
    commission_minor: Mapped[int | None] = mapped_column(BigInteger)
    rounded_away: Mapped[str | None] = mapped_column(String(40))
    pending_side: Mapped[str | None] = mapped_column(String(8))
    pending_total: Mapped[int | None] = mapped_column(Integer)
    pending_third: Mapped[int | None] = mapped_column(Integer)
    decision_deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    bank_after: Mapped[str | None] = mapped_column(String(16))


class ChemSeat(Base):
    """Who sat where in a round: the banker or a punter, the stake at risk, banco, the result.

    ``stake_minor`` is what the seat risked (a punter's bet; for the banker, the part
    of the bank the bets covered), debited when the round was dealt; ``payout_minor``
    what came back (stake and winnings, commission taken off).
    """

    __tablename__ = "chemin_seats"

    round_id: Mapped[int] = mapped_column(ForeignKey("chemin_rounds.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    computer: Mapped[bool] = mapped_column(Boolean)
    role: Mapped[str] = mapped_column(String(8))
    stake_minor: Mapped[int] = mapped_column(BigInteger)
    banco: Mapped[bool] = mapped_column(Boolean)
    balance_before_minor: Mapped[int] = mapped_column(BigInteger)
    delta_minor: Mapped[int | None] = mapped_column(BigInteger)
    payout_minor: Mapped[int | None] = mapped_column(BigInteger)


class ChemDecision(Base):
    """One choice of a round, in order: the point, the choice, who chose, whether by timeout."""

    __tablename__ = "chemin_decisions"

    round_id: Mapped[int] = mapped_column(ForeignKey("chemin_rounds.id"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    side: Mapped[str] = mapped_column(String(8))
    total: Mapped[int] = mapped_column(Integer)
    player_third: Mapped[int | None] = mapped_column(Integer)
    draws: Mapped[bool] = mapped_column(Boolean)
    seat: Mapped[int] = mapped_column(Integer)
    computer: Mapped[bool] = mapped_column(Boolean)
    by_timeout: Mapped[bool] = mapped_column(Boolean)


class ChemAction(Base):
    """An action at a Chemin de fer table, by idempotency key: a retry returns its answer."""

    __tablename__ = "chemin_actions"
    __table_args__ = (
        UniqueConstraint("user_id", "idempotency_key", name="uq_chemin_actions_user_key"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    idempotency_key: Mapped[str] = mapped_column(String(200))
    request_hash: Mapped[str] = mapped_column(String(64))
    round_id: Mapped[int | None] = mapped_column(ForeignKey("chemin_rounds.id"))
    response: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class BanqueTableRow(Base):
    """A player's Baccarat Banque table: the house's bank and the shoe.

    The house holds the bank for the whole shoe: ``bank_minor`` house chips (the
    ledger's ``house_players`` account, granted from ``house_bank`` when the bank is
    opened: with each shoe, or afresh when it no longer covers a table minimum). The
    shoe is stored as the Chemin de fer table's is (seed, client seed, nonce, position).
    """

    __tablename__ = "banque_tables"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    bank_minor: Mapped[int] = mapped_column(BigInteger)
    minimum_minor: Mapped[int] = mapped_column(BigInteger)
    maximum_minor: Mapped[int] = mapped_column(BigInteger)
    commission: Mapped[str] = mapped_column(String(40))
    decision_seconds: Mapped[int] = mapped_column(Integer)
    decks: Mapped[int] = mapped_column(Integer)
    shoes_started: Mapped[int] = mapped_column(Integer)
    shoe_open: Mapped[bool] = mapped_column(Boolean)
    shoe_seed_id: Mapped[int | None] = mapped_column(ForeignKey("seeds.id"))
    shoe_client_seed: Mapped[str | None] = mapped_column(String(64))
    shoe_nonce: Mapped[int | None] = mapped_column(Integer)
    shoe_position: Mapped[int] = mapped_column(Integer)
    shoe_rounds: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class BanqueRound(Base):
    """One Banque round: the bank, the three hands, each tableau's result, the commission.

    ``cards`` are the cards dealt so far in order: all of them once settled; up to the
    player's choice while ``pending`` (the rest are committed by the seed, the nonce and
    ``first_card``). ``held`` names the tableaux whose cards the player holds;
    ``answers`` the choices he made so far (JSON), ``pending_*`` the one awaited and
    ``decision_deadline`` when it times out to the optimal choice.
    """

    __tablename__ = "banque_rounds"
    __table_args__ = (
        CheckConstraint(
            f"status IN ({', '.join(repr(s.value) for s in ChemRoundStatus)})",
            name="status_known",
        ),
        Index("ix_banque_rounds_user_id_id", "user_id", "id"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    settled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    banker_rule: Mapped[str] = mapped_column(String(16))
    decks: Mapped[int] = mapped_column(Integer)
    seed_id: Mapped[int] = mapped_column(ForeignKey("seeds.id"), index=True)
    client_seed: Mapped[str] = mapped_column(String(64))
    nonce: Mapped[int] = mapped_column(Integer)
    shoe_index: Mapped[int] = mapped_column(Integer)
    round_in_shoe: Mapped[int] = mapped_column(Integer)
    first_card: Mapped[int] = mapped_column(Integer)
    last_in_shoe: Mapped[bool] = mapped_column(Boolean)
    burn_shown: Mapped[str | None] = mapped_column(String(4))
    cards: Mapped[str] = mapped_column(String(40))
    held: Mapped[str] = mapped_column(String(16))
    answers: Mapped[str] = mapped_column(String(200))
    right_cards: Mapped[str | None] = mapped_column(String(16))
    left_cards: Mapped[str | None] = mapped_column(String(16))
    banker_cards: Mapped[str | None] = mapped_column(String(16))
    right_outcome: Mapped[str | None] = mapped_column(String(8))
    left_outcome: Mapped[str | None] = mapped_column(String(8))
    commission_rate: Mapped[str] = mapped_column(String(40))
    bank_before_minor: Mapped[int] = mapped_column(BigInteger)
    bank_after_minor: Mapped[int | None] = mapped_column(BigInteger)
    banker_net_minor: Mapped[int | None] = mapped_column(BigInteger)
    commission_minor: Mapped[int | None] = mapped_column(BigInteger)
    rounded_away: Mapped[str | None] = mapped_column(String(40))
    pending_hand: Mapped[str | None] = mapped_column(String(8))
    pending_total: Mapped[int | None] = mapped_column(Integer)
    decision_deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class BanqueBetRow(Base):
    """The player's stake on one spot of a Banque round, and how it settled.

    ``payout_minor`` is what came back (the stake and the winnings, or the stake on a push).
    """

    __tablename__ = "banque_bets"

    round_id: Mapped[int] = mapped_column(ForeignKey("banque_rounds.id"), primary_key=True)
    spot: Mapped[str] = mapped_column(String(16), primary_key=True)
    stake_minor: Mapped[int] = mapped_column(BigInteger)
    outcome: Mapped[str | None] = mapped_column(String(8))
    net_minor: Mapped[int | None] = mapped_column(BigInteger)
    payout_minor: Mapped[int | None] = mapped_column(BigInteger)


class BanqueDecision(Base):
    """One choice of a Banque round, in order: who, the point, the choice, by timeout.

    ``hand`` is ``right`` or ``left`` (a tableau on its 5) or ``banker``; for the Banker,
    ``left_column`` and ``right_column`` are what he saw of each tableau (a third card
    0-9, 10 stood, 11 natural).
    """

    __tablename__ = "banque_decisions"

    round_id: Mapped[int] = mapped_column(ForeignKey("banque_rounds.id"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    hand: Mapped[str] = mapped_column(String(8))
    total: Mapped[int] = mapped_column(Integer)
    left_column: Mapped[int | None] = mapped_column(Integer)
    right_column: Mapped[int | None] = mapped_column(Integer)
    draws: Mapped[bool] = mapped_column(Boolean)
    computer: Mapped[bool] = mapped_column(Boolean)
    by_timeout: Mapped[bool] = mapped_column(Boolean)


class BanqueAction(Base):
    """An action at a Banque table, by idempotency key: a retry returns its answer."""

    __tablename__ = "banque_actions"
    __table_args__ = (
        UniqueConstraint("user_id", "idempotency_key", name="uq_banque_actions_user_key"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    idempotency_key: Mapped[str] = mapped_column(String(200))
    request_hash: Mapped[str] = mapped_column(String(64))
    round_id: Mapped[int | None] = mapped_column(ForeignKey("banque_rounds.id"))
    response: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


# The shared tables' rows live in their own module; importing it here puts them on
# Base.metadata wherever the schema is read (create_all, Alembic's comparison).
from puntobanco.server.shared import models as _shared_models  # noqa: E402,F401
