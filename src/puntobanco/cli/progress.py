"""The one progress bar of the long commands: a count of steps done out of the total.

``simulate`` counts rounds, ``odds --effects`` shoes and ``systems`` sessions.
The bar is Rich's, on standard error, and goes away when the work is done; a
command asks for it only where standard error is a terminal (or the user asked
for it), so that scripts and pipes read nothing but the result.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

#: What a long computation calls as it goes: the number of steps done so far.
Tick = Callable[[int], None]


@contextmanager
def progress_bar(label: str, total: int, *, show: bool) -> Iterator[Tick | None]:
    """A bar of ``total`` steps headed ``label``, and the callback that moves it.

    Args:
        label: What is being done, in the user's language ("Dealing").
        total: The number of steps of the whole computation.
        show: Whether to draw it; when not, the callback is ``None`` (nothing to call).

    Yields:
        A function to call with the number of steps done so far, or ``None``.
    """
    if not show or total <= 0:
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn(label.replace("[", "\\[")),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        transient=True,
        console=Console(stderr=True),
    ) as bar:
        task = bar.add_task("", total=total)

        def tick(done: int) -> None:
            bar.update(task, completed=done)

        yield tick


@contextmanager
def stop_on_ctrl_c() -> Iterator[Callable[[], bool]]:
    """While inside, Ctrl-C sets a flag (polled by the run) instead of raising."""
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stop.is_set
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        stop.set()

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield stop.is_set
    finally:
        signal.signal(signal.SIGINT, previous)
