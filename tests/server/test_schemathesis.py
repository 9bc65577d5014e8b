"""Property-based API tests from the OpenAPI spec: no 5xx, every answer as documented.

Bounded: a few examples per operation, authenticated (a player's bearer token and the
admin token), on a temporary SQLite file and on a PostgreSQL schema.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.transports import ASGITransport, RequestsTransport
from sqlalchemy import create_engine, text
from starlette_testclient import TestClient as ASGIClient

from puntobanco.server.main import create_app
from tests.server.conftest import ADMIN, PG_ROOT, make_settings, pg_schema_url, postgres_reason


def _restore_many_more() -> None:
    """hypothesis-jsonschema 0.23 calls ``many.more()``, which newer Hypothesis replaced by
    iterating ``with many(...) as elements: for _ in elements``. Give it ``more()`` back,
    written on the new protocol (test-only shim; drop it when hypothesis-jsonschema catches up).
    """
    from hypothesis.internal.conjecture import utils

    if hasattr(utils.many, "more"):
        return

    def more(self: Any) -> bool:
        if not hasattr(self, "_pb_elements"):
            self.__enter__()
            self._pb_elements = iter(self)
        try:
            next(self._pb_elements)
        except StopIteration:
            self.__exit__(None)
            return False
        return True

    utils.many.more = more  # type: ignore[attr-defined]


_restore_many_more()

CHECKS = (
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
)


def _served(url: str) -> Iterator[tuple[Any, dict[str, str]]]:
    app = create_app(make_settings(url, login_attempts=10_000))
    with TestClient(app) as client:
        token = client.post(
            "/api/auth/register", json={"username": "fuzzer", "password": "fuzzing pw"}
        ).json()["token"]
        # Some play, so that recall, shoe and report have something to show.
        headers = {"Authorization": f"Bearer {token}", "X-Admin-Token": ADMIN}
        for i in range(3):
            client.post(
                "/api/rounds",
                json={"bets": {"player": 100}},
                headers={**headers, "Idempotency-Key": f"seed-{i}"},
            )
        yield app, headers


class _StartedApp(ASGITransport):
    """Sends each case to the app that ``served`` started, once for the module.

    Schemathesis's own ASGI transport wraps every call in ``with TestClient(app)``: the app's
    start-up and shutdown ran for each case (migrations, a housekeeping pass), and each start
    bound the sweeper's alarm to that call's event loop, so that the first start's sweeper
    stopped only after STOP_WAIT_S (30 s) at the module's end. The same request goes through
    the same (lifespan-less) client of schemathesis's ASGI transport; the answer is checked
    the same.
    """

    def send(
        self, case: Any, *, session: Any = None, base_url: str | None = None, **kwargs: Any
    ) -> Any:
        return RequestsTransport.send(
            self,
            case,
            session=ASGIClient(self.app),
            base_url=base_url or case.get_full_base_url(),
            **kwargs,
        )


def _schema(served: tuple[Any, dict[str, str]]) -> Any:
    # FastAPI writes OpenAPI 3.1; schemathesis 3 checks it with its 3.0 rules.
    schema = schemathesis.from_asgi(
        "/openapi.json",
        served[0],
        force_schema_version="30",
        data_generation_methods=schemathesis.DataGenerationMethod.all(),
    )
    schema.transport = _StartedApp(served[0])
    return schema


def _check(case: Any, served: tuple[Any, dict[str, str]]) -> None:
    app, headers = served
    case.headers = {**(case.headers or {}), **headers}
    if case.path in ("/api/auth/logout", "/api/fairness/rotate"):
        # These end the session or the seed; use a player of their own. A client with no
        # ``with``: the app is running already (``served``); a second start of its lifespan
        # would rebind the sweeper's alarm to this client's loop, and the first client's
        # sweeper, waiting on the old alarm, would then stop only after STOP_WAIT_S (30 s).
        token = TestClient(app).post("/api/auth/guest").json()["token"]
        case.headers["Authorization"] = f"Bearer {token}"
    response = case.call()
    case.validate_response(response, checks=CHECKS)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, dict[str, str]]]:
    yield from _served(f"sqlite:///{tmp_path_factory.mktemp('st') / 'pb.db'}")


@pytest.fixture(scope="module")
def api_schema(served: tuple[Any, dict[str, str]]) -> Any:
    return _schema(served)


@pytest.fixture(scope="module")
def served_pg() -> Iterator[tuple[Any, dict[str, str]]]:
    """The same on PostgreSQL (where a NUL in a text reached the database as a 503)."""
    reason = postgres_reason()
    if reason:
        pytest.skip(reason)
    schema_name = f"t_st_{uuid.uuid4().hex[:10]}"
    engine = create_engine(PG_ROOT)
    with engine.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema_name}"'))
    try:
        yield from _served(pg_schema_url(schema_name))
    finally:
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema_name}" CASCADE'))
        engine.dispose()


@pytest.fixture(scope="module")
def api_schema_pg(served_pg: tuple[Any, dict[str, str]]) -> Any:
    return _schema(served_pg)


schema = schemathesis.from_pytest_fixture("api_schema")
schema_pg = schemathesis.from_pytest_fixture("api_schema_pg")
#: Examples per operation: 8 by default; PUNTOBANCO_FUZZ_EXAMPLES=200 for an audit-sized run.
BOUNDS = settings(
    max_examples=int(os.environ.get("PUNTOBANCO_FUZZ_EXAMPLES", "8")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)


@pytest.mark.slow
@schema.parametrize()
@BOUNDS
def test_api_conforms_to_its_openapi_spec(case: Any, served: tuple[Any, dict[str, str]]) -> None:
    _check(case, served)


@pytest.mark.slow
@pytest.mark.postgres
@schema_pg.parametrize()
@BOUNDS
def test_api_conforms_to_its_openapi_spec_on_postgres(
    case: Any, served_pg: tuple[Any, dict[str, str]]
) -> None:
    _check(case, served_pg)
