"""Baccarat Banque at the server: the player's bets against the house's bank, one action at a time.

The game is the core's and the terminal's (``cli/banque/play.py``): the coup with its two
tableaux is a :class:`~puntobanco.core.rounds.ChoiceRound` (Banque's), stepped until a
point of the player's, the money
:func:`~puntobanco.core.banque.table.settle_banque` (the commission a table setting, rounded
down to the minor unit). The house holds the bank for the whole shoe
(:data:`BANK_MINIMUMS` table minimums, opened afresh with each shoe, or when it no longer
covers a table minimum); the player bets on the right tableau, the left, or both (à
cheval), one stake per spot, within the table's limits and what the bank covers.

The player holds the cards of the tableau he bet on (both, à cheval, or with a stake on
each). When a tableau he holds has 5, the round is stored **pending**: its stakes
debited, its cards up to the choice written, the rest committed by the seed; the choice
is awaited until the table's ``decision_seconds`` have passed, then the optimal choice
(the likelier side of the Chemin de fer equilibrium on 5, as the terminal game's) is
played with ``by_timeout`` set, for every choice of his left in the round. Each answer
plays the round again from its first card with the answers given so far: it goes on to
the next choice awaited (the left tableau after the right, à cheval) or to the end, and
settles. A tableau the player does not hold plays the equilibrium on 5 (9/11) drawn from
:func:`~puntobanco.core.streams.table_choice_stream` keyed by the server seed's first 8
bytes (big-endian), the shoe and the round, so that playing a round again makes the same
choices; the Banker (the house) plays his best reply under the Banque rule card
(:func:`~puntobanco.analysis.banque.solver.solve_banque`, the infinite deck), as in the terminal.

Every action runs in one transaction under the wallet's lock. The ledger: the bank is
house money in the ``house_players`` account (``bet = "bank"``), granted from
``house_bank`` when it opens and given back when it closes (journal
``banque:bank:<tag>``). Each round's journal ``banque:<id>:stake`` debits the player's
stake on each spot (``bet`` = the spot) and the bank's cover (what it could lose, the
stakes' total) to ``house_game``; ``banque:<id>:settle`` pays each spot its stake and
winnings back, and the bank its cover and net as ``payout``, the commission taken back
from it as ``commission``. So ``house_game`` keeps exactly the commission of each round.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from functools import lru_cache
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.analysis.banque.solver import BanqueSolution, solve_banque
from puntobanco.core.banque.coup import (
    BANKER,
    BANQUE_RULE_CARD,
    LEFT,
    RIGHT,
    BanqueCoup,
    BanquePoint,
    BanqueRule,
)
from puntobanco.core.banque.table import BanqueBet, Spot, settle_banque
from puntobanco.core.cards import Card
from puntobanco.core.rounds import start_banque
from puntobanco.core.rules import Rules, Variant
from puntobanco.core.shoe import Shoe
from puntobanco.core.streams import server_seed_key, table_choice_stream
from puntobanco.server.games.common import (
    TableRefusal,
    house_entries,
    open_shoe,
    shoe_continues,
    timed_out,
)
from puntobanco.server.games.service import Awaited, Done, TableService, deadline
from puntobanco.server.ledger.wallet import Account, EntryKind, Movement, post
from puntobanco.server.models import (
    BanqueBetRow,
    BanqueDecision,
    BanqueRound,
    BanqueTableRow,
    utcnow,
)

#: The house's bank for a shoe, in table minimums (the terminal game's).
BANK_MINIMUMS = 100
#: The decks of the table's shoe.
DECKS = 6
#: The Banker's rule.
RULE = BANQUE_RULE_CARD
#: The spots, as the API names them.
SPOTS: tuple[str, ...] = tuple(s.value for s in Spot)
#: The tableaux whose cards a stake on each spot holds.
HOLDS: Mapping[str, tuple[str, ...]] = {
    Spot.RIGHT.value: (RIGHT,),
    Spot.LEFT.value: (LEFT,),
    Spot.CHEVAL.value: (RIGHT, LEFT),
}
#: The ledger's ``bet`` for the bank's entries.
BANK_BET = "bank"


class BanqueRefusal(TableRefusal):
    """A refused request, worded under ``bserver.error.``: nothing it did is committed."""


@lru_cache(maxsize=8)
def solution(commission: Fraction) -> BanqueSolution:
    """The Banker's best reply to the equilibrium on 5 under the rule card (computed once)."""
    return solve_banque(RULE, commission=commission)


