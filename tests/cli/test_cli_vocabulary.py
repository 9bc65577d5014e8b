"""The command line as a whole: one option vocabulary, the global options, no traceback.

Each test states what a user relies on: ``--commission 5%`` and ``0.05`` mean
the same in every command and a bare ``5`` is refused naming both; ``--preset``
and ``--rules`` are one option; ``--format json`` is ``--json``; ``--version``,
``-h`` and a global ``--lang`` work; ``--help`` loads none of the heavy
libraries; no malformed option or database prints a traceback.
"""

from __future__ import annotations

import csv
import importlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from puntobanco.cli.main import COMMANDS, app
from puntobanco.cli.options import build_config
from puntobanco.cli.params import OptionValueError, parse_rate

SRC = Path(__file__).resolve().parents[2] / "src"
runner = CliRunner()
#: A small, quick simulation (the reference engine needs no compilation).
SIM = ["simulate", "--hands", "300", "--backend", "reference", "--seed", "7"]
#: A small systems run.
SYS = ["systems", "--sessions", "50", "--rounds", "20", "--seed", "7"]
HEAVY = ("numba", "numpy", "sqlalchemy", "fastapi")


def _invoke(*args: str, env: dict[str, str] | None = None) -> Any:
    return runner.invoke(app, list(args), env={"COLUMNS": "200", **(env or {})})


def _json(*args: str) -> dict[str, Any]:
    done = _invoke(*args)
    assert done.exit_code == 0, done.output
    data: dict[str, Any] = json.loads(done.stdout)
    return data


@pytest.mark.parametrize("command", [[], ["odds"], ["simulate"], ["systems"], ["report"]])
def test_help_imports_none_of_the_heavy_libraries(command: list[str]) -> None:
    script = (
        "import sys, runpy\n"
        f"sys.argv = ['puntobanco', *{command!r}, '--help']\n"
        "try:\n"
        "    runpy.run_module('puntobanco.cli.main', run_name='__main__')\n"
        "except SystemExit as exit:\n"
        "    assert exit.code in (0, None), exit.code\n"
        f"loaded = sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))\n"
        "print('LOADED', loaded, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(SRC), "COLUMNS": "80"},
        check=True,
    )
    assert "--lang" in done.stdout
    if not command:
        assert "play" in done.stdout and "ledger" in done.stdout
    assert "LOADED []" in done.stderr, done.stderr


def test_version_and_short_help() -> None:
    version = _invoke("--version")
    assert version.exit_code == 0 and version.stdout.startswith("puntobanco ")
    short = _invoke("-h")
    assert short.exit_code == 0 and "--version" in short.stdout
    for command in ("simulate", "report"):
        sub = _invoke(command, "-h")
        assert sub.exit_code == 0 and "--lang" in sub.stdout, sub.output


def test_the_top_level_help_in_each_language() -> None:
    english = _invoke("--help", env={"LANG": "en_GB.UTF-8"})
    spanish = _invoke("--lang", "es", "--help", env={"LANG": "en_GB.UTF-8"})
    from_locale = _invoke("--help", env={"LANG": "es_ES.UTF-8"})
    assert "Commands" in english.stdout and "Play Punto Banco" in english.stdout
    for done in (spanish, from_locale):
        assert done.exit_code == 0
        assert "Órdenes" in done.stdout and "Jugar al Punto Banco" in done.stdout
        assert "Play Punto Banco" not in done.stdout
    assert set(COMMANDS) == {"play", "odds", "simulate", "systems", "serve", "solve"} | {
        "verify",
        "report",
        "ledger",
        "advantage",
    }


@pytest.mark.parametrize("command", ["play", "simulate", "systems", "verify", "report", "serve"])
def test_no_flag_has_a_value_placeholder_in_the_help(command: str) -> None:
    done = _invoke(command, "--help")
    assert done.exit_code == 0, done.output
    assert "<bool>" not in done.stdout
    assert "<bool>" not in _invoke("--help").stdout
    assert "<bool>" not in _invoke("ledger", "check", "--help").stdout


