"""An independent exact oracle for the main bets and every side bet.

Written for the tests from the seed pages' drawing rules and the side bets' published
paytables only; it imports nothing from ``puntobanco``, so a mistake the engine or the
analyzer makes cannot be repeated here by sharing code.

Two independent routes to every figure:

* the fast route (:func:`net_distribution`, :func:`house_edge`). A bet that depends only on
  the hands' shapes (final totals and card counts) is priced by enumerating point values, the
  weight of each point sequence being an integer product of remaining counts; a pair bet
  depends only on the first four cards, so it is priced from their ranks and suits. The
  drawing rules are read the way seeds 001 and 002 print them: by the Banker's total.
* the brute-force route (:func:`brute_force_house_edge`): every ordered sequence of distinct
  physical cards that a coup can use, equally likely, settled from the cards themselves. Its
  drawing rule is seed 000's formulation: by the Player's third card.

Cards are ``(rank, suit)`` pairs: rank 1..13 (1 = ace, 11-13 = J, Q, K), suit 0..3 (clubs,
diamonds, hearts, spades). A shoe is a mapping from card to count. Every shoe priced here
must hold at least six cards, so that every coup it starts can finish; then each coup that
uses ``k`` cards has probability (its ordered card sequences) / (N)_k.

>>> round(float(house_edge(full_shoe(8), "banker")) * 100, 4)
1.0579
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from math import perm

Card = tuple[int, int]
Shape = tuple[int, int, int, int]  # (player total, banker total, player cards, banker cards)
PairClass = tuple[int, int, bool]  # (player class, banker class, pairs of the same rank)

RANKS = tuple(range(1, 14))
SUITS = tuple(range(4))
MIN_CARDS = 6

_ONE = Fraction(1)

DEFAULT_PAYS: dict[str, tuple[Fraction, ...]] = {
    "player": (_ONE,),
    "banker": (_ONE,),
    "tie": (Fraction(8),),
    "ez_banker": (_ONE,),
    "super_6_banker": (_ONE, Fraction(1, 2)),
    "player_pair": (Fraction(11),),
    "banker_pair": (Fraction(11),),
    "dragon_7": (Fraction(40),),
    "panda_8": (Fraction(25),),
    "dragon_bonus_player": tuple(Fraction(x) for x in (1, 30, 10, 6, 4, 2, 1)),
    "dragon_bonus_banker": tuple(Fraction(x) for x in (1, 30, 10, 6, 4, 2, 1)),
    "either_pair": (Fraction(5),),
    "perfect_pair": (Fraction(25), Fraction(200)),
    "big": (Fraction(27, 50),),
    "small": (Fraction(3, 2),),
    "super_6": (Fraction(12),),
    "tiger": (Fraction(12), Fraction(20)),
    "small_tiger": (Fraction(22),),
    "big_tiger": (Fraction(50),),
    "tiger_tie": (Fraction(35),),
    "tiger_pair": (Fraction(4), Fraction(20), Fraction(100)),
    **{
        f"egalite_{n}": (Fraction(pay),)
        for n, pay in enumerate((150, 215, 220, 200, 120, 110, 45, 45, 80, 80))
    },
}

BETS: tuple[str, ...] = tuple(DEFAULT_PAYS)

PAIR_BETS = frozenset({"player_pair", "banker_pair", "either_pair", "perfect_pair", "tiger_pair"})


def points(rank: int) -> int:
    """Baccarat value of a rank: ace 1, 2-9 face value, 10 and court cards 0."""
    return rank if rank < 10 else 0


# --- drawing rules -------------------------------------------------------------------------
# Seeds 001 and 002: by the Banker's two-card total, the Player's third cards that make the
# Banker draw (0, 1 and 2 always draw; 7 always stands).
_BANKER_DRAWS_ON: dict[int, frozenset[int]] = {
    0: frozenset(range(10)),
    1: frozenset(range(10)),
    2: frozenset(range(10)),
    3: frozenset({0, 1, 2, 3, 4, 5, 6, 7, 9}),
    4: frozenset({2, 3, 4, 5, 6, 7}),
    5: frozenset({4, 5, 6, 7}),
    6: frozenset({6, 7}),
    7: frozenset(),
}


def banker_draws_by_total(banker_total: int, player_third: int) -> bool:
    """Seeds 001/002: does the Banker (no natural, total 0-7) draw after the Player drew?"""
    return player_third in _BANKER_DRAWS_ON[banker_total]


# Seed 000: by the Player's third card, the highest Banker total that still draws.
_BANKER_DRAWS_UP_TO: dict[int, int] = {2: 4, 3: 4, 4: 5, 5: 5, 6: 6, 7: 6, 8: 2, 1: 3, 9: 3, 0: 3}


def banker_draws_by_third(banker_total: int, player_third: int) -> bool:
    """Seed 000: does the Banker (no natural, total 0-7) draw after the Player drew?"""
    return banker_total <= _BANKER_DRAWS_UP_TO[player_third]


# --- shoes ---------------------------------------------------------------------------------
def full_shoe(decks: int) -> dict[Card, int]:
    """``decks`` complete 52-card decks."""
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise ValueError(f"decks must be a positive integer, got {decks!r}")
    return {(rank, suit): decks for rank in RANKS for suit in SUITS}


def spread_ranks(rank_counts: Mapping[int, int]) -> dict[Card, int]:
    """Spread counts per rank over the suits as evenly as possible.

    The ``n % 4`` extra cards of a rank go to clubs, diamonds, hearts, spades in that order;
    cards with a count of zero are left out.

    >>> spread_ranks({1: 6})
    {(1, 0): 2, (1, 1): 2, (1, 2): 1, (1, 3): 1}
    """
    shoe: dict[Card, int] = {}
    for rank, count in rank_counts.items():
        if rank not in RANKS:
            raise ValueError(f"rank must be 1..13, got {rank!r}")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"count of rank {rank} must be a non-negative integer, got {count!r}")
        base, extra = divmod(count, 4)
        for suit in SUITS:
            n = base + (1 if suit < extra else 0)
            if n:
                shoe[(rank, suit)] = n
    return shoe


def _checked_counts(counts: Mapping[Card, int]) -> tuple[int, ...]:
    """The shoe as 52 counts, rank-major (index 4 * (rank - 1) + suit), validated."""
    table = [0] * 52
    for card, count in counts.items():
        if (
            not isinstance(card, tuple)
            or len(card) != 2
            or card[0] not in RANKS
            or card[1] not in SUITS
        ):
            raise ValueError(f"a card is (rank 1..13, suit 0..3), got {card!r}")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"count of {card!r} must be a non-negative integer, got {count!r}")
        table[4 * (card[0] - 1) + card[1]] += count
    if sum(table) < MIN_CARDS:
        raise ValueError(f"the shoe must hold at least {MIN_CARDS} cards, got {sum(table)}")
    return tuple(table)


def _checked_pays(bet: str, pays: Sequence[Fraction] | None) -> tuple[Fraction, ...]:
    if bet not in DEFAULT_PAYS:
        raise ValueError(f"unknown bet {bet!r}; known: {', '.join(BETS)}")
    if pays is None:
        return DEFAULT_PAYS[bet]
    given = tuple(Fraction(p) for p in pays)
    if len(given) != len(DEFAULT_PAYS[bet]):
        raise ValueError(
            f"{bet} takes {len(DEFAULT_PAYS[bet])} payout(s), got {len(given)}: {given!r}"
        )
    return given


# --- the fast route: shapes ----------------------------------------------------------------
@lru_cache(maxsize=64)
def _shape_weights(point_counts: tuple[int, ...]) -> tuple[dict[Shape, int], int]:
    """Every coup's shape with its weight over the common denominator (N)_6.

    A coup using k cards with an ordered point sequence of weight w (the product of the
    remaining counts as each card is dealt) counts w * (N - k)_(6 - k): its extensions to six
    cards, so that all shapes share one denominator and one division is done at the end.
    """
    n = sum(point_counts)
    ext4 = (n - 4) * (n - 5)
    ext5 = n - 5
    c = list(point_counts)
    out: defaultdict[Shape, int] = defaultdict(int)
    for p1 in range(10):
        w1 = c[p1]
        if not w1:
            continue
        c[p1] -= 1
        for b1 in range(10):
            w2 = w1 * c[b1]
            if not w2:
                continue
            c[b1] -= 1
            for p2 in range(10):
                w3 = w2 * c[p2]
                if not w3:
                    continue
                c[p2] -= 1
                pt = (p1 + p2) % 10
                for b2 in range(10):
                    w4 = w3 * c[b2]
                    if not w4:
                        continue
                    c[b2] -= 1
                    bt = (b1 + b2) % 10
                    if pt >= 8 or bt >= 8:
                        out[(pt, bt, 2, 2)] += w4 * ext4
                    elif pt >= 6:  # the Player stands; the Banker draws on 0-5
                        if bt <= 5:
                            for b3 in range(10):
                                if c[b3]:
                                    out[(pt, (bt + b3) % 10, 2, 3)] += w4 * c[b3] * ext5
                        else:
                            out[(pt, bt, 2, 2)] += w4 * ext4
                    else:
                        for p3 in range(10):
                            w5 = w4 * c[p3]
                            if not w5:
                                continue
                            pt3 = (pt + p3) % 10
                            if banker_draws_by_total(bt, p3):
                                c[p3] -= 1
                                for b3 in range(10):
                                    if c[b3]:
                                        out[(pt3, (bt + b3) % 10, 3, 3)] += w5 * c[b3]
                                c[p3] += 1
                            else:
                                out[(pt3, bt, 3, 2)] += w5 * ext5
                    c[b2] += 1
                c[p2] += 1
            c[b1] += 1
        c[p1] += 1
    return dict(out), perm(n, 6)


def _winner(pt: int, bt: int) -> str:
    return "player" if pt > bt else "banker" if bt > pt else "tie"


def _shape_net(
    bet: str, pays: tuple[Fraction, ...], commission: Fraction
) -> Callable[[Shape], Fraction]:
    """The net result per unit of ``bet`` as a function of a coup's shape."""
    lose = Fraction(-1)

    def main(shape: Shape) -> Fraction:
        pt, bt, _, bn = shape
        won = _winner(pt, bt)
        if won == "tie":
            return Fraction(0)
        if bet == "player":
            return pays[0] if won == "player" else lose
        if won == "player":
            return lose
        if bet == "banker":
            return pays[0] * (1 - commission)
        if bet == "ez_banker":
            return Fraction(0) if bn == 3 and bt == 7 else pays[0]
        return pays[1] if bt == 6 else pays[0]  # super_6_banker

    def dragon_bonus(shape: Shape) -> Fraction:
        pt, bt, pn, bn = shape
        mine, theirs, cards = (pt, bt, pn) if bet == "dragon_bonus_player" else (bt, pt, bn)
        if mine == theirs:
            # A tie involving a natural is a tie of two naturals: the other side stood too.
            return Fraction(0) if cards == 2 and mine >= 8 else lose
        if mine < theirs:
            return lose
        if cards == 2 and mine >= 8:
            return pays[0]
        margin = mine - theirs
        return pays[1 + (9 - margin)] if margin >= 4 else lose

    def side(shape: Shape) -> Fraction:
        pt, bt, pn, bn = shape
        banker_won = bt > pt
        if bet == "tie":
            won = pt == bt
        elif bet == "dragon_7":
            won = banker_won and bn == 3 and bt == 7
        elif bet == "panda_8":
            won = pt > bt and pn == 3 and pt == 8
        elif bet == "big":
            won = pn + bn >= 5
        elif bet == "small":
            won = pn + bn == 4
        elif bet == "super_6":
            won = banker_won and bt == 6
        elif bet == "tiger":
            if banker_won and bt == 6:
                return pays[bn - 2]
            return lose
        elif bet == "small_tiger":
            won = banker_won and bt == 6 and bn == 2
        elif bet == "big_tiger":
            won = banker_won and bt == 6 and bn == 3
        elif bet == "tiger_tie":
            won = pt == bt == 6
        else:  # egalite_N
            won = pt == bt == int(bet.removeprefix("egalite_"))
        return pays[0] if won else lose

    if bet in {"player", "banker", "ez_banker", "super_6_banker"}:
        return main
    if bet.startswith("dragon_bonus_"):
        return dragon_bonus
    return side


