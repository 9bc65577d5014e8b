"""Checks an operator or a player runs on the database: seed verification."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.server.errors import ApiError
from puntobanco.server.models import Round, RoundBet, Seed
from puntobanco.server.table_settings import rules_for
from puntobanco.server.verify import Mismatch, RoundRecord, seed_matches, verify_rounds


@dataclass(frozen=True)
class SeedVerification:
    """The result of recomputing every round of one seed."""

    server_seed_hash: str
    rounds_checked: int
    mismatches: list[Mismatch]


def parse_seed_hex(text: str) -> bytes:
    """A 32-byte server seed from 64 hex characters.

    Raises:
        ApiError: 422 ``invalid_server_seed``.
    """
    cleaned = text.strip().lower()
    if len(cleaned) != 64:
        raise ApiError(422, "invalid_server_seed")
    try:
        return bytes.fromhex(cleaned)
    except ValueError:
        raise ApiError(422, "invalid_server_seed") from None


def records_for_seed(session: Session, seed_id: int) -> list[RoundRecord]:
    """Every round dealt under a seed, as verification records."""
    rounds = list(
        session.execute(select(Round).where(Round.seed_id == seed_id).order_by(Round.id)).scalars()
    )
    bets: dict[int, list[RoundBet]] = {r.id: [] for r in rounds}
    if rounds:
        for bet in session.execute(
            select(RoundBet).where(RoundBet.round_id.in_(list(bets)))
        ).scalars():
            bets[bet.round_id].append(bet)
    return [
        RoundRecord(
            round_id=r.id,
            preset=r.preset,
            decks=rules_for(r.preset).decks,
            client_seed=r.client_seed,
            nonce=r.nonce,
            first_card=r.first_card,
            round_in_shoe=r.round_in_shoe,
            cards=tuple(r.cards.split()),
            outcome=r.outcome,
            burn_shown=r.burn_shown,
            burn_face_down=r.burn_face_down,
            bets=tuple((b.bet, b.stake_minor, b.payout_minor) for b in bets[r.id]),
        )
        for r in rounds
    ]


def verify_seed(session: Session, server_seed: bytes, *, user_id: int | None) -> SeedVerification:
    """Recompute every round of the revealed seed ``server_seed`` (one player's, or any).

    Raises:
        ApiError: 404 ``seed_not_found``; 409 ``seed_not_revealed``.
    """
    query = select(Seed).where(Seed.server_seed == server_seed.hex())
    if user_id is not None:
        query = query.where(Seed.user_id == user_id)
    # Revealed seeds first: with a fixed test seed, one value can belong to several seeds.
    query = query.order_by(Seed.revealed_at.is_(None), Seed.id)
    seed = session.execute(query).scalars().first()
    if seed is None or not seed_matches(server_seed, seed.server_seed_hash):
        raise ApiError(404, "seed_not_found")
    if seed.revealed_at is None:
        raise ApiError(409, "seed_not_revealed")
    records = records_for_seed(session, seed.id)
    return SeedVerification(
        seed.server_seed_hash, len(records), verify_rounds(server_seed, records)
    )
