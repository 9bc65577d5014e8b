"""The drawing rules against the seeds' own formulations, transcribed here as oracles.

The engine holds one table (core.tableau: a row per Banker total). Seed 000
states the Banker's rule the other way round, by the Player's third card;
seeds 001 and 002 print it by the Banker's total. Each formulation is copied
below from the seed text, as written there, and compared exhaustively with the
engine's table and with play_coup.
"""

from __future__ import annotations

import pytest

from puntobanco.core.cards import Card, Rank, Suit
from puntobanco.core.coup import EventKind, Side, play_coup
from puntobanco.core.tableau import (
    BANKER_DRAWS,
    PLAYER_DRAWS,
    PLAYER_STOOD,
    banker_drawing_values,
    banker_draws,
    format_values,
    is_natural,
    player_draws,
)

from .seed_rules import (
    ALL,
    BANKER_TOTALS,
    SEED_000_BY_THIRD_CARD,
    SEED_000_PLAYER_STOOD,
    SEED_001_BY_BANKER_TOTAL,
    SEED_001_PLAYER,
    SEED_001_PLAYER_STOOD,
    SEED_002_BY_BANKER_TOTAL,
    SEED_002_PLAYER,
    seed_000_banker_draws,
    seed_table_banker_draws,
)


def test_the_transcriptions_are_complete_partitions() -> None:
    assert set(SEED_000_BY_THIRD_CARD) == set(Rank)
    for rule in [SEED_000_PLAYER_STOOD, *SEED_000_BY_THIRD_CARD.values()]:
        assert sorted([*rule["draws"], *rule["stands"]]) == list(BANKER_TOTALS)
    for table in (SEED_001_BY_BANKER_TOTAL, SEED_002_BY_BANKER_TOTAL):
        assert set(table) == set(BANKER_TOTALS)
        for draws, stands in table.values():
            assert sorted(draws + stands) == list(ALL)
    for player in (SEED_001_PLAYER, SEED_002_PLAYER):
        assert sorted(player["draws"] + player["stands"] + player["natural"]) == list(ALL)


def test_the_three_seeds_agree() -> None:
    for banker in BANKER_TOTALS:
        for rank in Rank:
            by_000 = seed_000_banker_draws(banker, rank)
            assert by_000 == seed_table_banker_draws(SEED_001_BY_BANKER_TOTAL, banker, rank.points)
            assert by_000 == seed_table_banker_draws(SEED_002_BY_BANKER_TOTAL, banker, rank.points)
        assert seed_000_banker_draws(banker, None) == (banker in SEED_001_PLAYER_STOOD["draws"])
    assert set(SEED_001_PLAYER["draws"]) == set(SEED_002_PLAYER["draws"])


@pytest.mark.parametrize("banker", BANKER_TOTALS)
def test_engine_table_matches_seed_000_for_every_third_card(banker: int) -> None:
    for rank in Rank:
        assert banker_draws(banker, rank.points) is seed_000_banker_draws(banker, rank)
        assert BANKER_DRAWS[banker][rank.points] is seed_000_banker_draws(banker, rank)
    assert banker_draws(banker, PLAYER_STOOD) is seed_000_banker_draws(banker, None)


@pytest.mark.parametrize("banker", BANKER_TOTALS)
def test_engine_table_matches_seeds_001_and_002(banker: int) -> None:
    for third in ALL:
        for table in (SEED_001_BY_BANKER_TOTAL, SEED_002_BY_BANKER_TOTAL):
            assert BANKER_DRAWS[banker][third] is seed_table_banker_draws(table, banker, third)
    assert BANKER_DRAWS[banker][PLAYER_STOOD] is (banker in SEED_001_PLAYER_STOOD["draws"])
    assert banker_drawing_values(banker) == tuple(sorted(SEED_001_BY_BANKER_TOTAL[banker][0]))


def test_player_rule_and_naturals_match_the_seeds() -> None:
    for total in ALL:
        assert is_natural(total) is (total in SEED_001_PLAYER["natural"])
        if not is_natural(total):
            assert player_draws(total) is (total in SEED_001_PLAYER["draws"])
            assert PLAYER_DRAWS[total] is (total in SEED_002_PLAYER["draws"])


def test_table_shape() -> None:
    assert len(BANKER_DRAWS) == 10
    assert all(len(row) == PLAYER_STOOD + 1 for row in BANKER_DRAWS)
    assert not any(any(row) for row in BANKER_DRAWS[7:])  # 7 stands; 8-9 are naturals


def _card(rank: Rank, suit: Suit = Suit.SPADES) -> Card:
    return Card(rank, suit)


def _two_cards_for(total: int) -> tuple[Card, Card]:
    """Two cards making ``total`` that are not a natural pair of ranks on purpose."""
    first = Rank.KING if total == 0 else Rank(total)
    return _card(first, Suit.CLUBS), _card(Rank.QUEEN, Suit.HEARTS)


@pytest.mark.parametrize("player", [t for t in ALL if not is_natural(t)])
def test_play_coup_follows_seed_000_in_every_case(player: int) -> None:
    """Deal every (Player total, Banker total, Player third card rank) through play_coup."""
    for banker in BANKER_TOTALS:
        p1, p2 = _two_cards_for(player)
        b1, b2 = _two_cards_for(banker)
        if player in SEED_001_PLAYER["stands"]:
            cards = [p1, b1, p2, b2, _card(Rank.FIVE)]
            result = play_coup(cards)
            assert len(result.player_cards) == 2
            expected = seed_000_banker_draws(banker, None)
            assert (len(result.banker_cards) == 3) is expected
            continue
        for rank in Rank:
            result = play_coup([p1, b1, p2, b2, _card(rank, Suit.DIAMONDS), _card(Rank.FIVE)])
            assert result.player_cards[2].rank is rank
            expected = seed_000_banker_draws(banker, rank)
            assert (len(result.banker_cards) == 3) is expected
            decision = next(
                e for e in result.events if e.side is Side.BANKER and e.kind is not EventKind.CARD
            )
            assert decision.kind is (EventKind.DRAW if expected else EventKind.STAND)
            assert decision.player_third == rank.points


def test_format_values_writes_ranges_like_the_seeds() -> None:
    assert format_values(banker_drawing_values(3)) == "0–7, 9"
    assert format_values(banker_drawing_values(4)) == "2–7"
    assert format_values((1, 3, 5)) == "1, 3, 5"
    assert format_values((2,)) == "2"
