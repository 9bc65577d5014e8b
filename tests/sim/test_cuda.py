"""The GPU kernel's logic, checked bit for bit on the CPU build of the same source.

CI has no GPU: :class:`HostKernel` compiles ``cuda_src/shoe_tally.cu`` with a C
compiler (only the CUDA built-ins are stand-ins) and must give exactly the
tallies of the reference engine (core.shoe.Shoe + core.rng.SeededSource +
core.coup.play_coup) for the same seeds.
"""

from __future__ import annotations

import numpy as np
import pytest

from puntobanco.core.coup import Outcome
from puntobanco.core.errors import InvalidRules
from puntobanco.core.rng import SeededSource, Xoshiro256StarStar
from puntobanco.core.rules import Rules, ShoeMode
from puntobanco.core.shoe import Shoe
from puntobanco.core.tableau import PLAYER_STOOD
from puntobanco.sim.cuda import (
    TALLY_SIZE,
    HostKernel,
    NoGPU,
    cuda_available,
    find_c_compiler,
    tableau_defines,
    tally_shoes_cuda,
)

needs_compiler = pytest.mark.skipif(find_c_compiler() is None, reason="no C compiler")


def reference_tally(
    *,
    seed: int,
    first_shoe: int,
    shoes: int,
    decks: int,
    cut_card: int,
    burn: bool,
    reshuffle: bool,
) -> list[int]:
    """The 12 counts of CONTRACTS.md B, from the core reference engine."""
    mode = ShoeMode.RESHUFFLE if reshuffle else ShoeMode.CUT_CARD
    rules = Rules(decks=decks, cut_card=cut_card, burn=burn, shoe_mode=mode)
    shoe = Shoe(rules, SeededSource(seed), first_shoe=first_shoe)
    counts = [0] * TALLY_SIZE
    finished = 0
    while finished < shoes:
        result = shoe.deal_coup()
        banker_won = result.outcome is Outcome.BANKER
        counts[0] += 1
        counts[1] += result.outcome is Outcome.PLAYER
        counts[2] += banker_won
        counts[3] += result.outcome is Outcome.TIE
        counts[4] += banker_won and result.banker_total == 6
        counts[5] += result.player_natural
        counts[6] += result.banker_natural
        counts[7] += result.player_pair
        counts[8] += result.banker_pair
        counts[5 + len(result.cards)] += 1  # 4, 5, 6 cards -> 9, 10, 11
        finished += result.last_in_shoe
    return counts


