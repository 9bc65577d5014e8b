"""The Dask backend on a local cluster: same tallies as the cpu backend, even if a worker dies."""

from __future__ import annotations

import os
import signal
import threading

import pytest

from puntobanco.core.rules import Rules, ShoeMode
from puntobanco.sim import api
from puntobanco.sim.api import SimulationError, simulate
from puntobanco.sim.reference import tally_reference
from tests.core.test_gametables import ODD

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]


@pytest.fixture(scope="module")
def cluster():  # type: ignore[no-untyped-def]
    distributed = pytest.importorskip("distributed")
    import logging

    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    ) as local:
        yield local


def test_dask_matches_cpu_with_a_local_cluster_started_for_the_run() -> None:
    rules = Rules(decks=6)
    got = simulate(rules, hands=200_003, seed=5, backend="dask", workers=2)
    want = simulate(rules, hands=200_003, seed=5, backend="cpu")
    assert got.tallies.tolist() == want.tallies.tolist()
    assert got.backend is api.Backend.DASK and got.workers == 2


def test_dask_on_a_scheduler_address(cluster, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(api, "DASK_CHUNK_ROUNDS", 50_000)
    for rules in (Rules(), Rules(decks=8, shoe_mode=ShoeMode.RESHUFFLE)):
        got = simulate(
            rules, hands=777_777, seed=12, backend="dask", scheduler=cluster.scheduler_address
        )
        want = simulate(rules, hands=777_777, seed=12, backend="cpu")
        assert got.tallies.tolist() == want.tallies.tolist()


def test_dask_follows_the_rules_tableau(cluster, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """The odd tableau of tests/core: dask, cpu and the reference deal the same rounds.

    Run after a standard-tableau run on the same scheduler, so that a task key
    that forgot the tableau would hand back the other rules' tallies.
    """
    monkeypatch.setattr(api, "DASK_CHUNK_ROUNDS", 2_000)
    address = cluster.scheduler_address
    for rules in (ODD.replace(decks=2, cut_card=20), ODD.replace(shoe_mode=ShoeMode.RESHUFFLE)):
        standard = rules.replace(tableau=Rules().tableau)
        simulate(standard, hands=6_001, seed=4, backend="dask", scheduler=address)
        got = simulate(rules, hands=6_001, seed=4, backend="dask", scheduler=address)
        want, _ = tally_reference(rules, seed=4, hands=6_001)
        assert got.tallies.tolist() == want.tolist()
        cpu = simulate(rules, hands=6_001, seed=4, backend="cpu")
        assert cpu.tallies.tolist() == want.tolist()


def test_a_worker_killed_mid_run_costs_only_its_chunks(cluster, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from distributed import Client

    monkeypatch.setattr(api, "DASK_CHUNK_ROUNDS", 40_000)
    with Client(cluster.scheduler_address) as client:
        pids = sorted(client.run(os.getpid).values())
    killed = threading.Event()
    progress_after_kill: list[int] = []

    def progress(done: int) -> None:
        if killed.is_set():
            progress_after_kill.append(done)
        elif done > 2_000_000:
            os.kill(pids[0], signal.SIGKILL)
            killed.set()

    hands = 20_000_000
    got = simulate(
        hands=hands,
        seed=31,
        backend="dask",
        scheduler=cluster.scheduler_address,
        progress=progress,
    )
    want = simulate(hands=hands, seed=31, backend="cpu")
    assert killed.is_set() and progress_after_kill, "the worker was not killed mid-run"
    assert got.tallies.tolist() == want.tallies.tolist()
    with Client(cluster.scheduler_address) as client:
        # The nanny restarts the killed worker, which imports numba again: on a loaded
        # 2-core machine that took over a minute twice, so the wait is generous.
        client.wait_for_workers(2, timeout=240)
        assert pids[0] not in client.run(os.getpid).values()


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    with pytest.raises(SimulationError) as info:
        simulate(hands=10, backend="dask", scheduler="tcp://127.0.0.1:9", timeout=1)
    assert info.value.code == "scheduler_unreachable"
    assert "tcp://127.0.0.1:9" in str(info.value)
