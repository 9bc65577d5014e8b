"""``puntobanco verify``: recompute every round of a revealed server seed."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from puntobanco.cli.ledger import (
    HELP_LANG,
    DatabaseOption,
    JsonOption,
    LangOption,
    TableFormatOption,
    operator_lang,
    output_format,
    translated,
)
from puntobanco.cli.numbers import localize
from puntobanco.cli.oserrors import os_reason
from puntobanco.cli.params import OutputFormat
from puntobanco.cli.refusal import refuse, sentence
from puntobanco.cli.tabular import write_rows
from puntobanco.core import i18n
from puntobanco.core.errors import BaccaratError
from puntobanco.core.i18n import Lang

#: What recomputing a round raises when its record is not one the server could have
#: dealt (no such shoe, no such bet): a failed verification (exit 1), not a traceback.
UNDEALABLE = (BaccaratError, ValueError, TypeError)


def register(app: typer.Typer) -> None:
    """Add the ``verify`` command to ``app``."""
    app.command(
        "verify",
        cls=translated("verify", "--rounds rounds.json"),
        help=i18n.text(HELP_LANG, "ops.help.verify"),
    )(verify)


def verify(
    server_seed: Annotated[
        str | None,
        typer.Argument(
            metavar="SERVER_SEED",
            show_default=False,
            help=i18n.text(HELP_LANG, "ops.help.verify_seed"),
        ),
    ] = None,
    rounds: Annotated[
        Path | None,
        typer.Option(metavar="FILE.json", help=i18n.text(HELP_LANG, "ops.help.verify_rounds")),
    ] = None,
    shared_shoe: Annotated[
        str | None,
        typer.Option(
            "--shared-shoe",
            metavar="FILE.json",
            help=i18n.text(HELP_LANG, "ops.help.verify_shared"),
        ),
    ] = None,
    database: DatabaseOption = None,
    as_json: JsonOption = False,
    fmt: TableFormatOption = None,
    lang: LangOption = None,
) -> None:
    """Recompute each round dealt under SERVER_SEED; exit 1 if any differs.

    A verification that checks nothing fails: exit 1 when no round was
    dealt under SERVER_SEED (in the file, or in the database), naming the
    seed hashes the file's rounds carry. Exit 2 for input that cannot be
    read (a seed that is not 64 hex digits, a file that is not rounds).

    With ``--shared-shoe FILE`` (no SERVER_SEED: the export reveals its own), a shared
    table's whole shoe is recomputed instead (:mod:`puntobanco.cli.verify_shared`).
    """
    from puntobanco.cli.serverdb import fail
    from puntobanco.core.fairness import commitment

    language = operator_lang(lang)
    output = output_format(fmt, as_json, language)
    if shared_shoe is not None:
        _verify_shared(shared_shoe, server_seed, rounds, database, output, language)
        return
    if server_seed is None:
        fail(language, 2, "cli.opt.missing", name="SERVER_SEED", command="verify")
    if rounds is not None and database is not None:
        # One source of rounds: a silent choice between the two would check the other.
        refuse(language, "--database", i18n.text(language, "cli.opt.not_with", other="--rounds"))
    try:
        seed = bytes.fromhex(server_seed.strip())
        if len(seed) != 32:
            raise ValueError
    except ValueError:
        fail(language, 2, "ops.verify.seed", value=server_seed)
    ours_hash = commitment(seed)
    if rounds is not None:
        result = _verify_file(seed, ours_hash, rounds, output, language)
    else:
        result = _verify_database(seed, ours_hash, database, output, language)
    if output is OutputFormat.JSON:
        typer.echo(json.dumps(result))
    elif output is not OutputFormat.TABLE:
        # One row per mismatch (none: the header alone), for a spreadsheet or a script.
        headers = ["round_id", "field", "recorded", "recomputed"]
        rows = [[m[k] for k in headers] for m in result["mismatches"]]
        typer.echo(write_rows(headers, rows, output), nl=False)
    else:
        _print_result(result, language)
    if result["mismatches"]:
        raise typer.Exit(1)


def _verify_shared(
    path: str,
    server_seed: str | None,
    rounds: Path | None,
    database: str | None,
    output: OutputFormat,
    language: Lang,
) -> None:
    """``--shared-shoe``: the file reveals its own seeds, so it comes alone."""
    from puntobanco.cli.verify_shared import verify_shared_shoe

    given = [("SERVER_SEED", server_seed), ("--rounds", rounds), ("--database", database)]
    for name, value in given:
        if value is not None:
            refuse(language, "--shared-shoe", i18n.text(language, "cli.opt.not_with", other=name))
    verify_shared_shoe(path, output, language)


def _verify_file(
    seed: bytes, ours_hash: str, rounds: Path, output: OutputFormat, language: Lang
) -> dict[str, Any]:
    """Recompute the rounds of the file dealt under ``seed`` (exit 1 if none, 2 if unreadable)."""
    from puntobanco.cli.serverdb import fail
    from puntobanco.server.games.banque.verify import verify_banque_rounds
    from puntobanco.server.games.chemin.verify import verify_chemin_rounds
    from puntobanco.server.verify import records_from_api, verify_rounds

    try:
        data: Any = json.loads(rounds.read_text(encoding="utf-8"))
        items = data["rounds"] if isinstance(data, dict) else data
        if not isinstance(items, list):
            raise TypeError("not a list of rounds")
        hashes = Counter(r["fairness"]["server_seed_hash"] for r in items)
        ours = [r for r in items if r["fairness"]["server_seed_hash"] == ours_hash]
        # Chemin de fer rounds (GET /api/chemin/rounds) are replayed by their own check.
        chemin = [r for r in ours if r.get("variant") == "chemin-de-fer"]
        # Banque rounds (GET /api/banque/rounds) likewise.
        banque = [r for r in ours if r.get("variant") == "banque"]
        records = records_from_api([r for r in ours if r not in chemin + banque])
        chemin_checked, chemin_mismatches = verify_chemin_rounds(seed, chemin)
        banque_checked, banque_mismatches = verify_banque_rounds(seed, banque)
        chemin_checked += banque_checked
        chemin_mismatches += banque_mismatches
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        fail(
            language,
            2,
            "ops.verify.unreadable",
            path=rounds,
            detail=read_error_words(exc, language),
        )
    if not items:
        _failed(output, ours_hash, language, "ops.verify.empty", path=rounds)
    if not records and not chemin_checked:
        carried = ", ".join(
            i18n.text(language, "ops.verify.hash_count", hash=h, count=n) for h, n in hashes.items()
        )
        _failed(
            output, ours_hash, language, "ops.verify.no_match",
            path=rounds, hash=ours_hash, hashes=carried,
        )  # fmt: skip
    mismatches = []
    for record in records:
        try:
            mismatches.extend(verify_rounds(seed, [record]))
        except UNDEALABLE as exc:
            _failed(
                output, ours_hash, language, "ops.verify.broken",
                round=record.round_id, detail=exc,
            )  # fmt: skip
    mismatches.extend(chemin_mismatches)
    return {
        "server_seed_hash": ours_hash,
        "rounds_checked": len(records) + chemin_checked,
        "mismatches": [m.__dict__ for m in mismatches],
    }


def _verify_database(
    seed: bytes, ours_hash: str, database: str | None, output: OutputFormat, language: Lang
) -> dict[str, Any]:
    """Recompute the rounds of the database dealt under ``seed`` (exit 1 if none)."""
    from puntobanco.cli.serverdb import open_database
    from puntobanco.server.audit import verify_seed
    from puntobanco.server.errors import ApiError, api_message
    from puntobanco.server.games.banque.verify import verify_banque_seed
    from puntobanco.server.games.chemin.verify import verify_chemin_seed

    try:
        with open_database(database, language) as sessions, sessions.begin() as session:
            checked = verify_seed(session, seed, user_id=None)
            chemin_checked, chemin_mismatches = verify_chemin_seed(session, seed)
            banque_checked, banque_mismatches = verify_banque_seed(session, seed)
            chemin_checked += banque_checked
            chemin_mismatches += banque_mismatches
    except UNDEALABLE as exc:
        _failed(output, ours_hash, language, "ops.verify.broken_db", detail=exc)
    except ApiError as exc:
        # An unknown or unrevealed seed: nothing could be checked, a failed audit.
        # (The API's words speak to a player: "your server seeds".)
        key = f"ops.verify.{exc.code}"
        if key in i18n.CATALOGUE[language]:
            _failed(output, ours_hash, language, key, hash=ours_hash)
        _failed_with(output, ours_hash, api_message(exc.code, exc.params, language))
    if checked.rounds_checked + chemin_checked == 0:
        _failed(output, ours_hash, language, "ops.verify.no_rounds", hash=ours_hash)
    return {
        "server_seed_hash": checked.server_seed_hash,
        "rounds_checked": checked.rounds_checked + chemin_checked,
        "mismatches": [m.__dict__ for m in (*checked.mismatches, *chemin_mismatches)],
    }


def _print_result(result: dict[str, Any], language: Lang) -> None:
    """The verification's summary line, then a line per mismatch, in ``language``."""
    summary = i18n.text(
        language,
        "ops.verify.summary",
        hash=result["server_seed_hash"][:16],
        checked=f"{result['rounds_checked']:,}",
        mismatches=f"{len(result['mismatches']):,}",
    )
    typer.echo(localize(summary, language))
    for m in result["mismatches"]:
        typer.echo(
            i18n.text(
                language,
                "ops.verify.mismatch",
                round=m["round_id"],
                field=field_words(m["field"], language),
                recorded=repr(field_words(m["recorded"], language)),
                recomputed=repr(field_words(m["recomputed"], language)),
            )
        )


