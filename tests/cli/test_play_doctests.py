"""The examples in the game's docstrings run (pytest collects doctests in core only)."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from puntobanco.cli import betline, game, lang, options, params, spots, textsafe


@pytest.mark.parametrize(
    "module", [betline, game, lang, options, params, spots, textsafe], ids=lambda m: m.__name__
)
def test_doctests(module: ModuleType) -> None:
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
