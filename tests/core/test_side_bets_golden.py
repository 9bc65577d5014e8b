"""The side bets of issue #10 settle the hand-worked golden coups (tests/golden/side_bets.json)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from puntobanco.core.bets import Bet, settle_bet
from puntobanco.core.cards import parse_cards
from puntobanco.core.coup import play_coup
from puntobanco.core.explain import describe_settlement
from puntobanco.core.rules import PRESETS, SIDE_BETS, BetKind

GOLDEN = json.loads(
    (Path(__file__).parents[1] / "golden" / "side_bets.json").read_text(encoding="utf-8")
)["coups"]


def test_every_side_bet_has_a_hand_worked_win_and_a_loss() -> None:
    seen: dict[str, set[str]] = {}
    for coup in GOLDEN:
        for name, (_, resolution, _, _) in coup["bets"].items():
            seen.setdefault(name, set()).add(resolution)
    missing = [kind.value for kind in SIDE_BETS if "win" not in seen.get(kind.value, set())]
    # Egalité 1 to 7 and 9 are the same leg with another total; one win and a loss
    # of the family are hand-worked.
    assert set(missing) <= {f"egalite_{n}" for n in (1, 2, 3, 4, 5, 6, 7, 9)}
    assert {"win", "push", "lose"} <= seen["dragon_bonus_player"]


@pytest.mark.parametrize("coup", GOLDEN, ids=[c["name"] for c in GOLDEN])
def test_the_hand_worked_side_bets_settle(coup: dict[str, Any]) -> None:
    rules = PRESETS[coup["preset"]]
    result = play_coup(parse_cards(coup["cards"]), rules)
    for name, (stake, resolution, winnings, away) in coup["bets"].items():
        settled = settle_bet(Bet(BetKind(name), stake), result, rules)
        assert settled.resolution.value == resolution, name
        assert settled.winnings_minor == winnings, name
        assert settled.rounded_away == Fraction(away), name
        returned = 0 if resolution == "lose" else stake
        assert settled.stake_returned_minor == returned, name
    for name, stake, english, spanish in coup["sentences"]:
        settled = settle_bet(Bet(BetKind(name), stake), result, rules)
        assert describe_settlement(settled, "en") == english
        assert describe_settlement(settled, "es") == spanish
