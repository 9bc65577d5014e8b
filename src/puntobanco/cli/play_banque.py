"""``puntobanco play --variant banque``: Baccarat Banque in the terminal against the house's bank.

The computer holds the bank for the whole shoe (:data:`BANK_MINIMUMS` table
minimums, opened afresh with each shoe or when it cannot cover a minimum bet);
you bet on the right tableau, the left, or both (à cheval), and the money is
:func:`~puntobanco.core.banque_table.settle_banque`'s. You hold the cards of
the tableau you bet on (both, à cheval): when it has 5 the game asks "draw or
stand?". A tableau you do not hold plays the Chemin de fer equilibrium on 5
(9/11, drawn from :func:`~puntobanco.core.chemin_table.choice_stream`, a
stream of its own keyed by (seed, shoe, round), never from the shoe's cards);
the Banker plays his best reply to it under the Banque rule card
(:func:`~puntobanco.analysis.banque.solve_banque`, the infinite deck).

With ``--explain`` (or ``x`` at the bet prompt) the choice on 5 comes with the
optimal play and what each pure choice is worth against the Banker's reply.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rich.console import Console
from rich.markup import escape

from puntobanco.analysis.banque import BanqueSolution, evaluate_banque, solve_banque
from puntobanco.cli.numbers import localize
from puntobanco.core.banque import (
    BANKER,
    BANQUE_RULE_CARD,
    LEFT,
    RIGHT,
    BanqueCoup,
    BanquePoint,
    BanqueStrategy,
    play_banque,
)
from puntobanco.core.banque_table import (
    BanqueBet,
    BanqueSettlement,
    Spot,
    check_bets,
    settle_banque,
)
from puntobanco.core.cards import Card
from puntobanco.core.chemin_table import choice_stream
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import Lang
from puntobanco.core.i18n import text
from puntobanco.core.money import format_minor, parse_amount
from puntobanco.core.rng import RandomSource, SeededSource, SystemSource
from puntobanco.core.rules import Rules, ShoeMode, Variant
from puntobanco.core.shoe import Shoe

#: Your seat's name in the settlement.
HUMAN = "you"
#: The computer's bank for a shoe, in table minimums.
BANK_MINIMUMS = 100
#: What a bet line's first word may be, for each spot (English and Spanish words).
SPOT_WORDS = {
    "r": Spot.RIGHT, "right": Spot.RIGHT, "d": Spot.RIGHT, "derecho": Spot.RIGHT,
    "l": Spot.LEFT, "left": Spot.LEFT, "i": Spot.LEFT, "izquierdo": Spot.LEFT,
    "c": Spot.CHEVAL, "cheval": Spot.CHEVAL, "a-cheval": Spot.CHEVAL,
}  # fmt: skip
_QUIT = frozenset({"q", "quit", "salir"})
_DRAW = frozenset({"d", "draw", "c", "carta", "pido"})
_STAND = frozenset({"s", "stand", "p", "planto", "me planto"})


@dataclass(frozen=True, slots=True)
class BanqueConfig:
    """What a Banque session is played with."""

    rules: Rules
    minimum_minor: int
    balance_minor: int
    seed: int | None
    lang: Lang
    explain: bool


@dataclass(slots=True)
class Played:
    """One round: the coup, the bets and the settlement (what the tests re-settle)."""

    coup: BanqueCoup
    bets: tuple[BanqueBet, ...]
    settlement: BanqueSettlement


@dataclass(slots=True)
class Game:
    """A session's state: the shoe, the bank, your balance, the rounds played."""

    config: BanqueConfig
    shoe: Shoe
    solution: BanqueSolution
    bank: int
    balance: int
    played: list[Played] = field(default_factory=list)
    commission_minor: int = 0
    new_shoe: bool = True

    @classmethod
    def start(cls, config: BanqueConfig) -> Game:
        """A fresh session: a new shoe and the computer's solution."""
        source = SeededSource(config.seed) if config.seed is not None else SystemSource()
        return cls(
            config,
            Shoe(config.rules, source),
            solve_banque(BANQUE_RULE_CARD, commission=config.rules.banker_commission),
            BANK_MINIMUMS * config.minimum_minor,
            config.balance_minor,
        )

    def choice_source(self, round_in_shoe: int) -> RandomSource:
        """The computer's stream for this round (the system's without a seed)."""
        if self.config.seed is None:
            return SystemSource()
        return choice_stream(self.config.seed, self.shoe.shoe_index, round_in_shoe)


class _Quit(Exception):
    """The player quit, or the input ended."""


