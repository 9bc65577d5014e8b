"""The Banque solver for a finite shoe against computations written only for these tests.

The oracle deals every ordered sequence of a nine-card shoe through the core coup
(:func:`~puntobanco.core.banque.coup.play_banque`), with each tableau's choice on 5
both ways and the Banker's both ways, and adds up, per Banker cell, what
drawing and what standing win against each tableau; then takes the better.
It shares nothing with the walk but the meaning of the columns. With
replacement the walk must give the infinite-deck solver's figures exactly,
and a very large shoe must come close to them.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from puntobanco.analysis.banque.shoe import (
    evaluate_banque_shoe,
    shoe_chemin_draw,
    solve_banque_shoe,
    solve_banque_tally,
)
from puntobanco.analysis.banque.solver import solve_banque
from puntobanco.analysis.banque.walk import banque_tally, denominator
from puntobanco.analysis.chemin.solver import INFINITE_DECK
from puntobanco.analysis.shoe import InvalidShoe, ShoeCounts
from puntobanco.core.banque.coup import (
    BANKER,
    BANQUE_FREE,
    BANQUE_RULE_CARD,
    BanquePoint,
    BanqueRule,
    BanqueStrategy,
    play_banque,
)
from puntobanco.core.cards import Card, Rank, Suit
from puntobanco.core.coup import Outcome
from puntobanco.core.errors import ShoeExhausted

#: A card of each point value (the suit does not matter).
CARD = {v: Card(Rank(v) if v else Rank.KING, Suit.CLUBS) for v in range(10)}
#: The nine-card shoe of the oracle: naturals, 5s, draws and stands all happen.
TINY = {0: 3, 5: 2, 3: 1, 4: 1, 6: 1, 9: 1}


class _Undecided(Exception):
    """The coup asked a choice beyond those given: try it both ways."""


def brute_force(counts, right_p, left_p, rule, waits=False):
    """(right (win, lose), left (win, lose), gain per free cell the Banker is asked in).

    Every ordered sequence of point values a coup can take, dealt through the
    core coup, a card more at a time until it is complete, and each choice the
    coup asks tried both ways (a tableau's weighted by its mix).
    """
    # cell -> [stand, draw] of the Banker's wins and losses against right and left.
    cells: dict[tuple[int, int, int], list[list[Fraction]]] = {}
    fixed = [Fraction(0)] * 4

    def explore(prefix, left_in_shoe, weight, choices):
        asked: list[BanquePoint] = []

        def decide(point: BanquePoint) -> bool:
            if len(asked) == len(choices):
                raise _Undecided
            asked.append(point)
            return choices[len(asked) - 1]

        try:
            coup = play_banque(
                [CARD[v] for v in prefix], decide=decide, rule=rule, natural_waits=waits
            )
        except ShoeExhausted:
            n = sum(left_in_shoe.values())
            for v, count in left_in_shoe.items():
                if count:
                    left_in_shoe[v] -= 1
                    explore(prefix + (v,), left_in_shoe, weight * Fraction(count, n), choices)
                    left_in_shoe[v] += 1
            return
        except _Undecided:
            for choice in (False, True):
                explore(prefix, left_in_shoe, weight, (*choices, choice))
            return
        banker = None
        for point, draws in zip(asked, choices, strict=True):
            if point.hand == BANKER:
                banker = point.cell, int(draws)
            else:
                p = right_p if point.hand == "right" else left_p
                weight *= p if draws else 1 - p
        if not weight:
            return
        into = fixed
        if banker is not None:
            cell, action = banker
            into = cells.setdefault(cell, [[Fraction(0)] * 4, [Fraction(0)] * 4])[action]
        for h, name in enumerate(("right", "left")):
            outcome = coup.tableau(name).outcome
            into[2 * h] += weight * (outcome is Outcome.BANKER)
            into[2 * h + 1] += weight * (outcome is Outcome.PLAYER)

    explore((), dict(counts), Fraction(1), ())
    replies = {}
    for cell, (stand, draw) in cells.items():
        gain = (draw[0] - draw[1] + draw[2] - draw[3]) - (stand[0] - stand[1] + stand[2] - stand[3])
        replies[cell] = gain
        best = draw if gain > 0 else stand
        fixed = [f + x for f, x in zip(fixed, best, strict=True)]
    return [fixed[0:2], fixed[2:4]], replies


@pytest.mark.parametrize(
    ("rule", "right_p", "left_p", "waits"),
    [
        (BANQUE_FREE, Fraction(1, 3), Fraction(3, 4), False),
        (BANQUE_RULE_CARD, Fraction(1), Fraction(0), False),
        (BANQUE_FREE, Fraction(2, 5), Fraction(2, 5), True),
    ],
)
def test_a_tiny_shoe_against_every_ordering_through_the_coup(rule, right_p, left_p, waits):
    shoe = ShoeCounts.from_points({str(v): n for v, n in TINY.items()})
    solution = solve_banque_shoe(
        shoe, rule, right_draw=right_p, left_draw=left_p, natural_waits=waits
    )
    figures, replies = brute_force(TINY, right_p, left_p, rule, waits)
    assert (solution.right.win, solution.right.lose) == tuple(figures[0])
    assert (solution.left.win, solution.left.lose) == tuple(figures[1])
    # Every free cell a coup reaches where the Banker is asked, with the same gain.
    reached = {c.cell: c for c in solution.cells if c.reach}
    assert set(reached) == set(replies)
    for cell, gain in replies.items():
        assert reached[cell].draw_minus_stand == gain
        assert reached[cell].draws == (gain > 0)


@pytest.mark.parametrize("waits", [False, True])
@pytest.mark.parametrize("rule", [BANQUE_FREE, BANQUE_RULE_CARD])
@pytest.mark.parametrize(
    ("right_p", "left_p"),
    [
        (Fraction(9, 11), Fraction(9, 11)),
        (Fraction(0), Fraction(1)),
        (Fraction(1, 3), Fraction(5, 6)),
    ],
)
def test_with_replacement_the_walk_gives_the_infinite_deck_solver(waits, rule, right_p, left_p):
    weights = banque_tally(INFINITE_DECK, replace=True, natural_waits=waits)
    walked = solve_banque_tally(weights, rule, right_p, left_p, natural_waits=waits)
    direct = solve_banque(rule, right_draw=right_p, left_draw=left_p, natural_waits=waits)
    assert walked == direct


def test_every_coup_is_counted_once():
    weights = banque_tally(ShoeCounts.full(1).points)
    p = Fraction(1, 2)
    solution = solve_banque_tally(weights, BANQUE_FREE, p, p)
    assert weights.denominator == denominator(52, replace=False)
    reach = sum((c.reach for c in solution.cells), Fraction(0))
    banker_naturals = Fraction(sum(weights.naturals[0]), weights.denominator)
    assert 0 < reach < 1 - banker_naturals
    for side in (solution.right, solution.left):
        assert side.win + side.lose + side.tie == 1 and side.tie > 0


def test_a_huge_shoe_comes_close_to_the_infinite_deck():
    huge = ShoeCounts.full(2000)
    infinite = solve_banque()
    mixed = solve_banque_shoe(huge)
    assert abs(float(mixed.right_draw) - 9 / 11) < 1e-3
    assert abs(float(mixed.value - infinite.value)) < 1e-5
    # Against pure tableaux no cell is a near tie, so every figure and every reply converges
    # (at the mix some cells are exactly indifferent with replacement, and the reply there,
    # and the ties it makes, can go either way).
    infinite = solve_banque(right_draw=1, left_draw=1)
    pure = solve_banque_shoe(huge, right_draw=1, left_draw=1)
    for a, b in ((pure.right, infinite.right), (pure.left, infinite.left)):
        assert abs(float(a.win - b.win)) < 1e-4 and abs(float(a.tie - b.tie)) < 1e-4
    assert abs(float(pure.after_commission - infinite.after_commission)) < 1e-5
    assert {c.cell for c in pure.cells if c.draws} == {c.cell for c in infinite.cells if c.draws}


def test_the_default_mix_and_the_evaluation_agree():
    shoe = ShoeCounts.full(1)
    best = solve_banque_shoe(shoe)
    assert best.right_draw == best.left_draw == shoe_chemin_draw(shoe)
    again = evaluate_banque_shoe(best.strategy(), shoe)
    assert again.value == best.value and again.cells == ()
    # Any other pure play in one free cell the Banker reaches is worth no more.
    cell = max(best.cells, key=lambda c: abs(c.draw_minus_stand))
    flipped = dict(best.strategy().banker)
    flipped[cell.cell] = 1 - flipped[cell.cell]
    worse = BanqueStrategy.make(
        best.rule, right_draw=best.right_draw, left_draw=best.left_draw, banker_draw=flipped
    )
    assert evaluate_banque_shoe(worse, shoe).value == best.value - abs(cell.draw_minus_stand)


def test_a_rule_card_with_no_free_cell_is_the_card():
    card = BanqueRule("fixed", frozenset(), frozenset({0, 1, 2, 3, 4, 5}))
    solution = solve_banque_shoe(ShoeCounts.full(1), card, right_draw=1, left_draw=1)
    assert solution.cells == ()


def test_too_few_cards_are_refused():
    with pytest.raises(InvalidShoe) as caught:
        solve_banque_shoe(ShoeCounts.from_points({"0": 8}))
    assert caught.value.code == "too_few_cards" and caught.value.params["minimum"] == 9
