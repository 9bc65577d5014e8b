"""The side bets at the web table: an all-side-bets table on a laptop and a phone.

Each spot shows its name (core/explain's, in both languages), its paytable (the payouts
written here from the published paytables, not from the page's code) and its limits;
chips clamp at the side-bet maximum; a round settles every side bet and each spot shows
its result; on a phone the side bets are in the tray and the main spots and Deal stay in
view; axe-core finds no serious violation; screenshots go to test-artifacts/.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import SERVER_ENV
from test_web_one_screen import BETTING, LOCALES, SPOTS, VIEWPORTS, in_view, serious_violations
from test_web_table import api, deal, expect, finish, join_as_guest, money, open_table, place
from tests.server.live import live_server
from web_catalogue import TEXT, tr
from web_menu import choose

from puntobanco.core.explain import BET_NAMES
from puntobanco.core.rules import PRESETS, BetKind

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The default paytables, highest payout first, as a spot prints them ("to 1").
PAYS = {
    "dragon_bonus_player": "30/10/6/4/2/1:1",
    "dragon_bonus_banker": "30/10/6/4/2/1:1",
    "tiger": "20/12:1",
    "perfect_pair": "200/25:1",
    "tiger_pair": "100/20/4:1",
    "big": "0.54:1",
    "small": "1.5:1",
    "dragon_7": "40:1",
    "egalite_2": "220:1",
}
#: The round's bets: minor units per spot (the side bets' maximum is 100.00 by default).
STAKES = {
    "banker": 500,
    "dragon_bonus_player": 500,
    "dragon_bonus_banker": 500,
    "tiger": 500,
    "big": 500,
    "small": 500,
    "either_pair": 500,
}
#: The first Dragon Bonus leg after the natural push, in words.
MARGIN_9 = {
    "en": "Player wins, not a natural, by 9 points: 30:1",
    "es": "Gana el Jugador, no natural, por 9 puntos: 30:1",
}


@pytest.fixture(scope="module")
def side_bets_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose new players sit at an all-side-bets table."""
    tmp = tmp_path_factory.mktemp("web-side-bets")
    env = {
        **SERVER_ENV,
        "PUNTOBANCO_DEFAULT_PRESET": "all-side-bets",
        "PUNTOBANCO_TABLE_PRESETS": json.dumps(["punto-banco", "dragon-bonus", "all-side-bets"]),
    }
    with live_server(f"sqlite:///{tmp / 'table.sqlite3'}", **env) as (url, _process):
        yield url


def _spot(bet: str) -> str:
    return f'.spot[data-bet="{bet}"]'


