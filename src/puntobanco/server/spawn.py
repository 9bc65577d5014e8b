"""What a worker process of ``puntobanco serve --workers N`` runs before it answers its supervisor.

uvicorn starts each worker with multiprocessing's *spawn*: a fresh interpreter that first
imports the parent's ``__main__`` module again (as ``__mp_main__``), then unpickles the
worker, and only then starts the thread that answers the supervisor's health checks. The
supervisor kills a worker that has not answered within ``timeout_worker_healthcheck``
(uvicorn's default: 5 s) and starts another, which starts as slowly: on a loaded machine,
workers were killed over and over during start-up (an audit of the service counted 24 killed in 14
starts).

The parent's ``__main__`` is the command line, which imports Typer and every command's
module: about 0.7 s of CPU before the first answer, against 0.2 s for uvicorn alone, and the
whole wait grows with the load (one CPU-bound process per core multiplies it). While the
workers are started, :func:`light_main` names this module instead, which imports only the
standard library (and the package's pure-Python core, through ``puntobanco/__init__``:
0.1 s), so a worker answers soon after uvicorn's own imports; ``serve`` also gives the
health check a longer timeout (``PUNTOBANCO_WORKER_START_S``).
"""

from __future__ import annotations

import importlib.util
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def light_main() -> Iterator[None]:
    """While inside, processes spawned by multiprocessing import this module as their main.

    The parent's own ``__main__`` is put back on leaving.
    """
    spec = importlib.util.find_spec(__name__)
    stand_in = types.ModuleType("__main__")
    stand_in.__spec__ = spec
    stand_in.__file__ = None if spec is None else spec.origin
    saved = sys.modules["__main__"]
    sys.modules["__main__"] = stand_in
    try:
        yield
    finally:
        sys.modules["__main__"] = saved
