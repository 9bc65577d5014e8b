"""Opening the server's database from an operator command (``--database`` or the environment).

The operator commands (``ledger check``, ``report``, ``verify``) audit the
database the server made: they open an existing, migrated one only, and never
create or migrate one (``serve`` does that). A mistyped URL therefore fails,
instead of creating an empty database that then passes every check.

Every refusal is one line in the user's language (:mod:`puntobanco.cli.lang`),
saying what is wrong and what is allowed, with one of two exit statuses:

* 2, a usage error: the value is not one we take, and nothing was opened: a
  plain path, a URL that does not parse, a database other than SQLite
  (``sqlite:///PATH``) or PostgreSQL (``postgresql+psycopg://...``), or
  invalid settings in the environment.
* 1, a failed check: the URL is well formed but names no database that can be
  audited: no such SQLite file, a server that does not answer, a database that
  does not exist, one without puntobanco's tables or at an older migration.
  The command looked, as it looks at the ledger, and found nothing to check;
  that is an audit that did not pass, the same status as a difference found.

A plain path (``/srv/pb.db``) is refused rather than taken for a SQLite file:
``--database`` takes the same URL as ``serve --database`` and
``PUNTOBANCO_DATABASE_URL``, and a path that is also a valid URL elsewhere
would be ambiguous; the message spells out the URL to write
(``sqlite:////srv/pb.db``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer

from puntobanco.core import i18n

if TYPE_CHECKING:
    from sqlalchemy import URL, Engine
    from sqlalchemy.orm import Session, sessionmaker

    from puntobanco.core.explain import Lang

#: The SQLAlchemy drivers the server runs on (``postgresql://`` reads as psycopg 3).
DRIVERS = frozenset({"sqlite", "sqlite+pysqlite", "postgresql+psycopg"})


def fail(lang: Lang, status: int, key: str, **params: Any) -> NoReturn:
    """Print the catalogue's message ``key`` on stderr and exit with ``status``.

    One line that starts with a capital, as every command's refusals read.
    """
    from puntobanco.cli.refusal import sentence

    typer.echo(sentence(i18n.text(lang, key, **params)), err=True)
    raise typer.Exit(status)


def _one_line(error: BaseException) -> str:
    """An error's text on one line (drivers write theirs over several)."""
    cause = getattr(error, "orig", None) or error
    return " ".join(str(cause).split())


@contextmanager
def open_database(database: str | None, lang: Lang) -> Iterator[sessionmaker[Session]]:
    """Sessions on an existing, migrated puntobanco database; never creates nor migrates one.

    Args:
        database: ``--database``, or ``None`` for the settings' URL
            (``PUNTOBANCO_DATABASE_URL``, else ``sqlite:///puntobanco.db``).
        lang: The language of the messages.

    Exits with status 2 for a value that is not a URL we take, 1 for a URL that
    names no database to audit (see the module's docstring for why), with a
    message in ``lang``.
    """
    from pydantic import ValidationError

    from puntobanco.server.db import make_engine, make_sessionmaker
    from puntobanco.server.settings import Settings

    try:
        settings = Settings(database_url=database) if database is not None else Settings()
    except ValidationError as exc:
        fail(lang, 2, "ops.db.settings", detail=_one_line(exc))
    url = checked_url(settings.database_url, settings.sqlalchemy_url, lang)
    value = settings.database_url
    shown = url.render_as_string(hide_password=True)
    if settings.is_sqlite:
        if url.host or url.port or url.username:
            fail(lang, 2, "ops.db.bad_url", value=value)
        path = url.database or ""
        if path in ("", ":memory:") or not Path(path).is_file():
            fail(lang, 1, "ops.db.missing", path=path or shown)
        probe = _sqlite_read_only(Path(path))
    else:
        probe = make_engine(settings)
    try:
        _check_migrated(probe, shown, lang)
    finally:
        probe.dispose()
    engine = make_engine(settings)
    try:
        yield make_sessionmaker(engine)
    finally:
        engine.dispose()


def checked_url(value: str, sqlalchemy_url: str, lang: Lang) -> URL:
    """The database URL parsed, or exit 2: a plain path, a URL that does not parse, another driver.

    ``serve`` checks its ``--database`` here too, before it makes an engine
    (SQLAlchemy's own errors for these are tracebacks).
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    if "://" not in value:
        fail(lang, 2, "ops.db.path", value=value)
    try:
        url = make_url(sqlalchemy_url)
    except (ArgumentError, ValueError):  # ValueError: a port that is not a number
        fail(lang, 2, "ops.db.bad_url", value=value)
    if url.drivername not in DRIVERS:
        shown = url.render_as_string(hide_password=True)
        fail(lang, 2, "ops.db.dialect", value=shown, scheme=url.drivername)
    return url


def _sqlite_read_only(path: Path) -> Engine:
    """An engine that reads the SQLite file at ``path`` and can neither create nor change it."""
    from sqlalchemy import create_engine

    uri = f"{path.resolve().as_uri()}?mode=ro"
    return create_engine(
        "sqlite://", creator=lambda: sqlite3.connect(uri, uri=True), hide_parameters=True
    )


def _check_migrated(engine: Engine, shown: str, lang: Lang) -> None:
    """Exit with status 1 unless ``engine`` reaches a database at the newest migration."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory
    from sqlalchemy.exc import SQLAlchemyError

    from puntobanco.server.db import alembic_config

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    try:
        with engine.connect() as connection:
            current = MigrationContext.configure(connection).get_current_revision()
    except SQLAlchemyError as exc:
        fail(lang, 1, "ops.db.unreachable", url=shown, detail=_one_line(exc))
    if current is None:
        fail(lang, 1, "ops.db.not_migrated", url=shown)
    if current != head:
        fail(lang, 1, "ops.db.old", url=shown, current=current, head=head)
