"""The shared tables' rows (created by migration 0005; ``managed_by`` by 0006).

A shared table (:class:`SharedTableRow`) deals one shoe at a time (:class:`SharedShoe`),
each under a server seed of its own, committed before its first round. Its rounds
(:class:`SharedRound`) go betting -> closed -> dealing -> settled; the cards are written
when the round is dealt and announced one at a time afterwards (``revealed`` counts the
reveal steps announced), so no answer carries a card before its reveal. Players sit
(:class:`SharedSeat`, by a seat name, never the account) and bet (:class:`SharedBet`): each
placement moves the stake from the wallet to ``house_pending`` at once. Every change of a
table appends its events (:class:`SharedEvent`) with the table's next sequence number, in
the same transaction: what a client missed is read back from there.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from puntobanco.server.models import BET_NAME, Base, BigId, utcnow

#: Width of a table's id (a slug such as ``salon-8``).
TABLE_ID = 40
#: Width of a seat name (a pseudonym shown to every player at the table).
SEAT_NAME = 40


class Phase(StrEnum):
    """Where a shared round stands (the values are what the database and the events hold)."""

    BETTING = "betting"
    """Bets are placed, changed and cancelled until ``closes_at``."""
    CLOSED = "closed"
    """No more bets; the cards are not dealt yet."""
    DEALING = "dealing"
    """The cards are dealt and stored, and announced one at a time."""
    SETTLED = "settled"
    """Every bet is settled."""


class TableStatus(StrEnum):
    """Whether a shared table deals."""

    OPEN = "open"
    CLOSING = "closing"
    """The operator closed it: it ends at the end of its round."""
    CLOSED = "closed"


class ManagedBy(StrEnum):
    """Who owns a shared table's settings: one source of truth per table.

    As Grafana's provisioning does it, a table named by ``PUNTOBANCO_SHARED_TABLES`` (or
    the defaults) is the variable's: each process start brings it in line with it, and
    the admin API may read and close it but not change it. A table the admin API created
    is the API's: process starts leave it alone.
    """

    CONFIG = "config"
    """Provisioned by ``PUNTOBANCO_SHARED_TABLES`` (or the defaults)."""
    ADMIN = "admin"
    """Created, changed and reopened through ``PUT /api/admin/tables/{id}``."""


def _known(column: str, values: type[StrEnum]) -> str:
    return f"{column} IN ({', '.join(repr(v.value) for v in values)})"


class SharedTableRow(Base):
    """A shared table: its settings, its events' last sequence number and its dealer's lease.

    ``lease_holder`` names the process that deals it (host, pid and a random part);
    another process takes the table over once ``lease_expires_at`` has passed.
    ``managed_by`` says where its settings come from (:class:`ManagedBy`, migration 0006).
    """

    __tablename__ = "shared_tables"
    __table_args__ = (
        CheckConstraint(_known("status", TableStatus), name="status_known"),
        CheckConstraint(_known("managed_by", ManagedBy), name="managed_by_known"),
    )

    id: Mapped[str] = mapped_column(String(TABLE_ID), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    preset: Mapped[str] = mapped_column(String(40))
    settings_json: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16))
    seq: Mapped[int] = mapped_column(BigInteger, default=0)
    shoes: Mapped[int] = mapped_column(Integer, default=0)
    rounds: Mapped[int] = mapped_column(Integer, default=0)
    lease_holder: Mapped[str | None] = mapped_column(String(80))
    lease_expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    managed_by: Mapped[str] = mapped_column(
        String(16), default=ManagedBy.CONFIG.value, server_default=ManagedBy.CONFIG.value
    )


class SharedShoe(Base):
    """One shoe of a shared table, under a server seed of its own (nonce 1).

    ``client_seed`` is fixed at the shoe's first betting close from the seats' own seeds
    (input the house does not control) and published before the first card;
    ``server_seed`` is shown once the shoe has ended (``ended_at``, ``ended_by``).
    """

    __tablename__ = "shared_shoes"
    __table_args__ = (UniqueConstraint("table_id", "number", name="uq_shared_shoes_table_number"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("shared_tables.id"))
    number: Mapped[int] = mapped_column(Integer)
    preset: Mapped[str] = mapped_column(String(40))
    server_seed: Mapped[str] = mapped_column(String(64))
    server_seed_hash: Mapped[str] = mapped_column(String(64))
    client_seed: Mapped[str | None] = mapped_column(String(64))
    seeds_json: Mapped[str | None] = mapped_column(Text)
    """The seats' seeds the client seed was made of: ``[{"seat", "client_seed"}, ...]``."""
    nonce: Mapped[int] = mapped_column(Integer, default=1)
    position: Mapped[int] = mapped_column(Integer, default=0)
    rounds: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    ended_by: Mapped[str | None] = mapped_column(String(16))
    """``cut_card`` (its last round was dealt) or ``table_closed`` (the operator closed the
    table first: the seed is revealed all the same, the rest of the shoe never dealt)."""


