"""Hardening: cross-site requests, security headers, the Secure cookie, /metrics access,
the test seed's allowance, database errors logged without their parameters, argon2 costs."""

from __future__ import annotations

import io
import json
import logging
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError
from sqlalchemy import text

from puntobanco.server.main import STATIC, create_app
from puntobanco.server.observability import JsonFormatter
from puntobanco.server.security import DOCS_POLICY, PAGE_POLICY
from puntobanco.server.settings import Settings
from tests.server.conftest import ADMIN, SCRIPTED, make_settings
from tests.server.live import ROOT, live_server, server_env

OWN = "http://testserver"


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'pb.db'}"


@pytest.fixture
def browser_client(sqlite_url: str) -> Iterator[TestClient]:
    """A client that, like a browser, keeps the cookie and sends no X-Requested-With."""
    with TestClient(create_app(make_settings(sqlite_url))) as client:
        del client.headers["x-requested-with"]
        yield client


def _guest(client: TestClient) -> str:
    response = client.post("/api/auth/guest", headers={"Sec-Fetch-Site": "same-origin"})
    assert response.status_code == 201, response.text
    assert client.cookies.get("pb_session")
    token: str = response.json()["token"]
    return token


def _commitment(client: TestClient) -> str:
    response = client.get("/api/table")
    assert response.status_code == 200, response.text
    value: str = response.json()["fairness"]["server_seed_hash"]
    return value


