"""``simulate``: validate, pick a backend, run it, decode the tallies.

The library entry point behind ``puntobanco simulate``. Every backend deals
the same shoes (shoe ``k`` shuffled by ``Xoshiro256StarStar.for_shoe(seed, k)``)
in index order and stops after exactly the rounds asked for, so a seed gives
the same tallies in every backend and with any number of workers:

* ``reference``: the core engine, one coup at a time (the oracle; slow).
* ``cpu``: the numba kernel on ``workers`` threads.
* ``cuda``: whole shoes on the GPU (:mod:`puntobanco.sim.cuda`), the cut-off
  last shoe on the CPU kernel.
* ``dask``: the numba kernel in chunks on a Dask cluster (``scheduler``), or on
  a local cluster of ``workers`` processes.

>>> result = simulate(hands=1000, seed=1, backend="reference")
>>> result.hands, result.banker + result.player + result.tie
(1000, 1000)
"""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from puntobanco.core.coup import Outcome
from puntobanco.core.errors import BaccaratError
from puntobanco.core.rng import MAX_SEED
from puntobanco.core.rules import Rules
from puntobanco.sim import stats
from puntobanco.sim.engines import CpuEngine, KernelArgs, ShoeEngine, run_exact
from puntobanco.sim.reference import tally_reference
from puntobanco.sim.tallies import (
    Tallies,
    cards_dealt,
    check,
    named,
    outcome_counts,
    rounds,
)

#: The most rounds (or shoes) one run may ask for: the tallies are int64.
MAX_HANDS = 10**18

#: Rounds per Dask task (about 0.1 s of one core); the tests make it smaller.
DASK_CHUNK_ROUNDS = 8 << 20

#: Seconds to wait for a Dask scheduler by default.
DEFAULT_TIMEOUT = 10.0


class Backend(StrEnum):
    """Where the rounds are dealt."""

    REFERENCE = "reference"
    CPU = "cpu"
    CUDA = "cuda"
    DASK = "dask"


class SimulationError(BaccaratError, ValueError):
    """A simulation was asked for with arguments it cannot run with, or its backend is missing.

    Codes: ``count`` (hands or shoes out of range), ``count_choice`` (both or
    neither), ``seed``, ``backend``, ``workers``, ``scheduler_option``,
    ``scheduler_unreachable``, ``dask_missing``, ``no_gpu``, ``timeout``.
    """


def max_workers(backend: Backend) -> int:
    """The most workers ``backend`` accepts here (threads, processes, or 1)."""
    if backend is Backend.CPU:
        import numba

        return int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
    if backend is Backend.DASK:
        return max(1, os.cpu_count() or 1)
    return 1


@dataclass(frozen=True, slots=True)
class Simulation:
    """The result of a run.

    Attributes:
        rules: The game simulated.
        seed: The seed.
        backend: The backend that dealt the rounds.
        workers: Threads or processes used (for a remote cluster: its workers).
        tallies: The counts (layout of :mod:`puntobanco.sim.tallies`).
        shoes: Shoes started (the last one may have been cut off).
        seconds: Time spent dealing, one-off compilation and cluster start excluded.
        interrupted: The run was stopped early; the tallies are what was dealt.
        requested: The rounds (or, with ``unit`` "shoes", whole shoes) asked for.
        unit: ``"hands"`` or ``"shoes"``.
    """

    rules: Rules
    seed: int
    backend: Backend
    workers: int
    tallies: Tallies
    shoes: int
    seconds: float
    interrupted: bool = False
    requested: int = 0
    unit: str = "hands"
    _exact: list[stats.ExactFigures | None] = field(default_factory=list, repr=False)

    @property
    def hands(self) -> int:
        """Rounds dealt."""
        return rounds(self.tallies)

    @property
    def banker(self) -> int:
        """Banker wins."""
        return outcome_counts(self.tallies)[Outcome.BANKER]

    @property
    def player(self) -> int:
        """Player wins."""
        return outcome_counts(self.tallies)[Outcome.PLAYER]

    @property
    def tie(self) -> int:
        """Ties."""
        return outcome_counts(self.tallies)[Outcome.TIE]

    @property
    def hands_per_second(self) -> float:
        """Rounds dealt per second of dealing."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def exact(self) -> stats.ExactFigures | None:
        """The analyzer's exact figures for these rules (computed once), if available."""
        if not self._exact:
            self._exact.append(stats.exact_figures(self.rules))
        return self._exact[0]

    def to_json(self) -> dict[str, Any]:
        """Everything about the run as a JSON-ready dict (the ``--json`` output)."""
        t = self.tallies
        exact = self.exact()
        rules = self.rules
        counts = named(t, rules.tableau)
        return {
            "hands": self.hands,
            "banker": self.banker,
            "player": self.player,
            "tie": self.tie,
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
            "backend": self.backend.value,
            "workers": self.workers,
            "seed": self.seed,
            "requested": {self.unit: self.requested},
            "interrupted": self.interrupted,
            "shoes": self.shoes,
            "rules": rules.to_json(),
            "banker_wins_on_six": counts["banker_wins_on_six"],
            "naturals": {"player": counts["player_naturals"], "banker": counts["banker_naturals"]},
            "pairs": {"player": counts["player_pairs"], "banker": counts["banker_pairs"]},
            "cards_dealt": cards_dealt(t),
            "rounds_by_cards": {
                "4": counts["four_card_rounds"],
                "5": counts["five_card_rounds"],
                "6": counts["six_card_rounds"],
            },
            "outcomes": {
                name: e.as_json() for name, e in stats.outcome_summaries(t, exact).items()
            },
            "bets": {name: e.as_json() for name, e in stats.bet_summaries(rules, t, exact).items()},
            "exact_basis": None if exact is None else "full shoe",
            "tallies": counts,
        }


