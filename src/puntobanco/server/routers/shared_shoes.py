"""A shared table's shoes and the export of an ended one: what a player verifies offline.

``GET /api/tables/{id}/shoes`` lists the table's shoes, newest first, each with its
committed hash, whether it has ended and its rounds. ``GET /api/tables/{id}/shoes/{n}``
gives an ended shoe whole (its revealed server seed, the seats' seeds, every round and
bet), the file ``puntobanco verify --shared-shoe`` checks. A shoe still in play is
refused (409 ``shoe_not_ended``): its server seed is the secret its cards follow from.
Both are public, as the lobby is: a seat name is all they show of a player.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query

from puntobanco.server.deps import SessionDep, errors
from puntobanco.server.routers.shared import TableId
from puntobanco.server.shared.export import shoe_export, shoes_page

router = APIRouter(prefix="/api/tables", tags=["shared tables"])

ShoeNumber = Annotated[int, Path(ge=1, le=2**31 - 1, description="The shoe's number.")]


@router.get(
    "/{table_id}/shoes", summary="A shared table's shoes, newest first", responses=errors(404)
)
def list_shoes(
    table_id: TableId,
    session: SessionDep,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    before: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
) -> dict[str, Any]:
    """Each shoe's number, committed ``server_seed_hash``, ``ended`` and rounds dealt.

    ``limit`` a page; pass ``next_before`` as ``before`` for the older ones.
    """
    with session.begin():
        return shoes_page(session, table_id, limit=limit, before=before)


@router.get(
    "/{table_id}/shoes/{number}",
    summary="An ended shoe's export, to verify it",
    responses=errors(404, 409),
)
def get_shoe(table_id: TableId, number: ShoeNumber, session: SessionDep) -> dict[str, Any]:
    """The shoe's seeds, rules, every round's burn, cards and outcome, and every seat's bets.

    409 ``shoe_not_ended`` while the shoe is in play: its server seed is revealed at its end.
    """
    with session.begin():
        return shoe_export(session, table_id, number)