def _rules(decks: int, commission: str, rule: str = RULE.name) -> Rules:
    # Banque's own cut card (BANQUE_CUT_CARD) leaves room for two rounds of nine cards.
    return Rules(
        decks=decks,
        variant=Variant.BANQUE,
        banker_commission=Fraction(commission),
        banker_rule=rule,
    )


def table_rules(row: BanqueTableRow) -> Rules:
    """The rules a table deals by: its decks, its commission, the house's rule card."""
    return _rules(row.decks, row.commission)


def round_rules(stored: BanqueRound) -> Rules:
    """The rules a round was dealt by: its decks, its commission and its rule card."""
    return _rules(stored.decks, stored.commission_rate, stored.banker_rule)


def _banker_rule(rules: Rules) -> BanqueRule:
    rule = rules.tables.banker_rule
    assert isinstance(rule, BanqueRule)
    return rule


def held_of(spots: Sequence[str]) -> tuple[str, ...]:
    """The tableaux whose cards stakes on ``spots`` hold, right first."""
    held = {hand for spot in spots for hand in HOLDS[spot]}
    return tuple(h for h in (RIGHT, LEFT) if h in held)


def optimal(commission: Fraction, hand: str) -> bool:
    """The optimal choice on 5 of a tableau (a mixed one: the likelier side, as the terminal)."""
    best = solution(commission)
    return (best.right_draw if hand == RIGHT else best.left_draw) >= Fraction(1, 2)


# ---- loading and the bank -------------------------------------------------------------


@dataclass(slots=True)
class Loaded:
    """A player's table as read under the wallet lock."""

    row: BanqueTableRow
    wallet: int
    pending: BanqueRound | None


def load(session: Session, user_id: int) -> Loaded:
    """Lock the wallet, then read the table and any pending round.

    Raises:
        BanqueRefusal: 404 ``no_table`` (the player has not sat at a Banque table).
    """
    return Loaded(*SERVICE.read(session, user_id))


def fresh_bank(row: BanqueTableRow) -> int:
    """The bank the house opens: :data:`BANK_MINIMUMS` table minimums."""
    return BANK_MINIMUMS * row.minimum_minor


def next_bank(session: Session, row: BanqueTableRow) -> int:
    """The bank the next round's stakes face: afresh with a new shoe or below a minimum."""
    if not shoe_continues(session, row) or row.bank_minor < row.minimum_minor:
        return fresh_bank(row)
    return row.bank_minor


def _bank_entries(session: Session, journal: str, amount: int) -> None:
    """The bank's chips from ``house_bank`` to ``house_players`` (negative: back)."""
    house_entries(session, journal, EntryKind.GRANT.value, "house_bank", [(BANK_BET, amount)])


def _game_entries(session: Session, journal: str, kind: EntryKind, amount: int) -> None:
    """Money between the bank (``house_players``) and ``house_game``: what the bank gains."""
    house_entries(session, journal, kind.value, "house_game", [(BANK_BET, amount)])


def sit(
    session: Session,
    user_id: int,
    *,
    decision_seconds: int,
    commission: Fraction,
    minimum_minor: int,
    maximum_minor: int,
) -> None:
    """Sit at a new Banque table (replacing the player's old one), the house's bank open.

    Raises:
        BanqueRefusal: 409 ``decision_pending`` (a round of the old table awaits a choice).
    """
    old = SERVICE.leave(session, user_id)
    tag = uuid.uuid4().hex[:12]
    if old is not None:
        _bank_entries(session, f"banque:bank:{tag}", -old.bank_minor)
        session.flush()
    row = BanqueTableRow(
        user_id=user_id,
        bank_minor=BANK_MINIMUMS * minimum_minor,
        minimum_minor=minimum_minor,
        maximum_minor=maximum_minor,
        commission=str(commission),
        decision_seconds=decision_seconds,
        decks=DECKS,
        shoes_started=0,
        shoe_open=False,
        shoe_position=0,
        shoe_rounds=0,
        created_at=utcnow(),
    )
    session.add(row)
    _bank_entries(session, f"banque:bank:{tag}", row.bank_minor)
    session.flush()


