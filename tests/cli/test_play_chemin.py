"""``play --variant chemin-de-fer`` with scripted input: money against the core, choices, words."""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from puntobanco.analysis.chemin.solver import solve_chemin
from puntobanco.analysis.chemin.walk import solve_chemin_float
from puntobanco.analysis.shoe import ShoeCounts
from puntobanco.cli.chemin.play import HUMAN, SEATS, ChemConfig, Game, run_chemin
from puntobanco.cli.main import app
from puntobanco.core.chemin.table import (
    apply_settlement,
    choice_stream,
    player_hand_seat,
    settle_round,
)
from puntobanco.core.choices import Choices, replay
from puntobanco.core.coup import EventKind, Side, play_coup
from puntobanco.core.i18n import CATALOGUE, Lang
from puntobanco.core.money import format_minor
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import FREE_BANKER, RULE_CARD, BankerRule, Rules, ShoeMode, Variant
from puntobanco.core.shoe import Shoe
from puntobanco.core.tableau import PLAYER_STOOD

START = 100_000
RULES = Rules(variant=Variant.CHEMIN_DE_FER)


def _prefix(lang: Lang, key: str) -> str:
    return CATALOGUE[lang][f"chemin.play.{key}"].split("{")[0]


def responder(
    lang: Lang,
    *,
    bets: Iterator[str],
    choices: Iterator[str],
    keeps: Iterator[str],
    banks: Iterator[str],
    rounds: int,
) -> tuple[Callable[[str], str], list[str]]:
    """A read_line answering each kind of prompt from its own script; the input ends after
    ``rounds`` bet or bank prompts. Returns it and the list of prompts it saw."""
    seen: list[str] = []
    asked = 0

    def read_line(prompt: str) -> str:
        nonlocal asked
        seen.append(prompt)
        for key, script in (
            ("choice_prompt", choices),
            ("keep_prompt", keeps),
            ("bet_prompt", bets),
            ("bank_prompt", banks),
        ):
            if prompt.startswith(_prefix(lang, key)):
                if key in ("bet_prompt", "bank_prompt"):
                    asked += 1
                    if asked > rounds:
                        raise EOFError
                try:
                    return next(script)
                except StopIteration:
                    raise EOFError from None
        raise AssertionError(f"unknown prompt {prompt!r}")

    return read_line, seen


def cycle(*items: str) -> Iterator[str]:
    while True:
        yield from items


def play(
    lang: Lang,
    *,
    seed: int = 5,
    rounds: int = 40,
    explain: bool = False,
    rule: BankerRule = RULE_CARD,
    bets: Iterator[str] | None = None,
    choices: Iterator[str] | None = None,
    keeps: Iterator[str] | None = None,
    banks: Iterator[str] | None = None,
) -> tuple[Game, str, list[str]]:
    config = ChemConfig(
        rules=RULES.replace(banker_rule=rule.name),
        minimum_minor=100,
        balance_minor=START,
        seed=seed,
        lang=lang,
        explain=explain,
    )
    read_line, seen = responder(
        lang,
        bets=bets or cycle("banco", "7", "banco", ""),
        choices=choices or cycle("d", "s"),
        keeps=keeps or cycle("k", "p"),
        banks=banks or cycle("", "40", "p"),
        rounds=rounds,
    )
    out = io.StringIO()
    game = run_chemin(config, Console(file=out, width=200), read_line=read_line)
    return game, out.getvalue(), seen


def _oracle_deltas(played: Any) -> list[int]:
    """Each seat's gain worked out from the rules' words, apart from the core's code."""
    deltas = [0] * SEATS
    staked = sum(w.amount_minor for w in played.wagers)
    outcome = played.result.outcome.value
    for w in played.wagers:
        deltas[w.seat] = {"player": w.amount_minor, "banker": -w.amount_minor, "tie": 0}[outcome]
    banker = played.table.banker
    if outcome == "banker":
        deltas[banker] = staked - math.floor(Fraction(staked, 20))
    elif outcome == "player":
        deltas[banker] = -staked
    return deltas


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_balances_are_the_core_settlements(lang: Lang) -> None:
    game, text, _ = play(lang)
    history = game.history
    assert len(history) >= 20
    for i, played in enumerate(history):
        settlement = settle_round(played.table, played.wagers, played.result.outcome.value)
        assert settlement == played.settlement
        assert list(settlement.deltas) == _oracle_deltas(played)
        assert sum(settlement.deltas) == -settlement.commission_minor
        if i + 1 < len(history):  # nothing moves money between rounds
            after = apply_settlement(played.table, settlement)
            assert history[i + 1].table.balances == after.balances
    human = START + sum(p.settlement.deltas[HUMAN] for p in history)
    assert game.table.balances[HUMAN] == human
    commission = sum(p.settlement.commission_minor for p in history)
    assert sum(game.table.balances) == SEATS * START - commission
    assert format_minor(human, lang=lang) in text.splitlines()[-1]
    assert format_minor(commission, lang=lang) in text.splitlines()[-1]
    # Both ways of punting and both ways of banking happened.
    assert any(p.table.banker == HUMAN for p in history)
    assert any(w.banco and w.seat == HUMAN for p in history for w in p.wagers)
    assert any(not w.banco and w.seat == HUMAN for p in history for w in p.wagers)


