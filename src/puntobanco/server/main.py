"""The application factory: ``create_app(settings)``.

On start the app applies the Alembic migrations, then completes any round
left between its debit and its settlement (see :mod:`puntobanco.server.rounds.recovery`).
The periodic housekeeping completes them too, and a database failure wakes it at
once: it then tries again every few seconds until the database answers, so a round
left dealt by the failure is settled promptly once the database is back.
The web table (``puntobanco/web/static``) is mounted at ``/`` after the API.
The API documentation (``/docs``, ``/redoc``) loads Swagger UI and ReDoc from files
served by the app itself (the ``fastapi-offline`` package ships them), not from a CDN,
so it works on a machine with no internet access.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anyio
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker
from starlette.types import ASGIApp

from puntobanco.server import observability
from puntobanco.server.accounts import housekeeping
from puntobanco.server.bodylimit import BodyLimitMiddleware
from puntobanco.server.db import RoundRunner, make_engine, make_sessionmaker, migrate
from puntobanco.server.errors import install_error_handlers
from puntobanco.server.games.banque import game as banque_game
from puntobanco.server.games.chemin import game as chemin_game
from puntobanco.server.ratelimit import (
    DatabaseRateLimiter,
    PasswordGate,
    RateLimiter,
    RedisRateLimiter,
    RememberRefusals,
)
from puntobanco.server.rounds.recovery import recover
from puntobanco.server.rounds.store import choose_store
from puntobanco.server.routers import (
    admin,
    auth,
    banque,
    chemin,
    fairness,
    i18n,
    ops,
    rounds,
    shared,
    shared_admin,
    shared_shoes,
    table,
    wallet,
)
from puntobanco.server.security import CrossSiteMiddleware, SecurityHeadersMiddleware
from puntobanco.server.settings import Settings, get_settings
from puntobanco.server.shared import dealing, socket
from puntobanco.server.shared import events as shared_events
from puntobanco.server.shared.bus import choose_bus, session_info
from puntobanco.server.shared.catalog import open_tables
from puntobanco.server.shared.dealer import Dealer

STATIC = Path(__file__).resolve().parents[1] / "web" / "static"
#: Where the documentation pages' own Swagger UI and ReDoc files are served.
DOCS_ASSETS = "/docs-assets"

log = logging.getLogger("puntobanco.server")

DESCRIPTION = """
Punto Banco with play money: accounts, a double-entry wallet ledger, provably fair rounds.

* Authenticate with the `pb_session` cookie (set by register, login and guest) or
  `Authorization: Bearer <token>`.
