"""Output that never fails on a terminal whose encoding lacks a character.

On an ASCII or Latin-1 terminal, card suits become letters (``Kd``), accents
are dropped and box lines become ``-``, ``|`` and ``+``, instead of a
``UnicodeEncodeError`` in the middle of a round.

>>> transliterate("K♦ · Año", "ascii")
'Kd | Ano'
>>> transliterate("σ 12 ± 3", "ascii")
'sd 12 +/- 3'

Typer prints a command's ``--help`` straight to ``sys.stdout``: a command
declared with ``cls=SafeHelpCommand`` (or a subclass) gets the same treatment
for its help.
"""

from __future__ import annotations

import sys
import unicodedata
from typing import Any, TextIO, cast

import typer.core

#: What a terminal that cannot show a character gets instead.
_FALLBACK = {
    "♠": "s",
    "♥": "h",
    "♦": "d",
    "♣": "c",
    "–": "-",
    "·": "|",
    "•": "*",
    "↳": "->",
    "«": '"',
    "»": '"',
    "…": "...",
    "●": "*",
    "○": "o",
    "╱": "/",
    # Statistics signs: NFKD has no ASCII form for them, so they would become "?".
    "±": "+/-",
    "σ": "sd",
}


def transliterate(text: str, encoding: str) -> str:
    """``text`` with every character ``encoding`` lacks replaced by a readable stand-in."""
    try:
        text.encode(encoding)
        return text
    except (UnicodeEncodeError, LookupError):
        pass
    out = []
    for ch in text:
        try:
            ch.encode(encoding)
            out.append(ch)
            continue
        except (UnicodeEncodeError, LookupError):
            pass
        stand_in = _FALLBACK.get(ch)
        if stand_in is None:
            stripped = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
            name = unicodedata.name(ch, "")
            if stripped:
                stand_in = stripped
            elif "BOX DRAWINGS" in name:
                stand_in = "-" if "HORIZONTAL" in name else "|" if "VERTICAL" in name else "+"
            else:
                stand_in = "?"
        out.append(stand_in)
    return "".join(out)


class SafeStream:
    """A text stream that never fails on a character its encoding lacks.

    Wraps ``sys.stdout`` when the terminal's encoding cannot show card suits
    (an ASCII or Latin-1 locale): suits become letters, accents are dropped,
    and Rich, which reads ``encoding``, draws its boxes in ASCII.
    """

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    @property
    def encoding(self) -> str:
        """The wrapped stream's encoding."""
        return getattr(self._stream, "encoding", None) or "ascii"

    def write(self, text: str) -> int:
        """Write ``text``, transliterated where needed."""
        self._stream.write(transliterate(text, self.encoding))
        return len(text)

    def flush(self) -> None:
        """Flush the wrapped stream."""
        self._stream.flush()

    def isatty(self) -> bool:
        """Whether the wrapped stream is a terminal."""
        return self._stream.isatty()

    def fileno(self) -> int:
        """The wrapped stream's descriptor."""
        return self._stream.fileno()


def safe_stream(stream: TextIO) -> TextIO:
    """``stream`` itself if it can show the game's symbols, else a :class:`SafeStream`."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♠♥♦♣─│╭·•↳–«»ñº".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return cast(TextIO, SafeStream(stream))
    return stream


def without_flag_placeholders(params: list[Any]) -> list[Any]:
    """``params``, each flag given an empty metavar: Typer's help writes ``<bool>`` beside it.

    A flag takes no value, and ``--fast <bool>`` reads as if it took one.
    """
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
    return params


class SafeHelpCommand(typer.core.TyperCommand):
    """A Typer command whose ``--help`` never fails on the terminal's encoding.

    Typer prints the help through a Rich console on ``sys.stdout`` itself: on
    an ASCII terminal a Spanish accent would raise ``UnicodeEncodeError``.
    While the help is written, ``sys.stdout`` is :func:`safe_stream`'s.
    """

    def get_params(self, ctx: Any) -> list[Any]:
        """The command's options, a flag shown without a value placeholder (Typer's ``<bool>``)."""
        return without_flag_placeholders(super().get_params(ctx))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """Write the help as Typer does, through a stream that cannot fail to encode."""
        stdout = sys.stdout
        sys.stdout = safe_stream(stdout)
        try:
            super().format_help(ctx, formatter)
        finally:
            sys.stdout = stdout


class FlagSafeGroup(typer.core.TyperGroup):
    """A Typer group (``ledger``) whose help shows flags without ``<bool>``."""

    def get_params(self, ctx: Any) -> list[Any]:
        """The group's options, a flag shown without a value placeholder."""
        return without_flag_placeholders(super().get_params(ctx))
