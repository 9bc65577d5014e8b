"""The game's catalogue and language detection."""

from __future__ import annotations

import string

import pytest

from puntobanco.cli.lang import MESSAGES, counted_key, detect_lang, message, parse_lang
from puntobanco.core.explain import Lang


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_both_languages_have_every_key() -> None:
    assert set(MESSAGES["en"]) == set(MESSAGES["es"])
    assert set(MESSAGES) == {"en", "es"}


@pytest.mark.parametrize("key", sorted(MESSAGES["en"]))
def test_both_languages_take_the_same_parameters(key: str) -> None:
    assert _fields(MESSAGES["en"][key]) == _fields(MESSAGES["es"][key]), key
    assert MESSAGES["es"][key].strip(), key


def test_spanish_is_not_a_copy_of_english() -> None:
    same = [k for k in MESSAGES["en"] if MESSAGES["en"][k] == MESSAGES["es"][k]]
    # Only names, symbols and templates made of placeholders may be identical.
    placeholders = {"example.one", "opt.amount_error", "opt.detail", "settled.why"}
    assert set(same) <= {"title", "natural", "total", "bead.banker"} | placeholders, same


@pytest.mark.parametrize(
    ("explicit", "environ", "expected"),
    [
        ("es", {"LANG": "en_US.UTF-8"}, "es"),
        ("EN", {"LANG": "es_ES.UTF-8"}, "en"),
        ("es_MX", {}, "es"),
        (None, {"LANG": "es_ES.UTF-8"}, "es"),
        (None, {"LC_ALL": "en_GB.UTF-8", "LANG": "es_ES.UTF-8"}, "en"),
        (None, {"LC_ALL": "", "LC_MESSAGES": "es_AR.UTF-8", "LANG": "en_US"}, "es"),
        (None, {"LC_MESSAGES": "es", "LANG": "en_US"}, "es"),
        (None, {"LANG": "C"}, "en"),
        (None, {"LANG": "fr_FR.UTF-8"}, "en"),
        (None, {}, "en"),
        ("fr", {"LANG": "es_ES.UTF-8"}, "es"),
    ],
)
def test_detect_lang(explicit: str | None, environ: dict[str, str], expected: str) -> None:
    assert detect_lang(explicit, environ) == expected


def test_parse_lang() -> None:
    assert parse_lang("es-ES") == "es"
    assert parse_lang("es.UTF-8") == "es"
    assert parse_lang("de") is None


def test_message_fills_parameters() -> None:
    assert message("en", "decks.other", n=6) == "6 decks"
    assert message("es", "decks.other", n=6) == "6 barajas"


@pytest.mark.parametrize(
    ("lang", "count", "text"),
    [
        ("en", 1, "1 card left"),
        ("en", 0, "0 cards left"),
        ("en", 2, "2 cards left"),
        ("es", 1, "queda 1 carta"),
        ("es", 0, "quedan 0 cartas"),
        ("es", 7, "quedan 7 cartas"),
    ],
)
def test_cards_left_agrees_with_its_number(lang: Lang, count: int, text: str) -> None:
    assert message(lang, counted_key("board.rounds", count), cards=count) == text


def test_last_rounds_title_agrees_with_its_number() -> None:
    assert message("en", counted_key("board.title_recent", 1), count=1) == "Last round"
    assert message("es", counted_key("board.title_recent", 1), count=1) == "Última ronda"
    assert message("es", counted_key("board.title_recent", 5), count=5) == "Últimas 5 rondas"


_HELP_COMMANDS = {
    "rebet": "rebet",
    "explain": "explain",
    "rules": "rules",
    "board": "board",
    "summary": "summary",
    "help": "help",
    "quit": "quit",
}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("key", sorted(_HELP_COMMANDS))
def test_every_command_the_help_lists_does_what_it_says(lang: Lang, key: str) -> None:
    import re

    from puntobanco.cli.betline import parse_line

    text = message(lang, f"help.{key}")
    head = text.split("  ", 1)[0]  # "[bold]salir[/] (q)"
    words = re.findall(r"\[bold\](.+?)\[/\]", head)
    letters = re.findall(r"[^\s(),]+", re.sub(r"\[bold\].+?\[/\]|\bo\b|\bor\b", "", head))
    assert words
    for word in words + letters:
        assert parse_line(word).kind.value == _HELP_COMMANDS[key], (word, text)


def test_spanish_help_lists_spanish_words() -> None:
    said = " ".join(message("es", f"help.{key}") for key in _HELP_COMMANDS)
    for word in ("ayuda", "salir", "resumen", "repetir", "explicar", "marcador", "reglas"):
        assert f"[bold]{word}[/]" in said
    assert "plantada" not in said and "se planta" in said


def test_spanish_words_chosen() -> None:
    assert message("es", "board.bead_plate") == "Tablero de cuentas (Bead Plate)"
    # One word for a stake that comes back: the settlement and the summary agree.
    assert message("es", "res.push") == "devuelta"
    assert "devueltas" in message("es", "summary.record")
    assert "igualad" not in " ".join(MESSAGES["es"].values())
