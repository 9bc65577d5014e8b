"""``GET /api/i18n/{lang}``: the web table's texts, from the one catalogue, cached by ETag.

The page's own section (``web.``) and the words it shares with the rest of the
catalogue (the core's bet and side names, a few of the terminal's), each once.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puntobanco.core.explain import BET_NAMES, SIDE_NAMES
from puntobanco.core.i18n import CATALOGUE, text
from puntobanco.core.rules import BetKind
from puntobanco.server.main import create_app
from puntobanco.server.routers.i18n import SHARED_KEYS
from tests.server.conftest import make_settings


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The app on a SQLite file (the texts touch no database: one app for the module)."""
    path: Path = tmp_path_factory.mktemp("i18n") / "i18n.sqlite3"
    with TestClient(create_app(make_settings(f"sqlite:///{path}"))) as client:
        yield client


@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_language_is_the_web_section_and_the_shared_words(web: TestClient, lang: str) -> None:
    answer = web.get(f"/api/i18n/{lang}")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/json")
    body = answer.json()
    assert body["lang"] == lang
    texts = body["texts"]
    catalogue = CATALOGUE[lang]
    # Every served template is the catalogue's, under the catalogue's key.
    assert all(catalogue[key] == value for key, value in texts.items())
    assert {k for k in catalogue if k.startswith("web.")} <= texts.keys()
    # The core's names, exactly as core.explain gives them, under their own keys.
    for kind in BetKind:
        assert texts[f"game.bet.{kind.value}"] == BET_NAMES[lang][kind]
    for side, name in SIDE_NAMES[lang].items():
        assert texts[f"game.side.{side}"] == name
    assert set(SHARED_KEYS) <= texts.keys()
    # The rest of the catalogue stays out: error sentences, the terminal's other words.
    assert "lang.refused" not in texts
    assert "game.error.no_bets" not in texts and "game.reason.natural" not in texts
    assert "play.goodbye" not in texts
    others = {k for k in texts if not k.startswith(("web.", "game.bet.", "game.side."))}
    assert {key.removesuffix(".one") for key in others} == set(SHARED_KEYS)


def test_the_page_has_no_copy_of_the_core_bet_names(web: TestClient) -> None:
    texts = web.get("/api/i18n/es").json()["texts"]
    assert [k for k in texts if k.startswith("web.bet.")] == ["web.bet.total"]
    assert not any(k.startswith("web.side.") for k in texts)


def test_the_two_languages_differ_where_they_should(web: TestClient) -> None:
    en = web.get("/api/i18n/en").json()["texts"]
    es = web.get("/api/i18n/es").json()["texts"]
    assert en.keys() == es.keys()
    assert en["web.action.clear"] == "Clear"
    assert es["web.action.clear"] == "Quitar fichas"
    assert es["web.result.net.win"].startswith("Usted gana")
    assert text("es", "web.rules.decks", count=1, n=1) == "1 baraja"


def test_strong_etag_and_a_304_for_a_current_copy(web: TestClient) -> None:
    first = web.get("/api/i18n/es")
    etag = first.headers["etag"]
    assert etag.startswith('"') and not etag.startswith("W/")
    assert first.headers["cache-control"] == "public, no-cache"
    again = web.get("/api/i18n/es", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.content == b""
    assert again.headers["etag"] == etag
    # A list of tags, and the weak form of the same tag, match too (RFC 9110).
    listed = web.get("/api/i18n/es", headers={"If-None-Match": f'"other", W/{etag}'})
    assert listed.status_code == 304
    stale = web.get("/api/i18n/es", headers={"If-None-Match": '"stale"'})
    assert stale.status_code == 200 and stale.json()["lang"] == "es"
    # Each language has its own tag.
    assert web.get("/api/i18n/en").headers["etag"] != etag
    assert web.get("/api/i18n/en", headers={"If-None-Match": etag}).status_code == 200


@pytest.mark.parametrize("lang", ["fr", "ES", "es-MX", "x" * 300])
def test_an_unknown_language_is_refused_in_the_error_contract(web: TestClient, lang: str) -> None:
    answer = web.get(f"/api/i18n/{lang}", headers={"Accept-Language": "es"})
    assert answer.status_code == 404
    assert answer.headers["cache-control"] == "no-store"
    error = answer.json()["error"]
    assert error["code"] == "unknown_language"
    shown = error["params"]["lang"]
    assert len(shown) <= 41
    assert error["message"] == text("es", "lang.refused", value=shown)
    assert error["messages"] == {
        "en": text("en", "lang.refused", value=shown),
        "es": text("es", "lang.refused", value=shown),
    }
    assert "en (English), es (español)" in error["message"]
