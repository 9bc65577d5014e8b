"""Chemin de fer: sit at a table with computer players, read it, act, answer a choice, recall.

The game and its money are :mod:`puntobanco.server.games.chemin.game`; every request that
changes something runs in one transaction under the player's wallet lock, and a refusal
changes nothing. Refusals answer in the error contract (``server/errors.py``), worded
by the catalogue's ``cserver.`` section (the core table's, by its ``chemin.`` section).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Path, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.server.deps import LangDep, PlayerDep, SessionDep, SettingsDep, errors
from puntobanco.server.games.actions import TableRoutes, own_round, rounds_page, timeout_messages
from puntobanco.server.games.chemin import game
from puntobanco.server.games.chemin.render import rounds_json, state_json
from puntobanco.server.games.chemin.schemas import (
    ChemAnswerOut,
    ChemRoundOut,
    ChemRoundPage,
    ChemTableOut,
    SeatedOut,
)
from puntobanco.server.models import ChemAction, ChemDecision, ChemRound, ChemTableRow, utcnow

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
        choice: bool = session.execute(
            select(ChemDecision.draws).where(
                ChemDecision.round_id == done.round_id, ChemDecision.by_timeout.is_(True)
            )
        ).scalar_one()
        messages = timeout_messages("cserver", [choice])
        body["message"], body["messages"] = messages[lang], messages
    return body


_table = TableRoutes(
    section="cserver",
    actions=ChemAction,
    load=game.load,
    expire=game.expire,
    answer_body=_answer_body,
)


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

    return _table.guarded(request, run)


@router.get("/seated", response_model=SeatedOut, responses=errors(401, 503))
def seated(player: PlayerDep, session: SessionDep) -> dict[str, bool]:
    """Whether you have a Chemin de fer table.

    The page asks this before reading the table, so that a first visit opens one without a
    request the browser logs as failed (``GET /table``'s 404 ``no_table``).
    """
    with session.begin():
        return {"seated": session.get(ChemTableRow, player.id) is not None}


@router.get("/table", response_model=ChemAnswerOut, responses=errors(401, 404, 503))
def read_table(request: Request, player: PlayerDep, session: SessionDep, lang: LangDep) -> Any:
    """The table: seats and balances, the bank, whose turn it is and what you may do.

    A choice awaited comes with its advice (``table.pending.advice``): the optimal choice
    for the unseen cards and what each choice costs, with the sentence in your language.

    A choice past its deadline is completed first with the optimal choice (``timed_out``
    and ``round`` say so).
    """
    return _table.read(request, session, player.id, lang)


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
    return _table.idempotent(
        request,
        session,
        player.id,
        idempotency_key,
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
    return _table.idempotent(
        request,
        session,
        player.id,
        idempotency_key,
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
    with session.begin():
        rows, next_before = rounds_page(session, ChemRound, player.id, limit, before)
        rendered = rounds_json(session, rows, lang)
    return {"rounds": rendered, "next_before": next_before}


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
            row = own_round(session, ChemRound, player.id, round_id)
            if row is None:
                raise game.ChemRefusal(404, "round_not_found", round_id=round_id)
            return rounds_json(session, [row], lang)[0]

    return _table.guarded(request, run)
