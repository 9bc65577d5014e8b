"""Chemin de fer as JSON: the table (seats, bank, whose turn, the choice awaited) and rounds.

While a round waits for the player's choice only the cards he may see are in any answer, as
at the table: the hand he holds (the Player's two cards when he chooses on 5, the Banker's
two when he holds the bank) and the Player's third card, dealt face up. The other hand's two
cards are face down until the round is played out: they are counted (``face_down``), never
sent. Only the player's own choice is ever awaited (a computer seat chooses at once), so no
other view of a pending round exists.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from puntobanco.core.cards import Card, parse_cards
from puntobanco.core.chemin.table import left_to_cover
from puntobanco.core.choices import PLAYER, ChoicePoint
from puntobanco.server.games.chemin.advice import advice_json, advise, judgement_json
from puntobanco.server.games.chemin.game import (
    HUMAN,
    VARIANT,
    Loaded,
    bets_in_order,
    pending_point,
    pending_solution,
    round_solution,
    rules_of,
    turn,
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
from puntobanco.server.models import ChemDecision, ChemRound, ChemSeat


def _hand(cards: Sequence[Card], face_down: int = 0) -> dict[str, Any]:
    """A hand as shown: its cards face up, how many lie face down, its total once all show."""
    shown = cards_json(cards)
    return {
        "cards": shown,
        "face_down": face_down,
        "total": total(cards) if cards and not face_down else None,
    }


def _shown(stored: ChemRound) -> tuple[list[Card], dict[str, dict[str, Any]]]:
    """A pending round's cards the player may see (in deal order), and both hands as shown.

    The deal goes Player, Banker, Player, Banker, then the Player's third card face up.
    """
    cards = parse_cards(stored.cards) if stored.cards else []
    if stored.pending_side == PLAYER:
        mine = [cards[0], cards[2]]
        return mine, {"player": _hand(mine), "banker": _hand([], face_down=2)}
    third = cards[4:5]
    mine = [cards[1], cards[3]]
    return [*mine, *third], {"player": _hand(third, face_down=2), "banker": _hand(mine)}


def _hands(cards: Sequence[Card], decisions: Sequence[ChemDecision]) -> dict[str, dict[str, Any]]:
    """A settled round's two hands from its cards in deal order.

    A fifth card is the Player's third when the Player drew: on 0 to 4 always, on 5 as the
    Player's recorded choice says (a computer's choice is recorded as the player's is).
    """
    player, banker = list(cards[0:4:2]), list(cards[1:4:2])
    rest = list(cards[4:])
    if rest:
        on_five = [d.draws for d in decisions if d.side == PLAYER]
        drew = on_five[0] if on_five else total(player) <= 4
        if drew:
            player.append(rest.pop(0))
        banker.extend(rest)
    return {"player": _hand(player), "banker": _hand(banker)}


def _pending(loaded: Loaded, now: datetime, lang: str) -> dict[str, Any] | None:
    """The choice awaited with the cards the player may see and its advice (None: none)."""
    pending = loaded.pending
    if pending is None:
        return None
    shown, hands = _shown(pending)
    point = {
        "side": pending.pending_side,
        "total": pending.pending_total,
        "player_third": column(pending.pending_third),
        "cards": cards_json(shown),
        "hands": hands,
    }
    advice = advice_json(advise(pending_solution(loaded), pending_point(pending)), lang)
    return pending_json(pending, now, point, advice)


def state_json(loaded: Loaded, now: datetime, lang: str = "en") -> dict[str, Any]:
    """The table as the player sees it now (a pending choice with its advice, in ``lang``)."""
    table, row, pending = loaded.table, loaded.row, loaded.pending
    phase, allowed = turn(table, pending)
    bets: list[dict[str, Any]] = []
    left = table.bank_minor
    if phase == "bet":
        before = bets_in_order(table, None, until_human=True)
        bets = [{"seat": w.seat, "amount_minor": w.amount_minor, "banco": w.banco} for w in before]
        left = left_to_cover(table, before)
    seats = [
        {
            "seat": seat,
            "computer": seat != HUMAN,
            "balance_minor": balance,
            "banker": seat == table.banker,
        }
        for seat, balance in enumerate(table.balances)
    ]
    game = {
        "seats": seats,
        # While a round waits, its bank is the one at stake (the banker's stake is debited).
        "bank": {
            "seat": table.banker if pending is None else pending.bank_seat,
            "amount_minor": table.bank_minor if pending is None else pending.bank_minor,
            "open": table.bank_minor > 0 or pending is not None,
            "may_keep": table.may_keep and pending is None,
        },
        "turn": phase,
        "allowed": list(allowed),
        "bets_before": bets,
        "left_minor": left,
        "minimum_minor": table.minimum_minor,
    }
    shown = rules_json(rules_of(row))
    return table_json(VARIANT, game, row.decision_seconds, shown, _pending(loaded, now, lang))


def rounds_json(
    session: Session, rows: Sequence[ChemRound], lang: str = "en"
) -> list[dict[str, Any]]:
    """Rounds with their seats and decisions (three queries for all of them).

    Each of the player's decisions is judged against the advice he had: the solution for
    the cards unseen before the round (its shoe replayed from the seed, cached).
    """
    ids = [r.id for r in rows]
    seats = by_round(session, ChemSeat, ids, ChemSeat.seat)
    decisions = by_round(session, ChemDecision, ids, ChemDecision.position)
    seeds = seeds_of(session, rows)
    return [
        _round(r, seats[r.id], decisions[r.id], seeds.get(r.seed_id, ("", "")), lang) for r in rows
    ]


def _judged(
    row: ChemRound, decisions: list[ChemDecision], server_seed: str, lang: str
) -> dict[int, dict[str, Any]]:
    """The player's decisions judged, by position (none for the computers')."""
    mine = [d for d in decisions if not d.computer]
    if not mine or not server_seed:
        return {}
    solution = round_solution(row, server_seed)
    return {
        d.position: judgement_json(
            advise(solution, ChoicePoint(d.side, d.total, d.player_third)), d.draws, lang
        )
        for d in mine
    }


def _seat(s: ChemSeat) -> dict[str, Any]:
    return {
        "seat": s.seat,
        "computer": s.computer,
        "role": s.role,
        "stake_minor": s.stake_minor,
        "banco": s.banco,
        "balance_before_minor": s.balance_before_minor,
        "delta_minor": s.delta_minor,
        "payout_minor": s.payout_minor,
    }


def _round(
    row: ChemRound,
    seats: list[ChemSeat],
    decisions: list[ChemDecision],
    seed: tuple[str, str],
    lang: str,
) -> dict[str, Any]:
    if row.status == "settled":
        cards = parse_cards(row.cards) if row.cards else []
        hands = _hands(cards, decisions)
    else:
        cards, hands = _shown(row)
    seed_hash, server_seed = seed
    judged = _judged(row, decisions, server_seed, lang)
    play = {
        "bank": {"seat": row.bank_seat, "amount_minor": row.bank_minor, "after": row.bank_after},
        "hand_seat": row.hand_seat,
        "cards": cards_json(cards),
        "hands": hands,
        "outcome": row.outcome,
    }
    written = [
        decision_json(
            d,
            {"side": d.side, "total": d.total, "player_third": column(d.player_third)},
            judged.get(d.position),
            seat=d.seat,
        )
        for d in decisions
    ]
    return round_json(
        row,
        row.variant,
        rules_of(row),
        play,
        {"seats": [_seat(s) for s in seats]},
        decisions,
        written,
        seed_hash,
    )
