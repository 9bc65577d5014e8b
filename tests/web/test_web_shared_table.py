"""A shared table in the browser (issue 25): several players at one shoe, live.

Three browser contexts (three players) sit at ``salon`` from the lobby: two bet, one
watches. Every page must show the same cards, each when its ``card`` event arrives (the
three pages receive each card within 300 ms of each other: the page records each card
event's receipt on the browser's shared clock, ``performance.timeOrigin + now()``), the
server's cards (``GET /api/tables/salon/events``), and each bettor his own settlement, in
his language, with the balance the API gives. A bet the page sends after the close (its
events held back, as on a slow connection) is refused in the server's words and costs
nothing; a socket dropped mid-round comes back and ends the round with the same cards.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

import pytest
from test_web_lobby import new_page, shared_url
from test_web_one_screen import serious_violations
from test_web_table import money
from web_catalogue import tr

from puntobanco.core.i18n import text

pytestmark = [pytest.mark.browser, pytest.mark.slow]

__all__ = ["shared_url"]  # the server fixture, shared with the lobby's tests

TABLE = "salon"


def sit(browser: Any, url: str, role: str, lang: str = "en", **kwargs: Any) -> Any:
    """A new player who joins ``salon`` from the lobby, as ``role``; his table page, ready."""
    page = new_page(browser, lang, **kwargs)
    page.goto(f"{url}/lobby.html?lang={lang}")
    page.wait_for_selector("body[data-lobby=ready]", state="attached")
    page.click(f'.sh-join[data-table="{TABLE}"][data-role="{role}"]')
    page.wait_for_url(re.compile(rf"/shared\.html\?table={TABLE}$"))
    page.wait_for_selector("body[data-table=ready]", state="attached")
    return page


def api(page: Any, url: str, path: str) -> Any:
    response = page.request.get(url + path)
    assert response.ok, response.text()
    return response.json()


def shared(page: Any, expression: str) -> Any:
    """A value of the page's test hook (``window.__shared``)."""
    return page.evaluate(f"(() => {{ const s = window.__shared; return {expression}; }})()")


def wait_betting(page: Any, seconds: int = 3) -> int:
    """Wait for a round open to bets with at least ``seconds`` left; its number."""
    page.wait_for_function(
        "(n) => { const r = window.__shared.state.round;"
        " return r && r.phase === 'betting' && "
        "Number(document.getElementById('sh-countdown').dataset.seconds) >= n; }",
        arg=seconds,
        timeout=20_000,
    )
    return int(shared(page, "s.state.round.round"))


def wait_settled(page: Any, round_number: int) -> None:
    page.wait_for_function(
        "(n) => { const s = window.__shared.state.settled; return s && s.round === n; }",
        arg=round_number,
        timeout=20_000,
    )


def bet(page: Any, chip: int, spot: str) -> None:
    """Choose a chip, put it on a spot, and wait for the server's answer to be drawn."""
    done = int(page.get_attribute("body", "data-bets") or 0)
    page.click(f'#sh-chips [data-value="{chip}"]')
    page.click(f'.sh-spot[data-bet="{spot}"]')
    page.wait_for_selector(f'body[data-bets="{done + 1}"]', state="attached")


def round_events(page: Any, url: str, round_number: int) -> list[dict[str, Any]]:
    events = api(page, url, f"/api/tables/{TABLE}/events?after=0")["events"]
    return [e for e in events if e.get("round") == round_number]


def shown_cards(page: Any) -> dict[str, list[str]]:
    return {
        hand: page.eval_on_selector_all(
            f"#cards-{hand} .card", "cards => cards.map(c => c.dataset.code)"
        )
        for hand in ("player", "banker")
    }


#: Records, on the browser's clock, how many cards each hand shows after each change.
WATCH_CARDS = """() => {
    window.__shown = [];
    for (const hand of ["player", "banker"]) {
        const box = document.getElementById(`cards-${hand}`);
        new MutationObserver(() => window.__shown.push(
            { hand, n: box.querySelectorAll(".card").length, at: Date.now() }
        )).observe(box, { childList: true });
    }
}"""


def first_shown(page: Any, hand: str, count: int, since: float) -> float:
    """When the page first showed ``count`` cards in ``hand`` (ms since the epoch)."""
    times = [
        s["at"]
        for s in page.evaluate("window.__shown")
        if s["hand"] == hand and s["n"] >= count and s["at"] >= since
    ]
    assert times, (hand, count)
    return float(min(times))


def call_words(lang: str, result: dict[str, Any]) -> str:
    words = tr(
        lang, f"call.{result['outcome']}", p=result["player_total"], b=result["banker_total"]
    )
    return words + (f" · {tr(lang, 'call.natural')}" if result["natural"] else "")


