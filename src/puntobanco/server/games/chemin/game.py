"""Chemin de fer at the server: a player's table against computer players, one action at a time.

The game is the core's: the money of the bank, the bets, banco and the 5% commission
rounded down are :mod:`puntobanco.core.chemin.table`; the coup and its choice points
are a :class:`~puntobanco.core.rounds.ChoiceRound`, stepped until the player's point.
The table's flow is the terminal game's (``cli/chemin/play.py``): the player sits at
seat 0 with the wallet's money, seats 1 to N are computer players whose chips are the
house's (the ledger's ``house_players`` account, granted from ``house_bank`` when they
sit); the bank starts with the player and passes as the rules pass it.

Every action runs in one transaction under the wallet's lock (as every change to a
player's money does), so a player's actions apply one at a time whatever the worker:

* the banker (the player) opens the bank (``bank``), deals again with the bank he kept
  or that stood after a tie (``deal``), keeps a bank he has just won (``keep``) or
  gives it up (``pass``, "la main passe");
* a punter (the player) bets an amount, calls ``banco`` or sits the round out; the
  computer punters bet by the terminal game's rule before and after him in seat order.

A round is dealt from the table's shoe (its order follows from the player's committed
server seed, the client seed and the nonce, as the Punto Banco shoe's). When the player
holds a choice (the Player's cards on 5, or the bank in a free cell of the rule card)
the round is written **pending**: its stakes debited (both sides, every seat), its cards
up to the choice written, the rest committed by the seed; the choice is awaited until
the table's ``decision_seconds`` have passed. The answer (or, after the deadline, the
optimal choice for the unseen cards, with ``by_timeout`` set) plays the round again from
its first card with the same decisions, and settles it. :func:`sweep` (the periodic
housekeeping and the start-up) plays every choice past its deadline whether or not the
player comes back; the advice at a choice is :mod:`puntobanco.server.games.chemin.advice`'s,
from the same cached solution the timeout plays. The computer players' own mixed
choices come from :func:`~puntobanco.core.streams.table_choice_stream` keyed by the
server seed's first 8 bytes (big-endian), the shoe and the round, so that playing a
round again makes the same choices.

The ledger: each round's journal ``chemin:<id>:stake`` debits each seat's stake (the
player's wallet, or ``house_players`` for a computer) to ``house_game``; the journal
``chemin:<id>:settle`` pays each seat its stake and winnings back from ``house_game``
(the banker's gross winnings as ``payout``, the commission taken back as
``commission``). Entries name the seat in ``bet`` (``seat:0``); ``round_id`` stays
empty (it refers to Punto Banco rounds).
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.core.chemin.table import (
    BOT_BANK,
    BOT_KEEP,
    BOT_STAKE,
    ChemTable,
    Wager,
    apply_settlement,
    keep_bank,
    left_to_cover,
    open_bank,
    pass_bank,
    place_wager,
    player_hand_seat,
    punters,
    settle_round,
)
from puntobanco.core.choices import PLAYER, ChoicePoint
from puntobanco.core.coup import Burn, CoupResult
from puntobanco.core.errors import WrongPhase
from puntobanco.core.fairness import FairSource
from puntobanco.core.rounds import start_chemin
from puntobanco.core.rules import BankerRule, Rules, Variant
from puntobanco.core.shoe import Shoe
from puntobanco.core.streams import server_seed_key, table_choice_stream
from puntobanco.server.games.chemin.advice import advise, solution_for
from puntobanco.server.games.common import TableRefusal, house_entries, open_shoe
from puntobanco.server.games.service import CHOICES, Awaited, Done, TableService, deadline
from puntobanco.server.ledger.wallet import Account, EntryKind, Movement, post
from puntobanco.server.models import (
    ChemDecision,
    ChemRound,
    ChemSeat,
    ChemTableRow,
    utcnow,
)

log = logging.getLogger(__name__)

#: The player's seat.
HUMAN = 0
#: A computer player's chips when he sits, in table minimums.
BOT_CHIPS = 1000
#: The decks of the table's shoe.
DECKS = 6
#: The variant stored with each round.
VARIANT = Variant.CHEMIN_DE_FER.value
#: The actions of ``POST /api/chemin/act``.
ACTIONS = ("bank", "deal", "keep", "pass", "bet", "banco", "sit_out")


class ChemRefusal(TableRefusal):
    """A refused request, worded under ``cserver.error.``: nothing it did is committed."""


def _ints(text: str) -> list[int]:
    return [int(v) for v in text.split(",")] if text else []


def _csv(values: Sequence[int]) -> str:
    return ",".join(str(v) for v in values)


def rules_of(row: ChemTableRow | ChemRound) -> Rules:
    """The rules a table (or a round) is played by: its decks, its Banker's rule card."""
    return Rules(decks=row.decks, variant=Variant.CHEMIN_DE_FER, banker_rule=row.banker_rule)