def test_the_global_lang_reaches_every_command(tmp_path: Path) -> None:
    english = {"LANG": "en_GB.UTF-8"}
    report = _invoke("--lang", "es", "report", "--database", "/some/path.db", env=english)
    assert report.exit_code == 2 and "espera una URL, no una ruta" in report.stderr
    check = _invoke(
        "--lang", "es", "ledger", "check", "--database", f"sqlite:///{tmp_path}/no.db", env=english
    )
    assert check.exit_code == 1 and "no" in check.stderr and "Traceback" not in check.output
    verify = _invoke("--lang", "es", "verify", "00", env=english)
    assert verify.exit_code == 2 and "64 dígitos hexadecimales" in verify.stderr
    simulate = _invoke("--lang", "es", *SIM, "--shoe", "x", env=english)
    assert simulate.exit_code == 2 and "el zapato es cut-card o reshuffle" in simulate.stderr
    # The command's own --lang wins over the global one.
    own = _invoke("--lang", "es", *SIM, "--shoe", "x", "--lang", "en", env=english)
    assert "the shoe is cut-card or reshuffle" in own.stderr


def test_a_global_lang_we_lack_is_refused() -> None:
    done = _invoke("--lang", "fr", "report", env={"LANG": "es_ES.UTF-8"})
    assert done.exit_code == 2
    assert done.stderr == (
        "Opción no válida --lang: los idiomas son en (English) y es (español); se recibió «fr»\n"
    )


def test_commission_as_percent_or_fraction_the_same_everywhere() -> None:
    percent = _json(*SIM, "--commission", "4%", "--json")
    fraction = _json(*SIM, "--commission", "0.04", "--json")
    assert percent["rules"] == fraction["rules"]
    assert percent["banker"] == fraction["banker"]
    assert percent["rules"] != _json(*SIM, "--json")["rules"]
    rules = [build_config({"commission": c}, {}).rules for c in ("4%", "0.04", "0,04")]
    assert all(r.banker_commission.numerator * 25 == r.banker_commission.denominator for r in rules)


@pytest.mark.parametrize(
    "lang,words",
    [("en", ("'5' is ambiguous", "5%", "0.05")), ("es", ("«5» es ambiguo", "5 %", "0,05"))],
)
def test_a_bare_five_is_refused_naming_both_forms(lang: str, words: tuple[str, ...]) -> None:
    done = _invoke(*SIM, "--commission", "5", "--lang", lang)
    assert done.exit_code == 2
    for word in (*words, "--commission"):
        assert word in done.stderr, done.stderr
    play = _invoke("play", "--commission", "5", "--lang", lang)
    # The forms suggested as the language writes them: 5 % and 0,05 in Spanish.
    assert play.exit_code == 2 and all(word in play.stderr for word in words[1:])
    assert "banker_commission" not in done.output + play.output


def test_the_rate_type_reads_each_form_once() -> None:
    assert parse_rate("5%") == parse_rate("0.05") == parse_rate(" 0,05 ")
    assert parse_rate("0") == 0
    for bad in ("5", "1", "100%", "-1%", "abc", ""):
        with pytest.raises(OptionValueError):
            parse_rate(bad)


def test_preset_and_rules_are_one_option() -> None:
    by_preset = _json(*SIM, "--preset", "punto-banco-6", "--json")
    by_rules = _json(*SIM, "--rules", "punto-banco-6", "--json")
    assert by_preset["rules"] == by_rules["rules"] and by_preset["rules"]["decks"] == 6
    systems = _json(*SYS, "--preset", "punto-banco-6", "--json")
    assert systems["decks"] == 6
    assert build_config({"preset": "punto-banco-6"}, {}).rules.decks == 6
    bad = _invoke("play", "--preset", "nope", "--lang", "en")
    assert bad.exit_code == 2 and "Invalid option --preset" in bad.stderr


def test_format_json_is_json() -> None:
    one = _json(*SIM, "--format", "json")
    other = _json(*SIM, "--json")
    for key in ("hands", "banker", "player", "tie", "rules", "outcomes"):
        assert one[key] == other[key]
    systems = _json(*SYS, "--format", "json")
    assert systems["sessions"] == 50 and "risk_of_ruin" in systems
    both = _invoke(*SIM, "--json", "--format", "csv")
    assert both.exit_code == 2 and "--format" in both.stderr


