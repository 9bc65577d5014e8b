"""The command's side of the terminal tables with choices: Chemin de fer's and Baccarat Banque's.

``play --variant`` checks its options for such a table (:func:`checked_options`),
refusing a bad one in the one sentence ``play`` would print, and plays the
table on the terminal (:func:`play_table`): 0, or 130 after Ctrl-C.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape

from puntobanco.cli.choice_game import TableConfig
from puntobanco.cli.numbers import localize
from puntobanco.cli.refusal import option_line
from puntobanco.core.i18n import Lang, text
from puntobanco.core.rules import Rules

#: Options of ``play`` that do not apply at these tables (Punto Banco's bets and history).
NOT_HERE = {
    "preset": "--preset",
    "maximum": "--max",
    "tie_pays": "--tie-pays",
    "pairs": "--pairs",
    "side_bets": "--side-bets",
    "history": "--history",
}


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


def checked_options(options: dict[str, Any], lang: Lang, not_here: Callable[[str], str]) -> Any:
    """``play``'s options checked for a table with choices: its configuration, or ``None``.

    An option that does not apply here (:data:`NOT_HERE`) is refused with the
    game's sentence ``not_here(option)``, a bad value as ``play`` refuses it
    (:func:`table_config`): one sentence on standard error.
    """
    for key, option in NOT_HERE.items():
        if options.get(key):
            refuse_option(lang, option, not_here(option))
            return None
    return table_config(options, lang)


def play_table(
    config: Any, rules: Rules, run: Callable[..., Any], *, interrupted: str | None = None
) -> int:
    """Play ``run`` (a game's ``run_*``) on the terminal at a table of ``rules``.

    ``config`` is ``play``'s checked configuration (:func:`checked_options`);
    ``interrupted`` the catalogue key of what to say after Ctrl-C, if anything.
    """
    table = TableConfig.of(config, rules)
    said = None if interrupted is None else text(table.lang, interrupted)
    return play_in_terminal(
        lambda console, ask: run(table, console, read_line=ask), interrupted=said
    )
