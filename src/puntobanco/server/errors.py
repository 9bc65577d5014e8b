"""The server's errors and their words, and the one handler that maps errors to statuses.

Core errors (:class:`~puntobanco.core.errors.BaccaratError`) are worded by
:func:`puntobanco.core.explain.error_message`; the server's own errors by the
catalogue's ``server.`` section, in English and Spanish. Every error answer has the shape
``{"error": {"code", "message", "params", "messages"}}`` (clients rely on it):
``message`` in the request's language, ``messages`` the same sentence in every
language the server speaks (``{"en": ..., "es": ...}``).

Why ``messages``: a page that shows an error and is then switched to another
language must say the error again in that language, without sending the failed
request again. Wording it in the page from ``code`` and ``params`` would need a
second copy of both catalogues and of their rules (which parameters are money,
bet names and the list of spots in each language, Python's ``!r``, the
validation details worded from pydantic's errors, core and server codes of the
same name), in JavaScript, kept in step by hand. Each answer carries its
sentences instead, worded here by the one catalogue: a few hundred bytes more
on an error, no extra request, and the page shows exactly what the server
would have answered in the other language.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException

from puntobanco.core import i18n
from puntobanco.core.errors import BaccaratError, InsufficientFunds, InvalidBet, InvalidRules
from puntobanco.core.explain import error_message
from puntobanco.core.i18n import CATALOGUE, LANGUAGES, check_lang
from puntobanco.core.money import format_minor
from puntobanco.server.db import outcome_unknown

log = logging.getLogger("puntobanco.server")


class ApiError(Exception):
    """An error answered to the client: an HTTP status, a code and the values it names."""

    def __init__(self, status: int, code: str, **params: Any) -> None:
        super().__init__(code)
        self.status = status
        self.code = code
        self.params = params


_MONEY_PARAMS = frozenset({"maximum", "amount", "cap", "room"})


def request_lang(request: Request) -> str:
    """The request's language: ``?lang=es|en``, else Accept-Language, else English."""
    lang = request.query_params.get("lang")
    if lang:
        return check_lang(lang)
    header = request.headers.get("accept-language", "")
    return check_lang(header.split(",")[0]) if header else "en"


def api_message(code: str, params: dict[str, Any], lang: str) -> str:
    """The catalogue's sentence for ``code`` in ``lang``."""
    language = check_lang(lang)
    template = CATALOGUE[language].get(f"server.{code}", code)
    shown = dict(params)
    for key in _MONEY_PARAMS & shown.keys():
        if isinstance(shown[key], int) and not isinstance(shown[key], bool):
            shown[key] = format_minor(shown[key], lang=language)
    try:
        return template.format(**shown)
    except (KeyError, IndexError, ValueError):
        return template


#: The longest text an error's params repeat (a request's text may be longer).
MAX_PARAM = 200


def printable(text: str, limit: int | None = None) -> str:
    r"""``text`` as an answer may carry it, cut to ``limit`` characters.

    Lone surrogates (which UTF-8 cannot encode) are written as ``\udXXX`` escapes.
    """
    if limit is not None and len(text) > limit:
        text = text[:limit] + "…"
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _json_safe(params: dict[str, Any]) -> dict[str, Any]:
    safe: dict[str, Any] = {}
    for k, v in params.items():
        if not (isinstance(v, str | int | float | bool) or v is None):
            v = str(v)
        safe[k] = printable(v, MAX_PARAM) if isinstance(v, str) else v
    return safe


def error_response(
    status: int,
    code: str,
    message: str,
    params: dict[str, Any],
    headers: dict[str, str] | None,
    messages: dict[str, str] | None = None,
) -> JSONResponse:
    """The JSON error answer, in the one shape every client reads.

    ``messages`` is the sentence in every language (see the module's docstring);
    when omitted, ``message`` stands for every language.
    """
    message = printable(message)
    every = messages if messages is not None else dict.fromkeys(LANGUAGES, message)
    body = {
        "error": {
            "code": code,
            "message": message,
            "params": _json_safe(params),
            "messages": {lang: printable(text) for lang, text in every.items()},
        }
    }
    return JSONResponse(body, status_code=status, headers=headers)


#: Core error classes and the status each is answered with.
CORE_STATUS: tuple[tuple[type[BaccaratError], int], ...] = (
    (InsufficientFunds, 402),
    (InvalidBet, 422),
    (InvalidRules, 422),
    (BaccaratError, 422),
)


@dataclass(frozen=True, slots=True)
class ErrorAnswer:
    """How an error is answered.

    Its status, its code, its sentence in each language (``word(lang)``), its params and
    any headers.
    """

    status: int
    code: str
    word: Callable[[str], str]
    params: dict[str, Any]
    headers: dict[str, str] | None = None