# ---- actions --------------------------------------------------------------------------


def check_stakes(loaded: Loaded, bank: int, bets: Mapping[str, Any]) -> list[BanqueBet]:
    """The player's stakes as the core's bets, or the refusal naming what is wrong.

    Raises:
        BanqueRefusal: 422 ``no_bets``, ``spot_unknown``, ``amount_not_integer``,
            ``stake_out_of_range``, ``over_bank``; 402 ``insufficient_funds``.
    """
    row = loaded.row
    if not bets:
        raise BanqueRefusal(422, "no_bets", allowed=", ".join(SPOTS))
    out: list[BanqueBet] = []
    for spot, stake in bets.items():
        if spot not in SPOTS:
            raise BanqueRefusal(422, "spot_unknown", value=str(spot)[:40], allowed=", ".join(SPOTS))
        if isinstance(stake, bool) or not isinstance(stake, int):
            raise BanqueRefusal(422, "amount_not_integer", spot=spot, value=repr(stake)[:40])
        if not row.minimum_minor <= stake <= row.maximum_minor:
            raise BanqueRefusal(
                422,
                "stake_out_of_range",
                spot=spot,
                amount_minor=stake,
                minimum_minor=row.minimum_minor,
                maximum_minor=row.maximum_minor,
            )
        out.append(BanqueBet("you", Spot(spot), stake))
    total = sum(b.stake for b in out)
    if total > bank:
        raise BanqueRefusal(422, "over_bank", total_minor=total, bank_minor=bank)
    if total > loaded.wallet:
        raise BanqueRefusal(
            402, "insufficient_funds", total_minor=total, balance_minor=loaded.wallet
        )
    return out


def bet(session: Session, user_id: int, bets: Mapping[str, Any]) -> Done:
    """Place the player's stakes and deal the round (settled, or pending his choice).

    A pending round past its deadline is completed first with the optimal choices.

    Raises:
        BanqueRefusal: 409 ``decision_pending``, or a stake refused (:func:`check_stakes`).
    """
    loaded = load(session, user_id)
    if loaded.pending is not None and timed_out(loaded.pending):
        _complete(session, loaded, None)  # its deadline passed: played out first
        loaded = load(session, user_id)
    if loaded.pending is not None:
        raise BanqueRefusal(409, "decision_pending", round_id=loaded.pending.id)
    stakes = check_stakes(loaded, next_bank(session, loaded.row), bets)
    return Done(_deal(session, loaded, stakes))


# ---- dealing and settling -------------------------------------------------------------


def _answers(stored: BanqueRound) -> dict[str, tuple[bool, bool]]:
    """The player's answers so far: hand -> (draws, by_timeout)."""
    raw: dict[str, list[bool]] = json.loads(stored.answers) if stored.answers else {}
    return {hand: (bool(v[0]), bool(v[1])) for hand, v in raw.items()}


@dataclass(slots=True)
class _Coup:
    coup: BanqueCoup | None
    awaited: Awaited[BanquePoint] | None
    decisions: list[dict[str, Any]]
    answers: dict[str, tuple[bool, bool]]


def _play(
    shoe: Shoe,
    stored: BanqueRound,
    seed_hex: str,
    answers: Mapping[str, tuple[bool, bool]],
    *,
    by_timeout: bool,
) -> _Coup:
    """Play the round's coup from the shoe; stop at a choice of the player's not yet answered.

    ``stored``: the tableaux the player holds, the round's place in the shoe. With
    ``by_timeout`` every choice of his not answered is the optimal one.
    """
    commission = shoe.rules.banker_commission
    stream = table_choice_stream(
        server_seed_key(bytes.fromhex(seed_hex)), stored.shoe_index, stored.round_in_shoe
    )
    computer = solution(commission).strategy().decider(stream)
    held = [h for h in stored.held.split(",") if h]
    decisions: list[dict[str, Any]] = []
    given = dict(answers)
    coup = start_banque(shoe.deal, rule=_banker_rule(shoe.rules))
    while (point := coup.pending) is not None:
        mine = point.hand in held
        timeout = False
        if not mine:
            draws = bool(computer(point))
        elif point.hand in given:
            draws, timeout = given[point.hand]
        elif by_timeout:
            draws, timeout = optimal(commission, point.hand), True
            given[point.hand] = (draws, True)
        else:
            return _Coup(None, Awaited(point, list(coup.cards)), decisions, given)
        decisions.append(_decision(point, draws, mine=mine, by_timeout=timeout))
        coup.choose(draws)
    return _Coup(coup.result, None, decisions, given)


