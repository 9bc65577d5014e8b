"""The page's words follow a language switch everywhere, counts agree with their nouns, and
the burn that opens a cut-card shoe shows on the felt (see conftest.py for the server)."""

from __future__ import annotations

import hashlib
import json
import secrets
from pathlib import Path
from typing import Any

import pytest
from test_web_table import (
    api,
    deal,
    deal_refused,
    expect,
    finish,
    join_as_guest,
    money,
    open_table,
    place,
)
from web_catalogue import TEXT, tr
from web_menu import choose

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_fairness_messages_follow_a_language_switch(
    browser: Any, server_url: str, artifacts: Path
) -> None:
    page = open_table(browser, server_url)
    join_as_guest(page)
    place(page, "player", 500)
    deal(page)
    choose(page, "open-fairness")
    page.wait_for_function("document.getElementById('fair-hash').textContent.length === 64")
    shown = str(page.text_content("#fair-hash"))
    page.click("#fair-rotate")
    page.wait_for_selector("#fair-check[data-match=true]")
    verify = "/api/fairness/verify"
    with page.expect_response(lambda r: r.url.split("?")[0].endswith(verify)) as info:
        page.click("#fair-verify")
    checked = info.value.json()["rounds_checked"]
    assert checked == 1  # this guest's one round: the singular form
    # The page says so once it has read that answer: wait for those words, not just any.
    expect(page.locator("#fair-message")).to_have_text("1 round checked: it matches.")
    assert page.text_content("#fair-message") == "1 round checked: it matches."
    # One verdict at a time: the server's replay of the rounds replaces the browser's check.
    assert page.is_hidden("#fair-check")

    page.click("#lang-fair")  # inside the open dialog: the page behind it is inert
    assert page.evaluate("document.documentElement.lang") == "es"
    assert page.text_content("#fair-message") == "1 mano comprobada: coincide."
    assert page.is_hidden("#fair-check")
    assert page.text_content("#fair-verify") == tr("es", "fair.verify")
    page.locator("#fairness").screenshot(path=str(artifacts / "web-fairness-es.png"))

    # A refusal in the page (a malformed seed) follows the switch back, too.
    page.fill("#fair-seed", "abc")
    page.click("#fair-verify")
    page.wait_for_selector("#fair-check[data-match=invalid]")
    assert page.text_content("#fair-check") == tr("es", "fair.check.invalid")
    page.click("#lang-fair")
    assert page.text_content("#fair-check") == tr("en", "fair.check.invalid")
    assert page.is_hidden("#fair-message")
    revealed = bytes.fromhex(str(page.text_content("#fair-revealed")))
    assert hashlib.sha256(revealed).hexdigest() == shown
    finish(page)


def test_welcome_message_follows_a_language_switch(browser: Any, server_url: str) -> None:
    page = open_table(browser, server_url)
    page.click("#login")  # no user name, no password: refused in the page
    page.wait_for_selector("#auth-message:not([hidden])")
    assert page.text_content("#auth-message") == tr("en", "err.fields")
    page.click("#lang-welcome")
    assert page.text_content("#auth-message") == tr("es", "err.fields")
    page.fill("#auth-user", "nobody-here")
    page.fill("#auth-pass", "wrong password!")
    page.click("#login")  # the server refuses, in the page's language
    page.wait_for_function(
        f"document.getElementById('auth-message').textContent !== {tr('es', 'err.fields')!r}"
    )
    assert page.is_visible("#auth-message")
    finish(page)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_counts_agree_with_their_nouns(browser: Any, server_url: str, lang: str) -> None:
    """The page's own translator picks the singular for 1 and the plural otherwise."""
    page = open_table(browser, server_url)
    said = page.evaluate(
        """async (lang) => {
          const { loadTexts, translator } = await import('/js/i18n.js');
          await loadTexts(lang);
          const t = translator(lang);
          const out = {};
          for (const n of [0, 1, 2, 21]) {
            out[n] = [t('fair.verify.ok', { n }), t('roads.cell.ties', { n }),
                      t('roads.aria', { road: 'R', n }), t('rules.decks', { n }),
                      t('rules.mode.cut-card', { n }), t('burn.felt', { card: '7♦', n })];
          }
          return out;
        }""",
        lang,
    )
    keys = ["fair.verify.ok", "roads.cell.ties", "roads.aria", "rules.decks"]
    keys += ["rules.mode.cut-card", "burn.felt"]
    for n in (0, 1, 2, 21):
        form = ".one" if n == 1 else ""
        fill = {"{n}": str(n), "{road}": "R", "{card}": "7♦"}
        expected = []
        for key in keys:
            text = TEXT[lang][key + form]
            for name, value in fill.items():
                text = text.replace(name, value)
            expected.append(text)
        assert said[str(n)] == expected
    one = {"en": "1 round checked: it matches.", "es": "1 mano comprobada: coincide."}
    assert said["1"][0] == one[lang]
    assert said["2"][0].startswith({"en": "2 rounds checked", "es": "2 manos comprobadas"}[lang])
    finish(page)


