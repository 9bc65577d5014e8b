"""Running the advantage study: settings, training, chunks on workers, and the figures.

A setting is ``(decks, cut_card)``. For each, thresholds are first chosen on
``train_shoes`` shoes of ``train_seed``, then ``shoes`` shoes of ``seed`` are
measured. Shoes go out in chunks of consecutive indices; each chunk's result is
an array per shoe, and the chunks are put back in index order before anything
is summed, so one seed gives bit-identical figures on 1 or many workers, on
processes or on a Dask cluster (any :class:`concurrent.futures.Executor`).

Ctrl-C (``KeyboardInterrupt``) stops the run: the shoes already measured, a
prefix of the shoe indices, are summed and returned with ``interrupted`` set.
"""

from __future__ import annotations

import math
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from puntobanco.core.rng import MAX_SEED
from puntobanco.sim.advantage import (
    STUDY_BETS,
    AdvantageError,
    Count,
    FloatArray,
    best_threshold,
    counts_for,
    make_plan,
    seeded_shoe,
    study_rules,
    tally_shoe,
)

#: Shoes per chunk sent to a worker: small enough for progress and Ctrl-C, large
#: enough that sending a chunk costs little next to dealing it.
CHUNK = 50

Progress = Callable[[str, int, int], None]


def _ignore_interrupt() -> None:
    # Ctrl-C reaches the whole process group: the parent alone handles it and
    # keeps what is finished, the workers finish their chunk and are shut down.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass(frozen=True, slots=True)
class Job:
    """One chunk of shoes for a worker (picklable)."""

    decks: int
    cut_card: int
    seed: int
    start: int
    stop: int
    thresholds: tuple[float, ...] | None  # None: a training chunk


def run_job(job: Job) -> tuple[FloatArray, FloatArray]:
    """Deal one chunk.

    A training chunk gives ``(edges, true_counts)`` of every round, ``(rounds, counts)``
    each; a measuring chunk the per-shoe tallies ``(shoes, bets, 3)`` and ``(shoes, counts, 3)``.
    """
    counts = counts_for(job.decks)
    plan = make_plan(study_rules(job.decks, job.cut_card), counts)
    if job.thresholds is None:
        edges, tcs = [], []
        for index in range(job.start, job.stop):
            rounds = seeded_shoe(plan, job.seed, index)
            edges.append(rounds.edges[:, plan.count_bets])
            tcs.append(rounds.true_counts)
        return np.concatenate(edges), np.concatenate(tcs)
    thresholds = np.array(job.thresholds)
    perfect, counted = [], []
    for index in range(job.start, job.stop):
        p, c = tally_shoe(seeded_shoe(plan, job.seed, index), plan.count_bets, thresholds)
        perfect.append(p)
        counted.append(c)
    return np.array(perfect), np.array(counted)


@dataclass(frozen=True, slots=True)
class Line:
    """One bet's figures for one strategy.

    Attributes:
        rounds_per_shoe: Rounds bet per shoe.
        mean_edge: Mean exact edge (player's expectation per unit) on the rounds bet.
        win: Actual win per 100 shoes, in units.
        win_se: Its standard error (from the spread between shoes).
        expected_win: Summed exact edge of the bets placed, per 100 shoes: the
            win's expectation, with a far smaller error.
        expected_se: Its standard error.
    """

    rounds_per_shoe: float
    mean_edge: float
    win: float
    win_se: float
    expected_win: float
    expected_se: float

    @classmethod
    def of(cls, tallies: FloatArray) -> Line:
        """From per-shoe tallies ``(shoes, 3)``: rounds bet, summed edge, summed net."""
        shoes = len(tallies)
        bets = float(tallies[:, 0].sum())

        def per_100(column: FloatArray) -> tuple[float, float]:
            se = float(column.std(ddof=1)) / math.sqrt(shoes) if shoes > 1 else math.nan
            return 100.0 * float(column.mean()), 100.0 * se

        win, win_se = per_100(tallies[:, 2])
        expected, expected_se = per_100(tallies[:, 1])
        return cls(
            bets / shoes,
            float(tallies[:, 1].sum()) / bets if bets else 0.0,
            win,
            win_se,
            expected,
            expected_se,
        )


@dataclass(frozen=True, slots=True)
class CountLine:
    """A count's figures: its tags, the threshold chosen in training, and how it did."""

    count: Count
    threshold: float
    line: Line
    share: float  # of the perfect player's expected win (nan if that is not positive)


@dataclass(frozen=True, slots=True)
class Setting:
    """The result of one ``(decks, cut_card)``."""

    decks: int
    cut_card: int
    shoes: int
    train_shoes: int
    perfect: dict[str, Line]
    counts: dict[str, list[CountLine]]


@dataclass(slots=True)
class Study:
    """The whole run."""

    seed: int
    train_seed: int
    settings: list[Setting] = field(default_factory=list)
    interrupted: bool = False


