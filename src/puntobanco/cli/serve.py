"""``puntobanco serve``: the game server (FastAPI on uvicorn)."""

from __future__ import annotations

import ipaddress
import os
import shutil
import tempfile
from typing import Annotated

import typer

from puntobanco.cli.ledger import HELP_LANG, LangOption, operator_lang, translated
from puntobanco.core import i18n


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
                min=1,
                max=65535,
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
        lang: LangOption = None,
    ) -> None:
        """Serve the web table and the HTTP API (docs at /docs)."""
        import uvicorn
        from pydantic import ValidationError

        language = operator_lang(lang)
        from puntobanco.cli.serverdb import checked_url
        from puntobanco.server.db import make_engine, migrate
        from puntobanco.server.settings import Settings, get_settings
        from puntobanco.server.spawn import light_main

        if database is not None:
            os.environ["PUNTOBANCO_DATABASE_URL"] = database
        os.environ.setdefault("PUNTOBANCO_LOG_LEVEL", log_level.upper())
        # Only the flag allows a test seed here: an allowance left in the environment does not
        # (the workers read it from the environment the flag sets).
        if allow_test_seed:
            os.environ["PUNTOBANCO_ALLOW_TEST_SEED"] = "true"
        else:
            os.environ.pop("PUNTOBANCO_ALLOW_TEST_SEED", None)
        get_settings.cache_clear()
        try:
            settings = Settings(allow_test_seed=allow_test_seed)
        except ValidationError as exc:
            # Each error's message only: pydantic's text repeats the input (secrets included).
            for error in exc.errors():
                where = ".".join(str(part) for part in error["loc"])
                detail = f"{where + ': ' if where else ''}{error['msg']}"
                typer.echo(i18n.text(language, "ops.serve.settings", detail=detail), err=True)
            raise typer.Exit(2) from None
        except Exception as exc:
            typer.echo(i18n.text(language, "ops.serve.settings", detail=exc), err=True)
            raise typer.Exit(2) from None
        for entry in (part.strip() for part in (forwarded_allow_ips or "").split(",")):
            # uvicorn would take a mistyped address for a host name and never match it,
            # leaving the proxy untrusted without a word.
            if entry and entry != "*" and not _is_address(entry):
                typer.echo(i18n.text(language, "ops.serve.proxy", entry=repr(entry)), err=True)
                raise typer.Exit(2)
        if settings.is_sqlite and workers > 1:
            typer.echo(i18n.text(language, "ops.serve.sqlite_workers"), err=True)
        # A plain path or an unknown driver: one line, not SQLAlchemy's traceback.
        checked_url(settings.database_url, settings.sqlalchemy_url, language)
        # Migrate once here, before the workers start (each also checks, under a lock).
        engine = None
        try:
            engine = make_engine(settings)
            migrate(engine)
        except Exception as exc:
            typer.echo(i18n.text(language, "ops.serve.database", detail=exc), err=True)
            raise typer.Exit(1) from None
        finally:
            if engine is not None:
                engine.dispose()
        metrics_dir = None
        if workers > 1 and "PROMETHEUS_MULTIPROC_DIR" not in os.environ:
            # Every worker writes its counters here; /metrics adds them up.
            metrics_dir = tempfile.mkdtemp(prefix="puntobanco-metrics-")
            os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir
        typer.echo(
            i18n.text(language, "ops.serve.serving", host=host, port=port, count=workers),
            err=True,
        )
        try:
            with light_main():
                uvicorn.run(
                    "puntobanco.server.main:create_app",
                    factory=True,
                    host=host,
                    port=port,
                    workers=workers,
                    log_level=log_level.lower(),
                    access_log=False,
                    loop=settings.event_loop,
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
            if metrics_dir is not None:
                os.environ.pop("PROMETHEUS_MULTIPROC_DIR", None)
                shutil.rmtree(metrics_dir, ignore_errors=True)
