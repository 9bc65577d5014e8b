"""The show at the private table (issue 25): chips slide onto the spots, the dealer collects
the lost chips (none is left on the felt) and pays each win beside its stake, inside its own
spot and clear of every other one, at 1280, 800 and 390 px wide; under prefers-reduced-motion
nothing moves and the table ends the same; the result's sound is off until the player turns
it on, and the choice is remembered.

Every round is known in advance: the seeded server (web_seed) and a client seed chosen here
with the core's shoe, so that the first coup has one pair and no tie.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import pytest
from conftest import SERVER_ENV
from test_web_table import api, deal, finish, join_as_guest, open_table, place
from tests.server.live import live_server
from web_seed import TEST_SERVER_SEED

from puntobanco.core.coup import CoupResult, Outcome
from puntobanco.core.fairness import FairSource
from puntobanco.core.rules import PRESETS
from puntobanco.core.shoe import Shoe

pytestmark = [pytest.mark.browser, pytest.mark.slow]

Box = dict[str, float]

PRESET = "punto-banco-pairs"
#: Slow enough for the show to run (?speed=0 turns every movement off), quick for a test.
SPEED = 120
SCREENS = {
    "1280": {"width": 1280, "height": 800},
    "800": {"width": 800, "height": 800},
    "390": {"width": 390, "height": 844},
}

#: Records every Web Animations call (which element moved) and the most animations running
#: at once, sampled each frame: what moved is read from the page, not assumed.
WATCH = """
window.__moves = [];
window.__mostRunning = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  const spot = this.closest(".spot");
  window.__moves.push({
    bet: spot ? spot.dataset.bet : null,
    ghost: this.classList.contains("chip-ghost"),
    paid: this.classList.contains("paid"),
  });
  return animate.apply(this, args);
};
const sample = () => {
  window.__mostRunning = Math.max(window.__mostRunning, document.getAnimations().length);
  requestAnimationFrame(sample);
};
requestAnimationFrame(sample);
window.__tones = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.__tones += 1;
  return start.apply(this, args);
};
"""

#: Each spot drawn on screen: its result, its box, and the union of its drawn stake chips and
#: pay chips; and every chip drawn outside the rack (a copy the dealer takes away included).
GEOMETRY = """() => {
  const drawn = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden";
  };
  const rect = (r) => ({ x: r.left, y: r.top, width: r.width, height: r.height });
  const union = (els) => {
    const rs = els.filter(drawn).map((e) => e.getBoundingClientRect());
    if (!rs.length) return null;
    const left = Math.min(...rs.map((r) => r.left));
    const top = Math.min(...rs.map((r) => r.top));
    const right = Math.max(...rs.map((r) => r.right));
    const bottom = Math.max(...rs.map((r) => r.bottom));
    return { x: left, y: top, width: right - left, height: bottom - top };
  };
  const spots = [...document.querySelectorAll("#bets .spot[data-bet]")].filter(drawn).map((s) => ({
    bet: s.dataset.bet,
    resolution: ["win", "lose", "push"].find((c) => s.classList.contains(c)) || null,
    box: rect(s.getBoundingClientRect()),
    stake: union([...s.querySelectorAll(":scope > .stack:not(.paid) > .chip")]),
    paid: union([...s.querySelectorAll(".stack.paid > .chip")]),
  }));
  const chips = [...document.querySelectorAll(".chip")]
    .filter((c) => !c.closest("#chips") && drawn(c))
    .map((c) => rect(c.getBoundingClientRect()));
  return { spots, chips };
}"""

#: A spot as the player sees it once settled: what the tests compare with and without motion.
END_STATE = """() => [...document.querySelectorAll("#bets .spot[data-bet]")].map((s) => {
  const drawn = (e) => e.getClientRects().length > 0;
  const values = (sel) => [...s.querySelectorAll(sel)].filter(drawn).map((c) => c.dataset.value);
  const text = (sel) => [...s.querySelectorAll(sel)].filter(drawn).map((e) => e.textContent);
  return [s.dataset.bet, s.className, values(":scope > .stack:not(.paid) > .chip"),
    values(".stack.paid > .chip"), text(".spot-amount"), text(".spot-result")];
})"""

#: Elements whose computed style still moves: a transition or an animation.
MOVING_STYLES = """() => [...document.querySelectorAll("*")].filter((e) => {
  const s = getComputedStyle(e);
  const long = (v) => v.split(",").some((d) => parseFloat(d) > 0);
  return long(s.transitionDuration) || (s.animationName !== "none" && long(s.animationDuration));
}).map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")}#${e.id}`)"""


def _overlap(a: Box, b: Box) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"] + 0.5
        or b["x"] + b["width"] <= a["x"] + 0.5
        or a["y"] + a["height"] <= b["y"] + 0.5
        or b["y"] + b["height"] <= a["y"] + 0.5
    )


def _inside(inner: Box, outer: Box) -> bool:
    return (
        inner["x"] >= outer["x"] - 0.5
        and inner["y"] >= outer["y"] - 0.5
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5
    )


