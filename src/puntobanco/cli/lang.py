"""The command line's language: which one the user wants, from ``--lang`` or the locale.

Every command decides its language here; the words themselves are the one
catalogue's, :mod:`puntobanco.core.i18n`, and so is the parser of a language
tag (:func:`~puntobanco.core.i18n.parse_lang`) and the sentence that refuses a
``--lang`` we lack (:func:`~puntobanco.core.i18n.refuse_lang`). Every command
checks its ``--lang`` with :func:`checked_lang`.

>>> detect_lang(None, {"LANG": "es_ES.UTF-8"})
'es'
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import TypeGuard

import typer

from puntobanco.cli.refusal import lang_line
from puntobanco.core.i18n import Lang, parse_lang

#: The program's own language setting: the global ``puntobanco --lang`` passes itself on to
#: the subcommand through it, and a user may set it; it comes before the locale's variables.
LANG_VARIABLE = "PUNTOBANCO_LANG"
#: The locale variables that name the language of messages, in POSIX precedence.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def detect_lang(explicit: str | None, environ: Mapping[str, str]) -> Lang:
    """The player's language: ``explicit`` if we have it, else the locale's, else English.

    The one place the command line decides a language; this signature is
    stable. Then ``PUNTOBANCO_LANG`` (the global ``--lang``), if it names a
    language we have; then the first non-empty of LC_ALL, LC_MESSAGES and
    LANG decides, as in POSIX; a locale in a language we lack (``fr_FR``,
    ``C``) means English.

    Args:
        explicit: The value of ``--lang``, or ``None`` when it was not given.
            A value we lack is passed over here (the locale decides); a
            command that must refuse it checks :func:`parse_lang` first.
        environ: The environment to read the locale from (``os.environ``;
            a plain dict in tests).

    Returns:
        ``"es"`` or ``"en"``.

    >>> detect_lang("en", {"LANG": "es_ES.UTF-8"}), detect_lang(None, {"LC_ALL": "C"})
    ('en', 'en')
    >>> detect_lang(None, {"PUNTOBANCO_LANG": "es", "LANG": "en_GB.UTF-8"})
    'es'
    """
    for given in (explicit, environ.get(LANG_VARIABLE)):
        if given is not None:
            chosen = parse_lang(given)
            if chosen is not None:
                return chosen
    for name in LOCALE_VARIABLES:
        value = environ.get(name, "")
        if value:
            return parse_lang(value) or "en"
    return "en"


def refused_lang(value: str | None) -> TypeGuard[str]:
    """Whether ``value``, a ``--lang`` given, names a language we lack (and must be refused).

    >>> refused_lang("fr"), refused_lang("es-MX"), refused_lang(None)
    (True, False, False)
    """
    return value is not None and parse_lang(value) is None


def checked_lang(
    value: str | None,
    environ: Mapping[str, str] | None = None,
    *,
    say: Callable[[str], object] | None = None,
) -> Lang:
    """A command's language: its ``--lang``, else the locale's; a ``--lang`` we lack is refused.

    The refusal is the line every command prints
    (:func:`~puntobanco.cli.refusal.lang_line`), in the locale's language, on
    standard error; the exit status is 2.

    Args:
        value: The command's ``--lang``, or ``None`` when it was not given.
        environ: The environment to read the locale from (``os.environ`` when ``None``).
        say: How the refusal is printed, for a command that prints its messages
            its own way (``typer.echo`` on standard error when ``None``).

    Raises:
        typer.Exit: Status 2, after the refusal, for a language we lack.

    >>> checked_lang("es", {}), checked_lang(None, {"LANG": "es_ES.UTF-8"})
    ('es', 'es')
    """
    env = os.environ if environ is None else environ
    if refused_lang(value):
        line = lang_line(value, detect_lang(None, env))
        if say is None:
            typer.echo(line, err=True)
        else:
            say(line)
        raise typer.Exit(2)
    return detect_lang(value, env)


def lang_in_args(args: Sequence[str]) -> str | None:
    """The value of ``--lang`` on a command line, read without Click.

    For what must be worded before Click has parsed the line (the help texts)
    or when it could not parse it (a usage error). The value is not checked:
    pass it to :func:`parse_lang` or :func:`detect_lang`.

    >>> lang_in_args(["play", "--lang", "es"]), lang_in_args(["--lang=en"]), lang_in_args([])
    ('es', 'en', None)
    """
    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def help_lang(argv: Sequence[str], environ: Mapping[str, str]) -> Lang:
    """The language of a command's ``--help``: ``--lang`` on the command line, else the locale.

    Help texts are worded before Click parses the line, so ``--lang`` is read
    from ``argv`` (``sys.argv``) with :func:`lang_in_args`; a value we lack is
    passed over, as :func:`detect_lang` does.

    >>> help_lang(["puntobanco", "odds", "--help", "--lang", "es"], {})
    'es'
    >>> help_lang(["puntobanco", "odds", "--lang", "fr"], {"LANG": "es_ES.UTF-8"})
    'es'
    """
    raw = lang_in_args(argv)
    return detect_lang(raw if raw and parse_lang(raw) else None, environ)


def rule_name(name: str, lang: Lang) -> str:
    """A Banker rule's name in ``lang``: Spanish says "libre (free)", the option's word beside it.

    >>> rule_name("free", "es"), rule_name("free", "en"), rule_name("house", "es")
    ('libre (free)', 'free', 'house')
    """
    from puntobanco.core.i18n import CATALOGUE, text

    key = f"chemin.rule.{name}"
    return text(lang, key) if key in CATALOGUE[lang] else name


__all__ = [
    "LANG_VARIABLE",
    "LOCALE_VARIABLES",
    "checked_lang",
    "detect_lang",
    "help_lang",
    "lang_in_args",
    "parse_lang",
    "refused_lang",
    "rule_name",
]
