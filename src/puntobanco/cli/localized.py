"""Typer commands written once, at module level, their help worded when they are added.

A command's help is in the language of ``--lang`` on the command line, or else
of the locale, and that is known only when :mod:`puntobanco.cli.main` looks
the command up (its module is imported and registered then, the global
``--lang`` in force). So a command is a plain function of its module, each
option's help a key of the catalogue::

    def odds(decks: Annotated[int | None, typer.Option(help="odds.help_decks")] = None): ...

and its module's ``register(app)`` adds it with :func:`add_command`, which
words every key in the language of the help (:func:`~puntobanco.cli.lang.help_lang`).
"""

from __future__ import annotations

import copy
import functools
import inspect
import os
import sys
from collections.abc import Callable
from typing import Annotated, Any, get_args, get_origin

import typer
from typer.models import ParameterInfo

from puntobanco.cli.lang import help_lang
from puntobanco.core import i18n
from puntobanco.core.i18n import Lang


def worded(command: Callable[..., Any], lang: Lang, **params: Any) -> Callable[..., Any]:
    """``command`` with each option's help, a catalogue key, worded in ``lang``.

    Args:
        command: A function whose parameters are ``Annotated[type, typer.Option(help=KEY)]``.
        lang: The language of the help.
        params: Placeholders some help texts fill (``presets=...``).

    Returns:
        A function that calls ``command``, its signature's help texts in ``lang``;
        ``command`` itself is left as it is.
    """
    signature = inspect.signature(command, eval_str=True)
    parameters = []
    for parameter in signature.parameters.values():
        annotation = parameter.annotation
        if get_origin(annotation) is Annotated:
            kind, *extras = get_args(annotation)
            extras = [_worded_info(extra, lang, params) for extra in extras]
            annotation = Annotated[(kind, *extras)]
        parameters.append(parameter.replace(annotation=annotation))

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        return command(*args, **kwargs)

    # Typer reads the options from the signature: this one, with the help worded.
    run.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
    return run


def _worded_info(extra: Any, lang: Lang, params: dict[str, Any]) -> Any:
    """A copy of a Typer option whose help is a catalogue key, that help worded in ``lang``."""
    if not isinstance(extra, ParameterInfo) or extra.help is None:
        return extra
    info = copy.copy(extra)
    info.help = i18n.text(lang, extra.help, **params)
    return info


def add_command(
    app: typer.Typer,
    name: str,
    command: Callable[..., Any],
    *,
    cls: type[Any],
    help_key: str,
    **params: Any,
) -> None:
    """Add ``command`` to ``app`` as ``name``, its help and its options' worded now.

    Args:
        app: The application (:mod:`puntobanco.cli.main` gives each command its own).
        name: The command's name.
        command: The module's command function (see :func:`worded`).
        cls: The command's Click class (usage errors in the user's language).
        help_key: The catalogue key of the command's own help.
        params: Placeholders some help texts fill.
    """
    lang = help_lang(sys.argv, os.environ)
    app.command(name, cls=cls, help=i18n.text(lang, help_key, **params))(
        worded(command, lang, **params)
    )
