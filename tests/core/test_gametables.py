"""The compiled rules table against oracles written here from the rules' plain description.

The engine reads the tableau and the paytable from :func:`compile_rules`. The
oracles below never do: the drawing oracle takes plain sets of totals, and the
settlement oracle is the Punto Banco paytable written out as ``if`` statements.
They are compared with the engine on the standard rules and on rules the code
was never written for (natural only on 9, the Player drawing on 0-4, a Banker
who always stands on 6).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from fractions import Fraction

import pytest

from puntobanco.core.bets import Bet, Resolution, settle_bet
from puntobanco.core.cards import Card, Rank, Suit
from puntobanco.core.coup import Outcome, play_coup
from puntobanco.core.errors import InvalidRules
from puntobanco.core.explain import describe
from puntobanco.core.gametables import compile_rules
from puntobanco.core.paytable import (
    PAIR_CLASSES,
    SHAPES,
    Condition,
    Domain,
    pair_index,
    pairs_of,
    shape_index,
    shape_of,
)
from puntobanco.core.rules import PRESETS, BetKind, Rules
from puntobanco.core.tableau import PLAYER_STOOD, STANDARD, Tableau

# The rules as plain sets, written out for the oracles.
SEED_RULES: dict[str, object] = {
    "naturals": {8, 9},
    "player": set(range(6)),
    "banker": {
        0: set(range(10)),
        1: set(range(10)),
        2: set(range(10)),
        3: set(range(10)) - {8},
        4: {2, 3, 4, 5, 6, 7},
        5: {4, 5, 6, 7},
        6: {6, 7},
    },
    "stood": set(range(6)),
}
# Natural only on 9; the Player draws on 0-4; the Banker always stands on 6 and,
# when the Player stood, draws on 0-4 only.
ODD_RULES: dict[str, object] = {
    "naturals": {9},
    "player": set(range(5)),
    "banker": {**SEED_RULES["banker"], 6: set()},  # type: ignore[dict-item]
    "stood": set(range(5)),
}


def tableau_of(plain: Mapping[str, object]) -> Tableau:
    banker = plain["banker"]
    assert isinstance(banker, dict)
    return Tableau.from_sets(
        naturals=plain["naturals"],  # type: ignore[arg-type]
        player_draws_on=plain["player"],  # type: ignore[arg-type]
        banker_draws_on=[banker.get(total, set()) for total in range(10)],
        banker_draws_when_player_stood=plain["stood"],  # type: ignore[arg-type]
    )


ODD_TABLEAU = tableau_of(ODD_RULES)
ODD = Rules(
    tableau=ODD_TABLEAU,
    tie_pays=9,
    banker_commission="0.04",
    banker_six_pays="1/2",
    pair_pays=11,
)


def oracle_coup(points: list[int], plain: Mapping[str, object]) -> tuple[int, int, int, int]:
    """(player total, banker total, player cards, banker cards), from the plain sets."""
    naturals, player_draws, stood = plain["naturals"], plain["player"], plain["stood"]
    banker_rows = plain["banker"]
    assert isinstance(naturals, set) and isinstance(player_draws, set)
    assert isinstance(stood, set) and isinstance(banker_rows, dict)
    player = (points[0] + points[2]) % 10
    banker = (points[1] + points[3]) % 10
    if player in naturals or banker in naturals:
        return player, banker, 2, 2
    next_card = 4
    player_cards = 2
    third: int | None = None
    if player in player_draws:
        third = points[next_card]
        next_card += 1
        player = (player + third) % 10
        player_cards = 3
    draws = banker in stood if third is None else third in banker_rows.get(banker, set())
    if draws:
        return player, (banker + points[next_card]) % 10, player_cards, 3
    return player, banker, player_cards, 2


def cards_of(points: list[int]) -> list[Card]:
    # Distinct suits, so that no two first cards of a side pair by accident of rank choice.
    suits = list(Suit)
    return [Card(Rank.KING if p == 0 else Rank(p), suits[i % 4]) for i, p in enumerate(points)]


def sequences() -> Iterator[list[int]]:
    """Every four-card start, with every fifth card and a sixth that varies with it."""
    for n in range(100_000):
        digits = [int(d) for d in f"{n:05d}"]
        yield [*digits, (digits[4] * 7 + digits[0] + 3) % 10]


@pytest.mark.parametrize(("rules", "plain"), [(Rules(), SEED_RULES), (ODD, ODD_RULES)])
def test_the_engine_draws_by_the_rules_tableau(rules: Rules, plain: Mapping[str, object]) -> None:
    for points in sequences():
        result = play_coup(cards_of(points), rules)
        got = (
            result.player_total,
            result.banker_total,
            len(result.player_cards),
            len(result.banker_cards),
        )
        assert got == oracle_coup(points, plain), points


def test_the_odd_tableau_changes_what_the_standard_one_does() -> None:
    # Player 5 (draws under the standard tableau, stands here), Banker 6, Player stood.
    cards = cards_of([2, 3, 3, 3, 7, 1])
    standard, odd = play_coup(cards), play_coup(cards, ODD)
    assert (len(standard.player_cards), len(odd.player_cards)) == (3, 2)
    # An 8 on two cards is a natural under the standard tableau only.
    eight = cards_of([4, 1, 4, 2, 1, 5])
    assert play_coup(eight).player_natural and not play_coup(eight, ODD).player_natural
    assert len(play_coup(eight, ODD).banker_cards) == 3


def side_bet_oracle(
    kind: BetKind, index: int, pays: tuple[Fraction, ...]
) -> tuple[Resolution, Fraction]:
    """The side bets as plain code, from their paytables' wording."""
    lose = (Resolution.LOSE, Fraction(0))
    if kind in (BetKind.EITHER_PAIR, BetKind.PERFECT_PAIR, BetKind.TIGER_PAIR):
        p_kind, b_kind, same = pairs_of(index)
        paired = (p_kind != 0) + (b_kind != 0)
        if kind is BetKind.EITHER_PAIR:
            return (Resolution.WIN, pays[0]) if paired else lose
        if kind is BetKind.PERFECT_PAIR:
            suited = (p_kind == 2) + (b_kind == 2)
            return (Resolution.WIN, pays[suited - 1]) if suited else lose
        if same:
            return Resolution.WIN, pays[2]
        return (Resolution.WIN, pays[paired - 1]) if paired else lose
    p, b, pc, bc = shape_of(index)
    banker_wins, player_wins, tie = b > p, p > b, p == b
    if kind is BetKind.DRAGON_7:
        return (Resolution.WIN, pays[0]) if banker_wins and b == 7 and bc == 3 else lose
    if kind is BetKind.PANDA_8:
        return (Resolution.WIN, pays[0]) if player_wins and p == 8 and pc == 3 else lose
    if kind in (BetKind.DRAGON_BONUS_PLAYER, BetKind.DRAGON_BONUS_BANKER):
        mine, theirs, cards = (p, b, pc) if kind is BetKind.DRAGON_BONUS_PLAYER else (b, p, bc)
        natural = cards == 2 and mine >= 8
        if tie:  # a natural tie: both hands naturals (either one ends the coup on four cards)
            both = pc == bc == 2 and p >= 8
            return (Resolution.PUSH, Fraction(0)) if both else lose
        if mine < theirs:
            return lose
        if natural:
            return Resolution.WIN, pays[0]
        margin = mine - theirs
        return (Resolution.WIN, pays[10 - margin]) if margin >= 4 else lose
    if kind is BetKind.BIG:
        return (Resolution.WIN, pays[0]) if pc + bc >= 5 else lose
    if kind is BetKind.SMALL:
        return (Resolution.WIN, pays[0]) if pc + bc == 4 else lose
    six = banker_wins and b == 6
    if kind is BetKind.SUPER_6:
        return (Resolution.WIN, pays[0]) if six else lose
    if kind is BetKind.TIGER:
        return (Resolution.WIN, pays[bc - 2]) if six else lose
    if kind is BetKind.SMALL_TIGER:
        return (Resolution.WIN, pays[0]) if six and bc == 2 else lose
    if kind is BetKind.BIG_TIGER:
        return (Resolution.WIN, pays[0]) if six and bc == 3 else lose
    if kind is BetKind.TIGER_TIE:
        return (Resolution.WIN, pays[0]) if tie and p == 6 else lose
    assert kind.value.startswith("egalite_")
    return (Resolution.WIN, pays[0]) if tie and p == int(kind.value[-1]) else lose


