"""Bets: settlement arithmetic (exact, rounded down once) and all-or-nothing placement."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.core.bets import (
    Bet,
    Resolution,
    bet_kind,
    can_place_bets,
    place_bets,
    settle,
    settle_bet,
    verify_bets,
    winning_ratio,
)
from puntobanco.core.cards import Card, Rank, Suit, parse_cards
from puntobanco.core.coup import CoupResult, Outcome, play_coup
from puntobanco.core.errors import BaccaratError, InsufficientFunds, InvalidBet
from puntobanco.core.explain import error_message
from puntobanco.core.money import format_fraction_minor
from puntobanco.core.rules import PRESETS, BetKind, Rules, TableLimits

BANKER_WINS = play_coup(parse_cards("2c 5d 4h 3s"))  # Player 6, Banker natural 8
PLAYER_WINS = play_coup(parse_cards("4c Kd 5h 7s"))  # Player natural 9, Banker 7
TIE = play_coup(parse_cards("7c 7d 10h 10s"))  # 7 - 7
BANKER_WINS_ON_SIX = play_coup(parse_cards("Kc 6d 2h Ks Jh"))  # Player 2, Banker 6
PAIRS = play_coup(parse_cards("2c 3d 2h 3s 7c 9d"))  # both pairs, Banker 5 - 1


def test_fixtures_are_what_their_names_say() -> None:
    assert BANKER_WINS.outcome is Outcome.BANKER and BANKER_WINS.banker_total == 8
    assert PLAYER_WINS.outcome is Outcome.PLAYER
    assert TIE.outcome is Outcome.TIE
    assert BANKER_WINS_ON_SIX.outcome is Outcome.BANKER and BANKER_WINS_ON_SIX.banker_total == 6
    assert PAIRS.player_pair and PAIRS.banker_pair


def test_the_105_banker_example_of_design() -> None:
    s = settle_bet(Bet(BetKind.BANKER, 105), BANKER_WINS, Rules())
    assert s.resolution is Resolution.WIN
    assert s.winnings_minor == 99  # pays 0.99
    assert s.commission == Fraction(21, 4)  # 0.0525
    assert s.rounded_away == Fraction(3, 4)  # 0.0075
    assert format_fraction_minor(s.commission) == "0.0525"
    assert format_fraction_minor(s.rounded_away) == "0.0075"
    assert (s.stake_returned_minor, s.payout_minor, s.net_minor) == (105, 204, 99)
    assert s.ratio == Fraction(19, 20)


def test_four_percent_commission() -> None:
    rules = Rules(banker_commission="0.04")
    assert rules == PRESETS["commission-4"]
    s = settle_bet(Bet(BetKind.BANKER, 105), BANKER_WINS, rules)
    # 105 * 0.96 = 100.8: pays 1.00, commission 4.2 cents, 0.8 cents rounded away.
    assert (s.winnings_minor, s.commission, s.rounded_away) == (
        100,
        Fraction(21, 5),
        Fraction(4, 5),
    )


def test_tie_pays_nine_to_one_when_the_rules_say_so() -> None:
    rules = Rules(tie_pays=9)
    assert rules == PRESETS["tie-9"]
    s = settle_bet(Bet(BetKind.TIE, 100), TIE, rules)
    assert (s.winnings_minor, s.payout_minor, s.net_minor) == (900, 1000, 900)
    assert settle_bet(Bet(BetKind.TIE, 100), TIE, Rules()).winnings_minor == 800


def test_main_bets_push_on_a_tie_and_tie_bets_lose_otherwise() -> None:
    for kind in (BetKind.PLAYER, BetKind.BANKER):
        s = settle_bet(Bet(kind, 500), TIE, Rules())
        assert s.resolution is Resolution.PUSH
        assert (s.stake_returned_minor, s.winnings_minor, s.net_minor) == (500, 0, 0)
    lost = settle_bet(Bet(BetKind.TIE, 500), BANKER_WINS, Rules())
    assert (lost.resolution, lost.payout_minor, lost.net_minor) == (Resolution.LOSE, 0, -500)


def test_player_pays_even_money() -> None:
    s = settle_bet(Bet(BetKind.PLAYER, 333), PLAYER_WINS, Rules())
    assert (s.winnings_minor, s.commission, s.rounded_away) == (333, 0, 0)
    assert settle_bet(Bet(BetKind.BANKER, 333), PLAYER_WINS, Rules()).net_minor == -333


def test_super_6() -> None:
    rules = PRESETS["super-6"]
    six = settle_bet(Bet(BetKind.BANKER, 105), BANKER_WINS_ON_SIX, rules)
    assert (six.ratio, six.winnings_minor, six.rounded_away) == (Fraction(1, 2), 52, Fraction(1, 2))
    assert six.commission == 0
    eight = settle_bet(Bet(BetKind.BANKER, 105), BANKER_WINS, rules)
    assert (eight.winnings_minor, eight.commission, eight.rounded_away) == (105, 0, 0)
    # Under the standard rules a winning six pays like any Banker win.
    standard = settle_bet(Bet(BetKind.BANKER, 105), BANKER_WINS_ON_SIX, Rules())
    assert standard.winnings_minor == 99


def test_pair_bets() -> None:
    rules = PRESETS["punto-banco-pairs"]
    won = settle_bet(Bet(BetKind.PLAYER_PAIR, 100), PAIRS, rules)
    assert (won.resolution, won.winnings_minor) == (Resolution.WIN, 1100)
    lost = settle_bet(Bet(BetKind.BANKER_PAIR, 100), TIE, rules)
    assert lost.resolution is Resolution.LOSE
    with pytest.raises(InvalidBet) as caught:
        settle_bet(Bet(BetKind.PLAYER_PAIR, 100), PAIRS, Rules())
    assert caught.value.code == "not_offered"


def test_settle_totals_several_bets() -> None:
    bets = [Bet(BetKind.BANKER, 105), Bet(BetKind.TIE, 100), Bet(BetKind.PLAYER, 50)]
    settlement = settle(bets, BANKER_WINS, Rules())
    assert settlement.staked_minor == 255
    assert settlement.payout_minor == 204
    assert settlement.net_minor == -51
    assert settlement.commission == Fraction(21, 4)
    assert settlement.rounded_away == Fraction(3, 4)


# --- properties ---------------------------------------------------------------

ratios = st.builds(Fraction, st.integers(1, 1000), st.integers(1, 100))
commissions = st.builds(
    lambda n, d: Fraction(min(n, d - 1), d), st.integers(0, 99), st.integers(1, 100)
)
coups = st.lists(
    st.builds(Card, st.sampled_from(list(Rank)), st.sampled_from(list(Suit))),
    min_size=6,
    max_size=6,
).map(play_coup)
rules_strategy = st.builds(
    Rules,
    player_pays=ratios,
    banker_commission=commissions,
    banker_six_pays=st.none() | ratios,
    tie_pays=ratios,
    pair_pays=st.none() | ratios,
)


def expected_settlement(kind: BetKind, stake: int, result: CoupResult, rules: Rules) -> Any:
    """The seeds' payouts, stated independently: (resolution, ratio, commission)."""
    outcome = result.outcome.value
    if kind is BetKind.PLAYER:
        if outcome == "tie":
            return "push", None, 0
        return ("win", rules.player_pays, 0) if outcome == "player" else ("lose", None, 0)
    if kind is BetKind.BANKER:
        if outcome == "tie":
            return "push", None, 0
        if outcome != "banker":
            return "lose", None, 0
        if rules.banker_six_pays is not None and result.banker_total == 6:
            return "win", rules.banker_six_pays, 0
        return "win", 1 - rules.banker_commission, stake * rules.banker_commission
    if kind is BetKind.TIE:
        return ("win", rules.tie_pays, 0) if outcome == "tie" else ("lose", None, 0)
    first_two = result.player_cards if kind is BetKind.PLAYER_PAIR else result.banker_cards
    assert rules.pair_pays is not None
    won = first_two[0].rank == first_two[1].rank
    return ("win", rules.pair_pays, 0) if won else ("lose", None, 0)


