"""The dealer's side of a shared table: its lease, and each step of the round cycle.

One process deals a table at a time: it holds the table's *lease* (``lease_holder``
and ``lease_expires_at``), renewed while it deals and taken over by another process once
it has expired (:func:`take_lease`). Every step checks, in its own transaction, that
its process still holds the lease (:func:`_fence`): a process that lost it (paused,
cut off) changes nothing.

:func:`advance` does whatever is due next at a table, in one transaction, from what is
stored and nothing else: open a round, close its betting, deal it, announce its next
reveal step, settle it. So a process that takes a table over continues where the
last holder stopped: a round it had dealt is revealed and settled on its stored cards,
exactly once; a round it had not closed is closed and dealt by the new holder.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, delete, func, or_, select, update
from sqlalchemy.orm import Session

from puntobanco.core.bets import Bet, bet_kind, settle
from puntobanco.core.cards import parse_cards
from puntobanco.core.coup import play_coup
from puntobanco.core.fairness import FairSource, commitment, new_server_seed
from puntobanco.core.rules import PRESETS, Rules
from puntobanco.core.shoe import Shoe
from puntobanco.server.errors import ApiError
from puntobanco.server.ledger.wallet import Account, EntryKind, Movement, entry_rows
from puntobanco.server.models import as_utc, utcnow
from puntobanco.server.rounds.settlement import settlement_rows
from puntobanco.server.shared import squeeze
from puntobanco.server.shared.config import SharedTableConfig
from puntobanco.server.shared.cycle import reveal_steps
from puntobanco.server.shared.events import Event, emit, iso
from puntobanco.server.shared.models import (
    Phase,
    SharedBet,
    SharedDealer,
    SharedRound,
    SharedSeat,
    SharedShoe,
    SharedTableRow,
    TableStatus,
)
from puntobanco.server.shared.totals import BETS_TICK_S, bets_changed
from puntobanco.server.statements import ADD_TO_BALANCE, INSERT_ENTRIES

#: How long a round's result stays on the felt before the next round opens.
RESULT_PAUSE_S = 3.0


class LeaseLost(Exception):
    """This process no longer holds the table's lease: it must stop dealing it."""


@dataclass(frozen=True, slots=True)
class Step:
    """What a step did: its events (to publish after the commit) and when the next is due.

    ``wake``: the next step may come sooner, when a squeezer turns the card.
    """

    events: list[Event]
    wait_s: float
    wake: bool = False


def table_config(row: SharedTableRow) -> SharedTableConfig:
    """The settings the table was opened with."""
    return SharedTableConfig.model_validate_json(row.settings_json)


def take_lease(session: Session, table_id: str, holder: str, *, lease_s: float) -> bool:
    """Take or renew the table's lease for ``lease_s`` seconds; whether this process holds it.

    A lease is taken when it is free, already this holder's, or expired. Commit after.
    """
    now = utcnow()
    taken = session.execute(
        update(SharedTableRow)
        .where(
            SharedTableRow.id == table_id,
            SharedTableRow.status != TableStatus.CLOSED.value,
            or_(
                SharedTableRow.lease_holder.is_(None),
                SharedTableRow.lease_holder == holder,
                SharedTableRow.lease_expires_at < now,
            ),
        )
        .values(lease_holder=holder, lease_expires_at=now + timedelta(seconds=lease_s))
    )
    return bool(cast(CursorResult[Any], taken).rowcount)


def heartbeat(session: Session, holder: str, *, lease_s: float) -> int:
    """Record that this process is alive; the number of dealing processes alive now.

    A process not seen for ten leases' time is forgotten. Commit after.
    """
    now = utcnow()
    session.merge(SharedDealer(holder=holder, seen_at=now))
    session.execute(
        delete(SharedDealer).where(SharedDealer.seen_at < now - timedelta(seconds=10 * lease_s))
    )
    session.flush()
    alive = session.execute(
        select(func.count())
        .select_from(SharedDealer)
        .where(SharedDealer.seen_at >= now - timedelta(seconds=lease_s))
    ).scalar_one()
    return max(int(alive), 1)


