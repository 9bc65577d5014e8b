"""Recompute rounds from a revealed server seed: the provably fair check.

This recomputation is deliberately independent of :class:`~puntobanco.core.shoe.Shoe`:
it follows the published specification directly (:mod:`puntobanco.core.fairness`'s
docstring: unshuffled order, HMAC word stream,
Fisher-Yates from position 0, stopping after the cards needed), so it checks
the dealing code rather than repeating it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from puntobanco.core.bets import Bet, settle
from puntobanco.core.cards import Card, parse_cards, unshuffled
from puntobanco.core.coup import play_coup
from puntobanco.core.fairness import FairStream, commitment
from puntobanco.core.rules import PRESETS, BetKind, ShoeMode


@dataclass(frozen=True)
class RoundRecord:
    """What was recorded of one round, as stored or as the API returned it."""

    round_id: int
    preset: str | None
    decks: int
    client_seed: str
    nonce: int
    first_card: int
    round_in_shoe: int
    cards: tuple[str, ...]
    outcome: str
    burn_shown: str | None = None
    burn_face_down: int | None = None
    bets: tuple[tuple[str, int, int | None], ...] = field(default=())
    """(spot, stake, payout recorded) per bet."""


@dataclass(frozen=True)
class Mismatch:
    """A recorded value the recomputation does not reproduce."""

    round_id: int
    field: str
    recorded: str
    recomputed: str


def shoe_prefix(
    server_seed: bytes, client_seed: str, nonce: int, *, decks: int, cards: int
) -> list[Card]:
    """The first ``cards`` cards of the provably fair shoe (the specification, verbatim)."""
    order = unshuffled(decks)
    n = len(order)
    stream = FairStream(server_seed, client_seed, nonce)
    for i in range(min(cards, n - 1)):
        j = i + stream.randbelow(n - i)
        order[i], order[j] = order[j], order[i]
    return order[:cards]


def verify_rounds(server_seed: bytes, records: Iterable[RoundRecord]) -> list[Mismatch]:
    """Recompute every round dealt under ``server_seed``; list what differs."""
    mismatches: list[Mismatch] = []
    for record in records:
        mismatches.extend(_verify(server_seed, record))
    return mismatches


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(card.code for card in cards)


def _verify(server_seed: bytes, r: RoundRecord) -> list[Mismatch]:
    out: list[Mismatch] = []

    def differ(name: str, recorded: object, recomputed: object) -> None:
        if str(recorded) != str(recomputed):
            out.append(Mismatch(r.round_id, name, str(recorded), str(recomputed)))

    prefix = shoe_prefix(server_seed, r.client_seed, r.nonce, decks=r.decks, cards=r.first_card + 6)
    rules = PRESETS.get(r.preset) if r.preset else None
    cut_card = r.first_card > 0 or (rules is not None and rules.shoe_mode is ShoeMode.CUT_CARD)
    if cut_card and r.round_in_shoe == 1 and (rules is None or rules.burn):
        shown = prefix[0]
        differ("burn.shown", r.burn_shown, shown.code)
        differ("burn.face_down", r.burn_face_down, shown.points or 10)
        differ("first_card", r.first_card, 1 + (shown.points or 10))
    result = play_coup(prefix[r.first_card :])
    differ("cards", " ".join(r.cards), _codes(result.cards))
    differ("outcome", r.outcome, result.outcome.value)
    if rules is not None and r.bets:
        bets = [Bet(BetKind(name), stake) for name, stake, _ in r.bets]
        settled = settle(bets, result, rules)
        for (name, _, payout), s in zip(r.bets, settled.bets, strict=True):
            if payout is not None:
                differ(f"payout.{name}", payout, s.payout_minor)
    return out


def records_from_api(rounds: Iterable[dict[str, Any]]) -> list[RoundRecord]:
    """Records from rounds as ``GET /api/rounds`` returns them (for ``puntobanco verify``)."""
    records = []
    for r in rounds:
        burn = r["shoe"].get("burn")
        payouts = {s["bet"]: s["payout_minor"] for s in r.get("settlement", [])}
        records.append(
            RoundRecord(
                round_id=int(r["id"]),
                preset=r.get("preset"),
                decks=int(r["shoe"]["decks"]),
                client_seed=r["fairness"]["client_seed"],
                nonce=int(r["fairness"]["nonce"]),
                first_card=int(r["shoe"]["first_card"]),
                round_in_shoe=int(r["shoe"]["round_in_shoe"]),
                cards=tuple(c["code"] for c in r["cards"]),
                outcome=r["outcome"],
                burn_shown=None if burn is None else burn["shown"]["code"],
                burn_face_down=None if burn is None else int(burn["face_down"]),
                bets=tuple(
                    (b["bet"], int(b["stake_minor"]), payouts.get(b["bet"])) for b in r["bets"]
                ),
            )
        )
    return records


def seed_matches(server_seed: bytes, server_seed_hash: str) -> bool:
    """Whether ``server_seed`` is the one committed to by ``server_seed_hash``."""
    return commitment(server_seed) == server_seed_hash


def parse_cards_codes(text: str) -> tuple[str, ...]:
    """Card codes of a stored round, normalised through the parser."""
    return tuple(card.code for card in parse_cards(text))
