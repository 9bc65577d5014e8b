"""simulate(): the same seed gives the same tallies in every backend and worker count."""

from __future__ import annotations

import dataclasses
import os

import pytest

from puntobanco.core.rules import Rules, ShoeMode
from puntobanco.sim import api, tallies
from puntobanco.sim.api import SimulationError, simulate
from puntobanco.sim.reference import tally_reference
from tests.core.test_gametables import ODD

SMALL = os.environ.get("SIM_SMALL") == "1"

RULES = [
    Rules(),
    Rules(decks=6, shoe_mode=ShoeMode.RESHUFFLE),
    Rules(decks=1, cut_card=12),
    Rules(decks=6, burn=False, cut_card=52),
    Rules(decks=2, shoe_mode=ShoeMode.RESHUFFLE),
    ODD.replace(decks=2, cut_card=20),
    ODD.replace(decks=1, shoe_mode=ShoeMode.RESHUFFLE),
]
RULE_IDS = ["8", "6-reshuffle", "1", "6-no-burn", "2-reshuffle", "odd-2", "odd-1-reshuffle"]


@pytest.mark.parametrize("rules", RULES, ids=RULE_IDS)
@pytest.mark.parametrize("seed", [0, 3, 2**64 - 12345])
def test_cpu_matches_reference_by_seed(rules: Rules, seed: int) -> None:
    # The reference builds a fresh shoe for every round in reshuffle mode: keep those short.
    if SMALL:
        counts: tuple[int, ...] = (1, 97, 211)
    elif rules.shoe_mode is ShoeMode.RESHUFFLE:
        counts = (1, 97, 600)
    else:
        counts = (1, 97, 2_000, 9_001)
    for hands in counts:
        want, shoes = tally_reference(rules, seed=seed, hands=hands)
        for workers in (1, 2):
            got = simulate(rules, hands=hands, seed=seed, backend="cpu", workers=workers)
            assert got.tallies.tolist() == want.tolist(), (hands, workers)
            assert got.shoes == shoes
            assert got.hands == hands


@pytest.mark.parametrize("rules", RULES[:3], ids=lambda r: f"{r.decks}-{r.shoe_mode}")
def test_whole_shoes_match_reference(rules: Rules) -> None:
    count = 3 if SMALL else 25
    want, started = tally_reference(rules, seed=8, shoes=count)
    got = simulate(rules, shoes=count, seed=8, backend="cpu")
    assert got.tallies.tolist() == want.tolist()
    assert started == got.shoes == count


def test_reference_backend_is_the_reference() -> None:
    got = simulate(Rules(decks=4), hands=500, seed=4, backend="reference")
    want, shoes = tally_reference(Rules(decks=4), seed=4, hands=500)
    assert got.tallies.tolist() == want.tolist()
    assert got.backend is api.Backend.REFERENCE and got.shoes == shoes


@pytest.mark.skipif(SMALL, reason="large run: JIT only")
def test_many_shoes_in_growing_batches_and_any_thread_count() -> None:
    one = simulate(hands=3_000_017, seed=21, backend="cpu", workers=1)
    two = simulate(hands=3_000_017, seed=21, backend="cpu", workers=2)
    assert one.tallies.tolist() == two.tallies.tolist()
    assert one.hands == 3_000_017
    tallies.check(one.tallies)


def test_json_has_the_design_keys() -> None:
    data = simulate(hands=1000, seed=1, backend="cpu").to_json()
    for key in ("hands", "banker", "player", "tie", "seconds", "hands_per_second", "backend"):
        assert key in data
    assert data["hands"] == 1000 == data["banker"] + data["player"] + data["tie"]
    assert isinstance(data["seconds"], float) and data["backend"] == "cpu"
    assert set(data["bets"]) == {"player", "banker", "tie"}
    bet = data["bets"]["banker"]
    assert bet["ci95"][0] < bet["mean"] < bet["ci95"][1]
    assert data["cards_dealt"] == sum(int(k) * v for k, v in data["rounds_by_cards"].items())
    assert data["rules"] == Rules().to_json()


def test_json_writes_the_rules_and_counts_naturals_by_their_tableau() -> None:
    data = simulate(ODD, hands=2000, seed=3, backend="cpu").to_json()
    assert Rules.from_json(data["rules"]) == ODD
    assert data["rules"]["tableau"]["naturals"] == [9]
    counts = data["tallies"]
    assert counts["rounds"] == 2000 == sum(data["rounds_by_cards"].values())
    assert counts["player_wins"] == data["player"] and counts["ties"] == data["tie"]
    # Natural only on 9: a two-card 8 draws nothing but is no natural.
    standard = simulate(Rules(), hands=2000, seed=3, backend="cpu").to_json()["tallies"]
    assert counts["player_naturals"] < 0.7 * standard["player_naturals"]


def test_pair_bets_appear_when_offered() -> None:
    data = simulate(Rules(pair_pays=11), hands=1000, seed=1).to_json()
    assert set(data["bets"]) == {"player", "banker", "tie", "player_pair", "banker_pair"}


