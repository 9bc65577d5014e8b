"""Issue 13 at the three screens players use: one screen, limits while betting, the felt,
the roads, accessibility (axe-core, no network) and the small things that build trust.

Phone 390x844, laptop 1280x720 and desktop 1440x900, in English and Spanish; screenshots go
to test-artifacts/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_web_table import (
    api,
    deal,
    deals_done,
    expect,
    finish,
    join_as_guest,
    money,
    on_spot,
    open_table,
    place,
    wait_deal,
)
from web_catalogue import tr
from web_menu import choose

pytestmark = [pytest.mark.browser, pytest.mark.slow]

VIEWPORTS = {
    "phone": {"width": 390, "height": 844},
    "laptop": {"width": 1280, "height": 720},
    "desktop": {"width": 1440, "height": 900},
}
LOCALES = {"en": "en-US", "es": "es-ES"}
#: What a player needs to bet and deal, which must be in view without scrolling.
BETTING = ["#chips", "#undo", "#clear", "#rebet", "#double", "#deal", "#balance", "#bet-total"]
SPOTS = ['.spot[data-bet="player"]', '.spot[data-bet="banker"]', '.spot[data-bet="tie"]']


def in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return bool(
        box
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )


def boxes(page: Any, selectors: list[str]) -> list[tuple[float, float, float, float]]:
    out = []
    for selector in selectors:
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        out.append((box["x"], box["y"], box["width"], box["height"]))
    return out


def overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether two boxes (x, y, width, height) share any area."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def serious_violations(page: Any) -> list[str]:
    """axe-core's serious and critical violations of the page as it is now (WCAG 2.2 AA)."""
    from axe_playwright_python.sync_playwright import Axe

    options = {
        "runOnly": {
            "type": "tag",
            "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"],
        },
        "resultTypes": ["violations"],
    }
    results = Axe().run(page, options=options)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_one_screen_with_no_serious_accessibility_violation(
    browser: Any, server_url: str, artifacts: Path, screen: str, lang: str
) -> None:
    viewport = VIEWPORTS[screen]
    page = open_table(browser, server_url, viewport=viewport, locale=LOCALES[lang])
    assert serious_violations(page) == [], "the welcome dialog"
    join_as_guest(page)
    place(page, "banker", 2500, 2)
    place(page, "tie", 500)
    # Everything needed to bet and deal is in view, and the page itself does not scroll.
    for selector in BETTING + SPOTS:
        assert in_view(page, selector), selector
    assert page.evaluate("document.documentElement.scrollHeight") <= viewport["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.text_content("#bet-total") == money(5500, lang)
    if screen == "phone":  # thumb-sized: chips, spots and Deal at least 44 px each way
        for selector in [".chips .chip", *SPOTS, "#deal", "#view-table", "#view-roads"]:
            for box in [
                page.locator(selector).nth(i).bounding_box()
                for i in range(page.locator(selector).count())
            ]:
                assert box is not None and box["width"] >= 44 and box["height"] >= 44, selector

    # Nothing moves when the call, the burn, the shoe's news or a message appears.
    still = ["#bets", "#deal", "#chips"]
    before = boxes(page, still)
    deal(page)
    assert boxes(page, still) == before
    refused = deals_done(page)
    page.click("#deal")  # no chips: a message, where the player is looking
    wait_deal(page, refused)
    assert page.text_content("#message") == tr(lang, "err.no_bets")
    assert in_view(page, "#message")
    assert boxes(page, still) == before
    if screen != "phone":  # the toast covered the spots' payouts and stakes (review M8)
        (toast,) = boxes(page, ["#message"])
        for spot in [*SPOTS, ".spot[data-bet='player_pair']", ".spot[data-bet='banker_pair']"]:
            if page.is_visible(spot):
                assert not overlaps(toast, boxes(page, [spot])[0]), spot
    assert serious_violations(page) == [], "the table after a round"
    page.screenshot(path=str(artifacts / f"web-one-screen-{screen}-{lang}.png"))

    # The menu, and (on a phone) the scoreboards a tab away.
    page.click("#menu-button")
    for item in ("open-history", "open-fairness", "open-rules", "topup", "logout"):
        assert in_view(page, f"#{item}"), item
    assert serious_violations(page) == [], "the open menu"
    page.keyboard.press("Escape")
    assert page.is_hidden("#menu")
    if screen == "phone":
        # axe's moderate "region": the view tabs were outside any landmark (review L14).
        assert page.evaluate("document.querySelector('.views').closest('nav, header, main')")
        assert page.is_hidden("#road-big")
        page.click("#view-roads")
        assert in_view(page, "#road-big")
        assert in_view(page, "#deal")  # the bottom bar stays
        assert serious_violations(page) == [], "the scoreboards tab"
        page.screenshot(path=str(artifacts / f"web-one-screen-{screen}-{lang}-roads.png"))
        page.click("#view-table")
    else:
        assert in_view(page, "#road-big")
    for dialog, opener in (("rules", "open-rules"), ("fairness", "open-fairness")):
        choose(page, opener)
        page.wait_for_selector(f"#{dialog}[open]")
        assert in_view(page, f"#{dialog} .close-x")  # closable from the top
        if dialog == "rules":  # axe's minor "empty-table-header": the corner is no header
            corner = "#rules-body thead tr > :first-child"
            assert page.eval_on_selector(corner, "(c) => c.tagName") == "TD"
        assert serious_violations(page) == [], dialog
        page.click(f"#{dialog} .close-x")
        page.wait_for_selector(f"#{dialog}", state="hidden")
    finish(page)


#: How many lines each node's text takes where it is shown (its distinct line boxes).
LINES = """(selector) => [...document.querySelectorAll(selector)].map((node) => {
  const range = document.createRange();
  range.selectNodeContents(node);
  return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
})"""
ROADS = ["big", "bead", "big_eye_boy", "small_road", "cockroach_pig"]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_each_road_caption_fits_on_one_line(
    browser: Any, server_url: str, screen: str, lang: str
) -> None:
    """A board's name is one line above it, in both languages, at every size (the derived
    roads are three narrow boards side by side on a laptop)."""
    page = open_table(browser, server_url, viewport=VIEWPORTS[screen], locale=LOCALES[lang])
    join_as_guest(page)
    if screen == "phone":
        page.click("#view-roads")
    captions = page.eval_on_selector_all(".road figcaption", "ns => ns.map((n) => n.textContent)")
    assert captions == [tr(lang, f"roads.{road}") for road in ROADS]
    assert page.evaluate(LINES, ".road figcaption") == [1] * len(ROADS)
    finish(page)


def test_cells_of_the_roads_and_the_shares_of_the_statistics(browser: Any, server_url: str) -> None:
    page = open_table(browser, server_url, viewport=VIEWPORTS["laptop"])
    join_as_guest(page)
    place(page, "banker", 500)
    rnd = deal(page)
    big = page.locator("#road-big .cell").first.bounding_box()
    small = page.locator("#road-big_eye_boy .cell").first.bounding_box()
    assert big is not None and small is not None
    assert big["width"] >= 22 and big["height"] >= 22
    # The derived roads' cells were half the Big Road's (11 px, marks of 7 px), too small to
    # read on a laptop (review L5): 15 px now.
    assert small["width"] >= 15 and small["height"] >= 15
    mark = page.locator("#road-big_eye_boy .cell").first.evaluate(
        "(c) => parseFloat(getComputedStyle(c).width)"
    )
    assert mark >= 15
    # The house edge: a percentage a line, no 14-digit fraction wrapped over two (review L8);
    # the exact fraction stays on the row.
    expect(page.locator("#edge-panel")).to_be_visible()
    assert page.locator("#edge-table thead th").count() == 2
    assert set(page.evaluate(LINES, "#edge-table tbody td")) == {1}
    exact = page.get_attribute('#edge-table tr[data-bet="banker"]', "data-exact")
    assert exact and exact in str(
        page.get_attribute('#edge-table tr[data-bet="banker"] td', "title")
    )
    # Each count with its share of the rounds: one round, so 100.0 % on its outcome.
    stat = page.locator(f"#stats .stat-{rnd['outcome']} .pct")
    assert stat.text_content() == "100.0 %"
    # Every board as words for a screen reader.
    side = tr("en", f"game.side.{rnd['outcome']}")
    assert side in str(page.text_content("#text-bead"))
    # The Big Road marks a tie on the cell before it (here none): its first column says the tie.
    marks = tr("en", "roads.cell.ties", n=1) if rnd["outcome"] == "tie" else side
    assert tr("en", "roads.text.column", col=1, marks=marks) in str(page.text_content("#text-big"))
    finish(page)


def test_cards_are_named_once_and_focus_stays_on_deal(browser: Any, server_url: str) -> None:
    page = open_table(browser, server_url, speed=120)
    join_as_guest(page)
    place(page, "player", 500)
    page.focus("#deal")
    before = deals_done(page)
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/api/rounds")) as info:
        page.keyboard.press("Enter")
    page.wait_for_selector("#deal[aria-disabled=true]")
    assert page.evaluate("document.activeElement.id") == "deal"
    wait_deal(page, before)
    assert page.evaluate("document.activeElement.id") == "deal"
    rnd = info.value.json()
    names = {"Q": "queen", "K": "king", "J": "jack", "A": "ace"}
    numbers = "zero one two three four five six seven eight nine ten".split()
    suits = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
    for side in ("player", "banker"):
        labels = page.eval_on_selector_all(
            f"#cards-{side} .card", "cs => cs.map(c => c.getAttribute('aria-label'))"
        )
        expected = [
            f"{names.get(c['rank']) or numbers[int(c['rank'])]} of {suits[c['suit']]}"
            for c in rnd[f"{side}_cards"]
        ]
        assert labels == expected
        # The card's drawn face is hidden from a screen reader: it is named once.
        hidden = page.eval_on_selector_all(
            f"#cards-{side} .card-inner", "cs => cs.map(c => c.getAttribute('aria-hidden'))"
        )
        assert set(hidden) == {"true"}
    # No live region inside another.
    nested = page.evaluate(
        "[...document.querySelectorAll('[aria-live],[role=status],[role=alert]')]"
        ".filter(n => n.parentElement.closest('[aria-live],[role=status],[role=alert]')).length"
    )
    assert nested == 0
    # The result is said with each spot's.
    assert tr("en", "deal.results", results="")[:10] in str(page.text_content("#call"))
    finish(page)


def test_rebet_survives_a_reload_and_chip_stacks_add_up(browser: Any, server_url: str) -> None:
    page = open_table(browser, server_url)
    join_as_guest(page)
    place(page, "banker", 500)
    place(page, "player", 100, 3)
    place(page, "tie", 2500)
    deal(page)
    page.reload()
    page.wait_for_selector("body[data-table=ready]")
    expect(page.locator("#rebet")).to_be_enabled()
    page.click("#rebet")
    assert [on_spot(page, b) for b in ("banker", "player", "tie")] == ["5.00", "3.00", "25.00"]
    for _ in range(12):
        rnd = deal(page)
        wins = [s for s in rnd["settlement"] if s["resolution"] == "win"]
        for s in wins:
            paid = page.eval_on_selector_all(
                f'.spot[data-bet="{s["bet"]}"] .stack.paid .chip',
                "cs => cs.map(c => Number(c.dataset.value))",
            )
            assert sum(paid) == s["winnings_minor"], (s, paid)
        if any(s["bet"] == "banker" for s in wins):
            break
        page.click("#rebet")
    finish(page)


def test_a_guest_is_asked_before_leaving_and_may_keep_the_balance(
    browser: Any, server_url: str
) -> None:
    page = open_table(browser, server_url, locale="es-ES")
    # Before a seat: neither "Leave table" nor "Add play money".
    assert page.is_hidden("#logout") and page.is_hidden("#topup")
    join_as_guest(page)
    # The keyboard goes on from the chips, not from <body> (review L14).
    assert page.evaluate("document.activeElement.matches('#chips .chip[aria-checked=true]')")
    place(page, "banker", 500)
    deal(page)
    me = api(page, "/api/me")
    choose(page, "logout")
    page.wait_for_selector("#leave[open]")
    assert page.text_content("#leave-text") == tr(
        "es", "leave.guest", amount=money(me["balance_minor"], "es")
    )
    name = f"kept{me['id']}"
    page.fill("#keep-user", name)
    page.fill("#keep-pass", "a long secret")
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/api/auth/upgrade")) as info:
        page.click("#keep-submit")
    assert info.value.status == 200
    page.wait_for_selector("#leave", state="hidden")
    assert page.text_content("#message") == tr("es", "account.kept")
    after = api(page, "/api/me")
    assert after == {**me, "username": name, "guest": False}
    assert len(api(page, "/api/rounds")["rounds"]) == 1
    assert page.text_content("#username") == name
    # A registered player leaves at once; the toast of the seat that left goes with him and
    # does not greet his next login (review L1).
    choose(page, "logout")
    page.wait_for_selector("#welcome[open]")
    assert page.is_hidden("#leave")
    assert page.is_hidden("#message")
    page.fill("#auth-user", name)
    page.fill("#auth-pass", "a long secret")
    page.click("#login")
    page.wait_for_selector("body[data-table=ready]")
    assert page.text_content("#username") == name
    assert page.is_hidden("#message")
    finish(page)


def test_no_console_error_on_a_first_visit_and_a_round(browser: Any, server_url: str) -> None:
    context = browser.new_context(viewport=VIEWPORTS["desktop"], bypass_csp=True)
    page = context.new_page()
    logged: list[str] = []
    page.on("console", lambda m: logged.append(m.text) if m.type == "error" else None)
    page.goto(f"{server_url}/?speed=0")
    page.wait_for_selector("#welcome[open]")
    page.click("#guest")
    page.wait_for_selector("body[data-table=ready]")
    place(page, "banker", 500)
    before = deals_done(page)
    page.click("#deal")
    wait_deal(page, before)
    page.reload()
    page.wait_for_selector("body[data-table=ready]")
    assert logged == []
    context.close()


@pytest.mark.parametrize("game", ["chemin", "banque"])
def test_no_console_error_on_a_first_visit_to_a_game_page(
    browser: Any, server_url: str, game: str
) -> None:
    """The Chemin de fer and Banque pages logged a 401 (no session) and a 404 (no table) on
    every first visit (review L10): they ask who plays and whether he sits first."""
    context = browser.new_context(viewport=VIEWPORTS["phone"], bypass_csp=True)
    page = context.new_page()
    logged: list[str] = []
    failed: list[str] = []
    page.on("console", lambda m: logged.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    for _ in range(2):  # a first visit, then a reload at the table it opened
        page.goto(f"{server_url}/{game}.html")
        page.wait_for_selector("body[data-table=ready]", state="attached")
    seated = page.request.get(f"{server_url}/api/{game}/seated")
    assert seated.ok and seated.json() == {"seated": True}
    assert logged == [] and failed == []
    context.close()


def test_the_deal_button_says_dealing_in_full_on_a_phone(browser: Any, server_url: str) -> None:
    """In Spanish on a phone the label read "REPARTIEN…", cut at the button's edge (review L2)."""
    page = open_table(browser, server_url, viewport=VIEWPORTS["phone"], locale="es-ES", speed=400)
    join_as_guest(page)
    place(page, "banker", 500)
    before = deals_done(page)
    page.click("#deal")
    page.wait_for_selector("#deal.busy")
    assert page.text_content("#deal") == tr("es", "action.dealing")
    width, needed = page.eval_on_selector("#deal", "(e) => [e.clientWidth, e.scrollWidth]")
    assert needed <= width, (needed, width)
    wait_deal(page, before)
    finish(page)


#: Each of the burn's pieces that lies outside the burn's own box, and whether the count of
#: face-down cards overflows its card back.
BURN_SPILLS = """() => {
  const box = document.querySelector('#burn').getBoundingClientRect();
  const out = [...document.querySelectorAll('#burn *')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && (r.bottom > box.bottom + 0.5 || r.top < box.top - 0.5);
  }).map((e) => e.className);
  const backs = document.querySelector('#burn .burn-backs');
  return [out, backs.scrollWidth > backs.clientWidth];
}"""


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_burn_fits_its_mini_card_on_a_phone(browser: Any, server_url: str, lang: str) -> None:
    """The burn's face card drew its big pip under the card onto the result line, and "+10"
    overflowed the card back (review L3)."""
    page = open_table(browser, server_url, viewport=VIEWPORTS["phone"], locale=LOCALES[lang])
    join_as_guest(page)
    place(page, "banker", 500)
    rnd = deal(page)
    burn = rnd["shoe"]["burn"]
    assert burn, "a fresh guest's first round opens a cut-card shoe with a burn"
    expect(page.locator("#burn")).to_be_visible()
    assert page.evaluate(BURN_SPILLS) == [[], False]
    shown = str(page.text_content("#burn .burn-card .corner.tl"))
    assert shown == burn["shown"]["rank"] + burn["shown"]["text"][-1]
    assert page.is_visible("#burn .burn-card .corner.tl")
    finish(page)


def test_the_shoe_over_banner_fits_its_line_on_a_phone(browser: Any, server_url: str) -> None:
    """The two-line "Última mano repartida: este zapato ha terminado…" overlapped the hands'
    border and touched the call line (review L15). The banner is shown here with that text
    (a whole shoe is played to it in test_web_table.py)."""
    page = open_table(browser, server_url, viewport=VIEWPORTS["phone"], locale="es-ES")
    join_as_guest(page)
    page.eval_on_selector(
        "#shoe-news",
        "(e, text) => { e.textContent = text; e.hidden = false; }",
        tr("es", "shoe.finished"),
    )
    news, hand_p, hand_b, call = boxes(
        page, ["#shoe-news", "#hand-player", "#hand-banker", "#call"]
    )
    for other in (hand_p, hand_b, call):
        assert not overlaps(news, other), (news, other)
    finish(page)


def test_currency_sign_and_top_ups_under_the_cap(browser: Any, serve: Any) -> None:
    with serve(PUNTOBANCO_CURRENCY="€", PUNTOBANCO_BALANCE_CAP_MINOR="150000") as url:
        page = open_table(browser, url)
        join_as_guest(page)
        balance = api(page, "/api/me")["balance_minor"]
        assert page.text_content("#balance") == f"€{money(balance)}"
        choose(page, "topup")
        offered = page.eval_on_selector_all(
            "#topup-amounts button", "bs => bs.map(b => Number(b.dataset.amount))"
        )
        assert offered == [a for a in (10_000, 50_000) if a <= 150_000 - balance]
        page.click(f'#topup-amounts [data-amount="{offered[-1]}"]')
        page.wait_for_selector("#topup-dialog", state="hidden")
        page.click("#lang")
        topped = api(page, "/api/me")["balance_minor"]
        assert page.text_content("#balance") == f"{money(topped, 'es')}\u00a0€"
        if topped == 150_000:
            choose(page, "topup")
            assert page.locator("#topup-amounts button").count() == 0
            assert page.text_content("#topup-text") == tr(
                "es", "account.topup.full", cap="1.500,00\u00a0€"
            )
        finish(page)


def test_side_bets_open_in_a_tray_on_a_phone(browser: Any, server_url: str) -> None:
    page = open_table(browser, server_url, viewport=VIEWPORTS["phone"])
    join_as_guest(page)
    if "punto-banco-pairs" not in api(page, "/api/table").get("presets", []):
        pytest.skip("this server offers no table with pair bets")
    choose(page, "open-rules")
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/api/shoe")):
        page.select_option("#preset-select", "punto-banco-pairs")
    page.keyboard.press("Escape")
    page.wait_for_selector("#tray-toggle", state="visible")
    assert page.is_hidden('.spot[data-bet="player_pair"]')
    page.click("#tray-toggle")
    assert in_view(page, '.spot[data-bet="player_pair"]')
    place(page, "player_pair", 500)
    page.click("#tray-toggle")
    assert page.text_content("#tray-toggle") == tr("en", "tray.with", amount=money(500))
    for selector in BETTING + SPOTS:
        assert in_view(page, selector), selector
    finish(page)


def test_phone_card_faces_keep_the_index_off_the_pip(browser: Any, server_url: str) -> None:
    page = open_table(browser, server_url, viewport=VIEWPORTS["phone"])
    join_as_guest(page)
    place(page, "banker", 500)
    deal(page)
    # Every rank and suit, drawn by the page's own code in a hand on the felt.
    suits = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
    ranks = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    cards = [
        {"code": r + s, "rank": r, "suit": s, "text": r + glyph}
        for r in ranks
        for s, glyph in suits.items()
    ]
    overlaps = page.evaluate(
        """async (cards) => {
            const { cardElement } = await import('/js/pieces.js');
            const hand = document.getElementById('cards-player');
            hand.replaceChildren(...cards.map((card) => {
                const node = cardElement(card);
                node.classList.add('flipped');
                return node;
            }));
            return [...hand.querySelectorAll('.card')].filter((card) => {
                const range = document.createRange();
                range.selectNodeContents(card.querySelector('.pip'));
                const pip = range.getBoundingClientRect();
                const corner = card.querySelector('.corner.tl').getBoundingClientRect();
                return !(pip.left >= corner.right || pip.top >= corner.bottom
                    || pip.right <= corner.left || pip.bottom <= corner.top);
            }).map((card) => card.dataset.code);
        }""",
        cards,
    )
    assert overlaps == []
    finish(page)
