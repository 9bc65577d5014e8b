"""The web table in Debian's Chromium, against a real server (see conftest.py).

Each test plays at a fresh guest's (or account's) table: full rounds, every error path of
issue 6, the language switch, the scoreboards, fairness and recall, keyboard use, and the
desktop and phone screenshots (test-artifacts/).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from pathlib import Path
from typing import Any

import pytest
from web_catalogue import tr
from web_menu import choose
from web_seed import TEST_SERVER_SEED

from puntobanco.core.coup import CoupResult, Outcome
from puntobanco.core.fairness import FairSource
from puntobanco.core.roads import (
    DerivedRoad,
    RoundMark,
    ask_hints,
    big_road,
    derived_road,
    roads_json,
)
from puntobanco.core.rules import PRESETS, ShoeMode
from puntobanco.core.shoe import Shoe

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1280, "height": 800}
TOP_UP_MINOR = 100_000  # app.js: what one press of "Add play money" adds
PHONE = {"width": 375, "height": 812}
#: The screens every point of the page is checked at, and a locale for each language.
SCREENS = {
    "phone": {"width": 390, "height": 844},
    "laptop": {"width": 1280, "height": 720},
    "desktop": {"width": 1440, "height": 900},
}
LOCALES = {"en": "en-US", "es": "es-ES"}
EVERY_SCREEN_AND_LANGUAGE = pytest.mark.parametrize(
    ("screen", "lang"), [(screen, lang) for screen in SCREENS for lang in LOCALES]
)


def money(minor: int, lang: str = "en") -> str:
    sign = "-" if minor < 0 else ""
    major, cents = divmod(abs(minor), 100)
    if lang == "es":
        return f"{sign}{major:,}".replace(",", ".") + f",{cents:02d}"
    return f"{sign}{major:,}.{cents:02d}"


# ------------------------------------------------------------------------- helpers


def open_table(
    browser: Any,
    url: str,
    *,
    viewport: dict[str, int] = DESKTOP,
    speed: int = 0,
    locale: str = "en-US",
) -> Any:
    # Playwright's wait_for_function evaluates its predicate with eval() in the page, which
    # the page's Content-Security-Policy forbids (no 'unsafe-eval'): these tests bypass the
    # policy; test_web_security.py plays under it, waiting without wait_for_function.
    context = browser.new_context(viewport=viewport, locale=locale, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors  # checked by finish()
    page.goto(f"{url}/?speed={speed}")
    # The page is ready for input once it has asked the server who is playing: the welcome
    # dialog opens (no session yet) or the table is set (a session cookie).
    page.wait_for_selector("#welcome[open], body[data-table=ready]", state="attached")
    return page


def join_as_guest(page: Any) -> None:
    page.click("#guest")
    page.wait_for_selector("body[data-table=ready]")


def finish(page: Any) -> None:
    assert page.js_errors == []
    page.context.close()


def api(page: Any, path: str) -> Any:
    response = page.request.get(page.url.split("/?")[0] + path)
    assert response.ok, response.text()
    return response.json()


def place(page: Any, bet: str, chip_minor: int, times: int = 1) -> None:
    page.click(f'.chips [data-value="{chip_minor}"]')
    for _ in range(times):
        page.click(f'.spot[data-bet="{bet}"]')


def on_spot(page: Any, bet: str) -> str:
    return str(page.text_content(f'.spot[data-bet="{bet}"] .spot-amount')).strip()


def deals_done(page: Any) -> int:
    return int(page.get_attribute("body", "data-deals") or 0)


def wait_deal(page: Any, before: int) -> None:
    page.wait_for_function(f"document.body.dataset.deals === '{before + 1}'")


def deal(page: Any) -> dict[str, Any]:
    before = deals_done(page)
    with page.expect_response(
        lambda r: r.url.split("?")[0].endswith("/api/rounds") and r.request.method == "POST"
    ) as info:
        page.click("#deal")
    wait_deal(page, before)
    assert info.value.status == 201, info.value.text()
    return dict(info.value.json())


def deal_refused(page: Any) -> None:
    """Deal, expect a refusal, and check that the balance was read again from the server."""
    before = deals_done(page)
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/api/me")):
        page.click("#deal")
    wait_deal(page, before)
    assert page.is_visible("#message")


def message(page: Any) -> str:
    return str(page.text_content("#message")).strip()


def expect(target: Any) -> Any:
    """Playwright's web-first assertions: each retries until it holds (or times out).

    Imported here, not at the top, so that a checkout without Playwright still collects
    these modules and skips their tests (see the ``browser`` fixture).
    """
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(target)


# ------------------------------------------------------------------------- a full round


def test_full_round_cards_one_at_a_time_in_deal_order(browser: Any, server_url: str) -> None:
    page = open_table(browser, server_url, speed=160)
    join_as_guest(page)
    me = api(page, "/api/me")
    assert page.text_content("#balance") == money(me["balance_minor"])
    # Record every card as it lands, with the time: the deal must be one card at a time.
    page.evaluate(
        """() => { window.__dealt = [];
        for (const side of ['player', 'banker']) {
          new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes)
            window.__dealt.push([side, n.dataset.code, performance.now()]); })
          .observe(document.getElementById('cards-' + side), { childList: true });
        } }"""
    )
    place(page, "player", 500, 2)
    place(page, "banker", 2500)
    assert (on_spot(page, "player"), on_spot(page, "banker")) == ("10.00", "25.00")
    page.click("#undo")
    assert on_spot(page, "banker") == ""
    place(page, "banker", 2500)
    assert tr("en", "status.placed", amount="35.00") == page.text_content("#status")

    rnd = deal(page)

    dealt = page.evaluate("window.__dealt")
    expected = [[e["side"], e["card"]["code"]] for e in rnd["events"] if e["kind"] == "card"]
    assert [d[:2] for d in dealt] == expected
    assert expected[:4] == [
        ["player", rnd["player_cards"][0]["code"]], ["banker", rnd["banker_cards"][0]["code"]],
        ["player", rnd["player_cards"][1]["code"]], ["banker", rnd["banker_cards"][1]["code"]],
    ]  # fmt: skip
    times = [d[2] for d in dealt]
    assert all(b - a > 100 for a, b in zip(times, times[1:], strict=False)), times
    for side in ("player", "banker"):
        codes = page.eval_on_selector_all(
            f"#cards-{side} .card", "ns => ns.map(n => n.dataset.code)"
        )
        assert codes == [c["code"] for c in rnd[f"{side}_cards"]]
        assert page.text_content(f"#total-{side}") == str(rnd[f"{side}_total"])
    p, b = rnd["player_total"], rnd["banker_total"]
    assert page.text_content("#call").startswith(tr("en", f"call.{rnd['outcome']}", p=p, b=b))
    for s in rnd["settlement"]:
        spot = f'.spot[data-bet="{s["bet"]}"]'
        assert s["resolution"] in str(page.get_attribute(spot, "class"))
        badge = page.text_content(f"{spot} .spot-result")
        if s["resolution"] == "win":
            assert badge == tr("en", "res.win", amount=money(s["winnings_minor"]))
        else:
            assert badge == tr("en", f"res.{s['resolution']}")
    assert page.text_content("#balance") == money(rnd["balance_minor"])
    assert api(page, "/api/me")["balance_minor"] == rnd["balance_minor"]
    assert rnd["balance_minor"] == me["balance_minor"] + rnd["net_minor"]

    # Rebet puts the same chips back, Double doubles them, Clear takes them all.
    page.click("#rebet")
    assert (on_spot(page, "player"), on_spot(page, "banker")) == ("10.00", "25.00")
    page.click("#double")
    assert (on_spot(page, "player"), on_spot(page, "banker")) == ("20.00", "50.00")
    second = deal(page)
    assert {s["bet"]: s["stake_minor"] for s in second["bets"]} == {"player": 2000, "banker": 5000}
    page.click("#rebet")
    page.click("#clear")
    assert (on_spot(page, "player"), on_spot(page, "banker")) == ("", "")
    finish(page)


# ------------------------------------------------------------------------- errors


def test_every_error_keeps_the_chips_and_rereads_the_balance(browser: Any, server_url: str) -> None:
    page = open_table(browser, server_url)
    join_as_guest(page)
    balance = api(page, "/api/me")["balance_minor"]
    table = api(page, "/api/table")
    assert table["limits"]["minimum_minor"] == 200

    # No chips at all: the page says so without asking the server (the press still counts).
    before = deals_done(page)
    page.click("#deal")
    wait_deal(page, before)
    assert message(page) == tr("en", "err.no_bets")
    assert page.text_content("#balance") == money(balance)

    # Under the minimum: a 1.00 chip at a 2.00 table. The page leaves the minimum to the
    # server, which refuses; the balance shown is what is left beside the chip on the table.
    place(page, "player", 100)
    deal_refused(page)
    assert "minimum" in message(page) and money(200) in message(page)
    assert on_spot(page, "player") == "1.00"
    assert page.text_content("#balance") == money(balance - 100)
    assert page.text_content("#bet-total") == money(100)

    # Over the maximum: the fifth 25.00 chip on a Tie capped at 100.00 is not placed; the
    # spot shows MAX, and a message says why.
    page.click("#clear")
    assert page.text_content("#balance") == money(balance)
    place(page, "tie", 2500, 5)
    assert on_spot(page, "tie") == "100.00"
    expect(page.locator('.spot[data-bet="tie"] .spot-max')).to_have_text(tr("en", "spot.max"))
    assert message(page) == tr("en", "err.max", name="Tie", max=money(10_000))
    # A chip larger than what is left under the maximum is placed as what fits.
    page.click("#clear")
    place(page, "tie", 2500, 3)
    place(page, "tie", 10000)
    assert on_spot(page, "tie") == "100.00"
    # Double checks the limits first: it would take the Tie over its maximum.
    page.click("#double")
    assert message(page) == tr("en", "err.double_max", name="Tie", max=money(10_000))
    assert on_spot(page, "tie") == "100.00"

    # Over the balance: once the chips on the table reach the balance, every chip is off
    # and the balance shown is nil.
    assert balance < 110_000, "the test assumes the default play-money grant"
    page.click("#clear")
    place(page, "player", 50000)
    place(page, "banker", 50000)
    assert page.text_content("#balance") == money(balance - 100_000)
    left = balance - 100_000
    for value in (100, 500, 2500, 10000, 50000):
        chip = page.locator(f'.chips [data-value="{value}"]')
        assert chip.is_disabled() == (value > left), value
    if left < 100:
        page.click('.spot[data-bet="tie"]')
        assert message(page) == tr("en", "err.balance_left")
        assert on_spot(page, "tie") == ""
    # Double checks the balance first: twice 550.00 is more than it.
    page.click("#clear")
    for bet in ("player", "banker"):
        place(page, bet, 10000, 2)
        place(page, bet, 2500, 2)
    place(page, "tie", 2500, 2)
    page.click("#double")
    assert message(page) == tr("en", "err.double_balance", amount=money(110_000))
    assert [on_spot(page, b) for b in ("player", "banker", "tie")] == ["250.00", "250.00", "50.00"]

    # A lost connection, then a server error: the chips stay; the retry uses the same key.
    page.click("#clear")
    place(page, "banker", 500, 2)
    keys: list[str] = []
    page.on(
        "request",
        lambda r: (
            keys.append(r.headers.get("idempotency-key", ""))
            if r.url.split("?")[0].endswith("/api/rounds") and r.method == "POST"
            else None
        ),
    )
    page.route("**/api/rounds*", lambda route: route.abort("internetdisconnected"))
    before = deals_done(page)
    page.click("#deal")
    wait_deal(page, before)
    assert message(page) == tr("en", "err.offline")
    assert on_spot(page, "banker") == "10.00"

    page.unroute("**/api/rounds*")
    page.route(
        "**/api/rounds*",
        lambda route: route.fulfill(
            status=500,
            content_type="application/json",
            body='{"error": {"code": "internal", "message": "boom", "params": {}}}',
        ),
    )
    deal_refused(page)
    assert message(page) == tr("en", "err.server", status=500)
    assert on_spot(page, "banker") == "10.00"
    assert page.text_content("#balance") == money(balance - 1000)
    assert api(page, "/api/me")["balance_minor"] == balance

    page.unroute("**/api/rounds*")
    rnd = deal(page)
    assert {s["bet"]: s["stake_minor"] for s in rnd["bets"]} == {"banker": 1000}
    # Retries after a lost connection or a server error reuse the key: never charged twice.
    assert len(keys) == 3 and keys[0] == keys[1] == keys[2] != "", keys
    assert page.text_content("#balance") == money(balance + rnd["net_minor"])
    finish(page)


def _round_posts(page: Any) -> list[str]:
    """The Idempotency-Key of every POST /api/rounds the page sends from now on."""
    keys: list[str] = []
    page.on(
        "request",
        lambda r: (
            keys.append(r.headers.get("idempotency-key", ""))
            if r.url.split("?")[0].endswith("/api/rounds") and r.method == "POST"
            else None
        ),
    )
    return keys


def test_a_round_dealt_while_offline_is_shown_when_the_bets_change(
    browser: Any, server_url: str
) -> None:
    page = open_table(browser, server_url)
    join_as_guest(page)
    balance = api(page, "/api/me")["balance_minor"]
    place(page, "banker", 500, 2)
    keys = _round_posts(page)

    def lose_the_answer(route: Any) -> None:
        if route.request.method != "POST":
            return route.continue_()
        route.fetch()  # the server deals the round...
        return route.abort("internetdisconnected")  # ...and the page never hears of it

    page.route("**/api/rounds*", lose_the_answer)
    before = deals_done(page)
    page.click("#deal")
    wait_deal(page, before)
    assert message(page) == tr("en", "err.offline")
    page.unroute("**/api/rounds*")
    dealt = api(page, "/api/rounds?limit=1")["rounds"][0]
    assert {b["bet"]: b["stake_minor"] for b in dealt["bets"]} == {"banker": 1000}

    # The player changes the bets (so the old key is gone) and deals: the page first shows
    # the round the server dealt, re-reads the balance, and bets nothing new yet.
    page.click("#clear")
    place(page, "player", 500)
    before = deals_done(page)
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/api/me")):
        page.click("#deal")
    wait_deal(page, before)
    assert message(page) == tr("en", "err.dealt_offline.chips", amount=money(1000))
    for side in ("player", "banker"):
        codes = page.eval_on_selector_all(
            f"#cards-{side} .card", "ns => ns.map(n => n.dataset.code)"
        )
        assert codes == [c["code"] for c in dealt[f"{side}_cards"]]
    # The balance shown is the server's, less the chips still on the table.
    assert page.text_content("#balance") == money(balance + dealt["net_minor"] - 500)
    assert page.text_content("#bet-total") == money(500)
    assert on_spot(page, "player") == "5.00"
    assert len(keys) == 1
    assert api(page, "/api/rounds?limit=1")["rounds"][0]["id"] == dealt["id"]

    # Deal again: the new bets, under a new key.
    rnd = deal(page)
    assert {b["bet"]: b["stake_minor"] for b in rnd["bets"]} == {"player": 500}
    assert len(keys) == 2 and keys[1] != keys[0]
    assert page.text_content("#balance") == money(balance + dealt["net_minor"] + rnd["net_minor"])
    finish(page)


def test_back_online_the_page_shows_a_round_dealt_while_offline(
    browser: Any, server_url: str
) -> None:
    page = open_table(browser, server_url)
    join_as_guest(page)
    balance = api(page, "/api/me")["balance_minor"]
    place(page, "player", 500)
    keys = _round_posts(page)
    page.route(
        "**/api/rounds*",
        lambda route: (
            (route.fetch(), route.abort("internetdisconnected"))
            if route.request.method == "POST"
            else route.continue_()
        ),
    )
    before = deals_done(page)
    page.click("#deal")
    wait_deal(page, before)
    assert message(page) == tr("en", "err.offline")
    page.unroute("**/api/rounds*")
    dealt = api(page, "/api/rounds?limit=1")["rounds"][0]
    # The browser goes offline and back: the page asks, and shows the round it missed. The
    # chips on the table were that round's: they are gone, and Rebet brings them back.
    page.context.set_offline(True)
    page.context.set_offline(False)
    page.wait_for_selector("#message[data-tone=info]")
    assert message(page) == tr("en", "err.dealt_offline", amount=money(500))
    assert page.text_content("#balance") == money(balance + dealt["net_minor"])
    assert on_spot(page, "player") == money(500)  # shown with its result, not on the table
    assert "has-bet" in str(page.get_attribute('.spot[data-bet="player"]', "class"))
    assert page.text_content("#status") == tr("en", "status.place")
    # The scoreboard shows it too: this guest's first round of the shoe is its one bead.
    beads = page.eval_on_selector_all(
        "#road-bead .cell[data-outcome]", "ns => ns.map(n => n.dataset.outcome)"
    )
    assert beads == [dealt["outcome"]]
    page.click("#rebet")
    rnd = deal(page)
    assert len(keys) == 2 and keys[1] != keys[0]
    assert rnd["id"] != dealt["id"]
    finish(page)


def test_changing_the_table_after_a_lost_deal_sends_a_new_key(
    browser: Any, server_url: str
) -> None:
    page = open_table(browser, server_url)
    join_as_guest(page)
    if "punto-banco-pairs" not in api(page, "/api/table").get("presets", []):
        pytest.skip("this server offers no table with pair bets")

    def switch_to(preset: str) -> None:
        choose(page, "open-rules")
        with page.expect_response(lambda r: r.url.split("?")[0].endswith("/api/shoe")):
            page.select_option("#preset-select", preset)
        page.keyboard.press("Escape")

    switch_to("punto-banco-pairs")
    place(page, "banker", 500)
    place(page, "player_pair", 500)
    keys = _round_posts(page)
    page.route(
        "**/api/rounds*",
        lambda route: (
            route.abort("internetdisconnected")
            if route.request.method == "POST"
            else route.continue_()
        ),
    )
    before = deals_done(page)
    page.click("#deal")
    wait_deal(page, before)
    assert message(page) == tr("en", "err.offline")
    page.unroute("**/api/rounds*")
    # A table without pair bets takes the pair chips off: other bets, so a new request.
    switch_to("punto-banco")
    # The page draws the new table once it has read the new shoe: after that response.
    page.wait_for_selector('.spot[data-bet="player_pair"]', state="hidden")
    rnd = deal(page)
    assert {b["bet"]: b["stake_minor"] for b in rnd["bets"]} == {"banker": 500}
    assert len(keys) == 2 and keys[1] != keys[0], keys
    finish(page)


# ------------------------------------------------------------------------- languages


@pytest.mark.parametrize(
    "path", ["/?speed=0&lang=es", "/chemin.html?lang=es", "/banque.html?lang=es"]
)
def test_lang_in_the_address_is_the_pages_language(
    browser: Any, server_url: str, path: str
) -> None:
    """An English browser ignored ?lang=es, which the API honours (review L12); a browser
    whose languages list Spanish first is Spanish, whatever its first tag's region."""
    context = browser.new_context(locale="en-US", bypass_csp=True)
    page = context.new_page()
    page.goto(f"{server_url}{path}")
    page.wait_for_function("document.documentElement.lang === 'es'")
    assert "lang=" not in page.url  # taken once: a later switch survives a reload
    context.close()
    context = browser.new_context(locale="es-MX", bypass_csp=True)
    page = context.new_page()
    page.goto(f"{server_url}/?speed=0")
    page.wait_for_selector("#welcome[open]")
    assert page.get_attribute("html", "lang") == "es"
    context.close()