def net_words(lang: str, net: int) -> str:
    key = "result.net.win" if net > 0 else "result.net.lose" if net < 0 else "result.net.even"
    return tr(lang, key, amount=money(abs(net), lang))


def test_three_players_see_the_same_cards_and_their_own_settlement(
    browser: Any, shared_url: str, artifacts: Any
) -> None:
    ana = sit(browser, shared_url, "seat", "en")
    bea = sit(browser, shared_url, "seat", "es")
    eve = sit(browser, shared_url, "spectator", "en")
    pages = [ana, bea, eve]
    before = {id(p): api(p, shared_url, "/api/me")["balance_minor"] for p in (ana, bea)}
    number = wait_betting(ana, 3)
    eve.evaluate(WATCH_CARDS)
    opened = eve.evaluate("Date.now()")
    bet(ana, 500, "banker")
    bet(bea, 100, "player")
    bet(bea, 100, "tie")
    for page in pages:
        wait_settled(page, number)
    events = round_events(ana, shared_url, number)
    cards = [e for e in events if e["type"] == "card"]
    result = next(e for e in events if e["type"] == "result")
    settled = next(e for e in events if e["type"] == "settled")
    assert len(cards) >= 4
    # Every page received every card event, once, and shows the server's hands.
    hands = {h: [e["card"] for e in cards if e["hand"] == h] for h in ("player", "banker")}
    receipts = {}
    for page in pages:
        got = shared(page, f"s.cards.filter(c => c.round === {number})")
        assert [(c["seq"], c["card"]) for c in got] == [(e["seq"], e["card"]) for e in cards]
        receipts[id(page)] = {c["seq"]: c["at"] for c in got}
        assert shown_cards(page) == hands
    # ... and within 300 ms of each other, card by card.
    for event in cards:
        times = [receipts[id(page)][event["seq"]] for page in pages]
        assert max(times) - min(times) < 300, (event, times)
    # No card is shown before the server announced it (the event's time, the same machine's
    # clock): the k-th card of a hand appears after the k-th card event of that hand.
    for hand in ("player", "banker"):
        announced = [e for e in cards if e["hand"] == hand]
        for k, event in enumerate(announced, start=1):
            at = datetime.fromisoformat(event["at"].replace("Z", "+00:00")).timestamp() * 1000
            assert first_shown(eve, hand, k, opened) >= at - 5, (hand, k, event)
    # The call in each page's language; each bettor's net, and his balance.
    assert ana.text_content("#sh-call") == call_words("en", result)
    assert bea.text_content("#sh-call") == call_words("es", result)
    assert eve.text_content("#sh-call") == call_words("en", result)
    nets = {s["seat"]: s for s in settled["seats"]}
    for page, lang in ((ana, "en"), (bea, "es")):
        seat = shared(page, "s.state.me.seat")
        assert page.text_content("#sh-net") == net_words(lang, nets[seat]["net"])
        balance = api(page, shared_url, "/api/me")["balance_minor"]
        assert balance == before[id(page)] + nets[seat]["net"]
        page.wait_for_function(
            "(text) => document.getElementById('sh-balance').textContent === text",
            arg=money(balance, lang),
        )
    assert nets[shared(ana, "s.state.me.seat")]["staked"] == 500
    assert nets[shared(bea, "s.state.me.seat")]["staked"] == 200
    # The spectator sees the table's chips but has none, and no spot to press.
    assert eve.text_content("#sh-net") == ""
    assert eve.is_hidden("#sh-chips")
    assert eve.locator(".sh-spot:enabled").count() == 0
    # The winners' spots are lit on every page; the roads and history include the round.
    outcome = result["outcome"]
    winner = "tie" if outcome == "tie" else outcome
    for page in pages:
        assert "win" in (page.get_attribute(f'.sh-spot[data-bet="{winner}"]', "class") or "")
        road = shared(page, "s.state.road")
        assert road[-1] == outcome
        history = page.locator("#sh-history li").first.get_attribute("data-outcome")
        assert history == outcome
    bea.screenshot(path=str(artifacts / "shared-table-es.png"), full_page=True)
    for page in pages:
        assert page.js_errors == []
        page.context.close()


def test_a_bet_after_the_close_is_refused_in_words(browser: Any, shared_url: str) -> None:
    page = sit(browser, shared_url, "seat", "es")
    balance = api(page, shared_url, "/api/me")["balance_minor"]
    number = wait_betting(page, 2)
    # The page's events are held back, as on a slow connection: it still shows the round
    # open when the server has closed it.
    shared(page, "s.pause()")
    closes = shared(page, "Date.parse(s.state.round.closes_at) - Date.now()")
    page.wait_for_timeout(max(0, closes) + 600)
    assert page.locator('.sh-spot[data-bet="banker"]:enabled').count() == 1
    bet(page, 500, "banker")
    assert page.text_content("#sh-error") == text("es", "server.betting_closed", table=TABLE)
    assert api(page, shared_url, "/api/me")["balance_minor"] == balance
    assert shared(page, "s.state.myBets") == {}
    # The held events arrive: the round is closed on the page too.
    shared(page, "s.resume()")
    now = shared(page, "[s.state.round.round, s.state.round.phase]")
    assert now[0] > number or now[1] != "betting", now
    assert page.js_errors == []
    page.context.close()


