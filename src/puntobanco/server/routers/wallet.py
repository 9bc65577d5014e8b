"""The wallet: play-money top-ups."""

from __future__ import annotations

import secrets

from fastapi import APIRouter

from puntobanco.server.deps import PlayerDep, SessionDep, SettingsDep, errors
from puntobanco.server.errors import ApiError
from puntobanco.server.ledger.wallet import Account, EntryKind, Movement, lock_wallet, post
from puntobanco.server.schemas import BalanceOut, TopUp

router = APIRouter(prefix="/api/wallet", tags=["wallet"])


@router.post("/top-up", response_model=BalanceOut, responses=errors(401, 422, 503))
def top_up(
    body: TopUp, player: PlayerDep, session: SessionDep, settings: SettingsDep
) -> BalanceOut:
    """Add play money: 1 to ``top_up_max_minor`` per top-up, never past ``balance_cap_minor``."""
    amount = body.amount_minor
    if not 1 <= amount <= settings.top_up_max_minor:
        raise ApiError(422, "top_up_range", amount=amount, maximum=settings.top_up_max_minor)
    with session.begin():
        balance = lock_wallet(session, player.id)
        room = max(settings.balance_cap_minor - balance, 0)
        if amount > room:
            raise ApiError(422, "balance_cap", cap=settings.balance_cap_minor, room=room)
        new_balance = post(
            session,
            user_id=player.id,
            journal=f"top_up:{player.id}:{secrets.token_hex(8)}",
            movements=[Movement(EntryKind.TOP_UP, amount, Account.HOUSE_BANK)],
        )
    return BalanceOut(balance_minor=new_balance)
