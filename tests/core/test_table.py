"""The table's state machine: phases, checked actions, money, history, restoring."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.core.bets import Bet, settle
from puntobanco.core.errors import (
    BaccaratError,
    InsufficientFunds,
    InvalidBet,
    NoPreviousBets,
    WrongPhase,
)
from puntobanco.core.fairness import FairSource
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import BetKind, Rules, ShoeMode, TableLimits
from puntobanco.core.shoe import Shoe
from puntobanco.core.table import DEFAULT_HISTORY, Phase, Table

B, P, T = BetKind.BANKER, BetKind.PLAYER, BetKind.TIE
LIMITS = TableLimits(minimum_minor=100, maximum_minor=50_000)


def state(table: Table) -> tuple[Any, ...]:
    """Everything an action may change."""
    shoe = table.shoe
    return (
        table.phase,
        table.balance_minor,
        table.placement,
        table.result,
        table.last_bets,
        table.rounds,
        table.net_minor,
        table.transferred_minor,
        table.history,
        table.last_round,
        shoe.shoe_index,
        shoe.position,
        shoe.rounds_in_shoe,
        shoe.cut_card_out,
        shoe.needs_new_shoe,
    )


def phase_of(table: Table) -> Phase:
    """The table's phase (through a call, which mypy does not narrow between actions)."""
    return table.phase


def test_a_round_goes_through_the_phases_and_settles_like_the_library() -> None:
    table = Table(Rules(), LIMITS, balance_minor=10_000, source=SeededSource(3))
    reference = Shoe(Rules(), SeededSource(3))
    assert phase_of(table) is Phase.BETTING and table.can_place_bets({B: 500})
    assert not table.can_deal() and not table.can_settle()
    placement = table.place_bets([Bet(B, 300), Bet(T, 100), Bet(B, 200)])
    assert placement.number == 1 and placement.bets == (Bet(B, 500), Bet(T, 100))
    assert placement.staked_minor == 600 and placement.balance_minor == 10_000
    assert phase_of(table) is Phase.PLACED and table.pending_bets == placement.bets
    assert table.balance_minor == 10_000  # stakes are held against the balance, not taken
    result = table.deal()
    assert result == reference.deal_coup() and table.result == result
    assert phase_of(table) is Phase.DEALT and table.can_settle()
    settlement = table.settle()
    assert settlement == settle(placement.bets, result, Rules())
    assert phase_of(table) is Phase.BETTING and not table.pending_bets and table.result is None
    assert table.balance_minor == 10_000 + settlement.net_minor
    record = table.last_round
    assert record is not None and table.history == (record,)
    assert (record.number, record.bets, record.result, record.settlement) == (
        1,
        placement.bets,
        result,
        settlement,
    )
    assert record.balance_before_minor == 10_000 and record.net_minor == settlement.net_minor
    assert table.last_bets == placement.bets and table.rounds == 1
    following = table.play({P: 100})
    assert following.number == 2 and following.result == reference.deal_coup()
    assert following is table.last_round


ACTIONS: dict[str, Callable[[Table], object]] = {
    "place_bets": lambda t: t.place_bets({B: 100}),
    "rebet": lambda t: t.rebet(),
    "double": lambda t: t.double(),
    "play": lambda t: t.play({B: 100}),
    "transfer": lambda t: t.transfer(100),
    "deal": lambda t: t.deal(),
    "settle": lambda t: t.settle(),
}
ALLOWED = {
    Phase.BETTING: {"place_bets", "rebet", "double", "play", "transfer"},
    Phase.PLACED: {"deal"},
    Phase.DEALT: {"settle"},
}
CODES = {
    Phase.BETTING: "no_bets_placed",
    Phase.PLACED: "bets_already_placed",
    Phase.DEALT: "round_not_settled",
}


