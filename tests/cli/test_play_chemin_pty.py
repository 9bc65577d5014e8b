"""The real ``puntobanco play --variant chemin-de-fer`` through a pseudo-terminal.

The same answers are given to the game in process (:func:`run_chemin`), whose
rounds the other tests check against the core settlement: the terminal shows
the same balance at the end, and the same choices were asked.
"""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from puntobanco.cli.chemin.play import HUMAN, ChemConfig, run_chemin
from puntobanco.core.i18n import Lang
from puntobanco.core.money import format_minor
from puntobanco.core.rules import Rules, Variant

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

SRC = Path(__file__).resolve().parents[2] / "src"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
#: How each prompt ends, by language: the bank, a bet, a choice, keeping the bank.
ENDS = {
    "en": {
        "bank": r"p: pass the bank\): ",
        "bet": r"q: quit\): ",
        "choice": r"\?: advice\) ",
        "keep": r"pass it \(p\)\? ",
    },
    "es": {
        "bank": r"p: pasar la mano\): ",
        "bet": r"q: salir\): ",
        "choice": r"\?: consejo\) ",
        "keep": r"pasa la mano \(p\)\? ",
    },
}
SUMMARY = {"en": r"Your balance: (\S+) ", "es": r"Su saldo: (\S+) "}


def answers() -> dict[str, Iterator[str]]:
    def cycle(*items: str) -> Iterator[str]:
        while True:
            yield from items

    return {
        "bank": cycle("", "p"),
        "bet": cycle("banco", "5", "banco", "banco", ""),
        "choice": cycle("maybe", "d", "s"),
        "keep": cycle("k"),
    }


#: Bet or bank prompts answered before the player quits.
PROMPTS = 14


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_terminal_game_matches_the_game_in_process(lang: Lang) -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", "COLUMNS", "LINES", "NO_COLOR")
    }
    env.update(PYTHONPATH=str(SRC), TERM="xterm-256color")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "puntobanco.cli.main", "play", "--variant", "chemin-de-fer", "--seed", "1",
         "--explain", "--fast", "--lang", lang],
        env=env, encoding="utf-8", timeout=60, dimensions=(60, 250),
    )  # fmt: skip
    transcript = io.StringIO()
    child.logfile_read = transcript
    kinds = list(ENDS[lang])
    script = answers()
    asked: list[str] = []
    rounds = 0
    while True:
        index = child.expect([ENDS[lang][k] for k in kinds] + [pexpect.EOF])
        if index == len(kinds):
            break
        kind = kinds[index]
        asked.append(kind)
        if kind in ("bank", "bet"):
            rounds += 1
            if rounds > PROMPTS:
                child.sendline("q")
                continue
        child.sendline(next(script[kind]))
    child.close()
    assert child.exitstatus == 0
    shown = ANSI.sub("", transcript.getvalue())

    # The same answers, in process.
    script = answers()
    seen: list[str] = []
    count = 0

    def read_line(prompt: str) -> str:
        nonlocal count
        plain = prompt.replace("\n", " ")
        kind = next(k for k in kinds if re.search(ENDS[lang][k] + "$", plain))
        seen.append(kind)
        if kind in ("bank", "bet"):
            count += 1
            if count > PROMPTS:
                return "q"
        return next(script[kind])

    config = ChemConfig(
        rules=Rules(variant=Variant.CHEMIN_DE_FER),
        minimum_minor=100,
        balance_minor=100_000,
        seed=1,
        lang=lang,
        explain=True,
    )
    game = run_chemin(config, Console(file=io.StringIO(), width=250), read_line=read_line)
    assert seen == asked and "choice" in asked
    balance = re.findall(SUMMARY[lang], shown)
    assert balance == [format_minor(game.table.balances[HUMAN], lang=lang)]
    assert ("is not a choice" if lang == "en" else "no es una opción") in shown
