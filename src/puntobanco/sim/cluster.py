"""The Dask backend: the numba kernel run in chunks of shoes on a Dask cluster.

A chunk is a range of shoe indices, and its tallies depend only on (rules,
seed, first shoe, count): the task is pure and its key names the range. If a
worker is lost mid-run the scheduler runs its chunks again elsewhere, and the
result is the same, because the same shoes are dealt from the same streams.

Without a scheduler address, a :class:`distributed.LocalCluster` of worker
processes (one thread each) is started for the run and closed after it.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from typing import Any

import numpy as np

from puntobanco.core.rules import Rules
from puntobanco.sim import encode, kernels
from puntobanco.sim.engines import KernelArgs
from puntobanco.sim.tallies import Tallies, empty

#: Seconds between two looks at the stop flag while waiting for chunks.
POLL_SECONDS = 0.2


def tally_chunk(
    seed: int,
    first_shoe: int,
    shoes: int,
    template: np.ndarray,
    cut_index: int,
    burn: bool,
    reshuffle: bool,
    max_rounds: int,
    tableau: encode.TableauArrays,
    pair_classes: bool = False,
) -> Tallies:
    """The task a worker runs: :func:`kernels.tally_range` on one thread.

    With ``pair_classes`` the full pair classes are counted too.

    The tableau's arrays are checked again on the worker (they crossed the
    network) before the kernel, which does not check bounds, reads them.
    """
    tableau.check(values=True)
    result = empty()
    kernels.tally_range(
        result,
        np.uint64(seed),
        first_shoe,
        shoes,
        template,
        cut_index,
        burn,
        reshuffle,
        max_rounds,
        tableau.naturals,
        tableau.player,
        tableau.banker_flat,
        bool(pair_classes),
    )
    return result


def _warm_up() -> int:
    # Loads the cached machine code (or compiles it) on a worker before timing starts.
    template = np.zeros(52 + kernels.SLACK, dtype=np.uint8)
    template[:52] = encode.unshuffled_codes(1)
    tableau = encode.tableau_arrays(Rules())
    for pairs in (False, True):
        tally_chunk(0, 0, 3, template, 52 - 14, True, False, 1 << 62, tableau, pairs)
        tally_chunk(0, 0, 3, template, -1, False, True, 1, tableau, pairs)
    return 0


class DaskEngine:
    """Tallies ranges of shoes on a Dask cluster (see :class:`engines.ShoeEngine`).

    Args:
        args: The encoded rules and seed.
        client: A connected ``distributed.Client``.
        chunk_shoes: Shoes per task.
        should_stop: Polled while waiting; when true, pending chunks are cancelled.
        owned: Objects to close with :meth:`close` (a local cluster started for the run).
    """

    def __init__(
        self,
        args: KernelArgs,
        client: Any,
        *,
        chunk_shoes: int,
        should_stop: Callable[[], bool] | None = None,
        owned: tuple[Any, ...] = (),
    ) -> None:
        self.args = args
        self.client = client
        self.chunk_shoes = chunk_shoes
        self.should_stop = should_stop
        self._owned = owned
        t = args.tableau
        layout = (
            int(args.seed),
            args.cut_index,
            args.burn,
            args.reshuffle,
            args.template.size,
            # Two rule sets on one scheduler must never share a task key.
            t.naturals.tobytes() + t.player.tobytes() + t.banker.tobytes(),
            args.pair_classes,
        )
        self._fingerprint = hashlib.sha256(repr(layout).encode()).hexdigest()[:16]

    def warm_up(self) -> None:
        """Load the kernels on every worker."""
        self.client.run(_warm_up)

    @property
    def workers(self) -> int:
        """Workers currently connected to the scheduler."""
        return len(self.client.scheduler_info(n_workers=-1).get("workers", {}))

    def tally(self, first_shoe: int, shoes: int, max_rounds: int) -> tuple[Tallies, bool]:
        """Tally shoes ``first_shoe ..`` in chunks; partial if stopped (see ``ShoeEngine``)."""
        from distributed import wait

        a = self.args
        futures = []
        for start in range(first_shoe, first_shoe + shoes, self.chunk_shoes):
            count = min(self.chunk_shoes, first_shoe + shoes - start)
            key = f"puntobanco-sim-{self._fingerprint}-{start}-{count}-{max_rounds}"
            futures.append(
                self.client.submit(
                    tally_chunk,
                    int(a.seed),
                    start,
                    count,
                    a.template,
                    a.cut_index,
                    a.burn,
                    a.reshuffle,
                    max_rounds,
                    a.tableau,
                    a.pair_classes,
                    key=key,
                    retries=3,
                )
            )
        tallies = empty()
        pending = set(futures)
        while pending:
            if self.should_stop is not None and self.should_stop():
                self.client.cancel(list(pending))
                return tallies, False
            try:
                done, not_done = wait(  # type: ignore[no-untyped-call]
                    pending, timeout=POLL_SECONDS, return_when="FIRST_COMPLETED"
                )
            except TimeoutError:  # nothing finished yet (a lost worker's chunks are rerun)
                continue
            for future in done:
                tallies += future.result()
            pending = set(not_done)
        return tallies, True

    def tally_capped(self, shoe: int, max_rounds: int) -> Tallies:
        """The last shoe of a run, cut after ``max_rounds`` rounds (one small task)."""
        tallies, _ = self.tally(shoe, 1, max_rounds)
        return tallies

    def close(self) -> None:
        """Close the client and whatever was started for this run."""
        self.client.close()
        for thing in self._owned:
            thing.close()


def connect(
    args: KernelArgs,
    *,
    scheduler: str | None,
    workers: int,
    timeout: float,
    chunk_shoes: int,
    should_stop: Callable[[], bool] | None = None,
) -> DaskEngine:
    """Connect to ``scheduler`` (or start a local cluster of ``workers`` processes).

    Raises:
        OSError: The scheduler did not answer within ``timeout`` seconds.
    """
    from distributed import Client, LocalCluster

    if scheduler is not None:
        client = Client(scheduler, timeout=timeout)  # type: ignore[no-untyped-call]
        return DaskEngine(args, client, chunk_shoes=chunk_shoes, should_stop=should_stop)
    cluster = LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    client = Client(cluster, timeout=timeout)  # type: ignore[no-untyped-call]
    return DaskEngine(
        args, client, chunk_shoes=chunk_shoes, should_stop=should_stop, owned=(cluster,)
    )
