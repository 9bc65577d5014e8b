r"""Numbers as each language writes them: ``1,234.56``, ``45.86%``; ``1.234,56``, ``45,86 %``.

The commands word their figures once, in the plain English form Python's
format specifications write (``f"{x:,.2f}"``, ``f"{p:.2%}"``), and pass the
finished text through :func:`localize` for the reader's language. In Spanish
that swaps the two separators wherever they sit between digits, and puts a
no-break space before a percent sign (the RAE's and the SI's usage; no-break
for the text wrappers that honour it, though Rich's tables do not: a figure
with its sign goes in a cell that does not wrap, or a label without one).
Text without a separator between digits (``4/5/6``, names, seeds) is left
as it is.

Machine-read output (``--format json|csv|markdown``) is never localized.

>>> localize("100,000 rounds, 0.459150, 45.86%", "es")
'100.000 rounds, 0,459150, 45,86\xa0%'
>>> localize("100,000 rounds, 45.86%", "en")
'100,000 rounds, 45.86%'
"""

from __future__ import annotations

import re

_SEPARATOR = re.compile(r"(?<=\d)[.,](?=\d)")
_PERCENT = re.compile(r"(?<=\d)\s?%")
_SWAP = {".": ",", ",": "."}
#: No-break space: a number and its percent sign stay on one line.
NBSP = "\u00a0"


def localize(text: str, lang: str) -> str:
    """``text``'s numbers in the separators of ``lang`` (English text comes back unchanged)."""
    if lang != "es":
        return text
    swapped = _SEPARATOR.sub(lambda match: _SWAP[match.group()], text)
    return _PERCENT.sub(NBSP + "%", swapped)


def interval(low: str, high: str, lang: str) -> str:
    """A confidence interval, its bounds separated so that a decimal comma cannot be mistaken.

    >>> interval("-0.0188", "-0.0070", "en"), interval("-0.0188", "-0.0070", "es")
    ('[-0.0188, -0.0070]', '[-0,0188; -0,0070]')
    """
    if lang == "es":
        return localize(f"[{low}; {high}]", lang)
    return f"[{low}, {high}]"