def test_language_switch_is_remembered_and_errors_follow_it(browser: Any, server_url: str) -> None:
    page = open_table(browser, server_url)
    assert page.get_attribute("html", "lang") == "en"
    join_as_guest(page)
    assert page.text_content("#deal") == "Deal"
    page.click("#lang")
    assert page.get_attribute("html", "lang") == "es"
    assert page.text_content("#deal") == tr("es", "action.deal") == "Repartir"
    assert page.text_content('.spot[data-bet="banker"] .spot-name') == "Banca"
    assert page.text_content("#roads-title") == tr("es", "roads.title")
    balance = api(page, "/api/me")["balance_minor"]
    assert page.text_content("#balance") == money(balance, "es")

    place(page, "tie", 2500, 5)  # the fifth chip would pass the Tie's maximum
    assert "máximo" in message(page) and money(10_000, "es") in message(page)
    page.click("#clear")
    page.check("#explain-toggle")
    place(page, "player", 500)
    rnd = deal(page)
    assert tr("es", f"call.{rnd['outcome']}", p=rnd["player_total"], b=rnd["banker_total"]) in (
        page.text_content("#call") or ""
    )

    page.reload()
    page.wait_for_selector("body[data-table=ready]")
    assert page.get_attribute("html", "lang") == "es"
    assert page.text_content("#deal") == "Repartir"
    # The explanation comes from the server in Spanish too.
    events = page.eval_on_selector_all("#events li.event", "ns => ns.map(n => n.textContent)")
    es_round = api(page, f"/api/rounds/{rnd['id']}?lang=es")
    assert events == [e["text"] for e in es_round["events"]]
    page.click("#lang")
    assert page.text_content("#deal") == "Deal"
    page.wait_for_function(
        "document.querySelector('#events li.event') &&"
        " document.querySelector('#events li.event').textContent.startsWith('Player')"
    )
    finish(page)


