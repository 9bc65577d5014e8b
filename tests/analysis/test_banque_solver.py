"""The Banque solver against computations written only for these tests.

The oracle is a brute force over ordered card sequences drawn with
replacement: it deals the right tableau, the left and the Banker two cards
each, plays the tableaux by hand-written rules, and for each Banker cell
adds up what drawing and what standing would win, then takes the better. It
shares nothing with the solver but the meaning of the columns.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from puntobanco.analysis.banque.solver import chemin_draw, evaluate_banque, solve_banque
from puntobanco.analysis.chemin.solver import INFINITE_DECK, evaluate_chemin
from puntobanco.core.banque.coup import (
    BANQUE_FREE,
    BANQUE_RULE_CARD,
    NATURAL,
    BanqueRule,
    BanqueStrategy,
)
from puntobanco.core.choices import Strategy
from puntobanco.core.rules import RULE_CARD

STOOD = 10
# The Punto Banco Banker's draws, written by the Player's third card (the oracle's own form).
BANKER_DRAWS_BY_THIRD = {
    0: {0, 1, 2, 3},
    1: {0, 1, 2, 3},
    2: {0, 1, 2, 3, 4},
    3: {0, 1, 2, 3, 4},
    4: {0, 1, 2, 3, 4, 5},
    5: {0, 1, 2, 3, 4, 5},
    6: {0, 1, 2, 3, 4, 5, 6},
    7: {0, 1, 2, 3, 4, 5, 6},
    8: {0, 1, 2},
    9: {0, 1, 2, 3},
}


def _sign(a: int, b: int) -> int:
    return (a > b) - (a < b)


def brute_force(deck, right_p, left_p, free, draws_elsewhere, waits=False):
    """(value, right value, left value, best reply per free cell) by enumeration.

    In integers: every weight is over ``n**6`` for the first six cards, ``d * n`` for each
    tableau (``d`` its mix's denominator) and ``n`` for the Banker's draw.
    """
    n = sum(deck)
    values = [v for v in range(10) if deck[v]]
    # cell -> [stand right, stand left, draw right, draw left]
    cells: dict[tuple[int, int, int], list[int]] = {}
    fixed = [0, 0]  # right, left: coups with no Banker choice (already over n for his draw)

    def tableau_paths(total, p):
        """(weight over d * n, column, final total) of one tableau's play (no Banker natural)."""
        d = p.denominator
        if total >= 8:
            return [(d * n, NATURAL, total)]
        draw = d if total <= 4 else p.numerator if total == 5 else 0
        paths = []
        if draw != d:
            paths.append(((d - draw) * n, STOOD, total))
        if draw:
            paths += [(draw * deck[k], k, (total + k) % 10) for k in values]
        return paths

    dr_, dl_ = right_p.denominator, left_p.denominator
    for r1, l1, b1, r2, l2, b2 in itertools.product(values, repeat=6):
        w = deck[r1] * deck[l1] * deck[b1] * deck[r2] * deck[l2] * deck[b2]
        r, lt0, b = (r1 + r2) % 10, (l1 + l2) % 10, (b1 + b2) % 10
        if b >= 8:
            scale = w * dr_ * n * dl_ * n * n
            fixed[0] += scale * _sign(b, r)
            fixed[1] += scale * _sign(b, lt0)
            continue
        for pr, rc, rt in tableau_paths(r, right_p):
            for pl, lc, lt in tableau_paths(lt0, left_p):
                q = w * pr * pl

                def nets(final, b=b, rc=rc, lc=lc, rt=rt, lt=lt):
                    against_r = b if rc == NATURAL and not waits else final
                    against_l = b if lc == NATURAL and not waits else final
                    return _sign(against_r, rt), _sign(against_l, lt)

                sr, sl = nets(b)
                drawn = [0, 0]
                for k in values:
                    nr, nl = nets((b + k) % 10)
                    drawn[0] += deck[k] * nr
                    drawn[1] += deck[k] * nl
                if not waits and lc == NATURAL and rc == NATURAL:
                    fixed[0] += q * n * sr
                    fixed[1] += q * n * sl
                    continue
                acc = cells.setdefault((b, lc, rc), [0, 0, 0, 0])
                acc[0] += q * n * sr
                acc[1] += q * n * sl
                acc[2] += q * drawn[0]
                acc[3] += q * drawn[1]
    right, left = fixed
    reply = {}
    for cell, (sr, sl, dr, dl) in cells.items():
        if cell in free:
            draws = dr + dl > sr + sl
            reply[cell] = draws
        else:
            draws = draws_elsewhere(cell[0])
        right += dr if draws else sr
        left += dl if draws else sl
    denominator = n**6 * dr_ * n * dl_ * n * n
    return (
        Fraction(right + left, denominator),
        Fraction(right, denominator),
        Fraction(left, denominator),
        reply,
    )


SMALL_DECKS = [
    (4, 0, 0, 1, 0, 2, 0, 0, 1, 0),  # 0, 3, 5, 8: naturals, fives, draws and stands
    (1, 1, 0, 0, 1, 1, 0, 0, 0, 1),  # 0, 1, 4, 5, 9
]


@pytest.mark.parametrize("deck", SMALL_DECKS)
@pytest.mark.parametrize("waits", [False, True])
def test_free_banker_best_reply_matches_brute_force(deck, waits):
    right_p, left_p = Fraction(1, 3), Fraction(3, 4)
    s = solve_banque(BANQUE_FREE, right_draw=right_p, left_draw=left_p, deck=deck,
                     natural_waits=waits)  # fmt: skip
    value, right, left, reply = brute_force(
        deck, right_p, left_p, BANQUE_FREE.free, lambda t: False, waits
    )
    assert (s.value, s.right.value, s.left.value) == (value, right, left)
    for c in s.cells:
        if c.cell in reply and not c.indifferent:
            assert c.draws == reply[c.cell], c.cell
    # every cell the brute force reached with a strict preference is in the solution
    decided = {c.cell: c.draws for c in s.cells if not c.indifferent}
    assert all(decided.get(cell, d) == d for cell, d in reply.items())


@pytest.mark.parametrize("deck", SMALL_DECKS)
def test_rule_card_matches_brute_force(deck):
    s = solve_banque(BANQUE_RULE_CARD, right_draw=Fraction(1), left_draw=Fraction(0), deck=deck)
    value, right, left, _ = brute_force(
        deck, Fraction(1), Fraction(0), BANQUE_RULE_CARD.free, lambda t: t <= 2
    )
    assert (s.right.value, s.left.value) == (right, left)


def test_a_house_card_that_draws_on_0_to_5_outside_its_free_cells():
    rule = BanqueRule("house", frozenset({(5, 4, 4)}), frozenset(range(6)))
    deck = SMALL_DECKS[1]
    s = solve_banque(rule, right_draw=Fraction(1, 2), left_draw=Fraction(1, 2), deck=deck)
    value, *_ = brute_force(deck, Fraction(1, 2), Fraction(1, 2), rule.free, lambda t: t <= 5)
    assert s.value == value


def test_one_tableau_against_the_chemin_de_fer_tableau_is_chemin_de_fer():
    # A Banker who plays Punto Banco's tableau against the left tableau alone, whatever the
    # right shows, gives the left exactly the Chemin de fer figures of that play.
    p = Fraction(2, 7)
    banker = {
        (b, left, right): int(b in BANKER_DRAWS_BY_THIRD[left] if left < 10 else b <= 5)
        for (b, left, right) in BANQUE_FREE.free
        if left != NATURAL
    }
    strategy = BanqueStrategy.make(BANQUE_FREE, right_draw=Fraction(1), left_draw=p,
                                   banker_draw=banker)  # fmt: skip
    banque = evaluate_banque(strategy)
    chemin = evaluate_chemin(
        Strategy.make(RULE_CARD, player_draw=p, banker_draw={(3, 9): 1, (5, 4): 1}),
        infinite=True,
    )
    assert (banque.left.win, banque.left.lose, banque.left.tie) == (
        chemin.banker_wins,
        chemin.player_wins,
        chemin.tie,
    )


def test_default_tableaux_play_the_chemin_de_fer_equilibrium():
    assert chemin_draw(INFINITE_DECK) == Fraction(9, 11)
    s = solve_banque()
    assert s.right_draw == s.left_draw == Fraction(9, 11)
    # symmetric tableaux: the same figures on each side, and a symmetric best reply
    assert s.right == s.left
    reply = {c.cell: c.draws for c in s.cells if not c.indifferent}
    assert all(reply.get((b, y, x), d) == d for (b, x, y), d in reply.items())


def test_best_reply_is_at_least_every_pure_banker_play():
    s = solve_banque()
    for draws in (False, True):
        other = evaluate_banque(BanqueStrategy.pure(BANQUE_FREE, tableaux_draw=True,
                                                    banker_draws=draws))  # fmt: skip
        assert s.value > 0 and other.value < s.value
    assert evaluate_banque(s.strategy()).value == s.value


def test_rule_card_expectation_is_at_most_the_free_bankers():
    p = Fraction(1, 2)
    free = solve_banque(BANQUE_FREE, right_draw=p, left_draw=p)
    card = solve_banque(BANQUE_RULE_CARD, right_draw=p, left_draw=p)
    assert card.value <= free.value
    assert free.right.win + free.right.lose + free.right.tie == 1


def test_bad_deck_is_refused():
    from puntobanco.core.errors import InvalidRules

    with pytest.raises(InvalidRules) as caught:
        solve_banque(deck=(1, 2, 3))
    assert caught.value.code == "banque_deck"
