"""``bench/bench_attacks.py`` as shipped: its PostgreSQL configuration's URLs.

The audit of 2026-12-04 (defect 5) found its PostgreSQL rows could not be reproduced: the
server's URL was built by appending ``&application_name=...`` to a URL with no query.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
bench_attacks = pytest.importorskip("bench_attacks")


@pytest.mark.parametrize(
    "url",
    [
        "postgresql+psycopg://postgres@127.0.0.1:5432/bench_1",
        "postgresql+psycopg://postgres@127.0.0.1:5432/bench_1?options=-c%20x%3D1",
    ],
)
def test_the_server_is_named_and_the_cutter_is_not(url: str) -> None:
    from sqlalchemy.engine import make_url

    named = bench_attacks._with_query(url, application_name="pb_attacks_x")
    assert make_url(named).database == "bench_1"
    assert make_url(named).query["application_name"] == "pb_attacks_x"
    plain = make_url(bench_attacks._with_query(named, application_name=None))
    assert plain.database == "bench_1" and "application_name" not in plain.query
    assert dict(plain.query) == dict(make_url(url).query)


@pytest.mark.postgres
def test_the_postgresql_configuration_starts_and_names_its_connections() -> None:
    served = bench_attacks.Served("postgres", 1)
    try:
        served.start()
        rows = served.sql(
            f"SELECT count(*) FROM pg_stat_activity WHERE application_name = '{served.tag}'"
        )
        assert rows[0][0] >= 1  # the server's own, which db cuts terminates
    finally:
        served.stop()
        served.drop()
