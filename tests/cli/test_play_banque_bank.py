"""``play --variant banque`` holding the bank: scripted sessions, hand-worked money, choices, words.

The figures below are worked out by hand from the cards a seed deals (the
cards themselves are checked first), and the computer punters' spots from the
betting stream's definition (``core.banque_table.bet_stream``), rebuilt here.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from fractions import Fraction

import pytest
from rich.console import Console

from puntobanco.analysis.banque.solver import banker_cell_worth, solve_banque
from puntobanco.cli.banque.play import HOUSE, HUMAN, BanqueConfig, Game, run_banque
from puntobanco.core.banque.coup import BANKER, BANQUE_RULE_CARD, NATURAL, EventKind
from puntobanco.core.banque.table import settle_banque
from puntobanco.core.chemin.table import choice_stream
from puntobanco.core.errors import InvalidRules
from puntobanco.core.i18n import CATALOGUE, Lang
from puntobanco.core.rng import MASK64, Xoshiro256StarStar, mix64
from puntobanco.core.rules import Rules, Variant
from puntobanco.core.tableau import PLAYER_STOOD

START = 100_000
RULES = Rules(variant=Variant.BANQUE)
NINE_ELEVENTHS = Fraction(9, 11)


def _words(lang: Lang, key: str) -> str:
    return CATALOGUE[lang][f"banque.play.{key}"].split("{")[0]


def _is(lang: Lang, key: str, shown: str) -> bool:
    """Whether ``shown`` is the template ``banque.play.<key>`` with its fields filled in."""
    parts = re.split(r"\{[^{}]*\}", CATALOGUE[lang][f"banque.play.{key}"])
    return re.fullmatch(".+?".join(re.escape(part) for part in parts), shown) is not None


def _play(
    lang: Lang,
    *,
    seed: int,
    offers: list[str],
    banker: Iterator[str] | None = None,
    choices: Iterator[str] | None = None,
    bets: Iterator[str] | None = None,
    explain: bool = False,
    until: str | None = None,
) -> tuple[Game, str, list[str]]:
    """A session answering each kind of prompt from its own script; the input ends when a
    script runs out, or at the first prompt after the words ``until`` were printed."""
    out = io.StringIO()
    seen: list[str] = []
    scripts: list[tuple[str, Iterator[str]]] = [
        ("choice", choices or iter(())),
        ("bet_prompt_offer", iter(offers)),
        ("banker_prompt", banker or iter(())),
        ("bet_prompt", bets or iter(())),
    ]

    def read_line(prompt: str) -> str:
        seen.append(prompt)
        if until is not None and until in out.getvalue():
            raise EOFError
        for key, script in scripts:
            if _is(lang, key, prompt):
                try:
                    return next(script)
                except StopIteration:
                    raise EOFError from None
        raise AssertionError(f"unknown prompt {prompt!r}")

    config = BanqueConfig(RULES, 100, START, seed, lang, explain)
    console = Console(file=out, width=400, highlight=False)
    return run_banque(config, console, read_line=read_line), out.getvalue(), seen


def _spots(seed: int, shoe_index: int, round_in_shoe: int, count: int) -> list[str]:
    """The computer punters' spots by the betting stream's definition (salt ``BANQUET!``)."""
    key = (mix64(shoe_index) ^ round_in_shoe) & MASK64
    stream = Xoshiro256StarStar.for_shoe(seed=(seed ^ 0x42414E5155455421) & MASK64, shoe_index=key)
    return [("right", "left", "a-cheval")[stream.randbelow(3)] for _ in range(count)]


def _forever(word: str) -> Iterator[str]:
    while True:
        yield word


def _alternate(*words: str) -> Iterator[str]:
    while True:
        yield from words


def _check_money(game: Game) -> None:
    """Every round re-settles; every chip is accounted for but the house's commission."""
    computers = [START] * 3
    for played in game.played:
        s = played.settlement
        again = settle_banque(
            played.coup, played.bets, bank=s.bank_before, commission=RULES.banker_commission
        )
        assert again == s
        if played.banker == HUMAN:
            for result in s.results:
                computers[int(result.bet.seat.removeprefix("seat-")) - 2] += result.net
    assert game.computers == computers
    assert game.banker == HOUSE  # the bank went back to the wallet at the end


