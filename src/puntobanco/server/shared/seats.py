"""The players' side of a shared table: sit or watch, leave, and bet on the open round.

A player sits under a *seat name*, a pseudonym the other players see (never the
account's name); a spectator watches and cannot bet. Bets are the player's whole set for
the round (``{"player": 1000, "tie": 100}``): placing, changing and cancelling (``{}``)
are one request, idempotent by its key. The difference with what the player already
holds moves at once between the wallet and ``house_pending``: ``hold`` entries for what
is added, ``release`` for what is taken back. A request that arrives after the close is
refused (409 ``betting_closed``) and changes nothing.

Locks, in this order in every transaction: the round, the wallet, the table (the events'
number). The dealer takes the round first too, so a bet and the close never wait on
each other in opposite orders.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from puntobanco.core.bets import Bet, bet_kind
from puntobanco.core.rules import PRESETS
from puntobanco.core.table import Table
from puntobanco.server.errors import ApiError
from puntobanco.server.ledger.wallet import Account, EntryKind, Movement, lock_wallet, post
from puntobanco.server.models import User, as_utc, utcnow
from puntobanco.server.shared.dealing import current_round, table_config
from puntobanco.server.shared.events import Event, emit
from puntobanco.server.shared.models import (
    SEAT_NAME,
    Phase,
    SharedBet,
    SharedBetRequest,
    SharedRound,
    SharedSeat,
    SharedShoe,
    SharedTableRow,
    TableStatus,
)

#: A seat name: letters (any script), digits, spaces, hyphens, underscores and dots.
SEAT_NAME_PATTERN = re.compile(r"^[\w .\-]{2,24}$")
ROLES = ("seat", "spectator")


@dataclass(frozen=True, slots=True)
class Answer:
    """A request's answer, its status and the events to publish after the commit."""

    status: int
    body: dict[str, Any]
    events: list[Event]


def table_row(session: Session, table_id: str) -> SharedTableRow:
    """The table, if it exists and is not closed.

    Raises:
        ApiError: 404 ``table_unknown``.
    """
    row = session.get(SharedTableRow, table_id)
    if row is None or row.status == TableStatus.CLOSED.value:
        raise ApiError(404, "table_unknown", table=table_id[:40])
    return row


def seat_of(session: Session, table_id: str, user_id: int) -> SharedSeat | None:
    """The player's seat at the table, if they are there."""
    seat = session.get(SharedSeat, (table_id, user_id))
    return seat if seat is not None and seat.left_at is None else None


def seat_counts(session: Session, table_id: str) -> dict[str, int]:
    """How many sit at the table (``seats``) and how many watch it (``spectators``)."""
    rows = session.execute(
        select(SharedSeat.role, func.count())
        .where(SharedSeat.table_id == table_id, SharedSeat.left_at.is_(None))
        .group_by(SharedSeat.role)
    )
    counts = dict(rows.all())
    return {"seats": int(counts.get("seat", 0)), "spectators": int(counts.get("spectator", 0))}


def _default_name(user_id: int) -> str:
    """A pseudonym for a player who chose none: not derived from the account."""
    return f"Seat-{secrets.token_hex(3).upper()}"