@settings(deadline=None)
@given(
    result=coups,
    rules=rules_strategy,
    stakes=st.lists(st.tuples(st.sampled_from(list(BetKind)), st.integers(1, 10**12)), max_size=6),
)
def test_settlement_is_exact_for_every_stake_and_ratio(
    result: CoupResult, rules: Rules, stakes: list[tuple[BetKind, int]]
) -> None:
    bets = [Bet(kind, stake) for kind, stake in stakes if kind in rules.offered_bets]
    settlement = settle(bets, result, rules)
    for bet, s in zip(bets, settlement.bets, strict=True):
        stake = bet.stake_minor
        resolution, ratio, commission = expected_settlement(bet.kind, stake, result, rules)
        assert s.bet == bet
        assert s.resolution.value == resolution  # exactly one of win, lose, push
        if resolution == "win":
            winnings = stake * ratio.numerator // ratio.denominator
            assert s.ratio == ratio
            assert (s.stake_returned_minor, s.winnings_minor) == (stake, winnings)
            assert s.commission == commission
            assert s.rounded_away == stake * ratio - winnings
            assert 0 <= s.rounded_away < 1
            assert s.payout_minor <= stake * (1 + ratio)
            assert s.net_minor >= 0
        elif resolution == "push":
            assert (s.payout_minor, s.net_minor, s.winnings_minor) == (stake, 0, 0)
        else:
            assert (s.payout_minor, s.net_minor, s.winnings_minor) == (0, -stake, 0)
        if resolution != "win":
            assert s.commission == 0 and s.rounded_away == 0
        # Never both won and lost: a win pays back at least the stake, a loss nothing.
        assert not (s.payout_minor > 0 and s.resolution is Resolution.LOSE)
        assert not (s.payout_minor < stake and s.resolution is not Resolution.LOSE)
        for amount in (s.payout_minor, s.net_minor, s.winnings_minor, s.stake_returned_minor):
            assert type(amount) is int
    assert settlement.net_minor == sum(s.net_minor for s in settlement.bets)
    assert settlement.payout_minor - settlement.staked_minor == settlement.net_minor