def lease_holders(session: Session) -> dict[str, str | None]:
    """Each open table's lease holder (``None``: free or expired)."""
    now = utcnow()
    rows = session.execute(
        select(SharedTableRow.id, SharedTableRow.lease_holder, SharedTableRow.lease_expires_at)
        .where(SharedTableRow.status != TableStatus.CLOSED.value)
        .order_by(SharedTableRow.id)
    )
    return {
        table_id: holder if expires is not None and as_utc(expires) >= now else None
        for table_id, holder, expires in rows
    }


def renew_leases(
    session: Session, table_ids: list[str], holder: str, *, lease_s: float
) -> set[str]:
    """Renew this holder's unexpired leases of ``table_ids`` in one statement; those renewed."""
    if not table_ids:
        return set()
    now = utcnow()
    renewed = session.execute(
        update(SharedTableRow)
        .where(
            SharedTableRow.id.in_(table_ids),
            SharedTableRow.lease_holder == holder,
            SharedTableRow.lease_expires_at >= now,
            SharedTableRow.status != TableStatus.CLOSED.value,
        )
        .values(lease_expires_at=now + timedelta(seconds=lease_s))
        .returning(SharedTableRow.id)
    ).scalars()
    return set(renewed)


def give_up_lease(session: Session, table_id: str, holder: str) -> None:
    """Let the lease go at once (a clean stop), so another process need not wait for it."""
    session.execute(
        update(SharedTableRow)
        .where(SharedTableRow.id == table_id, SharedTableRow.lease_holder == holder)
        .values(lease_holder=None, lease_expires_at=None)
    )


def _fence(session: Session, table_id: str, holder: str) -> SharedTableRow:
    """The table's row, locked, if this process still holds its lease.

    Raises:
        LeaseLost: Another process holds it now, or it has expired.
    """
    row = session.execute(
        select(SharedTableRow).where(SharedTableRow.id == table_id).with_for_update()
    ).scalar_one()
    expires = row.lease_expires_at
    if row.lease_holder != holder or expires is None or as_utc(expires) < utcnow():
        raise LeaseLost(table_id)
    return row


def current_round(
    session: Session, table_id: str, *, lock: bool = False, share: bool = False
) -> SharedRound | None:
    """The table's latest round, locked for the transaction when ``lock``.

    ``share`` takes a shared lock: bets hold it together, and the dealer's exclusive lock
    (to close, deal or settle) waits for those in flight and keeps new ones out.
    """
    query = (
        select(SharedRound)
        .where(SharedRound.table_id == table_id)
        .order_by(SharedRound.number.desc())
        .limit(1)
    )
    if lock:
        query = query.with_for_update(read=share)
    return session.execute(query).scalar_one_or_none()


def advance(session: Session, table_id: str, holder: str) -> Step:
    """Do what is due next at the table, in the caller's transaction (commit after).

    Raises:
        LeaseLost: This process no longer holds the table's lease.
    """
    round_ = current_round(session, table_id, lock=True)
    table = _fence(session, table_id, holder)
    config = table_config(table)
    now = utcnow()
    if round_ is None or round_.phase == Phase.SETTLED.value:
        if round_ is not None and round_.settled_at is not None:
            left = RESULT_PAUSE_S - (now - as_utc(round_.settled_at)).total_seconds()
            if left > 0:
                return Step([], left)
        return _open_or_close_table(session, table, config)
    if round_.phase == Phase.BETTING.value:
        left = (as_utc(round_.closes_at) - now).total_seconds()
        changed = bets_changed(session, round_)
        items = [] if changed is None else [("bets", changed)]
        if left > 0:
            return Step(emit(session, table.id, items), min(left, BETS_TICK_S))
        return Step(emit(session, table.id, items) + _close_betting(session, table, round_), 0.0)
    if round_.phase == Phase.CLOSED.value:
        return Step(_deal(session, table, round_), config.reveal_ms / 1000)
    return _reveal_next(session, table, config, round_)


