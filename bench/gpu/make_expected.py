"""Write bench/gpu/expected.json: tallies the GPU must reproduce exactly.

Run here, on a machine with a C compiler (no GPU needed):

    PYTHONPATH=src python bench/gpu/make_expected.py

Small cases come from the core reference engine (the oracle); larger ones from
the CPU build of the kernel's own source (``HostKernel``), which the test suite
checks bit for bit against the reference engine, and which is cross-checked
against the reference here on the small cases before anything is written.
The cases with ``pair_classes`` also count the full pair classes (Perfect
Pair, Tiger Pair), checked against the reference engine under ``all-side-bets``.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.sim.test_cuda import reference_tally

from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import PRESETS, ShoeMode
from puntobanco.core.shoe import Shoe
from puntobanco.sim import tallies
from puntobanco.sim.cuda import HostKernel

SMALL = [
    # seed, first_shoe, shoes, decks, cut_card, burn, reshuffle
    (42, 0, 20, 8, 14, True, False),
    (2026, 1000, 20, 6, 14, True, False),
    (7, 3, 30, 1, 12, True, False),
    (2**64 - 1, 0, 10, 8, 60, False, False),
    (42, 0, 3000, 8, 14, True, True),
    (2**63 + 5, 2**50, 3000, 6, 14, False, True),
]
LARGE = [
    (1, 0, 100_000, 8, 14, True, False),
    (20261130, 5_000_000, 50_000, 6, 16, True, False),
    (3, 0, 2_000_000, 8, 14, True, True),
]
#: The same fields; these count the full pair classes too.
PAIRS_SMALL = [
    (42, 0, 20, 8, 14, True, False),
    (7, 3, 30, 1, 12, True, False),
    (99, 17, 3000, 6, 14, False, True),
]
PAIRS_LARGE = [
    (1, 0, 100_000, 8, 14, True, False),
    (3, 0, 2_000_000, 8, 14, True, True),
]
NAMES = ("seed", "first_shoe", "shoes", "decks", "cut_card", "burn", "reshuffle")


def pairs_reference(
    *, seed: int, first_shoe: int, shoes: int, decks: int, cut_card: int, burn: bool,
    reshuffle: bool, pair_classes: bool,
) -> list[int]:  # fmt: skip
    """The core engine's tally with the full pair classes (every side bet offered)."""
    mode = ShoeMode.RESHUFFLE if reshuffle else ShoeMode.CUT_CARD
    rules = PRESETS["all-side-bets"].replace(
        decks=decks, cut_card=cut_card, burn=burn, shoe_mode=mode
    )
    shoe = Shoe(rules, SeededSource(seed), first_shoe=first_shoe)
    counts = tallies.empty()
    finished = 0
    while finished < shoes:
        result = shoe.deal_coup()
        tallies.add_coup(counts, result, pair_classes=pair_classes)
        finished += result.last_in_shoe
    return [int(c) for c in counts]


def main() -> None:
    """Compute every case and write the JSON file beside this script."""
    host = HostKernel()
    cases = []
    for values in SMALL + LARGE:
        args = dict(zip(NAMES, values, strict=True))
        start = time.perf_counter()
        tally = host.tally(**args, grid=4, block=32).tolist()  # type: ignore[arg-type]
        if values in SMALL:
            assert tally == reference_tally(**args), args  # type: ignore[arg-type]
        print(f"{values}: {sum(tally)} rounds in {time.perf_counter() - start:.1f} s")
        cases.append({"args": args, "tally": tally, "oracle": values in SMALL})
    for values in PAIRS_SMALL + PAIRS_LARGE:
        args = {**dict(zip(NAMES, values, strict=True)), "pair_classes": True}
        start = time.perf_counter()
        tally = host.tally(**args, grid=4, block=32).tolist()  # type: ignore[arg-type]
        if values in PAIRS_SMALL:
            assert tally == pairs_reference(**args), args  # type: ignore[arg-type]
        print(f"{values} with pair classes: {sum(tally)} in {time.perf_counter() - start:.1f} s")
        cases.append({"args": args, "tally": tally, "oracle": values in PAIRS_SMALL})
    out = Path(__file__).with_name("expected.json")
    out.write_text(json.dumps(cases, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
