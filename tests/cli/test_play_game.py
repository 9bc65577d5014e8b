"""The game's state machine, without a terminal."""

from __future__ import annotations

import math
import tracemalloc
from fractions import Fraction

import pytest

from puntobanco.cli.game import RECENT_ROUNDS, NoPreviousBets, Session
from puntobanco.core.bets import Bet, settle
from puntobanco.core.coup import Outcome
from puntobanco.core.errors import InsufficientFunds, InvalidBet
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import BetKind, Rules, ShoeMode, TableLimits
from puntobanco.core.shoe import Shoe

B, P, T = BetKind.BANKER, BetKind.PLAYER, BetKind.TIE
LIMITS = TableLimits(minimum_minor=100, maximum_minor=50_000)


def oracle_payout(kind: BetKind, stake: int, outcome: Outcome) -> int:
    """What the seeds say a bet hands back (stake + winnings), written out by hand."""
    if outcome is Outcome.TIE:
        return stake + 8 * stake if kind is T else (stake if kind in (P, B) else 0)
    if kind is T or kind.value != outcome.value:
        return 0
    if kind is P:
        return 2 * stake
    return stake + math.floor(Fraction(19, 20) * stake)  # 5% commission, rounded down


@pytest.mark.parametrize(
    "rules",
    [Rules(decks=1, cut_card=12), Rules(decks=6, shoe_mode=ShoeMode.RESHUFFLE)],
    ids=["cut-card", "reshuffle"],
)
def test_rounds_follow_the_seeded_shoe_and_the_payouts(rules: Rules) -> None:
    session = Session(rules, LIMITS, balance_minor=100_000, source=SeededSource(11))
    reference = Shoe(rules, SeededSource(11))
    balance = 100_000
    plans = [[(B, 1_000), (T, 200)], [(P, 550)], [(B, 105)], [(P, 300), (B, 300), (T, 100)]]
    for number in range(1, 41):
        bets = plans[number % len(plans)]
        report = session.play_round(bets)
        result = reference.deal_coup()
        assert report.result.cards == result.cards
        assert report.number == number
        expected = sum(oracle_payout(kind, stake, result.outcome) for kind, stake in bets)
        settled = settle([Bet(k, s) for k, s in bets], result, rules)
        assert settled.payout_minor == expected
        balance += expected - sum(stake for _, stake in bets)
        assert session.balance_minor == balance == report.balance_minor
    assert session.totals.rounds == 40
    assert session.totals.net_minor == balance - 100_000
    if rules.shoe_mode is ShoeMode.CUT_CARD:
        assert session.shoes >= 2  # one deck, cut card 12: several shoes in 40 rounds


def test_refused_bets_change_nothing() -> None:
    session = Session(Rules(), LIMITS, balance_minor=10_000, source=SeededSource(2))
    session.play_round([(P, 500)])
    state = (session.balance_minor, session.last_bets, session.shoe.position, len(session.marks))
    totals = (session.totals.rounds, session.totals.wagered_minor)
    refused = [
        ([(P, 50)], InvalidBet, "below_minimum"),
        ([(P, 60_000)], InvalidBet, "above_maximum"),
        ([(P, 0)], InvalidBet, "not_positive"),
        ([(P, -100)], InvalidBet, "negative"),
        ([(P, 9_000), (B, 9_000)], InsufficientFunds, "insufficient_funds"),
        ([(B, 500), (T, 50)], InvalidBet, "below_minimum"),  # one bad bet: none is placed
        ([], InvalidBet, "no_bets"),
        ([(BetKind.PLAYER_PAIR, 500)], InvalidBet, "not_offered"),
    ]
    for bets, error, code in refused:
        with pytest.raises(error) as caught:
            session.play_round(bets)
        assert caught.value.code == code
        assert state == (
            session.balance_minor,
            session.last_bets,
            session.shoe.position,
            len(session.marks),
        )
        assert totals == (session.totals.rounds, session.totals.wagered_minor)


def test_rebet_repeats_the_last_bets_against_the_new_balance() -> None:
    session = Session(Rules(), LIMITS, balance_minor=100_000, source=SeededSource(5))
    with pytest.raises(NoPreviousBets):
        session.rebet()
    session.play_round([(B, 300), (B, 200), (T, 100)])  # two bets on one spot add up
    assert session.last_bets == (Bet(B, 500), Bet(T, 100))
    assert session.rebet() == session.last_bets
    session.balance_minor = 550
    with pytest.raises(InsufficientFunds):
        session.rebet()


