"""Helpers of the shared tables' socket and REST tests (tests/server/test_shared_socket.py).

A shared table deals on its own clock, so these helpers wait for a phase, read a
socket with a deadline (a test that waits for a message that never comes fails, it
does not hang), and read the ledger and the rounds straight from the database, so
that a test checks what was stored and not only what the server answered.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Any

import anyio
from fastapi.testclient import TestClient
from sqlalchemy import func, or_, select
from starlette.testclient import WebSocketTestSession
from starlette.types import Message
from starlette.websockets import WebSocketDisconnect

from puntobanco.server.models import LedgerEntry
from puntobanco.server.shared.models import SharedRound
from tests.server.conftest import Player

#: A card's code as the events write it ("Kd", "10h").
CARD_CODE = re.compile(r"^(?:10|[2-9AJQK])[cdhs]$")
#: The fields of an event or a snapshot that may show cards.
CARD_FIELDS = frozenset({"card", "player", "banker"})


def new_player(client: TestClient, prefix: str) -> Player:
    """A registered player with a fresh name, known by bearer token only.

    Registration sets the session cookie in the shared client's jar; it is dropped, so
    that no later request of another test is authenticated by it without saying so.
    """
    player = Player(client, f"{prefix}{uuid.uuid4().hex[:8]}")
    client.cookies.clear()
    return player


def sit(client: TestClient, player: Player, table: str, **body: Any) -> dict[str, Any]:
    """Sit ``player`` at ``table`` (``role``, ``seat_name``, ``client_seed`` in ``body``)."""
    response = client.post(f"/api/tables/{table}/seat", json=body, headers=player.headers)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def put_bets(
    client: TestClient,
    player: Player,
    table: str,
    bets: Mapping[str, Any],
    *,
    key: str | None = None,
    query: str = "",
    headers: Mapping[str, str] | None = None,
) -> Any:
    """PUT the player's whole set of bets under ``key`` (a fresh one when ``None``)."""
    return client.put(
        f"/api/tables/{table}/bets{query}",
        json={"bets": dict(bets)},
        headers={
            **player.headers,
            "Idempotency-Key": key or uuid.uuid4().hex,
            **dict(headers or {}),
        },
    )


#: The three ways a request names its language: none (English), ``?lang=es`` and the header.
LANGUAGES: tuple[tuple[str, str, dict[str, str]], ...] = (
    ("en", "", {}),
    ("es", "?lang=es", {}),
    ("es", "", {"Accept-Language": "es"}),
)


def in_each_language(send: Callable[[str, dict[str, str]], Any]) -> list[tuple[str, Any]]:
    """``send(query, headers)`` once per way of naming a language: ``(lang, response)`` each."""
    return [(lang, send(query, headers)) for lang, query, headers in LANGUAGES]


def assert_refused(response: Any, status: int, code: str, lang: str) -> None:
    """The answer is the refusal ``code``, worded in ``lang`` (and in that language only)."""
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code, response.text
    assert error["message"] == error["messages"][lang], response.text
    other = "en" if lang == "es" else "es"
    assert error["message"] != error["messages"][other], response.text


def ledger_rows(client: TestClient, user_id: int) -> int:
    """How many ledger entries are the player's: their wallet's and their journals'."""
    with client.app.state.sessions() as session:  # type: ignore[attr-defined]
        count = session.execute(
            select(func.count())
            .select_from(LedgerEntry)
            .where(
                or_(
                    LedgerEntry.user_id == user_id,
                    LedgerEntry.journal.like(f"shared:%:{user_id}:%"),
                    LedgerEntry.journal.like(f"shared-settle:%:{user_id}"),
                )
            )
        ).scalar_one()
    return int(count)


def stored_round(client: TestClient, round_id: int) -> SharedRound:
    """The round as stored (its cards, outcome and phase)."""
    with client.app.state.sessions() as session:  # type: ignore[attr-defined]
        row: SharedRound | None = session.get(SharedRound, round_id)
        assert row is not None
        session.expunge(row)
    return row


def snapshot(client: TestClient, table: str, player: Player | None = None) -> dict[str, Any]:
    """``GET /api/tables/{table}``: what has been announced there."""
    headers = {} if player is None else player.headers
    response = client.get(f"/api/tables/{table}", headers=headers)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def events_after(client: TestClient, table: str, after: int) -> list[dict[str, Any]]:
    """``GET /api/tables/{table}/events?after=N``."""
    response = client.get(f"/api/tables/{table}/events", params={"after": after})
    assert response.status_code == 200, response.text
    events: list[dict[str, Any]] = response.json()["events"]
    return events