def table_in(phase: Phase) -> Table:
    table = Table(Rules(), LIMITS, balance_minor=10_000, source=SeededSource(8))
    table.play({B: 100})  # so that rebet and double have bets to repeat
    if phase is not Phase.BETTING:
        table.place_bets({P: 200})
    if phase is Phase.DEALT:
        table.deal()
    return table


@pytest.mark.parametrize("phase", list(Phase))
@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_an_action_out_of_its_phase_is_refused_and_changes_nothing(
    phase: Phase, action: str
) -> None:
    table = table_in(phase)
    if action in ALLOWED[phase]:
        ACTIONS[action](table)
        return
    before = state(table)
    with pytest.raises(WrongPhase) as caught:
        ACTIONS[action](table)
    assert caught.value.code == CODES[phase]
    assert caught.value.params["phase"] == phase.value
    assert state(table) == before
    check = {"deal": table.can_deal, "settle": table.can_settle}.get(action)
    if check is not None:
        assert not check()
    with pytest.raises(WrongPhase):
        if action == "deal":
            table.verify_deal()
        elif action == "settle":
            table.verify_settle()
        else:
            raise WrongPhase("placements are checked below", code="no_bets_placed")


@pytest.mark.parametrize("phase", [Phase.PLACED, Phase.DEALT])
def test_no_placement_is_possible_while_a_round_is_in_progress(phase: Phase) -> None:
    table = table_in(phase)
    assert not table.can_place_bets({B: 100})
    assert not table.can_rebet() and not table.can_double()


REFUSED: list[tuple[object, type[BaccaratError], str]] = [
    ({P: 50}, InvalidBet, "below_minimum"),
    ({P: 60_000}, InvalidBet, "above_maximum"),
    ([Bet(P, 9_000), Bet(B, 9_000)], InsufficientFunds, "insufficient_funds"),
    ({B: 500, T: 50}, InvalidBet, "below_minimum"),  # one bad bet: none is placed
    ({}, InvalidBet, "no_bets"),
    ({BetKind.PLAYER_PAIR: 500}, InvalidBet, "not_offered"),
    ({P: 0}, InvalidBet, "not_positive"),
    ({"dragon": 100}, InvalidBet, "unknown_bet"),
]


@pytest.mark.parametrize(("bets", "error", "code"), REFUSED)
def test_refused_bets_change_nothing(bets: Any, error: type[BaccaratError], code: str) -> None:
    table = Table(Rules(), LIMITS, balance_minor=10_000, source=SeededSource(2))
    table.play({P: 500})
    before = state(table)
    assert not table.can_place_bets(bets)
    with pytest.raises(error) as caught:
        table.place_bets(bets)
    assert caught.value.code == code
    assert state(table) == before
    with pytest.raises(error):
        table.play(bets)
    assert state(table) == before


def test_rebet_and_double_repeat_the_last_round_checked_like_a_new_placement() -> None:
    table = Table(Rules(), LIMITS, balance_minor=100_000, source=SeededSource(5))
    table.place_bets({B: 100})
    with pytest.raises(WrongPhase):  # the phase is checked first, then the previous bets
        table.rebet()
    table = Table(Rules(), LIMITS, balance_minor=100_000, source=SeededSource(5))
    for refused in (table.rebet, table.double):
        with pytest.raises(NoPreviousBets) as caught:
            refused()
        assert caught.value.code == "no_rebet"
    assert not table.can_rebet() and not table.can_double()
    table.play({B: 500, T: 100})
    assert table.verify_rebet() == (Bet(B, 500), Bet(T, 100))
    assert table.verify_double() == (Bet(B, 1_000), Bet(T, 200))
    assert table.double().bets == (Bet(B, 1_000), Bet(T, 200))
    table.deal()
    table.settle()
    assert table.last_bets == (Bet(B, 1_000), Bet(T, 200))
    assert table.rebet().bets == table.last_bets
    table.deal()
    table.settle()

    near_maximum = Table(Rules(), LIMITS, balance_minor=100_000, source=SeededSource(5))
    near_maximum.play({B: 30_000})
    before = state(near_maximum)
    with pytest.raises(InvalidBet) as over:
        near_maximum.double()
    assert over.value.code == "above_maximum" and state(near_maximum) == before
    assert near_maximum.can_rebet() and not near_maximum.can_double()

    short = Table(Rules(), LIMITS, balance_minor=100_000, source=SeededSource(5))
    short.play({B: 600})
    short.transfer(550 - short.balance_minor)
    before = state(short)
    for refused in (short.rebet, short.double):
        with pytest.raises(InsufficientFunds):
            refused()
        assert state(short) == before