def test_the_burn_opens_a_cut_card_shoe_on_the_felt(
    browser: Any, server_url: str, artifacts: Path
) -> None:
    page = open_table(browser, server_url)
    join_as_guest(page)
    assert page.is_hidden("#burn")
    # Before its first hand the shoe is announced, in the page's language.
    expect(page.locator("#shoe-news")).to_have_text(tr("en", "shoe.new"))
    page.click("#lang")
    expect(page.locator("#shoe-news")).to_have_text(tr("es", "shoe.new"))
    page.click("#lang")
    place(page, "banker", 500)
    first = deal(page)
    expect(page.locator("#shoe-news")).to_be_hidden()  # the burn on the felt says it now
    burn = first["shoe"]["burn"]
    assert first["shoe"]["round_in_shoe"] == 1 and burn is not None  # a new guest's new shoe
    assert page.is_visible("#burn")
    assert page.get_attribute("#burn .burn-card", "data-code") == burn["shown"]["code"]
    assert page.text_content("#burn .burn-backs") == f"+{burn['face_down']}"
    words = tr("en", "burn.felt", card=burn["shown"]["text"], n=burn["face_down"])
    assert page.text_content("#burn .burn-text") == words  # what a screen reader says
    assert page.get_attribute("#burn-live", "role") == "status"  # announced when it appears
    page.locator(".felt").screenshot(path=str(artifacts / "web-burn-felt.png"))
    page.click("#lang")
    words = tr("es", "burn.felt", card=burn["shown"]["text"], n=burn["face_down"])
    assert page.text_content("#burn .burn-text") == words
    page.click("#lang")
    page.click("#rebet")
    second = deal(page)
    assert second["shoe"]["burn"] is None
    assert page.is_hidden("#burn")
    assert api(page, f"/api/rounds/{first['id']}")["shoe"]["burn"] == burn
    finish(page)


# ------------------------------------------------------------------------- the server's errors


def server_error(
    page: Any, path: str, body: Any, lang: str, headers: dict[str, str] | None = None
) -> dict[str, Any]:
    """The server's error answer to this request in ``lang`` (``?lang=``), asked directly.

    The requests sent here are refused and change nothing, so sending them again is harmless.
    Playwright's API requests carry the page's cookie but no Origin: like any script with the
    cookie, they send X-Requested-With (server/security.py).
    """
    response = page.request.post(
        page.url.split("/?")[0] + f"{path}?lang={lang}",
        data=body,
        headers={"X-Requested-With": "tests", **(headers or {})},
    )
    assert not response.ok, response.text()
    error: dict[str, Any] = response.json()["error"]
    return error


