"""Money at a Banque table: hand-worked golden rounds, the bank over a shoe, refusals."""

from __future__ import annotations

from fractions import Fraction

import pytest

from puntobanco.core.banque.coup import play_banque
from puntobanco.core.banque.table import CHEVAL, LEFT_SPOT, RIGHT_SPOT, BanqueBet, settle_banque
from puntobanco.core.cards import parse_cards
from puntobanco.core.errors import InvalidBet

FIVE = Fraction(1, 20)


def _always(point):
    return True


def _never(point):
    raise AssertionError(point)


def test_banker_natural_beats_both_tableaux_and_pays_commission_rounded_down():
    # right 2, left 7, Banker natural 9: every bet loses, à cheval included
    coup = play_banque(parse_cards("2c 3d 9h Kh 4s Ks"), decide=_never)
    bets = [BanqueBet("a", RIGHT_SPOT, 333), BanqueBet("b", LEFT_SPOT, 667),
            BanqueBet("c", CHEVAL, 1001)]  # fmt: skip
    s = settle_banque(coup, bets, bank=5000, commission=FIVE)
    assert [r.outcome for r in s.results] == ["lose", "lose", "lose"]
    assert [r.net for r in s.results] == [-333, -667, -1001]
    # 5% of 2001 is 100.05: the house takes 100, 0.05 rounded away
    assert (s.banker_net, s.commission, s.rounded_away) == (2001, 100, Fraction(1, 20))
    assert s.bank_after == 5000 + 2001 - 100


def test_one_tableau_wins_the_other_ties_a_cheval_pushes():
    # right natural 8 settles at once against the Banker's 5; left 9 ties his drawn 9
    coup = play_banque(parse_cards("8c 2d 3h Ks 3s 2h 4d 4c"), decide=_always)
    bets = [BanqueBet("a", RIGHT_SPOT, 1000), BanqueBet("b", LEFT_SPOT, 700),
            BanqueBet("c", CHEVAL, 300)]  # fmt: skip
    s = settle_banque(coup, bets, bank=50_000, commission=FIVE)
    assert [(r.outcome, r.net) for r in s.results] == [("win", 1000), ("push", 0), ("push", 0)]
    assert (s.banker_net, s.commission, s.bank_after) == (-1000, 0, 49_000)


def test_the_bank_is_held_over_the_shoe():
    rounds = [
        # both tableaux beat the Banker's drawn 3: à cheval wins
        ("5c 2d 4h Ks Qs 2h 3d 7c",
         [BanqueBet("a", CHEVAL, 2500), BanqueBet("b", RIGHT_SPOT, 1000)]),
        # Banker's natural: both lose
        ("2c 3d 9h Kh 4s Ks", [BanqueBet("a", LEFT_SPOT, 4000), BanqueBet("b", CHEVAL, 2500)]),
    ]  # fmt: skip
    bank, house = 10_000, 0
    for cards, bets in rounds:
        coup = play_banque(parse_cards(cards), decide=lambda p: p.hand == "banker")
        s = settle_banque(coup, bets, bank=bank, commission=FIVE)
        bank, house = s.bank_after, house + s.commission
    # round 1: -3500 (bank 6500); round 2: +6500, commission 325 (bank 12675)
    assert (bank, house) == (12_675, 325)
    assert bank + house == 10_000 - 3500 + 6500  # every unit accounted for


def test_no_commission_table():
    coup = play_banque(parse_cards("2c 3d 9h Kh 4s Ks"), decide=_never)
    s = settle_banque(coup, [BanqueBet("a", RIGHT_SPOT, 999)], bank=999, commission=Fraction(0))
    assert (s.commission, s.bank_after, s.rounded_away) == (0, 1998, 0)


@pytest.mark.parametrize(
    ("bets", "bank", "commission", "code"),
    [
        ([BanqueBet("a", RIGHT_SPOT, 600), BanqueBet("b", CHEVAL, 500)], 1000, FIVE,
         "banque_over_bank"),
        ([BanqueBet("a", RIGHT_SPOT, 0)], 1000, FIVE, "banque_stake"),
        ([BanqueBet("a", "middle", 10)], 1000, FIVE, "banque_spot"),  # type: ignore[arg-type]
        ([BanqueBet("a", LEFT_SPOT, 10)], 0, FIVE, "banque_bank"),
        ([BanqueBet("a", LEFT_SPOT, 10)], 1000, Fraction(1), "banque_commission"),
    ],
)  # fmt: skip
def test_bad_rounds_are_refused(bets, bank, commission, code):
    coup = play_banque(parse_cards("2c 3d 9h Kh 4s Ks"), decide=_never)
    with pytest.raises(InvalidBet) as caught:
        settle_banque(coup, bets, bank=bank, commission=commission)
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "the stakes add up to 1100, more than the bank of 1000 covers"),
        ("es", "las apuestas suman 1100, más de lo que cubre la banca de 1000"),
    ],
)
def test_refusals_in_both_languages(lang, expected):
    from puntobanco.core.banque.explain import banque_error_message

    coup = play_banque(parse_cards("2c 3d 9h Kh 4s Ks"), decide=_never)
    bets = [BanqueBet("a", RIGHT_SPOT, 600), BanqueBet("b", CHEVAL, 500)]
    with pytest.raises(InvalidBet) as caught:
        settle_banque(coup, bets, bank=1000, commission=FIVE)
    assert banque_error_message(caught.value, lang) == expected


def test_choices_in_words():
    from puntobanco.core.banque.explain import describe_banque_choice
    from puntobanco.core.coup import EventKind

    coup = play_banque(parse_cards("8c 2d 3h Ks 3s 2h 4d 4c"), decide=_always)
    choices = [e for e in coup.events if e.kind is EventKind.CHOICE]
    assert [describe_banque_choice(e, "es") for e in choices] == [
        "El tableau izquierdo pide carta con 5.",
        "La banca pide carta con 5 (izquierdo: sacó un 4; derecho: un natural).",
    ]


def test_the_commission_and_its_rounding_come_from_the_rules() -> None:
    """Banque's by default (5%, rounded down); a table's own commission replaces the rules'."""
    from puntobanco.core.rules import Rules, Variant

    coup = play_banque(parse_cards("5c 2d 3h Kh 4s 3d"), decide=lambda point: False)
    bets = [BanqueBet("ana", RIGHT_SPOT, 1205)]
    given = settle_banque(coup, bets, bank=100_000, commission=FIVE)
    assert settle_banque(coup, bets, bank=100_000) == given
    assert settle_banque(coup, bets, bank=100_000, rules=Rules(variant=Variant.BANQUE)) == given
    assert (given.commission, given.rounded_away) == (60, Fraction(1, 4))
    cheaper = Rules(variant=Variant.BANQUE, banker_commission=Fraction(1, 40))
    assert settle_banque(coup, bets, bank=100_000, rules=cheaper).commission == 30
