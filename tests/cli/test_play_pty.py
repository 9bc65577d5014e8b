"""The real ``puntobanco play``, driven through a pseudo-terminal (issue 2's check).

Each session runs the command as a player would, with ``--seed`` and ``--fast``.
Beside it the test deals the same seeded shoe with the library
(:class:`~puntobanco.core.shoe.Shoe`) and settles every bet twice, with
:func:`~puntobanco.core.bets.settle` and with the payouts written out by hand,
and checks the balance the game shows at every prompt, the cards in the order
dealt, the shoe's news, every bad input (nothing changed), and the summary.
"""

from __future__ import annotations

import io
import math
import os
import re
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import pytest

from puntobanco.core.bets import Bet, settle
from puntobanco.core.coup import CoupResult, EventKind, Outcome
from puntobanco.core.explain import describe
from puntobanco.core.money import format_minor
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import BetKind, Rules
from puntobanco.core.shoe import Shoe

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

SRC = Path(__file__).resolve().parents[2] / "src"
PROMPT = r"(?:Bet|Apuesta)> "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
CARD = re.compile(r"(?:10|[2-9AJQK])[♣♦♥♠]")
B, P, T = BetKind.BANKER, BetKind.PLAYER, BetKind.TIE

WORDS = {
    "en": {
        "balance": "Balance",
        "last": "last round of the shoe",
        "new_shoe": "New shoe no. {n}",
        "burn": r"Burn: the dealer shows (\S+) and burns (\d+) more",
        "round": "Round {n}",
        "cut": "The cut card is out",
        "shoe_over": "End of the shoe",
        "summary": "Session summary",
        "rounds": "Rounds played",
        "wagered": "Wagered",
        "net": "Net",
        "final": "Final balance",
        "biggest": "Biggest win",
        "explain_on": "Explain mode on",
    },
    "es": {
        "balance": "Saldo",
        "last": "última ronda del zapato",
        "new_shoe": "Zapato nuevo n.º {n}",
        "burn": r"Quemado: el crupier muestra (\S+) y quema (\d+) más",
        "round": "Ronda {n}",
        "cut": "Ha salido la carta de corte",
        "shoe_over": "Fin del zapato",
        "summary": "Resumen de la sesión",
        "rounds": "Rondas jugadas",
        "wagered": "Apostado",
        "net": "Neto",
        "final": "Saldo final",
        "biggest": "Mayor ganancia",
        "explain_on": "Modo explicación activado",
    },
}

# Every bad input of issue 2, point 6, with what the game must say about it.
BAD_INPUTS = {
    "en": [
        ("", "Nothing to do"),
        ("foo 10", "'foo' is neither a bet nor a command"),
        ("banker abc", "'abc' is not an amount"),
        ("banker -5", "cannot be negative"),
        ("banker 0", "A stake must be more than 0"),
        ("banker 0.001", "finer than a cent"),
        ("b 50, p 50, t 50", "Your bets total 150.00 but your balance is"),
        ("banker 1", "under the table minimum: bet from 2.00 to 50.00"),
        ("banker 60", "over the table maximum: bet from 2.00 to 50.00"),
        ("banker", "How much on Banker?"),
        ("10", "Which bet is 10 for?"),
    ],
    "es": [
        ("", "Nada que hacer"),
        ("foo 10", "«foo» no es una apuesta ni una orden"),
        ("banca abc", "'abc' no es una cantidad"),
        ("banca -5", "no puede ser negativa"),
        ("banca 0", "Una apuesta debe ser mayor que 0"),
        ("banca 0,001", "tiene fracciones de céntimo"),
        ("b 50, j 50, e 50", "Sus apuestas suman 150.00 pero su saldo es"),
        ("banca 1", "por debajo del mínimo de la mesa: apueste de 2.00 a 50.00"),
        ("banca 60", "supera el máximo de la mesa: apueste de 2.00 a 50.00"),
        ("banca", "¿Cuánto a Banca?"),
        ("10", "¿A qué apuesta van 10?"),
    ],
}
ALLOWED = {"en": "Allowed:", "es": "Se admite:"}

# (line, bets) rounds, English words; the Spanish session types the Spanish ones.
ROUNDS = [
    ("banker 10, tie 2", "banca 10, empate 2", [(B, 1000), (T, 200)]),
    ("p 5", "j 5", [(P, 500)]),
    ("r", "r", None),  # rebet: the previous round's bets
    ("b 3.55", "b 3,55", [(B, 355)]),  # 3.3725 won: 0.0025 rounded away
    ("player 2.5 banker 2.5", "jugador 2.5 banca 2.5", [(P, 250), (B, 250)]),
] + [("b 2, t 2", "b 2, e 2", [(B, 200), (T, 200)]), ("p 3", "j 3", [(P, 300)])] * 7


