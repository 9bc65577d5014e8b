"""A table as CSV or Markdown, for the commands' ``--format csv|markdown``.

Numbers are written plainly (``0.458597``, ``12345``; no grouping, a point
for decimals) in every language: these formats are read by programs, and a
Spanish ``1.234,5`` would be misread by most of them. Missing values are
empty cells. Text is written as it is; a Markdown cell's ``|`` is escaped.

>>> print(write_rows(["bet", "edge"], [["Banker", 0.010579], ["Tie", None]], "markdown"), end="")
| bet | edge |
| --- | --- |
| Banker | 0.010579 |
| Tie |  |
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any


def cell(value: Any) -> str:
    """One value as text: ``repr`` for a float (exact and round-trippable), ``""`` for None.

    >>> cell(None), cell(3), cell(0.1), cell(True)
    ('', '3', '0.1', 'true')
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def write_rows(headers: Sequence[str], rows: Sequence[Sequence[Any]], fmt: str) -> str:
    """``rows`` under ``headers`` as ``"csv"`` or ``"markdown"`` text, ending in a newline."""
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(headers)
        writer.writerows([cell(v) for v in row] for row in rows)
        return out.getvalue()
    if fmt == "markdown":

        def line(values: Sequence[str]) -> str:
            return "| " + " | ".join(v.replace("|", "\\|") for v in values) + " |\n"

        text = line(list(headers)) + line(["---"] * len(headers))
        return text + "".join(line([cell(v) for v in row]) for row in rows)
    raise ValueError(f"fmt must be csv or markdown, got {fmt!r}")
