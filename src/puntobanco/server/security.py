"""Security headers on every answer, and the cross-site request check (CSRF).

Two plain ASGI middlewares (see :class:`puntobanco.server.observability.AccessMiddleware`
for why not ``BaseHTTPMiddleware``): :class:`CrossSiteMiddleware` inside the access log
(a refusal is logged and timed like any answer), and :class:`SecurityHeadersMiddleware`
around the whole application, Starlette's own error middleware included, so that the
answer of an unexpected error (500) has the headers too.

**Cross-site requests.** The session cookie is ``SameSite=Lax``: a browser does not send it
with a cross-*site* POST, but it does with a POST from another *origin* of the same site (a
page on another port of the same host, or on a sibling subdomain). So a state-changing
request (POST, PUT, PATCH, DELETE) that is not authenticated by a bearer token is accepted
only when it comes from the server's own pages:

* ``Sec-Fetch-Site: same-origin`` (every current browser sends this header over HTTPS and
  to localhost); any other value (``same-site``, ``cross-site``, ``none``) is refused unless
  its ``Origin`` is one of ``allowed_origins``;
* without ``Sec-Fetch-Site`` (a browser on plain HTTP to a remote host, an older browser),
  the ``Origin`` header must be the request's own origin (its scheme and ``Host``, as a
  trusted proxy gives them) or one of ``allowed_origins``; ``Origin: null`` is refused;
* with neither header, the request did not come from a current browser (browsers send
  ``Origin`` with every POST, PUT, PATCH and DELETE): it is accepted if it carries no session
  cookie (``curl`` registering or logging in), or the ``X-Requested-With`` header, which no
  page of another origin can send without the server's consent (a CORS preflight, which
  this server never grants). The web table sends it with every request. A script that
  keeps the cookie should send it too, or use ``Authorization: Bearer``.

A request with a bearer token is never checked: a browser does not add that header by
itself, so another site cannot make a victim's browser send it.

**Headers.** Every answer gets ``X-Content-Type-Options: nosniff``, ``Referrer-Policy:
no-referrer``, ``X-Frame-Options: DENY`` and a Content-Security-Policy that allows only
the server's own scripts, styles and connections, and no framing (``frame-ancestors
'none'``). The API's answers (``/api/``, ``/metrics``, ``/openapi.json``) are never cached
(``Cache-Control: no-store``), except the page's texts (``/api/i18n/``), which say how they
may be. The documentation pages (``/docs``, ``/redoc``) start Swagger UI and ReDoc with an
inline script, so they alone get a policy that allows inline scripts (still from this server
only); ReDoc also runs a worker from a ``blob:`` URL.
"""

from __future__ import annotations

from collections.abc import Iterable

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from puntobanco.core.explain import LANGUAGES
from puntobanco.server.errors import api_message, error_response, printable, request_lang
from puntobanco.server.observability import error_counted
from puntobanco.server.settings import normal_origin

#: The web table's policy: nothing inline, nothing from elsewhere.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: The documentation pages' policy: their one inline start-up script is allowed.
DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
DOCS_PATHS = ("/docs", "/redoc")
NO_STORE_PREFIXES = ("/api/", "/metrics", "/openapi.json")
#: API answers that may be cached: those that say how themselves (the page's texts).
CACHEABLE_PREFIXES = ("/api/i18n/",)
STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
SESSION_COOKIE = "pb_session"


def own_origin(scope: Scope, headers: Headers) -> str:
    """The origin the request was made to: its scheme (from a trusted proxy) and ``Host``."""
    host = headers.get("host", "")
    return normal_origin(f"{scope.get('scheme', 'http')}://{host}")


def _has_bearer(headers: Headers) -> bool:
    """Whether the request authenticates with a bearer token (as ``deps.request_token``)."""
    scheme, _, value = headers.get("authorization", "").partition(" ")
    return scheme.lower() == "bearer" and bool(value.strip())


def _has_session_cookie(headers: Headers) -> bool:
    for header in headers.getlist("cookie"):
        for part in header.split(";"):
            name, _, value = part.strip().partition("=")
            if name == SESSION_COOKIE and value:
                return True
    return False


def cross_site_refusal(scope: Scope, allowed: Iterable[str]) -> str | None:
    """Why this request must be refused as cross-site, or ``None`` to let it through."""
    if scope["method"] not in STATE_CHANGING:
        return None
    headers = Headers(scope=scope)
    if _has_bearer(headers):
        return None
    origin = headers.get("origin")
    site = headers.get("sec-fetch-site")
    trusted = origin is not None and normal_origin(origin) in allowed
    if site is not None:
        if site.lower() == "same-origin" or trusted:
            return None
        return f"Sec-Fetch-Site: {printable(site, 40)}"
    if origin is not None:
        if normal_origin(origin) == own_origin(scope, headers) or trusted:
            return None
        return f"Origin: {printable(origin, 80)}"
    if not _has_session_cookie(headers) or headers.get("x-requested-with"):
        return None
    return "no Origin, Sec-Fetch-Site nor X-Requested-With"


def _policy(path: str) -> str:
    if path in DOCS_PATHS or path.startswith("/docs/"):
        return DOCS_POLICY
    return PAGE_POLICY


class SecurityHeadersMiddleware:
    """Adds the security headers (and ``Cache-Control: no-store`` on the API) to every answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add the headers to its answer."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        extra: list[tuple[bytes, bytes]] = [
            (b"content-security-policy", _policy(path).encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
            (b"x-frame-options", b"DENY"),
        ]
        no_store = path.startswith(NO_STORE_PREFIXES)
        cacheable = path.startswith(CACHEABLE_PREFIXES)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                headers.extend(item for item in extra if item[0] not in names)
                if no_store and not (cacheable and b"cache-control" in names):
                    headers = [item for item in headers if item[0].lower() != b"cache-control"]
                    headers.append((b"cache-control", b"no-store"))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


class CrossSiteMiddleware:
    """Refuses cross-site state-changing requests: 403 ``cross_site_request``."""

    def __init__(self, app: ASGIApp, *, allowed_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = frozenset(normal_origin(origin) for origin in allowed_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer 403 to a cross-site request; pass any other on."""
        refusal = cross_site_refusal(scope, self.allowed) if scope["type"] == "http" else None
        if refusal is not None:
            request = Request(scope)
            params = {"method": scope["method"], "reason": refusal}
            messages: dict[str, str] = {
                lang: api_message("cross_site_request", params, lang) for lang in LANGUAGES
            }
            error_counted(403, "cross_site_request")
            response = error_response(
                403,
                "cross_site_request",
                messages[request_lang(request)],
                params,
                None,
                messages,
            )
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)
