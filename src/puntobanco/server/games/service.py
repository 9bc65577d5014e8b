"""One table service for the games with choices: what Chemin de fer and Banque do alike.

A game keeps what differs (its core calls, its rows, its coup) and hands the service two
functions: ``load`` (the table read under the wallet lock) and ``complete`` (a pending
round played out with the player's answer, or with the optimal choice when ``None``).
The service does the rest the same way for both: sitting down at a new table, answering
the choice awaited (or the optimal one, late), expiring a choice past its deadline, the
sweeper's pass, the rows every round stores (the shoe's place, the seed, the burn), the
deadline of a round stored pending, the shoe of a stored round played again, and the end
of a settled round (its decisions, its status, the table's shoe moved on).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Generic, Protocol, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from puntobanco.core.cards import Card
from puntobanco.core.coup import Burn
from puntobanco.core.fairness import FairSource
from puntobanco.core.rules import Rules
from puntobanco.core.shoe import Shoe
from puntobanco.server.games import deadlines
from puntobanco.server.games.common import TableRefusal, pending_round_id, timed_out
from puntobanco.server.ledger.wallet import lock_wallet
from puntobanco.server.models import ChemRoundStatus, Seed, utcnow

#: The answers to a pending choice.
CHOICES = ("draw", "stand")

PointT = TypeVar("PointT")


@dataclass(frozen=True, slots=True)
class Awaited(Generic[PointT]):
    """A coup that waits at the player's choice ``point``, its ``cards`` dealt so far."""

    point: PointT
    cards: list[Card]


@dataclass(slots=True)
class Done:
    """What an action did: the round it dealt or completed (if any), whether it timed out."""

    round_id: int | None = None
    timed_out: bool = False


class Seated(Protocol):
    """A player's table as a game reads it under the wallet lock."""

    @property
    def row(self) -> Any:
        """The table's row."""

    @property
    def pending(self) -> Any:
        """The round awaiting the player's choice, if any."""


LoadedT = TypeVar("LoadedT", bound=Seated)


