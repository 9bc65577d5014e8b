"""The web table's words: ``GET /api/i18n/{lang}``, the catalogue's ``web.`` section as JSON.

The page holds no words of its own: before its first render, and on a language
switch, it fetches its language's table here (see ``static/js/i18n.js``). Only the
``web.`` section is served, not the whole catalogue: the page words everything it
shows from those keys (bet names included), and the other sections (the command
line's, the server's error sentences, which come with each error answer) would
only make the table larger.

The tables change only with a new release of the program, so each answer is
built once and carries a strong ``ETag``, the hash of its bytes. ``Cache-Control:
no-cache`` lets the browser keep it but makes it ask again on each load: the
answer is then a bodiless 304, and a page never reads an older release's words
beside newer scripts.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping

from fastapi import APIRouter, Request, Response

from puntobanco.core.i18n import CATALOGUE, LANGUAGES, Lang, parse_lang, refuse_lang
from puntobanco.server.errors import error_response, printable, request_lang

router = APIRouter(prefix="/api", tags=["i18n"])

#: The prefix of the page's keys in the catalogue.
PREFIX = "web."
CACHE_CONTROL = "public, no-cache"


def _body(lang: Lang) -> bytes:
    texts = {key: value for key, value in CATALOGUE[lang].items() if key.startswith(PREFIX)}
    return json.dumps({"lang": lang, "texts": texts}, ensure_ascii=False).encode("utf-8")


#: Each language's answer, built once: its bytes and its ETag.
_ANSWERS: Mapping[Lang, tuple[bytes, str]] = {
    lang: (body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"')
    for lang, body in ((lang, _body(lang)) for lang in LANGUAGES)
}


def _matches(if_none_match: str, etag: str) -> bool:
    """Whether an ``If-None-Match`` header names ``etag`` (weak comparison, as RFC 9110 asks)."""
    tags = [tag.strip().removeprefix("W/") for tag in if_none_match.split(",")]
    return "*" in tags or etag in tags


@router.get(
    "/i18n/{lang}",
    responses={
        200: {"description": "The page's texts: `{lang, texts: {key: template}}`."},
        304: {"description": "Not modified: the ETag sent in If-None-Match is current."},
        404: {"description": "A language the catalogue lacks (`unknown_language`)."},
    },
)
def get_texts(lang: str, request: Request) -> Response:
    """The web table's texts in ``lang`` (``en`` or ``es``), keyed as in the catalogue."""
    # The path names a table exactly: "es" and "en", not a locale to negotiate ("es-MX").
    chosen = parse_lang(lang)
    if chosen is None or chosen != lang:
        shown = printable(lang, 40)
        messages: dict[str, str] = {other: refuse_lang(shown, other) for other in LANGUAGES}
        asked = request_lang(request)
        message = messages[asked] if asked in messages else messages["en"]
        return error_response(
            404, "unknown_language", message, {"lang": shown}, None, messages=messages
        )
    body, etag = _ANSWERS[chosen]
    headers = {"ETag": etag, "Cache-Control": CACHE_CONTROL}
    if _matches(request.headers.get("if-none-match", ""), etag):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)
