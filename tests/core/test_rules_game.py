"""The game a Rules value describes beyond the cards: rule card, options, rounding, bank.

Each variant has its own defaults (Punto Banco's are what it always played),
they compile into GameTables, and one to_json/from_json writes and reads them,
with every shape of rules JSON written before still read.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from puntobanco.core.banque.coup import BANQUE_FREE, BANQUE_RULE_CARD
from puntobanco.core.errors import InvalidRules
from puntobanco.core.gametables import compile_rules
from puntobanco.core.money import Rounding
from puntobanco.core.rules import (
    FREE_BANKER,
    PLAYER_OPTION_TOTALS,
    PRESETS,
    RULE_CARD,
    Bank,
    Rules,
    Variant,
    variant_defaults,
)

#: The keys of Rules.to_json() before the game fields, in order (a Punto Banco table's API
#: answer, a history file, an analysis export): they must stay exactly these.
PUNTO_BANCO_KEYS = [
    "variant",
    "decks",
    "shoe_mode",
    "cut_card",
    "burn",
    "player_pays",
    "banker_commission",
    "banker_six_pays",
    "tie_pays",
    "pair_pays",
    "banker_pushes_on",
    "side_bets",
    "tableau",
    "offered_bets",
    "bets",
]


@pytest.mark.parametrize(
    ("variant", "rule", "options", "rounding", "bank"),
    [
        (Variant.PUNTO_BANCO, None, (), Rounding.WINNINGS_DOWN, Bank.HOUSE),
        (Variant.CHEMIN_DE_FER, "rule-card", (5,), Rounding.COMMISSION_DOWN, Bank.SEAT),
        (Variant.BANQUE, "rule-card", (5,), Rounding.COMMISSION_DOWN, Bank.HOUSE),
    ],
)
def test_each_variant_has_its_own_game(
    variant: Variant, rule: str | None, options: tuple[int, ...], rounding: Rounding, bank: Bank
) -> None:
    rules = Rules(variant=variant)
    assert (rules.banker_rule, rules.player_options, rules.rounding, rules.bank) == (
        rule,
        options,
        rounding,
        bank,
    )
    assert variant_defaults(variant) == {
        "banker_rule": rule,
        "player_options": options,
        "rounding": rounding,
        "bank": bank,
    }


def test_the_game_compiles_into_the_tables() -> None:
    chemin = compile_rules(Rules(variant=Variant.CHEMIN_DE_FER, banker_rule="free"))
    assert chemin.banker_rule is FREE_BANKER
    assert chemin.player_options == frozenset(PLAYER_OPTION_TOTALS)
    assert (chemin.commission, chemin.rounding, chemin.bank) == (
        Fraction(1, 20),
        Rounding.COMMISSION_DOWN,
        Bank.SEAT,
    )
    assert compile_rules(Rules(variant=Variant.CHEMIN_DE_FER)).banker_rule is RULE_CARD
    banque = Rules(variant=Variant.BANQUE, banker_commission=Fraction(1, 25), bank=Bank.SEAT).tables
    assert banque.banker_rule is BANQUE_RULE_CARD
    assert (banque.commission, banque.bank) == (Fraction(1, 25), Bank.SEAT)
    assert Rules(variant=Variant.BANQUE, banker_rule="free").tables.banker_rule is BANQUE_FREE
    punto = Rules().tables
    assert (punto.banker_rule, punto.player_options, punto.rounding, punto.bank) == (
        None,
        frozenset(),
        Rounding.WINNINGS_DOWN,
        Bank.HOUSE,
    )


def test_a_copy_to_another_variant_takes_its_game_unless_changed() -> None:
    chemin = Rules(decks=6).replace(variant=Variant.CHEMIN_DE_FER)
    assert chemin == Rules(decks=6, variant=Variant.CHEMIN_DE_FER)
    assert chemin.replace(variant=Variant.PUNTO_BANCO) == Rules(decks=6)
    seat = Rules(variant=Variant.BANQUE, bank=Bank.SEAT)
    with pytest.raises(InvalidRules) as caught:
        seat.replace(variant=Variant.PUNTO_BANCO)  # a seat's bank was chosen: it stays, refused
    assert (caught.value.code, caught.value.params["name"]) == ("rules_json", "bank")


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"banker_rule": "rule-card"}, "banker_rule"),
        ({"variant": Variant.CHEMIN_DE_FER, "banker_rule": "casino"}, "banker_rule"),
        ({"variant": Variant.BANQUE, "banker_rule": 3}, "banker_rule"),
        ({"player_options": (5,)}, "tableau"),
        ({"variant": Variant.CHEMIN_DE_FER, "player_options": (4, 5)}, "tableau"),
        ({"variant": Variant.CHEMIN_DE_FER, "player_options": "5"}, "tableau"),
        ({"rounding": Rounding.COMMISSION_DOWN}, "rules_json"),
        ({"variant": Variant.BANQUE, "rounding": "up"}, "rules_json"),
        ({"bank": Bank.SEAT}, "rules_json"),
        ({"variant": Variant.CHEMIN_DE_FER, "bank": "house"}, "rules_json"),
    ],
)
def test_a_game_its_variant_does_not_play_is_refused(changes: dict[str, Any], code: str) -> None:
    """With the codes the catalogue already words (the drawing table's, unreadable rules)."""
    with pytest.raises(InvalidRules) as caught:
        Rules(**changes)
    assert caught.value.code == code
    if code != "banker_rule":
        assert caught.value.params["name"] in changes


def test_option_totals_are_read_in_any_order_and_as_a_list() -> None:
    rules = Rules(variant=Variant.CHEMIN_DE_FER, player_options=[5])  # type: ignore[arg-type]
    assert rules.player_options == (5,) and rules == Rules(variant=Variant.CHEMIN_DE_FER)


def test_punto_banco_json_is_what_it_was_before_the_game_fields() -> None:
    for name, rules in PRESETS.items():
        data = rules.to_json()
        assert list(data) == PUNTO_BANCO_KEYS, name
        assert Rules.from_json(json.loads(json.dumps(data))) == rules, name


@pytest.mark.parametrize("variant", [Variant.CHEMIN_DE_FER, Variant.BANQUE])
def test_the_choice_games_write_their_game_and_read_it_back(variant: Variant) -> None:
    rules = Rules(variant=variant, decks=6, banker_rule="free", banker_commission=Fraction(1, 25))
    data = json.loads(json.dumps(rules.to_json()))
    assert data["banker_rule"] == "free"
    assert data["player_options"] == [5]
    assert data["rounding"] == "commission-down"
    assert data["bank"] == ("seat" if variant is Variant.CHEMIN_DE_FER else "house")
    again = Rules.from_json(data)
    assert again == rules and hash(again) == hash(rules)


def test_json_without_the_game_fields_reads_as_the_variant_defaults() -> None:
    """Every rules JSON written before: a history file, a Punto Banco table, a choice game's."""
    old = {k: v for k, v in Rules().to_json().items() if k in PUNTO_BANCO_KEYS}
    assert Rules.from_json(old) == Rules()
    assert Rules.from_json({"variant": "chemin-de-fer", "decks": 6}) == Rules(
        variant=Variant.CHEMIN_DE_FER, decks=6
    )


def test_the_choice_tables_json_reads_as_rules() -> None:
    """The keys the Chemin de fer and Banque tables write: banker_rule, commission, bank, decks."""
    banque = {
        "variant": "banque",
        "commission": "1/20",
        "banker_rule": "rule-card",
        "decks": 6,
        "bank": {"holder": "house", "amount_minor": 100_000},
    }
    assert Rules.from_json(banque) == Rules(variant=Variant.BANQUE, decks=6)
    chemin = {
        "variant": "chemin-de-fer",
        "banker_rule": "free",
        "decks": 8,
        "bank": {"seat": 2, "amount_minor": 5_000, "open": True},
    }
    assert Rules.from_json(chemin) == Rules(variant=Variant.CHEMIN_DE_FER, banker_rule="free")
    with pytest.raises(InvalidRules) as caught:
        Rules.from_json({"variant": "banque", "seats": []})
    assert caught.value.code == "rules_json"
