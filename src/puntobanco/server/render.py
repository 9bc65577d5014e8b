"""Rounds and shoes as the API writes them (``schemas.py``), texts in the request language."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import UTC, datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.core.cards import Card, Rank, parse_cards
from puntobanco.core.coup import CoupResult, Event, play_coup
from puntobanco.core.explain import describe
from puntobanco.core.roads import RoundMark, roads_json
from puntobanco.core.rules import BetKind, Rules, ShoeMode
from puntobanco.server.models import PlayerTable, Round, RoundBet, RoundStatus, Seed
from puntobanco.server.table_settings import rules_for

if TYPE_CHECKING:
    from puntobanco.server.rounds.records import DealtRound

log = logging.getLogger("puntobanco.server")

#: Rounds on the scoreboards of a reshuffle-every-round table (12 columns of 6).
RESHUFFLE_SCOREBOARD = 72


def _utc(moment: datetime) -> datetime:
    """SQLite hands datetimes back without their zone; they were written in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def card_json(card: Card) -> dict[str, Any]:
    """``{"code", "rank", "suit", "points", "text"}``."""
    return {
        "code": card.code,
        "rank": card.rank.symbol,
        "suit": card.suit.value,
        "points": card.points,
        "text": str(card),
    }


#: A coup's steps are few (a card, a total, a reason): their sentences are written once.
_describe = lru_cache(maxsize=8192)(describe)


def event_json(event: Event, lang: str) -> dict[str, Any]:
    """One step of a coup with its sentence."""
    return {
        "kind": event.kind.value,
        "side": None if event.side is None else event.side.value,
        "card": None if event.card is None else card_json(event.card),
        "total": event.total,
        "reason": None if event.reason is None else event.reason.value,
        "text": _describe(event, lang),
    }


def round_json(
    row: Round | DealtRound,
    bets: Sequence[RoundBet],
    seed_hash: str,
    lang: str,
    result: CoupResult | None = None,
) -> dict[str, Any]:
    """A round as the API writes it.

    Its events are those of ``result`` (the coup just dealt) or else replayed from its cards.
    """
    if result is None:
        result = play_coup(parse_cards(row.cards))
    rules = rules_for(row.preset) if row.preset else None
    settlement = [
        {
            "bet": b.bet,
            "stake_minor": b.stake_minor,
            "resolution": b.resolution,
            "winnings_minor": b.winnings_minor,
            "payout_minor": b.payout_minor,
            "net_minor": int(b.payout_minor or 0) - b.stake_minor,
            "commission": b.commission,
            "rounded_away": b.rounded_away,
        }
        for b in bets
        if b.resolution is not None
    ]
    payout = row.payout_minor or 0
    settled = row.status == RoundStatus.SETTLED
    burn = None
    if row.burn_shown is not None:
        burn = {"shown": card_json(Card.from_str(row.burn_shown)), "face_down": row.burn_face_down}
    return {
        "id": row.id,
        "created_at": _utc(row.created_at).isoformat(),
        "status": row.status,
        "preset": row.preset,
        "bets": [{"bet": b.bet, "stake_minor": b.stake_minor} for b in bets],
        "cards": [card_json(c) for c in result.cards],
        "player_cards": [card_json(c) for c in result.player_cards],
        "banker_cards": [card_json(c) for c in result.banker_cards],
        "player_total": result.player_total,
        "banker_total": result.banker_total,
        "outcome": result.outcome.value,
        "natural": result.natural,
        "player_pair": result.player_pair,
        "banker_pair": result.banker_pair,
        "events": [event_json(e, lang) for e in result.events],
        "settlement": settlement,
        "net_minor": payout - row.staked_minor if settled else -row.staked_minor,
        "balance_minor": row.balance_minor if row.balance_minor is not None else 0,
        "shoe": {
            "index": row.shoe_index,
            "round_in_shoe": row.round_in_shoe,
            "last_in_shoe": row.last_in_shoe,
            "burn": burn,
            "first_card": row.first_card,
            "decks": rules.decks if rules is not None else 0,
        },
        "fairness": {
            "server_seed_hash": seed_hash,
            "client_seed": row.client_seed,
            "nonce": row.nonce,
        },
    }


