"""Running the server: its listening socket, uvicorn's server or supervisor, the exit status.

``puntobanco serve`` checks every option, binds the socket here (a port in use is one line,
before anything else starts) and hands it to uvicorn. :func:`run` replaces ``uvicorn.run``,
which answers Ctrl-C with status 0: here it is 130, as in every other command.

The connections are guarded (:class:`GuardedHttp`): a connection whose request head does
not end within ``header_timeout_s`` is closed, and one address may hold at most
``pending_heads_per_address`` such connections in a worker (the next one is closed at
once). Without this, one client that opens connections and never finishes their headers
(slowloris) holds every file descriptor of the worker and locks every other client out.
A connection counts only while its head is unfinished: a WebSocket (its upgrade's head
done), or a keep-alive connection between requests (closed by uvicorn after
``timeout_keep_alive``), does not.
"""

from __future__ import annotations

import asyncio
import signal
import socket
from collections import Counter
from types import FrameType
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.supervisors import Multiprocess

#: The exit status after Ctrl-C, as shells report it (128 + SIGINT).
EXIT_INTERRUPTED = 130
APP = "puntobanco.server.main:create_app"


def listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound; uvicorn listens on it, in every worker.

    ``OSError`` if it cannot be bound: a port in use, an address this machine does not have.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


class _Supervisor(Multiprocess):
    """uvicorn's supervisor of several workers, remembering a Ctrl-C."""

    interrupted = False

    def handle_int(self) -> None:
        self.interrupted = True
        super().handle_int()


class _Server(uvicorn.Server):
    """uvicorn's server of one worker, remembering a Ctrl-C.

    (uvicorn raises the signal again once it has shut down, but a process started with
    SIGINT ignored, as a shell starts a background job, would then end with status 0.)
    """

    interrupted = False

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        self.interrupted = self.interrupted or sig == signal.SIGINT
        super().handle_exit(sig, frame)


def run(sock: socket.socket, **options: Any) -> int:
    """Serve the app on ``sock`` with uvicorn's ``options`` until stopped; the exit status.

    0 after a stop by SIGTERM, 130 after Ctrl-C (SIGINT), 3 when a worker could not start.
    """
    config = uvicorn.Config(APP, factory=True, http=GuardedHttp, **options)
    if config.workers > 1:
        supervisor = _Supervisor(config, sockets=[sock])
        supervisor.run()
        return EXIT_INTERRUPTED if supervisor.interrupted else 0
    server = _Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    if server.interrupted:
        return EXIT_INTERRUPTED
    return 0 if server.started else 3


class _Heads:
    """The connections of this worker whose request head is unfinished, per address."""

    def __init__(self) -> None:
        self.pending: Counter[str] = Counter()
        self.timeout_s: float | None = None
        self.per_address = 0

    def configure(self) -> None:
        """Read the limits once, in the worker (from the settings ``serve`` exported)."""
        if self.timeout_s is None:
            from puntobanco.server.settings import get_settings

            settings = get_settings()
            self.timeout_s = settings.header_timeout_s
            self.per_address = settings.pending_heads_per_address


HEADS = _Heads()


class GuardedHttp(HttpToolsProtocol):
    """The HTTP protocol of uvicorn (httptools) with a time limit on each request head.

    And a cap per address on the connections whose head is unfinished.
    """

    _address = ""
    _pending = False
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """A new connection: its first head begins."""
        super().connection_made(transport)
        HEADS.configure()
        self._address = self.client[0] if self.client else ""
        self._head_begins()

    def on_message_begin(self) -> None:
        """A request begins: its head is timed."""
        super().on_message_begin()
        self._head_begins()  # a keep-alive connection's next request

    def on_headers_complete(self) -> None:
        """The head is complete: no longer timed nor counted."""
        self._head_ends()  # before uvicorn hands an upgrade to the WebSocket protocol
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        """The connection is gone: its head, if unfinished, no longer counts."""
        self._head_ends()
        super().connection_lost(exc)

    def _head_begins(self) -> None:
        if self._pending:
            return
        if HEADS.pending[self._address] >= HEADS.per_address:
            self.transport.close()  # this address holds enough unfinished heads
            return
        HEADS.pending[self._address] += 1
        self._pending = True
        assert HEADS.timeout_s is not None
        self._deadline = self.loop.call_later(HEADS.timeout_s, self._too_slow)

    def _head_ends(self) -> None:
        if not self._pending:
            return
        self._pending = False
        HEADS.pending[self._address] -= 1
        if HEADS.pending[self._address] <= 0:
            del HEADS.pending[self._address]
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        self._head_ends()
        self.transport.close()
