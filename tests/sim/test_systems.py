"""Betting systems: stake sequences written by hand, invariants, and the expectation per unit."""

from __future__ import annotations

import importlib.util
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.core.bets import Bet, settle_bet
from puntobanco.core.cards import parse_cards
from puntobanco.core.coup import CoupResult, Outcome, play_coup
from puntobanco.core.rules import PRESETS, BetKind, Rules, TableLimits
from puntobanco.sim.systems import (
    BANKER_WIN,
    BANKER_WIN_SIX,
    END_REASONS,
    PLAYER_WIN,
    TIE,
    Plan,
    System,
    SystemsError,
    exact_edges,
    parse_system,
    play_one,
    run_sessions,
    summarize,
)
from puntobanco.sim.systems_deal import outcome_code, session_outcomes
from tests.core.test_gametables import ODD

P, B, T, S = PLAYER_WIN, BANKER_WIN, TIE, BANKER_WIN_SIX
UNIT = 1_000  # 10.00
LIMITS = TableLimits(minimum_minor=100, maximum_minor=50_000)


def plan(system: str, on: str = "banker", **changes: object) -> Plan:
    fields: dict[str, object] = {
        "system": system,
        "on": on,
        "bankroll_minor": 100_000,
        "base_minor": UNIT,
        "rounds": 50,
        "limits": LIMITS,
    }
    fields.update(changes)
    return Plan(**fields)  # type: ignore[arg-type]


