"""The README's web-table screenshots (docs/images), made by playing through the page.

Run from the repository root: ``python tests/web/readme_screenshots.py``. It serves a table as
the browser tests do (conftest's settings, a temporary SQLite file), plays ten rounds in
Chromium and saves the desktop (1440x900, English, scaled to 1080x675) and the phone (390x844,
Spanish: the table and the scoreboards tab) as 256-colour PNGs, to keep the repository small.
Not a test: pytest imports it (for doctests) and finds nothing to run.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
IMAGES = HERE.parents[1] / "docs" / "images"


def play(page: Any, phone: bool) -> None:
    """Ten rounds, with the deal explained; the last one with chips on three spots."""
    from test_web_table import deal, join_as_guest, place

    join_as_guest(page)
    if phone:  # the explanations are on the scoreboards tab
        page.click("#view-roads")
    page.check("#explain-toggle")
    if phone:
        page.click("#view-table")
    place(page, "banker", 2500)
    place(page, "player", 500)
    deal(page)
    for _ in range(8):
        page.click("#rebet")
        deal(page)
    place(page, "tie", 500)
    place(page, "banker", 2500)
    place(page, "player", 100, 3)
    deal(page)


def save(page: Any, name: str, size: tuple[int, int] | None = None) -> None:
    """The page as it is now, as a 256-colour PNG (scaled to ``size`` if given)."""
    from PIL import Image

    path = IMAGES / name
    # Checking "Explain the deal" scrolled the side panel down to it: show it from its top.
    page.evaluate("document.querySelectorAll('*').forEach((node) => { node.scrollTop = 0; })")
    page.screenshot(path=str(path))
    image = Image.open(path).convert("RGB")
    if size is not None:
        image = image.resize(size, Image.Resampling.LANCZOS)
    image.quantize(colors=256, dither=Image.Dither.NONE).save(path, optimize=True)
    print(path.relative_to(IMAGES.parents[1]), image.size)


def main() -> None:
    sys.path[:0] = [str(HERE), str(HERE.parents[1])]
    from conftest import CHROMIUM, CHROMIUM_ARGS, SERVER_ENV
    from playwright.sync_api import sync_playwright
    from test_web_table import open_table
    from tests.server.live import live_server

    with tempfile.TemporaryDirectory() as tmp:
        database = f"sqlite:///{Path(tmp) / 'table.sqlite3'}"
        with live_server(database, **SERVER_ENV) as (url, _), sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            desktop = open_table(browser, url, viewport={"width": 1440, "height": 900})
            play(desktop, phone=False)
            save(desktop, "web-table-desktop.png", (1080, 675))
            phone = open_table(browser, url, viewport={"width": 390, "height": 844}, locale="es-ES")
            play(phone, phone=True)
            save(phone, "web-table-phone.png")
            phone.click("#view-roads")
            save(phone, "web-table-phone-scoreboards.png")
            browser.close()


if __name__ == "__main__":
    main()
