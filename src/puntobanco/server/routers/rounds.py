"""Rounds: bet and deal (idempotent), recall."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Query, Request, Response
from sqlalchemy import select

from puntobanco.server import observability
from puntobanco.server.deps import LangDep, PlayerDep, SessionDep, SettingsDep, errors
from puntobanco.server.errors import ApiError
from puntobanco.server.game import check_key, parse_stakes, recover, settle_round, start_round
from puntobanco.server.models import Round
from puntobanco.server.render import load_rounds, round_json
from puntobanco.server.schemas import RoundIn, RoundOut, RoundPage

router = APIRouter(prefix="/api/rounds", tags=["rounds"])

#: Largest id a 64-bit key holds.
MAX_ID = 2**63 - 1


def _count(rendered: dict[str, Any]) -> None:
    observability.ROUNDS.labels(rendered["outcome"]).inc()
    for s in rendered["settlement"]:
        observability.WAGERED.labels(s["bet"]).inc(s["stake_minor"])
        observability.PAID.labels(s["bet"]).inc(s["payout_minor"])


@router.post(
    "",
    status_code=201,
    response_model=RoundOut,
    responses=errors(400, 401, 402, 409, 422, 503),
)
def play_round(
    body: RoundIn,
    request: Request,
    response: Response,
    player: PlayerDep,
    session: SessionDep,
    settings: SettingsDep,
    lang: LangDep,
    idempotency_key: Annotated[str | None, Header(max_length=1000)] = None,
) -> dict[str, Any]:
    """Place all of a round's bets and deal it. A retry with the same key returns the same round."""
    key = check_key(idempotency_key)
    stakes = parse_stakes(body.bets)
    started = start_round(session, settings, user_id=player.id, key=key, stakes=stakes)
    settled = None
    if started.status == "dealt":  # just dealt, or interrupted and now retried: settle it
        settled = settle_round(session, started.round_id, started)
    if settled is not None and started.row is not None:
        row = started.row  # answer from what was written, without reading it back
        row.status, row.payout_minor = "settled", settled.payout_minor
        row.balance_minor = settled.balance_minor
        rendered = round_json(row, settled.bets, started.seed_hash, lang)
    else:
        with session.begin():
            row = session.execute(select(Round).where(Round.id == started.round_id)).scalar_one()
            rendered = load_rounds(session, [row], lang)[0]
    if started.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    else:
        _count(rendered)
    return rendered


@router.get("", response_model=RoundPage, responses=errors(401, 422, 503))
def list_rounds(
    request: Request,
    player: PlayerDep,
    session: SessionDep,
    lang: LangDep,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    before: Annotated[int | None, Query(ge=1, le=MAX_ID)] = None,
) -> dict[str, Any]:
    """The player's rounds, newest first, ``limit`` per page; pass ``next_before`` for more."""
    query = select(Round).where(Round.user_id == player.id)
    if before is not None:
        query = query.where(Round.id < before)
    query = query.order_by(Round.id.desc()).limit(limit + 1)
    with session.begin():
        rows = list(session.execute(query).scalars())
    if any(row.status == "dealt" for row in rows):
        recover(request.app.state.sessions, player.id)
        with session.begin():
            rows = list(session.execute(query).scalars())
    more = len(rows) > limit
    rows = rows[:limit]
    with session.begin():
        rendered = load_rounds(session, rows, lang)
    return {"rounds": rendered, "next_before": rows[-1].id if more and rows else None}


@router.get("/{round_id}", response_model=RoundOut, responses=errors(401, 404, 422, 503))
def get_round(
    round_id: Annotated[int, Path(ge=1, le=MAX_ID)],
    request: Request,
    player: PlayerDep,
    session: SessionDep,
    lang: LangDep,
) -> dict[str, Any]:
    """One of the player's rounds (404 for anyone else's)."""
    query = select(Round).where(Round.id == round_id, Round.user_id == player.id)
    with session.begin():
        row = session.execute(query).scalar_one_or_none()
    if row is None:
        raise ApiError(404, "round_not_found", round_id=round_id)
    if row.status == "dealt":
        settle_round(session, row.id)
        with session.begin():
            row = session.execute(query).scalar_one()
    with session.begin():
        return load_rounds(session, [row], lang)[0]