* Texts (errors, the round's events) follow `?lang=es|en` or `Accept-Language`.
* Money is integers in minor units (cents). Every error answer is
  `{"error": {"code", "message", "params", "messages"}}`: `message` in the request's
  language, `messages` the same sentence in every language (`{"en": ..., "es": ...}`).
* `POST /api/rounds` needs an `Idempotency-Key` header: a retry with the same key
  returns the same round and charges nothing. 201: the settled round. 202: the round was
  dealt and its stakes taken, but the database failed before its settlement was confirmed;
  it is settled automatically, once, and a retry with the same key returns it settled.
  503 `database_error` means nothing was changed; 503 `round_outcome_unknown` means the
  connection died while the deal was committed: a retry with the same key tells.
* Operator endpoints (`/api/admin/*`) need the `X-Admin-Token` header
  (`PUNTOBANCO_ADMIN_TOKEN`); so does `/metrics`, except from `PUNTOBANCO_METRICS_ALLOW`.
* A POST, PUT, PATCH or DELETE authenticated by the cookie must come from the server's own
  page (`Sec-Fetch-Site`/`Origin`, or `X-Requested-With` from non-browser clients):
  403 `cross_site_request` otherwise. Bearer-token requests are not checked.
"""


def _limiter(
    settings: Settings, app: FastAPI, *, limit: int, window_s: int, namespace: str
) -> RateLimiter:
    if settings.redis_url:
        import redis

        client = redis.Redis.from_url(settings.redis_url)
        return RememberRefusals(
            RedisRateLimiter(client, limit=limit, window_s=window_s, namespace=namespace)
        )
    # In the database the limiters share one table: other keys start with "signup|",
    # "password|", "rotate|" or "verify|", which no client address (the start of a login
    # key) does.
    return RememberRefusals(DatabaseRateLimiter(app.state.sessions, limit=limit, window_s=window_s))


#: After a failed housekeeping pass, the next try waits this long, doubling up to the cap.
RETRY_FIRST_S, RETRY_CAP_S = 1.0, 30.0
#: How long a stopping app waits for a housekeeping pass in progress to end.
STOP_WAIT_S = 30.0
#: A choice's sweep runs this long after its deadline, so that the database sees it passed.
DEADLINE_GRACE_S = 0.25


class RecoveryAlarm:
    """Wakes the sweeper: for a whole pass now, or for the choices due at a deadline.

    :meth:`ring` (a database failure, a round left dealt) asks for a whole housekeeping
    pass as soon as possible; :meth:`ring_at` (a choice stored pending) asks for the
    choices' sweep when that choice's time runs out, so that an unanswered choice is
    played at its deadline and not at the next hourly pass. Both may be called from
    any thread (the routes run in a thread pool).
    """

    def __init__(self) -> None:
        self._event = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._whole = False
        self._timers: set[asyncio.TimerHandle] = set()
        self.stopping = False

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """The loop the sweeper runs on (on each start of the app: a new one, a new event)."""
        self._event = asyncio.Event()
        self._loop = loop
        self._whole = False
        self._timers = set()
        self.stopping = False

    def stop(self) -> None:
        """Ask the sweeper to end after the pass in progress (called on the sweeper's loop)."""
        self.stopping = True
        for timer in self._timers:
            timer.cancel()
        self._timers.clear()
        self._event.set()

    def _call(self, callback: Callable[..., None], *args: Any) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with suppress(RuntimeError):  # the loop is closing: the next start recovers
            loop.call_soon_threadsafe(callback, *args)

    def ring(self) -> None:
        """Ask for a whole pass as soon as possible."""
        self._call(self._ring_whole)

    def ring_at(self, deadline: datetime) -> None:
        """Ask for the choices' sweep once ``deadline`` has passed."""
        self._call(self._schedule, deadline)

    def _ring_whole(self) -> None:
        self._whole = True
        self._event.set()

    def _schedule(self, deadline: datetime) -> None:
        if self.stopping or self._loop is None:
            return
        aware = deadline if deadline.tzinfo is not None else deadline.replace(tzinfo=UTC)
        delay = max(0.0, (aware - datetime.now(UTC)).total_seconds()) + DEADLINE_GRACE_S
        if any(t.when() <= self._loop.time() + delay for t in self._timers):
            return  # an earlier wake comes first, and its sweep sets the next one

        def due() -> None:
            self._timers.discard(timer)
            self._event.set()

        timer = self._loop.call_later(delay, due)
        self._timers.add(timer)

    async def wait(self, timeout_s: float) -> bool:
        """Until rung, a deadline passes, or ``timeout_s`` have passed; True for a whole pass.

        ``asyncio.timeout``, not ``asyncio.wait_for``: on Python 3.11 ``wait_for``
        swallows a cancellation that arrives as the event is set (a request ringing
        the alarm as the app stops), and the sweeper would then never stop.
        """
        timed_out = False
        try:
            async with asyncio.timeout(timeout_s):
                await self._event.wait()
        except TimeoutError:
            timed_out = True
        self._event.clear()
        whole, self._whole = timed_out or self._whole, False
        return whole


def choices_pass(sessions: sessionmaker[Session], alarm: RecoveryAlarm | None = None) -> list[int]:
    """Play every Chemin de fer and Banque choice whose time ran out; the rounds it settled.

    With an ``alarm``, it is set to wake at the next pending choice's deadline (whichever
    worker stored that choice), so each unanswered choice is played when its time runs
    out, across restarts too.
    """
    settled: list[int] = []
    for game in (chemin_game, banque_game):
        settled += game.sweep(sessions)
        if alarm is not None and (upcoming := game.next_deadline(sessions)) is not None:
            alarm.ring_at(upcoming)
    return settled


def housekeeping_pass(
    sessions: sessionmaker[Session], settings: Settings, alarm: RecoveryAlarm | None = None
) -> list[int]:
    """One pass of the periodic housekeeping; returns the rounds it settled.

    Completes every round left dealt (exactly once: see
    :func:`puntobanco.server.rounds.recovery.recover`),
    plays the optimal choice in every Chemin de fer and Banque round whose time to choose ran out
    (:func:`choices_pass`), then deletes expired logins and finished rate-limit windows, and
    the shared tables' events older than ``shared_events_days``.
    """
    settled = recover(sessions)
    choices_pass(sessions, alarm)
    housekeeping(sessions, settings)
    with sessions.begin() as session:
        shared_events.prune(session, keep_days=settings.shared_events_days)
    return settled


async def _sweep(app: FastAPI, settings: Settings) -> None:
    """Every ``housekeeping_s`` (or when the alarm rings), run a housekeeping pass.

    Between passes, a choice's deadline wakes the sweeper for the choices alone
    (:func:`choices_pass`), without moving the next whole pass. Each worker sweeps (each
    step is safe to repeat, and to run in several workers at once); the work runs in a
    thread, off the event loop. A failed pass (the database is down) is tried again after
    1 s, 2 s, 4 s, ... at most 30 s, so that rounds left dealt are settled soon after the
    database comes back.
    """
    alarm: RecoveryAlarm = app.state.recovery
    clock = asyncio.get_running_loop()
    next_whole = clock.time() + settings.housekeeping_s
    retry = RETRY_FIRST_S
    while True:
        whole = await alarm.wait(max(0.0, next_whole - clock.time()))
        if alarm.stopping:
            return
        if not whole:
            try:
                await anyio.to_thread.run_sync(choices_pass, app.state.sessions, alarm)
            except Exception:  # the next whole pass sweeps them, with its retries
                log.exception("sweeping the choices past their deadline failed")
            continue
        try:
            await anyio.to_thread.run_sync(housekeeping_pass, app.state.sessions, settings, alarm)
        except Exception:
            delay = min(retry, settings.housekeeping_s)
            retry = min(retry * 2, RETRY_CAP_S)
            log.exception("housekeeping failed; trying again in %.0f s", delay)
        else:
            delay, retry = settings.housekeeping_s, RETRY_FIRST_S
        next_whole = clock.time() + delay


def _with_security_headers(app: FastAPI) -> None:
    """Wrap the whole middleware stack in :class:`SecurityHeadersMiddleware`.

    Starlette's error middleware included: ``add_middleware`` would put it inside that one,
    and the answers of unexpected errors (500) would go without the headers.
    """
    build = app.build_middleware_stack

    def build_with_headers() -> ASGIApp:
        return SecurityHeadersMiddleware(build())

    app.build_middleware_stack = build_with_headers  # type: ignore[method-assign]


#: The rate limiters: the ``app.state`` attribute, the limiter's namespace (Redis) and the
#: settings that give its limit and its window.
LIMITERS: tuple[tuple[str, str, str, str], ...] = (
    ("limiter", "login", "login_attempts", "login_window_s"),
    ("signup_limiter", "signup", "signups_per_address", "signup_window_s"),
    ("password_limiter", "password", "password_checks_per_address", "password_check_window_s"),
    ("rotate_limiter", "rotate", "rotations_per_player", "rotation_window_s"),
    ("verify_limiter", "verify", "verifications_per_player", "verification_window_s"),
)

#: Connections of a process's dealer (as many again at a peak): a step and a heartbeat at
#: a time per table it deals, each a few milliseconds.
DEALER_POOL = 3

ROUTERS = (
    ops,
    auth,
    wallet,
    table,
    rounds,
    chemin,
    banque,
    shared,
    shared_shoes,
    socket,
    fairness,
    admin,
    shared_admin,
    i18n,
)


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the application for ``settings`` (read from the environment when omitted)."""
    settings = settings if settings is not None else get_settings()
    observability.configure_logging(settings.log_level)
    engine = make_engine(settings)
    app = FastAPIOffline(
        static_url=DOCS_ASSETS,
        title="puntobanco",
        version="0.1.0",
        description=DESCRIPTION,
        lifespan=_lifespan(settings),
    )
    _attach_state(app, settings, engine)
    _install_middleware(app, settings)
    for module in ROUTERS:
        app.include_router(module.router)
    if STATIC.is_dir():
        app.mount("/", StaticFiles(directory=STATIC, html=True), name="web")
    return app


def _lifespan(settings: Settings) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """The app's start (migrations, the rounds' connections, recovery, the sweeper) and stop."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if settings.test_server_seed is not None:
            log.warning(
                "PUNTOBANCO_TEST_SERVER_SEED is set: every new server seed is this fixed "
                "value, so no round is provably fair (allowed by allow_test_seed). For tests "
                "and demos only: the page and /api/table say so."
            )
        migrate(app.state.engine)
        await app.state.round_runner.connect()
        housekeeping(app.state.sessions, settings)
        if settings.recover_on_start:
            recover(app.state.sessions)
        app.state.recovery.bind(asyncio.get_running_loop())
        choices_pass(app.state.sessions, app.state.recovery)
        sweeper = asyncio.create_task(_sweep(app, settings))
        shared_tables = await _start_shared_tables(app, settings)
        try:
            yield
        finally:
            await _stop_shared_tables(app, shared_tables)
            await _stop(app, sweeper)

    return lifespan


async def _start_shared_tables(app: FastAPI, settings: Settings) -> asyncio.Task[None]:
    """Open the configured shared tables, start the event bus and this process's dealer."""
    if settings.test_server_seed is not None:
        dealing.TEST_SERVER_SEED["seed"] = bytes.fromhex(settings.test_server_seed)

    def open_configured() -> None:
        with app.state.sessions() as session, session.begin():
            open_tables(session, settings.shared_tables)

    await asyncio.to_thread(open_configured)
    await app.state.shared_bus.start()
    return asyncio.create_task(app.state.dealer.run())


async def _stop_shared_tables(app: FastAPI, dealer_task: asyncio.Task[None]) -> None:
    """Stop dealing (the leases given back at once), then the bus."""
    await app.state.dealer.stop()
    await asyncio.wait({dealer_task}, timeout=STOP_WAIT_S)
    dealer_task.cancel()
    with suppress(asyncio.CancelledError):
        await dealer_task
    await app.state.shared_bus.stop()
    app.state.dealer_engine.dispose()


async def _stop(app: FastAPI, sweeper: asyncio.Task[None]) -> None:
    """Stop the sweeper, then close the rounds' connections and the engine."""
    # Ask, not cancel: a pass runs in a thread that a cancellation would abandon,
    # still writing after the app has stopped (and its database is dropped).
    # Only a pass stuck past STOP_WAIT_S is abandoned, by cancelling until done: a
    # cancellation that lands as a pass ends could otherwise be lost.
    app.state.recovery.stop()
    await asyncio.wait({sweeper}, timeout=STOP_WAIT_S)
    while not sweeper.done():
        log.warning("housekeeping pass still running at shutdown; abandoning it")
        sweeper.cancel()
        await asyncio.wait({sweeper}, timeout=1)
    with suppress(asyncio.CancelledError):
        await sweeper
    await app.state.round_runner.dispose()
    app.state.engine.dispose()


def _attach_state(app: FastAPI, settings: Settings, engine: Engine) -> None:
    """What the routes find on ``app.state``.

    The settings, the database, the rounds' runner and store, the rate limiters, the
    password gate and the recovery's alarm.
    """
    app.state.settings = settings
    app.state.engine = engine
    app.state.sessions = make_sessionmaker(engine)
    app.state.round_runner = RoundRunner(settings, app.state.sessions)
    app.state.shared_bets_limiter = anyio.CapacityLimiter(settings.shared_bets_at_once)
    app.state.round_store = choose_store(app.state.round_runner)
    for name, namespace, limit, window in LIMITERS:
        limiter = _limiter(
            settings,
            app,
            limit=getattr(settings, limit),
            window_s=getattr(settings, window),
            namespace=namespace,
        )
        setattr(app.state, name, limiter)
    app.state.password_gate = PasswordGate(
        settings.password_check_concurrency, settings.password_check_wait_s
    )
    app.state.recovery = RecoveryAlarm()
    app.state.shared_bus = choose_bus(settings, settings.sqlalchemy_url)
    # On PostgreSQL a table's events go out with the transaction that appends them.
    notify = session_info(app.state.shared_bus)
    app.state.sessions.configure(info=notify)
    # The dealer's connections are its own: a burst of requests cannot keep it from a step,
    # nor can its heartbeats take a connection a request is waiting for.
    app.state.dealer_engine = make_engine(settings.model_copy(update={"pool_size": DEALER_POOL}))
    dealer_sessions = make_sessionmaker(app.state.dealer_engine)
    dealer_sessions.configure(info=notify)
    app.state.dealer = Dealer(
        dealer_sessions,
        app.state.shared_bus,
        lease_s=settings.shared_lease_s,
    )


def _install_middleware(app: FastAPI, settings: Settings) -> None:
    """The error handlers and the middleware around the routes.

    Each error answered is counted, and a database failure wakes the sweeper. The body
    limit, the cross-site check, the access log, and the security headers outermost.
    """

    def on_error(status: int, code: str) -> None:
        observability.error_counted(status, code)
        # The database (or Redis) failed: a round may be left dealt. (A busy password gate
        # is no failure: waking the sweeper for it would only add work under a flood.)
        if status == 503 and code != "server_busy":
            app.state.recovery.ring()

    install_error_handlers(app, on_error=on_error)
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes, on_error=on_error)
    app.add_middleware(CrossSiteMiddleware, allowed_origins=settings.allowed_origins)
    app.add_middleware(observability.AccessMiddleware, access_log=settings.access_log)
    _with_security_headers(app)
