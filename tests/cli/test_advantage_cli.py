"""``puntobanco advantage``: JSON, the table in both languages, the plot, refusals, Ctrl-C."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from puntobanco.cli.main import app
from puntobanco.sim import advantage_run

runner = CliRunner()
SMALL = ["--shoes", "2", "--train-shoes", "1", "--no-progress"]


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["advantage", *args])
    return result.exit_code, result.stdout, result.stderr


def test_json_has_every_bet_for_both_players() -> None:
    code, out, _ = _run(*SMALL, "--json", "--seed", "5", "--train-seed", "6")
    assert code == 0
    data = json.loads(out)
    assert (data["seed"], data["train_seed"], data["interrupted"]) == (5, 6, False)
    (setting,) = data["settings"]
    assert (setting["decks"], setting["cut_card"], setting["shoes"]) == (8, 14, 2)
    assert "dragon_7" in setting["bets"] and "egalite_9" in setting["bets"]
    dragon = setting["bets"]["dragon_7"]
    assert {c["name"] for c in dragon["counts"]} == {"effects", "jacobson"}
    assert dragon["perfect"]["rounds_per_shoe"] > 0


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ("Strategy", "perfect", "effects")), ("es", ("Estrategia", "perfecto", "efectos"))],
)
def test_table_in_either_language(lang: str, words: tuple[str, ...]) -> None:
    code, out, _ = _run(*SMALL, "--lang", lang)
    assert code == 0
    assert "dragon_7" in out and "jacobson" in out
    for word in words:
        assert word in out


def test_spanish_numbers_use_a_decimal_comma() -> None:
    code, out, _ = _run(*SMALL, "--lang", "es")
    assert code == 0
    assert " %" in out.replace("\xa0", " ") and "," in out


def test_the_plot_is_a_png(tmp_path: Path) -> None:
    target = tmp_path / "win.png"
    code, _, _ = _run(*SMALL, "--plot", str(target), "--cut-card", "14,30")
    assert code == 0
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--decks", "eight"], "--decks"),
        (["--cut-card", "14,x"], "--cut-card"),
        (["--cut-card", "3"], "--cut-card"),
        (["--decks", "9"], "decks"),
        (["--shoes", "1"], "--shoes"),
        (["--seed", "3", "--train-seed", "3"], "--train-seed"),
        (["--seed", "-1"], "--seed"),
        (["--workers", "0"], "--workers"),
        (["--lang", "fr"], "fr"),
        (["--plot", "out.txt"], ".png"),
        (["--plot", "/nonexistent-dir/x.png"], "/nonexistent-dir/x.png"),
    ],
)
def test_bad_input_is_refused_with_exit_2(args: list[str], needle: str) -> None:
    code, out, err = _run(*SMALL, *args)
    assert code == 2
    assert needle in err and "Traceback" not in err + out
    assert out == ""


def test_refusals_in_spanish() -> None:
    code, _, err = _run(*SMALL, "--seed", "3", "--train-seed", "3", "--lang", "es")
    assert code == 2 and "debe ser distinta" in err


def test_ctrl_c_prints_the_shoes_finished_and_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    real = advantage_run.run_job
    calls = {"n": 0}

    def job(j: advantage_run.Job):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 4:  # training, two measured chunks, then Ctrl-C
            raise KeyboardInterrupt
        return real(j)

    monkeypatch.setattr(advantage_run, "run_job", job)
    monkeypatch.setattr(advantage_run, "CHUNK", 2)
    code, out, err = _run("--shoes", "8", "--train-shoes", "1", "--no-progress", "--json")
    assert code == 130
    data = json.loads(out)
    assert data["interrupted"] is True
    assert data["settings"][0]["shoes"] == 4
    assert "Ctrl-C" in err


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("columns", [60, 80, 200])
def test_piped_output_follows_columns(lang: str, columns: int) -> None:
    # Piped (as CliRunner's output is), the table once ignored COLUMNS and took 132.
    result = runner.invoke(
        app, ["advantage", *SMALL, "--lang", lang], env={"COLUMNS": str(columns)}
    )
    assert result.exit_code == 0
    assert max(map(len, result.stdout.splitlines())) <= columns
    assert "dragon_7" in result.stdout and "jacobson" in result.stdout


def test_a_narrow_terminal_gets_two_tables() -> None:
    result = runner.invoke(app, ["advantage", *SMALL], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert result.stdout.count("8 decks, cut card 14 from the end") == 2
    wide = runner.invoke(app, ["advantage", *SMALL], env={"COLUMNS": "200"})
    assert wide.stdout.count("8 decks, cut card 14 from the end") == 1


def test_on_a_dask_scheduler_the_same_json() -> None:
    distributed = pytest.importorskip("distributed")
    import logging

    args = [*SMALL, "--json", "--seed", "3", "--train-seed", "4"]
    local = json.loads(_run(*args)[1])
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    ) as cluster:
        code, out, _ = _run(*args, "--scheduler", cluster.scheduler_address)
    assert code == 0
    assert json.loads(out) == local


@pytest.mark.parametrize("fmt", ["csv", "markdown", "json"])
def test_format_as_every_other_command(fmt: str) -> None:
    code, out, err = _run(*SMALL, "--seed", "5", "--train-seed", "6", "--format", fmt)
    assert code == 0, err
    document = json.loads(_run(*SMALL, "--seed", "5", "--train-seed", "6", "--json")[1])
    if fmt == "json":
        assert json.loads(out) == document
    elif fmt == "csv":
        import csv
        import io

        rows = list(csv.DictReader(io.StringIO(out)))
        perfect = next(r for r in rows if (r["bet"], r["strategy"]) == ("dragon_7", "perfect"))
        expected = document["settings"][0]["bets"]["dragon_7"]["perfect"]["rounds_per_shoe"]
        assert float(perfect["rounds_per_shoe"]) == expected
    else:
        assert out.startswith("| decks | cut_card | bet | strategy |")


def test_json_and_another_format_are_refused() -> None:
    code, out, err = _run(*SMALL, "--json", "--format", "csv")
    assert code == 2 and out == "" and err.startswith("Invalid option --format: ")
