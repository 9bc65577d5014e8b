"""Advantage play on side bets: a perfectly informed player and a card counter, per shoe.

Every round of a seeded cut-card shoe (dealt exactly as
``Shoe(rules, SeededSource(seed), first_shoe=k)`` deals it, so the same cards as
:func:`~puntobanco.analysis.effects.through_the_shoe` and the simulation
kernels) is priced for the cards the player has not seen: the face-down burn
cards stay unseen, the burn's shown card and every dealt card are seen. The
pricing is the analyzer's own float path, not a copy of it: the numba walk
(:func:`~puntobanco.analysis.kernels.float_summary`) for the coup shapes, the
per-card pair classes for the pair bets, and the net row of the rules' compiled
paytable (:func:`~puntobanco.analysis.pricing.pricing`), whose dot product with
the class probabilities *is* the bet's expected value. The same net row read at
the class the round actually fell in is what the bet won, so nothing is
settled twice in two ways.

Two players bet one unit on a side bet only when they think it pays:

* **perfect**: when the bet's exact expected value for the unseen cards is
  positive;
* **count**: when a linear count's true count (running count per deck left in
  the shoe, burned cards counted as gone the way a player at the table sees the
  shoe) reaches a threshold. The threshold is the one that maximised the
  summed exact edge of the bets it triggers on *training* shoes, dealt from a
  different seed, so the measured win is not biased upward by the choice.

Per shoe and bet each player's rounds bet, summed exact edge and actual net are
kept; :mod:`puntobanco.sim.advantage_run` runs shoes in chunks on processes
(or any :class:`concurrent.futures.Executor`, e.g. a Dask client's) and
reduces them in shoe order, so a seed gives the same figures whatever the
number of workers.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from puntobanco.analysis.effects import effects_of_removal
from puntobanco.analysis.kernels import float_summary
from puntobanco.analysis.pairs import SUITS, spread_suits
from puntobanco.analysis.pricing import ROWS, pricing
from puntobanco.analysis.shoe import SUIT_ORDER
from puntobanco.core.cards import Card
from puntobanco.core.coup import Burn
from puntobanco.core.paytable import pair_class, shape_index
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import PRESETS, BetKind, Rules
from puntobanco.core.shoe import Shoe
from puntobanco.sim.advantage_kernels import pair_class_probabilities_nb

FloatArray = npt.NDArray[np.float64]

#: The bets studied, in the order of every table.
STUDY_BETS: tuple[BetKind, ...] = (
    BetKind.DRAGON_7,
    BetKind.PANDA_8,
    BetKind.BIG_TIGER,
    BetKind.SMALL_TIGER,
    BetKind.TIE,
    BetKind.PLAYER_PAIR,
    BetKind.BANKER_PAIR,
    BetKind.EITHER_PAIR,
    BetKind.PERFECT_PAIR,
    BetKind.TIGER_PAIR,
    *(BetKind(f"egalite_{n}") for n in range(10)),
)

#: Published counts, tags per point value A, 2, ..., 9, ten-value (Jacobson's
#: tables list them in this order). Dragon 7: Eliot Jacobson (2014), bet at a
#: true count of +4; Panda 8: Michael Shackleford's count as quoted by Jacobson.
PUBLISHED_COUNTS: dict[BetKind, tuple[str, tuple[int, ...]]] = {
    BetKind.DRAGON_7: ("jacobson", (0, 0, 0, -1, -1, -1, -1, 2, 2, 0)),
    BetKind.PANDA_8: ("shackleford", (1, 1, -2, -2, -2, -1, -1, -2, 4, 1)),
}

#: A round is dealt from a straight-through (test) shoe only while this many cards remain.
MIN_CARDS = 6


class AdvantageError(ValueError):
    """A study asked for something it cannot do; the message says what is allowed.

    Attributes:
        code: What was wrong (``count``, ``seed``, ``same_seed``, ``settings``,
            ``rules``), for a translated message.
        params: The values the message names.
    """

    def __init__(self, text: str, code: str, **params: object) -> None:
        super().__init__(text)
        self.code = code
        self.params = params


@dataclass(frozen=True, slots=True)
class Count:
    """A linear count for one bet.

    Attributes:
        name: ``"effects"`` (built from the project's effects of removal) or the
            author of a published count.
        kind: The bet it is used for.
        tags: The tag of each rank, Ace to King: added when such a card is seen.
    """

    name: str
    kind: BetKind
    tags: tuple[int, ...]

    @property
    def label(self) -> str:
        """``bet/name``: the count's key in results."""
        return f"{self.kind.value}/{self.name}"


def study_rules(decks: int = 8, cut_card: int = 14) -> Rules:
    """The ``all-side-bets`` rules with ``decks`` and the cut card ``cut_card`` cards from the end.

    Raises:
        InvalidRules: The rules refuse the number of decks or the cut card.
    """
    return replace(PRESETS["all-side-bets"], decks=decks, cut_card=cut_card)


def _rank_tags(by_points: Sequence[int]) -> tuple[int, ...]:
    """Tags per rank from tags per point value A..9, ten (tens and faces alike)."""
    return tuple(by_points[min(rank, 10) - 1] for rank in range(1, 14))


@functools.lru_cache(maxsize=16)
def counts_for(decks: int) -> tuple[Count, ...]:
    """The counts studied for a shoe of ``decks``.

    One from the project's effects of removal per bet, then the published ones.
    """
    effects = effects_of_removal(study_rules(decks))
    out = [Count("effects", kind, effects.weights[kind].weights) for kind in STUDY_BETS]
    for kind, (name, tags) in PUBLISHED_COUNTS.items():
        out.append(Count(name, kind, _rank_tags(tags)))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Plan:
    """What pricing a round needs, compiled once per rules (the analyzer's matrices).

    Attributes:
        rules: The rules.
        shape_nets: Net per unit of each studied shape bet on each of the 400 shapes.
        pair_nets: Net per unit of each studied pair bet on each pair class.
        order: Where each studied bet sits in ``shape bets + pair bets``.
        tags: ``(counts, 13)`` tags of the counts, ranks Ace to King.
        count_bets: Index in :data:`STUDY_BETS` of each count's bet.
    """

    rules: Rules
    shape_nets: FloatArray
    pair_nets: FloatArray
    order: npt.NDArray[np.intp]
    tags: FloatArray
    count_bets: npt.NDArray[np.intp]


def make_plan(rules: Rules, counts: Sequence[Count]) -> Plan:
    """Compile ``rules`` (which must offer every bet of :data:`STUDY_BETS`) and ``counts``."""
    priced = pricing(rules)
    shape = [k for k in STUDY_BETS if k in priced.shape.kinds]
    pairs = [k for k in STUDY_BETS if k in priced.pairs.kinds]
    missing = set(STUDY_BETS) - set(shape) - set(pairs)
    if missing:
        names = ", ".join(sorted(k.value for k in missing))
        raise AdvantageError(f"the rules do not offer {names}", "rules", names=names)
    shape_rows = [ROWS * priced.shape.kinds.index(k) + 2 for k in shape]
    pair_rows = [ROWS * priced.pairs.kinds.index(k) + 2 for k in pairs]
    both = shape + pairs
    return Plan(
        rules=rules,
        shape_nets=np.ascontiguousarray(priced.shape.matrix[shape_rows]),
        pair_nets=np.ascontiguousarray(priced.pairs.matrix[pair_rows]),
        order=np.array([both.index(k) for k in STUDY_BETS], dtype=np.intp),
        tags=np.array([c.tags for c in counts], dtype=np.float64).reshape(len(counts), 13),
        count_bets=np.array([STUDY_BETS.index(c.kind) for c in counts], dtype=np.intp),
    )


@dataclass(frozen=True, slots=True)
class ShoeRounds:
    """Every round of one shoe, before and after it was dealt.

    Attributes:
        edges: ``(rounds, bets)``: each studied bet's expected value per unit
            for the unseen cards, before the round.
        nets: ``(rounds, bets)``: what a unit on the bet won or lost in the round.
        true_counts: ``(rounds, counts)``: each count's true count before the round.
    """

    edges: FloatArray
    nets: FloatArray
    true_counts: FloatArray


def _card_index(card: Card) -> int:
    return (int(card.rank) - 1) * SUITS + SUIT_ORDER.index(card.suit)


def play_shoe(
    plan: Plan, shoe: Shoe, full: Sequence[int], burn: Burn | None, *, cut_card: bool = True
) -> ShoeRounds:
    """Price and deal every round of ``shoe``, already shuffled (``burn`` is its burn).

    Args:
        plan: From :func:`make_plan`.
        shoe: The shoe, shuffled (a :meth:`~puntobanco.core.shoe.Shoe.from_cards` shoe
            too: its cards are counted from then), its next card the first of the
            first round. The true count divides by the cards it still holds.
        full: The shoe's cards before the burn, per card (rank-major, suits in
            :data:`~puntobanco.analysis.shoe.SUIT_ORDER`).
        burn: The burn: its shown card is seen, the face-down cards are not.
        cut_card: Deal until the shoe's last round (cut-card mode); if false
            (a straight-through test shoe) deal while :data:`MIN_CARDS` remain.
    """
    cards = np.array(full, dtype=np.int64)
    points = np.zeros(10, dtype=np.int64)
    ranks = np.zeros(13, dtype=np.float64)
    for index, count in enumerate(cards):
        rank = index // SUITS + 1
        points[rank % 10 if rank < 10 else 0] += count
        ranks[rank - 1] += count
    full_ranks = ranks.copy()
    tableau = plan.rules.tableau
    edges: list[FloatArray] = []
    nets: list[FloatArray] = []
    true_counts: list[FloatArray] = []
    seen: tuple[Card, ...] = (burn.shown,) if burn is not None else ()
    while True:
        for card in seen:
            cards[_card_index(card)] -= 1
            points[card.points] -= 1
            ranks[int(card.rank) - 1] -= 1
        shapes = float_summary(points, tableau)[0]
        classes = pair_class_probabilities_nb(cards)
        both = np.concatenate((plan.shape_nets @ shapes, plan.pair_nets @ classes))
        edges.append(both[plan.order])
        decks_left = shoe.cards_remaining / 52.0
        true_counts.append(plan.tags @ (full_ranks - ranks) / decks_left)
        result = shoe.deal_coup()
        shape = shape_index(
            result.player_total,
            result.banker_total,
            len(result.player_cards),
            len(result.banker_cards),
        )
        pairs = pair_class(result.player_cards, result.banker_cards)
        both = np.concatenate((plan.shape_nets[:, shape], plan.pair_nets[:, pairs]))
        nets.append(both[plan.order])
        if result.last_in_shoe or (not cut_card and shoe.cards_remaining < MIN_CARDS):
            break
        seen = result.cards
    return ShoeRounds(np.array(edges), np.array(nets), np.array(true_counts))


def seeded_shoe(plan: Plan, seed: int, index: int) -> ShoeRounds:
    """Shoe ``index`` of ``seed``, dealt as the core deals it, every round priced."""
    rules = plan.rules
    shoe = Shoe(rules, SeededSource(seed), first_shoe=index)
    burn = shoe.shuffle()
    return play_shoe(plan, shoe, spread_suits([4 * rules.decks] * 13), burn)


def tally_shoe(
    rounds: ShoeRounds, count_bets: npt.NDArray[np.intp], thresholds: FloatArray
) -> tuple[FloatArray, FloatArray]:
    """One shoe's ``(perfect, count)`` tallies.

    ``(bets, 3)`` and ``(counts, 3)`` arrays of rounds bet, summed exact edge and summed net.
    """
    perfect = np.zeros((rounds.edges.shape[1], 3))
    bet = rounds.edges > 0.0
    perfect[:, 0] = bet.sum(axis=0)
    perfect[:, 1] = np.where(bet, rounds.edges, 0.0).sum(axis=0)
    perfect[:, 2] = np.where(bet, rounds.nets, 0.0).sum(axis=0)
    counted = np.zeros((len(count_bets), 3))
    edges = rounds.edges[:, count_bets]
    nets = rounds.nets[:, count_bets]
    take = rounds.true_counts >= thresholds
    counted[:, 0] = take.sum(axis=0)
    counted[:, 1] = np.where(take, edges, 0.0).sum(axis=0)
    counted[:, 2] = np.where(take, nets, 0.0).sum(axis=0)
    return perfect, counted


def best_threshold(true_counts: FloatArray, edges: FloatArray) -> float:
    """The threshold ``t`` that maximises the summed edge of the rounds with true count >= ``t``.

    ``inf`` (never bet) when no threshold makes the sum positive.
    """
    order = np.argsort(-true_counts, kind="stable")
    tc = true_counts[order]
    gain = np.cumsum(edges[order])
    # A threshold takes every round of its true count: only the last of equal ones may end.
    ends = np.flatnonzero(np.append(tc[1:] != tc[:-1], True))
    if not len(ends):
        return float("inf")
    best = ends[int(np.argmax(gain[ends]))]
    return float(tc[best]) if gain[best] > 0.0 else float("inf")