def _decision(point: BanquePoint, draws: bool, *, mine: bool, by_timeout: bool) -> dict[str, Any]:
    """A choice made, as its row stores it."""
    return {
        "hand": point.hand,
        "total": point.total,
        "left_column": point.left,
        "right_column": point.right,
        "draws": draws,
        "computer": not mine,
        "by_timeout": by_timeout,
    }


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(c.code for c in cards)


def hands_so_far(cards: Sequence[Card], awaited: str) -> dict[str, list[Card]]:
    """Each hand's cards when the tableau ``awaited`` is to choose.

    The first six cards go right, left, Banker, twice; the right tableau's third card
    comes next when it drew before the left's choice.
    """
    hands = {RIGHT: [cards[0], cards[3]], LEFT: [cards[1], cards[4]], BANKER: [cards[2], cards[5]]}
    if awaited == LEFT and len(cards) > 6:
        hands[RIGHT].append(cards[6])
    return hands


def _deal(session: Session, loaded: Loaded, stakes: Sequence[BanqueBet]) -> int:
    """Deal a round from the table's shoe; settle it, or store it pending the player's choice."""
    row = loaded.row
    bank = next_bank(session, row)
    if bank != row.bank_minor:  # the house opens its bank afresh
        tag = uuid.uuid4().hex[:12]
        _bank_entries(session, f"banque:bank:{tag}", bank - row.bank_minor)
        row.bank_minor = bank
    shoe, seed_row, burn, _ = open_shoe(session, row, table_rules(row))
    stored = SERVICE.new_round(
        row,
        shoe,
        seed_row,
        burn,
        banker_rule=shoe.rules.banker_rule,
        cards="",
        held=",".join(held_of([b.spot.value for b in stakes])),
        answers="{}",
        commission_rate=str(shoe.rules.banker_commission),
        bank_before_minor=bank,
    )
    coup = _play(shoe, stored, seed_row.server_seed, {}, by_timeout=False)
    session.add(stored)
    session.flush()
    _stake_rows(session, row.user_id, stored, stakes)
    row.bank_minor = bank - sum(b.stake for b in stakes)  # the cover is out while it is played
    if coup.awaited is not None:
        _await(stored, row, coup.awaited, stored.created_at)
        session.flush()
        return int(stored.id)
    _settle(session, loaded, stored, stakes, coup, shoe)
    return int(stored.id)


def _stake_rows(
    session: Session, user_id: int, stored: BanqueRound, stakes: Sequence[BanqueBet]
) -> None:
    """The round's stakes: their rows, and the ledger's (the player's, the bank's cover)."""
    for b in stakes:
        session.add(BanqueBetRow(round_id=stored.id, spot=b.spot.value, stake_minor=b.stake))
    session.flush()
    journal = f"banque:{stored.id}:stake"
    post(
        session,
        user_id=user_id,
        journal=journal,
        movements=[
            Movement(EntryKind.STAKE, -b.stake, Account.HOUSE_GAME, None, b.spot.value)
            for b in stakes
        ],
    )
    _game_entries(session, journal, EntryKind.STAKE, -sum(b.stake for b in stakes))


def _await(
    stored: BanqueRound, row: BanqueTableRow, awaited: Awaited[BanquePoint], now: datetime
) -> None:
    point = awaited.point
    stored.cards = _codes(awaited.cards)
    stored.pending_hand = point.hand
    stored.pending_total = point.total
    stored.decision_deadline = deadline(row, now)


