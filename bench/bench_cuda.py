"""Hands per second of the cuda backend, beside a CPU baseline, in one run.

    PYTHONPATH=src python bench/bench_cuda.py [--quick]

Workload: seeded 8-deck cut-card shoes (burn, cut card 14 from the end), and
6-deck reshuffle-every-round rounds, dealt as the reference engine deals them. Each GPU
figure is the median of several timed calls after a warm-up (compilation
excluded); a call returns only after the tallies are back on the host.

Baselines: the same kernel source built for one CPU core (HostKernel), so the
ratio shows what the GPU adds to identical code; and the numba ``cpu`` backend
on all cores (``puntobanco simulate --backend cpu``), where numba works. Without a GPU the script
says so and exits 0 after the baseline.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from puntobanco.sim import cuda

CUT_CARD = {"decks": 8, "cut_card": 14, "burn": True, "reshuffle": False}
RESHUFFLE = {"decks": 6, "cut_card": 14, "burn": False, "reshuffle": True}


def timed(run: Callable[[], npt.NDArray[np.int64]], repeats: int) -> tuple[float, int]:
    """Median seconds of ``repeats`` calls of ``run`` and the hands it dealt."""
    # Warm-up: compilation and first-touch costs stay out. A tally is a
    # histogram of coup classes: its sum is the rounds dealt.
    hands = int(run().sum())
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds), hands


def gpu_rate(
    workload: dict[str, Any], shoes: int, repeats: int, **tuning: Any
) -> tuple[float, float]:
    """(hands per second, seconds) of the GPU on ``shoes`` shoes of ``workload``."""
    seconds, hands = timed(
        lambda: cuda.tally_shoes_cuda(seed=1, first_shoe=0, shoes=shoes, **workload, **tuning),
        repeats,
    )
    return hands / seconds, seconds


def host_rate(workload: dict[str, Any], shoes: int) -> float:
    """Hands per second of the kernel's C source on one CPU core."""
    host = cuda.HostKernel()
    seconds, hands = timed(
        lambda: host.tally(seed=1, first_shoe=0, shoes=shoes, **workload, grid=1, block=64), 1
    )
    return hands / seconds


def cpu_backend_rate(hands: int) -> float | None:
    """Hands per second of ``simulate(backend="cpu")`` (numba, all cores); None if unusable."""
    try:
        from puntobanco.sim.api import simulate

        simulate(hands=10_000, seed=1, backend="cpu")  # compile first
        result = simulate(hands=hands, seed=1, backend="cpu")
    except Exception as error:  # numba missing or broken on this machine
        print(f"cpu backend unavailable: {error!r}")
        return None
    return result.hands / result.seconds


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs")
    options = parser.parse_args()
    scale = 1 if options.quick else 4
    rows: list[tuple[str, float]] = []
    base_cut = base_reshuffle = float("nan")
    if cuda.find_c_compiler() is None:
        print("no C compiler: host baseline skipped")
    else:
        base_cut = host_rate(CUT_CARD, 20_000)
        base_reshuffle = host_rate(RESHUFFLE, 2_000_000)
    rows.append(("host C, 1 core, 8-deck cut-card", base_cut))
    rows.append(("host C, 1 core, 6-deck reshuffle", base_reshuffle))
    numba_rate = cpu_backend_rate(scale * 10_000_000)
    if numba_rate is not None:
        rows.append(("numba cpu backend, 8-deck cut-card", numba_rate))
    if not cuda.cuda_available():
        print("no CUDA GPU (or no CuPy): GPU rows skipped")
    else:
        import cupy

        props = cupy.cuda.runtime.getDeviceProperties(0)
        print(f"GPU: {props['name'].decode()}, {props['multiProcessorCount']} SMs")
        cut_rate, _ = gpu_rate(CUT_CARD, scale * 2**26, 3)
        reshuffle_rate, _ = gpu_rate(RESHUFFLE, scale * 2**31, 3)
        rows.append(("cuda, 8-deck cut-card", cut_rate))
        rows.append(("cuda, 6-deck reshuffle", reshuffle_rate))
        rows.append(("ratio cut-card cuda / host", cut_rate / base_cut))
        if numba_rate is not None:
            rows.append(("ratio cut-card cuda / numba cpu", cut_rate / numba_rate))
        rows.append(("ratio reshuffle cuda / host", reshuffle_rate / base_reshuffle))
    for name, value in rows:
        shown = f"{value:12.1f} x" if name.startswith("ratio") else f"{value / 1e9:12.3f} G hands/s"
        print(f"{name:36s} {shown}")


if __name__ == "__main__":
    main()
