"""The squeeze: at a table that offers it, the largest bettors turn the cards themselves.

The largest bettor on Player turns the Player's cards and the largest on Banker the
Banker's (on equal stakes, the one who bet first; if that player has left, the dealer).
Each card of a squeezed hand waits, face down, for its squeezer: a ``squeeze`` event
names the seat and the deadline, without the card; the card comes when the squeezer
turns it (``card`` with ``"by": <seat>``) or at the deadline (``"by": "dealer"``).

The squeezers are chosen when the round is dealt and stored with it
(``shared_rounds.squeeze_json``), with each card's deadline once offered, so a dealer that
takes the table over keeps the same squeezers and deadlines.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from puntobanco.server.shared.events import iso
from puntobanco.server.shared.models import SharedBet, SharedRound, SharedSeat

HANDS = ("player", "banker")


def choose_squeezers(session: Session, round_: SharedRound) -> dict[str, Any]:
    """Who turns each hand's cards: ``{"player": {"seat", "user_id"} | None, ...}``."""
    chosen: dict[str, Any] = {"offered": {}}
    for hand in HANDS:
        row = session.execute(
            select(SharedBet.user_id, SharedBet.seat_name, SharedBet.stake_minor)
            .where(SharedBet.round_id == round_.id, SharedBet.spot == hand)
            .order_by(SharedBet.stake_minor.desc(), SharedBet.placed_at, SharedBet.user_id)
            .limit(1)
        ).first()
        if row is None:
            chosen[hand] = None
            continue
        user_id, seat_name, _stake = row
        seated = session.execute(
            select(func.count())
            .select_from(SharedSeat)
            .where(
                SharedSeat.table_id == round_.table_id,
                SharedSeat.user_id == user_id,
                SharedSeat.left_at.is_(None),
            )
        ).scalar_one()
        # A squeezer who has left would hold the table up for nothing: the dealer turns.
        chosen[hand] = {"seat": seat_name, "user_id": int(user_id)} if seated else None
    return chosen


def state(round_: SharedRound) -> dict[str, Any]:
    """The round's stored squeeze (empty at a table without it)."""
    return dict(json.loads(round_.squeeze_json)) if round_.squeeze_json else {}


def squeezer(round_: SharedRound, hand: str | None) -> dict[str, Any] | None:
    """Who turns ``hand``'s cards in this round, if anyone does."""
    if hand is None:
        return None
    found = state(round_).get(hand)
    return dict(found) if found else None


def deadline(round_: SharedRound, step: int) -> datetime | None:
    """When the dealer turns card ``step`` if its squeezer has not (``None``: not offered)."""
    offered = state(round_).get("offered", {}).get(str(step))
    return None if offered is None else datetime.fromisoformat(offered.replace("Z", "+00:00"))


def offer(round_: SharedRound, step: int, now: datetime, seconds: int) -> datetime:
    """Offer card ``step`` to its squeezer until ``seconds`` from now; the deadline."""
    until = now + timedelta(seconds=seconds)
    stored = state(round_)
    stored.setdefault("offered", {})[str(step)] = iso(until)
    round_.squeeze_json = json.dumps(stored, sort_keys=True)
    return until


def public(round_: SharedRound) -> dict[str, Any] | None:
    """The squeeze as every client may see it: the seats and the deadlines, no account ids."""
    stored = state(round_)
    if not stored:
        return None
    return {
        "player": (stored.get("player") or {}).get("seat"),
        "banker": (stored.get("banker") or {}).get("seat"),
        "offered": stored.get("offered", {}),
    }
