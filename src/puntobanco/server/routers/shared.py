"""Shared tables over REST: the lobby, a table's state, sitting, betting, the squeeze.

The same requests an API client makes are the page's: ``GET /api/tables`` (the lobby,
with the private tables beside the shared ones), ``GET /api/tables/{id}`` (a snapshot of
what has been announced), ``POST``/``DELETE /api/tables/{id}/seat`` and ``PUT
/api/tables/{id}/bets`` (the player's whole set of bets for the open round, idempotent by
its ``Idempotency-Key``). Live events travel over the WebSocket (``server/shared/socket.py``);
``GET /api/tables/{id}/events?after=N`` gives the same events to a client that polls.
Every change is one transaction; its events are published after the commit.
The operator's endpoints (``/api/admin/tables``) are in ``routers/shared_admin.py``.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Sequence
from typing import Annotated, Any, Literal

import anyio.from_thread
import anyio.to_thread
from fastapi import APIRouter, Header, Path, Query, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.orm import Session

from puntobanco.server.accounts import Player, player_for_token
from puntobanco.server.deps import PlayerDep, SessionDep, authenticated, errors, request_token
from puntobanco.server.errors import ApiError
from puntobanco.server.rounds.requests import MAX_KEY, check_key, parse_stakes, request_hash
from puntobanco.server.routers.rounds import deal_outcome
from puntobanco.server.shared import seats, views
from puntobanco.server.shared.config import TABLE_ID_PATTERN
from puntobanco.server.shared.dealing import turn_card
from puntobanco.server.shared.events import events_after
from puntobanco.server.shared.models import SharedTableRow

log = logging.getLogger(__name__)

router = APIRouter(prefix="/api", tags=["shared tables"])

#: A table's id in a path: lower-case letters, digits and hyphens (anything else is no table's,
#: and is refused before it reaches the database, which takes no NUL in a string).
TableId = Annotated[
    str, Path(max_length=40, pattern=TABLE_ID_PATTERN, description="The table's id.")
]

#: The private tables the lobby lists beside the shared ones (their pages already exist).
PRIVATE_TABLES: tuple[dict[str, str], ...] = (
    {"id": "private", "kind": "private", "href": "/"},
    {"id": "chemin-de-fer", "kind": "chemin", "href": "/chemin.html"},
    {"id": "banque", "kind": "banque", "href": "/banque.html"},
)


class SitIn(BaseModel):
    """Sit at a table (``seat``: may bet) or watch it (``spectator``)."""

    model_config = ConfigDict(extra="forbid")
    role: Literal["seat", "spectator"] = "seat"
    seat_name: str | None = Field(
        default=None, max_length=40, description="The name others see (never the account's)."
    )
    client_seed: str | None = Field(
        default=None, max_length=64, description="Your seed for the shoes' client seeds."
    )


class BetsIn(BaseModel):
    """The player's whole set of bets for the open round: ``{}`` cancels them."""

    model_config = ConfigDict(extra="forbid")
    bets: dict[str, Any] = Field(description="Stake per spot, in minor units.")


def _optional_player(request: Request, session: Session) -> Player | None:
    token = request_token(request)
    if token is None or len(token) > 200:
        return None
    with session.begin():
        return player_for_token(session, token)


def publish(request: Request, events: Sequence[dict[str, Any]]) -> None:
    """Publish a committed change's events (from the request's worker thread).

    The change is committed and its events stored: a bus that fails now must not turn
    the answer into an error. The sockets find the events in the database when the next
    number arrives (or on reconnecting), as they do after any gap.
    """
    if not events:
        return
    try:
        anyio.from_thread.run(request.app.state.shared_bus.publish, list(events))
    except Exception:
        log.exception("shared tables: events of a committed change not published")


def _exists(session: Session, table_id: str) -> None:
    if session.get(SharedTableRow, table_id) is None:
        raise ApiError(404, "table_unknown", table=table_id[:40])


@router.get("/tables", summary="The lobby: every shared table, and the private tables")
def lobby(request: Request, session: SessionDep) -> dict[str, Any]:
    """Each shared table with its limits, players, phase and countdown, and its shoe's road.

    With a login, ``my_role`` says where the player sits or watches.
    """
    player = _optional_player(request, session)
    with session.begin():
        answer = views.lobby(session, None if player is None else player.id)
    answer["private"] = list(PRIVATE_TABLES)
    return answer


