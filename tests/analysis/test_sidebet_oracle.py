"""The side-bet oracle's own tests: published figures, brute force, closed forms, properties.

The oracle (tests/analysis/sidebet_oracle.py) is what the analyzer's side bets are checked
against, so it is checked here without the package: against the published 8-deck house
edges, against its own brute force over every ordering of small shoes (a second drawing
table, a second settlement written from the cards), and against closed forms for the pairs.
"""

from __future__ import annotations

import ast
import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from tests.analysis import sidebet_oracle as oracle
from tests.analysis.sidebet_oracle import (
    BETS,
    DEFAULT_PAYS,
    Card,
    brute_force_house_edge,
    full_shoe,
    house_edge,
    net_distribution,
    settle_from_cards,
    spread_ranks,
)

EIGHT_DECKS = full_shoe(8)

# Published 8-deck house edges in percent, with the digits they are printed to: the
# figures published for these paytables, which the oracle must meet without tuning.
PUBLISHED = {
    "banker": ("1.0579", 4),
    "player": ("1.2351", 4),
    "tie": ("14.3596", 4),
    "ez_banker": ("1.0183", 4),
    "dragon_7": ("7.6113", 4),
    "panda_8": ("10.1876", 4),
    "dragon_bonus_player": ("2.6517", 4),
    "dragon_bonus_banker": ("9.3731", 4),
    "either_pair": ("13.7099", 4),
    "super_6": ("29.977", 3),
    "small_tiger": ("14.3325", 4),
    "big_tiger": ("15.2533", 4),
}

C, D, H, S = range(4)
# Two 11-card shoes on which every payout leg of every bet has a positive probability
# (found by a search over random shoes; test_every_leg_can_pay checks the claim), a 10-card
# shoe of other ranks, a 6-card shoe (the smallest the oracle accepts) and shoe E below.
SHOE_A: tuple[Card, ...] = (
    (1, C), (3, C), (6, C), (6, S), (6, S), (6, S), (8, C), (8, C), (8, S), (9, C), (9, S),
)  # fmt: skip
SHOE_B: tuple[Card, ...] = (
    (3, D), (3, D), (3, D), (3, S), (5, S), (5, S), (8, D), (8, D), (9, D), (9, S), (13, D),
)  # fmt: skip
SHOE_C: tuple[Card, ...] = (
    (1, H), (1, H), (2, C), (4, D), (7, C), (7, C), (10, S), (12, S), (12, H), (13, C),
)  # fmt: skip
SHOE_D: tuple[Card, ...] = ((7, C), (7, C), (11, D), (2, H), (4, S), (6, S))
# Every cell of the Banker's drawing table (two-card total 0-7, Player's third card 0-9) can
# be reached from this one, so a wrong cell in either formulation changes some figure.
SHOE_E: tuple[Card, ...] = (
    (13, S), (1, H), (2, D), (2, D), (3, C), (4, C), (5, H), (6, S), (7, D), (8, C), (9, H),
)  # fmt: skip
SMALL_SHOES = {"A": SHOE_A, "B": SHOE_B, "C": SHOE_C, "D": SHOE_D, "E": SHOE_E}


def win_probability(counts: dict[Card, int], bet: str) -> Fraction:
    return sum((p for net, p in net_distribution(counts, bet).items() if net > 0), Fraction(0))


# --- published figures ---------------------------------------------------------------------
@pytest.mark.parametrize("bet", sorted(PUBLISHED))
def test_published_eight_deck_edges(bet: str) -> None:
    printed, digits = PUBLISHED[bet]
    edge = house_edge(EIGHT_DECKS, bet)
    assert f"{float(edge) * 100:.{digits}f}" == printed


@pytest.mark.parametrize("bet", BETS)
def test_eight_deck_distribution_is_exact_and_complete(bet: str) -> None:
    dist = net_distribution(EIGHT_DECKS, bet)
    assert sum(dist.values()) == 1
    assert all(p > 0 for p in dist.values())
    assert house_edge(EIGHT_DECKS, bet) == -sum(net * p for net, p in dist.items())
    assert min(dist) == -1 and max(dist) == max(DEFAULT_PAYS[bet]) * (
        Fraction(19, 20) if bet == "banker" else 1
    )


