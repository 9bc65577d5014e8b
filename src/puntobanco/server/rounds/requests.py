"""What a round's request brings, checked: its stakes, its idempotency key, their fingerprint."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from puntobanco.server.errors import ApiError

MAX_KEY = 200


def parse_stakes(raw: Mapping[str, Any]) -> dict[str, int]:
    """Check that every stake is a JSON integer (not a float, string or boolean).

    Raises:
        ApiError: 422 ``stake_not_integer``, naming the spot and the value.
    """
    stakes: dict[str, int] = {}
    for name, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise ApiError(422, "stake_not_integer", bet=str(name)[:40], value=repr(value)[:40])
        stakes[name] = value
    return stakes


def request_hash(stakes: Mapping[str, int]) -> str:
    """A fingerprint of a round's bets, to tell a retry from a reused key."""
    canonical = json.dumps(sorted(stakes.items()), separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def check_key(key: str | None) -> str:
    """Validate the Idempotency-Key header."""
    if key is None or not 1 <= len(key) <= MAX_KEY or not key.isprintable():
        raise ApiError(400, "idempotency_key_required")
    return key
