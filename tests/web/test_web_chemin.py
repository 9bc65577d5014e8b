"""The Chemin de fer page: reached from the table's menu, it plays a seeded table through a
choice of each kind (draw once, stand once), in English and Spanish, with the explanation
panel on (the advice at the choice, the judgement after it).

The shoe is known: the seeded server's server seed and the client seed ``CLIENT_SEED``,
chosen (by playing this test's moves through the API) so that the player, as punter, is
refused a bet over the bank, bets, goes banco and meets both choices within 11 moves. With
a guest's random client seed two choices took from 7 to over 200 moves.

After every action the balance the page shows is checked against ``GET /api/chemin/table``,
a refusal's sentence against the API's own ``messages[lang]``, and axe-core runs on the page
while a choice waits.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_web_one_screen import serious_violations
from test_web_table import finish, money
from web_catalogue import tr
from web_game_page import game_table, open_game, press, sit_on_client_seed

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLIENT_SEED = "draw-then-stand-10"


def table(page: Any) -> dict[str, Any]:
    return game_table(page, "chemin")


def shown_balance(page: Any) -> str:
    return str(page.text_content('#chem-seats tr[data-seat="0"] .chem-balance')).strip()


def check_balance(page: Any, lang: str) -> dict[str, Any]:
    now = table(page)
    assert shown_balance(page) == money(now["seats"][0]["balance_minor"], lang)
    return now


def amount_text(minor: int, lang: str) -> str:
    return f"{minor // 100}{',' if lang == 'es' else '.'}{minor % 100:02d}"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_seeded_table_played_through_a_draw_and_a_stand(
    browser: Any, seeded_server_url: str, artifacts: Path, lang: str
) -> None:
    page = open_game(browser, seeded_server_url, lang, "chemin")
    sit_on_client_seed(page, "chemin", CLIENT_SEED)
    now = check_balance(page, lang)
    assert now["turn"] == "bank" and page.is_visible('[data-act="bank"]')

    # The explanation panel: off at first; switched on, remembered across a reload.
    assert page.text_content("#chem-explain-label") == tr(lang, "chemin.explain_toggle")
    assert not page.is_checked("#chem-explain-toggle")
    press(page, "#chem-explain-toggle")
    page.reload()
    page.wait_for_selector("body[data-table=ready]", state="attached")
    assert page.is_checked("#chem-explain-toggle")

    # An amount the page cannot read is refused before anything is sent.
    page.fill("#chem-amount", "12,345")
    press(page, '[data-act="bank"]')
    assert page.text_content("#chem-error") == tr(lang, "chemin.err.amount")

    choices: list[str] = []
    moves: set[str] = set()
    refused = just_refused = False
    for _ in range(200):
        now = table(page)
        if now["turn"] == "decision":
            pending = now["pending"]
            assert page.is_visible('[data-choice="draw"]') and page.is_visible(
                '[data-choice="stand"]'
            )
            assert page.text_content('[data-choice="draw"]') == tr(lang, "chemin.choice.draw")
            assert page.text_content('[data-choice="stand"]') == tr(lang, "chemin.choice.stand")
            assert pending["side"] == "player"  # the player never banks here: he punts
            assert page.text_content("#chem-explain") == tr(
                lang, "chemin.explain.player", total=pending["total"]
            )
            # The advice next to the buttons: the server's sentence in the page's language.
            assert page.text_content("#chem-advice") == pending["advice"]["messages"][lang]
            if not choices:
                assert serious_violations(page) == [], "a choice waiting, with its advice"
            choice = "draw" if not choices else "stand"
            press(page, f'[data-choice="{choice}"]')
            choices.append(choice)
            after = check_balance(page, lang)
            rnd = page.request.get(
                page.url.split("/chemin.html")[0] + f"/api/chemin/rounds/{pending['round_id']}"
            ).json()
            mine = [d["choice"] for d in rnd["decisions"] if not d["computer"]]
            assert mine == [choice] and rnd["status"] == "settled"
            assert rnd["fairness"]["client_seed"] == CLIENT_SEED
            assert page.is_visible("#chem-result")
            assert page.text_content("#chem-commission") == tr(
                lang, "chemin.commission", amount=money(rnd["commission_minor"], lang)
            )
            # After the round: whether the choice was the optimal one, and what it cost.
            judged = next(d["judged"] for d in rnd["decisions"] if not d["computer"])
            assert judged["optimal"] is (
                pending["advice"]["kind"] != "pure" or choice == pending["advice"]["optimal"]
            )
            assert page.text_content("#chem-judged") == judged["messages"][lang]
            me = next(s for s in rnd["seats"] if s["seat"] == 0)
            cells = page.locator('#chem-payouts tr[data-seat="0"] td').all_text_contents()
            assert cells[3] == money(me["payout_minor"], lang)
            assert after["pending"] is None
            if len(choices) == 2:
                break
        elif now["turn"] in ("bank", "deal", "keep"):
            press(page, '[data-act="pass"]')
        elif now["left_minor"] == 0 or now["seats"][0]["balance_minor"] < now["minimum_minor"]:
            press(page, '[data-act="sit_out"]')
        elif not refused and now["seats"][0]["balance_minor"] > now["left_minor"] + 100:
            # More than is left to cover: the API refuses, the page says its sentence.
            page.fill("#chem-amount", amount_text(now["left_minor"] + 100, lang))
            with page.expect_response(lambda r: "/api/chemin/act" in r.url) as info:
                press(page, '[data-act="bet"]')
            error = info.value.json()["error"]
            assert error["code"] == "over_bank"
            assert page.text_content("#chem-error") == error["messages"][lang]
            assert table(page) == now
            refused = just_refused = True
        elif not now["bets_before"] and now["seats"][0]["balance_minor"] >= now["left_minor"]:
            press(page, '[data-act="banco"]')
            moves.add("banco")
        else:  # what is left to cover, or all the player has when that is less
            stake = min(now["left_minor"], now["seats"][0]["balance_minor"])
            page.fill("#chem-amount", amount_text(stake, lang))
            press(page, '[data-act="bet"]')
            moves.add("bet")
        check_balance(page, lang)
        if not just_refused:
            # An answer clears the last refusal.
            assert page.is_hidden("#chem-error"), page.text_content("#chem-error")
        just_refused = False
    page.screenshot(path=str(artifacts / f"chemin-{lang}.png"), full_page=True)
    assert choices == ["draw", "stand"]
    assert refused and moves == {"bet", "banco"}, "the shoe no longer plays every move"
    finish(page)