def test_transfers_move_money_between_rounds_only_within_the_balance() -> None:
    table = Table(Rules(), LIMITS, balance_minor=1_000, source=SeededSource(6))
    assert table.transfer(500) == 1_500 and table.transferred_minor == 500
    assert table.transfer(-1_500) == 0 and not table.can_play
    before = state(table)
    with pytest.raises(InsufficientFunds) as caught:
        table.transfer(-1)
    assert caught.value.code == "transfer_exceeds_balance" and state(table) == before
    with pytest.raises(TypeError):
        table.transfer(1.5)  # type: ignore[arg-type]
    assert state(table) == before


def test_the_constructor_checks_its_values() -> None:
    with pytest.raises(TypeError):
        Table(balance_minor=10.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="balance_minor"):
        Table(balance_minor=-1)
    with pytest.raises(ValueError, match="not both"):
        Table(balance_minor=0, shoe=Shoe(), source=SeededSource(1))
    with pytest.raises(ValueError, match="history"):
        Table(balance_minor=0, history=-1)
    table = Table(balance_minor=0, shoe=Shoe.from_str("9h 4c Kd 5s"))
    assert table.rules == table.shoe.rules and table.limits == TableLimits()


def test_the_history_is_bounded_by_default_and_complete_on_request() -> None:
    rules = Rules(decks=8, shoe_mode=ShoeMode.RESHUFFLE)
    bounded = Table(rules, LIMITS, balance_minor=10**12, source=SeededSource(9))
    complete = Table(rules, LIMITS, balance_minor=10**12, source=SeededSource(9), history=None)
    none_kept = Table(rules, LIMITS, balance_minor=10**12, source=SeededSource(9), history=0)
    for _ in range(DEFAULT_HISTORY + 20):
        for table in (bounded, complete, none_kept):
            table.play({B: 1_000, T: 100})
    assert len(bounded.history) == DEFAULT_HISTORY and len(none_kept.history) == 0
    assert len(complete.history) == DEFAULT_HISTORY + 20
    assert bounded.history == complete.history[-DEFAULT_HISTORY:]
    assert none_kept.last_round == bounded.last_round == complete.history[-1]
    assert sum(r.net_minor for r in complete.history) == complete.net_minor == bounded.net_minor
    assert [r.number for r in complete.history] == list(range(1, DEFAULT_HISTORY + 21))
    assert none_kept.rounds == DEFAULT_HISTORY + 20


def test_memory_stays_flat_over_thousands_of_rounds() -> None:
    table = Table(Rules(), LIMITS, balance_minor=10**12, source=SeededSource(4))
    for _ in range(1_500):  # untraced; fills the engine's bounded cache of card events
        table.play({B: 1_000, T: 100})
    tracemalloc.start()
    try:
        # A baseline once every kept round was made under tracing: a full history.
        for _ in range(3 * DEFAULT_HISTORY):
            table.play({B: 1_000, T: 100})
        baseline, _ = tracemalloc.get_traced_memory()
        for _ in range(1_500):
            table.play({B: 1_000, T: 100})
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert after - baseline < 64 * 1024, after - baseline