def _open_or_close_table(
    session: Session, table: SharedTableRow, config: SharedTableConfig
) -> Step:
    """After a settled round: the next one opens, or a closing table closes."""
    if table.status == TableStatus.CLOSING.value:
        table.status = TableStatus.CLOSED.value
        table.lease_holder = None
        table.lease_expires_at = None
        items: list[tuple[str, dict[str, Any]]] = []
        shoe = _open_shoe(session, table)
        if shoe is not None:
            # The shoe will never be dealt to its end: its seed is revealed now, so that
            # the rounds it did deal can be checked.
            items.append(_end_shoe(shoe, "table_closed"))
        items.append(("table_closed", {}))
        return Step(emit(session, table.id, items), 0.0)
    return Step(
        _open_round(session, table, config), min(float(config.betting_seconds), BETS_TICK_S)
    )


def _open_round(session: Session, table: SharedTableRow, config: SharedTableConfig) -> list[Event]:
    """Open the next round for bets (on a new shoe when the last one ended)."""
    items: list[tuple[str, dict[str, Any]]] = []
    shoe = _open_shoe(session, table)
    if shoe is None:
        shoe = _new_shoe(session, table, config)
        rules = PRESETS[shoe.preset]
        items.append(
            (
                "shoe_started",
                {
                    "shoe": shoe.number,
                    "preset": shoe.preset,
                    "decks": rules.decks,
                    "server_seed_hash": shoe.server_seed_hash,
                },
            )
        )
    table.rounds += 1
    now = utcnow()
    round_ = SharedRound(
        table_id=table.id,
        shoe_id=shoe.id,
        number=table.rounds,
        round_in_shoe=shoe.rounds + 1,
        phase=Phase.BETTING.value,
        opened_at=now,
        closes_at=now + timedelta(seconds=config.betting_seconds),
        revealed=0,
    )
    session.add(round_)
    session.flush()
    items.append(
        (
            "round_opened",
            {
                "round": round_.number,
                "round_id": round_.id,
                "shoe": shoe.number,
                "round_in_shoe": round_.round_in_shoe,
                "closes_at": iso(round_.closes_at),
                "betting_ms": config.betting_seconds * 1000,
            },
        )
    )
    return emit(session, table.id, items)


def _open_shoe(session: Session, table: SharedTableRow) -> SharedShoe | None:
    """The table's shoe in play, if one has not ended."""
    return session.execute(
        select(SharedShoe)
        .where(SharedShoe.table_id == table.id, SharedShoe.ended_at.is_(None))
        .order_by(SharedShoe.number.desc())
        .limit(1)
    ).scalar_one_or_none()


#: Set by the application from ``Settings.test_server_seed`` (tests and demos only).
TEST_SERVER_SEED: dict[str, bytes | None] = {"seed": None}


def _new_shoe(session: Session, table: SharedTableRow, config: SharedTableConfig) -> SharedShoe:
    """A new shoe under a new server seed, committed (its hash published) before any bet."""
    seed = TEST_SERVER_SEED["seed"] or new_server_seed()
    table.shoes += 1
    shoe = SharedShoe(
        table_id=table.id,
        number=table.shoes,
        preset=config.preset,
        server_seed=seed.hex(),
        server_seed_hash=commitment(seed),
        nonce=1,
        position=0,
        rounds=0,
    )
    session.add(shoe)
    session.flush()
    return shoe


