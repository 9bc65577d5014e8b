"""Words every part of the program shares: languages, counts of decks and cards."""

from __future__ import annotations

_AVAILABLE = "en (English), es (español)"

EN: dict[str, str] = {
    "lang.refused": "Unknown language: {value!r}. Available: " + _AVAILABLE + ".",
    "lang.decks": "{count} decks",
    "lang.decks.one": "{count} deck",
}

ES: dict[str, str] = {
    "lang.refused": "Idioma desconocido: {value!r}. Disponibles: " + _AVAILABLE + ".",
    "lang.decks": "{count} barajas",
    "lang.decks.one": "{count} baraja",
}
