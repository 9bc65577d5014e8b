"""The operator changes a shared table while a player is at it (issue 25): the page follows.

The table is the admin API's (``PUT /api/admin/tables/terraza``) on a server of its own that
provisions none; its page is open when the operator renames it and changes its limits, and
shows both from the ``table_updated`` event, without a reload.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from test_web_lobby import new_page
from test_web_table import money
from tests.server.live import live_server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TABLE = "terraza"
#: The live server's admin token (tests/server/live.py), and a header the cross-site check
#: accepts from a script (Playwright's requests carry no Origin).
HEADERS = {
    "X-Admin-Token": "test-admin-token",
    "X-Requested-With": "test",
    "Content-Type": "application/json",
}


@pytest.fixture(scope="module")
def admin_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("shared-admin")
    with live_server(
        f"sqlite:///{tmp / 'admin.sqlite3'}",
        PUNTOBANCO_SHARED_TABLES="[]",
        PUNTOBANCO_ACCESS_LOG="false",
    ) as (url, _process):
        yield url


def put_table(page: Any, url: str, settings: dict[str, Any]) -> int:
    response = page.request.put(
        f"{url}/api/admin/tables/{TABLE}", data=json.dumps(settings), headers=HEADERS
    )
    assert response.status in (200, 201), response.text()
    return int(response.status)


def test_the_page_shows_the_operators_change_without_a_reload(browser: Any, admin_url: str) -> None:
    page = new_page(browser, "en")
    first = {"name": "Terraza", "minimum_minor": 100, "maximum_minor": 50_000}
    assert put_table(page, admin_url, first) == 201
    page.goto(f"{admin_url}/shared.html?table={TABLE}&lang=en")
    page.wait_for_selector("body[data-table=ready]", state="attached")
    assert page.text_content("#sh-h1") == "Terraza"
    assert f"Bets from {money(100)} to {money(50_000)} a spot" in page.text_content("#sh-rules")
    page.evaluate("window.__before_the_change = true")

    second = first | {"name": "Terraza VIP", "minimum_minor": 1_000, "maximum_minor": 20_000}
    assert put_table(page, admin_url, second) == 200
    page.wait_for_function(
        "() => document.getElementById('sh-h1').textContent === 'Terraza VIP'", timeout=10_000
    )
    rules = page.text_content("#sh-rules")
    assert f"Bets from {money(1_000)} to {money(20_000)} a spot" in rules
    assert page.title().startswith("Terraza VIP")
    assert page.evaluate("window.__before_the_change === true")  # the same page, not reloaded
    assert page.js_errors == []
    page.context.close()
