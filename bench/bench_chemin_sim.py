"""Time the Chemin de fer simulation: the reference engine beside the numba kernel, in one run.

    PYTHONPATH=src python bench/bench_chemin_sim.py [--reference-hands N] [--hands N]

8-deck cut-card shoes, one seed, the free Banker at the 8-deck equilibrium (both
sides mix, so every round may draw from its choice stream) and the rule card
with the Player drawing on 5 (no mixing). Paths timed (compilation done, and
cached, before timing):

* reference: the core engine asking the strategy, one coup at a time;
* numba, 1 thread and all threads: :func:`puntobanco.sim.chemin.simulate.tally_chemin_numba`;
* baseline: Punto Banco's numba kernel (``simulate(backend="cpu")``) on the
  same shoes and threads, so the ratio says what the choices cost.

It first checks that the reference and the kernel give the same tally for the
reference's rounds (the agreement the tests require), then prints rounds per
second and the ratios.
"""

from __future__ import annotations

import argparse
import time

import numba

from puntobanco.core.choices import Strategy
from puntobanco.core.rules import FREE_BANKER, RULE_CARD, Rules, Variant
from puntobanco.sim.api import simulate
from puntobanco.sim.chemin.reference import tally_chemin_reference
from puntobanco.sim.chemin.simulate import named_strategy, tally_chemin_numba, warm_up


def rate(hands: int, run: object) -> float:
    """Rounds per second of ``run()`` (a callable dealing ``hands`` rounds)."""
    start = time.perf_counter()
    run()  # type: ignore[operator]
    return hands / (time.perf_counter() - start)


def main() -> None:
    """Print each path's rounds per second and its ratio to the reference and the baseline."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference-hands", type=int, default=100_000)
    parser.add_argument("--hands", type=int, default=20_000_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = Rules(variant=Variant.CHEMIN_DE_FER)
    threads = int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
    print(f"8 decks, cut-card shoes, seed {args.seed}; {threads} thread(s) available")
    for label, rule, player in (
        ("free Banker, equilibrium (mixed)", FREE_BANKER, "optimal"),
        ("rule card, Player draws on 5", RULE_CARD, "draw5"),
    ):
        strategy = named_strategy(rules, rule, player=player, banker="optimal")
        warm_up(rules, strategy)
        numba.set_num_threads(1)
        start = time.perf_counter()
        reference, _ = tally_chemin_reference(
            rules, strategy, seed=args.seed, hands=args.reference_hands
        )
        reference_rate = args.reference_hands / (time.perf_counter() - start)
        kernel, _ = tally_chemin_numba(rules, strategy, seed=args.seed, hands=args.reference_hands)
        assert reference.tolist() == kernel.tolist(), "the kernel disagrees with the reference"
        rows = [("reference (core engine)", 1, reference_rate)]
        for used in sorted({1, threads}):
            numba.set_num_threads(used)
            hands = args.hands

            def chemin(hands: int = hands, strategy: Strategy = strategy) -> None:
                tally_chemin_numba(rules, strategy, seed=args.seed, hands=hands)

            rows.append(("numba kernel", used, rate(hands, chemin)))
            baseline = simulate(Rules(), hands=hands, seed=args.seed, workers=used)
            rows.append(("Punto Banco kernel (baseline)", used, baseline.hands_per_second))
        print(f"\n{label}: agreement on {args.reference_hands:,} rounds checked")
        for name, used, per_second in rows:
            print(
                f"  {name:<32} {used:>2} thread(s) {per_second:>14,.0f} rounds/s"
                f"  {per_second / reference_rate:>8.1f}x the reference"
            )
        for used in sorted({1, threads}):
            ours = next(r for n, u, r in rows if n == "numba kernel" and u == used)
            theirs = next(r for n, u, r in rows if n.startswith("Punto") and u == used)
            print(f"  choices cost, {used} thread(s): Punto Banco's kernel is {theirs / ours:.2f}x")


if __name__ == "__main__":
    main()