def sit(
    session: Session,
    table_id: str,
    user_id: int,
    *,
    role: str,
    seat_name: str | None,
    client_seed: str | None,
) -> Answer:
    """Sit at the table (or watch it), or change one's role or seat name there.

    Raises:
        ApiError: 404 ``table_unknown``; 422 ``seat_name_bad``, ``role_unknown``,
            ``client_seed_bad``; 409 ``seat_name_taken``, ``table_full``.
    """
    row = table_row(session, table_id)
    if role not in ROLES:
        raise ApiError(422, "role_unknown", value=str(role)[:20], allowed=", ".join(ROLES))
    name = (seat_name or _default_name(user_id)).strip()
    if not SEAT_NAME_PATTERN.match(name) or len(name) > SEAT_NAME:
        raise ApiError(422, "seat_name_bad", value=name[:40])
    user = session.get(User, user_id)
    if user is not None and name.casefold() == user.username.casefold():
        # The seat name is what everyone sees: it must not give the account away.
        raise ApiError(422, "seat_name_is_account")
    seed = client_seed if client_seed is not None else secrets.token_hex(16)
    if not 1 <= len(seed) <= 64 or not seed.isprintable():
        raise ApiError(422, "client_seed_bad")
    taken = session.execute(
        select(SharedSeat.user_id).where(
            SharedSeat.table_id == table_id,
            func.lower(SharedSeat.seat_name) == name.lower(),
            SharedSeat.user_id != user_id,
        )
    ).first()
    if taken is not None:
        raise ApiError(409, "seat_name_taken", value=name)
    seat = session.get(SharedSeat, (table_id, user_id))
    counts = seat_counts(session, table_id)
    already_seated = seat is not None and seat.left_at is None and seat.role == "seat"
    if role == "seat" and not already_seated and counts["seats"] >= table_config(row).max_seats:
        raise ApiError(409, "table_full", seats=counts["seats"])
    if seat is None:
        seat = SharedSeat(table_id=table_id, user_id=user_id, joined_at=utcnow())
        session.add(seat)
    seat.seat_name, seat.role, seat.client_seed, seat.left_at = name, role, seed, None
    try:
        session.flush()
    except IntegrityError:  # another player took the name at the same moment
        raise ApiError(409, "seat_name_taken", value=name) from None
    counts = seat_counts(session, table_id)
    events = emit(session, table_id, [("seat", {"seat": name, "role": role, **counts})])
    return Answer(
        200, {"table": table_id, "seat_name": name, "role": role, "client_seed": seed}, events
    )


def leave(session: Session, table_id: str, user_id: int) -> Answer:
    """Leave the table. Bets already placed stay and are settled as if the player stayed."""
    table_row(session, table_id)
    seat = seat_of(session, table_id, user_id)
    if seat is None:
        raise ApiError(409, "not_seated", table=table_id)
    seat.left_at = utcnow()
    session.flush()
    counts = seat_counts(session, table_id)
    events = emit(session, table_id, [("seat", {"seat": seat.seat_name, "role": None, **counts})])
    return Answer(200, {"table": table_id, "left": True}, events)


def put_bets(
    session: Session,
    table_id: str,
    user_id: int,
    stakes: Mapping[str, int],
    *,
    key: str,
    fingerprint: str,
) -> Answer:
    """Make the player's bets on the open round exactly ``stakes`` (``{}`` cancels them).

    Raises:
        ApiError: 404 ``table_unknown``; 409 ``not_seated``, ``spectator_cannot_bet``,
            ``betting_closed``, ``idempotency_conflict``.
        BaccaratError: The bets break the table's rules or limits, or the wallet cannot
            cover them (answered 422 and 402 by the error handlers).
    """
    # A shared lock: bets at one table go on together; the close waits for them.
    round_ = current_round(session, table_id, lock=True, share=True)
    balance = lock_wallet(session, user_id)
    # Under the wallet's lock, and before the checks below: the same key sent twice at
    # once is done once, and a retry after the close (or after leaving) gets its answer.
    done = _replayed(session, user_id, key, fingerprint)
    if done is not None:
        return done
    row = table_row(session, table_id)
    if (
        round_ is None
        or round_.phase != Phase.BETTING.value
        or as_utc(round_.closes_at) <= utcnow()
    ):
        raise ApiError(409, "betting_closed", table=table_id)
    seat = seat_of(session, table_id, user_id)
    if seat is None:
        raise ApiError(409, "not_seated", table=table_id)
    if seat.role != "seat":
        raise ApiError(409, "spectator_cannot_bet", table=table_id)
    held = _held(session, round_.id, user_id)
    # The shoe in play keeps the preset it was opened with (a new one applies from the
    # next shoe): its settlement would refuse a bet that only the new preset offers.
    shoe = session.get(SharedShoe, round_.shoe_id)
    assert shoe is not None
    wanted = _checked(stakes, row, shoe.preset, balance + sum(held.values()))
    _write_bets(session, round_, user_id, seat.seat_name, held, wanted)
    new_balance = _post_holds(session, round_, user_id, held, wanted, key)
    body = {
        "table": table_id,
        "round": round_.number,
        "bets": wanted,
        "staked_minor": sum(wanted.values()),
        "balance_minor": new_balance,
    }
    session.add(
        SharedBetRequest(
            user_id=user_id,
            idempotency_key=key,
            request_hash=fingerprint,
            round_id=round_.id,
            status_code=200,
            answer_json=json.dumps(body),
            announced=False,
        )
    )
    # No event here: the dealer announces the table's bets (shared/totals.py), so that
    # the bets of a busy table do not queue for its next event number.
    return Answer(200, body, [])