def test_the_cards_are_the_seeded_shoe_and_each_coup_replays() -> None:
    game, _, _ = play("en", seed=11)
    shoe = Shoe(RULES, SeededSource(11))
    burn = shoe.shuffle()
    assert burn is not None
    for played in game.history:
        assert played.result.shoe_index == 0  # 8 decks: the first shoe lasts
        assert [shoe.deal() for _ in played.result.cards] == list(played.result.cards)
        again = play_coup(played.result.cards, choices=replay(RULE_CARD, played.result.events))
        assert again.events == played.result.events


def test_the_same_seed_plays_the_same_game() -> None:
    assert play("es", seed=3)[1] == play("es", seed=3)[1]
    assert play("es", seed=3)[1] != play("es", seed=4)[1]


def _unseen(seed: int, history: list[Any], upto: int) -> tuple[int, ...]:
    """The unseen point counts before round ``upto``: the full shoe less the burn's shown card
    and every card of the rounds before."""
    shoe = Shoe(RULES, SeededSource(seed))
    burn = shoe.shuffle()
    assert burn is not None
    counts = list(ShoeCounts.full(8).points)
    counts[burn.shown.points] -= 1
    for played in history[:upto]:
        for card in played.result.cards:
            counts[card.points] -= 1
    return tuple(counts)


def _human_player_choices(game: Game) -> list[int]:
    return [
        i
        for i, p in enumerate(game.history)
        if any(e.kind is EventKind.CHOICE and e.side is Side.PLAYER for e in p.result.events)
        and player_hand_seat(p.table, p.wagers) == HUMAN
    ]


@pytest.mark.parametrize(
    ("lang", "question", "advice"),
    [
        ("en", "Draw or stand?", "Optimal for the unseen cards: draw. To stand would cost you "),
        (
            "es",
            "¿Carta o me planto?",
            "Lo óptimo para las cartas no vistas: pedir carta; plantarse le costaría ",
        ),
    ],
)
def test_the_choice_on_5_is_asked_and_explained(lang: Lang, question: str, advice: str) -> None:
    game, text, prompts = play(lang, explain=True, bets=cycle("banco"), rounds=60)
    rounds = _human_player_choices(game)
    assert rounds, "the seed gives the player no 5 to choose on"
    assert any(question in p for p in prompts)
    # The cost printed is the exact solver's for the unseen cards, to 4 decimals.
    first = rounds[0]
    exact = solve_chemin(ShoeCounts.from_points(dict(enumerate(_unseen(5, game.history, first)))))
    stand = exact.deviations[0]
    cost = float(stand.against_equilibrium / exact.option)
    shown = f"{cost:.4f}".replace(".", "," if lang == "es" else ".")
    assert advice + shown in text
    # The answers were d, s, d, ...: the recorded choices follow them.
    drew = [
        next(e.draws for e in game.history[i].result.events if e.kind is EventKind.CHOICE)
        for i in rounds
    ]
    assert drew == [k % 2 == 0 for k in range(len(rounds))]


