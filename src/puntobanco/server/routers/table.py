"""The player's table and shoe."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from puntobanco.server.deps import PlayerDep, SessionDep, SettingsDep, errors
from puntobanco.server.errors import ApiError
from puntobanco.server.ledger.wallet import lock_wallet
from puntobanco.server.render import shoe_json
from puntobanco.server.schemas import ShoeOut, TableChoice, TableOut
from puntobanco.server.settings import Settings
from puntobanco.server.table_settings import (
    active_seed,
    close_shoe,
    fairness_json,
    limits_for,
    limits_json,
    rules_for,
    rules_json,
    table_of,
)

router = APIRouter(prefix="/api", tags=["table"])


def _table(session: Any, settings: Settings, user_id: int) -> dict[str, Any]:
    table = table_of(session, user_id)
    rules = rules_for(table.preset)
    return {
        "rules": rules_json(table.preset, rules),
        "limits": limits_json(limits_for(settings, rules)),
        "fairness": fairness_json(table, active_seed(session, user_id)),
        "presets": list(settings.table_presets),
        "withdrawn": table.preset not in settings.table_presets,
        "test_seed": settings.test_server_seed is not None,
        "currency": settings.currency,
        "top_up": {
            "max_minor": settings.top_up_max_minor,
            "balance_cap_minor": settings.balance_cap_minor,
        },
    }


@router.get("/table", response_model=TableOut, responses=errors(401, 503))
def get_table(player: PlayerDep, session: SessionDep, settings: SettingsDep) -> dict[str, Any]:
    """The table's rules, limits and the fairness commitment for the next round."""
    with session.begin():
        return _table(session, settings, player.id)


@router.put("/table", response_model=TableOut, responses=errors(401, 422, 503))
def choose_table(
    body: TableChoice, player: PlayerDep, session: SessionDep, settings: SettingsDep
) -> dict[str, Any]:
    """Choose the table's rules among the operator's presets; the next round starts a new shoe."""
    if body.preset not in settings.table_presets:
        raise ApiError(
            422,
            "unknown_preset",
            preset=body.preset[:40],
            allowed=", ".join(settings.table_presets),
        )
    with session.begin():
        lock_wallet(session, player.id)
        table = table_of(session, player.id)
        if table.preset != body.preset:
            table.preset = body.preset
            close_shoe(session, player.id)
    with session.begin():
        return _table(session, settings, player.id)


@router.get("/shoe", response_model=ShoeOut, responses=errors(401, 503))
def get_shoe(player: PlayerDep, session: SessionDep) -> dict[str, Any]:
    """The shoe's rounds, scoreboards, cards left and (cut-card shoes) exact house edges."""
    with session.begin():
        return shoe_json(session, table_of(session, player.id))
