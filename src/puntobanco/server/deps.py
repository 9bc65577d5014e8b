"""Request dependencies as ``Annotated`` aliases (``SessionDep``, ``PlayerDep``...).

FastAPI runs a plain ``def`` dependency in its thread pool: a hop to a worker thread and
back, which is most of the cost of a dependency that does no I/O. Those that do none
are ``async def`` and run on the event loop; only the ones that query the database
(``current_player``) and the endpoints themselves take a thread. (``POST /api/rounds``
takes none of these: it checks its session token in its own first statement.)
"""

from __future__ import annotations

import hmac
from collections.abc import AsyncIterator
from typing import Annotated, Any

import anyio
from fastapi import Depends, Request
from sqlalchemy.orm import Session

from puntobanco.server.accounts import Player, player_for_token
from puntobanco.server.errors import ApiError, request_lang
from puntobanco.server.schemas import ErrorBody
from puntobanco.server.settings import Settings

COOKIE = "pb_session"


async def get_settings(request: Request) -> Settings:
    """The application's settings."""
    settings: Settings = request.app.state.settings
    return settings


async def get_session(request: Request) -> AsyncIterator[Session]:
    """A database session for the request; services open their own transactions on it.

    Making and closing a session touches no database while no transaction is open (a
    session holds a connection only inside one), so both happen on the event loop; a
    session left in a transaction is closed (rolled back) in a worker thread.
    """
    session: Session = request.app.state.sessions()
    try:
        yield session
    finally:
        if session.in_transaction():
            # Shielded, and on a thread of its own (not the request pool, which may be full
            # of requests waiting for the connection this close gives back), as FastAPI
            # closes its own ``def`` dependencies.
            with anyio.CancelScope(shield=True):
                await anyio.to_thread.run_sync(session.close, limiter=anyio.CapacityLimiter(1))
        else:
            session.close()


async def get_lang(request: Request) -> str:
    """The request's language (``?lang=`` or Accept-Language)."""
    return request_lang(request)


def request_token(request: Request) -> str | None:
    """The bearer token, or else the session cookie."""
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return request.cookies.get(COOKIE) or None


SettingsDep = Annotated[Settings, Depends(get_settings)]
SessionDep = Annotated[Session, Depends(get_session)]
LangDep = Annotated[str, Depends(get_lang)]


def authenticated(session: Session, token: str | None) -> Player:
    """The player of ``token``, read in the caller's transaction.

    Raises:
        ApiError: 401 ``not_authenticated``.
    """
    if token is None or len(token) > 200:
        raise ApiError(401, "not_authenticated")
    player = player_for_token(session, token)
    if player is None:
        raise ApiError(401, "not_authenticated")
    return player


def current_player(request: Request, session: SessionDep) -> Player:
    """The player of this request's session.

    Raises:
        ApiError: 401 ``not_authenticated``.
    """
    # A session touches no database before its first statement: no token, no transaction.
    with session.begin():
        return authenticated(session, request_token(request))


PlayerDep = Annotated[Player, Depends(current_player)]


async def require_admin(request: Request, settings: SettingsDep) -> None:
    """Admin endpoints need the operator's token in ``X-Admin-Token``.

    Raises:
        ApiError: 403 ``admin_disabled`` (no token configured) or ``admin_forbidden``.
    """
    if settings.admin_token is None or not settings.admin_token.get_secret_value():
        raise ApiError(403, "admin_disabled")
    given = request.headers.get("x-admin-token", "")
    expected = settings.admin_token.get_secret_value()
    if not hmac.compare_digest(given.encode(), expected.encode()):
        raise ApiError(403, "admin_forbidden")


AdminDep = Annotated[None, Depends(require_admin)]


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI documentation of error answers."""
    return {status: {"model": ErrorBody} for status in statuses}
