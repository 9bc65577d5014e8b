"""The settlement, in memory: what a settled (or refunded) round writes.

Every storage path writes the same rows: the money each bet's settlement moves
(:func:`settlement_rows`: payouts and commissions, as ledger movements) and each bet's
settlement row; a round that cannot be settled any more is refunded (:func:`refund_rows`).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from puntobanco.core.bets import Bet, Resolution, Settlement, settle
from puntobanco.core.cards import parse_cards
from puntobanco.core.coup import play_coup
from puntobanco.core.rules import Rules
from puntobanco.server.ledger.wallet import Account, EntryKind, Movement
from puntobanco.server.models import RoundBet, utcnow
from puntobanco.server.rounds.records import Settled


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


def settlement_rows(
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


def refund_rows(round_id: int, bets: list[Bet]) -> tuple[list[Movement], list[dict[str, Any]]]:
    """A refund's money (each stake back) and each bet's row (a push that pays the stake)."""
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
    return movements, rows


def settled_bets(round_id: int, bet_rows: list[dict[str, Any]]) -> tuple[RoundBet, ...]:
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


def settlement_params(
    user_id: int, round_id: int, settlement: Settlement
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The parameters of :data:`SETTLE_DEALT`, and each bet's settlement row."""
    movements, bet_rows = settlement_rows(round_id, settlement)
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


def settled_as_written(
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
    return Settled(settled_bets(round_id, bet_rows), payout, int(written.balance_minor))