def units(system: str, outcomes: list[int], on: str = "banker", **changes: object) -> list[int]:
    stakes, _, _, _ = play_one(plan(system, on, **changes), outcomes)
    return [int(s) // UNIT for s in stakes]


# ---- stake sequences, worked out by hand -------------------------------------


def test_flat_bets_one_unit_and_settles_with_commission() -> None:
    stakes, sides, path, results = play_one(plan("flat"), [B, P, T, B])
    assert stakes.tolist() == [1000] * 4
    assert sides.tolist() == [1] * 4
    # Banker wins pay 19/20: 950; a loss costs the stake; a tie pushes.
    assert path.tolist() == [100_000, 100_950, 99_950, 99_950, 100_900]
    assert results["turnover"] == 4000 and results["net"] == 900


def test_martingale_doubles_after_losses_and_resets_after_a_win() -> None:
    assert units("martingale", [B, B, T, B, P, P], on="player") == [1, 2, 4, 4, 8, 1]


def test_martingale_is_capped_at_the_table_maximum() -> None:
    limits = TableLimits(minimum_minor=100, maximum_minor=5_000)
    stakes, _, _, _ = play_one(plan("martingale", "player", limits=limits), [B] * 5 + [P, B])
    assert stakes.tolist() == [1000, 2000, 4000, 5000, 5000, 5000, 1000]


def test_a_stake_the_bankroll_cannot_cover_ends_the_session() -> None:
    stakes, _, path, results = play_one(plan("martingale", bankroll_minor=6_000), [P, P, P, P])
    assert stakes.tolist() == [1000, 2000]  # then 4000 > 3000 left
    assert path.tolist() == [6000, 5000, 3000]
    assert END_REASONS[results["reason"]] == "cannot_afford"
    assert results["rounds_played"] == 2


def test_paroli_presses_three_wins_then_starts_over() -> None:
    assert units("paroli", [B, B, B, B, P, B]) == [1, 2, 4, 1, 2, 1]


def test_fibonacci_one_step_on_after_a_loss_two_back_after_a_win() -> None:
    assert units("fibonacci", [P, P, P, B, P, B, B, T]) == [1, 1, 2, 3, 1, 2, 1, 1]


def test_dalembert_one_unit_up_after_a_loss_down_after_a_win() -> None:
    assert units("dalembert", [B, B, P, T, P, P], on="player") == [1, 2, 3, 2, 2, 1]


def test_one_three_two_six_cycle() -> None:
    assert units("1-3-2-6", [P, P, P, P, P, B, P], on="player") == [1, 3, 2, 6, 1, 3, 1]


def test_labouchere_line() -> None:
    # Line 1 2 3 4: stake 5, lose (line 1 2 3 4 5): stake 6, win (2 3 4): stake 6,
    # win (3): stake 3, win (empty): a new line, stake 5.
    assert units("labouchere", [B, P, P, P, P], on="player") == [5, 6, 6, 3, 5]


def test_follow_the_last_winner_ignores_ties() -> None:
    _, sides, _, _ = play_one(plan("follow-the-winner"), [P, T, B, P, P])
    assert sides.tolist() == [1, 0, 0, 1, 0]


def test_follow_the_winner_never_bets_above_either_spots_maximum() -> None:
    # It bets on both spots, so the base must fit under both maxima: a 30.00 base
    # on Banker with Player capped at 20.00 would bet 30.00 on Player after P.
    limits = TableLimits(
        minimum_minor=100, maximum_minor=50_000, maxima_minor={BetKind.PLAYER: 2_000}
    )
    with pytest.raises(SystemsError) as caught:
        plan("follow-the-winner", base_minor=3_000, limits=limits)
    assert caught.value.code == "base_outside_limits"
    assert caught.value.params["maximum"] == 2_000
    stakes, sides, _, _ = play_one(
        plan("follow-the-winner", base_minor=2_000, limits=limits), [P, P, B, P]
    )
    assert stakes.tolist() == [2_000] * 4 and sides.tolist() == [1, 0, 0, 1]


def test_a_lower_maximum_on_the_other_spot_does_not_cap_a_one_sided_plan() -> None:
    limits = TableLimits(
        minimum_minor=100, maximum_minor=50_000, maxima_minor={BetKind.PLAYER: 2_000}
    )
    assert units("martingale", [P, P, P], base_minor=UNIT, limits=limits) == [1, 2, 4]
    with pytest.raises(SystemsError):
        plan("flat", "player", base_minor=3_000, limits=limits)


def test_stop_win_and_stop_loss() -> None:
    _, _, _, won = play_one(plan("flat", "player", stop_win_minor=1_500), [P, P, B, P])
    assert (won["rounds_played"], END_REASONS[won["reason"]]) == (2, "stop_win")
    _, _, _, lost = play_one(plan("flat", stop_loss_minor=2_000), [P, P, P])
    assert (lost["rounds_played"], END_REASONS[lost["reason"]]) == (2, "stop_loss")


def test_session_length_limits_the_rounds() -> None:
    stakes, _, _, results = play_one(plan("flat", rounds=3), [B] * 10)
    assert len(stakes) == 3 and END_REASONS[results["reason"]] == "rounds"


def test_banker_commission_is_rounded_down_in_minor_units() -> None:
    _, _, path, _ = play_one(plan("flat", base_minor=1_050), [B])
    assert path.tolist() == [100_000, 100_997]  # 10.50 x 0.95 = 9.975 -> 9.97


def test_super_six_pays_half_on_a_banker_six() -> None:
    rules = PRESETS["super-6"]
    _, _, path, _ = play_one(plan("flat", base_minor=1_001, rules=rules), [S, B])
    assert path.tolist() == [100_000, 100_500, 101_501]


# ---- invariants against core.bets ------------------------------------------------

#: A coup for each outcome code, dealt by the reference engine.
COUPS: dict[int, CoupResult] = {
    P: play_coup(parse_cards("9h Kd Kc Ks")),
    B: play_coup(parse_cards("Kd 9h Kc Ks")),
    T: play_coup(parse_cards("9h 9d Kc Ks")),
    S: play_coup(parse_cards("Kd 3h Kc 3s Ks")),
}


def test_scripted_coups_have_the_codes_they_stand_for() -> None:
    assert {code: outcome_code(result) for code, result in COUPS.items()} == {
        P: P,
        B: B,
        T: T,
        S: S,
    }
    assert COUPS[S].outcome is Outcome.BANKER and COUPS[S].banker_total == 6


@pytest.mark.parametrize(
    "rules",
    [Rules(), PRESETS["super-6"], PRESETS["commission-4"], ODD],
    ids=["standard", "super-6", "commission-4", "odd"],
)
@pytest.mark.parametrize("on", ["banker", "player"])
@pytest.mark.parametrize("stake", [100, 1_001, 1_999])
def test_each_round_settles_as_core_settles_it(rules: Rules, on: str, stake: int) -> None:
    """A flat bet on each outcome code wins, loses or pushes what core.bets.settle_bet pays."""
    for code, result in COUPS.items():
        _, _, path, _ = play_one(plan("flat", on, base_minor=stake, rules=rules), [code])
        settled = settle_bet(Bet(BetKind(on), stake), result, rules)
        net = settled.stake_returned_minor + settled.winnings_minor - stake
        assert path.tolist() == [100_000, 100_000 + net], (code, on)


def test_outcome_codes_outside_the_four_are_refused() -> None:
    with pytest.raises(SystemsError) as caught:
        play_one(plan("flat"), [P, 4])
    assert caught.value.code == "bad_outcomes"


@settings(max_examples=150, deadline=None)
@given(
    system=st.sampled_from(list(System)),
    on=st.sampled_from(["banker", "player"]),
    outcomes=st.lists(st.sampled_from([P, B, T, S]), min_size=1, max_size=60),
    base=st.integers(100, 3_000),
    maximum=st.integers(3_000, 20_000),
    spot_maximum=st.one_of(
        st.none(),
        st.tuples(st.sampled_from([BetKind.PLAYER, BetKind.BANKER]), st.integers(100, 3_000)),
    ),
    bankroll=st.integers(3_000, 60_000),
    rules=st.sampled_from([Rules(), PRESETS["super-6"], PRESETS["commission-4"]]),
)
def test_stakes_stay_within_limits_and_bankroll_and_money_is_conserved(
    system: System,
    on: str,
    outcomes: list[int],
    base: int,
    maximum: int,
    spot_maximum: tuple[BetKind, int] | None,
    bankroll: int,
    rules: Rules,
) -> None:
    maxima = dict([spot_maximum]) if spot_maximum else {}
    limits = TableLimits(minimum_minor=100, maximum_minor=maximum, maxima_minor=maxima)
    try:
        the_plan = Plan(
            system=system,
            on=on,  # type: ignore[arg-type]
            bankroll_minor=bankroll,
            base_minor=min(base, bankroll),
            rounds=len(outcomes),
            limits=limits,
            rules=rules,
        )
    except SystemsError as refused:  # a base above a spot's maximum that the plan bets on
        assert refused.code == "base_outside_limits"
        assert refused.params["stake"] > min(limits.maximum_for(k) for k in maxima)
        return
    stakes, sides, path, results = play_one(the_plan, outcomes)
    for i, (stake, side) in enumerate(zip(stakes.tolist(), sides.tolist(), strict=True)):
        kind = BetKind.BANKER if side else BetKind.PLAYER
        assert limits.minimum_minor <= stake <= limits.maximum_for(kind)
        assert stake <= path[i]  # never more than the bankroll before the round
        settled = settle_bet(Bet(kind, stake), COUPS[outcomes[i]], rules)
        assert path[i + 1] - path[i] == settled.net_minor
    assert path[-1] == bankroll + results["net"] == results["final"]
    assert results["turnover"] == int(stakes.sum())
    if END_REASONS[results["reason"]] == "cannot_afford":
        assert len(stakes) < len(outcomes)


# ---- the expectation per unit wagered ---------------------------------------

#: Exact 8-deck probabilities (published; Banker split by whether it wins on 6).
PROBABILITIES = {P: 0.446247, B: 0.458597 - 0.053863, T: 0.095156, S: 0.053863}


def iid_outcomes(sessions: int, rounds: int, seed: int) -> np.ndarray:
    generator = np.random.default_rng(seed)
    codes = np.array(list(PROBABILITIES), dtype=np.int8)
    weights = np.array(list(PROBABILITIES.values()))
    return generator.choice(codes, size=(sessions, rounds), p=weights / weights.sum())


def iid_edges() -> dict[BetKind, Fraction]:
    """The exact loss per unit of each bet under :data:`PROBABILITIES` (ties push)."""
    total = sum(Fraction(str(p)) for p in PROBABILITIES.values())
    player = Fraction(str(PROBABILITIES[P])) / total
    banker = (Fraction(str(PROBABILITIES[B])) + Fraction(str(PROBABILITIES[S]))) / total
    return {BetKind.BANKER: player - banker * Fraction(19, 20), BetKind.PLAYER: banker - player}


@pytest.mark.slow
@pytest.mark.parametrize("on", ["banker", "player"])
def test_no_system_changes_the_expectation_per_unit_wagered(on: str) -> None:
    """Independent rounds with exact probabilities: every system's loss per unit is the edge."""
    outcomes = iid_outcomes(4_000, 250, seed=20261130 + (on == "player"))
    edges = iid_edges()
    for system in System:
        sessions = run_sessions(plan(system.value, on, rounds=250), outcomes)
        summary = summarize(sessions, edges)
        assert summary.rounded_per_unit == 0  # stakes are multiples of 20 minor units
        assert summary.z is not None and abs(summary.z) < 4, (system, summary)
        assert summary.loss_per_unit_se < 0.004


@pytest.mark.slow
def test_realistic_shoes_give_every_system_the_exact_edge() -> None:
    """Seeded 8-deck cut-card shoes: loss per unit within 4 s.e. of the exact house edge.

    A million rounds where the numba dealer is there (s.e. about 0.1%), else
    12,000 from the reference engine.
    """
    fast = importlib.util.find_spec("puntobanco.sim.kernels") is not None
    sessions, rounds = (4_000, 250) if fast else (120, 100)
    outcomes = session_outcomes(Rules(), seed=7, sessions=sessions, rounds=rounds)
    # Published exact 8-deck house edges (ties push).
    exact = {BetKind.BANKER: Fraction(10579, 1_000_000), BetKind.PLAYER: Fraction(12351, 1_000_000)}
    for system in System:
        for on in ("banker", "player"):
            summary = summarize(
                run_sessions(plan(system.value, on, rounds=rounds), outcomes), exact
            )
            assert summary.z is not None and abs(summary.z) < 4, (system, on, summary)


def test_summary_counts_ruin_and_quantiles() -> None:
    # Martingale on Banker, 30.00 bankroll, 10.00 base:
    # lose 10, lose 20, cannot afford 40 -> 0; win 9.50 three times -> 58.50;
    # lose 10, win 19 on 20, push -> 39.00.
    outcomes = np.array([[P, P, P], [B, B, B], [P, B, T]], dtype=np.int8)
    summary = summarize(run_sessions(plan("martingale", bankroll_minor=3_000, rounds=3), outcomes))
    assert summary.ruin_rate == pytest.approx(1 / 3)
    assert summary.quantiles["p50"] == 3_900
    assert summary.ahead_rate == pytest.approx(2 / 3)
    assert summary.lowest_final == 0
    assert summary.highest_final == 3_000 + 3 * 950
    assert summary.mean_turnover == pytest.approx((3_000 + 3_000 + 4_000) / 3)


# ---- input ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"system": "roulette"}, "unknown_system"),
        ({"on": "tie"}, "bad_side"),
        ({"base_minor": 50}, "base_outside_limits"),
        ({"base_minor": 60_000}, "base_outside_limits"),
        ({"base_minor": 2_000, "bankroll_minor": 1_000}, "base_over_bankroll"),
        ({"rounds": 0}, "out_of_range"),
        ({"bankroll_minor": -5}, "too_small"),
        ({"stop_win_minor": 0}, "too_small"),
        ({"rounds": 10**6}, "out_of_range"),
        ({"rounds": 2.5}, "not_whole"),
    ],
)
def test_bad_plans_are_refused_with_a_code(changes: dict[str, object], code: str) -> None:
    changes = dict(changes)
    system = str(changes.pop("system", "flat"))
    with pytest.raises(SystemsError) as caught:
        plan(system, **changes)
    assert caught.value.code == code


def test_system_names_accept_common_spellings() -> None:
    assert parse_system("D'Alembert") is System.DALEMBERT
    assert parse_system("Labouchère") is System.LABOUCHERE
    assert parse_system("1326") is System.ONE_THREE_TWO_SIX


def test_exact_edges_come_from_the_analyzer() -> None:
    edges = exact_edges(Rules())
    if edges is None:
        pytest.skip("the analyzer is not in this build")
    assert float(edges[BetKind.BANKER]) == pytest.approx(0.010579, abs=5e-7)
    assert float(edges[BetKind.PLAYER]) == pytest.approx(0.012351, abs=5e-7)
