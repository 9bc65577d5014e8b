"""play_coup, the reference engine, against an independent coup written from the seeds."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.core import coup
from puntobanco.core.cards import Card, Rank, Suit, parse_cards
from puntobanco.core.coup import CoupResult, Event, EventKind, play_coup
from puntobanco.core.errors import ShoeExhausted
from puntobanco.core.rng import SeededSource
from puntobanco.core.shoe import Shoe

from .seed_rules import oracle_coup, seed_000_banker_draws

SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
ZERO_RANKS = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)


def card_for(value: int, position: int) -> Card:
    """A card worth ``value`` points at deal ``position``: the cheap mapping of the
    exhaustive test. Zeros cycle through 10, J, Q and K, and suits through all four,
    so that every zero-point rank and every suit is dealt somewhere."""
    rank = ZERO_RANKS[position % 4] if value == 0 else Rank(value)
    return Card(rank, SUITS[(position + value) % 4])


def signature(event: Event) -> tuple[object, ...]:
    """An event in the oracle's notation."""
    if event.kind is EventKind.RESULT:
        assert event.outcome is not None
        return ("result", event.total, event.banker_total, event.outcome.value)
    assert event.side is not None
    side = event.side.value
    if event.kind is EventKind.CARD:
        assert event.reason is None
        return ("card", side, event.card, event.total)
    assert event.reason is not None and event.card is None
    if side == "banker" and event.reason.value.startswith("banker-"):
        return (
            event.kind.value,
            side,
            event.total,
            event.reason.value,
            event.player_third,
            event.drawing_values,
        )
    return (event.kind.value, side, event.total, event.reason.value)


def assert_agrees(cards: list[Card], result: CoupResult) -> None:
    expected = oracle_coup(cards)
    assert result.card_count == expected.used
    assert result.cards == tuple(cards[: expected.used])
    assert result.player_cards == expected.player_cards
    assert result.banker_cards == expected.banker_cards
    assert result.player_total == expected.player_total
    assert result.banker_total == expected.banker_total
    assert result.outcome.value == expected.outcome
    assert result.player_natural is expected.player_natural
    assert result.banker_natural is expected.banker_natural
    assert result.natural is (expected.player_natural or expected.banker_natural)
    assert result.player_pair is (expected.player_cards[0].rank == expected.player_cards[1].rank)
    assert result.banker_pair is (expected.banker_cards[0].rank == expected.banker_cards[1].rank)
    assert tuple(signature(e) for e in result.events) == expected.events


# CARD_AT[position][value]: the card worth ``value`` dealt at ``position``.
CARD_AT = tuple(tuple(card_for(value, position) for value in range(10)) for position in range(6))
# The seed-000 rule by point value, from the transcription keyed by rank (a 0 is any
# of 10, J, Q, K, which the seed groups together: "10 o una carta de caras").
_RANK_OF_VALUE = (Rank.KING, *(Rank(v) for v in range(1, 10)))
BANKER_DRAWS_ON = {
    (b, v): seed_000_banker_draws(b, _RANK_OF_VALUE[v]) for b in range(8) for v in range(10)
}


def _banker_reason(banker: int, third: int | None) -> tuple[bool, str]:
    """Seed 000 decides; the reason names which line of the tableau applied."""
    if third is None:
        draws = seed_000_banker_draws(banker, None)
        return draws, "banker-player-stood-draws" if draws else "banker-player-stood-stands"
    draws = BANKER_DRAWS_ON[banker, third]
    if banker <= 2:
        return draws, "banker-always-draws"
    if banker == 7:
        return draws, "banker-always-stands"
    return draws, "banker-third-card-draws" if draws else "banker-third-card-stands"


def _outcome(player: int, banker: int) -> str:
    return "player" if player > banker else "banker" if banker > player else "tie"


def _expected_coups() -> Iterator[tuple[list[int], tuple[object, ...]]]:
    """Every distinct coup over point values, with what the seeds say about it.

    A coup reads its cards left to right and stops when it is finished, so the
    10**6 sequences of six point values fall into classes that share the cards
    actually dealt. Each class is yielded once, as its shortest prefix (4, 5 or
    6 values, standing for 10**(6 - length) sequences), with the expected
    (Player total, Banker total, outcome, reasons in order).
    """
    for p1, b1, p2, b2 in itertools.product(range(10), repeat=4):
        four = [p1, b1, p2, b2]
        player, banker = (p1 + p2) % 10, (b1 + b2) % 10
        if player >= 8 or banker >= 8:  # a natural: "no se repartirán más cartas"
            reasons = (
                "natural" if player >= 8 else "other-natural",
                "natural" if banker >= 8 else "other-natural",
            )
            yield four, (player, banker, _outcome(player, banker), reasons)
        elif player >= 6:  # "si tiene puntuación de 6 o 7, se queda"
            draws, why = _banker_reason(banker, None)
            if not draws:
                reasons = ("player-stands", why)
                yield four, (player, banker, _outcome(player, banker), reasons)
                continue
            for b3 in range(10):
                final = (banker + b3) % 10
                reasons = ("player-stands", why)
                yield [*four, b3], (player, final, _outcome(player, final), reasons)
        else:  # "Si el jugador tiene una puntuación de 0 a 5, extrae una única carta"
            for p3 in range(10):
                final_player = (player + p3) % 10
                draws, why = _banker_reason(banker, p3)
                reasons = ("player-draws", why)
                if not draws:
                    expected = (final_player, banker, _outcome(final_player, banker), reasons)
                    yield [*four, p3], expected
                    continue
                for b3 in range(10):
                    final = (banker + b3) % 10
                    expected = (final_player, final, _outcome(final_player, final), reasons)
                    yield [*four, p3, b3], expected


