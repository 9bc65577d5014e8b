"""The shoe: lazy Fisher-Yates, the burn, the cut card and the end-of-shoe procedure."""

from __future__ import annotations

import secrets
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.core.cards import Card, parse_cards, unshuffled
from puntobanco.core.coup import CoupResult, play_coup
from puntobanco.core.errors import ShoeExhausted
from puntobanco.core.fairness import FairSource, fair_shoe
from puntobanco.core.rng import SeededSource, Xoshiro256StarStar
from puntobanco.core.rules import Rules, ShoeMode
from puntobanco.core.shoe import Shoe


def eager_shuffle(decks: int, seed: int, shoe_index: int) -> list[Card]:
    """The whole shoe shuffled up front, exactly as core.fairness specifies Fisher-Yates."""
    cards = unshuffled(decks)
    rng = Xoshiro256StarStar.for_shoe(seed=seed, shoe_index=shoe_index)
    n = len(cards)
    for i in range(n - 1):
        j = i + rng.randbelow(n - i)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def drain(shoe: Shoe) -> list[Card]:
    """Deal every card left in the current shoe."""
    cards = []
    while shoe.cards_remaining:
        cards.append(shoe.deal())
    with pytest.raises(ShoeExhausted):
        shoe.deal()
    return cards


@given(decks=st.integers(1, 8), seed=st.integers(0, 2**64 - 1), shoe_index=st.integers(0, 50))
@settings(max_examples=25, deadline=None)
def test_lazy_shuffle_is_identical_to_a_full_shuffle(
    decks: int, seed: int, shoe_index: int
) -> None:
    shoe = Shoe(Rules(decks=decks, burn=False), SeededSource(seed), first_shoe=shoe_index)
    shoe.shuffle()
    assert shoe.shoe_index == shoe_index
    assert drain(shoe) == eager_shuffle(decks, seed, shoe_index)


def test_fair_source_deals_the_design_test_vector_through_a_shoe() -> None:
    seed, client = bytes(range(32)), "puntobanco"
    shoe = Shoe(Rules(), FairSource(seed, client))  # first shoe: nonce 1
    first = shoe.deal_coup()
    assert first.burn is not None
    # K♦ is shown; a 0-point card burns ten more, face down.
    assert first.burn.shown == Card.from_str("Kd")
    assert [str(c) for c in first.burn.face_down] == "10♥ A♣ K♦ 3♦ 6♥ 2♥ 10♣ 5♦ 7♣ K♣".split()
    assert str(first.cards[0]) == "10♥"  # the twelfth card of the vector
    remaining = drain(shoe)
    dealt = [first.burn.shown, *first.burn.face_down, *first.cards]
    assert [str(c) for c in remaining[-4:]] == ["A♥", "3♠", "10♥", "4♦"]
    assert dealt + remaining == fair_shoe(seed, client, 1, decks=8)


