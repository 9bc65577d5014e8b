"""``report`` and ``ledger check`` as a reader sees them: the width, the words, an empty ledger."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from puntobanco.cli.main import app
from puntobanco.server.main import create_app
from tests.cli.test_server_commands import played
from tests.server.conftest import make_settings

__all__ = ["played"]  # the fixture, shared with the server commands' tests

runner = CliRunner()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_report_fits_80_columns_with_a_space_between_figures(
    played: dict[str, Any], lang: str
) -> None:
    result = runner.invoke(
        app, ["report", "--database", played["url"], "--lang", lang], env={"COLUMNS": "80"}
    )
    assert result.exit_code == 0, result.output
    assert max(map(len, result.stdout.splitlines())) <= 80
    # Two percentages never touch (once "85,562 %118,055 %").
    assert not re.search(r"%\d", result.stdout)


def test_report_names_the_bets_in_spanish(played: dict[str, Any]) -> None:
    result = runner.invoke(
        app, ["report", "--database", played["url"], "--lang", "es"], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    assert "Banca" in result.stdout and "Empate" in result.stdout
    assert not re.search(r"\b(banker|tie|player)\b", result.stdout)


@pytest.fixture
def empty(tmp_path: Path) -> str:
    """A migrated database where nothing was ever played."""
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    with TestClient(create_app(make_settings(url))):
        pass
    return url


@pytest.mark.parametrize("command", [["report"], ["ledger", "check"]])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_empty_database_is_nothing_to_check(empty: str, command: list[str], lang: str) -> None:
    result = runner.invoke(app, [*command, "--database", empty, "--lang", lang])
    assert result.exit_code == 1, result.output
    assert ("nothing to" if lang == "en" else "no hay nada que") in result.stderr
    # No false reason: the analysis is installed, there is just nothing to compare.
    assert "analysis" not in result.output


@pytest.mark.parametrize(
    ("lang", "start"),
    [
        ("en", "Invalid option --database: not used with"),
        ("es", "Opción no válida --database: no se usa con"),
    ],
)
def test_verify_takes_one_source_of_rounds(played: dict[str, Any], lang: str, start: str) -> None:
    # Once accepted silently, and only one of the two was checked.
    result = runner.invoke(
        app,
        ["verify", played["seed"], "--rounds", str(played["rounds"]),
         "--database", played["url"], "--lang", lang],
    )  # fmt: skip
    assert result.exit_code == 2
    assert result.stderr.startswith(start) and "--rounds" in result.stderr


def test_verify_usage_names_the_seed_as_its_errors_do() -> None:
    result = runner.invoke(app, ["verify", "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0
    assert "SERVER_SEED" in result.stdout and "server_seed" not in result.stdout


def test_verify_mismatches_in_spanish_name_fields_in_spanish(played: dict[str, Any]) -> None:
    # Once "mano 1 outcome: registrado 'player'": the records' English words in Spanish.
    import json as json_module

    rounds = json_module.loads(played["rounds"].read_text(encoding="utf-8"))
    items = rounds["rounds"] if isinstance(rounds, dict) else rounds
    first = items[0]
    first["outcome"] = "tie" if first["outcome"] != "tie" else "player"
    played["rounds"].write_text(json_module.dumps(rounds), encoding="utf-8")
    result = runner.invoke(
        app, ["verify", played["seed"], "--rounds", str(played["rounds"]), "--lang", "es"]
    )
    assert result.exit_code == 1, result.output
    line = next(x for x in result.stdout.splitlines() if x.strip().startswith("mano"))
    assert "resultado" in line and "outcome" not in line, line
    assert not re.search(r"'(player|banker|tie)'", line), line
