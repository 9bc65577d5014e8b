"""The real ``puntobanco play``, driven through a pseudo-terminal (as a player uses it).

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
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import pytest

from puntobanco.core.bets import Bet, settle, verify_bets
from puntobanco.core.coup import CoupResult, EventKind, Outcome
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import describe, error_message
from puntobanco.core.money import format_minor, parse_amount
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import BetKind, Rules, TableLimits
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
        "counts": "Banker {banker} · Player {player} · Tie {tie}",
    },
    "es": {
        "balance": "Saldo",
        "last": "última mano del zapato",
        "new_shoe": "Zapato nuevo n.º {n}",
        "burn": r"Quemado: el crupier muestra (\S+) y quema (\d+) más",
        "round": "Mano {n}",
        "cut": "Ha salido la carta de corte",
        "shoe_over": "Fin del zapato",
        "summary": "Resumen de la sesión",
        "rounds": "Manos jugadas",
        "wagered": "Apostado",
        "net": "Neto",
        "final": "Saldo final",
        "biggest": "Mayor ganancia",
        "explain_on": "Modo explicación activado",
        "counts": "Banca {banker} · Jugador {player} · Empate {tie}",
    },
}

LIMITS = TableLimits(minimum_minor=200, maximum_minor=5_000)


def core_says(action: Callable[[], object], lang: str) -> str:
    """What core.explain says, in ``lang``, about the error ``action`` raises."""
    with pytest.raises(BaccaratError) as caught:
        action()
    return error_message(caught.value, lang)


def over_balance(model: Model) -> None:
    bets = [Bet(B, 5_000), Bet(P, 5_000), Bet(T, 5_000)]
    verify_bets(bets, rules=model.rules, limits=LIMITS, balance_minor=model.balance)


# Every kind of bad input a player types: (English line, Spanish line, what the game must say).
# Core's errors are told in core.explain's words; the game's own in its catalogue's.
BAD_INPUTS: list[tuple[str, str, Callable[[str, Model], str]]] = [
    ("", "", lambda lang, m: {"en": "Nothing to do", "es": "Nada que hacer"}[lang]),
    (
        "foo 10",
        "foo 10",
        lambda lang, m: {
            "en": "'foo' is neither a bet nor a command",
            "es": "«foo» no es una apuesta ni una orden",
        }[lang],
    ),
    ("banker abc", "banca abc", lambda lang, m: core_says(lambda: parse_amount("abc"), lang)),
    ("banker -5", "banca -5", lambda lang, m: core_says(lambda: parse_amount("-5"), lang)),
    ("banker 0", "banca 0", lambda lang, m: core_says(lambda: Bet(B, 0), lang)),
    (
        "banker 0.001",
        "banca 0,001",
        lambda lang, m: core_says(lambda: parse_amount({"en": "0.001", "es": "0,001"}[lang]), lang),
    ),
    (
        "b 50, p 50, t 50",
        "b 50, j 50, e 50",
        lambda lang, m: core_says(lambda: over_balance(m), lang),
    ),
    (
        "banker 1",
        "banca 1",
        lambda lang, m: core_says(
            lambda: verify_bets(
                [Bet(B, 100)], rules=m.rules, limits=LIMITS, balance_minor=m.balance
            ),
            lang,
        ),
    ),
    (
        "banker 60",
        "banca 60",
        lambda lang, m: core_says(
            lambda: verify_bets(
                [Bet(B, 6000)], rules=m.rules, limits=LIMITS, balance_minor=m.balance
            ),
            lang,
        ),
    ),
    (
        "banker",
        "banca",
        lambda lang, m: {"en": "How much on Banker?", "es": "¿Cuánto a Banca?"}[lang],
    ),
    (
        "10",
        "10",
        lambda lang, m: {"en": "Which bet is 10 for?", "es": "¿A qué apuesta van 10?"}[lang],
    ),
]
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
    shoe_counts: dict[Outcome, int] = field(default_factory=dict)

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
        if result.round_in_shoe == 1:  # the scoreboard is cleared at a new shoe
            self.shoe_counts = dict.fromkeys(Outcome, 0)
        self.shoe_counts[result.outcome] += 1
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
    found = re.findall(WORDS[lang]["balance"] + r" (\d[\d.,]*[.,]\d\d) ·", chunk)
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
    assert prompt_balance(chunk, lang) == format_minor(model.balance, lang=lang)
    assert (words["last"] in chunk[-60:]) is model.last_round_next  # shown in the prompt
    assert (words["cut"] in chunk) is model.last_round_next
    counts = model.shoe_counts
    assert (
        words["counts"].format(
            banker=counts[Outcome.BANKER], player=counts[Outcome.PLAYER], tie=counts[Outcome.TIE]
        )
        in chunk
    )
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
    assert prompt_balance(opening, lang) == {"en": "100.00", "es": "100,00"}[lang]
    burn = re.search(WORDS[lang]["burn"], opening)
    assert burn and WORDS[lang]["new_shoe"].format(n=1) in opening
    shoes = 1
    last_rounds_announced = 0
    explain = False
    for index, (en_line, es_line, bets) in enumerate(ROUNDS):
        if index == 1:
            for en_bad, es_bad, says in BAD_INPUTS:
                line = en_bad if lang == "en" else es_bad
                said = plain(says(lang, model))
                chunk = send(child, line)
                assert said in chunk, (line, said, chunk)
                if line:
                    assert ALLOWED[lang] in chunk
                assert prompt_balance(chunk, lang) == format_minor(model.balance, lang=lang)
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
        last_rounds_announced += model.last_round_next
        if result.last_in_shoe:
            shoes += 1
            assert WORDS[lang]["new_shoe"].format(n=shoes) in chunk
            burn = re.search(WORDS[lang]["burn"], chunk)
            assert burn
    assert shoes >= 2, "the session should cross a shoe"
    assert last_rounds_announced >= 1, "and see the cut card come out"
    return child, model, transcript


def check_summary(text: str, model: Model, lang: str) -> None:
    words = WORDS[lang]
    assert words["summary"] in text
    assert re.search(words["rounds"] + rf" {model.rounds}\b", text)
    assert f"{words['wagered']} {format_minor(model.wagered, lang=lang)}" in text
    net = model.won - model.lost
    assert f"{words['net']} {'+' if net > 0 else ''}{format_minor(net, lang=lang)}" in text
    assert f"{words['final']} {format_minor(model.balance, lang=lang)}" in text
    assert f"{words['biggest']} {format_minor(model.biggest, lang=lang)}" in text


def test_english_session_ended_by_ctrl_c() -> None:
    child, model, transcript = play_session("en", {"LANG": "C.UTF-8"}, ["--lang", "en"])
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    tail = plain(child.before)
    assert "Interrupted (Ctrl-C)" in tail
    check_summary(tail, model, "en")
    assert child.exitstatus == 130  # as puntobanco simulate
    assert "Traceback" not in transcript.getvalue()


def test_spanish_session_from_the_locale_ended_by_end_of_input() -> None:
    child, model, transcript = play_session("es", {"LANG": "es_ES.UTF-8"}, [])
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    tail = plain(child.before)
    assert "Fin de la entrada (Ctrl-D)" in tail
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
    assert "Su saldo (0,00) está por debajo del mínimo de la mesa (5,00)" in text
    assert "Saldo final 0,00" in text
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


def test_typing_while_the_cards_are_dealt_is_not_echoed_nor_kept() -> None:
    # Without --fast: the cards come one by one, with pauses, at a terminal.
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", "COLUMNS", "LINES")
    }
    env.update(PYTHONPATH=str(SRC), TERM="xterm-256color", LANG="C.UTF-8")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "puntobanco.cli.main", "play", "--seed", "3", "--lang", "en"],
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(60, 200),
    )
    transcript = io.StringIO()
    child.logfile_read = transcript
    child.expect(PROMPT)
    child.sendline("b 10")
    child.expect("Round 1")
    child.send("zzzz")  # typed during the pauses between cards
    child.sendline("qqqq")
    child.expect(PROMPT)
    dealt = plain(child.before)
    assert "zzzz" not in dealt and "qqqq" not in dealt
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    text = transcript.getvalue()
    assert "zzzz" not in text and "neither a bet nor a command" not in text
    assert "Rounds played 1" in plain(text)
    assert child.exitstatus == 0


# Side-bet rounds: (English line, Spanish line, bets), at a table of the preset.
SIDE_ROUNDS = {
    "all-side-bets": [
        (
            "b 10 d7 2 panda 2 big 3 small 3",
            [
                (B, 1000),
                (BetKind.DRAGON_7, 200),
                (BetKind.PANDA_8, 200),
                (BetKind.BIG, 300),
                (BetKind.SMALL, 300),
            ],
        ),
        (
            "dragon bonus banker 4 either pair 1 perfect pair 1 super 6 1",
            [
                (BetKind.DRAGON_BONUS_BANKER, 400),
                (BetKind.EITHER_PAIR, 100),
                (BetKind.PERFECT_PAIR, 100),
                (BetKind.SUPER_6, 100),
            ],
        ),
        (
            "p 5 dbp 3 tiger 1 small tiger 1 big tiger 1 tiger tie 1 tiger pair 1",
            [
                (P, 500),
                (BetKind.DRAGON_BONUS_PLAYER, 300),
                (BetKind.TIGER, 100),
                (BetKind.SMALL_TIGER, 100),
                (BetKind.BIG_TIGER, 100),
                (BetKind.TIGER_TIE, 100),
                (BetKind.TIGER_PAIR, 100),
            ],
        ),
        (
            "t 1 egalite 0 1 eg5 1 egalite 9 1 pp 1 bp 1 small 3.33",
            [
                (T, 100),
                (BetKind.EGALITE_0, 100),
                (BetKind.EGALITE_5, 100),
                (BetKind.EGALITE_9, 100),
                (BetKind.PLAYER_PAIR, 100),
                (BetKind.BANKER_PAIR, 100),
                (BetKind.SMALL, 333),
            ],
        ),
    ]
    * 3,
    "dragon-bonus": [
        ("banca 10 bono dragón banca 5", [(B, 1000), (BetKind.DRAGON_BONUS_BANKER, 500)]),
        (
            "jugador 10 bonus jugador 5 pj 1",
            [(P, 1000), (BetKind.DRAGON_BONUS_PLAYER, 500), (BetKind.PLAYER_PAIR, 100)],
        ),
        (
            "bdb 2,50 bdj 2,50 pb 1",
            [
                (BetKind.DRAGON_BONUS_BANKER, 250),
                (BetKind.DRAGON_BONUS_PLAYER, 250),
                (BetKind.BANKER_PAIR, 100),
            ],
        ),
    ]
    * 4,
}


@pytest.mark.parametrize(("preset", "lang"), [("all-side-bets", "en"), ("dragon-bonus", "es")])
def test_side_bets_at_a_preset_table_match_core_settlement(preset: str, lang: str) -> None:
    from puntobanco.core.explain import describe_settlement
    from puntobanco.core.rules import PRESETS

    rules = PRESETS[preset]
    seed = 20261201
    shoe = Shoe(rules, SeededSource(seed))
    balance = 100_000
    env = {"LANG": "C.UTF-8"} if lang == "en" else {"LANG": "es_ES.UTF-8"}
    child, transcript = spawn(["--seed", str(seed), "--preset", preset, "--lang", lang], env)
    child.expect(PROMPT)
    # A spot this table does not offer (dragon-bonus), or a word that names no spot
    # (all-side-bets offers every one): refused, saying what is allowed; nothing changed.
    refused = send(child, {"en": "dragon 5", "es": "dragón 7 5"}[lang])
    assert {
        "en": "'dragon' is neither a bet nor a command",
        "es": "Dragón 7 no se ofrece en esta mesa: las casillas son Jugador, Banca, Empate, "
        "Pareja Jugador, Pareja Banca, Bono Dragón Jugador, Bono Dragón Banca.",
    }[lang] in refused
    assert ALLOWED[lang] in refused
    assert prompt_balance(refused, lang) == format_minor(balance, lang=lang)
    side_wins = 0
    for line, bets in SIDE_ROUNDS[preset]:
        chunk = send(child, line)
        result = shoe.deal_coup()
        settlement = settle([Bet(k, s) for k, s in bets], result, rules)
        balance += settlement.net_minor
        assert prompt_balance(chunk, lang) == format_minor(balance, lang=lang), (line, chunk)
        for settled in settlement.bets:
            if settled.bet.kind not in (P, B, T, BetKind.PLAYER_PAIR, BetKind.BANKER_PAIR):
                assert plain(describe_settlement(settled, lang)) in chunk, (line, chunk)
                side_wins += settled.resolution.value == "win"
    assert side_wins >= 2, "the session should see side bets win"
    paytables = send(child, {"en": "rules", "es": "reglas"}[lang])
    assert {"en": "Paytables", "es": "Tablas de pagos"}[lang] in paytables
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in transcript.getvalue()
