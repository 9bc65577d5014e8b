"""``puntobanco serve``: placeholder until its issue lands (replaced by the owning work)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to ``app``."""

    @app.command("serve")
    def _serve() -> None:
        """Not available yet."""
        typer.echo("puntobanco serve is not available yet", err=True)
        raise typer.Exit(2)
