"""The wallet: play-money top-ups."""

from __future__ import annotations

import hashlib
import secrets
from typing import Annotated

from fastapi import APIRouter, Header, Response
from sqlalchemy import select

from puntobanco.server.deps import PlayerDep, SessionDep, SettingsDep, errors
from puntobanco.server.errors import ApiError
from puntobanco.server.ledger.wallet import Account, EntryKind, Movement, lock_wallet, post
from puntobanco.server.models import LedgerEntry
from puntobanco.server.rounds.requests import check_key
from puntobanco.server.schemas import BalanceOut, TopUp

router = APIRouter(prefix="/api/wallet", tags=["wallet"])


@router.post("/top-up", response_model=BalanceOut, responses=errors(400, 401, 409, 422, 503))
def top_up(
    body: TopUp,
    response: Response,
    player: PlayerDep,
    session: SessionDep,
    settings: SettingsDep,
    idempotency_key: Annotated[str | None, Header(max_length=1000)] = None,
) -> BalanceOut:
    """Add play money: 1 to ``top_up_max_minor`` per top-up, never past ``balance_cap_minor``.

    With an ``Idempotency-Key`` header, a retry adds nothing and returns the balance.
    """
    amount = body.amount_minor
    if not 1 <= amount <= settings.top_up_max_minor:
        raise ApiError(422, "top_up_range", amount=amount, maximum=settings.top_up_max_minor)
    if idempotency_key is not None:
        digest = hashlib.sha256(check_key(idempotency_key).encode()).hexdigest()[:32]
        journal = f"top_up:{player.id}:k{digest}"
    else:
        journal = f"top_up:{player.id}:{secrets.token_hex(8)}"
    with session.begin():
        balance = lock_wallet(session, player.id)
        done = session.execute(
            select(LedgerEntry.amount_minor).where(
                LedgerEntry.journal == journal, LedgerEntry.account == "wallet"
            )
        ).scalar_one_or_none()
        if done is not None:
            if done != amount:
                raise ApiError(409, "idempotency_conflict", key=str(idempotency_key)[:40])
            response.headers["Idempotent-Replayed"] = "true"
            return BalanceOut(balance_minor=balance)
        room = max(settings.balance_cap_minor - balance, 0)
        if amount > room:
            raise ApiError(422, "balance_cap", cap=settings.balance_cap_minor, room=room)
        new_balance = post(
            session,
            user_id=player.id,
            journal=journal,
            movements=[Movement(EntryKind.TOP_UP, amount, Account.HOUSE_BANK)],
        )
    return BalanceOut(balance_minor=new_balance)