# --- closed forms (no coup enumeration at all) ---------------------------------------------
def test_pair_bets_match_closed_forms_on_eight_decks() -> None:
    # A hand's first two cards: 31 of the 415 cards left share the first card's rank.
    p_pair = Fraction(31, 415)
    assert house_edge(EIGHT_DECKS, "player_pair") == 1 - 12 * p_pair == Fraction(43, 415)
    assert house_edge(EIGHT_DECKS, "banker_pair") == Fraction(43, 415)
    # Both hands: after a Player pair of rank r, the Banker pairs r (30 left) or another rank.
    both = p_pair * Fraction(30 * 29 + 12 * 32 * 31, 414 * 413)
    same_rank = p_pair * Fraction(30 * 29, 414 * 413)
    either = 2 * p_pair - both
    assert house_edge(EIGHT_DECKS, "either_pair") == 1 - 6 * either
    tiger = net_distribution(EIGHT_DECKS, "tiger_pair")
    assert tiger == {
        Fraction(100): same_rank,
        Fraction(20): both - same_rank,
        Fraction(4): either - both,
        Fraction(-1): 1 - either,
    }
    # Suited: 7 of the 415 cards left are the first card's exact copy.
    p_suited = Fraction(7, 415)
    both_suited = p_suited * Fraction(6 * 5 + 51 * 8 * 7, 414 * 413)
    perfect = net_distribution(EIGHT_DECKS, "perfect_pair")
    assert perfect[Fraction(200)] == both_suited
    assert perfect[Fraction(25)] == 2 * p_suited - 2 * both_suited


# --- brute force ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(SMALL_SHOES))
def test_brute_force_equals_fast_route_for_every_bet(name: str) -> None:
    cards = SMALL_SHOES[name]
    counts = dict(Counter(cards))
    for bet in BETS:
        assert brute_force_house_edge(cards, bet) == house_edge(counts, bet), bet
        assert sum(net_distribution(counts, bet).values()) == 1


OTHER_PAYS: dict[str, tuple[Fraction, ...]] = {
    "banker": (Fraction(1),),
    "ez_banker": (Fraction(2),),
    "super_6_banker": (Fraction(1), Fraction(3, 4)),
    "dragon_bonus_player": tuple(Fraction(x) for x in (2, 40, 12, 7, 5, 3, 1)),
    "dragon_bonus_banker": tuple(Fraction(x) for x in (1, 31, 11, 8, 3, 2, 1)),
    "perfect_pair": (Fraction(20), Fraction(150)),
    "tiger": (Fraction(15), Fraction(25)),
    "tiger_pair": (Fraction(5), Fraction(25), Fraction(80)),
    "big": (Fraction(1, 2),),
    "egalite_6": (Fraction(50),),
}


@pytest.mark.parametrize("bet", sorted(OTHER_PAYS))
def test_brute_force_with_other_payouts_and_commission(bet: str) -> None:
    counts = dict(Counter(SHOE_B))
    pays = OTHER_PAYS[bet]
    for commission in (Fraction(1, 20), Fraction(1, 25)):
        fast = house_edge(counts, bet, pays, commission=commission)
        assert brute_force_house_edge(SHOE_B, bet, pays, commission=commission) == fast
        assert fast != house_edge(counts, bet) or bet == "banker" and commission == Fraction(1, 20)


def test_commission_applies_to_the_banker_bet_only() -> None:
    for bet in ("player", "ez_banker", "super_6_banker", "tie", "dragon_bonus_banker"):
        assert house_edge(EIGHT_DECKS, bet, commission=Fraction(0)) == house_edge(EIGHT_DECKS, bet)
    p = net_distribution(EIGHT_DECKS, "banker", commission=Fraction(0))
    assert set(p) == {Fraction(1), Fraction(0), Fraction(-1)}
    assert p[Fraction(1)] == net_distribution(EIGHT_DECKS, "banker")[Fraction(19, 20)]


@pytest.mark.parametrize("cards", [SHOE_A, SHOE_B], ids=["A", "B"])
def test_every_leg_can_pay(cards: tuple[Card, ...]) -> None:
    # Distinct probe payouts tell the legs apart (in the defaults some legs pay the same).
    counts = dict(Counter(cards))
    for bet in BETS:
        legs = len(DEFAULT_PAYS[bet])
        probe = [Fraction(1000 + i) for i in range(legs)]
        dist = net_distribution(counts, bet, probe, commission=Fraction(0))
        assert set(probe) <= set(dist), bet
        assert Fraction(-1) in dist, bet


