"""``puntobanco verify --shared-shoe FILE``: recompute a whole shared shoe from its export.

The recomputation is :func:`puntobanco.server.shared.export.check_shoe`'s; this module
reads the file (``-``: standard input), prints the report in the user's language and
chooses the exit status: 0 when every card, outcome and payout is as recorded, 1 at the
first mismatch (named), 2 when the file is not a shared shoe's export.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from typing import Any, NoReturn

import typer

from puntobanco.cli.numbers import localize
from puntobanco.cli.params import OutputFormat
from puntobanco.cli.refusal import sentence
from puntobanco.cli.tabular import write_rows
from puntobanco.cli.verify import field_words, read_error_words
from puntobanco.core import i18n
from puntobanco.core.i18n import Lang
from puntobanco.server.shared.export import ShoeCheck, ShoeExportError, ShoeMismatch, check_shoe

#: The columns of ``--format csv`` and ``markdown``: the mismatch, if any, as one row.
HEADERS = ("round", "seat", "spot", "field", "recorded", "recomputed")
#: Mismatches of the shoe's own fields that have a sentence of their own.
_SHOE_FIELDS = {
    "server_seed_hash": "ops.verify.shared.bad_seed",
    "seeds": "ops.verify.shared.no_seeds",
    "client_seed": "ops.verify.shared.bad_client_seed",
    "rules": "ops.verify.shared.bad_rules",
}


def verify_shared_shoe(path: str, output: OutputFormat, lang: Lang) -> None:
    """Check the export at ``path`` and print the result; exit 1 on a mismatch, 2 if unreadable."""
    data = _read(path, lang)
    try:
        check = check_shoe(data)
    except ShoeExportError as exc:
        _unreadable(path, lang, _not_an_export(exc, lang))
    if output is OutputFormat.JSON:
        typer.echo(json.dumps(_as_json(check)))
    elif output is not OutputFormat.TABLE:
        mismatches = [] if check.mismatch is None else [check.mismatch]
        rows = [[getattr(m, name) for name in HEADERS] for m in mismatches]
        typer.echo(write_rows(HEADERS, rows, output), nl=False)
    else:
        for line in report(check, lang):
            typer.echo(line)
    if check.mismatch is not None:
        raise typer.Exit(1)


def _read(path: str, lang: Lang) -> Any:
    """The file's JSON (exit 2 with the reason when it cannot be read)."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as file:
                text = file.read()
        return json.loads(text)
    except (OSError, ValueError) as exc:
        _unreadable(path, lang, read_error_words(exc, lang))


def _not_an_export(error: ShoeExportError, lang: Lang) -> str:
    if not error.field:
        return i18n.text(lang, "ops.verify.shared.not_object")
    return i18n.text(lang, "ops.verify.shared.bad_field", field=error.field)


def _unreadable(path: str, lang: Lang, detail: str) -> NoReturn:
    shown = i18n.text(lang, "ops.verify.shared.stdin") if path == "-" else path
    typer.echo(
        sentence(i18n.text(lang, "ops.verify.shared.unreadable", path=shown, detail=detail)),
        err=True,
    )
    raise typer.Exit(2)


def _as_json(check: ShoeCheck) -> dict[str, Any]:
    """The result for a program: what was checked, and the mismatch (``[]``: none)."""
    data = dataclasses.asdict(check)
    mismatch = data.pop("mismatch")
    data["seats"] = list(check.seats)
    data["mismatches"] = [] if mismatch is None else [mismatch]
    return data


def report(check: ShoeCheck, lang: Lang) -> list[str]:
    """The report's lines in ``lang``: the verdict, then the seeds or the first mismatch.

    >>> from puntobanco.server.shared.export import ShoeCheck
    >>> ok = ShoeCheck("salon", 3, "ab" * 32, "cd" * 16, ("Lince",), 70, 9, None)
    >>> report(ok, "en")[0]
    'Shared shoe 3 of table salon: 70 rounds and 9 bets recomputed, all as recorded'
    """
    counts: dict[str, Any] = {
        "table": check.table,
        "shoe": check.shoe,
        "rounds": localize(f"{check.rounds_checked:,}", lang),
        "bets": localize(f"{check.bets_checked:,}", lang),
    }
    if check.mismatch is not None:
        return [
            i18n.text(lang, "ops.verify.shared.failed", **counts),
            _mismatch_line(check.mismatch, lang),
        ]
    seats = ", ".join(check.seats) or i18n.text(lang, "ops.verify.shared.no_seat")
    return [
        i18n.text(lang, "ops.verify.shared.ok", **counts),
        i18n.text(lang, "ops.verify.shared.seed_ok", hash=check.server_seed_hash[:16]),
        i18n.text(lang, "ops.verify.shared.client_ok", seed=check.client_seed, seats=seats),
    ]


def _field(name: str, lang: Lang) -> str:
    """A field's name as the report words it (``payout_minor`` reads ``payout``), in ``lang``."""
    key = f"ops.verify.word.{name}"
    return i18n.text(lang, key) if key in i18n.CATALOGUE[lang] else field_words(name, lang)


def _mismatch_line(m: ShoeMismatch, lang: Lang) -> str:
    """The first mismatch, in a sentence of its own when it is the shoe's seeds or rules."""
    values: dict[str, Any] = {
        "recorded": repr(field_words(m.recorded, lang)),
        "recomputed": repr(field_words(m.recomputed, lang)),
        "field": _field(m.field, lang),
    }
    if m.round is None and m.field in _SHOE_FIELDS:
        # The rules' mismatch records the preset's name: its sentence names it as is.
        return i18n.text(lang, _SHOE_FIELDS[m.field], preset=m.recorded, **values)
    if m.round is None:
        return i18n.text(lang, "ops.verify.shared.shoe_field", **values)
    if m.seat is not None and m.field == "bet":
        return i18n.text(
            lang, "ops.verify.shared.bet_invalid", round=m.round, seat=m.seat, **values
        )
    if m.seat is not None:
        spot = field_words(m.spot or "", lang)
        return i18n.text(
            lang, "ops.verify.shared.bet", round=m.round, seat=m.seat, spot=spot, **values
        )
    return i18n.text(lang, "ops.verify.mismatch", round=m.round, **values)
