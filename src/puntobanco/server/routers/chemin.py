"""Chemin de fer: sit at a table with computer players, read it, act, answer a choice, recall.

The game and its money are :mod:`puntobanco.server.games.chemin.game`; the endpoints are
every table game's (:func:`~puntobanco.server.routers.table_games.router_for`), worded by
the catalogue's ``cserver.`` section (the core table's, by its ``chemin.`` section).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt
from sqlalchemy.orm import Session

from puntobanco.server.games.chemin import game
from puntobanco.server.games.chemin.render import rounds_json, state_json
from puntobanco.server.games.chemin.schemas import (
    ChemAnswerOut,
    ChemRoundOut,
    ChemRoundPage,
    ChemTableOut,
)
from puntobanco.server.games.schemas import SeatedOut
from puntobanco.server.games.service import Done
from puntobanco.server.models import ChemAction, ChemDecision, ChemRound, ChemTableRow, utcnow
from puntobanco.server.routers.table_games import TableApi, router_for
from puntobanco.server.settings import Settings


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


def _sit(session: Session, user_id: int, body: SitIn, settings: Settings) -> None:
    game.sit(
        session,
        user_id,
        computers=body.computers,
        decision_seconds=body.decision_seconds,
        banker_rule=body.banker_rule,
        minimum_minor=settings.minimum_minor,
    )


def _act(session: Session, user_id: int, body: ActIn) -> Done:
    return game.act(session, user_id, body.action, body.amount_minor)


def _state(session: Session, loaded: game.Loaded, lang: str) -> dict[str, Any]:
    return state_json(loaded, utcnow(), lang)


DOCS = {
    "sit": """Sit at a new table: you at seat 0 holding the bank, and the computer players.

    The computer players' chips (1000 table minimums each) are house money: the ledger's
    ``house_players`` account, granted from ``house_bank``. A new table replaces the old
    one (its computer players' chips go back); refused while a round awaits your choice.
    """,
    "seated": """Whether you have a Chemin de fer table.

    The page asks this before reading the table, so that a first visit opens one without a
    request the browser logs as failed (``GET /table``'s 404 ``no_table``).
    """,
    "read_table": """The table: seats and balances, the bank, whose turn it is and what you may do.

    A choice awaited comes with its advice (``table.pending.advice``): the optimal choice
    for the unseen cards and what each choice costs, with the sentence in your language.

    A choice past its deadline is completed first with the optimal choice (``timed_out``
    and ``round`` say so).
    """,
    "act": """Act at the table; a retry with the same Idempotency-Key returns the same answer.

    The banker's ``bank``, ``deal``, ``keep``, ``pass``; a punter's ``bet``, ``banco``,
    ``sit_out``.

    A bet, banco or deal deals the round: settled at once, or, when the choice is yours,
    stored pending with its stakes taken (``table.pending`` says what is awaited).
    """,
    "decide": """Answer the choice awaited (draw or stand); the round is played out and settled.

    After the deadline the optimal choice for the unseen cards is played instead, and
    the answer says so (``timed_out``).
    """,
    "list_rounds": "Your Chemin de fer rounds, newest first: seats, decisions, payouts, the bank.",
    "get_round": """One of your Chemin de fer rounds (404 for anyone else's).

    Each of your decisions says whether it was the optimal choice for the unseen cards
    and what it cost (``judged``).
    """,
}

router = router_for(
    TableApi(
        prefix="/api/chemin",
        tag="chemin-de-fer",
        section="cserver",
        actions=ChemAction,
        rounds=ChemRound,
        table_row=ChemTableRow,
        decisions=ChemDecision,
        refusal=game.ChemRefusal,
        load=game.load,
        expire=game.expire,
        answer=game.answer,
        sit=_sit,
        state=_state,
        rounds_json=rounds_json,
        sit_model=SitIn,
        act_path="/act",
        act_name="act",
        act_model=ActIn,
        act_request=lambda body: {"act": body.model_dump()},
        act=_act,
        table_out=ChemTableOut,
        answer_out=ChemAnswerOut,
        round_out=ChemRoundOut,
        page_out=ChemRoundPage,
        seated_out=SeatedOut,
        docs=DOCS,
        worded={},
    )
)