def test_a_server_error_on_the_table_follows_a_language_switch(
    browser: Any, server_url: str
) -> None:
    """The message box says the server's refusal again in the new language, and back."""
    page = open_table(browser, server_url)
    join_as_guest(page)
    balance = api(page, "/api/me")["balance_minor"]
    bets = {"player": 50_000, "banker": 50_000, "tie": 10_000}
    assert balance < sum(bets.values()), "the test assumes the default play-money grant"

    def said(lang: str) -> str:
        key = {"Idempotency-Key": f"probe-{secrets.token_hex(8)}"}
        error = server_error(page, "/api/rounds", {"bets": bets}, lang, key)
        assert error["code"] == "insufficient_funds"
        return str(error["message"])

    en, es = said("en"), said("es")
    assert money(balance, "en") in en and money(balance, "es") in es and en != es

    # The page lets no chip past the balance it knows; the server refuses what the balance it
    # keeps does not cover (spent meanwhile elsewhere, say): the page's 5.00 is sent as these.
    def over_the_balance(route: Any) -> None:
        if route.request.method != "POST":
            return route.continue_()
        route.fulfill(response=route.fetch(post_data=json.dumps({"bets": bets})))

    page.route("**/api/rounds*", over_the_balance)
    place(page, "player", 500)
    deal_refused(page)
    page.unroute("**/api/rounds*")
    box = page.locator("#message")
    expect(box).to_have_text(en)
    before = page.eval_on_selector(
        "#message", "m => [m.getAttribute('role'), m.hidden, m.dataset.tone]"
    )
    assert before == ["alert", False, "error"]

    page.click("#lang")
    expect(box).to_have_text(es)
    assert page.get_attribute("html", "lang") == "es"
    assert page.text_content("#balance") == money(balance - 500, "es")
    # Worded by the page from the first answer: nothing was sent again.
    assert api(page, "/api/me")["balance_minor"] == balance
    assert (
        page.eval_on_selector("#message", "m => [m.getAttribute('role'), m.hidden, m.dataset.tone]")
        == before
    )

    page.click("#lang")
    expect(box).to_have_text(en)
    # Under the minimum, refused in Spanish first: the same both ways.
    page.click("#lang")
    page.click("#clear")
    expect(box).to_be_hidden()
    place(page, "player", 100)
    deal_refused(page)
    key = {"Idempotency-Key": f"probe-{secrets.token_hex(8)}"}
    under = {
        lang: server_error(page, "/api/rounds", {"bets": {"player": 100}}, lang, key)["message"]
        for lang in ("en", "es")
    }
    expect(box).to_have_text(under["es"])
    page.click("#lang")
    expect(box).to_have_text(under["en"])
    finish(page)


def test_server_errors_in_the_dialogs_follow_a_language_switch(
    browser: Any, server_url: str
) -> None:
    """The welcome dialog's and the fairness dialog's server refusals, both ways."""
    page = open_table(browser, server_url)
    # A wrong login: a user name no one has (and no other test tries: the rate limit counts
    # attempts per address and user name).
    login = {"username": f"nobody-{secrets.token_hex(4)}", "password": "wrong password!"}
    auth = {lang: server_error(page, "/api/auth/login", login, lang) for lang in ("en", "es")}
    assert auth["en"]["code"] == auth["es"]["code"] == "bad_credentials"
    page.fill("#auth-user", login["username"])
    page.fill("#auth-pass", login["password"])
    page.click("#login")
    box = page.locator("#auth-message")
    expect(box).to_have_text(auth["en"]["message"])
    page.click("#lang-welcome")
    expect(box).to_have_text(auth["es"]["message"])
    page.click("#lang-welcome")
    expect(box).to_have_text(auth["en"]["message"])

    join_as_guest(page)
    choose(page, "open-fairness")
    page.wait_for_function("document.getElementById('fair-hash').textContent.length === 64")
    # A well-formed seed that is none of this guest's: the page checks it, the server refuses.
    seed = {"server_seed": secrets.token_hex(32)}
    fair = {lang: server_error(page, "/api/fairness/verify", seed, lang) for lang in ("en", "es")}
    assert fair["en"]["code"] == fair["es"]["code"] == "seed_not_found"
    page.fill("#fair-seed", seed["server_seed"])
    page.click("#fair-verify")
    box = page.locator("#fair-message")
    expect(box).to_have_text(fair["en"]["message"])
    page.click("#lang-fair")
    expect(box).to_have_text(fair["es"]["message"])
    assert page.get_attribute("#fair-message", "data-tone") == "error"
    page.click("#lang-fair")
    expect(box).to_have_text(fair["en"]["message"])
    finish(page)


