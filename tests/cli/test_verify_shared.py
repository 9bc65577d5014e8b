"""``puntobanco verify --shared-shoe FILE``: a whole shared shoe recomputed from its export.

The export is a real one: a shoe dealt to its cut card by the dealer's own steps
(tests/server/test_shared_export.py's :func:`deal_shoe`, on SQLite), exported as
``GET /api/tables/{id}/shoes/{n}`` writes it. The command must pass it, and name the
first mismatch of a file changed in one place, in English and in Spanish.
"""

from __future__ import annotations

import copy
import csv
import hashlib
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from puntobanco.cli.main import app
from puntobanco.server.shared.export import shoe_export
from tests.server.test_shared_export import TABLE, dealt_at

runner = CliRunner()
_ENV: dict[str, str | None] = {"LANG": "C", "LC_ALL": None, "LC_MESSAGES": None}


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """Shoe 1 of a table dealt to its end, as its export (dealt once for the module)."""
    url = f"sqlite:///{tmp_path_factory.mktemp('verify-shared') / 'pb.db'}"
    with dealt_at(url) as dealt, dealt.sessions.begin() as session:
        yield json.loads(json.dumps(shoe_export(session, TABLE, 1)))


def _verify(data: Any, tmp_path: Path, *args: str, lang: str = "en") -> Any:
    """Run ``verify --shared-shoe`` on ``data`` written to a file; never a traceback."""
    path = tmp_path / "shoe.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    result = runner.invoke(
        app, ["verify", "--shared-shoe", str(path), *args, "--lang", lang], env=_ENV
    )
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def test_a_whole_shoe_verifies(export: dict[str, Any], tmp_path: Path) -> None:
    rounds = len(export["rounds"])
    bets = sum(len(r["bets"]) for r in export["rounds"])
    english = _verify(export, tmp_path)
    assert english.exit_code == 0, english.output
    lines = english.stdout.splitlines()
    assert lines[0] == (
        f"Shared shoe 1 of table {TABLE}: {rounds} rounds and {bets} bets recomputed, "
        "all as recorded"
    )
    assert export["server_seed_hash"][:16] in lines[1]
    assert lines[2] == (
        f"  client seed {export['client_seed']}: the published formula over the seeds of "
        "Mariposa, Tortuga"
    )
    spanish = _verify(export, tmp_path, lang="es")
    assert spanish.exit_code == 0, spanish.output
    assert spanish.stdout.startswith(
        f"Zapato compartido 1 de la mesa {TABLE}: {rounds} manos y {bets} apuestas recalculadas"
    )


def test_from_standard_input_and_as_json(export: dict[str, Any]) -> None:
    piped = runner.invoke(
        app, ["verify", "--shared-shoe", "-", "--json"], input=json.dumps(export), env=_ENV
    )
    assert piped.exit_code == 0, piped.output
    result = json.loads(piped.stdout)
    assert result["mismatches"] == [] and result["shoe"] == 1 and result["table"] == TABLE
    assert result["rounds_checked"] == len(export["rounds"])
    assert result["seats"] == ["Mariposa", "Tortuga"]


def _changed(export: dict[str, Any], change: str) -> dict[str, Any]:
    data = copy.deepcopy(export)
    round_ = data["rounds"][6]
    if change == "card":
        round_["cards"][1] = "9s" if round_["cards"][1][0] == "K" else "Kd"
    elif change == "payout":
        bet = next(b for b in round_["bets"] if b["seat"] == "Mariposa" and b["spot"] == "banker")
        bet["payout_minor"] = bet["payout_minor"] + 1_000
    elif change == "client_seed":
        data["client_seed"] = "f" * 32
    elif change == "server_seed":
        data["server_seed"] = hashlib.sha256(b"another seed").hexdigest()
    return data


@pytest.mark.parametrize(
    ("change", "english", "spanish"),
    [
        ("card", "  round {n} cards: recorded '", "  mano {n} cartas: registrado '"),
        (
            "payout",
            "  round {n}, seat Mariposa, bet on banker: payout recorded '",
            "  mano {n}, asiento Mariposa, apuesta a Banca: pago registrado '",
        ),
        (
            "client_seed",
            "  the client seed 'ffffffffffffffffffffffffffffffff' is not the published formula",
            "  la semilla de cliente 'ffffffffffffffffffffffffffffffff' no es la fórmula",
        ),
        (
            "server_seed",
            "  the server seed is not the one committed: the shoe's hash is '{hash}'",
            "  la semilla del servidor no es la comprometida: el resumen del zapato es '{hash}'",
        ),
    ],
)
def test_one_change_is_named_as_the_first_mismatch(
    export: dict[str, Any], tmp_path: Path, change: str, english: str, spanish: str
) -> None:
    data = _changed(export, change)
    number = data["rounds"][6]["number"]
    for lang, words, head in (
        ("en", english, "MISMATCH, after"),
        ("es", spanish, "DISCREPANCIA, tras"),
    ):
        result = _verify(data, tmp_path, lang=lang)
        assert result.exit_code == 1, result.output
        first, line = result.stdout.splitlines()
        assert head in first
        assert line.startswith(words.format(n=number, hash=export["server_seed_hash"])), line
    checked = json.loads(_verify(data, tmp_path, "--json").stdout)
    (mismatch,) = checked["mismatches"]
    assert checked["rounds_checked"] == (6 if change in ("card", "payout") else 0)
    if change == "payout":
        assert int(mismatch["recorded"]) == int(mismatch["recomputed"]) + 1_000


def test_a_mismatch_as_a_csv_row(export: dict[str, Any], tmp_path: Path) -> None:
    result = _verify(_changed(export, "card"), tmp_path, "--format", "csv")
    assert result.exit_code == 1
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(r["round"], r["field"]) for r in rows] == [
        (str(export["rounds"][6]["number"]), "cards")
    ]
    assert rows[0]["recorded"] != rows[0]["recomputed"]


def test_a_file_that_is_not_a_shoe_is_refused(export: dict[str, Any], tmp_path: Path) -> None:
    not_json = _verify("{rounds:", tmp_path)
    assert not_json.exit_code == 2
    assert "Cannot read a shared shoe from" in not_json.stderr
    assert "it is not JSON (line 1, column 2)" in not_json.stderr
    broken = copy.deepcopy(export)
    del broken["rounds"][3]["outcome"]
    refused = _verify(broken, tmp_path, lang="es")
    assert refused.exit_code == 2 and refused.stdout == ""
    assert "su campo rounds[3].outcome falta o tiene un tipo incorrecto" in refused.stderr
    missing = runner.invoke(app, ["verify", "--shared-shoe", "/nonexistent/shoe.json"], env=_ENV)
    assert missing.exit_code == 2 and "/nonexistent/shoe.json" in missing.stderr


def test_the_shared_shoe_comes_alone(export: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "shoe.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    with_seed = runner.invoke(
        app, ["verify", export["server_seed"], "--shared-shoe", str(path)], env=_ENV
    )
    assert with_seed.exit_code == 2
    assert "Invalid option --shared-shoe: not used with SERVER_SEED" in with_seed.stderr
    nothing = runner.invoke(app, ["verify"], env=_ENV)
    assert nothing.exit_code == 2
    assert "SERVER_SEED is missing. See: puntobanco verify --help" in nothing.stderr
