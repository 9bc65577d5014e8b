"""A shared round's settlement: every seat's bets paid, the held stakes moved, the shoe ended.

It runs in the transaction that reveals the round's last card
(:func:`~puntobanco.server.shared.dealing.advance`): the result is known the moment the
last card is seen, and every bet is paid then, whether its player is still at the table
or not.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.core.bets import Bet, bet_kind, settle
from puntobanco.core.cards import parse_cards
from puntobanco.core.coup import play_coup
from puntobanco.core.rules import PRESETS, Rules
from puntobanco.server.ledger.wallet import Account, EntryKind, Movement, entry_rows
from puntobanco.server.models import utcnow
from puntobanco.server.rounds.settlement import settlement_rows
from puntobanco.server.shared.models import (
    Phase,
    SharedBet,
    SharedRound,
    SharedShoe,
    SharedTableRow,
)
from puntobanco.server.statements import ADD_TO_BALANCE, INSERT_ENTRIES


def settle_round(
    session: Session, table: SharedTableRow, round_: SharedRound, shoe: SharedShoe
) -> list[tuple[str, dict[str, Any]]]:
    """Settle every bet of the round, move the held stakes and pay; end the shoe if due."""
    rules = PRESETS[shoe.preset]
    assert round_.cards is not None
    result = play_coup(parse_cards(round_.cards), rules)
    bets = session.execute(
        select(SharedBet).where(SharedBet.round_id == round_.id).order_by(SharedBet.user_id)
    ).scalars()
    by_user: dict[int, list[SharedBet]] = {}
    for bet in bets:
        by_user.setdefault(bet.user_id, []).append(bet)
    seats = [
        settle_player(session, round_, user_id, rows, result, rules)
        for user_id, rows in by_user.items()
    ]
    # How each spot of the table went, for the page to collect and pay its chips.
    spots = {
        s.bet.kind.value: s.resolution.value
        for s in settle([Bet(kind, 1) for kind in rules.offered_bets], result, rules).bets
    }
    round_.phase = Phase.SETTLED.value
    round_.settled_at = utcnow()
    session.flush()  # the road below reads this round as settled
    items: list[tuple[str, dict[str, Any]]] = [
        (
            "settled",
            {
                "round": round_.number,
                "outcome": round_.outcome,
                "spots": spots,
                "seats": seats,
                "road": shoe_road(session, shoe.id),
            },
        )
    ]
    if round_.last_in_shoe:
        items.append(end_shoe(shoe, "cut_card"))
    return items


def end_shoe(shoe: SharedShoe, by: str) -> tuple[str, dict[str, Any]]:
    """End the shoe (``by`` its cut card, or its table's close) and reveal its seed."""
    shoe.ended_at = utcnow()
    shoe.ended_by = by
    revealed = {
        "shoe": shoe.number,
        "server_seed": shoe.server_seed,
        "server_seed_hash": shoe.server_seed_hash,
        "client_seed": shoe.client_seed,
        "rounds": shoe.rounds,
        "ended_by": by,
    }
    return ("shoe_ended", revealed)


def settle_player(
    session: Session,
    round_: SharedRound,
    user_id: int,
    rows: list[SharedBet],
    result: Any,
    rules: Rules,
) -> dict[str, Any]:
    """One player's bets settled: their rows, the ledger's journal and the wallet."""
    bets = [Bet(bet_kind(row.spot), row.stake_minor) for row in rows]
    settlement = settle(bets, result, rules)
    movements, bet_rows = settlement_rows(0, settlement)
    for row, written in zip(rows, bet_rows, strict=True):
        row.resolution = written["resolution"]
        row.winnings_minor = written["winnings_minor"]
        row.payout_minor = written["payout_minor"]
        row.commission = written["commission"]
        row.rounded_away = written["rounded_away"]
    staked = settlement.staked_minor
    journal = f"shared-settle:{round_.id}:{user_id}"
    ledger, delta = entry_rows(
        user_id=user_id,
        journal=journal,
        movements=[
            Movement(m.kind, m.amount_minor, m.house, None, m.bet, round_.id) for m in movements
        ],
    )
    now = utcnow()
    stake_moves = [
        {"account": Account.HOUSE_PENDING.value, "amount_minor": -staked},
        {"account": Account.HOUSE_GAME.value, "amount_minor": staked},
    ]
    ledger += [
        {
            "journal": journal,
            "kind": EntryKind.STAKE.value,
            "round_id": None,
            "bet": None,
            "user_id": None,
            "created_at": now,
            "shared_round_id": round_.id,
            **move,
        }
        for move in stake_moves
    ]
    connection = session.connection()
    connection.execute(INSERT_ENTRIES, ledger)
    if delta:
        connection.execute(ADD_TO_BALANCE, {"w_user": user_id, "w_delta": delta})
    seat_name = rows[0].seat_name
    return {
        "seat": seat_name,
        "staked": staked,
        "payout": settlement.payout_minor,
        "net": settlement.net_minor,
        "bets": [
            {
                "spot": s.bet.kind.value,
                "stake": s.bet.stake_minor,
                "resolution": s.resolution.value,
                "payout": s.payout_minor,
            }
            for s in settlement.bets
        ],
    }


def shoe_road(session: Session, shoe_id: int) -> list[str]:
    """The outcomes of the shoe's settled rounds, in order: what the roads are drawn from."""
    return [
        str(outcome)
        for outcome in session.execute(
            select(SharedRound.outcome)
            .where(SharedRound.shoe_id == shoe_id, SharedRound.phase == Phase.SETTLED.value)
            .order_by(SharedRound.number)
        ).scalars()
    ]