def _replayed(session: Session, user_id: int, key: str, fingerprint: str) -> Answer | None:
    """The stored answer of a request with this key, if there is one.

    Raises:
        ApiError: 409 ``idempotency_conflict``: the key was used for other bets.
    """
    done = session.execute(
        select(SharedBetRequest).where(
            SharedBetRequest.user_id == user_id, SharedBetRequest.idempotency_key == key
        )
    ).scalar_one_or_none()
    if done is None:
        return None
    if done.request_hash != fingerprint:
        raise ApiError(409, "idempotency_conflict", key=key[:40])
    return Answer(done.status_code, json.loads(done.answer_json), [])


def _held(session: Session, round_id: int, user_id: int) -> dict[str, int]:
    rows = session.execute(
        select(SharedBet.spot, SharedBet.stake_minor).where(
            SharedBet.round_id == round_id, SharedBet.user_id == user_id
        )
    )
    return {spot: int(stake) for spot, stake in rows}


def _checked(
    stakes: Mapping[str, int], row: SharedTableRow, preset: str, available: int
) -> dict[str, int]:
    """The bets as the core table takes them: the preset's spots, the limits and the money."""
    if not stakes:
        return {}
    config = table_config(row).model_copy(update={"preset": preset})
    table = Table(PRESETS[preset], config.limits(), balance_minor=available)
    bets = table.verify_bets([Bet(bet_kind(spot), stake) for spot, stake in stakes.items()])
    return {bet.kind.value: bet.stake_minor for bet in bets}


def _write_bets(
    session: Session,
    round_: SharedRound,
    user_id: int,
    seat_name: str,
    held: Mapping[str, int],
    wanted: Mapping[str, int],
) -> bool:
    """Store the player's bets as ``wanted``; whether anything changed."""
    if dict(held) == dict(wanted):
        return False
    gone = [spot for spot in held if spot not in wanted]
    if gone:
        session.execute(
            delete(SharedBet).where(
                SharedBet.round_id == round_.id,
                SharedBet.user_id == user_id,
                SharedBet.spot.in_(gone),
            )
        )
    added = [
        {
            "round_id": round_.id,
            "user_id": user_id,
            "spot": spot,
            "seat_name": seat_name,
            "stake_minor": stake,
            "placed_at": utcnow(),
        }
        for spot, stake in wanted.items()
        if spot not in held
    ]
    if added:
        session.execute(insert(SharedBet), added)
    for spot, stake in wanted.items():
        if spot in held and held[spot] != stake:
            session.execute(
                update(SharedBet)
                .where(
                    SharedBet.round_id == round_.id,
                    SharedBet.user_id == user_id,
                    SharedBet.spot == spot,
                )
                .values(stake_minor=stake)
            )
    return True


def _post_holds(
    session: Session,
    round_: SharedRound,
    user_id: int,
    held: Mapping[str, int],
    wanted: Mapping[str, int],
    key: str,
) -> int:
    """Hold what was added and release what was taken back; the wallet's new balance.

    The journal is named by the request's key (its hash): one journal per request.
    """
    movements = []
    for spot in sorted(set(held) | set(wanted)):
        change = wanted.get(spot, 0) - held.get(spot, 0)
        if change:
            kind = EntryKind.HOLD if change > 0 else EntryKind.RELEASE
            movements.append(Movement(kind, -change, Account.HOUSE_PENDING, None, spot, round_.id))
    if not movements:
        return int(lock_wallet(session, user_id))
    request = hashlib.sha256(key.encode()).hexdigest()[:16]
    journal = f"shared:{round_.id}:{user_id}:{request}"
    return post(session, user_id=user_id, journal=journal, movements=movements)