def shoe_client_seed(seeds: list[str], table_id: str, shoe_number: int) -> str:
    """The shoe's client seed, from the seats' own seeds (input the house does not control).

    >>> shoe_client_seed(["b", "a"], "salon", 1) == shoe_client_seed(["a", "b"], "salon", 1)
    True
    >>> len(shoe_client_seed([], "salon", 1))
    32
    """
    text = "\n".join(sorted(seeds)) + "\n" + f"{table_id}:{shoe_number}"
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _close_betting(session: Session, table: SharedTableRow, round_: SharedRound) -> list[Event]:
    """No more bets; at a shoe's first close its client seed is fixed and published."""
    round_.phase = Phase.CLOSED.value
    items: list[tuple[str, dict[str, Any]]] = [("betting_closed", {"round": round_.number})]
    shoe = session.get(SharedShoe, round_.shoe_id)
    assert shoe is not None
    if shoe.client_seed is None:
        seeds = _contributing_seeds(session, round_)
        shoe.client_seed = shoe_client_seed(list(seeds.values()), table.id, shoe.number)
        # Each seat's seed is published beside the result, so that every player can check
        # that theirs went in and compute the client seed again.
        contributions = [
            {"seat": seat, "client_seed": seed} for seat, seed in sorted(seeds.items())
        ]
        shoe.seeds_json = json.dumps(contributions, ensure_ascii=False)
        fixed = {"shoe": shoe.number, "client_seed": shoe.client_seed, "seeds": contributions}
        items.append(("client_seed_fixed", fixed))
    return emit(session, table.id, items)


def _contributing_seeds(session: Session, round_: SharedRound) -> dict[str, str]:
    """The seeds of the seats that bet in the round (or of every seat when none did), by name."""
    bettors = select(SharedBet.user_id).where(SharedBet.round_id == round_.id)
    here = (SharedSeat.table_id == round_.table_id,)
    rows = session.execute(
        select(SharedSeat.seat_name, SharedSeat.client_seed).where(
            *here, SharedSeat.user_id.in_(bettors)
        )
    )
    seeds = dict(rows.all())
    if seeds:
        return seeds
    rows = session.execute(
        select(SharedSeat.seat_name, SharedSeat.client_seed).where(
            *here, SharedSeat.left_at.is_(None)
        )
    )
    return dict(rows.all())


def _deal(session: Session, table: SharedTableRow, round_: SharedRound) -> list[Event]:
    """Deal the round from its shoe and store its cards; they are revealed step by step."""
    shoe_row = session.get(SharedShoe, round_.shoe_id)
    assert shoe_row is not None and shoe_row.client_seed is not None
    rules = PRESETS[shoe_row.preset]
    source = FairSource(
        bytes.fromhex(shoe_row.server_seed), shoe_row.client_seed, first_nonce=shoe_row.nonce
    )
    shoe = Shoe(rules, source)
    if shoe_row.rounds:
        shoe.resume(position=shoe_row.position, rounds=shoe_row.rounds)
    result = shoe.deal_coup()
    round_.first_card = shoe.position - len(result.cards)
    round_.cards = " ".join(card.code for card in result.cards)
    round_.burn_shown = None if result.burn is None else result.burn.shown.code
    round_.burn_face_down = None if result.burn is None else len(result.burn.face_down)
    round_.outcome = result.outcome.value
    round_.last_in_shoe = result.last_in_shoe
    round_.phase = Phase.DEALING.value
    round_.dealt_at = utcnow()
    if table_config(table).squeeze:
        round_.squeeze_json = json.dumps(squeeze.choose_squeezers(session, round_), sort_keys=True)
    round_.revealed = 0
    shoe_row.position = shoe.position
    shoe_row.rounds = shoe.rounds_in_shoe
    # No event carries the cards: each is announced by its own reveal step.
    return emit(session, table.id, [("dealing", {"round": round_.number})])


def round_steps(round_: SharedRound, preset: str) -> list[Any]:
    """The reveal steps of a dealt round."""
    assert round_.cards is not None
    return reveal_steps(
        round_.cards,
        burn_shown=round_.burn_shown,
        burn_face_down=round_.burn_face_down,
        rules=PRESETS[preset],
    )


