"""Every text the page uses is in the catalogue, in English and Spanish, written once.

The page holds no words (static/js/i18n.js has no table): it reads them from
``GET /api/i18n/{lang}``, which serves the ``web.`` section and the other sections'
words the page shares (the core's bet and side names, a few of the terminal's). So
every key its scripts and its HTML name must be served, in both languages, with the
same placeholders, and no sentence of the ``web.`` section repeats one the catalogue
already has.
"""

from __future__ import annotations

import re

from web_catalogue import STATIC, TEXT

from puntobanco.core.i18n import CATALOGUE
from puntobanco.server.routers.i18n import PREFIX

SCRIPTS = sorted((STATIC / "js").glob("*.js"))
HTML = (STATIC / "index.html").read_text(encoding="utf-8")


def _js() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in SCRIPTS)


def used_keys() -> set[str]:
    """The keys named literally: ``t("...")``, ``data-i18n="..."``, ``data-i18n-aria="..."``."""
    used = set(re.findall(r'data-i18n(?:-aria)?="([\w.-]+)"', HTML))
    used |= set(re.findall(r'\bt\("([\w.-]+)"', _js()))
    return used


def message_keys() -> set[str]:
    """Keys handed to t() later, as data: ``{ key: "..." }`` messages, ``note("...")``, rows."""
    js = _js()
    found = set(re.findall(r'\bkey: "([\w.-]+)"', js))
    found |= set(re.findall(r'\bnote\("([\w.-]+)"\)', js))
    found |= set(re.findall(r'\["((?:stats|game\.side)\.[\w.-]+)",', js))
    found |= set(re.findall(r'return "((?:shoe|err)\.[\w.-]+)"', js))
    return found


def built_prefixes() -> set[str]:
    """The prefixes of keys built at run time: ``t(`bet.${bet}`)`` gives ``bet.``."""
    return set(re.findall(r"\bt\(`([\w.-]+\.)\$\{", _js()))


def test_the_page_has_no_table_of_its_own() -> None:
    i18n = (STATIC / "js" / "i18n.js").read_text(encoding="utf-8")
    assert "CATALOGUE" not in i18n
    # A table of its own would be key-value pairs written out in a script.
    assert not re.search(r'"[a-z_]+(?:\.[\w-]+)+":\s*"', _js())


def test_the_scan_finds_what_the_page_uses() -> None:
    # The greps above must find the page's keys, or the next test proves nothing.
    assert {"status.place", "action.deal", "play.title", "menu.label"} <= used_keys()
    assert {"err.max", "explain.off", "stats.rounds", "shoe.cut"} <= message_keys()
    assert {"game.bet.", "game.side.", "res.", "card.rank."} <= built_prefixes()


def test_every_key_the_page_uses_is_in_both_languages() -> None:
    for lang in ("en", "es"):
        missing = (used_keys() | message_keys()) - TEXT[lang].keys()
        assert missing == set(), (lang, sorted(missing))
        for prefix in built_prefixes():
            assert any(key.startswith(prefix) for key in TEXT[lang]), (lang, prefix)


def test_every_string_has_both_languages() -> None:
    assert TEXT["en"].keys() == TEXT["es"].keys()
    assert all(TEXT["es"][k].strip() for k in TEXT["es"])
    placeholders = {k: set(re.findall(r"\{(\w+)\}", v)) for k, v in TEXT["en"].items()}
    assert placeholders == {k: set(re.findall(r"\{(\w+)\}", v)) for k, v in TEXT["es"].items()}


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
    not_counts = {"history.round", "history.shoe", "history.burn"}
    for key, text in TEXT["en"].items():
        if f"{PREFIX}{key}" not in CATALOGUE["en"]:
            continue  # another section's key, under that section's rules
        if "{n}" in text and not key.endswith(".one") and key not in not_counts:
            assert f"{key}.one" in TEXT["en"], key


#: Pairs of the page's keys that read the same but mean different things, so that one may
#: change without the other: the felt's view tab and the label of the table chooser; the
#: Chemin de fer page's panel of the round just played and the terminal scoreboard's title
#: over its one most recent round ("Last round", "Última mano").
SAME_WORDS_OTHER_MEANING = {
    frozenset({"web.view.table", "web.rules.choose"}),
    frozenset({"web.chemin.last_round", "play.board.title_recent.one"}),
}


def test_no_sentence_of_the_page_is_written_twice() -> None:
    """A ``web.`` text equal, in both languages, to another key's is a copy to remove."""
    en, es = CATALOGUE["en"], CATALOGUE["es"]
    keys_by_text: dict[tuple[str, str], set[str]] = {}
    for key in en:
        keys_by_text.setdefault((en[key], es[key]), set()).add(key)
    copies = [
        keys
        for keys in keys_by_text.values()
        if len(keys) > 1
        and any(key.startswith(PREFIX) for key in keys)
        and frozenset(keys) not in SAME_WORDS_OTHER_MEANING
    ]
    assert copies == [], copies


def test_every_served_key_is_used() -> None:
    """The endpoint serves what the page needs, no more: each key is named in a script or the
    HTML (as a literal, or under a prefix the page builds keys from)."""
    source = _js() + HTML
    prefixes = built_prefixes() | {"preset.", "leg.pairs.", "leg.suited_pairs."}
    for lang in ("en", "es"):
        unused = {
            key
            for key in TEXT[lang]
            if f'"{key.removesuffix(".one")}"' not in source and not key.startswith(tuple(prefixes))
        }
        assert unused == set(), (lang, sorted(unused))


def test_the_wording_the_review_found() -> None:
    """Review L9: "1 puntos", a sentence of the Chemin de fer advice starting in lower case,
    "sabot" on one page and "zapato" on the other, "the bank of You (seat 0)", and a
    rounding note that did not say what was rounded."""
    from web_catalogue import tr

    assert (tr("en", "banque.points", n=1), tr("es", "banque.points", n=1)) == (
        "1 point",
        "1 punto",
    )
    assert tr("es", "banque.hand_result.tie", hand="X", n=1) == "X: 1 punto, empata con la banca."
    for lang in ("en", "es"):
        advice = CATALOGUE[lang]["chemin.play.advice_pure"]
        assert not re.search(r"\. \{other\}", advice), advice  # "{other}" is a lower-case word
        assert "{seat}" not in TEXT[lang]["chemin.outcome.you"]
        assert "{fraction}" in TEXT[lang]["banque.rounded"]
    assert "zapato" in TEXT["es"]["stats.cards"].lower() or any(
        "zapato" in text for text in TEXT["es"].values()
    )
    assert not [key for key, text in TEXT["es"].items() if "sabot" in text.lower()]
    assert (
        "comisión" in TEXT["es"]["banque.rounded"] and "commission" in TEXT["en"]["banque.rounded"]
    )
    assert "Redondeado de la comisión" not in TEXT["es"]["banque.rounded"]
