"""Baccarat Banque as JSON: the table (the bank, the limits, the choice awaited) and rounds.

While a round waits for the player's choice only the cards of the tableaux he holds are
shown (the Banker's and the other tableau's are face down until the round is played out).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.core.banque.coup import BANKER, LEFT, NATURAL, RIGHT
from puntobanco.core.cards import Card, parse_cards
from puntobanco.core.tableau import PLAYER_STOOD
from puntobanco.server.games.banque.advice import judged, pending_advice
from puntobanco.server.games.banque.game import (
    SPOTS,
    Loaded,
    fresh_bank,
    hands_so_far,
    next_bank,
)
from puntobanco.server.games.common import fairness_json, seconds_left, when_json
from puntobanco.server.games.service import CHOICES
from puntobanco.server.models import BanqueBetRow, BanqueDecision, BanqueRound, Seed
from puntobanco.server.render import card_json

VARIANT = "banque"


def _column(value: int | None) -> int | str | None:
    if value == PLAYER_STOOD:
        return "stood"
    return "natural" if value == NATURAL else value


def _total(cards: Sequence[Card]) -> int:
    return sum(c.points for c in cards) % 10


def _hand(cards: Sequence[Card]) -> dict[str, Any]:
    return {"cards": [card_json(c) for c in cards], "total": _total(cards) if cards else None}


def _shown(stored: BanqueRound) -> dict[str, list[Card]]:
    """A pending round's cards the player may see: those of the tableaux he holds."""
    cards = parse_cards(stored.cards) if stored.cards else []
    held = [h for h in stored.held.split(",") if h]
    if len(cards) < 6 or stored.pending_hand is None:
        return {RIGHT: [], LEFT: [], BANKER: []}
    hands = hands_so_far(cards, stored.pending_hand)
    return {h: (hands[h] if h in held else []) for h in (RIGHT, LEFT, BANKER)}


def _stakes(session: Session, round_id: int) -> list[dict[str, Any]]:
    """The stakes of a round still to be played out, in the spots' order.

    The page shows them on the spots while the choice waits: the balance is already debited.
    """
    order = {s: i for i, s in enumerate(SPOTS)}
    rows = session.execute(
        select(BanqueBetRow.spot, BanqueBetRow.stake_minor).where(BanqueBetRow.round_id == round_id)
    ).all()
    return [
        {"spot": spot, "stake_minor": stake}
        for spot, stake in sorted(rows, key=lambda r: order.get(r[0], 9))
    ]


def state_json(session: Session, loaded: Loaded, now: datetime, lang: str = "en") -> dict[str, Any]:
    """The table as the player sees it now (a choice awaited with its advice, in ``lang``)."""
    row, pending = loaded.row, loaded.pending
    decision = None
    if pending is not None:
        deadline = pending.decision_deadline
        shown = _shown(pending)
        decision = {
            "round_id": pending.id,
            "hand": pending.pending_hand,
            "total": pending.pending_total,
            "held": [h for h in pending.held.split(",") if h],
            "stakes": _stakes(session, pending.id),
            "hands": {h: _hand(cards) for h, cards in shown.items()},
            "allowed": list(CHOICES),
            "deadline": when_json(deadline),
            "seconds_left": seconds_left(deadline, now),
            "advice": pending_advice(pending.commission_rate, pending.pending_hand, lang),
        }
    bank = row.bank_minor if pending is not None else next_bank(session, row)
    return {
        "variant": VARIANT,
        "balance_minor": loaded.wallet,
        "bank": {
            "holder": "house",
            "amount_minor": bank,
            "opens_with_minor": fresh_bank(row),
            "at_stake_minor": (pending.bank_before_minor - row.bank_minor) if pending else 0,
        },
        "turn": "decision" if pending is not None else "bet",
        "allowed": list(CHOICES) if pending is not None else ["bet"],
        "spots": list(SPOTS),
        "minimum_minor": row.minimum_minor,
        "maximum_minor": row.maximum_minor,
        "commission": row.commission,
        "decision_seconds": row.decision_seconds,
        "banker_rule": "rule-card",
        "decks": row.decks,
        "pending": decision,
    }


def rounds_json(
    session: Session, rows: Sequence[BanqueRound], lang: str = "en"
) -> list[dict[str, Any]]:
    """Rounds with their bets and decisions, the player's judged (three queries in all)."""
    ids = [r.id for r in rows]
    bets: dict[int, list[BanqueBetRow]] = {i: [] for i in ids}
    decisions: dict[int, list[BanqueDecision]] = {i: [] for i in ids}
    if ids:
        for b in session.execute(
            select(BanqueBetRow).where(BanqueBetRow.round_id.in_(ids))
        ).scalars():
            bets[b.round_id].append(b)
        for d in session.execute(
            select(BanqueDecision)
            .where(BanqueDecision.round_id.in_(ids))
            .order_by(BanqueDecision.position)
        ).scalars():
            decisions[d.round_id].append(d)
    hashes: dict[int, str] = {
        int(seed_id): str(digest)
        for seed_id, digest in session.execute(
            select(Seed.id, Seed.server_seed_hash).where(Seed.id.in_({r.seed_id for r in rows}))
        )
    }
    return [_round(r, bets[r.id], decisions[r.id], hashes.get(r.seed_id, ""), lang) for r in rows]


def _round(
    row: BanqueRound,
    bets: list[BanqueBetRow],
    decisions: list[BanqueDecision],
    seed_hash: str,
    lang: str = "en",
) -> dict[str, Any]:
    settled = row.status == "settled"
    hands: dict[str, Sequence[Card]]
    if settled:
        hands = {
            RIGHT: parse_cards(row.right_cards or ""),
            LEFT: parse_cards(row.left_cards or ""),
            BANKER: parse_cards(row.banker_cards or ""),
        }
        cards = parse_cards(row.cards) if row.cards else []
    else:
        hands, cards = dict(_shown(row)), []
    order = {s: i for i, s in enumerate(SPOTS)}
    return {
        "id": row.id,
        "variant": VARIANT,
        "status": row.status,
        "created_at": when_json(row.created_at),
        "settled_at": when_json(row.settled_at),
        "banker_rule": row.banker_rule,
        "held": [h for h in row.held.split(",") if h],
        "cards": [card_json(c) for c in cards],
        "right": {**_hand(hands[RIGHT]), "outcome": row.right_outcome},
        "left": {**_hand(hands[LEFT]), "outcome": row.left_outcome},
        "banker": _hand(hands[BANKER]),
        "bets": [
            {
                "spot": b.spot,
                "stake_minor": b.stake_minor,
                "outcome": b.outcome,
                "net_minor": b.net_minor,
                "payout_minor": b.payout_minor,
            }
            for b in sorted(bets, key=lambda b: order.get(b.spot, 9))
        ],
        "bank": {
            "before_minor": row.bank_before_minor,
            "after_minor": row.bank_after_minor,
            "net_minor": row.banker_net_minor,
        },
        "commission_rate": row.commission_rate,
        "commission_minor": row.commission_minor,
        "rounded_away": row.rounded_away,
        "timed_out": any(d.by_timeout for d in decisions),
        "decisions": [
            {
                "position": d.position,
                "hand": d.hand,
                "total": d.total,
                "left_column": _column(d.left_column),
                "right_column": _column(d.right_column),
                "choice": "draw" if d.draws else "stand",
                "computer": d.computer,
                "by_timeout": d.by_timeout,
                "judged": judged(
                    row.commission_rate, d.hand, d.draws, d.computer, d.by_timeout, lang
                ),
            }
            for d in decisions
        ],
        "fairness": fairness_json(row, seed_hash),
    }
