from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puntobanco.server.settings import Settings
from tests.server.conftest import Player


def test_register_grants_play_money_and_sets_an_http_only_cookie(
    client: TestClient, settings: Settings
) -> None:
    response = client.post("/api/auth/register", json={"username": "bob", "password": "s3cret-pw"})
    assert response.status_code == 201
    body = response.json()
    assert body["user"] == {
        "id": body["user"]["id"],
        "username": "bob",
        "guest": False,
        "balance_minor": settings.grant_minor,
    }
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"pb_session={body['token']}")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie


def test_cookie_and_bearer_both_authenticate(client: TestClient, alice: Player) -> None:
    assert client.get("/api/me", headers=alice.headers).json()["username"] == "alice"
    client.cookies.set("pb_session", alice.token)
    assert client.get("/api/me").json()["username"] == "alice"


def test_login_and_bad_credentials(client: TestClient, alice: Player) -> None:
    ok = client.post("/api/auth/login", json={"username": "alice", "password": "correct horse"})
    assert ok.status_code == 200 and ok.json()["user"]["id"] == alice.id
    assert ok.json()["token"] != alice.token
    for creds in (
        {"username": "alice", "password": "wrong horse"},
        {"username": "nobody", "password": "x" * 9},
    ):
        bad = client.post("/api/auth/login?lang=es", json=creds)
        assert bad.status_code == 401
        assert bad.json()["error"]["code"] == "bad_credentials"
        assert bad.json()["error"]["message"] == "Usuario o contraseña incorrectos."


def test_duplicate_and_malformed_registrations_change_nothing(
    client: TestClient, alice: Player
) -> None:
    taken = client.post("/api/auth/register", json={"username": "alice", "password": "another pw"})
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "username_taken"
    short = client.post("/api/auth/register", json={"username": "al", "password": "password"})
    assert short.status_code == 422 and short.json()["error"]["code"] == "invalid_username"
    weak = client.post(
        "/api/auth/register?lang=es", json={"username": "carol", "password": "short"}
    )
    assert weak.status_code == 422
    assert weak.json()["error"]["message"].startswith("La contraseña debe tener de 8 a 128")
    missing = client.post("/api/auth/register", json={"username": "carol"})
    assert missing.status_code == 422 and missing.json()["error"]["code"] == "invalid_request"
    assert (
        client.post("/api/auth/login", json={"username": "carol", "password": "short"}).status_code
        == 401
    )


def test_guest_gets_play_money(client: TestClient, settings: Settings) -> None:
    response = client.post("/api/auth/guest")
    assert response.status_code == 201
    user = response.json()["user"]
    assert user["guest"] is True and user["username"].startswith("guest-")
    assert user["balance_minor"] == settings.grant_minor
    headers = {"Authorization": f"Bearer {response.json()['token']}"}
    assert client.get("/api/me", headers=headers).json()["id"] == user["id"]


def test_logout_ends_the_session(client: TestClient, alice: Player) -> None:
    response = client.post("/api/auth/logout", headers=alice.headers)
    assert response.status_code == 204
    after = client.get("/api/me", headers=alice.headers)
    assert after.status_code == 401
    assert after.json()["error"]["code"] == "not_authenticated"
    assert client.post("/api/auth/logout").status_code == 204  # nothing to end: still fine


def test_unauthenticated_requests_are_refused_in_the_request_language(client: TestClient) -> None:
    for method, path in (("get", "/api/me"), ("get", "/api/table"), ("get", "/api/rounds")):
        response = client.request(method, path, headers={"Accept-Language": "es-ES,es;q=0.9"})
        assert response.status_code == 401
        assert response.json()["error"]["message"].startswith("Inicie sesión")
    bogus = client.get("/api/me", headers={"Authorization": "Bearer not-a-token"})
    assert bogus.status_code == 401


def test_login_is_rate_limited_even_with_the_right_password(
    client: TestClient, alice: Player, settings: Settings
) -> None:
    for _ in range(settings.login_attempts):
        client.post("/api/auth/login", json={"username": "alice", "password": "wrong pw!"})
    limited = client.post(
        "/api/auth/login?lang=es", json={"username": "alice", "password": "correct horse"}
    )
    assert limited.status_code == 429
    assert int(limited.headers["Retry-After"]) >= 1
    assert limited.json()["error"]["code"] == "rate_limited"
    assert "Demasiados intentos" in limited.json()["error"]["message"]
    # Another username from the same client is counted separately.
    Player(client, "dave")
    ok = client.post("/api/auth/login", json={"username": "dave", "password": "correct horse"})
    assert ok.status_code == 200