def _first_coup(client_seed: str, nonce: int) -> CoupResult:
    return Shoe(PRESETS[PRESET], FairSource(TEST_SERVER_SEED, client_seed, nonce)).deal_coup()


def _pair(cards: tuple[Any, ...]) -> bool:
    return bool(cards[0].rank == cards[1].rank)


def _one_pair_seed(nonce: int) -> tuple[str, CoupResult]:
    """A client seed whose first coup is no tie and has exactly one pair."""
    for n in range(5000):
        seed = f"show-{n}"
        coup = _first_coup(seed, nonce)
        pairs = (_pair(coup.player_cards), _pair(coup.banker_cards))
        if coup.outcome is not Outcome.TIE and sum(pairs) == 1:
            return seed, coup
    raise AssertionError("no such client seed in 5000")


@pytest.fixture(scope="module")
def pairs_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The seeded server, its new players at a table with the pairs (narrow spots beside Tie)."""
    tmp = tmp_path_factory.mktemp("web-show")
    env = {
        **SERVER_ENV,
        "PUNTOBANCO_TEST_SERVER_SEED": TEST_SERVER_SEED.hex(),
        "PUNTOBANCO_DEFAULT_PRESET": PRESET,
    }
    # The settings go in as keyword strings, which mypy cannot tell from live_server's options.
    settings = cast("dict[str, Any]", env)
    with live_server(f"sqlite:///{tmp / 'table.sqlite3'}", **settings) as (url, _process):
        yield url


def _seat(
    browser: Any, url: str, viewport: dict[str, int], *, reduced: bool = False
) -> tuple[Any, dict[str, int]]:
    """A guest at the pairs table, watched (WATCH), on a client seed whose first coup is
    known; returns the page and the round's stakes, one spot of each result."""
    page = open_table(browser, url, viewport=viewport, speed=SPEED)
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    page.add_init_script(WATCH)
    page.reload()
    page.wait_for_selector("#welcome[open]")
    join_as_guest(page)
    nonce = api(page, "/api/table")["fairness"]["nonce"]
    seed, coup = _one_pair_seed(nonce)
    answer = page.request.post(
        page.url.split("/?")[0] + "/api/fairness/client-seed",
        data={"client_seed": seed},
        headers={"X-Requested-With": "tests"},
    )
    assert answer.ok, answer.text()
    assert answer.json()["nonce"] == nonce
    winner = coup.outcome.value
    loser = "player" if coup.outcome is Outcome.BANKER else "banker"
    hit = "player_pair" if _pair(coup.player_cards) else "banker_pair"
    miss = "banker_pair" if hit == "player_pair" else "player_pair"
    stakes = {winner: 5000, loser: 2500, "tie": 500, hit: 1000, miss: 500}
    return page, stakes


