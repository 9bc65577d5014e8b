"""The ``puntobanco`` command: one Typer app, one module per subcommand.

Each subcommand module exposes ``register(app)``; heavy imports (numba, the
server) happen inside the commands, so ``puntobanco play`` starts quickly.
"""

from __future__ import annotations

import typer

from puntobanco.cli import ledger, odds, play, report, serve, simulate, systems, verify

app = typer.Typer(
    name="puntobanco",
    help="Punto Banco (baccarat): play it, price it, simulate it, serve it.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

for _module in (play, odds, simulate, systems, serve, verify, ledger, report):
    _module.register(app)


def main() -> None:
    """Entry point of the ``puntobanco`` script."""
    app()


if __name__ == "__main__":
    main()