class BanquePlay:
    """The terminal loop: prompts, the deal, the choices and the money."""

    def __init__(self, game: Game, console: Console, ask: Callable[[str], str]) -> None:
        self.game = game
        self.console = console
        self.ask = ask
        self.lang: Lang = game.config.lang
        self.explain_next = False

    def say(self, key: str, *, style: str | None = None, **params: Any) -> None:
        """Print the catalogue's ``banque.play.<key>``."""
        line = localize(text(self.lang, f"banque.play.{key}", **params), self.lang)
        self.console.print(escape(line), style=style)

    def money(self, amount: int) -> str:
        """An amount in the player's language."""
        return format_minor(amount, lang=self.lang)

    def read(self, key: str, **params: Any) -> str:
        """Ask the catalogue's ``banque.play.<key>`` prompt; the end of input quits."""
        try:
            return self.ask(text(self.lang, f"banque.play.{key}", **params)).strip().lower()
        except EOFError:
            raise _Quit from None

    def run(self) -> None:
        """Play rounds until the player quits or the input ends, then sum up."""
        try:
            while True:
                self.round()
        except _Quit:
            pass
        self.summary()

    def bets(self) -> tuple[BanqueBet, ...]:
        """Ask for a bet until one is placed (``x`` toggles the explanation)."""
        game = self.game
        while True:
            line = self.read(
                "bet_prompt", bank=self.money(game.bank), balance=self.money(game.balance)
            )
            if line in _QUIT:
                raise _Quit
            if line == "x":
                self.explain_next = True
                self.say("explain_on")
                continue
            word, _, amount = line.partition(" ")
            spot = SPOT_WORDS.get(word)
            if spot is None or not amount.strip():
                self.say("bet_bad", style="bold red", value=line[:24])
                continue
            try:
                stake = parse_amount(amount.strip(), lang=self.lang)
                if stake < game.config.minimum_minor:
                    self.say("bet_small", style="bold red",
                             minimum=self.money(game.config.minimum_minor))  # fmt: skip
                    continue
                if stake > game.balance:
                    self.say("bet_balance", style="bold red", balance=self.money(game.balance))
                    continue
                bets = (BanqueBet(HUMAN, spot, stake),)
                check_bets(bets, game.bank)
            except BaccaratError as error:
                from puntobanco.core.banque_explain import banque_error_message

                self.say(
                    "refused", style="bold red", message=banque_error_message(error, self.lang)
                )
                continue
            return bets

    def round(self) -> None:
        """One round: a new shoe if due, the bet, the deal, the money."""
        game = self.game
        shoe = game.shoe
        if game.new_shoe:
            shoe.shuffle()
            game.new_shoe = False
            game.bank = BANK_MINIMUMS * game.config.minimum_minor
            self.say("new_shoe", bank=self.money(game.bank))
        elif game.bank < game.config.minimum_minor:
            game.bank = BANK_MINIMUMS * game.config.minimum_minor
            self.say("new_bank", bank=self.money(game.bank))
        bets = self.bets()
        spot = bets[0].spot
        held = {Spot.RIGHT: {RIGHT}, Spot.LEFT: {LEFT}, Spot.CHEVAL: {RIGHT, LEFT}}[spot]
        last = shoe.cut_card_out or game.config.rules.shoe_mode is ShoeMode.RESHUFFLE
        round_in_shoe = shoe.rounds_in_shoe + 1
        strategy = game.solution.strategy()
        computer = strategy.decider(game.choice_source(round_in_shoe))
        dealt: dict[str, list[Card]] = {RIGHT: [], LEFT: [], BANKER: []}
        order = iter((RIGHT, LEFT, BANKER) * 2)

        def cards() -> Iterator[Card]:
            while True:
                card = shoe.deal()
                hand = next(order, None)
                if hand is not None:
                    dealt[hand].append(card)
                yield card

        def decide(point: BanquePoint) -> bool:
            if point.hand in held:
                return self.choice(point, dealt[point.hand], strategy)
            return bool(computer(point))

        coup = play_banque(cards(), decide=decide, rule=BANQUE_RULE_CARD)
        shoe.rounds_in_shoe = round_in_shoe
        game.new_shoe = last
        settlement = settle_banque(
            coup, bets, bank=game.bank, commission=game.config.rules.banker_commission
        )
        game.played.append(Played(coup, bets, settlement))
        game.bank = settlement.bank_after
        game.commission_minor += settlement.commission
        net = settlement.results[0].net
        game.balance += net
        self.show(coup)
        key = "you_win" if net > 0 else "you_lose" if net < 0 else "you_push"
        self.say(key, amount=self.money(abs(net)), balance=self.money(game.balance))

    def show(self, coup: BanqueCoup) -> None:
        """The three hands and their totals."""
        for name, cards, total in (
            ("right", coup.right.cards, coup.right.total),
            ("left", coup.left.cards, coup.left.total),
            ("banker", coup.banker_cards, coup.banker_total),
        ):
            shown = " ".join(str(c) for c in cards)
            self.say("hand", hand=text(self.lang, f"banque.play.{name}"), cards=shown, total=total)

    def choice(self, point: BanquePoint, cards: list[Card], strategy: BanqueStrategy) -> bool:
        """Ask "draw or stand?" for your tableau on 5; at the end of input, the likelier choice."""
        hand = text(self.lang, f"banque.play.{point.hand}")
        self.say("your_cards", hand=hand, cards=" ".join(str(c) for c in cards), total=point.total)
        if self.game.config.explain or self.explain_next:
            self.explain(point)
        while True:
            try:
                answer = self.ask(text(self.lang, "banque.play.choice")).strip().lower()
            except EOFError:
                p = strategy.probability(point)
                return p >= Fraction(1, 2)
            if answer in _DRAW:
                return True
            if answer in _STAND:
                return False
            if answer == "?":
                self.explain(point)
                continue
            self.say("choice_bad", style="bold red", value=answer[:24])

    def explain(self, point: BanquePoint) -> None:
        """The optimal play on 5 and what each pure choice is worth to your tableau."""
        solution = self.game.solution
        p = solution.right_draw if point.hand == RIGHT else solution.left_draw
        replies = {c.cell: int(c.draws) for c in solution.cells}

        def worth(draw: int) -> Fraction:
            mixes = {"right_draw": solution.right_draw, "left_draw": solution.left_draw}
            mixes[f"{point.hand}_draw"] = Fraction(draw)
            play = BanqueStrategy.make(solution.rule, banker_draw=replies, **mixes)
            figures = evaluate_banque(play, commission=solution.commission)
            side = figures.right if point.hand == RIGHT else figures.left
            return -side.value  # the tableau's expectation per coup

        self.say(
            "explain",
            p=str(p),
            pf=f"{float(p):.4f}",
            draw=f"{float(worth(1)):+.6f}",
            stand=f"{float(worth(0)):+.6f}",
        )

    def summary(self) -> None:
        """Rounds, your balance against the start, the house's commission."""
        game = self.game
        start = game.config.balance_minor
        self.console.print()
        net = game.balance - start
        self.say(
            "summary",
            rounds=len(game.played),
            balance=self.money(game.balance),
            net=("+" if net > 0 else "-" if net < 0 else "") + self.money(abs(net)),
            commission=self.money(game.commission_minor),
        )


