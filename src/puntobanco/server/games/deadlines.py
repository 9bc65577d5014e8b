"""Choices left unanswered: finding the rounds whose time to choose ran out, and the next one.

Chemin de fer and Banque store a round whose choice is the player's **pending**, with a
deadline; past it the game plays the optimal choice (``expire``). A read of the table or
an answer does that for its own player; these functions do it for every player, for the
server's sweeper (``server/main.py``), which also wakes at :func:`next_deadline`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol

from fastapi import Request
from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker

from puntobanco.server.models import ChemRoundStatus, utcnow

log = logging.getLogger(__name__)


class Completed(Protocol):
    """What a game's ``expire`` answers: the round it completed, if any."""

    @property
    def round_id(self) -> int | None:
        """The round completed (None: nothing was due)."""


def sweep(
    sessions: sessionmaker[Session],
    rounds: Any,
    expire: Callable[[Session, int, datetime], Completed],
    now: datetime | None = None,
) -> list[int]:
    """Complete every pending round of the model ``rounds`` past its deadline; their ids.

    Safe to run in several workers at once: each round is completed by ``expire`` in a
    transaction of its own under its player's wallet lock, which reads the round again
    (a worker that comes second finds it settled and does nothing), so each is completed
    exactly once. A round that fails is logged and left for the next pass; the others go on.
    """
    moment = now or utcnow()
    with sessions.begin() as session:
        due: list[int] = list(
            session.execute(
                select(rounds.user_id)
                .where(rounds.status == ChemRoundStatus.PENDING, rounds.decision_deadline <= moment)
                .order_by(rounds.id)
            ).scalars()
        )
    settled: list[int] = []
    for user_id in due:
        try:
            with sessions.begin() as session:
                done = expire(session, int(user_id), moment)
        except Exception:  # one player's failure does not stop the others'
            log.exception("could not complete a timed-out choice", extra={"table": rounds.__name__})
            continue
        if done.round_id is not None:
            settled.append(done.round_id)
    if settled:
        log.info("timed-out choices played", extra={"rounds": settled, "table": rounds.__name__})
    return settled


def next_deadline(
    sessions: sessionmaker[Session], rounds: Any, now: datetime | None = None
) -> datetime | None:
    """The earliest deadline of a pending round of ``rounds`` still to come (None: none).

    The deadlines already passed are :func:`sweep`'s; one that failed there is left to
    the next housekeeping pass rather than retried at once.
    """
    with sessions.begin() as session:
        upcoming: datetime | None = session.execute(
            select(func.min(rounds.decision_deadline)).where(
                rounds.status == ChemRoundStatus.PENDING,
                rounds.decision_deadline > (now or utcnow()),
            )
        ).scalar_one()
    return upcoming


class Pending(Protocol):
    """A round whose choice is awaited (a Chemin de fer or a Banque round)."""

    @property
    def decision_deadline(self) -> datetime | None:
        """When the optimal choice is played for the player."""


def wake_at(request: Request, pending: Pending | None) -> None:
    """After the commit: the sweeper plays a pending choice at its deadline if no answer comes."""
    if pending is not None and pending.decision_deadline is not None:
        request.app.state.recovery.ring_at(pending.decision_deadline)
