"""Simulation speed, side by side: reference, numba cpu (1 and 2 threads), cuda, pybaccarat.

Then the side bets: the same shoes on 1 thread with the main bets only and with
``all-side-bets`` (every side bet, so the kernels count the full pair classes
for Perfect Pair and Tiger Pair too), alternating, best of ``--repeat`` each,
and their ratio (the target is at least 0.5). ``--side-bets-only`` prints
just that part.

The same workload for all: 8-deck cut-card shoes (14 cards behind the cut card),
a burn, a full Fisher-Yates shuffle per shoe, every round tallied. Prints
hands per second and the ratios, measured in one run; the cpu figures are the
best of ``--repeat`` runs, with the spread, because these cores are shared.

pybaccarat 0.18 (PyPI) imports the Windows-only module ``msvcrt`` at import
time (for an interactive key press we never use); this script gives it a tiny
stand-in module for the duration of that import, here and nowhere in the
package. It must be installed separately (see bench/README.md); without it,
its row is skipped.

Usage: python bench/bench_sim.py [--cpu-hands N] [--slow-hands N] [--repeat R] [--side-bets-only]
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import random
import statistics
import sys
import time
import types
from typing import Any

from puntobanco.core.rules import PRESETS, Rules
from puntobanco.sim.api import simulate
from puntobanco.sim.tallies import needs_pair_classes

RULES = Rules(decks=8, cut_card=14)
#: The same shoes, with every side bet offered.
SIDE_BETS = PRESETS["all-side-bets"].replace(decks=8, cut_card=14)


def _import_pybaccarat() -> tuple[Any, Any] | None:
    stub = types.ModuleType("msvcrt")
    stub.getch = lambda: b"\n"  # type: ignore[attr-defined]
    had = sys.modules.get("msvcrt")
    sys.modules["msvcrt"] = stub
    try:
        baccarat = importlib.import_module("pybaccarat.baccarat")
        cards = importlib.import_module("pybaccarat.playingcards")
    except ImportError:
        return None
    finally:
        if had is None:
            del sys.modules["msvcrt"]
        else:
            sys.modules["msvcrt"] = had
    return baccarat, cards


def pybaccarat_rate(hands: int) -> float | None:
    """pybaccarat's own shoe and coup (Game.play_hand), driven shoe by shoe like ours."""
    modules = _import_pybaccarat()
    if modules is None:
        return None
    baccarat, cards = modules
    random.seed(1)
    shoe = cards.Shoe(8)
    player, banker = baccarat.Hand(), baccarat.Hand()
    game = baccarat.Game(shoe, player, banker)
    dealt = 0
    started = time.perf_counter()
    while dealt < hands:
        shoe.reset()
        shoe.shuffle()
        shoe.set_cut_card(-14)
        shown = shoe.deal().get_rank()
        for _ in range(10 if shown > 9 else shown):
            shoe.deal()
        last = False
        while not last and dealt < hands:
            player.empty()
            banker.empty()
            last = shoe.cut_card_seen()
            game.play_hand()
            dealt += 1
    return dealt / (time.perf_counter() - started)


