"""Golden rounds of Chemin de fer in the browser, with the money worked out by hand.

The seeded server's server seed is known (``web_seed``); each test sets a client seed
chosen so that the shoe's first rounds have no choice in them, and checks the cards the
round shows against the ones written out here (derived once from the core's fairness
shuffle: 6 decks, burn, dealt Player, Banker, Player, Banker). The table's minimum is
2.00 (the browser server's), so a computer punter bets 5 minimums (10.00) or what is left
of the bank, and a computer banker opens 30 minimums (60.00). After each round the page's
balance is checked against the figure worked out here and against ``GET /api/chemin/table``.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_web_chemin import check_balance, shown_balance, table
from test_web_table import finish, join_as_guest, money, open_table
from web_catalogue import tr
from web_game_page import LOCALES, base, press
from web_menu import choose

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: Computer players' chips when they sit: 1000 minimums of 2.00.
CHIPS = 200_000


def _base(page: Any) -> str:
    return base(page, "chemin")


def _post(page: Any, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = page.request.post(
        _base(page) + path, data=body, headers={"X-Requested-With": "tests"}
    )
    assert response.ok, response.text()
    answer: dict[str, Any] = response.json()
    return answer


def _round(page: Any, round_id: int) -> dict[str, Any]:
    response = page.request.get(_base(page) + f"/api/chemin/rounds/{round_id}")
    assert response.ok, response.text()
    body: dict[str, Any] = response.json()
    return body


def _seat_to(page: Any, lang: str, client_seed: str, computers: int) -> int:
    """Open the Chemin de fer page at a new table on ``client_seed``; the player's wallet."""
    page.wait_for_selector("body[data-table=ready]", state="attached")
    fairness = _post(page, "/api/fairness/client-seed", {"client_seed": client_seed})
    assert fairness["client_seed"] == client_seed
    _post(page, "/api/chemin/table", {"computers": computers, "decision_seconds": 3600})
    page.reload()
    page.wait_for_selector("body[data-table=ready]", state="attached")
    now = check_balance(page, lang)
    assert [s["balance_minor"] for s in now["seats"][1:]] == [CHIPS] * computers
    wallet: int = now["seats"][0]["balance_minor"]
    return wallet


def _codes(rnd: dict[str, Any]) -> list[str]:
    return [c["code"] for c in rnd["cards"]]


def _drawn(page: Any, box: str) -> dict[str, Any]:
    """The hands the page draws in ``box``: each hand's line, its cards' codes and spoken
    names, and how many lie face down."""
    hands: dict[str, Any] = {}
    for hand in ("player", "banker"):
        node = page.locator(f'{box} [data-hand="{hand}"]')
        cards = node.locator(".card")
        hands[hand] = {
            "line": node.locator(".hand-line").text_content(),
            "codes": [cards.nth(i).get_attribute("data-code") for i in range(cards.count())],
            "names": [cards.nth(i).get_attribute("aria-label") for i in range(cards.count())],
            "face_down": node.locator(".card-down").count(),
        }
    return hands


def _line(lang: str, side: str, total: int | None) -> str:
    name = tr(lang, f"game.side.{side}")
    if total is None:
        return f"{name}: {tr(lang, 'banque.face_down')}"
    return f"{name}: {tr(lang, 'banque.points', n=total)}"


def _check(page: Any, lang: str, balances: list[int]) -> dict[str, Any]:
    """The page's balance and every seat's at the API are the hand-worked ones."""
    now = check_balance(page, lang)
    assert [s["balance_minor"] for s in now["seats"]] == balances
    assert shown_balance(page) == money(balances[0], lang)
    return now


