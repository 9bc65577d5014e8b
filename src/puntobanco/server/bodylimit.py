"""Refuse request bodies over ``settings.max_body_bytes`` (413), before reading them.

A plain ASGI middleware, so that nothing is read before it decides:

* a ``Content-Length`` over the limit is answered 413 at once, without calling the app (the
  body is never read; the answer asks the client to close the connection);
* a body without ``Content-Length`` (``Transfer-Encoding: chunked``) is counted as the app
  reads it: the read that passes the limit raises :class:`BodyTooLarge` instead of handing
  the bytes on, so at most the limit plus one chunk of the server's is ever held, and the
  app answers 413 through its error handler (``server/errors.py``) having done nothing.

Both answers are the project's error format: code ``body_too_large``, ``params.limit`` the
limit in bytes, the sentence in every language.
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi import HTTPException
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from puntobanco.core.explain import LANGUAGES
from puntobanco.server.errors import api_message, error_response, request_lang

CODE = "body_too_large"


class BodyTooLarge(HTTPException):
    """A streamed body passed the limit.

    An ``HTTPException``: FastAPI hands one raised while it reads the body on to the error
    handlers, where another exception would become a 400.
    """

    def __init__(self, limit: int) -> None:
        super().__init__(413, detail=CODE, headers={"Connection": "close"})
        self.limit = limit


class BodyLimitMiddleware:
    """Answers 413 ``body_too_large`` to a request body over ``max_bytes``."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        max_bytes: int,
        on_error: Callable[[int, str], None] | None = None,
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.on_error = on_error

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse a declared length over the limit; count a streamed body as it is read."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_bytes:
            await self._refuse(scope, receive, send)
            return
        received = 0
        over = False
        started = False

        async def counted_receive() -> Message:
            nonlocal received, over
            if over:
                raise BodyTooLarge(self.max_bytes)
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    over = True
                    raise BodyTooLarge(self.max_bytes)
            return message

        async def noting_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, noting_send)
        except BodyTooLarge:
            # Read outside FastAPI's handlers (none does so today): answer here.
            if started:
                raise
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.on_error is not None:
            self.on_error(413, CODE)
        params = {"limit": self.max_bytes}
        messages: dict[str, str] = {lang: api_message(CODE, params, lang) for lang in LANGUAGES}
        lang = request_lang(Request(scope))
        response = error_response(
            413, CODE, messages[lang], params, {"Connection": "close"}, messages
        )
        await response(scope, receive, send)


def _content_length(scope: Scope) -> int | None:
    """The request's declared ``Content-Length``, or ``None``.

    ``None`` also when unreadable: the server, which frames the body by it, has then
    refused the request already.
    """
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None
