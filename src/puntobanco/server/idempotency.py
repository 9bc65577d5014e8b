"""Idempotency keys of the table games' actions (Chemin de fer's and Banque's).

Each action of a player at a table carries a key; its answer is stored under it (in
``chemin_actions`` or ``banque_actions``), so that a retry returns the same answer and a
key reused for another request is refused. Punto Banco rounds keep theirs on the round
itself (:mod:`puntobanco.server.rounds`), with a fingerprint of the bets alone.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, cast

from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.server.games.common import TableRefusal
from puntobanco.server.models import BanqueAction, ChemAction, utcnow

#: The model of a game's stored actions.
Actions = type[ChemAction] | type[BanqueAction]


def fingerprint(body: dict[str, Any]) -> str:
    """A fingerprint of an action's request, to tell a retry from a reused key."""
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def replayed(
    session: Session, actions: Actions, user_id: int, key: str, digest: str
) -> dict[str, Any] | None:
    """The stored answer of an action with this key, if any (call under the wallet lock).

    Raises:
        TableRefusal: 409 ``idempotency_conflict`` (the key was used for another request).
    """
    found = cast(
        "ChemAction | BanqueAction | None",
        session.execute(
            select(actions).where(actions.user_id == user_id, actions.idempotency_key == key)
        ).scalar_one_or_none(),
    )
    if found is None:
        return None
    if found.request_hash != digest:
        raise TableRefusal(409, "idempotency_conflict", key=key[:40])
    stored: dict[str, Any] = json.loads(found.response)
    return stored


def remember(
    session: Session,
    actions: Actions,
    user_id: int,
    key: str,
    digest: str,
    round_id: int | None,
    body: Any,
) -> None:
    """Store an action's answer under its key."""
    session.add(
        actions(
            user_id=user_id,
            idempotency_key=key,
            request_hash=digest,
            round_id=round_id,
            response=json.dumps(body),
            created_at=utcnow(),
        )
    )
    session.flush()
