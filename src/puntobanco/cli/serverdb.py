"""Opening the server's database from a command (``--database`` or the environment)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer
from sqlalchemy.orm import Session, sessionmaker


@contextmanager
def open_database(database: str | None) -> Iterator[sessionmaker[Session]]:
    """Sessions on the server's database, migrated; exits with a message if it cannot."""
    from puntobanco.server.db import make_engine, make_sessionmaker, migrate
    from puntobanco.server.settings import Settings

    settings = Settings(database_url=database) if database else Settings()
    engine = make_engine(settings)
    try:
        migrate(engine)
    except Exception as exc:
        typer.echo(f"cannot open the database {settings.database_url}: {exc}", err=True)
        raise typer.Exit(2) from None
    try:
        yield make_sessionmaker(engine)
    finally:
        engine.dispose()
