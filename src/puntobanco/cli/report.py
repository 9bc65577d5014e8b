"""``puntobanco report``: the operator's report (rounds, turnover, GGR, RTP)."""

from __future__ import annotations

import json
from typing import Any

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
from puntobanco.cli.params import OutputFormat
from puntobanco.cli.tables import write_rows
from puntobanco.core import i18n


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
            return
        if output is not OutputFormat.TABLE:
            # One row per rules preset and bet, the JSON's fields and plain numbers.
            headers = [
                k for k, v in (report["bets"] or [{}])[0].items() if not isinstance(v, dict | list)
            ]
            rows = [[b[k] for k in headers] for b in report["bets"]]
            typer.echo(write_rows(headers, rows, output), nl=False)
            return

        def money(minor: int) -> str:
            return format_minor(minor, lang=language)

        def pct(x: float | None) -> str:
            return "-" if x is None else localize(f"{100 * x:.3f}%", language)

        def say(key: str, **params: Any) -> None:
            typer.echo(i18n.text(language, key, **params))

        say(
            "ops.report.totals",
            rounds=localize(f"{report['rounds']:,}", language),
            turnover=money(report["turnover_minor"]),
            ggr=money(report["ggr_minor"]),
        )
        columns = i18n.text(language, "ops.report.columns").split("|")
        # The bet column fits the longest spot name (dragon_bonus_player), plus a space.
        bet_width = max([13, *(len(row["bet"]) + 1 for row in (*report["bets"], *report["days"]))])
        widths = (-18, -bet_width, 8, 14, 12, 10, 11, 9, 9)
        typer.echo(
            "".join(
                f"{c:{'<' if w < 0 else '>'}{abs(w)}}" for c, w in zip(columns, widths, strict=True)
            )
        )
        for b in report["bets"]:
            dist = (
                "-" if b["distance_se"] is None else localize(f"{b['distance_se']:+.2f}", language)
            )
            typer.echo(
                f"{b['preset']:<18}{b['bet']:<{bet_width}}"
                f"{localize(format(b['rounds'], ','), language):>8}"
                f"{money(b['turnover_minor']):>14}{money(b['ggr_minor']):>12}"
                f"{pct(b['rtp']):>10}{pct(b['theoretical_rtp']):>11}"
                f"{pct(b['standard_error']):>9}{dist:>9}"
            )
        if not report["theory_available"]:
            say("ops.report.no_theory")
        if report["full_shoe_reference"]:
            say("ops.report.full_shoe", presets=", ".join(report["full_shoe_reference"]))
        say("ops.report.per_day")
        for d in report["days"]:
            typer.echo(
                f"  {d['day']}  {d['bet']:<{bet_width}}"
                f"{localize(format(d['rounds'], ','), language):>8}"
                f"{money(d['turnover_minor']):>14}{money(d['ggr_minor']):>12}"
            )