@router.get("/tables/{table_id}", summary="A shared table's state", responses=errors(404))
def table_state(table_id: TableId, request: Request, session: SessionDep) -> dict[str, Any]:
    """What has been announced at the table: the round, its revealed cards, totals, seats."""
    player = _optional_player(request, session)
    with session.begin():
        _exists(session, table_id)
        return views.snapshot(session, table_id, None if player is None else player.id)


@router.get(
    "/tables/{table_id}/events", summary="The events after a number", responses=errors(404, 409)
)
def table_events(
    table_id: TableId,
    session: SessionDep,
    after: Annotated[int, Query(ge=0, le=2**62)] = 0,
) -> dict[str, Any]:
    """The table's events after ``after``, in order (409 ``snapshot_needed`` past 500)."""
    with session.begin():
        _exists(session, table_id)
        events = events_after(session, table_id, after)
    if events is None:
        raise ApiError(409, "snapshot_needed", table=table_id)
    return {"table": table_id, "events": events}


@router.post(
    "/tables/{table_id}/seat", summary="Sit or watch", responses=errors(401, 404, 409, 422)
)
def sit(
    table_id: TableId, body: SitIn, request: Request, player: PlayerDep, session: SessionDep
) -> dict[str, Any]:
    """Sit (to bet) or watch, under a seat name; again to change role or name."""
    with session.begin():
        answer = seats.sit(
            session,
            table_id,
            player.id,
            role=body.role,
            seat_name=body.seat_name,
            client_seed=body.client_seed,
        )
    publish(request, answer.events)
    return answer.body


@router.delete("/tables/{table_id}/seat", summary="Leave", responses=errors(401, 404, 409))
def leave(
    table_id: TableId, request: Request, player: PlayerDep, session: SessionDep
) -> dict[str, Any]:
    """Leave the table; bets already placed are still settled."""
    with session.begin():
        answer = seats.leave(session, table_id, player.id)
    publish(request, answer.events)
    return answer.body


@router.put(
    "/tables/{table_id}/bets",
    summary="Place, change or cancel bets on the open round",
    responses=errors(400, 401, 402, 404, 409, 422),
)
async def put_bets(
    table_id: TableId,
    body: BetsIn,
    request: Request,
    session: SessionDep,
    idempotency_key: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """Make the player's bets exactly ``bets`` (an ``Idempotency-Key`` is required).

    The difference is held from (or released to) the wallet at once. After the close:
    409 ``betting_closed``, nothing debited.
    """
    token = request_token(request)

    def place() -> seats.Answer:
        # The login is read in the bet's own transaction, in its turn: one thread and one
        # transaction a bet. A refusal changes nothing; a failed COMMIT may have placed the
        # bets: 503 round_outcome_unknown, and a retry with the same key tells which.
        with deal_outcome(str(idempotency_key)[:MAX_KEY]), session.begin():
            player = authenticated(session, token)
            key = check_key(idempotency_key)
            stakes = parse_stakes(body.bets)
            # The key is the player's across every table: the table is in its fingerprint.
            fingerprint = hashlib.sha256(f"{table_id}:{request_hash(stakes)}".encode())
            return seats.put_bets(
                session, table_id, player.id, stakes, key=key, fingerprint=fingerprint.hexdigest()
            )

    # A few at once per worker (settings.shared_bets_at_once): a table's burst of bets
    # waits its turn instead of starving the event loop that sends the tables' events.
    limiter = request.app.state.shared_bets_limiter
    answer = await anyio.to_thread.run_sync(place, limiter=limiter)
    # No event to publish: the dealer announces the table's bets (shared/totals.py).
    return answer.body


class TurnIn(BaseModel):
    """Turn the card offered to you at a squeeze: its reveal step's number."""

    model_config = ConfigDict(extra="forbid")
    step: int = Field(ge=1, le=10, description="The step of the `squeeze` event.")


@router.post(
    "/tables/{table_id}/squeeze", summary="Turn a squeezed card", responses=errors(401, 404, 409)
)
def turn(
    table_id: TableId, body: TurnIn, request: Request, player: PlayerDep, session: SessionDep
) -> dict[str, Any]:
    """The squeezer turns the card offered to them; everyone sees it at once."""
    with session.begin():
        _exists(session, table_id)
        events = turn_card(session, table_id, player.id, body.step)
    publish(request, events)
    return {"table": table_id, "step": body.step, "turned": True}
