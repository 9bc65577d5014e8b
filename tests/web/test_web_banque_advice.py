"""The Banque page's explanation panel: the switch (remembered, pb_explain), the advice next to
the Draw and Stand buttons at a tableau's 5, the judgement of the choice after the round, in
English and Spanish, and axe-core with the advice and the judgement shown.

The client seed ``banque-advice-16`` puts the right tableau on 5 in the first coup of the
seeded server's shoe (found with the core's shoe, ``Shoe(Rules(decks=6), FairSource(seed,
"banque-advice-16", 1))`` and ``play_banque``). Drawing is the optimal choice on 5 (the
server's tests check the figures against the analysis); standing is judged as costing what
the advice said.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_web_banque import base, open_banque, press, stake, table
from test_web_one_screen import serious_violations
from test_web_table import finish
from web_catalogue import tr

from puntobanco.core.i18n import CATALOGUE, text

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CHOICE = "banque-advice-16"


def _start(lang: str, key: str) -> str:
    """The fixed words a server sentence begins with (up to its first placeholder)."""
    return CATALOGUE[lang][key].split("{")[0]


@pytest.mark.parametrize(("lang", "choice"), [("en", "stand"), ("es", "draw")])
def test_the_advice_at_a_five_and_the_judgement_after(
    browser: Any, seeded_server_url: str, lang: str, choice: str
) -> None:
    page = open_banque(browser, seeded_server_url, lang)
    # The switch: off at first, and remembered across a reload once on.
    assert page.text_content("#bq-explain-label") == tr(lang, "chemin.explain_toggle")
    assert not page.is_checked("#bq-explain-toggle")
    press(page, "#bq-explain-toggle")
    page.reload()
    page.wait_for_selector("body[data-table=ready]", state="attached")
    assert page.is_checked("#bq-explain-toggle")
    assert page.is_hidden("#bq-advice") and page.is_hidden("#bq-judged")

    answer = page.request.post(
        base(page) + "/api/fairness/client-seed",
        data={"client_seed": CHOICE},
        headers={"X-Requested-With": "tests"},
    )
    assert answer.ok, answer.text()
    press(page, "#bq-new")  # a new table: its shoe opens on the client seed set
    stake(page, "right", [500])
    press(page, "#bq-deal")
    pending = table(page)["pending"]
    assert (pending["hand"], pending["total"]) == ("right", 5)
    advice = pending["advice"]
    assert advice["optimal"] == "draw" and advice["hand"] == "right"
    # The advice next to the buttons: the server's sentence, which is the terminal's.
    assert page.is_visible("#bq-advice") and page.is_visible('[data-choice="draw"]')
    shown = page.text_content("#bq-advice")
    assert shown == advice["messages"][lang]
    assert shown.startswith(_start(lang, "banque.play.explain")) and "9/11" in shown
    assert _start(lang, "badvice.verdict") in shown
    assert serious_violations(page) == [], "a choice waiting, with its advice"
    # A language switch redraws it in the other language.
    other = "es" if lang == "en" else "en"
    press(page, "#bq-lang")
    assert page.text_content("#bq-advice") == advice["messages"][other]
    press(page, "#bq-lang")

    press(page, f'[data-choice="{choice}"]')
    assert page.is_hidden("#bq-advice") and page.is_visible("#bq-result")
    rnd = page.request.get(base(page) + f"/api/banque/rounds/{pending['round_id']}").json()
    (mine,) = [d for d in rnd["decisions"] if not d["computer"]]
    judged = mine["judged"]
    assert mine["choice"] == choice and judged["optimal"] is (choice == "draw")
    assert judged["cost"] == advice["cost"][choice]
    assert page.is_visible("#bq-judged")
    assert page.text_content("#bq-judged") == judged["messages"][lang]
    key = "badvice.judged.optimal" if choice == "draw" else "badvice.judged.cost"
    cost = judged["cost"].replace(".", ",") if lang == "es" else judged["cost"]
    assert judged["messages"][lang] == text(
        lang,  # type: ignore[arg-type]
        key,
        hand=text(lang, "bserver.spot.right"),  # type: ignore[arg-type]
        choice=text(lang, f"banque.play.word_{choice}"),  # type: ignore[arg-type]
        best=text(lang, "banque.play.word_draw"),  # type: ignore[arg-type]
        cost=cost,
    )
    assert serious_violations(page) == [], "a round's result, with its judgement"
    # Switched off: the judgement goes.
    press(page, "#bq-explain-toggle")
    assert page.is_hidden("#bq-judged")
    finish(page)