def test_a_shoe_holding_the_bank_with_a_hand_worked_first_round() -> None:
    # Seed 57 deals (after the burn) 9c Ah 4h 7s Qc 8h 10d 4s: right 9c 7s = 6 stands;
    # left Ah Qc = 1 draws 10d, still 1; the Banker's 4h 8h = 2 draws (rule card: 0-2
    # draw) 4s: 6. Right ties, left loses.
    game, out, seen = _play(
        "en",
        seed=57,
        offers=["b 12.34", *["b 500"] * 20],
        banker=_forever(""),
        choices=_alternate("d", "s"),
        until=_words("en", "bank_back_shoe"),
    )
    first = game.played[0]
    assert [str(c) for c in first.coup.cards] == [
        "9♣", "A♥", "4♥", "7♠", "Q♣", "8♥", "10♦", "4♠",
    ]  # fmt: skip
    # The bank: 12.34. The computers stake 5 minimums (5.00) each while the bank covers it:
    # 5.00, 5.00, then the 2.34 left.
    spots = _spots(57, 0, 1, 3)
    assert [(b.seat, b.spot.value, b.stake) for b in first.bets] == [
        ("seat-2", spots[0], 500), ("seat-3", spots[1], 500), ("seat-4", spots[2], 234),
    ]  # fmt: skip
    assert spots == ["a-cheval", "right", "left"]
    # À cheval: right ties, left loses: a push. Right: a push. Left: lost, 2.34 to the bank.
    s = first.settlement
    assert [r.net for r in s.results] == [0, 0, -234]
    # 5% of 2.34 is 0.117: the house takes 0.11, 0.007 (0.7 of a cent) stays in the bank.
    assert (s.banker_net, s.commission, s.rounded_away) == (234, 11, Fraction(7, 10))
    assert s.bank_after == 1234 + 234 - 11 == 1457
    assert "0.11 (0.117 rounded down: 0.007 stays in the bank). Bank 14.57." in out
    assert "You hold the bank: 12.34. Your wallet: 987.66." in out
    # The whole shoe was dealt against your bank(s), then the bank came back to your wallet.
    assert all(p.banker == HUMAN for p in game.played)
    assert len(game.played) > 50 and game.shoe.shoe_index == 1  # the next shoe was shuffled
    _check_money(game)
    assert game.balance + sum(game.computers) + game.commission_minor == 4 * START
    assert game.balance == START + sum(
        -r.net for p in game.played for r in p.settlement.results
    ) - (game.commission_minor)
    # Each of your Banker's choices was asked, and played as answered: draw, stand, draw...
    answers = _alternate(True, False)
    asked = [
        e
        for p in game.played
        for e in p.coup.events
        if e.hand == BANKER and e.kind is EventKind.CHOICE
    ]
    assert asked and all(e.draws == next(answers) for e in asked)
    assert seen.count(CATALOGUE["en"]["banque.play.choice"]) == len(asked)
    # The computers hold the tableaux: on 5 each draws with probability 9/11, from the
    # round's choice stream (one draw a choice, right first), never from the cards.
    mixed = 0
    for index, played in enumerate(game.played):
        stream = choice_stream(57, 0, index + 1)
        for event in played.coup.events:
            if event.kind is EventKind.CHOICE and event.hand != BANKER:
                assert event.draws is (stream.randbelow(11) < 9)
                mixed += 1
    assert mixed > 5


@pytest.mark.parametrize(("lang", "draw", "stand"), [("en", "d", "s"), ("es", "c", "p")])
def test_the_bankers_choice_is_asked_and_played_each_way(lang: Lang, draw: str, stand: str) -> None:
    # Seed 4: right 8d 5d = 3 draws 4s: 7; left Qc 2s = 2 draws 3h: 5; the Banker's
    # 6s 7s = 3, a free cell of the rule card (3, left drew 3, right drew 4).
    bets = {}
    for answer in (draw, stand):
        game, out, seen = _play(
            lang, seed=4, offers=["b 500"], banker=iter([""]), choices=iter([answer])
        )
        (played,) = game.played
        assert [str(c) for c in played.coup.cards[:8]] == [
            "8♦", "Q♣", "6♠", "5♦", "2♠", "7♠", "4♠", "3♥",
        ]  # fmt: skip
        bets[answer] = played.bets
        choice = [e for e in played.coup.events if e.kind is EventKind.CHOICE]
        assert [(e.hand, e.total, e.left, e.right) for e in choice] == [(BANKER, 3, 3, 4)]
        assert choice[0].draws is (answer == draw)
        assert seen.count(CATALOGUE[lang]["banque.play.choice"]) == 1
        assert _words(lang, "your_bank_cards") in out
        # Stakes: à cheval 5.00, à cheval 5.00, right 5.00 (the betting stream's spots).
        assert [b.spot.value for b in played.bets] == _spots(4, 0, 1, 3)
        assert [(b.spot.value, b.stake) for b in played.bets] == [
            ("a-cheval", 500), ("a-cheval", 500), ("right", 500),
        ]  # fmt: skip
        s = played.settlement
        if answer == stand:
            # The Banker's 3 against 7 and 5: every bet loses to the tableaux.
            assert len(played.coup.banker_cards) == 2
            assert (s.banker_net, s.commission, s.bank_after) == (-1500, 0, 48_500)
        else:
            third = played.coup.cards[8]
            assert played.coup.banker_cards[2] == third
            final = (3 + third.points) % 10
            right = (final > 7) - (final < 7)  # +1: the Banker beats the right tableau
            left = (final > 5) - (final < 5)
            cheval = 1 if right == left == 1 else -1 if right == left == -1 else 0
            assert s.banker_net == 500 * (2 * cheval + right)
        _check_money(game)
        assert game.balance + sum(game.computers) + game.commission_minor == 4 * START
    assert bets[draw] == bets[stand]