def test_every_six_card_sequence_agrees_with_the_seeds() -> None:
    """All 10**6 six-point-value sequences, one play_coup call per distinct coup.

    play_coup is handed exactly the cards of each class: it must finish the coup
    with them (it raises ShoeExhausted if it wanted more) and use all of them,
    so on every six-card sequence of the class it deals this same coup.
    """
    covered = 0
    for values, (player, banker, outcome, reasons) in _expected_coups():
        cards = [CARD_AT[i][v] for i, v in enumerate(values)]
        result = play_coup(cards)
        assert result.card_count == len(values), values
        assert (result.player_total, result.banker_total) == (player, banker), values
        assert result.outcome == outcome, values
        assert tuple(e.reason for e in result.events if e.reason) == reasons, values
        covered += 10 ** (6 - len(values))
    assert covered == 10**6


@settings(deadline=None)
@given(st.lists(st.sampled_from(list(Rank)), min_size=6, max_size=6), st.data())
def test_random_card_sequences_agree_with_the_oracle(
    ranks: list[Rank], data: st.DataObject
) -> None:
    suits = data.draw(st.lists(st.sampled_from(SUITS), min_size=6, max_size=6))
    cards = [Card(rank, suit) for rank, suit in zip(ranks, suits, strict=True)]
    taken: list[Card] = []

    def source() -> Iterator[Card]:
        for card in cards:
            taken.append(card)
            yield card

    result = play_coup(source())
    assert taken == cards[: result.card_count], "play_coup reads only the cards it needs"
    assert_agrees(cards, result)


@settings(deadline=None)
@given(st.lists(st.sampled_from(list(Rank)), min_size=6, max_size=6))
def test_structural_invariants(ranks: list[Rank]) -> None:
    cards = [Card(rank, Suit.HEARTS) for rank in ranks]
    result = play_coup(cards)
    assert 0 <= result.player_total <= 9 and 0 <= result.banker_total <= 9
    assert 2 <= len(result.player_cards) <= 3 and 2 <= len(result.banker_cards) <= 3
    assert result.card_count == len(result.player_cards) + len(result.banker_cards)
    dealt = [e for e in result.events if e.kind is EventKind.CARD]
    assert [e.card for e in dealt] == list(result.cards)
    assert result.events[-1].kind is EventKind.RESULT
    assert sum(e.kind is EventKind.RESULT for e in result.events) == 1
    # Each side decides once: a natural, a draw or a stand.
    for side in ("player", "banker"):
        decisions = [
            e for e in result.events if e.side is not None and e.side.value == side and e.reason
        ]
        assert len(decisions) == 1
        third_card_follows = decisions[0].kind is EventKind.DRAW
        assert third_card_follows is (len(getattr(result, f"{side}_cards")) == 3)
    assert result.winning_total == max(result.player_total, result.banker_total)


def test_too_few_cards_raise_shoe_exhausted() -> None:
    with pytest.raises(ShoeExhausted) as caught:
        play_coup(parse_cards("4c 5d Kh"))
    assert caught.value.code == "shoe_exhausted"
    assert caught.value.params == {"dealt": 3}
    with pytest.raises(ShoeExhausted):
        play_coup(parse_cards("4c 5d Kh Qs"))  # Player 4 draws, no card left


def test_result_has_no_shoe_fields_outside_a_shoe() -> None:
    result = play_coup(parse_cards("9h 4c Kd 5s"))
    assert (result.shoe_index, result.round_in_shoe, result.burn, result.last_in_shoe) == (
        None,
        None,
        None,
        False,
    )


def test_events_are_shared_values_but_equal_to_fresh_ones() -> None:
    """Prebuilt and cached events compare equal to events built by hand."""
    first = play_coup(parse_cards("Kc 2d 3h 3s 4c 5d"))
    again = play_coup([Card(c.rank, c.suit) for c in parse_cards("Kc 2d 3h 3s 4c 5d")])
    assert first.events == again.events
    assert first.events[0] == Event(
        EventKind.CARD, first.events[0].side, Card(Rank.KING, Suit.CLUBS), 0
    )


def test_card_event_caches_hold_one_entry_per_side_total_and_card() -> None:
    """The bound in ``_card_events``'s docstring: 2 sides x 10 totals x 52 cards = 1,040."""
    shoe = Shoe(source=SeededSource(9))
    seen: set[tuple[object, int, Card]] = set()
    for _ in range(3_000):
        for event in shoe.deal_coup().events:
            if event.kind is EventKind.CARD:
                assert event.card is not None
                seen.add((event.side, event.total, event.card))
    cached = {
        (side, total, card)
        for side, caches in (
            ("player", coup._PLAYER_CARD_EVENTS),
            ("banker", coup._BANKER_CARD_EVENTS),
        )
        for total, by_card in enumerate(caches)
        for card in by_card
    }
    assert all(isinstance(card, Card) for _, _, card in cached)
    assert {(str(side), total, card) for side, total, card in seen} <= cached
    assert len(seen) > 2 * 10 * 10  # keyed by card (suit included), not by card value
    assert len(cached) <= 2 * 10 * 52
