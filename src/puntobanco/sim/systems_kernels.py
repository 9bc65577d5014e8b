"""The betting systems' numba kernel: one session after another over dealt outcomes.

Everything is integers in minor units. A session bets on one side each round
(Banker or Player; "follow the last winner" switches between them), settles
with the exact payout ratio rounded down to the minor unit (Banker commission
included, as :func:`puntobanco.core.bets.settle_bet` does), and stops at the
session length, a stop-win or stop-loss, or when it cannot afford its next stake.

Outcome codes (one ``int8`` per round, see :mod:`puntobanco.sim.systems_deal`):
``PLAYER_WIN`` 0, ``BANKER_WIN`` 1, ``TIE`` 2, ``BANKER_WIN_SIX`` 3 (the Banker
won with a total of 6, which some rules pay differently).

The progressions, in units of the base stake (a tie pushes and changes nothing):

* flat: 1 unit always.
* martingale: double after a loss, back to 1 after a win.
* paroli: 1, 2, 4 on consecutive wins, back to 1 after the third win or a loss.
* fibonacci: units 1, 1, 2, 3, 5, ...: one step on after a loss, two back after a win.
* dalembert: one unit more after a loss, one less after a win (at least 1).
* one-three-two-six: 1, 3, 2, 6 on consecutive wins; back to 1 after the fourth
  win or a loss.
* labouchere: the line 1 2 3 4; stake the first plus the last number (the one
  left, if one); a win crosses both out, a loss writes the stake at the end; an
  empty line starts again.
* follow-the-winner: 1 unit on the side that won the last decided round (ties
  do not count); the chosen side until then.

Table limits: a stake above the table maximum is capped at it (the progression
itself stops growing there); a stake the bankroll cannot cover ends the session.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

PLAYER_WIN = 0
BANKER_WIN = 1
TIE = 2
BANKER_WIN_SIX = 3

FLAT = 0
MARTINGALE = 1
PAROLI = 2
FIBONACCI = 3
DALEMBERT = 4
ONE_THREE_TWO_SIX = 5
LABOUCHERE = 6
FOLLOW_WINNER = 7

#: Why a session ended.
END_ROUNDS = 0
END_STOP_WIN = 1
END_STOP_LOSS = 2
END_CANNOT_AFFORD = 3

#: Per-session results, columns of the ``results`` array.
FINAL = 0
ROUNDS_PLAYED = 1
TURNOVER = 2
TURNOVER_BANKER = 3
NET = 4
REASON = 5
ROUNDED_BANKER = 6  # sum of (stake * numerator) mod denominator over Banker wins
ROUNDED_SIX = 7  # the same for Banker wins on six
ROUNDED_PLAYER = 8  # the same for Player wins
LOWEST = 9  # the lowest bankroll seen
RESULT_COLUMNS = 10

_LABOUCHERE_LINE = (1, 2, 3, 4)
_PAROLI = (1, 2, 4)
_ONE_THREE_TWO_SIX = (1, 3, 2, 6)


@njit(cache=True)
def _fibonacci(index: int) -> int:
    a, b = 1, 1
    for _ in range(index):
        a, b = b, a + b
    return a


@njit(cache=True)
def play_session(
    outcomes: npt.NDArray[np.int8],
    system: int,
    banker_first: int,
    bankroll: int,
    base: int,
    maximum: int,
    stop_win: int,
    stop_loss: int,
    pays: npt.NDArray[np.int64],
    stakes: npt.NDArray[np.int64],
    sides: npt.NDArray[np.int8],
    path: npt.NDArray[np.int64],
    results: npt.NDArray[np.int64],
) -> None:
    """Play one session over ``outcomes`` (its rounds, in order).

    Args:
        outcomes: The rounds' outcome codes; the session plays at most these.
        system: One of the system codes above.
        banker_first: 1 to bet on the Banker (the first side, for
            follow-the-winner), 0 on the Player.
        bankroll: The starting bankroll, minor units.
        base: One unit, minor units (at least the table minimum).
        maximum: The table maximum per bet.
        stop_win: Stop once ahead by this much (-1: no stop-win).
        stop_loss: Stop once behind by this much (-1: no stop-loss).
        pays: Winnings ratios as numerator, denominator pairs: Player,
            Banker, Banker on six.
        stakes: Written: the stake of each round played (its length may be 0
            when not wanted).
        sides: Written: 1 for a Banker bet, 0 for a Player bet, per round played
            (length 0 when not wanted).
        path: Written: the bankroll before the first round and after each
            round played (length 0 when not wanted).
        results: Written: the session's results (columns above).
    """
    record = stakes.size > 0
    keep_path = path.size > 0
    money = bankroll
    lowest = money
    max_units = (maximum + base - 1) // base
    level = 0  # martingale/dalembert units, paroli/1-3-2-6/fibonacci step
    units = 1
    line = np.empty(outcomes.size + 8, dtype=np.int64)
    head = 0
    tail = 0
    for value in _LABOUCHERE_LINE:
        line[tail] = value
        tail += 1
    on_banker = banker_first
    turnover = 0
    turnover_banker = 0
    rounded = np.zeros(3, dtype=np.int64)
    reason = END_ROUNDS
    played = 0
    if keep_path:
        path[0] = money
    for r in range(outcomes.size):
        if stop_win >= 0 and money - bankroll >= stop_win:
            reason = END_STOP_WIN
            break
        if stop_loss >= 0 and bankroll - money >= stop_loss:
            reason = END_STOP_LOSS
            break
        # The progression's units for this round.
        if system == MARTINGALE or system == DALEMBERT:
            units = level + 1 if system == DALEMBERT else units
        elif system == PAROLI:
            units = _PAROLI[level]
        elif system == FIBONACCI:
            units = _fibonacci(level)
        elif system == ONE_THREE_TWO_SIX:
            units = _ONE_THREE_TWO_SIX[level]
        elif system == LABOUCHERE:
            if head == tail:  # the line is done: a new one
                head = 0
                tail = 0
                for value in _LABOUCHERE_LINE:
                    line[tail] = value
                    tail += 1
            units = line[head] + line[tail - 1] if tail - head > 1 else line[head]
        else:
            units = 1
        units = min(units, max_units)
        stake = min(units * base, maximum)
        if stake > money:
            reason = END_CANNOT_AFFORD
            break
        outcome = outcomes[r]
        banker_won = outcome == BANKER_WIN or outcome == BANKER_WIN_SIX
        if outcome == TIE:
            net = 0
            won = 0
            lost = 0
        elif on_banker == 1:
            won = 1 if banker_won else 0
            lost = 1 - won
            if won:
                k = 2 if outcome == BANKER_WIN_SIX else 1
                scaled = stake * pays[2 * k]
                net = scaled // pays[2 * k + 1]
                rounded[k - 1] += scaled % pays[2 * k + 1]
            else:
                net = -stake
        else:
            won = 0 if banker_won else 1
            lost = 1 - won
            if won:
                scaled = stake * pays[0]
                net = scaled // pays[1]
                rounded[2] += scaled % pays[1]
            else:
                net = -stake
        if record:
            stakes[played] = stake
            sides[played] = on_banker
        turnover += stake
        if on_banker == 1:
            turnover_banker += stake
        money += net
        lowest = min(lowest, money)
        played += 1
        if keep_path:
            path[played] = money
        # The progression moves on the result (a push changes nothing).
        if system == MARTINGALE:
            if lost:
                units = min(units * 2, max_units)
            elif won:
                units = 1
        elif system == DALEMBERT:
            if lost:
                level = min(level + 1, max_units - 1)
            elif won:
                level = max(level - 1, 0)
        elif system == PAROLI:
            if won:
                level = (level + 1) % 3
            elif lost:
                level = 0
        elif system == FIBONACCI:
            if lost:
                if _fibonacci(level) < max_units:
                    level += 1
            elif won:
                level = max(level - 2, 0)
        elif system == ONE_THREE_TWO_SIX:
            if won:
                level = (level + 1) % 4
            elif lost:
                level = 0
        elif system == LABOUCHERE:
            if won:
                head += 1
                if tail > head:
                    tail -= 1
            elif lost:
                line[tail] = units
                tail += 1
        elif system == FOLLOW_WINNER:
            if outcome != TIE:
                on_banker = 1 if banker_won else 0
    if reason == END_ROUNDS:
        # Every round was played: a stop reached on the last round still counts.
        if stop_win >= 0 and money - bankroll >= stop_win:
            reason = END_STOP_WIN
        elif stop_loss >= 0 and bankroll - money >= stop_loss:
            reason = END_STOP_LOSS
    results[FINAL] = money
    results[ROUNDS_PLAYED] = played
    results[TURNOVER] = turnover
    results[TURNOVER_BANKER] = turnover_banker
    results[NET] = money - bankroll
    results[REASON] = reason
    results[ROUNDED_BANKER] = rounded[0]
    results[ROUNDED_SIX] = rounded[1]
    results[ROUNDED_PLAYER] = rounded[2]
    results[LOWEST] = lowest


@njit(cache=True)
def play_sessions(
    outcomes: npt.NDArray[np.int8],
    system: int,
    banker_first: int,
    bankroll: int,
    base: int,
    maximum: int,
    stop_win: int,
    stop_loss: int,
    pays: npt.NDArray[np.int64],
    paths: npt.NDArray[np.int64],
    results: npt.NDArray[np.int64],
) -> None:
    """Play session ``i`` over ``outcomes[i]`` for every row.

    The first ``len(paths)`` sessions also record their bankroll paths
    (``paths[i, :played + 1]``).
    """
    no_stakes = np.zeros(0, dtype=np.int64)
    no_sides = np.zeros(0, dtype=np.int8)
    no_path = np.zeros(0, dtype=np.int64)
    for i in range(outcomes.shape[0]):
        path = paths[i] if i < paths.shape[0] else no_path
        play_session(
            outcomes[i],
            system,
            banker_first,
            bankroll,
            base,
            maximum,
            stop_win,
            stop_loss,
            pays,
            no_stakes,
            no_sides,
            path,
            results[i],
        )
