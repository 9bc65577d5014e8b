"""``puntobanco report``: the operator's report (rounds, turnover, GGR, RTP)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from puntobanco.cli.ledger import DatabaseOption, LangOption, operator_lang


def register(app: typer.Typer) -> None:
    """Add the ``report`` command to ``app``."""

    @app.command("report")
    def _report(
        database: DatabaseOption = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
        lang: LangOption = None,
    ) -> None:
        """Rounds, turnover and GGR per bet and per day; realised RTP against the exact value.

        Exit 1 when the database does not exist or is not migrated (it is never
        created here), 2 when --database is not a URL we take.
        """
        from puntobanco.cli.serverdb import open_database
        from puntobanco.core.money import format_minor
        from puntobanco.server.ledger.report import operator_report

        with open_database(database, operator_lang(lang)) as sessions, sessions.begin() as session:
            report = operator_report(session).as_dict()
        if as_json:
            typer.echo(json.dumps(report))
            return
        typer.echo(
            f"rounds {report['rounds']}  turnover {format_minor(report['turnover_minor'])}  "
            f"GGR {format_minor(report['ggr_minor'])}"
        )
        typer.echo(
            f"{'rules':<18}{'bet':<13}{'rounds':>8}{'turnover':>14}{'GGR':>12}"
            f"{'RTP':>10}{'exact RTP':>11}{'SE':>9}{'dist/SE':>9}"
        )
        for b in report["bets"]:

            def pct(x: float | None) -> str:
                return "-" if x is None else f"{100 * x:.3f}%"

            dist = "-" if b["distance_se"] is None else f"{b['distance_se']:+.2f}"
            typer.echo(
                f"{b['preset']:<18}{b['bet']:<13}{b['rounds']:>8}"
                f"{format_minor(b['turnover_minor']):>14}{format_minor(b['ggr_minor']):>12}"
                f"{pct(b['rtp']):>10}{pct(b['theoretical_rtp']):>11}"
                f"{pct(b['standard_error']):>9}{dist:>9}"
            )
        if not report["theory_available"]:
            typer.echo("(exact RTP needs puntobanco.analysis, which is not available)")
        if report["full_shoe_reference"]:
            typer.echo(
                f"(cut-card tables {', '.join(report['full_shoe_reference'])}: the exact RTP is "
                "the full shoe's; the cut-card effect is too small to detect, far inside SE)"
            )
        typer.echo("per day (UTC):")
        for d in report["days"]:
            typer.echo(
                f"  {d['day']}  {d['bet']:<13}{d['rounds']:>8}"
                f"{format_minor(d['turnover_minor']):>14}{format_minor(d['ggr_minor']):>12}"
            )
