"""``puntobanco solve``: the JSON other tools read, both languages, and bad input."""

from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction
from typing import Any

import pytest
from typer.testing import CliRunner

from puntobanco.cli.main import app

runner = CliRunner()


def _run(*args: str, lang: str = "C") -> Any:
    return runner.invoke(app, ["solve", *args], env={"LANG": lang, "COLUMNS": "200"})


def _json(*args: str) -> dict[str, Any]:
    result = _run(*args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def test_kemeny_snell_in_json() -> None:
    data = _json("--infinite", "--banker", "free")
    assert data["player"]["draw_on_5"] == {"value": 9 / 11, "exact": "9/11"}
    assert data["value"]["exact"] == "679568/53094899"
    assert data["banker"]["6/stood"]["decision"] == "mix"
    assert data["banker"]["6/stood"]["draw"]["exact"] == "859/2288"
    assert data["zero_sum"] is False and data["commission"] == "1/20"
    after = data["banker_after_commission"]
    assert after["value"] == float(Fraction(after["exact"])) < 0
    assert len(data["banker"]) == 88


def test_rule_card_on_six_decks() -> None:
    data = _json("--decks", "6")
    assert data["banker_rule"] == "rule-card" and data["cards"] == 312
    assert data["player"]["draw_on_5"]["exact"] == "1"
    assert set(data["banker"]) == {"3/9", "5/4"}
    stands = data["deviations"]["player_stands_on_5"]["against_best_reply"]
    assert Fraction(stands["exact"]) > 0


def test_the_float_path_prints_floats_only() -> None:
    data = _json("--infinite", "--banker", "free", "--float")
    assert data["player"]["draw_on_5"]["value"] == pytest.approx(9 / 11)
    assert "exact" not in data["value"]


def test_ranks_and_points_give_the_same_shoe() -> None:
    by_rank = _json("--ranks", "A=4,2=4,3=4,4=4,5=4,6=4,7=4,8=4,9=4,10=4,J=4,Q=4,K=4")
    by_points = _json("--points", "0=16,1=4,2=4,3=4,4=4,5=4,6=4,7=4,8=4,9=4")
    assert by_rank["value"] == by_points["value"]
    assert by_rank["cards"] == 52


def test_the_report_in_spanish() -> None:
    result = _run("--infinite", "--banker", "free", "--lang", "es")
    assert result.exit_code == 0, result.output
    assert "pide carta con probabilidad 9/11 (0,818182)" in result.stdout
    assert "679568/53094899 = 0,012799" in result.stdout
    assert "no es de suma cero" in result.stdout


@pytest.mark.parametrize(
    ("args", "english", "spanish"),
    [
        (
            ["--variant", "chemmy"],
            "Invalid option --variant: the variants are chemin-de-fer, banque, got 'chemmy'",
            "Opción no válida --variant: las variantes son chemin-de-fer, banque, no 'chemmy'",
        ),
        (
            ["--banker", "loose"],
            "Invalid option --banker: the Banker rules are rule-card, free, got 'loose'",
            "Opción no válida --banker: las reglas de la Banca son rule-card, free, no 'loose'",
        ),
        (
            ["--infinite", "--decks", "6"],
            "Give only one of --decks, --points, --ranks and --infinite",
            "Indique solo una de --decks, --points, --ranks e --infinite",
        ),
        (["--points", "0=3,1=2"], "give at least 6", "indique al menos 6"),
        (["--points", "0=three"], "--points: takes KEY=COUNT", "--points: espera pares"),
        (["--decks", "9"], "from 1 to 8", "de 1 a 8"),
    ],
)
def test_bad_input_is_refused_in_the_users_language(
    args: list[str], english: str, spanish: str
) -> None:
    for lang, expected in (("en", english), ("es", spanish)):
        result = _run(*args, "--lang", lang)
        assert result.exit_code == 2
        assert expected in result.stderr
        assert "Traceback" not in result.output and not result.stdout


def test_an_unknown_language_is_refused() -> None:
    result = _run("--lang", "fr")
    assert result.exit_code == 2 and "fr" in result.stderr


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(
    "args", [[], ["--banker", "free"], ["--variant", "banque"], ["--infinite", "--banker", "free"]]
)
def test_the_report_fits_80_columns(args: list[str], lang: str) -> None:
    result = runner.invoke(app, ["solve", *args, "--lang", lang], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert max(map(len, result.stdout.splitlines())) <= 80


def test_a_mixed_cell_keeps_the_columns_aligned() -> None:
    result = runner.invoke(app, ["solve", "--banker", "free"], env={"COLUMNS": "80"})
    rows = [line for line in result.stdout.splitlines() if re.match(r"  \d/\w+ ", line)]
    mixed = next(line for line in rows if "probability" in line)
    # Every row's figures end in the same column, the mixed cell's too.
    assert {len(line) for line in rows} == {len(mixed)}


@pytest.mark.parametrize("variant", ["chemin-de-fer", "banque"])
@pytest.mark.parametrize("fmt", ["csv", "markdown", "json"])
def test_format_like_every_other_command(variant: str, fmt: str) -> None:
    result = _run("--variant", variant, "--format", fmt)
    assert result.exit_code == 0, result.output
    if fmt == "json":
        assert json.loads(result.stdout) == _json("--variant", variant)
    elif fmt == "csv":
        rows = list(csv.reader(io.StringIO(result.stdout)))
        assert rows[0][:3] == ["cell", "decision", rows[0][2]] and len(rows) > 2
    else:
        assert result.stdout.startswith("| cell | decision |")


def test_json_and_another_format_are_refused() -> None:
    result = _run("--json", "--format", "csv")
    assert result.exit_code == 2
    assert result.stderr.startswith("Invalid option --format:")


@pytest.mark.parametrize(
    ("lang", "start"),
    [("en", "Invalid option --points: the shoe"), ("es", "Opción no válida --points: el zapato")],
)
def test_a_small_shoe_names_its_option_without_error_prefix(lang: str, start: str) -> None:
    result = _run("--points", "0=3", "--lang", lang)
    assert result.exit_code == 2
    assert result.stderr.startswith(start) and "Error" not in result.stderr


def test_the_spanish_report_names_the_banker_rule_in_spanish() -> None:
    # Once "regla de la Banca free".
    result = _run("--banker", "free", "--lang", "es")
    assert result.exit_code == 0
    assert "regla de la Banca libre (free)" in " ".join(result.stdout.split())