def load_rounds(session: Session, rows: Sequence[Round], lang: str) -> list[dict[str, Any]]:
    """Render rounds with their bets and seed hashes (two queries, whatever the count)."""
    if not rows:
        return []
    ids = [row.id for row in rows]
    bets: dict[int, list[RoundBet]] = {i: [] for i in ids}
    for bet in session.execute(
        select(RoundBet).where(RoundBet.round_id.in_(ids)).order_by(RoundBet.round_id)
    ).scalars():
        bets[bet.round_id].append(bet)
    seed_ids = {row.seed_id for row in rows}
    hashes = {
        int(seed_id): str(seed_hash)
        for seed_id, seed_hash in session.execute(
            select(Seed.id, Seed.server_seed_hash).where(Seed.id.in_(seed_ids))
        )
    }
    # The bets in layout order, as the round's answer lists them (the table takes them in
    # BetKind's order: main bets, pairs, then the side bets), not in the key's order.
    order = {kind.value: i for i, kind in enumerate(BetKind)}
    return [
        round_json(
            row,
            sorted(bets[row.id], key=lambda b: order.get(b.bet, len(order))),
            hashes[row.seed_id],
            lang,
        )
        for row in rows
    ]


#: Rounds whose scoreboard marks a worker keeps: the page reads its whole shoe after every
#: round, and a round's mark, replayed from its cards, would be worked out again each time.
MARKS_CACHED = 16_384


@lru_cache(maxsize=MARKS_CACHED)
def _mark(cards: str) -> RoundMark:
    """A round's scoreboard mark, from its cards (the scoreboards read no other rule)."""
    return RoundMark.of(play_coup(parse_cards(cards)))


#: What the shoe's scoreboards read of each round (no ORM object: a shoe has up to 80 rounds).
_SHOE_COLUMNS = (Round.cards, Round.burn_shown, Round.first_card, Round.last_in_shoe, Round.preset)


def _shoe_rows(session: Session, table: PlayerTable, index: int) -> list[Any]:
    """The rounds of the table's shoe ``index`` (cut-card mode), in the order dealt."""
    if index < 0:
        return []
    return list(
        session.execute(
            select(*_SHOE_COLUMNS)
            .where(Round.user_id == table.user_id, Round.shoe_index == index)
            .order_by(Round.id)
        )
    )


def _finished(rows: Sequence[Any], table: PlayerTable) -> bool:
    """Whether ``rows`` are a shoe that ended at its cut card and was not set aside since.

    A table switch or a new seed clears ``shoe_nonce`` (see ``tables.close_shoe``).
    """
    return (
        not table.shoe_open
        and table.shoe_nonce is not None
        and bool(rows)
        and rows[-1].last_in_shoe
        and rows[-1].preset == table.preset
    )


