"""The operator's shared tables, behind the admin token (header ``X-Admin-Token``).

``GET /api/admin/tables`` and ``GET /api/admin/tables/{id}`` show every table (closed
ones too) with its settings, status, owner (``managed_by``), the process that deals it
and until when, and its shoe and round; ``PUT /api/admin/tables/{id}`` creates (201) or
changes (200) a table of the API's own; ``POST /api/admin/tables/{id}/close`` closes any
table at the end of its round.

One source of truth per table, as Grafana's provisioning does it: a table that
``PUNTOBANCO_SHARED_TABLES`` (or the defaults) names is provisioned, and a PUT on it is
refused (409 ``table_provisioned``); a table the API created is left alone by process
starts. Why, and the rules: ``server/shared/catalog.py``.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.exceptions import RequestValidationError
from pydantic import Field, ValidationError, model_validator

from puntobanco.server.deps import AdminDep, SessionDep, errors
from puntobanco.server.errors import ApiError
from puntobanco.server.routers.shared import TableId, publish
from puntobanco.server.shared.catalog import admin_table, admin_tables, put_table
from puntobanco.server.shared.config import TABLE_ID_PATTERN, SharedTableConfig
from puntobanco.server.shared.dealing import close_table
from puntobanco.server.shared.models import SharedTableRow

router = APIRouter(prefix="/api/admin", tags=["admin"])


class TableSettingsIn(SharedTableConfig):
    """A table's settings as ``PUT`` sends them: the id is the path's (or left out)."""

    id: str | None = Field(  # type: ignore[assignment]
        default=None, pattern=TABLE_ID_PATTERN, description="The path's id, or left out."
    )

    @model_validator(mode="after")
    def _maximum_over_minimum(self) -> TableSettingsIn:
        # Checked by SharedTableConfig once the path's id is known (its message names the
        # table): here it would name no table.
        return self


def _validation_error(kind: str, loc: tuple[str, ...], message: str, ctx: dict[str, Any]) -> Any:
    return {"type": kind, "loc": loc, "msg": message, "input": None, "ctx": ctx}


def _config(table_id: str, body: TableSettingsIn) -> SharedTableConfig:
    """The table's configuration: the body's settings under the path's id.

    Raises:
        RequestValidationError: The body names another id, or its maximum is below its
            minimum (answered 422 ``invalid_request``, as any other bad field).
    """
    if body.id is not None and body.id != table_id:
        ctx = {"id": body.id, "table": table_id}
        message = f"the body's id {body.id!r} is not the path's {table_id!r}"
        raise RequestValidationError(
            [_validation_error("table_id_mismatch", ("body", "id"), message, ctx)]
        )
    try:
        return SharedTableConfig.model_validate(body.model_dump() | {"id": table_id})
    except ValidationError as refused:
        raise RequestValidationError(
            [
                _validation_error(
                    error["type"], ("body", *map(str, error["loc"])), error["msg"], error["ctx"]
                )
                for error in refused.errors(include_url=False)
            ]
        ) from None


@router.get("/tables", summary="Every shared table, as the operator sees it", responses=errors(403))
def list_tables(_admin: AdminDep, session: SessionDep) -> dict[str, Any]:
    """Each table, closed ones too: settings, status, owner, dealer, shoe and round."""
    with session.begin():
        return {"tables": admin_tables(session)}


@router.get(
    "/tables/{table_id}",
    summary="A shared table, as the operator sees it",
    responses=errors(403, 404),
)
def get_table(table_id: TableId, _admin: AdminDep, session: SessionDep) -> dict[str, Any]:
    """The table's settings, status, owner, dealer, shoe and round; 404 ``table_unknown``."""
    with session.begin():
        return admin_table(session, table_id)


@router.put(
    "/tables/{table_id}",
    summary="Create or change a table of the admin API's own",
    responses={201: {"description": "The table was created."}, **errors(403, 409, 422)},
)
def put(
    table_id: TableId,
    body: TableSettingsIn,
    request: Request,
    response: Response,
    _admin: AdminDep,
    session: SessionDep,
) -> dict[str, Any]:
    """Create the table (201) or change it and open it again (200).

    Changes apply from the next round, a new preset from the next shoe; a closing or
    closed table opens again. 409 ``table_provisioned``: ``PUNTOBANCO_SHARED_TABLES``
    manages it. 422: a field out of range, an unknown preset, a maximum below the
    minimum, an unknown field, or an id other than the path's.
    """
    config = _config(table_id, body)
    with session.begin():
        answer = put_table(session, config)
    publish(request, answer.events)
    if answer.created:
        response.status_code = 201
    return answer.table


@router.post(
    "/tables/{table_id}/close",
    summary="Close a shared table at the end of its round",
    responses=errors(403, 404),
)
def admin_close(
    table_id: TableId, request: Request, _admin: AdminDep, session: SessionDep
) -> dict[str, Any]:
    """The table finishes its round, settles it, and deals no more.

    A provisioned table closed here opens again at the next process start while
    ``PUNTOBANCO_SHARED_TABLES`` names it; an admin table opens again by ``PUT``.
    """
    with session.begin():
        if session.get(SharedTableRow, table_id) is None:
            raise ApiError(404, "table_unknown", table=table_id)
        events = close_table(session, table_id)
    publish(request, events)
    return {"table": table_id, "closing": True}