# --- hand-worked coups, settled from the cards ---------------------------------------------
# Each coup is the card sequence dealt (Player, Banker, Player, Banker, then the third
# cards), all of which the coup uses, and hand-worked nets per unit.
GOLDEN = [
    # Player 9+K (natural 9) v Banker 8+J (natural 8)
    ([(9, C), (8, H), (13, D), (11, S)], {
        "player": 1, "banker": -1, "dragon_bonus_player": 1, "dragon_bonus_banker": -1,
        "small": Fraction(3, 2), "big": -1, "egalite_9": -1, "tie": -1, "either_pair": -1,
    }),
    # natural tie 8-8: Dragon Bonus pushes both ways, Egalité 8 wins
    ([(3, C), (4, H), (5, D), (4, S)], {
        "dragon_bonus_player": 0, "dragon_bonus_banker": 0, "egalite_8": 80, "tie": 8,
        "player": 0, "banker": 0, "banker_pair": 11, "player_pair": -1, "tiger_pair": 4,
        "either_pair": 5, "perfect_pair": -1,
    }),
    # non-natural tie at 6 (both stand): Dragon Bonus loses, Tiger Tie and Egalité 6 win
    ([(6, C), (2, H), (10, D), (4, S)], {
        "dragon_bonus_player": -1, "dragon_bonus_banker": -1, "tiger_tie": 35, "egalite_6": 45,
        "egalite_0": -1, "super_6": -1, "ez_banker": 0, "tiger": -1,
    }),
    # Player stands on 6, Banker 3 draws a 4: a three-card 7 wins. Dragon 7 wins, EZ Banker
    # pushes, the ordinary Banker bet wins less commission
    ([(3, C), (1, H), (3, D), (2, S), (4, C)], {
        "dragon_7": 40, "ez_banker": 0, "banker": Fraction(19, 20), "super_6_banker": 1,
        "dragon_bonus_banker": -1, "big": Fraction(27, 50), "small": -1, "panda_8": -1,
    }),
    # Player 3 draws a 5 (8); Banker 3 draws on it, a 10 (3). Panda 8; margin 5 pays 2
    ([(2, C), (2, H), (1, D), (1, S), (5, H), (10, C)], {
        "panda_8": 25, "dragon_bonus_player": 2, "dragon_bonus_banker": -1, "player": 1,
        "big": Fraction(27, 50), "dragon_7": -1,
    }),
    # Player 4 draws a 5 (9); Banker 0 draws a 10 (0): a non-natural win by 9 pays 30
    ([(2, C), (10, H), (2, D), (13, S), (5, H), (10, C)], {
        "dragon_bonus_player": 30, "panda_8": -1, "player": 1, "egalite_0": -1,
    }),
    # Player 5 draws a 10 (5); Banker 6 stands on a 0: a two-card 6 wins
    ([(2, C), (6, H), (3, D), (12, S), (10, S)], {
        "super_6": 12, "tiger": 12, "small_tiger": 22, "big_tiger": -1,
        "super_6_banker": Fraction(1, 2), "ez_banker": 1, "dragon_bonus_banker": -1,
    }),
    # Player 1 draws a 4 (5); Banker 5 draws on a 4, an ace: a three-card 6 wins
    ([(1, C), (3, H), (10, D), (2, S), (4, S), (1, D)], {
        "tiger": 20, "big_tiger": 50, "small_tiger": -1, "super_6": 12,
        "super_6_banker": Fraction(1, 2), "dragon_7": -1,
    }),
    # four copies of one card: two suited pairs of the same rank (a natural 8-8 tie)
    ([(4, H), (4, H), (4, H), (4, H)], {
        "perfect_pair": 200, "tiger_pair": 100, "player_pair": 11, "banker_pair": 11,
        "either_pair": 5, "egalite_8": 80,
    }),
    # a suited pair (natural 8) and a two-suit pair of another rank
    ([(9, H), (7, C), (9, H), (7, D)], {
        "perfect_pair": 25, "tiger_pair": 20, "either_pair": 5, "player_pair": 11,
    }),
    # two-suit pairs of the same rank (Tiger Pair's top leg ignores suits); the Player's 4
    # draws a 10, on which the Banker's 4 stands: a tie at 4
    ([(2, H), (2, C), (2, D), (2, S), (10, C)], {
        "tiger_pair": 100, "perfect_pair": -1, "banker_pair": 11, "egalite_4": 120,
        "dragon_bonus_banker": -1, "player": 0,
    }),
]  # fmt: skip


@pytest.mark.parametrize("sequence, expected", GOLDEN)
def test_hand_worked_coups(sequence: list[Card], expected: dict[str, int | Fraction]) -> None:
    player, banker = oracle.deal_coup(sequence)
    assert len(player) + len(banker) == len(sequence)
    for bet, net in expected.items():
        assert settle_from_cards(player, banker, bet) == net, bet


# --- properties ----------------------------------------------------------------------------
@pytest.mark.parametrize("counts", [EIGHT_DECKS, dict(Counter(SHOE_A))], ids=["8 decks", "A"])
def test_events_partition_as_they_should(counts: dict[Card, int]) -> None:
    win = {bet: win_probability(counts, bet) for bet in BETS}
    assert win["small"] + win["big"] == 1
    assert sum(win[f"egalite_{n}"] for n in range(10)) == win["tie"]
    assert win["tiger_tie"] == win["egalite_6"]
    assert win["small_tiger"] + win["big_tiger"] == win["super_6"] == win["tiger"]
    tiger = net_distribution(counts, "tiger")
    assert tiger.get(Fraction(12), Fraction(0)) == win["small_tiger"]
    ez = net_distribution(counts, "ez_banker")
    assert ez[Fraction(0)] == win["tie"] + win["dragon_7"]
    banker = net_distribution(counts, "banker")
    assert banker[Fraction(19, 20)] == win["dragon_7"] + ez.get(Fraction(1), Fraction(0))
    super6 = net_distribution(counts, "super_6_banker")
    assert super6.get(Fraction(1, 2), Fraction(0)) == win["super_6"]
    assert win["player"] + win["banker"] + win["tie"] == 1
    assert win["player_pair"] == win["banker_pair"]