def _bet(page: Any, stakes: dict[str, int], phone: bool) -> None:
    """Place every stake with the 5 chip (its rack chip rises, the others stay)."""
    sides = [bet for bet in stakes if bet.endswith("_pair")]
    if phone:
        page.click("#tray-toggle")
    for bet in sides:
        place(page, bet, 500, stakes[bet] // 500)
    if phone:
        page.click("#tray-toggle")
    for bet in stakes:
        if bet not in sides:
            place(page, bet, 500, stakes[bet] // 500)


def _check_settled_geometry(
    page: Any, results: dict[str, str], among: set[str] | None = None
) -> int:
    """No chip on a lost spot; each pay inside its spot, clear of the others, beside its
    stake. Only the spots ``among`` are measured (a phone's open tray lies over the main
    spots). Returns how many won spots were measured."""
    seen = page.evaluate(GEOMETRY)
    spots = {s["bet"]: s for s in seen["spots"] if among is None or s["bet"] in among}
    measured = 0
    for bet, spot in spots.items():
        assert spot["resolution"] == results[bet], bet
        if spot["resolution"] == "lose":
            assert spot["stake"] is None and spot["paid"] is None, bet
            assert not [c for c in seen["chips"] if _overlap(c, spot["box"])], bet
        if spot["resolution"] != "win":
            continue
        measured += 1
        stake, paid = spot["stake"], spot["paid"]
        assert stake is not None and paid is not None, bet
        assert _inside(paid, spot["box"]), (bet, paid, spot["box"])
        for other, there in spots.items():
            if other != bet:
                assert not _overlap(paid, there["box"]), (bet, other, paid, there["box"])
        # Beside: side by side on one line, a hair apart (at most half a chip).
        assert not _overlap(paid, stake), (bet, paid, stake)
        chip = stake["width"]
        gap = max(stake["x"] - (paid["x"] + paid["width"]), paid["x"] - (stake["x"] + chip))
        assert 0 <= gap <= chip / 2, (bet, gap)
        assert paid["y"] < stake["y"] + stake["height"] and stake["y"] < paid["y"] + paid["height"]
    return measured


#: The drawn stake chips of some spots, counted in the page.
CHIPS_ON = """(bets) => bets.flatMap((bet) =>
  [...document.querySelectorAll(`.spot[data-bet="${bet}"] > .stack > .chip`)])
  .filter((c) => c.getClientRects().length > 0).length"""


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_dealer_collects_the_lost_chips_and_pays_beside_the_stake(
    browser: Any, pairs_url: str, screen: str
) -> None:
    phone = screen == "390"
    page, stakes = _seat(browser, pairs_url, SCREENS[screen])
    _bet(page, stakes, phone)
    # Each chip slid in from the rack, on the spot it was placed on (a phone's pairs too,
    # placed in their open tray).
    slid = {m["bet"] for m in page.evaluate("window.__moves")}
    assert slid == set(stakes)
    winner = max(("player", "banker"), key=lambda b: stakes[b])
    hit = max(("player_pair", "banker_pair"), key=lambda b: stakes[b])
    lost = sorted(set(stakes) - {winner, hit})
    lost_chips = page.evaluate(CHIPS_ON, lost)
    assert lost_chips >= 2
    page.evaluate("window.__moves = []")
    rnd = deal(page)
    results = {s["bet"]: s["resolution"] for s in rnd["settlement"]}
    assert results == {bet: "lose" if bet in lost else "win" for bet in stakes}
    moves = page.evaluate("window.__moves")
    # The dealer took every lost chip drawn on screen (on a phone the pairs' tray is closed),
    # and paid every win drawn there; the copies he took are gone.
    assert sum(m["ghost"] for m in moves) == lost_chips
    paid = {m["bet"] for m in moves if m["paid"]}
    assert paid == ({winner} if phone else {winner, hit})
    assert page.evaluate("document.querySelectorAll('.chip-ghost').length") == 0
    assert _check_settled_geometry(page, results) == len(paid)
    if phone:
        page.click("#tray-toggle")  # the pairs, in their tray over the main spots
        assert _check_settled_geometry(page, results, {"player_pair", "banker_pair"}) == 1
    finish(page)


def test_with_reduced_motion_nothing_moves_and_the_table_ends_the_same(
    browser: Any, pairs_url: str
) -> None:
    ends = []
    for reduced in (False, True):
        page, stakes = _seat(browser, pairs_url, SCREENS["1280"], reduced=reduced)
        _bet(page, stakes, phone=False)
        deal(page)
        moves = page.evaluate("window.__moves")
        running = page.evaluate("window.__mostRunning")
        if reduced:
            assert moves == [] and running == 0
            assert page.evaluate(MOVING_STYLES) == []
        else:
            # The same page without the preference moves: the check above can fail.
            assert moves and running > 0
            assert page.evaluate(MOVING_STYLES) != []
        ends.append(
            (page.evaluate(END_STATE), page.text_content("#call"), page.text_content("#balance"))
        )
        finish(page)
    assert ends[0] == ends[1]
    spots = {bet: (cls, stake, paid) for bet, cls, stake, paid, _amount, _badge in ends[0][0]}
    assert any("lose" in cls and not stake for cls, stake, _ in spots.values())
    assert any("win" in cls and stake and paid for cls, stake, paid in spots.values())


def test_the_sound_is_off_by_default_and_remembered(browser: Any, pairs_url: str) -> None:
    page, _stakes = _seat(browser, pairs_url, SCREENS["390"])
    toggle = page.locator("#sound-toggle")
    assert toggle.get_attribute("role") == "switch"
    assert toggle.get_attribute("aria-checked") == "false"
    # Named in the page's language, and again after a switch of language.
    names = {"Sound of the result", "Sonido del resultado"}
    first = toggle.get_attribute("aria-label")
    assert first in names
    page.click("#lang")
    page.wait_for_function(
        "(before) => document.querySelector('#sound-toggle').getAttribute('aria-label') !== before",
        arg=first,
    )
    assert toggle.get_attribute("aria-label") in names - {first}
    place(page, "player", 500)
    deal(page)
    assert page.evaluate("window.__tones") == 0
    toggle.click()
    assert toggle.get_attribute("aria-checked") == "true"
    assert page.evaluate("window.__tones") == 2  # the win's two notes, once, as a sample
    page.reload()
    page.wait_for_selector("body[data-table=ready]")
    assert page.get_attribute("#sound-toggle", "aria-checked") == "true"
    place(page, "player", 500)
    rnd = deal(page)
    # The result's tone (the page was loaded again: the count starts at 0): two notes for a
    # win, one for a loss or a push.
    assert page.evaluate("window.__tones") == (2 if rnd["net_minor"] > 0 else 1)
    page.click("#sound-toggle")
    assert page.get_attribute("#sound-toggle", "aria-checked") == "false"
    page.reload()
    page.wait_for_selector("body[data-table=ready]")
    assert page.get_attribute("#sound-toggle", "aria-checked") == "false"
    place(page, "player", 500)
    deal(page)
    assert page.evaluate("window.__tones") == 0
    finish(page)
