"""``puntobanco serve``: the game server (FastAPI on uvicorn)."""

from __future__ import annotations

import errno
import ipaddress
import os
import shutil
import socket
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from puntobanco.cli import refusal
from puntobanco.cli.ledger import HELP_LANG, LangOption, operator_lang, translated
from puntobanco.core import i18n

if TYPE_CHECKING:
    from puntobanco.server.settings import Settings

#: ``--log-level``'s values (uvicorn's names; the help lists them).
LOG_LEVELS = ("debug", "info", "warning", "error")


def _is_address(text: str) -> bool:
    """Whether ``text`` is an IP address or network."""
    try:
        ipaddress.ip_network(text, strict=False)
    except ValueError:
        return False
    return True


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to ``app``."""

    @app.command(
        "serve",
        cls=translated("serve", "--port 8000"),
        help=i18n.text(HELP_LANG, "ops.help.serve"),
    )
    def _serve(
        host: Annotated[
            str,
            typer.Option(
                metavar="HOST",
                help=i18n.text(HELP_LANG, "ops.help.serve_host"),
                show_default=False,
            ),
        ] = "127.0.0.1",
        port: Annotated[
            int,
            typer.Option(
                metavar="PORT",
                help=i18n.text(HELP_LANG, "ops.help.serve_port"),
                show_default=False,
            ),
        ] = 8000,
        database: Annotated[
            str | None,
            typer.Option(
                metavar="URL",
                help=i18n.text(HELP_LANG, "ops.help.serve_database"),
            ),
        ] = None,
        workers: Annotated[
            int,
            typer.Option(
                metavar="N",
                help=i18n.text(HELP_LANG, "ops.help.serve_workers"),
                min=1,
                max=64,
                show_default=False,
            ),
        ] = 1,
        log_level: Annotated[
            str,
            typer.Option(
                metavar="LEVEL",
                help=i18n.text(HELP_LANG, "ops.help.serve_log_level"),
                show_default=False,
            ),
        ] = "info",
        forwarded_allow_ips: Annotated[
            str | None,
            typer.Option(
                metavar="ADDRESSES",
                help=i18n.text(HELP_LANG, "ops.help.serve_forwarded"),
            ),
        ] = None,
        allow_test_seed: Annotated[
            bool,
            typer.Option(
                "--allow-test-seed",
                help=i18n.text(HELP_LANG, "ops.help.serve_test_seed"),
            ),
        ] = False,
        allow_weak_argon2: Annotated[
            bool,
            typer.Option(
                "--allow-weak-argon2",
                help=i18n.text(HELP_LANG, "ops.help.serve_weak_argon2"),
            ),
        ] = False,
        lang: LangOption = None,
    ) -> None:
        """Serve the web table and the HTTP API (docs at /docs)."""
        language = operator_lang(lang)
        level = _log_level(log_level, language)
        if not 1 <= port <= 65535:
            refusal.refuse(language, "--port", _text(language, "port", value=port))
        _check_proxies(forwarded_allow_ips, language)
        settings = _settings(database, level, allow_test_seed, language)
        if settings.argon2_weak_for_tests and not allow_weak_argon2:
            refusal.fail(i18n.text(language, "ops.serve.weak_argon2"))
        _check_database(settings, database, language)
        if settings.is_sqlite and workers > 1:
            typer.echo(i18n.text(language, "ops.serve.sqlite_workers"), err=True)
        # Bound before the database is migrated: a port in use leaves nothing behind.
        sock = _listen(host, port, language)
        _migrate(settings, language)
        if settings.argon2_weak_for_tests:
            typer.echo(i18n.text(language, "ops.serve.weak_argon2_on"), err=True)
        typer.echo(
            i18n.text(language, "ops.serve.serving", host=host, port=port, count=workers),
            err=True,
        )
        if settings.shared_tables:
            tables = len(settings.shared_tables)
            lobby = i18n.text(language, "ops.serve.lobby", host=host, port=port, count=tables)
            typer.echo(lobby, err=True)
        status = _run(sock, settings, host, port, workers, level, forwarded_allow_ips)
        raise typer.Exit(status)


def _text(language: i18n.Lang, key: str, **params: Any) -> str:
    """The catalogue's ``ops.serve.KEY``, the user's values quoted as the language quotes."""
    shown: dict[str, Any] = {
        k: refusal.quoted(v, language) if k == "value" else v for k, v in params.items()
    }
    return i18n.text(language, f"ops.serve.{key}", **shown)


def _log_level(value: str, language: i18n.Lang) -> str:
    """The name uvicorn knows for ``--log-level`` (refused unless one of :data:`LOG_LEVELS`)."""
    level = value.strip().lower()
    if level not in LOG_LEVELS:
        refusal.refuse(language, "--log-level", _text(language, "log_level", value=value))
    return level


def _check_proxies(addresses: str | None, language: i18n.Lang) -> None:
    for entry in (part.strip() for part in (addresses or "").split(",")):
        # uvicorn would take a mistyped address for a host name and never match it,
        # leaving the proxy untrusted without a word.
        if entry and entry != "*" and not _is_address(entry):
            detail = i18n.text(language, "ops.serve.proxy", entry=repr(entry))
            refusal.refuse(language, "--forwarded-allow-ips", detail)


def _settings(
    database: str | None, level: str, allow_test_seed: bool, language: i18n.Lang
) -> Settings:
    """The settings, from the options and the environment, exported for the workers."""
    from pydantic import ValidationError

    from puntobanco.server.settings import Settings, get_settings

    if database is not None:
        os.environ["PUNTOBANCO_DATABASE_URL"] = database
    os.environ.setdefault("PUNTOBANCO_LOG_LEVEL", level.upper())
    # Only the flag allows a test seed here: an allowance left in the environment does not
    # (the workers read it from the environment the flag sets).
    if allow_test_seed:
        os.environ["PUNTOBANCO_ALLOW_TEST_SEED"] = "true"
    else:
        os.environ.pop("PUNTOBANCO_ALLOW_TEST_SEED", None)
    get_settings.cache_clear()
    try:
        return Settings(allow_test_seed=allow_test_seed)
    except ValidationError as exc:
        # The first error, in the user's words, never with its input for a secret: pydantic's
        # text repeats the input (tokens and passwords included).
        refusal.fail(_setting_error(exc.errors()[0], language))


#: The settings whose values are never printed back.
_SECRETS = frozenset({"database_url", "admin_token", "test_server_seed"})


def _setting_error(error: Any, language: i18n.Lang) -> str:
    """One pydantic error as a line: the environment variable's name, the rule, the value."""
    field = ".".join(str(part) for part in error["loc"])
    context = error.get("ctx") or {}
    kind = str(error["type"])
    message = str(error["msg"]).removeprefix("Value error, ")
    if f"ops.serve.setting.{kind}" in i18n.CATALOGUE[language]:  # one of our validators'
        message = i18n.text(language, f"ops.serve.setting.{kind}", **context)
    if not field:
        return i18n.text(language, "ops.serve.settings", detail=message)
    value = "…" if field in _SECRETS else refusal.quoted(error.get("input", ""), language)
    rule = _RULES.get(kind)
    if rule is not None:
        key, limit = rule
        allowed = context.get("expected", "")
        detail = i18n.text(
            language, f"ops.serve.setting.{key}", value=value,
            limit=context.get(limit, ""), allowed=allowed,
        )  # fmt: skip
    else:
        detail = refusal.clause(message)
    return i18n.text(
        language, "ops.serve.setting", name=f"PUNTOBANCO_{field.upper()}", detail=detail
    )


