"""Rules and table limits: exact values, checked on construction."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

from puntobanco.core.errors import InvalidRules
from puntobanco.core.rules import (
    BANQUE_CUT_CARD,
    MAX_BURN,
    MIN_CUT_CARD,
    PRESETS,
    SIDE_BET_PAYS,
    SIDE_BETS,
    BetKind,
    Rules,
    ShoeMode,
    TableLimits,
    Variant,
    cut_card_range,
    preset,
    to_fraction,
)


def test_defaults_are_the_seeds_land_based_game() -> None:
    rules = Rules()
    assert (rules.decks, rules.shoe_mode, rules.cut_card, rules.burn) == (
        8,
        ShoeMode.CUT_CARD,
        14,
        True,
    )
    assert rules.player_pays == 1
    assert rules.banker_commission == Fraction(1, 20)
    assert rules.banker_pays == Fraction(19, 20)
    assert rules.tie_pays == 8
    assert rules.banker_six_pays is None and rules.pair_pays is None
    assert rules.variant is Variant.PUNTO_BANCO
    assert rules.cards == 416
    assert rules.offered_bets == (BetKind.PLAYER, BetKind.BANKER, BetKind.TIE)


def test_seed_002_online_game_preset() -> None:
    online = PRESETS["online"]
    assert (online.decks, online.shoe_mode) == (6, ShoeMode.RESHUFFLE)
    assert online.tie_pays == 8  # "9 a 1" is odds for one: 8 to 1
    assert preset("online") is online


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("0.04", Fraction(1, 25)),
        (" 19/20 ", Fraction(19, 20)),
        (Decimal("0.05"), Fraction(1, 20)),
        (8, Fraction(8)),
        (Fraction(1, 2), Fraction(1, 2)),
        ("5e-2", Fraction(1, 20)),
        ("-.5", Fraction(-1, 2)),
        (Decimal("5E+1"), Fraction(50)),
        (10**100, Fraction(10**100)),
    ],
)
def test_to_fraction_is_exact(value: Any, expected: Fraction) -> None:
    assert to_fraction(value, "x") == expected


@pytest.mark.parametrize(
    ("value", "code"),
    [
        (0.05, "not_exact"),
        (True, "not_exact"),
        ("five", "rules_not_a_number"),
        ("1/0", "rules_not_a_number"),
        ("nan", "rules_not_a_number"),
        (Decimal("Infinity"), "rules_not_a_number"),
        (None, "rules_not_a_number"),
        ("1e999999999", "rules_not_a_number"),  # would take minutes and gigabytes
        ("1e-999999999", "rules_not_a_number"),
        (Decimal("1e999999999"), "rules_not_a_number"),
        (Decimal("NaN"), "rules_not_a_number"),
        ("٨", "rules_not_a_number"),  # non-ASCII digits
        ("1_0", "rules_not_a_number"),
        ("9" * 5000, "rules_not_a_number"),
        ("1/2/3", "rules_not_a_number"),
    ],
)
def test_to_fraction_refuses(value: Any, code: str) -> None:
    with pytest.raises(InvalidRules) as caught:
        to_fraction(value, "tie_pays")
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"decks": 0}, "decks"),
        ({"decks": 9}, "decks"),
        ({"decks": 6.0}, "decks"),
        ({"decks": True}, "decks"),
        ({"shoe_mode": "shuffle"}, "shoe_mode"),
        ({"variant": "chemmy"}, "variant"),
        ({"cut_card": MIN_CUT_CARD - 1}, "cut_card"),
        ({"cut_card": 416 - MAX_BURN - 6 + 1}, "cut_card"),
        ({"cut_card": "14"}, "cut_card_type"),
        ({"tie_pays": 0}, "rules_not_positive"),
        ({"player_pays": -1}, "rules_not_positive"),
        ({"banker_commission": "-0.01"}, "commission"),
        ({"banker_commission": 1}, "commission"),
        ({"banker_six_pays": 0}, "rules_not_positive"),
        ({"pair_pays": "-11"}, "rules_not_positive"),
        ({"tie_pays": 8.0}, "not_exact"),
    ],
)
def test_invalid_rules_are_refused(changes: dict[str, Any], code: str) -> None:
    with pytest.raises(InvalidRules) as caught:
        Rules(**changes)
    assert caught.value.code == code
    assert isinstance(caught.value, ValueError)


def test_cut_card_range_depends_on_the_decks() -> None:
    assert Rules(decks=1, cut_card=52 - MAX_BURN - 6).cut_card == 35
    with pytest.raises(InvalidRules) as caught:
        Rules(decks=1, cut_card=36)
    assert caught.value.params == {"value": 36, "minimum": 12, "maximum": 35}


@pytest.mark.parametrize("decks", range(1, 9))
def test_cut_card_range_is_what_rules_accept(decks: int) -> None:
    """Behind the cut card: 6 + 6 cards at least; in front: an 11-card burn and a round."""
    low, high = cut_card_range(decks)
    assert (low, high) == (12, 52 * decks - 11 - 6)
    assert Rules(decks=decks, cut_card=low).cut_card == low
    assert Rules(decks=decks, cut_card=high).cut_card == high
    for outside in (low - 1, high + 1):
        with pytest.raises(InvalidRules) as caught:
            Rules(decks=decks, cut_card=outside)
        assert (caught.value.params["minimum"], caught.value.params["maximum"]) == (low, high)


@pytest.mark.parametrize("decks", range(1, 9))
def test_a_banque_shoe_leaves_room_for_two_rounds_of_nine_cards(decks: int) -> None:
    """Baccarat Banque deals three hands: behind its cut card 9 + 9 cards at least."""
    low, high = cut_card_range(decks, Variant.BANQUE)
    assert (low, high) == (BANQUE_CUT_CARD, 52 * decks - 11 - 9) == (18, 52 * decks - 20)
    assert Rules(decks=decks, variant=Variant.BANQUE, cut_card=low).cut_card == low
    assert Rules(decks=decks, variant=Variant.BANQUE, cut_card=high).cut_card == high
    for outside in (low - 1, high + 1):
        with pytest.raises(InvalidRules) as caught:
            Rules(decks=decks, variant=Variant.BANQUE, cut_card=outside)
        assert (caught.value.params["minimum"], caught.value.params["maximum"]) == (low, high)
    # Chemin de fer deals two hands, as Punto Banco.
    assert cut_card_range(decks, Variant.CHEMIN_DE_FER) == cut_card_range(decks)


def test_each_variant_has_its_own_default_cut_card() -> None:
    assert Rules().cut_card == Rules(variant=Variant.CHEMIN_DE_FER).cut_card == 14
    assert Rules(variant=Variant.BANQUE).cut_card == BANQUE_CUT_CARD == 18
    assert Rules(variant=Variant.BANQUE) == Rules(variant=Variant.BANQUE, cut_card=18)
    # A copy to another variant takes its default, unless the cut card was changed.
    assert Rules().replace(variant=Variant.BANQUE).cut_card == 18
    assert Rules(variant=Variant.BANQUE).replace(variant=Variant.PUNTO_BANCO).cut_card == 14
    assert Rules(cut_card=20).replace(variant=Variant.BANQUE).cut_card == 20
    assert Rules(variant=Variant.BANQUE).replace(decks=6).cut_card == 18
    assert Rules.from_json(Rules(variant=Variant.BANQUE).to_json()).cut_card == 18


def test_punto_bancos_cut_card_is_refused_for_banque_with_what_it_needs() -> None:
    with pytest.raises(InvalidRules) as caught:
        Rules(variant=Variant.BANQUE, cut_card=14)
    assert caught.value.code == "cut_card"
    assert caught.value.params == {"value": 14, "minimum": 18, "maximum": 52 * 8 - 20}
    with pytest.raises(InvalidRules):
        Rules(cut_card=14).replace(variant=Variant.BANQUE, cut_card=14)


@pytest.mark.parametrize("decks", [0, 9, -1, True, 2.0, "8"])
def test_cut_card_range_refuses_a_bad_deck_count(decks: Any) -> None:
    with pytest.raises(InvalidRules) as caught:
        cut_card_range(decks)
    assert caught.value.code == "decks"


def test_values_are_normalised_to_exact_types() -> None:
    rules = Rules(
        shoe_mode="reshuffle",  # type: ignore[arg-type]
        banker_commission="0.04",  # type: ignore[arg-type]
        tie_pays=9,  # type: ignore[arg-type]
        banker_six_pays="1/2",  # type: ignore[arg-type]
        pair_pays=Decimal(11),  # type: ignore[arg-type]
    )
    assert rules.shoe_mode is ShoeMode.RESHUFFLE
    assert rules.banker_commission == Fraction(1, 25) and rules.banker_pays == Fraction(24, 25)
    assert rules.tie_pays == Fraction(9) and isinstance(rules.tie_pays, Fraction)
    assert rules.banker_six_pays == Fraction(1, 2) and rules.pair_pays == Fraction(11)
    assert rules.offered_bets[-2:] == (BetKind.PLAYER_PAIR, BetKind.BANKER_PAIR)


def test_replace_checks_again() -> None:
    assert Rules().replace(decks=6).decks == 6
    with pytest.raises(InvalidRules):
        Rules().replace(decks=0)


def test_presets_are_valid_and_frozen() -> None:
    assert preset("punto-banco") == Rules()
    with pytest.raises(InvalidRules) as caught:
        preset("macao")
    assert "punto-banco" in caught.value.params["allowed"]
    with pytest.raises(TypeError):
        PRESETS["x"] = Rules()  # type: ignore[index]
    with pytest.raises(AttributeError):
        Rules().decks = 6  # type: ignore[misc]


def test_table_limits() -> None:
    limits = TableLimits(minimum_minor=500, maximum_minor=100_000, maxima_minor={"tie": 10_000})
    assert limits.maximum_for(BetKind.TIE) == 10_000
    assert limits.maximum_for(BetKind.BANKER) == 100_000


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"minimum_minor": 0}, "limit"),
        ({"maximum_minor": -1}, "limit"),
        ({"minimum_minor": 1.5}, "limit"),
        ({"minimum_minor": 500, "maximum_minor": 100}, "limits_order"),
        ({"maxima_minor": {BetKind.TIE: 50}}, "limit"),
        ({"maxima_minor": {"dragon": 500}}, "unknown_bet"),
    ],
)
def test_invalid_limits_are_refused(kwargs: dict[str, Any], code: str) -> None:
    with pytest.raises(InvalidRules) as caught:
        TableLimits(**kwargs)
    assert caught.value.code == code


# Side bets as rules data.


def test_every_preset_round_trips_through_json_and_keeps_its_hash() -> None:
    for name, rules in PRESETS.items():
        again = Rules.from_json(rules.to_json())
        assert again == rules and hash(again) == hash(rules), name
        assert again.offered_bets == rules.offered_bets, name


def test_rules_json_written_before_the_side_bets_still_reads() -> None:
    old = {k: v for k, v in Rules().to_json().items() if k not in ("side_bets", "banker_pushes_on")}
    assert Rules.from_json(old) == Rules()


def test_side_bets_take_names_defaults_and_colon_separated_payouts() -> None:
    rules = Rules(side_bets={"tiger": "12:25", BetKind.DRAGON_7: None, "super_6": 15})
    assert rules.side_bets == (
        (BetKind.DRAGON_7, SIDE_BET_PAYS[BetKind.DRAGON_7]),
        (BetKind.SUPER_6, (Fraction(15),)),
        (BetKind.TIGER, (Fraction(12), Fraction(25))),
    )
    assert rules.offered_bets[3:] == (BetKind.DRAGON_7, BetKind.SUPER_6, BetKind.TIGER)
    assert Rules(side_bets=["tiger"]) == Rules(side_bets={"tiger": ("12", "20")})
    assert Rules().side_bet_pays(BetKind.TIGER) is None


@pytest.mark.parametrize(
    ("side_bets", "code", "named"),
    [
        (["dragon"], "unknown_side_bet", "'dragon'"),
        (["player"], "unknown_side_bet", "'player'"),
        ({"tiger": "12"}, "side_bet_payouts", "'12'"),
        ({"tiger": "12:20:30"}, "side_bet_payouts", "12:20:30"),
        ({"dragon_7": 0}, "rules_not_positive", "0"),
        ({"dragon_7": 40.0}, "not_exact", "40.0"),
        ([("tiger", None), ("tiger", None)], "side_bet_twice", "tiger"),
        ("tiger", "side_bets", "'tiger'"),
    ],
)
def test_bad_side_bets_are_refused_naming_the_value(side_bets: Any, code: str, named: str) -> None:
    with pytest.raises(InvalidRules) as caught:
        Rules(side_bets=side_bets)
    assert caught.value.code == code
    assert named in str(caught.value)


@pytest.mark.parametrize("value", [(7, 4), (10, 3), (7,), "7,3", (True, 3)])
def test_a_bad_banker_push_is_refused(value: Any) -> None:
    with pytest.raises(InvalidRules) as caught:
        Rules(banker_pushes_on=value)
    assert caught.value.code == "banker_pushes_on"
    assert "2 or 3 cards" in str(caught.value)


def test_the_old_presets_keep_their_meaning() -> None:
    for name in ("punto-banco", "punto-banco-6", "online", "commission-4", "tie-9", "super-6"):
        assert PRESETS[name].side_bets == () and PRESETS[name].banker_pushes_on is None
    assert PRESETS["punto-banco-pairs"].offered_bets[3:] == (
        BetKind.PLAYER_PAIR,
        BetKind.BANKER_PAIR,
    )
    assert set(PRESETS["all-side-bets"].offered_bets) == set(BetKind)
    assert PRESETS["ez-baccarat"].banker_commission == 0
    assert set(SIDE_BETS) == set(SIDE_BET_PAYS)