def banker_rule(rules: Rules) -> BankerRule:
    """The Banker's rule card of Chemin de fer ``rules``."""
    rule = rules.tables.banker_rule
    assert isinstance(rule, BankerRule)
    return rule


def _core_table(row: ChemTableRow, wallet: int) -> ChemTable:
    """The core table as stored; a bank the wallet no longer covers is closed."""
    balances = (wallet, *_ints(row.computer_balances))
    bank = row.bank_minor if row.bank_minor <= balances[row.banker] else 0
    return ChemTable.for_rules(
        rules_of(row),
        balances=balances,
        banker=row.banker,
        bank_minor=bank,
        minimum_minor=row.minimum_minor,
        may_keep=row.may_keep and bank > 0,
    )


def _bot_bank(table: ChemTable) -> ChemTable:
    """A computer banker with a closed bank opens it (or passes it if he cannot)."""
    if table.banker == HUMAN or table.bank_minor:
        return table
    balance = table.balances[table.banker]
    if balance < table.minimum_minor:
        try:
            return pass_bank(table)
        except WrongPhase:  # nobody can bank: the bank stays closed (a bet is refused)
            return table
    return open_bank(table, min(balance, BOT_BANK * table.minimum_minor))


def _bot_wager(table: ChemTable, wagers: tuple[Wager, ...], seat: int) -> Wager | None:
    """A computer punter's bet by the terminal game's rule (``None``: he sits out)."""
    left = left_to_cover(table, wagers)
    stake = min(BOT_STAKE * table.minimum_minor, table.balances[seat])
    if left == table.bank_minor and table.bank_minor <= stake:
        return Wager(seat, table.bank_minor, banco=True)
    wager = Wager(seat, min(stake, left))
    if left == 0 or wager.amount_minor < min(table.minimum_minor, left):
        return None
    return wager


def bets_in_order(table: ChemTable, human: Wager | None, *, until_human: bool) -> tuple[Wager, ...]:
    """The round's bets in seat order: the computers' by their rule, the player's where he sits.

    With ``until_human``, only the bets placed before the player's turn.
    """
    wagers: tuple[Wager, ...] = ()
    for seat in punters(table):
        if seat == HUMAN:
            if until_human:
                return wagers
            if human is not None:
                wagers = place_wager(table, wagers, human)
            continue
        wager = _bot_wager(table, wagers, seat)
        if wager is not None:
            wagers = place_wager(table, wagers, wager)
    return wagers


# ---- the table's turn ------------------------------------------------------------------


def turn(table: ChemTable, pending: ChemRound | None) -> tuple[str, tuple[str, ...]]:
    """Whose turn it is and the actions the player may take now."""
    if pending is not None:
        return "decision", CHOICES
    if table.banker == HUMAN:
        if table.may_keep:
            return "keep", ("keep", "pass")
        if table.bank_minor == 0:
            return "bank", ("bank", "pass")
        return "deal", ("deal", "pass")
    return "bet", ("bet", "banco", "sit_out")


# ---- loading and saving ----------------------------------------------------------------


@dataclass(slots=True)
class Loaded:
    """A player's table as read under the wallet lock."""

    row: ChemTableRow
    wallet: int
    table: ChemTable
    pending: ChemRound | None


def load(session: Session, user_id: int) -> Loaded:
    """Lock the wallet, then read the table and any pending round.

    Raises:
        ChemRefusal: 404 ``no_table`` (the player has not sat at a table).
    """
    row, wallet, pending = SERVICE.read(session, user_id)
    return Loaded(row, wallet, _bot_bank(_core_table(row, wallet)), pending)


def _save_table(row: ChemTableRow, table: ChemTable) -> None:
    row.computer_balances = _csv(table.balances[1:])
    row.banker = table.banker
    row.bank_minor = table.bank_minor
    row.may_keep = table.may_keep