def test_stop_returns_the_partial_result() -> None:
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 2

    result = simulate(hands=10**12, seed=1, backend="cpu", should_stop=stop)
    assert result.interrupted
    assert 0 < result.hands < 10**12
    tallies.check(result.tallies)
    reference = simulate(hands=5000, seed=2, backend="reference", should_stop=lambda: True)
    assert reference.interrupted and reference.hands < 5000


def test_progress_is_reported() -> None:
    seen: list[int] = []
    simulate(hands=5000, seed=1, backend="cpu", progress=seen.append)
    assert seen and seen[-1] == 5000 and seen == sorted(seen)


@pytest.mark.parametrize(
    "kwargs,code",
    [
        ({"hands": 0}, "count"),
        ({"hands": -5}, "count"),
        ({"hands": True}, "count"),
        ({"hands": 10**19}, "count"),
        ({"shoes": 0}, "count"),
        ({}, "count_choice"),
        ({"hands": 5, "shoes": 5}, "count_choice"),
        ({"hands": 5, "seed": -1}, "seed"),
        ({"hands": 5, "seed": 2**64}, "seed"),
        ({"hands": 5, "backend": "gpu"}, "backend"),
        ({"hands": 5, "workers": 0}, "workers"),
        ({"hands": 5, "workers": 10_000}, "workers"),
        ({"hands": 5, "backend": "reference", "workers": 2}, "workers"),
        ({"hands": 5, "scheduler": "tcp://127.0.0.1:1"}, "scheduler_option"),
        ({"hands": 5, "backend": "dask", "scheduler": "localhost"}, "scheduler_address"),
        ({"hands": 5, "backend": "dask", "timeout": 0}, "timeout"),
    ],
)
def test_bad_arguments_are_refused_with_a_code(kwargs: dict, code: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(SimulationError) as info:
        simulate(**kwargs)
    assert info.value.code == code


def test_cuda_without_a_gpu_names_other_backends(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "puntobanco.sim.cuda", None)  # import fails
    with pytest.raises(SimulationError) as info:
        simulate(hands=5, backend="cuda")
    assert info.value.code == "no_gpu"
    assert "--backend cpu" in str(info.value)


def test_cuda_backend_cuts_the_last_shoe_on_the_cpu(monkeypatch: pytest.MonkeyPatch) -> None:
    """The plumbing: whole shoes from the GPU module, the cut-off shoe from the CPU kernel.

    A stand-in for puntobanco.sim.cuda (the CPU kernel behind the GPU module's
    signature) checks the calls; the real module is tested by its owner.
    """
    import sys
    import types

    from puntobanco.sim.engines import KernelArgs

    calls: list[tuple[int, int]] = []

    def tally_shoes_cuda(
        *,
        seed: int,
        first_shoe: int,
        shoes: int,
        decks: int,
        cut_card: int,
        burn: bool,
        reshuffle: bool,
        tableau: object,
    ) -> object:
        calls.append((first_shoe, shoes))
        rules = Rules(
            decks=decks,
            cut_card=cut_card,
            burn=burn,
            shoe_mode=ShoeMode.RESHUFFLE if reshuffle else ShoeMode.CUT_CARD,
        )
        args = dataclasses.replace(KernelArgs.of(rules, seed), tableau=tableau)
        return args.serial(first_shoe, shoes, 1 << 62)

    fake = types.ModuleType("puntobanco.sim.cuda")
    fake.cuda_available = lambda: True  # type: ignore[attr-defined]
    fake.tally_shoes_cuda = tally_shoes_cuda  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "puntobanco.sim.cuda", fake)
    for rules in (
        Rules(decks=2),
        Rules(decks=6, shoe_mode=ShoeMode.RESHUFFLE),
        ODD.replace(decks=2, cut_card=20),
    ):
        got = simulate(rules, hands=1234, seed=6, backend="cuda")
        want, shoes = tally_reference(rules, seed=6, hands=1234)
        assert got.tallies.tolist() == want.tolist()
        assert got.shoes == shoes
    assert calls


def test_cuda_backend_with_the_real_gpu_module_built_for_the_cpu(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    """simulate(backend="cuda") through puntobanco.sim.cuda, its C kernel built for the CPU.

    Only the launch is a stand-in (HostKernel runs the GPU's source on one
    core); the tallies must be the reference engine's, the last shoe cut off
    by the CPU kernel.
    """
    from pathlib import Path

    cuda = pytest.importorskip("puntobanco.sim.cuda")
    if cuda.find_c_compiler() is None:
        pytest.skip("no C compiler")
    host = cuda.HostKernel(directory=Path(str(tmp_path)))
    monkeypatch.setattr(cuda, "cuda_available", lambda: True)
    monkeypatch.setattr(cuda, "tally_shoes_cuda", lambda **kw: host.tally(**kw))
    for rules in (
        Rules(decks=1, cut_card=12),
        Rules(decks=6, shoe_mode=ShoeMode.RESHUFFLE),
        ODD.replace(decks=1, cut_card=12),
        ODD.replace(decks=2, shoe_mode=ShoeMode.RESHUFFLE),
    ):
        got = simulate(rules, hands=777, seed=2**64 - 3, backend="cuda")
        want, shoes = tally_reference(rules, seed=2**64 - 3, hands=777)
        assert got.tallies.tolist() == want.tolist()
        assert got.shoes == shoes and got.backend is api.Backend.CUDA
