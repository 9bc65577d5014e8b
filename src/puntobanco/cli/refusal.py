"""The one wording of a refused option or command line, for every command.

A bad option value reads ``Invalid option --decks: the number of decks is a
whole number from 1 to 8, got '9'`` (Spanish: ``Opción no válida --decks: …;
se recibió «9»``): one line on standard error, no ``Error:`` before it, exit
status 2. A refusal that no single option caused (two shoes given at once, a
missing database) is one sentence that starts with a capital.

The rule (``detail``) often comes from another layer, worded as a whole
sentence (``An amount cannot be negative (-5).``); :func:`clause` makes it the
second half of the option's line, so that every command reads the same
whatever layer found the fault.

>>> option_line("en", "--decks", "The number of decks is 1 to 8, got '9'.")
"Invalid option --decks: the number of decks is 1 to 8, got '9'"
>>> sentence("no database at x.db")
'No database at x.db'
"""

from __future__ import annotations

from typing import NoReturn

import typer

from puntobanco.core import i18n
from puntobanco.core.i18n import Lang

#: First words of a rule that stay capitalised inside a line: the game's proper nouns.
_NAMES = frozenset(
    {"Banker", "Player", "Tie", "Banca", "Jugador", "Empate", "Punto", "Banco", "Egalité"}
)
#: Characters of the user's text quoted back in a message.
_SHOWN = 24


def shown(value: object) -> str:
    """The user's text, safe to quote back: control characters as ``?``, cut to a length.

    >>> shown("9" * 30)
    '999999999999999999999999…'
    """
    printable = "".join(ch if ch.isprintable() else "?" for ch in str(value))
    return printable[:_SHOWN] + "…" if len(printable) > _SHOWN else printable


def quoted(value: object, lang: Lang) -> str:
    """``value`` quoted as ``lang`` quotes the user's text: ``'x'`` or ``«x»``.

    >>> quoted("fr", "en"), quoted("fr", "es")
    ("'fr'", '«fr»')
    """
    return f"«{shown(value)}»" if lang == "es" else f"'{shown(value)}'"


def clause(detail: str) -> str:
    """``detail`` as the rule after an option's name: no closing stop, no capital to open.

    One line, whatever the source wrapped: a newline becomes a space.

    >>> clause("An amount cannot be negative (-5).")
    'an amount cannot be negative (-5)'
    >>> clause("Tie pays 8 to 1.")
    'Tie pays 8 to 1'
    """
    text = " ".join(detail.split()).rstrip(".")
    first = text.split(" ", 1)[0]
    if first[:1].isupper() and first[1:].islower() and first not in _NAMES:
        text = text[:1].lower() + text[1:]
    return text


def sentence(detail: str) -> str:
    """``detail`` as a line of its own: one line, a capital to open, no ``Error:`` before it.

    >>> sentence("Error: the shoe has 3 cards.")
    'The shoe has 3 cards.'
    >>> sentence("sqlite:///x.db is not a puntobanco database")
    'sqlite:///x.db is not a puntobanco database'
    """
    text = " ".join(detail.split())
    for prefix in ("Error: ", "Error:"):
        text = text.removeprefix(prefix)
    if not text.split(" ", 1)[0].isalpha():  # a URL, a path, a figure: as written
        return text
    return text[:1].upper() + text[1:]


def option_line(lang: Lang, option: str, detail: str) -> str:
    """The line that refuses ``option``: ``Invalid option --X: <rule>``, in ``lang``.

    A rule that starts with the option's own name drops it: the line names it once.

    >>> option_line("en", "--remove", "--remove takes Kd 2 times")
    'Invalid option --remove: takes Kd 2 times'
    """
    rule = clause(detail).removeprefix(option + " ")
    return i18n.text(lang, "cli.opt.bad", option=option, detail=rule)


def lang_line(value: str, lang: Lang) -> str:
    """The line that refuses a ``--lang`` we lack, naming the languages we have.

    >>> lang_line("fr", "es")
    'Opción no válida --lang: los idiomas son en (English) y es (español); se recibió «fr»'
    """
    return option_line(lang, "--lang", i18n.text(lang, "cli.opt.lang", value=shown(value)))


def refuse(lang: Lang, option: str, detail: str) -> NoReturn:
    """Print :func:`option_line` on standard error and end with status 2."""
    typer.echo(option_line(lang, option, detail), err=True)
    raise typer.Exit(2)


def fail(detail: str) -> NoReturn:
    """Print ``detail`` as a :func:`sentence` on standard error and end with status 2."""
    typer.echo(sentence(detail), err=True)
    raise typer.Exit(2)