def _bot_entries(
    session: Session, journal: str, kind: EntryKind, amounts: Sequence[tuple[int, int]]
) -> None:
    """Money between the computer players (``house_players``) and ``house_game``.

    ``amounts``: (seat, what the seat gains; negative: pays).
    """
    moves = ((f"seat:{seat}", amount) for seat, amount in amounts)
    house_entries(session, journal, kind.value, "house_game", moves)


def sit(
    session: Session,
    user_id: int,
    *,
    computers: int,
    decision_seconds: int,
    banker_rule: str,
    minimum_minor: int,
) -> None:
    """Sit at a new table (replacing the player's old one): the player banks first.

    The old table's computer players give their chips back to ``house_bank``; the new
    ones are granted :data:`BOT_CHIPS` minimums each from it.

    Raises:
        ChemRefusal: 409 ``decision_pending`` (a round of the old table awaits a choice).
    """
    old = SERVICE.leave(session, user_id)
    tag = uuid.uuid4().hex[:12]
    if old is not None:
        _house_bank(session, f"chemin:leave:{tag}", _ints(old.computer_balances), back=True)
        session.flush()
    chips = [BOT_CHIPS * minimum_minor] * computers
    _house_bank(session, f"chemin:sit:{tag}", chips, back=False)
    session.add(
        ChemTableRow(
            user_id=user_id,
            computer_balances=_csv(chips),
            banker=HUMAN,
            bank_minor=0,
            may_keep=False,
            minimum_minor=minimum_minor,
            decision_seconds=decision_seconds,
            banker_rule=banker_rule,
            decks=DECKS,
            shoes_started=0,
            shoe_open=False,
            shoe_position=0,
            shoe_rounds=0,
            seen=_csv([0] * 10),
            created_at=utcnow(),
        )
    )
    session.flush()


def _house_bank(session: Session, journal: str, chips: Sequence[int], *, back: bool) -> None:
    """Computer players' chips from ``house_bank`` (or back to it)."""
    moves = ((f"seat:{seat}", -amount if back else amount) for seat, amount in enumerate(chips, 1))
    house_entries(session, journal, EntryKind.GRANT.value, "house_bank", moves)


# ---- actions --------------------------------------------------------------------------


def act(session: Session, user_id: int, action: str, amount_minor: int | None) -> Done:
    """Apply one action of the player (see the module docstring), in the open transaction.

    Raises:
        ChemRefusal: 409 ``decision_pending``, 409 ``action_not_allowed`` (naming the
            allowed ones), 422 ``amount_required``.
        InvalidBet, WrongPhase: The core table refuses (a banco larger than the bank,
            a bet over what is left of it, a bank over the balance...).
    """
    loaded = load(session, user_id)
    if loaded.pending is not None:
        raise ChemRefusal(409, "decision_pending", round_id=loaded.pending.id)
    table = loaded.table
    phase, allowed = turn(table, None)
    if action not in allowed:
        raise ChemRefusal(
            409, "action_not_allowed", action=action[:20], turn=phase, allowed=", ".join(allowed)
        )
    if action in ("bank", "bet") and amount_minor is None:
        raise ChemRefusal(422, "amount_required", action=action)
    if action == "pass":
        _save_table(loaded.row, pass_bank(table))
        return Done()
    if action == "keep":
        _save_table(loaded.row, keep_bank(table))
        return Done()
    human: Wager | None = None
    if action == "bank":
        assert amount_minor is not None
        table = open_bank(table, amount_minor)
    elif action == "bet":
        assert amount_minor is not None
        human = Wager(HUMAN, amount_minor)
    elif action == "banco":
        human = Wager(HUMAN, table.bank_minor, banco=True)
    before = bets_in_order(table, None, until_human=True)
    if human is not None:
        place_wager(table, before, human)  # the player's bet, judged where he sits
    wagers = bets_in_order(table, human, until_human=False)
    if not wagers:
        # Nobody bets against the bank: it passes (as at the terminal table).
        try:
            _save_table(loaded.row, pass_bank(table))
        except WrongPhase:
            _save_table(loaded.row, table)
        return Done()
    return Done(_deal(session, loaded, table, wagers))


# ---- dealing and settling -------------------------------------------------------------


def _unseen(seen: Sequence[int], decks: int) -> tuple[int, ...]:
    full = [16 * decks] + [4 * decks] * 9
    return tuple(f - s for f, s in zip(full, seen, strict=True))