def _failed(output: OutputFormat, seed_hash: str, lang: Lang, key: str, **params: Any) -> NoReturn:
    """A verification that checked nothing: the catalogue's ``key``, exit status 1."""
    _failed_with(output, seed_hash, i18n.text(lang, key, **params))


def _failed_with(output: OutputFormat, seed_hash: str, message: str) -> NoReturn:
    """Print ``message`` on standard error and end with status 1.

    With ``--format json``, also the JSON a program expects on standard output, its
    ``error`` saying why nothing was checked.
    """
    typer.echo(sentence(message), err=True)
    if output is OutputFormat.JSON:
        failed = {"server_seed_hash": seed_hash, "rounds_checked": 0, "mismatches": []}
        typer.echo(json.dumps({**failed, "error": sentence(message)}))
    raise typer.Exit(1)


def field_words(text: str, lang: Lang) -> str:
    """A mismatch's field or value in ``lang``: each word the records use, translated.

    ``outcome``, ``burn.shown``, ``player`` read ``resultado``, ``quemado vista``,
    ``Jugador`` in Spanish; anything else (cards, amounts, a seat's number) stays.

    >>> field_words("burn.face_down", "es"), field_words("player", "es"), field_words("Ah 9c", "es")
    ('quemado boca abajo', 'Jugador', 'Ah 9c')
    """
    if lang == "en":  # the records' own words are English
        return text
    parts = text.replace(".", " ").split(" ")
    known = [f"ops.verify.word.{p}" in i18n.CATALOGUE[lang] for p in parts]
    if not any(known):
        return text
    return " ".join(
        i18n.text(lang, f"ops.verify.word.{p}") if k else p
        for p, k in zip(parts, known, strict=True)
    )


def read_error_words(error: Exception, lang: Lang) -> str:
    """Why a rounds file could not be read, in ``lang``."""
    if isinstance(error, OSError):
        return os_reason(error, lang)
    if isinstance(error, json.JSONDecodeError):
        return i18n.text(lang, "cli.os.not_json", line=error.lineno, column=error.colno)
    if isinstance(error, UnicodeDecodeError):
        return i18n.text(lang, "cli.os.not_utf8")
    return i18n.text(lang, "ops.verify.not_rounds")