def _reveal_next(
    session: Session, table: SharedTableRow, config: SharedTableConfig, round_: SharedRound
) -> Step:
    """Announce the round's next reveal step (or offer it to its squeezer); settle after."""
    shoe = session.get(SharedShoe, round_.shoe_id)
    assert shoe is not None
    step = round_steps(round_, shoe.preset)[round_.revealed]
    number = round_.revealed + 1
    who = squeeze.squeezer(round_, step.hand) if step.kind == "card" else None
    if who is not None:
        until = squeeze.deadline(round_, number)
        now = utcnow()
        if until is None:
            until = squeeze.offer(round_, number, now, config.squeeze_seconds)
            offered = {"round": round_.number, "step": number, "hand": step.hand}
            offered |= {"slot": step.slot, "seat": who["seat"], "until": iso(until)}
            items = [("squeeze", offered)]
            return Step(emit(session, table.id, items), config.squeeze_seconds, wake=True)
        if until > now:
            return Step([], (until - now).total_seconds(), wake=True)
    return _reveal(session, table, config, round_, shoe, by="dealer" if who else None)


def _reveal(
    session: Session,
    table: SharedTableRow,
    config: SharedTableConfig,
    round_: SharedRound,
    shoe: SharedShoe,
    *,
    by: str | None,
) -> Step:
    """Announce the next step (``by`` the seat that turned it, or the dealer at a squeeze).

    The last card comes with the result and the settlement, in one transaction: the
    result is known the moment the last card is seen, and every bet is paid then.
    """
    steps = round_steps(round_, shoe.preset)
    step = steps[round_.revealed]
    round_.revealed += 1
    data = {"round": round_.number, "step": round_.revealed, **step.data}
    if by is not None:
        data["by"] = by
    items: list[tuple[str, dict[str, Any]]] = [(step.kind, data)]
    if steps[round_.revealed].kind != "result":
        return Step(emit(session, table.id, items), config.reveal_ms / 1000)
    result = steps[round_.revealed]
    round_.revealed += 1
    items.append((result.kind, {"round": round_.number, "step": round_.revealed, **result.data}))
    items += _settle(session, table, round_, shoe)
    return Step(emit(session, table.id, items), RESULT_PAUSE_S)


def turn_card(session: Session, table_id: str, user_id: int, step: int) -> list[Event]:
    """The squeezer turns the card offered to them: it is revealed to everyone now.

    Raises:
        ApiError: 409 ``squeeze_not_yours`` (no card of this round is waiting for this
            player at this step: another's, already turned, or past its deadline).
    """
    round_ = current_round(session, table_id, lock=True)
    refused = ApiError(409, "squeeze_not_yours", step=step)
    if round_ is None or round_.phase != Phase.DEALING.value or round_.revealed + 1 != step:
        raise refused
    until = squeeze.deadline(round_, step)
    shoe = session.get(SharedShoe, round_.shoe_id)
    assert shoe is not None
    hand = round_steps(round_, shoe.preset)[round_.revealed].hand
    who = squeeze.squeezer(round_, hand)
    if until is None or until <= utcnow() or who is None or who["user_id"] != user_id:
        raise refused
    table = session.execute(
        select(SharedTableRow).where(SharedTableRow.id == table_id).with_for_update()
    ).scalar_one()
    return _reveal(session, table, table_config(table), round_, shoe, by=str(who["seat"])).events


def _settle(
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
        _settle_player(session, round_, user_id, rows, result, rules)
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
        items.append(_end_shoe(shoe, "cut_card"))
    return items


def _end_shoe(shoe: SharedShoe, by: str) -> tuple[str, dict[str, Any]]:
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


def _settle_player(
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


def close_table(session: Session, table_id: str) -> list[Event]:
    """The operator closes the table: it ends at the end of its round."""
    row = session.execute(
        select(SharedTableRow).where(SharedTableRow.id == table_id).with_for_update()
    ).scalar_one()
    if row.status != TableStatus.OPEN.value:
        return []
    row.status = TableStatus.CLOSING.value
    return emit(session, table_id, [("table_closing", {})])
