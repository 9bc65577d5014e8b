"""The page under its Content-Security-Policy, the test-seed banner, and a page of another
origin that tries to use the player's cookie (server/security.py)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from test_web_table import api, expect, finish, join_as_guest, open_table, place
from web_catalogue import tr
from web_menu import choose

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _watch_csp(page: Any) -> list[str]:
    """Every CSP violation the page reports, from the console and from the DOM event."""
    violations: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', (e) => console.error("
        "`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));"
    )
    return violations


def test_the_page_plays_with_no_csp_violation(browser: Any, server_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    violations = _watch_csp(page)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    response = page.goto(f"{server_url}/?speed=0")
    assert "unsafe-inline" not in response.headers["content-security-policy"]
    page.wait_for_selector("#welcome[open]")
    join_as_guest(page)
    place(page, "player", 500)
    # No wait_for_function here: Playwright evaluates its predicate with eval(), which this
    # policy forbids; the web-first assertions need no eval.
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/api/rounds")) as info:
        page.click("#deal")
    assert info.value.status == 201, info.value.text()
    expect(page.locator("body")).to_have_attribute("data-deals", "1")
    for dialog in ("open-history", "open-fairness", "open-rules"):
        choose(page, dialog)
        page.keyboard.press("Escape")
    page.click("#lang")
    expect(page.locator("#test-seed-banner")).to_be_hidden()
    assert api(page, "/api/table")["test_seed"] is False
    assert violations == [] and errors == []
    context.close()


def test_the_api_docs_work_under_their_own_policy(browser: Any, server_url: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    violations = _watch_csp(page)
    page.goto(f"{server_url}/docs")
    page.wait_for_selector(".swagger-ui .opblock", timeout=30_000)
    page.goto(f"{server_url}/redoc")
    page.wait_for_selector("redoc .api-content, [role=navigation]", timeout=30_000)
    # ReDoc's "powered by" logo comes from its CDN: blocked, as the page works offline.
    assert [v for v in violations if "cdn.redoc.ly" not in v] == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_test_seed_shows_a_banner(browser: Any, seeded_server_url: str, lang: str) -> None:
    page = open_table(browser, seeded_server_url, locale="es-ES" if lang == "es" else "en-US")
    join_as_guest(page)
    banner = page.locator("#test-seed-banner")
    expect(banner).to_be_visible()
    expect(banner).to_have_text(tr(lang, "testseed.banner"))
    assert api(page, "/api/table")["test_seed"] is True
    finish(page)


ATTACK = """<!doctype html><html><body>
<form id="f" method="post" action="{target}/api/fairness/rotate"></form>
<script>
  fetch("{target}/api/fairness/rotate", {{method: "POST", mode: "no-cors", credentials: "include"}})
    .finally(() => document.getElementById("f").submit());
</script></body></html>"""


@contextmanager
def _other_origin(target: str) -> Iterator[str]:
    """A page on another loopback port (same site, another origin) that posts to ``target``."""
    body = ATTACK.format(target=target).encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_a_page_of_another_origin_cannot_rotate_the_seed(browser: Any, server_url: str) -> None:
    page = open_table(browser, server_url)
    join_as_guest(page)
    before = api(page, "/api/table")["fairness"]["server_seed_hash"]
    rotations: list[int] = []
    page.context.on(
        "response",
        lambda r: rotations.append(r.status) if "/api/fairness/rotate" in r.url else None,
    )
    with _other_origin(server_url) as attacker:
        evil = page.context.new_page()
        evil.goto(attacker)
        # The form's POST carried the cookie (same site) and reached the server: its
        # refusal is what the attacker's tab shows.
        evil.wait_for_url(f"{server_url}/api/fairness/rotate", timeout=15_000)
        expect(evil.locator("body")).to_contain_text("cross_site_request")
        evil.close()
    assert rotations and set(rotations) == {403}, rotations
    assert api(page, "/api/table")["fairness"]["server_seed_hash"] == before
    # The page itself still rotates.
    choose(page, "open-fairness")
    expect(page.locator("#fair-hash")).to_have_text(before)
    with page.expect_response(lambda r: "/api/fairness/rotate" in r.url) as info:
        page.click("#fair-rotate")
    assert info.value.status == 200
    assert api(page, "/api/table")["fairness"]["server_seed_hash"] != before
    finish(page)
