"""The walk behind the Chemin de fer solver: every coup's weight, by Banker cell and choice.

Chemin de fer's payoff is linear in each choice once the others are fixed, so
one walk over the cards is enough to solve it: for every Banker cell (his
total and the Player's third card, or "stood") and each of his two actions,
the walk adds up the card sequences that reach the cell and end in a Banker
win, a Banker loss or a tie, apart for the coups in which the Player holds
his optional 5 and for the others. Everything else about the strategies is
then arithmetic (:mod:`puntobanco.analysis.chemin.solver`).

Cards are drawn without replacement from the counts given (the exact
analyzer's model, :mod:`puntobanco.analysis.exact`: each side's first two
cards as an unordered pair, a branch weighted by the product of the counts it
takes), or with replacement (``replace=True``: the infinite deck of Kemeny and
Snell, the counts being the chances of each point value, 4 : 1 : ... : 1).

All weights are integers over one denominator (:func:`denominator`): a coup
that ends after ``k`` cards counts for every way of dealing the other
``6 - k`` positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puntobanco.analysis.exact import falling
from puntobanco.analysis.walk_steps import LOSE, OUTCOMES, TIE, WIN, pair_draws, third_card_split
from puntobanco.core.rules import BANKER_CHOICE_TOTALS, PLAYER_OPTION_TOTALS
from puntobanco.core.tableau import PLAYER_STOOD, STANDARD, Tableau

#: Indices of the two actions.
STAND, DRAW = 0, 1
#: Indices of the two parts of a cell: coups without the Player's option, and with it.
FIXED, OPTION = 0, 1
#: Banker cells: eight totals (0-7) by eleven columns (third card 0-9, "stood").
COLUMNS = PLAYER_STOOD + 1

#: One cell's weights: ``cell[action][part][outcome]``.
CellWeights = list[list[list[int]]]


@dataclass(frozen=True, slots=True)
class Tally:
    """The walk's answer, every weight over :attr:`denominator`.

    Attributes:
        naturals: Outcome weights of the coups a natural ends (no choice in them).
        cells: ``cells[total][column][action][part][outcome]``: for Banker
            ``total`` 0-7 and ``column`` (third card 0-9, ``PLAYER_STOOD``),
            the weight of the coups reaching the cell in which the Banker
            takes ``action`` (:data:`STAND`, :data:`DRAW`), split into the
            coups where the Player had no option (:data:`FIXED`) and those
            where he held his optional total and drew, or (in the "stood"
            column) stood (:data:`OPTION`).
        option: The weight of the coups in which the Player holds his optional
            total with no natural on the table (his decisions).
        denominator: The common denominator.
    """

    naturals: tuple[int, int, int]
    cells: tuple[tuple[tuple[tuple[tuple[int, ...], ...], ...], ...], ...]
    option: int
    denominator: int


def denominator(cards: int, *, replace: bool) -> int:
    """Ordered ways of dealing six cards: ``n**6`` with replacement, ``n (n-1) ... (n-5)`` without.

    >>> denominator(13, replace=True), denominator(52, replace=False)
    (4826809, 14658134400)
    """
    return cards**6 if replace else falling(cards, 6)


def _level_scales(cards: int, *, replace: bool) -> tuple[int, int]:
    """What a coup that ended on four, and on five, cards is multiplied by."""
    if replace:
        return cards * cards, cards
    return (cards - 4) * (cards - 5), cards - 5


class _Sums:
    """The walk's running sums per level (4, 5 and 6 cards), scaled once at its end.

    ``stood_*[banker][part]`` and ``drew_*[banker][third][part]`` are outcome
    triples, as :func:`scaled_tally` reads them.
    """

    def __init__(self) -> None:
        self.naturals = [0, 0, 0]
        self.stood_stand = [[[0, 0, 0] for _ in range(2)] for _ in range(10)]
        self.stood_draw = [[[0, 0, 0] for _ in range(2)] for _ in range(10)]
        self.drew_stand = [[[[0, 0, 0] for _ in range(2)] for _ in range(10)] for _ in range(10)]
        self.drew_draw = [[[[0, 0, 0] for _ in range(2)] for _ in range(10)] for _ in range(10)]
        self.option = 0

    def player_stood(self, c: list[int], banker: int, player: int, part: int, w4: int) -> None:
        """The Player stood on ``player``: the Banker stands on four cards, or draws a fifth."""
        self.stood_stand[banker][part][OUTCOMES[banker][player]] += w4
        row = self.stood_draw[banker][part]
        win, lose, tie = third_card_split(c, banker, player)
        row[WIN] += w4 * win
        row[LOSE] += w4 * lose
        row[TIE] += w4 * tie

    def player_drew(
        self, c: list[int], dec: int, banker: int, player: int, part: int, w4: int
    ) -> None:
        """The Player draws a third card to ``player``: the Banker stands on it, or draws."""
        for t in range(10):
            ct = c[t]
            if not ct:
                continue
            w5 = w4 * ct
            final = (player + t) % 10
            self.drew_stand[banker][t][part][OUTCOMES[banker][final]] += w5
            c[t] -= dec
            win, lose, tie = third_card_split(c, banker, final)
            c[t] += dec
            cell = self.drew_draw[banker][t][part]
            cell[WIN] += w5 * win
            cell[LOSE] += w5 * lose
            cell[TIE] += w5 * tie


def tally(points: Sequence[int], tableau: Tableau = STANDARD, *, replace: bool = False) -> Tally:
    """Walk every coup, weighting each Banker cell's outcomes by action and the Player's option.

    Args:
        points: Cards per point value 0-9 (at least 6 cards without replacement).
        tableau: The fixed drawing rules (the Player's row outside his option).
        replace: Draw with replacement (``points`` are then the chances).
    """
    c = list(points)
    dec = 0 if replace else 1
    sums = _Sums()
    naturals = tableau.naturals
    for player, w_player in pair_draws(c, dec):
        if player in PLAYER_OPTION_TOTALS:  # he may do either
            part, player_draws, player_stands = OPTION, True, True
        else:
            part, player_draws = FIXED, tableau.player_draws(player)
            player_stands = not player_draws
        for banker, w_banker in pair_draws(c, dec):
            w4 = w_player * w_banker
            if naturals[player] or naturals[banker]:
                sums.naturals[OUTCOMES[banker][player]] += w4
                continue
            if part == OPTION:
                sums.option += w4
            if player_stands:
                sums.player_stood(c, banker, player, part, w4)
            if player_draws:
                sums.player_drew(c, dec, banker, player, part, w4)
    return scaled_tally(
        sum(c),
        replace=replace,
        naturals=sums.naturals,
        stood_stand=sums.stood_stand,
        stood_draw=sums.stood_draw,
        drew_stand=sums.drew_stand,
        drew_draw=sums.drew_draw,
        option=sums.option,
    )


def scaled_tally(
    n: int,
    *,
    replace: bool,
    naturals: Sequence[int],
    stood_stand: Sequence[Sequence[Sequence[int]]],
    stood_draw: Sequence[Sequence[Sequence[int]]],
    drew_stand: Sequence[Sequence[Sequence[Sequence[int]]]],
    drew_draw: Sequence[Sequence[Sequence[Sequence[int]]]],
    option: int,
) -> Tally:
    """The walk's four levels of weights on the common denominator, as a :class:`Tally`.

    The numba walk (:mod:`puntobanco.analysis.chemin.walk`) ends here too.
    """
    four, five = _level_scales(n, replace=replace)

    def scale(values: Sequence[int], by: int) -> tuple[int, ...]:
        return tuple(int(v) * by for v in values)

    cells = tuple(
        tuple(
            (
                (
                    scale(stood_stand[b][FIXED], four),
                    scale(stood_stand[b][OPTION], four),
                ),
                (
                    scale(stood_draw[b][FIXED], five),
                    scale(stood_draw[b][OPTION], five),
                ),
            )
            if x == PLAYER_STOOD
            else (
                (scale(drew_stand[b][x][FIXED], five), scale(drew_stand[b][x][OPTION], five)),
                (scale(drew_draw[b][x][FIXED], 1), scale(drew_draw[b][x][OPTION], 1)),
            )
            for x in range(COLUMNS)
        )
        for b in BANKER_CHOICE_TOTALS
    )
    nat = scale(naturals, four)
    return Tally(
        naturals=(nat[0], nat[1], nat[2]),
        cells=cells,
        option=int(option) * four,
        denominator=denominator(n, replace=replace),
    )
