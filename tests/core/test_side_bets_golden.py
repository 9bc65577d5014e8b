"""The side bets settle the hand-worked golden coups (tests/golden/side_bets.json)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
    # Egalité 1, 7 and 9 are the same leg as the others with another total (seven of
    # the ten are hand-worked wins, the rest losses).
    assert set(missing) <= {f"egalite_{n}" for n in (1, 7, 9)}
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


_CARDS = [f"{rank}{suit}" for rank in "A23456789TJQK" for suit in "cdhs"]


@settings(max_examples=200, deadline=None)
@given(
    cards=st.lists(st.sampled_from(_CARDS), min_size=6, max_size=6),
    stake=st.integers(min_value=1, max_value=10**9),
    kind=st.sampled_from(SIDE_BETS),
)
def test_a_side_bet_never_pays_more_than_stake_times_ratio(
    cards: list[str], stake: int, kind: BetKind
) -> None:
    rules = PRESETS["all-side-bets"]
    result = play_coup(parse_cards(" ".join(cards).replace("T", "10")), rules)
    settled = settle_bet(Bet(kind, stake), result, rules)
    if settled.resolution.value == "win":
        assert settled.winnings_minor <= stake * settled.ratio < settled.winnings_minor + 1
        assert settled.rounded_away == stake * settled.ratio - settled.winnings_minor
        assert settled.stake_returned_minor == stake
    elif settled.resolution.value == "push":
        assert (settled.payout_minor, settled.net_minor) == (stake, 0)
    else:
        assert (settled.payout_minor, settled.net_minor) == (0, -stake)
