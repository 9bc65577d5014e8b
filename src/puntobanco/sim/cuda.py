"""The GPU backend: seeded shoes dealt and tallied by a CUDA kernel (CuPy RawKernel).

One thread deals one shoe at a time, in shared memory, exactly as
:class:`puntobanco.core.shoe.Shoe` deals it with
:class:`puntobanco.core.rng.SeededSource` (one generator per shoe): the same seed gives
the same tallies as every other backend. The kernel is CUDA C in
``cuda_src/shoe_tally.cu``; the drawing rules reach it as four kernel
parameters, bit masks packed from the rules' checked tableau arrays
(:func:`tableau_masks` of :class:`~puntobanco.sim.encode.TableauArrays`), so
one compiled module serves every rule set and the tableau is held once. The
result is the tally of :mod:`puntobanco.sim.tallies`: a histogram of coup
classes, from which every count and every bet's result follows; with
``pair_classes`` the kernel counts the full pair classes too (a card in shared
memory is its suit and rank, so a suited pair is two equal bytes). The 4-bit
layout (``nibbles``) holds ranks only and cannot count them: asking it to is
refused.

CuPy is an optional extra (``pip install puntobanco[cuda]``).
:func:`cuda_available` says whether it and a GPU are there.

The same C source also builds for the CPU (:class:`HostKernel`, with any C
compiler): CI has no GPU, so that build is what the tests compare bit for bit
with the reference engine, and the GPU run is checked against it in
``bench/gpu``.
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import importlib.resources
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from puntobanco.core.errors import BaccaratError
from puntobanco.core.rules import Rules, ShoeMode
from puntobanco.core.tableau import PLAYER_STOOD
from puntobanco.sim.encode import TableauArrays, tableau_arrays
from puntobanco.sim.tallies import CLASSES

#: Bins of a tally (:data:`puntobanco.sim.tallies.CLASSES`).
TALLY_SIZE = CLASSES
#: Bytes of shared memory each block's histogram takes (32-bit counts).
HISTOGRAM_BYTES = 4 * CLASSES
#: Banker totals per 64-bit mask (11 bits each: third cards 0-9 and "stood").
_ROWS_PER_MASK = 5
#: Threads per block of the cut-card kernel (each holds its shoe in shared memory).
CUT_CARD_BLOCK = 256
#: Threads per block of the reshuffle kernel (no shared memory).
RESHUFFLE_BLOCK = 512
#: Shoes one thread deals in one launch, at most: keeps its 32-bit counts exact
#: (a cut-card shoe has fewer than 90 rounds) and each launch short.
SHOES_PER_THREAD_PER_LAUNCH = 4096
#: Default shared-memory layout of the cut-card kernel (4-bit ranks if true).
NIBBLES = False

_SOURCE_NAME = "shoe_tally.cu"


def kernel_source() -> str:
    """The CUDA C source of the kernels (shared by the GPU and the CPU build)."""
    return (importlib.resources.files("puntobanco.sim") / "cuda_src" / _SOURCE_NAME).read_text(
        encoding="utf-8"
    )


class TableauMasks(NamedTuple):
    """A tableau as the kernel's parameters (see the top of ``shoe_tally.cu``).

    Attributes:
        naturals: Bit ``t`` set when a two-card ``t`` is a natural.
        player: Bit ``t`` set when the Player draws on ``t``.
        banker_lo: Banker totals 0-4, 11 bits each: bit ``b * 11 + x`` set when
            total ``b`` draws on a Player third card ``x`` (``x = 10``: the
            Player stood).
        banker_hi: The same for totals 5-9 (bit ``(b - 5) * 11 + x``).
    """

    naturals: int
    player: int
    banker_lo: int
    banker_hi: int


def tableau_masks(tableau: TableauArrays) -> TableauMasks:
    """Pack checked tableau arrays into the kernel's masks.

    Raises:
        ValueError: The arrays have the wrong shape, dtype or values.
    """
    if not isinstance(tableau, TableauArrays):
        raise ValueError(f"tableau must be encode.TableauArrays, got {type(tableau).__name__}")
    tableau.check(values=True)
    naturals = sum(int(flag) << t for t, flag in enumerate(tableau.naturals.tolist()))
    player = sum(int(flag) << t for t, flag in enumerate(tableau.player.tolist()))
    halves = [0, 0]
    for total, row in enumerate(tableau.banker.tolist()):
        half, offset = divmod(total, _ROWS_PER_MASK)
        for third, cell in enumerate(row):
            halves[half] |= int(cell) << (offset * (PLAYER_STOOD + 1) + third)
    return TableauMasks(naturals, player, halves[0], halves[1])


def _standard_tableau() -> TableauArrays:
    return tableau_arrays(Rules())


def _check(
    *,
    seed: int,
    first_shoe: int,
    shoes: int,
    decks: int,
    cut_card: int,
    reshuffle: bool,
    pair_classes: bool = False,
    nibbles: bool = False,
) -> None:
    for name, value in (("seed", seed), ("first_shoe", first_shoe), ("shoes", shoes)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a non-negative integer, got {value!r}")
    if first_shoe + shoes > 1 << 64:
        raise ValueError("shoe indices must stay below 2**64")
    if pair_classes and nibbles and not reshuffle:
        raise ValueError(
            "the 4-bit shoe layout holds ranks only: it cannot count the full pair "
            "classes (build the kernel with nibbles=False)"
        )
    # Rules checks the deck count and the cut card's range, with its own messages.
    mode = ShoeMode.RESHUFFLE if reshuffle else ShoeMode.CUT_CARD
    Rules(decks=decks, cut_card=cut_card, shoe_mode=mode)


@functools.cache
def cuda_available() -> bool:
    """Whether CuPy is installed and sees at least one CUDA GPU (never raises)."""
    try:
        import cupy

        return bool(cupy.cuda.runtime.getDeviceCount() > 0)
    except Exception:  # no CuPy, no driver, no device: all mean "no"
        return False


class NoGPU(BaccaratError):
    """The GPU backend was asked for where CuPy or a CUDA GPU is missing."""


def kernel_defines(*, paired_draws: bool, nibbles: bool) -> dict[str, str]:
    """Every macro the kernel source needs: the two variant switches (no rules)."""
    return {
        "PB_PAIRED_DRAWS": "1" if paired_draws else "0",
        "PB_NIBBLES": "1" if nibbles else "0",
    }


def shared_words_per_thread(decks: int, *, nibbles: bool) -> int:
    """32-bit words of shared memory one thread's shoe takes (4 or 8 cards a word)."""
    per_word = 8 if nibbles else 4
    return -(-52 * decks // per_word)


@functools.cache
def _gpu_kernels(paired: bool, nibbles: bool) -> tuple[Any, Any]:
    import cupy

    defines = kernel_defines(paired_draws=paired, nibbles=nibbles)
    options = tuple(f"-D{name}={value}" for name, value in defines.items())
    module = cupy.RawModule(code=kernel_source(), options=options)
    return module.get_function("pb_tally_cut_card"), module.get_function("pb_tally_reshuffle")


def _resident_blocks(kernel: Any, block: int, shared_bytes: int) -> int:
    """Blocks that fit on the whole GPU at once, from its shared memory and threads."""
    import cupy

    attributes = cupy.cuda.Device().attributes
    sms = int(attributes["MultiProcessorCount"])
    per_sm = int(attributes["MaxThreadsPerMultiProcessor"]) // block
    if shared_bytes:
        # 1 KiB per block is reserved by the system on recent GPUs.
        smem = int(attributes["MaxSharedMemoryPerMultiprocessor"])
        per_sm = min(per_sm, smem // (shared_bytes + 1024))
    regs = int(getattr(kernel, "num_regs", 0) or 0)
    if regs:
        per_sm = min(per_sm, int(attributes["MaxRegistersPerMultiprocessor"]) // (regs * block))
    return sms * max(per_sm, 1)


def tally_shoes_cuda(
    *,
    seed: int,
    first_shoe: int,
    shoes: int,
    decks: int,
    cut_card: int,
    burn: bool,
    reshuffle: bool,
    block: int | None = None,
    paired_draws: bool = True,
    nibbles: bool = NIBBLES,
    tableau: TableauArrays | None = None,
    pair_classes: bool = False,
) -> npt.NDArray[np.int64]:
    """Deal and tally whole seeded shoes on the GPU.

    Args:
        seed: The simulation's seed (as :class:`~puntobanco.core.rng.SeededSource`).
        first_shoe: Index of the first shoe; shoes ``first_shoe`` to
            ``first_shoe + shoes - 1`` are dealt.
        shoes: Number of shoes (in reshuffle mode, of rounds).
        decks: Decks per shoe, 1 to 8.
        cut_card: Cards behind the cut card (cut-card mode), as in :class:`Rules`.
        burn: Whether a cut-card shoe starts with a burn.
        reshuffle: Reshuffle-every-round mode: one round per shoe, no burn.
        block: Threads per block (tuning; a default suited to each mode).
        paired_draws: Use the kernel's warp-uniform draws (a round's first four
            cards from two generator outputs, the third cards from at most one
            more); the same numbers either way: a tuning switch.
        nibbles: Keep 4-bit ranks in shared memory instead of bytes (the same
            numbers either way: a tuning switch).
        tableau: The rules' drawing tables (:func:`encode.tableau_arrays`);
            Punto Banco's standard tableau if ``None``.
        pair_classes: Count the full pair classes too (Perfect Pair, Tiger
            Pair: :func:`puntobanco.sim.tallies.needs_pair_classes`).

    Returns:
        The tally (:mod:`puntobanco.sim.tallies`), summed over the shoes.

    Raises:
        NoGPU: CuPy or a CUDA GPU is missing.
        ValueError: An argument is out of range, or the tableau's arrays have
            the wrong shape or dtype.
    """
    _check(
        seed=seed,
        first_shoe=first_shoe,
        shoes=shoes,
        decks=decks,
        cut_card=cut_card,
        reshuffle=reshuffle,
        pair_classes=pair_classes,
        nibbles=nibbles,
    )
    masks = tableau_masks(tableau if tableau is not None else _standard_tableau())
    if not cuda_available():
        raise NoGPU(
            "the cuda backend needs CuPy and a CUDA GPU; use --backend cpu instead",
            code="no_gpu",
        )
    import cupy

    cut_kernel, reshuffle_kernel = _gpu_kernels(paired_draws, nibbles)
    kernel = reshuffle_kernel if reshuffle else cut_kernel
    block = block or (RESHUFFLE_BLOCK if reshuffle else CUT_CARD_BLOCK)
    shared = HISTOGRAM_BYTES
    if not reshuffle:
        shared += block * shared_words_per_thread(decks, nibbles=nibbles) * 4
    kernel.max_dynamic_shared_size_bytes = shared
    grid = _resident_blocks(kernel, block, shared)
    out = cupy.zeros(TALLY_SIZE, dtype=cupy.uint64)
    per_launch = grid * block * SHOES_PER_THREAD_PER_LAUNCH
    done = 0
    while done < shoes:
        count = min(per_launch, shoes - done)
        launch_grid = min(grid, -(-count // block))
        start = np.uint64((first_shoe + done) % (1 << 64))
        common = (np.uint64(seed % (1 << 64)), start, np.uint64(count), np.uint32(decks))
        mode = () if reshuffle else (np.uint32(cut_card), np.uint32(bool(burn)))
        rules = (
            np.uint32(masks.naturals),
            np.uint32(masks.player),
            np.uint64(masks.banker_lo),
            np.uint64(masks.banker_hi),
            np.uint32(bool(pair_classes)),
        )
        kernel((launch_grid,), (block,), (*common, *mode, *rules, out), shared_mem=shared)
        done += count
    return np.asarray(out.get(), dtype=np.uint64).astype(np.int64)


def find_c_compiler() -> str | None:
    """A C compiler on this machine (``$CC``, ``cc``, ``gcc`` or ``clang``), or ``None``."""
    for name in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if name and shutil.which(name):
            return name
    return None


class HostKernel:
    """The kernel's C source built for the CPU, run one (block, thread) at a time.

    It runs the very code the GPU runs (only the CUDA built-ins are stand-ins),
    so tests can check the kernel's logic bit for bit where there is no GPU.
    Slow (one core, no parallelism): for tests and small expectations.

    Args:
        paired_draws: Build the paired-draw variant (the default) or the plain one.
        nibbles: Build the 4-bit shared-memory layout instead of bytes.
        directory: Where to put the shared library (a cache folder by default).

    Raises:
        RuntimeError: No C compiler, or the build failed.
    """

    def __init__(
        self,
        *,
        paired_draws: bool = True,
        nibbles: bool = NIBBLES,
        directory: Path | None = None,
    ) -> None:
        compiler = find_c_compiler()
        if compiler is None:
            raise RuntimeError("no C compiler found (set CC)")
        defines = {
            **kernel_defines(paired_draws=paired_draws, nibbles=nibbles),
            "PB_HOST_BUILD": "1",
        }
        source = kernel_source()
        key = hashlib.sha256((source + repr(sorted(defines.items()))).encode()).hexdigest()[:16]
        folder = directory or Path(tempfile.gettempdir()) / "puntobanco-hostkernel"
        folder.mkdir(parents=True, exist_ok=True)
        library = folder / f"shoe_tally_{key}.so"
        if not library.exists():
            source_file = folder / f"shoe_tally_{key}.c"
            source_file.write_text(source, encoding="utf-8")
            partial = folder / f"shoe_tally_{key}.{os.getpid()}.so"
            command = [compiler, "-std=c99", "-O2", "-shared", "-fPIC", "-x", "c"]
            command += [f"-D{name}={value}" for name, value in defines.items()]
            command += [str(source_file), "-o", str(partial)]
            built = subprocess.run(command, capture_output=True, text=True, check=False)
            if built.returncode != 0:
                raise RuntimeError(f"building the host kernel failed:\n{built.stderr}")
            partial.replace(library)  # atomic: parallel test workers may race
        self._lib = ctypes.CDLL(str(library))
        u64, u32 = ctypes.c_uint64, ctypes.c_uint32
        self._lib.pb_host_tally.argtypes = [u64, u64, u64, u32, u32, u32, u32]
        self._lib.pb_host_tally.argtypes += [u32, u32, u64, u64, u32, u32, u32]
        self._lib.pb_host_tally.argtypes += [ctypes.POINTER(u64)]
        self._lib.pb_host_tally.restype = ctypes.c_int
        self._lib.pb_host_draws.argtypes = [
            u64,
            u64,
            ctypes.POINTER(u32),
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.POINTER(u32),
        ]
        self._lib.pb_host_draws.restype = None
        self.nibbles = nibbles

    def tally(
        self,
        *,
        seed: int,
        first_shoe: int,
        shoes: int,
        decks: int,
        cut_card: int,
        burn: bool,
        reshuffle: bool,
        grid: int = 2,
        block: int = 32,
        tableau: TableauArrays | None = None,
        pair_classes: bool = False,
    ) -> npt.NDArray[np.int64]:
        """The same as :func:`tally_shoes_cuda`, computed on the CPU with ``grid`` x ``block``."""
        return self.tally_masks(
            seed=seed,
            first_shoe=first_shoe,
            shoes=shoes,
            decks=decks,
            cut_card=cut_card,
            burn=burn,
            reshuffle=reshuffle,
            grid=grid,
            block=block,
            masks=tableau_masks(tableau if tableau is not None else _standard_tableau()),
            pair_classes=pair_classes,
        )

    def tally_masks(
        self,
        *,
        seed: int,
        first_shoe: int,
        shoes: int,
        decks: int,
        cut_card: int,
        burn: bool,
        reshuffle: bool,
        grid: int,
        block: int,
        masks: TableauMasks,
        pair_classes: bool = False,
    ) -> npt.NDArray[np.int64]:
        """:meth:`tally` with the tableau already packed as the kernel's parameters."""
        _check(
            seed=seed,
            first_shoe=first_shoe,
            shoes=shoes,
            decks=decks,
            cut_card=cut_card,
            reshuffle=reshuffle,
            pair_classes=pair_classes,
            nibbles=self.nibbles,
        )
        out = (ctypes.c_uint64 * TALLY_SIZE)()
        status = self._lib.pb_host_tally(
            seed % (1 << 64),
            first_shoe,
            shoes,
            decks,
            cut_card,
            int(burn),
            int(reshuffle),
            *masks,
            int(bool(pair_classes)),
            grid,
            block,
            out,
        )
        if status != 0:
            raise MemoryError("the host kernel could not allocate its shoes")
        return np.array(list(out), dtype=np.int64)

    def draws(
        self, *, seed: int, shoe_index: int, bounds: list[int], paired: bool, tail: int = 0
    ) -> list[int]:
        """Bounded draws from shoe ``shoe_index``'s generator, then ``tail`` raw words."""
        count = len(bounds)
        array = (ctypes.c_uint32 * max(count, 1))(*bounds)
        out = (ctypes.c_uint32 * max(count + tail, 1))()
        self._lib.pb_host_draws(seed, shoe_index, array, count, int(paired), tail, out)
        return list(out)[: count + tail]
