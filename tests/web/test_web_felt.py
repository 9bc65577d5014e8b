"""The felt as a real layout, at the three screens in both languages: the rules line and the
hands on the felt, Player and Banker spots of one size with Tie smaller, a result badge that
leaves the spot's name readable, and a header of one compact row. Screenshots go to
test-artifacts/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_web_one_screen import LOCALES, VIEWPORTS
from test_web_table import deal, finish, join_as_guest, open_table, place
from web_catalogue import tr
from web_menu import choose

pytestmark = [pytest.mark.browser, pytest.mark.slow]

Box = dict[str, float]


def box_of(page: Any, selector: str) -> Box:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return dict(box)


def inside(inner: Box, outer: Box) -> bool:
    return (
        inner["x"] >= outer["x"] - 0.5
        and inner["y"] >= outer["y"] - 0.5
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5
    )


def overlap(a: Box, b: Box) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_the_felt_is_laid_out_as_a_real_table(
    browser: Any, server_url: str, artifacts: Path, screen: str, lang: str
) -> None:
    page = open_table(browser, server_url, viewport=VIEWPORTS[screen], locale=LOCALES[lang])
    join_as_guest(page)

    felt = box_of(page, ".felt")
    for selector in ("#table-rules", "#hand-player", "#hand-banker", "#bets"):
        assert inside(box_of(page, selector), felt), selector
    assert page.text_content("#table-rules")

    player, banker, tie = (
        box_of(page, f'.spot[data-bet="{b}"]') for b in ("player", "banker", "tie")
    )
    assert abs(player["width"] - banker["width"]) <= 1
    assert abs(player["height"] - banker["height"]) <= 1
    assert tie["width"] * tie["height"] < player["width"] * player["height"]

    # The header is one row: the brand, the balance, the language and the menu side by side.
    header = box_of(page, ".topbar")
    row = [box_of(page, s) for s in (".brand", ".purse", "#lang", "#menu-button")]
    for item in row:
        assert item["y"] >= header["y"] - 0.5
        assert item["y"] + item["height"] <= header["y"] + header["height"] + 0.5
    assert all(a["x"] + a["width"] <= b["x"] + 0.5 for a, b in zip(row, row[1:], strict=False))
    if screen == "phone":
        assert header["height"] <= 64, header

    # After a round, each settled spot's badge leaves its name readable; the burn that opened
    # the shoe (a new guest's first round) stays on its line, off the hands and the call.
    place(page, "player", 500)
    place(page, "banker", 500)
    place(page, "tie", 500)
    deal(page)
    burn = box_of(page, "#burn")
    assert inside(burn, box_of(page, ".news"))
    for selector in ("#hand-player", "#hand-banker", "#call"):
        assert not overlap(burn, box_of(page, selector)), selector
    badges = 0
    for bet in ("player", "banker", "tie"):
        spot = f'.spot[data-bet="{bet}"]'
        if page.locator(f"{spot} .spot-result").count():
            badges += 1
            badge, name = box_of(page, f"{spot} .spot-result"), box_of(page, f"{spot} .spot-name")
            assert not overlap(badge, name), bet
            assert inside(badge, box_of(page, spot)), bet
    assert badges == 3
    page.screenshot(path=str(artifacts / f"web-felt-{screen}-{lang}.png"))
    finish(page)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_rules_say_each_thing_once(browser: Any, server_url: str, lang: str) -> None:
    page = open_table(browser, server_url, locale=LOCALES[lang])
    join_as_guest(page)
    choose(page, "open-rules")
    page.wait_for_selector("#rules[open]")
    body = str(page.text_content("#rules-body"))
    once = [
        tr(lang, "rules.decks", n=8),
        tr(lang, "rules.mode.cut-card", n=14),
        tr(lang, "rules.commission", pct="5%"),
        tr(lang, "rules.tie_push"),
    ]
    for fact in once:
        assert body.lower().count(fact.lower()) == 1, fact
    sentences = page.eval_on_selector_all("#rules-body p", "ps => ps.map(p => p.textContent)")
    assert len(sentences) == len(set(sentences)) and all(sentences)
    names = page.eval_on_selector_all(
        "#rules-body tbody th", "cells => cells.map(c => c.textContent)"
    )
    assert len(names) == len(set(names)) == 3
    finish(page)
