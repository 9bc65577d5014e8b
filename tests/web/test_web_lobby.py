"""The lobby of shared tables (issue 25): every table as a live tile, the filters, joining.

A server of this module's own deals two shared tables: ``salon`` (Punto Banco, 4 seconds of
betting, fast reveals, so that its road grows while the tests run) and ``dragon`` (Dragon
Bonus, a 5.00 minimum and 60 seconds of betting, so that its countdown is seen ticking; its
largest bettors turn the cards, the squeeze).
The tiles are checked against ``GET /api/tables``, the words against the catalogue, in
English and Spanish; the JavaScript port of the roads against ``core.roads.roads_json``.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_one_screen import serious_violations
from test_web_table import money
from tests.server.live import live_server
from web_catalogue import tr

from puntobanco.core.coup import Outcome
from puntobanco.core.roads import RoundMark, roads_json

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SHARED_TABLES = [
    {"id": "salon", "name": "Salón", "betting_seconds": 4, "reveal_ms": 200},
    {
        "id": "dragon",
        "name": "Dragon Bonus",
        "preset": "dragon-bonus",
        "minimum_minor": 500,
        "betting_seconds": 60,
        "reveal_ms": 200,
        "squeeze": True,
    },
]
LOCALES = {"en": "en-US", "es": "es-ES"}


@pytest.fixture(scope="module")
def shared_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server dealing :data:`SHARED_TABLES` on a SQLite file of its own.

    No other origin is allowed: the pages open their sockets as pages of the server's own
    origin (its WebSocket refused them before 1a6a510).
    """
    tmp = tmp_path_factory.mktemp("shared-web")
    with live_server(
        f"sqlite:///{tmp / 'shared.sqlite3'}",
        PUNTOBANCO_SHARED_TABLES=json.dumps(SHARED_TABLES),
        PUNTOBANCO_ACCESS_LOG="false",
    ) as (url, _process):
        yield url


