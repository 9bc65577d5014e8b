"""Health, readiness and metrics."""

from __future__ import annotations

import hmac
import ipaddress

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from puntobanco.server.db import at_head
from puntobanco.server.deps import SettingsDep
from puntobanco.server.errors import ApiError
from puntobanco.server.observability import metrics_response
from puntobanco.server.schemas import Health
from puntobanco.server.settings import Settings

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


def metrics_allowed(request: Request, settings: Settings) -> bool:
    """Whether this request may read the metrics: the admin token, or an allowed address.

    The token comes in ``X-Admin-Token`` or as ``Authorization: Bearer`` (what Prometheus
    sends with ``authorization: {credentials: ...}``). The address is the client's (a
    trusted proxy's X-Forwarded-For, through uvicorn), checked against ``metrics_allow``.
    """
    expected = settings.admin_token.get_secret_value() if settings.admin_token else ""
    if expected:
        scheme, _, bearer = request.headers.get("authorization", "").partition(" ")
        given = request.headers.get("x-admin-token") or (
            bearer.strip() if scheme.lower() == "bearer" else ""
        )
        if given and hmac.compare_digest(given.encode(), expected.encode()):
            return True
    host = request.client.host if request.client else ""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return any(
        address in ipaddress.ip_network(network, strict=False) for network in settings.metrics_allow
    )


@router.get("/metrics", include_in_schema=False)
def metrics(request: Request, settings: SettingsDep) -> Response:
    """Prometheus metrics: for the admin token, or a client in ``metrics_allow``.

    Raises:
        ApiError: 403 ``metrics_forbidden``.
    """
    if not metrics_allowed(request, settings):
        raise ApiError(403, "metrics_forbidden")
    return metrics_response()