def _solution(seen: Sequence[int], rules: Rules) -> Any:
    return solution_for(_unseen(seen, rules.decks), banker_rule(rules))


def pending_point(stored: ChemRound) -> ChoicePoint:
    """The choice a pending round awaits."""
    assert stored.pending_side is not None and stored.pending_total is not None
    return ChoicePoint(stored.pending_side, stored.pending_total, stored.pending_third)


def pending_solution(loaded: Loaded) -> Any:
    """The solution for the cards unseen while the pending round waits (cached)."""
    stored = loaded.pending
    assert stored is not None
    return _solution(_ints(loaded.row.seen), rules_of(stored))


def seen_before(stored: ChemRound, server_seed_hex: str) -> list[int]:
    """The cards seen in the round's shoe before it, per point value (the shoe replayed).

    The burn card shown and every card dealt from the end of the burn to the round's first.
    """
    shoe = Shoe(
        rules_of(stored),
        FairSource(bytes.fromhex(server_seed_hex), stored.client_seed, stored.nonce),
    )
    burn = shoe.shuffle()
    seen = [0] * 10
    if burn is not None:
        seen[burn.shown.points] += 1
    while shoe.position < stored.first_card:
        seen[shoe.deal().points] += 1
    return seen


def round_solution(stored: ChemRound, server_seed_hex: str) -> Any:
    """The solution the round's choices were made against (cached)."""
    return _solution(seen_before(stored, server_seed_hex), rules_of(stored))


def optimal(solution: Any, point: ChoicePoint) -> bool:
    """The optimal choice for the unseen cards (a mixed one: the likelier side, as the terminal)."""
    return advise(solution, point).draws


@dataclass(slots=True)
class _Coup:
    result: CoupResult | None
    awaited: Awaited[ChoicePoint] | None
    decisions: list[dict[str, Any]]


def _play(
    shoe: Shoe,
    stored: ChemRound,
    table: ChemTable,
    seed_hex: str,
    seen: Sequence[int],
    human: bool | None,
    *,
    by_timeout: bool,
) -> _Coup:
    """Play the round's coup from the shoe (``stored``: its hand's seat, its place in the shoe).

    The player's choice is ``human``; ``None`` stops at it, or with ``by_timeout`` plays the
    optimal one.
    """
    solution = _solution(seen, shoe.rules)
    stream = table_choice_stream(
        server_seed_key(bytes.fromhex(seed_hex)), shoe.shoe_index, stored.round_in_shoe
    )
    computer = solution.strategy().decider(stream)
    decisions: list[dict[str, Any]] = []
    coup = start_chemin(
        shoe.deal,
        banker_rule=banker_rule(shoe.rules),
        tableau=shoe.rules.tableau,
        shoe_index=shoe.shoe_index,
        round_in_shoe=stored.round_in_shoe,
        last_in_shoe=stored.last_in_shoe,
    )
    while (point := coup.pending) is not None:
        seat = stored.hand_seat if point.side == PLAYER else table.banker
        if seat != HUMAN:
            draws, timeout = bool(computer(point)), False
        elif human is None and not by_timeout:
            return _Coup(None, Awaited(point, list(coup.cards)), decisions)
        else:
            draws = optimal(solution, point) if by_timeout else bool(human)
            timeout = by_timeout
        decisions.append(_decision(point, draws, seat, by_timeout=timeout))
        coup.choose(draws)
    return _Coup(coup.result, None, decisions)


def _decision(point: ChoicePoint, draws: bool, seat: int, *, by_timeout: bool) -> dict[str, Any]:
    """A choice made, as its row stores it."""
    return {
        "side": point.side,
        "total": point.total,
        "player_third": point.player_third if point.side != PLAYER else None,
        "draws": draws,
        "seat": seat,
        "computer": seat != HUMAN,
        "by_timeout": by_timeout,
    }


def _seen_at_deal(row: ChemTableRow, burn: Burn | None, new: bool) -> list[int]:
    """The cards seen in the shoe before the round (a new shoe's: its burn card shown)."""
    if not new:
        return _ints(row.seen)
    seen = [0] * 10
    if burn is not None:
        seen[burn.shown.points] += 1
    row.seen = _csv(seen)
    return seen


