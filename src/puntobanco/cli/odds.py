"""``puntobanco odds``: placeholder until its issue lands (replaced by the owning work)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the ``odds`` command to ``app``."""

    @app.command("odds")
    def _odds() -> None:
        """Not available yet."""
        typer.echo("puntobanco odds is not available yet", err=True)
        raise typer.Exit(2)
