"""Rules the operator withdraws: the page asks the player to choose others (issue 12)."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from test_web_table import api, deal, expect, finish, join_as_guest, money, open_table, place
from web_catalogue import tr
from web_menu import choose

pytestmark = [pytest.mark.browser, pytest.mark.slow]

OFFERED = ["online", "punto-banco"]


def test_the_page_asks_for_other_rules_when_its_rules_are_withdrawn(
    browser: Any, serve: Callable[..., AbstractContextManager[str]]
) -> None:
    with serve() as url:
        page = open_table(browser, url)
        join_as_guest(page)
        scripted = {"X-Requested-With": "tests"}  # the cookie without Origin (security.py)
        chosen = page.request.put(f"{url}/api/table", data={"preset": "super-6"}, headers=scripted)
        assert chosen.ok, chosen.text()
    # The operator restarts the server without super-6. The cookie is the same host's.
    with serve(PUNTOBANCO_TABLE_PRESETS=json.dumps(OFFERED)) as url:
        page.goto(f"{url}/?speed=0")
        page.wait_for_selector("body[data-table=ready]")
        assert api(page, "/api/table")["withdrawn"] is True
        # Told at once, before any deal.
        expect(page.locator("#message")).to_have_text(tr("en", "rules.withdrawn"))
        place(page, "banker", 500)
        balance = page.text_content("#balance")
        with page.expect_response(lambda r: r.url.split("?")[0].endswith("/api/rounds")) as info:
            page.click("#deal")
        assert info.value.status == 409
        error = info.value.json()["error"]
        assert error["code"] == "preset_withdrawn"
        # The server's sentence names the rules offered; the rules dialog opens on the choice.
        expect(page.locator("#message")).to_have_text(error["message"])
        assert "online, punto-banco" in error["message"]
        expect(page.locator("#rules")).to_be_visible()
        expect(page.locator("#preset-prompt")).to_have_text(tr("en", "rules.withdrawn"))
        select = page.locator("#preset-select")
        expect(select).to_be_focused()
        options = select.locator("option")
        expect(options).to_have_count(3)
        expect(options.nth(0)).to_be_disabled()
        expect(options.nth(0)).to_have_text(
            tr("en", "rules.withdrawn.option", name=tr("en", "preset.super-6"))
        )
        # The chips stay on the table and nothing was taken.
        expect(page.locator("#balance")).to_have_text(str(balance))
        expect(page.locator('.spot[data-bet="banker"] .spot-amount')).to_have_text(money(500))
        # Both follow a language switch.
        page.keyboard.press("Escape")
        expect(page.locator("#rules")).to_be_hidden()
        page.click("#lang")
        expect(page.locator("#message")).to_have_text(error["messages"]["es"])
        choose(page, "open-rules")
        expect(page.locator("#preset-prompt")).to_have_text(tr("es", "rules.withdrawn"))
        page.keyboard.press("Escape")
        page.click("#lang")
        choose(page, "open-rules")
        with page.expect_response(lambda r: r.url.split("?")[0].endswith("/api/table")):
            select.select_option("punto-banco")
        expect(page.locator("#preset-prompt")).to_be_hidden()
        expect(options).to_have_count(2)
        page.keyboard.press("Escape")
        expect(page.locator("#rules")).to_be_hidden()
        rnd = deal(page)
        assert rnd["preset"] == "punto-banco"
        finish(page)
