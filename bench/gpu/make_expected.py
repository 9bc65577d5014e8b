"""Write bench/gpu/expected.json: tallies the GPU must reproduce exactly.

Run here, on a machine with a C compiler (no GPU needed):

    PYTHONPATH=src python bench/gpu/make_expected.py

Small cases come from the core reference engine (the oracle); larger ones from
the CPU build of the kernel's own source (``HostKernel``), which the test suite
checks bit for bit against the reference engine, and which is cross-checked
against the reference here on the small cases before anything is written.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.sim.test_cuda import reference_tally  # noqa: E402

from puntobanco.sim.cuda import HostKernel  # noqa: E402

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
NAMES = ("seed", "first_shoe", "shoes", "decks", "cut_card", "burn", "reshuffle")


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
    out = Path(__file__).with_name("expected.json")
    out.write_text(json.dumps(cases, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