class SharedRound(Base):
    """One round of a shared table.

    ``cards`` holds the coup's cards (as a private round's ``cards``) from the moment it
    is dealt; ``revealed`` counts the reveal steps announced so far (the burn, then each
    card in the order dealt), and nothing answers a card beyond them.
    """

    __tablename__ = "shared_rounds"
    __table_args__ = (
        UniqueConstraint("table_id", "number", name="uq_shared_rounds_table_number"),
        CheckConstraint(_known("phase", Phase), name="phase_known"),
        Index("ix_shared_rounds_table_id_phase", "table_id", "phase"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("shared_tables.id"))
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shared_shoes.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    round_in_shoe: Mapped[int] = mapped_column(Integer)
    phase: Mapped[str] = mapped_column(String(16))
    opened_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    closes_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    dealt_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    settled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    first_card: Mapped[int | None] = mapped_column(Integer)
    burn_shown: Mapped[str | None] = mapped_column(String(4))
    burn_face_down: Mapped[int | None] = mapped_column(Integer)
    cards: Mapped[str | None] = mapped_column(String(40))
    revealed: Mapped[int] = mapped_column(Integer, default=0)
    outcome: Mapped[str | None] = mapped_column(String(8))
    last_in_shoe: Mapped[bool | None] = mapped_column(Boolean)
    squeeze_json: Mapped[str | None] = mapped_column(Text)


class SharedSeat(Base):
    """A player at a shared table: seated (may bet) or watching, under a seat name."""

    __tablename__ = "shared_seats"
    __table_args__ = (
        UniqueConstraint("table_id", "seat_name", name="uq_shared_seats_table_seat_name"),
        CheckConstraint("role IN ('seat', 'spectator')", name="role_known"),
        Index("ix_shared_seats_user_id", "user_id"),
    )

    table_id: Mapped[str] = mapped_column(ForeignKey("shared_tables.id"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    seat_name: Mapped[str] = mapped_column(String(SEAT_NAME))
    role: Mapped[str] = mapped_column(String(16))
    client_seed: Mapped[str] = mapped_column(String(64))
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    left_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class SharedBet(Base):
    """A seat's stake on one spot of a round: held while betting, settled at the deal."""

    __tablename__ = "shared_bets"
    __table_args__ = (Index("ix_shared_bets_user_id", "user_id"),)

    round_id: Mapped[int] = mapped_column(ForeignKey("shared_rounds.id"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    spot: Mapped[str] = mapped_column(String(BET_NAME), primary_key=True)
    seat_name: Mapped[str] = mapped_column(String(SEAT_NAME))
    stake_minor: Mapped[int] = mapped_column(BigInteger)
    placed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    resolution: Mapped[str | None] = mapped_column(String(8))
    winnings_minor: Mapped[int | None] = mapped_column(BigInteger)
    payout_minor: Mapped[int | None] = mapped_column(BigInteger)
    commission: Mapped[str | None] = mapped_column(String(40))
    rounded_away: Mapped[str | None] = mapped_column(String(40))


class SharedBetRequest(Base):
    """A bet request's idempotency key, what it asked (its hash) and what it answered."""

    __tablename__ = "shared_bet_requests"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    idempotency_key: Mapped[str] = mapped_column(String(200), primary_key=True)
    request_hash: Mapped[str] = mapped_column(String(64))
    round_id: Mapped[int] = mapped_column(ForeignKey("shared_rounds.id"))
    status_code: Mapped[int] = mapped_column(Integer)
    answer_json: Mapped[str] = mapped_column(Text)
    announced: Mapped[bool] = mapped_column(Boolean, default=False)
    """Whether the dealer's ``bets`` event has carried it (``shared/totals.py``)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SharedEvent(Base):
    """One event of a table, by its sequence number: what a client that missed it reads."""

    __tablename__ = "shared_events"

    table_id: Mapped[str] = mapped_column(ForeignKey("shared_tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    kind: Mapped[str] = mapped_column(String(24))
    payload: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SharedDealer(Base):
    """A process that deals shared tables, seen at its last heartbeat.

    Each process deals at most its share of the open tables (their number over the
    processes seen within a lease's time), so the tables spread over the processes.
    """

    __tablename__ = "shared_dealers"

    holder: Mapped[str] = mapped_column(String(80), primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
