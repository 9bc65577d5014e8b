"""Bad text in a request is refused with a 4xx that names the field, and changes nothing.

The bodies are sent as raw bytes: a lone surrogate is the JSON text ``"\\ud800"`` (valid
JSON, which Python's json module reads into a string that cannot be encoded as UTF-8).
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import Player, ledger_check

JSON = {"Content-Type": "application/json"}
#: Longer than any field allows (1,000 characters at most), within the body limit (64 KiB):
#: a longer body is refused before it is read (tests/server/test_dos.py).
LONG = "x" * 10_000


def _refused(response: Any, field: str) -> dict[str, Any]:
    assert 400 <= response.status_code < 500, response.text
    body: dict[str, Any] = response.json()["error"]
    assert body["code"] == "invalid_request", body
    assert field in body["message"] and field in body["messages"]["es"], body
    # The answer itself is valid UTF-8 JSON (no raw surrogate echoed back).
    response.content.decode("utf-8")
    return body


@pytest.mark.parametrize(
    "raw",
    [
        rb'{"preset": "\ud800"}',
        rb'{"preset": "online\u0000"}',
        rb'{"preset": "\u001b[2J"}',
        b'{"preset": "' + LONG.encode() + b'"}',
    ],
    ids=["surrogate", "nul", "control", "long"],
)
def test_a_bad_preset_is_refused(client: TestClient, alice: Player, raw: bytes) -> None:
    before = client.get("/api/table", headers=alice.headers).json()
    response = client.put("/api/table", content=raw, headers={**alice.headers, **JSON})
    body = _refused(response, "preset")
    assert body["params"]["field"] == "body.preset"
    assert client.get("/api/table", headers=alice.headers).json() == before


@pytest.mark.parametrize(
    "raw",
    [
        rb'{"bets": {"\ud800": 100}}',
        rb'{"bets": {"player": 100, "\udfff": 100}}',
        rb'{"bets": {"play\u0000er": 100}}',
        b'{"bets": {"' + LONG.encode() + b'": 100}}',
        b'{"bets": {' + b", ".join(b'"s%d": 100' % i for i in range(1000)) + b"}}",
    ],
    ids=["surrogate", "second-surrogate", "nul", "long", "many"],
)
def test_a_bad_bet_spot_is_refused(client: TestClient, alice: Player, raw: bytes) -> None:
    grant = alice.balance()
    headers = {**alice.headers, **JSON, "Idempotency-Key": "k"}
    response = client.post("/api/rounds?lang=es", content=raw, headers=headers)
    _refused(response, "bets")
    assert alice.balance() == grant and alice.rounds() == []
    assert ledger_check(client)["entries"] == 2  # the grant's two entries


CREDENTIALS = [
    (rb'{"username": "ali\u0000ce", "password": "correct horse"}', "username"),
    (rb'{"username": "\ud800lice", "password": "correct horse"}', "username"),
    (rb'{"username": "alice", "password": "correct\u0000horse"}', "password"),
    (rb'{"username": "alice", "password": "correct \ud800 horse"}', "password"),
    (b'{"username": "' + LONG.encode() + b'", "password": "correct horse"}', "username"),
    (b'{"username": "alice", "password": "' + LONG.encode() + b'"}', "password"),
]
IDS = ["nul-name", "surrogate-name", "nul-password", "surrogate-password", "long-name", "long-pw"]


@pytest.mark.parametrize(("raw", "field"), CREDENTIALS, ids=IDS)
def test_bad_credentials_text_is_refused_at_login(
    client: TestClient, alice: Player, raw: bytes, field: str
) -> None:
    response = client.post("/api/auth/login", content=raw, headers=JSON)
    _refused(response, field)
    assert "pb_session" not in response.cookies


@pytest.mark.parametrize(("raw", "field"), CREDENTIALS, ids=IDS)
def test_bad_credentials_text_is_refused_at_registration(
    client: TestClient, raw: bytes, field: str
) -> None:
    response = client.post("/api/auth/register", content=raw, headers=JSON)
    assert 400 <= response.status_code < 500, response.text
    response.content.decode("utf-8")
    # Nobody was registered.
    assert ledger_check(client)["entries"] == 0


@pytest.mark.parametrize(
    ("path", "raw"),
    [
        ("/api/fairness/client-seed", rb'{"client_seed": "\ud800"}'),
        ("/api/fairness/client-seed", rb'{"client_seed": "a\u0000b"}'),
        ("/api/fairness/verify", rb'{"server_seed": "\ud800"}'),
        ("/api/fairness/verify", b'{"server_seed": "' + LONG.encode() + b'"}'),
    ],
    ids=["seed-surrogate", "seed-nul", "verify-surrogate", "verify-long"],
)
def test_bad_seed_text_is_refused(client: TestClient, alice: Player, path: str, raw: bytes) -> None:
    before = client.get("/api/table", headers=alice.headers).json()["fairness"]
    response = client.post(path, content=raw, headers={**alice.headers, **JSON})
    assert 400 <= response.status_code < 500, response.text
    response.content.decode("utf-8")
    assert client.get("/api/table", headers=alice.headers).json()["fairness"] == before
