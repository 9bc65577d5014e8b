"""One router shape for the games with choices (Chemin de fer, Banque): :func:`router_for`.

Each game's router module (``routers/chemin.py``, ``routers/banque.py``) describes its game
as a :class:`TableApi` (its prefix, its bodies, its answers' models, the words of its
endpoints) and gets the same seven endpoints: sit (``POST /table``), ``GET /seated``,
read (``GET /table``), its action (``POST /act`` or ``/bet``), ``POST /decision``,
``GET /rounds`` and ``GET /rounds/{round_id}``. Every request that changes something runs
in one transaction under the player's wallet lock, and a refusal changes nothing; refusals
answer in the error contract (``server/errors.py``), worded by the game's catalogue section.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Path, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict
from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.server.deps import LangDep, PlayerDep, SessionDep, SettingsDep, errors
from puntobanco.server.games.actions import TableRoutes, own_round, rounds_page, timeout_messages
from puntobanco.server.games.common import TableRefusal
from puntobanco.server.settings import Settings

#: Largest id a 64-bit key holds.
MAX_ID = 2**63 - 1


class DecisionIn(BaseModel):
    """The answer to the choice awaited: draw or stand."""

    model_config = ConfigDict(extra="forbid")
    choice: Literal["draw", "stand"]


@dataclass(frozen=True)
class TableApi:
    """What one game's router differs by.

    ``docs`` holds each endpoint's description (``sit``, ``seated``, ``read_table``, the
    action's name, ``decide``, ``list_rounds``, ``get_round``). ``sit`` sits the player
    from the sit body; ``state`` is the table as JSON; ``act`` runs the action's body and
    ``act_request`` is what its idempotency key fingerprints. ``decisions`` is the game's
    decision rows (a timeout's sentence names the choices played at the deadline).
    """

    prefix: str
    tag: str
    section: str
    actions: Any
    rounds: Any
    table_row: Any
    decisions: Any
    refusal: type[TableRefusal]
    load: Callable[[Session, int], Any]
    expire: Callable[[Session, int], Any]
    answer: Callable[[Session, int, str], Any]
    sit: Callable[[Session, int, Any, Settings], None]
    state: Callable[[Session, Any, str], dict[str, Any]]
    rounds_json: Callable[[Session, list[Any], str], list[dict[str, Any]]]
    sit_model: type[BaseModel]
    act_path: str
    act_name: str
    act_model: type[BaseModel]
    act_request: Callable[[Any], dict[str, Any]]
    act: Callable[[Session, int, Any], Any]
    table_out: type[BaseModel]
    answer_out: type[BaseModel]
    round_out: type[BaseModel]
    page_out: type[BaseModel]
    seated_out: type[BaseModel]
    docs: Mapping[str, str]
    worded: Mapping[str, str]


def _answer_body(api: TableApi) -> Callable[[Session, Any, Any, str], dict[str, Any]]:
    def answer_body(session: Session, loaded: Any, done: Any, lang: str) -> dict[str, Any]:
        """The table now, the round the action dealt or completed, and a timeout's sentence."""
        body: dict[str, Any] = {"table": api.state(session, loaded, lang), "round": None}
        if done.round_id is not None:
            row = session.get(api.rounds, done.round_id)
            assert row is not None
            body["round"] = api.rounds_json(session, [row], lang)[0]
        body["timed_out"] = done.timed_out
        if done.timed_out:
            decisions = api.decisions
            choices: Any = session.execute(
                select(decisions.draws)
                .where(decisions.round_id == done.round_id, decisions.by_timeout.is_(True))
                .order_by(decisions.position)
            ).scalars()
            messages = timeout_messages(api.section, list(choices))
            body["message"], body["messages"] = messages[lang], messages
        return body

    return answer_body


def _body_typed(endpoint: Callable[..., Any], model: type[BaseModel]) -> Callable[..., Any]:
    """The endpoint with its ``body`` parameter typed as the game's model (FastAPI reads it)."""
    signature = inspect.signature(endpoint)
    params = [
        p.replace(annotation=model) if p.name == "body" else p
        for p in signature.parameters.values()
    ]
    endpoint.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
    return endpoint


def _sit(api: TableApi, table: TableRoutes[Any, Any]) -> Callable[..., Any]:
    def sit(
        body: Any,
        request: Request,
        player: PlayerDep,
        session: SessionDep,
        settings: SettingsDep,
        lang: LangDep,
    ) -> Any:
        def run() -> Any:
            with session.begin():
                api.sit(session, player.id, body, settings)
                state = api.state(session, api.load(session, player.id), lang)
            return JSONResponse(state, status_code=201)

        return table.guarded(request, run)

    return _body_typed(sit, api.sit_model)


def _seated(api: TableApi, table: TableRoutes[Any, Any]) -> Callable[..., Any]:
    def seated(player: PlayerDep, session: SessionDep) -> dict[str, bool]:
        with session.begin():
            return {"seated": session.get(api.table_row, player.id) is not None}

    return seated


def _read_table(api: TableApi, table: TableRoutes[Any, Any]) -> Callable[..., Any]:
    def read_table(request: Request, player: PlayerDep, session: SessionDep, lang: LangDep) -> Any:
        return table.read(request, session, player.id, lang)

    return read_table


def _act(api: TableApi, table: TableRoutes[Any, Any]) -> Callable[..., Any]:
    def act(
        body: Any,
        request: Request,
        player: PlayerDep,
        session: SessionDep,
        lang: LangDep,
        idempotency_key: Annotated[str | None, Header(max_length=1000)] = None,
    ) -> Any:
        request_body = api.act_request(body)
        step = functools.partial(api.act, session, player.id, body)
        key = idempotency_key
        return table.idempotent(request, session, player.id, key, request_body, lang, step)

    return _body_typed(act, api.act_model)


def _decide(api: TableApi, table: TableRoutes[Any, Any]) -> Callable[..., Any]:
    def decide(
        body: DecisionIn,
        request: Request,
        player: PlayerDep,
        session: SessionDep,
        lang: LangDep,
        idempotency_key: Annotated[str | None, Header(max_length=1000)] = None,
    ) -> Any:
        request_body = {"decision": body.choice}
        step = functools.partial(api.answer, session, player.id, body.choice)
        key = idempotency_key
        return table.idempotent(request, session, player.id, key, request_body, lang, step)

    return decide


def _list_rounds(api: TableApi, table: TableRoutes[Any, Any]) -> Callable[..., Any]:
    def list_rounds(
        player: PlayerDep,
        session: SessionDep,
        lang: LangDep,
        limit: Annotated[int, Query(ge=1, le=100)] = 20,
        before: Annotated[int | None, Query(ge=1, le=MAX_ID)] = None,
    ) -> dict[str, Any]:
        with session.begin():
            rows, next_before = rounds_page(session, api.rounds, player.id, limit, before)
            rendered = api.rounds_json(session, rows, lang)
        return {"rounds": rendered, "next_before": next_before}

    return list_rounds


def _get_round(api: TableApi, table: TableRoutes[Any, Any]) -> Callable[..., Any]:
    def get_round(
        round_id: Annotated[int, Path(ge=1, le=MAX_ID)],
        request: Request,
        player: PlayerDep,
        session: SessionDep,
        lang: LangDep,
    ) -> Any:
        def run() -> Any:
            with session.begin():
                row = own_round(session, api.rounds, player.id, round_id)
                if row is None:
                    raise api.refusal(404, "round_not_found", round_id=round_id)
                return api.rounds_json(session, [row], lang)[0]

        return table.guarded(request, run)

    return get_round


Endpoint = Callable[[TableApi, TableRoutes[Any, Any]], Callable[..., Any]]


@dataclass(frozen=True)
class _Route:
    method: str
    path: str
    endpoint: Endpoint
    answer: str
    statuses: tuple[int, ...]
    status_code: int | None = None


#: The endpoints in the order of the schema; ``answer`` names the TableApi's response model.
ROUTES = (
    _Route("post", "/table", _sit, "table_out", (401, 409, 422, 503), 201),
    _Route("get", "/seated", _seated, "seated_out", (401, 503)),
    _Route("get", "/table", _read_table, "answer_out", (401, 404, 503)),
    _Route("post", "", _act, "answer_out", (400, 401, 402, 404, 409, 422, 503)),
    _Route("post", "/decision", _decide, "answer_out", (400, 401, 404, 409, 422, 503)),
    _Route("get", "/rounds", _list_rounds, "page_out", (401, 422, 503)),
    _Route("get", "/rounds/{round_id}", _get_round, "round_out", (401, 404, 422, 503)),
)


def router_for(api: TableApi) -> APIRouter:
    """The game's seven endpoints (see the module docstring), the same for every game."""
    router = APIRouter(prefix=api.prefix, tags=[api.tag])
    table: TableRoutes[Any, Any] = TableRoutes(
        section=api.section,
        actions=api.actions,
        load=api.load,
        expire=api.expire,
        answer_body=_answer_body(api),
        worded=api.worded,
    )
    for route in ROUTES:
        endpoint = route.endpoint(api, table)
        name = api.act_name if route.endpoint is _act else endpoint.__name__
        router.add_api_route(
            route.path or api.act_path,
            endpoint,
            methods=[route.method.upper()],
            name=name,
            response_model=getattr(api, route.answer),
            responses=errors(*route.statuses),
            description=inspect.cleandoc(api.docs[name]),
            status_code=route.status_code,
        )
    return router