# ------------------------------------------------------------------------- scoreboards


def _marks(rounds: list[dict[str, Any]]) -> list[RoundMark]:
    return [
        RoundMark(
            Outcome(r["outcome"]),
            player_pair=r["player_pair"],
            banker_pair=r["banker_pair"],
            natural=r["natural"],
        )
        for r in rounds
    ]


def _derived_cells(
    page: Any, marks: list[RoundMark], road: DerivedRoad
) -> tuple[list[list[Any]], list[list[Any]]]:
    """A derived road's cells as the page draws them and as core.roads has them, sorted."""
    got = page.eval_on_selector_all(
        f"#road-{road.key} .cell[data-col]",
        "ns => ns.map(n => [+n.dataset.col, +n.dataset.row, n.dataset.colour])",
    )
    want = [
        [c, r, colour.value]
        for c, column in enumerate(derived_road(marks, road))
        for r, colour in enumerate(column)
        if colour is not None
    ]
    return sorted(got), sorted(want)


def _check_scoreboards(
    page: Any, marks: list[RoundMark], cards_remaining: int, lang: str = "en"
) -> None:
    """The page's boards, ask hints and statistics are core.roads' for ``marks``."""
    bead = page.eval_on_selector_all(
        "#road-bead .cell[data-outcome]", "ns => ns.map(n => n.dataset.outcome)"
    )
    assert bead == [m.outcome.value for m in marks]
    got_big = page.eval_on_selector_all(
        "#road-big .cell[data-col]",
        "ns => ns.map(n => [+n.dataset.col, +n.dataset.row, n.dataset.outcome || null,"
        " +(n.dataset.ties || 0)])",
    )
    want_big = [
        [c, r, None if cell.outcome is None else cell.outcome.value, cell.ties]
        for c, column in enumerate(big_road(marks))
        for r, cell in enumerate(column)
        if cell is not None
    ]
    assert sorted(got_big) == sorted(want_big)
    for road in DerivedRoad:
        got, want = _derived_cells(page, marks, road)
        assert got == want, road
    hints = ask_hints(marks)
    for side in ("banker", "player"):
        got_ask = page.eval_on_selector_all(
            f".ask-{side} .mark", "ns => ns.map(n => [n.dataset.road, n.dataset.colour])"
        )
        want_ask = []
        for road in DerivedRoad:
            colour = getattr(hints[road], side)
            want_ask.append([road.key, "" if colour is None else colour.value])
        assert got_ask == want_ask
    stats = dict(
        zip(
            page.eval_on_selector_all("#stats dt", "ns => ns.map(n => n.textContent)"),
            page.eval_on_selector_all("#stats dd", "ns => ns.map(n => n.firstChild.textContent)"),
            strict=True,
        )
    )
    count = {o: sum(m.outcome.value == o for m in marks) for o in ("banker", "player", "tie")}
    assert stats[tr(lang, "stats.rounds")] == str(len(marks))
    assert stats[tr(lang, "game.side.banker")] == str(count["banker"])
    assert stats[tr(lang, "game.side.player")] == str(count["player"])
    assert stats[tr(lang, "game.side.tie")] == str(count["tie"])
    assert stats[tr(lang, "stats.naturals")] == str(sum(m.natural for m in marks))
    assert stats[tr(lang, "stats.player_pairs")] == str(sum(m.player_pair for m in marks))
    assert stats[tr(lang, "stats.banker_pairs")] == str(sum(m.banker_pair for m in marks))
    assert stats[tr(lang, "stats.cards")] == str(cards_remaining)