@pytest.mark.redis
def test_redis_rate_limit_holds_across_app_instances(settings: Settings) -> None:
    """Two app instances (two workers) share the count through Redis."""
    import uuid

    import pytest
    import redis

    from puntobanco.server.main import create_app
    from tests.server.conftest import make_settings

    url = "redis://127.0.0.1:6379/15"
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.RedisError as exc:
        pytest.skip(f"Redis at {url} is unreachable: {exc}")
    # Redis outlives the test: sign-ups from this client are counted there run after run.
    shared = make_settings(
        settings.database_url, redis_url=url, login_attempts=3, signups_per_address=10**6
    )
    name = f"r{uuid.uuid4().hex[:8]}"
    with TestClient(create_app(shared)) as one, TestClient(create_app(shared)) as two:
        Player(one, name)
        answers = [
            (one if i % 2 else two)
            .post("/api/auth/login", json={"username": name, "password": "wrong pw!"})
            .status_code
            for i in range(5)
        ]
    assert answers == [401, 401, 401, 429, 429]


def test_new_accounts_are_rate_limited_per_client_address(settings: Settings) -> None:
    from sqlalchemy import func, select

    from puntobanco.server.main import create_app
    from puntobanco.server.models import User
    from tests.server.conftest import make_settings

    limited = make_settings(settings.database_url, signups_per_address=3)
    with TestClient(create_app(limited)) as client:
        Player(client, "first")
        assert client.post("/api/auth/guest").status_code == 201
        Player(client, "third")
        refused = [
            client.post("/api/auth/guest?lang=es"),
            client.post("/api/auth/register", json={"username": "fourth", "password": "pw pw pw!"}),
        ]
        for answer in refused:
            assert answer.status_code == 429
            assert answer.json()["error"]["code"] == "signup_rate_limited"
            assert 1 <= int(answer.headers["Retry-After"]) <= limited.signup_window_s
        assert refused[0].json()["error"]["message"].startswith("Demasiadas cuentas nuevas")
        assert refused[1].json()["error"]["message"].startswith("Too many new accounts")
        with client.app.state.sessions() as session:  # type: ignore[attr-defined]
            assert session.execute(select(func.count()).select_from(User)).scalar_one() == 3
        # Logging in is another limit: the players made here still get in.
        ok = client.post("/api/auth/login", json={"username": "first", "password": "correct horse"})
        assert ok.status_code == 200


def test_expired_sessions_are_refused_and_removed_on_start(
    client: TestClient, alice: Player, settings: Settings
) -> None:
    from datetime import timedelta

    from sqlalchemy import func, select, update

    from puntobanco.server.main import create_app
    from puntobanco.server.models import AuthSession, utcnow

    sessions = client.app.state.sessions  # type: ignore[attr-defined]
    with sessions.begin() as session:
        session.execute(update(AuthSession).values(expires_at=utcnow() - timedelta(seconds=1)))
    assert client.get("/api/me", headers=alice.headers).status_code == 401
    with TestClient(create_app(settings)) as restarted:
        with restarted.app.state.sessions.begin() as session:  # type: ignore[attr-defined]
            left = session.execute(select(func.count()).select_from(AuthSession)).scalar_one()
    assert left == 0


def test_sign_ups_are_counted_per_address_and_per_ipv6_network(settings: Settings) -> None:
    from puntobanco.server.main import create_app
    from tests.server.conftest import make_settings

    app = create_app(make_settings(settings.database_url, signups_per_address=1))

    def guest(host: str) -> int:
        with TestClient(app, client=(host, 50000)) as client:
            return client.post("/api/auth/guest").status_code

    assert guest("203.0.113.7") == 201
    assert guest("203.0.113.7") == 429
    assert guest("::ffff:203.0.113.7") == 429  # the same IPv4 client, written as IPv6
    assert guest("203.0.113.8") == 201  # another address
    # One IPv6 subscriber holds a /64: a fresh address in it is the same client.
    assert guest("2001:db8:1:2::1") == 201
    assert guest("2001:db8:1:2:ffff::9") == 429
    assert guest("2001:db8:1:3::1") == 201  # another /64


def test_a_rate_limit_that_cannot_count_refuses_with_503_and_changes_nothing(
    settings: Settings,
) -> None:
    from sqlalchemy import func, select

    from puntobanco.server.main import create_app
    from puntobanco.server.models import User
    from tests.server.conftest import make_settings

    # Nothing listens on port 1: every count fails as when Redis is down.
    down = make_settings(settings.database_url, redis_url="redis://127.0.0.1:1/0")
    with TestClient(create_app(down)) as client:
        for path in ("/api/auth/guest?lang=es", "/api/auth/login"):
            body = {"username": "alice", "password": "correct horse"}
            answer = client.post(path, json=body)
            assert answer.status_code == 503, answer.text
            assert answer.json()["error"]["code"] == "rate_limit_unavailable"
            assert answer.headers["Retry-After"] == "5"
        assert answer.json()["error"]["messages"]["es"].startswith("Ahora no se pueden contar")
        with client.app.state.sessions() as session:  # type: ignore[attr-defined]
            assert session.execute(select(func.count()).select_from(User)).scalar_one() == 0


