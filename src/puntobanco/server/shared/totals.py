"""The bets on a round as the table shows them: totals per spot, players, each seat's bets.

A bet's request does not announce itself: every bettor's transaction would then take the
table's next event number, and the bets of a busy table would go one at a time. The dealer
announces them instead, every :data:`BETS_TICK_S` while the table takes bets (and once more
at the close): one ``bets`` event with the totals and the bets of each seat that changed
since the last one. A bettor's own answer says at once what they hold.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from puntobanco.server.shared.models import SharedBet, SharedBetRequest, SharedRound, SharedSeat

#: How often, at most, the table's bets are announced while it takes them.
BETS_TICK_S = 0.5


def round_totals(session: Session, round_id: int) -> tuple[dict[str, int], dict[str, int]]:
    """The round's stakes per spot and the number of players on each."""
    rows = session.execute(
        select(SharedBet.spot, func.sum(SharedBet.stake_minor), func.count())
        .where(SharedBet.round_id == round_id)
        .group_by(SharedBet.spot)
    )
    totals: dict[str, int] = {}
    players: dict[str, int] = {}
    for spot, total, count in rows:
        totals[spot] = int(total)
        players[spot] = int(count)
    return totals, players


def bets_changed(session: Session, round_: SharedRound) -> dict[str, Any] | None:
    """The ``bets`` event due now, or ``None`` when no bet changed since the last one.

    Marks the requests it announces: those committed when it runs, in one statement, so
    that a request committed later waits for the next event and none is announced twice.
    The stakes it reads come after, so they are those requests' or newer ones.
    """
    changed = session.execute(
        update(SharedBetRequest)
        .where(SharedBetRequest.round_id == round_.id, SharedBetRequest.announced.is_(False))
        .values(announced=True)
        .returning(SharedBetRequest.user_id)
    ).scalars()
    users = set(changed)
    if not users:
        return None
    seats = dict(
        session.execute(
            select(SharedSeat.user_id, SharedSeat.seat_name).where(
                SharedSeat.table_id == round_.table_id, SharedSeat.user_id.in_(users)
            )
        ).all()
    )
    held: dict[int, dict[str, int]] = {user: {} for user in seats}
    for user_id, spot, stake in session.execute(
        select(SharedBet.user_id, SharedBet.spot, SharedBet.stake_minor).where(
            SharedBet.round_id == round_.id, SharedBet.user_id.in_(list(seats))
        )
    ):
        held[user_id][spot] = int(stake)
    totals, players = round_totals(session, round_.id)
    return {
        "round": round_.number,
        "totals": totals,
        "players": players,
        "seats": [{"seat": seats[user], "bets": held[user]} for user in sorted(seats)],
    }
