"""Every word a player or a user reads, in English and Spanish: the one catalogue.

The catalogue is plain data: one flat table per language, from a key such as
``"play.goodbye"`` to a template whose placeholders are written ``{name}`` and
filled by :func:`text`. The core, the command line and the server read it here;
the server serves the same tables to the web table as JSON, so a sentence is
written once and reads the same everywhere. Each section of the program keeps
its keys in a module of this package (one ``EN`` and one ``ES`` table), under a
prefix of its own; this module joins them.

Plurals have one form, the same in Python and in the page: a template that
depends on a number has its general (plural) form under its key and its
singular under ``key + ".one"``; :func:`text` chooses with ``count``. English
and Spanish both use the singular for exactly one ("1 card", "0 cards";
"1 carta", "0 cartas").

>>> text("es", "lang.refused", value="fr")
"Idioma desconocido: 'fr'. Disponibles: en (English), es (español)."
>>> text("en", "lang.decks", count=1), text("es", "lang.decks", count=8)
('1 deck', '8 barajas')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType, ModuleType
from typing import Any, Literal

from puntobanco.core.i18n import (
    advantage,
    banque,
    banque_advice,
    banque_server,
    banque_web,
    chemin,
    chemin_server,
    cli,
    common,
    game,
    odds,
    ops,
    play,
    server,
    shared_web,
    simulate,
    systems,
    web,
)

Lang = Literal["en", "es"]
LANGUAGES: tuple[Lang, ...] = ("en", "es")
#: Each language's own name, as it is offered in a language menu.
LANGUAGE_NAMES: Mapping[Lang, str] = MappingProxyType({"en": "English", "es": "español"})

#: The sections joined into the catalogue. A key belongs to exactly one of them
#: (the tests check it), so a section can be read on its own and none shadows another.
SECTIONS: tuple[ModuleType, ...] = (
    common,
    game,
    cli,
    play,
    ops,
    odds,
    simulate,
    systems,
    advantage,
    server,
    chemin,
    banque,
    chemin_server,
    banque_server,
    web,
    banque_web,
    banque_advice,
    shared_web,
)


def _join(lang: Lang) -> Mapping[str, str]:
    table: dict[str, str] = {}
    for section in SECTIONS:
        table.update(getattr(section, lang.upper()))
    return MappingProxyType(table)


#: The whole catalogue: for each language, every key's template.
CATALOGUE: Mapping[Lang, Mapping[str, str]] = MappingProxyType(
    {lang: _join(lang) for lang in LANGUAGES}
)


def parse_lang(value: str) -> Lang | None:
    """The language a tag or locale names, if it is one we have.

    Args:
        value: A language tag or a locale name, in any case: ``"es"``,
            ``"ES"``, ``"es-MX"``, ``"es_ES.UTF-8"``, ``"es@euro"``, ``"en_GB"``,
            or an Accept-Language entry (``"es;q=0.9"``).

    Returns:
        ``"es"`` or ``"en"``; ``None`` for a language we lack (``"fr"``,
        ``"C"``, ``""``), so that a caller can refuse an explicit choice.

    >>> parse_lang("es-MX"), parse_lang("EN_gb.UTF-8"), parse_lang("fr"), parse_lang("es;q=0.9")
    ('es', 'en', None, 'es')
    """
    # A locale's codeset and modifier (".UTF-8", "@euro") and a header's weight (";q=0.8")
    # follow the language; a region follows "_" or "-".
    short = re.split(r"[-_.@;]", value.strip().lower(), maxsplit=1)[0]
    for lang in LANGUAGES:
        if short == lang:
            return lang
    return None


def check_lang(value: str) -> Lang:
    """The language ``value`` names, English when it names none we have.

    For a language that was negotiated rather than chosen (a browser's
    Accept-Language, a locale): an unknown one falls back instead of failing.

    >>> check_lang("es_ES.UTF-8"), check_lang("fr"), check_lang("")
    ('es', 'en', 'en')
    """
    return parse_lang(value) or "en"


def text(lang: Lang, key: str, /, *, count: int | None = None, **params: Any) -> str:
    """The catalogue's sentence for ``key`` in ``lang``, with ``params`` filled in.

    Args:
        lang: ``"en"`` or ``"es"``.
        key: A key of :data:`CATALOGUE`; a missing key is a programming error
            (``KeyError``), never a silent English fallback.
        count: For a template that depends on a number: chooses the singular
            (``key + ".one"``) for exactly one, and fills ``{count}``.
        params: The template's other placeholders.
    """
    table = CATALOGUE[lang]
    if count is not None:
        params["count"] = count
        if count == 1 and f"{key}.one" in table:
            key = f"{key}.one"
    return table[key].format(**params)


def refuse_lang(value: str, lang: Lang) -> str:
    """The one sentence that refuses a language we lack, naming the ones we have.

    >>> refuse_lang("fr", "en")
    "Unknown language: 'fr'. Available: en (English), es (español)."
    """
    return text(lang, "lang.refused", value=value)


__all__ = [
    "CATALOGUE",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "SECTIONS",
    "Lang",
    "check_lang",
    "parse_lang",
    "refuse_lang",
    "text",
]
