"""The application factory: ``create_app(settings)``.

On start the app applies the Alembic migrations, then completes any round
left between its debit and its settlement (see :mod:`puntobanco.server.game`).
The web table (``puntobanco/web/static``) is mounted at ``/`` after the API.
The API documentation (``/docs``, ``/redoc``) loads Swagger UI and ReDoc from files
served by the app itself (the ``fastapi-offline`` package ships them), not from a CDN,
so it works on a machine with no internet access.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path

import anyio
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline

from puntobanco.server import observability
from puntobanco.server.accounts import housekeeping
from puntobanco.server.db import make_engine, make_sessionmaker, migrate
from puntobanco.server.errors import install_error_handlers
from puntobanco.server.game import recover
from puntobanco.server.ratelimit import DatabaseRateLimiter, RateLimiter, RedisRateLimiter
from puntobanco.server.routers import admin, auth, fairness, ops, rounds, table, wallet
from puntobanco.server.settings import Settings, get_settings

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
  returns the same round and charges nothing.
* Operator endpoints (`/api/admin/*`) need the `X-Admin-Token` header
  (`PUNTOBANCO_ADMIN_TOKEN`).
"""


def _limiter(
    settings: Settings, app: FastAPI, *, limit: int, window_s: int, namespace: str
) -> RateLimiter:
    if settings.redis_url:
        import redis

        client = redis.Redis.from_url(settings.redis_url)
        return RedisRateLimiter(client, limit=limit, window_s=window_s, namespace=namespace)
    # In the database both limiters share one table: sign-up keys start with "signup|",
    # which no client address (the start of a login key) does.
    return DatabaseRateLimiter(app.state.sessions, limit=limit, window_s=window_s)


async def _sweep(app: FastAPI, settings: Settings) -> None:
    """Every ``housekeeping_s``, delete expired logins and finished rate-limit windows.

    Each worker sweeps (a delete of what has expired is harmless to repeat); the work
    runs in a thread, off the event loop, and a failure waits for the next sweep.
    """
    while True:
        await asyncio.sleep(settings.housekeeping_s)
        try:
            await anyio.to_thread.run_sync(housekeeping, app.state.sessions, settings)
        except Exception:
            log.exception("housekeeping failed; trying again in %d s", settings.housekeeping_s)


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the application for ``settings`` (read from the environment when omitted)."""
    settings = settings if settings is not None else get_settings()
    observability.configure_logging(settings.log_level)
    engine = make_engine(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if settings.test_server_seed is not None:
            log.warning(
                "PUNTOBANCO_TEST_SERVER_SEED is set: every new server seed is this fixed "
                "value, so no round is provably fair. For tests and demos only."
            )
        migrate(engine)
        housekeeping(app.state.sessions, settings)
        if settings.recover_on_start:
            recover(app.state.sessions)
        sweeper = asyncio.create_task(_sweep(app, settings))
        try:
            yield
        finally:
            sweeper.cancel()
            with suppress(asyncio.CancelledError):
                await sweeper
            engine.dispose()

    app = FastAPIOffline(
        static_url=DOCS_ASSETS,
        title="puntobanco",
        version="0.1.0",
        description=DESCRIPTION,
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.engine = engine
    app.state.sessions = make_sessionmaker(engine)
    app.state.limiter = _limiter(
        settings,
        app,
        limit=settings.login_attempts,
        window_s=settings.login_window_s,
        namespace="login",
    )
    app.state.signup_limiter = _limiter(
        settings,
        app,
        limit=settings.signups_per_address,
        window_s=settings.signup_window_s,
        namespace="signup",
    )
    install_error_handlers(app, on_error=observability.error_counted)
    app.add_middleware(observability.AccessMiddleware, access_log=settings.access_log)
    for module in (ops, auth, wallet, table, rounds, fairness, admin):
        app.include_router(module.router)
    if STATIC.is_dir():
        app.mount("/", StaticFiles(directory=STATIC, html=True), name="web")
    return app
