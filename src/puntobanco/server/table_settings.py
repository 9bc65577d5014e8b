"""A player's table: its rules and limits, and its provably fair seeds."""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.orm import Session

from puntobanco.core.fairness import commitment, new_server_seed
from puntobanco.core.rules import PRESETS, BetKind, Rules, ShoeMode, TableLimits
from puntobanco.server.models import PlayerTable, Seed, utcnow
from puntobanco.server.settings import Settings

CLIENT_SEED_MAX = 64


def rules_for(preset: str) -> Rules:
    """The rules of a table preset (a key of :data:`puntobanco.core.rules.PRESETS`)."""
    return PRESETS[preset]


def limits_for(settings: Settings, rules: Rules) -> TableLimits:
    """The operator's limits for a table with ``rules``."""
    maxima: dict[BetKind, int] = {}
    if settings.tie_maximum_minor is not None:
        maxima[BetKind.TIE] = min(settings.tie_maximum_minor, settings.maximum_minor)
    if settings.pair_maximum_minor is not None and rules.pair_pays is not None:
        for kind in (BetKind.PLAYER_PAIR, BetKind.BANKER_PAIR):
            maxima[kind] = min(settings.pair_maximum_minor, settings.maximum_minor)
    if settings.side_bet_maximum_minor is not None:
        for kind, _pays in rules.side_bets:
            maxima[kind] = min(settings.side_bet_maximum_minor, settings.maximum_minor)
    return TableLimits(
        minimum_minor=settings.minimum_minor,
        maximum_minor=settings.maximum_minor,
        maxima_minor=maxima,
    )


def rules_json(name: str, rules: Rules) -> dict[str, Any]:
    """The preset's name and :meth:`Rules.to_json` (exact fractions as strings, the legs)."""
    return {"name": name, **rules.to_json()}


def limits_json(limits: TableLimits) -> dict[str, Any]:
    """Limits in minor units."""
    return {
        "minimum_minor": limits.minimum_minor,
        "maximum_minor": limits.maximum_minor,
        "maxima_minor": {kind.value: value for kind, value in limits.maxima_minor.items()},
    }


def new_seed(
    session: Session,
    user_id: int,
    client_seed: str | None = None,
    *,
    fixed_seed: bytes | None = None,
) -> int:
    """Create the player's next active server seed (32 bytes from ``secrets``).

    Args:
        session: A session inside a transaction.
        user_id: The player.
        client_seed: The client seed to keep (a fresh random one when ``None``).
        fixed_seed: ``Settings.fixed_server_seed``: for tests and demos only, the seed to
            use instead of a fresh one (a seed known in advance is never provably fair).
    """
    seed = new_server_seed() if fixed_seed is None else fixed_seed
    return int(
        session.execute(
            insert(Seed)
            .values(
                user_id=user_id,
                server_seed=seed.hex(),
                server_seed_hash=commitment(seed),
                client_seed=client_seed if client_seed is not None else secrets.token_hex(8),
                next_nonce=1,
                created_at=utcnow(),
            )
            .returning(Seed.id)
        ).scalar_one()
    )


def active_seed(session: Session, user_id: int) -> Seed:
    """The player's seed in play."""
    return session.execute(
        select(Seed).where(Seed.user_id == user_id, Seed.revealed_at.is_(None))
    ).scalar_one()


def table_of(session: Session, user_id: int) -> PlayerTable:
    """The player's table row."""
    return session.execute(select(PlayerTable).where(PlayerTable.user_id == user_id)).scalar_one()


def fairness_json(table: PlayerTable, seed: Seed) -> dict[str, Any]:
    """The commitment, client seed and nonce that the next round will use."""
    rules = rules_for(table.preset)
    if rules.shoe_mode is ShoeMode.CUT_CARD and table.shoe_open and table.shoe_nonce is not None:
        return {
            "server_seed_hash": seed.server_seed_hash,
            "client_seed": table.shoe_client_seed or seed.client_seed,
            "nonce": table.shoe_nonce,
        }
    return {
        "server_seed_hash": seed.server_seed_hash,
        "client_seed": seed.client_seed,
        "nonce": seed.next_nonce,
    }


def close_shoe(session: Session, user_id: int) -> None:
    """Set the table's shoe aside (a table switch, a new seed): the next round starts anew.

    ``GET /api/shoe`` then shows that next shoe, with no rounds.

    ``shoe_nonce`` is cleared, which tells a shoe set aside from one that ended at its cut
    card (that one keeps its nonce, and is shown finished until the next shoe starts);
    ``shoe_rounds`` (on reshuffle tables, the rounds on the scoreboard) starts again at 0.
    """
    session.execute(
        update(PlayerTable)
        .where(PlayerTable.user_id == user_id)
        .values(shoe_open=False, shoe_position=0, shoe_rounds=0, shoe_nonce=None)
    )


def check_client_seed(value: str) -> str | None:
    """``None`` if ``value`` is a valid client seed, else why not (for the error)."""
    if not 1 <= len(value) <= CLIENT_SEED_MAX or ":" in value or not value.isprintable():
        return "invalid"
    return None
