"""The recovery: rounds left dealt are completed, settled once on their stored cards.

The recovery rule: a round left *dealt* (the process died, or the database
failed, between the two commits) is found on start, by the periodic housekeeping
(and promptly after a database failure), on a retry of its idempotency key and
whenever its player reads it, and is **completed**: settled on the cards written
with its debit, never re-dealt. The request that dealt it answers 202 with the
round's id and status ``dealt``: its stakes were taken, its settlement is to come.
The settlement runs only on a round still ``dealt`` and the ledger refuses a second
entry for the same (round, bet, kind), so it happens exactly once. A round whose
cards cannot be settled any more (its rules preset no longer exists in the code) is
refunded instead: each stake comes back as a ``refund`` entry.
"""

from __future__ import annotations

import logging

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from puntobanco.core.rules import PRESETS
from puntobanco.server import observability
from puntobanco.server.models import Round, RoundStatus
from puntobanco.server.render import load_rounds
from puntobanco.server.rounds import orm

#: The logger's name from before the rounds were a package: the logs' readers know it.
log = logging.getLogger("puntobanco.server.game")


def open_rounds(session: Session, user_id: int | None = None) -> list[int]:
    """Rounds dealt but not settled (all players', or one player's)."""
    query = select(Round.id).where(Round.status == RoundStatus.DEALT).order_by(Round.id)
    if user_id is not None:
        query = query.where(Round.user_id == user_id)
    with session.begin():
        return [int(i) for i in session.execute(query).scalars()]


def recover(sessions: sessionmaker[Session], user_id: int | None = None) -> list[int]:
    """Complete every round left dealt; returns the ids this call settled."""
    settled = []
    with sessions() as session:
        for round_id in open_rounds(session, user_id):
            if orm.settle_round(session, round_id) is not None:
                settled.append(round_id)
        if settled:  # counted where settled, so that every worker's counts add up
            _count(session, settled)
    if settled:
        log.warning("recovered interrupted rounds", extra={"rounds": settled})
    return settled


def _count(session: Session, round_ids: list[int]) -> None:
    """Count the rounds a recovery settled, as the request that dealt them would have.

    A round refunded because its preset left the code has no outcome to count (and no
    rules to render it by).
    """
    with session.begin():
        rows = session.execute(select(Round).where(Round.id.in_(round_ids))).scalars()
        played = [row for row in rows if not row.preset or row.preset in PRESETS]
        for rendered in load_rounds(session, played, "en"):
            observability.count_round(rendered)
