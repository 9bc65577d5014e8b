"""Health, readiness and metrics."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from puntobanco.server.db import at_head
from puntobanco.server.observability import metrics_response
from puntobanco.server.schemas import Health

router = APIRouter(tags=["operations"])


@router.get("/api/health", response_model=Health)
def health() -> Health:
    """Liveness: the process answers."""
    return Health(status="ok")


@router.get("/api/ready", response_model=Health, responses={503: {"model": Health}})
def ready(request: Request) -> Response:
    """Readiness: the database answers and its schema is at the newest migration."""
    try:
        current = at_head(request.app.state.engine)
    except Exception as exc:  # any failure to reach the database means "not ready"
        body = Health(status="unavailable", detail={"database": type(exc).__name__})
        return JSONResponse(body.model_dump(), status_code=503)
    if not current:
        body = Health(status="unavailable", detail={"database": "schema not migrated"})
        return JSONResponse(body.model_dump(), status_code=503)
    return JSONResponse(Health(status="ok", detail={"database": "ok"}).model_dump())


@router.get("/metrics", include_in_schema=False)
def metrics() -> Response:
    """Prometheus metrics."""
    return metrics_response()
