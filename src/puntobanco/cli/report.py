"""``puntobanco report``: placeholder until its issue lands (replaced by the owning work)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the ``report`` command to ``app``."""

    @app.command("report")
    def _report() -> None:
        """Not available yet."""
        typer.echo("puntobanco report is not available yet", err=True)
        raise typer.Exit(2)
