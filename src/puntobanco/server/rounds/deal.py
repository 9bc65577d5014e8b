"""The deal, in memory: the table built from what is stored takes the bets and deals.

Every storage path deals the same way: it locks and reads the player's table, seed and
balance (a row of :data:`~puntobanco.server.statements.LOCK_PLAYER_FOR_TOKEN`, or of its
session path's statements), then :func:`deal_round` takes the bets and deals from them,
and the path writes :class:`Deal`'s values. What the writes need from a deal
(:func:`shoe_values`, :func:`deal_params`) and what the step answers (:func:`dealt`,
:func:`replayed`) are here too, so that the paths differ only in how they talk to the
database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError

from puntobanco.core.bets import Bet, bet_kind
from puntobanco.core.coup import CoupResult
from puntobanco.core.errors import InvalidBet
from puntobanco.core.fairness import FairSource
from puntobanco.core.rules import Rules, ShoeMode
from puntobanco.core.shoe import Shoe
from puntobanco.core.table import Table
from puntobanco.server.errors import ApiError
from puntobanco.server.models import RoundStatus, utcnow
from puntobanco.server.rounds.records import DealtRound, SeedState, Started, TableState
from puntobanco.server.settings import Settings
from puntobanco.server.table_settings import limits_for, rules_for


class KeyRaced(Exception):
    """The deal's insert met a round with the same key, committed meanwhile."""


@dataclass(slots=True)
class Deal:
    """A round dealt in memory from a state: what to write, and the table that settles it."""

    values: dict[str, Any]
    bets: list[Bet]
    table: Table
    result: CoupResult
    state: TableState
    seed: SeedState
    read_nonce: int


def deal_round(
    settings: Settings,
    state: TableState,
    seed: SeedState,
    balance: int,
    stakes: Mapping[str, int],
    *,
    user_id: int,
    key: str,
    fingerprint: str,
) -> Deal:
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
    values = _round_values(
        state,
        seed,
        result,
        user_id=user_id,
        key=key,
        fingerprint=fingerprint,
        client_seed=client_seed,
        nonce=nonce,
        first_card=first_card,
        staked_minor=bets.staked_minor,
    )
    return Deal(values, list(bets.bets), table, result, state, seed, read_nonce)


def _round_values(
    state: TableState,
    seed: SeedState,
    result: CoupResult,
    *,
    user_id: int,
    key: str,
    fingerprint: str,
    client_seed: str,
    nonce: int,
    first_card: int,
    staked_minor: int,
) -> dict[str, Any]:
    """The columns of the dealt round, as :class:`DealtRound` names them."""
    burn = result.burn
    return dict(
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
        staked_minor=staked_minor,
    )


def _stored_shoe(table: TableState, seed: SeedState, rules: Rules) -> tuple[Shoe, bool]:
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
    table: TableState, seed: SeedState, shoe: Shoe, result: CoupResult, *, new: bool
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


def states(row: Any) -> tuple[TableState, SeedState]:
    """The table and seed as a locking statement read them."""
    state = TableState(
        row.preset,
        row.shoes_started,
        bool(row.shoe_open),
        row.shoe_seed_id,
        row.shoe_client_seed,
        row.shoe_nonce,
        row.shoe_position,
        row.shoe_rounds,
    )
    seed = SeedState(
        row.seed_id, row.server_seed, row.server_seed_hash, row.client_seed, row.next_nonce
    )
    return state, seed


def shoe_values(table: TableState) -> dict[str, Any]:
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


def deal_params(deal: Deal) -> dict[str, Any]:
    """The parameters of the deal's writes (:data:`DEAL_AND_DEBIT`)."""
    return {
        **deal.values,
        **shoe_values(deal.state),
        "status": str(deal.values["status"]),
        "next_nonce": deal.seed.next_nonce,
        "bet_names": [bet.kind.value for bet in deal.bets],
        "bet_stakes": [bet.stake_minor for bet in deal.bets],
    }


def dealt(deal: Deal, user_id: int, token_hash: str | None) -> Started:
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


def replayed(row: Any, fingerprint: str, key: str, user_id: int) -> Started:
    """The round a known key made, as the locking statement read it (its bets unchanged).

    Raises:
        ApiError: 409 ``idempotency_conflict``: the key's round had other bets.
    """
    if row.request_hash != fingerprint:
        raise ApiError(409, "idempotency_conflict", key=key[:40])
    return Started(int(row.round_id), True, RoundStatus(row.status), user_id)


def raise_if_key_raced(exc: IntegrityError, key: str) -> None:
    """:class:`KeyRaced` if ``exc`` is the round key's unique constraint."""
    diag = getattr(exc.orig, "diag", None)
    if "uq_rounds_user_key" in (getattr(diag, "constraint_name", None) or str(exc)):
        raise KeyRaced(key) from exc