@pytest.mark.parametrize("lang", ["en", "es"])
def test_golden_rounds_with_the_player_banking(
    browser: Any, seeded_server_url: str, lang: str
) -> None:
    page = open_table(browser, seeded_server_url, locale=LOCALES[lang])
    join_as_guest(page)
    choose(page, "open-chemin")
    wallet = _seat_to(page, lang, "golden-banker-1", computers=3)
    assert table(page)["turn"] == "bank"

    # Round 1: the player opens a bank of 20.30. Seats 1 and 2 bet 10.00 each, seat 3 the
    # 0.30 left (under the minimum, but all that is left). Player 10c 7d = 7 stands;
    # Banker Jc 9d = 9, a natural: the bank wins 20.30, less 5% commission, 1.015,
    # rounded down to 1.01 (the half cent is rounded away): the player gains 19.29.
    page.fill("#chem-amount", "20,30" if lang == "es" else "20.30")
    with page.expect_response(lambda r: "/api/chemin/act" in r.url) as info:
        press(page, '[data-act="bank"]')
    rnd = info.value.json()["round"]
    assert rnd["status"] == "settled" and rnd["decisions"] == []
    assert _codes(rnd) == ["10c", "Jc", "7d", "9d"] and rnd["outcome"] == "banker"
    stakes = {s["seat"]: s["stake_minor"] for s in rnd["seats"]}
    assert stakes == {0: 2_030, 1: 1_000, 2: 1_000, 3: 30}
    assert rnd["commission_minor"] == 101 and rnd["rounded_away"] == "1/2"
    now = _check(page, lang, [wallet + 1_929, CHIPS - 1_000, CHIPS - 1_000, CHIPS - 30])
    assert page.text_content("#chem-commission") == tr(
        lang, "chemin.commission", amount=money(101, lang)
    )
    # On a phone the round's five columns fit the width (they made the page scroll sideways
    # in Spanish, as on the Banque page: review M4).
    size = page.viewport_size
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.set_viewport_size(size)
    # The player's own bank is "your bank", not "the bank of You (seat 0)" (review L9).
    assert page.text_content("#chem-outcome") == tr(
        lang,
        "chemin.outcome.you",
        side=tr(lang, "game.side.banker"),
        amount=money(2_030, lang),
    )
    cells = page.locator('#chem-payouts tr[data-seat="0"] td').all_text_contents()
    assert cells[2:] == [money(2_030, lang), money(2_030 + 1_929, lang), money(1_929, lang)]

    # The bank that won is the player's to keep: 20.30 and the 19.29 won, 39.59.
    assert now["turn"] == "keep" and now["bank"]["amount_minor"] == 3_959
    press(page, '[data-act="keep"]')
    assert table(page)["turn"] == "deal"

    # Round 2: seats 1 to 3 bet 10.00 each (9.59 of the bank is not covered).
    # Player 6h 3c = 9, Banker Js 9s = 9: a tie, every stake pushes, no commission.
    with page.expect_response(lambda r: "/api/chemin/act" in r.url) as info:
        press(page, '[data-act="deal"]')
    rnd = info.value.json()["round"]
    assert _codes(rnd) == ["6h", "Js", "3c", "9s"] and rnd["outcome"] == "tie"
    assert {s["seat"]: s["stake_minor"] for s in rnd["seats"]} == {
        0: 3_000,
        1: 1_000,
        2: 1_000,
        3: 1_000,
    }
    assert rnd["commission_minor"] == 0
    now = _check(page, lang, [wallet + 1_929, CHIPS - 1_000, CHIPS - 1_000, CHIPS - 30])
    assert now["bank"]["amount_minor"] == 3_959 and now["bank"]["seat"] == 0
    assert page.text_content("#chem-commission") == tr(
        lang, "chemin.commission", amount=money(0, lang)
    )
    finish(page)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_golden_rounds_with_the_player_punting_banco(
    browser: Any, seeded_server_url: str, lang: str
) -> None:
    page = open_table(browser, seeded_server_url, locale=LOCALES[lang])
    join_as_guest(page)
    choose(page, "open-chemin")
    wallet = _seat_to(page, lang, "golden-punter-31", computers=1)

    # The player passes the shoe: seat 1 opens a bank of 30 minimums, 60.00.
    press(page, '[data-act="pass"]')
    now = table(page)
    assert now["turn"] == "bet" and now["bank"] == {
        "seat": 1,
        "amount_minor": 6_000,
        "open": True,
        "may_keep": False,
    }
    assert page.text_content('[data-act="banco"]') == tr(
        lang, "chemin.act.banco", amount=money(6_000, lang)
    )

    # Round 1: banco, the whole bank of 60.00. Player 4h 6c = 0 draws 4h: 4; Banker 2d Qd
    # = 2 draws 2s: 4. A tie: the banco pushes; the bank stands with seat 1.
    with page.expect_response(lambda r: "/api/chemin/act" in r.url) as info:
        press(page, '[data-act="banco"]')
    rnd = info.value.json()["round"]
    assert _codes(rnd) == ["4h", "2d", "6c", "Qd", "4h", "2s"] and rnd["outcome"] == "tie"
    me = next(s for s in rnd["seats"] if s["seat"] == 0)
    assert me["banco"] and me["stake_minor"] == 6_000 and me["delta_minor"] == 0
    now = _check(page, lang, [wallet, CHIPS])
    assert now["turn"] == "bet" and now["bank"]["amount_minor"] == 6_000

    # Round 2: banco again. Player 7h Js = 7 stands; Banker 10s 5d = 5 draws Qc: 5.
    # The Player wins: the player gains the 60.00 (no commission on a punter's win).
    with page.expect_response(lambda r: "/api/chemin/act" in r.url) as info:
        press(page, '[data-act="banco"]')
    rnd = info.value.json()["round"]
    assert _codes(rnd) == ["7h", "10s", "Js", "5d", "Qc"] and rnd["outcome"] == "player"
    assert rnd["commission_minor"] == 0
    # The cards drawn as cards, by hand, each under its name and total: the Player stood,
    # so the fifth card is the Banker's.
    hearts = tr(lang, "card.name", rank=tr(lang, "card.rank.7"), suit=tr(lang, "card.suit.h"))
    assert _drawn(page, "#chem-cards") == {
        "player": {
            "line": _line(lang, "player", 7),
            "codes": ["7h", "Js"],
            "names": [
                hearts,
                tr(lang, "card.name", rank=tr(lang, "card.rank.J"), suit=tr(lang, "card.suit.s")),
            ],
            "face_down": 0,
        },
        "banker": {
            "line": _line(lang, "banker", 5),
            "codes": ["10s", "5d", "Qc"],
            "names": [
                tr(
                    lang,
                    "card.name",
                    rank=tr(lang, f"card.rank.{r}"),
                    suit=tr(lang, f"card.suit.{u}"),
                )
                for r, u in (("10", "s"), ("5", "d"), ("Q", "c"))
            ],
            "face_down": 0,
        },
    }
    assert "♥" in str(page.locator('#chem-cards [data-code="7h"]').text_content())
    now = _check(page, lang, [wallet + 6_000, CHIPS - 6_000])
    cells = page.locator('#chem-payouts tr[data-seat="0"] td').all_text_contents()
    assert cells[1:] == [
        tr(lang, "chemin.role.banco"),
        money(6_000, lang),
        money(12_000, lang),
        money(6_000, lang),
    ]
    # The bank lost: it passes on ("la main passe"), to the player.
    assert now["bank"]["seat"] == 0 and now["turn"] == "bank"
    finish(page)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_golden_round_with_the_players_choice_explained(
    browser: Any, seeded_server_url: str, lang: str
) -> None:
    page = open_table(browser, seeded_server_url, locale=LOCALES[lang])
    join_as_guest(page)
    choose(page, "open-chemin")
    wallet = _seat_to(page, lang, "golden-choice-27", computers=1)
    if not page.is_checked("#chem-explain-toggle"):
        press(page, "#chem-explain-toggle")
    press(page, '[data-act="pass"]')  # seat 1 opens a bank of 60.00

    # Banco 60.00. Player 10c 5c = 5, no natural on the table: the choice is the player's.
    # The stake is out of the wallet while it waits.
    with page.expect_response(lambda r: "/api/chemin/act" in r.url) as info:
        press(page, '[data-act="banco"]')
    assert info.value.json()["round"]["status"] == "pending"
    now = _check(page, lang, [wallet - 6_000, CHIPS - 6_000])
    pending = now["pending"]
    assert (pending["side"], pending["total"]) == ("player", 5)
    # Only the Player's two cards reach the page; the Banker's 4d Qc stay face down, in the
    # API's answers and in the page alike.
    assert [c["code"] for c in pending["cards"]] == ["10c", "5c"]
    assert info.value.json()["round"]["cards"] == pending["cards"]
    assert _drawn(page, "#chem-cards-now") == {
        "player": {
            "line": _line(lang, "player", 5),
            "codes": ["10c", "5c"],
            "names": [
                tr(lang, "card.name", rank=tr(lang, f"card.rank.{r}"), suit=tr(lang, "card.suit.c"))
                for r in ("10", "5")
            ],
            "face_down": 0,
        },
        "banker": {"line": _line(lang, "banker", None), "codes": [], "names": [], "face_down": 2},
    }
    html = page.content()
    for hidden in ("4d", "Qc", "♦", "Q♣"):
        assert hidden not in html, hidden
    assert page.locator("[data-code]").count() == 2
    # The advice beside the buttons, in the page's language, follows a language switch.
    assert page.is_visible("#chem-advice")
    assert page.text_content("#chem-advice") == pending["advice"]["messages"][lang]
    other = "es" if lang == "en" else "en"
    press(page, "#chem-lang")
    assert page.text_content("#chem-advice") == pending["advice"]["messages"][other]
    press(page, "#chem-lang")

    # Draw: 4d makes the Player 9; the Banker's 4 draws on a third card of 4: 9d, 13, so 3.
    # The Player wins: the banco gains 60.00 (had he stood, the Banker's 4d would have made 8).
    with page.expect_response(lambda r: "/api/chemin/decision" in r.url) as info:
        press(page, '[data-choice="draw"]')
    rnd = info.value.json()["round"]
    assert _codes(rnd) == ["10c", "4d", "5c", "Qc", "4d", "9d"] and rnd["outcome"] == "player"
    _check(page, lang, [wallet + 6_000, CHIPS - 6_000])
    mine = [d for d in rnd["decisions"] if not d["computer"]]
    assert [(d["side"], d["total"], d["choice"], d["by_timeout"]) for d in mine] == [
        ("player", 5, "draw", False)
    ]
    assert page.is_visible("#chem-judged")
    assert page.text_content("#chem-judged") == mine[0]["judged"]["messages"][lang]
    assert (
        _round(page, rnd["id"])["decisions"][0]["judged"]["optimal"] is mine[0]["judged"]["optimal"]
    )
    finish(page)
