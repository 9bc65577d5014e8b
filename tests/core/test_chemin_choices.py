"""Chemin de fer and Banque in the core: the Banker rules, strategies and the coup's choice hook."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from puntobanco.core.cards import parse_cards
from puntobanco.core.choice_explain import CHOICE_ERRORS, choice_error_message, describe_choice
from puntobanco.core.choices import (
    ChoicePoint,
    Choices,
    Strategy,
    cell_name,
    parse_cell,
    replay,
)
from puntobanco.core.coup import EventKind, Side, play_coup
from puntobanco.core.errors import InvalidRules
from puntobanco.core.i18n import CATALOGUE, LANGUAGES
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import (
    FREE_BANKER,
    RULE_CARD,
    BankerRule,
    Rules,
    Variant,
    banker_rule,
)
from puntobanco.core.tableau import PLAYER_STOOD, STANDARD

STAND_ALL = Strategy.pure(
    RULE_CARD, player_draws=False, banker_draws={(3, 9): False, (5, 4): False}
)
DRAW_ALL = Strategy.pure(RULE_CARD, player_draws=True, banker_draws={(3, 9): True, (5, 4): True})


def test_the_variants_are_rules_values() -> None:
    assert Rules(variant="chemin-de-fer").variant is Variant.CHEMIN_DE_FER  # type: ignore[arg-type]
    assert Rules(variant=Variant.BANQUE).variant is Variant.BANQUE


def test_the_rule_card_frees_only_its_two_cells() -> None:
    assert RULE_CARD.cells == ((3, 9), (5, 4))
    # Both are cells Punto Banco's tableau draws in: the card lets the Banker stand there.
    assert all(STANDARD.banker_draws(*cell) for cell in RULE_CARD.cells)
    assert len(FREE_BANKER.cells) == 8 * 11
    assert banker_rule("free") is FREE_BANKER


@pytest.mark.parametrize("cell", [(8, 1), (3, 11), (-1, 0), ("3", 9), (3,), "3/9"])
def test_a_banker_rule_refuses_cells_that_are_not_cells(cell: object) -> None:
    with pytest.raises(InvalidRules) as caught:
        BankerRule(name="bad", free=frozenset({cell}))  # type: ignore[arg-type]
    assert caught.value.code == "banker_cell"


def test_an_unknown_banker_rule_is_refused_naming_the_rules() -> None:
    with pytest.raises(InvalidRules) as caught:
        banker_rule("casino")
    assert caught.value.params["allowed"] == "rule-card, free"
    assert "rule-card, free" in choice_error_message(caught.value, "es")


def test_cells_read_and_write_alike() -> None:
    for cell in FREE_BANKER.cells:
        assert parse_cell(cell_name(cell)) == cell
    assert parse_cell("6/stood") == (6, PLAYER_STOOD)
    with pytest.raises(InvalidRules):
        parse_cell("6/x")


def test_a_strategy_missing_a_cell_is_refused_naming_it() -> None:
    with pytest.raises(InvalidRules) as caught:
        Strategy.make(RULE_CARD, player_draw=1, banker_draw={"3/9": 1})
    assert caught.value.code == "strategy_missing"
    assert caught.value.params["cells"] == "5/4"
    for lang in LANGUAGES:
        assert "5/4" in choice_error_message(caught.value, lang)


def test_a_choice_where_the_rules_allow_none_is_refused() -> None:
    with pytest.raises(InvalidRules) as caught:
        Strategy.make(RULE_CARD, player_draw=1, banker_draw={"3/9": 1, "5/4": 1, "6/stood": 0})
    assert caught.value.code == "strategy_not_free"
    assert caught.value.params["allowed"] == "3/9, 5/4"
    with pytest.raises(InvalidRules) as caught:
        DRAW_ALL.probability(ChoicePoint("player", 4))
    assert caught.value.code == "player_no_choice"
    with pytest.raises(InvalidRules) as caught:
        DRAW_ALL.probability(ChoicePoint("banker", 4, 1))
    assert caught.value.code == "strategy_not_free"
    assert "4/1" in choice_error_message(caught.value, "es")


@pytest.mark.parametrize("value", ["3/2", -1, "x", 0.5])
def test_a_probability_outside_zero_to_one_is_refused(value: object) -> None:
    with pytest.raises(InvalidRules):
        Strategy.make(RULE_CARD, player_draw=value, banker_draw={"3/9": 1, "5/4": 1})


def test_a_mixed_strategy_needs_a_source() -> None:
    mixed = Strategy.make(RULE_CARD, player_draw="9/11", banker_draw={"3/9": 1, "5/4": "1/2"})
    assert not mixed.is_pure
    with pytest.raises(InvalidRules) as caught:
        mixed.decider()
    assert caught.value.code == "strategy_needs_source"
    # With a seeded source the choices are drawn from it, at the strategy's rates.
    decide = mixed.decider(SeededSource(7).stream(0))
    draws = sum(decide(ChoicePoint("player", 5)) for _ in range(11_000))
    assert 8_600 < draws < 9_400  # 9,000 expected, sd 40
    assert mixed.to_json()["player_draw_on_5"] == "9/11"


def test_the_player_option_on_5_is_asked_and_recorded() -> None:
    # Player 2 3 = 5, Banker 3 K = 3; then 9 and 5.
    cards = parse_cards("2c 3d 3h Ks 9h 5c")
    stood = play_coup(cards, choices=STAND_ALL.choices())
    drew = play_coup(cards, choices=DRAW_ALL.choices())
    choices = [e for e in stood.events if e.kind is EventKind.CHOICE]
    assert [(e.side, e.total, e.draws) for e in choices] == [(Side.PLAYER, 5, False)]
    # The Player stood, so the Banker's 3 draws by the tableau: the 9.
    assert stood.player_cards == tuple(cards[0:4:2]) and len(stood.banker_cards) == 3
    # The Player drew the 9; Banker 3 against a 9 is the rule card's free cell.
    drawn = [e for e in drew.events if e.kind is EventKind.CHOICE]
    assert [(e.side, e.total, e.player_third, e.draws) for e in drawn] == [
        (Side.PLAYER, 5, None, True),
        (Side.BANKER, 3, 9, True),
    ]
    assert len(drew.player_cards) == 3 and len(drew.banker_cards) == 3


def test_the_banker_may_stand_where_the_tableau_draws() -> None:
    cards = parse_cards("2c 3d 3h Ks 9h 5c")
    player_draws_banker_stands = Strategy.pure(
        RULE_CARD, player_draws=True, banker_draws={(3, 9): False, (5, 4): True}
    )
    result = play_coup(cards, choices=player_draws_banker_stands.choices())
    assert result.card_count == 5 and result.banker_total == 3 and result.player_total == 4
    assert result.events[-2] == result.events[-2].__class__(
        EventKind.CHOICE, Side.BANKER, total=3, player_third=9, draws=False
    )


def test_forced_cells_are_punto_bancos_and_asked_nothing() -> None:
    asked: list[ChoicePoint] = []

    def record(point: ChoicePoint) -> bool:
        asked.append(point)
        return True

    choices = Choices(RULE_CARD, record)
    # Every four-card start with the same third cards: wherever nothing is free, the coup
    # is exactly Punto Banco's.
    for values in itertools.product("A23456789K", repeat=4):
        cards = parse_cards(" ".join(f"{v}c" for v in values) + " 4d 7h")
        asked.clear()
        chosen = play_coup(cards, choices=choices)
        plain = play_coup(cards)
        if not asked:
            assert chosen == plain
        for point in asked:
            if point.side == "player":
                assert point.total == 5
            else:
                assert (point.total, point.player_third) in RULE_CARD.free


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_choice_event_has_a_sentence(lang: str) -> None:
    free = Strategy.make(
        FREE_BANKER, player_draw=0, banker_draw={cell: 0 for cell in FREE_BANKER.cells}
    )
    every = Strategy.make(
        FREE_BANKER, player_draw=1, banker_draw={cell: 1 for cell in FREE_BANKER.cells}
    )
    kinds = set()
    for strategy in (free, every):
        for deal in ("2c 3d 3h Ks 9h 5c", "Kc 3d 6h Ks 9h 5c", "Kc 3d 4h Ks 9h 5c"):
            for event in play_coup(parse_cards(deal), choices=strategy.choices()).events:
                if event.kind is EventKind.CHOICE:
                    sentence = describe_choice(event, lang)
                    assert sentence[0].isupper() and sentence.endswith(".")
                    assert "{" not in sentence and "None" not in sentence
                    kinds.add((event.side, event.player_third == PLAYER_STOOD, event.draws))
    # The Player; the Banker after a third card and after a stand; each drawing and standing.
    assert len(kinds) == 6


def test_describe_choice_refuses_other_events() -> None:
    with pytest.raises(ValueError):
        describe_choice(play_coup(parse_cards("9c 9d 9h 9s")).events[0])


def test_fraction_probabilities_are_kept_exact() -> None:
    strategy = Strategy.make(FREE_BANKER, player_draw=Fraction(9, 11), banker_draw={
        cell: "859/2288" if cell == (6, PLAYER_STOOD) else 1 for cell in FREE_BANKER.cells
    })  # fmt: skip
    assert strategy.banker_draw(6, PLAYER_STOOD) == Fraction(859, 2288)


def test_every_choice_error_has_a_sentence_in_both_languages() -> None:
    for code in CHOICE_ERRORS:
        for lang in LANGUAGES:
            assert f"chemin.error.{code}" in CATALOGUE[lang]


def test_a_recorded_coup_replays_without_its_strategy() -> None:
    solved = Strategy.make(
        FREE_BANKER,
        player_draw="9/11",
        banker_draw={c: "859/2288" if c == (6, PLAYER_STOOD) else 1 for c in FREE_BANKER.cells},
    )
    source = SeededSource(3).stream(0)
    for values in itertools.product("2345K", repeat=4):
        cards = parse_cards(" ".join(f"{v}h" for v in values) + " 9c 4d")
        played = play_coup(cards, choices=solved.choices(source))
        again = play_coup(cards, choices=replay(FREE_BANKER, played.events))
        assert again == played
    # Replayed on other cards, the decisions no longer fit: refused, naming where.
    played = play_coup(parse_cards("2c 3d 3h Ks 9h 5c"), choices=solved.choices(source))
    with pytest.raises(InvalidRules) as caught:
        play_coup(parse_cards("Kc 3d 4h Ks 9h 5c"), choices=replay(FREE_BANKER, played.events))
    assert caught.value.code == "replay_mismatch"
    assert "1" in choice_error_message(caught.value, "es")
