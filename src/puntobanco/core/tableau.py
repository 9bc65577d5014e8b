"""The drawing rules as data: which two-card totals are naturals, when each side draws.

A :class:`Tableau` holds the whole drawing procedure as three small tables, and
:class:`~puntobanco.core.rules.Rules` carries one (:data:`STANDARD` by default).
Every reader — the reference engine, the exact analyzer, the numba and CUDA
kernels, the displays — reads these tables; no total is compared with a rule
constant anywhere else.

The Banker's rule is written the way seeds 001 and 002 print it: a row per
Banker total, saying which Player third cards make the Banker draw. Column
:data:`PLAYER_STOOD` (10) is the case where the Player did not draw. Seed 000
states the same rule by the Player's third card; the tests keep that
formulation as an independent oracle.

Each cell is a :class:`Cell`. Punto Banco fixes every cell to draw or stand;
the classical games (Chemin de fer, Baccarat Banque) leave some cells to a
player's choice, which is why a cell is not a plain bool.

>>> STANDARD.banker_draws(5, 4), STANDARD.banker_draws(5, 8), STANDARD.banker_draws(3, PLAYER_STOOD)
(True, False, True)
>>> STANDARD.natural_totals, STANDARD.player_drawing_totals
((8, 9), (0, 1, 2, 3, 4, 5))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from puntobanco.core.errors import InvalidRules

#: Column index for "the Player stood" (no third card).
PLAYER_STOOD = 10
#: The totals a hand can have.
TOTALS = range(10)
#: The name of the "Player stood" column in JSON.
STOOD = "stood"


class Cell(IntEnum):
    """What one cell of a drawing table tells a side to do."""

    STAND = 0
    DRAW = 1


Row = tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class Tableau:
    """The drawing procedure of a game: naturals, the Player's row, the Banker's table.

    Attributes:
        naturals: ``naturals[total]``: a two-card ``total`` is a natural, and
            both sides stand whatever the other holds.
        player: ``player[total]``: what the Player does on a two-card ``total``
            when neither side has a natural.
        banker: ``banker[total][player_third]``: what the Banker does on a
            two-card ``total`` when neither side has a natural, ``player_third``
            being the point value of the Player's third card or
            :data:`PLAYER_STOOD`.

    Build one with :meth:`from_sets`; the constructor checks the shapes.
    """

    naturals: tuple[bool, ...]
    player: Row
    banker: tuple[Row, ...]
    # The engine looks its prebuilt events up by the tableau on every coup: hashing
    # 130 cells each time would cost more than the lookup, so the hash is kept.
    _hash: int = field(init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        return self._hash

    def __post_init__(self) -> None:
        def cells(row: Any, length: int, name: str) -> Row:
            try:
                checked = tuple(Cell(cell) for cell in row)
            except (TypeError, ValueError):
                checked = ()
            if len(checked) != length:
                raise InvalidRules(
                    f"{name} must be {length} cells, each 0 (stand) or 1 (draw), got {row!r}",
                    code="tableau",
                    name=name,
                    value=repr(row),
                )
            return checked

        naturals = tuple(self.naturals)
        if len(naturals) != len(TOTALS) or not all(isinstance(n, bool) for n in naturals):
            raise InvalidRules(
                f"naturals must be ten booleans, one per total, got {self.naturals!r}",
                code="tableau",
                name="naturals",
                value=repr(self.naturals),
            )
        object.__setattr__(self, "naturals", naturals)
        object.__setattr__(self, "player", cells(self.player, len(TOTALS), "the Player's row"))
        banker = tuple(self.banker)
        if len(banker) != len(TOTALS):
            raise InvalidRules(
                f"the Banker's table must have ten rows, one per total, got {len(banker)}",
                code="tableau",
                name="banker",
                value=len(banker),
            )
        object.__setattr__(
            self,
            "banker",
            tuple(
                cells(row, PLAYER_STOOD + 1, f"the Banker's row for {total}")
                for total, row in enumerate(banker)
            ),
        )
        object.__setattr__(self, "_hash", hash((self.naturals, self.player, self.banker)))

    @classmethod
    def from_sets(
        cls,
        *,
        naturals: Iterable[int],
        player_draws_on: Iterable[int],
        banker_draws_on: Sequence[Iterable[int]],
        banker_draws_when_player_stood: Iterable[int],
    ) -> Tableau:
        """A fixed tableau from the totals and third cards on which each side draws.

        Args:
            naturals: The two-card totals that are naturals.
            player_draws_on: The Player's two-card totals that draw.
            banker_draws_on: For each Banker total 0-9, the Player third-card
                values on which it draws.
            banker_draws_when_player_stood: The Banker totals that draw when the
                Player stood.

        >>> t = STANDARD.from_sets(naturals=[9], player_draws_on=range(5),
        ...     banker_draws_on=[range(10)] * 6 + [()] * 4, banker_draws_when_player_stood=range(6))
        >>> t.natural_totals, t.player_drawing_totals, t.banker_drawing_values(5)
        ((9,), (0, 1, 2, 3, 4), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9))
        """
        natural_set = _totals(naturals, "naturals")
        player_set = _totals(player_draws_on, "player_draws_on")
        stood_set = _totals(banker_draws_when_player_stood, "banker_draws_when_player_stood")
        rows = tuple(banker_draws_on)
        if len(rows) != len(TOTALS):
            raise InvalidRules(
                f"banker_draws_on must have ten entries, one per Banker total, got {len(rows)}",
                code="tableau",
                name="banker_draws_on",
                value=len(rows),
            )
        banker = tuple(
            tuple(Cell(t in values) for t in TOTALS) + (Cell(total in stood_set),)
            for total, values in enumerate(
                _totals(row, f"banker_draws_on[{i}]") for i, row in enumerate(rows)
            )
        )
        return cls(
            naturals=tuple(t in natural_set for t in TOTALS),
            player=tuple(Cell(t in player_set) for t in TOTALS),
            banker=banker,
        )

    @property
    def natural_totals(self) -> tuple[int, ...]:
        """The two-card totals that are naturals."""
        return tuple(t for t in TOTALS if self.naturals[t])

    @property
    def player_drawing_totals(self) -> tuple[int, ...]:
        """The Player's two-card totals that draw (when no side has a natural)."""
        return tuple(t for t in TOTALS if self.player[t] is Cell.DRAW)

    def is_natural(self, total: int) -> bool:
        """Whether a two-card ``total`` is a natural."""
        return self.naturals[total]

    def player_draws(self, total: int) -> bool:
        """Whether the Player, with ``total`` on two cards and no natural on the table, draws."""
        return self.player[total] is Cell.DRAW

    def banker_draws(self, total: int, player_third: int) -> bool:
        """Whether the Banker, with ``total`` on two cards and no natural on the table, draws.

        Args:
            total: The Banker's two-card total.
            player_third: Point value of the Player's third card, or :data:`PLAYER_STOOD`.
        """
        return self.banker[total][player_third] is Cell.DRAW

    def banker_drawing_values(self, total: int) -> tuple[int, ...]:
        """The Player third-card values on which a Banker ``total`` draws.

        >>> STANDARD.banker_drawing_values(4)
        (2, 3, 4, 5, 6, 7)
        """
        return tuple(t for t in TOTALS if self.banker[total][t] is Cell.DRAW)

    def banker_drawing_totals_when_player_stood(self) -> tuple[int, ...]:
        """The Banker totals that draw when the Player stood."""
        return tuple(t for t in TOTALS if self.banker[t][PLAYER_STOOD] is Cell.DRAW)

    def to_json(self) -> dict[str, Any]:
        """The tableau as JSON: the totals and third cards on which each side draws.

        >>> STANDARD.to_json()["banker_draws"][3]
        [0, 1, 2, 3, 4, 5, 6, 7, 9, 'stood']
        """
        return {
            "naturals": list(self.natural_totals),
            "player_draws": list(self.player_drawing_totals),
            "banker_draws": [
                [*self.banker_drawing_values(total), *([STOOD] if row[PLAYER_STOOD] else [])]
                for total, row in enumerate(self.banker)
            ],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tableau:
        """The inverse of :meth:`to_json`.

        Raises:
            InvalidRules: Missing or unknown keys, or values that are not totals.
        """
        if not isinstance(data, Mapping) or set(data) != {
            "naturals",
            "player_draws",
            "banker_draws",
        }:
            raise InvalidRules(
                "a tableau is an object with exactly the keys naturals, player_draws and "
                f"banker_draws, got {data!r}",
                code="tableau",
                name="tableau",
                value=repr(data),
            )
        rows = data["banker_draws"]
        if not isinstance(rows, list) or len(rows) != len(TOTALS):
            raise InvalidRules(
                f"banker_draws must be a list of ten lists, got {rows!r}",
                code="tableau",
                name="banker_draws",
                value=repr(rows),
            )
        for row in rows:
            if not isinstance(row, list):
                raise InvalidRules(
                    f"each row of banker_draws must be a list, got {row!r}",
                    code="tableau",
                    name="banker_draws",
                    value=repr(row),
                )
        return cls.from_sets(
            naturals=data["naturals"],
            player_draws_on=data["player_draws"],
            banker_draws_on=[[v for v in row if v != STOOD] for row in rows],
            banker_draws_when_player_stood=[t for t, row in enumerate(rows) if STOOD in row],
        )


def _totals(values: Any, name: str) -> frozenset[int]:
    """Check that ``values`` is a collection of totals 0-9."""
    try:
        items = list(values)
    except TypeError:
        items = [values]
    for value in items:
        if isinstance(value, bool) or not isinstance(value, int) or value not in TOTALS:
            raise InvalidRules(
                f"{name} must hold totals from 0 to 9, got {value!r}",
                code="tableau",
                name=name,
                value=repr(value),
            )
    return frozenset(items)


_EVERY_CARD = range(10)

#: Punto Banco's tableau, as seeds 001 and 002 print it (a row per Banker total).
STANDARD = Tableau.from_sets(
    naturals=(8, 9),
    player_draws_on=range(6),  # the Player draws on 0-5 and stands on 6-7
    banker_draws_on=(
        _EVERY_CARD,  # 0: always draws
        _EVERY_CARD,  # 1: always draws
        _EVERY_CARD,  # 2: always draws
        set(_EVERY_CARD) - {8},  # 3: draws unless the third card is an 8
        range(2, 8),  # 4: draws on 2-7
        range(4, 8),  # 5: draws on 4-7
        (6, 7),  # 6: draws on 6-7
        (),  # 7: always stands
        (),  # 8: a natural
        (),  # 9: a natural
    ),
    banker_draws_when_player_stood=range(6),  # the Player stood: the Banker draws on 0-5
)

#: ``PLAYER_DRAWS[total]`` of the standard tableau, as booleans.
PLAYER_DRAWS: tuple[bool, ...] = tuple(cell is Cell.DRAW for cell in STANDARD.player)
#: ``BANKER_DRAWS[banker_total][player_third]`` of the standard tableau, as booleans.
BANKER_DRAWS: tuple[tuple[bool, ...], ...] = tuple(
    tuple(cell is Cell.DRAW for cell in row) for row in STANDARD.banker
)


def is_natural(total: int) -> bool:
    """Whether a two-card total is a natural under the standard tableau."""
    return STANDARD.is_natural(total)


def player_draws(total: int) -> bool:
    """:meth:`Tableau.player_draws` of the standard tableau."""
    return STANDARD.player_draws(total)


def banker_draws(total: int, player_third: int) -> bool:
    """:meth:`Tableau.banker_draws` of the standard tableau."""
    return STANDARD.banker_draws(total, player_third)


def banker_drawing_values(total: int) -> tuple[int, ...]:
    """:meth:`Tableau.banker_drawing_values` of the standard tableau.

    >>> banker_drawing_values(4)
    (2, 3, 4, 5, 6, 7)
    """
    return STANDARD.banker_drawing_values(total)


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
