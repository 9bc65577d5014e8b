"""The order the suite runs in: the modules with slow tests first.

``make pytest`` runs on two xdist workers (``--dist loadgroup``), which take the tests one
at a time in collection order. Collected as they come, the browser tests (tests/web, up to
a minute each) came last: the run ended with one worker on a long browser test and the
other idle. Each module that has a ``slow`` test now comes before every module that has
none (each list in its collection order, each module's tests together, so that a module's
fixtures are set up as before), and the run ends on the many short tests. Nothing is left
out or added; only the order changes, and no test depends on it (xdist already runs each
worker's share in an order of its own).
"""

from __future__ import annotations

import pytest


def _module_of(item: pytest.Item) -> str:
    return item.nodeid.split("::", 1)[0]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    with_slow = {_module_of(item) for item in items if item.get_closest_marker("slow")}
    # A stable sort: within each of the two lists, the collection order stays.
    items.sort(key=lambda item: _module_of(item) not in with_slow)