def test_housekeeping_keeps_a_sign_up_window_longer_than_the_login_window(
    settings: Settings,
) -> None:
    from datetime import timedelta

    from sqlalchemy import select, update

    from puntobanco.server.accounts import housekeeping
    from puntobanco.server.main import create_app
    from puntobanco.server.models import LoginAttempt, utcnow
    from tests.server.conftest import make_settings

    limited = make_settings(
        settings.database_url, signups_per_address=1, login_window_s=60, signup_window_s=3600
    )
    with TestClient(create_app(limited)) as client:
        assert client.post("/api/auth/guest").status_code == 201
        sessions = client.app.state.sessions  # type: ignore[attr-defined]
        # The sign-up window began 10 minutes ago: past the login window, not its own.
        with sessions.begin() as session:
            session.execute(
                update(LoginAttempt).values(window_start=utcnow() - timedelta(minutes=10))
            )
        housekeeping(sessions, limited)
        assert client.post("/api/auth/guest").status_code == 429
        with sessions.begin() as session:
            session.execute(update(LoginAttempt).values(window_start=utcnow() - timedelta(hours=2)))
        housekeeping(sessions, limited)
        # The window was moved behind the server's back: its memory of the refusal goes too.
        client.app.state.signup_limiter.forget()  # type: ignore[attr-defined]
        with sessions() as session:
            assert session.execute(select(LoginAttempt.key)).all() == []
        assert client.post("/api/auth/guest").status_code == 201


def test_a_running_server_sweeps_expired_logins_without_a_restart(settings: Settings) -> None:
    import time
    from datetime import timedelta

    from sqlalchemy import func, select, update

    from puntobanco.server.main import create_app
    from puntobanco.server.models import AuthSession, utcnow
    from tests.server.conftest import make_settings

    swept = make_settings(settings.database_url, housekeeping_s=1)
    with TestClient(create_app(swept)) as client:
        player = Player(client, "sleepy")
        Player(client, "awake")
        sessions = client.app.state.sessions  # type: ignore[attr-defined]
        with sessions.begin() as session:
            session.execute(
                update(AuthSession)
                .where(AuthSession.user_id == player.id)
                .values(expires_at=utcnow() - timedelta(seconds=1))
            )

        def logins() -> int:
            with sessions() as session:
                return int(
                    session.execute(select(func.count()).select_from(AuthSession)).scalar_one()
                )

        deadline = time.monotonic() + 30  # a sweep a second; a loaded machine may be slow
        while logins() > 1 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert logins() == 1  # the expired one is gone, the live one kept
        assert client.get("/api/me", headers=player.headers).status_code == 401


def test_a_stopping_server_waits_for_the_housekeeping_pass_in_progress(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pass abandoned at shutdown would go on writing after the app has stopped."""
    import threading

    from puntobanco.server import main

    started, finished = threading.Event(), threading.Event()
    real_pass = main.housekeeping_pass

    def slow_pass(*args: Any) -> list[int]:
        started.set()
        time.sleep(0.5)
        settled = real_pass(*args)
        finished.set()
        return settled

    monkeypatch.setattr(main, "housekeeping_pass", slow_pass)
    with TestClient(main.create_app(settings)) as client:
        client.app.state.recovery.ring()  # type: ignore[attr-defined]
        assert started.wait(10)
    assert finished.is_set()


def test_a_name_taken_in_another_case_and_a_common_password_are_refused(
    client: TestClient, alice: Player
) -> None:
    """The audit of 2026-12-04 (note 7): ``SAME03C156`` was accepted beside ``same03c156``
    (one player could pass for another), and ``12345678`` and ``password`` were accepted."""
    for name in ("ALICE", "Alice"):
        taken = client.post("/api/auth/register", json={"username": name, "password": "a fine pw"})
        assert taken.status_code == 409 and taken.json()["error"]["code"] == "username_taken"
    guest = client.post("/api/auth/guest").json()
    upgrade = client.post(
        "/api/auth/upgrade",
        json={"username": "aLiCe", "password": "a fine pw"},
        headers={"Authorization": f"Bearer {guest['token']}"},
    )
    assert upgrade.status_code == 409 and upgrade.json()["error"]["code"] == "username_taken"
    for password in ("12345678", "password", "Password1", "contraseña"):
        common = client.post(
            "/api/auth/register?lang=es", json={"username": "erin", "password": password}
        )
        assert common.status_code == 422, password
        error = common.json()["error"]
        assert error["code"] == "common_password" and "elija otra" in error["message"]
    assert (
        client.post(
            "/api/auth/register", json={"username": "erin", "password": "correct horse battery"}
        ).status_code
        == 201
    )
