"""The betting systems' numba kernel: one session after another over dealt outcomes.

Everything is integers in minor units. A session bets on one side each round
(Banker or Player; "follow the last winner" switches between them), settles
from the payout arrays of the rules' compiled tables
(:func:`puntobanco.sim.encode.outcome_payouts`: win, lose or push and the
winnings ratio for each side and outcome code), a win paying
``floor(stake * numerator / denominator)`` as
:func:`puntobanco.core.bets.settle_bet` does, and stops at the session length,
a stop-win or stop-loss, or when it cannot afford its next stake.

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

from puntobanco.sim.encode import BANKER_WIN, BANKER_WIN_SIX, LOSE, PLAYER_WIN, TIE, WIN

__all__ = ["BANKER_WIN", "BANKER_WIN_SIX", "PLAYER_WIN", "TIE", "play_session", "play_sessions"]

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
LOWEST = 6  # the lowest bankroll seen
ROUNDED = 7
"""First of ``2 * 4`` columns: per (side, outcome code), column ``ROUNDED +
side * 4 + code`` holds the sum of ``(stake * numerator) mod denominator`` over
the wins settled there (what rounding down kept, in ``1 / denominator`` minor
units)."""
RESULT_COLUMNS = ROUNDED + 2 * 4

#: The side that won each outcome code (1 Banker, 0 Player, -1 a tie), for follow-the-winner.
_WINNER = (0, 1, -1, 1)
_LABOUCHERE_LINE = (1, 2, 3, 4)
#: Stake sequences of the systems that climb on wins and start again after a loss.
_PAROLI = (1, 2, 4)
_ONE_THREE_TWO_SIX = (1, 3, 2, 6)

# The progression's state, entries of a small int64 array.
_LEVEL = 0  # martingale's units; d'Alembert's units - 1; the step of the others
_HEAD = 1  # Labouchere: the line's first number
_TAIL = 2  # Labouchere: one past its last number


@njit(cache=True)
def _fibonacci(index: int) -> int:
    a, b = 1, 1
    for _ in range(index):
        a, b = b, a + b
    return a


@njit(cache=True)
def _new_line(state: npt.NDArray[np.int64], line: npt.NDArray[np.int64]) -> None:
    state[_HEAD] = 0
    state[_TAIL] = 0
    for value in _LABOUCHERE_LINE:
        line[state[_TAIL]] = value
        state[_TAIL] += 1


@njit(cache=True)
def _units(system: int, state: npt.NDArray[np.int64], line: npt.NDArray[np.int64]) -> int:
    """The units the progression stakes on the next round."""
    level = int(state[_LEVEL])
    if system == MARTINGALE:
        return level
    if system == DALEMBERT:
        return level + 1
    if system == PAROLI:
        return _PAROLI[level]
    if system == ONE_THREE_TWO_SIX:
        return _ONE_THREE_TWO_SIX[level]
    if system == FIBONACCI:
        return _fibonacci(level)
    if system == LABOUCHERE:
        if state[_HEAD] == state[_TAIL]:  # the line is done: a new one
            _new_line(state, line)
        head, tail = state[_HEAD], state[_TAIL]
        return int(line[head] + line[tail - 1] if tail - head > 1 else line[head])
    return 1  # flat, follow-the-winner


@njit(cache=True)
def _after_win(system: int, state: npt.NDArray[np.int64]) -> None:
    """Move the progression on after a winning bet."""
    if system == MARTINGALE:
        state[_LEVEL] = 1
    elif system == DALEMBERT:
        state[_LEVEL] = max(state[_LEVEL] - 1, 0)
    elif system == PAROLI:
        state[_LEVEL] = (state[_LEVEL] + 1) % len(_PAROLI)
    elif system == ONE_THREE_TWO_SIX:
        state[_LEVEL] = (state[_LEVEL] + 1) % len(_ONE_THREE_TWO_SIX)
    elif system == FIBONACCI:
        state[_LEVEL] = max(state[_LEVEL] - 2, 0)
    elif system == LABOUCHERE:  # cross out the first and the last number
        state[_HEAD] += 1
        if state[_TAIL] > state[_HEAD]:
            state[_TAIL] -= 1


@njit(cache=True)
def _after_loss(
    system: int,
    state: npt.NDArray[np.int64],
    line: npt.NDArray[np.int64],
    units: int,
    max_units: int,
) -> None:
    """Move the progression on after a losing bet of ``units`` units."""
    if system == MARTINGALE:
        state[_LEVEL] = min(units * 2, max_units)
    elif system == DALEMBERT:
        state[_LEVEL] = min(state[_LEVEL] + 1, max_units - 1)
    elif system == PAROLI or system == ONE_THREE_TWO_SIX:
        state[_LEVEL] = 0
    elif system == FIBONACCI:
        if _fibonacci(state[_LEVEL]) < max_units:
            state[_LEVEL] += 1
    elif system == LABOUCHERE:  # write the stake at the end of the line
        line[state[_TAIL]] = units
        state[_TAIL] += 1


@njit(cache=True)
def _stop_reason(money: int, bankroll: int, stop_win: int, stop_loss: int) -> int:
    """``END_STOP_WIN`` or ``END_STOP_LOSS`` if one is reached, else ``END_ROUNDS``."""
    if stop_win >= 0 and money - bankroll >= stop_win:
        return END_STOP_WIN
    if stop_loss >= 0 and bankroll - money >= stop_loss:
        return END_STOP_LOSS
    return END_ROUNDS


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
    payouts: npt.NDArray[np.int64],
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
        payouts: ``payouts[side, code] = (resolution, numerator, denominator)``
            (``int64[2, 4, 3]``, :func:`puntobanco.sim.encode.outcome_payouts`).
        stakes: Written: the stake of each round played (its length may be 0
            when not wanted).
        sides: Written: 1 for a Banker bet, 0 for a Player bet, per round played
            (length 0 when not wanted).
        path: Written: the bankroll before the first round and after each
            round played (length 0 when not wanted).
        results: Written: the session's results (columns above; zero on entry).
    """
    record = stakes.size > 0
    keep_path = path.size > 0
    money = bankroll
    lowest = money
    max_units = (maximum + base - 1) // base
    state = np.zeros(3, dtype=np.int64)
    state[_LEVEL] = 1 if system == MARTINGALE else 0
    line = np.empty(outcomes.size + 8, dtype=np.int64)
    _new_line(state, line)
    on_banker = banker_first
    turnover = 0
    turnover_banker = 0
    reason = END_ROUNDS
    played = 0
    if keep_path:
        path[0] = money
    for r in range(outcomes.size):
        reason = _stop_reason(money, bankroll, stop_win, stop_loss)
        if reason != END_ROUNDS:
            break
        units = min(_units(system, state, line), max_units)
        stake = min(units * base, maximum)
        if stake > money:
            reason = END_CANNOT_AFFORD
            break
        outcome = outcomes[r]
        resolution = payouts[on_banker, outcome, 0]
        if resolution == WIN:
            scaled = stake * payouts[on_banker, outcome, 1]
            denominator = payouts[on_banker, outcome, 2]
            net = scaled // denominator
            results[ROUNDED + on_banker * 4 + outcome] += scaled % denominator
        elif resolution == LOSE:
            net = -stake
        else:  # a push
            net = 0
        if record:
            stakes[played] = stake
            sides[played] = on_banker
        turnover += stake
        turnover_banker += stake * on_banker
        money += net
        lowest = min(lowest, money)
        played += 1
        if keep_path:
            path[played] = money
        # The progression moves on the result (a push changes nothing).
        if resolution == WIN:
            _after_win(system, state)
        elif resolution == LOSE:
            _after_loss(system, state, line, units, max_units)
        if system == FOLLOW_WINNER and _WINNER[outcome] >= 0:
            on_banker = _WINNER[outcome]
    if reason == END_ROUNDS:
        # Every round was played: a stop reached on the last round still counts.
        reason = _stop_reason(money, bankroll, stop_win, stop_loss)
    results[FINAL] = money
    results[ROUNDS_PLAYED] = played
    results[TURNOVER] = turnover
    results[TURNOVER_BANKER] = turnover_banker
    results[NET] = money - bankroll
    results[REASON] = reason
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
    payouts: npt.NDArray[np.int64],
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
            payouts,
            no_stakes,
            no_sides,
            path,
            results[i],
        )