@given(
    decks=st.integers(1, 8),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
@settings(max_examples=30, deadline=None)
def test_end_of_shoe_procedure_and_conservation(decks: int, seed: int, data: st.DataObject) -> None:
    """Through several whole shoes: burn, cut card, one more round, cards conserved."""
    rules = Rules(decks=decks, cut_card=data.draw(st.integers(12, 52 * decks - 17)))
    shoe = Shoe(rules, SeededSource(seed))
    for expected_index in range(2):
        cut_position = rules.cards - rules.cut_card  # first card behind the cut card
        seen: list[Card] = []
        rounds: list[tuple[int, int, CoupResult]] = []
        while True:
            before = shoe.position if rounds else None
            result = shoe.deal_coup()
            if not rounds:  # the shoe was shuffled and burned for this round
                assert result.burn is not None
                burn = result.burn
                assert len(burn.face_down) == (burn.shown.points or 10)
                seen += [burn.shown, *burn.face_down]
                before = 1 + len(burn.face_down)
            else:
                assert result.burn is None
            assert before is not None
            assert result.shoe_index == expected_index
            assert result.round_in_shoe == len(rounds) + 1
            assert shoe.position == before + result.card_count
            seen += result.cards
            rounds.append((before, shoe.position, result))
            if result.last_in_shoe:
                break
        # The round in which the cut card came out is the one that dealt the card at
        # cut_position; it is finished, then exactly one more round, then the shuffle.
        cut_round = next(
            k for k, (start, end, _) in enumerate(rounds) if start <= cut_position < end
        )
        assert cut_round == len(rounds) - 2
        assert not any(r.last_in_shoe for _, _, r in rounds[:-1])
        assert shoe.cut_card_out
        # Dealt, burned and undealt cards are exactly the shoe, as a multiset.
        rest = drain(shoe)
        assert Counter(seen + rest) == Counter(unshuffled(decks))
        assert len(seen) + len(rest) == 52 * decks


def test_cut_card_coming_out_on_a_round_boundary() -> None:
    """The cut card comes out when the card behind it is needed: that round, then one more."""
    rules = Rules(decks=1, cut_card=30, burn=False)
    # 52 - 30 = 22 cards in front of the cut card. Rounds of four naturals (8 + Kc = 8).
    four = parse_cards("8c 8d Kc Kd")
    cards = four * 13
    shoe = Shoe.from_cards(cards, rules, procedure=True)
    results = [shoe.deal_coup() for _ in range(7)]
    # Rounds 1-5 use cards 0-19; round 6 uses 20-23 and so takes card 22, behind the
    # cut card; round 7 is the extra round, and the last.
    assert [r.last_in_shoe for r in results] == [False] * 6 + [True]
    assert all(r.card_count == 4 for r in results)
    with pytest.raises(ShoeExhausted):
        shoe.deal_coup()


@pytest.mark.parametrize(
    ("cut_card", "last_round"),
    [
        (34, 6),  # card 18 is behind the cut card: it comes out in round 5 (cards 16-19)
        (33, 6),  # card 19, the last card of round 5
        (32, 7),  # card 20, the first card of round 6: not out until round 6 needs it
        (31, 7),
    ],
)
def test_cut_card_round_boundaries(cut_card: int, last_round: int) -> None:
    rules = Rules(decks=1, cut_card=cut_card, burn=False)
    shoe = Shoe.from_cards(parse_cards("8c 8d Kc Kd") * 13, rules, procedure=True)
    results = [shoe.deal_coup() for _ in range(last_round)]
    assert [r.last_in_shoe for r in results] == [False] * (last_round - 1) + [True]
    assert shoe.position == 4 * last_round
    with pytest.raises(ShoeExhausted):
        shoe.deal_coup()


def test_needs_new_shoe_follows_the_procedure() -> None:
    """True before the first round and after the last; read-only; false after shuffle()."""
    rules = Rules(decks=1, cut_card=32, burn=False)
    shoe = Shoe.from_cards(parse_cards("8c 8d Kc Kd") * 13, rules, procedure=True)
    assert shoe.needs_new_shoe
    flags = []
    for _ in range(7):
        result = shoe.deal_coup()
        flags.append(shoe.needs_new_shoe)
        assert shoe.needs_new_shoe == result.last_in_shoe
    assert flags == [False] * 6 + [True]
    with pytest.raises(AttributeError):
        shoe.needs_new_shoe = False  # type: ignore[misc]
    seeded = Shoe(Rules(decks=1, cut_card=12), SeededSource(5))
    seeded.shuffle()
    assert not seeded.needs_new_shoe
    reshuffled = Shoe(Rules(decks=1, shoe_mode=ShoeMode.RESHUFFLE), SeededSource(5))
    reshuffled.deal_coup()
    assert reshuffled.needs_new_shoe  # every round has its own shoe


def test_burn_takes_the_shown_cards_value_face_down() -> None:
    for shown, face_down in (("5c", 5), ("Kc", 10), ("10h", 10), ("As", 1), ("9d", 9)):
        cards = parse_cards(shown) + parse_cards("2c") * 60
        shoe = Shoe.from_cards(cards, Rules(decks=2), procedure=True)
        result = shoe.deal_coup()
        assert result.burn is not None
        assert str(result.burn.shown) == str(Card.from_str(shown))
        assert len(result.burn.face_down) == face_down
        assert shoe.position == 1 + face_down + result.card_count


def test_no_burn_when_disabled() -> None:
    shoe = Shoe(Rules(burn=False), SeededSource(3))
    result = shoe.deal_coup()
    assert result.burn is None
    assert shoe.position == result.card_count


@given(seed=st.integers(0, 2**32), decks=st.integers(1, 8))
@settings(max_examples=15, deadline=None)
def test_reshuffle_mode_deals_every_round_from_a_fresh_shoe(seed: int, decks: int) -> None:
    rules = Rules(decks=decks, shoe_mode=ShoeMode.RESHUFFLE)
    shoe = Shoe(rules, SeededSource(seed))
    for k in range(5):
        result = shoe.deal_coup()
        assert (result.shoe_index, result.round_in_shoe, result.last_in_shoe) == (k, 1, True)
        assert result.burn is None
        assert list(result.cards) == eager_shuffle(decks, seed, k)[: result.card_count]
        assert shoe.position == result.card_count
        assert shoe.cards_remaining == 52 * decks - result.card_count
        if k == 4:  # the round's cards and the rest of its shoe are exactly the shoe
            assert Counter([*result.cards, *drain(shoe)]) == Counter(unshuffled(decks))


def test_same_seed_same_cards_and_different_seeds_differ() -> None:
    def cards(seed: int) -> list[Card]:
        shoe = Shoe(Rules(), SeededSource(seed))
        return [c for _ in range(50) for c in shoe.deal_coup().cards]

    assert cards(11) == cards(11)
    assert cards(11) != cards(12)


def test_first_shoe_offsets_the_stream() -> None:
    """A worker dealing shoes 5, 6, ... deals what a single run deals there."""
    whole = Shoe(Rules(), SeededSource(9))
    results = []
    while len({r.shoe_index for r in results}) < 3:
        results.append(whole.deal_coup())
    from_two = Shoe(Rules(), SeededSource(9), first_shoe=2)
    later = [r for r in results if r.shoe_index == 2]
    assert [from_two.deal_coup() for _ in later] == later


def test_explicit_shoe_straight_through() -> None:
    shoe = Shoe.from_str("9h 4c Kd 5s 2c 3d 4h 4s")
    assert [str(c) for c in Shoe.from_str("9h 4c")] == ["9♥", "4♣"]
    first = shoe.deal_coup()
    assert (first.player_total, first.banker_total, first.burn) == (9, 9, None)
    assert not first.last_in_shoe
    second = shoe.deal_coup()
    assert (second.player_total, second.banker_total) == (6, 7)
    with pytest.raises(ShoeExhausted):
        shoe.deal_coup()


def test_explicit_shoe_is_one_shoe_only() -> None:
    shoe = Shoe.from_str("9h 4c Kd 5s")
    shoe.deal_coup()
    with pytest.raises(ShoeExhausted) as caught:
        shoe.shuffle()
    assert caught.value.code == "shoe_exhausted"


def test_iterating_a_shoe_deals_its_cards() -> None:
    shoe = Shoe(Rules(burn=False), SeededSource(4))
    first = [next(shoe) for _ in range(3)]
    assert first == eager_shuffle(8, 4, 0)[:3]
    assert len(list(shoe)) == 416 - 3


def test_default_shoe_uses_the_system_source(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every draw of a default shoe goes to the operating system's generator."""
    bounds: list[int] = []

    def recording_randbelow(n: int) -> int:
        bounds.append(n)
        return 0  # Fisher-Yates leaves the order unchanged: the unshuffled shoe

    monkeypatch.setattr(secrets, "randbelow", recording_randbelow)
    shoe = Shoe()
    result = shoe.deal_coup()
    assert result.shoe_index == 0 and result.burn is not None
    assert isinstance(shoe.rules, Rules)
    assert bounds[:3] == [416, 415, 414]  # one draw per card dealt, from position 0
    assert len(bounds) == shoe.position
    assert result.burn.shown == unshuffled(8)[0]


def test_play_coup_takes_a_shoe_as_its_cards() -> None:
    shoe = Shoe.from_str("4c 5d Kh Qs 3h 9s")
    result = play_coup(shoe)
    assert (result.player_total, result.banker_total, result.card_count) == (7, 5, 5)
    assert shoe.cards_remaining == 1


def test_first_two_cards_of_seeded_shoes_are_uniform() -> None:
    """Chi-square over 26,000 one-deck shoes: each card equally likely first and second.

    A fixed seed keeps the test deterministic; the bound (chi-square with 51
    degrees of freedom, p = 1e-6) fails only for a real bias, such as a modulo
    bias or a shoe-seeding mistake.
    """
    shoes = 26_000
    first: Counter[Card] = Counter()
    second: Counter[Card] = Counter()
    for k in range(shoes):
        shoe = Shoe(Rules(decks=1, burn=False), SeededSource(77), first_shoe=k)
        shoe.shuffle()
        first[shoe.deal()] += 1
        second[shoe.deal()] += 1
    expected = shoes / 52
    for counts in (first, second):
        assert len(counts) == 52
        chi_square = sum((c - expected) ** 2 / expected for c in counts.values())
        assert chi_square < 114.2  # 51 degrees of freedom: P(chi2 > 114.2) = 1e-6


@pytest.mark.parametrize("rounds_played", [0, 1, 3, 5])
def test_resume_brings_a_shoe_back_to_where_its_history_left_it(rounds_played: int) -> None:
    rules = Rules(decks=1, cut_card=14)
    source = FairSource(bytes(range(32)), "resume", first_nonce=3)
    played = Shoe(rules, source)
    played.shuffle()
    for _ in range(rounds_played):
        played.deal_coup()
    assert not played.needs_new_shoe
    resumed = Shoe(rules, FairSource(bytes(range(32)), "resume", first_nonce=3))
    burn = resumed.resume(position=played.position, rounds=played.rounds_in_shoe)
    assert burn is not None and burn == Shoe(rules, source).shuffle()
    assert (resumed.position, resumed.rounds_in_shoe, resumed.cut_card_out) == (
        played.position,
        played.rounds_in_shoe,
        played.cut_card_out,
    )
    # The way it was done before resume(): replay the shoe's cards, assign the count.
    replayed = Shoe(rules, FairSource(bytes(range(32)), "resume", first_nonce=3))
    replayed.shuffle()
    while replayed.position < played.position:
        replayed.deal()
    replayed.rounds_in_shoe = played.rounds_in_shoe
    while True:
        expected = played.deal_coup()
        assert resumed.deal_coup() == expected == replayed.deal_coup()
        if expected.last_in_shoe:
            break
    assert resumed.needs_new_shoe


def test_resume_restores_a_cut_card_that_was_out() -> None:
    rules = Rules(decks=1, cut_card=14)
    played = Shoe(rules, SeededSource(12))
    while not played.cut_card_out:
        played.deal_coup()
    resumed = Shoe(rules, SeededSource(12))
    resumed.resume(position=played.position, rounds=played.rounds_in_shoe)
    assert resumed.cut_card_out
    last = resumed.deal_coup()
    assert last.last_in_shoe and last == played.deal_coup()


def test_resume_refuses_a_history_that_does_not_fit() -> None:
    shoe = Shoe(Rules(decks=1), SeededSource(1))
    burn = Shoe(Rules(decks=1), SeededSource(1)).shuffle()
    assert burn is not None
    burned = 1 + len(burn.face_down)
    for position, rounds in ((burned - 1, 0), (53, 0), (burned, -1), (burned, True)):
        with pytest.raises(ValueError):
            shoe.resume(position=position, rounds=rounds)
    with pytest.raises(ValueError):
        shoe.resume(position=1.5, rounds=0)  # type: ignore[arg-type]
    shoe = Shoe(Rules(decks=1), SeededSource(1))
    shoe.resume(position=burned, rounds=0)
    assert shoe.position == burned and shoe.rounds_in_shoe == 0
