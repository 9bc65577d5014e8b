"""Denial of service: request bodies, login floods, argon2 work, rotations and verifications."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from puntobanco.server.bodylimit import BodyLimitMiddleware
from puntobanco.server.errors import ApiError
from puntobanco.server.main import create_app
from puntobanco.server.models import User
from puntobanco.server.ratelimit import PasswordGate
from puntobanco.server.settings import Settings
from tests.server.conftest import Player, make_settings
from tests.server.live import live_server

LIMIT = 1024


def _users(client: TestClient) -> int:
    with client.app.state.sessions() as session:  # type: ignore[attr-defined]
        count: int = session.execute(select(func.count()).select_from(User)).scalar_one()
    return count


def _padded_credentials(size: int) -> bytes:
    """A registration body of ``size`` bytes (valid JSON, an unknown padding field)."""
    head = b'{"username": "bulky", "password": "correct horse", "pad": "'
    return head + b"x" * (size - len(head) - 2) + b'"}'


# --- request bodies ------------------------------------------------------------------------


@pytest.fixture
def small_body_client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(make_settings(settings.database_url, max_body_bytes=LIMIT))) as c:
        yield c


def _assert_413(answer: Any) -> None:
    assert answer.status_code == 413, answer.text
    error = answer.json()["error"]
    assert error["code"] == "body_too_large"
    assert error["params"]["limit"] == LIMIT
    assert str(LIMIT) in error["messages"]["en"] and str(LIMIT) in error["messages"]["es"]


def test_a_declared_body_over_the_limit_is_refused_with_413(
    small_body_client: TestClient,
) -> None:
    body = _padded_credentials(LIMIT + 1)
    answer = small_body_client.post(
        "/api/auth/register?lang=es", content=body, headers={"Content-Type": "application/json"}
    )
    _assert_413(answer)
    assert answer.json()["error"]["message"].startswith("El cuerpo de la petición")
    assert _users(small_body_client) == 0
    # A body within the limit is read as before.
    fits = small_body_client.post(
        "/api/auth/register", json={"username": "slim", "password": "correct horse"}
    )
    assert fits.status_code == 201, fits.text


def test_a_streamed_body_over_the_limit_is_refused_with_413(
    small_body_client: TestClient,
) -> None:
    body = _padded_credentials(4 * LIMIT)

    def chunks() -> Iterator[bytes]:  # no Content-Length: Transfer-Encoding chunked
        for start in range(0, len(body), 256):
            yield body[start : start + 256]

    answer = small_body_client.post(
        "/api/auth/register", content=chunks(), headers={"Content-Type": "application/json"}
    )
    _assert_413(answer)
    assert _users(small_body_client) == 0


def _run_middleware(
    headers: list[tuple[bytes, bytes]], chunks: list[bytes]
) -> tuple[int, int, bool]:
    """Send ``chunks`` through the middleware to an app that reads the whole body.

    Returns the status answered, the chunks the client was asked for, and whether the
    app was called.
    """
    pulled = 0
    called = False
    sent: list[dict[str, Any]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        nonlocal called
        called = True
        while (await receive()).get("more_body"):
            pass
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        pulled += 1
        return {
            "type": "http.request",
            "body": chunks[pulled - 1],
            "more_body": pulled < len(chunks),
        }

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/", "query_string": b"", "headers": headers}
    asyncio.run(BodyLimitMiddleware(app, max_bytes=LIMIT)(scope, receive, send))
    return sent[0]["status"], pulled, called


def test_the_body_limit_reads_nothing_of_a_declared_body_and_stops_a_stream_at_the_limit() -> None:
    chunks = [b"x" * 512] * 100  # 50 KiB offered
    status, pulled, called = _run_middleware([(b"content-length", b"51200")], chunks)
    assert (status, pulled, called) == (413, 0, False)
    # Streamed: the third chunk passes the limit (1536 > 1024); nothing after it is read.
    status, pulled, called = _run_middleware([], chunks)
    assert (status, pulled, called) == (413, 3, True)
    # Within the limit, everything reaches the app.
    assert _run_middleware([], [b"x" * 512, b"x" * 512]) == (200, 2, True)


# --- login floods --------------------------------------------------------------------------


def test_logins_from_one_address_are_limited_whatever_the_username(settings: Settings) -> None:
    limited = make_settings(
        settings.database_url, password_checks_per_address=5, login_attempts=100
    )
    app = create_app(limited)
    with TestClient(app, client=("203.0.113.7", 50000)) as flood:
        answers = [
            flood.post(
                "/api/auth/login?lang=es",
                json={"username": f"user{i}", "password": "guess guess"},
            )
            for i in range(8)
        ]
        assert [a.status_code for a in answers] == [401] * 5 + [429] * 3
        refused = answers[-1]
        assert refused.json()["error"]["code"] == "address_rate_limited"
        assert 1 <= int(refused.headers["Retry-After"]) <= limited.password_check_window_s
        assert refused.json()["error"]["message"].startswith("Demasiados intentos")
        assert refused.json()["error"]["messages"]["en"].startswith("Too many login")
        # Registering checks a password too: counted by the same limit, nothing created.
        register = flood.post(
            "/api/auth/register", json={"username": "newcomer", "password": "correct horse"}
        )
        assert register.status_code == 429
        assert register.json()["error"]["code"] == "address_rate_limited"
        assert _users(flood) == 0
    # Another address is counted on its own.
    with TestClient(app, client=("203.0.113.8", 50000)) as other:
        Player(other, "carol")
        ok = other.post("/api/auth/login", json={"username": "carol", "password": "correct horse"})
        assert ok.status_code == 200


@pytest.mark.redis
def test_the_per_address_limit_holds_across_workers_through_redis(settings: Settings) -> None:
    import redis

    url = "redis://127.0.0.1:6379/15"
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.RedisError as exc:
        pytest.skip(f"Redis at {url} is unreachable: {exc}")
    shared = make_settings(
        settings.database_url, redis_url=url, password_checks_per_address=3, login_attempts=100
    )
    # Redis outlives the test: a fresh address each run starts from nothing.
    host = f"198.51.100.{uuid.uuid4().int % 250 + 1}"
    redis.Redis.from_url(url).delete(f"puntobanco:password:password|{host}")
    one, two = create_app(shared), create_app(shared)
    with TestClient(one, client=(host, 1)) as a, TestClient(two, client=(host, 2)) as b:
        answers = [
            (a if i % 2 else b)
            .post("/api/auth/login", json={"username": f"u{i}x", "password": "guess guess"})
            .status_code
            for i in range(5)
        ]
    assert answers == [401, 401, 401, 429, 429]


# --- argon2 work ---------------------------------------------------------------------------


class _SlowHasher:
    """Counts password checks running at once (each takes ``seconds``)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.lock = threading.Lock()
        self.running = 0
        self.peak = 0

    def __call__(self, real: Any) -> Any:
        def verify(hasher: Any, stored: str, password: str) -> bool:
            with self.lock:
                self.running += 1
                self.peak = max(self.peak, self.running)
            try:
                time.sleep(self.seconds)
                return bool(real(hasher, stored, password))
            finally:
                with self.lock:
                    self.running -= 1

        return verify