def _deal(session: Session, loaded: Loaded, table: ChemTable, wagers: tuple[Wager, ...]) -> int:
    """Deal a round from the table's shoe; settle it, or store it pending the player's choice."""
    row = loaded.row
    shoe, seed_row, burn, new = open_shoe(session, row, rules_of(row))
    seen = _seen_at_deal(row, burn, new)
    stored = SERVICE.new_round(
        row,
        shoe,
        seed_row,
        burn,
        variant=VARIANT,
        banker_rule=row.banker_rule,
        cards="",
        bank_seat=table.banker,
        bank_minor=table.bank_minor,
        hand_seat=player_hand_seat(table, wagers),
    )
    coup = _play(shoe, stored, table, seed_row.server_seed, seen, None, by_timeout=False)
    cards = coup.awaited.cards if coup.awaited is not None else list(coup.result.cards)  # type: ignore[union-attr]
    stored.cards = " ".join(c.code for c in cards)
    session.add(stored)
    session.flush()
    stakes = _stakes(table, wagers)
    _seat_rows(session, stored.id, table, wagers, stakes)
    _stake_entries(session, row.user_id, f"chemin:{stored.id}:stake", stakes)
    if coup.awaited is not None:
        _await(row, stored, table, stakes, coup.awaited.point)
        session.flush()
    else:
        _settle(session, loaded, stored, table, wagers, coup, shoe)
    return int(stored.id)


def _await(
    row: ChemTableRow,
    stored: ChemRound,
    table: ChemTable,
    stakes: dict[int, int],
    point: ChoicePoint,
) -> None:
    """A round stored pending the player's choice at ``point``, until its deadline."""
    # While the choice waits the stakes are out of every seat's balance, as the ledger
    # has them (the settlement starts again from each seat's balance before the round).
    row.computer_balances = _csv(
        [b - stakes.get(seat, 0) for seat, b in enumerate(table.balances)][1:]
    )
    stored.pending_side = point.side
    stored.pending_total = point.total
    stored.pending_third = point.player_third if point.side != PLAYER else None
    stored.decision_deadline = deadline(row, stored.created_at)


def _seat_rows(
    session: Session,
    round_id: int,
    table: ChemTable,
    wagers: tuple[Wager, ...],
    stakes: dict[int, int],
) -> None:
    """The round's seats: the banker's and each punter's who bet."""
    for seat in range(table.seats):
        if seat != table.banker and seat not in stakes:
            continue
        session.add(
            ChemSeat(
                round_id=round_id,
                seat=seat,
                computer=seat != HUMAN,
                role="banker" if seat == table.banker else "punter",
                stake_minor=stakes.get(seat, 0),
                banco=any(w.seat == seat and w.banco for w in wagers),
                balance_before_minor=table.balances[seat],
            )
        )
    session.flush()  # the sessions do not autoflush: the settlement reads these seats


def _stake_entries(session: Session, user_id: int, journal: str, stakes: dict[int, int]) -> None:
    """Every seat's stake to ``house_game``: the player's from his wallet, the computers'."""
    if stakes.get(HUMAN):
        post(
            session,
            user_id=user_id,
            journal=journal,
            movements=[
                Movement(EntryKind.STAKE, -stakes[HUMAN], Account.HOUSE_GAME, None, "seat:0")
            ],
        )
    _bot_entries(
        session, journal, EntryKind.STAKE, [(s, -a) for s, a in stakes.items() if s != HUMAN]
    )


def _stakes(table: ChemTable, wagers: tuple[Wager, ...]) -> dict[int, int]:
    """What each seat risks: a punter his bet, the banker the part of the bank covered."""
    stakes = {w.seat: w.amount_minor for w in wagers}
    stakes[table.banker] = sum(w.amount_minor for w in wagers)
    return stakes


def _complete(session: Session, loaded: Loaded, human: bool | None) -> None:
    """Play a pending round again from its first card with the player's answer, and settle it."""
    stored = loaded.pending
    assert stored is not None
    seats = session.execute(
        select(ChemSeat).where(ChemSeat.round_id == stored.id).order_by(ChemSeat.seat)
    ).scalars()
    balances = list(loaded.table.balances)
    wagers: list[Wager] = []
    for s in seats:
        # The stakes are out of the balances now: the table of the deal had them in.
        balances[s.seat] = s.balance_before_minor
        if s.role == "punter":
            wagers.append(Wager(s.seat, s.stake_minor, banco=s.banco))
    order = punters(ChemTable(balances=tuple(balances), banker=stored.bank_seat))
    wagers.sort(key=lambda w: order.index(w.seat))
    table = ChemTable.for_rules(
        rules_of(stored),
        balances=tuple(balances),
        banker=stored.bank_seat,
        bank_minor=stored.bank_minor,
        minimum_minor=loaded.row.minimum_minor,
    )
    shoe, seed_row = SERVICE.replayed_shoe(session, stored, rules_of(stored))
    seen = _ints(loaded.row.seen)
    coup = _play(shoe, stored, table, seed_row.server_seed, seen, human, by_timeout=human is None)
    assert coup.result is not None
    stored.cards = " ".join(c.code for c in coup.result.cards)
    _settle(session, loaded, stored, table, tuple(wagers), coup, shoe)


