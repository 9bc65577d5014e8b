"""Reconciliation: every cached balance against its entries, every journal against zero.

Used by ``puntobanco ledger check`` and ``GET /api/admin/ledger/check``. Each check is
one query over the whole ledger, whatever the number of rounds.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from sqlalchemy import and_, func, select
from sqlalchemy.orm import Session

from puntobanco.server.ledger.wallet import Account
from puntobanco.server.models import LedgerEntry, Round, RoundBet, RoundStatus, Wallet
from puntobanco.server.shared.models import Phase, SharedBet, SharedRound


@dataclass
class LedgerReport:
    """The result of a reconciliation; ``ok`` when nothing differs.

    ``rounds_open`` and ``shared_rounds_open`` list rounds in flight, which is no error.
    ``open_holds`` lists settled shared rounds whose ``house_pending`` entries do not sum
    to zero (``{"shared_round_id", "held_minor"}``): stakes the settlement left held,
    money that is neither the player's nor the house's. ``round_differences`` lists
    private rounds (``round_id``) and shared ones (``shared_round_id``) alike.
    """

    wallets_checked: int = 0
    entries: int = 0
    journals: int = 0
    rounds_settled: int = 0
    rounds_open: list[int] = field(default_factory=list)
    balance_differences: list[dict[str, int]] = field(default_factory=list)
    unbalanced_journals: list[dict[str, Any]] = field(default_factory=list)
    round_differences: list[dict[str, int]] = field(default_factory=list)
    entries_total_minor: int = 0
    shared_rounds_open: list[int] = field(default_factory=list)
    open_holds: list[dict[str, int]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether every balance, journal and round reconciles, and no stake is left held."""
        return not (
            self.balance_differences
            or self.unbalanced_journals
            or self.round_differences
            or self.entries_total_minor
            or self.open_holds
        )

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form, with ``ok``."""
        return {"ok": self.ok, **asdict(self)}


def _n(value: Any) -> int:
    """A database integer (or NULL, as 0) as an int."""
    return int(value or 0)


def reconcile(session: Session) -> LedgerReport:
    """Compare every wallet's cached balance with the sum of its entries, and more.

    Checks: each wallet's balance equals the sum of its wallet entries; each
    journal sums to zero; all entries together sum to zero; each settled
    round's wallet entries sum to its payout less its stakes, and its stakes
    and payout equal those of its bets. Rounds still open (dealt, not yet
    settled: in flight, or interrupted and awaiting recovery) are listed. Shared
    tables' rounds are checked by :func:`check_shared_rounds`.
    """
    report = LedgerReport()
    wallet_sums = (
        select(LedgerEntry.user_id, func.sum(LedgerEntry.amount_minor).label("total"))
        .where(LedgerEntry.account == "wallet")
        .group_by(LedgerEntry.user_id)
        .subquery()
    )
    rows = session.execute(
        select(Wallet.user_id, Wallet.balance_minor, func.coalesce(wallet_sums.c.total, 0)).join(
            wallet_sums, wallet_sums.c.user_id == Wallet.user_id, isouter=True
        )
    ).all()
    report.wallets_checked = len(rows)
    for user_id, cached, summed in rows:
        if _n(cached) != _n(summed) or _n(cached) < 0:
            report.balance_differences.append(
                {"user_id": _n(user_id), "balance_minor": _n(cached), "entries_minor": _n(summed)}
            )
    count, total = session.execute(
        select(func.count(), func.coalesce(func.sum(LedgerEntry.amount_minor), 0))
    ).one()
    report.entries, report.entries_total_minor = _n(count), _n(total)
    report.journals = int(
        session.execute(select(func.count(func.distinct(LedgerEntry.journal)))).scalar_one()
    )
    for journal, journal_total in session.execute(
        select(LedgerEntry.journal, func.sum(LedgerEntry.amount_minor))
        .group_by(LedgerEntry.journal)
        .having(func.sum(LedgerEntry.amount_minor) != 0)
    ):
        report.unbalanced_journals.append({"journal": journal, "total_minor": int(journal_total)})
    report.rounds_open = [
        int(i)
        for i in session.execute(
            select(Round.id).where(Round.status == RoundStatus.DEALT).order_by(Round.id)
        ).scalars()
    ]
    round_wallet = (
        select(LedgerEntry.round_id, func.sum(LedgerEntry.amount_minor).label("net"))
        .where(and_(LedgerEntry.account == "wallet", LedgerEntry.round_id.is_not(None)))
        .group_by(LedgerEntry.round_id)
        .subquery()
    )
    bet_sums = (
        select(
            RoundBet.round_id,
            func.sum(RoundBet.stake_minor).label("staked"),
            func.sum(RoundBet.payout_minor).label("payout"),
        )
        .group_by(RoundBet.round_id)
        .subquery()
    )
    settled = session.execute(
        select(
            Round.id,
            Round.staked_minor,
            Round.payout_minor,
            func.coalesce(round_wallet.c.net, 0),
            bet_sums.c.staked,
            bet_sums.c.payout,
        )
        .join(round_wallet, round_wallet.c.round_id == Round.id, isouter=True)
        .join(bet_sums, bet_sums.c.round_id == Round.id, isouter=True)
        .where(Round.status == RoundStatus.SETTLED)
    ).all()
    report.rounds_settled = len(settled)
    for round_id, staked, payout, net, bets_staked, bets_payout in settled:
        if (
            _n(net) != _n(payout) - _n(staked)
            or bets_staked is None
            or _n(bets_staked) != _n(staked)
            or bets_payout is None
            or _n(bets_payout) != _n(payout)
        ):
            report.round_differences.append(
                {
                    "round_id": _n(round_id),
                    "staked_minor": _n(staked),
                    "payout_minor": _n(payout),
                    "wallet_entries_minor": _n(net),
                }
            )
    check_shared_rounds(session, report)
    return report


def check_shared_rounds(session: Session, report: LedgerReport) -> None:
    """Add the shared tables' rounds to ``report``: open rounds, open holds, differences.

    A shared round moves stakes into ``house_pending`` while it takes bets and out of it
    at its settlement, so only a settled round must have its held money back to zero;
    rounds still betting, closed or dealing are listed in ``shared_rounds_open`` (fine).
    A settled round's wallet entries (holds, releases and payout) must sum to its bets'
    payouts less their stakes, and a bet left without a payout is a difference too.
    """
    report.shared_rounds_open = [
        int(i)
        for i in session.execute(
            select(SharedRound.id)
            .where(SharedRound.phase != Phase.SETTLED)
            .order_by(SharedRound.id)
        ).scalars()
    ]
    held = func.sum(LedgerEntry.amount_minor)
    report.open_holds = [
        {"shared_round_id": _n(round_id), "held_minor": _n(amount)}
        for round_id, amount in session.execute(
            select(SharedRound.id, held)
            .join(LedgerEntry, LedgerEntry.shared_round_id == SharedRound.id)
            .where(SharedRound.phase == Phase.SETTLED, LedgerEntry.account == Account.HOUSE_PENDING)
            .group_by(SharedRound.id)
            .having(held != 0)
            .order_by(SharedRound.id)
        )
    ]
    report.round_differences.extend(_shared_round_differences(session))


def _shared_round_differences(session: Session) -> list[dict[str, int]]:
    """The settled shared rounds whose wallet entries are not their bets' net result."""
    wallet = (
        select(LedgerEntry.shared_round_id, func.sum(LedgerEntry.amount_minor).label("net"))
        .where(LedgerEntry.account == Account.WALLET, LedgerEntry.shared_round_id.is_not(None))
        .group_by(LedgerEntry.shared_round_id)
        .subquery()
    )
    bets = (
        select(
            SharedBet.round_id,
            func.sum(SharedBet.stake_minor).label("staked"),
            func.sum(SharedBet.payout_minor).label("payout"),
            (func.count() - func.count(SharedBet.payout_minor)).label("unpaid"),
        )
        .group_by(SharedBet.round_id)
        .subquery()
    )
    rows = session.execute(
        select(
            SharedRound.id,
            func.coalesce(bets.c.staked, 0),
            func.coalesce(bets.c.payout, 0),
            func.coalesce(wallet.c.net, 0),
            func.coalesce(bets.c.unpaid, 0),
        )
        .join(wallet, wallet.c.shared_round_id == SharedRound.id, isouter=True)
        .join(bets, bets.c.round_id == SharedRound.id, isouter=True)
        .where(SharedRound.phase == Phase.SETTLED)
        .order_by(SharedRound.id)
    ).all()
    return [
        {
            "shared_round_id": _n(round_id),
            "staked_minor": _n(staked),
            "payout_minor": _n(payout),
            "wallet_entries_minor": _n(net),
        }
        for round_id, staked, payout, net, unpaid in rows
        if _n(unpaid) or _n(net) != _n(payout) - _n(staked)
    ]