def oracle_payout(kind: BetKind, shape_or_pairs: int, rules: Rules) -> tuple[Resolution, Fraction]:
    """Punto Banco's paytable as plain code: the resolution and the winnings per unit."""
    side = rules.side_bet_pays(kind)
    if side is not None:
        return side_bet_oracle(kind, shape_or_pairs, side)
    if kind in (BetKind.PLAYER_PAIR, BetKind.BANKER_PAIR):
        pairs = pairs_of(shape_or_pairs)
        won = pairs.player if kind is BetKind.PLAYER_PAIR else pairs.banker
        assert rules.pair_pays is not None
        return (Resolution.WIN, rules.pair_pays) if won else (Resolution.LOSE, Fraction(0))
    player, banker, _, banker_cards = shape_of(shape_or_pairs)
    if kind is BetKind.TIE:
        return (Resolution.WIN, rules.tie_pays) if player == banker else (Resolution.LOSE, 0)
    if player == banker:
        return Resolution.PUSH, Fraction(0)
    if kind is BetKind.PLAYER:
        return (Resolution.WIN, rules.player_pays) if player > banker else (Resolution.LOSE, 0)
    if banker < player:
        return Resolution.LOSE, Fraction(0)
    if rules.banker_pushes_on == (banker, banker_cards):
        return Resolution.PUSH, Fraction(0)
    if banker == 6 and rules.banker_six_pays is not None:
        return Resolution.WIN, rules.banker_six_pays
    return Resolution.WIN, 1 - rules.banker_commission