@pytest.mark.parametrize(
    ("lang", "bad", "message"),
    [
        ("en", "maybe", "'maybe' is not a choice: type d to draw or s to stand (? for advice)."),
        ("es", "quizá", "'quizá' no es una opción: escriba c para pedir carta o p para plantarse"),
    ],
)
def test_a_bad_choice_is_asked_again(lang: Lang, bad: str, message: str) -> None:
    game, text, prompts = play(lang, bets=cycle("banco"), choices=cycle(bad, "c"), rounds=60)
    assert message in text
    rounds = _human_player_choices(game)
    assert rounds
    for i in rounds:  # "c" (carta) draws in both languages
        assert next(e.draws for e in game.history[i].result.events if e.kind is EventKind.CHOICE)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                "The bank must be from 1.00 to the banker's balance 1,000.00; got 5,000.00.",
                "'abc' is not",
                "is more than is left of the bank: bet up to",
                "'x' is not a choice: type k to keep the bank or p to pass it.",
            ],
        ),
        (
            "es",
            [
                "La banca debe ser de 1,00 hasta el saldo del banquero, 1.000,00; "
                "se recibió 5.000,00.",
                "'abc' no es",
                "es más de lo que queda de la banca: apueste hasta",
                "'x' no es una opción: escriba s para seguir con la banca o p para pasar la mano.",
            ],
        ),
    ],
)
def test_bad_input_re_prompts_naming_what_is_allowed(lang: Lang, expected: list[str]) -> None:
    game, text, _ = play(
        lang,
        bets=cycle("abc", "900", "5"),
        banks=cycle("5000", "30"),
        keeps=cycle("x", "k"),
        rounds=30,
    )
    for sentence in expected:
        assert sentence in text, sentence
    assert game.history  # the game went on after each refusal


def test_end_of_input_at_a_choice_plays_the_optimal_choice_and_settles() -> None:
    game, _, _ = play("en", bets=cycle("banco"), rounds=60)
    rounds = _human_player_choices(game)
    assert rounds
    stop = rounds[0]
    ended, text, _ = play("en", bets=cycle("banco"), choices=iter(()), rounds=60)
    assert "End of input: the optimal choice is played (draw)." in text
    assert len(ended.history) == stop + 1  # that round was finished and settled, then no more
    last = ended.history[-1]
    assert next(e.draws for e in last.result.events if e.kind is EventKind.CHOICE)
    assert ended.table.balances[HUMAN] == START + sum(
        p.settlement.deltas[HUMAN] for p in ended.history
    )


def test_the_computers_mix_from_their_own_stream() -> None:
    """With the free Banker the equilibrium mixes (the Player on 5, the Banker's 6 when the
    Player stood): the computers' choices are the strategy's decider on choice_stream."""
    game, _, _ = play("en", seed=9, rule=FREE_BANKER, bets=cycle("3"), banks=cycle("p"), rounds=80)
    checked = mixed = 0
    for i, played in enumerate(game.history):
        result = played.result
        # Bets of 3.00 under the computers' 5.00, and the bank always passed: no choice is yours.
        assert played.table.banker != HUMAN
        assert player_hand_seat(played.table, played.wagers) != HUMAN
        solution = solve_chemin_float(_unseen(9, game.history, i), banker_rule=FREE_BANKER)
        assert result.shoe_index is not None and result.round_in_shoe is not None
        source = choice_stream(9, result.shoe_index, result.round_in_shoe)
        decide = solution.strategy().decider(source)
        again = play_coup(result.cards, choices=Choices(FREE_BANKER, decide))
        assert again.events == result.events
        checked += 1
        # The mixed choices: the Player's on 5 and the Banker's 6 when the Player stood.
        mixed += any(
            e.kind is EventKind.CHOICE
            and (e.side is Side.PLAYER or (e.total == 6 and e.player_third == PLAYER_STOOD))
            for e in result.events
        )
    assert checked >= 40 and mixed >= 3


runner = CliRunner()


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (
            ["--variant", "banque", "--banker", "free"],
            "a Banker rule is for --variant chemin-de-fer",
        ),
        (
            ["--variant", "poker"],
            "the variants to play are punto-banco, chemin-de-fer, banque, got 'poker'",
        ),
        (["--banker", "free"], "a Banker rule is for --variant chemin-de-fer only"),
        (["--variant", "chemin-de-fer", "--banker", "casino"], "the Banker rules are"),
        (["--variant", "chemin-de-fer", "--pairs"], "--pairs does not apply to Chemin de fer"),
        (["--variant", "chemin-de-fer", "--seed", "x"], "--seed"),
    ],
)
def test_the_command_refuses_what_does_not_apply(args: list[str], sentence: str) -> None:
    done = runner.invoke(app, ["play", *args, "--lang", "en"], env={"COLUMNS": "200"})
    assert done.exit_code == 2
    assert sentence in done.output


def test_the_command_plays_in_spanish() -> None:
    done = runner.invoke(
        app,
        ["play", "--variant", "chemin-de-fer", "--seed", "2", "--lang", "es", "--fast"],
        input="\n\nbanco\n\n",
        env={"COLUMNS": "200"},
    )
    assert done.exit_code == 0, done.output
    assert "Chemin de fer: 8 barajas, regla de la Banca rule-card" in done.output
    assert "Manos jugadas:" in done.output


