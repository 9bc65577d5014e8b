"""Request dependencies: the session's life around a request."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import text

from puntobanco.server.deps import SessionDep
from puntobanco.server.main import create_app
from puntobanco.server.settings import Settings


def test_a_session_left_in_a_transaction_is_rolled_back_and_its_connection_returned(
    settings: Settings,
) -> None:
    app = create_app(settings)

    @app.get("/test/leaves-a-transaction-open")
    def leave_open(session: SessionDep) -> dict[str, Any]:
        session.execute(text("SELECT 1"))  # autobegins, never commits
        return {"in_transaction": session.in_transaction()}

    app.router.routes.insert(0, app.router.routes.pop())  # before the web table's mount at /
    pool = app.state.engine.pool
    with TestClient(app) as client:
        for _ in range(3):
            answer = client.get("/test/leaves-a-transaction-open")
            assert answer.json() == {"in_transaction": True}
            assert pool.checkedout() == 0  # closed after the answer, off the event loop
        assert client.get("/api/health").status_code == 200
