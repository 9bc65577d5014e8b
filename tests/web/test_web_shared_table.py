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

import json
import re
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from test_web_lobby import new_page, shared_url
from test_web_one_screen import serious_violations
from test_web_table import money
from tests.server.live import live_server
from web_catalogue import tr
from web_seed import TEST_SERVER_SEED

from puntobanco.core.bets import Bet, bet_kind, settle
from puntobanco.core.coup import CoupResult
from puntobanco.core.fairness import FairSource
from puntobanco.core.i18n import text
from puntobanco.core.paytable import Resolution
from puntobanco.core.rules import PRESETS
from puntobanco.core.shoe import Shoe

pytestmark = [pytest.mark.browser, pytest.mark.slow]

__all__ = ["shared_url"]  # the server fixture, shared with the lobby's tests

TABLE = "salon"
#: The squeeze table: Dragon Bonus (side bets), each card waiting SQUEEZE_SECONDS for its
#: squeezer, on a server of its own whose server seed is known (TEST_SERVER_SEED).
VIP = "vip"
SQUEEZE_SECONDS = 4
VIP_TABLES = [
    {
        "id": VIP,
        "name": "VIP",
        "preset": "dragon-bonus",
        "squeeze": True,
        "squeeze_seconds": SQUEEZE_SECONDS,
        "betting_seconds": 4,
        "reveal_ms": 150,
    }
]


@pytest.fixture(scope="module")
def squeeze_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server dealing :data:`VIP_TABLES` from TEST_SERVER_SEED: with the shoe's published
    client seed, a test knows every card of the shoe in advance (never provably fair)."""
    tmp = tmp_path_factory.mktemp("shared-squeeze")
    with live_server(
        f"sqlite:///{tmp / 'squeeze.sqlite3'}",
        PUNTOBANCO_SHARED_TABLES=json.dumps(VIP_TABLES),
        PUNTOBANCO_TEST_SERVER_SEED=TEST_SERVER_SEED.hex(),
        PUNTOBANCO_ACCESS_LOG="false",
    ) as (url, _process):
        yield url


def sit(
    browser: Any, url: str, role: str, lang: str = "en", table: str = TABLE, **kwargs: Any
) -> Any:
    """A new player who joins ``table`` from the lobby, as ``role``; his table page, ready."""
    page = new_page(browser, lang, **kwargs)
    page.goto(f"{url}/lobby.html?lang={lang}")
    page.wait_for_selector("body[data-lobby=ready]", state="attached")
    page.click(f'.sh-join[data-table="{table}"][data-role="{role}"]')
    page.wait_for_url(re.compile(rf"/shared\.html\?table={table}$"))
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


def round_events(
    page: Any, url: str, round_number: int, table: str = TABLE
) -> list[dict[str, Any]]:
    events = api(page, url, f"/api/tables/{table}/events?after=0")["events"]
    return [e for e in events if e.get("round") == round_number]


def shown_cards(page: Any) -> dict[str, list[str]]:
    """The cards each hand shows face up (a card waiting for its squeezer has no code)."""
    return {
        hand: page.eval_on_selector_all(
            f"#cards-{hand} .card[data-code]", "cards => cards.map(c => c.dataset.code)"
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
        pays="1:1",
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


def at_ms(event: dict[str, Any], key: str = "at") -> float:
    """An event's ISO time (``at``, ``until``) in ms since the epoch."""
    return datetime.fromisoformat(event[key].replace("Z", "+00:00")).timestamp() * 1000


def wait_squeeze(page: Any, number: int, after: int) -> dict[str, Any] | None:
    """The next card of round ``number`` past step ``after`` waiting for its squeezer on the
    page, or ``None`` once the round is settled."""
    page.wait_for_function(
        "([n, after]) => { const s = window.__shared.state;"
        " return (s.squeeze && s.squeeze.round === n && s.squeeze.step > after)"
        " || (s.settled && s.settled.round === n); }",
        arg=[number, after],
        timeout=20_000,
    )
    waiting: dict[str, Any] | None = shared(page, "s.state.squeeze")
    return waiting


def turn(page: Any, how: str) -> None:
    """The squeezer turns the waiting card: by dragging it, by Enter, or by a click."""
    control = page.locator(".sh-squeeze-turn")
    if how == "drag":
        box = control.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x, y - 100, steps=8)
        page.mouse.up()
    elif how == "enter":
        control.focus()
        page.keyboard.press("Enter")
    else:
        control.click()


