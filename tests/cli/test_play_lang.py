"""The game's catalogue and language detection."""

from __future__ import annotations

import pytest

from puntobanco.cli.lang import detect_lang
from puntobanco.core.i18n import CATALOGUE, Lang, parse_lang, text

PLAY = {key: value for key, value in CATALOGUE["en"].items() if key.startswith("play.")}


def test_spanish_is_not_a_copy_of_english() -> None:
    same = [k for k in PLAY if PLAY[k] == CATALOGUE["es"][k]]
    # Only names, symbols and templates made of placeholders may be identical.
    placeholders = {"play.example_single", "play.settled.why"}
    # The casinos print these side bets' names the same in both languages.
    casino_names = {"play.spot.panda_8", "play.spot.super_6", "play.spot.egalite_names"}
    names = {"play.title", "play.natural", "play.total", "play.bead.banker"}
    assert set(same) <= names | placeholders | casino_names, same


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


def test_text_fills_parameters() -> None:
    assert text("en", "lang.decks", count=6) == "6 decks"
    assert text("es", "lang.decks", count=6) == "6 barajas"


@pytest.mark.parametrize(
    ("lang", "count", "said"),
    [
        ("en", 1, "1 card left"),
        ("en", 0, "0 cards left"),
        ("en", 2, "2 cards left"),
        ("es", 1, "queda 1 carta"),
        ("es", 0, "quedan 0 cartas"),
        ("es", 7, "quedan 7 cartas"),
    ],
)
def test_cards_left_agrees_with_its_number(lang: Lang, count: int, said: str) -> None:
    assert text(lang, "play.board.rounds", count=count) == said


def test_last_rounds_title_agrees_with_its_number() -> None:
    assert text("en", "play.board.title_recent", count=1) == "Last round"
    assert text("es", "play.board.title_recent", count=1) == "Última mano"
    assert text("es", "play.board.title_recent", count=5) == "Últimas 5 manos"


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

    said = text(lang, f"play.help.{key}")
    head = said.split("  ", 1)[0]  # "[bold]salir[/] (q)"
    words = re.findall(r"\[bold\](.+?)\[/\]", head)
    letters = re.findall(r"[^\s(),]+", re.sub(r"\[bold\].+?\[/\]|\bo\b|\bor\b", "", head))
    assert words
    for word in words + letters:
        assert parse_line(word).kind.value == _HELP_COMMANDS[key], (word, said)


def test_spanish_help_lists_spanish_words() -> None:
    said = " ".join(text("es", f"play.help.{key}") for key in _HELP_COMMANDS)
    for word in ("ayuda", "salir", "resumen", "repetir", "explicar", "marcador", "reglas"):
        assert f"[bold]{word}[/]" in said
    assert "plantada" not in said and "se planta" in said


def test_spanish_words_chosen() -> None:
    assert text("es", "play.board.bead_plate") == "Tablero de cuentas (Bead Plate)"
    # One word for a stake that comes back: the settlement and the summary agree.
    assert text("es", "play.res.push") == "devuelta"
    assert "devueltas" in text("es", "play.summary.record")
    assert "igualad" not in " ".join(CATALOGUE["es"].values())