def seconds_left(snap: Mapping[str, Any]) -> float:
    """Seconds of betting left in a snapshot's round (negative once closed)."""
    round_ = snap["round"]
    if round_ is None or round_["phase"] != "betting":
        return -1.0
    closes = datetime.fromisoformat(round_["closes_at"].replace("Z", "+00:00"))
    now = datetime.fromisoformat(snap["now"].replace("Z", "+00:00"))
    return (closes - now).total_seconds()


def wait_until(
    check: Callable[[], Any], *, timeout_s: float, what: str, every_s: float = 0.05
) -> Any:
    """Poll ``check`` until it returns something true; that value. Fails after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout_s} s for {what}")
        time.sleep(every_s)


def wait_for_betting(
    client: TestClient, table: str, *, at_least_s: float, timeout_s: float = 15.0
) -> dict[str, Any]:
    """A snapshot of ``table`` taking bets for at least ``at_least_s`` more seconds."""

    def open_long_enough() -> dict[str, Any] | None:
        snap = snapshot(client, table)
        return snap if seconds_left(snap) >= at_least_s else None

    snap: dict[str, Any] = wait_until(
        open_long_enough,
        timeout_s=timeout_s,
        what=f"{table} to take bets for {at_least_s} s",
    )
    return snap


def wait_for_closed(client: TestClient, table: str, *, timeout_s: float = 10.0) -> None:
    """Wait until ``table``'s round no longer takes bets."""
    wait_until(
        lambda: seconds_left(snapshot(client, table)) < 0,
        timeout_s=timeout_s,
        what=f"{table}'s betting to close",
    )


def receive_within(ws: WebSocketTestSession, seconds: float) -> Message:
    """The socket's next ASGI message, failing (``TimeoutError``) after ``seconds``.

    ``WebSocketTestSession.receive`` waits for ever; a test of a server that forgot to
    send must fail, not hang, so this reads the session's stream under a deadline.
    """

    async def get() -> Message:
        with anyio.fail_after(seconds):
            message: Message = await ws._send_rx.receive()
        return message

    message: Message = ws.portal.call(get)
    return message


def next_json(ws: WebSocketTestSession, seconds: float = 10.0) -> dict[str, Any]:
    """The next JSON message; a close raises ``WebSocketDisconnect`` with its code."""
    message = receive_within(ws, seconds)
    if message["type"] == "websocket.close":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason") or "")
    assert message["type"] == "websocket.send", message
    data: dict[str, Any] = json.loads(message["text"])
    return data


def close_code(ws: WebSocketTestSession, seconds: float = 5.0) -> tuple[int, list[dict[str, Any]]]:
    """Read until the server closes: its close code and the messages before it."""
    seen: list[dict[str, Any]] = []
    while True:
        try:
            seen.append(next_json(ws, seconds))
        except WebSocketDisconnect as closed:
            return closed.code, seen


def shown_codes(message: Any) -> dict[int | None, list[str]]:
    """Every card code a message shows, by the round it belongs to.

    Walks the JSON structure (never the raw text: hashes and seeds contain hex) and
    collects the strings of the ``card``, ``player`` and ``banker`` fields, and of the
    lists in them, under the nearest enclosing object's integer ``round``.
    """
    shown: dict[int | None, list[str]] = defaultdict(list)

    def codes(value: Any) -> Iterable[str]:
        items = value if isinstance(value, list) else [value]
        return [item for item in items if isinstance(item, str) and CARD_CODE.match(item)]

    def walk(value: Any, round_no: int | None) -> None:
        if isinstance(value, dict):
            own = value.get("round")
            if isinstance(own, int) and not isinstance(own, bool):
                round_no = own
            for key, item in value.items():
                if key in CARD_FIELDS:
                    shown[round_no].extend(codes(item))
                walk(item, round_no)
        elif isinstance(value, list):
            for item in value:
                walk(item, round_no)

    walk(message, None)
    return dict(shown)


def assert_no_card_before_its_reveal(messages: Iterable[Mapping[str, Any]]) -> None:
    """Each message shows, per round, only cards that ``card``/``burn`` events had revealed.

    Counted as multisets: an eight-deck shoe deals the same code twice, and a code may
    be shown as often as it has been revealed, never once more.
    """
    revealed: dict[int | None, Counter[str]] = defaultdict(Counter)
    for message in messages:
        if message.get("type") in ("card", "burn"):
            revealed[message["round"]][message["card"]] += 1
        for round_no, codes in shown_codes(message).items():
            early = Counter(codes) - revealed[round_no]
            assert not early, f"{dict(early)} shown before its reveal in {message}"