def test_shoe_e_reaches_every_drawing_cell() -> None:
    reached = set()
    for p1, b1, p2, b2, p3 in itertools.permutations(SHOE_E, 5):
        player = (oracle.points(p1[0]) + oracle.points(p2[0])) % 10
        banker = (oracle.points(b1[0]) + oracle.points(b2[0])) % 10
        if player <= 5 and banker <= 7:
            reached.add((banker, oracle.points(p3[0])))
    assert reached == {(total, third) for total in range(8) for third in range(10)}


def test_tableau_formulations_agree() -> None:
    for total in range(8):
        for third in range(10):
            assert oracle.banker_draws_by_total(total, third) == oracle.banker_draws_by_third(
                total, third
            ), (total, third)


# --- shoes ---------------------------------------------------------------------------------
def test_full_shoe() -> None:
    shoe = full_shoe(6)
    assert len(shoe) == 52 and set(shoe.values()) == {6}
    assert (1, 0) in shoe and (13, 3) in shoe


def test_spread_ranks_examples() -> None:
    assert spread_ranks({1: 1}) == {(1, C): 1}
    assert spread_ranks({13: 3}) == {(13, C): 1, (13, D): 1, (13, H): 1}
    assert spread_ranks({5: 6, 7: 0}) == {(5, C): 2, (5, D): 2, (5, H): 1, (5, S): 1}
    assert spread_ranks({10: 31}) == {(10, C): 8, (10, D): 8, (10, H): 8, (10, S): 7}
    assert spread_ranks({r: 32 for r in range(1, 14)}) == full_shoe(8)


@pytest.mark.parametrize("count", range(0, 13))
def test_spread_ranks_is_as_even_as_possible(count: int) -> None:
    shoe = spread_ranks({4: count})
    per_suit = [shoe.get((4, s), 0) for s in range(4)]
    assert sum(per_suit) == count
    assert max(per_suit) - min(per_suit) <= 1
    assert per_suit == sorted(per_suit, reverse=True)  # extras go clubs first


def test_rank_spread_shoe_prices_like_the_point_shoe() -> None:
    # Nine decks' worth of tens, fewer aces: a shape bet depends on points only.
    ranks = {r: 36 for r in range(1, 14)} | {1: 29}
    shoe = spread_ranks(ranks)
    assert sum(shoe.values()) == 36 * 13 - 7
    moved = dict(shoe)
    moved[(1, C)] += moved.pop((1, S))  # same ranks, suits changed
    for bet in ("dragon_7", "tiger_tie", "big", "dragon_bonus_banker"):
        assert house_edge(moved, bet) == house_edge(shoe, bet)
    assert house_edge(moved, "perfect_pair") != house_edge(shoe, "perfect_pair")
    assert house_edge(moved, "player_pair") == house_edge(shoe, "player_pair")


# --- bad input -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: house_edge(EIGHT_DECKS, "dragon_8"), "unknown bet"),
        (lambda: house_edge(EIGHT_DECKS, "tiger", [Fraction(12)]), "takes 2 payout"),
        (lambda: house_edge({(1, 0): 5}, "player"), "at least 6 cards"),
        (lambda: house_edge({(14, 0): 8}, "player"), "a card is"),
        (lambda: house_edge({(1, 4): 8}, "player"), "a card is"),
        (lambda: house_edge({(1, 0): -1, (2, 0): 9}, "player"), "non-negative"),
        (lambda: brute_force_house_edge([(1, 0)] * 5, "tie"), "at least 6 cards"),
        (lambda: spread_ranks({0: 4}), "rank must be"),
        (lambda: spread_ranks({1: -4}), "non-negative"),
        (lambda: full_shoe(0), "positive integer"),
    ],
)
def test_bad_input_is_refused(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(ValueError, match=message):
        call()


def test_the_oracle_shares_no_code_with_the_package() -> None:
    tree = ast.parse(Path(oracle.__file__).read_text(encoding="utf-8"))
    imported = {
        alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
        for alias in node.names
    } | {
        (node.module or "").split(".")[0] for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
    }  # fmt: skip
    assert imported <= {"__future__", "collections", "fractions", "functools", "itertools", "math"}
