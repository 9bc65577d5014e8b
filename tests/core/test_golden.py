"""Golden data written by hand from the seeds: the printed tableau and hand-dealt coups."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from puntobanco.core.cards import parse_cards
from puntobanco.core.coup import CoupResult, Event, EventKind, Reason, play_coup
from puntobanco.core.tableau import BANKER_DRAWS, PLAYER_DRAWS, PLAYER_STOOD, is_natural

from .seed_rules import oracle_coup

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
COUPS: list[dict[str, Any]] = json.loads((GOLDEN / "coups.json").read_text(encoding="utf-8"))[
    "coups"
]


def render_tableau() -> str:
    """Print core.tableau in the layout of tests/golden/tableau.txt."""

    def mark(draws: bool, natural: bool) -> str:
        return "N" if natural else "D" if draws else "S"

    values = " ".join(str(v) for v in range(10))
    player = " ".join(mark(PLAYER_DRAWS[t], is_natural(t)) for t in range(10))
    lines = [
        "Punto Banco drawing rules, written by hand from seeds 001 and 002.",
        "D = draws a third card, S = stands, N = natural (8 or 9 on two cards: nobody draws).",
        "",
        f"Player's two-card total:   {values}",
        f"Player:                    {player}",
        "",
        "Banker's      Player's third card (point value)   Player",
        f"total         {values}                 stood",
    ]
    for total, row in enumerate(BANKER_DRAWS):
        natural = is_natural(total)
        cells = " ".join(mark(row[t], natural) for t in range(10))
        lines.append(f"{total:<14}{cells}                 {mark(row[PLAYER_STOOD], natural)}")
    return "\n".join(lines) + "\n"


def test_printed_tableau_matches_the_hand_written_golden_file() -> None:
    assert render_tableau() == (GOLDEN / "tableau.txt").read_text(encoding="utf-8")


def notation(event: Event) -> str:
    if event.kind is EventKind.RESULT:
        assert event.outcome is not None
        return f"result {event.total} {event.banker_total} {event.outcome.value}"
    assert event.side is not None
    if event.kind is EventKind.CARD:
        assert event.card is not None
        return f"card {event.side.value} {event.card.code} {event.total}"
    assert event.reason is not None
    text = f"{event.kind.value} {event.side.value} {event.total} {event.reason.value}"
    if event.player_third is not None:
        drawing = ",".join(str(v) for v in event.drawing_values) or "none"
        text += f" third={event.player_third} draws-on={drawing}"
    return text


def as_golden(result: CoupResult) -> dict[str, Any]:
    return {
        "player_cards": [c.code for c in result.player_cards],
        "banker_cards": [c.code for c in result.banker_cards],
        "player_total": result.player_total,
        "banker_total": result.banker_total,
        "outcome": result.outcome.value,
        "player_natural": result.player_natural,
        "banker_natural": result.banker_natural,
        "natural": result.natural,
        "player_pair": result.player_pair,
        "banker_pair": result.banker_pair,
        "card_count": result.card_count,
        "events": [notation(e) for e in result.events],
    }


def test_the_golden_coups_cover_every_reason_and_outcome() -> None:
    decisions = [e.split() for c in COUPS for e in c["events"]]
    reasons = {words[3] for words in decisions if words[0] in ("draw", "stand")}
    assert reasons == {r.value for r in Reason}
    assert {c["outcome"] for c in COUPS} == {"player", "banker", "tie"}
    assert {c["card_count"] for c in COUPS} == {4, 5, 6}


@pytest.mark.parametrize("coup", COUPS, ids=[c["name"] for c in COUPS])
def test_play_coup_deals_the_hand_worked_coup(coup: dict[str, Any]) -> None:
    expected = {k: v for k, v in coup.items() if k not in ("name", "why", "cards")}
    result = play_coup(parse_cards(coup["cards"]))
    assert as_golden(result) == expected
    assert [c.code for c in result.cards] == coup["cards"].split()


@pytest.mark.parametrize("coup", COUPS, ids=[c["name"] for c in COUPS])
def test_the_seed_oracle_agrees_with_the_hand_work(coup: dict[str, Any]) -> None:
    """A second check of the hand work: the oracle written from the seeds."""
    oracle = oracle_coup(parse_cards(coup["cards"]))
    assert oracle.used == coup["card_count"]
    assert (oracle.player_total, oracle.banker_total, oracle.outcome) == (
        coup["player_total"],
        coup["banker_total"],
        coup["outcome"],
    )
    assert (oracle.player_natural, oracle.banker_natural) == (
        coup["player_natural"],
        coup["banker_natural"],
    )
