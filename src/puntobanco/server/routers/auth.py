"""Accounts: register, log in, guest, upgrade a guest, log out, the session's player, me."""

from __future__ import annotations

import ipaddress

from fastapi import APIRouter, Request, Response
from sqlalchemy.orm import Session

from puntobanco.server.accounts import (
    Player,
    authenticate,
    balance_of,
    check_credentials,
    close_session,
    create_player,
    hash_password,
    open_session,
    player_for_token,
    upgrade_guest,
)
from puntobanco.server.deps import (
    COOKIE,
    PlayerDep,
    SessionDep,
    SettingsDep,
    errors,
    request_token,
)
from puntobanco.server.errors import ApiError
from puntobanco.server.schemas import AuthOut, Credentials, SessionStateOut, UserOut
from puntobanco.server.settings import Settings

router = APIRouter(prefix="/api", tags=["accounts"])


def _user(player: Player, balance: int) -> UserOut:
    return UserOut(
        id=player.id, username=player.username, guest=player.guest, balance_minor=balance
    )


def _logged_in(
    session: Session, settings: Settings, request: Request, response: Response, player: Player
) -> AuthOut:
    """Open a login for ``player`` in the caller's transaction: its cookie and its answer."""
    token = open_session(session, settings, player.id)
    balance = balance_of(session, player.id)
    _set_cookie(request, response, token, settings)
    return AuthOut(user=_user(player, balance), token=token)


def cookie_secure(request: Request, settings: Settings) -> bool:
    """Whether the session cookie is ``Secure``.

    Always with ``cookie_secure``; else whenever the request came over HTTPS (the scheme a
    trusted proxy's X-Forwarded-Proto gives, through uvicorn's ``--forwarded-allow-ips``).
    """
    return settings.cookie_secure or request.url.scheme in ("https", "wss")


def _set_cookie(request: Request, response: Response, token: str, settings: Settings) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=settings.session_days * 86_400,
        httponly=True,
        samesite="lax",
        secure=cookie_secure(request, settings),
        path="/",
    )


def _client(request: Request) -> str:
    """Who is counted by the rate limits: the client's address, or its IPv6 /64 network.

    The address is a trusted proxy's X-Forwarded-For (through uvicorn) or the peer's. One
    IPv6 subscriber holds a whole /64 and could take a fresh address for every request, so
    an IPv6 client is counted by its /64; an IPv4-mapped IPv6 address counts as its IPv4.
    """
    host = request.client.host if request.client else "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def _count_password_check(request: Request) -> None:
    """At most ``password_checks_per_address`` logins and registrations per client address.

    Counted whatever the username, before any hashing: one address trying a new username
    each time is limited too (the per-username login limit alone would not see it).

    Raises:
        ApiError: 429 ``address_rate_limited``.
    """
    wait = request.app.state.password_limiter.hit(f"password|{_client(request)}")
    if wait is not None:
        raise ApiError(429, "address_rate_limited", retry_after=wait)


def _count_signup(request: Request) -> None:
    """At most ``signups_per_address`` new accounts per client address and window.

    Raises:
        ApiError: 429 ``signup_rate_limited``.
    """
    wait = request.app.state.signup_limiter.hit(f"signup|{_client(request)}")
    if wait is not None:
        raise ApiError(429, "signup_rate_limited", retry_after=wait)


@router.post(
    "/auth/register",
    status_code=201,
    response_model=AuthOut,
    responses=errors(409, 422, 429, 503),
)
def register(
    body: Credentials,
    request: Request,
    response: Response,
    session: SessionDep,
    settings: SettingsDep,
) -> AuthOut:
    """Create an account with the play-money grant; log it in (cookie and token)."""
    check_credentials(body.username, body.password)
    _count_password_check(request)
    _count_signup(request)
    # Hashed before the transaction: waiting for the gate holds no connection.
    hashed = hash_password(settings, body.password, request.app.state.password_gate)
    with session.begin():
        player = create_player(session, settings, username=body.username, password_hash=hashed)
        return _logged_in(session, settings, request, response, player)


