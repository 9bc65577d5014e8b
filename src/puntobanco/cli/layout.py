"""Tables and prose at the terminal's width: the one place a command's output is fitted.

The width is Rich's: the terminal's, or ``COLUMNS`` when it is set (a pipe
included), else 80. A table that fits is printed as a table whose cells never
wrap; one that does not is stacked, each row a block (its first cell the
heading, every other cell a ``header: value`` line), so that no figure is
cut or broken, as ``odds`` has always done. Prose longer than the width is
wrapped between words, its continuation lines indented under the first.

>>> from rich.console import Console
>>> narrow = Console(width=12, color_system=None)
>>> fit_table(narrow, None, ["Bet", "Edge"], [["Banker", "1.06%"]])
Banker
  Edge: 1.06%
>>> print(wrap_lines("  one two three four five six seven eight nine", 24))
  one two three four
    five six seven eight
    nine
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

#: Width when nothing says otherwise (a pipe without ``COLUMNS``).
DEFAULT_WIDTH = 80


def stdout_console() -> Any:
    """A Rich console on standard output, as wide as the terminal or ``COLUMNS`` (else 80)."""
    from rich.console import Console

    return Console(highlight=False)


def table_width(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> int:
    """Columns a Rich table with its default box takes, its cells unwrapped."""
    widths = [max([len(h), *(len(row[i]) for row in rows)]) for i, h in enumerate(headers)]
    # A border and a space either side of every cell.
    return sum(widths) + 3 * len(widths) + 1


def fit_table(
    console: Any,
    title: str | None,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    left: int = 1,
) -> None:
    """One table on ``console``, never cut or split by the layout.

    Args:
        console: The Rich console, whose width decides.
        title: The table's title (``None``: none).
        headers: The column headings.
        rows: The cells, as finished text (numbers already in the reader's language).
        left: How many leading columns are text, aligned left; the others are
            figures, aligned right.
    """
    from rich.markup import escape
    from rich.table import Table

    if table_width(headers, rows) <= console.width:
        table = Table(title=None if title is None else escape(title))
        for index, header in enumerate(headers):
            table.add_column(
                escape(header), justify="left" if index < left else "right", no_wrap=True
            )
        for row in rows:
            table.add_row(*(escape(cell) for cell in row))
        console.print(table)
        return
    if title is not None:
        console.print(f"[bold]{escape(title)}[/bold]")
    for row in rows:
        heading = " · ".join(cell for cell in row[:left] if cell)
        console.print(f"[bold]{escape(heading)}[/bold]", soft_wrap=True)
        for header, cell in zip(headers[left:], row[left:], strict=True):
            if cell:
                console.print(f"  {escape(header)}: {escape(cell)}", soft_wrap=True)


def wrap_lines(text: str, width: int) -> str:
    """Each line of ``text`` wrapped between words to ``width``, continuations indented by 2.

    A word longer than the line (a long fraction) is kept whole, for the
    terminal to wrap, rather than cut.
    """
    out: list[str] = []
    for line in text.splitlines():
        if len(line) <= width:
            out.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip())]
        out.extend(
            textwrap.wrap(
                line.strip(),
                width=max(width, len(indent) + 20),
                initial_indent=indent,
                subsequent_indent=indent + "  ",
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
    return "\n".join(out)


def terminal_width() -> int:
    """The width :func:`stdout_console` would use."""
    return int(stdout_console().width)
