"""Helpers of the Chemin de fer and Banque page tests: reaching the page, pressing its
buttons, and reading its game's API from the page's own session."""

from __future__ import annotations

from typing import Any

from test_web_table import join_as_guest, open_table
from web_catalogue import tr
from web_menu import choose

LOCALES = {"en": "en-US", "es": "es-ES"}
#: Each game's page: its menu item, its heading's id and the heading's words.
PAGES = {
    "chemin": ("open-chemin", "#chem-h1", "chemin.title"),
    "banque": ("open-banque", "#bq-h1", "banque.title"),
}
#: Each game page's new-table button.
NEW_TABLE = {"chemin": "#chem-new", "banque": "#bq-new"}


def base(page: Any, game: str) -> str:
    """The server's address, as the page of ``game`` (or the table's) has it."""
    return str(page.url.split(f"/{game}.html")[0].split("/?")[0].rstrip("/"))


def game_table(page: Any, game: str) -> dict[str, Any]:
    """``GET /api/<game>/table``'s table, as the page's player."""
    response = page.request.get(base(page, game) + f"/api/{game}/table")
    assert response.ok, response.text()
    body: dict[str, Any] = response.json()["table"]
    return body


def renders(page: Any) -> int:
    return int(page.get_attribute("body", "data-renders") or 0)


def press(page: Any, selector: str) -> None:
    """Press a button of the page and wait until it has drawn the answer."""
    before = renders(page)
    page.click(selector)
    page.wait_for_selector(f'body[data-renders="{before + 1}"]', state="attached")


def open_game(
    browser: Any, url: str, lang: str, game: str, viewport: dict[str, int] | None = None
) -> Any:
    """A guest at the table who opens ``game``'s page from the menu; the page is ready."""
    item, heading, title = PAGES[game]
    sized = {"viewport": viewport} if viewport else {}
    page = open_table(browser, url, locale=LOCALES[lang], **sized)
    join_as_guest(page)
    choose(page, item)
    page.wait_for_selector("body[data-table=ready]", state="attached")
    assert page.url.endswith(f"/{game}.html")
    assert page.text_content(heading) == tr(lang, title)
    return page


def sit_on_client_seed(page: Any, game: str, client_seed: str) -> None:
    """Set the player's client seed, then press the page's new-table button: on the seeded
    server the new table's shoe is known in advance."""
    answer = page.request.post(
        base(page, game) + "/api/fairness/client-seed",
        data={"client_seed": client_seed},
        headers={"X-Requested-With": "tests"},
    )
    assert answer.ok, answer.text()
    press(page, NEW_TABLE[game])
