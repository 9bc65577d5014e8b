"""The web table's texts, read from the one catalogue for the tests (its ``web.`` section).

The page reads the same tables from ``GET /api/i18n/{lang}``; its ``t("status.place")``
looks up ``web.status.place``. ``TEXT`` holds them without the prefix, as the page names them.
"""

from __future__ import annotations

import re
from pathlib import Path

from puntobanco.core.i18n import CATALOGUE, LANGUAGES

STATIC = Path(__file__).resolve().parents[2] / "src/puntobanco/web/static"
PREFIX = "web."


def catalogue() -> dict[str, dict[str, str]]:
    """Each language's ``web.`` keys, without the prefix."""
    return {
        lang: {
            k.removeprefix(PREFIX): v for k, v in CATALOGUE[lang].items() if k.startswith(PREFIX)
        }
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
