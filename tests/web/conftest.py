"""Browser tests of the web table: Debian's Chromium against a real ``puntobanco serve``.

The server runs on a free loopback port with a temporary SQLite file, for the whole
session (one per xdist worker). Screenshots go to test-artifacts/ (ignored by git).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import pytest
from tests.server.live import live_server
from web_seed import TEST_SERVER_SEED

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
#: The table every browser test plays at: a cut-card shoe (so the house-edge panel shows),
#: a 2.00 minimum (so a 1 chip is under it) and a 100.00 maximum on Tie.
SERVER_ENV = {
    "PUNTOBANCO_DEFAULT_PRESET": "punto-banco",
    "PUNTOBANCO_MINIMUM_MINOR": "200",
    "PUNTOBANCO_MAXIMUM_MINOR": "50000",
    "PUNTOBANCO_TIE_MAXIMUM_MINOR": "10000",
    "PUNTOBANCO_ACCESS_LOG": "false",
}


@contextmanager
def _serve(tmp: Path, **extra_env: str) -> Iterator[str]:
    """``puntobanco serve`` on a free loopback port and a SQLite file in ``tmp``."""
    database = f"sqlite:///{tmp / 'table.sqlite3'}"
    # A test's settings replace the common ones of the same name.
    with live_server(database, **{**SERVER_ENV, **extra_env}) as (url, _process):
        yield url


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with fresh random server seeds, as in production."""
    with _serve(tmp_path_factory.mktemp("web-server")) as url:
        yield url


@pytest.fixture(scope="session")
def seeded_server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose every server seed is TEST_SERVER_SEED: its shoes are known in advance."""
    tmp = tmp_path_factory.mktemp("web-server-seeded")
    with _serve(tmp, PUNTOBANCO_TEST_SERVER_SEED=TEST_SERVER_SEED.hex()) as url:
        yield url


@pytest.fixture()
def serve(tmp_path: Path) -> Callable[..., AbstractContextManager[str]]:
    """``serve(**env)`` runs a server of this test's own on this test's SQLite file, with
    extra settings: a test may stop it and start another on the same database (a restart
    with the operator's settings changed)."""
    return lambda **env: _serve(tmp_path, **env)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Chromium, for the whole session.

    Playwright's sync API keeps an asyncio loop running in the main thread while it is
    started: a test that calls ``asyncio.run`` after it, on the same xdist worker, fails
    ("cannot be called from a running event loop"). So ``make test`` runs the browser tests
    (marker ``browser``) in a pytest process of their own, after the others: the order in
    which the tests are collected does not matter.
    """
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium package to run these tests")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture()
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
