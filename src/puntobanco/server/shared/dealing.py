"""The dealer's side of a shared table: each step of the round cycle.

Only the process that holds the table's lease steps it (``lease.py``): every step
checks the lease in its own transaction first (:func:`~puntobanco.server.shared.lease.fence`).

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
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.core.fairness import FairSource, commitment, new_server_seed
from puntobanco.core.rules import PRESETS
from puntobanco.core.shoe import Shoe
from puntobanco.server.errors import ApiError
from puntobanco.server.models import as_utc, utcnow
from puntobanco.server.shared import squeeze
from puntobanco.server.shared.config import SharedTableConfig
from puntobanco.server.shared.cycle import reveal_steps
from puntobanco.server.shared.events import Event, emit, iso
from puntobanco.server.shared.lease import fence
from puntobanco.server.shared.models import (
    Phase,
    SharedBet,
    SharedRound,
    SharedSeat,
    SharedShoe,
    SharedTableRow,
    TableStatus,
)
from puntobanco.server.shared.settlement import end_shoe, settle_round
from puntobanco.server.shared.totals import BETS_TICK_S, bets_changed

#: How long a round's result stays on the felt before the next round opens.
RESULT_PAUSE_S = 3.0


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
        # Read again under the lock, even when the session has read the round before.
        query = query.with_for_update(read=share).execution_options(populate_existing=True)
    return session.execute(query).scalar_one_or_none()


def advance(session: Session, table_id: str, holder: str) -> Step:
    """Do what is due next at the table, in the caller's transaction (commit after).

    Raises:
        LeaseLost: This process no longer holds the table's lease.
    """
    # While the countdown runs, the round is read without a lock: a lock would wait for
    # every bet in flight and hold the next ones behind it, so a table busy with bets
    # would hear of them only at the close. The close itself takes the lock below.
    round_ = current_round(session, table_id)
    if round_ is not None and round_.phase == Phase.BETTING.value:
        left = (as_utc(round_.closes_at) - utcnow()).total_seconds()
        if left > 0:
            table = fence(session, table_id, holder)
            return Step(_announce_bets(session, table, round_), min(left, BETS_TICK_S))
    round_ = current_round(session, table_id, lock=True)
    table = fence(session, table_id, holder)
    config = table_config(table)
    now = utcnow()
    if round_ is None or round_.phase == Phase.SETTLED.value:
        if round_ is not None and round_.settled_at is not None:
            left = RESULT_PAUSE_S - (now - as_utc(round_.settled_at)).total_seconds()
            if left > 0:
                return Step([], left)
        return _open_or_close_table(session, table, config)
    if round_.phase == Phase.BETTING.value:  # its countdown is over (the first look said)
        events = _announce_bets(session, table, round_)
        return Step(events + _close_betting(session, table, round_), 0.0)
    if round_.phase == Phase.CLOSED.value:
        return Step(_deal(session, table, round_), config.reveal_ms / 1000)
    return _reveal_next(session, table, config, round_)


def _announce_bets(session: Session, table: SharedTableRow, round_: SharedRound) -> list[Event]:
    """The ``bets`` event, when bets changed since the last one."""
    changed = bets_changed(session, round_)
    return [] if changed is None else emit(session, table.id, [("bets", changed)])


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
            items.append(end_shoe(shoe, "table_closed"))
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
    items += settle_round(session, table, round_, shoe)
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


def close_table(session: Session, table_id: str) -> list[Event]:
    """The operator closes the table: it ends at the end of its round."""
    row = session.execute(
        select(SharedTableRow).where(SharedTableRow.id == table_id).with_for_update()
    ).scalar_one()
    if row.status != TableStatus.OPEN.value:
        return []
    row.status = TableStatus.CLOSING.value
    return emit(session, table_id, [("table_closing", {})])
