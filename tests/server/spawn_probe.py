"""A spawned process's target that imports nothing of the project (see test_worker_start)."""

from __future__ import annotations

import sys
from typing import Any


def modules_seen(queue: Any) -> None:
    """Put the names of the project's and Typer's modules this process has imported."""
    queue.put(sorted(name for name in sys.modules if name.startswith(("typer", "puntobanco"))))