def test_punto_banco_by_name_is_play_s_own_game() -> None:
    done = runner.invoke(
        app,
        ["play", "--variant", " Punto-Banco ", "--seed", "1", "--lang", "en", "--fast"],
        input="q\n",
        env={"COLUMNS": "200"},
    )
    assert done.exit_code == 0, done.output
    assert "Chemin de fer" not in done.output


@pytest.mark.parametrize(
    "rules",
    [
        Rules(variant=Variant.CHEMIN_DE_FER, decks=1, cut_card=12),
        Rules(variant=Variant.CHEMIN_DE_FER, decks=2, shoe_mode=ShoeMode.RESHUFFLE),
    ],
    ids=["one-deck cut card", "reshuffle"],
)
def test_every_shoe_is_the_seeded_one_and_the_seen_cards_start_again(rules: Rules) -> None:
    config = ChemConfig(
        rules=rules, minimum_minor=100, balance_minor=START, seed=21, lang="en", explain=False
    )
    read_line, _ = responder(
        "en", bets=cycle("banco", "4"), choices=cycle("d"), keeps=cycle("k"), banks=cycle(""),
        rounds=30,
    )  # fmt: skip
    out = io.StringIO()
    game = run_chemin(config, Console(file=out, width=200), read_line=read_line)
    reference = Shoe(rules, SeededSource(21))
    shoe_index = None
    shown: list[Any] = []
    for played in game.history:
        result = played.result
        if result.shoe_index != shoe_index:  # a new shoe: shuffled (and burned) as the shoe does
            shoe_index = result.shoe_index
            burn = reference.shuffle()
            assert reference.shoe_index == shoe_index
            shown = [] if burn is None else [burn.shown]
        assert [reference.deal() for _ in result.cards] == list(result.cards)
        shown.extend(result.cards)
    shoes = {p.result.shoe_index for p in game.history}
    if rules.shoe_mode is ShoeMode.CUT_CARD:
        assert len(shoes) >= 2
        # A shoe's last round is the one after the cut card came out, never its first.
        lasts = [p.result.round_in_shoe for p in game.history if p.result.last_in_shoe]
        assert lasts and all(n is not None and n > 1 for n in lasts)
    else:
        assert len(shoes) == len(game.history)
        assert all(p.result.last_in_shoe and p.result.round_in_shoe == 1 for p in game.history)
    # The unseen cards are the current shoe's less the burn's shown card and the rounds' cards.
    expected = list(ShoeCounts.full(rules.decks).points)
    for card in shown:
        expected[card.points] -= 1
    assert game.unseen_points() == tuple(expected)


def test_the_banker_s_choices_are_asked_and_explained() -> None:
    """With the free Banker and you banking, every hand of yours without a natural is a choice."""
    game, text, prompts = play(
        "en", seed=2, rule=FREE_BANKER, explain=True, banks=cycle(""), keeps=cycle("k"),
        choices=cycle("s"), bets=cycle(""), rounds=40,
    )  # fmt: skip
    asked = [p for p in prompts if p.startswith("Draw or stand?")]
    mine = [
        (i, e)
        for i, p in enumerate(game.history)
        if p.table.banker == HUMAN
        for e in p.result.events
        if e.kind is EventKind.CHOICE and e.side is Side.BANKER
    ]
    assert len(mine) >= 5 and len(asked) == len(mine)
    assert all(not e.draws for _, e in mine)  # every answer was "s"
    assert "the Player stood." in text or "the Player drew" in text
    # The first advice, against the exact solver for the same unseen cards.
    i, event = mine[0]
    assert event.total is not None and event.player_third is not None
    exact = solve_chemin(
        ShoeCounts.from_points(dict(enumerate(_unseen(2, game.history, i)))),
        banker_rule=FREE_BANKER,
    )
    cell = next(c for c in exact.banker if c.cell == (event.total, event.player_third))
    if cell.indifferent or cell.per_decision == 0:
        expected = "For the unseen cards drawing and standing are worth the same here."
    elif cell.draw in (0, 1):
        best, other = ("draw", "stand") if cell.draw == 1 else ("stand", "draw")
        cost = f"{abs(float(cell.per_decision)):.4f}"
        expected = f"Optimal for the unseen cards: {best}. To {other} would cost you {cost}"
    else:
        expected = f"Optimal for the unseen cards: draw with probability {float(cell.draw):.3f}"
    assert expected in text
