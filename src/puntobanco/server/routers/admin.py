"""Operator endpoints, behind the admin token (header ``X-Admin-Token``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from puntobanco.server.deps import AdminDep, SessionDep, errors
from puntobanco.server.ledger.check import reconcile
from puntobanco.server.ledger.report import operator_report
from puntobanco.server.rounds.recovery import recover

router = APIRouter(prefix="/api/admin", tags=["admin"])


@router.get("/ledger/check", responses=errors(403, 503))
def ledger_check(_: AdminDep, session: SessionDep) -> dict[str, Any]:
    """Reconcile every wallet's balance with its entries; ``ok`` is false on any difference."""
    with session.begin():
        return reconcile(session).as_dict()


@router.get("/report", responses=errors(403, 503))
def report(_: AdminDep, session: SessionDep) -> dict[str, Any]:
    """Rounds, turnover, GGR per bet and per day; realised RTP against the exact value."""
    with session.begin():
        return operator_report(session).as_dict()


@router.post("/recover", responses=errors(403, 503))
def recover_rounds(_: AdminDep, request: Request) -> dict[str, Any]:
    """Complete every round left between its debit and its settlement."""
    return {"settled": recover(request.app.state.sessions)}
