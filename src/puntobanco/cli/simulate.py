"""``puntobanco simulate``: placeholder until its issue lands (replaced by the owning work)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the ``simulate`` command to ``app``."""

    @app.command("simulate")
    def _simulate() -> None:
        """Not available yet."""
        typer.echo("puntobanco simulate is not available yet", err=True)
        raise typer.Exit(2)