@pytest.mark.parametrize("lang", list(LOCALES))
def test_scoreboards_follow_a_seeded_cut_card_shoe(
    browser: Any, seeded_server_url: str, artifacts: Path, lang: str
) -> None:
    """A whole cut-card shoe, known in advance, played through the page.

    The server's seed is fixed (PUNTOBANCO_TEST_SERVER_SEED), so the core alone (Shoe and
    FairSource from the seed the page was shown) says every card of the shoe; the page's
    cards and scoreboards must be what core.roads makes of them, round after round, and
    the boards start again with the next shoe.
    """
    page = open_table(browser, seeded_server_url, locale=LOCALES[lang])
    join_as_guest(page)
    table = api(page, "/api/table")
    rules = PRESETS[table["rules"]["name"]]
    assert rules.shoe_mode is ShoeMode.CUT_CARD
    fair = table["fairness"]
    assert fair["server_seed_hash"] == hashlib.sha256(TEST_SERVER_SEED).hexdigest()
    shoe = Shoe(rules, FairSource(TEST_SERVER_SEED, fair["client_seed"], fair["nonce"]))
    coups: list[CoupResult] = []
    remaining: list[int] = []  # cards left in the shoe after each coup
    while not coups or not coups[-1].last_in_shoe:
        coups.append(shoe.deal_coup())
        remaining.append(rules.decks * 52 - shoe.position)
    next_shoe = shoe.deal_coup()
    next_remaining = rules.decks * 52 - shoe.position
    marks = [RoundMark.of(coup) for coup in coups]
    assert 40 < len(coups) < 100 and marks  # a real shoe, not a handful of rounds

    news = page.locator("#shoe-news")
    # A new guest's table: a new shoe, not dealt from yet.
    expect(news).to_have_text(tr(lang, "shoe.new"))
    expect(page.locator("#stats")).to_have_attribute("data-shoe", "0")
    place(page, "banker", 500)
    last = len(coups) - 1
    for i, coup in enumerate([*coups, next_shoe]):
        if i:
            page.click("#rebet")
        rnd = deal(page)
        assert [c["code"] for c in rnd["cards"]] == [c.code for c in coup.cards], i
        for side in ("player", "banker"):
            codes = page.eval_on_selector_all(
                f"#cards-{side} .card", "ns => ns.map(n => n.dataset.code)"
            )
            assert codes == [c.code for c in getattr(coup, f"{side}_cards")], (i, side)
        if i % 8 == 0 or i >= last - 2:
            if i < last - 1:  # the cut card is still in the shoe
                expect(news).to_be_hidden()
                _check_scoreboards(page, marks[: i + 1], remaining[i], lang)
            elif i == last - 1:  # the cut card came out in this hand: the next is the last
                expect(news).to_have_text(tr(lang, "shoe.cut"))
                _check_scoreboards(page, marks[: i + 1], remaining[i], lang)
            elif i == last:
                # The last hand: the whole shoe stays on the boards, with the cards it left
                # behind the cut card, no edges; a new shoe is announced.
                expect(news).to_have_text(tr(lang, "shoe.finished"))
                expect(page.locator("#stats")).to_have_attribute("data-finished", "true")
                expect(page.locator("#edge-panel")).to_be_hidden()
                _check_scoreboards(page, marks, remaining[i], lang)
                other = "en" if lang == "es" else "es"
                page.click("#lang")
                expect(news).to_have_text(tr(other, "shoe.finished"))
                page.click("#lang")
            else:  # the next shoe's first hand: the burn, and the boards start again
                expect(news).to_be_hidden()
                expect(page.locator("#burn")).to_be_visible()
                assert rnd["shoe"]["burn"] is not None and rnd["shoe"]["index"] == 1
                expect(page.locator("#stats")).to_have_attribute("data-shoe", "1")
                expect(page.locator("#stats")).to_have_attribute("data-finished", "false")
                _check_scoreboards(page, [RoundMark.of(next_shoe)], next_remaining, lang)
        if i == len(coups) - 2:
            page.locator(".roads").screenshot(path=str(artifacts / f"web-scoreboards-{lang}.png"))
            # A board scrolled to its newest marks starts at a whole cell (review L5: the
            # leftmost column was cut mid-cell).
            cuts = page.eval_on_selector_all(
                ".roads .grid",
                """gs => gs.filter(g => g.scrollLeft > 0).map(g => {
                    const size = g.firstChild.getBoundingClientRect().width;
                    const off = g.scrollLeft / size;
                    return [g.id, Math.abs(off - Math.round(off)) * size];
                }).filter(([, px]) => px > 1)""",
            )
            assert cuts == []
            scrolled = page.eval_on_selector_all(
                ".roads .grid", "gs => gs.filter(g => g.scrollLeft > 0).length"
            )
            assert scrolled > 0, "no board scrolled: the check above checked nothing"
            # A cut-card shoe: the exact house edge of each bet, as the server computed it
            # (null while the exact-odds analyzer is not installed: no panel then).
            edges = api(page, "/api/shoe")["edges"]
            assert page.is_visible("#edge-panel") == (edges is not None)
            if edges is not None:
                rows = page.eval_on_selector_all(
                    "#edge-table tbody tr",
                    "ns => ns.map(n => [n.dataset.bet, n.dataset.exact])",
                )
                assert rows == [[bet, edge["exact"]] for bet, edge in edges.items()]
    finish(page)