limits_strategy = st.builds(
    lambda minimum, span, tie_cap: TableLimits(
        minimum_minor=minimum,
        maximum_minor=minimum + span,
        maxima_minor={BetKind.TIE: minimum + tie_cap} if tie_cap is not None else {},
    ),
    st.integers(1, 1000),
    st.integers(0, 10_000),
    st.none() | st.integers(0, 500),
)


def expected_valid(
    per_spot: dict[BetKind, int], rules: Rules, limits: TableLimits, balance: int
) -> bool:
    return (
        bool(per_spot)
        and all(stake > 0 for stake in per_spot.values())
        and all(kind in rules.offered_bets for kind in per_spot)
        and all(limits.minimum_minor <= s <= limits.maximum_for(k) for k, s in per_spot.items())
        and sum(per_spot.values()) <= balance
    )


def check_all_or_nothing(
    bets: Any, per_spot: dict[BetKind, int], rules: Rules, limits: TableLimits, balance: int
) -> None:
    valid = expected_valid(per_spot, rules, limits, balance)
    kwargs: dict[str, Any] = {"rules": rules, "limits": limits, "balance_minor": balance}
    assert can_place_bets(bets, **kwargs) is valid
    try:
        placed = place_bets(bets, **kwargs)
    except (InvalidBet, InsufficientFunds) as error:
        assert not valid, error
        assert isinstance(error, BaccaratError) and error.code
    else:
        assert valid
        assert {b.kind: b.stake_minor for b in placed} == per_spot  # every bet, whole
        assert [b.kind for b in placed] == [k for k in rules.offered_bets if k in per_spot]
        assert verify_bets(bets, **kwargs) == placed


@settings(deadline=None)
@given(
    rules=st.sampled_from(list(PRESETS.values())),
    limits=limits_strategy,
    balance=st.integers(0, 30_000),
    spots=st.dictionaries(st.sampled_from(list(BetKind)), st.integers(-10, 12_000), max_size=5),
)
def test_verify_bets_accepts_exactly_the_valid_rounds(
    rules: Rules, limits: TableLimits, balance: int, spots: dict[BetKind, int]
) -> None:
    """verify_bets accepts iff each spot is offered and within limits and the total is
    covered by the balance, and then it takes every bet whole; otherwise it raises."""
    before = dict(spots)
    check_all_or_nothing(spots, dict(spots), rules, limits, balance)
    assert spots == before  # the caller's bets are untouched


@settings(deadline=None)
@given(
    rules=st.sampled_from(list(PRESETS.values())),
    limits=limits_strategy,
    balance=st.integers(0, 30_000),
    bets=st.lists(st.builds(Bet, st.sampled_from(list(BetKind)), st.integers(1, 6_000))),
)
def test_several_bets_on_one_spot_count_together(
    rules: Rules, limits: TableLimits, balance: int, bets: list[Bet]
) -> None:
    per_spot: dict[BetKind, int] = {}
    for bet in bets:
        per_spot[bet.kind] = per_spot.get(bet.kind, 0) + bet.stake_minor
    check_all_or_nothing(bets, per_spot, rules, limits, balance)


LIMITS = TableLimits(minimum_minor=100, maximum_minor=10_000, maxima_minor={BetKind.TIE: 2_000})