# --- the fast route: pairs -----------------------------------------------------------------
@lru_cache(maxsize=64)
def _pair_weights(table: tuple[int, ...]) -> tuple[dict[PairClass, int], int]:
    """The first four cards' pair classes with their ordered-sequence counts over (N)_4.

    A hand's class is 0 (no pair), 1 (a rank pair of two suits) or 2 (a suited pair). The
    Player's two cards are enumerated; the Banker's (cards 2 and 4) are counted in closed form
    from what remains: m(m - 1) ordered pairs of a card kind that m copies remain of.
    """
    n = sum(table)
    out: defaultdict[PairClass, int] = defaultdict(int)
    c = list(table)
    for i in range(52):
        wi = c[i]
        if not wi:
            continue
        c[i] -= 1
        for j in range(52):
            w = wi * c[j]
            if not w:
                continue
            c[j] -= 1
            suited = sum(m * (m - 1) for m in c)
            by_rank = [sum(c[4 * r : 4 * r + 4]) for r in range(13)]
            ranked = sum(m * (m - 1) for m in by_rank)
            all_pairs = (n - 2) * (n - 3)
            rank_i, rank_j = i // 4, j // 4
            if rank_i != rank_j:
                out[(0, 0, False)] += w * (all_pairs - ranked)
                out[(0, 1, False)] += w * (ranked - suited)
                out[(0, 2, False)] += w * suited
            else:
                pc = 2 if i == j else 1
                m = by_rank[rank_i]
                same_ranked = m * (m - 1)
                same_suited = sum(x * (x - 1) for x in c[4 * rank_i : 4 * rank_i + 4])
                out[(pc, 0, False)] += w * (all_pairs - ranked)
                out[(pc, 1, True)] += w * (same_ranked - same_suited)
                out[(pc, 1, False)] += w * (ranked - suited - (same_ranked - same_suited))
                out[(pc, 2, True)] += w * same_suited
                out[(pc, 2, False)] += w * (suited - same_suited)
            c[j] += 1
        c[i] += 1
    return dict(out), perm(n, 4)