def _stats(page: Any) -> dict[str, str]:
    # Both lists in one evaluation: two would let the page redraw the panel in between.
    terms, values = page.evaluate(
        """() => [
            [...document.querySelectorAll("#stats dt")].map((n) => n.textContent),
            [...document.querySelectorAll("#stats dd")].map((n) => n.firstChild.textContent),
        ]"""
    )
    return dict(zip(terms, values, strict=True))


def _expect_new_shoe(page: Any, shoe_id: int | None, cards: int | None, lang: str = "en") -> None:
    """The page shows a new shoe with no rounds: empty boards and statistics, announced.

    ``cards`` is None at a reshuffle-every-round table (where every round is a shoe, and
    ``shoe_id`` the last round's).
    """
    if shoe_id is not None:
        expect(page.locator("#stats")).to_have_attribute("data-shoe", str(shoe_id))
    else:
        # No shoe number to wait for: wait for the count of cards left to go (the panel of
        # the table before, also empty, may still be on the page when the answer arrives).
        cards_left = page.locator("#stats dt").filter(has_text=tr(lang, "stats.cards"))
        expect(cards_left).to_have_count(0)
    expect(page.locator("#road-bead .cell[data-outcome]")).to_have_count(0)
    expect(page.locator("#road-big .cell[data-outcome]")).to_have_count(0)
    expect(page.locator("#stats .stat-rounds dd")).to_have_text("0")
    stats = _stats(page)
    assert stats[tr(lang, "game.side.banker")] == stats[tr(lang, "game.side.player")] == "0"
    if cards is None:  # a reshuffle-every-round table: no count of cards left
        assert tr(lang, "stats.cards") not in stats
        expect(page.locator("#shoe-news")).to_be_hidden()
    else:
        assert stats[tr(lang, "stats.cards")] == str(cards)
        expect(page.locator("#shoe-news")).to_have_text(tr(lang, "shoe.new"))