def test_the_squeeze_waits_for_the_largest_bettor_then_the_dealer(
    browser: Any, squeeze_url: str
) -> None:
    ana = sit(browser, squeeze_url, "seat", "en", table=VIP)
    bea = sit(browser, squeeze_url, "seat", "es", table=VIP)
    eve = sit(browser, squeeze_url, "spectator", "en", table=VIP)
    pages = [(ana, "en"), (bea, "es"), (eve, "en")]
    seat = {id(p): shared(p, "s.state.me.seat") for p in (ana, bea)}
    number = wait_betting(ana, 3)
    # Ana is the largest Player bettor: she turns the Player's cards; Bea, alone on Banker,
    # the Banker's.
    bet(ana, 500, "player")
    bet(bea, 100, "player")
    bet(bea, 100, "banker")
    squeezer = {"player": ana, "banker": bea}
    # The first card by dragging it, the second by Enter, the third left to the dealer, the
    # others by a click (both hands have squeezers: at least four cards wait).
    ways = ["drag", "enter", "dealer"]
    step = 0
    turned: list[str] = []
    while (waiting := wait_squeeze(ana, number, step)) is not None:
        step, hand = waiting["step"], waiting["hand"]
        owner = squeezer[hand]
        assert waiting["seat"] == seat[id(owner)]
        announced = [
            e
            for e in round_events(ana, squeeze_url, number, VIP)
            if e["type"] == "card" and e["hand"] == hand
        ]
        assert all(e["step"] < step for e in announced)
        for page, lang in pages:
            page.wait_for_function(
                "(n) => window.__shared.state.squeeze && window.__shared.state.squeeze.step === n",
                arg=step,
            )
            # A face-down card, with no card in it: the hand shows only the cards announced.
            waiting_card = page.locator(f"#cards-{hand} .sh-squeeze-card")
            assert waiting_card.count() == 1
            assert waiting_card.get_attribute("data-code") is None
            assert shown_cards(page)[hand] == [e["card"] for e in announced]
            side = tr(lang, f"game.side.{hand}")
            if page is owner:
                assert page.locator(".sh-squeeze-turn").count() == 1
                assert page.text_content("#sh-squeeze") == tr(
                    lang, "shared.squeeze.yours", side=side
                )
            else:
                assert page.locator(".sh-squeeze-turn").count() == 0
                words = tr(lang, "shared.squeeze.turning", seat=waiting["seat"], side=side)
                assert page.text_content("#sh-squeeze") == words
                left = int(page.get_attribute("#sh-squeeze-countdown", "data-seconds") or 0)
                # (whole seconds rounded up, on a clock synchronised to a second or so)
                assert 0 <= left <= SQUEEZE_SECONDS + 1, left
        if not turned:
            # Nobody else may turn it: the server refuses the other pages' players.
            refused = eve.request.post(
                f"{squeeze_url}/api/tables/{VIP}/squeeze",
                data={"step": step},
                headers={"X-Requested-With": "puntobanco"},
            )
            assert refused.status == 409
            assert refused.json()["error"]["code"] == "squeeze_not_yours"
        way = ways[len(turned)] if len(turned) < len(ways) else "click"
        if way != "dealer":
            turn(owner, way)
        else:
            # A page opened meanwhile gets the waiting card from the snapshot: the
            # squeezers and the offered step's deadline (the hand is the round's next card).
            eve.reload()
            eve.wait_for_selector("body[data-table=ready]", state="attached")
            again = shared(eve, "s.state.squeeze")
            assert again is not None and again["step"] == step, again
            assert (again["hand"], again["seat"]) == (hand, waiting["seat"])
            assert again["until"] == waiting["until"]
            assert eve.locator(f"#cards-{hand} .sh-squeeze-card").count() == 1
            assert eve.text_content("#sh-squeeze") == tr(
                "en",
                "shared.squeeze.turning",
                seat=waiting["seat"],
                side=tr("en", f"game.side.{hand}"),
            )
        turned.append(way)
        # The card turns on every page when its event arrives, turned by whom it says.
        for page, _lang in pages:
            page.wait_for_function(
                "(n) => window.__shared.state.round.revealed >= n", arg=step, timeout=10_000
            )
        card = next(
            e
            for e in round_events(ana, squeeze_url, number, VIP)
            if e["type"] == "card" and e["step"] == step
        )
        assert card["hand"] == hand
        assert card["by"] == ("dealer" if way == "dealer" else waiting["seat"])
        if way == "dealer":
            assert at_ms(card) >= at_ms(waiting, "until")
        else:
            assert at_ms(card) < at_ms(waiting, "until")
        for page, _lang in pages:
            # (the next card may wait already: every card of this round has its squeezer)
            assert page.locator(f'.sh-squeeze-card[data-step="{step}"]').count() == 0
            assert shown_cards(page)[hand][-1] == card["card"]
            last = page.locator(f"#cards-{hand} .card[data-code]").last
            assert last.get_attribute("data-by") == card["by"]
    assert len(turned) >= 4, turned
    for page, _lang in pages:
        wait_settled(page, number)
        assert page.js_errors == []
        page.context.close()


SIDES = ("player_pair", "banker_pair", "dragon_bonus_player", "dragon_bonus_banker")