def _api_error(exc: ApiError, _request: Request) -> ErrorAnswer:
    headers = None
    if exc.status == 429:
        headers = {"Retry-After": str(exc.params.get("retry_after", 60))}
    if exc.status == 503:
        headers = {"Retry-After": str(exc.params.get("retry_after", 5))}
    if exc.status == 401:
        headers = {"WWW-Authenticate": "Bearer"}

    def word(lang: str) -> str:
        return api_message(exc.code, exc.params, lang)

    return ErrorAnswer(exc.status, exc.code, word, exc.params, headers)


def _core_error(exc: BaccaratError, _request: Request) -> ErrorAnswer:
    status = next(s for cls, s in CORE_STATUS if isinstance(exc, cls))

    def word(lang: str) -> str:
        return error_message(exc, lang)

    return ErrorAnswer(status, exc.code, word, exc.params)


def _invalid(exc: RequestValidationError, _request: Request) -> ErrorAnswer:
    errors = exc.errors()
    first = errors[0] if errors else {}
    kind = str(first.get("type", "default"))
    # A location names a dict's key as sent (any text): each part is shown printable, cut.
    where = ".".join(printable(str(part), 40) for part in first.get("loc", ()))
    params = {"field": where, "type": kind, "detail": str(first.get("msg", ""))}
    context = first.get("ctx") or {}

    def word(lang: str) -> str:
        language = check_lang(lang)
        default = i18n.text(language, "server.validation.default")
        what = CATALOGUE[language].get(f"server.validation.{kind}", default)
        try:
            what = what.format(**context)
        except (KeyError, IndexError, ValueError):
            what = default
        detail = f"{what} ({where})" if where else default
        return api_message("invalid_request", {"detail": detail}, lang)

    return ErrorAnswer(422, "invalid_request", word, params)


def _http(exc: StarletteHTTPException, request: Request) -> ErrorAnswer:
    params: dict[str, Any] = {"path": request.url.path, "method": request.method}
    if exc.status_code == 404:
        code = "not_found"
    elif exc.status_code == 405:
        code = "method_not_allowed"
    elif exc.status_code == 413:  # a streamed body passed the limit (server/bodylimit.py)
        code = "body_too_large"
        params = {"limit": getattr(exc, "limit", None)}
    else:
        code = "invalid_request"
        params["detail"] = str(exc.detail)

    def word(lang: str) -> str:
        return api_message(code, params, lang)

    headers = dict(exc.headers) if exc.headers else None
    return ErrorAnswer(exc.status_code, code, word, params, headers)


def _database(exc: DBAPIError, _request: Request) -> ErrorAnswer:
    # Every write happens inside one transaction, rolled back by the session: nothing
    # half-written survives the error, and nothing was changed, unless the error came
    # from the COMMIT of writes (the database may have committed them).
    log.error("database error", exc_info=exc)
    params = {"connection_lost": exc.connection_invalidated}
    code = "database_outcome_unknown" if outcome_unknown(exc) else "database_error"

    def word(lang: str) -> str:
        return api_message(code, {}, lang)

    return ErrorAnswer(503, code, word, params, {"Retry-After": "1"})


def _unexpected(exc: Exception, _request: Request) -> ErrorAnswer:
    log.error("unexpected error", exc_info=exc)

    def word(lang: str) -> str:
        return api_message("internal_error", {}, lang)

    return ErrorAnswer(500, "internal_error", word, {})


#: Each error class and how it is answered (from the error, and the request), in one place.
HANDLERS: tuple[tuple[type[Exception], Callable[[Any, Request], ErrorAnswer]], ...] = (
    (ApiError, _api_error),
    (BaccaratError, _core_error),
    (RequestValidationError, _invalid),
    (StarletteHTTPException, _http),
    (DBAPIError, _database),
    (Exception, _unexpected),
)


def install_error_handlers(
    app: FastAPI, *, on_error: Callable[[int, str], None] | None = None
) -> None:
    """Answer every error class of :data:`HANDLERS` in the one shape.

    Args:
        app: The application.
        on_error: Called as ``on_error(status, code)`` for each error answered (metrics).
    """
    for error_class, answer_for in HANDLERS:
        app.add_exception_handler(error_class, _handler(answer_for, on_error))


def _handler(
    answer_for: Callable[[Any, Request], ErrorAnswer],
    on_error: Callable[[int, str], None] | None,
) -> Callable[[Request, Exception], Awaitable[JSONResponse]]:
    """The exception handler that answers with ``answer_for``'s status, code and sentences."""

    async def handle(request: Request, exc: Exception) -> JSONResponse:
        answer = answer_for(exc, request)
        if on_error is not None:
            on_error(answer.status, answer.code)
        messages: dict[str, str] = {lang: answer.word(lang) for lang in LANGUAGES}
        message = messages[request_lang(request)]
        return error_response(
            answer.status, answer.code, message, answer.params, answer.headers, messages
        )

    return handle