def _check_count(name: str, value: int | None) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_HANDS:
        raise SimulationError(
            f"{name} must be a whole number from 1 to {MAX_HANDS:,}, got {value!r}",
            code="count",
            name=name,
            value=repr(value),
            maximum=MAX_HANDS,
        )


def _validate(
    hands: int | None,
    shoes: int | None,
    seed: int,
    backend: str,
    workers: int | None,
    scheduler: str | None,
    timeout: float,
) -> tuple[Backend, int]:
    if (hands is None) == (shoes is None):
        raise SimulationError("give either hands or shoes (exactly one)", code="count_choice")
    _check_count("hands", hands)
    _check_count("shoes", shoes)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        # Larger seeds would be reduced modulo 2**64 and deal another seed's game.
        raise SimulationError(
            f"seed must be a whole number from 0 to {MAX_SEED}, got {seed!r}",
            code="seed",
            value=repr(seed),
        )
    try:
        chosen = Backend(backend)
    except ValueError:
        allowed = ", ".join(b.value for b in Backend)
        raise SimulationError(
            f"unknown backend {backend!r}: choose one of {allowed}",
            code="backend",
            value=str(backend),
            allowed=allowed,
        ) from None
    if scheduler is not None and chosen is not Backend.DASK:
        raise SimulationError(
            "a scheduler address is only used by the dask backend", code="scheduler_option"
        )
    if scheduler is not None and "://" not in scheduler:
        raise SimulationError(
            f"the scheduler address must look like tcp://host:8786, got {scheduler!r}",
            code="scheduler_address",
            value=scheduler,
        )
    if not timeout > 0:
        raise SimulationError(
            f"the timeout must be more than 0 seconds, got {timeout!r}", code="timeout"
        )
    most = max_workers(chosen)
    if workers is None:
        return chosen, most
    if scheduler is not None:
        raise SimulationError(
            "workers cannot be set with a scheduler: the cluster's workers are used",
            code="workers_with_scheduler",
        )
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= most:
        raise SimulationError(
            f"the {chosen.value} backend takes 1 to {most} workers here, got {workers!r}",
            code="workers",
            backend=chosen.value,
            value=repr(workers),
            maximum=most,
        )
    return chosen, workers


def _cuda_engine(args: KernelArgs, rules: Rules) -> ShoeEngine:
    """Whole shoes on the GPU through :mod:`puntobanco.sim.cuda`, the last shoe on the CPU."""
    missing = SimulationError(
        "the cuda backend needs an NVIDIA GPU with CuPy or numba-cuda; "
        "use --backend cpu (all cores) or --backend dask instead",
        code="no_gpu",
    )
    try:
        cuda = importlib.import_module("puntobanco.sim.cuda")
        available = bool(cuda.cuda_available())
    except Exception:  # noqa: BLE001 - any failure to load a GPU stack means "no GPU"
        raise missing from None
    if not available:
        raise missing
    cpu = CpuEngine(args, 1)
    # Named only when wanted: the main bets' call is what it always was.
    pairs = {"pair_classes": True} if args.pair_classes else {}

    class CudaEngine:
        def tally(self, first_shoe: int, shoes: int, max_rounds: int) -> tuple[Tallies, bool]:
            result = cuda.tally_shoes_cuda(
                seed=int(args.seed),
                first_shoe=first_shoe,
                shoes=shoes,
                decks=rules.decks,
                cut_card=rules.cut_card,
                burn=args.burn,
                reshuffle=args.reshuffle,
                tableau=args.tableau,
                **pairs,
            )
            return check(result), True

        def tally_capped(self, shoe: int, max_rounds: int) -> Tallies:
            return cpu.tally_capped(shoe, max_rounds)

    engine = CudaEngine()
    engine.tally(0, 2, 1 << 62)  # compile and load the GPU kernel before timing
    cpu.tally_capped(0, 1)
    return engine


