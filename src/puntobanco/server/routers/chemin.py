"""Chemin de fer: sit at a table with computer players, read it, act, answer a choice, recall.

The game and its money are :mod:`puntobanco.server.chemin_game`; every request that
changes something runs in one transaction under the player's wallet lock, and a refusal
changes nothing. Refusals answer in the error contract (``server/errors.py``), worded
by the catalogue's ``cserver.`` section (the core table's, by its ``chemin.`` section).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Path, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.core.i18n import LANGUAGES, Lang, text
from puntobanco.core.money import format_minor
from puntobanco.server import chemin_game as game
from puntobanco.server import deadlines
from puntobanco.server.chemin_render import rounds_json, state_json
from puntobanco.server.chemin_schemas import (
    ChemAnswerOut,
    ChemRoundOut,
    ChemRoundPage,
    ChemTableOut,
)
from puntobanco.server.deps import LangDep, PlayerDep, SessionDep, SettingsDep, errors
from puntobanco.server.errors import error_response, request_lang
from puntobanco.server.game import check_key
from puntobanco.server.models import ChemDecision, ChemRound, utcnow

router = APIRouter(prefix="/api/chemin", tags=["chemin-de-fer"])

#: Largest id a 64-bit key holds.
MAX_ID = 2**63 - 1


class SitIn(BaseModel):
    """A new Chemin de fer table (it replaces the player's old one)."""

    model_config = ConfigDict(extra="forbid")
    computers: StrictInt = Field(default=3, ge=1, le=6, description="Computer players, 1 to 6.")
    decision_seconds: StrictInt = Field(
        default=30,
        ge=1,
        le=3600,
        description="Seconds to answer a choice before the optimal one is played.",
    )
    banker_rule: Literal["rule-card", "free"] = Field(
        default="rule-card", description="The Banker's free cells: the rule card, or every cell."
    )


class ActIn(BaseModel):
    """One action of the player at the table."""

    model_config = ConfigDict(extra="forbid")
    action: Literal["bank", "deal", "keep", "pass", "bet", "banco", "sit_out"] = Field(
        description="bank (open it: amount_minor), deal (with the bank open), keep or pass "
        "(the bank), bet (amount_minor), banco (the whole bank), sit_out (this round)."
    )
    amount_minor: StrictInt | None = Field(
        default=None, description="Minor units, for bank and bet."
    )


class DecisionIn(BaseModel):
    """The answer to the choice awaited: draw or stand."""

    model_config = ConfigDict(extra="forbid")
    choice: Literal["draw", "stand"]


def _refused(request: Request, refusal: game.ChemRefusal) -> JSONResponse:
    """The refusal in the error contract, in every language."""
    params = dict(refusal.params)

    def word(lang: Lang) -> str:
        shown: dict[str, Any] = {
            k: format_minor(v, lang=lang) if k.endswith("_minor") and isinstance(v, int) else v
            for k, v in params.items()
        }
        return text(lang, f"cserver.error.{refusal.code}", **shown)

    messages: dict[str, str] = {lang: word(lang) for lang in LANGUAGES}
    message = messages[request_lang(request)]
    return error_response(refusal.status, refusal.code, message, params, None, messages)


def _guarded(request: Request, run: Callable[[], Any]) -> Any:
    try:
        return run()
    except game.ChemRefusal as refusal:
        return _refused(request, refusal)


def _answer_body(
    session: Session, loaded: game.Loaded, done: game.Done, lang: str
) -> dict[str, Any]:
    """The table now, the round the action dealt or completed, and a timeout's sentence."""
    body: dict[str, Any] = {"table": state_json(loaded, utcnow(), lang), "round": None}
    if done.round_id is not None:
        row = session.get(ChemRound, done.round_id)
        assert row is not None
        body["round"] = rounds_json(session, [row], lang)[0]
    body["timed_out"] = done.timed_out
    if done.timed_out:
        choice = session.execute(
            select(ChemDecision.draws).where(
                ChemDecision.round_id == done.round_id, ChemDecision.by_timeout.is_(True)
            )
        ).scalar_one()
        messages: dict[str, str] = {
            lg: text(
                lg,
                "cserver.timed_out",
                choice=text(lg, f"cserver.word.{'draw' if choice else 'stand'}"),
            )
            for lg in LANGUAGES
        }
        body["message"], body["messages"] = messages[lang], messages
    return body


@router.post(
    "/table", status_code=201, response_model=ChemTableOut, responses=errors(401, 409, 422, 503)
)
def sit(
    body: SitIn,
    request: Request,
    player: PlayerDep,
    session: SessionDep,
    settings: SettingsDep,
    lang: LangDep,
) -> Any:
    """Sit at a new table: you at seat 0 holding the bank, and the computer players.

    The computer players' chips (1000 table minimums each) are house money: the ledger's
    ``house_players`` account, granted from ``house_bank``. A new table replaces the old
    one (its computer players' chips go back); refused while a round awaits your choice.
    """

    def run() -> Any:
        with session.begin():
            game.sit(
                session,
                player.id,
                computers=body.computers,
                decision_seconds=body.decision_seconds,
                banker_rule=body.banker_rule,
                minimum_minor=settings.minimum_minor,
            )
            state = state_json(game.load(session, player.id), utcnow(), lang)
        return JSONResponse(state, status_code=201)

    return _guarded(request, run)


@router.get("/table", response_model=ChemAnswerOut, responses=errors(401, 404, 503))
def read_table(request: Request, player: PlayerDep, session: SessionDep, lang: LangDep) -> Any:
    """The table: seats and balances, the bank, whose turn it is and what you may do.

    A choice awaited comes with its advice (``table.pending.advice``): the optimal choice
    for the unseen cards and what each choice costs, with the sentence in your language.

    A choice past its deadline is completed first with the optimal choice (``timed_out``
    and ``round`` say so).
    """

    def run() -> Any:
        with session.begin():
            done = game.expire(session, player.id)
            loaded = game.load(session, player.id)
            body = _answer_body(session, loaded, done, lang)
        deadlines.wake_at(request, loaded.pending)
        return body

    return _guarded(request, run)


def _idempotent(
    request: Request,
    session: Session,
    user_id: int,
    key: str,
    request_body: dict[str, Any],
    lang: str,
    step: Callable[[], game.Done],
) -> Any:
    digest = game.fingerprint(request_body)

    def run() -> Any:
        with session.begin():
            game.load(session, user_id)  # the wallet's lock, before the key is looked up
            stored = game.replayed(session, user_id, key, digest)
            if stored is not None:
                return JSONResponse(stored, headers={"Idempotent-Replayed": "true"})
            done = step()
            loaded = game.load(session, user_id)
            body = _answer_body(session, loaded, done, lang)
            game.remember(session, user_id, key, digest, done.round_id, body)
        deadlines.wake_at(request, loaded.pending)
        return JSONResponse(body)

    return _guarded(request, run)


@router.post(
    "/act", response_model=ChemAnswerOut, responses=errors(400, 401, 402, 404, 409, 422, 503)
)
def act(
    body: ActIn,
    request: Request,
    player: PlayerDep,
    session: SessionDep,
    lang: LangDep,
    idempotency_key: Annotated[str | None, Header(max_length=1000)] = None,
) -> Any:
    """Act at the table; a retry with the same Idempotency-Key returns the same answer.

    The banker's ``bank``, ``deal``, ``keep``, ``pass``; a punter's ``bet``, ``banco``,
    ``sit_out``.

    A bet, banco or deal deals the round: settled at once, or, when the choice is yours,
    stored pending with its stakes taken (``table.pending`` says what is awaited).
    """
    key = check_key(idempotency_key)
    return _idempotent(
        request,
        session,
        player.id,
        key,
        {"act": body.model_dump()},
        lang,
        lambda: game.act(session, player.id, body.action, body.amount_minor),
    )


@router.post(
    "/decision", response_model=ChemAnswerOut, responses=errors(400, 401, 404, 409, 422, 503)
)
def decide(
    body: DecisionIn,
    request: Request,
    player: PlayerDep,
    session: SessionDep,
    lang: LangDep,
    idempotency_key: Annotated[str | None, Header(max_length=1000)] = None,
) -> Any:
    """Answer the choice awaited (draw or stand); the round is played out and settled.

    After the deadline the optimal choice for the unseen cards is played instead, and
    the answer says so (``timed_out``).
    """
    key = check_key(idempotency_key)
    return _idempotent(
        request,
        session,
        player.id,
        key,
        {"decision": body.choice},
        lang,
        lambda: game.answer(session, player.id, body.choice),
    )


@router.get("/rounds", response_model=ChemRoundPage, responses=errors(401, 422, 503))
def list_rounds(
    player: PlayerDep,
    session: SessionDep,
    lang: LangDep,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    before: Annotated[int | None, Query(ge=1, le=MAX_ID)] = None,
) -> dict[str, Any]:
    """Your Chemin de fer rounds, newest first: seats, decisions, payouts, the bank."""
    query = select(ChemRound).where(ChemRound.user_id == player.id)
    if before is not None:
        query = query.where(ChemRound.id < before)
    query = query.order_by(ChemRound.id.desc()).limit(limit + 1)
    with session.begin():
        rows = list(session.execute(query).scalars())
        more = len(rows) > limit
        rows = rows[:limit]
        rendered = rounds_json(session, rows, lang)
    return {"rounds": rendered, "next_before": rows[-1].id if more and rows else None}


@router.get("/rounds/{round_id}", response_model=ChemRoundOut, responses=errors(401, 404, 422, 503))
def get_round(
    round_id: Annotated[int, Path(ge=1, le=MAX_ID)],
    request: Request,
    player: PlayerDep,
    session: SessionDep,
    lang: LangDep,
) -> Any:
    """One of your Chemin de fer rounds (404 for anyone else's).

    Each of your decisions says whether it was the optimal choice for the unseen cards
    and what it cost (``judged``).
    """

    def run() -> Any:
        with session.begin():
            row = session.execute(
                select(ChemRound).where(ChemRound.id == round_id, ChemRound.user_id == player.id)
            ).scalar_one_or_none()
            if row is None:
                raise game.ChemRefusal(404, "round_not_found", round_id=round_id)
            return rounds_json(session, [row], lang)[0]

    return _guarded(request, run)
