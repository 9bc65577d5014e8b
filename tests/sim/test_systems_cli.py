"""``puntobanco systems``: JSON, tables, plots, languages and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from puntobanco.cli.main import app
from puntobanco.cli.systems import MESSAGES, detect_lang
from puntobanco.sim.systems import System

SMALL = ["--sessions", "20", "--rounds", "30", "--seed", "5"]


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    runner = CliRunner()
    environment = {"LANG": "C", "COLUMNS": "200", **(env or {})}
    result = runner.invoke(app, ["systems", *args], env=environment)
    return result.exit_code, result.stdout, result.stderr


def test_json_for_one_system_is_reproducible() -> None:
    args = ["--system", "martingale", "--on", "player", *SMALL, "--json"]
    code, out, _ = run(*args)
    assert code == 0
    document = json.loads(out)
    assert document["system"] == "martingale" and document["on"] == "player"
    assert document["sessions"] == 20 and document["rounds"] == 30 and document["seed"] == 5
    assert document["bankroll_minor"] == 100_000 and document["base_minor"] == 1_000
    for key in ("risk_of_ruin", "loss_per_unit", "loss_per_unit_se", "mean_turnover_minor"):
        assert isinstance(document[key], float)
    assert set(document["final_bankroll"]["quantiles_minor"]) == {"p05", "p25", "p50", "p75", "p95"}
    again = json.loads(run(*args)[1])
    document.pop("seconds"), again.pop("seconds")
    assert again == document


def test_compare_runs_every_system_on_the_same_rounds() -> None:
    code, out, _ = run("--compare", *SMALL, "--json", "--stop-loss", "200")
    assert code == 0
    rows = json.loads(out)["systems"]
    assert [row["system"] for row in rows] == [s.value for s in System]
    flat = rows[0]
    assert flat["mean_turnover_minor"] <= 30 * 1_000


def test_table_and_plain_answer_in_spanish_from_the_locale(tmp_path: Path) -> None:
    picture = tmp_path / "paths.png"
    code, out, err = run("--system", "paroli", *SMALL, "--plot", str(picture),
                         env={"LANG": "es_ES.UTF-8"})  # fmt: skip
    assert code == 0
    assert "Paroli a Banca" in out and "Ningún sistema cambia la esperanza" in out
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert str(picture) in err


def test_english_compare_table() -> None:
    code, out, _ = run("--compare", *SMALL, "--lang", "en")
    assert code == 0
    assert "Labouchère" in out and "No system changes the expectation" in out


@pytest.mark.parametrize(
    ("args", "spanish"),
    [
        (["--system", "roulette"], "Sistema desconocido"),
        (["--on", "tie"], "no a 'tie'"),
        (["--base", "0.50"], "límites de la mesa"),
        (["--bankroll", "5", "--base", "10"], "supera la banca inicial"),
        (["--sessions", "0"], "--sessions debe ser un número entero"),
        (["--rounds", "abc"], "--rounds debe ser un número entero"),
        (["--bankroll", "diez"], "--bankroll: 'diez' no es una cantidad"),
        (["--stop-loss", "-5"], "no puede ser negativa"),
        (["--min", "600"], "supera el máximo"),
        (["--decks", "9"], "--decks debe ser un número entero de 1 a 8"),
        (["--seed", "-1"], "--seed debe ser un número entero"),
        (["--sessions", "10000000", "--rounds", "1000"], "use menos sesiones"),
    ],
)
def test_bad_input_is_a_clear_message_and_exit_2(args: list[str], spanish: str) -> None:
    code, out, err = run(*args, "--lang", "es")
    assert code == 2
    assert spanish in err
    assert "Traceback" not in err + out
    assert out == ""


def test_unwritable_plot_is_reported(tmp_path: Path) -> None:
    code, _, err = run(*SMALL, "--plot", str(tmp_path / "missing" / "x.png"))
    assert code == 2 and "Could not write the plot" in err


def test_both_languages_have_every_message() -> None:
    assert MESSAGES["en"].keys() == MESSAGES["es"].keys()


def test_language_detection() -> None:
    assert detect_lang("es", {}) == "es"
    assert detect_lang(None, {"LC_ALL": "es_MX.UTF-8", "LANG": "en_US"}) == "es"
    assert detect_lang(None, {"LANG": "fr_FR"}) == "en"
    assert detect_lang(None, {}) == "en"
