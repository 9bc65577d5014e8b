"""Baccarat Banque: sit at a table against the house's bank, read it, bet, answer a choice, recall.

The game and its money are :mod:`puntobanco.server.games.banque.game`; every request that
changes something runs in one transaction under the player's wallet lock, and a refusal
changes nothing. Refusals answer in the error contract (``server/errors.py``), worded
by the catalogue's ``bserver.`` section in every language.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Path, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.server.deps import LangDep, PlayerDep, SessionDep, SettingsDep, errors
from puntobanco.server.games.actions import TableRoutes, own_round, rounds_page, timeout_messages
from puntobanco.server.games.banque import game
from puntobanco.server.games.banque.render import rounds_json, state_json
from puntobanco.server.games.banque.schemas import (
    BanqueAnswerOut,
    BanqueRoundOut,
    BanqueRoundPage,
    BanqueTableOut,
)
from puntobanco.server.games.chemin.schemas import SeatedOut
from puntobanco.server.models import (
    BanqueAction,
    BanqueDecision,
    BanqueRound,
    BanqueTableRow,
    utcnow,
)

router = APIRouter(prefix="/api/banque", tags=["banque"])

#: Largest id a 64-bit key holds.
MAX_ID = 2**63 - 1


class SitIn(BaseModel):
    """A new Banque table (it replaces the player's old one)."""

    model_config = ConfigDict(extra="forbid")
    decision_seconds: StrictInt = Field(
        default=30,
        ge=1,
        le=3600,
        description="Seconds to answer a choice before the optimal one is played.",
    )
    commission_percent: StrictInt = Field(
        default=5,
        ge=0,
        le=10,
        description="The house's share of the bank's net winnings on each round, in percent "
        "(rounded down to the minor unit).",
    )


class BetIn(BaseModel):
    """Your stakes: minor units on each spot (right, left, a-cheval), at most one each."""

    model_config = ConfigDict(extra="forbid")
    bets: dict[str, Any] = Field(
        max_length=3,
        description='Spot -> stake in minor units, e.g. {"right": 1000, "a-cheval": 500}.',
    )


class DecisionIn(BaseModel):
    """The answer to the choice awaited: draw or stand."""

    model_config = ConfigDict(extra="forbid")
    choice: Literal["draw", "stand"]


def _answer_body(
    session: Session, loaded: game.Loaded, done: game.Done, lang: str
) -> dict[str, Any]:
    """The table now, the round the action dealt or completed, and a timeout's sentence."""
    body: dict[str, Any] = {"table": state_json(session, loaded, utcnow(), lang), "round": None}
    if done.round_id is not None:
        row = session.get(BanqueRound, done.round_id)
        assert row is not None
        body["round"] = rounds_json(session, [row], lang)[0]
    body["timed_out"] = done.timed_out
    if done.timed_out:
        choices = session.execute(
            select(BanqueDecision.draws)
            .where(BanqueDecision.round_id == done.round_id, BanqueDecision.by_timeout.is_(True))
            .order_by(BanqueDecision.position)
        ).scalars()
        messages = timeout_messages("bserver", list(choices))
        body["message"], body["messages"] = messages[lang], messages
    return body


_table = TableRoutes(
    section="bserver",
    actions=BanqueAction,
    load=game.load,
    expire=game.expire,
    answer_body=_answer_body,
    worded={"spot": "bserver.spot"},
)


@router.post(
    "/table", status_code=201, response_model=BanqueTableOut, responses=errors(401, 409, 422, 503)
)
def sit(
    body: SitIn, request: Request, player: PlayerDep, session: SessionDep, settings: SettingsDep
) -> Any:
    """Sit at a new Banque table, the house holding the bank for the shoe.

    The bank (100 table minimums, opened afresh with each shoe or when it no longer covers
    a minimum) is house money: the ledger's ``house_players`` account, granted from
    ``house_bank``. A new table replaces the old one; refused while a round awaits your choice.
    """

    def run() -> Any:
        with session.begin():
            game.sit(
                session,
                player.id,
                decision_seconds=body.decision_seconds,
                commission=Fraction(body.commission_percent, 100),
                minimum_minor=settings.minimum_minor,
                maximum_minor=settings.maximum_minor,
            )
            state = state_json(session, game.load(session, player.id), utcnow())
        return JSONResponse(state, status_code=201)

    return _table.guarded(request, run)


@router.get("/seated", response_model=SeatedOut, responses=errors(401, 503))
def seated(player: PlayerDep, session: SessionDep) -> dict[str, bool]:
    """Whether you have a Baccarat Banque table.

    The page asks this before reading the table, so that a first visit opens one without a
    request the browser logs as failed (``GET /table``'s 404 ``no_table``).
    """
    with session.begin():
        return {"seated": session.get(BanqueTableRow, player.id) is not None}


@router.get("/table", response_model=BanqueAnswerOut, responses=errors(401, 404, 503))
def read_table(request: Request, player: PlayerDep, session: SessionDep, lang: LangDep) -> Any:
    """The table: your balance, the bank, the limits, and the choice awaited if any.

    A choice past its deadline is completed first with the optimal choice (``timed_out``
    and ``round`` say so).
    """
    return _table.read(request, session, player.id, lang)


@router.post(
    "/bet", response_model=BanqueAnswerOut, responses=errors(400, 401, 402, 404, 409, 422, 503)
)
def bet(
    body: BetIn,
    request: Request,
    player: PlayerDep,
    session: SessionDep,
    lang: LangDep,
    idempotency_key: Annotated[str | None, Header(max_length=1000)] = None,
) -> Any:
    """Bet on the right tableau, the left, or both (a-cheval), and deal the round.

    Each stake is a whole number of minor units within the table's limits, and together
    they may not pass what the bank covers. The round is settled at once or, when a
    tableau you hold has 5, stored pending with its stakes taken (``table.pending``).
    A retry with the same Idempotency-Key returns the same answer.
    """
    return _table.idempotent(
        request,
        session,
        player.id,
        idempotency_key,
        {"bet": body.bets},
        lang,
        lambda: game.bet(session, player.id, body.bets),
    )


@router.post(
    "/decision", response_model=BanqueAnswerOut, responses=errors(400, 401, 404, 409, 422, 503)
)
def decide(
    body: DecisionIn,
    request: Request,
    player: PlayerDep,
    session: SessionDep,
    lang: LangDep,
    idempotency_key: Annotated[str | None, Header(max_length=1000)] = None,
) -> Any:
    """Answer the choice awaited (draw or stand) for your tableau on 5.

    The round goes on to your next choice (the left tableau after the right, a-cheval)
    or to its end and is settled. After the deadline the optimal choice is played
    instead, and the answer says so (``timed_out``).
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


@router.get("/rounds", response_model=BanqueRoundPage, responses=errors(401, 422, 503))
def list_rounds(
    player: PlayerDep,
    session: SessionDep,
    lang: LangDep,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    before: Annotated[int | None, Query(ge=1, le=MAX_ID)] = None,
) -> dict[str, Any]:
    """Your Banque rounds, newest first: the three hands, bets, decisions, payouts, commission."""
    with session.begin():
        rows, next_before = rounds_page(session, BanqueRound, player.id, limit, before)
        rendered = rounds_json(session, rows, lang)
    return {"rounds": rendered, "next_before": next_before}


@router.get(
    "/rounds/{round_id}", response_model=BanqueRoundOut, responses=errors(401, 404, 422, 503)
)
def get_round(
    round_id: Annotated[int, Path(ge=1, le=MAX_ID)],
    request: Request,
    player: PlayerDep,
    session: SessionDep,
    lang: LangDep,
) -> Any:
    """One of your Banque rounds (404 for anyone else's)."""

    def run() -> Any:
        with session.begin():
            row = own_round(session, BanqueRound, player.id, round_id)
            if row is None:
                raise game.BanqueRefusal(404, "round_not_found", round_id=round_id)
            return rounds_json(session, [row], lang)[0]

    return _table.guarded(request, run)