def oracle_payout(kind: BetKind, stake: int, outcome: Outcome) -> int:
    """Stake plus winnings as the seeds state them (not core.bets)."""
    if outcome is Outcome.TIE:
        return 9 * stake if kind is T else stake
    if kind is T or kind.value != outcome.value:
        return 0
    return 2 * stake if kind is P else stake + math.floor(stake * Fraction(19, 20))


@dataclass
class Model:
    """The same game, dealt and settled by the test with the library."""

    rules: Rules
    seed: int
    balance: int
    shoe: Shoe = field(init=False)
    rounds: int = 0
    wagered: int = 0
    won: int = 0
    lost: int = 0
    biggest: int = 0
    last_bets: list[tuple[BetKind, int]] = field(default_factory=list)
    last_round_next: bool = False

    def __post_init__(self) -> None:
        self.shoe = Shoe(self.rules, SeededSource(self.seed))

    def play(self, bets: list[tuple[BetKind, int]]) -> CoupResult:
        result = self.shoe.deal_coup()
        settlement = settle([Bet(k, s) for k, s in bets], result, self.rules)
        payout = sum(oracle_payout(k, s, result.outcome) for k, s in bets)
        assert settlement.payout_minor == payout
        staked = sum(s for _, s in bets)
        net = payout - staked
        self.balance += net
        self.rounds += 1
        self.wagered += staked
        self.won += max(net, 0)
        self.lost += max(-net, 0)
        self.biggest = max(self.biggest, net)
        self.last_bets = bets
        self.last_round_next = self.shoe.cut_card_out and not result.last_in_shoe
        return result


def plain(text: str) -> str:
    """The text without colours, with runs of spaces and line breaks made single spaces."""
    return " ".join(ANSI.sub("", text).split())


def spawn(args: list[str], environ: dict[str, str]) -> tuple[pexpect.spawn, io.StringIO]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", "COLUMNS", "LINES", "NO_COLOR")
    }
    env.update(PYTHONPATH=str(SRC), TERM="xterm-256color", **environ)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "puntobanco.cli.main", "play", "--fast", *args],
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(60, 200),
    )
    transcript = io.StringIO()
    child.logfile_read = transcript
    return child, transcript


def send(child: pexpect.spawn, line: str) -> str:
    """Type a line; return everything up to and including the next prompt, plain."""
    child.sendline(line)
    child.expect(PROMPT)
    return plain(child.before + child.after)


def prompt_balance(chunk: str, lang: str) -> str:
    found = re.findall(WORDS[lang]["balance"] + r" (\d+\.\d\d) ·", chunk)
    assert found, chunk
    return found[-1]


def check_round(chunk: str, result: CoupResult, model: Model, lang: str, explain: bool) -> None:
    words = WORDS[lang]
    assert words["round"].format(n=model.rounds) in chunk
    dealt = CARD.findall(chunk)[: len(result.cards)]
    assert dealt == [str(card) for card in result.cards], chunk  # P, B, P, B, then thirds
    assert describe(result.events[-1], lang) in chunk  # the call
    decisions = [e for e in result.events if e.kind in (EventKind.DRAW, EventKind.STAND)]
    for event in decisions:
        assert (describe(event, lang) in chunk) is explain
    assert prompt_balance(chunk, lang) == format_minor(model.balance)
    assert (words["last"] in chunk[-60:]) is model.last_round_next  # shown in the prompt
    assert (words["cut"] in chunk) is model.last_round_next
    assert (words["shoe_over"] in chunk) is result.last_in_shoe


def play_session(
    lang: str, environ: dict[str, str], args: list[str]
) -> tuple[pexpect.spawn, Model, io.StringIO]:
    rules = Rules(decks=1, cut_card=12)
    model = Model(rules, seed=20261130, balance=10_000)
    child, transcript = spawn(
        [
            "--seed",
            "20261130",
            "--decks",
            "1",
            "--cut-card",
            "12",
            "--balance",
            "100",
            "--min",
            "2",
            "--max",
            "50",
            *args,
        ],
        environ,
    )
    child.expect(PROMPT)
    opening = plain(child.before + child.after)
    assert "Punto Banco" in opening
    assert prompt_balance(opening, lang) == "100.00"
    burn = re.search(WORDS[lang]["burn"], opening)
    assert burn and WORDS[lang]["new_shoe"].format(n=1) in opening
    shoes = 1
    explain = False
    for index, (en_line, es_line, bets) in enumerate(ROUNDS):
        if index == 1:
            for line, said in BAD_INPUTS[lang]:
                chunk = send(child, line)
                assert said in chunk, (line, chunk)
                if line:
                    assert ALLOWED[lang] in chunk
                assert prompt_balance(chunk, lang) == format_minor(model.balance)
                assert WORDS[lang]["round"].format(n=model.rounds + 1) not in chunk
            chunk = send(child, "x")
            assert WORDS[lang]["explain_on"] in chunk
            explain = True
        chosen = bets if bets is not None else model.last_bets
        chunk = send(child, en_line if lang == "en" else es_line)
        result = model.play(chosen)
        if burn is not None:  # the burn shown before this shoe's first round was the shoe's
            assert result.burn is not None
            assert burn.group(1) == str(result.burn.shown)
            assert int(burn.group(2)) == len(result.burn.face_down)
            burn = None
        check_round(chunk, result, model, lang, explain)
        if result.last_in_shoe:
            shoes += 1
            assert WORDS[lang]["new_shoe"].format(n=shoes) in chunk
            burn = re.search(WORDS[lang]["burn"], chunk)
            assert burn
    assert shoes >= 2, "the session should cross a shoe"
    return child, model, transcript


