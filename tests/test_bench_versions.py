"""``bench/bench_versions.py``: its arithmetic, its command line, its snippets, and one run.

No timing is judged here: the verdict's arithmetic is checked on made-up times, and the
one real run (a cheap workload, one pair, this commit against itself) only has to finish
and print its table.
"""

from __future__ import annotations

import ast
import doctest
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
bench_versions = pytest.importorskip("bench_versions")

verdict = bench_versions.verdict


def test_the_doctests() -> None:
    result = doctest.testmod(bench_versions)
    assert result.attempted > 0 and result.failed == 0


def test_the_ratio_is_old_over_new_so_above_one_is_faster() -> None:
    summary = verdict([2.0, 3.0, 4.0], [1.0, 1.5, 2.0])
    assert summary.median == summary.lower_quartile == summary.upper_quartile == 2.0
    assert summary.passed


def test_median_and_quartiles_are_those_of_the_ratios() -> None:
    # Ratios 0.5, 0.8, 0.9, 1.0, 1.2 (the pairs' order does not matter).
    summary = verdict([1.2, 0.5, 1.0, 0.9, 0.8], [1.0] * 5)
    assert summary.median == pytest.approx(0.9)
    # statistics.quantiles' exclusive method: positions 1.5 and 4.5 of 5.
    assert summary.lower_quartile == pytest.approx(0.65)
    assert summary.upper_quartile == pytest.approx(1.1)


def test_a_median_of_0_95_passes_alone() -> None:
    summary = verdict([0.95, 0.95, 0.95], [1.0, 1.0, 1.0])
    assert summary.median == pytest.approx(0.95) and summary.upper_quartile < 1.0
    assert summary.passed


def test_an_upper_quartile_of_one_passes_a_low_median() -> None:
    # Ratios 0.8 four times, 1.0 three times: the median is 0.8, the upper quartile 1.0.
    summary = verdict([0.8, 0.8, 0.8, 0.8, 1.0, 1.0, 1.0], [1.0] * 7)
    assert summary.median == pytest.approx(0.8)
    assert summary.upper_quartile == pytest.approx(1.0)
    assert summary.passed


def test_slower_in_the_median_and_the_upper_quartile_fails() -> None:
    summary = verdict([0.9, 0.92, 0.94, 0.9, 0.99], [1.0] * 5)
    assert summary.median < 0.95 and summary.upper_quartile < 1.0
    assert not summary.passed


def test_one_pair_gives_its_ratio_for_every_figure() -> None:
    summary = verdict([1.0], [1.25])
    assert summary == bench_versions.Verdict(0.8, 0.8, 0.8)
    assert not summary.passed


@pytest.mark.parametrize(("old", "new"), [([], []), ([1.0, 2.0], [1.0])])
def test_pairs_must_match(old: list[float], new: list[float]) -> None:
    with pytest.raises(ValueError, match="one new time per old time"):
        verdict(old, new)


def test_the_defaults_run_every_workload_on_the_working_tree() -> None:
    args = bench_versions.parse_args(["--base", "8d505c2"])
    assert args.only == list(bench_versions.WORKLOADS)
    assert args.new is None and args.repeat == 7


def test_the_workloads_named_are_run_in_that_order() -> None:
    args = bench_versions.parse_args(
        ["--base", "abc", "--new", "HEAD", "--repeat", "15", "--only", " shoe, solve,,"]
    )
    assert args.only == ["shoe", "solve"]
    assert (args.base, args.new, args.repeat) == ("abc", "HEAD", 15)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--base", "x", "--only", "solve,nope"], "unknown workload 'nope'"),
        (["--base", "x", "--only", ","], "unknown workload none"),
        (["--base", "x", "--repeat", "0"], "at least one pair"),
        (["--only", "solve"], "--base"),
    ],
)
def test_a_wrong_command_line_is_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        bench_versions.parse_args(argv)
    assert exited.value.code == 2
    assert message in capsys.readouterr().err


def test_the_issue_s_workloads_are_there() -> None:
    assert {"solve", "solve-banque", "server-round", "shoe"} <= set(bench_versions.WORKLOADS)


@pytest.mark.parametrize("name", list(bench_versions.WORKLOADS))
def test_every_snippet_compiles_and_prints_its_cpu_time(name: str) -> None:
    snippet = bench_versions.WORKLOADS[name]
    tree = ast.parse(snippet, filename=name)
    compile(tree, name, "exec")
    assert "time.process_time()" in snippet and "print(" in snippet


@pytest.mark.parametrize("name", ["solve", "solve-banque"])
def test_the_solvers_import_on_this_layout(name: str) -> None:
    # Only the imports (the fallback is for the layout before b76e57c).
    tree = ast.parse(bench_versions.WORKLOADS[name])
    imports: list[ast.stmt] = [
        node for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom | ast.Try)
    ]
    exec(compile(ast.Module(body=imports, type_ignores=[]), name, "exec"), {})


@pytest.mark.slow
def test_one_pair_of_a_cheap_workload_runs(capsys: pytest.CaptureFixture[str]) -> None:
    status = bench_versions.main(
        ["--base", "HEAD", "--new", "HEAD", "--repeat", "1", "--only", "engine"]
    )
    out = capsys.readouterr().out
    assert status in (0, 1)  # the verdict is the machine's noise here: not judged
    rows = [line for line in out.splitlines() if line.startswith("engine")]
    assert len(rows) == 1
    assert rows[0].split()[-1] in ("pass", "FAIL")
    assert out.splitlines()[-1].startswith("verdict: median old/new >= 0.95")


def test_the_time_is_the_last_number_printed() -> None:
    printed = 'warming up\n0.5\n1.25\n{"level": "WARNING", "message": "stopping"}\n'
    assert bench_versions.seconds_printed(printed) == 1.25
    with pytest.raises(SystemExit, match="printed no time"):
        bench_versions.seconds_printed("nothing\n")
