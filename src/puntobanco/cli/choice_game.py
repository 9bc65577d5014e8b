"""What the terminal tables with choices share: Chemin de fer's and Baccarat Banque's.

A table's loop (:class:`TablePlay`) says the sentences of its catalogue
section, writes money in the player's language, reads a line after a prompt
(:class:`Quit` at the end of input) and switches the explanations on and off.
The command's side (:func:`table_config`, :func:`play_in_terminal`) turns
``play``'s options into a configuration, refusing a bad one in one sentence,
and runs the loop on the terminal.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any, ClassVar

from rich.console import Console
from rich.markup import escape

from puntobanco.cli.numbers import localize
from puntobanco.cli.refusal import option_line
from puntobanco.core.i18n import Lang, text
from puntobanco.core.money import format_minor
from puntobanco.core.rng import SeededSource, ShuffleSource, SystemSource

#: Options of ``play`` that do not apply at these tables (Punto Banco's bets and history).
NOT_HERE = {
    "preset": "--preset",
    "maximum": "--max",
    "tie_pays": "--tie-pays",
    "pairs": "--pairs",
    "side_bets": "--side-bets",
    "history": "--history",
}
#: What typing switches the explanations on or off.
EXPLAIN_WORDS = frozenset({"x", "explain", "explicar"})


class Quit(Exception):
    """The player asked to stop (or the input ended) at a prompt."""


def shoe_source(seed: int | None) -> ShuffleSource:
    """The shoe's random source: seeded, or the system's without a seed."""
    return SeededSource(seed) if seed is not None else SystemSource()


class TablePlay:
    """A terminal table's words, money and prompts; the loop itself is the subclass's.

    Attributes:
        section: The catalogue prefix of the table's sentences (``chemin.play``).
        prompt_gap: What follows a prompt's text.
        newline_on_eof: The end of input at a prompt ends the line first.
    """

    section: ClassVar[str] = ""
    prompt_gap: ClassVar[str] = ""
    newline_on_eof: ClassVar[bool] = False

    def __init__(
        self, console: Console, ask: Callable[[str], str], lang: Lang, *, explain: bool
    ) -> None:
        self.console = console
        self.ask = ask
        self.lang: Lang = lang
        self.explain = explain

    def t(self, key: str, **params: Any) -> str:
        """The catalogue's sentence ``<section>.<key>`` in the player's language."""
        return text(self.lang, f"{self.section}.{key}", **params)

    def say(self, key: str, style: str | None = None, **params: Any) -> None:
        """Print the sentence ``<section>.<key>``."""
        self.console.print(escape(self.t(key, **params)), style=style)

    def money(self, amount_minor: int) -> str:
        """An amount as the player's language writes it."""
        return format_minor(amount_minor, lang=self.lang)

    def signed(self, amount_minor: int) -> str:
        """An amount with its sign (``+5.00``, ``-5.00``; ``0.00`` unsigned)."""
        return ("+" if amount_minor > 0 else "") + self.money(amount_minor)

    def number(self, value: float, digits: int = 4) -> str:
        """An expectation (not money) with ``digits`` decimals, in the player's separators."""
        shown = f"{value:.{digits}f}"
        return shown.replace(".", ",") if self.lang == "es" else shown

    def read(self, key: str, **params: Any) -> str:
        """The line typed after the prompt ``key``, stripped; :class:`Quit` at the end of input."""
        try:
            return self.ask(self.t(key, **params) + self.prompt_gap).strip()
        except EOFError:
            if self.newline_on_eof:
                self.console.print()
            raise Quit from None

    def command(self, key: str, quit_words: frozenset[str], **params: Any) -> str | None:
        """The line typed after the prompt ``key``, stripped (its case kept).

        A quit word raises :class:`Quit`; the explanation switch is thrown
        (:meth:`toggle_explain`) and gives ``None``: the caller asks again.
        """
        line = self.read(key, **params)
        word = line.lower()
        if word in quit_words:
            raise Quit
        if word in EXPLAIN_WORDS:
            self.toggle_explain()
            return None
        return line

    def toggle_explain(self) -> None:
        """Switch the explanations on or off, and say which."""
        self.explain = not self.explain
        self.say("explain_on" if self.explain else "explain_off")


def option_lang(options: dict[str, Any]) -> Lang:
    """The language to refuse an option in: ``--lang`` when it is one, else the locale's."""
    from puntobanco.cli.lang import detect_lang
    from puntobanco.core.i18n import parse_lang

    raw = options.get("lang")
    return detect_lang(raw if raw and parse_lang(raw) else None, os.environ)


def error_console() -> Console:
    """A console on standard error that prints what any terminal can show."""
    from puntobanco.cli.textsafe import safe_stream

    return Console(file=safe_stream(sys.stderr), highlight=False, soft_wrap=True)


def refuse_option(lang: Lang, option: str, detail: str) -> int:
    """Say on standard error that ``option`` is refused, and why; the exit status 2."""
    error_console().print(
        escape(text(lang, "cli.opt.bad", option=option, detail=detail)), style="bold red"
    )
    return 2


def table_config(options: dict[str, Any], lang: Lang) -> Any:
    """``play``'s options as its configuration, or ``None`` once a bad one is refused.

    The refusal is the one sentence ``play`` would print (a bad ``--lang``
    reads as every command refuses it).
    """
    from puntobanco.cli.options import OptionError, build_config

    try:
        return build_config(options, os.environ)
    except OptionError as error:
        params = dict(error.params)
        if "decimal" in params:  # the form we suggest, as the language writes it (0,05)
            params["decimal"] = localize(str(params["decimal"]), lang)
        if "decks" in params:
            params["decks"] = text(lang, "lang.decks", count=params["decks"])
        detail = option_line(lang, error.option, text(lang, error.key, **params))
        error_console().print(escape(detail), style="bold red")
        return None


def play_in_terminal(
    run: Callable[[Console, Callable[[str], str]], Any], *, interrupted: str | None = None
) -> int:
    """Run a table on the terminal: 0, or 130 after Ctrl-C (saying ``interrupted`` if given)."""
    from puntobanco.cli.play import line_reader
    from puntobanco.cli.textsafe import safe_stream

    console = Console(file=safe_stream(sys.stdout), highlight=False)
    try:
        run(console, line_reader(console))
    except KeyboardInterrupt:
        console.print()
        if interrupted is not None:
            console.print(escape(interrupted))
        return 130
    return 0
