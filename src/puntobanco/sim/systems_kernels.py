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

_LABOUCHERE_LINE = (1, 2, 3, 4)
#: Stake sequences of the systems that climb on wins and start again after a loss.
_PAROLI = (1, 2, 4)
_ONE_THREE_TWO_SIX = (1, 3, 2, 6)

# The progression's state is three integers, passed in and returned (kept in
# registers): ``level`` (martingale's units; d'Alembert's units - 1; the step
# of the others) and, for Labouchere, ``head`` and ``tail`` (one past the last
# number) of the line, whose numbers live in an array.


@njit(cache=True)
def _fibonacci(index: int) -> int:
    a, b = 1, 1
    for _ in range(index):
        a, b = b, a + b
    return a


@njit(cache=True)
def _new_line(line: npt.NDArray[np.int64]) -> int:
    """Write a fresh Labouchere line at the start of ``line``; returns its ``tail``."""
    tail = 0
    for value in _LABOUCHERE_LINE:
        line[tail] = value
        tail += 1
    return tail


@njit(cache=True, inline="always")
def _units(
    system: int, level: int, head: int, tail: int, line: npt.NDArray[np.int64]
) -> tuple[int, int, int]:
    """The units the progression stakes on the next round: ``(units, head, tail)``."""
    if system == MARTINGALE:
        return level, head, tail
    if system == DALEMBERT:
        return level + 1, head, tail
    if system == PAROLI:
        return _PAROLI[level], head, tail
    if system == ONE_THREE_TWO_SIX:
        return _ONE_THREE_TWO_SIX[level], head, tail
    if system == FIBONACCI:
        return _fibonacci(level), head, tail
    if system == LABOUCHERE:
        if head == tail:  # the line is done: a new one
            head, tail = 0, _new_line(line)
        units = line[head] + line[tail - 1] if tail - head > 1 else line[head]
        return int(units), head, tail
    return 1, head, tail  # flat, follow-the-winner


@njit(cache=True, inline="always")
def _after_win(system: int, level: int, head: int, tail: int) -> tuple[int, int, int]:
    """The progression after a winning bet: ``(level, head, tail)``."""
    if system == MARTINGALE:
        return 1, head, tail
    if system == DALEMBERT:
        return max(level - 1, 0), head, tail
    if system == PAROLI:
        return (level + 1) % len(_PAROLI), head, tail
    if system == ONE_THREE_TWO_SIX:
        return (level + 1) % len(_ONE_THREE_TWO_SIX), head, tail
    if system == FIBONACCI:
        return max(level - 2, 0), head, tail
    if system == LABOUCHERE:  # cross out the first and the last number
        head += 1
        return level, head, tail - 1 if tail > head else tail
    return level, head, tail


@njit(cache=True, inline="always")
def _after_loss(
    system: int, level: int, tail: int, line: npt.NDArray[np.int64], units: int, max_units: int
) -> tuple[int, int]:
    """The progression after a losing bet of ``units`` units: ``(level, tail)``."""
    if system == MARTINGALE:
        return min(units * 2, max_units), tail
    if system == DALEMBERT:
        return min(level + 1, max_units - 1), tail
    if system == PAROLI or system == ONE_THREE_TWO_SIX:
        return 0, tail
    if system == FIBONACCI:
        return (level + 1 if _fibonacci(level) < max_units else level), tail
    if system == LABOUCHERE:  # write the stake at the end of the line
        line[tail] = units
        return level, tail + 1
    return level, tail


@njit(cache=True, inline="always")
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
        results: Written: the session's results (columns above).
    """
    # Only Labouchere writes to its line beyond the first numbers.
    line = np.empty(outcomes.size + 8 if system == LABOUCHERE else 8, dtype=np.int64)
    _play(
        outcomes,
        system,
        banker_first,
        bankroll,
        base,
        maximum,
        stop_win,
        stop_loss,
        payouts.reshape(-1),
        line,
        np.empty(RESULT_COLUMNS - ROUNDED, dtype=np.int64),
        stakes,
        sides,
        path,
        results,
    )


@njit(cache=True, inline="always")
def _play(  # noqa: PLR0912, PLR0915
    outcomes: npt.NDArray[np.int8],
    system: int,
    banker_first: int,
    bankroll: int,
    base: int,
    maximum: int,
    stop_win: int,
    stop_loss: int,
    flat: npt.NDArray[np.int64],
    line: npt.NDArray[np.int64],
    rounded: npt.NDArray[np.int64],
    stakes: npt.NDArray[np.int64],
    sides: npt.NDArray[np.int8],
    path: npt.NDArray[np.int64],
    results: npt.NDArray[np.int64],
) -> None:
    """:func:`play_session`'s work, on the payouts flattened and scratch arrays made once.

    ``line`` holds at least ``outcomes.size + 8`` numbers for Labouchere, 8
    otherwise; ``rounded`` holds ``RESULT_COLUMNS - ROUNDED``.
    """
    record = stakes.size > 0
    keep_path = path.size > 0
    money = bankroll
    lowest = money
    max_units = (maximum + base - 1) // base
    level = 1 if system == MARTINGALE else 0
    head, tail = 0, _new_line(line)
    rounded[:] = 0
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
        units, head, tail = _units(system, level, head, tail, line)
        units = min(units, max_units)
        stake = min(units * base, maximum)
        if stake > money:
            reason = END_CANNOT_AFFORD
            break
        # Unsigned indices: the callers checked the codes (0-3), and numba
        # adds a negative-index fix-up to every signed one.
        cell = np.uintp(on_banker) * np.uintp(4) + np.uintp(outcomes[r])
        resolution = flat[cell * np.uintp(3)]
        if resolution == WIN:
            scaled = stake * flat[cell * np.uintp(3) + np.uintp(1)]
            denominator = flat[cell * np.uintp(3) + np.uintp(2)]
            net = scaled // denominator
            rounded[cell] += scaled % denominator
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
            level, head, tail = _after_win(system, level, head, tail)
        elif resolution == LOSE:
            level, tail = _after_loss(system, level, tail, line, units, max_units)
        if system == FOLLOW_WINNER and outcomes[r] != TIE:
            on_banker = int((outcomes[r] == BANKER_WIN) | (outcomes[r] == BANKER_WIN_SIX))
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
    results[ROUNDED:] = rounded


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
    line = np.empty(outcomes.shape[1] + 8 if system == LABOUCHERE else 8, dtype=np.int64)
    flat = payouts.reshape(-1)
    rounded = np.empty(RESULT_COLUMNS - ROUNDED, dtype=np.int64)
    for i in range(outcomes.shape[0]):
        path = paths[i] if i < paths.shape[0] else no_path
        _play(
            outcomes[i],
            system,
            banker_first,
            bankroll,
            base,
            maximum,
            stop_win,
            stop_loss,
            flat,
            line,
            rounded,
            no_stakes,
            no_sides,
            path,
            results[i],
        )
