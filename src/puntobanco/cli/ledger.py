"""``puntobanco ledger check``: reconcile every wallet with its ledger entries."""

from __future__ import annotations

import json
from typing import Annotated

import typer

ledger_app = typer.Typer(help="The wallet ledger.", no_args_is_help=True)

DatabaseOption = Annotated[
    str | None,
    typer.Option(
        help="Database URL (default: PUNTOBANCO_DATABASE_URL, else sqlite:///puntobanco.db)."
    ),
]


@ledger_app.command("check")
def check(
    database: DatabaseOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Compare each cached balance with the sum of its entries; exit 1 on any difference."""
    from puntobanco.cli.serverdb import open_database
    from puntobanco.server.ledger.check import reconcile

    with open_database(database) as sessions, sessions.begin() as session:
        report = reconcile(session).as_dict()
    if as_json:
        typer.echo(json.dumps(report))
    else:
        status = "OK" if report["ok"] else "DIFFERENCES FOUND"
        typer.echo(f"ledger check: {status}")
        typer.echo(
            f"  wallets {report['wallets_checked']}, entries {report['entries']}, "
            f"journals {report['journals']}, settled rounds {report['rounds_settled']}"
        )
        typer.echo(f"  open rounds (dealt, not settled): {report['rounds_open'] or 'none'}")
        for key in ("balance_differences", "unbalanced_journals", "round_differences"):
            for item in report[key]:
                typer.echo(f"  {key.replace('_', ' ')}: {item}")
        if report["entries_total_minor"]:
            typer.echo(f"  all entries sum to {report['entries_total_minor']}, not 0")
    if not report["ok"]:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add the ``ledger`` command group to ``app``."""
    app.add_typer(ledger_app, name="ledger")