def shoe_json(session: Session, table: PlayerTable) -> dict[str, Any]:
    """One shoe of the table, every field about that same shoe (ShoeOut).

    Cut-card tables: the shoe in progress; or the shoe that ended at its cut card
    (``finished``, with its rounds and the cards it left behind the cut card, and
    ``next``: the fresh shoe the next round is dealt from); or, before its first round
    (a new player, a table switch, a new seed), the next shoe with no rounds.
    Reshuffle-every-round tables: every round is a fresh full shoe; the scoreboard holds
    the last rounds dealt since the table's rules or seed were last set.
    """
    rules = rules_for(table.preset)
    cut_card = rules.shoe_mode is ShoeMode.CUT_CARD
    finished = cut_card_out = False
    following: dict[str, Any] | None = None
    edges: dict[str, Any] | None = None
    rows: list[Any]
    if cut_card:
        index = table.shoes_started - 1
        rows = _shoe_rows(session, table, index) if index >= 0 else []
        if table.shoe_open:
            remaining = rules.cards - table.shoe_position
            cut_card_out = table.shoe_position > rules.cards - rules.cut_card
            seen: list[str] = []
            for row in rows:
                if row.burn_shown:
                    seen.append(row.burn_shown)
                seen.extend(row.cards.split())
            edges = edges_json(table.preset, tuple(sorted(seen)))
        elif _finished(rows, table):
            finished = cut_card_out = True
            last = rows[-1]
            remaining = rules.cards - (last.first_card + len(last.cards.split()))
            following = {
                "id": index + 1,
                "cards_remaining": rules.cards,
                "edges": edges_json(table.preset, ()),
            }
        else:  # the next shoe, not dealt from yet: shuffled (and burned) at its first round
            index, rows, remaining = table.shoes_started, [], rules.cards
            edges = edges_json(table.preset, ())
    else:
        index = max(table.shoes_started - 1, 0)
        shown = min(table.shoe_rounds, RESHUFFLE_SCOREBOARD)
        rows = (
            list(
                session.execute(
                    select(*_SHOE_COLUMNS)
                    .where(Round.user_id == table.user_id, Round.preset == table.preset)
                    .order_by(Round.id.desc())
                    .limit(shown)
                )
            )[::-1]
            if shown
            else []
        )
        remaining = rules.cards
    marks = [_mark(row.cards) for row in rows]
    return {
        "id": index,
        "index": index,
        "preset": table.preset,
        "shoe_mode": rules.shoe_mode.value,
        "finished": finished,
        "cut_card_out": cut_card_out,
        "rounds": [
            {
                "outcome": m.outcome.value,
                "player_pair": m.player_pair,
                "banker_pair": m.banker_pair,
                "natural": m.natural,
                "winning_total": m.winning_total,
            }
            for m in marks
        ],
        "stats": {
            "banker": sum(m.outcome.value == "banker" for m in marks),
            "player": sum(m.outcome.value == "player" for m in marks),
            "tie": sum(m.outcome.value == "tie" for m in marks),
            "naturals": sum(m.natural for m in marks),
            "player_pairs": sum(m.player_pair for m in marks),
            "banker_pairs": sum(m.banker_pair for m in marks),
        },
        "roads": roads_json(marks),
        "cards_remaining": remaining,
        "edges": edges,
        "next": following,
    }


#: Shoe states whose edges a worker keeps: a few per player in play (the state before and
#: after each round), so that every poll of the page but the first after a round is a lookup.
EDGES_CACHED = 4096


@lru_cache(maxsize=EDGES_CACHED)
def edges_json(preset: str, seen: tuple[str, ...]) -> dict[str, Any] | None:
    """Each offered bet's exact house edge for the shoe less the cards seen.

    Cached per shoe state: the key is the preset and the sorted codes of the cards seen,
    that is the composition left (suits included: some side bets read them), whatever the
    order they came in. The exact analysis of a state costs a millisecond or two; the page
    polls its shoe after every round, and every poll of the same state is a lookup.
    Burned face-down cards were never seen, so they stay in the composition.
    ``None`` if the analysis fails (the panel is informative: the request goes on).
    """
    from puntobanco.analysis import ShoeCounts, analyze  # imports numba: on first use

    rules: Rules = rules_for(preset)
    full = {rank: 4 * rules.decks for rank in Rank}
    try:
        shoe = ShoeCounts.from_ranks(full).remove(parse_cards(" ".join(seen)))
        result = analyze(rules, shoe)
    except Exception:  # the edge panel is informative: never fail a request over it
        log.exception("exact edges failed")
        return None
    return {
        kind.value: {
            "house_edge": float(result.bets[kind].house_edge),
            "exact": str(result.bets[kind].house_edge),
        }
        for kind in rules.offered_bets
        if kind in result.bets
    }