def test_the_page_names_every_bet_as_core_explain_does() -> None:
    """The page reads the core's bet names, once: none of its own beside them."""
    assert set(PRESETS["all-side-bets"].offered_bets) == set(BetKind)  # the page shows them all
    for lang in ("en", "es"):
        for kind in BetKind:
            assert tr(lang, f"game.bet.{kind.value}") == BET_NAMES[lang][kind], kind
        own = {key for key in TEXT[lang] if key.startswith("bet.")}
        assert own == {"bet.total"}, own  # "Total bet" names no spot


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_a_side_bet_round(
    browser: Any, side_bets_url: str, artifacts: Path, screen: str, lang: str
) -> None:
    viewport = VIEWPORTS[screen]
    page = open_table(browser, side_bets_url, viewport=viewport, locale=LOCALES[lang])
    join_as_guest(page)
    table = api(page, "/api/table")
    assert table["rules"]["name"] == "all-side-bets"
    offered = table["rules"]["offered_bets"]
    side = [bet for bet in offered if bet not in ("player", "banker", "tie")]
    assert len(side) == 26
    phone = screen == "phone"
    if phone:  # the side bets wait in the tray, which says so
        expect(page.locator("#tray-toggle")).to_have_text(tr(lang, "tray.open"))
        assert page.is_hidden(_spot("dragon_bonus_player"))
        page.click("#tray-toggle")
    for bet in side:
        spot = _spot(bet)
        expect(page.locator(spot)).to_be_visible()
        assert page.text_content(f"{spot} .spot-name") == tr(lang, f"game.bet.{bet}")
        # Each side bet's limits are those of the side-bet maximum: 100.00, Tie's too.
        assert page.text_content(f"{spot} .spot-limits") == page.text_content(
            f"{_spot('tie')} .spot-limits"
        )
    for bet, pays in PAYS.items():
        expected = pays.replace(".", ",") if lang == "es" else pays
        assert page.text_content(f"{_spot(bet)} .spot-pays") == expected, bet

    # A chip that would pass the maximum (100.00) is placed as what fits, and the spot says MAX.
    place(page, "tiger_tie", 2_500, 5)
    assert page.get_attribute(_spot("tiger_tie"), "data-max") == "true"
    assert page.text_content("#bet-total") == money(10_000, lang)
    assert page.text_content("#message") == tr(
        lang, "err.max", name=tr(lang, "game.bet.tiger_tie"), max=money(10_000, lang)
    )
    if phone:
        page.click("#tray-toggle")
        expect(page.locator("#tray-toggle")).to_have_attribute("aria-expanded", "false")
    page.click("#clear")
    if phone:
        page.click("#tray-toggle")
        expect(page.locator("#tray-toggle")).to_have_attribute("aria-expanded", "true")
    for bet, stake in STAKES.items():
        if bet != "banker":
            place(page, bet, stake)
    if phone:
        page.click("#tray-toggle")  # the tray lies over the main spots: close it first
    place(page, "banker", STAKES["banker"])
    if phone:
        side_total = sum(v for k, v in STAKES.items() if k != "banker")
        expect(page.locator("#tray-toggle")).to_have_text(
            tr(lang, "tray.with", amount=money(side_total, lang))
        )
    for selector in BETTING + SPOTS:
        assert in_view(page, selector), selector
    assert page.evaluate("document.documentElement.scrollHeight") <= viewport["height"]

    rnd = deal(page)
    settled = {s["bet"]: s for s in rnd["settlement"]}
    assert set(settled) == set(STAKES)
    if phone:
        net = sum(s["payout_minor"] - s["stake_minor"] for b, s in settled.items() if b != "banker")
        shown = f"+{money(net, lang)}" if net > 0 else money(net, lang)
        expect(page.locator("#tray-toggle")).to_have_text(tr(lang, "tray.result", net=shown))
        page.click("#tray-toggle")
    for bet, s in settled.items():
        spot = _spot(bet)
        assert s["resolution"] in str(page.get_attribute(spot, "class")).split(), bet
        badge = page.text_content(f"{spot} .spot-result")
        if s["resolution"] == "win":
            assert badge == tr(lang, "res.win", amount=money(s["winnings_minor"], lang))
        else:
            assert badge == tr(lang, f"res.{s['resolution']}")
        assert in_view(page, spot) or not phone or bet == "banker", bet
    assert page.text_content("#balance") == money(rnd["balance_minor"], lang)
    # The house-edge panel (a cut-card shoe) has a row for every side bet, by its name.
    edges = api(page, "/api/shoe")["edges"]
    assert set(edges) == set(offered)
    for bet in side:
        row = f'#edge-table tr[data-bet="{bet}"] > :first-child'
        expect(page.locator(row)).to_have_text(tr(lang, f"game.bet.{bet}"))
    assert serious_violations(page) == [], "the table after a side-bet round"
    page.screenshot(path=str(artifacts / f"web-side-bets-{screen}-{lang}.png"))
    if phone:
        page.click("#tray-toggle")

    # The rules dialog has each side bet's whole paytable, in words.
    choose(page, "open-rules")
    page.wait_for_selector("#rules[open]")
    rows = page.locator("#rules-body tbody tr")
    names = [str(rows.nth(i).locator("th").text_content()) for i in range(rows.count())]
    row = rows.nth(names.index(tr(lang, "game.bet.dragon_bonus_player")))
    assert MARGIN_9[lang] in str(row.locator("td").first.text_content())
    assert serious_violations(page) == [], "the rules dialog"
    page.click("#rules .close-x")
    finish(page)