def _play(page: Any, rounds: int) -> list[dict[str, Any]]:
    played = []
    for i in range(rounds):
        if i:
            page.click("#rebet")
        played.append(deal(page))
    expect(page.locator("#stats .stat-rounds dd")).to_have_text(str(rounds))
    return played


@EVERY_SCREEN_AND_LANGUAGE
def test_a_table_switch_shows_a_new_shoe(
    browser: Any, server_url: str, screen: str, lang: str
) -> None:
    page = open_table(browser, server_url, viewport=SCREENS[screen], locale=LOCALES[lang])
    join_as_guest(page)
    place(page, "player", 500)
    first = _play(page, 2)
    shoe_id = first[0]["shoe"]["index"]
    assert tr(lang, "stats.cards") in _stats(page)
    choose(page, "open-rules")
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/api/shoe")):
        page.select_option("#preset-select", "punto-banco-6")
    _expect_new_shoe(page, shoe_id + 1, 312, lang)
    # A reload brought back the other table's last hand under these rules (review M6).
    page.reload()
    page.wait_for_selector("body[data-table=ready]", state="attached")
    expect(page.locator("#cards-player .card")).to_have_count(0)
    expect(page.locator("#cards-banker .card")).to_have_count(0)
    expect(page.locator("#call")).to_have_text("")
    choose(page, "open-rules")
    # A reshuffle-every-round table: every hand comes from a full shoe, so no "Cards left".
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/api/shoe")):
        page.select_option("#preset-select", "online")
    page.keyboard.press("Escape")
    _expect_new_shoe(page, None, None, lang)
    page.click("#rebet")
    online = _play(page, 2)
    assert tr(lang, "stats.cards") not in _stats(page)
    assert api(page, "/api/shoe")["cards_remaining"] == 312
    # This table's own last hand does come back.
    page.reload()
    page.wait_for_selector("body[data-table=ready]", state="attached")
    codes = page.locator("#cards-player .card").evaluate_all(
        "(cs) => cs.map((c) => c.dataset.code)"
    )
    assert codes == [c["code"] for c in online[-1]["player_cards"]]
    finish(page)


@pytest.mark.parametrize(
    ("change", "screen", "lang"),
    [("rotate", screen, lang) for screen in SCREENS for lang in LOCALES]
    + [("client-seed", "desktop", "es"), ("client-seed", "phone", "en")],
)
def test_a_new_seed_shows_a_new_shoe(
    browser: Any, server_url: str, change: str, screen: str, lang: str
) -> None:
    page = open_table(browser, server_url, viewport=SCREENS[screen], locale=LOCALES[lang])
    join_as_guest(page)
    place(page, "banker", 500)
    played = _play(page, 2)
    choose(page, "open-fairness")
    page.wait_for_function("document.getElementById('fair-hash').textContent.length === 64")
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/api/shoe")):
        if change == "rotate":
            page.click("#fair-rotate")
        else:
            page.fill("#fair-client", "a-new-client-seed")
            page.click("#fair-set")
    _expect_new_shoe(page, played[0]["shoe"]["index"] + 1, 416, lang)
    page.keyboard.press("Escape")
    page.click("#rebet")
    rnd = deal(page)
    assert rnd["shoe"]["index"] == played[0]["shoe"]["index"] + 1 and rnd["shoe"]["burn"]
    expect(page.locator("#stats .stat-rounds dd")).to_have_text("1")
    expect(page.locator("#shoe-news")).to_be_hidden()
    finish(page)


# ------------------------------------------------------------------------- accounts, fairness


