"""The web table's string catalogue (static/js/i18n.js), read from Python for the tests."""

from __future__ import annotations

import json
import re
from pathlib import Path

CATALOGUE = Path(__file__).resolve().parents[2] / "src/puntobanco/web/static/js/i18n.js"


def catalogue() -> dict[str, dict[str, str]]:
    """The page's string catalogue, read from its JS module (a JSON-like object literal)."""
    text = CATALOGUE.read_text(encoding="utf-8")
    body = text[text.index("CATALOGUE = ") + len("CATALOGUE = ") : text.index("\n};") + 2]
    body = re.sub(r"^\s*//.*$", "", body, flags=re.M)
    body = re.sub(r"(\n\s*)(en|es):", r'\1"\2":', body)
    body = re.sub(r",(\s*[}\]])", r"\1", body)
    return dict(json.loads(body))


TEXT = catalogue()


def tr(lang: str, key: str, **params: object) -> str:
    """The catalogue's text, filled in; a count ``n`` of 1 takes the ``<key>.one`` form if any.

    (In English and Spanish the plural category "one" is exactly the integer 1.)
    """
    if params.get("n") == 1 and f"{key}.one" in TEXT[lang]:
        key = f"{key}.one"
    return re.sub(r"\{(\w+)\}", lambda m: str(params[m.group(1)]), TEXT[lang][key])
