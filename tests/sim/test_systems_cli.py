"""``puntobanco systems``: JSON, tables, plots, languages and bad input."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from puntobanco.cli.main import app
from puntobanco.cli.systems import conclusion
from puntobanco.core.i18n import CATALOGUE
from puntobanco.core.rules import PRESETS, BetKind
from puntobanco.sim.systems import System, exact_edges, run_sessions, summarize
from puntobanco.sim.systems_deal import session_outcomes

SRC = Path(__file__).resolve().parents[2] / "src"
SMALL = ["--sessions", "20", "--rounds", "30", "--seed", "5"]


def run(
    *args: str, env: dict[str, str] | None = None, charset: str = "utf-8"
) -> tuple[int, str, str]:
    runner = CliRunner(charset=charset)
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
        (["--system", "roulette"], "Opción no válida --system: las opciones son flat,"),
        (["--on", "tie"], "Opción no válida --on: las opciones son banker, player"),
        (["--base", "0.50"], "límites de la mesa"),
        (["--bankroll", "5", "--base", "10"], "supera la banca inicial"),
        (["--sessions", "0"], "Opción no válida --sessions: un número entero de 1 a 10.000.000"),
        (["--rounds", "abc"], "Opción no válida --rounds: un número entero"),
        (["--bankroll", "diez"], "--bankroll: 'diez' no es una cantidad"),
        (["--stop-loss", "-5"], "no puede ser negativa"),
        (["--min", "600"], "supera el máximo"),
        (
            ["--decks", "9"],
            "Opción no válida --decks: el número de barajas es un número entero de 1 a 8",
        ),
        (["--seed", "-1"], "Opción no válida --seed: la semilla es un número entero"),
        (["--sessions", "10000000", "--rounds", "1000"], "use menos sesiones"),
        (["--preset", "ez-baccarat"], "Preajustes que juegan: punto-banco,"),
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
    assert code == 2 and "Invalid option --plot: cannot write the plot" in err


def test_the_rules_preset_decides_the_decks_unless_decks_is_given() -> None:
    edges = exact_edges(PRESETS["punto-banco-6"])
    for rules, decks in (("punto-banco-6", 6), ("online", 6), ("punto-banco", 8)):
        code, out, _ = run(*SMALL, "--rules", rules, "--json")
        assert code == 0 and json.loads(out)["decks"] == decks, rules
    document = json.loads(run(*SMALL, "--rules", "punto-banco-6", "--json")[1])
    assert edges is not None
    assert document["exact_loss_per_unit"] == pytest.approx(float(edges[BetKind.BANKER]))
    code, out, _ = run(*SMALL, "--rules", "punto-banco-6", "--decks", "2", "--json")
    assert code == 0 and json.loads(out)["decks"] == 2


def _spaced(text: str) -> str:
    return " ".join(text.split())


def test_the_answer_quotes_the_runs_own_exact_figure() -> None:
    args = ["--system", "follow-the-winner", *SMALL]
    exact = json.loads(run(*args, "--json")[1])["exact_loss_per_unit"]
    banker = float(exact_edges(PRESETS["punto-banco"])[BetKind.BANKER])  # type: ignore[index]
    assert f"{100 * exact:.3f}%" != f"{100 * banker:.3f}%"  # it bets on both sides
    code, out, _ = run(*args, "--lang", "en")
    answer = _spaced(out)[_spaced(out).index("No system changes") :]
    assert code == 0 and f"({100 * exact:.3f}%)" in answer and f"{100 * banker:.3f}%" not in answer


def _summaries(*systems: str) -> list[object]:
    rules = PRESETS["punto-banco"]
    outcomes = session_outcomes(rules, seed=3, sessions=40, rounds=50)
    edges = exact_edges(rules)
    from puntobanco.sim.systems import Plan

    plans = [Plan(system=s, on="banker", bankroll_minor=100_000, base_minor=1_000, rounds=50)
             for s in systems]  # fmt: skip
    return [summarize(run_sessions(p, outcomes), edges) for p in plans]


def test_the_answer_names_each_systems_figure_when_they_differ() -> None:
    flat, follow = _summaries("flat", "follow-the-winner")
    text = conclusion([flat, follow], "en")  # type: ignore[list-item]
    assert f"Flat: {100 * flat.exact_loss_per_unit:.3f}%" in text  # type: ignore[attr-defined]
    assert f"Follow the last winner: {100 * follow.exact_loss_per_unit:.3f}%" in text  # type: ignore[attr-defined]


def test_the_answer_does_not_claim_agreement_when_a_run_is_far_from_the_edge() -> None:
    (flat,) = _summaries("flat")
    assert abs(flat.z) < 3  # type: ignore[attr-defined]
    assert "within 3 standard errors" in conclusion([flat], "en")  # type: ignore[list-item]
    far = dataclasses.replace(flat, z=-3.2)  # type: ignore[type-var]
    for lang in ("en", "es"):
        text = conclusion([flat, far], lang)  # type: ignore[list-item]
        assert "-3.2" in text and CATALOGUE[lang]["systems.answer"][:20] not in text
    assert "does not confirm" in conclusion([far], "en")  # type: ignore[list-item]
    assert "no lo confirma" in conclusion([far], "es")  # type: ignore[list-item]
    unmeasured = dataclasses.replace(flat, z=None)  # type: ignore[type-var]
    assert "too small to measure" in conclusion([unmeasured], "en")  # type: ignore[list-item]
    no_edge = dataclasses.replace(flat, z=None, exact_loss_per_unit=None)  # type: ignore[type-var]
    assert conclusion([no_edge], "es") == CATALOGUE["es"]["systems.answer_no_edge"]  # type: ignore[list-item]


def test_an_ascii_terminal_gets_ascii_not_a_crash() -> None:
    code, out, _ = run("--system", "paroli", *SMALL, "--lang", "es", charset="ascii")
    assert code == 0 and "Paroli a Banca" in out
    assert "(sd " in out and "+/-" in out and "cuantas sesiones" in out
    code, _, err = run("--system", "roulette", "--lang", "es", charset="ascii")
    assert code == 2 and "Opcion no valida --system" in err


@pytest.mark.parametrize(
    ("args", "env", "expected"),
    [
        (["--bogus", "--lang", "es"], {}, "Opción desconocida --bogus"),
        (["--bogus"], {"LANG": "es_ES.UTF-8"}, "Opción desconocida --bogus"),
        (["--bogus", "--lang", "en"], {}, "Unknown option --bogus"),
        (["--sessions", "--lang", "es"], {}, "Argumento inesperado es"),
        (["--lang", "es", "--seed"], {}, "La opción --seed necesita un valor"),
        (["--lang", "es", "extra"], {}, "Argumento inesperado"),
        (["--lang", "fr"], {}, "Invalid option --lang: the languages are en"),
        (["--lang", "fr"], {"LANG": "es_ES.UTF-8"}, "Opción no válida --lang: los idiomas"),
    ],
)
def test_usage_errors_and_unknown_languages_in_the_users_language(
    args: list[str], env: dict[str, str], expected: str
) -> None:
    code, out, err = run(*args, env=env)
    assert code == 2 and out == ""
    assert expected in err and "Traceback" not in err


def test_language_from_the_option_then_the_locale() -> None:
    assert "Paroli a Banca" in run("--system", "paroli", *SMALL, "--lang", "ES")[1]
    spanish = {"LC_ALL": "es_MX.UTF-8", "LANG": "en_US"}
    assert "Paroli a Banca" in run("--system", "paroli", *SMALL, env=spanish)[1]
    assert "Paroli on Banker" in run("--system", "paroli", *SMALL, env={"LANG": "fr_FR"})[1]


def _subprocess(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    """The command as a shell runs it: help texts are chosen from ``sys.argv``."""
    environment = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES")}
    environment.update({"PYTHONPATH": str(SRC), "LANG": "C", "COLUMNS": "200",
                        "PYTHONIOENCODING": "utf-8", **env})  # fmt: skip
    command = [sys.executable, "-m", "puntobanco.cli.main", "systems", *args]
    return subprocess.run(command, capture_output=True, env=environment, timeout=120, check=False,
                          encoding=environment["PYTHONIOENCODING"])  # fmt: skip


def test_an_ascii_locale_and_spanish_help_from_a_shell() -> None:
    done = _subprocess([*SMALL, "--lang", "es"], PYTHONIOENCODING="ascii")
    assert done.returncode == 0, done.stderr
    assert "Ningun sistema cambia la esperanza" in done.stdout
    helped = _subprocess(["--help"], LANG="es_ES.UTF-8", PYTHONIOENCODING="ascii")
    assert helped.returncode == 0 and "Numero de sesiones" in helped.stdout
    assert "Number of sessions" in _subprocess(["--help", "--lang", "en"]).stdout


def test_an_ascii_terminal_keeps_the_columns_aligned() -> None:
    # "±" becomes "+/-": spelled out before the table is laid out, not after.
    code, out, _ = run("--compare", *SMALL, charset="ascii")
    assert code == 0 and "+/-" in out and "±" not in out
    rows = [line for line in out.splitlines() if line[:1] in "|+"]
    assert len(rows) > len(System) and len({len(row) for row in rows}) == 1, out
    rule = next(row for row in rows if row.startswith("|-"))  # under the headers
    columns = [i for i, ch in enumerate(rule) if ch in "|+"]
    cells = [row for row in rows if row.startswith("| ")]
    assert len(cells) == len(System) + 1
    for row in cells:
        assert [i for i, ch in enumerate(row) if ch == "|"] == columns, row


def test_playing_in_chunks_for_a_progress_bar_changes_no_result() -> None:
    import numpy as np

    from puntobanco.cli.systems import play_plans
    from puntobanco.core.rules import Rules
    from puntobanco.sim.systems import Plan, System
    from puntobanco.sim.systems_deal import session_outcomes

    rules = Rules()
    outcomes = session_outcomes(rules, seed=3, sessions=45, rounds=30)
    plans = [
        Plan(system=system, on=BetKind.BANKER, bankroll_minor=5000, base_minor=100, rounds=30)
        for system in (System.MARTINGALE, System.PAROLI)
    ]
    whole = play_plans(plans, outcomes)
    counted: list[int] = []
    chunked = play_plans(plans, outcomes, on_sessions=counted.append, chunk=20)
    assert counted == [20, 40, 45, 65, 85, 90]
    for one, other in zip(whole, chunked, strict=True):
        assert np.array_equal(one.results, other.results)
        assert np.array_equal(one.paths, other.paths)


def test_a_long_run_shows_a_bar_that_counts_the_sessions_on_a_terminal() -> None:
    pexpect = pytest.importorskip("pexpect")
    import sys
    from pathlib import Path

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    args = ["-m", "puntobanco.cli.main", "systems", "--sessions", "50000", "--rounds", "40"]
    child = pexpect.spawn(
        sys.executable, [*args, "--lang", "es"], env=env, encoding="utf-8", timeout=120
    )
    child.expect(r"Jugando las sesiones.*?\d+/50000")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_plot_that_is_not_a_png_is_refused_before_the_run(tmp_path: Path) -> None:
    # Once every session ran and printed its tables, then matplotlib refused "txt".
    code, out, err = run(*SMALL, "--plot", str(tmp_path / "x.txt"))
    assert code == 2 and out == ""
    assert err.startswith("Invalid option --plot: the plot is a PNG: give a file name ending")
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x.txt").exists()


@pytest.mark.parametrize(
    "args",
    [["--preset", "foo"], ["--decks", "9"], ["--seed", "-1"], ["--system", "foo"],
     ["--bankroll", "-3"]],
)  # fmt: skip
def test_refusals_are_one_line_at_80_columns_in_the_shared_wording(args: list[str]) -> None:
    code, _, err = run(*args, env={"COLUMNS": "80"})
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert err.startswith(f"Invalid option {args[0]}: ") and "Error" not in err
    rule = err.split(": ", 1)[1]
    assert rule[:1].islower()  # "an amount cannot be negative", not "An amount"


def test_the_histogram_counts_sessions_in_whole_numbers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from matplotlib.figure import Figure

    saved: list[Figure] = []
    real = Figure.savefig

    def keep(self: Figure, *args: object, **kwargs: object) -> None:
        saved.append(self)
        real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Figure, "savefig", keep)
    code, _, err = run("--sessions", "10", "--rounds", "20", "--seed", "1",
                       "--plot", str(tmp_path / "h.png"))  # fmt: skip
    assert code == 0, err
    histogram = saved[0].axes[1]
    ticks = [t for t in histogram.get_yticks() if t >= 0]
    assert ticks and all(float(t).is_integer() for t in ticks)


@pytest.mark.parametrize(("lang", "amount"), [("en", "1,000.00"), ("es", "1.000,00")])
def test_amounts_and_counts_are_grouped_by_thousands(lang: str, amount: str) -> None:
    code, out, _ = run(*SMALL, "--lang", lang)
    assert code == 0
    assert amount in out and "1000.00" not in out and "1000,00" not in out
    code, _, err = run("--sessions", "10000000", "--rounds", "1000", "--lang", lang)
    assert code == 2 and "500000000" not in err


@pytest.mark.parametrize("fmt", ["csv", "markdown"])
def test_csv_and_markdown_carry_the_final_bankroll_figures(fmt: str) -> None:
    document = json.loads(run(*SMALL, "--json")[1])
    code, out, _ = run(*SMALL, "--format", fmt)
    assert code == 0
    final = document["final_bankroll"]
    if fmt == "csv":
        (row,) = csv.DictReader(io.StringIO(out))
        assert float(row["final_bankroll_mean_minor"]) == final["mean_minor"]
        assert int(row["final_bankroll_quantiles_minor_p50"]) == final["quantiles_minor"]["p50"]
        assert int(row["final_bankroll_min_minor"]) == final["min_minor"]
        assert int(row["final_bankroll_max_minor"]) == final["max_minor"]
    else:
        assert "final_bankroll_quantiles_minor_p05" in out.splitlines()[0]


@pytest.mark.parametrize(("lang", "words"), [("en", "Stopped by Ctrl-C"), ("es", "Detenido con")])
def test_ctrl_c_says_so(lang: str, words: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from puntobanco.cli import systems

    def stopped(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(systems, "play_plans", stopped)
    code, out, err = run(*SMALL, "--lang", lang)
    assert code == 130 and words in err and out == ""  # once: 130 and not a word


@pytest.mark.parametrize("lang", ["en", "es"])
def test_ctrl_c_reports_the_systems_played_so_far(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Once 130 and nothing at all: the partial result, marked, as simulate's.
    from contextlib import contextmanager

    from puntobanco.cli import systems

    @contextmanager
    def ctrl_c_at_once():  # type: ignore[no-untyped-def]
        yield lambda: True  # as if Ctrl-C came during the first system

    monkeypatch.setattr(systems, "stop_on_ctrl_c", ctrl_c_at_once)
    code, out, err = run("--compare", *SMALL, "--json", "--lang", lang)
    assert code == 130
    document = json.loads(out)
    assert document["interrupted"] is True
    assert [s["system"] for s in document["systems"]] == ["flat"]
    assert ("Stopped early" if lang == "en" else "Detenido antes de tiempo") in err
    code, out, _ = run("--compare", *SMALL, "--lang", lang)
    flat = CATALOGUE[lang]["systems.name.flat"]
    assert code == 130 and flat in out
    assert CATALOGUE[lang]["systems.name.martingale"] not in out


def test_a_run_not_stopped_is_not_interrupted() -> None:
    document = json.loads(run(*SMALL, "--json")[1])
    assert document["interrupted"] is False
