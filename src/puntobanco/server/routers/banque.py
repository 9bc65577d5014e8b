"""Baccarat Banque: sit at a table against the house's bank, read it, bet, answer a choice, recall.

The game and its money are :mod:`puntobanco.server.games.banque.game`; the endpoints are
every table game's (:func:`~puntobanco.server.routers.table_games.router_for`), worded by
the catalogue's ``bserver.`` section in every language.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt
from sqlalchemy.orm import Session

from puntobanco.server.games.banque import game
from puntobanco.server.games.banque.render import rounds_json, state_json
from puntobanco.server.games.banque.schemas import (
    BanqueAnswerOut,
    BanqueRoundOut,
    BanqueRoundPage,
    BanqueTableOut,
)
from puntobanco.server.games.schemas import SeatedOut
from puntobanco.server.models import (
    BanqueAction,
    BanqueDecision,
    BanqueRound,
    BanqueTableRow,
    utcnow,
)
from puntobanco.server.routers.table_games import TableApi, router_for
from puntobanco.server.settings import Settings


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


def _sit(session: Session, user_id: int, body: SitIn, settings: Settings) -> None:
    game.sit(
        session,
        user_id,
        decision_seconds=body.decision_seconds,
        commission=Fraction(body.commission_percent, 100),
        minimum_minor=settings.minimum_minor,
        maximum_minor=settings.maximum_minor,
    )


def _state(session: Session, loaded: game.Loaded, lang: str) -> dict[str, Any]:
    return state_json(session, loaded, utcnow(), lang)


DOCS = {
    "sit": """Sit at a new Banque table, the house holding the bank for the shoe.

    The bank (100 table minimums, opened afresh with each shoe or when it no longer covers
    a minimum) is house money: the ledger's ``house_players`` account, granted from
    ``house_bank``. A new table replaces the old one; refused while a round awaits your choice.
    """,
    "seated": """Whether you have a Baccarat Banque table.

    The page asks this before reading the table, so that a first visit opens one without a
    request the browser logs as failed (``GET /table``'s 404 ``no_table``).
    """,
    "read_table": """The table: your balance, the bank, the limits, and the choice awaited if any.

    A choice past its deadline is completed first with the optimal choice (``timed_out``
    and ``round`` say so).
    """,
    "bet": """Bet on the right tableau, the left, or both (a-cheval), and deal the round.

    Each stake is a whole number of minor units within the table's limits, and together
    they may not pass what the bank covers. The round is settled at once or, when a
    tableau you hold has 5, stored pending with its stakes taken (``table.pending``).
    A retry with the same Idempotency-Key returns the same answer.
    """,
    "decide": """Answer the choice awaited (draw or stand) for your tableau on 5.

    The round goes on to your next choice (the left tableau after the right, a-cheval)
    or to its end and is settled. After the deadline the optimal choice is played
    instead, and the answer says so (``timed_out``).
    """,
    "list_rounds": "Your Banque rounds, newest first: the three hands, bets, decisions, payouts, "
    "commission.",
    "get_round": "One of your Banque rounds (404 for anyone else's).",
}

router = router_for(
    TableApi(
        prefix="/api/banque",
        tag="banque",
        section="bserver",
        actions=BanqueAction,
        rounds=BanqueRound,
        table_row=BanqueTableRow,
        decisions=BanqueDecision,
        refusal=game.BanqueRefusal,
        load=game.load,
        expire=game.expire,
        answer=game.answer,
        sit=_sit,
        state=_state,
        rounds_json=rounds_json,
        sit_model=SitIn,
        act_path="/bet",
        act_name="bet",
        act_model=BetIn,
        act_request=lambda body: {"bet": body.bets},
        act=lambda session, user_id, body: game.bet(session, user_id, body.bets),
        table_out=BanqueTableOut,
        answer_out=BanqueAnswerOut,
        round_out=BanqueRoundOut,
        page_out=BanqueRoundPage,
        seated_out=SeatedOut,
        docs=DOCS,
        worded={"spot": "bserver.spot"},
    )
)