CROSS = [
    pytest.param(
        {"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}, id="cross-site"
    ),
    pytest.param(
        {"Sec-Fetch-Site": "same-site", "Origin": "http://testserver:8001"}, id="same-site-port"
    ),
    pytest.param({"Origin": "http://testserver:8001"}, id="origin-other-port"),
    pytest.param({"Origin": "https://testserver"}, id="origin-other-scheme"),
    pytest.param({"Origin": "null"}, id="origin-null"),
    pytest.param({"Sec-Fetch-Site": "none"}, id="fetch-site-none"),
    pytest.param({}, id="no-header-at-all"),
]


@pytest.mark.parametrize("headers", CROSS)
def test_cross_origin_cookie_requests_are_refused_and_change_nothing(
    browser_client: TestClient, headers: dict[str, str]
) -> None:
    client = browser_client
    _guest(client)
    before, cookie = _commitment(client), client.cookies.get("pb_session")
    for path in ("/api/fairness/rotate", "/api/auth/guest", "/api/auth/logout"):
        response = client.post(f"{path}?lang=es", headers=headers)
        assert response.status_code == 403, (path, response.text)
        error = response.json()["error"]
        assert error["code"] == "cross_site_request"
        assert error["message"].startswith("Rechazado")
        assert error["messages"]["en"].startswith("Refused")
        assert "set-cookie" not in response.headers
    put = client.put("/api/table", json={"preset": "punto-banco"}, headers=headers)
    assert put.status_code == 403
    # The seed is not rotated, the session neither replaced nor closed, the table unchanged.
    assert client.cookies.get("pb_session") == cookie
    assert _commitment(client) == before
    assert client.get("/api/table").json()["rules"]["name"] == "online"


@pytest.mark.parametrize(
    "headers",
    [
        pytest.param({"Sec-Fetch-Site": "same-origin", "Origin": OWN}, id="same-origin"),
        pytest.param({"Origin": OWN}, id="own-origin"),
        pytest.param({"Origin": "HTTP://TestServer:80"}, id="own-origin-default-port"),
        pytest.param(SCRIPTED, id="scripted-client"),
    ],
)
def test_the_servers_own_page_and_scripted_clients_may_rotate(
    browser_client: TestClient, headers: dict[str, str]
) -> None:
    _guest(browser_client)
    before = _commitment(browser_client)
    response = browser_client.post("/api/fairness/rotate", headers=headers)
    assert response.status_code == 200, response.text
    assert _commitment(browser_client) != before


def test_bearer_requests_and_cookieless_sign_ups_are_not_checked(
    browser_client: TestClient,
) -> None:
    token = _guest(browser_client)
    browser_client.cookies.clear()
    cross = {"Sec-Fetch-Site": "cross-site", "Origin": "https://app.example"}
    bearer = {"Authorization": f"Bearer {token}", **cross}
    assert browser_client.post("/api/fairness/rotate", headers=bearer).status_code == 200
    # curl with no cookie jar registers and logs in without any of the headers.
    body = {"username": "carol", "password": "correct horse"}
    assert browser_client.post("/api/auth/register", json=body).status_code == 201
    browser_client.cookies.clear()
    assert browser_client.post("/api/auth/login", json=body).status_code == 200
    browser_client.cookies.clear()
    # A browser's cross-site login (login CSRF) is refused even without a cookie.
    assert browser_client.post("/api/auth/login", json=body, headers=cross).status_code == 403


def test_configured_origins_may_use_the_cookie(sqlite_url: str) -> None:
    settings = make_settings(sqlite_url, allowed_origins="https://table.example, http://x.example")
    assert settings.allowed_origins == ("https://table.example", "http://x.example")
    with TestClient(create_app(settings)) as client:
        del client.headers["x-requested-with"]
        _guest(client)
        allowed = {"Sec-Fetch-Site": "cross-site", "Origin": "https://table.example:443"}
        assert client.post("/api/fairness/rotate", headers=allowed).status_code == 200
        other = {"Sec-Fetch-Site": "cross-site", "Origin": "https://other.example"}
        assert client.post("/api/fairness/rotate", headers=other).status_code == 403
    with pytest.raises(ValidationError, match="not an origin"):
        make_settings(sqlite_url, allowed_origins="table.example")


def test_every_answer_has_the_security_headers(sqlite_url: str) -> None:
    app = create_app(make_settings(sqlite_url))

    @app.get("/api/test-fails")
    def fails() -> None:
        raise RuntimeError("a bug")

    app.router.routes.insert(0, app.router.routes.pop())  # before the web table's mount at /
    with TestClient(app, raise_server_exceptions=False) as browser_client:
        _check_headers(browser_client)


def _check_headers(browser_client: TestClient) -> None:
    assert browser_client.get("/api/test-fails").status_code == 500
    for path in ("/", "/api/health", "/api/nothing", "/api/me", "/api/test-fails", "/js/app.js"):
        response = browser_client.get(path)
        headers = response.headers
        assert headers["content-security-policy"] == PAGE_POLICY, path
        assert "frame-ancestors 'none'" in PAGE_POLICY and "unsafe-inline" not in PAGE_POLICY
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-frame-options"] == "DENY"
        no_store = headers.get("cache-control") == "no-store"
        assert no_store == path.startswith("/api/"), path
    refused = browser_client.post("/api/fairness/rotate", headers={"Origin": "null"})
    assert refused.headers["content-security-policy"] == PAGE_POLICY
    assert refused.headers["cache-control"] == "no-store"
    for path in ("/docs", "/redoc"):
        assert browser_client.get(path).headers["content-security-policy"] == DOCS_POLICY


def test_the_page_has_no_inline_script_nor_inline_handler() -> None:
    html = (STATIC / "index.html").read_text()
    for tag in re.findall(r"<script\b[^>]*>(.*?)</script>", html, flags=re.S):
        assert not tag.strip(), "an inline script"
    assert re.findall(r"<script\b[^>]*>", html) == ['<script type="module" src="js/app.js">']
    assert not re.search(r"\son[a-z]+\s*=", html), "an inline event handler"
    assert not re.search(r"\sstyle\s*=", html), "an inline style"
    assert "javascript:" not in html


@pytest.mark.parametrize(
    ("base", "forced", "secure"),
    [("http://testserver", False, False), ("https://testserver", False, True),
     ("http://testserver", True, True)],
)  # fmt: skip
def test_the_cookie_is_secure_over_https_or_when_forced(
    sqlite_url: str, base: str, forced: bool, secure: bool
) -> None:
    settings = make_settings(sqlite_url, cookie_secure=forced)
    with TestClient(create_app(settings), base_url=base) as client:
        for response in (client.post("/api/auth/guest"), client.post("/api/auth/logout")):
            cookie = response.headers["set-cookie"]
            assert "HttpOnly" in cookie and "SameSite=lax" in cookie
            assert ("Secure" in cookie) is secure, cookie


def test_a_trusted_proxy_telling_https_makes_the_cookie_secure(tmp_path: Path) -> None:
    with live_server(f"sqlite:///{tmp_path / 'pb.db'}") as (base, _process):
        # serve trusts 127.0.0.1 as a proxy by default (--forwarded-allow-ips).
        proxied = httpx.post(f"{base}/api/auth/guest", headers={"X-Forwarded-Proto": "https"})
        plain = httpx.post(f"{base}/api/auth/guest")
    assert proxied.status_code == plain.status_code == 201
    assert "Secure" in proxied.headers["set-cookie"]
    assert "Secure" not in plain.headers["set-cookie"]


@pytest.mark.parametrize(
    ("client_host", "allow", "headers", "status"),
    [
        ("testclient", None, {}, 403),
        ("203.0.113.9", None, {}, 403),
        ("203.0.113.9", None, {"X-Admin-Token": "wrong"}, 403),
        ("203.0.113.9", None, {"X-Admin-Token": ADMIN}, 200),
        ("203.0.113.9", None, {"Authorization": f"Bearer {ADMIN}"}, 200),
        ("127.0.0.1", None, {}, 200),
        ("::1", None, {}, 200),
        ("10.1.2.3", "10.0.0.0/8,192.168.0.0/16", {}, 200),
        ("127.0.0.1", "10.0.0.0/8", {}, 403),
    ],
)
def test_metrics_need_the_admin_token_or_an_allowed_address(
    sqlite_url: str, client_host: str, allow: str | None, headers: dict[str, str], status: int
) -> None:
    overrides: dict[str, Any] = {} if allow is None else {"metrics_allow": allow}
    app = create_app(make_settings(sqlite_url, **overrides))
    with TestClient(app, client=(client_host, 50_000)) as client:
        response = client.get("/metrics", headers=headers)
    assert response.status_code == status, response.text
    if status == 403:
        assert response.json()["error"]["code"] == "metrics_forbidden"
        assert "puntobanco_wagered" not in response.text
    else:
        assert "puntobanco_request_seconds" in response.text
        assert response.headers["cache-control"] == "no-store"


def test_metrics_allow_is_checked(sqlite_url: str) -> None:
    with pytest.raises(ValidationError, match="not an IP network"):
        make_settings(sqlite_url, metrics_allow="localhost")


def _serve(env: dict[str, str], *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "puntobanco.cli.main",
            "serve",
            "--port",
            "1",
            "--allow-weak-argon2",
            *flags,
        ],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_serve_refuses_a_test_seed_without_the_flag(tmp_path: Path) -> None:
    seed = "00" * 32
    env = server_env(f"sqlite:///{tmp_path / 'pb.db'}", PUNTOBANCO_TEST_SERVER_SEED=seed)
    refused = _serve(env)
    assert refused.returncode == 2
    assert "PUNTOBANCO_TEST_SERVER_SEED" in refused.stderr and "--allow-test-seed" in refused.stderr
    # An allowance left in the environment does not do: serve needs the flag itself.
    refused = _serve({**env, "PUNTOBANCO_ALLOW_TEST_SEED": "true"})
    assert refused.returncode == 2 and "--allow-test-seed" in refused.stderr
    assert not (tmp_path / "pb.db").exists()  # refused before touching the database


def test_serve_refuses_weak_argon2_costs_and_prints_no_secret(tmp_path: Path) -> None:
    env = server_env(f"sqlite:///{tmp_path / 'pb.db'}", PUNTOBANCO_ARGON2_WEAK_FOR_TESTS="false")
    refused = _serve(env)
    assert refused.returncode == 2
    assert "OWASP" in refused.stderr and "at least 47104" in refused.stderr
    assert "test-admin-token" not in refused.stderr  # pydantic's input is not repeated


@pytest.mark.parametrize(
    ("time_cost", "memory_kib", "ok"),
    [(2, 19_456, True), (2, 19_455, False), (1, 47_104, True), (1, 47_103, False),
     (3, 12_288, True), (3, 12_287, False), (4, 9_216, True), (5, 7_168, True),
     (9, 7_168, True), (9, 7_167, False)],
)  # fmt: skip
def test_argon2_costs_below_owasps_minimum_are_refused(
    time_cost: int, memory_kib: int, ok: bool
) -> None:
    def settings(**extra: Any) -> Settings:
        return Settings(argon2_time_cost=time_cost, argon2_memory_kib=memory_kib, **extra)

    if ok:
        settings()
    else:
        with pytest.raises(ValidationError, match="below OWASP's minimum"):
            settings()
        assert settings(argon2_weak_for_tests=True).argon2_memory_kib == memory_kib
    assert Settings().argon2_memory_kib == 19_456 and Settings().argon2_time_cost == 2


def test_a_database_error_is_logged_without_its_parameters(database_url: str) -> None:
    app = create_app(make_settings(database_url))
    secret = "5e3c2f-token-hash-never-logged"

    @app.get("/api/test-db-error")
    def fails() -> None:
        with app.state.engine.connect() as connection:
            connection.execute(
                text("SELECT * FROM no_such_table WHERE token_hash = :hash"), {"hash": secret}
            )

    app.router.routes.insert(0, app.router.routes.pop())  # before the web table's mount at /
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("puntobanco.server")
    with TestClient(app) as client:
        logger.addHandler(handler)
        try:
            response = client.get("/api/test-db-error")
        finally:
            logger.removeHandler(handler)
    assert response.status_code == 503
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    logged = "\n".join(f"{line['message']}\n{line.get('exception', '')}" for line in lines)
    assert "database error" in logged
    assert "no such table: no_such_table" in logged or '"no_such_table" does not exist' in logged
    assert "SELECT * FROM no_such_table WHERE token_hash = " in logged  # the statement stays
    assert secret not in logged and secret not in response.text
    assert "parameters hidden" in logged
