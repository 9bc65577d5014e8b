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
