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

from puntobanco.core.banque.coup import BANKER, LEFT, RIGHT
from puntobanco.core.cards import Card, parse_cards
from puntobanco.server.games.banque.advice import judged, pending_advice
from puntobanco.server.games.banque.game import (
    SPOTS,
    Loaded,
    fresh_bank,
    hands_so_far,
    next_bank,
    round_rules,
    table_rules,
)
from puntobanco.server.games.render import (
    by_round,
    cards_json,
    column,
    decision_json,
    pending_json,
    round_json,
    rules_json,
    seeds_of,
    table_json,
    total,
)
from puntobanco.server.games.service import CHOICES
from puntobanco.server.models import BanqueBetRow, BanqueDecision, BanqueRound

VARIANT = "banque"


def _hand(cards: Sequence[Card]) -> dict[str, Any]:
    return {"cards": cards_json(cards), "total": total(cards) if cards else None}


def _held(stored: BanqueRound) -> list[str]:
    return [h for h in stored.held.split(",") if h]


def _shown(stored: BanqueRound) -> dict[str, list[Card]]:
    """A pending round's cards the player may see: those of the tableaux he holds."""
    cards = parse_cards(stored.cards) if stored.cards else []
    if len(cards) < 6 or stored.pending_hand is None:
        return {RIGHT: [], LEFT: [], BANKER: []}
    hands = hands_so_far(cards, stored.pending_hand)
    held = _held(stored)
    return {h: (hands[h] if h in held else []) for h in (RIGHT, LEFT, BANKER)}


def _in_spot_order(rows: Sequence[Any], spot: Any) -> list[Any]:
    order = {s: i for i, s in enumerate(SPOTS)}
    return sorted(rows, key=lambda r: order.get(spot(r), 9))


def _stakes(session: Session, round_id: int) -> list[dict[str, Any]]:
    """The stakes of a round still to be played out, in the spots' order.

    The page shows them on the spots while the choice waits: the balance is already debited.
    """
    rows = session.execute(
        select(BanqueBetRow.spot, BanqueBetRow.stake_minor).where(BanqueBetRow.round_id == round_id)
    ).all()
    return [
        {"spot": spot, "stake_minor": stake} for spot, stake in _in_spot_order(rows, lambda r: r[0])
    ]


def _pending(session: Session, pending: BanqueRound, now: datetime, lang: str) -> dict[str, Any]:
    """The choice awaited: the tableau on 5, the stakes, the cards the player may see, advice."""
    point = {
        "hand": pending.pending_hand,
        "total": pending.pending_total,
        "held": _held(pending),
        "stakes": _stakes(session, pending.id),
        "hands": {h: _hand(cards) for h, cards in _shown(pending).items()},
    }
    advice = pending_advice(pending.commission_rate, pending.pending_hand, lang)
    return pending_json(pending, now, point, advice)


def state_json(session: Session, loaded: Loaded, now: datetime, lang: str = "en") -> dict[str, Any]:
    """The table as the player sees it now (a choice awaited with its advice, in ``lang``)."""
    row, pending = loaded.row, loaded.pending
    shown = rules_json(table_rules(row))
    game = {
        "balance_minor": loaded.wallet,
        "bank": {
            "holder": shown["bank"],
            "amount_minor": row.bank_minor if pending is not None else next_bank(session, row),
            "opens_with_minor": fresh_bank(row),
            "at_stake_minor": (pending.bank_before_minor - row.bank_minor) if pending else 0,
        },
        "turn": "decision" if pending is not None else "bet",
        "allowed": list(CHOICES) if pending is not None else ["bet"],
        "spots": list(SPOTS),
        "minimum_minor": row.minimum_minor,
        "maximum_minor": row.maximum_minor,
        "commission": shown["commission"],
    }
    decision = None if pending is None else _pending(session, pending, now, lang)
    return table_json(VARIANT, game, row.decision_seconds, shown, decision)


def rounds_json(
    session: Session, rows: Sequence[BanqueRound], lang: str = "en"
) -> list[dict[str, Any]]:
    """Rounds with their bets and decisions, the player's judged (three queries in all)."""
    ids = [r.id for r in rows]
    bets = by_round(session, BanqueBetRow, ids)
    decisions = by_round(session, BanqueDecision, ids, BanqueDecision.position)
    seeds = seeds_of(session, rows)
    return [
        _round(r, bets[r.id], decisions[r.id], seeds.get(r.seed_id, ("", ""))[0], lang)
        for r in rows
    ]


def _hands(row: BanqueRound) -> tuple[dict[str, Sequence[Card]], Sequence[Card]]:
    """The round's three hands and its cards in deal order (while it waits: what shows)."""
    if row.status != "settled":
        return dict(_shown(row)), []
    hands: dict[str, Sequence[Card]] = {
        RIGHT: parse_cards(row.right_cards or ""),
        LEFT: parse_cards(row.left_cards or ""),
        BANKER: parse_cards(row.banker_cards or ""),
    }
    return hands, parse_cards(row.cards) if row.cards else []


def _bet(b: BanqueBetRow) -> dict[str, Any]:
    return {
        "spot": b.spot,
        "stake_minor": b.stake_minor,
        "outcome": b.outcome,
        "net_minor": b.net_minor,
        "payout_minor": b.payout_minor,
    }


def _decision(row: BanqueRound, d: BanqueDecision, lang: str) -> dict[str, Any]:
    point = {
        "hand": d.hand,
        "total": d.total,
        "left_column": column(d.left_column),
        "right_column": column(d.right_column),
    }
    verdict = judged(row.commission_rate, d.hand, d.draws, d.computer, d.by_timeout, lang)
    return decision_json(d, point, verdict)


def _round(
    row: BanqueRound,
    bets: list[BanqueBetRow],
    decisions: list[BanqueDecision],
    seed_hash: str,
    lang: str = "en",
) -> dict[str, Any]:
    hands, cards = _hands(row)
    play = {
        "held": _held(row),
        "cards": cards_json(cards),
        "right": {**_hand(hands[RIGHT]), "outcome": row.right_outcome},
        "left": {**_hand(hands[LEFT]), "outcome": row.left_outcome},
        "banker": _hand(hands[BANKER]),
        "bets": [_bet(b) for b in _in_spot_order(bets, lambda b: b.spot)],
        "bank": {
            "before_minor": row.bank_before_minor,
            "after_minor": row.bank_after_minor,
            "net_minor": row.banker_net_minor,
        },
        "commission_rate": rules_json(round_rules(row))["commission"],
    }
    written = [_decision(row, d, lang) for d in decisions]
    return round_json(row, VARIANT, round_rules(row), play, {}, decisions, written, seed_hash)