#: pydantic's error types worded in the catalogue (``ops.serve.setting.KEY``), with the
#: name of the limit in the error's context.
_RULES: dict[str, tuple[str, str]] = {
    "int_parsing": ("int", ""),
    "int_from_float": ("int", ""),
    "float_parsing": ("float", ""),
    "bool_parsing": ("bool", ""),
    "greater_than_equal": ("ge", "ge"),
    "greater_than": ("gt", "gt"),
    "less_than_equal": ("le", "le"),
    "less_than": ("lt", "lt"),
    "literal_error": ("choice", ""),
}


def _check_database(settings: Settings, database: str | None, language: i18n.Lang) -> None:
    """A URL we can serve from, and for SQLite a folder that exists (checked, not made)."""
    from puntobanco.cli.serverdb import checked_url

    # A plain path or an unknown driver: one line, not SQLAlchemy's traceback.
    checked_url(settings.database_url, settings.sqlalchemy_url, language)
    if not settings.is_sqlite:
        return
    from sqlalchemy.engine import make_url

    path = make_url(settings.sqlalchemy_url).database
    if path and path != ":memory:" and not path.startswith("file:"):
        folder = Path(path).expanduser().resolve().parent
        if not folder.is_dir():
            option = "--database" if database is not None else "PUNTOBANCO_DATABASE_URL"
            refusal.refuse(language, option, _text(language, "folder", folder=folder))