def test_the_bankers_worth_in_a_cell_by_hand() -> None:
    # Cell (6, stood, stood): a stood tableau shows 5 (it stood on 5: 2/11 of the 5s),
    # 6 or 7; each two-card total 1-9 has probability 16/169 (infinite deck), so given
    # "stood" 5 has (2/11)/(2/11 + 2) = 1/12, 6 and 7 have 11/24 each. Standing on 6 the
    # Banker wins 1/12 and loses 11/24 against each tableau: -3/8 a unit. À cheval he wins
    # both (1/12)^2 and loses both (11/24)^2: 1/144 - 121/576 = -117/576 = -13/64.
    stand, _ = banker_cell_worth(
        (6, PLAYER_STOOD, PLAYER_STOOD), right=100, left=0, cheval=64,
        right_draw=NINE_ELEVENTHS, left_draw=NINE_ELEVENTHS,
    )  # fmt: skip
    assert stand == 100 * Fraction(-3, 8) + 64 * Fraction(-13, 64)
    # Cell (3, left drew 3, right drew 4): a drawing tableau had 0-4, or 5 (9/11 of them);
    # plus 4 the right is 4-9, always over 3; plus 3 the left is 3 (from 0: 25/169 of
    # 1123/1859, i.e. 275/1123) or more. Standing: the right bets lose, à cheval loses
    # unless the left ties.
    stand, _ = banker_cell_worth(
        (3, 3, 4), right=500, left=0, cheval=1000,
        right_draw=NINE_ELEVENTHS, left_draw=NINE_ELEVENTHS,
    )  # fmt: skip
    assert stand == -500 - 1000 * (1 - Fraction(275, 1123))


def test_a_cell_no_coup_reaches_is_refused() -> None:
    with pytest.raises(InvalidRules):  # the Banker's 8 is a natural: he never chooses
        banker_cell_worth((8, 1, 1), right_draw=NINE_ELEVENTHS, left_draw=NINE_ELEVENTHS)


def test_the_bankers_worth_agrees_with_the_solver_in_every_free_cell() -> None:
    # A unit on each tableau: drawing minus standing, times the chance to be in the
    # cell, is the solver's draw_minus_stand; the solver's reply is the better one.
    solution = solve_banque(BANQUE_RULE_CARD)
    for reply in solution.cells[::8]:  # every eighth cell: every total, column and kind
        if not reply.reach:
            continue
        stand, draw = banker_cell_worth(
            reply.cell, right_draw=solution.right_draw, left_draw=solution.left_draw
        )
        assert (draw - stand) * reply.reach == reply.draw_minus_stand, reply.cell
        assert reply.draws is (draw > stand)


@pytest.mark.parametrize(
    ("lang", "toggle", "best", "figures"),
    [
        ("en", True, "Optimal: draw.", "-12.5512 if you stand"),
        ("es", False, "Lo óptimo: pedir carta.", "-12,5512 si se planta"),
    ],
)
def test_explain_tells_the_bankers_optimal_choice(
    lang: Lang, toggle: bool, best: str, figures: str
) -> None:
    # Seed 4's cell (3, 3, 4), bets à cheval 10.00 and right 5.00: standing is worth
    # -5.00 - 10.00 x (1 - 275/1123) = -12.5512... (worked out above); drawing is better.
    banker = iter(["x", ""] if toggle else [""])
    game, out, _ = _play(
        lang, seed=4, offers=["b 500"], banker=banker, choices=iter(["?", "s"]),
        explain=not toggle,
    )  # fmt: skip
    assert len(game.played) == 1
    stand, draw = banker_cell_worth(
        (3, 3, 4), right=500, left=0, cheval=1000,
        right_draw=NINE_ELEVENTHS, left_draw=NINE_ELEVENTHS,
    )  # fmt: skip
    assert draw > stand
    assert out.count(best) == 2  # shown at once, and again for "?"
    assert figures in out and "9/11" in out
    if toggle:
        assert CATALOGUE[lang]["banque.play.explain_on"] in out


