"""What the replays of Chemin de fer and Banque rounds share (``chemin_verify``, ``banque_verify``).

Each replays a settled round as the API writes it: the round's cards must be the shoe's
by the published specification (:func:`puntobanco.server.verify.shoe_prefix`), and
every value the replay gives otherwise is a :class:`~puntobanco.server.verify.Mismatch`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.core.errors import BaccaratError
from puntobanco.core.fairness import commitment
from puntobanco.server.models import BanqueRound, ChemRound, ChemRoundStatus, Seed
from puntobanco.server.verify import Mismatch, shoe_prefix

T = TypeVar("T")


class Comparison:
    """One round's recorded values against the replay's: the mismatches found so far."""

    def __init__(self, round_id: int) -> None:
        self.round_id = round_id
        self.mismatches: list[Mismatch] = []

    def differ(self, name: str, was: Any, now: Any) -> None:
        """Note ``name`` when the recorded value ``was`` is not the replay's ``now``."""
        if was != now:
            self.mismatches.append(Mismatch(self.round_id, name, str(was), str(now)))

    def attempt(
        self, name: str, step: Callable[[], T], refusals: tuple[type[Exception], ...] = ()
    ) -> T | None:
        """``step()``; None, with ``name`` noted as not as recorded, when the core refuses it.

        A :class:`~puntobanco.core.errors.BaccaratError` (or one of ``refusals``) is the
        replay's refusal of a recorded value: noted by its code (or its message).
        """
        caught: tuple[type[Exception], ...] = (BaccaratError, *refusals)
        try:
            return step()
        except caught as exc:
            self.differ(name, "as recorded", getattr(exc, "code", None) or str(exc))
            return None


def recorded_cards(server_seed: bytes, rnd: Mapping[str, Any], compared: Comparison) -> list[str]:
    """The round's recorded cards; a mismatch when the shoe by the specification differs."""
    fair = rnd["fairness"]
    recorded = [str(c["code"]) for c in rnd["cards"]]
    first = int(fair["first_card"])
    prefix = shoe_prefix(
        server_seed,
        fair["client_seed"],
        int(fair["nonce"]),
        decks=int(fair["decks"]),
        cards=first + len(recorded),
    )
    dealt = [c.code for c in prefix[first : first + len(recorded)]]
    compared.differ("cards", " ".join(recorded), " ".join(dealt))
    return recorded


def verify_settled(
    server_seed: bytes,
    rounds: Sequence[Mapping[str, Any]],
    verify_round: Callable[[bytes, Mapping[str, Any]], list[Mismatch]],
    variant: str | None = None,
) -> tuple[int, list[Mismatch]]:
    """Replay the settled rounds (of ``variant``, if given) dealt under ``server_seed``.

    Returns:
        The rounds checked and the mismatches found.
    """
    ours = commitment(server_seed)
    checked, mismatches = 0, []
    for rnd in rounds:
        if (
            (variant is not None and rnd.get("variant") != variant)
            or rnd["status"] != "settled"
            or rnd["fairness"]["server_seed_hash"] != ours
        ):
            continue
        checked += 1
        mismatches.extend(verify_round(server_seed, rnd))
    return checked, mismatches


def settled_under(
    session: Session, rounds: type[ChemRound] | type[BanqueRound], server_seed: bytes
) -> list[Any]:
    """The settled rounds of the model ``rounds`` stored under a revealed seed of this value."""
    seeds = select(Seed.id).where(
        Seed.server_seed == server_seed.hex(), Seed.revealed_at.is_not(None)
    )
    return list(
        session.execute(
            select(rounds)
            .where(rounds.seed_id.in_(seeds), rounds.status == ChemRoundStatus.SETTLED)
            .order_by(rounds.id)
        ).scalars()
    )
