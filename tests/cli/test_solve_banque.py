"""``puntobanco solve --variant banque`` from the command line: report, JSON, refusals."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from typer.testing import CliRunner

from puntobanco.analysis.banque import solve_banque
from puntobanco.cli.main import app
from puntobanco.core.banque import BANQUE_FREE, BANQUE_RULE_CARD

runner = CliRunner()


def _run(*args: str) -> Any:
    return runner.invoke(
        app, ["solve", "--variant", "banque", *args], env={"LANG": "C", "COLUMNS": "200"}
    )


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    result = _run("--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def test_json_is_the_bankers_best_reply_to_the_chemin_de_fer_mix(report: dict[str, Any]) -> None:
    expected = solve_banque(BANQUE_RULE_CARD)
    assert report["solution"] == "banker_best_reply" and report["zero_sum"] is False
    assert report["banker_rule"] == "rule-card" and report["model"] == "infinite"
    assert report["tableaux"]["right"]["draw_on_5"]["exact"] == "9/11"
    assert Fraction(report["value"]["exact"]) == expected.value
    assert (
        Fraction(report["right"]["value"]["exact"]) + Fraction(report["left"]["value"]["exact"])
        == expected.value
    )
    assert Fraction(report["banker_after_commission"]["exact"]) == expected.after_commission
    assert report["commission"] == "1/20"
    free = solve_banque(BANQUE_FREE)
    assert Fraction(report["rules"]["free"]["value"]["exact"]) == free.value
    # every free cell of the card (Banker 3-6) has a decision
    assert len(report["banker"]) == len(expected.cells)
    assert report["banker"]["3/8/natural"]["decision"] == "stand"
    assert "0/0/0" not in report["banker"]  # the card draws on 0


def test_text_report_in_both_languages() -> None:
    english = _run("--lang", "en")
    assert english.exit_code == 0, english.output
    assert "best reply" in english.stdout and "22276406432/1283144424133" in english.stdout
    assert "Banker 3:" in english.stdout and "Banker 7:" not in english.stdout
    spanish = _run("--banker", "free", "--lang", "es")
    assert spanish.exit_code == 0, spanish.output
    assert "mejor respuesta" in spanish.stdout and "Banca 7:" in spanish.stdout
    assert "+0,017361" in spanish.stdout


@pytest.mark.parametrize(
    ("args", "english", "spanish"),
    [
        (["--decks", "6"], "Invalid option --decks: Baccarat Banque is solved with replacement",
         "Opción no válida --decks: el Baccarat Banque solo se resuelve con reposición"),
        (["--ranks", "A=4,K=4"], "Invalid option --ranks", "Opción no válida --ranks"),
        (["--float"], "solved in exact fractions only", "solo se resuelve en fracciones exactas"),
        (["--banker", "loose"], "the Banker rules are rule-card, free", "rule-card, free"),
    ],
)  # fmt: skip
def test_refusals_name_what_is_allowed(args: list[str], english: str, spanish: str) -> None:
    for lang, expected in (("en", english), ("es", spanish)):
        result = _run(*args, "--lang", lang)
        assert result.exit_code == 2
        assert expected in result.stderr
        assert "Traceback" not in result.output and not result.stdout


@pytest.mark.parametrize("given", ["0", "1", "1/3"])
def test_a_given_tableau_mix(given: str) -> None:
    result = _run("--tableau-draw", given, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    p = Fraction(given)
    expected = solve_banque(BANQUE_RULE_CARD, right_draw=p, left_draw=p)
    assert data["tableaux"]["strategy"] == "given"
    assert data["tableaux"]["left"]["draw_on_5"]["exact"] == given
    assert Fraction(data["value"]["exact"]) == expected.value


@pytest.mark.parametrize("args", [["--tableau-draw", "3/2"], ["--tableau-draw", "x"]])
def test_a_bad_tableau_mix_is_refused(args: list[str]) -> None:
    for lang, expected in (("en", "from 0 to 1"), ("es", "de 0 a 1")):
        result = _run(*args, "--lang", lang)
        assert result.exit_code == 2 and expected in result.stderr and not result.stdout


def test_tableau_mix_is_refused_in_chemin_de_fer() -> None:
    result = runner.invoke(app, ["solve", "--tableau-draw", "1", "--lang", "en"])
    assert result.exit_code == 2 and "--variant banque" in result.stderr
