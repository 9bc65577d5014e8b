"""What the lobby and a shared table show: built from what has been announced, no more.

A snapshot's cards are those of the round's reveal steps already announced
(``revealed``), never the stored cards themselves: the same rule as the events'.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.core.rules import PRESETS
from puntobanco.server.models import utcnow
from puntobanco.server.shared import squeeze
from puntobanco.server.shared.cycle import shown_cards
from puntobanco.server.shared.dealing import current_round, round_steps, table_config
from puntobanco.server.shared.events import iso
from puntobanco.server.shared.models import (
    Phase,
    SharedBet,
    SharedRound,
    SharedSeat,
    SharedShoe,
    SharedTableRow,
    TableStatus,
)
from puntobanco.server.shared.seats import seat_counts
from puntobanco.server.shared.settlement import shoe_road
from puntobanco.server.shared.totals import round_totals
from puntobanco.server.table_settings import limits_json, rules_json


def _shoe(session: Session, shoe_id: int | None) -> dict[str, Any] | None:
    shoe = session.get(SharedShoe, shoe_id) if shoe_id is not None else None
    if shoe is None:
        return None
    ended = shoe.ended_at is not None
    return {
        "number": shoe.number,
        "server_seed_hash": shoe.server_seed_hash,
        "client_seed": shoe.client_seed,
        # The server seed is shown once its shoe has ended, never before.
        "server_seed": shoe.server_seed if ended else None,
        "rounds": shoe.rounds,
        "ended": ended,
        "road": shoe_road(session, shoe.id),
    }


def _round(session: Session, round_: SharedRound | None, preset: str) -> dict[str, Any] | None:
    if round_ is None:
        return None
    shown: dict[str, Any] = {"burn": None, "player": [], "banker": [], "result": None}
    if round_.cards is not None:
        shown = shown_cards(round_steps(round_, preset), round_.revealed)
    totals, players = round_totals(session, round_.id)
    return {
        "round": round_.number,
        "round_id": round_.id,
        "phase": round_.phase,
        "closes_at": iso(round_.closes_at),
        "round_in_shoe": round_.round_in_shoe,
        "revealed": round_.revealed,
        "totals": totals,
        "players": players,
        "squeeze": squeeze.public(round_),
        "waiting": _waiting(round_, preset),
        **shown,
    }


def _waiting(round_: SharedRound, preset: str) -> dict[str, Any] | None:
    """The card offered to a squeezer now, as its ``squeeze`` event said (never its face).

    Where it goes (hand and slot) follows from the cards shown and the rules: no secret.
    """
    if round_.phase != Phase.DEALING.value or round_.cards is None:
        return None
    step = round_.revealed + 1
    until = squeeze.deadline(round_, step)
    if until is None:
        return None
    card = round_steps(round_, preset)[round_.revealed]
    who = squeeze.squeezer(round_, card.hand)
    return {
        "step": step,
        "hand": card.hand,
        "slot": card.slot,
        "seat": None if who is None else who["seat"],
        "until": iso(until),
    }


def dealt_preset(session: Session, row: SharedTableRow, round_: SharedRound | None) -> str:
    """The preset the table deals now: its shoe's in play, else the table's own.

    A shoe keeps the preset it was opened with; a new one applies from the next shoe.
    """
    if round_ is not None:
        shoe = session.get(SharedShoe, round_.shoe_id)
        if shoe is not None and shoe.ended_at is None:
            return shoe.preset
    return table_config(row).preset


def table_settings(row: SharedTableRow, preset: str) -> dict[str, Any]:
    """The table's name, status, rules and limits as its tile shows them, under ``preset``."""
    config = table_config(row).model_copy(update={"preset": preset})
    rules = PRESETS[preset]
    return {
        "name": row.name,
        "preset": preset,
        "rules": rules_json(preset, rules),
        "decks": rules.decks,
        "status": row.status,
        "limits": limits_json(config.limits()),
        "betting_seconds": config.betting_seconds,
        "squeeze": config.squeeze,
        "max_seats": config.max_seats,
    }


def _tile(session: Session, row: SharedTableRow) -> dict[str, Any]:
    """One table as the lobby shows it."""
    round_ = current_round(session, row.id)
    return {
        "id": row.id,
        "kind": "shared",
        **table_settings(row, dealt_preset(session, row, round_)),
        **seat_counts(session, row.id),
        "phase": None if round_ is None else round_.phase,
        "round": None if round_ is None else round_.number,
        "closes_at": None if round_ is None else iso(round_.closes_at),
        "shoe": _shoe(session, None if round_ is None else round_.shoe_id),
        "seq": row.seq,
    }


def lobby(session: Session, user_id: int | None) -> dict[str, Any]:
    """Every shared table that deals, with where the player sits, and the server's time."""
    rows = session.execute(
        select(SharedTableRow)
        .where(SharedTableRow.status != TableStatus.CLOSED.value)
        .order_by(SharedTableRow.created_at, SharedTableRow.id)
    ).scalars()
    tables = [_tile(session, row) for row in rows]
    mine: dict[str, str] = {}
    if user_id is not None:
        mine = dict(
            session.execute(
                select(SharedSeat.table_id, SharedSeat.role).where(
                    SharedSeat.user_id == user_id, SharedSeat.left_at.is_(None)
                )
            ).all()
        )
    for tile in tables:
        tile["my_role"] = mine.get(tile["id"])
    return {"now": iso(utcnow()), "tables": tables}


def snapshot(session: Session, table_id: str, user_id: int | None) -> dict[str, Any]:
    """A table's whole state as announced so far, with the player's own seat and bets."""
    row = session.get(SharedTableRow, table_id)
    assert row is not None
    round_ = current_round(session, table_id)
    # A round is shown under its own shoe's preset, whatever the table's is now.
    shoe = None if round_ is None else session.get(SharedShoe, round_.shoe_id)
    preset = table_config(row).preset if shoe is None else shoe.preset
    me: dict[str, Any] | None = None
    if user_id is not None:
        seat = session.get(SharedSeat, (table_id, user_id))
        if seat is not None and seat.left_at is None:
            me = {"seat": seat.seat_name, "role": seat.role, "client_seed": seat.client_seed}
            if round_ is not None:
                me["bets"] = dict(
                    session.execute(
                        select(SharedBet.spot, SharedBet.stake_minor).where(
                            SharedBet.round_id == round_.id, SharedBet.user_id == user_id
                        )
                    ).all()
                )
    seats = [
        {"seat": name, "role": role}
        for name, role in session.execute(
            select(SharedSeat.seat_name, SharedSeat.role)
            .where(SharedSeat.table_id == table_id, SharedSeat.left_at.is_(None))
            .order_by(SharedSeat.joined_at)
        )
    ]
    return {
        "type": "snapshot",
        "table": table_id,
        "seq": row.seq,
        "now": iso(utcnow()),
        "tile": _tile(session, row),
        "round": _round(session, round_, preset),
        "seats": seats,
        "me": me,
        "phases": [phase.value for phase in Phase],
    }
