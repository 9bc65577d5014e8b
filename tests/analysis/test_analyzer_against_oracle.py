"""The exact analyzer against the independent side-bet oracle, bet by bet and shoe by shoe.

``tests/analysis/sidebet_oracle.py`` was written from the seeds' drawing rules and the
published paytables alone, sharing no code with the engine or the analyzer (it imports
nothing from ``puntobanco``). Here both price every bet on the same shoes, per card (rank
and suit), and must agree to the last fraction: full shoes, a shoe with a suit-uneven
depletion (so the suited pair bets see suits the even spread would not give), and small
shoes where every bet can win.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction

import pytest

from puntobanco.analysis import ShoeCounts, analyze
from puntobanco.analysis.pairs import SUITS
from puntobanco.core.rules import PRESETS, SIDE_BETS, BetKind, Rules
from tests.analysis import sidebet_oracle as oracle

#: Each oracle bet, as the preset and the spot that offer it with the same paytable.
SPOTS: dict[str, tuple[str, BetKind]] = {
    "player": ("punto-banco", BetKind.PLAYER),
    "banker": ("punto-banco", BetKind.BANKER),
    "tie": ("punto-banco", BetKind.TIE),
    "ez_banker": ("ez-baccarat", BetKind.BANKER),
    "super_6_banker": ("super-6", BetKind.BANKER),
    "player_pair": ("all-side-bets", BetKind.PLAYER_PAIR),
    "banker_pair": ("all-side-bets", BetKind.BANKER_PAIR),
    **{kind.value: ("all-side-bets", kind) for kind in SIDE_BETS},
}


def shoe_of(counts: Mapping[oracle.Card, int]) -> ShoeCounts:
    """The analyzer's per-card shoe holding the oracle's ``counts``."""
    cards = [0] * (13 * SUITS)
    for (rank, suit), count in counts.items():
        cards[(rank - 1) * SUITS + suit] += count
    return ShoeCounts.from_card_tuple(cards)


def depleted_six_decks() -> dict[oracle.Card, int]:
    """Six decks less 120 cards drawn at random, many of them hearts (uneven suits)."""
    counts = oracle.full_shoe(6)
    rng = random.Random(2026)
    pool = [card for card, n in counts.items() for _ in range(n)]
    hearts = [card for card in pool if card[1] == 2]
    for card in rng.sample(pool, 80) + rng.sample(hearts, 40):
        if counts[card]:
            counts[card] -= 1
    return counts


#: A small shoe where pairs, suited pairs, three-card 7s and 8s and ties all occur.
SMALL = {(7, 0): 2, (7, 1): 1, (13, 0): 2, (1, 2): 1, (6, 3): 2, (10, 3): 1, (9, 1): 1}

SHOES = {
    "8 decks": oracle.full_shoe(8),
    "1 deck": oracle.full_shoe(1),
    "6 decks depleted": depleted_six_decks(),
    "small": SMALL,
}


@pytest.mark.parametrize("shoe_name", list(SHOES))
def test_every_bet_agrees_with_the_oracle_exactly(shoe_name: str) -> None:
    counts = SHOES[shoe_name]
    shoe = shoe_of(counts)
    analyses = {preset: analyze(PRESETS[preset], shoe) for preset, _ in SPOTS.values()}
    for name in oracle.BETS:
        preset, kind = SPOTS[name]
        commission = PRESETS[preset].banker_commission
        want = oracle.house_edge(counts, name, commission=commission)
        got = analyses[preset].bets[kind].house_edge
        assert got == want, f"{name} on {shoe_name}: analyzer {got}, oracle {want}"


def test_every_side_bet_of_the_layout_is_checked() -> None:
    assert {kind for _, kind in SPOTS.values()} >= set(SIDE_BETS)
    assert set(SPOTS) == set(oracle.BETS)


@pytest.mark.parametrize(
    ("spec", "name", "pays"),
    [
        ("15:25", "tiger", (Fraction(15), Fraction(25))),
        ("30", "dragon_7", (Fraction(30),)),
        ("1:40:12:6:4:2:1", "dragon_bonus_banker", tuple(map(Fraction, (1, 40, 12, 6, 4, 2, 1)))),
        ("20:100", "perfect_pair", (Fraction(20), Fraction(100))),
    ],
)
def test_other_paytables_agree_with_the_oracle(
    spec: str, name: str, pays: tuple[Fraction, ...]
) -> None:
    rules = Rules(side_bets={name: spec})
    counts = SHOES["6 decks depleted"]
    got = analyze(rules, shoe_of(counts)).bets[BetKind(name)].house_edge
    assert got == oracle.house_edge(counts, name, pays)
