"""One call on the GPU machine: exactness first, then speed, then where the time goes.

    PYTHONPATH=src python3 bench/gpu/device_check.py

1. Every case of bench/gpu/expected.json (reference engine / CPU build of the
   kernel, computed off the GPU by make_expected.py) must come out identical,
   for both draw variants, and also when the work is split into many launches.
2. Hands per second, 8-deck cut-card shoes and 6/8-deck reshuffle rounds, for
   each draw variant and block size (median of 3 timed calls after a warm-up).
3. Ablations to explain the figure: the generator alone (bounded draws per
   second) and the shuffle alone (Fisher-Yates in shared memory, no game).
Prints a summary table last; exits 1 on any mismatch.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import cupy
import numpy as np

from puntobanco.sim import cuda

HERE = Path(__file__).resolve().parent
#: (paired_draws, nibbles) variants of the kernel: all must agree exactly.
VARIANTS = [(True, False), (True, True), (False, False)]
ABLATIONS = r"""
extern "C" __global__ void ab_rng(pb_u64 seed, pb_u64 shoes, pb_u32 draws, pb_u64 *out) {
    pb_u32 acc = 0;
    pb_u64 threads = (pb_u64)gridDim.x * blockDim.x;
    for (pb_u64 k = (pb_u64)blockIdx.x * blockDim.x + threadIdx.x; k < shoes; k += threads) {
        pb_rng g;
        pb_rng_seed(&g, seed, k);
        for (pb_u32 i = 0; i < draws; ++i) acc += pb_randbelow(&g, 416 - (i & 255));
    }
    atomicAdd((unsigned long long *)out, (unsigned long long)acc);
}
extern "C" __global__ void ab_shuffle(pb_u64 seed, pb_u64 shoes, pb_u32 decks, pb_u32 cards,
                                      pb_u64 *out) {
    pb_u32 acc = 0;
    pb_shoe s;
    s.words = pb_shared_words + threadIdx.x;
    s.stride = blockDim.x;
    s.n = 52 * decks;
    pb_u64 threads = (pb_u64)gridDim.x * blockDim.x;
    for (pb_u64 k = (pb_u64)blockIdx.x * blockDim.x + threadIdx.x; k < shoes; k += threads) {
        pb_rng g;
        pb_rng_seed(&g, seed, k);
        pb_fill(&s);
        s.pos = 0;
        for (pb_u32 i = 0; i < cards; ++i) acc += pb_deal(&s, &g);
    }
    atomicAdd((unsigned long long *)out, (unsigned long long)acc);
}
"""


def median_seconds(run: Any, repeats: int = 3) -> float:
    """Median wall time of ``run()`` (which synchronises), after one warm-up call."""
    run()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def check_exact() -> bool:
    """Compare every expected case; print one line each."""
    ok = True
    cases = json.loads((HERE / "expected.json").read_text(encoding="utf-8"))
    for paired, nibbles in VARIANTS:
        for case in cases:
            if nibbles and case["args"].get("pair_classes") and not case["args"]["reshuffle"]:
                continue  # the 4-bit layout holds no suits: refused by design
            got = cuda.tally_shoes_cuda(**case["args"], paired_draws=paired, nibbles=nibbles)
            same = got.tolist() == case["tally"]
            ok &= same
            source = "reference" if case["oracle"] else "host C"
            variant = f"paired={paired:d} nibbles={nibbles:d}"
            print(f"exact {variant} vs {source:9} {case['args']}: {same}")
    # Many small launches must add up to the same tallies.
    saved = cuda.SHOES_PER_THREAD_PER_LAUNCH
    cuda.SHOES_PER_THREAD_PER_LAUNCH = 1
    try:
        for case in cases[-3:]:
            same = cuda.tally_shoes_cuda(**case["args"]).tolist() == case["tally"]
            ok &= same
            print(f"exact, one shoe per thread per launch, {case['args']}: {same}")
    finally:
        cuda.SHOES_PER_THREAD_PER_LAUNCH = saved
    return ok


def speed(rows: list[str]) -> None:
    """Hands per second for each mode, draw variant and block size."""
    workloads = [
        ("cut-card 8 decks", {"decks": 8, "cut_card": 14, "burn": True, "reshuffle": False},
         2**27, VARIANTS, (128, 256)),
        ("cut-card 6 decks", {"decks": 6, "cut_card": 14, "burn": True, "reshuffle": False},
         2**27, VARIANTS[:2], (128,)),
        ("reshuffle 6 decks", {"decks": 6, "cut_card": 14, "burn": False, "reshuffle": True},
         2**33, [(True, False), (False, False)], (256, 512)),
        ("reshuffle 8 decks", {"decks": 8, "cut_card": 14, "burn": False, "reshuffle": True},
         2**33, [(True, False)], (256,)),
        # Every side bet offered: the full pair classes counted too.
        ("cut-card 8 pairs", {"decks": 8, "cut_card": 14, "burn": True, "reshuffle": False,
                              "pair_classes": True}, 2**27, [(True, False)], (128, 256)),
    ]  # fmt: skip
    for name, workload, shoes, variants, blocks in workloads:
        for paired, nibbles in variants:
            for block in blocks:
                hands = 0

                def run(
                    block: int = block,
                    paired: bool = paired,
                    nibbles: bool = nibbles,
                    shoes: int = shoes,
                    workload: dict[str, Any] = workload,
                ) -> None:
                    nonlocal hands
                    hands = int(
                        cuda.tally_shoes_cuda(
                            seed=11,
                            first_shoe=0,
                            shoes=shoes,
                            block=block,
                            paired_draws=paired,
                            nibbles=nibbles,
                            **workload,
                        ).sum()
                    )

                seconds = median_seconds(run)
                rate = hands / seconds
                line = (
                    f"{name:17s} paired={paired:d} nibbles={nibbles:d} block={block:3d}: "
                    f"{hands:>14,d} hands "
                    f"in {seconds:6.3f} s = {rate / 1e9:7.2f} G hands/s"
                )
                print(line, flush=True)
                rows.append(line)


def ablations(rows: list[str]) -> None:
    """The generator alone and the shuffle alone, in cards per second."""
    defines = cuda.kernel_defines(paired_draws=True, nibbles=False)
    options = tuple(f"-D{k}={v}" for k, v in defines.items())
    module = cupy.RawModule(code=cuda.kernel_source() + ABLATIONS, options=options)
    sms = cupy.cuda.Device().attributes["MultiProcessorCount"]
    out = cupy.zeros(1, dtype=cupy.uint64)
    rng = module.get_function("ab_rng")
    shoes, draws = 2**24, 400
    seconds = median_seconds(
        lambda: (
            rng((sms * 8,), (256,), (np.uint64(1), np.uint64(shoes), np.uint32(draws), out)),
            cupy.cuda.Device().synchronize(),
        )
    )
    line = f"ablation: generator alone: {shoes * draws / seconds / 1e9:7.1f} G draws/s"
    print(line)
    rows.append(line)
    shuffle = module.get_function("ab_shuffle")
    block, decks, cards = 128, 8, 400
    shared = block * 13 * decks * 4
    shuffle.max_dynamic_shared_size_bytes = shared
    per_sm = cupy.cuda.Device().attributes["MaxSharedMemoryPerMultiprocessor"] // (shared + 1024)
    shoes = 2**24
    args = (np.uint64(1), np.uint64(shoes), np.uint32(decks), np.uint32(cards), out)
    seconds = median_seconds(
        lambda: (
            shuffle((sms * per_sm,), (block,), args, shared_mem=shared),
            cupy.cuda.Device().synchronize(),
        )
    )
    line = (
        f"ablation: fill + shuffle alone (8 decks, 400 cards dealt per shoe): "
        f"{shoes * cards / seconds / 1e9:7.1f} G cards/s, "
        f"{shoes / seconds / 1e6:8.1f} M shoes/s"
    )
    print(line)
    rows.append(line)


def main() -> int:
    """Run the three parts; return the exit status."""
    props = cupy.cuda.runtime.getDeviceProperties(0)
    runtime = cupy.cuda.runtime.runtimeGetVersion()
    print(f"GPU {props['name'].decode()}, {props['multiProcessorCount']} SMs, ", end="")
    print(f"CuPy {cupy.__version__}, CUDA runtime {runtime}")
    for paired, nibbles in VARIANTS:
        cut, reshuffle = cuda._gpu_kernels(paired, nibbles)
        for name, kernel in (("cut-card", cut), ("reshuffle", reshuffle)):
            print(
                f"{name} kernel paired={paired:d} nibbles={nibbles:d}: "
                f"{kernel.num_regs} registers, {kernel.local_size_bytes} B local"
            )
    ok = check_exact()
    rows: list[str] = []
    speed(rows)
    try:
        ablations(rows)
    except Exception as error:  # an ablation must not hide the main figures
        print(f"ablations failed: {error!r}")
    print("\n==== summary ====")
    print(f"exact: {'ALL MATCH' if ok else 'MISMATCH'}")
    for line in rows:
        print(line)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
