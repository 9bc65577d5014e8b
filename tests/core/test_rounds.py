"""The stepped round (core/rounds.py): the one-call coup's twin, its refusals, its JSON."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.core.banque.coup import BANQUE_RULE_CARD, BanquePoint, BanqueStrategy, play_banque
from puntobanco.core.cards import parse_cards
from puntobanco.core.choices import ChoicePoint, Choices, Strategy
from puntobanco.core.coup import play_coup_from
from puntobanco.core.errors import InvalidRules, WrongPhase
from puntobanco.core.rng import SeededSource
from puntobanco.core.rounds import (
    By,
    Chosen,
    computer_policy,
    draw_from,
    point_from_json,
    start_banque,
    start_chemin,
)
from puntobanco.core.rules import FREE_BANKER, RULE_CARD, Rules
from puntobanco.core.shoe import Shoe

MIXED = Strategy.make(
    FREE_BANKER,
    player_draw=Fraction(9, 11),
    banker_draw={cell: Fraction(1, 2) for cell in FREE_BANKER.cells},
)
BANQUE_MIXED = BanqueStrategy.make(
    BANQUE_RULE_CARD,
    right_draw=Fraction(9, 11),
    left_draw=Fraction(1, 3),
    banker_draw={cell: Fraction(1, 2) for cell in BANQUE_RULE_CARD.free},
)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), rounds=st.integers(1, 40))
def test_stepping_a_chemin_round_equals_the_one_call_coup(seed: int, rounds: int) -> None:
    stepped, called = Shoe(Rules(), SeededSource(seed)), Shoe(Rules(), SeededSource(seed))
    for number in range(rounds):
        round_ = stepped.start_coup(FREE_BANKER)
        result = round_.run_out(MIXED.decider(SeededSource(seed).stream(number)))
        burn = called.shuffle() if called.needs_new_shoe else None
        expected = play_coup_from(
            called.deal,
            tableau=called.rules.tableau,
            shoe_index=called.shoe_index,
            round_in_shoe=called.rounds_in_shoe + 1,
            burn=burn,
            last_in_shoe=result.last_in_shoe,
            choices=MIXED.choices(SeededSource(seed).stream(number)),
        )
        called.rounds_in_shoe += 1
        assert result == expected
        assert round_.cards == result.cards
        assert stepped.rounds_in_shoe == result.round_in_shoe


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), rounds=st.integers(1, 30))
def test_stepping_a_banque_round_equals_the_one_call_coup(seed: int, rounds: int) -> None:
    shoe = Shoe(Rules(), SeededSource(seed))
    for number in range(rounds):
        round_ = shoe.start_banque()
        coup = round_.run_out(BANQUE_MIXED.decider(SeededSource(seed).stream(number)))
        again = play_banque(
            round_.cards, decide=BANQUE_MIXED.decider(SeededSource(seed).stream(number))
        )
        assert coup == again
        assert round_.round_in_shoe == shoe.rounds_in_shoe


def test_the_shoe_counts_a_stepped_round_and_marks_its_last() -> None:
    shoe = Shoe(Rules(cut_card=14), SeededSource(3))
    numbers = []
    while True:
        round_ = shoe.start_coup(RULE_CARD)
        round_.run_out(lambda point: True)
        numbers.append(round_.round_in_shoe)
        if round_.last_in_shoe:
            break
    assert numbers == list(range(1, len(numbers) + 1))
    assert shoe.needs_new_shoe
    assert shoe.start_coup(RULE_CARD).round_in_shoe == 1


def test_a_round_waits_at_each_point_and_refuses_out_of_turn() -> None:
    round_ = start_chemin(draw_from(parse_cards("2c 3d 3h Ks 9h 4c")), banker_rule=FREE_BANKER)
    assert round_.pending == ChoicePoint("player", 5)
    assert not round_.can_choose("yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidRules) as bad:
        round_.choose(1)  # type: ignore[arg-type]
    assert bad.value.code == "choice_draws"
    assert round_.pending == ChoicePoint("player", 5) and round_.chosen == ()
    round_.choose(True)
    assert round_.pending == ChoicePoint("banker", 3, 9)
    round_.choose(False)
    assert round_.done and round_.pending is None and not round_.can_choose(True)
    with pytest.raises(WrongPhase) as late:
        round_.choose(True)
    assert late.value.code == "no_choice_pending"
    assert [(c.point.side, c.draws, c.by) for c in round_.chosen] == [
        ("player", True, By.PLAYER),
        ("banker", False, By.PLAYER),
    ]


def test_automate_stops_at_a_persons_point_and_expire_plays_the_timeout_policy() -> None:
    round_ = start_chemin(
        draw_from(parse_cards("2c 3d 3h Ks 9h 4c")),
        banker_rule=FREE_BANKER,
        on_timeout=lambda point: point.side == "player",
    )
    made = round_.automate(lambda point: True, awaits=lambda point: point.side == "banker")
    assert [c.by for c in made] == [By.COMPUTER]
    assert round_.pending == ChoicePoint("banker", 3, 9) and round_.can_expire()
    expired = round_.expire()
    assert (expired.draws, expired.by) == (False, By.TIMEOUT)
    assert round_.done and not round_.can_expire()
    with pytest.raises(WrongPhase):
        round_.expire()


def test_expire_needs_a_timeout_policy() -> None:
    round_ = start_chemin(draw_from(parse_cards("2c 3d 3h Ks 9h 4c")), banker_rule=FREE_BANKER)
    assert not round_.can_expire()
    with pytest.raises(InvalidRules) as refused:
        round_.expire()
    assert refused.value.code == "no_timeout_policy"


def test_play_asks_a_person_only_at_their_points() -> None:
    asked: list[ChoicePoint] = []

    def ask(point: ChoicePoint) -> bool:
        asked.append(point)
        return False

    round_ = start_chemin(draw_from(parse_cards("2c 3d 3h Ks 9h 4c")), banker_rule=FREE_BANKER)
    result = round_.play(ask, computer=lambda p: True, asks=lambda p: p.side == "banker")
    assert asked == [ChoicePoint("banker", 3, 9)]
    assert result.card_count == 5


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), first=st.booleans(), then=st.booleans())
def test_a_round_stored_as_json_resumes_to_the_same_coup(
    seed: int, first: bool, then: bool
) -> None:
    shoe = Shoe(Rules(), SeededSource(seed))
    round_ = shoe.start_coup(FREE_BANKER)
    if round_.pending is not None:
        round_.choose(first)
    stored = json.loads(json.dumps(round_.to_json()))
    resumed = start_chemin(
        draw_from(parse_cards(" ".join(stored["cards"])), then=shoe.deal),
        banker_rule=FREE_BANKER,
        shoe_index=stored["shoe_index"],
        round_in_shoe=stored["round_in_shoe"],
        burn=round_.burn,
        last_in_shoe=stored["last_in_shoe"],
    ).replay(Chosen.from_json(c) for c in stored["chosen"])
    assert resumed.to_json() == stored
    assert resumed.pending == (
        None if stored["pending"] is None else point_from_json(stored["pending"])
    )
    result = resumed.run_out(lambda point: then)
    fresh = Shoe(Rules(), SeededSource(seed))
    decisions = iter([c.draws for c in resumed.chosen])
    expected = play_coup_from(
        fresh.deal,
        round_in_shoe=1,
        shoe_index=0,
        burn=fresh.shuffle(),
        choices=Choices(FREE_BANKER, lambda point: next(decisions)),
    )
    assert result == expected


def test_replay_refuses_a_record_that_does_not_fit() -> None:
    round_ = start_chemin(draw_from(parse_cards("2c 3d 3h Ks 9h 4c")), banker_rule=FREE_BANKER)
    with pytest.raises(InvalidRules) as mismatch:
        round_.replay([Chosen(ChoicePoint("banker", 3, 9), True)])
    assert mismatch.value.code == "replay_mismatch" and mismatch.value.params["position"] == 1


def test_chosen_round_trips_through_json_and_refuses_what_is_not_one() -> None:
    for chosen in (
        Chosen(ChoicePoint("banker", 5, 4), True, By.TIMEOUT),
        Chosen(ChoicePoint("player", 5), False),
        Chosen(BanquePoint("banker", 4, 10, 11), True, By.COMPUTER),
        Chosen(BanquePoint("left", 5), False),
    ):
        assert Chosen.from_json(json.loads(json.dumps(chosen.to_json()))) == chosen
    for bad in ({}, {"point": {"side": "x", "total": 5}, "draws": True, "by": "player"},
                {"point": {"side": "player", "total": 5}, "draws": 1, "by": "player"}):  # fmt: skip
        with pytest.raises(InvalidRules):
            Chosen.from_json(bad)


def test_a_banque_round_waits_for_the_tableau_then_the_banker() -> None:
    round_ = start_banque(draw_from(parse_cards("5c 2d 3h Kh 4s 3d 9c")), rule=BANQUE_RULE_CARD)
    assert round_.pending == BanquePoint("right", 5)
    round_.choose(False)
    assert round_.pending == BanquePoint("banker", 6, 10, 10)
    coup = round_.run_out(lambda point: True)
    assert coup.banker_total == 5 and round_.cards == coup.cards


def test_computer_policy_draws_from_the_choice_stream() -> None:
    from puntobanco.core.chemin.table import choice_stream

    policy = computer_policy(MIXED, 7, 0, 3)
    expected = MIXED.decider(choice_stream(7, 0, 3))
    point = ChoicePoint("player", 5)
    assert [policy(point) for _ in range(20)] == [expected(point) for _ in range(20)]