@dataclass
class TableService(Generic[LoadedT]):
    """One game's service: its rows, its refusal, and its ``load`` and ``complete``.

    ``complete(session, loaded, draws)`` plays the pending round on with the player's
    answer (``None``: the optimal choice, played at the deadline).
    """

    tables: Any
    rounds: Any
    decisions: Any
    refusal: type[TableRefusal]
    load: Callable[[Session, int], LoadedT]
    complete: Callable[[Session, LoadedT, bool | None], None]

    def read(self, session: Session, user_id: int) -> tuple[Any, int, Any]:
        """Lock the wallet, then read the table's row and any pending round.

        Raises:
            TableRefusal: 404 ``no_table`` (the player has not sat at this game's table).
        """
        session.flush()  # no autoflush: what this transaction changed is written before reading
        wallet = lock_wallet(session, user_id)
        row = session.get(self.tables, user_id, populate_existing=True)
        if row is None:
            raise self.refusal(404, "no_table")
        rounds = self.rounds
        pending = session.execute(
            select(rounds).where(
                rounds.user_id == user_id, rounds.status == ChemRoundStatus.PENDING
            )
        ).scalar_one_or_none()
        return row, wallet, pending

    def leave(self, session: Session, user_id: int) -> Any:
        """Lock the wallet and take the player's old table away (None: he had none).

        Returns the old row (deleted), so that the game gives its house money back.

        Raises:
            TableRefusal: 409 ``decision_pending`` (a round of the old table awaits a choice).
        """
        lock_wallet(session, user_id)
        old = session.get(self.tables, user_id, populate_existing=True)
        if old is not None:
            pending = pending_round_id(session, self.rounds, user_id)
            if pending is not None:
                raise self.refusal(409, "decision_pending", round_id=pending)
            session.delete(old)
        return old

    def answer(self, session: Session, user_id: int, choice: str) -> Done:
        """Answer the pending choice (``draw`` or ``stand``); after the deadline, the optimal one.

        Raises:
            TableRefusal: 409 ``no_decision_pending``; 422 ``choice_unknown``.
        """
        loaded = self.load(session, user_id)
        pending = loaded.pending
        if pending is None:
            raise self.refusal(409, "no_decision_pending")
        if choice not in CHOICES:
            raise self.refusal(422, "choice_unknown", value=choice[:20], allowed=", ".join(CHOICES))
        seed = session.get(Seed, pending.seed_id)
        # A seed revealed while the choice waited shows the cards to come: the answer no longer
        # counts, the optimal choice is played as at the deadline.
        late = timed_out(pending) or (seed is not None and seed.revealed_at is not None)
        self.complete(session, loaded, None if late else choice == "draw")
        return Done(pending.id, late)

    def expire(self, session: Session, user_id: int, now: datetime | None = None) -> Done:
        """Complete a pending round past its deadline with the optimal choice (a read does this)."""
        loaded = self.load(session, user_id)
        if loaded.pending is None or not timed_out(loaded.pending, now):
            return Done()
        self.complete(session, loaded, None)
        return Done(loaded.pending.id, True)

    def sweep(self, sessions: sessionmaker[Session], now: datetime | None = None) -> list[int]:
        """Complete every pending round past its deadline with the optimal choice; their ids.

        The server's sweeper calls this, so that a choice left unanswered is played when its
        time runs out, whether or not the player comes back; once each, whatever the workers
        (:func:`puntobanco.server.games.deadlines.sweep`).
        """
        return deadlines.sweep(sessions, self.rounds, self.expire, now)

    def next_deadline(
        self, sessions: sessionmaker[Session], now: datetime | None = None
    ) -> datetime | None:
        """The earliest deadline of a choice still to come (None when no choice waits)."""
        return deadlines.next_deadline(sessions, self.rounds, now)

    def new_round(self, row: Any, shoe: Shoe, seed: Seed, burn: Burn | None, **columns: Any) -> Any:
        """A round about to be dealt from the table's shoe, pending until it is settled."""
        return self.rounds(
            user_id=row.user_id,
            status=ChemRoundStatus.PENDING,
            created_at=utcnow(),
            decks=row.decks,
            seed_id=seed.id,
            client_seed=row.shoe_client_seed,
            nonce=row.shoe_nonce,
            shoe_index=row.shoes_started - 1,
            round_in_shoe=row.shoe_rounds + 1,
            first_card=shoe.position,
            last_in_shoe=shoe.cut_card_out,
            burn_shown=None if burn is None else burn.shown.code,
            **columns,
        )

    def replayed_shoe(self, session: Session, stored: Any, rules: Rules) -> tuple[Shoe, Seed]:
        """A stored round's shoe at its first card, and its seed."""
        seed = session.get(Seed, stored.seed_id)
        assert seed is not None
        source = FairSource(bytes.fromhex(seed.server_seed), stored.client_seed, stored.nonce)
        shoe = Shoe(rules, source)
        shoe.resume(position=stored.first_card, rounds=stored.round_in_shoe - 1)
        return shoe, seed

    def finish(
        self,
        session: Session,
        row: Any,
        stored: Any,
        shoe: Shoe,
        decisions: Iterable[Mapping[str, Any]],
    ) -> None:
        """A settled round's end: its decisions written, its status, the table's shoe moved on."""
        for position, decision in enumerate(decisions, start=1):
            session.add(self.decisions(round_id=stored.id, position=position, **decision))
        stored.status = ChemRoundStatus.SETTLED
        stored.settled_at = utcnow()
        stored.decision_deadline = None
        row.shoe_position = shoe.position
        row.shoe_rounds = stored.round_in_shoe
        if stored.last_in_shoe:
            row.shoe_open = False


def deadline(row: Any, now: datetime) -> datetime:
    """The deadline of a choice awaited from ``now`` at the table ``row``."""
    return now + timedelta(seconds=row.decision_seconds)
