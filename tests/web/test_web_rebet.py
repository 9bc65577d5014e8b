"""Rebet checks the table's maxima and the balance before it places anything: a last bet the
balance no longer covers, or one over a maximum the operator has since lowered, is refused in
the page with a sentence naming the limit, and no chip is placed."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from test_web_one_screen import LOCALES
from test_web_table import api, deal, expect, finish, join_as_guest, money, open_table, place
from web_catalogue import tr
from web_seed import TEST_SERVER_SEED

from puntobanco.core.coup import Outcome
from puntobanco.core.fairness import FairSource
from puntobanco.core.rules import PRESETS
from puntobanco.core.shoe import Shoe

pytestmark = [pytest.mark.browser, pytest.mark.slow]

Serve = Callable[..., AbstractContextManager[str]]


def _nothing_placed(page: Any, lang: str) -> None:
    expect(page.locator("#bet-total")).to_have_text(money(0, lang))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_rebet_is_refused_when_the_balance_no_longer_covers_it(
    browser: Any, serve: Serve, lang: str
) -> None:
    with serve(PUNTOBANCO_TEST_SERVER_SEED=TEST_SERVER_SEED.hex()) as url:
        page = open_table(browser, url, locale=LOCALES[lang])
        join_as_guest(page)
        table = api(page, "/api/table")
        fair = table["fairness"]
        # The seed is known: the core says each coup, so the test bets on the side that loses.
        shoe = Shoe(
            PRESETS[table["rules"]["name"]],
            FairSource(TEST_SERVER_SEED, fair["client_seed"], fair["nonce"]),
        )
        coup = shoe.deal_coup()
        while coup.outcome is Outcome.TIE:  # a tie loses nothing: play it at the minimum
            place(page, "player", 100, 2)
            deal(page)
            coup = shoe.deal_coup()
        loser = "player" if coup.outcome is Outcome.BANKER else "banker"
        place(page, loser, 50_000)
        place(page, "tie", 10_000)
        rnd = deal(page)
        assert rnd["outcome"] == coup.outcome.value
        balance = api(page, "/api/me")["balance_minor"]
        assert balance < 60_000
        page.click("#rebet")
        expect(page.locator("#message")).to_have_text(
            tr(lang, "err.rebet_balance", amount=money(60_000, lang))
        )
        _nothing_placed(page, lang)
        expect(page.locator("#balance")).to_have_text(money(balance, lang))
        finish(page)


def test_rebet_is_refused_over_a_maximum_lowered_since(browser: Any, serve: Serve) -> None:
    with serve() as url:
        page = open_table(browser, url)
        join_as_guest(page)
        place(page, "banker", 50_000)
        deal(page)
    # The operator restarts the server with a lower maximum; the page reloads.
    with serve(PUNTOBANCO_MAXIMUM_MINOR="20000") as url:
        page.goto(f"{url}/?speed=0")
        page.wait_for_selector("body[data-table=ready]")
        for lang in ("en", "es"):
            page.click("#rebet")
            expect(page.locator("#message")).to_have_text(
                tr(
                    lang,
                    "err.rebet_max",
                    name=tr(lang, "game.bet.banker"),
                    max=money(20_000, lang),
                )
            )
            _nothing_placed(page, lang)
            if lang == "en":
                page.click("#lang")
        finish(page)
