"""Every error answer carries its sentence in every language (``error.messages``).

A page that shows an error and is then switched to the other language says the error again
from ``messages``, without sending the failed request again. So for every kind of error
(core errors, the server's own, validation, routing, database, unexpected) ``messages[lang]``
must be exactly the ``message`` the server answers for the same request in ``lang``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.exc import DBAPIError

from puntobanco.core.explain import LANGUAGES
from puntobanco.core.money import format_minor
from puntobanco.server.errors import install_error_handlers
from puntobanco.server.main import create_app
from tests.server.conftest import SCRIPTED, Player, make_settings


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path_factory.mktemp('langs') / 'pb.db'}"
    # Module-scoped, so made before the autouse fixture that adds SCRIPTED to every
    # TestClient: it says so itself (its cookie-carrying POSTs need the header).
    with TestClient(create_app(make_settings(url)), headers=SCRIPTED) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def player(client: TestClient) -> Player:
    return Player(client, "polyglot")


def _bet(bets: Any) -> Any:
    def send(client: TestClient, player: Player, lang: str) -> Any:
        return player.bet(bets, lang=lang)

    return send


def _post(path: str, body: Any, *, auth: bool = True) -> Any:
    def send(client: TestClient, player: Player, lang: str) -> Any:
        headers = player.headers if auth else {}
        if not auth:
            client.cookies.clear()  # the session cookie that registering set
        return client.post(f"{path}?lang={lang}", json=body, headers=headers)

    return send


def _raw(method: str, path: str, content: bytes = b"") -> Any:
    def send(client: TestClient, player: Player, lang: str) -> Any:
        headers = {**player.headers, "Content-Type": "application/json", "Idempotency-Key": "r"}
        return client.request(method, f"{path}?lang={lang}", content=content, headers=headers)

    return send


#: code: (request, status), one of each kind of error the API answers with.
ERRORS: dict[str, tuple[Any, int]] = {
    # Core errors: money parameters, bet names, the list of spots, Python's repr.
    "insufficient_funds": (_bet({"player": 50_000, "banker": 50_000, "tie": 10_000}), 402),
    "below_minimum": (_bet({"banker": 99}), 422),
    "above_maximum": (_bet({"tie": 10_001}), 422),
    "unknown_bet": (_bet({"dragon": 100}), 422),
    "not_offered": (_bet({"player_pair": 100}), 422),
    "negative": (_bet({"player": -250}), 422),
    "stake_not_integer": (_bet({"player": 1.5}), 422),
    # The server's own: money, repr, auth.
    "top_up_range": (_post("/api/wallet/top-up", {"amount_minor": 10**9}), 422),
    "username_taken": (
        _post("/api/auth/register", {"username": "polyglot", "password": "long enough"}),
        409,
    ),
    "not_a_guest": (
        _post("/api/auth/upgrade", {"username": "polyglot2", "password": "long enough"}),
        409,
    ),
    "bad_credentials": (
        _post("/api/auth/login", {"username": "polyglot", "password": "wrong one"}, auth=False),
        401,
    ),
    "not_authenticated": (_post("/api/wallet/top-up", {"amount_minor": 100}, auth=False), 401),
    # Validation, worded from pydantic's error in each language.
    "invalid_request": (_raw("POST", "/api/rounds", b'{"bets": {'), 422),
    # Routing.
    "not_found": (_raw("GET", "/api/nowhere"), 404),
    "method_not_allowed": (_raw("DELETE", "/api/me"), 405),
}


@pytest.mark.parametrize("code", sorted(ERRORS))
def test_every_error_says_itself_in_every_language(
    client: TestClient, player: Player, code: str
) -> None:
    send, status = ERRORS[code]
    answers = {lang: send(client, player, lang) for lang in LANGUAGES}
    errors = {}
    for lang, response in answers.items():
        assert response.status_code == status, response.text
        errors[lang] = response.json()["error"]
        assert errors[lang]["code"] == code
    # What each language's request was answered with...
    said = {lang: error["message"] for lang, error in errors.items()}
    assert said["en"] != said["es"]
    for lang, error in errors.items():
        # ...is what every answer carries for that language, whatever the request's.
        assert error["messages"] == said, lang
        assert error["params"] == errors["en"]["params"]


def test_money_is_written_the_way_each_language_reads_it(client: TestClient) -> None:
    poor = Player(client, "poor")
    balance = poor.balance()
    messages = poor.bet({"player": 50_000, "banker": 50_000, "tie": 10_000}).json()["error"][
        "messages"
    ]
    assert format_minor(balance, lang="en") in messages["en"]
    assert format_minor(balance, lang="es") in messages["es"]
    assert format_minor(110_000, lang="es") == "1.100,00" and "1.100,00" in messages["es"]
    assert "1,100.00" in messages["en"]


def test_the_database_and_unexpected_errors_too() -> None:
    app = FastAPI()
    install_error_handlers(app)

    @app.get("/db")
    def _db() -> None:
        raise DBAPIError("SELECT 1", {}, Exception("gone"))

    @app.get("/boom")
    def _boom() -> None:
        raise RuntimeError("boom")

    with TestClient(app, raise_server_exceptions=False) as plain:
        for path, status, code in (
            ("/db", 503, "database_error"),
            ("/boom", 500, "internal_error"),
        ):
            en = plain.get(path).json()["error"]
            es = plain.get(f"{path}?lang=es").json()["error"]
            assert plain.get(path).status_code == status
            assert en["code"] == es["code"] == code
            assert en["messages"] == es["messages"] == {"en": en["message"], "es": es["message"]}
            assert en["message"] != es["message"]


def test_the_spec_documents_messages(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    detail = spec["components"]["schemas"]["ErrorDetail"]
    assert set(detail["required"]) == {"code", "message", "params", "messages"}
    assert detail["properties"]["messages"]["additionalProperties"] == {"type": "string"}
    assert "messages" in spec["info"]["description"]