@pytest.mark.parametrize("rules", [*PRESETS.values(), ODD], ids=[*PRESETS, "odd"])
def test_every_cell_of_every_bet_agrees_with_the_plain_paytable(rules: Rules) -> None:
    tables = compile_rules(rules)
    assert tuple(tables.bets) == rules.offered_bets
    for kind, table in tables.bets.items():
        classes = SHAPES if table.domain is Domain.SHAPE else PAIR_CLASSES
        assert len(table.cells) == classes
        for index, cell in enumerate(table.cells):
            resolution, pays = oracle_payout(kind, index, rules)
            assert (cell.resolution, cell.pays) == (resolution, pays), (kind, shape_of(index))


def test_settlement_reads_the_compiled_cells() -> None:
    six = play_coup(cards_of([2, 3, 3, 3, 7, 1]), ODD)  # Player 5 stands; Banker 6 stands
    assert (six.player_total, six.banker_total) == (5, 6)
    settled = settle_bet(Bet(BetKind.BANKER, 1000), six, ODD)
    assert (settled.resolution, settled.winnings_minor, settled.commission) == (
        Resolution.WIN,
        500,
        0,
    )
    settled = settle_bet(Bet(BetKind.BANKER, 1000), six, Rules(banker_commission="0.04"))
    assert (settled.winnings_minor, settled.commission) == (960, 40)


def test_a_leg_may_not_read_the_shape_and_the_pairs() -> None:
    assert Condition(outcome=Outcome.TIE).domain is Domain.SHAPE
    assert Condition(player_pair=True).domain is Domain.PAIRS
    with pytest.raises(InvalidRules):
        _ = Condition(winning_total=6, banker_pair=True).domain


