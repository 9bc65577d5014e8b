"""Replay a Chemin de fer round from a revealed server seed: its cards, decisions and payouts.

For each settled round (as ``GET /api/chemin/rounds`` returns it, or as stored):

1. the cards: the shoe's first cards by the published specification
   (:func:`puntobanco.server.verify.shoe_prefix`, independent of the dealing code), from
   the round's ``first_card``, must be the round's cards;
2. the coup: those cards played with the recorded decisions
   (:func:`puntobanco.core.choices.replay`: each decision must be asked at its point, in
   order, and none may be left over) must take exactly those cards and give the outcome;
3. the money: the seats' recorded stakes settled on that outcome by the core table
   (:func:`puntobanco.core.chemin.table.settle_round`) must give each seat's recorded
   gain and payout, and the commission.

The computer players' mixed choices are not re-drawn here: what is checked is that the
recorded decisions, whoever made them, are those that dealt these cards and paid these sums.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from puntobanco.core.cards import parse_cards
from puntobanco.core.chemin.table import ChemTable, Wager, settle_round
from puntobanco.core.choices import replay
from puntobanco.core.coup import CoupResult, play_coup
from puntobanco.core.rules import BANKER_RULES
from puntobanco.server.games.chemin.render import rounds_json
from puntobanco.server.games.render import parse_column
from puntobanco.server.games.replay import Comparison, recorded_cards, settled_under, verify_settled
from puntobanco.server.models import ChemRound
from puntobanco.server.verify import Mismatch


@dataclass(frozen=True, slots=True)
class _Decision:
    """A recorded decision, as :func:`~puntobanco.core.choices.replay` reads it."""

    side: str
    total: int
    player_third: int | None
    draws: bool


def _decisions(recorded: Iterable[Mapping[str, Any]]) -> list[_Decision]:
    return [
        _Decision(
            str(d["side"]), int(d["total"]), parse_column(d["player_third"]), d["choice"] == "draw"
        )
        for d in recorded
    ]


def verify_chemin_round(server_seed: bytes, rnd: Mapping[str, Any]) -> list[Mismatch]:
    """The values of one settled round that the replay does not reproduce (none: it checks).

    Raises:
        KeyError, TypeError, ValueError: ``rnd`` is not a round as the API writes it.
    """
    compared = Comparison(int(rnd["id"]))
    recorded = recorded_cards(server_seed, rnd, compared)
    rule = BANKER_RULES[rnd["banker_rule"]]

    def play() -> CoupResult:
        choices = replay(rule, _decisions(rnd["decisions"]))
        return play_coup(parse_cards(" ".join(recorded)), choices=choices)

    coup = compared.attempt("decisions", play)
    if coup is not None:
        compared.differ("outcome", rnd["outcome"], coup.outcome.value)
        compared.differ("card_count", len(recorded), coup.card_count)
        _check_money(rnd, coup.outcome.value, compared)
    return compared.mismatches


def _check_money(rnd: Mapping[str, Any], outcome: str, compared: Comparison) -> None:
    """The recorded stakes settled on ``outcome``: each seat's gain and payout, the commission."""
    seats = sorted(rnd["seats"], key=lambda s: s["seat"])
    size = max(s["seat"] for s in seats) + 1
    balances = [0] * max(size, 2)
    for s in seats:
        balances[s["seat"]] = int(s["balance_before_minor"])
    banker = int(rnd["bank"]["seat"])
    n = len(balances)
    wagers = tuple(
        Wager(s["seat"], int(s["stake_minor"]), banco=bool(s["banco"]))
        for s in sorted(seats, key=lambda s: (s["seat"] - banker) % n)
        if s["role"] == "punter"
    )

    def settle() -> Any:
        bank = int(rnd["bank"]["amount_minor"])
        table = ChemTable(balances=tuple(balances), banker=banker, bank_minor=bank)
        return settle_round(table, wagers, outcome)

    settlement = compared.attempt("seats", settle)
    if settlement is None:
        return
    compared.differ("commission_minor", rnd["commission_minor"], settlement.commission_minor)
    for s in seats:
        delta = settlement.deltas[s["seat"]]
        name = f"seat {s['seat']}"
        compared.differ(f"{name} delta_minor", s["delta_minor"], delta)
        compared.differ(f"{name} payout_minor", s["payout_minor"], int(s["stake_minor"]) + delta)


def verify_chemin_rounds(
    server_seed: bytes, rounds: Sequence[Mapping[str, Any]]
) -> tuple[int, list[Mismatch]]:
    """Replay the settled rounds dealt under ``server_seed``: (rounds checked, mismatches)."""
    return verify_settled(server_seed, rounds, verify_chemin_round)


def verify_chemin_seed(session: Session, server_seed: bytes) -> tuple[int, list[Mismatch]]:
    """Replay every settled Chemin de fer round stored under a revealed seed of this value."""
    rows = settled_under(session, ChemRound, server_seed)
    return verify_chemin_rounds(server_seed, rounds_json(session, rows))
