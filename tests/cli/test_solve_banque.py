"""``puntobanco solve --variant banque`` from the command line: report, JSON, refusals."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from typer.testing import CliRunner

from puntobanco.analysis.banque.shoe import solve_banque_shoe
from puntobanco.analysis.banque.solver import solve_banque
from puntobanco.analysis.shoe import ShoeCounts
from puntobanco.cli.main import app
from puntobanco.core.banque.coup import BANQUE_FREE, BANQUE_RULE_CARD

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
        (["--decks", "6", "--infinite"], "Give only one of --decks, --points, --ranks",
         "Indique solo una de --decks, --points, --ranks"),
        (["--ranks", "A=4,K=4"], "the shoe has 8 cards, but this needs at least 9",
         "el zapato tiene 8 cartas, pero una mano puede necesitar 9"),
        (["--points", "0=16,5"], "--points: takes KEY=COUNT pairs", "--points: espera pares"),
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


@pytest.fixture(scope="module")
def one_deck() -> dict[str, Any]:
    result = _run("--decks", "1", "--banker", "free", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def test_a_finite_shoe_is_solved_without_replacement(one_deck: dict[str, Any]) -> None:
    shoe = ShoeCounts.full(1)
    expected = solve_banque_shoe(shoe, BANQUE_FREE)
    assert one_deck["model"] == "shoe" and one_deck["cards"] == 52 and one_deck["decks"] == 1
    assert Fraction(one_deck["tableaux"]["right"]["draw_on_5"]["exact"]) == expected.right_draw
    assert one_deck["tableaux"]["strategy"] == "chemin_de_fer_equilibrium"
    assert Fraction(one_deck["value"]["exact"]) == expected.value
    assert Fraction(one_deck["banker_after_commission"]["exact"]) == expected.after_commission
    assert len(one_deck["banker"]) == len(expected.cells)
    card = solve_banque_shoe(shoe, BANQUE_RULE_CARD)
    assert Fraction(one_deck["rules"]["rule-card"]["value"]["exact"]) == card.value


def test_a_shoe_by_points_with_a_given_mix_in_both_languages() -> None:
    points = "0=16,1=4,2=4,3=4,4=4,5=4,6=4,7=4,8=4,9=4"
    expected = solve_banque_shoe(ShoeCounts.full(1), BANQUE_RULE_CARD, right_draw=1, left_draw=1)
    english = _run("--points", points, "--tableau-draw", "1", "--lang", "en")
    assert english.exit_code == 0, english.output
    assert "52 cards as given" in english.stdout and "without replacement" in english.stdout
    assert str(expected.value) in english.stdout
    spanish = _run("--points", points, "--tableau-draw", "1", "--lang", "es")
    assert spanish.exit_code == 0, spanish.output
    assert "52 cartas" in spanish.stdout and "sin reemplazamiento" in spanish.stdout
    assert f"{float(expected.value):+.6f}".replace(".", ",") in spanish.stdout
