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
from test_web_one_screen import (
    BETTING,
    LOCALES,
    SPOTS,
    VIEWPORTS,
    boxes,
    in_view,
    overlaps,
    serious_violations,
)
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


#: Every table with side bets (other than the pairs alone) the operator may offer.
SIDE_BET_TABLES = ["ez-baccarat", "dragon-bonus", "tiger", "egalite", "all-side-bets"]


@pytest.fixture(scope="module")
def side_bets_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose new players sit at an all-side-bets table."""
    tmp = tmp_path_factory.mktemp("web-side-bets")
    env = {
        **SERVER_ENV,
        "PUNTOBANCO_DEFAULT_PRESET": "all-side-bets",
        "PUNTOBANCO_TABLE_PRESETS": json.dumps(["punto-banco", *SIDE_BET_TABLES]),
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


def _sit_at(page: Any, preset: str) -> None:
    """Choose the table ``preset`` through the API and reload the page at it."""
    base = page.url.split("/?")[0]
    chosen = page.request.put(
        f"{base}/api/table", data={"preset": preset}, headers={"X-Requested-With": "tests"}
    )
    assert chosen.ok, chosen.text()
    page.reload()
    page.wait_for_selector("body[data-table=ready]", state="attached")


def shown_whole(page: Any, selector: str) -> bool:
    """In the window, and what the player sees at its centre is the element itself (not a
    control, a toast or a scroll box's edge over it)."""
    if not in_view(page, selector):
        return False
    return bool(
        page.eval_on_selector(
            selector,
            """(e) => { const r = e.getBoundingClientRect();
                const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                const top = document.elementFromPoint(r.x + r.width / 2, r.y + 2);
                const foot = document.elementFromPoint(r.x + r.width / 2, r.bottom - 2);
                return [hit, top, foot].every((h) => h && e.contains(h)); }""",
        )
    )


def _one_screen(page: Any) -> None:
    """The controls bar is one row, the felt does not scroll, Player and Banker show whole."""
    chips, actions = boxes(page, ["#chips", ".actions"])
    assert abs((chips[1] + chips[3] / 2) - (actions[1] + actions[3] / 2)) < 8, (chips, actions)
    scroll = page.eval_on_selector(".felt", "(f) => [f.scrollHeight, f.clientHeight, f.scrollTop]")
    assert scroll[0] <= scroll[1] + 1 and scroll[2] == 0, scroll
    controls_top = boxes(page, [".controls"])[0][1]
    for bet in ("player", "banker"):
        assert shown_whole(page, _spot(bet)), bet
        box = boxes(page, [_spot(bet)])[0]
        assert box[1] + box[3] <= controls_top + 0.5, bet
    assert in_view(page, "#table-rules")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_side_bet_table_fits_a_laptop_in_one_row_of_controls(
    browser: Any, side_bets_url: str, artifacts: Path, lang: str
) -> None:
    """At 1280x720 the Spanish labels wrapped the controls to two rows and hid half of the
    Player and Banker spots at every side-bet table (review H2), before and after a round."""
    page = open_table(browser, side_bets_url, viewport=VIEWPORTS["laptop"], locale=LOCALES[lang])
    join_as_guest(page)
    for preset in SIDE_BET_TABLES:
        _sit_at(page, preset)
        place(page, "banker", 500)
        _one_screen(page)
        deal(page)
        _one_screen(page)
        page.screenshot(path=str(artifacts / f"web-one-row-{preset}-{lang}.png"))
    finish(page)


@pytest.mark.parametrize("screen", ["laptop", "desktop"])
@pytest.mark.parametrize("preset", ["egalite", "all-side-bets"])
def test_every_side_bet_is_in_sight_or_one_press_away(
    browser: Any, side_bets_url: str, artifacts: Path, preset: str, screen: str
) -> None:
    """The one-row strip hid Egalité 5 to 9 and 19 of the 24 side spots at all-side-bets with
    no sign of them (review M2): a spot the row cannot show is behind a button that says how
    many there are, and opens all of them, with their payouts, and their results after a round."""
    lang = "en"
    page = open_table(browser, side_bets_url, viewport=VIEWPORTS[screen], locale=LOCALES[lang])
    join_as_guest(page)
    _sit_at(page, preset)
    offered = api(page, "/api/table")["rules"]["offered_bets"]
    side = [b for b in offered if b not in ("player", "banker", "tie")]
    hidden = [b for b in side if not shown_whole(page, _spot(b))]
    assert hidden, "every side bet fits the row: this test checks nothing"
    toggle = page.locator("#tray-toggle")
    expect(toggle).to_be_visible()
    expect(toggle).to_have_text(tr(lang, "tray.more", count=len(side)))
    assert shown_whole(page, "#tray-toggle")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    for bet in side:
        assert shown_whole(page, _spot(bet)), bet
        assert page.text_content(f"{_spot(bet)} .spot-pays"), bet
    last = hidden[-1]
    place(page, last, 500)
    expect(toggle).to_have_attribute("aria-expanded", "true")
    place(page, "banker", 500)
    rnd = deal(page)  # the panel closes for the deal: the cards come in view
    settled = {s["bet"]: s for s in rnd["settlement"]}
    net = settled[last]["payout_minor"] - settled[last]["stake_minor"]
    expect(toggle).to_have_text(
        tr(lang, "tray.result", net=f"+{money(net, lang)}" if net > 0 else money(net, lang))
    )
    expect(toggle).to_have_attribute("aria-expanded", "false")
    for bet in ("player", "banker"):
        assert shown_whole(page, _spot(bet)), bet
    for card in page.locator(".felt .hands .card").all():
        assert card.is_visible()
    toggle.click()
    assert shown_whole(page, f"{_spot(last)} .spot-result")
    assert settled[last]["resolution"] in str(page.get_attribute(_spot(last), "class")).split()
    page.screenshot(path=str(artifacts / f"web-every-side-bet-{preset}-{screen}.png"))
    finish(page)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_ez_baccarat_says_a_three_card_banker_7_pushes(
    browser: Any, side_bets_url: str, screen: str, lang: str
) -> None:
    """EZ Baccarat's Banker spot and rules said only 1:1 (review M1): both now say that a
    Banker win with a three-card 7 pushes, from the push leg of the table's rules."""
    page = open_table(browser, side_bets_url, viewport=VIEWPORTS[screen], locale=LOCALES[lang])
    join_as_guest(page)
    _sit_at(page, "ez-baccarat")
    legs = api(page, "/api/table")["rules"]["bets"]["banker"]
    push = next(
        leg["when"]
        for leg in legs
        if leg["resolution"] == "push" and leg["when"]["outcome"] != "tie"
    )
    assert (push["winning_total"], push["winning_cards"]) == (7, 3)
    spot = tr(lang, "spot.push", total=7, cards=3)
    assert page.text_content(f"{_spot('banker')} .spot-pays") == f"1:1 · {spot}"
    assert shown_whole(page, f"{_spot('banker')} .spot-pays")
    when = ", ".join(
        [
            tr(lang, "play.paytable.banker"),
            tr(lang, "leg.winning_total", total=7),
            tr(lang, "leg.winning_cards", n=3),
        ]
    )
    when = when[0].upper() + when[1:]  # a leg's words start a sentence
    choose(page, "open-rules")
    page.wait_for_selector("#rules[open]")
    rows = page.locator("#rules-body tbody tr")
    names = [str(rows.nth(i).locator("th").text_content()) for i in range(rows.count())]
    row = rows.nth(names.index(tr(lang, "game.bet.banker")))
    assert row.locator("td").first.text_content() == f"1:1 · {tr(lang, 'leg.push', when=when)}"
    # The Player's spot, which no such leg touches, says only what it pays.
    assert page.text_content(f"{_spot('player')} .spot-pays") == "1:1"
    page.click("#rules .close-x")
    finish(page)


def test_the_phone_tray_is_opaque_and_its_badges_leave_the_names(
    browser: Any, side_bets_url: str, artifacts: Path
) -> None:
    """At 390x844 in Spanish the amount badge covered the spot's name ("Dragón 7" read
    "Dragón"), the tray let the spots under it show through, and the pairs were in big
    capitals beside small side spots (review L4)."""
    lang = "es"
    page = open_table(browser, side_bets_url, viewport=VIEWPORTS["phone"], locale=LOCALES[lang])
    join_as_guest(page)
    _sit_at(page, "all-side-bets")
    page.click("#tray-toggle")
    bets = ["dragon_7", "either_pair", "player_pair", "dragon_bonus_player"]
    for bet in bets:
        place(page, bet, 500)
    alpha = page.eval_on_selector(
        "#side-tray", r"(e) => getComputedStyle(e).backgroundColor.match(/[\d.]+/g)"
    )
    assert len(alpha) == 3 or float(alpha[3]) == 1.0, alpha
    for bet in bets:
        name, badge = boxes(page, [f"{_spot(bet)} .spot-name", f"{_spot(bet)} .spot-amount"])
        assert not overlaps(name, badge), bet
    style = "(e) => [getComputedStyle(e).fontSize, getComputedStyle(e).textTransform]"
    pair = page.eval_on_selector(f"{_spot('player_pair')} .spot-name", style)
    other = page.eval_on_selector(f"{_spot('dragon_7')} .spot-name", style)
    assert pair == other
    page.screenshot(path=str(artifacts / "web-phone-tray-es.png"))
    finish(page)
