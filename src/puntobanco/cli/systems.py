"""``puntobanco systems``: placeholder until its issue lands (replaced by the owning work)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the ``systems`` command to ``app``."""

    @app.command("systems")
    def _systems() -> None:
        """Not available yet."""
        typer.echo("puntobanco systems is not available yet", err=True)
        raise typer.Exit(2)
