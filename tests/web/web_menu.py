"""The page's menu: History, Fairness, Rules, Add play money, Leave table sit behind one button."""

from __future__ import annotations

from typing import Any


def choose(page: Any, item: str) -> None:
    """Open the menu (if it is closed) and press the item whose id is ``item``."""
    if page.get_attribute("#menu-button", "aria-expanded") != "true":
        page.click("#menu-button")
    page.click(f"#{item}")
