"""Rounds dealt from a foreseen state: on PostgreSQL, one round trip fewer.

:data:`FORESIGHT` stays a module-level object, one per worker process, on purpose: what
it holds is what *this worker's* last round of each player wrote, remembered by the
settlement of one request and used by the deal of the player's next one, whichever
connection, session or store serves it. Nothing is decided by it (the statement that
writes a foreseen deal checks the locked rows first), so a worker that forgets (a
restart) or never saw a player only loses the saved round trip.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from puntobanco.core.errors import BaccaratError
from puntobanco.server.errors import ApiError
from puntobanco.server.models import utcnow
from puntobanco.server.rounds.deal import Deal, deal_params, deal_round
from puntobanco.server.rounds.records import SeedState, Settled, Started, TableState
from puntobanco.server.settings import Settings


@dataclass(frozen=True, slots=True)
class Foreseen:
    """A player's state as this worker's last round of theirs left it (see :class:`Foresight`)."""

    user_id: int
    balance_minor: int
    table: TableState
    seed: SeedState


class Foresight:
    """What each player's next round will most likely find, as this worker last wrote it.

    On PostgreSQL a round dealt from the foreseen state is written by the statement that
    locks the player's rows (:data:`LOCK_AND_DEAL_IF_AS_DEALT`), which writes it *only if*
    the locked rows are that state: one round trip fewer, and nothing decided by memory (a
    top-up, a table switch, a round in another worker makes the statement write nothing,
    and the round is dealt again from what it locked). Entries are taken when used.
    """

    def __init__(self, size: int = 10_000) -> None:
        self._size = size
        self._by_token: dict[str, Foreseen] = {}

    def take(self, token_hash: str) -> Foreseen | None:
        """The state foreseen for this session's player (forgotten: used once)."""
        return self._by_token.pop(token_hash, None)

    def remember(self, token_hash: str, foreseen: Foreseen) -> None:
        """What this session's round left behind (the oldest entry makes room)."""
        if len(self._by_token) >= self._size:
            self._by_token.pop(next(iter(self._by_token)))  # the oldest
        self._by_token[token_hash] = foreseen


FORESIGHT = Foresight()


def remember_settled(known: Started, settled: Settled | None) -> None:
    """After this request's round settled on PostgreSQL: the state its player's next finds."""
    if settled is not None and known.token_hash and known.state and known.seed:
        foreseen = Foreseen(known.user_id, settled.balance_minor, known.state, known.seed)
        FORESIGHT.remember(known.token_hash, foreseen)


def deal_if_judged(
    settings: Settings,
    foreseen: Foreseen,
    stakes: Mapping[str, int],
    *,
    key: str,
    fingerprint: str,
) -> Deal | None:
    """The round dealt from the foreseen state (``None``: its bets refused there)."""
    try:
        return deal_round(
            settings,
            replace(foreseen.table),
            replace(foreseen.seed),
            foreseen.balance_minor,
            stakes,
            user_id=foreseen.user_id,
            key=key,
            fingerprint=fingerprint,
        )
    except (ApiError, BaccaratError):
        return None  # judged on a state that may be stale: judged again on the locked one


def as_dealt_params(deal: Deal, foreseen: Foreseen, token_hash: str) -> dict[str, Any]:
    """The parameters of :data:`LOCK_AND_DEAL_IF_AS_DEALT`: the deal, and the state it is from."""
    was, was_seed = foreseen.table, foreseen.seed
    return {
        **deal_params(deal),
        "token_hash": token_hash,
        "now": utcnow(),
        "was_balance_minor": foreseen.balance_minor,
        "was_shoes_started": was.shoes_started,
        "was_shoe_open": was.shoe_open,
        "was_shoe_seed_id": was.shoe_seed_id,
        "was_shoe_client_seed": was.shoe_client_seed,
        "was_shoe_nonce": was.shoe_nonce,
        "was_shoe_position": was.shoe_position,
        "was_shoe_rounds": was.shoe_rounds,
        "was_client_seed": was_seed.client_seed,
        "was_next_nonce": was_seed.next_nonce,
    }
