"""The top-level package: its public names, its light import, and the docs' library example."""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import puntobanco

ROOT = Path(__file__).resolve().parents[1]


def _run(code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )


def test_import_puntobanco_loads_neither_numpy_nor_numba() -> None:
    done = _run(
        "import sys, puntobanco\n"
        "table = puntobanco.Table(balance_minor=1000)\n"
        "heavy = sorted({'numba', 'numpy'} & set(sys.modules))\n"
        "assert not heavy, heavy\n"
        "assert callable(puntobanco.analyze) and 'numba' in sys.modules\n"
    )
    assert done.returncode == 0, done.stderr


def test_the_terminal_game_module_loads_no_numba() -> None:
    done = _run("import sys, puntobanco.cli.play\nassert 'numba' not in sys.modules\n")
    assert done.returncode == 0, done.stderr


def test_the_command_line_help_loads_no_numba() -> None:
    done = _run(
        "import sys\n"
        "from puntobanco.cli.main import app\n"
        "assert 'numba' not in sys.modules, 'numba'\n"
    )
    assert done.returncode == 0, done.stderr


def test_every_public_name_resolves() -> None:
    for name in puntobanco.__all__:
        assert getattr(puntobanco, name) is not None, name
    assert {"Table", "analyze", "simulate"} <= set(dir(puntobanco))
    from puntobanco.analysis import analyze
    from puntobanco.sim.api import simulate

    assert puntobanco.analyze is analyze and puntobanco.simulate is simulate
    with pytest.raises(AttributeError, match="no_such_name"):
        _ = puntobanco.no_such_name  # type: ignore[attr-defined]


def test_the_package_docstring_runs() -> None:
    failures, tried = doctest.testmod(puntobanco)
    assert tried > 0 and failures == 0


def test_the_library_example_runs() -> None:
    page = (ROOT / "docs" / "library.md").read_text(encoding="utf-8")
    section = page.split("## The library", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    assert blocks, "the section shows no Python"
    for block in blocks:
        done = _run(block)
        assert done.returncode == 0, done.stderr