@pytest.fixture(
    scope="module",
    params=[(True, False), (False, False), (True, True)],
    ids=["paired-bytes", "plain-bytes", "paired-nibbles"],
)
def host_kernel(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> HostKernel:
    """Each variant of the kernel built for the CPU (all must give the same numbers)."""
    if find_c_compiler() is None:
        pytest.skip("no C compiler")
    paired, nibbles = request.param
    folder = tmp_path_factory.mktemp("hostkernel")
    return HostKernel(paired_draws=paired, nibbles=nibbles, directory=folder)


CASES = [
    # seed, first_shoe, shoes, decks, cut_card, burn, reshuffle
    (42, 0, 6, 8, 14, True, False),
    (2026, 1000, 5, 6, 14, True, False),
    (7, 3, 8, 1, 12, True, False),
    (2**64 - 1, 0, 4, 8, 60, False, False),
    (123456789, 2**40, 6, 4, 20, True, False),
    (42, 0, 400, 8, 14, True, True),
    (99, 17, 300, 6, 14, False, True),
    (2**63 + 5, 2**50, 300, 1, 12, True, True),
]


@needs_compiler
@pytest.mark.parametrize(
    ("seed", "first_shoe", "shoes", "decks", "cut_card", "burn", "reshuffle"), CASES
)
def test_host_kernel_matches_reference_engine(
    host_kernel: HostKernel,
    seed: int,
    first_shoe: int,
    shoes: int,
    decks: int,
    cut_card: int,
    burn: bool,
    reshuffle: bool,
) -> None:
    args = dict(
        seed=seed,
        first_shoe=first_shoe,
        shoes=shoes,
        decks=decks,
        cut_card=cut_card,
        burn=burn,
        reshuffle=reshuffle,
    )
    expected = reference_tally(**args)  # type: ignore[arg-type]
    # Fewer threads than shoes (grid-stride loop) and an odd block: the shared
    # memory layout's stride is then not a power of two.
    got = host_kernel.tally(**args, grid=2, block=3)  # type: ignore[arg-type]
    assert got.tolist() == expected
    assert sum(expected[1:4]) == expected[0] == sum(expected[9:12])


@needs_compiler
def test_thread_layout_does_not_change_the_tally(host_kernel: HostKernel) -> None:
    args = dict(seed=5, first_shoe=0, shoes=40, decks=8, cut_card=14, burn=True, reshuffle=False)
    one = host_kernel.tally(**args, grid=1, block=1)  # type: ignore[arg-type]
    many = host_kernel.tally(**args, grid=3, block=32)  # type: ignore[arg-type]
    more_threads_than_shoes = host_kernel.tally(**args, grid=4, block=64)  # type: ignore[arg-type]
    assert one.tolist() == many.tolist() == more_threads_than_shoes.tolist()
    assert one[0] > 40 * 60  # whole 8-deck shoes: some 80 rounds each


@needs_compiler
def test_zero_shoes_tally_nothing(host_kernel: HostKernel) -> None:
    got = host_kernel.tally(
        seed=1, first_shoe=0, shoes=0, decks=8, cut_card=14, burn=True, reshuffle=False
    )
    assert got.tolist() == [0] * TALLY_SIZE


@needs_compiler
@pytest.mark.parametrize("paired", [True, False])
def test_draws_match_core_rng_including_rejections(host_kernel: HostKernel, paired: bool) -> None:
    # Bounds near 2**32 make Lemire's rejection step frequent (a quarter of the
    # draws for 3 * 2**30), which real shoe sizes almost never reach; mixed with
    # shoe sizes, in groups of four as the kernel's paired draw takes them.
    bounds = [416, 3 << 30, 415, 2**32 - 1, 3 << 30, 3 << 30, 7, (3 << 30) + 1] * 25
    for shoe_index in (0, 1, 2**33):
        rng = Xoshiro256StarStar.for_shoe(seed=31337, shoe_index=shoe_index)
        expected = [rng.randbelow(n) for n in bounds] + [rng.next32() for _ in range(3)]
        got = host_kernel.draws(
            seed=31337, shoe_index=shoe_index, bounds=bounds, paired=paired, tail=3
        )
        assert got == expected


def test_tableau_masks_agree_with_seed_000_formulation() -> None:
    """Decode the kernel's masks and compare with the rule stated by the Player's third card."""
    defines = tableau_defines()
    player = int(defines["PB_PLAYER_DRAWS"].rstrip("u"), 16)
    halves = [int(defines[f"PB_BANKER_DRAWS_{h}"].rstrip("LU"), 16) for h in ("LO", "HI")]
    assert [bool(player >> t & 1) for t in range(8)] == [t <= 5 for t in range(8)]

    def kernel_draws(banker: int, third: int) -> bool:
        return bool(halves[banker // 4] >> ((banker % 4) * 16 + third) & 1)

    # Seed 000: by the Player's third card, the Banker totals that draw.
    by_third = {
        0: range(0, 4), 1: range(0, 4), 2: range(0, 5), 3: range(0, 5), 4: range(0, 6),
        5: range(0, 6), 6: range(0, 7), 7: range(0, 7), 8: range(0, 3), 9: range(0, 4),
    }  # fmt: skip
    for banker in range(8):
        for third in range(10):
            assert kernel_draws(banker, third) == (banker in by_third[third]), (banker, third)
        assert kernel_draws(banker, PLAYER_STOOD) == (banker <= 5)


def test_cuda_available_is_a_bool_without_error() -> None:
    assert isinstance(cuda_available(), bool)


@pytest.mark.skipif(cuda_available(), reason="a GPU is present")
def test_without_gpu_the_backend_says_which_to_use() -> None:
    with pytest.raises(NoGPU, match="--backend cpu"):
        tally_shoes_cuda(
            seed=1, first_shoe=0, shoes=1, decks=8, cut_card=14, burn=True, reshuffle=False
        )


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"seed": -1}, ValueError),
        ({"shoes": -5}, ValueError),
        ({"first_shoe": 2**64}, ValueError),
        ({"decks": 9}, InvalidRules),
        ({"cut_card": 5}, InvalidRules),
    ],
)
def test_bad_arguments_are_refused_before_any_gpu_work(
    changes: dict[str, int], error: type[Exception]
) -> None:
    args = dict(seed=1, first_shoe=0, shoes=1, decks=8, cut_card=14, burn=True, reshuffle=False)
    args.update(changes)
    with pytest.raises(error):
        tally_shoes_cuda(**args)  # type: ignore[arg-type]


@pytest.mark.skipif(not cuda_available(), reason="no CUDA GPU")
def test_gpu_matches_reference_engine() -> None:
    for case in CASES:
        seed, first_shoe, shoes, decks, cut_card, burn, reshuffle = case
        args = dict(
            seed=seed,
            first_shoe=first_shoe,
            shoes=shoes,
            decks=decks,
            cut_card=cut_card,
            burn=burn,
            reshuffle=reshuffle,
        )
        assert tally_shoes_cuda(**args).tolist() == reference_tally(**args)  # type: ignore[arg-type]


# ---- the GPU wrapper's own logic, with CuPy replaced by the CPU build ----------


class _HostArray(np.ndarray):  # type: ignore[type-arg]
    """A NumPy array with CuPy's ``get()``."""

    def get(self) -> np.ndarray:  # type: ignore[type-arg]
        return np.asarray(self)