def test_shoe_news_in_the_records() -> None:
    table = Table(Rules(decks=1, cut_card=12), LIMITS, balance_minor=10**9, source=SeededSource(3))
    records = [table.play({B: 100}) for _ in range(20)]
    cut = next(i for i, r in enumerate(records) if r.cut_card_out)
    assert records[cut + 1].last_in_shoe and not records[cut].last_in_shoe
    assert records[cut + 2].result.shoe_index == (records[cut].result.shoe_index or 0) + 1
    reshuffled = Table(
        Rules(shoe_mode=ShoeMode.RESHUFFLE), LIMITS, balance_minor=10**9, source=SeededSource(3)
    )
    record = reshuffled.play({B: 100})
    assert record.result.last_in_shoe and not record.last_in_shoe and not record.cut_card_out


@pytest.mark.parametrize("stop_after", [0, 1, 5, 17])
def test_a_table_restored_from_stored_state_deals_what_the_live_table_would(
    stop_after: int,
) -> None:
    """What a server does between requests: store numbers, build a table from them."""
    rules = Rules(decks=1, cut_card=14)
    seed = bytes(range(32))

    def source() -> FairSource:
        return FairSource(seed, "client", first_nonce=1)

    live = Table(rules, LIMITS, balance_minor=50_000, source=source())
    for _ in range(stop_after):
        live.play({B: 300, T: 100})
    stored = (
        live.balance_minor,
        live.last_bets,
        live.rounds,
        live.shoe.shoe_index,
        live.shoe.position,
        live.shoe.rounds_in_shoe,
        live.shoe.needs_new_shoe,
    )
    balance, last_bets, rounds, index, position, rounds_in_shoe, finished = stored
    # The shoe in play again, or the next one (its nonce) if that one is finished.
    shoe = Shoe(rules, source(), first_shoe=index + 1 if finished else index)
    if not finished:
        shoe.resume(position=position, rounds=rounds_in_shoe)
    restored = Table(
        rules, LIMITS, balance_minor=balance, shoe=shoe, last_bets=last_bets, rounds=rounds
    )
    for _ in range(3):
        if stop_after:
            assert restored.rebet() == live.rebet()
        else:
            assert restored.place_bets({P: 200}) == live.place_bets({P: 200})
        assert restored.deal() == live.deal()
        assert restored.settle() == live.settle()
        assert restored.last_round == live.last_round
        assert restored.balance_minor == live.balance_minor


# A random game: any action, allowed or not, with stakes in and out of the limits.
ACTION = st.one_of(
    st.tuples(
        st.just("place_bets"),
        st.dictionaries(
            st.sampled_from([B, P, T, BetKind.PLAYER_PAIR]), st.integers(-50, 60_000), max_size=3
        ),
    ),
    st.tuples(st.sampled_from(["rebet", "double", "deal", "settle"]), st.none()),
    st.tuples(st.just("play"), st.dictionaries(st.sampled_from([B, P, T]), st.integers(1, 9_000))),
    st.tuples(st.just("transfer"), st.integers(-20_000, 20_000)),
)


@settings(max_examples=150, deadline=None)
@given(
    balance=st.integers(0, 30_000),
    seed=st.integers(0, 2**64 - 1),
    actions=st.lists(ACTION, max_size=40),
)
def test_any_game_keeps_the_books_and_a_refusal_changes_nothing(
    balance: int, seed: int, actions: list[tuple[str, Any]]
) -> None:
    table = Table(
        Rules(decks=1, cut_card=12), LIMITS, balance_minor=balance, source=SeededSource(seed)
    )
    for name, argument in actions:
        before = state(table)
        method = getattr(table, name)
        try:
            method() if argument is None else method(argument)
        except BaccaratError:
            assert state(table) == before
        if table.phase is not Phase.BETTING:
            assert table.balance_minor == before[1] or name == "transfer"
        assert table.balance_minor >= 0
        assert table.balance_minor == balance + table.transferred_minor + table.net_minor
        assert sum(r.net_minor for r in table.history) == table.net_minor
        assert table.rounds == len(table.history)