def test_a_reconnect_mid_round_ends_with_the_same_cards(browser: Any, shared_url: str) -> None:
    ana = sit(browser, shared_url, "seat", "en")
    eve = sit(browser, shared_url, "spectator", "en")
    number = wait_betting(ana, 1)
    # The first card of the round reaches the page; then its socket drops.
    ana.wait_for_function(
        "(n) => window.__shared.cards.some(c => c.round === n)", arg=number, timeout=20_000
    )
    ana.evaluate("window.__shared.drop()")
    wait_settled(ana, number)
    wait_settled(eve, number)
    assert shared(ana, "s.connections") >= 2
    events = round_events(ana, shared_url, number)
    cards = [e for e in events if e["type"] == "card"]
    hands = {h: [e["card"] for e in cards if e["hand"] == h] for h in ("player", "banker")}
    assert shown_cards(ana) == hands == shown_cards(eve)
    got = shared(ana, f"s.cards.filter(c => c.round === {number}).map(c => c.seq)")
    assert got == [e["seq"] for e in cards]  # each once, in order, the missed ones included
    result = next(e for e in events if e["type"] == "result")
    assert ana.text_content("#sh-call") == call_words("en", result)
    for page in (ana, eve):
        assert page.js_errors == []
        page.context.close()


def test_a_phone_in_spanish_with_no_serious_accessibility_violation(
    browser: Any, shared_url: str, artifacts: Any
) -> None:
    page = sit(browser, shared_url, "seat", "es", viewport={"width": 390, "height": 844})
    number = wait_betting(page, 2)
    bet(page, 100, "player")
    assert page.text_content("#sh-staked") == tr("es", "shared.table.staked", amount="1,00")
    spot = page.locator('.sh-spot[data-bet="player"]')
    assert spot.get_attribute("aria-label") == tr(
        "es",
        "shared.spot.aria",
        name=tr("es", "game.bet.player"),
        mine="1,00",
        total="1,00",
        n=1,
        chip="1,00",
    )
    # Cancel: the whole set becomes {}.
    done = int(page.get_attribute("body", "data-bets") or 0)
    page.click("#sh-cancel")
    page.wait_for_selector(f'body[data-bets="{done + 1}"]', state="attached")
    assert shared(page, "s.state.myBets") == {}
    # By keyboard: a chip, then a spot, each pressed with Enter; the spots are drawn again as
    # the bets come (everyone's), and the keyboard stays on the spot.
    done = int(page.get_attribute("body", "data-bets") or 0)
    page.focus('#sh-chips [data-value="500"]')
    page.keyboard.press("Enter")
    assert page.get_attribute('#sh-chips [data-value="500"]', "aria-checked") == "true"
    page.focus('.sh-spot[data-bet="banker"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(f'body[data-bets="{done + 1}"]', state="attached")
    assert shared(page, "s.state.myBets") == {"banker": 500}
    page.wait_for_function("() => window.__shared.state.round.players.banker >= 1")
    assert page.evaluate("document.activeElement.dataset.bet") == "banker"
    wait_settled(page, number)
    # The dealer's chips move by CSS transitions, and not at all when motion is reduced.
    stack = ".sh-spot .sh-stack"
    duration = f"getComputedStyle(document.querySelector('{stack}')).transitionDuration"
    assert page.evaluate(duration) != "0s"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(duration) == "0s"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for selector in ("#sh-spots", "#sh-chips", "#sh-countdown", "#sh-call"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, selector
    # Each hand's cards, the third turned, stay inside their hand's box.
    for hand in ("player", "banker"):
        outer = page.locator(f"#hand-{hand}").bounding_box()
        cards = page.locator(f"#cards-{hand} .card")
        assert outer is not None and cards.count() >= 2
        for i in range(cards.count()):
            box = cards.nth(i).bounding_box()
            assert box is not None
            assert outer["x"] <= box["x"] and box["x"] + box["width"] <= outer["x"] + outer["width"]
    assert serious_violations(page) == []
    # The language switch: the same state in English.
    page.click("#sh-lang")
    page.wait_for_selector('html[lang="en"]', state="attached")
    assert page.text_content("#sh-lang") == "ES"
    assert page.text_content("#sh-cancel") == tr("en", "shared.table.cancel")
    page.screenshot(path=str(artifacts / "shared-table-phone.png"), full_page=True)
    assert page.js_errors == []
    page.context.close()