def pybaccarat_own_loop_rate(shoes: int) -> float | None:
    """pybaccarat's own shoe loop, ``Game.play`` (its scoreboards and printing included).

    ``play(display=False)`` fails in 0.18 (a variable is only set when
    displaying), so it runs with ``display=True`` into a discarded buffer.
    """
    modules = _import_pybaccarat()
    if modules is None:
        return None
    baccarat, cards = modules
    random.seed(2)
    game = baccarat.Game(cards.Shoe(8))
    dealt = 0
    play_hand = game.play_hand

    def counted() -> Any:
        nonlocal dealt
        dealt += 1
        return play_hand()

    game.play_hand = counted
    started = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        for _ in range(shoes):
            game.play(display=True)
    return dealt / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu-hands", type=int, default=400_000_000)
    parser.add_argument("--slow-hands", type=int, default=60_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--side-bets-only", action="store_true")
    options = parser.parse_args()
    if not options.side_bets_only:
        backends(options)
    side_bets(options.cpu_hands, options.repeat)


def side_bets(hands: int, repeat: int) -> None:
    """Main bets only against ``all-side-bets``, 1 thread, the same seed and shoes.

    Best of ``repeat`` each, by wall time (what ``simulate`` reports) and by the
    process's CPU time (less disturbed by other programs on shared cores; on one
    thread it is the kernel's time plus a warm-up of a few milliseconds).
    """
    assert needs_pair_classes(SIDE_BETS) and not needs_pair_classes(RULES)
    wall: dict[str, list[float]] = {"main": [], "side": []}
    cpu: dict[str, list[float]] = {"main": [], "side": []}
    for _ in range(repeat):
        for name, rules in (("main", RULES), ("side", SIDE_BETS)):
            started = time.process_time()
            run = simulate(rules, hands=hands, seed=2, backend="cpu", workers=1)
            cpu[name].append(run.hands / (time.process_time() - started))
            wall[name].append(run.hands_per_second)
    bets = len(SIDE_BETS.offered_bets)
    print(f"\nside bets: cpu, 1 thread, {hands:,} hands, best of {repeat}")
    print(f"{'':34} {'hands/s (wall)':>16} {'hands/s (CPU)':>16}")
    print(f"{'main bets only (3 bets)':34} {max(wall['main']):16,.0f} {max(cpu['main']):16,.0f}")
    ratio_wall = max(wall["side"]) / max(wall["main"])
    ratio_cpu = max(cpu["side"]) / max(cpu["main"])
    print(
        f"{f'all-side-bets ({bets} bets)':34} {max(wall['side']):16,.0f} "
        f"{max(cpu['side']):16,.0f}  x main bets: wall {ratio_wall:.2f}, CPU {ratio_cpu:.2f}"
    )


def backends(options: argparse.Namespace) -> None:
    """The backends against the reference engine and pybaccarat."""

    rows: list[tuple[str, float, str]] = []
    reference = simulate(RULES, hands=options.slow_hands, seed=1, backend="reference")
    rows.append(("reference (core engine)", reference.hands_per_second, ""))
    other = pybaccarat_rate(options.slow_hands)
    if other is not None:
        rows.append(("pybaccarat 0.18, our shoe loop", other, "its Shoe and Game.play_hand"))
        own = pybaccarat_own_loop_rate(max(1, options.slow_hands // 80))
        if own is not None:
            rows.append(("pybaccarat 0.18, Game.play", own, "its own loop, output discarded"))

    def cpu(workers: int) -> float:
        run = simulate(RULES, hands=options.cpu_hands, seed=2, backend="cpu", workers=workers)
        return run.hands_per_second

    # 1 and 2 threads alternate, so that both see the same changes in the load.
    rates: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(options.repeat):
        for workers in (2, 1):
            rates[workers].append(cpu(workers))
    for workers in (1, 2):
        best, median, worst = (
            max(rates[workers]),
            statistics.median(rates[workers]),
            min(rates[workers]),
        )
        spread = f"median {median / 1e6:.1f}M, worst {worst / 1e6:.1f}M of {options.repeat}"
        rows.append((f"cpu, {workers} thread{'s' if workers > 1 else ''} (best)", best, spread))
    try:
        gpu = simulate(RULES, hands=options.cpu_hands * 100, seed=3, backend="cuda")
        rows.append(("cuda", gpu.hands_per_second, ""))
    except Exception as error:  # noqa: BLE001 - report and go on: no GPU here
        print(f"cuda: not measured ({error})")

    base = rows[0][1]
    other_rate = other
    print(f"workload: {RULES.decks}-deck cut-card shoes, burn, cut card {RULES.cut_card}")
    header = f"{'backend':34} {'hands/s':>16} {'x reference':>12} {'x pybaccarat':>13}"
    if other is not None:
        print("x pybaccarat: against its engine in our shoe loop (the faster of its two rows)")
    print(header)
    print("-" * len(header))
    for name, rate, note in rows:
        versus = _ratio(rate / other_rate, 13) if other_rate else f"{'-':>13}"
        print(f"{name:34} {rate:16,.0f} {_ratio(rate / base, 12)} {versus}  {note}")


def _ratio(value: float, width: int) -> str:
    return f"{value:{width},.0f}" if value >= 10 else f"{value:{width}.2f}"


if __name__ == "__main__":
    main()
