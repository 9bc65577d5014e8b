"""``puntobanco play``: placeholder until its issue lands (replaced by the owning work)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the ``play`` command to ``app``."""

    @app.command("play")
    def _play() -> None:
        """Not available yet."""
        typer.echo("puntobanco play is not available yet", err=True)
        raise typer.Exit(2)
