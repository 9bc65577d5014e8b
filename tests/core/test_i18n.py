"""The one catalogue: every key in both languages, with the same placeholders."""

from __future__ import annotations

import string

import pytest

from puntobanco.core import i18n
from puntobanco.core.i18n import CATALOGUE, LANGUAGES, SECTIONS, text


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_key_is_in_both_languages() -> None:
    assert set(CATALOGUE["en"]) == set(CATALOGUE["es"])


def test_no_key_is_in_two_sections() -> None:
    seen: dict[str, str] = {}
    for section in SECTIONS:
        for lang in LANGUAGES:
            assert set(getattr(section, lang.upper())) == set(section.EN), section.__name__
        for key in section.EN:
            assert key not in seen, f"{key} is in {seen[key]} and {section.__name__}"
            seen[key] = section.__name__


@pytest.mark.parametrize("key", sorted(CATALOGUE["en"]))
def test_both_languages_fill_the_same_placeholders(key: str) -> None:
    assert _fields(CATALOGUE["en"][key]) == _fields(CATALOGUE["es"][key])


def test_a_singular_has_its_general_form() -> None:
    for key in CATALOGUE["en"]:
        if key.endswith(".one"):
            assert key.removesuffix(".one") in CATALOGUE["en"], key


def test_count_chooses_the_singular_for_exactly_one() -> None:
    assert [text("en", "lang.decks", count=n) for n in (0, 1, 2)] == [
        "0 decks",
        "1 deck",
        "2 decks",
    ]


def test_a_missing_key_is_an_error_not_english() -> None:
    with pytest.raises(KeyError):
        text("es", "no.such.key")


def test_parse_and_check_lang() -> None:
    assert i18n.parse_lang("es_ES.UTF-8") == "es"
    assert i18n.parse_lang("C") is None
    assert i18n.check_lang("de-DE") == "en"
    # Locales with a modifier, Accept-Language entries with a weight, and what is no tag.
    assert i18n.parse_lang("es_ES@euro") == "es"
    assert i18n.parse_lang("es;q=0.9") == "es"
    assert i18n.parse_lang("EN-gb") == "en"
    assert i18n.parse_lang("esp") is None
    assert i18n.parse_lang("") is None


def test_spanish_calls_a_round_a_mano_everywhere() -> None:
    """One word for a round in Spanish, the seeds' (review CLI #23: simulate and report said
    *mano*, play, verify and the API *ronda*, Banque *golpe*)."""
    import re

    from puntobanco.core.i18n import CATALOGUE

    others = {
        key: value
        for key, value in CATALOGUE["es"].items()
        if re.search(r"\b(rondas?|golpes?)\b", value, flags=re.IGNORECASE)
    }
    assert others == {}
