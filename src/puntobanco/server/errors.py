"""The server's errors and their words, and the one handler that maps errors to statuses.

Core errors (:class:`~puntobanco.core.errors.BaccaratError`) are worded by
:func:`puntobanco.core.explain.error_message`; the server's own errors by the
catalogue below, in English and Spanish. Every error answer has the shape
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
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException

from puntobanco.core.errors import BaccaratError, InsufficientFunds, InvalidBet, InvalidRules
from puntobanco.core.explain import LANGUAGES, check_lang, error_message
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


MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "not_authenticated": "Log in first: this needs the session cookie or a bearer token.",
        "bad_credentials": "Wrong username or password.",
        "username_taken": "The username {username!r} is taken: choose another.",
        "not_a_guest": "This account is registered already: only a guest account is upgraded.",
        "invalid_username": (
            "A username has 3 to 32 letters, digits, '.', '_' or '-' (got {username!r})."
        ),
        "invalid_password": "A password has 8 to 128 characters (got {length}).",
        "rate_limited": "Too many login attempts: try again in {retry_after} seconds.",
        "signup_rate_limited": (
            "Too many new accounts from your address: try again in {retry_after} seconds."
        ),
        "address_rate_limited": (
            "Too many login and registration attempts from your address: try again in "
            "{retry_after} seconds."
        ),
        "server_busy": (
            "The server is busy checking passwords; nothing was changed. Try again in "
            "{retry_after} seconds."
        ),
        "rotate_rate_limited": ("Too many seed rotations: try again in {retry_after} seconds."),
        "verify_rate_limited": ("Too many verifications: try again in {retry_after} seconds."),
        "body_too_large": (
            "The request body is larger than {limit} bytes, the most this server accepts; "
            "nothing was changed."
        ),
        "round_not_found": "There is no round {round_id} of yours.",
        "idempotency_key_required": (
            "Send an Idempotency-Key header of 1 to 200 visible characters with every round."
        ),
        "idempotency_conflict": (
            "The Idempotency-Key {key!r} was already used for other bets: use a new key."
        ),
        "stake_not_integer": (
            "The {bet} stake must be a whole number of cents (minor units), got {value}."
        ),
        "top_up_range": "A top-up is from 0.01 to {maximum} (got {amount}).",
        "balance_cap": (
            "A top-up may not take the balance above {cap}: the most you can add now is {room}."
        ),
        "unknown_preset": "Unknown table rules {preset!r}: choose one of {allowed}.",
        "preset_withdrawn": (
            "The table rules {preset!r} have been withdrawn: choose one of {allowed} "
            "to play your next round."
        ),
        "invalid_client_seed": (
            "A client seed has 1 to 64 visible characters, without ':' (got {length})."
        ),
        "invalid_server_seed": "A server seed is 64 hexadecimal characters (32 bytes).",
        "seed_not_found": "None of your server seeds has that hash.",
        "seed_not_revealed": "That server seed is still in play: rotate it to reveal it first.",
        "admin_disabled": "Admin endpoints are disabled: the operator set no admin token.",
        "admin_forbidden": "Send the operator's admin token in the X-Admin-Token header.",
        "cross_site_request": (
            "Refused: this {method} came from a page of another site or origin ({reason}); "
            "nothing was changed. Use the table's own page, or a bearer token."
        ),
        "metrics_forbidden": (
            "The metrics are for the operator: send the admin token (X-Admin-Token or "
            "Authorization: Bearer), or ask from an address in PUNTOBANCO_METRICS_ALLOW."
        ),
        "invalid_request": "The request is malformed: {detail}.",
        "not_found": "Nothing here: {path}.",
        "method_not_allowed": "{method} is not allowed on {path}.",
        "database_error": "The database is unavailable; nothing was changed. Try again.",
        "database_outcome_unknown": (
            "The connection to the database was lost while your change was being saved: it "
            "may or may not have been made. Check before you try again."
        ),
        "round_outcome_unknown": (
            "The connection to the database was lost while the round was being saved: it is "
            "not known whether it was dealt and your stakes taken. Send the same bets again "
            "with the same Idempotency-Key {key!r}: that returns the round if it was dealt, "
            "and otherwise deals it, once."
        ),
        "round_pending": (
            "Round {round_id} was dealt and its stakes taken, but its settlement could not be "
            "confirmed: it will be settled automatically, once. Send the same bets with the "
            "same Idempotency-Key to get the settled round."
        ),
        "rate_limit_unavailable": (
            "Attempts cannot be counted right now; nothing was changed. Try again in a few seconds."
        ),
        "internal_error": "Something went wrong on the server; nothing was changed.",
        "rules_error": "The table's rules are invalid: {detail}.",
    },
    "es": {
        "not_authenticated": "Inicie sesión primero: hace falta la cookie de sesión o un token.",
        "bad_credentials": "Usuario o contraseña incorrectos.",
        "username_taken": "El usuario {username!r} ya existe: elija otro.",
        "not_a_guest": "Esta cuenta ya está registrada: solo se convierte una cuenta de invitado.",
        "invalid_username": (
            "Un usuario tiene de 3 a 32 letras, cifras, '.', '_' o '-' (se recibió {username!r})."
        ),
        "invalid_password": "Una contraseña tiene de 8 a 128 caracteres (se recibieron {length}).",
        "rate_limited": (
            "Demasiados intentos de inicio de sesión: vuelva a intentarlo en {retry_after} "
            "segundos."
        ),
        "signup_rate_limited": (
            "Demasiadas cuentas nuevas desde su dirección: vuelva a intentarlo en {retry_after} "
            "segundos."
        ),
        "address_rate_limited": (
            "Demasiados intentos de inicio de sesión y de registro desde su dirección: vuelva "
            "a intentarlo en {retry_after} segundos."
        ),
        "server_busy": (
            "El servidor está ocupado comprobando contraseñas; no se ha cambiado nada. Vuelva "
            "a intentarlo en {retry_after} segundos."
        ),
        "rotate_rate_limited": (
            "Demasiadas rotaciones de semilla: vuelva a intentarlo en {retry_after} segundos."
        ),
        "verify_rate_limited": (
            "Demasiadas verificaciones: vuelva a intentarlo en {retry_after} segundos."
        ),
        "body_too_large": (
            "El cuerpo de la petición tiene más de {limit} bytes, lo máximo que acepta este "
            "servidor; no se ha cambiado nada."
        ),
        "round_not_found": "No tiene ninguna ronda {round_id}.",
        "idempotency_key_required": (
            "Envíe con cada ronda una cabecera Idempotency-Key de 1 a 200 caracteres visibles."
        ),
        "idempotency_conflict": (
            "La Idempotency-Key {key!r} ya se usó para otras apuestas: use una clave nueva."
        ),
        "stake_not_integer": (
            "La apuesta a {bet} debe ser un número entero de céntimos, se recibió {value}."
        ),
        "top_up_range": "Una recarga va de 0.01 a {maximum} (se pidió {amount}).",
        "balance_cap": (
            "Una recarga no puede llevar el saldo por encima de {cap}: ahora puede añadir "
            "como mucho {room}."
        ),
        "unknown_preset": "Reglas de mesa desconocidas {preset!r}: elija una de {allowed}.",
        "preset_withdrawn": (
            "Las reglas de mesa {preset!r} se han retirado: elija una de {allowed} "
            "para jugar su próxima mano."
        ),
        "invalid_client_seed": (
            "Una semilla de cliente tiene de 1 a 64 caracteres visibles, sin ':' "
            "(se recibieron {length})."
        ),
        "invalid_server_seed": "Una semilla de servidor tiene 64 caracteres hexadecimales.",
        "seed_not_found": "Ninguna de sus semillas de servidor tiene ese hash.",
        "seed_not_revealed": (
            "Esa semilla de servidor sigue en juego: rótela primero para revelarla."
        ),
        "admin_disabled": (
            "Los puntos de administración están desactivados: no hay token de administrador."
        ),
        "admin_forbidden": "Envíe el token de administrador en la cabecera X-Admin-Token.",
        "cross_site_request": (
            "Rechazado: este {method} vino de una página de otro sitio u origen ({reason}); "
            "no se ha cambiado nada. Use la página de la mesa, o un token."
        ),
        "metrics_forbidden": (
            "Las métricas son para el operador: envíe el token de administrador "
            "(X-Admin-Token o Authorization: Bearer), o pídalas desde una dirección de "
            "PUNTOBANCO_METRICS_ALLOW."
        ),
        "invalid_request": "La petición está mal formada: {detail}.",
        "not_found": "Aquí no hay nada: {path}.",
        "method_not_allowed": "{method} no está permitido en {path}.",
        "database_error": (
            "La base de datos no está disponible; no se ha cambiado nada. Inténtelo de nuevo."
        ),
        "database_outcome_unknown": (
            "Se perdió la conexión con la base de datos mientras se guardaba el cambio: puede "
            "que se haya hecho o no. Compruébelo antes de volver a intentarlo."
        ),
        "round_outcome_unknown": (
            "Se perdió la conexión con la base de datos mientras se guardaba la ronda: no se "
            "sabe si se repartió y se cobraron sus apuestas. Envíe las mismas apuestas con la "
            "misma Idempotency-Key {key!r}: así obtiene la ronda si se repartió y, si no, se "
            "reparte, una sola vez."
        ),
        "round_pending": (
            "La ronda {round_id} se repartió y se cobraron sus apuestas, pero no se pudo "
            "confirmar su liquidación: se liquidará automáticamente, una sola vez. Envíe las "
            "mismas apuestas con la misma Idempotency-Key para obtener la ronda liquidada."
        ),
        "rate_limit_unavailable": (
            "Ahora no se pueden contar los intentos; no se ha cambiado nada. Vuelva a "
            "intentarlo en unos segundos."
        ),
        "internal_error": "Algo falló en el servidor; no se ha cambiado nada.",
        "rules_error": "Las reglas de la mesa no son válidas: {detail}.",
    },
}

_MONEY_PARAMS = frozenset({"maximum", "amount", "cap", "room"})

_VALIDATION_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "json_invalid": "the body is not valid JSON",
        "missing": "a required field is missing",
        "extra_forbidden": "an unknown field was sent",
        "string_too_long": "a text is longer than {max_length} characters",
        "too_long": "more than {max_length} entries were sent",
        "text_invalid": "a text holds a control character (NUL included) or a lone surrogate",
        "string_unicode": "a text holds a lone surrogate, which is no character",
        "default": "a field has the wrong type or value",
    },
    "es": {
        "json_invalid": "el cuerpo no es JSON válido",
        "missing": "falta un campo obligatorio",
        "extra_forbidden": "se envió un campo desconocido",
        "string_too_long": "un texto tiene más de {max_length} caracteres",
        "too_long": "se enviaron más de {max_length} elementos",
        "text_invalid": (
            "un texto contiene un carácter de control (NUL incluido) o un sustituto suelto"
        ),
        "string_unicode": "un texto contiene un sustituto suelto, que no es ningún carácter",
        "default": "un campo tiene un tipo o un valor incorrecto",
    },
}


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
    template = MESSAGES[language].get(code) or MESSAGES["en"].get(code, code)
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


def install_error_handlers(app: FastAPI, *, on_error: Any = None) -> None:
    """Map every error class to its status, in one place.

    Args:
        app: The application.
        on_error: Called as ``on_error(status, code)`` for each error answered (metrics).
    """

    def answer(
        request: Request,
        status: int,
        code: str,
        word: Callable[[str], str],
        params: dict[str, Any],
        headers: dict[str, str] | None = None,
    ) -> JSONResponse:
        """Answer the error, ``word(lang)`` giving its sentence in each language."""
        if on_error is not None:
            on_error(status, code)
        messages: dict[str, str] = {lang: word(lang) for lang in LANGUAGES}
        message = messages[request_lang(request)]
        return error_response(status, code, message, params, headers, messages)

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        headers = None
        if exc.status == 429:
            headers = {"Retry-After": str(exc.params.get("retry_after", 60))}
        if exc.status == 503:
            headers = {"Retry-After": str(exc.params.get("retry_after", 5))}
        if exc.status == 401:
            headers = {"WWW-Authenticate": "Bearer"}

        def word(lang: str) -> str:
            return api_message(exc.code, exc.params, lang)

        return answer(request, exc.status, exc.code, word, exc.params, headers)

    @app.exception_handler(BaccaratError)
    async def _core_error(request: Request, exc: BaccaratError) -> JSONResponse:
        status = next(s for cls, s in CORE_STATUS if isinstance(exc, cls))

        def word(lang: str) -> str:
            return error_message(exc, lang)

        return answer(request, status, exc.code, word, exc.params)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        first = errors[0] if errors else {}
        kind = str(first.get("type", "default"))
        # A location names a dict's key as sent (any text): each part is shown printable, cut.
        where = ".".join(printable(str(part), 40) for part in first.get("loc", ()))
        params = {"field": where, "type": kind, "detail": str(first.get("msg", ""))}
        context = first.get("ctx") or {}

        def word(lang: str) -> str:
            words = _VALIDATION_WORDS[lang]
            what = words.get(kind, words["default"])
            try:
                what = what.format(**context)
            except (KeyError, IndexError, ValueError):
                what = words["default"]
            detail = f"{what} ({where})" if where else words["default"]
            return api_message("invalid_request", {"detail": detail}, lang)

        return answer(request, 422, "invalid_request", word, params)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
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
        return answer(request, exc.status_code, code, word, params, headers)

    @app.exception_handler(DBAPIError)
    async def _database(request: Request, exc: DBAPIError) -> JSONResponse:
        # Every write happens inside one transaction, rolled back by the session: nothing
        # half-written survives the error, and nothing was changed, unless the error came
        # from the COMMIT of writes (the database may have committed them).
        log.error("database error", exc_info=exc)
        params = {"connection_lost": exc.connection_invalidated}
        code = "database_outcome_unknown" if outcome_unknown(exc) else "database_error"

        def word(lang: str) -> str:
            return api_message(code, {}, lang)

        return answer(request, 503, code, word, params, {"Retry-After": "1"})

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.error("unexpected error", exc_info=exc)

        def word(lang: str) -> str:
            return api_message("internal_error", {}, lang)

        return answer(request, 500, "internal_error", word, {})
