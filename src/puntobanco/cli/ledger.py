"""``puntobanco ledger``: placeholder until its issue lands (replaced by the owning work)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the ``ledger`` command to ``app``."""

    @app.command("ledger")
    def _ledger() -> None:
        """Not available yet."""
        typer.echo("puntobanco ledger is not available yet", err=True)
        raise typer.Exit(2)
