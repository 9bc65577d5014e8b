"""The agreement tests again with the JIT off, on small inputs, so kernel lines count for coverage.

As stumpy does: with ``NUMBA_DISABLE_JIT=1`` the kernels run as plain Python
(NumPy scalars wrap around as the compiled code does) and coverage sees them.
A subprocess, because numba reads the variable once, at import.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_kernel_agreement_without_the_jit() -> None:
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", SIM_SMALL="1")
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "src"), *filter(None, [os.environ.get("PYTHONPATH")])]
    )
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:xdist",
        "-W",
        "ignore::RuntimeWarning",
        "-m",
        "not slow",
        str(HERE / "test_kernels.py"),
        str(HERE / "test_api.py"),
        str(HERE / "test_side_bets.py"),
    ]
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout
