"""``puntobanco simulate``: JSON keys, messages in both languages, exit codes, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from puntobanco.cli.main import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["simulate", *args])
    return result.exit_code, result.stdout, result.stderr


def test_json_output_has_the_design_keys_and_exactly_n_rounds() -> None:
    code, out, _ = _run("--hands", "100003", "--decks", "6", "--seed", "9", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["hands"] == 100003 == data["banker"] + data["player"] + data["tie"]
    for key in ("seconds", "hands_per_second", "backend", "bets", "outcomes", "cards_dealt"):
        assert key in data
    assert data["backend"] == "cpu" and data["seed"] == 9 and data["rules"]["decks"] == 6


def test_same_seed_same_tallies_across_backends_on_the_command_line() -> None:
    outputs = [
        json.loads(_run("--hands", "3000", "--seed", "4", "--backend", b, "--json")[1])
        for b in ("reference", "cpu")
    ]
    assert outputs[0]["tallies"] == outputs[1]["tallies"]


def test_rules_options_reach_the_simulation() -> None:
    code, out, _ = _run(
        "--hands", "500", "--seed", "1", "--shoe", "reshuffle", "--commission", "0.04",
        "--tie-pays", "9", "--pair-pays", "11", "--json",
    )  # fmt: skip
    assert code == 0
    rules = json.loads(out)["rules"]
    assert rules["shoe_mode"] == "reshuffle" and rules["banker_commission"] == "1/25"
    assert rules["tie_pays"] == "9" and "player_pair" in json.loads(out)["bets"]


@pytest.mark.parametrize(
    "args,english,spanish",
    [
        (["--hands", "0"], "Invalid option --hands: a whole number", "--hands: un número entero"),
        (["--hands", "-3"], "got '-3'", "se recibió «-3»"),
        (["--hands", "5", "--workers", "999"], "takes 1 to", "admite aquí de 1 a"),
        (["--hands", "5", "--backend", "quantum"], "--backend: the choices", "--backend: las opc"),
        (
            ["--hands", "5", "--preset", "foo"],
            "--preset: the rules presets",
            "--preset: las reglas",
        ),
        (["--hands", "5", "--seed", "-1"], "--seed: the seed is", "--seed: la semilla es"),
        (
            ["--hands", "5", "--shoe", "reshuffle", "--cut-card", "20"],
            "Invalid option --cut-card: a shoe reshuffled every round",
            "Opción no válida --cut-card: un zapato que se baraja",
        ),
        (
            ["--hands", "5", "--side-bets", "tiger=12"],
            "Invalid option --side-bets: tiger takes 2 payouts",
            "Opción no válida --side-bets: tiger lleva 2 pagos",
        ),
        (["--hands", "5", "--decks", "9"], "Invalid option --decks: the number", "de 1 a 8"),
        (
            ["--hands", "5", "--shoe", "never"],
            "Invalid option --shoe: the shoe is cut-card or reshuffle",
            "Opción no válida --shoe: el zapato es cut-card o reshuffle",
        ),
        (
            [
                "--hands",
                "5",
                "--backend",
                "dask",
                "--scheduler",
                "tcp://127.0.0.1:9",
                "--timeout",
                "1",
            ],
            "Could not reach the Dask scheduler",
            "No se pudo contactar",
        ),
    ],
)
def test_bad_input_gets_a_message_in_the_users_language(
    args: list[str], english: str, spanish: str
) -> None:
    for lang, text in (("en", english), ("es", spanish)):
        result = runner.invoke(app, ["simulate", *args, "--lang", lang])
        assert result.exit_code == 2, result.output
        assert text in result.stderr
        assert "Traceback" not in result.output


def test_no_gpu_names_the_backends_to_use(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "puntobanco.sim.cuda", None)
    code, _, err = _run("--hands", "5", "--backend", "cuda")
    assert code == 2 and "--backend cpu" in err
    result = runner.invoke(app, ["simulate", "--hands", "5", "--backend", "cuda", "--lang", "es"])
    assert result.exit_code == 2 and "use --backend cpu" in result.stderr


def test_the_locale_picks_spanish(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    code, out, _ = _run("--hands", "1000", "--seed", "1")
    assert code == 0 and "Neto por unidad" in out and "Banca" in out


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_tables_at_80_columns_split_no_figure(lang: str) -> None:
    result = runner.invoke(
        app, ["simulate", "--hands", "20000", "--seed", "1", "--lang", lang], env={"COLUMNS": "80"}
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(map(len, lines)) <= 80
    # Each 95% interval whole on its line (once "[-0.020859," then "-0.009061]").
    assert all(("[" in line) == ("]" in line) for line in lines)
    header = "Intervalo 95\xa0%" if lang == "es" else "95% interval"
    assert header in result.stdout or header.replace("\xa0", " ") in result.stdout


def test_report_in_english() -> None:
    code, out, _ = _run("--hands", "1000", "--seed", "1", "--lang", "en")
    assert code == 0 and "Net per unit" in out and "Banker" in out


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("en", ("Dragon 7", "Perfect Pair", "Tiger Pair", "Egalité 9")),
        ("es", ("Dragón 7", "Perfecta", "Pareja Tigre", "Egalité 9")),
    ],
)
def test_the_report_names_every_side_bet_of_the_preset(lang: str, names: tuple[str, ...]) -> None:
    code, out, _ = _run(
        "--hands", "2000", "--seed", "4", "--preset", "all-side-bets", "--lang", lang
    )
    assert code == 0, out
    for name in names:
        assert name in out


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_ctrl_c_stops_cleanly_and_prints_the_partial_result() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    process = subprocess.Popen(
        [sys.executable, "-m", "puntobanco.cli.main", "simulate", "--hands", str(10**15),
         "--seed", "3", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT,
    )  # fmt: skip
    time.sleep(12)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    data = json.loads(out)
    assert data["interrupted"] is True and 0 < data["hands"] < 10**15
    assert "Traceback" not in err


def test_an_unknown_language_is_refused_in_the_locales_language() -> None:
    result = runner.invoke(
        app, ["simulate", "--hands", "5", "--lang", "fr"], env={"LANG": "es_ES.UTF-8"}
    )
    assert result.exit_code == 2
    assert result.stderr == (
        "Opción no válida --lang: los idiomas son en (English) y es (español); se recibió «fr»\n"
    )


def test_side_bets_as_in_play_and_odds() -> None:
    code, out, err = _run("--hands", "3000", "--seed", "2", "--side-bets", "dragon_7,tiger=12:20",
                          "--json")  # fmt: skip
    assert code == 0, err
    assert {"dragon_7", "tiger"} <= set(json.loads(out)["bets"])