def new_page(browser: Any, lang: str = "en", viewport: dict[str, int] | None = None) -> Any:
    """A page of a fresh browser context (its own cookies: its own player)."""
    context = browser.new_context(
        locale=LOCALES[lang],
        viewport=viewport or {"width": 1280, "height": 900},
        # Playwright's wait_for_function needs eval, which the pages' policy forbids.
        bypass_csp=True,
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    return page


def open_lobby(browser: Any, url: str, lang: str = "en", **kwargs: Any) -> Any:
    page = new_page(browser, lang, **kwargs)
    page.goto(f"{url}/lobby.html?lang={lang}")
    page.wait_for_selector("body[data-lobby=ready]", state="attached")
    return page


def lobby_api(page: Any, url: str) -> dict[str, Any]:
    """``GET /api/tables`` as the page's player."""
    response = page.request.get(f"{url}/api/tables")
    assert response.ok, response.text()
    body: dict[str, Any] = response.json()
    return body


def tile(page: Any, table: str) -> Any:
    return page.locator(f'.sh-tile[data-table="{table}"]')


def countdown(page: Any, table: str) -> int:
    return int(tile(page, table).locator(".sh-countdown").get_attribute("data-seconds") or 0)


def wait_polls(page: Any, more: int = 1) -> None:
    """Wait until the lobby has polled ``more`` more times."""
    now = int(page.get_attribute("body", "data-polls") or 0)
    page.wait_for_selector(f'body[data-polls="{now + more}"]', state="attached", timeout=10_000)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_lobby_shows_both_tables_live(
    browser: Any, shared_url: str, artifacts: Path, lang: str
) -> None:
    page = open_lobby(browser, shared_url, lang)
    assert page.text_content("#lobby-h1") == tr(lang, "shared.lobby.title")
    tables = {t["id"]: t for t in lobby_api(page, shared_url)["tables"]}
    assert set(tables) == {"salon", "dragon"}
    for table_id, table in tables.items():
        box = tile(page, table_id)
        assert box.locator("h3").text_content() == table["name"]
        assert box.locator(".sh-limits").text_content() == tr(
            lang,
            "shared.tile.limits",
            minimum=money(table["limits"]["minimum_minor"], lang),
            maximum=money(table["limits"]["maximum_minor"], lang),
        )
        assert box.locator(".sh-rules").text_content() == tr(
            lang, "shared.tile.rules", preset=tr(lang, f"preset.{table['preset']}")
        )
        # The commitment: shortened on the tile, the whole hash in its title and details.
        digest = table["shoe"]["server_seed_hash"]
        code = box.locator(".sh-hash code")
        assert code.text_content() == digest[:10] + "…"
        assert code.get_attribute("title") == digest
        assert digest in (box.locator(".sh-hash-full").text_content() or "")
    # Dragon's 60 seconds count down on the page between the lobby's answers.
    page.wait_for_function(
        "document.querySelector('.sh-tile[data-table=dragon] .sh-countdown').dataset.seconds > 0"
    )
    first = countdown(page, "dragon")
    text = tile(page, "dragon").locator(".sh-countdown").text_content()
    assert text == tr(lang, "shared.countdown", n=first)
    page.wait_for_timeout(2300)
    later = countdown(page, "dragon")
    # Down by about 2 seconds; or its round closed meanwhile (none shown while it deals), or
    # the next one opened.
    assert later in (first - 2, first - 3) or (first <= 3 and later == 0) or later > first, (
        first,
        later,
    )
    # The private tables, linked.
    hrefs = page.eval_on_selector_all(
        "#private-tiles a", "links => links.map(a => a.getAttribute('href'))"
    )
    assert hrefs == ["/", "/chemin.html", "/banque.html"]
    page.screenshot(path=str(artifacts / f"shared-lobby-{lang}.png"), full_page=True)
    assert page.js_errors == []
    page.context.close()


def test_a_tiles_road_grows_with_the_shoe(browser: Any, shared_url: str) -> None:
    page = open_lobby(browser, shared_url)
    # The salon settles a round every 6 seconds or so: wait for two in its road.
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        road = next(t for t in lobby_api(page, shared_url)["tables"] if t["id"] == "salon")
        if len(road["shoe"]["road"]) >= 2:
            break
        page.wait_for_timeout(500)
    wait_polls(page, 2)
    salon = next(t for t in lobby_api(page, shared_url)["tables"] if t["id"] == "salon")
    outcomes = salon["shoe"]["road"]
    box = tile(page, "salon")
    beads = box.locator('[data-road="bead"] .cell[data-outcome]')
    drawn = [beads.nth(i).get_attribute("data-outcome") for i in range(beads.count())]
    # The page may have polled once more than the request above: its road is as long or longer.
    assert drawn[: len(outcomes)] == outcomes
    # A ring on the Big Road for each win; ties only slash them.
    rings = box.locator('[data-road="big"] .cell[data-outcome]').count()
    assert rings == len([o for o in drawn if o != "tie"])
    assert page.js_errors == []
    page.context.close()


def test_the_filters(browser: Any, shared_url: str) -> None:
    page = open_lobby(browser, shared_url)
    assert page.locator(".sh-tile[data-table]").count() >= 2
    # The tiles are drawn again at each answer: a commitment opened stays open, and the
    # keyboard stays where it was.
    tile(page, "salon").locator(".sh-hash summary").click()
    wait_polls(page)
    assert tile(page, "salon").locator(".sh-hash").get_attribute("open") is not None
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
    page.focus('.sh-join[data-table="dragon"][data-role="seat"]')
    wait_polls(page)
    assert page.evaluate(
        "[document.activeElement.dataset.table, document.activeElement.dataset.role]"
    ) == ["dragon", "seat"]
    page.select_option("#filter-minimum", "100")
    assert tile(page, "salon").count() == 1 and tile(page, "dragon").count() == 0
    # The filter stays chosen through the lobby's next answers.
    wait_polls(page)
    assert tile(page, "dragon").count() == 0
    page.select_option("#filter-minimum", "")
    page.select_option("#filter-preset", "dragon-bonus")
    assert tile(page, "salon").count() == 0 and tile(page, "dragon").count() == 1
    page.select_option("#filter-minimum", "100")
    assert page.is_visible("#tiles-none")
    assert page.text_content("#tiles-none") == tr("en", "shared.lobby.none")
    page.context.close()


def test_joining_marks_where_you_sit(browser: Any, shared_url: str) -> None:
    page = open_lobby(browser, shared_url)
    page.click('.sh-join[data-table="dragon"][data-role="spectator"]')
    page.wait_for_url(re.compile(r"/shared\.html\?table=dragon$"))
    page.wait_for_selector("body[data-table=ready]", state="attached")
    tiles = {t["id"]: t for t in lobby_api(page, shared_url)["tables"]}
    assert {k: t["my_role"] for k, t in tiles.items()} == {"salon": None, "dragon": "spectator"}
    # The table's spots are the bets its rules offer, side bets included, each with its
    # payout written as the private table writes it.
    spots = page.eval_on_selector_all(".sh-spot", "spots => spots.map(s => s.dataset.bet)")
    assert spots == tiles["dragon"]["rules"]["offered_bets"]
    assert "dragon_bonus_player" in spots and "player_pair" in spots
    pays = {s: page.locator(f'.sh-spot[data-bet="{s}"] .spot-pays').text_content() for s in spots}
    assert pays == {
        "player": "1:1",
        "banker": "0.95:1",
        "tie": "8:1",
        "player_pair": "11:1",
        "banker_pair": "11:1",
        "dragon_bonus_player": "30/10/6/4/2/1:1",
        "dragon_bonus_banker": "30/10/6/4/2/1:1",
    }
    page.goto(f"{shared_url}/lobby.html")
    page.wait_for_selector("body[data-lobby=ready]", state="attached")
    assert tile(page, "dragon").get_attribute("data-mine") == "spectator"
    assert tile(page, "dragon").locator(".sh-you").text_content() == tr(
        "en", "shared.tile.you.spectator"
    )
    assert tile(page, "salon").locator(".sh-you").count() == 0
    # Only the squeeze table says that its largest bettors turn the cards.
    assert tile(page, "dragon").locator(".sh-squeeze-fact").text_content() == tr(
        "en", "shared.tile.squeeze"
    )
    assert tile(page, "salon").locator(".sh-squeeze-fact").count() == 0
    # Watching, he may still sit down; the link takes him back to the table.
    assert tile(page, "dragon").locator('.sh-join[data-role="seat"]').count() == 1
    assert tile(page, "dragon").locator(".sh-go").get_attribute("href") == (
        "/shared.html?table=dragon"
    )
    assert serious_violations(page) == []
    assert page.js_errors == []
    page.context.close()


def test_the_roads_port_agrees_with_the_core(browser: Any, shared_url: str) -> None:
    """js/shared-roads.js lays the roads out as core.roads.roads_json does, on random shoes."""
    page = open_lobby(browser, shared_url)
    chooser = random.Random(25)
    shoes = [[], ["tie"], ["tie", "tie", "banker"], ["banker"] * 9 + ["player"] * 8]
    shoes += [
        chooser.choices(["banker", "player", "tie"], weights=[46, 45, 9], k=chooser.randint(1, 80))
        for _ in range(40)
    ]
    ported = page.evaluate(
        """async (shoes) => {
            const { roadsFromOutcomes } = await import("/js/shared-roads.js");
            return shoes.map((outcomes) => roadsFromOutcomes(outcomes));
        }""",
        shoes,
    )
    for outcomes, port in zip(shoes, ported, strict=True):
        core = json.loads(json.dumps(roads_json([RoundMark(Outcome(o)) for o in outcomes])))
        assert port == core, outcomes
    page.context.close()
