"""``puntobanco serve``: the game server (FastAPI on uvicorn)."""

from __future__ import annotations

import ipaddress
import os
import shutil
import tempfile
from typing import Annotated

import typer


def _is_address(text: str) -> bool:
    """Whether ``text`` is an IP address or network."""
    try:
        ipaddress.ip_network(text, strict=False)
    except ValueError:
        return False
    return True


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to ``app``."""

    @app.command("serve")
    def _serve(
        host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
        database: Annotated[
            str | None,
            typer.Option(
                help="Database URL (default: PUNTOBANCO_DATABASE_URL, else sqlite:///puntobanco.db)."
            ),
        ] = None,
        workers: Annotated[int, typer.Option(help="Worker processes.", min=1, max=64)] = 1,
        log_level: Annotated[str, typer.Option(help="debug, info, warning or error.")] = "info",
        forwarded_allow_ips: Annotated[
            str | None,
            typer.Option(
                help="Proxies trusted to give the client's address (X-Forwarded-For), "
                "comma-separated addresses or networks (default: FORWARDED_ALLOW_IPS, "
                "else 127.0.0.1)."
            ),
        ] = None,
        allow_test_seed: Annotated[
            bool,
            typer.Option(
                "--allow-test-seed",
                help="FOR TESTS AND DEMOS ONLY: start although PUNTOBANCO_TEST_SERVER_SEED "
                "is set (every card known in advance; the page shows a warning).",
            ),
        ] = False,
    ) -> None:
        """Serve the web table and the HTTP API (docs at /docs)."""
        import uvicorn
        from pydantic import ValidationError

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
                typer.echo(
                    f"puntobanco serve: invalid settings: {where + ': ' if where else ''}"
                    f"{error['msg']}",
                    err=True,
                )
            raise typer.Exit(2) from None
        except Exception as exc:
            typer.echo(f"puntobanco serve: invalid settings: {exc}", err=True)
            raise typer.Exit(2) from None
        for entry in (part.strip() for part in (forwarded_allow_ips or "").split(",")):
            # uvicorn would take a mistyped address for a host name and never match it,
            # leaving the proxy untrusted without a word.
            if entry and entry != "*" and not _is_address(entry):
                typer.echo(
                    f"puntobanco serve: --forwarded-allow-ips: {entry!r} is not an IP "
                    "address or network (e.g. 10.0.0.2 or 10.0.0.0/8), nor *",
                    err=True,
                )
                raise typer.Exit(2)
        if settings.is_sqlite and workers > 1:
            typer.echo(
                "note: several workers share one SQLite file; writes take turns "
                "(use PostgreSQL to scale)",
                err=True,
            )
        # Migrate once here, before the workers start (each also checks, under a lock).
        engine = make_engine(settings)
        try:
            migrate(engine)
        except Exception as exc:
            typer.echo(f"puntobanco serve: cannot prepare the database: {exc}", err=True)
            raise typer.Exit(1) from None
        finally:
            engine.dispose()
        metrics_dir = None
        if workers > 1 and "PROMETHEUS_MULTIPROC_DIR" not in os.environ:
            # Every worker writes its counters here; /metrics adds them up.
            metrics_dir = tempfile.mkdtemp(prefix="puntobanco-metrics-")
            os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir
        typer.echo(f"puntobanco: serving on http://{host}:{port} ({workers} worker(s))", err=True)
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
