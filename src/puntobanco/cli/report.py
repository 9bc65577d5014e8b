"""``puntobanco report``: the operator's report (rounds, turnover, GGR, RTP)."""

from __future__ import annotations

import json
from typing import Any

import typer

from puntobanco.cli.layout import fit_table, stdout_console, terminal_width, wrap_lines
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
from puntobanco.cli.params import OutputFormat
from puntobanco.cli.tabular import write_rows
from puntobanco.core import i18n
from puntobanco.core.explain import BET_NAMES, Lang
from puntobanco.core.rules import BetKind


def bet_name(bet: str, lang: Lang) -> str:
    """A bet's name as the player's table shows it (the JSON keeps its identifier).

    >>> bet_name("banker", "es"), bet_name("no_such_bet", "es")
    ('Banca', 'no_such_bet')
    """
    try:
        return BET_NAMES[lang][BetKind(bet)]
    except ValueError:
        return bet


def register(app: typer.Typer) -> None:
    """Add the ``report`` command to ``app``."""

    @app.command(
        "report",
        cls=translated("report", "--database sqlite:///pb.db"),
        help=i18n.text(HELP_LANG, "ops.help.report"),
    )
    def _report(
        database: DatabaseOption = None,
        as_json: JsonOption = False,
        fmt: TableFormatOption = None,
        lang: LangOption = None,
    ) -> None:
        """Rounds, turnover and GGR per bet and per day; realised RTP against the exact value.

        Exit 1 when the database does not exist or is not migrated (it is never
        created here), 2 when --database is not a URL we take.
        """
        from puntobanco.cli.serverdb import open_database
        from puntobanco.core.money import format_minor
        from puntobanco.server.ledger.report import operator_report

        language = operator_lang(lang)
        output = output_format(fmt, as_json, language)
        with open_database(database, language) as sessions, sessions.begin() as session:
            report = operator_report(session).as_dict()
        if output is OutputFormat.JSON:
            typer.echo(json.dumps(report))
            _nothing_fails(report, language)
            return
        if output is not OutputFormat.TABLE:
            # One row per rules preset and bet, the JSON's fields and plain numbers.
            headers = [
                k for k, v in (report["bets"] or [{}])[0].items() if not isinstance(v, dict | list)
            ]
            rows = [[b[k] for k in headers] for b in report["bets"]]
            typer.echo(write_rows(headers, rows, output), nl=False)
            _nothing_fails(report, language)
            return

        def money(minor: int) -> str:
            return format_minor(minor, lang=language)

        def pct(x: float | None) -> str:
            return "-" if x is None else localize(f"{100 * x:.3f}%", language)

        def say(key: str, **params: Any) -> None:
            typer.echo(wrap_lines(i18n.text(language, key, **params), terminal_width()))

        say(
            "ops.report.totals",
            rounds=localize(f"{report['rounds']:,}", language),
            turnover=money(report["turnover_minor"]),
            ggr=money(report["ggr_minor"]),
        )
        columns = i18n.text(language, "ops.report.columns").split("|")
        console = stdout_console()
        rows = [
            [
                b["preset"],
                bet_name(b["bet"], language),
                localize(format(b["rounds"], ","), language),
                money(b["turnover_minor"]),
                money(b["ggr_minor"]),
                pct(b["rtp"]),
                pct(b["theoretical_rtp"]),
                pct(b["standard_error"]),
                "-" if b["distance_se"] is None else localize(f"{b['distance_se']:+.2f}", language),
            ]
            for b in report["bets"]
        ]
        fit_table(console, None, columns, rows, left=2)
        if report["bets"] and not report["theory_available"]:
            say("ops.report.no_theory")
        if report["full_shoe_reference"]:
            say("ops.report.full_shoe", presets=", ".join(report["full_shoe_reference"]))
        say("ops.report.per_day")
        day_rows = [
            [
                d["day"],
                bet_name(d["bet"], language),
                localize(format(d["rounds"], ","), language),
                money(d["turnover_minor"]),
                money(d["ggr_minor"]),
            ]
            for d in report["days"]
        ]
        fit_table(console, None, [i18n.text(language, "ops.report.day"), *columns[1:5]], day_rows,
                  left=2)  # fmt: skip
        _nothing_fails(report, language)


def _nothing_fails(report: dict[str, Any], lang: Lang) -> None:
    """A report of no round ends with status 1, as a check of nothing does (docs/cli.md)."""
    if not report["rounds"]:
        typer.echo(i18n.text(lang, "ops.report.nothing"), err=True)
        raise typer.Exit(1)