class _FakeFunction:
    num_regs = 56

    def __init__(self, host: HostKernel, reshuffle: bool) -> None:
        self.host, self.reshuffle = host, reshuffle
        self.max_dynamic_shared_size_bytes = 0
        self.launches = 0

    def __call__(
        self, grid: tuple[int], block: tuple[int], args: tuple[object, ...], shared_mem: int = 0
    ) -> None:
        seed, start, count, decks = (int(a) for a in args[:4])  # type: ignore[call-overload]
        cut_card, burn = (14, False) if self.reshuffle else (int(args[4]), bool(args[5]))  # type: ignore[call-overload]
        assert self.reshuffle or shared_mem >= block[0] * 13 * decks * 4 // 2
        out = args[-1]
        assert isinstance(out, np.ndarray)
        out += self.host.tally(
            seed=seed, first_shoe=start, shoes=count, decks=decks, cut_card=cut_card,
            burn=burn, reshuffle=self.reshuffle, grid=grid[0], block=block[0],
        ).astype(np.uint64)  # fmt: skip
        self.launches += 1


class _FakeCupy:
    """Just enough of CuPy for :func:`tally_shoes_cuda`, running the host build."""

    uint64 = np.uint64

    def __init__(self, directory: object) -> None:
        self.directory = directory
        self.functions: list[_FakeFunction] = []
        attributes = {
            "MultiProcessorCount": 2,
            "MaxThreadsPerMultiProcessor": 64,
            "MaxSharedMemoryPerMultiprocessor": 1 << 20,
            "MaxRegistersPerMultiprocessor": 65536,
        }
        device = type("Device", (), {"attributes": attributes})
        runtime = type("Runtime", (), {"getDeviceCount": staticmethod(lambda: 1)})
        self.cuda = type("Cuda", (), {"runtime": runtime, "Device": device})

    def RawModule(self, *, code: str, options: tuple[str, ...]) -> object:  # noqa: N802
        paired = "-DPB_PAIRED_DRAWS=1" in options
        nibbles = "-DPB_NIBBLES=1" in options
        host = HostKernel(paired_draws=paired, nibbles=nibbles, directory=self.directory)  # type: ignore[arg-type]
        functions = {
            "pb_tally_cut_card": _FakeFunction(host, reshuffle=False),
            "pb_tally_reshuffle": _FakeFunction(host, reshuffle=True),
        }
        self.functions.extend(functions.values())
        return type("Module", (), {"get_function": staticmethod(functions.__getitem__)})

    def zeros(self, size: int, dtype: object) -> _HostArray:
        return np.zeros(size, dtype=np.uint64).view(_HostArray)


@needs_compiler
@pytest.mark.parametrize("nibbles", [False, True])
def test_gpu_wrapper_splits_launches_and_adds_them_up(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory, nibbles: bool
) -> None:
    import sys

    from puntobanco.sim import cuda

    fake = _FakeCupy(tmp_path_factory.mktemp("fakecupy"))
    monkeypatch.setitem(sys.modules, "cupy", fake)
    monkeypatch.setattr(cuda, "SHOES_PER_THREAD_PER_LAUNCH", 1)
    cuda.cuda_available.cache_clear()
    cuda._gpu_kernels.cache_clear()
    try:
        assert cuda.cuda_available()
        for args in (
            dict(seed=3, first_shoe=7, shoes=40, decks=2, cut_card=14, burn=True, reshuffle=False),
            dict(seed=4, first_shoe=2**40, shoes=150, decks=6, cut_card=14, burn=False,
                 reshuffle=True),
        ):  # fmt: skip
            got = cuda.tally_shoes_cuda(**args, block=8, nibbles=nibbles)  # type: ignore[arg-type]
            assert got.dtype == np.int64
            assert got.tolist() == reference_tally(**args)  # type: ignore[arg-type]
        # 2 SMs x 64 threads, 8 per block, one shoe per thread per launch: several launches.
        assert max(f.launches for f in fake.functions) > 1
    finally:
        cuda.cuda_available.cache_clear()
        cuda._gpu_kernels.cache_clear()


@needs_compiler
@pytest.mark.parametrize(
    ("decks", "cut_card", "burn", "reshuffle"),
    [(8, 14, True, False), (6, 20, False, False), (6, 14, False, True)],
)
def test_host_kernel_matches_the_numba_cpu_backend_on_thousands_of_shoes(
    host_kernel: HostKernel, decks: int, cut_card: int, burn: bool, reshuffle: bool
) -> None:
    """A second, independent implementation (sim.kernels), at a size the reference cannot reach."""
    api = pytest.importorskip("puntobanco.sim.api")
    mode = ShoeMode.RESHUFFLE if reshuffle else ShoeMode.CUT_CARD
    rules = Rules(decks=decks, cut_card=cut_card, burn=burn, shoe_mode=mode)
    cpu = api.simulate(rules, shoes=2_000, seed=77, backend="cpu", workers=1)
    got = host_kernel.tally(
        seed=77, first_shoe=0, shoes=2_000, decks=decks, cut_card=cut_card, burn=burn,
        reshuffle=reshuffle, grid=4, block=32,
    )  # fmt: skip
    assert got.tolist() == [int(x) for x in cpu.tallies]
