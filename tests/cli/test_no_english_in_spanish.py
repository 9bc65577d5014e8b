"""Every command run in Spanish prints no English: no word of an English-only template.

The words that would betray an English sentence are derived from the catalogue
itself: every word of an English template that no Spanish template uses. A
command that printed an English template (a key looked up in the wrong
language, a sentence written in code instead of the catalogue, a fallback to
an error's English message) prints some of them. The casino's own terms and
the program's command and option names read the same in both languages: they
are the short allowlist below.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from puntobanco.cli.main import app
from puntobanco.core.i18n import CATALOGUE

SRC = Path(__file__).resolve().parents[2] / "src"
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_MARKUP = re.compile(r"\[/?[a-z ]*\]")
_TOKEN = re.compile(r"[\w'-]+")
_WORD = re.compile(r"[^\W\d_]+")


def _tokens(text: str) -> set[str]:
    """The words of ``text``, names such as ``either_pair``, ``--side-bets``, ``es_ES`` left out."""
    # A word in capitals is an option's metavar (AMOUNT, FILE.csv) or an abbreviation (RTP).
    return {
        t.lower()
        for t in _TOKEN.findall(text)
        if _WORD.fullmatch(t.strip("'")) and not (t.isupper() and len(t) > 1)
    }


def _words(template: str) -> set[str]:
    return _tokens(_MARKUP.sub(" ", _PLACEHOLDER.sub(" ", template)))


def _all_words(lang: str) -> set[str]:
    return set().union(*(_words(template) for template in CATALOGUE[lang].values()))  # type: ignore[index]


#: Names that are the same in both languages: the casino's terms, the program's own
#: names (commands, options and their values, formats), units and abbreviations.
ALLOWED = {
    # The casino's terms, printed in English or French on Spanish tables too.
    *("punto", "banco", "baccarat", "big", "road", "eye", "boy", "small", "cockroach", "pig"),
    *("dragon", "panda", "egalité", "egalite", "super", "tiger", "bead", "plate"),
    # Commands, options, their values and formats, as typed.
    *("puntobanco", "play", "odds", "simulate", "systems", "advantage", "serve", "verify", "solve"),
    *("report", "ledger", "check", "help", "lang", "json", "csv", "markdown", "table"),
    *("cut", "card", "reshuffle", "cpu", "cuda", "dask", "reference", "seed", "shoes"),
    "online",  # a preset's name, as typed
    # Units, abbreviations and names.
    *("ggr", "rtp", "se", "sqlite", "postgresql", "url", "api", "http", "docs", "ctrl"),
}

#: The words only English templates use (and that the allowlist does not excuse).
ENGLISH_ONLY = frozenset(_all_words("en") - _all_words("es") - ALLOWED)

runner = CliRunner()
# The locale says Spanish too: a help is worded before Click parses the line, from
# ``sys.argv``, which an in-process run does not set.
_ENV = {"LANG": "es_ES.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "200", "NO_COLOR": "1"}


def _english_in(output: str) -> set[str]:
    return _tokens(output) & ENGLISH_ONLY


def test_the_english_only_words_are_many_and_plainly_english() -> None:
    # The derived set is what the test looks for: it must be large and hold plain English.
    assert len(ENGLISH_ONLY) > 300
    assert {"the", "must", "wins", "balance", "shoe", "stake"} <= ENGLISH_ONLY
    assert not {"banca", "jugador", "zapato"} & ENGLISH_ONLY


def _run(args: Sequence[str], stdin: str | None = None, lang: str = "es") -> str:
    result = runner.invoke(app, [*args, "--lang", lang], input=stdin, env=_ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.stdout + result.stderr


_SESSION = "b 10, t 2\nx\nb 10\nr\nzz\nb\nh\nrules\nboard\ns\nq\n"

#: Each command run as small as it allows, in Spanish: a session, a report, a refusal.
RUNS: dict[str, tuple[list[str], str | None]] = {
    "play": (["play", "--seed", "1", "--fast", "--side-bets", "dragon_7,egalite_6"], _SESSION),
    "odds": (["odds", "--decks", "1", "--side-bets", "panda_8"], None),
    "odds-bad": (["odds", "--remove", "Zz"], None),
    "odds-effects": (["odds", "--effects", "--shoes", "1", "--decks", "1", "--remove", "K"], None),
    "simulate-unknown-option": (["simulate", "--hands", "50", "--exact"], None),
    "systems-compare": (["systems", "--compare", "--sessions", "5", "--rounds", "10"], None),
    "simulate": (["simulate", "--hands", "200", "--backend", "reference", "--seed", "1"], None),
    "simulate-bad": (["simulate", "--hands", "0"], None),
    "systems": (["systems", "--sessions", "5", "--rounds", "10", "--seed", "5"], None),
    "systems-bad": (["systems", "--system", "roulette"], None),
    "advantage": (
        ["advantage", "--shoes", "1", "--train-shoes", "1", "--no-progress", "--decks", "1"],
        None,
    ),
    "verify-bad": (["verify", "zz"], None),
    "verify-missing-file": (["verify", "00" * 32, "--rounds", "/noexiste/manos.json"], None),
    "systems-unwritable-plot": (["systems", "--plot", "/noexiste/grafico.png"], None),
    "play-unwritable-history": (["play", "--history", "/noexiste/historial.csv"], None),
    # The variants with choices: solved, played and simulated.
    "solve": (["solve", "--infinite", "--banker", "free"], None),
    "solve-decks": (["solve", "--decks", "1", "--float"], None),
    "solve-banque": (["solve", "--variant", "banque"], None),
    "solve-bad": (["solve", "--variant", "chemmy"], None),
    "play-chemin": (
        ["play", "--variant", "chemin-de-fer", "--seed", "3", "--explain", "--fast"],
        "\n\nbanco\nc\n\nq\n",
    ),
    # Baccarat Banque holding the bank: refused banks, a bank put up, the Banker's choice
    # explained and made, the bank given up, a round punted against the house's bank.
    "play-banque-bank": (
        ["play", "--variant", "banque", "--seed", "4", "--explain"],
        "b 5\nb zz\nb 500\nzz\n\n?\np\nd\nd 10\nq\n",
    ),
    "play-chemin-bad": (["play", "--variant", "chemin-de-fer", "--max", "100"], None),
    "simulate-chemin": (
        ["simulate", "--variant", "chemin-de-fer", "--hands", "300", "--backend", "reference"],
        None,
    ),
    "simulate-chemin-bad": (
        ["simulate", "--variant", "chemin-de-fer", "--player-strategy", "x"],
        None,
    ),
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_a_spanish_run_prints_no_english(name: str) -> None:
    args, stdin = RUNS[name]
    output = _run(args, stdin)
    assert output.strip()
    if name == "play":  # the session was played to its end
        assert "Gracias por jugar." in output and "Mano 3" in output
    if name == "play-banque-bank":  # the banker's path was walked, then a punt
        for words in ("Usted tiene la banca", "¿Carta o me planto?", "Lo óptimo: pedir carta"):
            assert words in output
        assert "Deja la banca" in output and "Pierde 10,00" in output
    assert not _english_in(output), (sorted(_english_in(output)), output)


def test_the_same_runs_in_english_are_caught() -> None:
    # The check can fail: the same commands in English print English-only words.
    for name in ("play", "odds", "systems-bad"):
        args, stdin = RUNS[name]
        assert _english_in(_run(args, stdin, lang="en")), name


def test_a_rounds_file_that_is_not_json_is_refused_in_spanish(tmp_path: Path) -> None:
    rounds = tmp_path / "manos.json"
    rounds.write_text("{no", encoding="utf-8")
    output = _run(["verify", "00" * 32, "--rounds", str(rounds)])
    assert "no es JSON (línea 1, columna 2)" in output
    assert not _english_in(output.replace(str(tmp_path), "")), output


@pytest.mark.parametrize("command", [["report"], ["ledger", "check"]])
def test_an_operator_command_on_a_missing_database_prints_no_english(command: list[str]) -> None:
    output = _run([*command, "--database", "sqlite:////nonexistent/puntobanco.db"])
    assert output.strip()
    assert not _english_in(output), (sorted(_english_in(output)), output)


@pytest.mark.parametrize(
    "command",
    [[], ["play"], ["odds"], ["simulate"], ["systems"], ["advantage"], ["serve"], ["verify"]]
    + [["report"], ["ledger", "check"], ["solve"]],
)
def test_every_help_in_spanish_prints_no_english(command: list[str]) -> None:
    # A help is worded from the command line itself (``sys.argv``), before Click parses
    # it, when the command's module is imported: a process of its own says it as a user
    # would see it.
    env = {**os.environ, **_ENV, "LANG": "C", "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-m", "puntobanco.cli.main", *command, "--help", "--lang", "es"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    output = done.stdout + done.stderr
    assert output.strip()
    assert not _english_in(output), (sorted(_english_in(output)), output)
