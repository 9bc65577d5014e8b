"""``puntobanco odds``: the JSON schema other tools rely on, options, languages and bad input."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

import pytest
from typer.testing import CliRunner

from puntobanco.cli.main import app

runner = CliRunner()


def _run(*args: str, env: dict[str, str] | None = None) -> Any:
    environment = {"LANG": "C", "COLUMNS": "200", **(env or {})}
    result = runner.invoke(app, ["odds", *args], env=environment)
    return result


def _json(*args: str) -> dict[str, Any]:
    result = _run(*args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def test_json_schema_of_design_md() -> None:
    data = _json("--decks", "8")
    for side in ("banker", "player", "tie"):
        outcome = data["outcomes"][side]
        assert isinstance(outcome["probability"], float)
        assert outcome["probability"] == float(Fraction(outcome["exact"]))
        bet = data["bets"][side]
        assert isinstance(bet["house_edge"], float)
        assert bet["house_edge"] == float(Fraction(bet["exact_house_edge"]))
    assert round(data["bets"]["banker"]["house_edge"], 6) == 0.010579  # a fraction, not %
    total = sum(Fraction(data["outcomes"][s]["exact"]) for s in ("banker", "player", "tie"))
    assert total == 1
    assert data["shoe"]["cards"] == 416
    assert set(data["cards_dealt"]) == {"4", "5", "6"}
    assert len(data["joint"]["exact"]) == 10 and len(data["joint"]["probability"][0]) == 10


def test_exact_values_are_written_as_python_writes_fractions() -> None:
    # Only ten-value cards: every coup is a 0-0 tie; Player and Banker always push.
    data = _json("--shoe", "0=6")
    assert data["outcomes"]["tie"]["exact"] == "1"
    assert data["outcomes"]["player"]["exact"] == "0"
    assert data["bets"]["player"]["exact_house_edge"] == "0"
    assert data["bets"]["tie"]["exact_house_edge"] == "-8"


def test_commission_and_tie_pays_change_the_bets() -> None:
    base = _json()
    changed = _json("--commission", "0.04", "--tie-pays", "9")
    p_banker = Fraction(base["outcomes"]["banker"]["exact"])
    edge = Fraction(base["bets"]["banker"]["exact_house_edge"])
    assert Fraction(changed["bets"]["banker"]["exact_house_edge"]) == edge - p_banker / 100
    p_tie = Fraction(base["outcomes"]["tie"]["exact"])
    assert Fraction(changed["bets"]["tie"]["exact_house_edge"]) == 1 - 10 * p_tie
    assert changed["rules"]["banker_commission"] == "1/25"


def test_points_and_ranks_shoes_agree_and_ranks_give_pairs() -> None:
    by_points = _json("--shoe", "0=128,1=32,2=32,3=32,4=32,5=32,6=32,7=32,8=32,9=32")
    ranks = ",".join(f"{r}=32" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())
    by_ranks = _json("--ranks", ranks, "--pair-pays", "11")
    default = _json()
    assert by_points["outcomes"] == by_ranks["outcomes"] == default["outcomes"]
    assert by_points["pairs"] is None
    assert by_ranks["pairs"]["player"]["exact"] == "31/415"
    assert round(by_ranks["bets"]["player_pair"]["house_edge"], 6) == 0.103614


def test_remove_follows_a_shoe() -> None:
    data = _json("--remove", "Kd 5s 9 A")
    assert data["shoe"]["cards"] == 412
    assert data["shoe"]["points"]["0"] == 127 and data["shoe"]["ranks"]["A"] == 31
    assert (
        data["bets"]["banker"]["exact_house_edge"] != _json()["bets"]["banker"]["exact_house_edge"]
    )


def test_effects_in_json() -> None:
    data = _json("--decks", "1", "--effects", "--shoes", "2", "--seed", "3")
    effects = data["effects"]
    assert effects["keys"][0] == "A" and len(effects["keys"]) == 13
    banker = effects["bets"]["banker"]
    assert sum(Fraction(e) for e in banker["exact_effects"]) == 0  # 4 of each rank: balanced
    assert banker["balanced"] and sum(banker["weights"]) == 0
    study = effects["through_the_shoe"]
    assert study["shoes"] == 2 and study["seed"] == 3 and study["rounds"] > 10
    assert set(study["bets"]) == {"player", "banker", "tie"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_tables_in_both_languages(lang: str) -> None:
    result = _run("--lang", lang, "--pair-pays", "11", "--effects", "--shoes", "1")
    assert result.exit_code == 0, result.output
    words = {"en": ["Banker", "House edge", "Player Pair"], "es": ["Banca", "Ventaja", "Pareja"]}
    for word in words[lang]:
        assert word in result.stdout
    # Figures as each language writes them: a decimal comma and a no-break space before % in
    # Spanish.
    edges = {"en": ("1.0579%", "10.3614%"), "es": ("1,0579\u00a0%", "10,3614\u00a0%")}[lang]
    assert all(edge in result.stdout for edge in edges), result.stdout


@pytest.mark.parametrize(
    ("args", "english", "spanish"),
    [
        ([], "0.95:1", "0,95:1"),
        (["--commission", "0.04", "--tie-pays", "9"], "0.96:1", "9:1"),
        (["--preset", "super-6"], "1:1 (6 pays 0.5)", "1:1 (el 6 paga 0,5)"),
        (["--pair-pays", "11", "--banker-six-pays", "1/3"], "(6 pays 1/3)", "11:1"),
        (
            ["--preset", "ez-baccarat"],
            "1:1 (Banker wins with 7 on 3 cards: push)",
            "1:1 (gana la Banca con 7 (3 cartas): se devuelve)",
        ),
    ],
)
def test_the_pays_column_comes_from_the_payout_legs(
    args: list[str], english: str, spanish: str
) -> None:
    # The column is written from the compiled paytable's legs, not from the rules' fields.
    for lang, text in (("en", english), ("es", spanish)):
        result = _run("--lang", lang, *args)
        assert result.exit_code == 0, result.output
        assert text in result.stdout, (lang, result.stdout)


def test_json_rules_are_rules_to_json() -> None:
    from puntobanco.core.rules import PRESETS, Rules

    data = _json("--preset", "super-6", "--tie-pays", "9")
    expected = PRESETS["super-6"].replace(tie_pays=9)
    assert data["rules"] == expected.to_json()
    assert Rules.from_json(data["rules"]) == expected
    assert data["rules"]["bets"]["banker"][0]["pays"] == "1/2"


def test_language_from_the_locale_and_exact_fractions() -> None:
    result = _run("--exact", "--shoe", "0=6", env={"LANG": "es_ES.UTF-8"})
    assert result.exit_code == 0
    assert "Empate" in result.stdout and "Probabilidad" in result.stdout


@pytest.mark.parametrize(
    ("args", "english", "spanish"),
    [
        (["--shoe", "0=-3,1=10"], "negative", "negativa"),
        (["--ranks", "Z=4,K=10"], "unknown rank 'Z'", "rango 'Z' desconocido"),
        (["--shoe", "12=4"], "point values are 0 to 9", "de 0 a 9"),
        (["--shoe", "0=3"], "at least 6", "al menos 6"),
        (["--shoe", "0=3,0=4"], "twice", "dos veces"),
        (["--shoe", "0"], "KEY=COUNT", "CLAVE=CANTIDAD"),
        (["--shoe", "0=x"], "whole number", "número entero"),
        (["--decks", "9"], "1 to 8", "de 1 a 8"),
        (["--decks", "6", "--shoe", "0=10"], "only one of", "solo una"),
        # The shared option types' refusals (cli/params.py), named by the option.
        (["--commission", "1.2"], "write 1.2% for 1.2 percent, or 0.012", "escriba 1.2 % para"),
        (
            ["--commission", "5"],
            "write 5% for 5 percent, or 0.05",
            "escriba 5 % para un 5 por ciento, o 0,05",
        ),
        (["--commission", "150%"], "--commission", "--commission"),
        (["--tie-pays", "0"], "--tie-pays: a payout is a positive number", "un pago es un número"),
        (["--tie-pays", "lots"], "such as 8, 8:1, 19/20 or 0.95", "como 8, 8:1, 19/20 o 0.95"),
        (["--shoe", "sideways"], "cut-card or reshuffle", "--shoe"),
        (["--format", "xml"], "--format", "--format"),
        (["--format", "csv", "--json"], "--format", "--format"),
        (["--shoe", "0=6", "--points", "0=7"], "only one of --shoe", "solo una de --shoe"),
        (["--pair-pays", "11", "--shoe", "0=100,9=20"], "count of each rank", "cada rango"),
        (["--remove", "Qx"], "not a card or a rank", "no es una carta"),
        (["--ranks", "K=1,A=6", "--remove", "Kd Ks"], "of rank K", "de rango K"),
        (["--preset", "baccarat-9000"], "--preset: the rules presets", "--preset: las reglas"),
        (["--pair-pays", "0"], "--pair-pays: a payout", "--pair-pays: un pago"),
        (["--effects", "--shoes", "0"], "whole number from 1", "entero de 1"),
        (["--shoe", "0=6", "--effects"], "at least 7", "al menos 7"),
    ],
)
def test_bad_input_names_the_problem_in_both_languages(
    args: list[str], english: str, spanish: str
) -> None:
    for lang, expected in (("en", english), ("es", spanish)):
        result = _run(*args, "--lang", lang, "--json")
        assert result.exit_code == 2, (args, result.output)
        assert result.stdout == ""
        assert expected in result.stderr, (lang, result.stderr)
        assert "Traceback" not in result.output


def test_unknown_language_is_refused() -> None:
    result = _run("--lang", "fr")
    assert result.exit_code == 2
    assert result.stderr == (
        "Invalid option --lang: the languages are en (English) and es (español), got 'fr'\n"
    )


def test_core_errors_are_worded_by_core_and_shoe_errors_by_odds() -> None:
    from puntobanco.analysis.shoe import InvalidShoe
    from puntobanco.cli.odds import error_text
    from puntobanco.core.cards import parse_cards
    from puntobanco.core.errors import BaccaratError
    from puntobanco.core.explain import ERROR_CODES, error_message
    from puntobanco.core.rules import preset

    for attempt in (lambda: preset("baccarat-9000"), lambda: parse_cards("Qx")):
        with pytest.raises(BaccaratError) as caught:
            attempt()
        error = caught.value
        assert error.code in ERROR_CODES
        for lang in ("en", "es"):
            assert error_text(error, lang) == error_message(error, lang)
    params = {"kind": "rank", "key": "K", "asked": 2, "held": 1}
    shoe_error = InvalidShoe("cannot remove 2 cards of rank K", code="none_left", **params)
    assert error_text(shoe_error, "es") == (
        "no se pueden retirar 2 cartas de rango K: el zapato tiene 1"
    )
    assert error_text(shoe_error, "en") == "cannot remove 2 cards of rank K: the shoe holds 1"


@pytest.mark.parametrize(
    ("args", "english", "spanish"),
    [
        # Nine K♦ from 8 decks: each exact card is in the shoe once per deck.
        (
            ["--remove", " ".join(["Kd"] * 9)],
            "--remove: takes Kd 9 times, but a shoe of 8 decks holds 8",
            "--remove: retira Kd 9 veces, pero un zapato de 8 barajas tiene 8",
        ),
        (
            ["--decks", "6", "--remove", "K♦ Kd 5s " * 3 + "Kd"],
            "--remove: takes Kd 7 times, but a shoe of 6 decks holds 6",
            "--remove: retira Kd 7 veces, pero un zapato de 6 barajas tiene 6",
        ),
        # By rank: 5 Kings (suits mixed, or no suit) from one deck of 4.
        (
            ["--decks", "1", "--remove", "K Kd Kc Kh K"],
            "cannot remove 5 cards of rank K: the shoe holds 4",
            "no se pueden retirar 5 cartas de rango K: el zapato tiene 4",
        ),
        (
            ["--ranks", "K=1,A=6", "--remove", "Kd Ks"],
            "cannot remove 2 cards of rank K: the shoe holds 1",
            "no se pueden retirar 2 cartas de rango K: el zapato tiene 1",
        ),
        # By point value, on a shoe given by points: K, Q, 10 and 0 are all worth 0.
        (
            ["--shoe", "0=3,1=4,9=4", "--remove", "K Q 10d 0"],
            "cannot remove 4 cards of point value 0: the shoe holds 3",
            "no se pueden retirar 4 cartas de valor 0: el zapato tiene 3",
        ),
    ],
)
def test_remove_refuses_more_cards_than_the_shoe_holds(
    args: list[str], english: str, spanish: str
) -> None:
    for lang, expected in (("en", english), ("es", spanish)):
        result = _run(*args, "--lang", lang, "--json")
        assert result.exit_code == 2, (args, result.output)
        assert result.stdout == ""
        assert expected in result.stderr, (lang, result.stderr)
        assert "Traceback" not in result.output


def test_remove_takes_every_copy_the_shoe_holds() -> None:
    data = _json("--decks", "1", "--remove", "Kd Kc Kh Ks")
    assert data["shoe"]["cards"] == 48


# Side bets. The printed 8-deck edges are the published figures (Wizard of Odds).
@pytest.mark.parametrize(
    ("args", "bet", "printed"),
    [
        (["--preset", "ez-baccarat"], "banker", "1.0183"),
        (["--preset", "ez-baccarat"], "dragon_7", "7.6113"),
        (["--preset", "ez-baccarat"], "panda_8", "10.1876"),
        (["--preset", "dragon-bonus"], "dragon_bonus_player", "2.6517"),
        (["--side-bets", "dragon_bonus_banker"], "dragon_bonus_banker", "9.3731"),
        (["--side-bets", "either_pair"], "either_pair", "13.7099"),
        (["--side-bets", "super_6=12"], "super_6", "29.977"),
        (["--preset", "tiger"], "small_tiger", "14.3325"),
        (["--preset", "tiger"], "big_tiger", "15.2533"),
    ],
)
def test_side_bets_under_bets_by_json_name_with_the_published_edges(
    args: list[str], bet: str, printed: str
) -> None:
    data = _json(*args)
    entry = data["bets"][bet]
    assert set(entry) >= {"house_edge", "exact_house_edge", "win", "push", "lose", "std_dev"}
    digits = len(printed.split(".")[1])
    assert f"{entry['house_edge'] * 100:.{digits}f}" == printed
    assert entry["house_edge"] == float(Fraction(entry["exact_house_edge"]))


def test_side_bet_payouts_are_set_colon_separated_in_the_paytable_order() -> None:
    default = _json("--side-bets", "tiger")["bets"]["tiger"]
    changed = _json("--side-bets", "tiger=12:25")["bets"]["tiger"]
    big_tiger = _json("--side-bets", "big_tiger")["bets"]["big_tiger"]
    # Only the three-card 6 pays 5 more per unit: the edge falls by 5 x P(three-card 6 win).
    assert Fraction(default["exact_house_edge"]) - Fraction(changed["exact_house_edge"]) == (
        5 * Fraction(big_tiger["exact_win"])
    )
    assert set(_json("--preset", "tiger", "--side-bets", "dragon_7")["bets"]) >= {
        "tiger_pair",
        "dragon_7",
    }


@pytest.mark.parametrize(
    ("args", "english", "spanish"),
    [
        (["--side-bets", "tiger=12"], "tiger takes 2 payouts", "tiger lleva 2 pagos"),
        (["--side-bets", "dragon"], "unknown side bet 'dragon'", "apuesta lateral desconocida"),
        (["--side-bets", "super_6=0"], "must be more than 0", "debe ser mayor que 0"),
        (
            ["--side-bets", "perfect_pair", "--shoe", "0=100,9=20"],
            "pair bets (perfect_pair) need the count of each rank",
            "las apuestas a pareja (perfect_pair) necesitan",
        ),
        (
            ["--ranks", "K=8,A=6", "--remove", "Kd Kd Kd"],
            "cannot remove 3 cards of card Kd: the shoe holds 2",
            "no se pueden retirar 3 cartas de carta Kd: el zapato tiene 2",
        ),
    ],
)
def test_side_bet_errors_name_the_problem_in_both_languages(
    args: list[str], english: str, spanish: str
) -> None:
    for lang, expected in (("en", english), ("es", spanish)):
        result = _run(*args, "--lang", lang)
        assert result.exit_code == 2, result.output
        assert expected in result.stderr, (lang, result.stderr)


def test_remove_with_suits_changes_only_the_perfect_pair() -> None:
    kd = _json("--side-bets", "perfect_pair,either_pair", "--remove", "Kd Kd")["bets"]
    kd_ks = _json("--side-bets", "perfect_pair,either_pair", "--remove", "Kd Ks")["bets"]
    assert kd["either_pair"] == kd_ks["either_pair"]  # ranks alike
    assert kd["perfect_pair"] != kd_ks["perfect_pair"]  # two Kd gone: fewer suited K pairs


POINTS = "0=128,1=32,2=32,3=32,4=32,5=32,6=32,7=32,8=32,9=32"


def test_points_option_and_the_old_shoe_counts_give_the_same_odds() -> None:
    by_points = _json("--points", POINTS)
    assert by_points == _json("--shoe", POINTS)  # the old spelling, kept for scripts
    assert by_points["bets"]["banker"]["house_edge"] == pytest.approx(0.010579, abs=5e-7)


def test_shoe_names_the_shoe_type_as_in_every_command() -> None:
    assert _json("--shoe", "reshuffle")["rules"]["shoe_mode"] == "reshuffle"
    assert _json("--shoe", "cut-card")["rules"]["shoe_mode"] == "cut-card"


def test_commission_takes_a_percentage_or_a_decimal() -> None:
    assert _json("--commission", "4%") == _json("--commission", "0.04")
    assert _json("--commission", "4%")["rules"]["banker_commission"] == "1/25"


@pytest.mark.parametrize("output", ["csv", "markdown"])
def test_csv_and_markdown_carry_the_json_figures(output: str) -> None:
    data = _json("--preset", "ez-baccarat")
    result = _run("--preset", "ez-baccarat", "--format", output, "--lang", "es")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    if output == "markdown":
        lines = [line.strip("| ").replace(" | ", ",") for line in lines if "---" not in line]
    header, *rows = [line.split(",") for line in lines]
    assert header[:3] == ["bet", "house_edge", "exact_house_edge"]
    assert [row[0] for row in rows] == list(data["bets"])  # by JSON name, in order
    for row in rows:
        bet = data["bets"][row[0]]
        assert float(row[1]) == bet["house_edge"]  # plain numbers, even in Spanish
        assert row[2] == bet["exact_house_edge"]


def test_format_json_is_json() -> None:
    result = _run("--format", "json")
    assert result.exit_code == 0 and json.loads(result.stdout) == _json()


@pytest.mark.parametrize("args", [["--exact"], ["--lang", "es"], ["--lang", "es", "--exact"]])
def test_tables_at_80_columns_cut_no_number(args: list[str]) -> None:
    data = _json("--preset", "all-side-bets")
    result = _run("--preset", "all-side-bets", *args, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    exact = "--exact" in args
    for name, bet in data["bets"].items():
        if exact:
            figure = bet["exact_house_edge"]
        else:
            edge = f"{bet['house_edge'] * 100:.4f}"
            figure = edge.replace(".", ",") + "\u00a0%" if "es" in args else edge + "%"
        # Whole on one line: a figure the layout split would not be found.
        assert any(figure in line for line in result.stdout.splitlines()), (name, figure)
    for line in result.stdout.splitlines():
        assert len(line) <= 80 or ": " in line, line  # only a value longer than a line


def test_a_long_effects_study_shows_progress_on_a_terminal_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pexpect = pytest.importorskip("pexpect")
    import os
    import sys
    from pathlib import Path

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    env.pop("NO_COLOR", None)
    args = ["-m", "puntobanco.cli.main", "odds", "--effects", "--shoes", "50", "--decks", "1"]
    child = pexpect.spawn(
        sys.executable, [*args, "--lang", "es"], env=env, encoding="utf-8", timeout=120
    )
    child.expect("Repartiendo 50 zapatos para el estudio a lo largo del zapato")
    child.expect(r"\b\d+/50\b")  # a bar that counts the shoes, not a spinner
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    # Piped (as under CliRunner), nothing but the tables.
    monkeypatch.setattr("puntobanco.cli.odds.PROGRESS_SHOES", 1)
    result = _run("--effects", "--shoes", "2", "--decks", "1")
    assert result.exit_code == 0 and "Dealing" not in result.output


@pytest.mark.parametrize(
    ("args", "english", "spanish"),
    [
        (["--remove", "Qx"], "Invalid option --remove: ", "Opción no válida --remove: "),
        (["--effects", "--shoes", "0"], "Invalid option --shoes: ", "Opción no válida --shoes: "),
        (["--commission", "5"], "Invalid option --commission: ", "Opción no válida --commission: "),
        # The shoe the option made: once "Error: ..." without naming --points.
        (["--points", "0=3"], "Invalid option --points: ", "Opción no válida --points: "),
        (
            ["--side-bets", "tiger=12"],
            "Invalid option --side-bets: ",
            "Opción no válida --side-bets: ",
        ),
        (["--preset", "foo"], "Invalid option --preset: ", "Opción no válida --preset: "),
        (["--seed", "-1"], "Invalid option --seed: ", "Opción no válida --seed: "),
        (["--decks", "3", "--ranks", "A=4"], "Give only one of", "Indique solo una de"),
    ],
)
def test_errors_are_one_line_in_the_shared_style(
    args: list[str], english: str, spanish: str
) -> None:
    for lang, start in (("en", english), ("es", spanish)):
        result = _run(*args, "--lang", lang)
        assert result.exit_code == 2
        assert result.stderr.startswith(start) and result.stderr.count("\n") == 1, result.stderr


def test_every_shoe_refusal_of_the_analysis_layer_has_a_sentence_in_both_languages() -> None:
    import ast
    from pathlib import Path

    from puntobanco.core.i18n import CATALOGUE

    analysis = Path(__file__).resolve().parents[2] / "src" / "puntobanco" / "analysis"
    codes = set()
    for path in analysis.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "InvalidShoe":
                for keyword in node.keywords:
                    if keyword.arg == "code" and isinstance(keyword.value, ast.Constant):
                        codes.add(keyword.value.value)
    assert len(codes) > 10
    for lang in ("en", "es"):
        missing = {c for c in codes if f"odds.shoe_error.{c}" not in CATALOGUE[lang]}
        assert not missing, (lang, missing)


def test_rules_is_preset_as_in_every_command() -> None:
    by_rules = _run("--rules", "super-6", "--json")
    assert by_rules.exit_code == 0, by_rules.output
    assert json.loads(by_rules.stdout) == json.loads(_run("--preset", "super-6", "--json").stdout)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_effects_fit_80_columns_as_a_table_with_grouped_counts(lang: str) -> None:
    result = runner.invoke(
        app, ["odds", "--effects", "--shoes", "20", "--lang", lang], env={"COLUMNS": "80"}
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(map(len, lines)) <= 80
    # The 13 cards in one 4-column table, not stacked into 40 lines.
    assert sum(1 for line in lines if re.match(r"│ (A|[2-9]|10|J|Q|K) +│", line)) == 13
    rounds = re.search(r"(\d[\d.,]*) (rounds|manos);", result.stdout.replace("\n", " "))
    assert rounds is not None and rounds.group(1)[1] in ",."  # 1,6xx / 1.6xx


@pytest.mark.parametrize(("lang", "words"), [("en", "Stopped by Ctrl-C"), ("es", "Detenido con")])
def test_ctrl_c_during_the_study_says_so(
    lang: str, words: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from puntobanco.analysis import effects

    def stopped(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(effects, "through_the_shoe", stopped)
    result = _run("--effects", "--shoes", "3", "--lang", lang)
    assert result.exit_code == 130 and words in result.stderr  # once: 130 and not a word


@pytest.mark.parametrize(
    ("args", "english", "spanish"),
    [
        (["--decks", "1", "--remove", "Kd Kd"], "a shoe of 1 deck holds 1", "de 1 baraja tiene 1"),
        (
            ["--ranks", "K=0,A=10", "--remove", "K"],
            "cannot remove 1 card of rank K",
            "no se puede retirar 1 carta de rango K",
        ),
    ],
)
def test_one_is_singular(args: list[str], english: str, spanish: str) -> None:
    # Once "a shoe of 1 decks" and "cannot remove 1 cards".
    for lang, expected in (("en", english), ("es", spanish)):
        result = _run(*args, "--lang", lang)
        assert result.exit_code == 2 and expected in result.stderr, result.stderr


@pytest.mark.parametrize(
    ("preset", "lang", "says"),
    [
        ("dragon-bonus", "en", "Player wins without a natural by 9 points: 30 to 1"),
        ("dragon-bonus", "es", "gana el Jugador sin natural por 9 puntos: 30 a 1"),
        ("tiger", "en", "both pairs of one rank: 100 to 1"),
    ],
)
def test_a_bet_with_several_payouts_says_which_outcome_pays_what(
    preset: str, lang: str, says: str
) -> None:
    # Once only "Pays: 1:1, 30:1, 10:1, 6:1, 4:1, 2:1, 1:1".
    result = runner.invoke(
        app, ["odds", "--preset", preset, "--lang", lang], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    assert says in result.stdout


@pytest.mark.parametrize(
    ("args", "start"),
    [
        (["--shoes", "5"], "Invalid option --shoes: used only with --effects"),
        (["--seed", "3"], "Invalid option --seed: used only with --effects"),
        (["--effects", "--shoes", "2", "--format", "csv"], "Invalid option --format: the effects"),
        (["--effects", "--shoes", "2", "--format", "markdown"], "Invalid option --format: "),
    ],
)
def test_options_that_would_do_nothing_are_refused(args: list[str], start: str) -> None:
    # Once accepted silently (and --format csv dropped the effects without a word).
    result = _run(*args)
    assert result.exit_code == 2 and result.stderr.startswith(start), result.stderr
    assert result.stdout == ""
