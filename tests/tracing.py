"""Coverage measurement paused for a stretch of a test that only repeats what it has run.

``make pytest`` measures coverage (pytest-cov, branch coverage of the core and the analysis).
A statistical test that deals a million rounds through the core runs the same lines a
million times; traced, it took about 2.5 times as long. Such a test runs its first stretch
traced, so that it counts towards coverage as before, and the repetition untraced: the
lines and branches recorded are the same (the first stretch already passes through every
one of them), and the test's assertions read every round, traced or not.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def untraced() -> Iterator[None]:
    """Coverage stopped inside, when this run measures it (else nothing changes)."""
    try:
        from coverage import Coverage
    except ImportError:  # coverage is not installed: nothing is measured
        yield
        return
    current = Coverage.current()
    if current is None:
        yield
        return
    current.stop()
    try:
        yield
    finally:
        current.start()
