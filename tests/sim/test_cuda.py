"""The GPU kernel's logic, checked bit for bit on the CPU build of the same source.

CI has no GPU: :class:`HostKernel` compiles ``cuda_src/shoe_tally.cu`` with a C
compiler (only the CUDA built-ins are stand-ins) and must give exactly the
tallies of the reference engine (core.shoe.Shoe + core.rng.SeededSource +
core.coup.play_coup) for the same seeds, under the standard tableau and the
odd one of tests/core (the tableau reaches the kernel as parameters).
"""

from __future__ import annotations

import numpy as np
import pytest

from puntobanco.core.errors import InvalidRules
from puntobanco.core.rng import SeededSource, Xoshiro256StarStar
from puntobanco.core.rules import Rules, ShoeMode
from puntobanco.core.shoe import Shoe
from puntobanco.core.tableau import PLAYER_STOOD
from puntobanco.sim import encode, tallies
from puntobanco.sim.cuda import (
    HISTOGRAM_BYTES,
    TALLY_SIZE,
    HostKernel,
    NoGPU,
    TableauMasks,
    cuda_available,
    find_c_compiler,
    tableau_masks,
    tally_shoes_cuda,
)
from tests.core.test_gametables import ODD

#: The rules whose tableau a case uses (the shoe's settings come from the case).
TABLEAUX = {"standard": Rules(), "odd": ODD}

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
    base: Rules | None = None,
) -> list[int]:
    """The tally (:mod:`puntobanco.sim.tallies`) of the core reference engine.

    ``base`` gives the tableau (the standard one by default).
    """
    mode = ShoeMode.RESHUFFLE if reshuffle else ShoeMode.CUT_CARD
    rules = (base or Rules()).replace(decks=decks, cut_card=cut_card, burn=burn, shoe_mode=mode)
    shoe = Shoe(rules, SeededSource(seed), first_shoe=first_shoe)
    counts = tallies.empty()
    finished = 0
    while finished < shoes:
        result = shoe.deal_coup()
        tallies.add_coup(counts, result)
        finished += result.last_in_shoe
    return [int(c) for c in counts]


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
    # seed, first_shoe, shoes, decks, cut_card, burn, reshuffle, tableau
    (42, 0, 6, 8, 14, True, False, "standard"),
    (2026, 1000, 5, 6, 14, True, False, "standard"),
    (7, 3, 8, 1, 12, True, False, "standard"),
    (2**64 - 1, 0, 4, 8, 60, False, False, "standard"),
    (123456789, 2**40, 6, 4, 20, True, False, "standard"),
    (42, 0, 400, 8, 14, True, True, "standard"),
    (99, 17, 300, 6, 14, False, True, "standard"),
    (2**63 + 5, 2**50, 300, 1, 12, True, True, "standard"),
    (42, 0, 6, 8, 14, True, False, "odd"),
    (7, 3, 8, 1, 12, True, False, "odd"),
    (99, 17, 300, 6, 14, False, True, "odd"),
]
CASE_FIELDS = ("seed", "first_shoe", "shoes", "decks", "cut_card", "burn", "reshuffle", "tableau")


