"""``puntobanco simulate --variant chemin-de-fer``: JSON, both backends, both languages, refusals.

And Punto Banco's ``simulate`` unchanged when no variant is given.
"""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from puntobanco.cli.main import app

runner = CliRunner()
CHEMIN = ["simulate", "--variant", "chemin-de-fer"]


def _run(*args: str, lang: str = "C") -> Any:
    return runner.invoke(app, list(args), env={"LANG": lang, "COLUMNS": "200"})


def _json(*args: str) -> dict[str, Any]:
    result = _run(*args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def test_json_of_a_free_banker_run_at_the_equilibrium() -> None:
    data = _json(*CHEMIN, "--banker", "free", "--hands", "5000", "--seed", "3", "--decks", "6")
    assert data["variant"] == "chemin-de-fer" and data["hands"] == 5000
    assert data["banker"] + data["player"] + data["tie"] == 5000
    assert data["backend"] == "cpu" and data["banker_rule"] == "free"
    assert data["player_strategy"] == "optimal" and data["banker_strategy"] == "optimal"
    # The solver's 6-deck equilibrium: the Player mixes on 5, the Banker at 6/stood.
    assert 0 < Fraction(data["strategy"]["player_draw_on_5"]) < 1
    assert 0 < Fraction(data["strategy"]["banker_draw"]["6/stood"]) < 1
    assert len(data["strategy"]["banker_draw"]) == 88
    net = data["banker_net"]
    assert set(net) == {"no_commission", "after_commission"}
    assert net["after_commission"]["mean"] < net["no_commission"]["mean"]
    assert Fraction(data["exact"]["value"]) > 0 and data["commission"] == "1/20"
    for e in (*data["outcomes"].values(), *net.values()):
        assert abs(e["z"]) < 4


def test_both_backends_give_the_same_tallies_on_a_seed() -> None:
    args = [*CHEMIN, "--hands", "1500", "--seed", "21", "--decks", "2", "--banker", "free"]
    reference = _json(*args, "--backend", "reference")
    cpu = _json(*args, "--backend", "cpu")
    keys = ("banker", "player", "tie", "choices", "cards_dealt", "shoes", "strategy")
    assert {k: reference[k] for k in keys} == {k: cpu[k] for k in keys}


def test_named_strategies() -> None:
    stand = _json(*CHEMIN, "--player-strategy", "stand5", "--hands", "2000", "--seed", "1")
    assert stand["strategy"]["player_draw_on_5"] == "0"
    assert stand["choices"]["player_drew_on_5"] == 0 < stand["choices"]["player_on_5"]
    draw = _json(
        *CHEMIN, "--player-strategy", "draw5", "--banker-strategy", "tableau",
        "--hands", "2000", "--seed", "1", "--shoe", "reshuffle",
    )  # fmt: skip
    assert draw["choices"]["player_drew_on_5"] == draw["choices"]["player_on_5"] > 0
    assert draw["strategy"]["banker_draw"] == {"3/9": "1", "5/4": "1"}
    assert draw["shoe_mode"] == "reshuffle" and draw["shoes"] == 2000


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en_GB.UTF-8", ("Chemin de fer: 3,000 rounds", "Banker", "no commission")),
        ("es_ES.UTF-8", ("Chemin de fer: 3.000 manos", "Banca", "sin comisión")),
    ],
)
def test_the_report_in_both_languages(lang: str, words: tuple[str, ...]) -> None:
    result = _run(*CHEMIN, "--hands", "3000", "--seed", "2", "--banker", "free", lang=lang)
    assert result.exit_code == 0, result.output
    for word in words:
        assert word in result.stdout
    assert "6/stood" in result.stdout


@pytest.mark.parametrize(
    ("args", "en", "es"),
    [
        (["--variant", "baccara"], "punto-banco, chemin-de-fer", "se recibió «baccara»"),
        (["--variant", "banque"], "the variants are punto-banco, chemin-de-fer", "banque"),
        (
            ["--variant", "chemin-de-fer", "--player-strategy", "maybe"],
            "stand5, draw5, optimal",
            "las estrategias del Jugador son stand5, draw5, optimal",
        ),
        (["--variant", "chemin-de-fer", "--banker", "any"], "rule-card, free", "rule-card, free"),
        (
            ["--variant", "chemin-de-fer", "--banker-strategy", "greedy"],
            "optimal, tableau",
            "optimal, tableau",
        ),
        (["--variant", "chemin-de-fer", "--backend", "cuda"], "reference, cpu", "reference, cpu"),
        (["--variant", "chemin-de-fer", "--format", "xml"], "table, json, csv", "table, json, csv"),
        (["--variant", "chemin-de-fer", "--tie-pays", "9"], "--tie-pays", "--tie-pays"),
        (["--variant", "chemin-de-fer", "--workers", "2"], "--workers", "--workers"),
        (["--player-strategy", "stand5"], "only with --variant chemin-de-fer", "solo se usa"),
        (
            ["--variant", "punto-banco", "--banker", "free"],
            "only with --variant chemin-de-fer",
            "solo se usa",
        ),
        (["--variant", "chemin-de-fer", "--hands", "0"], "from 1 to", "de 1 a"),
        (["--variant", "chemin-de-fer", "--seed", "-1"], "2**64 - 1", "2**64 - 1"),
    ],
)
def test_bad_input_is_refused_in_the_users_language(args: list[str], en: str, es: str) -> None:
    full = ["simulate", *args]
    if "--hands" not in args:
        full += ["--hands", "10"]
    for lang, expected in (("C", en), ("es_ES.UTF-8", es)):
        result = _run(*full, lang=lang)
        assert result.exit_code == 2, (lang, result.output)
        assert expected in result.stderr, (lang, result.stderr)
        assert "Traceback" not in result.output and result.stdout == ""