def _listen(host: str, port: int, language: i18n.Lang) -> socket.socket:
    from puntobanco.server.serving import listen

    try:
        return listen(host, port)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            refusal.refuse(language, "--port", _text(language, "port_in_use", host=host, port=port))
        if exc.errno == errno.EACCES:
            refusal.refuse(language, "--port", _text(language, "port_denied", port=port))
        reason = exc.strerror or str(exc)
        refusal.refuse(
            language, "--host", _text(language, "host", host=host, reason=reason, value=host)
        )


def _migrate(settings: Settings, language: i18n.Lang) -> None:
    """Migrate once here, before the workers start (each also checks, under a lock)."""
    from puntobanco.server.db import make_engine, migrate

    engine = None
    try:
        engine = make_engine(settings)
        migrate(engine)
    except Exception as exc:
        cause = getattr(exc, "orig", None) or exc
        detail = " ".join(str(cause).split())
        typer.echo(i18n.text(language, "ops.serve.database", detail=detail), err=True)
        raise typer.Exit(1) from None
    finally:
        if engine is not None:
            engine.dispose()


def _run(
    sock: socket.socket,
    settings: Settings,
    host: str,
    port: int,
    workers: int,
    level: str,
    forwarded_allow_ips: str | None,
) -> int:
    """Serve on ``sock`` until stopped; the exit status (130 after Ctrl-C)."""
    from puntobanco.server import serving
    from puntobanco.server.spawn import light_main

    metrics_dir = None
    if workers > 1 and "PROMETHEUS_MULTIPROC_DIR" not in os.environ:
        # Every worker writes its counters here; /metrics adds them up.
        metrics_dir = tempfile.mkdtemp(prefix="puntobanco-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir
    try:
        with light_main():
            return serving.run(
                sock,
                host=host,
                port=port,
                workers=workers,
                log_level=level,
                access_log=False,
                loop=settings.event_loop,
                # An event is a few hundred bytes, sent to every socket of its table:
                # compressing each copy (permessage-deflate) cost about 8 % of the
                # workers' CPU at 1,000 sockets (bench/bench_shared.py) and saves little.
                ws_per_message_deflate=False,
                # The rate limits count per client address: behind a reverse proxy,
                # that address comes from the proxy's X-Forwarded-For, trusted only from
                # these proxies (uvicorn's own default when None).
                proxy_headers=True,
                forwarded_allow_ips=forwarded_allow_ips,
                # A worker that does not answer in time is killed and started again: too
                # short a wait, and a loaded machine kills its workers as they start.
                timeout_worker_healthcheck=settings.worker_start_s,
            )
    finally:
        sock.close()
        if metrics_dir is not None:
            os.environ.pop("PROMETHEUS_MULTIPROC_DIR", None)
            shutil.rmtree(metrics_dir, ignore_errors=True)