def test_accounts_history_and_fairness(browser: Any, server_url: str, artifacts: Path) -> None:
    page = open_table(browser, server_url)
    name, password = f"alice{secrets.token_hex(3)}", "correct horse battery"
    page.fill("#auth-user", name)
    page.fill("#auth-pass", password)
    page.click("#register")
    page.wait_for_selector("body[data-table=ready]")
    assert page.text_content("#username") == name
    choose(page, "logout")
    page.wait_for_selector("#welcome[open]")
    page.fill("#auth-user", name)
    page.fill("#auth-pass", "wrong password!")
    page.click("#login")
    page.wait_for_selector("#auth-message:not([hidden])")
    assert page.text_content("#auth-message")
    page.fill("#auth-pass", password)
    page.click("#login")
    page.wait_for_selector("body[data-table=ready]")

    # Play money: a top-up adds to the balance the server keeps, once per press: the button
    # is off while its request runs, and the request carries an Idempotency-Key.
    balance = api(page, "/api/me")["balance_minor"]
    top_ups: list[str] = []
    page.on(
        "request",
        lambda r: (
            top_ups.append(r.headers.get("idempotency-key", ""))
            if r.url.split("?")[0].endswith("/api/wallet/top-up")
            else None
        ),
    )
    # "Add play money" offers amounts that fit under the largest top-up and the cap.
    choose(page, "topup")
    offered = page.eval_on_selector_all(
        "#topup-amounts button", "bs => bs.map(b => Number(b.dataset.amount))"
    )
    assert offered == [10_000, 50_000, TOP_UP_MINOR]
    # A double click on an amount adds it once: the buttons are off while the request runs.
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/api/wallet/top-up")):
        assert page.evaluate(
            "() => { const b = document.querySelector('#topup-amounts [data-amount=\"100000\"]');"
            " b.click(); b.click(); return b.disabled; }"
        )
    page.wait_for_selector("#message[data-tone=info]")
    page.wait_for_selector("#topup-dialog", state="hidden")
    topped = api(page, "/api/me")["balance_minor"]
    assert topped == balance + TOP_UP_MINOR
    assert page.text_content("#balance") == money(topped)
    assert len(top_ups) == 1 and top_ups[0], top_ups
    choose(page, "topup")
    page.dblclick('#topup-amounts [data-amount="100000"]')
    page.wait_for_selector("#topup-dialog", state="hidden")
    page.wait_for_timeout(300)  # time for a second request, if one had gone
    assert len(top_ups) == 2 and top_ups[1] not in ("", top_ups[0]), top_ups
    assert api(page, "/api/me")["balance_minor"] == topped + TOP_UP_MINOR

    # The limits and payouts of every spot.
    choose(page, "open-rules")
    rows = page.eval_on_selector_all(
        "#rules-body tbody tr", "ns => ns.map(n => [...n.children].map(c => c.textContent))"
    )
    table = api(page, "/api/table")
    offered = table["rules"]["offered_bets"]
    assert [r[0] for r in rows] == [tr("en", f"game.bet.{b}") for b in offered]
    banker = rows[table["rules"]["offered_bets"].index("banker")]
    assert banker[1].startswith("0.95:1") and "5% commission" in banker[1]
    assert banker[2] == money(table["limits"]["minimum_minor"])
    page.keyboard.press("Escape")

    place(page, "player", 500)
    rnd = deal(page)
    choose(page, "open-history")
    page.wait_for_selector("#history-list .recall")
    first = page.locator("#history-list .recall").first
    text = first.text_content() or ""
    assert tr("en", "history.round", id=rnd["id"]) in text
    assert all(c["text"] in text for c in rnd["cards"])
    assert rnd["fairness"]["server_seed_hash"] in text and rnd["fairness"]["client_seed"] in text
    # The table, the shoe counted from 1 and the burn (review L13: "Shoe 0", neither).
    shoe = rnd["shoe"]
    line = [
        tr("en", f"preset.{rnd['preset']}"),
        tr("en", "history.shoe", index=shoe["index"] + 1, n=shoe["round_in_shoe"]),
    ]
    if shoe["burn"]:
        burn = shoe["burn"]
        line.append(tr("en", "history.burn", card=burn["shown"]["text"], n=burn["face_down"]))
    assert " · ".join(line) in text
    page.keyboard.press("Escape")

    choose(page, "open-fairness")
    page.wait_for_function("document.getElementById('fair-hash').textContent.length === 64")
    old_hash = page.text_content("#fair-hash")
    page.fill("#fair-client", "lucky-seven")
    page.click("#fair-set")
    page.wait_for_selector("#fair-message:not([hidden])")
    assert page.text_content("#fair-message") == tr("en", "fair.set.done")
    assert api(page, "/api/table")["fairness"]["client_seed"] == "lucky-seven"
    page.click("#fair-rotate")
    page.wait_for_selector("#fair-revealed-box:not([hidden])")
    revealed = str(page.text_content("#fair-revealed"))
    assert hashlib.sha256(bytes.fromhex(revealed)).hexdigest() == old_hash
    assert page.text_content("#fair-hash") != old_hash
    # The page itself checks SHA-256(revealed seed) against the hash it showed before play.
    page.wait_for_selector("#fair-check[data-match=true]")
    assert page.text_content("#fair-check") == tr("en", "fair.check.ok", hash=old_hash)
    page.click("#fair-verify")
    # The check's answer comes after the in-page check and the request: wait for that text.
    expect(page.locator("#fair-message")).to_have_text(tr("en", "fair.verify.ok", n=1))
    assert page.text_content("#fair-message") == tr("en", "fair.verify.ok", n=1)
    assert page.get_attribute("#fair-check", "data-match") == "true"
    page.locator("#fairness").screenshot(path=str(artifacts / "web-fairness-verified.png"))
    # A malformed seed is refused in the page, before any request.
    page.fill("#fair-seed", "abc")
    page.click("#fair-verify")
    page.wait_for_selector("#fair-check[data-match=invalid]")
    assert page.text_content("#fair-check") == tr("en", "fair.check.invalid")
    finish(page)


def test_the_page_says_when_a_revealed_seed_does_not_match(browser: Any, server_url: str) -> None:
    """A server that reveals another seed than the one it committed to is caught in the page."""
    page = open_table(browser, server_url, locale="es-ES")
    join_as_guest(page)
    choose(page, "open-fairness")
    page.wait_for_function("document.getElementById('fair-hash').textContent.length === 64")
    shown = str(page.text_content("#fair-hash"))
    liar = secrets.token_bytes(32)
    table = api(page, "/api/table")
    page.route(
        "**/api/fairness/rotate*",
        lambda route: route.fulfill(
            status=200,
            content_type="application/json",
            body=json.dumps(
                {
                    "revealed_server_seed": liar.hex(),
                    "server_seed_hash": shown,
                    "next": table["fairness"],
                }  # fmt: skip
            ),
        ),
    )
    page.click("#fair-rotate")
    page.wait_for_selector("#fair-check[data-match=false]")
    text = page.text_content("#fair-check")
    assert text == tr("es", "fair.check.bad", hash=hashlib.sha256(liar).hexdigest(), shown=shown)
    assert "NO coincide" in str(text)
    finish(page)


def test_explain_toggle_shows_each_rule(browser: Any, server_url: str) -> None:
    page = open_table(browser, server_url)
    join_as_guest(page)
    assert page.text_content("#events") == tr("en", "explain.off")
    place(page, "banker", 500)
    rnd = deal(page)
    page.check("#explain-toggle")
    events = page.eval_on_selector_all("#events li.event", "ns => ns.map(n => n.textContent)")
    assert events == [e["text"] for e in rnd["events"]]
    assert any(e["kind"] in ("draw", "stand") for e in rnd["events"])
    page.uncheck("#explain-toggle")
    assert page.text_content("#events") == tr("en", "explain.off")
    finish(page)


# ------------------------------------------------------------------------- keyboard, devices


def test_keyboard_only_round_with_visible_focus(browser: Any, server_url: str) -> None:
    page = open_table(browser, server_url)
    page.focus("#guest")
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-table=ready]")
    page.focus('.chips [aria-checked="true"]')
    page.keyboard.press("ArrowRight")  # 5 -> 25
    assert page.get_attribute('.chips [aria-checked="true"]', "data-value") == "2500"
    page.focus('.spot[data-bet="player"]')
    page.keyboard.press("Tab")  # to the Banker spot
    active = page.evaluate("document.activeElement.dataset.bet")
    assert active == "banker"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"
    page.keyboard.press("Enter")
    assert on_spot(page, "banker") == "25.00"
    label = page.get_attribute('.spot[data-bet="banker"]', "aria-label") or ""
    assert "Banker" in label and "25.00" in label
    page.focus("#deal")
    before = deals_done(page)
    page.keyboard.press("Enter")
    wait_deal(page, before)
    assert page.text_content("#call")
    # Each board is also words for a screen reader (its drawing is hidden from it).
    for road in ("bead", "big", "big_eye_boy"):
        assert page.get_attribute(f"#road-{road}", "aria-hidden") == "true"
        assert page.text_content(f"#text-{road}")
    finish(page)