def test_hands_are_needed() -> None:
    result = _run(*CHEMIN, "--shoes", "3")
    assert result.exit_code == 2 and "--shoes" in result.stderr
    result = _run(*CHEMIN)
    assert result.exit_code == 2 and "--hands" in result.stderr


def test_punto_banco_is_unchanged() -> None:
    args = ["simulate", "--hands", "500", "--seed", "9", "--backend", "reference", "--json"]
    plain = json.loads(_run(*args).stdout)
    named = json.loads(_run(*args, "--variant", "punto-banco").stdout)
    plain.pop("seconds"), plain.pop("hands_per_second")
    named.pop("seconds"), named.pop("hands_per_second")
    assert plain == named
    assert "variant" not in plain and plain["rules"]["variant"] == "punto-banco"


def test_help_names_the_options_in_both_languages() -> None:
    for lang, word in (
        ("C", "stand5, draw5 or optimal"),
        ("es_ES.UTF-8", "stand5, draw5 u optimal"),
    ):
        result = _run("simulate", "--help", lang=lang)
        assert result.exit_code == 0
        text = " ".join(result.stdout.split())
        for option in ("--variant", "--player-strategy", "--banker", "--banker-strategy"):
            assert option in text
        assert word in text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_report_fits_80_columns(lang: str) -> None:
    result = runner.invoke(
        app, [*CHEMIN, "--hands", "20000", "--seed", "1", "--lang", lang], env={"COLUMNS": "80"}
    )
    assert result.exit_code == 0, result.output
    assert max(map(len, result.stdout.splitlines())) <= 80
    if lang == "es":
        assert "(optimal)" not in result.stdout and "(óptima)" in result.stdout


@pytest.mark.parametrize("fmt", ["csv", "markdown"])
def test_csv_and_markdown_as_punto_banco(fmt: str) -> None:
    result = _run(*CHEMIN, "--hands", "2000", "--seed", "1", "--format", fmt)
    assert result.exit_code == 0, result.output
    data = _json(*CHEMIN, "--hands", "2000", "--seed", "1")
    if fmt == "csv":
        rows = list(csv.DictReader(io.StringIO(result.stdout)))
        banker = next(r for r in rows if (r["kind"], r["name"]) == ("outcome", "banker"))
        assert int(banker["count"]) == data["banker"]
        assert {r["name"] for r in rows} >= {"tie", "no_commission", "after_commission"}
    else:
        assert result.stdout.startswith("| kind | name | count |")


def test_progress_is_shown_as_the_rounds_are_dealt(monkeypatch: pytest.MonkeyPatch) -> None:
    from puntobanco.cli import progress

    seen: list[tuple[int, list[int]]] = []

    @contextmanager
    def recorder(label: str, total: int, *, show: bool) -> Iterator[Any]:
        done: list[int] = []
        seen.append((total, done))
        yield done.append if show else None

    monkeypatch.setattr(progress, "progress_bar", recorder)
    result = _run(*CHEMIN, "--hands", "9000", "--seed", "2", "--backend", "reference",
                  "--progress")  # fmt: skip
    assert result.exit_code == 0, result.output
    ((total, done),) = seen
    assert total == 9000 and done and done == sorted(done) and done[-1] <= 9000


ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.timeout(120)
@pytest.mark.parametrize("fmt", ["json", "table"])
def test_ctrl_c_prints_the_rounds_dealt_and_exits_130(fmt: str) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), COLUMNS="80")
    process = subprocess.Popen(
        [sys.executable, "-m", "puntobanco.cli.main", *CHEMIN, "--hands", str(10**9),
         "--seed", "3", "--backend", "reference", "--format", fmt, "--lang", "en"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT,
    )  # fmt: skip
    time.sleep(6)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in err
    if fmt == "json":
        data = json.loads(out)
        assert data["interrupted"] is True and 0 < data["hands"] < 10**9
        assert data["banker"] + data["player"] + data["tie"] == data["hands"]
    else:
        assert "Stopped early" in out and "Banker" in out


def test_a_run_in_steps_deals_the_same_rounds_as_one_call(monkeypatch: pytest.MonkeyPatch) -> None:
    # The progress steps must not change which cards are dealt: each shoe by its index.
    from puntobanco.core.rules import BANKER_RULES, Rules, Variant
    from puntobanco.sim.chemin import simulate as chemin

    rules = Rules(variant=Variant.CHEMIN_DE_FER, decks=1)
    rule = BANKER_RULES["rule-card"]
    strategy = chemin.named_strategy(rules, rule, player="optimal", banker="optimal")
    whole, _ = chemin.tally_chemin_numba(rules, strategy, seed=5, hands=3000)
    monkeypatch.setattr(chemin, "STEP_ROUNDS", 100)
    ticks: list[int] = []
    stepped, _ = chemin.tally_chemin_numba(
        rules, strategy, seed=5, hands=3000, progress=ticks.append, should_stop=lambda: False
    )
    assert list(whole) == list(stepped) and len(ticks) > 10
    stopped, _ = chemin.tally_chemin_numba(
        rules, strategy, seed=5, hands=3000, should_stop=lambda: True
    )
    assert 0 < sum(stopped[:3]) < 3000