def test_concurrent_password_checks_never_exceed_the_cap(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    from argon2 import PasswordHasher

    slow = _SlowHasher(0.05)
    monkeypatch.setattr(PasswordHasher, "verify", slow(PasswordHasher.verify))
    capped = make_settings(
        settings.database_url,
        password_check_concurrency=2,
        password_check_wait_s=30,
        password_checks_per_address=1000,
        login_attempts=1000,
    )
    with TestClient(create_app(capped)) as client:
        Player(client, "alice")

        def login(i: int) -> int:
            password = "correct horse" if i % 2 else "wrong password"
            body = {"username": "alice" if i % 3 else f"nobody{i}", "password": password}
            return client.post("/api/auth/login", json=body).status_code

        with ThreadPoolExecutor(8) as pool:
            statuses = list(pool.map(login, range(24)))
    assert set(statuses) <= {200, 401} and 200 in statuses
    assert 1 <= slow.peak <= 2


def test_a_saturated_password_gate_answers_503_with_retry_after(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    from argon2 import PasswordHasher

    slow = _SlowHasher(0.5)
    monkeypatch.setattr(PasswordHasher, "verify", slow(PasswordHasher.verify))
    capped = make_settings(
        settings.database_url,
        password_check_concurrency=1,
        password_check_wait_s=0.05,
        password_checks_per_address=1000,
        login_attempts=1000,
    )
    with TestClient(create_app(capped)) as client:
        rings: list[None] = []
        client.app.state.recovery.ring = lambda: rings.append(None)  # type: ignore[attr-defined]

        def login(i: int) -> Any:
            body = {"username": f"nobody{i}", "password": "wrong password"}
            return client.post("/api/auth/login?lang=es", json=body)

        with ThreadPoolExecutor(3) as pool:
            answers = list(pool.map(login, range(3)))
    busy = [a for a in answers if a.status_code == 503]
    assert busy and all(a.json()["error"]["code"] == "server_busy" for a in busy)
    assert busy[0].headers["Retry-After"] == "1"
    assert busy[0].json()["error"]["message"].startswith("El servidor está ocupado")
    assert slow.peak == 1
    assert rings == []  # a busy gate is no database failure: the sweeper is left asleep


def test_the_gate_refuses_at_once_when_too_many_are_waiting() -> None:
    gate = PasswordGate(1, wait_s=5)
    release = threading.Event()
    started = threading.Event()

    def hold() -> None:
        started.set()
        release.wait(5)

    with ThreadPoolExecutor(6) as pool:
        first = pool.submit(gate.run, hold)
        started.wait(5)
        waiters = [pool.submit(gate.run, lambda: None) for _ in range(4)]
        time.sleep(0.1)  # the four are waiting: the fifth is refused without waiting
        begin = time.monotonic()
        with pytest.raises(ApiError) as refused:
            gate.run(lambda: None)
        assert time.monotonic() - begin < 1
        assert refused.value.code == "server_busy"
        release.set()
        first.result(5)
        for waiter in waiters:
            waiter.result(5)
    assert gate.peak == 1


# --- rotations and verifications -----------------------------------------------------------


def test_rotations_and_verifications_are_limited_per_player(settings: Settings) -> None:
    limited = make_settings(
        settings.database_url,
        rotations_per_player=2,
        rotation_window_s=1,
        verifications_per_player=2,
        verification_window_s=1,
    )
    with TestClient(create_app(limited)) as client:
        alice, bob = Player(client, "alice"), Player(client, "bob")
        assert alice.bet({"player": 100}).status_code == 201

        def rotate(player: Player) -> Any:
            return client.post("/api/fairness/rotate?lang=es", headers=player.headers)

        first = rotate(alice)
        assert first.status_code == 200
        seed = first.json()["revealed_server_seed"]
        assert rotate(alice).status_code == 200
        refused = rotate(alice)
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "rotate_rate_limited"
        assert 1 <= int(refused.headers["Retry-After"]) <= 2
        assert refused.json()["error"]["message"].startswith("Demasiadas rotaciones")
        assert refused.json()["error"]["messages"]["en"].startswith("Too many seed rotations")
        assert rotate(bob).status_code == 200  # counted per player

        def verify() -> Any:
            return client.post(
                "/api/fairness/verify", json={"server_seed": seed}, headers=alice.headers
            )

        assert [verify().status_code for _ in range(2)] == [200, 200]
        limited_verify = verify()
        assert limited_verify.status_code == 429
        assert limited_verify.json()["error"]["code"] == "verify_rate_limited"
        assert limited_verify.json()["error"]["messages"]["es"].startswith(
            "Demasiadas verificaciones"
        )
        assert int(limited_verify.headers["Retry-After"]) >= 1
        time.sleep(1.1)  # the one-second windows end
        assert rotate(alice).status_code == 200
        assert verify().status_code == 200


def test_a_password_check_holds_no_database_lock_while_it_runs(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A round is dealt while a login's argon2 runs (SQLite: no write lock held meanwhile)."""
    from argon2 import PasswordHasher

    slow = _SlowHasher(1.0)
    with TestClient(create_app(settings)) as client:
        alice = Player(client, "alice")
        monkeypatch.setattr(PasswordHasher, "verify", slow(PasswordHasher.verify))
        with ThreadPoolExecutor(1) as pool:
            login = pool.submit(
                client.post,
                "/api/auth/login",
                json={"username": "alice", "password": "correct horse"},
            )
            deadline = time.monotonic() + 5
            while slow.running == 0 and time.monotonic() < deadline:
                time.sleep(0.01)
            assert slow.running == 1
            begin = time.monotonic()
            assert alice.bet({"banker": 100}).status_code == 201
            took = time.monotonic() - begin
            assert slow.running == 1  # the login is still checking its password
            assert login.result(5).status_code == 200
    assert took < 0.5


def test_a_known_refusal_is_answered_without_counting_in_the_store() -> None:
    from puntobanco.server.ratelimit import RememberRefusals

    class Store:
        def __init__(self) -> None:
            self.hits = 0

        def hit(self, key: str) -> int | None:
            self.hits += 1
            return None if self.hits <= 2 else 30

    store = Store()
    limiter = RememberRefusals(store)
    assert [limiter.hit("k") for _ in range(2)] == [None, None]
    assert [limiter.hit("k") for _ in range(50)] == [30] * 50
    assert store.hits == 3  # the refusals after the first cost the store nothing
    limiter.forget()
    assert limiter.hit("k") == 30 and store.hits == 4


# --- connections that never finish their request head (slowloris) -------------------------


def _open_slowly(port: int, count: int, source: str) -> list[socket.socket]:
    """``count`` connections from ``source`` (a loopback address of its own), each with
    the first line of a request head and never its end."""
    opened = []
    for _ in range(count):
        sock = socket.socket()
        sock.bind((source, 0))
        sock.connect(("127.0.0.1", port))
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        opened.append(sock)
    return opened


def _closed(sock: socket.socket, within_s: float) -> bool:
    """Whether the server closes ``sock`` within ``within_s`` (what it still sends before,
    the rest of an answer, is read and dropped)."""
    deadline = time.monotonic() + within_s
    while (left := deadline - time.monotonic()) > 0:
        sock.settimeout(left)
        try:
            if sock.recv(1000) == b"":
                return True
        except TimeoutError:
            return False
        except ConnectionError:
            return True
    return False


def test_connections_whose_head_never_ends_are_capped_per_address_and_closed_in_time(
    tmp_path: Any,
) -> None:
    """The audit of 2026-12-04 (defect 2): ~20,000 connections from one client, each sending
    a header line a second, were all held and took every file descriptor. Now one address
    holds at most ``pending_heads_per_address`` unfinished heads (the next is closed at
    once) and each is closed after ``header_timeout_s``; another address is served."""
    env = {"PUNTOBANCO_HEADER_TIMEOUT_S": "2", "PUNTOBANCO_PENDING_HEADS_PER_ADDRESS": "5"}
    with live_server(f"sqlite:///{tmp_path / 'pb.db'}", **env) as (base, _process):
        port = int(base.rsplit(":", 1)[1])
        attacker = _open_slowly(port, 8, "127.0.0.2")
        try:
            time.sleep(0.3)
            refused = [s for s in attacker if _closed(s, 0.01)]
            assert len(refused) == 3  # over the cap: closed at once
            assert httpx.get(f"{base}/api/health", timeout=5).status_code == 200
            held = [s for s in attacker if s not in refused]
            begun = time.monotonic()
            assert all(_closed(s, 5) for s in held)  # the header time-out
            assert 0.5 < time.monotonic() - begun < 4.5
            # A keep-alive connection's next head is timed too.
            with socket.create_connection(("127.0.0.1", port)) as sock:
                sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
                answer = sock.recv(1000)
                assert b" 200 " in answer
                while b'"ok"' not in answer:  # the body, if it came apart from the head
                    answer += sock.recv(1000)
                sock.sendall(b"GET /api/health HTTP/1.1\r\n")
                assert _closed(sock, 5)
            # The address is served again once its heads are gone.
            [again] = _open_slowly(port, 1, "127.0.0.2")
            with again:
                again.sendall(b"\r\n")
                assert b" 200 " in again.recv(1000)
        finally:
            for sock in attacker:
                sock.close()
