"""The drawing rules of Punto Banco, held once, as tables.

The Banker's rule is written the way seeds 001 and 002 print it: a row per
Banker total, saying which Player third cards make the Banker draw. Column
:data:`PLAYER_STOOD` (10) is the case where the Player did not draw. Seed 000
states the same rule by the Player's third card; the tests keep that
formulation as an independent oracle. Every fast path (numba, GPU, the exact
analyzer) builds its arrays from these tuples.

>>> banker_draws(5, 4), banker_draws(5, 8), banker_draws(3, PLAYER_STOOD)
(True, False, True)
"""

from __future__ import annotations

#: Column index for "the Player stood" (no third card).
PLAYER_STOOD = 10

#: ``PLAYER_DRAWS[total]``: the Player draws on 0-5 and stands on 6-7.
#: (8 and 9 are naturals and are handled before this table is read.)
PLAYER_DRAWS: tuple[bool, ...] = tuple(total <= 5 for total in range(10))


def _row(draw_on: set[int], *, when_player_stood: bool) -> tuple[bool, ...]:
    return tuple(t in draw_on for t in range(10)) + (when_player_stood,)


_ALL = set(range(10))

#: ``BANKER_DRAWS[banker_total][player_third]``, ``player_third`` being the
#: point value (0-9) of the Player's third card or :data:`PLAYER_STOOD`.
BANKER_DRAWS: tuple[tuple[bool, ...], ...] = (
    _row(_ALL, when_player_stood=True),  # 0: always draws
    _row(_ALL, when_player_stood=True),  # 1: always draws
    _row(_ALL, when_player_stood=True),  # 2: always draws
    _row(_ALL - {8}, when_player_stood=True),  # 3: draws unless the third card is an 8
    _row({2, 3, 4, 5, 6, 7}, when_player_stood=True),  # 4
    _row({4, 5, 6, 7}, when_player_stood=True),  # 5
    _row({6, 7}, when_player_stood=False),  # 6: stands if the Player stood
    _row(set(), when_player_stood=False),  # 7: always stands
    _row(set(), when_player_stood=False),  # 8: a natural
    _row(set(), when_player_stood=False),  # 9: a natural
)


def is_natural(total: int) -> bool:
    """Whether a two-card total is a natural (8 or 9)."""
    return total >= 8


def player_draws(total: int) -> bool:
    """Whether the Player, with ``total`` on two cards and no natural on the table, draws."""
    return PLAYER_DRAWS[total]


def banker_draws(total: int, player_third: int) -> bool:
    """Whether the Banker, with ``total`` on two cards and no natural on the table, draws.

    Args:
        total: The Banker's two-card total.
        player_third: Point value of the Player's third card, or :data:`PLAYER_STOOD`.
    """
    return BANKER_DRAWS[total][player_third]


def banker_drawing_values(total: int) -> tuple[int, ...]:
    """The Player third-card values on which a Banker ``total`` draws.

    >>> banker_drawing_values(4)
    (2, 3, 4, 5, 6, 7)
    """
    return tuple(t for t in range(10) if BANKER_DRAWS[total][t])


def format_values(values: tuple[int, ...]) -> str:
    """Write point values as ranges, the way the seeds do: ``4–7``, ``0–7, 9``.

    >>> format_values((0, 1, 2, 3, 4, 5, 6, 7, 9)), format_values((6, 7)), format_values(())
    ('0–7, 9', '6–7', '')
    """
    parts: list[str] = []
    start = previous = None
    for value in values:
        if previous is not None and value == previous + 1:
            previous = value
            continue
        if start is not None:
            parts.append(_span(start, previous))
        start = previous = value
    if start is not None:
        parts.append(_span(start, previous))
    return ", ".join(parts)


def _span(start: int, end: int | None) -> str:
    return str(start) if end is None or end == start else f"{start}–{end}"
