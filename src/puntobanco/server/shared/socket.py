"""A shared table's live events over a WebSocket: ``/ws/tables/{table_id}``.

The client's first message is ``{"type": "hello", "token": ..., "last_seq": N}``: the
token (a bearer token) travels there, never in the URL; a browser may leave it out and
be known by its session cookie, which counts only when the upgrade's ``Origin`` is the
server's own (or an allowed one): no other site's page can ride on the cookie. The
server answers ``welcome`` with a snapshot, or, when ``last_seq`` is recent enough, the
events the client missed; then every event of the table as it is published. Events are
sent in order of their ``seq``, once each.

A client may send ``{"type": "ping"}`` (answered ``pong``). Anything else closes the
connection with a reason: a frame that is not JSON text (1003), an unknown message type
(1008), a message over 4 KiB (1009), more than 30 messages in 10 seconds (1008). The
table and the other connections go on.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections import deque
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.datastructures import Headers
from starlette.websockets import WebSocketState

from puntobanco.server.accounts import player_for_token
from puntobanco.server.security import SESSION_COOKIE, own_origin
from puntobanco.server.settings import normal_origin
from puntobanco.server.shared import views
from puntobanco.server.shared.bus import Carried, Subscription
from puntobanco.server.shared.config import TABLE_ID_PATTERN
from puntobanco.server.shared.events import events_after
from puntobanco.server.shared.models import SharedTableRow

router = APIRouter()

#: Close codes (RFC 6455, and 4404 for a table that does not exist).
UNSUPPORTED, POLICY, TOO_BIG, NO_TABLE = 1003, 1008, 1009, 4404
MAX_MESSAGE = 4096
FLOOD_MESSAGES, FLOOD_WINDOW_S = 30, 10.0
HELLO_WAIT_S = 10.0
TABLE_ID = re.compile(TABLE_ID_PATTERN)


class Refused(Exception):
    """The client broke the protocol: close with this code and reason."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def origin_refusal(websocket: WebSocket, allowed: frozenset[str]) -> str | None:
    """Why the upgrade's ``Origin`` is refused, or ``None`` (no Origin: not a browser)."""
    headers = Headers(scope=websocket.scope)
    origin = headers.get("origin")
    if origin is None:
        return None
    normal = normal_origin(origin)
    # The page's origin is http(s) where the socket's scheme is ws(s).
    page_scheme = {"ws": "http", "wss": "https"}.get(websocket.scope.get("scheme", "ws"), "http")
    own = own_origin({**websocket.scope, "scheme": page_scheme}, headers)
    if normal == own or normal in allowed:
        return None
    return f"origin {origin[:80]} not allowed"


class _Reader:
    """Reads the client's messages, enforcing the size, type and rate rules."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.times: deque[float] = deque()

    async def next(self) -> dict[str, Any]:
        message = await self.websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        now = time.monotonic()
        self.times.append(now)
        while self.times and now - self.times[0] > FLOOD_WINDOW_S:
            self.times.popleft()
        if len(self.times) > FLOOD_MESSAGES:
            raise Refused(POLICY, "too many messages")
        text = message.get("text")
        if text is None:
            raise Refused(UNSUPPORTED, "binary frames are not accepted: send JSON text")
        if len(text.encode()) > MAX_MESSAGE:
            raise Refused(TOO_BIG, f"a message is at most {MAX_MESSAGE} bytes")
        try:
            data = json.loads(text)
        except ValueError:
            raise Refused(UNSUPPORTED, "not JSON") from None
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise Refused(POLICY, 'a message is a JSON object with a "type"')
        return data


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    """The table's events, live, from where the client stopped."""
    app = websocket.app
    allowed = frozenset(normal_origin(o) for o in app.state.settings.allowed_origins)
    refusal = origin_refusal(websocket, allowed)
    if refusal is not None:
        await websocket.close(code=POLICY, reason=refusal)
        return
    browser = Headers(scope=websocket.scope).get("origin") is not None
    await websocket.accept()
    reader = _Reader(websocket)
    try:
        async with asyncio.timeout(HELLO_WAIT_S):
            hello = await reader.next()
        if hello["type"] != "hello":
            raise Refused(POLICY, 'the first message is {"type": "hello"}')
        await _serve(websocket, reader, table_id, hello, browser=browser)
    except Refused as refused:
        await _close(websocket, refused.code, refused.reason)
    except TimeoutError:
        await _close(websocket, POLICY, "no hello")
    except WebSocketDisconnect:
        return