def test_a_server_error_without_every_language_keeps_its_text(
    browser: Any, server_url: str
) -> None:
    """An answer with no ``messages`` (an older server, a proxy): the page keeps its text."""
    page = open_table(browser, server_url)
    join_as_guest(page)
    body = '{"error": {"code": "odd", "message": "Refused by a proxy.", "params": {}}}'
    page.route(
        "**/api/rounds*",
        lambda route: route.fulfill(status=422, content_type="application/json", body=body),
    )
    place(page, "player", 500)
    deal_refused(page)
    box = page.locator("#message")
    expect(box).to_have_text("Refused by a proxy.")
    page.click("#lang")
    assert page.get_attribute("html", "lang") == "es"
    expect(box).to_have_text("Refused by a proxy.")
    page.unroute("**/api/rounds*")
    finish(page)


def test_nothing_shows_before_the_words_arrive(browser: Any, server_url: str) -> None:
    """The page holds no words: until its texts come (GET /api/i18n), it shows nothing at all,
    neither a key nor an English word; then every text is the catalogue's, in its language."""
    context = browser.new_context(locale="es-ES", bypass_csp=True)
    page = context.new_page()
    held: list[Any] = []
    page.route("**/api/i18n/*", lambda route: held.append(route))  # waits until continued
    page.goto(f"{server_url}/?speed=0")
    page.wait_for_function("document.readyState === 'complete'")
    while len(held) < 2:  # the page's language and the other one, for an instant switch
        page.wait_for_timeout(50)
    assert sorted(route.request.url.rsplit("/", 1)[1] for route in held) == ["en", "es"]
    assert page.evaluate("getComputedStyle(document.body).visibility") == "hidden"
    shown = page.eval_on_selector_all("[data-i18n]", "ns => ns.map((n) => n.textContent)")
    assert set(shown) == {""}  # index.html carries no words of its own
    for route in held:
        route.continue_()
    page.wait_for_selector("#welcome[open]")
    assert page.evaluate("getComputedStyle(document.body).visibility") == "visible"
    assert page.evaluate("document.documentElement.lang") == "es"
    keys = page.eval_on_selector_all("[data-i18n]", "ns => ns.map((n) => n.dataset.i18n)")
    shown = page.eval_on_selector_all("[data-i18n]", "ns => ns.map((n) => n.textContent)")
    assert shown == [tr("es", key) for key in keys]
    page.click("#lang-welcome")  # both tables are here: the switch is at once
    assert page.text_content("#guest") == tr("en", "welcome.guest")
    context.close()


def test_a_table_that_cannot_be_loaded_leaves_the_page_in_its_language(
    browser: Any, server_url: str
) -> None:
    """The other language's table failed at the start: the switch asks again, and while it
    cannot be had, the page stays in its own language and says why."""
    page = open_table(browser, server_url)
    context = page.context
    context.route("**/api/i18n/es", lambda route: route.abort())
    # Loaded again, so that the Spanish table is not already in the page's memory.
    page.goto(f"{server_url}/?speed=0")
    page.wait_for_selector("#welcome[open]")
    page.click("#guest")
    page.wait_for_selector("body[data-table=ready]")
    page.click("#lang")
    page.wait_for_selector("#message:not([hidden])")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.text_content("#message") == tr("en", "err.offline")
    context.unroute("**/api/i18n/es")
    page.click("#lang")
    page.wait_for_function("document.documentElement.lang === 'es'")
    assert page.text_content("#deal") == tr("es", "action.deal")
    finish(page)


def test_title_description_and_lang_follow_the_page_language(browser: Any, server_url: str) -> None:
    """The tab's title, the meta description and ``<html lang>`` are in the page's language,
    from the first paint in a Spanish browser and after each switch."""
    page = open_table(browser, server_url, locale="es-ES")
    description = "document.querySelector('meta[name=description]').content"
    for lang, switch in (("es", "#lang-welcome"), ("en", "#lang-welcome"), ("es", None)):
        page.wait_for_function(f"document.documentElement.lang === {lang!r}")
        assert page.title() == tr(lang, "app.page_title")
        assert page.evaluate(description) == tr(lang, "app.description")
        if switch:
            page.click(switch)
    assert tr("es", "app.page_title") != tr("en", "app.page_title")
    assert tr("es", "app.description") != tr("en", "app.description")
    finish(page)
