"""What Chemin de fer's and Banque's server games share: refusals, stored times, deadlines.

Both store a round whose choice is the player's **pending**, with a deadline
(:mod:`puntobanco.server.games.deadlines`); both refuse a request with an HTTP status and a
code that the router words from the game's catalogue section. (Both key the computer
players' mixed choices by :func:`puntobanco.core.streams.server_seed_key`.)
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.core.coup import Burn
from puntobanco.core.fairness import FairSource
from puntobanco.core.rules import Rules, round_cards
from puntobanco.core.shoe import Shoe
from puntobanco.server.games.deadlines import Pending
from puntobanco.server.models import (
    BanqueRound,
    BanqueTableRow,
    ChemRound,
    ChemRoundStatus,
    ChemTableRow,
    Seed,
    utcnow,
)
from puntobanco.server.statements import INSERT_ENTRIES
from puntobanco.server.table_settings import active_seed


class TableRefusal(Exception):
    """A refused request: an HTTP status, a code (worded by the game's section), its values.

    Raised inside the action's transaction: nothing it did is committed. Each game
    subclasses it (``ChemRefusal``, ``BanqueRefusal``).
    """

    def __init__(self, status: int, code: str, **params: Any) -> None:
        super().__init__(code)
        self.status = status
        self.code = code
        self.params = params


def aware(moment: datetime) -> datetime:
    """A stored time as timezone-aware UTC (SQLite gives it back naive)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def when_json(moment: datetime | None) -> str | None:
    """A stored time in ISO 8601 with its UTC offset (None stays None)."""
    return None if moment is None else aware(moment).isoformat()


def seconds_left(deadline: datetime | None, now: datetime) -> int | None:
    """Whole seconds until ``deadline``, never below 0 (None: no deadline)."""
    return None if deadline is None else max(0, int((aware(deadline) - now).total_seconds()))


def timed_out(round_row: Pending, now: datetime | None = None) -> bool:
    """Whether the round's choice is past its deadline (one without a deadline never is)."""
    deadline = round_row.decision_deadline
    return deadline is not None and (now or utcnow()) >= aware(deadline)


def fairness_json(row: ChemRound | BanqueRound, seed_hash: str) -> dict[str, Any]:
    """What a round's verification needs: the seed's hash, the client seed, the shoe's place."""
    return {
        "server_seed_hash": seed_hash,
        "client_seed": row.client_seed,
        "nonce": row.nonce,
        "decks": row.decks,
        "shoe_index": row.shoe_index,
        "round_in_shoe": row.round_in_shoe,
        "first_card": row.first_card,
        "burn_shown": row.burn_shown,
    }


def pending_round_id(
    session: Session, rounds: type[ChemRound] | type[BanqueRound], user_id: int
) -> int | None:
    """The id of the player's round of the model ``rounds`` that awaits a choice, if any."""
    found = session.execute(
        select(rounds.id).where(rounds.user_id == user_id, rounds.status == ChemRoundStatus.PENDING)
    ).first()
    return None if found is None else int(found[0])


def house_entries(
    session: Session, journal: str, kind: str, other: str, amounts: Iterable[tuple[str, int]]
) -> None:
    """House money between ``house_players`` and the house account ``other``, in one journal.

    ``house_players`` holds the computer players' chips and the house's bank.
    ``amounts``: (the entries' ``bet``, what ``house_players`` gains; negative: pays); a
    zero writes nothing.
    """
    now = utcnow()
    rows: list[dict[str, Any]] = []
    for bet, amount in amounts:
        if not amount:
            continue
        common: dict[str, Any] = {
            "journal": journal,
            "kind": kind,
            "round_id": None,
            "bet": bet,
            "user_id": None,
            "created_at": now,
        }
        rows.append({**common, "account": "house_players", "amount_minor": amount})
        rows.append({**common, "account": other, "amount_minor": -amount})
    if rows:
        session.connection().execute(INSERT_ENTRIES, rows)


def shoe_continues(session: Session, row: ChemTableRow | BanqueTableRow) -> bool:
    """Whether the table's next round comes from the shoe in play (not a new one).

    A shoe ends at its cut card, and with its seed revealed (its cards are then known).
    """
    if not row.shoe_open or row.shoe_seed_id is None:
        return False
    seed = session.get(Seed, row.shoe_seed_id)
    return seed is not None and seed.revealed_at is None


def open_shoe(
    session: Session, row: ChemTableRow | BanqueTableRow, rules: Rules
) -> tuple[Shoe, Seed, Burn | None, bool]:
    """The table's shoe where it stands, or a new one on the seed in play (its nonce taken).

    A shoe with fewer cards left than a round may take is over too: a Banque shoe dealt to
    Punto Banco's cut card (before :data:`~puntobanco.core.rules.BANQUE_CUT_CARD`) could be
    left so, and would refuse every round.

    Returns:
        The shoe, its seed, the burn (None unless a new shoe shows one), whether it is new.
    """
    room = row.shoe_position <= rules.cards - round_cards(rules.variant)
    if room and shoe_continues(session, row):
        seed_row = session.get(Seed, row.shoe_seed_id)
        assert seed_row is not None
        assert row.shoe_client_seed is not None and row.shoe_nonce is not None
        source = FairSource(
            bytes.fromhex(seed_row.server_seed), row.shoe_client_seed, row.shoe_nonce
        )
        shoe = Shoe(rules, source)
        burn = shoe.resume(position=row.shoe_position, rounds=row.shoe_rounds)
        return shoe, seed_row, burn, False
    seed_row = active_seed(session, row.user_id)
    nonce = seed_row.next_nonce
    seed_row.next_nonce = nonce + 1
    source = FairSource(bytes.fromhex(seed_row.server_seed), seed_row.client_seed, nonce)
    shoe = Shoe(rules, source)
    burn = shoe.shuffle()
    row.shoes_started += 1
    row.shoe_open = True
    row.shoe_seed_id = seed_row.id
    row.shoe_client_seed = seed_row.client_seed
    row.shoe_nonce = nonce
    row.shoe_position = shoe.position
    row.shoe_rounds = 0
    return shoe, seed_row, burn, True