def _bank_fate(table: ChemTable, after: ChemTable, outcome: str) -> tuple[ChemTable, str]:
    """The bank after the round and what became of it: a computer banker keeps or gives up."""
    if outcome != "banker":
        return after, "stands" if outcome == "tie" else "passes"
    if table.banker == HUMAN:
        return after, "grows"
    if after.bank_minor < BOT_KEEP * after.minimum_minor:
        return keep_bank(after), "kept"
    try:
        return pass_bank(after), "given_up"
    except WrongPhase:
        return keep_bank(after), "kept"


def _settle_money(
    session: Session,
    user_id: int,
    stored: ChemRound,
    table: ChemTable,
    stakes: dict[int, int],
    settlement: Any,
) -> None:
    """Each seat's payout and the banker's commission: the seats' rows and the ledger."""
    journal = f"chemin:{stored.id}:settle"
    rows = session.execute(select(ChemSeat).where(ChemSeat.round_id == stored.id)).scalars()
    human_moves: list[Movement] = []
    bot_payouts: list[tuple[int, int]] = []
    bot_commission: list[tuple[int, int]] = []
    for seat_row in rows:
        seat = seat_row.seat
        delta = settlement.deltas[seat]
        payout = stakes.get(seat, 0) + delta
        seat_row.delta_minor = delta
        seat_row.payout_minor = payout
        commission = settlement.commission_minor if seat == table.banker else 0
        if seat != HUMAN:
            bot_payouts.append((seat, payout + commission))
            bot_commission.append((seat, -commission))
            continue
        if payout + commission:
            human_moves.append(
                Movement(EntryKind.PAYOUT, payout + commission, Account.HOUSE_GAME, None, "seat:0")
            )
        if commission:
            human_moves.append(
                Movement(EntryKind.COMMISSION, -commission, Account.HOUSE_GAME, None, "seat:0")
            )
    if human_moves:
        post(session, user_id=user_id, journal=journal, movements=human_moves)
    _bot_entries(session, journal, EntryKind.PAYOUT, bot_payouts)
    _bot_entries(session, journal, EntryKind.COMMISSION, bot_commission)


def _settle(
    session: Session,
    loaded: Loaded,
    stored: ChemRound,
    table: ChemTable,
    wagers: tuple[Wager, ...],
    coup: _Coup,
    shoe: Shoe,
) -> None:
    """Settle the round: the money (ledger and balances), the decisions, the bank's fate."""
    assert coup.result is not None
    result = coup.result
    settlement = settle_round(table, wagers, result.outcome.value)
    after, fate = _bank_fate(table, apply_settlement(table, settlement), settlement.outcome)
    row = loaded.row
    _settle_money(session, row.user_id, stored, table, _stakes(table, wagers), settlement)
    SERVICE.finish(session, row, stored, shoe, coup.decisions)
    stored.outcome = settlement.outcome
    stored.commission_minor = settlement.commission_minor
    stored.rounded_away = str(settlement.rounded_away)
    stored.bank_after = fate
    stored.pending_side = stored.pending_total = stored.pending_third = None
    # The player's balance is the wallet's; the table keeps the computers' and the bank.
    _save_table(row, after)
    seen = _ints(row.seen)
    for card in result.cards:
        seen[card.points] += 1
    row.seen = _csv(seen)
    session.flush()


#: The game's table service (loading, sitting down, answers, deadlines, the rounds' rows).
SERVICE: TableService[Loaded] = TableService(
    tables=ChemTableRow,
    rounds=ChemRound,
    decisions=ChemDecision,
    refusal=ChemRefusal,
    load=load,
    complete=_complete,
)
answer = SERVICE.answer
expire = SERVICE.expire
sweep = SERVICE.sweep
next_deadline = SERVICE.next_deadline