def run_banque(
    config: BanqueConfig, console: Console, *, read_line: Callable[[str], str] | None = None
) -> Game:
    """Play until the player quits or the input ends; returns the game, its rounds recorded."""
    game = Game.start(config)
    BanquePlay(game, console, read_line if read_line is not None else console.input).run()
    return game


#: Options of ``play`` that do not apply here (Punto Banco's bets and history; the rule card).
NOT_HERE = {
    "preset": "--preset",
    "maximum": "--max",
    "tie_pays": "--tie-pays",
    "pairs": "--pairs",
    "side_bets": "--side-bets",
    "history": "--history",
}


def play_banque_variant(banker: str | None, options: dict[str, Any]) -> int:
    """``play --variant banque``: the exit status (2, one sentence, for a bad option).

    The Banker's rule is the Banque rule card, so ``--banker`` is refused, as
    are the options of Punto Banco's bets and history.
    """
    from puntobanco.cli.lang import detect_lang
    from puntobanco.cli.options import OptionError, build_config
    from puntobanco.cli.play import line_reader
    from puntobanco.cli.textsafe import safe_stream
    from puntobanco.core.i18n import parse_lang

    raw = options.get("lang")
    lang = detect_lang(raw if raw and parse_lang(raw) else None, os.environ)

    def fail(option: str, detail: str) -> int:
        err = Console(file=safe_stream(sys.stderr), highlight=False, soft_wrap=True)
        err.print(escape(text(lang, "cli.opt.bad", option=option, detail=detail)), style="bold red")
        return 2

    if banker is not None:
        return fail("--banker", text(lang, "chemin.play.banker_here"))
    for key, option in NOT_HERE.items():
        if options.get(key):
            return fail(option, text(lang, "banque.play.not_here", option=option))
    try:
        config = build_config(options, os.environ)
    except OptionError as error:
        params = dict(error.params)
        if "decks" in params:
            params["decks"] = text(lang, "lang.decks", count=params["decks"])
        detail = text(lang, error.key, **params)
        if error.key != "lang.refused":
            detail = text(lang, "cli.opt.bad", option=error.option, detail=detail)
        err = Console(file=safe_stream(sys.stderr), highlight=False, soft_wrap=True)
        err.print(escape(detail), style="bold red")
        return 2
    banque = BanqueConfig(
        rules=config.rules.replace(variant=Variant.BANQUE),
        minimum_minor=config.limits.minimum_minor,
        balance_minor=config.balance_minor,
        seed=config.seed,
        lang=config.lang,
        explain=config.explain,
    )
    console = Console(file=safe_stream(sys.stdout), highlight=False)
    try:
        run_banque(banque, console, read_line=line_reader(console))
    except KeyboardInterrupt:
        console.print()
        return 130
    return 0
