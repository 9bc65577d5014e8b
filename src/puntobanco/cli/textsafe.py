"""Output that never fails on a terminal whose encoding lacks a character.

On an ASCII or Latin-1 terminal, card suits become letters (``Kd``), accents
are dropped and box lines become ``-``, ``|`` and ``+``, instead of a
``UnicodeEncodeError`` in the middle of a round.

>>> transliterate("K♦ · Año", "ascii")
'Kd | Ano'
"""

from __future__ import annotations

import unicodedata
from typing import TextIO, cast

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
    "●": "o",
    "○": "o",
    "╱": "/",
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
