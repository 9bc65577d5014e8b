"""Rounds: take the bets and deal (one transaction), then settle (a second one).

The order of money and cards:

The game itself is the core's :class:`~puntobanco.core.table.Table`, built for each
request from what is stored (the preset's rules, the operator's limits, the wallet's
balance, the shoe resumed from its seed, nonce and position): it decides which bets
are taken, deals and settles. The server keeps the money in its ledger: it debits the
stakes when the deal commits and pays the settlement's amounts when it settles (the
table, which holds the stakes until the settlement, would change the balance once, by
the net: the same balance at the end).

1. *Deal.* Lock the player's wallet; a known idempotency key returns its round;
   the table takes the bets (:meth:`Table.place_bets`, which checks them against
   the rules, the limits and the balance) and deals from the table's shoe, whose
   order follows from the committed seed, the client seed and the nonce; write the
   round with its cards, its bets and the stake debits; advance the shoe. One commit.
2. *Settle.* Lock the wallet again; the table settles the bets on the dealt cards
   (:meth:`Table.settle`; a round completed by the recovery, with no table left, is
   settled from its stored cards by the same core functions: :func:`settle_stored`);
   write the payouts and commission, the bets' settlements and the balance; mark the
   round settled. One commit.

On PostgreSQL each step is one statement (``server/statements.py``): the deal's first
statement checks the session token, locks the wallet, the table and the seed and reads
them; one statement writes the deal and the debit, then COMMIT; the settlement is one
statement that commits on its own. When the worker foresees the state (this worker's last
round of the player left it, :class:`Foresight`), it deals from it before asking, and the
first statement also writes the deal, *only if* what it locked is that state
(``LOCK_AND_DEAL_IF_AS_DEALT``); otherwise the round is dealt from what it locked, as above.
On SQLite, in the same process, the steps run their statements one by one (on the rounds'
own sqlite3 connection: :func:`start_round_sqlite`, :func:`settle_dealt_sqlite`).

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

A preset the operator withdraws (removes from ``PUNTOBANCO_TABLE_PRESETS``) deals no
new round: the deal is refused (409 ``preset_withdrawn``) until the player chooses an
offered one. A round already dealt under it is settled by its own rules, as dealt.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from fractions import Fraction
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from puntobanco.core.bets import Bet, Resolution, Settlement, bet_kind, settle
from puntobanco.core.cards import parse_cards
from puntobanco.core.coup import CoupResult, play_coup
from puntobanco.core.errors import BaccaratError, InvalidBet
from puntobanco.core.fairness import FairSource
from puntobanco.core.rules import PRESETS, BetKind, Rules, ShoeMode
from puntobanco.core.shoe import Shoe
from puntobanco.core.table import Table
from puntobanco.server import observability
from puntobanco.server.db import BEGIN, COMMIT, ROLLBACK, RoundConnection, SqliteConnection
from puntobanco.server.errors import ApiError
from puntobanco.server.ledger.wallet import (
    Account,
    EntryKind,
    Movement,
    entry_rows,
    lock_wallet,
    post,
)
from puntobanco.server.models import Round, RoundBet, RoundStatus, utcnow
from puntobanco.server.render import load_rounds
from puntobanco.server.settings import Settings
from puntobanco.server.statements import (
    ADD_TO_BALANCE,
    ADVANCE_NONCE,
    DEAL_AND_DEBIT,
    INSERT_BETS,
    INSERT_ENTRIES,
    INSERT_ROUND,
    LOCK_AND_DEAL_IF_AS_DEALT,
    LOCK_PLAYER_FOR_TOKEN,
    LOCK_WALLET,
    LOCK_WALLET_FOR_TOKEN,
    SETTLE_BET,
    SETTLE_DEALT,
    SETTLE_ROUND,
    TABLE_SEED_AND_KEY,
    UPDATE_TABLE,
    sqlite_sql,
    step,
)
from puntobanco.server.table_settings import limits_for, rules_for

log = logging.getLogger("puntobanco.server.game")

MAX_KEY = 200


@dataclass(slots=True)
class DealtRound:
    """A round as the deal wrote it (the columns of ``rounds``), to answer from.

    A plain record, not an ORM object: nothing reads it back or writes it again.
    """

    id: int
    user_id: int
    idempotency_key: str
    request_hash: str
    status: RoundStatus
    created_at: datetime
    preset: str
    seed_id: int
    client_seed: str
    nonce: int
    shoe_index: int
    round_in_shoe: int
    first_card: int
    last_in_shoe: bool
    burn_shown: str | None
    burn_face_down: int | None
    cards: str
    outcome: str
    staked_minor: int
    payout_minor: int | None = None
    balance_minor: int | None = None


@dataclass(frozen=True, slots=True)
class Started:
    """What the deal step produced.

    ``row`` (a detached copy of what was written) and ``table`` (the core table, its
    round dealt and not yet settled) are set when this call dealt the round, so that
    settling and answering need not read it back.
    """

    round_id: int
    replayed: bool
    status: RoundStatus
    user_id: int = 0
    row: DealtRound | None = None
    table: Table | None = None
    seed_hash: str = ""
    coup: CoupResult | None = None
    token_hash: str | None = None
    state: _TableState | None = None
    seed: _SeedState | None = None


@dataclass(frozen=True, slots=True)
class Settled:
    """What the settle step wrote."""

    bets: tuple[RoundBet, ...]
    payout_minor: int
    balance_minor: int


def parse_stakes(raw: Mapping[str, Any]) -> dict[str, int]:
    """Check that every stake is a JSON integer (not a float, string or boolean).

    Raises:
        ApiError: 422 ``stake_not_integer``, naming the spot and the value.
    """
    stakes: dict[str, int] = {}
    for name, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise ApiError(422, "stake_not_integer", bet=str(name)[:40], value=repr(value)[:40])
        stakes[name] = value
    return stakes


def request_hash(stakes: Mapping[str, int]) -> str:
    """A fingerprint of a round's bets, to tell a retry from a reused key."""
    canonical = json.dumps(sorted(stakes.items()), separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def check_key(key: str | None) -> str:
    """Validate the Idempotency-Key header."""
    if key is None or not 1 <= len(key) <= MAX_KEY or not key.isprintable():
        raise ApiError(400, "idempotency_key_required")
    return key


@dataclass(slots=True)
class _TableState:
    """A player's table as read under the wallet lock (columns of ``player_tables``)."""

    preset: str
    shoes_started: int
    shoe_open: bool
    shoe_seed_id: int | None
    shoe_client_seed: str | None
    shoe_nonce: int | None
    shoe_position: int
    shoe_rounds: int


@dataclass(slots=True)
class _SeedState:
    """The seed in play (columns of ``seeds``)."""

    id: int
    server_seed: str
    server_seed_hash: str
    client_seed: str
    next_nonce: int


def _stored_shoe(table: _TableState, seed: _SeedState, rules: Rules) -> tuple[Shoe, bool]:
    """The table's shoe as stored: the shoe in progress, or a new one if it is due.

    Nothing is shuffled yet: that waits until the bets are taken. A shoe in progress is
    then brought back to its place with :meth:`Shoe.resume` (shuffled and burned as when
    it was opened, and its dealt cards dealt again).

    Returns:
        The shoe, and whether it is a new one (which takes the seed's next nonce).
    """
    server_seed = bytes.fromhex(seed.server_seed)
    if rules.shoe_mode is ShoeMode.RESHUFFLE or not table.shoe_open:
        source = FairSource(server_seed, seed.client_seed, first_nonce=seed.next_nonce)
        return Shoe(rules, source), True
    assert table.shoe_nonce is not None and table.shoe_client_seed is not None
    source = FairSource(server_seed, table.shoe_client_seed, first_nonce=table.shoe_nonce)
    return Shoe(rules, source), False


def _advance(
    table: _TableState, seed: _SeedState, shoe: Shoe, result: CoupResult, *, new: bool
) -> tuple[int, str]:
    """Record where the table's shoe stands after the round, and use the nonce of a new shoe.

    Returns:
        The shoe's nonce and the client seed it was shuffled with.
    """
    if new:
        nonce, client_seed = seed.next_nonce, seed.client_seed
        seed.next_nonce = nonce + 1
        table.shoes_started += 1
        table.shoe_seed_id = seed.id
        table.shoe_nonce = nonce
        table.shoe_client_seed = client_seed
    else:
        assert table.shoe_nonce is not None and table.shoe_client_seed is not None
        nonce, client_seed = table.shoe_nonce, table.shoe_client_seed
    table.shoe_open = shoe.rules.shoe_mode is ShoeMode.CUT_CARD and not result.last_in_shoe
    table.shoe_position = shoe.position if table.shoe_open else 0
    if shoe.rules.shoe_mode is ShoeMode.RESHUFFLE:
        # No shoe stays open: shoe_rounds counts the rounds dealt since the table's rules or
        # seed were last set (tables.close_shoe), the rounds its scoreboard shows.
        table.shoe_rounds += 1
    else:
        table.shoe_rounds = shoe.rounds_in_shoe if table.shoe_open else 0
    return nonce, client_seed


def start_round(
    session: Session,
    settings: Settings,
    *,
    key: str,
    stakes: Mapping[str, int],
    user_id: int | None = None,
    token_hash: str | None = None,
) -> Started:
    """Step 1: take the bets and deal, in one transaction (see the module docstring).

    The player is ``user_id``, or the owner of the session ``token_hash`` (then checked in
    the statement that locks the wallet: no transaction of its own).

    Raises:
        ApiError: 401 ``not_authenticated`` (an unknown or expired token), 409
            (``idempotency_conflict``, ``preset_withdrawn``), 402 and 422 (the bets).
    """
    try:
        return _start_round(
            session, settings, key=key, stakes=stakes, user_id=user_id, token_hash=token_hash
        )
    except _KeyRaced:
        # A retry with the same key committed its round while this request waited for the
        # wallet: read again, this request now finds that round (and returns it).
        return _start_round(
            session,
            settings,
            key=key,
            stakes=stakes,
            user_id=user_id,
            token_hash=token_hash,
            foresee=False,
        )


class _KeyRaced(Exception):
    """The deal's insert met a round with the same key, committed meanwhile."""


@dataclass(frozen=True, slots=True)
class _Foreseen:
    """A player's state as this worker's last round of theirs left it (see :class:`Foresight`)."""

    user_id: int
    balance_minor: int
    table: _TableState
    seed: _SeedState


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
        self._by_token: dict[str, _Foreseen] = {}

    def take(self, token_hash: str) -> _Foreseen | None:
        """The state foreseen for this session's player (forgotten: used once)."""
        return self._by_token.pop(token_hash, None)

    def remember(self, token_hash: str, foreseen: _Foreseen) -> None:
        """What this session's round left behind (the oldest entry makes room)."""
        if len(self._by_token) >= self._size:
            self._by_token.pop(next(iter(self._by_token)))  # the oldest
        self._by_token[token_hash] = foreseen


FORESIGHT = Foresight()


@dataclass(slots=True)
class _Deal:
    """A round dealt in memory from a state: what to write, and the table that settles it."""

    values: dict[str, Any]
    bets: list[Bet]
    table: Table
    result: CoupResult
    state: _TableState
    seed: _SeedState
    read_nonce: int


def _deal(
    settings: Settings,
    state: _TableState,
    seed: _SeedState,
    balance: int,
    stakes: Mapping[str, int],
    *,
    user_id: int,
    key: str,
    fingerprint: str,
) -> _Deal:
    """Take the bets and deal from ``state`` and ``seed`` (which it advances), in memory.

    Raises:
        ApiError: 409 ``preset_withdrawn``; 402 and 422 (the bets).
    """
    if state.preset not in settings.table_presets:
        # The operator withdrew these rules: no new round is dealt under them (a round
        # already dealt is still settled by them, in settle_round).
        raise ApiError(
            409,
            "preset_withdrawn",
            preset=state.preset,
            allowed=", ".join(settings.table_presets),
        )
    read_nonce = seed.next_nonce
    # The game is the core's Table, built from what is stored: the preset's rules, the
    # operator's limits, the wallet's balance and the table's shoe. It decides which
    # bets are taken, deals and (in settle_round) settles; the server keeps the ledger.
    rules = rules_for(state.preset)
    shoe, new = _stored_shoe(state, seed, rules)
    table = Table(rules, limits_for(settings, rules), balance_minor=int(balance), shoe=shoe)
    bets = table.place_bets(_bets(stakes, rules))
    if not new:
        shoe.resume(position=state.shoe_position, rounds=state.shoe_rounds)
    result = table.deal()
    first_card = shoe.position - result.card_count
    nonce, client_seed = _advance(state, seed, shoe, result, new=new)
    burn = result.burn
    values = dict(
        user_id=user_id,
        idempotency_key=key,
        request_hash=fingerprint,
        status=RoundStatus.DEALT,
        created_at=utcnow(),
        preset=state.preset,
        seed_id=seed.id,
        client_seed=client_seed,
        nonce=nonce,
        shoe_index=state.shoes_started - 1,
        round_in_shoe=result.round_in_shoe or 1,
        first_card=first_card,
        last_in_shoe=result.last_in_shoe,
        burn_shown=None if burn is None else burn.shown.code,
        burn_face_down=None if burn is None else len(burn.face_down),
        cards=" ".join(card.code for card in result.cards),
        outcome=result.outcome.value,
        staked_minor=bets.staked_minor,
    )
    return _Deal(values, list(bets.bets), table, result, state, seed, read_nonce)


def _states(row: Any) -> tuple[_TableState, _SeedState]:
    """The table and seed as a locking statement read them."""
    state = _TableState(
        row.preset,
        row.shoes_started,
        bool(row.shoe_open),
        row.shoe_seed_id,
        row.shoe_client_seed,
        row.shoe_nonce,
        row.shoe_position,
        row.shoe_rounds,
    )
    seed = _SeedState(
        row.seed_id, row.server_seed, row.server_seed_hash, row.client_seed, row.next_nonce
    )
    return state, seed


def _foreseen_deal(
    connection: Any,
    settings: Settings,
    foreseen: _Foreseen,
    stakes: Mapping[str, int],
    *,
    token_hash: str,
    key: str,
    fingerprint: str,
) -> tuple[Any, _Deal | None]:
    """Deal from the foreseen state, and lock and write it in one statement if it holds.

    Returns:
        The locked row (as :data:`LOCK_PLAYER_FOR_TOKEN` returns it; ``None``: an unknown
        token, or no seed in play) and the deal when it was written (``None``: the state
        was another, nothing was written, the caller deals from the row).
    """
    deal = _deal_if_judged(settings, foreseen, stakes, key=key, fingerprint=fingerprint)
    if deal is None:
        params = {"token_hash": token_hash, "now": utcnow(), "t_key": key}
        return connection.execute(LOCK_PLAYER_FOR_TOKEN, params).one_or_none(), None
    params = _as_dealt_params(deal, foreseen, token_hash)
    row = connection.execute(LOCK_AND_DEAL_IF_AS_DEALT, params).one_or_none()
    if row is None or row.dealt_id is None:
        return row, None
    deal.values["id"] = int(row.dealt_id)
    return row, deal


def _deal_params(deal: _Deal) -> dict[str, Any]:
    """The parameters of the deal's writes (:data:`DEAL_AND_DEBIT`)."""
    return {
        **deal.values,
        **_shoe_values(deal.state),
        "status": str(deal.values["status"]),
        "next_nonce": deal.seed.next_nonce,
        "bet_names": [bet.kind.value for bet in deal.bets],
        "bet_stakes": [bet.stake_minor for bet in deal.bets],
    }


def _as_dealt_params(deal: _Deal, foreseen: _Foreseen, token_hash: str) -> dict[str, Any]:
    """The parameters of :data:`LOCK_AND_DEAL_IF_AS_DEALT`: the deal, and the state it is from."""
    was, was_seed = foreseen.table, foreseen.seed
    return {
        **_deal_params(deal),
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


def _start_round(  # noqa: PLR0912
    session: Session,
    settings: Settings,
    *,
    key: str,
    stakes: Mapping[str, int],
    user_id: int | None,
    token_hash: str | None,
    foresee: bool = True,
) -> Started:
    fingerprint = request_hash(stakes)
    with session.begin():
        # Lock the wallet first (every change to a player's money, table or seeds takes
        # this lock), then read what the previous holder of the lock committed: the
        # table, the seed in play, and any round already made with this key. With a
        # token, one statement checks it, locks and reads (LOCK_PLAYER_FOR_TOKEN: the
        # table and seed rows locked too, so that they are read as committed); on
        # PostgreSQL, when this worker foresaw the state, the same statement also writes
        # the round dealt from it if that is the state it locked (see Foresight).
        connection = session.connection()
        row: Any = None
        deal: _Deal | None = None
        if token_hash is not None:
            params = {"token_hash": token_hash, "now": utcnow(), "t_key": key}
            foreseen = None
            if foresee and connection.dialect.name == "postgresql":
                foreseen = FORESIGHT.take(token_hash)
            if foreseen is not None:
                try:
                    row, deal = _foreseen_deal(
                        connection,
                        settings,
                        foreseen,
                        stakes,
                        token_hash=token_hash,
                        key=key,
                        fingerprint=fingerprint,
                    )
                except IntegrityError as exc:
                    _raise_if_key_raced(exc, key)
                    raise
            else:
                row = connection.execute(LOCK_PLAYER_FOR_TOKEN, params).one_or_none()
            if row is None:
                # An unknown token, or the seed in play replaced while this request waited
                # for the lock: the steps one by one tell which.
                locked = connection.execute(LOCK_WALLET_FOR_TOKEN, params).one_or_none()
                if locked is None:
                    raise ApiError(401, "not_authenticated")
                user_id = int(locked.user_id)
            else:
                user_id, balance = int(row.user_id), int(row.balance_minor)
        if row is None:
            assert user_id is not None, "a player or a token"
            balance = lock_wallet(session, user_id)
            # A statement of its own, after the lock: a single one would judge the key, the
            # table and the seed on a snapshot taken before the wait for the lock.
            row = connection.execute(TABLE_SEED_AND_KEY, {"t_user": user_id, "t_key": key}).one()
        assert user_id is not None
        if deal is None:
            existing_id, existing_hash, existing_status = row.round_id, row.request_hash, row.status
            if existing_id is not None:
                if existing_hash != fingerprint:
                    raise ApiError(409, "idempotency_conflict", key=key[:40])
                return Started(int(existing_id), True, RoundStatus(existing_status), user_id)
            state, seed = _states(row)
            deal = _deal(
                settings,
                state,
                seed,
                balance,
                stakes,
                user_id=user_id,
                key=key,
                fingerprint=fingerprint,
            )
            try:
                deal.values["id"] = _write_deal(
                    session, deal.values, deal.bets, deal.state, deal.seed, deal.read_nonce
                )
            except IntegrityError as exc:
                _raise_if_key_raced(exc, key)
                raise
    return _dealt(deal, user_id, token_hash)


def _dealt(deal: _Deal, user_id: int, token_hash: str | None) -> Started:
    """What the deal step produced, when it dealt the round (``deal.values["id"]`` written)."""
    return Started(
        int(deal.values["id"]),
        False,
        RoundStatus.DEALT,
        user_id,
        DealtRound(**deal.values),
        deal.table,
        deal.seed.server_seed_hash,
        deal.result,
        token_hash,
        deal.state,
        deal.seed,
    )


def _raise_if_key_raced(exc: IntegrityError, key: str) -> None:
    """:class:`_KeyRaced` if ``exc`` is the round key's unique constraint."""
    diag = getattr(exc.orig, "diag", None)
    if "uq_rounds_user_key" in (getattr(diag, "constraint_name", None) or str(exc)):
        raise _KeyRaced(key) from exc


def _shoe_values(table: _TableState) -> dict[str, Any]:
    """The table's shoe columns, as written after a round."""
    return {
        "shoes_started": table.shoes_started,
        "shoe_open": table.shoe_open,
        "shoe_seed_id": table.shoe_seed_id,
        "shoe_client_seed": table.shoe_client_seed,
        "shoe_nonce": table.shoe_nonce,
        "shoe_position": table.shoe_position,
        "shoe_rounds": table.shoe_rounds,
    }


def _write_deal(
    session: Session,
    values: dict[str, Any],
    bets: Iterable[Bet],
    table: _TableState,
    seed: _SeedState,
    read_nonce: int,
) -> int:
    """Write the dealt round, its bets and stakes (both sides), the debit, the shoe and nonce.

    On PostgreSQL one statement (:data:`DEAL_AND_DEBIT`) writes it all; on SQLite, in the
    same process, the statements run one by one.

    Returns:
        The round's id.
    """
    connection = session.connection()
    user_id = values["user_id"]
    shoe = _shoe_values(table)
    bets = list(bets)
    if connection.dialect.name == "postgresql":
        written = connection.execute(
            DEAL_AND_DEBIT,
            {
                **values,
                **shoe,
                "status": str(values["status"]),
                "next_nonce": seed.next_nonce,
                "bet_names": [bet.kind.value for bet in bets],
                "bet_stakes": [bet.stake_minor for bet in bets],
            },
        ).one()
        return int(written.id)
    connection.execute(UPDATE_TABLE, {"t_user": user_id, **shoe})
    if seed.next_nonce != read_nonce:
        connection.execute(ADVANCE_NONCE, {"s_id": seed.id, "next_nonce": seed.next_nonce})
    round_id = int(connection.execute(INSERT_ROUND, values).scalar_one())
    connection.execute(
        INSERT_BETS,
        [
            {"round_id": round_id, "bet": bet.kind.value, "stake_minor": bet.stake_minor}
            for bet in bets
        ],
    )
    post(
        session,
        user_id=user_id,
        journal=f"round:{round_id}:stake",
        movements=[
            Movement(
                EntryKind.STAKE, -bet.stake_minor, Account.HOUSE_GAME, round_id, bet.kind.value
            )
            for bet in bets
        ],
    )
    return round_id


def _bets(stakes: Mapping[str, int], rules: Rules) -> list[Bet]:
    """The round's bets, for :meth:`Table.place_bets` (which judges them).

    Raises:
        InvalidBet: An unknown spot (``unknown_bet``), naming the spots of *this* table,
            as ``place_bets`` names them for a known spot it does not offer
            (:func:`bet_kind` alone would list every spot of every variant).
    """
    bets = []
    for name, stake in stakes.items():
        try:
            kind = bet_kind(name)
        except InvalidBet:
            allowed = ", ".join(kind.value for kind in rules.offered_bets)
            raise InvalidBet(
                f"unknown bet {name!r}: the spots are {allowed}",
                code="unknown_bet",
                bet=name,
                allowed=allowed,
            ) from None
        bets.append(Bet(kind, stake))
    return bets


def settle_round(session: Session, round_id: int, known: Started | None = None) -> Settled | None:
    """Step 2: settle a dealt round (or refund it, if it can no longer be settled).

    Args:
        session: A session with no transaction open.
        round_id: The round.
        known: What :func:`start_round` returned, when this request dealt the round
            (saves reading it back).

    Returns:
        What was written; ``None`` if the round was already settled.
    """
    dealt_here = known is not None and known.row is not None and known.table is not None
    if dealt_here and session.get_bind().dialect.name == "postgresql":
        # The round this request dealt, on PostgreSQL: one statement, its own transaction.
        assert known is not None and known.row is not None and known.table is not None
        settled = _settle_dealt(session, known.row.user_id, round_id, known.table.settle())
        if settled is not None and known.token_hash and known.state and known.seed:
            foreseen = _Foreseen(known.user_id, settled.balance_minor, known.state, known.seed)
            FORESIGHT.remember(known.token_hash, foreseen)
        return settled
    with session.begin():
        if known is not None and known.row is not None and known.table is not None:
            # The round this request dealt: its table settles it.
            user_id, table = known.row.user_id, known.table
            settlement = table.settle()
            before = lock_wallet(session, user_id)
        else:
            user_id = session.execute(
                select(Round.user_id).where(Round.id == round_id)
            ).scalar_one()
            before = lock_wallet(session, user_id)
            row = session.execute(
                select(Round.preset, Round.cards).where(
                    Round.id == round_id, Round.status == RoundStatus.DEALT
                )
            ).one_or_none()
            if row is None:
                return None
            stakes = session.execute(
                select(RoundBet.bet, RoundBet.stake_minor).where(RoundBet.round_id == round_id)
            ).all()
            bets = [Bet(BetKind(bet), int(stake)) for bet, stake in stakes]
            rules = PRESETS.get(row.preset)
            if rules is None:
                log.error(
                    "round %d cannot be settled (its rules preset %r was withdrawn): "
                    "refunding its stakes",
                    round_id,
                    row.preset,
                )
                return _refund(session, user_id, round_id, bets, before)
            try:
                settlement = settle_stored(bets, row.cards, rules)
            except BaccaratError as exc:
                log.error("round %d cannot be settled (%s): refunding its stakes", round_id, exc)
                return _refund(session, user_id, round_id, bets, before)
        movements, bet_rows = _settlement_rows(round_id, settlement)
        return _write_settlement(
            session, user_id, round_id, f"round:{round_id}:settle", movements, bet_rows, before
        )


def _settlement_rows(
    round_id: int, settlement: Settlement
) -> tuple[list[Movement], list[dict[str, Any]]]:
    """The money a settlement moves, and each bet's settlement row."""
    movements: list[Movement] = []
    bet_rows: list[dict[str, Any]] = []
    for s in settlement.bets:
        kind = s.bet.kind.value
        commission_minor = 0
        if s.commission:
            # The Banker's gross winnings are paid, then the commission (with the
            # fraction of a cent rounded away) is taken back: both are entries.
            retained = s.commission + s.rounded_away
            assert retained.denominator == 1
            commission_minor = int(retained)
        if s.payout_minor:
            movements.append(
                Movement(
                    EntryKind.PAYOUT,
                    s.payout_minor + commission_minor,
                    Account.HOUSE_GAME,
                    round_id,
                    kind,
                )
            )
        if commission_minor:
            movements.append(
                Movement(
                    EntryKind.COMMISSION,
                    -commission_minor,
                    Account.HOUSE_GAME,
                    round_id,
                    kind,
                )
            )
        bet_rows.append(
            {
                "b_round": round_id,
                "b_bet": kind,
                "stake_minor": s.bet.stake_minor,
                "resolution": s.resolution.value,
                "winnings_minor": s.winnings_minor,
                "payout_minor": s.payout_minor,
                "commission": str(s.commission),
                "rounded_away": str(s.rounded_away),
            }
        )
    return movements, bet_rows


def _settle_dealt(
    session: Session, user_id: int, round_id: int, settlement: Settlement
) -> Settled | None:
    """The settlement of a round that this request dealt, on PostgreSQL: one statement.

    :data:`SETTLE_DEALT` locks the wallet, marks the round settled only if it is still
    dealt, and writes the bets, the entries and the balance. ``None``: settled meanwhile.
    A single statement is a transaction of its own: it runs in autocommit, with no BEGIN
    and COMMIT around it (two round trips fewer). A failure, wherever it falls, leaves the
    round settled or still dealt, never half-written; the caller answers 202 either way.
    """
    params, bet_rows = _settlement_params(user_id, round_id, settlement)
    engine = session.get_bind()
    assert isinstance(engine, Engine)
    with engine.connect() as connection:
        autocommit = connection.execution_options(isolation_level="AUTOCOMMIT")
        written = autocommit.execute(SETTLE_DEALT, params).one()
    return _settled(round_id, params, bet_rows, written)


def _settlement_params(
    user_id: int, round_id: int, settlement: Settlement
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The parameters of :data:`SETTLE_DEALT`, and each bet's settlement row."""
    movements, bet_rows = _settlement_rows(round_id, settlement)
    params = {
        "user_id": user_id,
        "round_id": round_id,
        "payout_minor": sum(row["payout_minor"] for row in bet_rows),
        "delta_minor": sum(m.amount_minor for m in movements),
        "settled_at": utcnow(),
        "journal": f"round:{round_id}:settle",
        "bet_names": [row["b_bet"] for row in bet_rows],
        "resolutions": [row["resolution"] for row in bet_rows],
        "winnings": [row["winnings_minor"] for row in bet_rows],
        "payouts": [row["payout_minor"] for row in bet_rows],
        "commissions": [row["commission"] for row in bet_rows],
        "rounded_aways": [row["rounded_away"] for row in bet_rows],
        "kinds": [m.kind.value for m in movements],
        "amounts": [m.amount_minor for m in movements],
        "bets": [m.bet for m in movements],
    }
    return params, bet_rows


def _settled(
    round_id: int, params: dict[str, Any], bet_rows: list[dict[str, Any]], written: Any
) -> Settled | None:
    """What :data:`SETTLE_DEALT` wrote (``None``: nothing, the round was settled meanwhile)."""
    if written.written is None:
        return None  # settled meanwhile (a recovery, or a retry in another worker)
    if written.written != written.balance_minor:  # pragma: no cover - the lock forbids it
        raise RuntimeError(
            f"round {round_id}: balance {written.balance_minor}, expected {written.written}"
        )
    payout = int(params["payout_minor"])
    return Settled(_settled_bets(round_id, bet_rows), payout, int(written.balance_minor))


# --- a round on PostgreSQL, on the event loop ----------------------------------------------
#
# The same steps as start_round and settle_round, each transaction's steps sent together on
# one of the rounds' psycopg connections (server/db.py's RoundConnection): the foreseen deal
# (lock, and deal if as foreseen: one statement that commits on its own) in one round trip;
# otherwise the lock (one), the deal and its commit (one); then the settlement (one). What
# is rare is left to start_round.


async def start_round_pg(
    db: RoundConnection,
    settings: Settings,
    *,
    key: str,
    stakes: Mapping[str, int],
    token_hash: str,
) -> Started | None:
    """Step 1 on PostgreSQL: take the bets and deal, in one transaction (see start_round).

    Returns:
        What the step produced; ``None`` where :func:`start_round`'s steps one by one must
        tell what happened (an unknown token, the seed in play replaced, a racing retry's
        round with the same key): nothing was written.

    Raises:
        ApiError: 409 (``idempotency_conflict``, ``preset_withdrawn``), 402 and 422 (the bets).
    """
    fingerprint = request_hash(stakes)
    try:
        foreseen = FORESIGHT.take(token_hash)
        if foreseen is not None:
            # Lock, and write the round dealt from the foreseen state if that is what is
            # locked: one statement, a transaction of its own (autocommit), one round trip.
            deal = _deal_if_judged(settings, foreseen, stakes, key=key, fingerprint=fingerprint)
            if deal is not None:
                params = _as_dealt_params(deal, foreseen, token_hash)
                (row,) = await db.send(step(LOCK_AND_DEAL_IF_AS_DEALT, params))
                if row is not None and row.dealt_id is not None:
                    deal.values["id"] = int(row.dealt_id)
                    return _dealt(deal, foreseen.user_id, token_hash)
                # Not the state foreseen: nothing was written. Dealt from what is stored.
        # Lock the wallet, the table and the seed, and read them (one round trip).
        params = {"token_hash": token_hash, "now": utcnow(), "t_key": key}
        _, row = await db.send(BEGIN, step(LOCK_PLAYER_FOR_TOKEN, params))
        if row is None:
            await db.send(ROLLBACK)
            return None  # an unknown token, or the seed in play replaced meanwhile
        if row.round_id is not None:  # a known key
            await db.send(ROLLBACK)
            return _replayed(row, fingerprint, key)
        state, seed = _states(row)
        user_id = int(row.user_id)
        try:
            deal = _deal(
                settings,
                state,
                seed,
                int(row.balance_minor),
                stakes,
                user_id=user_id,
                key=key,
                fingerprint=fingerprint,
            )
        except BaseException:
            await db.send(ROLLBACK)
            raise
        # Write the deal and the debit, and commit (one round trip).
        written, _ = await db.send(step(DEAL_AND_DEBIT, _deal_params(deal)), COMMIT)
        deal.values["id"] = int(written.id)
        return _dealt(deal, user_id, token_hash)
    except IntegrityError as exc:
        try:
            _raise_if_key_raced(exc, key)
        except _KeyRaced:
            return None  # a retry's round with this key, committed meanwhile: read it again
        raise


def _deal_if_judged(
    settings: Settings,
    foreseen: _Foreseen,
    stakes: Mapping[str, int],
    *,
    key: str,
    fingerprint: str,
) -> _Deal | None:
    """The round dealt from the foreseen state (``None``: its bets refused there)."""
    try:
        return _deal(
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


async def settle_dealt(db: RoundConnection, known: Started) -> Settled | None:
    """Step 2 on PostgreSQL, for the round this request dealt: one statement, one round trip.

    As :func:`_settle_dealt` (``None``: settled meanwhile); the round's table settles it.
    """
    assert known.row is not None and known.table is not None
    round_id = known.round_id
    params, bet_rows = _settlement_params(known.user_id, round_id, known.table.settle())
    (written,) = await db.send(step(SETTLE_DEALT, params))
    settled = _settled(round_id, params, bet_rows, written)
    if settled is not None and known.token_hash and known.state and known.seed:
        foreseen = _Foreseen(known.user_id, settled.balance_minor, known.state, known.seed)
        FORESIGHT.remember(known.token_hash, foreseen)
    return settled


def _replayed(row: Any, fingerprint: str, key: str) -> Started:
    """The round a known key made, as the locking statement read it (its bets unchanged).

    Raises:
        ApiError: 409 ``idempotency_conflict``: the key's round had other bets.
    """
    if row.request_hash != fingerprint:
        raise ApiError(409, "idempotency_conflict", key=key[:40])
    return Started(int(row.round_id), True, RoundStatus(row.status), int(row.user_id))


# --- a round on SQLite, in the rounds' thread -----------------------------------------------
#
# The same steps on the rounds' own sqlite3 connection (server/db.py's SqliteRounds), one
# statement at a time: BEGIN IMMEDIATE takes the database's write lock, so what the lock
# statement reads stays as read until the COMMIT. What is rare is left to start_round.


def start_round_sqlite(
    db: SqliteConnection,
    settings: Settings,
    *,
    key: str,
    stakes: Mapping[str, int],
    token_hash: str,
) -> Started | None:
    """Step 1 on SQLite: take the bets and deal, in one transaction (see start_round).

    Returns:
        What the step produced; ``None`` (nothing written) for an unknown token, which
        :func:`start_round` tells apart, or a racing retry's round with the same key.

    Raises:
        ApiError: 409 (``idempotency_conflict``, ``preset_withdrawn``), 402 and 422 (the bets).
    """
    fingerprint = request_hash(stakes)
    db.begin()
    try:
        params = {"token_hash": token_hash, "now": utcnow(), "t_key": key}
        row = db.one(sqlite_sql(LOCK_PLAYER_FOR_TOKEN), params)
        if row is None:
            return None
        if row.round_id is not None:  # a known key
            return _replayed(row, fingerprint, key)
        state, seed = _states(row)
        user_id = int(row.user_id)
        deal = _deal(
            settings,
            state,
            seed,
            int(row.balance_minor),
            stakes,
            user_id=user_id,
            key=key,
            fingerprint=fingerprint,
        )
        deal.values["id"] = _write_deal_sqlite(db, deal)
        db.commit()
    except IntegrityError as exc:
        try:
            _raise_if_key_raced(exc, key)
        except _KeyRaced:
            return None  # a retry's round with this key, committed meanwhile: read it again
        raise
    finally:
        db.rollback()  # unless committed: a refusal, a replay, a failure
    return _dealt(deal, user_id, token_hash)


def _write_deal_sqlite(db: SqliteConnection, deal: _Deal) -> int:
    """The deal's writes, as :func:`_write_deal` makes them through the session.

    The table's shoe, the seed's nonce, the round, its bets, both sides of each stake and
    the debit.

    Returns:
        The round's id.
    """
    values, user_id = deal.values, deal.values["user_id"]
    db.run(sqlite_sql(UPDATE_TABLE), {"t_user": user_id, **_shoe_values(deal.state)})
    if deal.seed.next_nonce != deal.read_nonce:
        db.run(
            sqlite_sql(ADVANCE_NONCE), {"s_id": deal.seed.id, "next_nonce": deal.seed.next_nonce}
        )
    written = db.one(sqlite_sql(INSERT_ROUND, values), values)
    assert written is not None
    round_id = int(written.id)
    bets = [
        {"round_id": round_id, "bet": bet.kind.value, "stake_minor": bet.stake_minor}
        for bet in deal.bets
    ]
    db.many(sqlite_sql(INSERT_BETS, bets[0]), bets)
    stakes = [
        Movement(EntryKind.STAKE, -bet.stake_minor, Account.HOUSE_GAME, round_id, bet.kind.value)
        for bet in deal.bets
    ]
    _post_sqlite(db, user_id, f"round:{round_id}:stake", stakes)
    return round_id


def _post_sqlite(
    db: SqliteConnection, user_id: int, journal: str, movements: list[Movement]
) -> int:
    """:func:`~puntobanco.server.ledger.wallet.post` on the rounds' connection."""
    rows, delta = entry_rows(user_id=user_id, journal=journal, movements=movements)
    if rows:
        db.many(sqlite_sql(INSERT_ENTRIES, rows[0]), rows)
    balance = db.one(sqlite_sql(ADD_TO_BALANCE), {"w_user": user_id, "w_delta": delta})
    assert balance is not None
    return int(balance.balance_minor)


def settle_dealt_sqlite(db: SqliteConnection, known: Started) -> Settled | None:
    """Step 2 on SQLite, for the round this request dealt, in one transaction.

    As :func:`_write_settlement` (``None``: settled meanwhile); the round's table settles it.
    """
    assert known.row is not None and known.table is not None
    round_id, user_id = known.round_id, known.user_id
    movements, bet_rows = _settlement_rows(round_id, known.table.settle())
    payout = sum(row["payout_minor"] for row in bet_rows)
    db.begin()
    try:
        before = db.one(sqlite_sql(LOCK_WALLET), {"w_user": user_id})
        assert before is not None
        balance = int(before.balance_minor) + sum(m.amount_minor for m in movements)
        marked = db.run(
            sqlite_sql(SETTLE_ROUND),
            {
                "r_id": round_id,
                "payout_minor": payout,
                "balance_minor": balance,
                "settled_at": utcnow(),
            },
        )
        if marked != 1:
            return None  # settled meanwhile (a recovery, or a retry in another worker)
        written = _post_sqlite(db, user_id, f"round:{round_id}:settle", movements)
        if written != balance:  # pragma: no cover - the write lock makes this unreachable
            raise RuntimeError(f"round {round_id}: balance {written}, expected {balance}")
        db.many(sqlite_sql(SETTLE_BET), bet_rows)
        db.commit()
    finally:
        db.rollback()  # unless committed
    return Settled(_settled_bets(round_id, bet_rows), payout, balance)


def settle_stored(bets: Iterable[Bet], cards: str, rules: Rules) -> Settlement:
    """Settle a round from its stored cards, as the core :class:`Table` settles it.

    A round found dealt by the recovery has no live table: the request that dealt it
    (perhaps in another process) ended before its settlement. Nor can a table be built
    again and take its bets: a table checks bets against the balance and the limits of
    now, and the stakes are already debited (the limits may have changed since). So the
    round is played again from its stored cards by the functions ``Table.deal`` and
    ``Table.settle`` run: the coup by the preset's drawing table
    (:func:`~puntobanco.core.coup.play_coup`: the same ``play_coup_from`` that a shoe's
    ``deal_coup`` runs), then :func:`puntobanco.core.bets.settle`.

    Raises:
        BaccaratError: The stored cards do not make a round.
    """
    return settle(bets, play_coup(parse_cards(cards), rules), rules)


def _write_settlement(
    session: Session,
    user_id: int,
    round_id: int,
    journal: str,
    movements: list[Movement],
    bet_rows: list[dict[str, Any]],
    before: int,
) -> Settled | None:
    """Mark the round settled (only if still dealt), then write the money and the bets."""
    payout = sum(row["payout_minor"] for row in bet_rows)
    balance = before + sum(m.amount_minor for m in movements)
    connection = session.connection()
    done = connection.execute(
        SETTLE_ROUND,
        {
            "r_id": round_id,
            "payout_minor": payout,
            "balance_minor": balance,
            "settled_at": utcnow(),
        },
    )
    if getattr(done, "rowcount", 1) != 1:
        return None  # settled meanwhile (a recovery, or a retry in another worker)
    written = post(session, user_id=user_id, journal=journal, movements=movements)
    if written != balance:  # pragma: no cover - the wallet lock makes this unreachable
        raise RuntimeError(f"round {round_id}: balance {written}, expected {balance}")
    connection.execute(SETTLE_BET, bet_rows)
    return Settled(_settled_bets(round_id, bet_rows), payout, balance)


def _settled_bets(round_id: int, bet_rows: list[dict[str, Any]]) -> tuple[RoundBet, ...]:
    """The bets' settlements as written (detached rows, for the answer)."""
    return tuple(
        RoundBet(
            round_id=round_id,
            bet=row["b_bet"],
            stake_minor=row["stake_minor"],
            resolution=row["resolution"],
            winnings_minor=row["winnings_minor"],
            payout_minor=row["payout_minor"],
            commission=row["commission"],
            rounded_away=row["rounded_away"],
        )
        for row in bet_rows
    )


def _refund(
    session: Session, user_id: int, round_id: int, bets: list[Bet], before: int
) -> Settled | None:
    movements = [
        Movement(EntryKind.REFUND, bet.stake_minor, Account.HOUSE_GAME, round_id, bet.kind.value)
        for bet in bets
    ]
    rows = [
        {
            "b_round": round_id,
            "b_bet": bet.kind.value,
            "stake_minor": bet.stake_minor,
            "resolution": Resolution.PUSH.value,
            "winnings_minor": 0,
            "payout_minor": bet.stake_minor,
            "commission": str(Fraction(0)),
            "rounded_away": str(Fraction(0)),
        }
        for bet in bets
    ]
    return _write_settlement(
        session, user_id, round_id, f"round:{round_id}:refund", movements, rows, before
    )


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
            if settle_round(session, round_id) is not None:
                settled.append(round_id)
        if settled:  # counted where settled, so that every worker's counts add up
            with session.begin():
                rows = session.execute(select(Round).where(Round.id.in_(settled))).scalars()
                for rendered in load_rounds(session, list(rows), "en"):
                    observability.count_round(rendered)
    if settled:
        log.warning("recovered interrupted rounds", extra={"rounds": settled})
    return settled
