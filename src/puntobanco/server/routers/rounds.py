"""Rounds: bet and deal (idempotent), recall."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Query, Request, Response
from fastapi.responses import JSONResponse
from sqlalchemy import select
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import LANGUAGES
from puntobanco.server import observability
from puntobanco.server.accounts import token_hash
from puntobanco.server.db import RoundRunner, outcome_unknown
from puntobanco.server.deps import (
    LangDep,
    PlayerDep,
    SessionDep,
    errors,
    request_token,
)
from puntobanco.server.errors import ApiError, api_message, request_lang
from puntobanco.server.models import Round, RoundStatus
from puntobanco.server.render import load_rounds, round_json
from puntobanco.server.rounds import orm
from puntobanco.server.rounds.records import Settled, Started
from puntobanco.server.rounds.recovery import recover
from puntobanco.server.rounds.requests import check_key, parse_stakes
from puntobanco.server.rounds.store import RoundStore
from puntobanco.server.schemas import RoundIn, RoundOut, RoundPage, RoundPending

log = logging.getLogger("puntobanco.server.rounds")
router = APIRouter(prefix="/api/rounds", tags=["rounds"])

#: Largest id a 64-bit key holds.
MAX_ID = 2**63 - 1


@router.post(
    "",
    status_code=201,
    response_model=RoundOut,
    responses={
        202: {
            "model": RoundPending,
            "description": "Dealt and its stakes taken, the settlement not confirmed (the "
            "database failed after the deal): it is settled automatically, once; the same "
            "request with the same Idempotency-Key returns the settled round.",
        },
        **errors(400, 401, 402, 409, 422, 503),
    },
)
async def play_round(
    body: RoundIn,
    request: Request,
    idempotency_key: Annotated[str | None, Header(max_length=1000)] = None,
) -> Response:
    """Place all of a round's bets and deal it. A retry with the same key returns the same round.

    201: the settled round. 202: the round was dealt (stakes taken) but the database failed
    before its settlement was confirmed. 503 ``database_error``: nothing was changed.
    503 ``round_outcome_unknown``: the connection died while the deal was being committed;
    the same request with the same key tells whether it was dealt (and completes it).
    """
    # The round runs in one go, on connections of its own: on PostgreSQL on the event
    # loop, on SQLite in the rounds' thread. The player's session token is checked by the
    # statement that locks the wallet.
    # The settings and the language are read here, not as dependencies (each one a step of
    # FastAPI's dependency resolution, per request).
    settings, lang = request.app.state.settings, request_lang(request)
    token = request_token(request)
    if token is None or len(token) > 200:
        raise ApiError(401, "not_authenticated")
    key = check_key(idempotency_key)
    stakes = parse_stakes(body.bets)
    hashed = token_hash(token)
    # The store chosen when the app was built (rounds/store.py) deals and settles it, on
    # connections of its own.
    store: RoundStore = request.app.state.round_store
    with deal_outcome(key):
        started, settled = await store.play(settings, token_hash=hashed, key=key, stakes=stakes)
    answer = _dealt_answer(request, started, settled, sum(stakes.values()), lang)
    if answer is not None:
        return answer
    # What is rare (a replay, a round left dealt, an unknown token), through the session.
    runner: RoundRunner = request.app.state.round_runner
    played: Response = await runner.run(_play, request, settings, hashed, key, stakes, lang)
    return played


def _dealt_answer(
    request: Request,
    started: Started | None,
    settled: Settled | Exception | None,
    staked: int,
    lang: str,
) -> Response | None:
    """201 with the round this request dealt and settled, 202 if its settlement failed.

    ``None``: not dealt by this request, or settled meanwhile: left to ``_play``.
    """
    if started is None or started.row is None or settled is None:
        return None
    if isinstance(settled, Exception):
        return _pending(request, started, staked, lang, settled)
    rendered = _rendered(started, settled, lang)
    observability.count_round(rendered)
    return _answer(rendered, replayed=False)


def _rendered(started: Started, settled: Settled, lang: str) -> dict[str, Any]:
    """The answer, built from what was written, without reading it back."""
    row = started.row
    assert row is not None
    row.status, row.payout_minor = RoundStatus.SETTLED, settled.payout_minor
    row.balance_minor = settled.balance_minor
    return round_json(row, settled.bets, started.seed_hash, lang, started.coup)


@contextmanager
def deal_outcome(key: str) -> Iterator[None]:
    """Answer a failed deal truthfully: refused, nothing changed, or not known.

    A refusal (an :class:`ApiError`, a game's :class:`BaccaratError`) and a database error
    rolled back (503 ``database_error``) changed nothing. Anything else may have come after
    the deal's COMMIT: 503 ``round_outcome_unknown``, whose retry with the same key deals
    the round once or returns it. Never the generic 500, which cannot say what was changed.
    """
    try:
        yield
    except (ApiError, BaccaratError):
        raise
    except DBAPIError as exc:
        if not outcome_unknown(exc):
            raise  # rolled back: nothing was changed
        log.error("the deal's COMMIT failed: its outcome is unknown", exc_info=exc)
        raise ApiError(503, "round_outcome_unknown", key=key) from None
    except Exception as exc:
        log.error("the deal failed: its outcome is unknown", exc_info=exc)
        raise ApiError(503, "round_outcome_unknown", key=key) from None


def _play(
    session: Session,
    request: Request,
    settings: Any,
    token: str,
    key: str,
    stakes: dict[str, int],
    lang: str,
) -> Response:
    """The round's two steps, deal and settle, then the answer (see ``play_round``)."""
    with deal_outcome(key):
        started = orm.start_round(session, settings, token_hash=token, key=key, stakes=stakes)
    if started.status is not RoundStatus.DEALT:  # a retry of a settled round
        return _answer(_stored(session, started.round_id, lang), replayed=True)
    # Dealt (now, or by an earlier try of this key): from here on the stakes are taken, so
    # a failure is no "nothing was changed" but a round to settle later.
    try:
        settled = orm.settle_round(session, started.round_id, started)
        if settled is None or started.row is None:  # settled meanwhile, or read back
            rendered = _stored(session, started.round_id, lang)
        else:
            rendered = _rendered(started, settled, lang)
    except Exception as exc:
        return _pending(request, started, sum(stakes.values()), lang, exc)
    if settled is not None:  # counted by whoever settled it: this request, or a recovery
        observability.count_round(rendered)
    return _answer(rendered, replayed=started.replayed)


def _answer(rendered: dict[str, Any], *, replayed: bool) -> Response:
    """201 with the round, written as built.

    ``round_json`` builds ``RoundOut``'s fields (the tests check answers against the
    schema): validating them again on the way out would cost the round a pydantic pass.
    """
    headers = {"Idempotent-Replayed": "true"} if replayed else None
    return JSONResponse(rendered, status_code=201, headers=headers)


def _stored(session: Any, round_id: int, lang: str) -> dict[str, Any]:
    """The round as stored (a replay, or a round settled meanwhile by a recovery)."""
    with session.begin():
        row = session.execute(select(Round).where(Round.id == round_id)).scalar_one()
        rendered: dict[str, Any] = load_rounds(session, [row], lang)[0]
    return rendered


def _pending(
    request: Request, started: Started, staked: int, lang: str, exc: Exception
) -> JSONResponse:
    """202: the round is dealt and its stakes taken; its settlement is to come.

    The recovery (see :mod:`puntobanco.server.rounds.recovery`) settles it exactly once: the sweeper
    is woken to do it as soon as the database answers again.
    """
    round_id = started.round_id
    log.error("round %d dealt, its settlement failed: left for recovery", round_id, exc_info=exc)
    request.app.state.recovery.ring()
    messages: dict[str, str] = {
        lang: api_message("round_pending", {"round_id": round_id}, lang) for lang in LANGUAGES
    }
    body = RoundPending(
        id=round_id,
        status=RoundStatus.DEALT,
        staked_minor=staked,
        message=messages[lang],
        messages=messages,
    )
    headers = {"Location": f"/api/rounds/{round_id}", "Retry-After": "1"}
    if started.replayed:
        headers["Idempotent-Replayed"] = "true"
    return JSONResponse(body.model_dump(), status_code=202, headers=headers)


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
    if any(row.status == RoundStatus.DEALT for row in rows):
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
    if row.status == RoundStatus.DEALT:
        orm.settle_round(session, row.id)
        with session.begin():
            row = session.execute(query).scalar_one()
    with session.begin():
        return load_rounds(session, [row], lang)[0]