async def _send(websocket: WebSocket, event: dict[str, Any]) -> None:
    """Send an event: as the bus carried it when it can (encoded once per worker)."""
    if isinstance(event, Carried):
        await websocket.send_text(event.text)
    else:
        await websocket.send_json(event)


async def _close(websocket: WebSocket, code: int, reason: str) -> None:
    if websocket.application_state is WebSocketState.CONNECTED:
        await websocket.close(code=code, reason=reason)


def _user_id(websocket: WebSocket, hello: dict[str, Any], *, browser: bool) -> int | None:
    token = hello.get("token")
    if token is not None and not (isinstance(token, str) and 0 < len(token) <= 200):
        raise Refused(POLICY, "bad token")
    if token is None and browser:
        # Only a page of an allowed origin reaches here (checked at the upgrade).
        token = websocket.cookies.get(SESSION_COOKIE)
    if token is None:
        return None
    with websocket.app.state.sessions() as session, session.begin():
        player = player_for_token(session, token)
    if player is None:
        raise Refused(POLICY, "not authenticated: log in again")
    return int(player.id)


def _start(
    websocket: WebSocket, table_id: str, user_id: int | None, last: Any
) -> list[dict[str, Any]]:
    """What the client gets first: the events it missed, or a welcome with a snapshot."""
    with websocket.app.state.sessions() as session, session.begin():
        row = None if TABLE_ID.match(table_id) is None else session.get(SharedTableRow, table_id)
        if row is None:
            raise Refused(NO_TABLE, "no such table")
        # A number past the table's last event (a database restored from a backup) is
        # no place to resume from: the client starts again from a snapshot.
        if isinstance(last, int) and not isinstance(last, bool) and 0 <= last <= row.seq:
            missed = events_after(session, table_id, last)
            if missed is not None:
                return [
                    {"type": "welcome", "table": table_id, "seq": last, "resumed": True},
                    *missed,
                ]
        snap = views.snapshot(session, table_id, user_id)
        return [{"type": "welcome", "table": table_id, "seq": snap["seq"], "snapshot": snap}]


class _Position:
    """The last ``seq`` this connection sent: where its pong says it is."""

    def __init__(self, last: int) -> None:
        self.last = last


async def _serve(
    websocket: WebSocket, reader: _Reader, table_id: str, hello: dict[str, Any], *, browser: bool
) -> None:
    user_id = await asyncio.to_thread(_user_id, websocket, hello, browser=browser)
    bus = websocket.app.state.shared_bus
    async with bus.subscribe(table_id) as sub:
        # Subscribed first, then read: an event published in between is in both, and
        # the seq filter below drops the repeat.
        first = await asyncio.to_thread(_start, websocket, table_id, user_id, hello.get("last_seq"))
        position = _Position(int(first[-1]["seq"]) if first else 0)
        for message in first:
            await websocket.send_json(message)
        # Two tasks for the connection's life, not two per event: a table's event wakes
        # each of a worker's sockets once, and a thousand sockets is a thousand wake-ups.
        answer = asyncio.create_task(_answer(websocket, reader, position))
        relay = asyncio.create_task(_relay(websocket, sub, table_id, user_id, position))
        try:
            done, _ = await asyncio.wait({answer, relay}, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                task.result()  # the client's refusal or its disconnect, to the caller
        finally:
            answer.cancel()
            relay.cancel()


async def _answer(websocket: WebSocket, reader: _Reader, position: _Position) -> None:
    """Answer the client's pings until it goes; anything else is refused."""
    while True:
        message = await reader.next()
        if message["type"] != "ping":
            raise Refused(POLICY, f"unknown message type {str(message['type'])[:40]}")
        await websocket.send_json({"type": "pong", "seq": position.last})


async def _relay(
    websocket: WebSocket,
    sub: Subscription,
    table_id: str,
    user_id: int | None,
    position: _Position,
) -> None:
    """Send the table's events in order, once each, reading back what the bus missed."""
    while True:
        event = await sub.get()
        # A marker, a reader left behind, or a number skipped (a publish that failed):
        # the database has what the bus did not carry.
        skipped = isinstance(event.get("seq"), int) and event["seq"] > position.last + 1
        if event.get("type") == "_gap" or sub.lagging or skipped:
            sub.resync()
            catch_up = await asyncio.to_thread(_start, websocket, table_id, user_id, position.last)
            events = catch_up[1:] if catch_up[0].get("resumed") else catch_up
        else:
            events = [event]
        for item in events:
            if item["type"] == "welcome" or int(item["seq"]) > position.last:
                position.last = int(item["seq"])
                await _send(websocket, item)