@pytest.mark.parametrize(
    ("bets", "balance", "code", "params"),
    [
        ({}, 10_000, "no_bets", {}),
        ({BetKind.PLAYER: 99}, 10_000, "below_minimum", {"minimum": 100, "maximum": 10_000}),
        ({BetKind.PLAYER: 10_001}, 20_000, "above_maximum", {"minimum": 100, "maximum": 10_000}),
        ({BetKind.TIE: 2_001}, 20_000, "above_maximum", {"minimum": 100, "maximum": 2_000}),
        ({BetKind.PLAYER: 600, BetKind.TIE: 500}, 1_000, "insufficient_funds", {"total": 1_100}),
        ({BetKind.PLAYER_PAIR: 100}, 10_000, "not_offered", {"bet": "player_pair"}),
        ({BetKind.PLAYER: 0}, 10_000, "not_positive", {"stake": 0}),
        ({BetKind.PLAYER: -5}, 10_000, "negative", {"stake": -5}),
        ({"hearts": 100}, 10_000, "unknown_bet", {"bet": "hearts"}),
        ({BetKind.PLAYER: 1.5}, 10_000, "stake_not_integer", {"value": "1.5"}),
        ({BetKind.PLAYER: True}, 10_000, "stake_not_integer", {"value": "True"}),
        ({BetKind.PLAYER: "10"}, 10_000, "stake_not_integer", {"value": "'10'"}),
    ],
)
def test_refusals_name_the_problem_and_the_allowed_range(
    bets: Any, balance: int, code: str, params: dict[str, Any]
) -> None:
    with pytest.raises((InvalidBet, InsufficientFunds)) as caught:
        verify_bets(bets, rules=Rules(), limits=LIMITS, balance_minor=balance)
    assert caught.value.code == code
    assert params.items() <= caught.value.params.items()


def test_a_float_stake_is_not_a_typing_mistake() -> None:
    """An API caller's 1.5 is told that stakes are cents, not how to type 2,50."""
    with pytest.raises(InvalidBet) as caught:
        Bet(BetKind.BANKER, 1.5)  # type: ignore[arg-type]
    assert caught.value.code == "stake_not_integer"
    for lang in ("en", "es"):
        sentence = error_message(caught.value, lang)
        assert "1.5" in sentence and "250" in sentence
        assert "2,50" not in sentence.split(":")[0]
    assert "céntimos" in error_message(caught.value, "es")


def test_unknown_spot_lists_only_the_spots_offered() -> None:
    with pytest.raises(InvalidBet) as caught:
        verify_bets({"hearts": 100}, rules=Rules(), limits=LIMITS, balance_minor=10_000)
    assert caught.value.code == "unknown_bet"
    assert caught.value.params["allowed"] == "player, banker, tie"
    assert "player_pair" not in str(caught.value)
    assert error_message(caught.value, "es") == (
        "Apuesta desconocida 'hearts': las casillas son Jugador, Banca, Empate."
    )
    pairs = Rules(pair_pays=11)
    with pytest.raises(InvalidBet) as caught:
        verify_bets({"hearts": 100}, rules=pairs, limits=LIMITS, balance_minor=10_000)  # type: ignore[dict-item]
    assert caught.value.params["allowed"] == "player, banker, tie, player_pair, banker_pair"


def test_two_bets_on_one_spot_over_the_maximum_together() -> None:
    bets = [Bet(BetKind.BANKER, 6_000), Bet("banker", 6_000)]
    with pytest.raises(InvalidBet) as caught:
        verify_bets(bets, rules=Rules(), limits=LIMITS, balance_minor=50_000)
    assert caught.value.code == "above_maximum"
    assert caught.value.params["stake"] == 12_000


def test_bet_kind_parses_names() -> None:
    assert bet_kind(" Player-Pair ") is BetKind.PLAYER_PAIR
    assert bet_kind("banker pair") is BetKind.BANKER_PAIR
    assert bet_kind(BetKind.TIE) is BetKind.TIE
    with pytest.raises(InvalidBet) as caught:
        bet_kind("dragon")
    allowed = caught.value.params["allowed"]
    assert allowed.startswith("player, banker, tie, player_pair, banker_pair, dragon_7, ")
    assert allowed.endswith(
        ", tiger_tie, tiger_pair, egalite_0, egalite_1, egalite_2, egalite_3, "
        "egalite_4, egalite_5, egalite_6, egalite_7, egalite_8, egalite_9"
    )


def test_winning_ratio() -> None:
    assert winning_ratio(BetKind.BANKER, BANKER_WINS, Rules()) == Fraction(19, 20)
    assert winning_ratio(BetKind.PLAYER, BANKER_WINS, Rules()) is None
    assert winning_ratio(BetKind.TIE, TIE, Rules()) == 8