def _pair_net(bet: str, pays: tuple[Fraction, ...]) -> Callable[[PairClass], Fraction]:
    def net(key: PairClass) -> Fraction:
        player, banker, same_rank = key
        if bet == "player_pair":
            return pays[0] if player else Fraction(-1)
        if bet == "banker_pair":
            return pays[0] if banker else Fraction(-1)
        if bet == "either_pair":
            return pays[0] if player or banker else Fraction(-1)
        if bet == "perfect_pair":
            suited = (player == 2) + (banker == 2)
            return pays[suited - 1] if suited else Fraction(-1)
        # tiger_pair: only the highest leg that applies
        if player and banker:
            return pays[2] if same_rank else pays[1]
        return pays[0] if player or banker else Fraction(-1)

    return net


# --- public API ----------------------------------------------------------------------------
def net_distribution(
    counts: Mapping[Card, int],
    bet: str,
    pays: Sequence[Fraction] | None = None,
    *,
    commission: Fraction = Fraction(1, 20),
) -> dict[Fraction, Fraction]:
    """Exact distribution of ``bet``'s net result per unit staked on one coup from ``counts``.

    Args:
        counts: the shoe, card -> number of copies (at least six cards in all).
        bet: one of :data:`BETS`.
        pays: the bet's payouts (winnings per unit) in the paytable's published order; default
            :data:`DEFAULT_PAYS`.
        commission: taken from the winnings of ``banker`` only.

    Returns:
        net result -> probability, outcomes of probability zero left out; the values sum to 1.
    """
    legs = _checked_pays(bet, pays)
    commission = Fraction(commission)
    table = _checked_counts(counts)
    sums: defaultdict[Fraction, int] = defaultdict(int)
    if bet in PAIR_BETS:
        weights, total = _pair_weights(table)
        pair_net = _pair_net(bet, legs)
        for key, w in weights.items():
            sums[pair_net(key)] += w
    else:
        point_counts = [0] * 10
        for index, m in enumerate(table):
            point_counts[points(index // 4 + 1)] += m
        shapes, total = _shape_weights(tuple(point_counts))
        shape_net = _shape_net(bet, legs, commission)
        for shape, w in shapes.items():
            sums[shape_net(shape)] += w
    assert sum(sums.values()) == total
    return {net: Fraction(w, total) for net, w in sums.items() if w}


def house_edge(
    counts: Mapping[Card, int],
    bet: str,
    pays: Sequence[Fraction] | None = None,
    *,
    commission: Fraction = Fraction(1, 20),
) -> Fraction:
    """Expected loss per unit staked (positive: the house wins), pushes counted as staked."""
    dist = net_distribution(counts, bet, pays, commission=commission)
    return -sum((net * p for net, p in dist.items()), Fraction(0))


# --- the brute-force route -----------------------------------------------------------------
LOSE = -1
PUSH = -2
_MARGIN_LEGS = {9: 1, 8: 2, 7: 3, 6: 4, 5: 5, 4: 6}  # a non-natural win's margin -> its leg


def _total(hand: Sequence[Card]) -> int:
    return sum(points(rank) for rank, _ in hand) % 10


def _deal_all(cards: Sequence[Card]) -> Counter[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Every coup from every ordering of ``cards``, as (player hand, banker hand) -> weight.

    Positions are enumerated (so identical cards are distinct physical cards); a coup that
    uses k cards is weighted by (N - k)_(6 - k), its completions to six cards, so all weights
    share the denominator (N)_6.
    """
    n = len(cards)
    out: Counter[tuple[tuple[Card, ...], tuple[Card, ...]]] = Counter()
    for i1, i2, i3, i4 in itertools.permutations(range(n), 4):
        player = (cards[i1], cards[i3])
        banker = (cards[i2], cards[i4])
        pt, bt = _total(player), _total(banker)
        if pt in (8, 9) or bt in (8, 9):
            out[(player, banker)] += (n - 4) * (n - 5)
            continue
        rest = [i for i in range(n) if i not in (i1, i2, i3, i4)]
        if pt in (6, 7):
            if bt in (6, 7):
                out[(player, banker)] += (n - 4) * (n - 5)
            else:
                for i5 in rest:
                    out[(player, banker + (cards[i5],))] += n - 5
            continue
        for i5 in rest:
            third = cards[i5]
            hand = player + (third,)
            if banker_draws_by_third(bt, points(third[0])):
                for i6 in rest:
                    if i6 != i5:
                        out[(hand, banker + (cards[i6],))] += 1
            else:
                out[(hand, banker)] += n - 5
    return out


def deal_coup(cards: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Deal one coup from the top of ``cards`` (seed 000's table): the Player's and Banker's hands.

    >>> deal_coup([(3, 0), (1, 2), (3, 1), (2, 3), (4, 0), (9, 3)])
    (((3, 0), (3, 1)), ((1, 2), (2, 3), (4, 0)))
    """
    if len(cards) < 4:
        raise ValueError(f"a coup needs at least 4 cards, got {len(cards)}")
    player: tuple[Card, ...] = (cards[0], cards[2])
    banker: tuple[Card, ...] = (cards[1], cards[3])
    rest = list(cards[4:])
    pt, bt = _total(player), _total(banker)
    if pt >= 8 or bt >= 8:
        return player, banker
    if pt <= 5:
        if not rest:
            raise ValueError("the Player draws but the cards ran out")
        third = rest.pop(0)
        player += (third,)
        draws = banker_draws_by_third(bt, points(third[0]))
    else:
        draws = bt <= 5
    if draws:
        if not rest:
            raise ValueError("the Banker draws but the cards ran out")
        banker += (rest.pop(0),)
    return player, banker


@lru_cache(maxsize=16)
def _brute_legs(cards: tuple[Card, ...]) -> tuple[dict[str, dict[int, int]], int]:
    """Per bet, the weight over (N)_6 of each leg, from every ordering of ``cards``."""
    if len(cards) < MIN_CARDS:
        raise ValueError(f"the shoe must hold at least {MIN_CARDS} cards, got {len(cards)}")
    per_bet: dict[str, defaultdict[int, int]] = {bet: defaultdict(int) for bet in BETS}
    for (player, banker), w in _deal_all(cards).items():
        for bet, leg in legs_from_cards(player, banker).items():
            per_bet[bet][leg] += w
    return {bet: dict(legs) for bet, legs in per_bet.items()}, perm(len(cards), 6)


def legs_from_cards(player: Sequence[Card], banker: Sequence[Card]) -> dict[str, int]:
    """Which payout leg every bet pays on one finished coup, read from the cards themselves.

    Each value is the index of the leg in the bet's payouts, :data:`LOSE` or :data:`PUSH`
    (ints rather than Fractions, and all bets at once, keep the brute force's loop cheap).
    """
    pt, bt = _total(player), _total(banker)
    pn, bn = len(player), len(banker)
    tie = pt == bt
    p_wins, b_wins = pt > bt, bt > pt
    p_natural = pn == 2 and pt >= 8
    b_natural = bn == 2 and bt >= 8
    p_pair = player[0][0] == player[1][0]
    b_pair = banker[0][0] == banker[1][0]
    p_perfect = player[0] == player[1]
    b_perfect = banker[0] == banker[1]

    def paid(condition: bool, leg: int = 0) -> int:
        return leg if condition else LOSE

    def dragon_bonus(mine: int, theirs: int, natural: bool) -> int:
        if tie and p_natural and b_natural:
            return PUSH
        if mine <= theirs:
            return LOSE
        return 0 if natural else _MARGIN_LEGS.get(mine - theirs, LOSE)

    if p_pair and b_pair:
        tiger_pair = 2 if player[0][0] == banker[0][0] else 1
    else:
        tiger_pair = paid(p_pair or b_pair)
    legs = {
        "player": PUSH if tie else paid(p_wins),
        "banker": PUSH if tie else paid(b_wins),
        "tie": paid(tie),
        "ez_banker": PUSH if tie or (b_wins and bn == 3 and bt == 7) else paid(b_wins),
        "super_6_banker": PUSH if tie else paid(b_wins, 1 if bt == 6 else 0),
        "player_pair": paid(p_pair),
        "banker_pair": paid(b_pair),
        "dragon_7": paid(b_wins and bn == 3 and bt == 7),
        "panda_8": paid(p_wins and pn == 3 and pt == 8),
        "dragon_bonus_player": dragon_bonus(pt, bt, p_natural),
        "dragon_bonus_banker": dragon_bonus(bt, pt, b_natural),
        "either_pair": paid(p_pair or b_pair),
        "perfect_pair": 1 if p_perfect and b_perfect else paid(p_perfect or b_perfect),
        "big": paid(pn + bn > 4),
        "small": paid(pn + bn == 4),
        "super_6": paid(b_wins and bt == 6),
        "tiger": paid(b_wins and bt == 6, bn - 2),
        "small_tiger": paid(b_wins and bt == 6 and bn == 2),
        "big_tiger": paid(b_wins and bt == 6 and bn == 3),
        "tiger_tie": paid(tie and pt == 6),
        "tiger_pair": tiger_pair,
    }
    for n in range(10):
        legs[f"egalite_{n}"] = paid(tie and pt == n)
    return legs


def settle_from_cards(
    player: Sequence[Card],
    banker: Sequence[Card],
    bet: str,
    pays: Sequence[Fraction] | None = None,
    *,
    commission: Fraction = Fraction(1, 20),
) -> Fraction:
    """Net result per unit of ``bet`` for one finished coup, read from its cards.

    >>> settle_from_cards([(6, 0), (13, 1)], [(3, 2), (4, 2), (9, 0)], "panda_8")
    Fraction(-1, 1)
    """
    legs = _checked_pays(bet, pays)
    leg = legs_from_cards(player, banker)[bet]
    return _leg_value(bet, legs, Fraction(commission), leg)


def _leg_value(bet: str, legs: tuple[Fraction, ...], commission: Fraction, leg: int) -> Fraction:
    if leg == LOSE:
        return Fraction(-1)
    if leg == PUSH:
        return Fraction(0)
    return legs[leg] * (1 - commission) if bet == "banker" else legs[leg]


def brute_force_house_edge(
    cards: Sequence[Card],
    bet: str,
    pays: Sequence[Fraction] | None = None,
    *,
    commission: Fraction = Fraction(1, 20),
) -> Fraction:
    """House edge of ``bet`` over every ordered sequence of distinct physical cards.

    ``cards`` lists the physical cards (repeats are separate copies; at least six). Each
    ordering is equally likely; a coup is settled from its cards by :func:`legs_from_cards`.
    Meant for shoes of about a dozen cards: the work grows as N^6.
    """
    legs = _checked_pays(bet, pays)
    _checked_counts(Counter(cards))
    per_bet, total = _brute_legs(tuple(cards))
    sums = per_bet[bet]
    assert sum(sums.values()) == total
    commission = Fraction(commission)
    expected = sum(
        (_leg_value(bet, legs, commission, leg) * w for leg, w in sums.items()), Fraction(0)
    )
    return -expected / total