@pytest.mark.parametrize(("name", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
def test_screenshots(
    browser: Any, server_url: str, artifacts: Path, name: str, viewport: dict[str, int]
) -> None:
    page = open_table(browser, server_url, viewport=viewport)
    page.screenshot(path=str(artifacts / f"web-welcome-{name}.png"))
    join_as_guest(page)
    if name == "phone":  # the scoreboards and the explanations are a tab away
        page.click("#view-roads")
    page.check("#explain-toggle")
    if name == "phone":
        page.click("#view-table")
    place(page, "banker", 2500)
    place(page, "player", 500)
    deal(page)
    for _ in range(9):
        page.click("#rebet")
        deal(page)
    place(page, "tie", 500)
    place(page, "banker", 2500)
    place(page, "player", 100, 3)
    deal(page)
    # Nothing sticks out sideways on a phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(artifacts / f"web-table-{name}.png"))
    page.screenshot(path=str(artifacts / f"web-table-{name}-full.png"), full_page=True)
    finish(page)


# ------------------------------------------------------------------------- side bets


def test_pair_bets_at_a_table_that_offers_them(browser: Any, server_url: str) -> None:
    page = open_table(browser, server_url)
    join_as_guest(page)
    assert page.is_hidden('.spot[data-bet="player_pair"]')
    if "punto-banco-pairs" not in api(page, "/api/table").get("presets", []):
        pytest.skip("this server offers no table with pair bets")
    choose(page, "open-rules")
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/api/shoe")):
        page.select_option("#preset-select", "punto-banco-pairs")
    page.keyboard.press("Escape")
    table = api(page, "/api/table")
    assert table["rules"]["name"] == "punto-banco-pairs"
    # The page redraws the table once it has read the new shoe, a moment after the response.
    page.wait_for_selector('.spot[data-bet="player_pair"]', state="visible")
    assert page.text_content('.spot[data-bet="banker_pair"] .spot-pays') == "11:1"
    place(page, "player_pair", 500)
    place(page, "banker_pair", 500)
    place(page, "banker", 500)
    rnd = deal(page)
    settled = {s["bet"]: s for s in rnd["settlement"]}
    assert set(settled) == {"player_pair", "banker_pair", "banker"}
    for bet in ("player_pair", "banker_pair"):
        expected = "win" if rnd[bet] else "lose"
        assert settled[bet]["resolution"] == expected
        assert expected in str(page.get_attribute(f'.spot[data-bet="{bet}"]', "class"))
    finish(page)


# ------------------------------------------------------------------------- a scripted shoe


def test_scoreboards_draw_a_scripted_shoe(browser: Any, server_url: str, artifacts: Path) -> None:
    """Tails, tie counts and pairs, whatever the server's shuffle: /api/shoe is scripted here.

    The roads are core.roads' (tested by hand in tests/core); this checks that the page
    draws every one of them where the core puts it.
    """
    T = RoundMark(Outcome.TIE)
    B, P = RoundMark(Outcome.BANKER), RoundMark(Outcome.PLAYER)
    BP = RoundMark(Outcome.BANKER, banker_pair=True, player_pair=True, natural=True)
    # Two opening ties, a Banker streak of 8 (a dragon tail), ties on the tail, then changes.
    marks = [T, T, BP, B, B, B, B, B, B, B, T, T, T, P, P, B, T, P, B, B, P, P, P, B, P, B]
    rounds = [
        {"outcome": m.outcome.value, "player_pair": m.player_pair, "banker_pair": m.banker_pair,
         "natural": m.natural, "winning_total": None}
        for m in marks
    ]  # fmt: skip
    page = open_table(browser, server_url)
    join_as_guest(page)
    real = api(page, "/api/shoe")
    scripted = {**real, "rounds": rounds, "roads": roads_json(marks)}
    page.route(
        "**/api/shoe*",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps(scripted)
        ),
    )
    page.reload()
    page.wait_for_selector("body[data-table=ready]")
    big = {
        (c, r): (o, int(t))
        for c, r, o, t in page.eval_on_selector_all(
            "#road-big .cell[data-col]",
            "ns => ns.map(n => [+n.dataset.col, +n.dataset.row, n.dataset.outcome,"
            " n.dataset.ties || 0])",
        )
    }
    # Written out from the rules: column 1 runs down B x6, the tail goes right along row 6.
    assert big[(0, 0)] == ("banker", 2)  # the opening ties, on the first cell
    assert [big[(0, r)][0] for r in range(6)] == ["banker"] * 6
    assert big[(1, 5)] == ("banker", 0) and big[(2, 5)] == ("banker", 3)  # ties on the tail
    assert big[(1, 0)] == ("player", 0) and big[(1, 1)] == ("player", 0)
    assert big[(2, 0)] == ("banker", 1)
    assert len(big) == sum(m.outcome is not Outcome.TIE for m in marks)
    assert page.get_attribute("#road-big .cell[data-col='0'][data-row='0']", "title") == (
        "Banker, 2 ties, Banker pair, Player pair"
    )
    assert page.locator("#road-big .cell[data-col='0'][data-row='0'] .pair").count() == 2
    assert page.text_content("#road-big .cell[data-col='2'][data-row='5'] .tie-count") == "3"
    beads = page.eval_on_selector_all(
        "#road-bead .cell[data-outcome]", "ns => ns.map(n => n.textContent)"
    )
    assert "".join(beads) == "".join("TBP"[[T, B, P].index(RoundMark(m.outcome))] for m in marks)
    for road in DerivedRoad:
        got, want = _derived_cells(page, marks, road)
        assert got == want and want
    page.locator(".roads").screenshot(path=str(artifacts / "web-scoreboards-scripted.png"))
    # In Spanish the bead letters follow the language: B(anca), J(ugador), E(mpate).
    page.click("#lang")
    beads = page.eval_on_selector_all(
        "#road-bead .cell[data-outcome]", "ns => ns.map(n => n.textContent)"
    )
    assert set(beads) == {"B", "J", "E"}
    page.click("#lang")
    finish(page)


# ------------------------------------------------------------------------- API docs offline


def test_api_docs_render_with_no_internet(browser: Any, server_url: str, artifacts: Path) -> None:
    """/docs draws the whole API with every request to another host refused."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    elsewhere: list[str] = []

    def local_only(route: Any) -> None:
        if route.request.url.startswith(server_url):
            return route.continue_()
        elsewhere.append(route.request.url)
        return route.abort("internetdisconnected")

    page.route("**/*", local_only)
    page.goto(f"{server_url}/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("puntobanco")
    page.wait_for_selector(".opblock-summary-path[data-path='/api/rounds']")
    assert elsewhere == []
    page.screenshot(path=str(artifacts / "api-docs-offline.png"))
    context.close()