def simulate(
    rules: Rules | None = None,
    *,
    hands: int | None = None,
    shoes: int | None = None,
    seed: int = 0,
    backend: str = "cpu",
    workers: int | None = None,
    scheduler: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    progress: Callable[[int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Simulation:
    """Deal exactly ``hands`` rounds (or ``shoes`` whole shoes) and tally them.

    Args:
        rules: The game (default :class:`Rules`: 8 decks, cut card, burn).
        hands: Rounds to deal, shoes in index order, the last shoe cut off.
        shoes: Whole shoes to deal instead of ``hands``.
        seed: Any whole number from 0; the same seed gives the same tallies
            in every backend and with any number of workers.
        backend: ``reference``, ``cpu``, ``cuda`` or ``dask``.
        workers: Threads (cpu) or local processes (dask); the most available
            by default. The reference and cuda backends use one.
        scheduler: A Dask scheduler address (``tcp://host:8786``), dask only.
        timeout: Seconds to wait for the scheduler.
        progress: Called now and then with the rounds (or shoes) done.
        should_stop: Polled now and then; when it returns true the run stops
            and the partial result is returned with ``interrupted`` set.

    Raises:
        SimulationError: Bad arguments, an unreachable scheduler, or no GPU.

    Every bet the rules offer is tallied, side bets included; Perfect Pair and
    Tiger Pair make the backends count the full pair classes as well
    (:func:`~puntobanco.sim.tallies.needs_pair_classes`).
    """
    rules = rules if rules is not None else Rules()
    chosen, used_workers = _validate(hands, shoes, seed, backend, workers, scheduler, timeout)
    unit = "hands" if hands is not None else "shoes"
    requested = hands if hands is not None else shoes
    assert requested is not None

    def result(tallies: Tallies, shoes_started: int, seconds: float, stopped: bool) -> Simulation:
        return Simulation(
            rules=rules,
            seed=seed,
            backend=chosen,
            workers=used_workers,
            tallies=check(tallies),
            shoes=shoes_started,
            seconds=seconds,
            interrupted=stopped,
            requested=requested,
            unit=unit,
        )

    if chosen is Backend.REFERENCE:
        started = time.perf_counter()
        tallies, started_shoes = tally_reference(
            rules, seed=seed, hands=hands, shoes=shoes, progress=progress, should_stop=should_stop
        )
        seconds = time.perf_counter() - started
        done = rounds(tallies) if hands is not None else started_shoes
        return result(tallies, started_shoes, seconds, done < requested)

    args = KernelArgs.of(rules, seed)
    closer: Callable[[], None] | None = None
    batch_seconds = 0.25
    engine: ShoeEngine
    if chosen is Backend.CPU:
        cpu = CpuEngine(args, used_workers)
        cpu.warm_up()
        engine = cpu
    elif chosen is Backend.CUDA:
        engine = _cuda_engine(args, rules)
    else:
        engine, closer = _dask_engine(args, scheduler, used_workers, timeout, should_stop)
        batch_seconds = 2.0
        if scheduler is not None:
            used_workers = engine.workers  # type: ignore[attr-defined]
    try:
        started = time.perf_counter()
        state = run_exact(
            engine,
            max_rounds_per_shoe=args.max_rounds_per_shoe,
            hands=hands,
            shoes=shoes,
            progress=progress,
            should_stop=should_stop,
            batch_seconds=batch_seconds,
        )
        seconds = time.perf_counter() - started
    finally:
        if closer is not None:
            closer()
    return result(state.tallies, state.shoes, seconds, state.interrupted)


def _dask_engine(
    args: KernelArgs,
    scheduler: str | None,
    workers: int,
    timeout: float,
    should_stop: Callable[[], bool] | None,
) -> tuple[ShoeEngine, Callable[[], None]]:
    try:
        from puntobanco.sim import cluster
    except ImportError:
        raise SimulationError(
            "the dask backend needs the dask[distributed] package; install it or use --backend cpu",
            code="dask_missing",
        ) from None
    chunk_shoes = max(1, DASK_CHUNK_ROUNDS // args.max_rounds_per_shoe)
    try:
        engine = cluster.connect(
            args,
            scheduler=scheduler,
            workers=workers,
            timeout=timeout,
            chunk_shoes=chunk_shoes,
            should_stop=should_stop,
        )
    except (OSError, TimeoutError) as error:
        raise SimulationError(
            f"could not reach the Dask scheduler at {scheduler} within {timeout:g} s ({error}); "
            "check the address, or leave --scheduler out to start a local cluster",
            code="scheduler_unreachable",
            address=str(scheduler),
            timeout=timeout,
        ) from None
    try:
        engine.warm_up()
    except BaseException:
        engine.close()
        raise
    return engine, engine.close
