"""``play --variant banque`` with scripted input: money against the core table, choices, words."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest
from rich.console import Console
from typer.testing import CliRunner

from puntobanco.cli.banque.play import HUMAN, BanqueConfig, run_banque
from puntobanco.cli.main import app
from puntobanco.core.banque.coup import BANKER, EventKind
from puntobanco.core.banque.table import settle_banque
from puntobanco.core.i18n import CATALOGUE, Lang
from puntobanco.core.rules import Rules, Variant

START = 100_000
RULES = Rules(variant=Variant.BANQUE)


def _words(lang: Lang, key: str) -> str:
    return CATALOGUE[lang][f"banque.play.{key}"].split("{")[0]


def responder(
    lang: Lang, bets: Iterator[str], choices: Iterator[str]
) -> tuple[Callable[[str], str], list[str]]:
    """Answer bet prompts from ``bets`` and choice prompts from ``choices``; then end the input."""
    seen: list[str] = []

    def read_line(prompt: str) -> str:
        seen.append(prompt)
        script = choices if prompt == CATALOGUE[lang]["banque.play.choice"] else bets
        try:
            return next(script)
        except StopIteration:
            raise EOFError from None

    return read_line, seen


def _play(lang: Lang, bets: list[str], choices: list[str], *, explain: bool = False):
    config = BanqueConfig(RULES, 100, START, 11, lang, explain)
    out = io.StringIO()
    console = Console(file=out, width=200, highlight=False)
    read_line, seen = responder(lang, iter(bets), iter(choices))
    return run_banque(config, console, read_line=read_line), out.getvalue(), seen


@pytest.mark.parametrize(("lang", "draw", "stand"), [("en", "d", "s"), ("es", "c", "p")])
def test_the_balance_is_the_core_tables_settlement(lang: Lang, draw: str, stand: str) -> None:
    spots = {"en": ("r", "l", "c"), "es": ("d", "i", "c")}[lang]
    bets = [f"{spots[k % 3]} {5 + k}" for k in range(40)]
    game, out, seen = _play(lang, bets, [draw, stand] * 20)
    assert len(game.played) == 40
    bank = 100 * 100
    balance = START
    for played in game.played:
        again = settle_banque(played.coup, played.bets, bank=played.settlement.bank_before,
                              commission=RULES.banker_commission)  # fmt: skip
        assert again == played.settlement
        assert played.settlement.bank_before in (bank, 100 * 100)
        bank = again.bank_after
        (result,) = again.results
        assert result.bet.seat == HUMAN
        balance += result.net
    assert game.balance == balance
    assert _words(lang, "summary") in out
    # Your tableau's choices on 5 were asked, in your language, and played as answered.
    assert CATALOGUE[lang]["banque.play.choice"] in seen
    asked = 0
    answers = iter([True, False] * 20)
    for played in game.played:
        held = {"right": {"right"}, "left": {"left"}, "a-cheval": {"right", "left"}}[
            played.bets[0].spot.value
        ]
        for event in played.coup.events:
            if event.kind is EventKind.CHOICE and event.hand in held:
                asked += 1
                assert event.draws == next(answers)
    assert asked == seen.count(CATALOGUE[lang]["banque.play.choice"])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_bad_bets_are_refused_and_nothing_changes(lang: Lang) -> None:
    bets = ["z 10", "r", "r 0.5", "r 5000", "c 900000", "q"]
    game, out, _ = _play(lang, bets, [])
    assert game.played == [] and game.balance == START
    for key in ("bet_bad", "bet_small", "bet_balance"):
        assert _words(lang, key) in out


@pytest.mark.parametrize("lang", ["en", "es"])
def test_explain_mode_tells_the_optimal_choice(lang: Lang) -> None:
    game, out, seen = _play(lang, [f"r {k + 5}" for k in range(30)], ["?", "d"] * 30,
                            explain=True)  # fmt: skip
    if CATALOGUE[lang]["banque.play.choice"] not in seen:
        pytest.skip("no 5 for the right tableau in these rounds")
    assert _words(lang, "explain") in out and "9/11" in out
    # The computer's Banker plays his best reply in every free cell.
    reply = {c.cell: c.draws for c in game.solution.cells}
    events = [e for p in game.played for e in p.coup.events]
    banker = [e for e in events if e.hand == BANKER and e.kind is EventKind.CHOICE]
    assert banker and all(e.draws == reply[(e.total, e.left, e.right)] for e in banker)


@pytest.mark.parametrize(("lang", "word"), [("en", "round"), ("es", "mano")])
def test_from_the_command_line(lang: str, word: str) -> None:
    result = CliRunner().invoke(
        app,
        ["play", "--variant", "banque", "--seed", "5", "--lang", lang],
        input="r 10\nd\nd\nq\n",
        env={"LANG": "C", "COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    assert word in result.stdout and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "english", "spanish"),
    [
        (["--pairs"], "--pairs does not apply to Baccarat Banque", "--pairs no se aplica"),
        (["--seed", "x"], "--seed", "--seed"),
        # Punto Banco's cut card: too few cards behind it for two rounds of nine.
        (["--cut-card", "14"], "leave 18 to 396 cards", "dejar de 18 a 396 cartas"),
    ],
)
def test_the_command_refuses_what_does_not_apply(
    args: list[str], english: str, spanish: str
) -> None:
    for lang, expected in (("en", english), ("es", spanish)):
        done = CliRunner().invoke(
            app, ["play", "--variant", "banque", *args, "--lang", lang], env={"COLUMNS": "200"}
        )
        assert done.exit_code == 2 and expected in done.stderr and not done.stdout


@pytest.mark.parametrize(("lang", "quit_word"), [("en", "q"), ("es", "salir")])
def test_quit_at_the_choice_finishes_the_round_then_ends(lang: Lang, quit_word: str) -> None:
    # Once refused ("'q' no es ninguna"): the bet prompt took it, the choice did not.
    game, out, seen = _play(lang, ["r 10"] * 40, [quit_word])
    choice = CATALOGUE[lang]["banque.play.choice"]
    assert choice in seen, "no choice came up in 40 rounds"
    assert seen[-1] == choice  # nothing was asked after it
    assert _words(lang, "choice_quit") in out
    assert "is neither" not in out and "no es ninguna" not in out


def test_x_at_the_choice_switches_the_explanations() -> None:
    _, out, seen = _play("en", ["r 10"] * 40, ["x", "d", "d", "d", "d"])
    assert CATALOGUE["en"]["banque.play.choice"] in seen
    assert "is neither" not in out


@pytest.mark.parametrize(("lang", "one"), [("en", "1 round;"), ("es", "1 mano;")])
def test_one_round_is_singular(lang: Lang, one: str) -> None:
    # Once "1 rounds" and "1 golpes": one round played, then the input ends.
    _, out, _ = _play(lang, ["r 10"], ["d", "d"])
    assert one in out


def test_ctrl_c_says_so_and_sums_up() -> None:
    def read_line(prompt: str) -> str:
        raise KeyboardInterrupt

    config = BanqueConfig(RULES, 100, START, 11, "en", False)
    out = io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        run_banque(config, Console(file=out, width=200), read_line=read_line)
    assert "Interrupted." in out.getvalue() and "0 rounds; your balance" in out.getvalue()


def test_the_docs_do_not_say_banque_is_refused() -> None:
    # The Chemin de fer section (docs/chemin-de-fer.md, once the README's) once said
    # "--variant banque is refused for now".
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs"
    chemin = (docs / "chemin-de-fer.md").read_text(encoding="utf-8")
    banque = (docs / "banque.md").read_text(encoding="utf-8")
    assert "refused for now" not in chemin + banque
    assert "`--variant banque` plays" in chemin
    assert "play --variant banque" in banque
