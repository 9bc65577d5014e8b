"""Every string the player reads exists in English and Spanish, with the same placeholders."""

from __future__ import annotations

import re

from web_catalogue import CATALOGUE, TEXT


def test_every_string_has_both_languages() -> None:
    assert TEXT["en"].keys() == TEXT["es"].keys()
    assert all(TEXT["es"][k].strip() for k in TEXT["es"])
    placeholders = {k: set(re.findall(r"\{(\w+)\}", v)) for k, v in TEXT["en"].items()}
    assert placeholders == {k: set(re.findall(r"\{(\w+)\}", v)) for k, v in TEXT["es"].items()}
    static = CATALOGUE.parent.parent
    used = set(re.findall(r'data-i18n(?:-aria)?="([\w.]+)"', (static / "index.html").read_text()))
    for js in (static / "js").glob("*.js"):
        used |= set(re.findall(r'\bt\("([\w.]+)"', js.read_text()))
    assert used - TEXT["en"].keys() == set()


def test_singular_forms_stand_beside_their_plural() -> None:
    """A ``<key>.one`` text is the singular of ``<key>``: it exists for a count {n} only."""
    for lang in ("en", "es"):
        for key, text in TEXT[lang].items():
            if not key.endswith(".one"):
                continue
            plural = TEXT[lang][key.removesuffix(".one")]
            assert "{n}" in plural and "{n}" in text, (lang, key)
            assert set(re.findall(r"\{(\w+)\}", text)) <= set(re.findall(r"\{(\w+)\}", plural))


def test_no_count_is_left_without_its_singular() -> None:
    """Every text that counts things with {n} has a singular, unless it names no noun."""
    not_counts = {"stats.shoe", "history.round", "history.shoe", "history.burn"}
    for key, text in TEXT["en"].items():
        if "{n}" in text and not key.endswith(".one") and key not in not_counts:
            assert f"{key}.one" in TEXT["en"], key
