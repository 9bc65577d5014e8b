"""Provably fair: client seed, rotation (reveal), verification."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from puntobanco.server.accounts import Player
from puntobanco.server.audit import parse_seed_hex, verify_seed
from puntobanco.server.deps import PlayerDep, SessionDep, SettingsDep, errors
from puntobanco.server.errors import ApiError
from puntobanco.server.ledger.wallet import lock_wallet
from puntobanco.server.models import utcnow
from puntobanco.server.schemas import ClientSeedIn, FairnessOut, RotateOut, VerifyIn, VerifyOut
from puntobanco.server.table_settings import (
    active_seed,
    check_client_seed,
    close_shoe,
    fairness_json,
    new_seed,
    table_of,
)

router = APIRouter(prefix="/api/fairness", tags=["fairness"])


@router.post("/client-seed", response_model=FairnessOut, responses=errors(401, 422, 503))
def set_client_seed(body: ClientSeedIn, player: PlayerDep, session: SessionDep) -> dict[str, Any]:
    """Set the client seed for the next shoe (a cut-card shoe in progress is ended)."""
    if check_client_seed(body.client_seed) is not None:
        raise ApiError(422, "invalid_client_seed", length=len(body.client_seed))
    with session.begin():
        lock_wallet(session, player.id)
        seed = active_seed(session, player.id)
        seed.client_seed = body.client_seed
        close_shoe(session, player.id)
    with session.begin():
        return fairness_json(table_of(session, player.id), active_seed(session, player.id))


def _count(request: Request, action: str, player: Player) -> None:
    """Count one ``action`` (``rotate`` or ``verify``) of ``player`` on its limiter.

    Raises:
        ApiError: 429 ``<action>_rate_limited`` (with ``retry_after``).
    """
    wait = getattr(request.app.state, f"{action}_limiter").hit(f"{action}|{player.id}")
    if wait is not None:
        raise ApiError(429, f"{action}_rate_limited", retry_after=wait)


@router.post("/rotate", response_model=RotateOut, responses=errors(401, 429, 503))
def rotate(
    request: Request, player: PlayerDep, session: SessionDep, settings: SettingsDep
) -> dict[str, Any]:
    """Reveal the server seed in play and commit to a new one (a shoe in progress is ended).

    At most ``rotations_per_player`` per ``rotation_window_s`` (429 ``rotate_rate_limited``).
    """
    _count(request, "rotate", player)
    with session.begin():
        lock_wallet(session, player.id)
        old = active_seed(session, player.id)
        old.revealed_at = utcnow()
        session.flush()
        new_seed(
            session,
            player.id,
            client_seed=old.client_seed,
            fixed_seed=settings.fixed_server_seed,
        )
        close_shoe(session, player.id)
        revealed, revealed_hash = old.server_seed, old.server_seed_hash
    with session.begin():
        fairness = fairness_json(table_of(session, player.id), active_seed(session, player.id))
    return {"revealed_server_seed": revealed, "server_seed_hash": revealed_hash, "next": fairness}


@router.post("/verify", response_model=VerifyOut, responses=errors(401, 404, 409, 422, 429, 503))
def verify(
    body: VerifyIn, request: Request, player: PlayerDep, session: SessionDep
) -> dict[str, Any]:
    """Recompute every round of one of your revealed seeds and list any mismatch.

    At most ``verifications_per_player`` per ``verification_window_s`` (429
    ``verify_rate_limited``): a seed of many rounds takes a good fraction of a second.
    """
    seed = parse_seed_hex(body.server_seed)
    _count(request, "verify", player)
    with session.begin():
        result = verify_seed(session, seed, user_id=player.id)
    return {
        "server_seed_hash": result.server_seed_hash,
        "rounds_checked": result.rounds_checked,
        "mismatches": [m.__dict__ for m in result.mismatches],
    }