def test_indices_invert() -> None:
    assert [shape_index(*shape_of(i)) for i in range(SHAPES)] == list(range(SHAPES))
    assert [pair_index(*pairs_of(i)) for i in range(PAIR_CLASSES)] == list(range(PAIR_CLASSES))


def test_rules_compile_once() -> None:
    assert compile_rules(Rules(decks=6)) is compile_rules(Rules(decks=6))
    assert Rules().tables is compile_rules(Rules())


@pytest.mark.parametrize("rules", [*PRESETS.values(), ODD], ids=[*PRESETS, "odd"])
def test_rules_round_trip_through_json(rules: Rules) -> None:
    text = json.dumps(rules.to_json())
    assert Rules.from_json(json.loads(text)) == rules


def test_the_json_names_the_paytable_exactly() -> None:
    data = Rules(banker_commission="0.04").to_json()
    assert data["bets"]["banker"][0] == {
        "when": {"outcome": "banker"},
        "resolution": "win",
        "pays": "24/25",
        "commission": "1/25",
    }
    assert data["tableau"]["naturals"] == [8, 9]
    assert data["tableau"]["banker_draws"][6] == [6, 7]
    assert data["offered_bets"] == ["player", "banker", "tie"]


@pytest.mark.parametrize(
    "data",
    [
        {"decks": 8, "colour": "red"},
        {"decks": "eight"},
        {"tableau": {"naturals": [8, 9]}},
        {"tableau": {"naturals": [8, 10], "player_draws": [], "banker_draws": [[]] * 10}},
        {"tableau": {"naturals": [8], "player_draws": [], "banker_draws": [[]] * 9}},
        {"tableau": {"naturals": [8], "player_draws": [], "banker_draws": [3] * 10}},
        [1, 2],
    ],
)
def test_bad_rules_json_is_refused(data: object) -> None:
    with pytest.raises(InvalidRules):
        Rules.from_json(data)  # type: ignore[arg-type]


def test_the_standard_tableau_is_the_seeds_table() -> None:
    assert STANDARD == tableau_of(SEED_RULES)
    assert STANDARD.banker_drawing_totals_when_player_stood() == (0, 1, 2, 3, 4, 5)
    assert Tableau.from_json(STANDARD.to_json()) == STANDARD
    assert STANDARD.banker[7][PLAYER_STOOD] == 0


def test_explanations_name_the_totals_of_the_rules_tableau() -> None:
    cards = cards_of([2, 3, 3, 3, 7, 1])  # Player 5, Banker 6
    standard = [describe(e) for e in play_coup(cards).events]
    odd = [describe(e) for e in play_coup(cards, ODD).events]
    assert "Player 5 draws: the Player draws on 0–5." in standard
    assert "Player 5 stands: the Player stands on 5–8." in odd
    assert "Banker 6 stands: the Player stood, so the Banker stands on 5–8." in odd


def test_the_compiled_tables_stay_on_the_value_but_not_in_its_pickle() -> None:
    import pickle

    rules = Rules(tie_pays=9)
    assert rules.tables is rules.tables is compile_rules(rules)
    copy = pickle.loads(pickle.dumps(rules))
    assert copy == rules and hash(copy) == hash(rules)
    assert copy.tables is rules.tables  # compiled again on first use: the same cached value
    assert "_compiled" not in Rules().to_json()


def test_rules_and_tableaux_keep_their_hash_consistent_with_equality() -> None:
    import pickle

    twins = [(Rules(decks=6), PRESETS["punto-banco-6"]), (tableau_of(ODD_RULES), ODD_TABLEAU)]
    for a, b in twins:
        assert a == b and hash(a) == hash(b) and a is not b
        again = pickle.loads(pickle.dumps(a))
        assert again == a and hash(again) == hash(a)
    assert Rules(decks=6) != Rules() and hash(Rules(tie_pays=9)) != hash(Rules())
