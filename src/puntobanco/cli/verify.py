"""``puntobanco verify``: placeholder until its issue lands (replaced by the owning work)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the ``verify`` command to ``app``."""

    @app.command("verify")
    def _verify() -> None:
        """Not available yet."""
        typer.echo("puntobanco verify is not available yet", err=True)
        raise typer.Exit(2)