def check_summary(text: str, model: Model, lang: str) -> None:
    words = WORDS[lang]
    assert words["summary"] in text
    assert re.search(words["rounds"] + rf" {model.rounds}\b", text)
    assert f"{words['wagered']} {format_minor(model.wagered)}" in text
    net = model.won - model.lost
    assert f"{words['net']} {'+' if net > 0 else ''}{format_minor(net)}" in text
    assert f"{words['final']} {format_minor(model.balance)}" in text
    assert f"{words['biggest']} {format_minor(model.biggest)}" in text


def test_english_session_ended_by_ctrl_c() -> None:
    child, model, transcript = play_session("en", {"LANG": "C.UTF-8"}, ["--lang", "en"])
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    tail = plain(child.before)
    assert "Interrupted." in tail
    check_summary(tail, model, "en")
    assert child.exitstatus == 0
    assert "Traceback" not in transcript.getvalue()


def test_spanish_session_from_the_locale_ended_by_end_of_input() -> None:
    child, model, transcript = play_session("es", {"LANG": "es_ES.UTF-8"}, [])
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    tail = plain(child.before)
    assert "Fin de la entrada." in tail
    check_summary(tail, model, "es")
    assert child.exitstatus == 0
    assert "Traceback" not in transcript.getvalue()


def test_suits_are_coloured() -> None:
    child, transcript = spawn(["--seed", "7", "--lang", "en"], {"LANG": "C.UTF-8"})
    child.expect(PROMPT)
    child.sendline("b 10")
    child.expect(PROMPT)
    raw = transcript.getvalue()
    child.sendline("q")
    child.expect(pexpect.EOF)
    red = re.findall(r"\x1b\[([0-9;]*)m ((?:10|[2-9AJQK])[♥♦]) ", raw)
    black = re.findall(r"\x1b\[([0-9;]*)m ((?:10|[2-9AJQK])[♣♠]) ", raw)
    assert red and black
    assert all(";31;" in f";{codes};" for codes, _ in red)  # red on white
    assert all(";30;" in f";{codes};" for codes, _ in black)


def test_quit_at_once_and_lang_option_beats_the_locale() -> None:
    child, transcript = spawn(["--seed", "1", "--lang", "en"], {"LANG": "es_ES.UTF-8"})
    child.expect("Bet> ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    text = plain(child.before)
    assert re.search(r"Rounds played 0\b", text) and "Thanks for playing." in text
    assert child.exitstatus == 0


def test_broke_player_gets_the_summary() -> None:
    seed = next(
        s
        for s in range(200)
        if Shoe(Rules(), SeededSource(s)).deal_coup().outcome is Outcome.BANKER
    )
    args = ["--seed", str(seed), "--balance", "5", "--min", "5", "--max", "5", "--lang", "es"]
    child, transcript = spawn(args, {"LANG": "en_US.UTF-8"})
    child.expect(PROMPT)
    child.sendline("jugador 5")
    child.expect(pexpect.EOF)
    child.close()
    text = plain(child.before)
    assert "Su saldo, 0.00, está por debajo del mínimo de la mesa, 5.00" in text
    assert "Saldo final 0.00" in text
    assert child.exitstatus == 0
    assert "Traceback" not in transcript.getvalue()


def test_up_arrow_recalls_the_last_line() -> None:
    pytest.importorskip("readline")
    child, transcript = spawn(["--seed", "7", "--lang", "en"], {"LANG": "C.UTF-8"})
    child.expect(PROMPT)
    model = Model(Rules(), seed=7, balance=100_000)
    for _ in range(2):
        chunk = send(child, "p 7") if model.rounds == 0 else send(child, "\x1b[A")
        result = model.play([(P, 700)])
        check_round(chunk, result, model, "en", explain=False)
    child.sendline("q")
    child.expect(pexpect.EOF)
