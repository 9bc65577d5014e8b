"""The compiled walks of Chemin de fer, Banque and Punto Banco, run from their Python source.

numba compiles each walk from a plain Python function (``_walk_py``); coverage cannot
see the compiled code, so these tests run the source itself, as NUMBA_DISABLE_JIT=1
would, on small shoes, and check that it gives exactly what the compiled walk gives.
A walk that differed between the two would be a bug either way.
"""

from __future__ import annotations

import numpy as np
import pytest

from puntobanco.analysis import kernels, walk_steps
from puntobanco.analysis.banque import walk as banque_walk
from puntobanco.analysis.chemin import walk as chemin_kernel
from puntobanco.core.tableau import STANDARD

# Small shoes, by point value 0-9: few distinct values keep the interpreted walk short.
SHOES = [(3, 1, 0, 2, 1, 0, 1, 2, 0, 1), (2, 0, 1, 1, 0, 3, 1, 0, 1, 1)]


def _from_source(monkeypatch: pytest.MonkeyPatch, module: object, *names: str) -> None:
    """Run ``module``'s compiled ``names`` from their ``*_py`` source, and the shared steps too."""
    for name in names:
        monkeypatch.setattr(module, name, getattr(module, f"{name}_py"))
    for step in ("outcome", "third_card_split"):
        if hasattr(module, step):
            monkeypatch.setattr(module, step, getattr(walk_steps, step))


def _same(first: object, second: object) -> bool:
    if isinstance(first, np.ndarray):
        return bool(np.array_equal(first, np.asarray(second)))
    return first == second


@pytest.mark.parametrize("points", SHOES)
@pytest.mark.parametrize("natural_waits", [False, True])
def test_the_banque_walk_from_its_source_is_the_compiled_walk(
    points: tuple[int, ...], natural_waits: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = banque_walk.banque_tally(points, STANDARD, natural_waits=natural_waits)
    _from_source(
        monkeypatch, banque_walk, "_walk", "_left_hands", "_tableaux", "_tableau", "_path",
        "_against", "_banker_acts", "_add",
    )  # fmt: skip
    interpreted = banque_walk.banque_tally(points, STANDARD, natural_waits=natural_waits)
    assert interpreted.denominator == compiled.denominator
    assert interpreted.naturals == compiled.naturals
    assert _same(interpreted.cells, compiled.cells)
    assert compiled.cells.any()  # the shoe reaches the Banker's cells: the check is not empty


@pytest.mark.parametrize("points", SHOES)
@pytest.mark.parametrize("replace", [False, True])
def test_the_chemin_de_fer_float_walk_from_its_source_is_the_compiled_walk(
    points: tuple[int, ...], replace: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = chemin_kernel.float_tally(points, STANDARD, replace=replace)
    _from_source(
        monkeypatch, chemin_kernel, "_walk", "_player_hand", "_player_stood", "_player_drew"
    )
    interpreted = chemin_kernel.float_tally(points, STANDARD, replace=replace)
    assert interpreted == compiled
    assert compiled.option > 0  # the Player holds 5 in some coup of these shoes


@pytest.mark.parametrize("points", SHOES)
def test_the_sequence_weights_walk_from_its_source_is_the_compiled_walk(
    points: tuple[int, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = kernels.integer_weights(points, STANDARD)
    monkeypatch.setattr(kernels, "_sequence_weights", kernels._sequence_weights_py)
    interpreted = kernels.integer_weights(points, STANDARD)
    assert interpreted == compiled
    assert any(w for row in compiled[3] for w in row)  # some coups take six cards