@router.post("/auth/guest", status_code=201, response_model=AuthOut, responses=errors(429, 503))
def guest(
    request: Request, response: Response, session: SessionDep, settings: SettingsDep
) -> AuthOut:
    """Create a guest account with play money (no password: it lives as long as its session)."""
    _count_signup(request)
    with session.begin():
        player = create_player(session, settings, username=None, password=None)
        return _logged_in(session, settings, request, response, player)


@router.post("/auth/upgrade", response_model=AuthOut, responses=errors(401, 409, 422, 429, 503))
def upgrade(
    body: Credentials,
    player: PlayerDep,
    request: Request,
    response: Response,
    session: SessionDep,
    settings: SettingsDep,
) -> AuthOut:
    """Turn the logged-in guest into a registered account with this username and password.

    The same player keeps its wallet, rounds, ledger, table and seeds: only its name, password
    and guest flag change. Its login is replaced by a new one (a new cookie and token), as at
    any login, so a token taken while it was a guest does not carry over.
    """
    if not player.guest:
        raise ApiError(409, "not_a_guest")
    check_credentials(body.username, body.password)
    _count_password_check(request)
    hashed = hash_password(settings, body.password, request.app.state.password_gate)
    token = request_token(request)
    with session.begin():
        upgraded = upgrade_guest(session, player.id, body.username, hashed)
        if token is not None:
            close_session(session, token)
        return _logged_in(session, settings, request, response, upgraded)


@router.post("/auth/login", response_model=AuthOut, responses=errors(401, 422, 429, 503))
def login(
    body: Credentials,
    request: Request,
    response: Response,
    session: SessionDep,
    settings: SettingsDep,
) -> AuthOut:
    """Log in; rate limited per address and username, and per address.

    At most ``login_attempts`` per ``login_window_s`` per address and username, and
    ``password_checks_per_address`` per ``password_check_window_s`` per address.
    """
    _count_password_check(request)
    wait = request.app.state.limiter.hit(f"{_client(request)}|{body.username.lower()[:64]}")
    if wait is not None:
        raise ApiError(429, "rate_limited", retry_after=wait)
    gate = request.app.state.password_gate
    player = authenticate(session, settings, body.username, body.password, gate)
    with session.begin():
        return _logged_in(session, settings, request, response, player)


@router.post("/auth/logout", status_code=204, responses=errors(503))
def logout(request: Request, session: SessionDep, settings: SettingsDep) -> Response:
    """End this session (the cookie is cleared too). Without a session: nothing to do."""
    token = request_token(request)
    if token is not None:
        with session.begin():
            close_session(session, token)
    response = Response(status_code=204)
    response.delete_cookie(
        COOKIE,
        path="/",
        httponly=True,
        samesite="lax",
        secure=cookie_secure(request, settings),
    )
    return response


@router.get("/auth/session", response_model=SessionStateOut, responses=errors(503))
def session_state(request: Request, session: SessionDep) -> SessionStateOut:
    """Who is logged in, if anyone: ``{"user": null}`` without a (valid) session, never a 401.

    What a page asks on arrival: a first visit has no session, and a 401 there would be
    logged by the browser as a failed request, on every first visit.
    """
    token = request_token(request)
    if token is None or len(token) > 200:
        return SessionStateOut(user=None)
    with session.begin():
        player = player_for_token(session, token)
        if player is None:
            return SessionStateOut(user=None)
        balance = balance_of(session, player.id)
    return SessionStateOut(user=_user(player, balance))


@router.get("/me", response_model=UserOut, responses=errors(401, 503))
def me(player: PlayerDep, session: SessionDep) -> UserOut:
    """The logged-in player and their balance."""
    with session.begin():
        balance = balance_of(session, player.id)
    return _user(player, balance)