@needs_compiler
@pytest.mark.parametrize(CASE_FIELDS, CASES)
def test_host_kernel_matches_reference_engine(
    host_kernel: HostKernel,
    seed: int,
    first_shoe: int,
    shoes: int,
    decks: int,
    cut_card: int,
    burn: bool,
    reshuffle: bool,
    tableau: str,
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
    base = TABLEAUX[tableau]
    expected = reference_tally(**args, base=base)  # type: ignore[arg-type]
    # Fewer threads than shoes (grid-stride loop) and an odd block: the shared
    # memory layout's stride is then not a power of two.
    got = host_kernel.tally(**args, grid=2, block=3, tableau=encode.tableau_arrays(base))  # type: ignore[arg-type]
    assert got.tolist() == expected
    assert tallies.rounds(np.array(expected)) >= shoes


@needs_compiler
def test_thread_layout_does_not_change_the_tally(host_kernel: HostKernel) -> None:
    args = dict(seed=5, first_shoe=0, shoes=40, decks=8, cut_card=14, burn=True, reshuffle=False)
    one = host_kernel.tally(**args, grid=1, block=1)  # type: ignore[arg-type]
    many = host_kernel.tally(**args, grid=3, block=32)  # type: ignore[arg-type]
    more_threads_than_shoes = host_kernel.tally(**args, grid=4, block=64)  # type: ignore[arg-type]
    assert one.tolist() == many.tolist() == more_threads_than_shoes.tolist()
    assert tallies.rounds(one) > 40 * 60  # whole 8-deck shoes: some 80 rounds each


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


def _mask_draws(masks: TableauMasks, banker: int, third: int) -> bool:
    row = masks.banker_lo if banker < 5 else masks.banker_hi
    return bool(row >> ((banker % 5) * 11 + third) & 1)


def test_tableau_masks_agree_with_seed_000_formulation() -> None:
    """Decode the kernel's masks and compare with the rule stated by the Player's third card."""
    masks = tableau_masks(encode.tableau_arrays(Rules()))
    assert [bool(masks.naturals >> t & 1) for t in range(10)] == [t >= 8 for t in range(10)]
    assert [bool(masks.player >> t & 1) for t in range(8)] == [t <= 5 for t in range(8)]
    # Seed 000: by the Player's third card, the Banker totals that draw.
    by_third = {
        0: range(0, 4), 1: range(0, 4), 2: range(0, 5), 3: range(0, 5), 4: range(0, 6),
        5: range(0, 6), 6: range(0, 7), 7: range(0, 7), 8: range(0, 3), 9: range(0, 4),
    }  # fmt: skip
    for banker in range(8):
        for third in range(10):
            assert _mask_draws(masks, banker, third) == (banker in by_third[third]), (banker, third)
        assert _mask_draws(masks, banker, PLAYER_STOOD) == (banker <= 5)


def test_tableau_masks_hold_every_cell_of_the_odd_tableau() -> None:
    masks = tableau_masks(encode.tableau_arrays(ODD))
    tableau = ODD.tableau
    assert [bool(masks.naturals >> t & 1) for t in range(10)] == list(tableau.naturals)
    assert [bool(masks.player >> t & 1) for t in range(10)] == [
        tableau.player_draws(t) for t in range(10)
    ]
    for banker in range(10):
        for third in range(PLAYER_STOOD + 1):
            assert _mask_draws(masks, banker, third) == tableau.banker_draws(banker, third)


def test_a_bad_tableau_is_refused_before_any_gpu_work() -> None:
    args = dict(seed=1, first_shoe=0, shoes=1, decks=8, cut_card=14, burn=True, reshuffle=False)
    with pytest.raises(ValueError, match="TableauArrays"):
        tally_shoes_cuda(**args, tableau=np.zeros(10, np.uint8))  # type: ignore[arg-type]
    broken = encode.tableau_arrays(Rules())
    broken.banker[3, 4] = 7
    with pytest.raises(ValueError, match="0 or 1"):
        tally_shoes_cuda(**args, tableau=broken)  # type: ignore[arg-type]


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
        seed, first_shoe, shoes, decks, cut_card, burn, reshuffle, tableau = case
        base = TABLEAUX[tableau]
        args = dict(
            seed=seed,
            first_shoe=first_shoe,
            shoes=shoes,
            decks=decks,
            cut_card=cut_card,
            burn=burn,
            reshuffle=reshuffle,
        )
        got = tally_shoes_cuda(**args, tableau=encode.tableau_arrays(base))  # type: ignore[arg-type]
        assert got.tolist() == reference_tally(**args, base=base)  # type: ignore[arg-type]


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
        shoe_bytes = 0 if self.reshuffle else block[0] * 13 * decks * 4 // 2
        assert shared_mem >= HISTOGRAM_BYTES + shoe_bytes
        # The tableau's four masks, the pair-classes flag, the output.
        masks = TableauMasks(*(int(a) for a in args[-6:-2]))  # type: ignore[call-overload]
        pair_classes = bool(args[-2])
        out = args[-1]
        assert isinstance(out, np.ndarray)
        out += self.host.tally_masks(
            seed=seed, first_shoe=start, shoes=count, decks=decks, cut_card=cut_card,
            burn=burn, reshuffle=self.reshuffle, grid=grid[0], block=block[0], masks=masks,
            pair_classes=pair_classes,
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
        for args, base in (
            (dict(seed=3, first_shoe=7, shoes=40, decks=2, cut_card=14, burn=True,
                  reshuffle=False), Rules()),
            (dict(seed=4, first_shoe=2**40, shoes=150, decks=6, cut_card=14, burn=False,
                  reshuffle=True), Rules()),
            (dict(seed=5, first_shoe=1, shoes=30, decks=2, cut_card=14, burn=True,
                  reshuffle=False), ODD),
        ):  # fmt: skip
            tableau = encode.tableau_arrays(base)
            got = cuda.tally_shoes_cuda(**args, block=8, nibbles=nibbles, tableau=tableau)  # type: ignore[arg-type]
            assert got.dtype == np.int64
            assert got.tolist() == reference_tally(**args, base=base)  # type: ignore[arg-type]
        # 2 SMs x 64 threads, 8 per block, one shoe per thread per launch: several launches.
        assert max(f.launches for f in fake.functions) > 1
    finally:
        cuda.cuda_available.cache_clear()
        cuda._gpu_kernels.cache_clear()


@needs_compiler
@pytest.mark.parametrize(
    ("decks", "cut_card", "burn", "reshuffle", "tableau"),
    [
        (8, 14, True, False, "standard"),
        (6, 20, False, False, "standard"),
        (6, 14, False, True, "standard"),
        (8, 14, True, False, "odd"),
        (6, 14, False, True, "odd"),
    ],
)
def test_host_kernel_matches_the_numba_cpu_backend_on_thousands_of_shoes(
    host_kernel: HostKernel, decks: int, cut_card: int, burn: bool, reshuffle: bool, tableau: str
) -> None:
    """A second, independent implementation (sim.kernels), at a size the reference cannot reach."""
    api = pytest.importorskip("puntobanco.sim.api")
    mode = ShoeMode.RESHUFFLE if reshuffle else ShoeMode.CUT_CARD
    base = TABLEAUX[tableau]
    rules = base.replace(decks=decks, cut_card=cut_card, burn=burn, shoe_mode=mode)
    cpu = api.simulate(rules, shoes=2_000, seed=77, backend="cpu", workers=1)
    got = host_kernel.tally(
        seed=77, first_shoe=0, shoes=2_000, decks=decks, cut_card=cut_card, burn=burn,
        reshuffle=reshuffle, grid=4, block=32, tableau=encode.tableau_arrays(base),
    )  # fmt: skip
    assert got.tolist() == [int(x) for x in cpu.tallies]
