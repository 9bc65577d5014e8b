"""Rate limits that hold across workers: counted in the database, or in Redis.

A fixed window per key: at most ``limit`` attempts per ``window_s`` seconds. Logins
are counted per client address and username (``settings.login_attempts`` per
``settings.login_window_s``); new accounts, registered or guest, per client address
(``settings.signups_per_address`` per ``settings.signup_window_s``), so that one client
cannot fill the database with accounts. Every request that checks or hashes a password
(logins and registrations, whatever the username) is also counted per client address
(``settings.password_checks_per_address`` per ``settings.password_check_window_s``); rotations
and full verifications of a server seed per player.

Beside those counts, :class:`PasswordGate` bounds the argon2 work of one process: at most
``settings.password_check_concurrency`` password checks at once, the others waiting a
bounded time, so that a flood of logins from many addresses still leaves the cores to the
rounds of the players already logged in.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any, Protocol, TypeVar

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from puntobanco.server.errors import ApiError
from puntobanco.server.models import LoginAttempt, utcnow

log = logging.getLogger("puntobanco.server")


class RateLimiter(Protocol):
    """Counts an attempt and says how long to wait when over the limit."""

    def hit(self, key: str) -> int | None:
        """Count one attempt for ``key``; ``None`` if allowed, else seconds to wait."""


class DatabaseRateLimiter:
    """Counts attempts in the ``login_attempts`` table (works on SQLite and PostgreSQL)."""

    def __init__(self, sessions: sessionmaker[Session], *, limit: int, window_s: int) -> None:
        self._sessions = sessions
        self._limit = limit
        self._window = timedelta(seconds=window_s)

    def hit(self, key: str) -> int | None:
        """Count one attempt for ``key``; ``None`` if allowed, else seconds to wait."""
        for _ in range(3):
            try:
                return self._hit(key)
            except IntegrityError:  # two first attempts raced to insert the row
                continue
        return None

    def _hit(self, key: str) -> int | None:
        now = utcnow()
        with self._sessions.begin() as session:
            row = session.execute(
                select(LoginAttempt.window_start, LoginAttempt.attempts)
                .where(LoginAttempt.key == key)
                .with_for_update()
            ).one_or_none()
            if row is None:
                session.execute(insert(LoginAttempt).values(key=key, window_start=now, attempts=1))
                return None if self._limit >= 1 else int(self._window.total_seconds())
            start = row.window_start
            if start.tzinfo is None:  # SQLite hands back naive datetimes
                start = start.replace(tzinfo=now.tzinfo)
            if now - start >= self._window:
                session.execute(
                    update(LoginAttempt)
                    .where(LoginAttempt.key == key)
                    .values(window_start=now, attempts=1)
                )
                return None
            attempts = int(row.attempts) + 1
            session.execute(
                update(LoginAttempt).where(LoginAttempt.key == key).values(attempts=attempts)
            )
            if attempts > self._limit:
                return max(1, int((start + self._window - now).total_seconds()) + 1)
            return None


class RedisRateLimiter:
    """Counts attempts in Redis (``INCR`` with an expiry): shared by every worker and host."""

    def __init__(self, client: Any, *, limit: int, window_s: int, namespace: str = "login") -> None:
        self._redis = client
        self._limit = limit
        self._window = window_s
        self._namespace = namespace

    def hit(self, key: str) -> int | None:
        """Count one attempt for ``key``; ``None`` if allowed, else seconds to wait."""
        import redis

        name = f"puntobanco:{self._namespace}:{key}"
        pipe = self._redis.pipeline()
        pipe.incr(name)
        pipe.expire(name, self._window, nx=True)
        pipe.ttl(name)
        try:
            attempts, _, ttl = pipe.execute()
        except redis.RedisError:
            # Without its count, the limit cannot be kept: refuse (nothing was done yet)
            # rather than let unlimited attempts through while Redis is away.
            log.error("rate limit: Redis is unavailable", exc_info=True)
            raise ApiError(503, "rate_limit_unavailable") from None
        if int(attempts) > self._limit:
            return max(1, int(ttl))
        return None


class RememberRefusals:
    """A limiter that remembers, in this process, the keys it refused until their window ends.

    Over its limit, a key stays refused until its fixed window ends, whatever is sent
    meanwhile: the count in the store can only grow. So a refusal already known is answered
    from memory, without the write to the store that counting takes (on SQLite a write
    lock that the rounds wait for): a flood of refused requests costs the store one write
    per key and worker, not one per request. Allowed attempts are always counted in the
    store. At most ``max_keys`` keys are remembered (then more are counted in the store).
    """

    def __init__(self, limiter: RateLimiter, *, max_keys: int = 10_000) -> None:
        self._limiter = limiter
        self._max_keys = max_keys
        self._until: dict[str, float] = {}
        self._lock = threading.Lock()

    def hit(self, key: str) -> int | None:
        """Count one attempt for ``key``; ``None`` if allowed, else seconds to wait."""
        now = time.monotonic()
        with self._lock:
            until = self._until.get(key)
            if until is not None:
                if until > now:
                    return max(1, math.ceil(until - now))
                del self._until[key]
        wait = self._limiter.hit(key)
        if wait is not None:
            with self._lock:
                if len(self._until) >= self._max_keys:
                    self._until = {k: t for k, t in self._until.items() if t > now}
                if len(self._until) < self._max_keys:
                    self._until[key] = now + wait
        return wait

    def forget(self) -> None:
        """Forget every refusal (for tests that move windows in the store)."""
        with self._lock:
            self._until.clear()


T = TypeVar("T")

#: Requests that may wait for a password-check slot, per slot: beyond that a request is
#: refused at once, so that waiting requests never hold more than a few of the threads
#: (and none of the database connections) that the rounds need.
WAITING_PER_SLOT = 4


class PasswordGate:
    """At most ``concurrency`` password checks (argon2) at once in this process.

    :meth:`run` is called from the request threads, outside any database transaction
    (a request waiting here holds no connection). A request that finds every slot busy
    waits up to ``wait_s`` seconds; it is refused with 503 ``server_busy`` (Retry-After:
    1 s) when the wait runs out, or at once when ``WAITING_PER_SLOT`` requests per slot
    are already waiting. 503 rather than 429: the server is busy, not this client over
    its own count (that is the per-address limit's 429).
    """

    def __init__(self, concurrency: int, wait_s: float) -> None:
        self._slots = threading.BoundedSemaphore(concurrency)
        self._wait_s = wait_s
        self._lock = threading.Lock()
        self._waiting = 0
        self._max_waiting = WAITING_PER_SLOT * concurrency
        self._running = 0
        #: The most checks seen running at once (for tests and measurements).
        self.peak = 0

    def run(self, check: Callable[[], T]) -> T:
        """``check()`` once a slot is free.

        Raises:
            ApiError: 503 ``server_busy`` (nothing was checked).
        """
        with self._lock:
            if self._waiting >= self._max_waiting:
                raise ApiError(503, "server_busy", retry_after=1)
            self._waiting += 1
        try:
            acquired = self._slots.acquire(timeout=self._wait_s)
        finally:
            with self._lock:
                self._waiting -= 1
        if not acquired:
            raise ApiError(503, "server_busy", retry_after=1)
        try:
            with self._lock:
                self._running += 1
                self.peak = max(self.peak, self._running)
            return check()
        finally:
            with self._lock:
                self._running -= 1
            self._slots.release()