def test_csv_and_markdown_hold_the_json_figures() -> None:
    data = _json(*SIM, "--json")
    done = _invoke(*SIM, "--format", "csv", "--lang", "es")
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    outcomes = {r["name"]: r for r in rows if r["kind"] == "outcome"}
    assert {name: int(r["count"]) for name, r in outcomes.items()} == {
        name: data[name] for name in ("banker", "player", "tie")
    }
    bets = {r["name"]: float(r["mean"]) for r in rows if r["kind"] == "bet"}
    assert bets["banker"] == data["bets"]["banker"]["mean"]
    markdown = _invoke(*SYS, "--compare", "--format", "markdown").stdout.splitlines()
    assert markdown[1].startswith("| --- |") and len(markdown) == 2 + 8  # the eight systems


def test_systems_plot_is_checked_before_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    import puntobanco.sim.systems_deal as deal

    def never(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the run started before the plot's path was checked")

    monkeypatch.setattr(deal, "session_outcomes", never)
    done = _invoke(*SYS, "--plot", "/no/such/folder/plot.png", "--lang", "es")
    assert done.exit_code == 2 and "/no/such/folder/plot.png" in done.stderr


def test_ctrl_c_exits_130_in_every_command(monkeypatch: pytest.MonkeyPatch) -> None:
    import puntobanco.cli.serverdb as serverdb

    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(serverdb, "open_database", interrupted)
    for command in (["report"], ["ledger", "check"], ["verify", "00" * 32]):
        done = _invoke(*command)
        assert done.exit_code == 130, (command, done.output)
    # Ctrl-C while the command's module is still loading.
    monkeypatch.setattr(importlib, "import_module", interrupted)
    assert _invoke("report").exit_code == 130


#: Malformed options and databases, one or more per command: each must fail with a
#: message and the usage (2) or failed-check (1) status, never a traceback.
MALFORMED: list[list[str]] = [
    ["--lang"],
    ["--bogus"],
    ["nosuchcommand"],
    ["play", "--decks", "x"],
    ["play", "--commission", "5"],
    ["play", "--min", "1,5,0"],
    ["play", "--history", "/no/such/dir/h.csv"],
    ["play", "--seed", "-1"],
    ["odds", "--decks", "0"],
    ["odds", "--commission", "abc"],
    ["odds", "--remove", "Zz"],
    ["simulate", "--hands", "abc"],
    ["simulate", "--hands", "10", "--commission", "5"],
    ["simulate", "--hands", "10", "--tie-pays", "0"],
    ["simulate", "--hands", "10", "--format", "xml"],
    ["simulate", "--hands", "10", "--preset", "nope"],
    ["systems", "--sessions", "x"],
    ["systems", "--system", "nope"],
    ["systems", "--format", "xml"],
    ["serve", "--port", "0"],
    ["serve", "--database", "foo://bar", "--port", "1"],
    ["verify", "zz"],
    ["verify", "00" * 32, "--rounds", "/no/such/file.json"],
    ["verify", "00" * 32, "--database", "/plain/path.db"],
    ["report", "--database", "foo://bar"],
    ["report", "--database", "sqlite:////no/such/dir/x.db"],
    ["report", "--database", "postgresql+psycopg://u@h:notaport/db"],
    ["ledger", "check", "--database", "/plain/path.db"],
    ["ledger", "nosuch"],
]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("args", MALFORMED, ids=" ".join)
def test_malformed_input_never_prints_a_traceback(args: list[str], lang: str) -> None:
    done = _invoke(*args, env={"LANG": f"{lang}_ES.UTF-8" if lang == "es" else "en_GB.UTF-8"})
    assert done.exit_code in (1, 2), (done.exit_code, done.output)
    assert "Traceback" not in done.output
    assert done.exception is None or isinstance(done.exception, SystemExit), repr(done.exception)
    assert done.stderr.strip(), "a refusal says why"


def _numbers(text: str) -> list[str]:
    return re.findall(r"\d[\d.,]*\d", text)


def test_simulate_writes_numbers_in_the_readers_language() -> None:
    english = _invoke(*SIM, "--lang", "en", env={"COLUMNS": "100"}).stdout
    spanish = _invoke(*SIM, "--lang", "es", env={"COLUMNS": "100"}).stdout
    # 300 rounds: the frequencies have six decimals, the Tie's count no grouping.
    assert re.search(r"\b0\.\d{6}\b", english) and not re.search(r"\b0,\d{6}\b", english)
    assert re.search(r"\b0,\d{6}\b", spanish) and not re.search(r"\b0\.\d{6}\b", spanish)
    assert "[-" in spanish and "; " in spanish  # the interval's bounds: "[-0,1; 0,2]"
    big = _invoke("simulate", "--hands", "12345", "--backend", "reference", "--seed", "1",
                  "--lang", "es", env={"COLUMNS": "100"}).stdout  # fmt: skip
    assert "12.345 manos" in big


@pytest.mark.parametrize("lang", ["en", "es"])
def test_systems_compare_at_80_columns_cuts_no_number(lang: str) -> None:
    narrow = _invoke(*SYS, "--compare", "--lang", lang, env={"COLUMNS": "80"})
    assert narrow.exit_code == 0, narrow.output
    assert "…" not in narrow.stdout
    assert all(len(line) <= 80 for line in narrow.stdout.splitlines())
    wide = _invoke(*SYS, "--compare", "--lang", lang, env={"COLUMNS": "220"})
    assert "…" not in wide.stdout
    # The same figures either way: the wide table's numbers appear in the stacked tables.
    assert set(_numbers(wide.stdout)) <= set(_numbers(narrow.stdout)) | set(
        _numbers(narrow.stdout.replace("\n", " "))
    )
    if lang == "es":
        assert re.search(r"\d,\d\d\u00a0%", narrow.stdout)


@pytest.mark.parametrize(
    "args,english,spanish",
    [
        (["report", "--bogus"], "Unknown option --bogus. See: puntobanco report --help",
         "Opción desconocida --bogus. Vea: puntobanco report --help"),
        (["ledger", "check", "--bogus"], "See: puntobanco ledger check --help",
         "Vea: puntobanco ledger check --help"),
        (["verify"], "SERVER_SEED is missing. See: puntobanco verify --help",
         "Falta SERVER_SEED. Vea: puntobanco verify --help"),
        (["serve", "--port", "0"], "Invalid option --port: a port is a whole number from 1 to",
         "Opción no válida --port: un puerto es un número entero de 1 a 65535; se recibió «0»"),
        (["serve", "--forwarded-allow-ips", "1.2.3.4/99", "--port", "1"],
         "'1.2.3.4/99' is not an IP address or network", "no es una dirección IP ni una red"),
        (["serve", "--database", "/x.db", "--port", "1"], "--database takes a URL, not a path",
         "--database espera una URL, no una ruta"),
    ],
)  # fmt: skip
def test_operator_commands_and_serve_refuse_in_one_style_and_language(
    args: list[str], english: str, spanish: str
) -> None:
    for lang, text in (("en", english), ("es", spanish)):
        done = _invoke("--lang", lang, *args)
        assert done.exit_code == 2, done.output
        assert text in done.stderr, done.stderr
        assert "╭" not in done.output  # one line, not Typer's box


def test_money_is_read_in_the_users_language_in_every_command() -> None:
    for lang, thousand in (("en", "1,000"), ("es", "1.000"), ("es", "1 000")):
        data = _json(*SYS, "--bankroll", thousand, "--lang", lang, "--json")
        assert data["bankroll_minor"] == 100_000, (lang, thousand)
        config = build_config({"balance": thousand, "lang": lang}, {})
        assert config.balance_minor == 100_000
    wrong = _invoke(*SYS, "--bankroll", "1.000", "--lang", "en")
    assert wrong.exit_code == 2 and "Invalid option --bankroll" in wrong.stderr
    assert "thousands" in wrong.stderr


def test_the_card_list_type() -> None:
    from puntobanco.cli.params import parse_card_list

    assert [str(c) for c in parse_card_list("Kd 5s, 10h")] == ["K♦", "5♠", "10♥"]
    for bad in ("", "Zz", "Kd 11h"):
        with pytest.raises(OptionValueError):
            parse_card_list(bad)


def test_shell_completion_names_commands_and_their_options() -> None:
    # The shell named on the command line, by the script's own path: through CliRunner,
    # Typer's --show-completion guessed the shell from the process tree ("sh" under make,
    # whose script it does not write: exit 1).
    script = _top("--show-completion", "bash")
    assert script.returncode == 0 and "_PUNTOBANCO_COMPLETE=complete_bash" in script.stdout

    def complete(words: str) -> list[str]:
        env = {
            "_PUNTOBANCO_COMPLETE": "complete_bash",
            "COMP_WORDS": words,
            "COMP_CWORD": str(len(words.split()) - 1),
        }
        done = runner.invoke(app, [], prog_name="puntobanco", env=env)
        assert done.exit_code == 0, done.output
        return done.stdout.split()

    assert complete("puntobanco sim") == ["simulate"]
    assert "--preset" in complete("puntobanco simulate --pr")
    assert complete("puntobanco ledger ch") == ["check"]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(
    "args", [["--cut-card", "1"], ["--decks", "1", "--cut-card", "60"], ["--cut-card", "9999"]]
)
def test_no_internal_name_reaches_the_user(args: list[str], lang: str) -> None:
    done = _invoke(*SIM, *args, "--lang", lang)
    assert done.exit_code == 2 and "--cut-card" in done.stderr or "carta de corte" in done.stderr
    for internal in ("cut_card", "banker_commission", "tie_pays", "shoe_mode", "pair_pays"):
        assert internal not in done.output


@pytest.mark.parametrize(
    "args,english,spanish",
    [
        (["--bogus"], "Unknown option --bogus. See: puntobanco --help",
         "Opción desconocida --bogus. Vea: puntobanco --help"),
        (["nosuch"], "Unknown command 'nosuch'. See: puntobanco --help",
         "Orden desconocida «nosuch». Vea: puntobanco --help"),
        (["ledger", "nosuch"], "See: puntobanco ledger --help", "Vea: puntobanco ledger --help"),
    ],
)  # fmt: skip
def test_the_groups_usage_errors_in_one_line(args: list[str], english: str, spanish: str) -> None:
    for lang, text in (("en_GB.UTF-8", english), ("es_ES.UTF-8", spanish)):
        done = _invoke(*args, env={"LANG": lang})
        assert done.exit_code == 2 and text in done.stderr, done.output
        assert "╭" not in done.output


#: The same mistake in each command that takes the option (review: up to eight wordings).
_SAME_MISTAKES = [
    *(([c, "--preset", "foo"], "--preset") for c in ("play", "odds", "simulate", "systems")),
    *(([c, "--decks", "9"], "--decks") for c in ("play", "odds", "solve", "simulate", "systems",
                                                  "advantage")),
    *(([c, "--seed", "-1"], "--seed") for c in ("play", "odds", "simulate", "systems",
                                                 "advantage")),
    *(([c, "--lang", "fr"], "--lang") for c in ("play", "odds", "solve", "simulate", "systems",
                                                 "advantage")),
    (["--lang", "fr", "odds"], "--lang"),
    (["odds", "--side-bets", "tiger=12"], "--side-bets"),
    (["play", "--side-bets", "tiger=12"], "--side-bets"),
    (["odds", "--points", "0=3"], "--points"),
    (["solve", "--points", "0=3"], "--points"),
    (["play", "--balance", "-5"], "--balance"),
    (["systems", "--bankroll", "-5"], "--bankroll"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "start", "quote"), [("en", "Invalid option", "'"),
                                                      ("es", "Opción no válida", "«")])  # fmt: skip
@pytest.mark.parametrize(("args", "option"), _SAME_MISTAKES)
def test_one_wording_for_the_same_mistake_in_every_command(
    args: list[str], option: str, lang: str, start: str, quote: str
) -> None:
    env = {"COLUMNS": "80", "LANG": "es_ES.UTF-8" if lang == "es" else "C"}
    done = runner.invoke(app, [*args, "--hands", "5"] if args[0] == "simulate" else args, env=env)
    assert done.exit_code == 2, done.output
    assert done.stdout == ""
    line, *rest = done.stderr.splitlines()
    assert rest == [], done.stderr  # one line, never wrapped
    assert line.startswith(f"{start} {option}: "), line
    rule = line.split(": ", 1)[1]
    assert rule[:1].islower() or rule[:1].isdigit(), line  # no capital in mid-sentence
    assert "Error" not in line
    if "got" in line or "recibió" in line:
        assert quote in line


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_command_has_its_line_in_the_top_level_help(lang: str) -> None:
    done = _invoke("--lang", lang, "--help")
    assert done.exit_code == 0
    for name in COMMANDS:
        line = next(x for x in done.stdout.splitlines() if x.strip().startswith(name + " "))
        assert len(line.split()) > 2, line  # the name and its description (solve had none)


@pytest.mark.parametrize("args", [[], ["ledger"]])
def test_no_command_prints_the_help_without_stray_text(args: list[str]) -> None:
    done = _invoke(*args)
    assert done.exit_code == 2
    assert "See: puntobanco" not in done.output and not done.stderr.startswith(".")
    assert "check" in done.output  # the help itself


def test_ctrl_c_while_the_script_is_loading_prints_no_traceback() -> None:
    # As the script: Ctrl-C lands after the package started importing, before main() runs
    # (once a KeyboardInterrupt traceback through dataclasses.py, in 3 runs of 20).
    code = (
        "import os, signal, sys, time; sys.argv = ['puntobanco', 'odds'];"
        "import puntobanco; os.kill(os.getpid(), signal.SIGINT); time.sleep(5)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(SRC)},
        timeout=60,
        check=False,
    )
    assert done.returncode == 130 and "Traceback" not in done.stderr


@pytest.mark.parametrize("args", [["odds", "--help"], ["odds"], ["--help"]])
def test_a_reader_that_stops_early_is_not_a_failure(args: list[str]) -> None:
    # `puntobanco odds --help | head -1` once exited 1, the status of a failed check.
    process = subprocess.Popen(
        [sys.executable, "-m", "puntobanco.cli.main", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={"PYTHONPATH": str(SRC), "COLUMNS": "80"},
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # as head does once it has its lines: every write now fails
    err = process.stderr.read().decode()
    assert process.wait(timeout=60) == 0, err
    assert "Traceback" not in err


SCRIPT = Path(sys.executable).parent / "puntobanco"


def _top(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``puntobanco ARGS`` as a shell runs it."""
    return subprocess.run(
        [sys.executable, "-m", "puntobanco.cli.main", *args],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(SRC), **(env or {})},
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("shell", "start"), [("zsh", "#compdef puntobanco"), ("fish", "complete --command puntobanco")]
)
def test_show_completion_writes_the_shell_named(shell: str, start: str) -> None:
    # Once the bash script whatever the shell named.
    done = _top("--show-completion", shell)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(start)
    unknown = _top("--show-completion", "tcsh")
    assert unknown.returncode == 2
    assert unknown.stderr.startswith("Invalid option --show-completion: the choices are bash")


@pytest.mark.skipif(not SCRIPT.exists(), reason="the puntobanco script is not installed here")
@pytest.mark.parametrize(
    ("words", "offered"),
    [
        ("puntobanco odds --preset su", {"super-6"}),
        ("puntobanco play --variant ", {"punto-banco", "chemin-de-fer", "banque"}),
        ("puntobanco simulate --backend ", {"cpu", "reference", "cuda", "dask"}),
    ],
)
def test_option_values_complete(words: str, offered: set[str]) -> None:
    # Once nothing was offered after odds --preset, play --variant or simulate --backend.
    word = len(words.split()) - (0 if words.endswith(" ") else 1)
    env = {
        "PYTHONPATH": str(SRC),
        "_PUNTOBANCO_COMPLETE": "complete_bash",
        "COMP_WORDS": words,
        "COMP_CWORD": str(word),
    }
    done = subprocess.run(
        [str(SCRIPT)], capture_output=True, text=True, env=env, timeout=60, check=False
    )
    assert set(done.stdout.split()) == offered, done.stderr