def side_bets_that_win_and_lose(result: CoupResult) -> tuple[str, str] | None:
    """A side bet of Dragon Bonus that this coup pays (more than its stake), and one it loses."""
    rules = PRESETS["dragon-bonus"]
    settled = settle([Bet(bet_kind(s), 500) for s in SIDES], result, rules).bets
    won = [b.bet.kind.value for b in settled if b.payout_minor > b.bet.stake_minor]
    lost = [b.bet.kind.value for b in settled if b.resolution is Resolution.LOSE]
    return (won[0], lost[0]) if won and lost else None


def test_the_dealer_collects_and_pays_spot_by_spot(browser: Any, squeeze_url: str) -> None:
    page = sit(browser, squeeze_url, "seat", "en", table=VIP)
    # The shoe's cards are known once its client seed is published: find a round, from the
    # next ones, where one side bet wins and another loses, and bet both there.
    page.wait_for_function(
        "() => { const s = window.__shared.state;"
        " return s.tile && s.tile.shoe && s.tile.shoe.client_seed"
        " && s.round && s.round.phase === 'betting'; }",
        timeout=20_000,
    )
    client_seed = shared(page, "s.state.tile.shoe.client_seed")
    now = int(shared(page, "s.state.round.round_in_shoe"))
    # This round too, while it leaves the time to bet.
    first = now if int(page.get_attribute("#sh-countdown", "data-seconds") or 0) >= 3 else now + 1
    rules = PRESETS["dragon-bonus"]
    shoe = Shoe(rules, FairSource(TEST_SERVER_SEED, client_seed, first_nonce=1))
    coups = [shoe.deal_coup() for _ in range(now + 8)]
    target = next(
        (r, pick)
        for r in range(first, now + 9)
        if (pick := side_bets_that_win_and_lose(coups[r - 1])) is not None
    )
    in_shoe, (won, lost) = target
    page.wait_for_function(
        "(r) => { const round = window.__shared.state.round;"
        " return round && round.round_in_shoe === r && round.phase === 'betting'"
        " && Number(document.getElementById('sh-countdown').dataset.seconds) >= 2; }",
        arg=in_shoe,
        timeout=(in_shoe - now + 1) * 15_000,
    )
    number = int(shared(page, "s.state.round.round"))
    bet(page, 500, won)
    bet(page, 500, lost)
    wait_settled(page, number)
    events = round_events(page, squeeze_url, number, VIP)
    cards = [e["card"] for e in events if e["type"] == "card"]
    assert cards == [c.code for c in coups[in_shoe - 1].cards]  # the shoe as foreseen
    settled = next(e for e in events if e["type"] == "settled")
    mine = next(s for s in settled["seats"] if s["seat"] == shared(page, "s.state.me.seat"))
    bets = {b["spot"]: b for b in mine["bets"]}
    assert (bets[won]["resolution"], bets[lost]["resolution"]) == ("win", "lose")
    # Every spot shows how it went for the table, the side spots included.
    results = page.eval_on_selector_all(
        ".sh-spot", "spots => Object.fromEntries(spots.map(s => [s.dataset.bet, s.dataset.result]))"
    )
    assert results == settled["spots"]
    # The lost side bet's chips are collected; the won one is paid beside its stake, the
    # win written as its amount.
    lost_spot = page.locator(f'.sh-spot[data-bet="{lost}"]')
    # The dealer moves the chips two frames after drawing them (as the paid stack below).
    page.wait_for_function(
        '(s) => document.querySelector(`.sh-spot[data-bet="${s}"] .sh-stack.collected`)',
        arg=lost,
    )
    assert "collected" in (lost_spot.locator(".sh-stack").first.get_attribute("class") or "")
    assert lost_spot.locator(".sh-stack.paid").count() == 0
    assert lost_spot.locator(".sh-spot-result").text_content() == tr("en", "res.lose")
    won_spot = page.locator(f'.sh-spot[data-bet="{won}"]')
    winnings = bets[won]["payout"] - bets[won]["stake"]
    assert winnings > 0
    stake_stack = won_spot.locator(".sh-stack:not(.paid)")
    assert "collected" not in (stake_stack.get_attribute("class") or "")
    paid = won_spot.locator(".sh-stack.paid")
    page.wait_for_function(
        '(s) => document.querySelector(`.sh-spot[data-bet="${s}"] .sh-stack.paid.landed`)',
        arg=won,
    )
    assert paid.get_attribute("data-amount") == str(winnings)
    chips = paid.locator(".chip").evaluate_all("cs => cs.map(c => Number(c.dataset.value))")
    assert sum(chips) == winnings or len(chips) == 6
    assert won_spot.locator(".sh-spot-result").text_content() == tr(
        "en", "res.win", amount=money(winnings, "en")
    )
    assert page.text_content("#sh-net") == net_words("en", mine["net"])
    assert page.js_errors == []
    page.context.close()
