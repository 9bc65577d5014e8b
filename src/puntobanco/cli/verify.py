"""``puntobanco verify``: recompute every round of a revealed server seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from puntobanco.cli.ledger import DatabaseOption


def register(app: typer.Typer) -> None:
    """Add the ``verify`` command to ``app``."""

    @app.command("verify")
    def _verify(
        server_seed: Annotated[
            str, typer.Argument(help="The revealed server seed, 64 hex digits.")
        ],
        rounds: Annotated[
            Path | None,
            typer.Option(
                help="Rounds as GET /api/rounds returns them (a page, or a list): check "
                "them without the database, as a player would."
            ),
        ] = None,
        database: DatabaseOption = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    ) -> None:
        """Recompute each round dealt under SERVER_SEED; exit 1 if any differs."""
        from puntobanco.core.fairness import commitment
        from puntobanco.server.verify import records_from_api, verify_rounds

        try:
            seed = bytes.fromhex(server_seed.strip())
            if len(seed) != 32:
                raise ValueError
        except ValueError:
            typer.echo("a server seed is 64 hexadecimal digits (32 bytes)", err=True)
            raise typer.Exit(2) from None
        result: dict[str, Any]
        if rounds is not None:
            try:
                data: Any = json.loads(rounds.read_text(encoding="utf-8"))
                items = data["rounds"] if isinstance(data, dict) else data
                ours = [r for r in items if r["fairness"]["server_seed_hash"] == commitment(seed)]
                records = records_from_api(ours)
            except (OSError, ValueError, KeyError, TypeError) as exc:
                typer.echo(f"cannot read rounds from {rounds}: {exc}", err=True)
                raise typer.Exit(2) from None
            mismatches = verify_rounds(seed, records)
            result = {
                "server_seed_hash": commitment(seed),
                "rounds_checked": len(records),
                "mismatches": [m.__dict__ for m in mismatches],
            }
        else:
            from puntobanco.cli.serverdb import open_database
            from puntobanco.server.audit import verify_seed
            from puntobanco.server.errors import ApiError, api_message

            try:
                with open_database(database) as sessions, sessions.begin() as session:
                    checked = verify_seed(session, seed, user_id=None)
            except ApiError as exc:
                typer.echo(api_message(exc.code, exc.params, "en"), err=True)
                raise typer.Exit(2) from None
            result = {
                "server_seed_hash": checked.server_seed_hash,
                "rounds_checked": checked.rounds_checked,
                "mismatches": [m.__dict__ for m in checked.mismatches],
            }
        if as_json:
            typer.echo(json.dumps(result))
        else:
            typer.echo(
                f"seed {result['server_seed_hash'][:16]}...: {result['rounds_checked']} rounds "
                f"checked, {len(result['mismatches'])} mismatches"
            )
            for m in result["mismatches"]:
                typer.echo(
                    f"  round {m['round_id']} {m['field']}: recorded {m['recorded']!r}, "
                    f"recomputed {m['recomputed']!r}"
                )
        if result["mismatches"]:
            raise typer.Exit(1)
