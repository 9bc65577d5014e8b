"""Suite-wide rules, for every test under tests/ and every doctest under src/.

A test that needs a service carries its marker: ``postgres`` (the server at 127.0.0.1:5432),
``redis`` (127.0.0.1:6379) or ``browser`` (Debian's chromium, through Playwright). Where
the service is missing, such a test is skipped and says why, so that ``make test`` runs on
any machine. Under CI (``CI=true``) a skip of a marked test fails the run instead: CI has
every service, and a suite that quietly skips a layer passes while testing less. (``cuda``
needs a GPU, which CI has not: its skips stay skips.)

This file sits at the repository's root, not in tests/: there a module named ``conftest``
would be first-party to ruff, which would sort the browser tests' ``from conftest import``
(tests/web/conftest.py) among the project's own imports.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

#: The markers of the tests that need a service CI provides.
SERVICE_MARKERS = ("postgres", "redis", "browser")


def _needed_service(item: pytest.Item) -> str | None:
    return next((name for name in SERVICE_MARKERS if item.get_closest_marker(name)), None)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Iterator[None]:
    """Under CI, a skipped test that needs a service fails, saying which and why."""
    outcome = yield
    report: pytest.TestReport = outcome.get_result()  # type: ignore[attr-defined]
    if os.environ.get("CI") != "true" or not report.skipped or hasattr(report, "wasxfail"):
        return
    service = _needed_service(item)
    if service is None:
        return
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
    report.outcome = "failed"
    report.longrepr = f"CI=true, and this {service} test was skipped: {reason}"