def check_request(
    *,
    decks: Sequence[int],
    cut_cards: Sequence[int],
    shoes: int,
    train_shoes: int,
    seed: int,
    train_seed: int,
    workers: int,
) -> None:
    """Refuse a request the study cannot run, naming what is wrong and what is allowed.

    Raises:
        AdvantageError: The first problem found in the counts and seeds.
        InvalidRules: The rules refuse a number of decks or a cut card.
    """
    for name, value, low in (
        ("shoes", shoes, 2),
        ("train-shoes", train_shoes, 1),
        ("workers", workers, 1),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise AdvantageError(
                f"{name} must be a whole number of at least {low}, got {value!r}",
                "count",
                name=name,
                low=low,
                value=value,
            )
    for name, value in (("seed", seed), ("train-seed", train_seed)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
            raise AdvantageError(
                f"{name} must be a whole number from 0 to {MAX_SEED}, got {value!r}",
                "seed",
                name=name,
                value=value,
            )
    if seed == train_seed:
        raise AdvantageError(
            f"the training seed must differ from the seed ({seed}): thresholds chosen on the "
            "measured shoes would bias the count's win upward",
            "same_seed",
            seed=seed,
        )
    if not decks or not cut_cards:
        raise AdvantageError("give at least one number of decks and one cut-card depth", "settings")
    for d in decks:
        for c in cut_cards:
            study_rules(d, c)  # raises InvalidRules with the rules' own message


def _chunks(total: int, size: int) -> list[tuple[int, int]]:
    return [(s, min(s + size, total)) for s in range(0, total, size)]


def _map(
    jobs: list[Job], executor: Executor | None, progress: Progress | None, phase: str, total: int
) -> tuple[list[tuple[FloatArray, FloatArray]], bool]:
    """Run ``jobs``; return the results of the longest finished prefix, and whether interrupted."""
    results: list[tuple[FloatArray, FloatArray] | None] = [None] * len(jobs)
    done = 0
    try:
        if executor is None:
            for i, job in enumerate(jobs):
                results[i] = run_job(job)
                done += job.stop - job.start
                if progress:
                    progress(phase, done, total)
        else:
            futures: list[Future[tuple[FloatArray, FloatArray]]] = [
                executor.submit(run_job, job) for job in jobs
            ]
            for i, future in enumerate(futures):
                results[i] = future.result()
                done += jobs[i].stop - jobs[i].start
                if progress:
                    progress(phase, done, total)
    except KeyboardInterrupt:
        prefix = []
        for r in results:
            if r is None:
                break
            prefix.append(r)
        return prefix, True
    return [r for r in results if r is not None], False


def run_study(
    *,
    decks: Sequence[int] = (8,),
    cut_cards: Sequence[int] = (14,),
    shoes: int = 1000,
    train_shoes: int = 500,
    seed: int = 1,
    train_seed: int = 2,
    workers: int = 1,
    executor: Executor | None = None,
    progress: Progress | None = None,
    chunk: int | None = None,
) -> Study:
    """Train and measure every setting.

    Args:
        decks: The numbers of decks.
        cut_cards: The cut-card depths (cards behind the cut card).
        shoes: Shoes measured per setting.
        train_shoes: Shoes the thresholds are chosen on, per setting.
        seed: Seed of the measured shoes.
        train_seed: Seed of the training shoes (must differ from ``seed``).
        workers: Processes (1: in this process). Ignored when ``executor`` is given.
        executor: Any executor, e.g. ``distributed.Client(...).get_executor()``.
        chunk: Shoes per job, :data:`CHUNK` by default (the figures do not depend on it).
        progress: Called with ``(phase, shoes done, shoes in the phase)``, phase
            ``"train d/c"`` or ``"measure d/c"``.

    Raises:
        AdvantageError, InvalidRules: A request :func:`check_request` refuses.
    """
    check_request(
        decks=decks,
        cut_cards=cut_cards,
        shoes=shoes,
        train_shoes=train_shoes,
        seed=seed,
        train_seed=train_seed,
        workers=workers,
    )
    study = Study(seed=seed, train_seed=train_seed)
    size = chunk if chunk is not None else CHUNK
    own = (
        ProcessPoolExecutor(workers, initializer=_ignore_interrupt)
        if executor is None and workers > 1
        else None
    )
    pool = executor if executor is not None else own
    try:
        for d in decks:
            for c in cut_cards:
                setting = _setting(d, c, shoes, train_shoes, seed, train_seed, pool, progress, size)
                if setting is None:
                    study.interrupted = True
                    return study
                study.settings.append(setting[0])
                if setting[1]:
                    study.interrupted = True
                    return study
    finally:
        if own is not None:
            own.shutdown(wait=not study.interrupted, cancel_futures=True)
    return study


def _setting(
    decks: int,
    cut_card: int,
    shoes: int,
    train_shoes: int,
    seed: int,
    train_seed: int,
    pool: Executor | None,
    progress: Progress | None,
    chunk: int,
) -> tuple[Setting, bool] | None:
    counts = counts_for(decks)
    tag = f"{decks}/{cut_card}"
    train = [Job(decks, cut_card, train_seed, a, b, None) for a, b in _chunks(train_shoes, chunk)]
    trained, stopped = _map(train, pool, progress, f"train {tag}", train_shoes)
    if stopped:
        return None
    edges = np.concatenate([e for e, _ in trained])
    tcs = np.concatenate([t for _, t in trained])
    thresholds = tuple(best_threshold(tcs[:, i], edges[:, i]) for i in range(len(counts)))
    jobs = [Job(decks, cut_card, seed, a, b, thresholds) for a, b in _chunks(shoes, chunk)]
    measured, stopped = _map(jobs, pool, progress, f"measure {tag}", shoes)
    if len(measured) == 0 or sum(len(p) for p, _ in measured) < 2:
        return None
    perfect = np.concatenate([p for p, _ in measured])
    counted = np.concatenate([c for _, c in measured])
    perfect_lines = {k.value: Line.of(perfect[:, i, :]) for i, k in enumerate(STUDY_BETS)}
    count_lines: dict[str, list[CountLine]] = {}
    for j, count in enumerate(counts):
        line = Line.of(counted[:, j, :])
        best = perfect_lines[count.kind.value].expected_win
        share = line.expected_win / best if best > 0 else math.nan
        count_lines.setdefault(count.kind.value, []).append(
            CountLine(count, thresholds[j], line, share)
        )
    setting = Setting(decks, cut_card, len(perfect), train_shoes, perfect_lines, count_lines)
    return setting, stopped