def _stakes_of(session: Session, stored: BanqueRound) -> list[BanqueBet]:
    rows = session.execute(select(BanqueBetRow).where(BanqueBetRow.round_id == stored.id)).scalars()
    by_spot = {r.spot: r.stake_minor for r in rows}
    return [BanqueBet("you", Spot(s), by_spot[s]) for s in SPOTS if s in by_spot]


def _complete(session: Session, loaded: Loaded, draws: bool | None) -> None:
    """Play a pending round again from its first card with the answers so far (and ``draws``).

    ``draws`` answers the choice awaited (None: it and every later choice of the player's
    are played at the deadline). The round is settled, or waits for his next choice.
    """
    stored = loaded.pending
    assert stored is not None
    answers = _answers(stored)
    if draws is not None:
        answers[str(stored.pending_hand)] = (draws, False)
        stored.answers = json.dumps(answers)
    shoe, seed_row = SERVICE.replayed_shoe(session, stored, round_rules(stored))
    coup = _play(shoe, stored, seed_row.server_seed, answers, by_timeout=draws is None)
    stored.answers = json.dumps({h: list(v) for h, v in coup.answers.items()})
    if coup.awaited is not None:
        _await(stored, loaded.row, coup.awaited, utcnow())
        session.flush()
        return
    _settle(session, loaded, stored, _stakes_of(session, stored), coup, shoe)


def _settle_money(
    session: Session,
    user_id: int,
    stored: BanqueRound,
    stakes: Sequence[BanqueBet],
    settlement: Any,
) -> None:
    """Each spot's payout, the bank's cover and net, the commission: the bets' rows and ledger."""
    journal = f"banque:{stored.id}:settle"
    rows = {
        r.spot: r
        for r in session.execute(
            select(BanqueBetRow).where(BanqueBetRow.round_id == stored.id)
        ).scalars()
    }
    moves: list[Movement] = []
    for r in settlement.results:
        spot = r.bet.spot.value
        payout = r.bet.stake + r.net
        bet_row = rows[spot]
        bet_row.outcome, bet_row.net_minor, bet_row.payout_minor = r.outcome, r.net, payout
        if payout:
            moves.append(Movement(EntryKind.PAYOUT, payout, Account.HOUSE_GAME, None, spot))
    if moves:
        post(session, user_id=user_id, journal=journal, movements=moves)
    cover = sum(b.stake for b in stakes)
    _game_entries(session, journal, EntryKind.PAYOUT, cover + settlement.banker_net)
    _game_entries(session, journal, EntryKind.COMMISSION, -settlement.commission)


def _settle(
    session: Session,
    loaded: Loaded,
    stored: BanqueRound,
    stakes: Sequence[BanqueBet],
    coup: _Coup,
    shoe: Shoe,
) -> None:
    """Settle the round: each spot's money, the bank's and the commission; the decisions."""
    assert coup.coup is not None
    result = coup.coup
    settlement = settle_banque(
        result,
        stakes,
        bank=stored.bank_before_minor,
        commission=Fraction(stored.commission_rate),
    )
    row = loaded.row
    _settle_money(session, row.user_id, stored, stakes, settlement)
    SERVICE.finish(session, row, stored, shoe, coup.decisions)
    stored.cards = _codes(result.cards)
    stored.right_cards = _codes(result.right.cards)
    stored.left_cards = _codes(result.left.cards)
    stored.banker_cards = _codes(result.banker_cards)
    stored.right_outcome = result.right.outcome.value
    stored.left_outcome = result.left.outcome.value
    stored.banker_net_minor = settlement.banker_net
    stored.commission_minor = settlement.commission
    stored.rounded_away = str(settlement.rounded_away)
    stored.bank_after_minor = settlement.bank_after
    stored.pending_hand = None
    stored.pending_total = None
    row.bank_minor = settlement.bank_after
    session.flush()


#: The game's table service (loading, sitting down, answers, deadlines, the rounds' rows).
SERVICE: TableService[Loaded] = TableService(
    tables=BanqueTableRow,
    rounds=BanqueRound,
    decisions=BanqueDecision,
    refusal=BanqueRefusal,
    load=load,
    complete=_complete,
)
answer = SERVICE.answer
expire = SERVICE.expire
sweep = SERVICE.sweep
next_deadline = SERVICE.next_deadline
