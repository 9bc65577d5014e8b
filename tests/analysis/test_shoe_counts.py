"""ShoeCounts: construction, removal, and the errors for bad compositions."""

from __future__ import annotations

import pytest

from puntobanco.analysis import InvalidShoe, ShoeCounts
from puntobanco.core.cards import Rank, parse_cards


def test_full_shoe_counts() -> None:
    shoe = ShoeCounts.full(8)
    assert shoe.cards == 416
    assert shoe.points == (128,) + (32,) * 9
    assert shoe.ranks == (32,) * 13
    assert shoe.has_ranks and not shoe.points_only().has_ranks


def test_from_points_and_ranks_agree_on_points() -> None:
    by_rank = ShoeCounts.from_ranks({"A": 3, Rank.KING: 2, 10: 1, "q": 1, "j": 1, 9: 4})
    assert by_rank.points == (5, 3, 0, 0, 0, 0, 0, 0, 0, 4)
    assert by_rank.ranks is not None and by_rank.ranks[12] == 2
    by_points = ShoeCounts.from_points({"0": 5, 1: 3, 9: 4})
    assert by_points.points == by_rank.points and by_points.ranks is None


def test_remove_cards_ranks_and_points() -> None:
    shoe = ShoeCounts.full(1)
    after = shoe.remove(parse_cards("Kd Ks 5h"))
    assert after.cards == 49 and after.points[0] == 14 and after.points[5] == 3
    assert after.ranks is not None and after.ranks[12] == 2
    assert shoe.cards == 52  # unchanged: a new value comes back
    assert after.remove([Rank.KING, Rank.KING]).ranks[12] == 0  # type: ignore[index]
    points = ShoeCounts.from_points({0: 1, 4: 2})
    assert points.remove([4, Rank.KING]).points == (0, 0, 0, 0, 1, 0, 0, 0, 0, 0)


@pytest.mark.parametrize(
    ("build", "code"),
    [
        (lambda: ShoeCounts.from_points({0: -1}), "negative_count"),
        (lambda: ShoeCounts.from_points({10: 4}), "unknown_point"),
        (lambda: ShoeCounts.from_points({"x": 4}), "unknown_point"),
        (lambda: ShoeCounts.from_points({0: 2.5}), "count_not_int"),
        (lambda: ShoeCounts.from_points({0: True}), "count_not_int"),
        (lambda: ShoeCounts.from_points({0: 1, "0": 2}), "duplicate"),
        (lambda: ShoeCounts.from_ranks({"Z": 4}), "unknown_rank"),
        (lambda: ShoeCounts.from_ranks({14: 4}), "unknown_rank"),
        (lambda: ShoeCounts.from_ranks({"K": -2}), "negative_count"),
        (lambda: ShoeCounts.from_ranks({"10": 1, "T": 1}), "duplicate"),
        (lambda: ShoeCounts.full(0), "decks"),
        (lambda: ShoeCounts((1, 2, 3)), "count_length"),
        (lambda: ShoeCounts((1,) * 10, (1,) * 13), "inconsistent"),
        (lambda: ShoeCounts.full(1).remove(parse_cards("Kd Kc Kh Ks Kd")), "none_left"),
        (lambda: ShoeCounts.from_points({5: 1}).remove([5, 5]), "none_left"),
        (lambda: ShoeCounts.full(1).remove([5]), "bad_item"),
    ],
)
def test_bad_compositions_name_the_problem(build: object, code: str) -> None:
    with pytest.raises(InvalidShoe) as info:
        build()  # type: ignore[operator]
    assert info.value.code == code
    assert isinstance(info.value, ValueError) and str(info.value)


def test_numpy_counts_are_accepted_as_ints() -> None:
    import numpy as np

    shoe = ShoeCounts(tuple(np.full(10, 4, dtype=np.int64)))
    assert shoe.cards == 40 and all(type(c) is int for c in shoe.points)


def test_remove_names_the_rank_how_many_were_asked_and_how_many_are_held() -> None:
    with pytest.raises(InvalidShoe) as info:
        ShoeCounts.full(8).remove([*parse_cards("Kd " * 8), *[Rank.KING] * 25])
    assert info.value.params == {"kind": "rank", "key": "K", "asked": 33, "held": 32}
    with pytest.raises(InvalidShoe) as info:
        ShoeCounts.from_points({0: 2, 5: 4}).remove([Rank.KING, 0, *parse_cards("10h")])
    assert info.value.params == {"kind": "point value", "key": "0", "asked": 3, "held": 2}
    # Every copy the shoe holds may go.
    assert ShoeCounts.full(8).remove([Rank.KING] * 32).ranks[12] == 0  # type: ignore[index]


def test_a_card_with_its_suit_leaves_exactly_and_refuses_when_none_is_left() -> None:
    shoe = ShoeCounts.full(1).remove(parse_cards("Kd"))
    assert shoe.by_card is not None and shoe.by_card[-4:] == (1, 0, 1, 1)
    with pytest.raises(InvalidShoe) as info:
        shoe.remove(parse_cards("Kd"))
    assert info.value.params == {"kind": "card", "key": "Kd", "asked": 1, "held": 0}
    # A bare rank takes the card from the suit holding the most (the last such).
    assert shoe.remove([Rank.KING]).by_card[-4:] == (1, 0, 1, 0)


def test_a_rank_only_shoe_is_spread_over_the_suits_clubs_first() -> None:
    shoe = ShoeCounts.from_ranks({"A": 6, "K": 3})
    assert shoe.by_card is not None
    assert shoe.by_card[:4] == (2, 2, 1, 1) and shoe.by_card[-4:] == (1, 1, 1, 0)
    assert ShoeCounts.from_points({0: 9}).by_card is None
