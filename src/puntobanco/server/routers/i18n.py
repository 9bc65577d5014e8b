"""The web table's words: ``GET /api/i18n/{lang}``, the page's part of the catalogue as JSON.

The page holds no words of its own: before its first render, and on a language
switch, it fetches its language's table here (see ``static/js/i18n.js``). It is
the catalogue's ``web.`` section and the words of other sections the page shows
too, so that a sentence is written once: the core's bet and side names
(``game.bet.*``, ``game.side.*``, the names :func:`puntobanco.core.explain.bet_name`
gives), and the few words the page shares with the terminal game and the odds
table (``SHARED_KEYS``). The rest of the catalogue (the command line's, the
server's error sentences, which come with each error answer) is left out: it
would only make the table larger.

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

#: The prefix of the page's own keys in the catalogue.
PREFIX = "web."
#: Other sections' keys the page builds at run time (``game.bet.${bet}``): served whole.
SHARED_PREFIXES: tuple[str, ...] = ("game.bet.", "game.side.")
#: Other sections' words the page shows as they are, each in the same role: the game's
#: name, the balance, "or", the terminal's bead-plate letters, its paytable's words for a
#: side bet's legs and its column heads, the odds table's column heads.
SHARED_KEYS: tuple[str, ...] = (
    "play.title",
    "play.prompt.balance",
    "play.or",
    "play.col.net",
    "play.bead.banker",
    "play.bead.player",
    "play.bead.tie",
    "play.paytable.player",
    "play.paytable.banker",
    "play.paytable.tie",
    "play.paytable.margin",
    "play.paytable.cards_dealt",
    "play.paytable.player_pair",
    "play.paytable.banker_pair",
    "odds.bet",
    "odds.pays",
)
CACHE_CONTROL = "public, no-cache"


def page_texts(lang: Lang) -> dict[str, str]:
    """The templates the page reads in ``lang``, keyed as in the catalogue."""
    table = CATALOGUE[lang]
    return {
        key: value
        for key, value in table.items()
        if key.startswith((PREFIX, *SHARED_PREFIXES))
        or key.removesuffix(".one") in SHARED_KEYS  # a shared word's singular too
    }


def _body(lang: Lang) -> bytes:
    texts = page_texts(lang)
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
