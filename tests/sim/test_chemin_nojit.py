"""The Chemin de fer kernel's agreement tests again with the JIT off, for coverage of its lines.

As ``test_nojit.py`` does for Punto Banco's kernels: with ``NUMBA_DISABLE_JIT=1``
the kernel runs as plain Python (NumPy scalars wrap around as the compiled code
does), in a subprocess because numba reads the variable once, at import.
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
def test_chemin_kernel_agreement_without_the_jit() -> None:
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "src"), *filter(None, [os.environ.get("PYTHONPATH")])]
    )
    command = [
        sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
        "-W", "ignore::RuntimeWarning", "-k", "stream or identical or arrays",
        str(HERE / "test_chemin_sim.py"),
    ]  # fmt: skip
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout
