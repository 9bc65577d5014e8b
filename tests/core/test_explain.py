"""Every event and every error has an English and a Spanish sentence."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puntobanco.analysis import ShoeCounts, analyze
from puntobanco.core import explain
from puntobanco.core.banque.explain import BANQUE_ERRORS
from puntobanco.core.bets import Bet, settle_bet, verify_bets
from puntobanco.core.cards import Card, Rank, parse_cards
from puntobanco.core.chemin.table import TABLE_ERRORS
from puntobanco.core.choice_explain import CHOICE_ERRORS
from puntobanco.core.coup import Outcome, Reason, play_coup
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import (
    BET_NAMES,
    ERROR_CODES,
    LANGUAGES,
    SIDE_NAMES,
    check_lang,
    describe,
    error_message,
)
from puntobanco.core.fairness import FairStream
from puntobanco.core.i18n import CATALOGUE
from puntobanco.core.money import format_minor, parse_amount
from puntobanco.core.paytable import Condition
from puntobanco.core.rng import SeededSource
from puntobanco.core.rounds import ChoiceRound, Chosen, point_from_json
from puntobanco.core.rules import FREE_BANKER, BetKind, Rules, TableLimits, preset
from puntobanco.core.shoe import Shoe
from puntobanco.core.table import Table
from puntobanco.core.tableau import Tableau

CORE = Path(explain.__file__).resolve().parent
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "coups.json"
ALL_EVENTS = [
    event
    for coup in json.loads(GOLDEN.read_text(encoding="utf-8"))["coups"]
    for event in play_coup(parse_cards(coup["cards"])).events
]


def test_the_golden_coups_have_an_event_for_every_reason() -> None:
    assert {e.reason for e in ALL_EVENTS if e.reason} == set(Reason)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_has_a_sentence(lang: str) -> None:
    for event in ALL_EVENTS:
        sentence = describe(event, lang)
        assert sentence and sentence[0].isupper() and sentence.endswith(".")
        assert "{" not in sentence and "None" not in sentence


def test_every_reason_reads_differently_in_each_language() -> None:
    for reason in Reason:
        event = next(e for e in ALL_EVENTS if e.reason is reason)
        assert describe(event, "en") != describe(event, "es")


@pytest.mark.parametrize(
    ("cards", "index", "english", "spanish"),
    [
        (
            "Kc 2d 3h 3s 4c 5d",
            6,
            "Banker 5 draws: the Player's third card, 4, is in 4–7.",
            "La Banca con 5 pide carta: la tercera carta del Jugador, 4, está en 4–7.",
        ),
        (
            "Ac 3d 2h Ks 8c",
            6,
            "Banker 3 stands: the Player's third card, 8, is not in 0–7, 9.",
            "La Banca con 3 se planta: la tercera carta del Jugador, 8, no está en 0–7, 9.",
        ),
        (
            "4c Kd 5h 7s",
            4,
            "Player has a natural 9: both stand.",
            "El Jugador tiene un natural de 9: ambos se plantan.",
        ),
        (
            "4c Kd 5h 7s",
            5,
            "Banker stands on 7: the Player has a natural.",
            "La Banca se planta con 7: el Jugador tiene un natural.",
        ),
        ("4c Kd 5h 7s", 0, "Player gets 4♣: 4.", "Jugador recibe 4♣: 4."),
        (
            "6c 2d Jh 3s 2h",
            5,
            "Banker 5 draws: the Player stood, so the Banker draws on 0–5.",
            "La Banca con 5 pide carta: el Jugador se plantó, y la Banca pide con 0–5.",
        ),
        (
            "4c Kd 5h 7s",
            6,
            "Player 9, Banker 7: Player wins.",
            "Jugador 9, Banca 7: gana el Jugador.",
        ),
        ("7c 7d 10h 10s", 6, "Player 7, Banker 7: tie.", "Jugador 7, Banca 7: empate."),
        (
            "2c 5d 4h 3s",
            6,
            "Player 6, Banker 8: Banker wins.",
            "Jugador 6, Banca 8: gana la Banca.",
        ),
    ],
)
def test_sentences_written_by_hand(cards: str, index: int, english: str, spanish: str) -> None:
    event = play_coup(parse_cards(cards)).events[index]
    assert describe(event, "en") == english
    assert describe(event, "es-ES") == spanish


def _codes_raised_in_core() -> set[str]:
    """Every ``code="..."`` passed to an error anywhere in src/puntobanco/core."""
    codes: set[str] = set()
    for path in CORE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                for keyword in node.keywords:
                    if keyword.arg == "code" and isinstance(keyword.value, ast.Constant):
                        codes.add(keyword.value.value)
    return codes


def test_every_error_code_raised_in_core_has_both_languages() -> None:
    raised = _codes_raised_in_core()
    assert raised, "the scan found no codes"
    # The variants' modules word theirs from the catalogue; error_message hands them over.
    variants = CHOICE_ERRORS | BANQUE_ERRORS | TABLE_ERRORS
    assert raised <= ERROR_CODES | variants, raised - ERROR_CODES - variants
    for language in LANGUAGES:
        errors = {k for k in CATALOGUE[language] if k.startswith("game.error.")}
        assert {k.removesuffix(".one") for k in errors} == {
            f"game.error.{code}" for code in ERROR_CODES
        }


def _choice_round(
    cards: str = "2h 4c 3d 2s 5h 5d 9c", *, done: bool = False
) -> ChoiceRound[Any, Any]:
    """A Chemin de fer round; from the default cards it awaits the Player's choice on 5."""
    round_ = Shoe.from_str(cards).start_coup(FREE_BANKER)
    if done:
        round_.run_out(lambda point: False)
    return round_


def _chosen() -> tuple[Chosen[Any], ...]:
    """The Player's stand on 5, recorded."""
    round_ = _choice_round()
    round_.choose(False)
    return round_.chosen


def _table_in(phase: str) -> Table:
    """A table with a round placed (``"placed"``) or placed and dealt (``"dealt"``)."""
    table = Table(balance_minor=10_000, source=SeededSource(1))
    table.place_bets({BetKind.BANKER: 100})
    if phase == "dealt":
        table.deal()
    return table


# One real way to provoke each error code, and the values its sentence must name.
TRIGGERS: dict[str, tuple[Callable[[], Any], tuple[str, ...]]] = {
    "not_a_number": (lambda: parse_amount("ten"), ("ten",)),
    "negative": (lambda: parse_amount("-5"), ("-5",)),
    "sub_minor": (lambda: parse_amount("2.5055"), ("2.5055", "2")),
    "too_large": (lambda: parse_amount("9" * 30), ("10000000000000.00",)),
    "thousands_separator": (lambda: parse_amount("1.000", lang="en"), ("1.000", "1000")),
    "thousands_ambiguous": (lambda: parse_amount("1,000"), ("1,000", "1000")),
    "not_positive": (lambda: Bet(BetKind.PLAYER, 0), ("0",)),
    "stake_not_integer": (lambda: Bet(BetKind.PLAYER, 2.5), ("2.5", "250")),  # type: ignore[arg-type]
    "unknown_bet": (lambda: Bet("dragon", 100), ("dragon",)),  # type: ignore[arg-type]
    "not_offered": (
        lambda: verify_bets(
            {BetKind.PLAYER_PAIR: 100}, rules=Rules(), limits=TableLimits(), balance_minor=10**6
        ),
        (),
    ),
    "below_minimum": (
        lambda: verify_bets(
            {BetKind.TIE: 50}, rules=Rules(), limits=TableLimits(), balance_minor=10**6
        ),
        ("0.50", "1.00", "500.00"),
    ),
    "above_maximum": (
        lambda: verify_bets(
            {BetKind.BANKER: 60_000}, rules=Rules(), limits=TableLimits(), balance_minor=10**6
        ),
        ("600.00", "1.00", "500.00"),
    ),
    "insufficient_funds": (
        lambda: verify_bets(
            {BetKind.BANKER: 5_000}, rules=Rules(), limits=TableLimits(), balance_minor=1_250
        ),
        ("50.00", "12.50"),
    ),
    "no_bets": (
        lambda: verify_bets({}, rules=Rules(), limits=TableLimits(), balance_minor=100),
        (),
    ),
    "no_bets_placed": (lambda: Table(balance_minor=100).deal(), ()),
    "bets_already_placed": (lambda: _table_in("placed").place_bets({BetKind.TIE: 100}), ()),
    "round_not_settled": (lambda: _table_in("dealt").deal(), ()),
    "no_rebet": (lambda: Table(balance_minor=100).rebet(), ()),
    "transfer_exceeds_balance": (
        lambda: Table(balance_minor=1_250).transfer(-5_000),
        ("50.00", "12.50"),
    ),
    "unknown_rank": (lambda: Rank.from_symbol("Z"), ("Z", "A", "K")),
    "bad_card": (lambda: Card.from_str("Kx"), ("Kx",)),
    "shoe_exhausted": (lambda: Shoe.from_str("9h 4c Kd").deal_coup(), ("3", "4", "6")),
    "no_choice_pending": (lambda: _choice_round(done=True).choose(True), ()),
    "choice_draws": (lambda: _choice_round().choose("yes"), ("yes",)),  # type: ignore[arg-type]
    "no_timeout_policy": (lambda: _choice_round().expire(), ()),
    "replay_mismatch": (lambda: _choice_round("2h 4c 2d 2s 5h 5d 9c").replay(_chosen()), ("1",)),
    "chosen_json": (lambda: Chosen.from_json("x"), ("x",)),
    "choice_point_json": (lambda: point_from_json("x"), ("x",)),
    "not_exact": (lambda: Rules(tie_pays=8.0), ("tie_pays", "8.0")),  # type: ignore[arg-type]
    "rules_not_a_number": (lambda: Rules(tie_pays="eight"), ("eight",)),  # type: ignore[arg-type]
    "rules_not_positive": (lambda: Rules(tie_pays=0), ("tie_pays", "0")),
    "decks": (lambda: Rules(decks=9), ("1", "8", "9")),
    "shoe_mode": (lambda: Rules(shoe_mode="burn"), ("burn", "cut-card")),  # type: ignore[arg-type]
    "variant": (lambda: Rules(variant="chemmy"), ("chemmy", "punto-banco")),  # type: ignore[arg-type]
    "tableau": (
        lambda: Tableau.from_sets(
            naturals=[10],
            player_draws_on=range(6),
            banker_draws_on=[()] * 10,
            banker_draws_when_player_stood=(),
        ),
        ("naturals", "10"),
    ),
    "leg_domain": (lambda: Condition(outcome=Outcome.TIE, player_pair=True).domain, ("tie",)),
    "rules_json": (lambda: Rules.from_json({"decks": 8, "colour": "red"}), ("colour", "decks")),
    "cut_card_type": (lambda: Rules(cut_card=14.5), ("12", "399")),  # type: ignore[arg-type]
    "cut_card": (lambda: Rules(cut_card=5), ("12", "399", "5")),
    "commission": (lambda: Rules(banker_commission=1), ("0", "1")),
    "preset": (lambda: preset("vegas"), ("vegas", "punto-banco")),
    "banker_pushes_on": (lambda: Rules(banker_pushes_on=(7, 4)), ("(7, 4)", "0", "9")),
    "side_bets": (lambda: Rules(side_bets="tiger"), ("tiger",)),  # type: ignore[arg-type]
    "unknown_side_bet": (lambda: Rules(side_bets=["dragon"]), ("dragon", "tiger")),  # type: ignore[list-item]
    "side_bet_payouts": (
        lambda: Rules(side_bets={"tiger": "12"}),  # type: ignore[dict-item]
        ("tiger", "2", "12:20"),
    ),
    "pairs_need_ranks": (
        lambda: analyze(Rules(side_bets=["perfect_pair"]), ShoeCounts.from_points({0: 9})),
        ("perfect_pair",),
    ),
    "side_bet_twice": (
        lambda: Rules(side_bets=[("tiger", None), ("tiger", "12:20")]),  # type: ignore[list-item]
        ("tiger",),
    ),
    "limit": (lambda: TableLimits(minimum_minor=0), ("0.01",)),
    "limits_order": (
        lambda: TableLimits(minimum_minor=500, maximum_minor=100),
        ("5.00", "1.00"),
    ),
    "seed": (lambda: SeededSource(-1), ("-1", "0")),
    "server_seed": (lambda: FairStream(b"short", "client", 1), ("32",)),
}


def _as_shown(value: str, lang: str) -> str:
    """A money amount written in TRIGGERS as ``12.50``, as ``lang`` writes it."""
    if re.fullmatch(r"\d+\.\d\d", value):
        return format_minor(parse_amount(value), lang=lang)
    return value


def test_every_code_has_a_trigger() -> None:
    assert set(TRIGGERS) == ERROR_CODES


@pytest.mark.parametrize("code", sorted(TRIGGERS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_error_reads_in_both_languages_naming_what_is_allowed(code: str, lang: str) -> None:
    trigger, must_name = TRIGGERS[code]
    with pytest.raises(BaccaratError) as caught:
        trigger()
    error = caught.value
    assert error.code == code
    sentence = error_message(error, lang)
    assert sentence != error.message or lang == "en" and sentence == error.message
    assert CATALOGUE[lang][f"game.error.{code}"]  # a template, not the English fallback
    assert "{" not in sentence and "}" not in sentence
    for value in must_name:
        assert _as_shown(value, lang) in sentence, (sentence, value)
    if lang == "es":
        assert sentence != error_message(error, "en")


def test_spanish_names_the_bets_in_spanish() -> None:
    with pytest.raises(BaccaratError) as caught:
        verify_bets({BetKind.TIE: 50}, rules=Rules(), limits=TableLimits(), balance_minor=10_000)
    assert error_message(caught.value, "es") == (
        "La apuesta a Empate de 0,50 está por debajo del mínimo de la mesa: "
        "apueste de 1,00 a 500,00."
    )
    assert error_message(caught.value, "en") == (
        "The Tie stake 0.50 is under the table minimum: bet from 1.00 to 500.00."
    )
    with pytest.raises(BaccaratError) as caught:
        settle_bet(Bet(BetKind.PLAYER_PAIR, 100), play_coup(parse_cards("9h 4c Kd 5s")), Rules())
    assert error_message(caught.value, "es") == (
        "Pareja Jugador no se ofrece en esta mesa: las casillas son Jugador, Banca, Empate."
    )


def test_money_in_errors_is_written_as_each_language_reads_it() -> None:
    with pytest.raises(BaccaratError) as caught:
        verify_bets(
            {BetKind.BANKER: 250_000},
            rules=Rules(),
            limits=TableLimits(maximum_minor=1_000_000),
            balance_minor=123_456,
        )
    assert error_message(caught.value, "es") == (
        "Sus apuestas suman 2.500,00 pero su saldo es 1.234,56: apueste 1.234,56 como mucho."
    )
    assert error_message(caught.value, "en") == (
        "Your bets total 2,500.00 but your balance is 1,234.56: bet at most 1,234.56."
    )
    with pytest.raises(BaccaratError) as caught:
        parse_amount("99999999999999999")
    assert "10.000.000.000.000,00" in error_message(caught.value, "es")
    assert "10,000,000,000,000.00" in error_message(caught.value, "en")


def test_a_negative_stake_is_written_as_money() -> None:
    with pytest.raises(BaccaratError) as caught:
        Bet(BetKind.PLAYER, -123_456)
    assert "(-1.234,56)" in error_message(caught.value, "es")
    assert "(-1,234.56)" in error_message(caught.value, "en")
    with pytest.raises(BaccaratError) as caught:
        parse_amount("-1234.56")
    assert "(-1234.56)" in error_message(caught.value, "es")  # what the player typed


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_seed_out_of_range_names_the_range(lang: str) -> None:
    for bad in (-1, 2**64):
        with pytest.raises(BaccaratError) as caught:
            SeededSource(bad)
        sentence = error_message(caught.value, lang)
        assert " 0 " in sentence and "18446744073709551615" in sentence, sentence
        assert str(bad) in sentence


def test_unknown_codes_fall_back_to_the_english_message() -> None:
    error = BaccaratError("something odd", code="not-a-known-code")
    assert error_message(error, "es") == "something odd"
    broken = BaccaratError("fallback", code="below_minimum")  # params missing
    assert error_message(broken, "es") == "fallback"


def test_names_and_languages() -> None:
    assert check_lang("es_ES.UTF-8") == "es" and check_lang("fr") == "en"
    for language in LANGUAGES:
        assert set(BET_NAMES[language]) == set(BetKind)
        assert set(SIDE_NAMES[language]) == {"player", "banker", "tie"}


def test_an_error_about_one_payout_says_it_in_the_singular() -> None:
    one = BaccaratError(
        "x", code="side_bet_payouts", name="super_6", expected=1, default="12", value="1:2"
    )
    two = BaccaratError(
        "x", code="side_bet_payouts", name="tiger", expected=2, default="12:20", value="1"
    )
    assert error_message(one, "en").startswith("super_6 takes 1 payout (default 12)")
    assert error_message(one, "es").startswith("super_6 lleva 1 pago (por defecto 12)")
    assert "takes 2 payouts, separated by colons" in error_message(two, "en")


def test_a_choice_event_and_a_choice_error_are_worded_by_describe_and_error_message() -> None:
    from puntobanco.core.choice_explain import choice_error_message, describe_choice
    from puntobanco.core.choices import Strategy
    from puntobanco.core.coup import EventKind
    from puntobanco.core.errors import InvalidRules
    from puntobanco.core.rules import RULE_CARD

    stand = Strategy.pure(
        RULE_CARD, player_draws=False, banker_draws={(3, 9): False, (5, 4): False}
    )
    # Player 2+3 = 5 stands by choice; the coup records the answer as an event.
    coup = play_coup(parse_cards("2c 3d 3h 2s 9c 9d"), choices=stand.choices())
    choice = next(event for event in coup.events if event.kind is EventKind.CHOICE)
    for lang in ("en", "es"):
        assert describe(choice, lang) == describe_choice(choice, lang)
    assert describe(choice, "en") != describe(choice, "es")
    with pytest.raises(InvalidRules) as caught:
        Strategy.pure(RULE_CARD, player_draws=False, banker_draws={})
    for lang in ("en", "es"):
        assert error_message(caught.value, lang) == choice_error_message(caught.value, lang)
    assert error_message(caught.value, "es") != caught.value.message
