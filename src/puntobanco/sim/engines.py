"""Engines that tally whole shoes, and the loop that cuts a run at exactly N rounds.

An engine answers one question: the tallies of shoes ``first .. first + count
- 1``, each capped at ``max_rounds`` rounds. :func:`run_exact` asks it for
shoes in index order, only for shoes that surely fit in the rounds still
wanted (a shoe gives at most ``cards // 4`` rounds), and cuts the last shoe
with ``max_rounds``; so every backend deals exactly the rounds the reference
simulator deals, whatever its number of workers.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from puntobanco.core.rules import Rules
from puntobanco.sim import encode, kernels
from puntobanco.sim.encode import TableauArrays
from puntobanco.sim.tallies import Tallies, empty, needs_pair_classes, rounds

#: No cap on a shoe's rounds.
UNCAPPED = 1 << 62


class ShoeEngine(Protocol):
    """Tallies whole shoes by index."""

    def tally(self, first_shoe: int, shoes: int, max_rounds: int) -> tuple[Tallies, bool]:
        """Tally shoes ``first_shoe .. first_shoe + shoes - 1``, each capped at ``max_rounds``.

        Returns the tallies and whether every shoe asked for was dealt (false
        only when the run was stopped part-way and these are partial).
        """
        ...

    def tally_capped(self, shoe: int, max_rounds: int) -> Tallies:
        """Tally one shoe cut after ``max_rounds`` rounds (the last shoe of a run)."""
        ...


@dataclass(frozen=True, slots=True)
class KernelArgs:
    """The rules as the kernels take them.

    Attributes:
        seed: The seed, reduced mod 2**64.
        template: The unshuffled shoe's card bytes, then :data:`kernels.SLACK` zeros.
        cut_index: Position of the first card behind the cut card (-1: reshuffle mode).
        burn: Whether each shoe starts with a burn.
        reshuffle: A fresh shoe for every round.
        max_rounds_per_shoe: The most rounds one shoe can give.
        tableau: The drawing tables (checked again here: the kernels index
            them without bounds checks).
        pair_classes: Count the full pair classes too (the rules offer a bet
            that needs them: :func:`tallies.needs_pair_classes`).
    """

    seed: np.uint64
    template: np.ndarray
    cut_index: int
    burn: bool
    reshuffle: bool
    max_rounds_per_shoe: int
    tableau: TableauArrays
    pair_classes: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.tableau, TableauArrays):
            raise ValueError(f"tableau must be encode.TableauArrays, got {self.tableau!r}")
        self.tableau.check()
        encode.check_array(self.template, self.template.shape, np.uint8, "the shoe template")

    def tables(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The tableau's arrays in the kernels' argument order (naturals, Player, Banker).

        Checked on every call: the arrays are mutable, and the kernels read
        them without bounds checks.
        """
        t = self.tableau
        t.check()
        return t.naturals, t.player, t.banker_flat

    @classmethod
    def of(cls, rules: Rules, seed: int) -> KernelArgs:
        """Encode ``rules`` and ``seed`` (reduced mod 2**64, as core.rng does)."""
        shoe = encode.layout(rules)
        template = np.zeros(shoe.cards + kernels.SLACK, dtype=np.uint8)
        template[: shoe.cards] = encode.unshuffled_codes(shoe.decks)
        return cls(
            seed=np.uint64(seed & (2**64 - 1)),
            template=template,
            cut_index=-1 if shoe.reshuffle else shoe.cut_index,
            burn=shoe.burn,
            reshuffle=shoe.reshuffle,
            max_rounds_per_shoe=shoe.max_rounds_per_shoe,
            tableau=encode.tableau_arrays(rules),
            pair_classes=needs_pair_classes(rules),
        )

    def serial(self, first_shoe: int, shoes: int, max_rounds: int) -> Tallies:
        """Run :func:`kernels.tally_range` on this thread."""
        result = empty()
        kernels.tally_range(
            result,
            self.seed,
            first_shoe,
            shoes,
            self.template,
            self.cut_index,
            self.burn,
            self.reshuffle,
            max_rounds,
            *self.tables(),
            self.pair_classes,
        )
        return result


class CpuEngine:
    """The numba kernel on ``workers`` threads."""

    def __init__(self, args: KernelArgs, workers: int) -> None:
        import numba

        self.args = args
        self.workers = workers
        numba.set_num_threads(workers)

    def warm_up(self) -> None:
        """Load (or compile) the kernels, so that timing leaves compilation out."""
        self.tally(0, 3, UNCAPPED)
        self.tally_capped(0, 1)

    def tally(self, first_shoe: int, shoes: int, max_rounds: int) -> tuple[Tallies, bool]:
        """See :class:`ShoeEngine`."""
        import numba

        a = self.args
        # Several chunks per thread, handed out one at a time, keep both cores
        # busy when other programs share them; each chunk deals its shoes in
        # pairs, so keep chunks from getting tiny. The sum is the same however
        # the shoes are split.
        chunks = max(1, min(self.workers * 8, shoes // 64))
        with numba.parallel_chunksize(1):
            result: Tallies = kernels.tally_range_parallel(
                a.seed,
                first_shoe,
                shoes,
                a.template,
                a.cut_index,
                a.burn,
                a.reshuffle,
                max_rounds,
                *a.tables(),
                chunks,
                a.pair_classes,
            )
        return result, True

    def tally_capped(self, shoe: int, max_rounds: int) -> Tallies:
        """See :class:`ShoeEngine`."""
        return self.args.serial(shoe, 1, max_rounds)


@dataclass(slots=True)
class RunState:
    """Where a run stands: tallies so far, shoes started, whether it was stopped."""

    tallies: Tallies
    shoes: int = 0
    interrupted: bool = False


def run_exact(
    engine: ShoeEngine,
    *,
    max_rounds_per_shoe: int,
    hands: int | None = None,
    shoes: int | None = None,
    progress: Callable[[int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    batch_seconds: float = 0.25,
) -> RunState:
    """Deal exactly ``hands`` rounds (or ``shoes`` whole shoes) with ``engine``.

    Batches grow until one takes about ``batch_seconds``, so that progress
    and a stop request are seen a few times a second.

    Args:
        engine: Tallies whole shoes.
        max_rounds_per_shoe: The most rounds one shoe can give.
        hands: Rounds wanted (the last shoe is cut off after the last one).
        shoes: Whole shoes wanted instead.
        progress: Called after each batch with the rounds (or shoes) done.
        should_stop: Polled between batches.
        batch_seconds: Aim for batches about this long.
    """
    state = RunState(tallies=empty())
    batch = 64
    while True:
        done = rounds(state.tallies) if hands is not None else state.shoes
        if should_stop is not None and should_stop():
            state.interrupted = True
            break
        if hands is not None:
            remaining = hands - done
            if remaining <= 0:
                break
            whole = remaining // max_rounds_per_shoe
        else:
            assert shoes is not None
            remaining = whole = shoes - done
            if remaining <= 0:
                break
        started = time.perf_counter()
        if whole > 0:
            count = min(whole, batch)
            tallies, complete = engine.tally(state.shoes, count, UNCAPPED)
            state.shoes += count
            if not complete:
                state.tallies += tallies
                state.interrupted = True
                break
        else:
            tallies = engine.tally_capped(state.shoes, remaining)
            state.shoes += 1
        state.tallies += tallies
        if time.perf_counter() - started < batch_seconds / 2:
            batch *= 2
        if progress is not None:
            progress(rounds(state.tallies) if hands is not None else state.shoes)
    return state