def test_the_session_ends_when_the_balance_is_under_the_minimum() -> None:
    seed = next(
        s
        for s in range(100)
        if Shoe(Rules(), SeededSource(s)).deal_coup().outcome is Outcome.BANKER
    )
    session = Session(Rules(), LIMITS, balance_minor=100, source=SeededSource(seed))
    assert session.can_play
    session.play_round([(P, 100)])
    assert session.balance_minor == 0
    assert not session.can_play


def test_new_shoe_burn_and_last_round() -> None:
    rules = Rules(decks=1, cut_card=12)
    session = Session(rules, LIMITS, balance_minor=10**9, source=SeededSource(3))
    first = session.start_shoe_if_needed()
    assert first is not None and first.number == 1 and first.burn is not None
    assert len(first.burn.face_down) == (first.burn.shown.points or 10)
    assert session.start_shoe_if_needed() is None
    seen_cut = False
    for _ in range(20):
        report = session.play_round([(B, 100)])
        if report.cut_card_out:
            seen_cut = True
            assert session.last_round_next and not report.last_in_shoe
            following = session.play_round([(B, 100)])
            assert following.last_in_shoe and not session.last_round_next
            assert len(session.marks) == following.result.round_in_shoe
            new = session.start_shoe_if_needed()
            assert new is not None and new.number == 2
            assert len(session.marks) == 0  # the bead plate is cleared at a new shoe
            break
    assert seen_cut


def test_the_session_asks_the_shoe_whether_a_new_shoe_is_due() -> None:
    """One flag, the shoe's: a shoe finished outside play_round is still seen as finished."""
    session = Session(
        Rules(decks=1, cut_card=12), LIMITS, balance_minor=10**9, source=SeededSource(3)
    )
    assert session.start_shoe_if_needed() is not None
    while not session.shoe.deal_coup().last_in_shoe:  # the shoe played to its end directly
        pass
    assert session.shoe.needs_new_shoe
    new = session.start_shoe_if_needed()
    assert new is not None and new.number == 2 and new.burn is not None
    assert not session.shoe.needs_new_shoe
    assert not hasattr(session, "_shoe_finished")


def test_reshuffle_mode_has_no_burn_and_keeps_a_window_of_results() -> None:
    rules = Rules(decks=6, shoe_mode=ShoeMode.RESHUFFLE)
    session = Session(rules, LIMITS, balance_minor=10**9, source=SeededSource(4))
    assert session.start_shoe_if_needed() is None
    for _ in range(RECENT_ROUNDS + 15):
        report = session.play_round([(P, 100)])
        assert report.result.burn is None and not report.last_in_shoe
    assert len(session.marks) == RECENT_ROUNDS


# Reshuffle mode builds a whole new shoe every round, so it gets fewer rounds.
@pytest.mark.parametrize(
    ("mode", "warm_up", "rounds"), [("cut-card", 1_500, 2_000), ("reshuffle", 200, 400)]
)
def test_memory_stays_flat_over_thousands_of_rounds(mode: str, warm_up: int, rounds: int) -> None:
    rules = Rules(decks=8, shoe_mode=ShoeMode(mode))
    session = Session(rules, LIMITS, balance_minor=10**12, source=SeededSource(9))
    bets = [(B, 1_000), (T, 100)]
    longest_shoe = rules.cards // 4  # a coup takes at least four cards
    for _ in range(warm_up):  # untraced, for speed
        session.play_round(bets)
    tracemalloc.start()
    try:
        for _ in range(100):  # a baseline that includes a shoe's worth of marks
            session.play_round(bets)
        baseline, _ = tracemalloc.get_traced_memory()
        for _ in range(rounds):
            session.play_round(bets)
            assert len(session.marks) <= longest_shoe
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert session.totals.rounds == warm_up + 100 + rounds
    # Everything kept is bounded: thousands more rounds add no more than a few kilobytes
    # (a shoe's marks come and go; the totals are a fixed set of ints). Keeping every
    # round's result, or every mark, would add hundreds of kilobytes.
    assert after - baseline < 64 * 1024, after - baseline