@pytest.mark.parametrize(
    ("lang", "under", "over", "word"),
    [
        ("en", "a bank is from 10.00 to your balance of 1,000.00, got 5.00",
         "a bank is from 10.00 to your balance of 1,000.00, got 1,000.01", " is not an amount"),
        ("es", "una banca va de 10,00 a su saldo de 1.000,00, no 5,00",
         "una banca va de 10,00 a su saldo de 1.000,00, no 1.000,01",
         " no es una cantidad"),
    ],
)  # fmt: skip
def test_a_bad_bank_is_refused_and_changes_nothing(
    lang: Lang, under: str, over: str, word: str
) -> None:
    amounts = {"en": ("5", "1000.01"), "es": ("5", "1000,01")}[lang]
    offers = [f"b {amounts[0]}", f"b {amounts[1]}", "b zz", "b", "q"]
    game, out, seen = _play(lang, seed=4, offers=offers)
    assert game.played == [] and game.banker == HOUSE
    assert (game.balance, game.bank, game.computers) == (START, 100 * 100, [START] * 3)
    assert under in out and over in out and out.count(word) == 2  # "b zz" and "b" alone
    assert "'zz'" in out and len(seen) == 5  # each refusal asked again, at the same prompt


@pytest.mark.parametrize("lang", ["en", "es"])
def test_giving_up_the_bank_and_punting_against_the_house(lang: Lang) -> None:
    give_up = {"en": "g", "es": "d"}[lang]
    spot = {"en": "r", "es": "d"}[lang]
    game, out, seen = _play(
        lang, seed=4, offers=["b 500"], banker=iter(["zz", "", give_up]),
        choices=iter(["zz", "s"]), bets=iter([f"{spot} 10"]),
    )  # fmt: skip
    assert [p.banker for p in game.played] == [HUMAN, HOUSE]
    assert _words(lang, "gave_up") in out
    # A word that is no answer is refused and asked again, at the bank's prompt and the choice.
    assert "'zz'" + _words(lang, "banker_bad").removeprefix("'") in out
    refused = CATALOGUE[lang]["banque.play.choice_bad"].format(value="zz")
    assert refused in out
    assert game.played[0].settlement.banker_net == -1500  # stood, as seed 4's cell above
    # After giving up, the bank is no longer on offer in this shoe: a plain bet prompt.
    assert _is(lang, "bet_prompt", seen[-1])
    mine = game.played[1].settlement.results[0]
    assert mine.bet.seat == HUMAN and mine.bet.stake == 1000
    after_bank = START + game.played[0].settlement.bank_after - 50_000
    assert game.balance == after_bank + mine.net
    assert game.computers == [START + r.net for r in game.played[0].settlement.results]


def test_a_bank_that_cannot_cover_the_minimum_comes_back_and_is_offered_again() -> None:
    # A 10.00 bank (the smallest) against 5.00 stakes: when it falls under 1.00 it is
    # back in the wallet and the bank is on offer again; here the answer is to punt.
    game, out, seen = _play(
        "en", seed=57, offers=["b 10", "q"], banker=_forever(""), choices=_forever("s")
    )
    if _words("en", "bank_spent_yours") not in out:
        pytest.skip("the 10.00 bank lasted")  # pragma: no cover - the seed is fixed
    spent = next(p for p in reversed(game.played) if p.banker == HUMAN).settlement.bank_after
    assert spent < 100
    assert game.balance == START - 1000 + spent
    assert _is("en", "bet_prompt_offer", seen[-1])
    assert game.balance + sum(game.computers) + game.commission_minor == 4 * START


def test_natural_column_is_worded() -> None:
    from puntobanco.core.banque.explain import column_words

    assert column_words(NATURAL, "es") == "un natural"
    assert column_words(PLAYER_STOOD, "en") == "stood"


def test_at_the_end_of_input_your_bank_plays_the_optimal_choice() -> None:
    # Seed 4's cell (3, 3, 4): drawing is the better choice (worked out above).
    game, _, _ = _play("en", seed=4, offers=["b 500"], banker=iter([""]), choices=iter(()))
    (played,) = game.played
    (choice,) = [e for e in played.coup.events if e.kind is EventKind.CHOICE]
    assert choice.hand == BANKER and choice.draws is True
    assert game.balance + sum(game.computers) + game.commission_minor == 4 * START
