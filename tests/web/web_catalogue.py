"""The web table's texts, as the page reads them, for the tests.

The page reads its tables from ``GET /api/i18n/{lang}``: the catalogue's ``web.``
section and the other sections' words it shares (:func:`page_texts`). Its
``t("status.place")`` looks up ``web.status.place`` and its ``t("game.bet.tie")`` the
core's ``game.bet.tie``. ``TEXT`` holds them keyed as the page names them: the page's own
keys without the prefix, the others whole.
"""

from __future__ import annotations

import re
from pathlib import Path

from puntobanco.core.i18n import LANGUAGES
from puntobanco.server.routers.i18n import PREFIX, page_texts

STATIC = Path(__file__).resolve().parents[2] / "src/puntobanco/web/static"


def catalogue() -> dict[str, dict[str, str]]:
    """Each language's texts, keyed as the page names them."""
    return {
        lang: {key.removeprefix(PREFIX): value for key, value in page_texts(lang).items()}
        for lang in LANGUAGES
    }


TEXT = catalogue()


def tr(lang: str, key: str, **params: object) -> str:
    """The catalogue's text, filled in; a count ``n`` of 1 takes the ``<key>.one`` form if any.

    The page's rule, and :func:`puntobanco.core.i18n.text`'s: the singular for exactly one.
    """
    if params.get("n") == 1 and f"{key}.one" in TEXT[lang]:
        key = f"{key}.one"
    return re.sub(r"\{(\w+)\}", lambda m: str(params[m.group(1)]), TEXT[lang][key])
