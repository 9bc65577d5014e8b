"""``puntobanco play --variant banque``: Baccarat Banque in the terminal, your bank or the house's.

At the start of each shoe the bank is on offer: you may hold it yourself
(``b AMOUNT``: from :data:`~puntobanco.core.banque.table.SMALLEST_BANK` table
minimums to your balance, taken out of your wallet) or punt against the
house's bank (:data:`HOUSE_BANK` table minimums, opened afresh with each shoe
or when it cannot cover a minimum bet). The money is
:func:`~puntobanco.core.banque.table.settle_banque`'s: the house's commission
on the banker's winnings of a round is the table's (``--commission``), rounded
down, the part rounded away shown.

**Punting.** You bet on the right tableau, the left, or both (à cheval), and
you hold the cards of the tableau you bet on (both, à cheval): when it has 5
the game asks "draw or stand?". A tableau you do not hold plays the Chemin de
fer equilibrium on 5 (9/11, drawn from
:func:`~puntobanco.core.streams.table_choice_stream`, a stream of its own keyed
by (seed, shoe, round), never from the shoe's cards); the house's Banker plays
his best reply to it under the Banque rule card
(:func:`~puntobanco.analysis.banque.solver.solve_banque`, the infinite deck).

**Holding the bank.** :data:`COMPUTERS` computer punters, each at a seat of
his own with the starting balance (as Chemin de fer's computer players), bet
against your bank within its cover by the rule of
:func:`~puntobanco.core.banque.table.computer_bets`: in seat order, each draws
his spot from :func:`~puntobanco.core.streams.banque_bet_stream` (keyed by
(seed, shoe, round), never from the cards: 0 right, 1 left, 2 à cheval) and
stakes five table minimums, or his balance, or what is left of the bank.
They hold the tableaux' cards and play the equilibrium on 5 as above; you
make the Banker's choices in the free cells of the rule card (totals 3-6),
asked "draw or stand?". Before each round you may give the bank up (it goes
back to your wallet and the house holds the bank for the rest of the shoe);
it also comes back to your wallet at the end of the shoe, when it can no
longer cover the table minimum (then you punt, or put up a new bank), and
when you quit.

With ``--explain`` (or ``x`` at a prompt, ``?`` at a choice) each choice
comes with the optimal play and what each pure choice is worth: on a
tableau's 5, against the Banker's reply; in the Banker's cell, against the
tableaux' play and the bets on the table
(:func:`~puntobanco.analysis.banque.solver.banker_cell_worth`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rich.console import Console

from puntobanco.analysis.banque.solver import (
    BanqueSolution,
    banker_cell_worth,
    evaluate_banque,
    solve_banque,
)
from puntobanco.cli.choice_game import TableConfig, TablePlay, cards_text, shoe_source
from puntobanco.cli.table_command import checked_options, option_lang, play_table, refuse_option
from puntobanco.core.banque.coup import (
    BANKER,
    LEFT,
    RIGHT,
    BanqueCoup,
    BanquePoint,
    BanqueRule,
    BanqueStrategy,
)
from puntobanco.core.banque.explain import banque_error_message, column_words
from puntobanco.core.banque.table import (
    SMALLEST_BANK,
    BanqueBet,
    BanqueSettlement,
    Spot,
    bank_covers,
    check_bets,
    computer_bets,
    open_bank,
    seat_nets,
    settle_banque,
)
from puntobanco.core.cards import Card
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import error_message
from puntobanco.core.i18n import text
from puntobanco.core.money import parse_amount
from puntobanco.core.rng import RandomSource, SystemSource
from puntobanco.core.rules import Variant
from puntobanco.core.shoe import Shoe
from puntobanco.core.streams import banque_bet_stream

#: Your seat's name in the settlement.
HUMAN = "you"
#: Who holds the bank when you do not.
HOUSE = "house"
#: The house's bank for a shoe, in table minimums.
HOUSE_BANK = 100
#: The computer punters who bet against your bank.
COMPUTERS = 3
#: The computer punters' seat names in the settlement (your seat is seat 1).
COMPUTER_SEATS: tuple[str, ...] = tuple(f"seat-{n}" for n in range(2, COMPUTERS + 2))
#: What a bet line's first word may be, for each spot (English and Spanish words).
SPOT_WORDS = {
    "r": Spot.RIGHT, "right": Spot.RIGHT, "d": Spot.RIGHT, "derecho": Spot.RIGHT,
    "l": Spot.LEFT, "left": Spot.LEFT, "i": Spot.LEFT, "izquierdo": Spot.LEFT,
    "c": Spot.CHEVAL, "cheval": Spot.CHEVAL, "a-cheval": Spot.CHEVAL,
}  # fmt: skip
#: What puts up a bank (``b AMOUNT``) where the bank is on offer.
BANK_WORDS = frozenset({"b", "bank", "banca"})
#: What gives up the bank, in each language (Spanish "d", dejar; in English "d" might mean "deal").
_GIVE_UP = {
    "en": frozenset({"g", "give", "give up", "dejar"}),
    "es": frozenset({"d", "dejar", "dejo", "g", "give", "give up"}),
}


#: What a Banque session is played with (the Banker's rule card is the rules').
BanqueConfig = TableConfig


@dataclass(slots=True)
class Played:
    """One round: the coup, the bets and the settlement (what the tests re-settle).

    ``banker`` is who held the bank: :data:`HOUSE` or :data:`HUMAN`.
    """

    coup: BanqueCoup
    bets: tuple[BanqueBet, ...]
    settlement: BanqueSettlement
    banker: str = HOUSE


@dataclass(slots=True)
class Game:
    """A session's state: the shoe, the bank and who holds it, the wallets, the rounds played.

    ``balance`` is your wallet; while you hold the bank, ``bank`` is yours
    and not in it. ``computers`` are the computer punters' balances, in
    :data:`COMPUTER_SEATS` order.
    """

    config: BanqueConfig
    shoe: Shoe
    solution: BanqueSolution
    bank: int
    balance: int
    played: list[Played] = field(default_factory=list)
    commission_minor: int = 0
    banker: str = HOUSE
    offer: bool = False
    computers: list[int] = field(default_factory=list)

    @classmethod
    def start(cls, config: BanqueConfig) -> Game:
        """A fresh session: a new shoe, the computer's solution, the computer punters seated."""
        return cls(
            config,
            Shoe(config.rules, shoe_source(config.seed)),
            _solution(_rule(config), config.rules.banker_commission),
            HOUSE_BANK * config.minimum_minor,
            config.balance_minor,
            computers=[config.balance_minor] * COMPUTERS,
        )

    def house_bank(self) -> int:
        """The bank the house opens."""
        return HOUSE_BANK * self.config.minimum_minor

    def smallest_bank(self) -> int:
        """The smallest bank you may put up."""
        return SMALLEST_BANK * self.config.minimum_minor

    def bet_source(self, round_in_shoe: int) -> RandomSource:
        """The computer punters' betting stream for this round (the system's without a seed)."""
        if self.config.seed is None:
            return SystemSource()
        return banque_bet_stream(self.config.seed, self.shoe.shoe_index, round_in_shoe)

    def chips(self) -> int:
        """Your wallet, your bank if you hold it, and the computer punters' balances."""
        return self.balance + (self.bank if self.banker == HUMAN else 0) + sum(self.computers)


def _rule(config: TableConfig) -> BanqueRule:
    """The Banker's rule card: the rules'."""
    rule = config.rules.tables.banker_rule
    assert isinstance(rule, BanqueRule)
    return rule


def _hand_cards(dealt: Sequence[Card], hand: str) -> list[Card]:
    """A hand's two cards among the first six dealt (right, left, Banker, twice)."""
    first = {RIGHT: 0, LEFT: 1, BANKER: 2}[hand]
    return [dealt[first], dealt[first + 3]]


@functools.lru_cache(maxsize=4)
def _solution(rule: BanqueRule, commission: Fraction) -> BanqueSolution:
    """The Banker's best reply under ``rule`` (the same for every game at a commission)."""
    return solve_banque(rule, commission=commission)


@functools.lru_cache(maxsize=8)
def _tableau_worth(solution: BanqueSolution, hand: str) -> tuple[Fraction, Fraction]:
    """A tableau's expectation per coup if it always draws on 5, and if it always stands.

    Against the Banker's reply in ``solution`` and the other tableau's mix.
    """
    replies = {c.cell: int(c.draws) for c in solution.cells}

    def worth(draw: int) -> Fraction:
        mixes = {"right_draw": solution.right_draw, "left_draw": solution.left_draw}
        mixes[f"{hand}_draw"] = Fraction(draw)
        play = BanqueStrategy.make(solution.rule, banker_draw=replies, **mixes)
        figures = evaluate_banque(play, commission=solution.commission)
        side = figures.right if hand == RIGHT else figures.left
        return -side.value  # the tableau's expectation per coup

    return worth(1), worth(0)


class BanquePlay(TablePlay):
    """The terminal loop: prompts, the deal, the choices and the money."""

    section = "banque.play"
    draw_words = frozenset({"d", "draw", "c", "carta", "pido"})
    stand_words = frozenset({"s", "stand", "p", "planto", "me planto"})
    quit_words = frozenset({"q", "quit", "salir"})
    commands_at_choice = True

    def __init__(self, game: Game, console: Console, ask: Callable[[str], str]) -> None:
        super().__init__(console, ask, game.config)
        self.game = game

    def interrupted(self) -> None:
        """Ctrl-C: said before the summary, as Punto Banco says it; then the status 130."""
        self.console.print()
        self.say("interrupted")

    def closing(self) -> None:
        """Your bank back to your wallet; the rounds, your balance, the house's commission."""
        game = self.game
        if game.banker == HUMAN:
            self.bank_back("bank_back_end")
        self.summary(game.balance, game.commission_minor, count=len(game.played))

    def refusal(self, error: BaccaratError) -> str:
        """The table's sentence for a refusal (an error of another module keeps its message)."""
        return banque_error_message(error, self.lang)

    # The bank.
    def bank_back(self, key: str) -> None:
        """Your bank goes back to your wallet; the house holds the bank."""
        game = self.game
        bank = game.bank
        game.balance += bank
        game.banker = HOUSE
        game.bank = game.house_bank()
        self.say(
            key,
            bank=self.money(bank),
            balance=self.money(game.balance),
            minimum=self.money(game.config.minimum_minor),
            house=self.money(game.bank),
        )

    def offer_bank(self) -> None:
        """Say that you may hold the bank, when your wallet can put one up."""
        game = self.game
        game.offer = game.balance >= game.smallest_bank()
        if game.offer:
            self.say(
                "offer_bank",
                minimum=self.money(game.smallest_bank()),
                balance=self.money(game.balance),
            )

    def hold_bank(self, amount: str) -> bool:
        """Put up a bank of ``amount`` (as typed) from your wallet; refused, nothing changes."""
        game = self.game
        try:
            bank = open_bank(
                parse_amount(amount, lang=self.lang),
                minimum=game.config.minimum_minor,
                balance=game.balance,
            )
        except BaccaratError as error:
            if error.code == "banque_bank_range":
                message = banque_error_message(error, self.lang)
            else:
                message = self.t(
                    "bank_bad",
                    value=amount[:24],
                    minimum=self.money(game.smallest_bank()),
                    balance=self.money(game.balance),
                )
            self.say("refused", style="bold red", message=message)
            return False
        game.balance -= bank
        game.bank = bank
        game.banker = HUMAN
        game.offer = False
        self.say("you_hold", bank=self.money(bank), balance=self.money(game.balance))
        return True

    # Punting.
    def bets(self) -> tuple[BanqueBet, ...] | None:
        """Ask for a bet until one is placed (``x`` toggles the explanations).

        ``None`` when you put up a bank instead (``b AMOUNT``, where it is on offer).
        """
        game = self.game
        while True:
            typed = self.command(
                "bet_prompt_offer" if game.offer else "bet_prompt",
                bank=self.money(game.bank),
                balance=self.money(game.balance),
            )
            if typed is None:
                continue
            line = typed.lower()
            word, _, amount = line.partition(" ")
            if game.offer and word in BANK_WORDS:
                if self.hold_bank(amount.strip()):
                    return None
                continue
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
                self.refuse(error)
                continue
            game.offer = False
            return bets

    def play_round(self) -> None:
        """One round: a new shoe if due, the bank, the bets, the deal, the money."""
        game = self.game
        shoe = game.shoe
        if shoe.needs_new_shoe:
            shoe.shuffle()
            if game.banker == HUMAN:
                self.bank_back("bank_back_shoe")
            game.bank = game.house_bank()
            self.say("new_shoe", bank=self.money(game.bank))
            self.offer_bank()
        elif game.banker == HUMAN and not bank_covers(game.bank, game.config.minimum_minor):
            self.bank_back("bank_spent_yours")
            self.offer_bank()
        elif game.banker == HOUSE and game.bank < game.config.minimum_minor:
            game.bank = game.house_bank()
            self.say("new_bank", bank=self.money(game.bank))
        if game.banker == HOUSE:
            bets = self.bets()
            if bets is not None:
                self.deal(bets)
                return
        self.bank_round()

    # Holding the bank.
    def bank_round(self) -> None:
        """A round against your bank: deal or give it up; the computers' bets; the deal."""
        game = self.game
        while True:
            typed = self.command(
                "banker_prompt", bank=self.money(game.bank), balance=self.money(game.balance)
            )
            if typed is None:
                continue
            line = typed.lower()
            if line in _GIVE_UP[self.lang]:
                self.bank_back("gave_up")
                return
            if not line:
                break
            self.say("banker_bad", style="bold red", value=line[:24])
        round_in_shoe = game.shoe.rounds_in_shoe + 1
        seats = list(zip(COMPUTER_SEATS, game.computers, strict=True))
        bets = computer_bets(
            seats,
            bank=game.bank,
            minimum=game.config.minimum_minor,
            source=game.bet_source(round_in_shoe),
        )
        if not bets:
            self.bank_back("nobody_bets")
            return
        for bet in bets:
            self.say(
                "computer_bets",
                name=self.seat_name(bet.seat),
                amount=self.money(bet.stake),
                spot=self.t(f"spot.{bet.spot.value}"),
            )
        self.deal(bets)

    def seat_name(self, seat: str) -> str:
        """A computer punter's name (``Seat 2``)."""
        return self.t("seat", n=COMPUTER_SEATS.index(seat) + 2)

    # The deal.
    def deal(self, bets: tuple[BanqueBet, ...]) -> None:
        """Deal one coup for ``bets``, asking whoever decides, and settle it."""
        game = self.game
        shoe = game.shoe
        banker = game.banker
        held: set[str] = set()
        if banker == HOUSE:
            spot = bets[0].spot
            held = {Spot.RIGHT: {RIGHT}, Spot.LEFT: {LEFT}, Spot.CHEVAL: {RIGHT, LEFT}}[spot]
        strategy = game.solution.strategy()
        round_ = shoe.start_banque(_rule(game.config))

        def yours(point: BanquePoint) -> bool:
            return point.hand in held or (point.hand == BANKER and banker == HUMAN)

        def ask(point: BanquePoint) -> bool:
            cards = _hand_cards(round_.cards, point.hand)
            if point.hand in held:
                return self.choice(point, cards, strategy)
            return self.banker_choice(point, cards, bets)

        coup = self.play_out(round_, strategy, yours, ask)
        settlement = settle_banque(
            coup, bets, bank=game.bank, commission=game.config.rules.banker_commission
        )
        game.played.append(Played(coup, bets, settlement, banker))
        game.bank = settlement.bank_after
        game.commission_minor += settlement.commission
        self.show(coup)
        if banker == HOUSE:
            net = settlement.results[0].net
            game.balance += net
            key = "you_win" if net > 0 else "you_lose" if net < 0 else "you_push"
            self.say(key, amount=self.money(abs(net)), balance=self.money(game.balance))
            return
        for seat, net in seat_nets(settlement).items():
            index = COMPUTER_SEATS.index(seat)
            game.computers[index] += net
            self.say(
                "computer_result",
                name=self.seat_name(seat),
                delta=self.signed(net),
                balance=self.money(game.computers[index]),
            )
        self.show_bank(settlement)

    def show_bank(self, s: BanqueSettlement) -> None:
        """Your bank's result: its net, the commission (the part rounded away shown), the bank."""
        if s.commission or s.rounded_away:
            self.say(
                "bank_won",
                delta=self.signed(s.banker_net),
                bank=self.money(s.bank_after),
                **self.commission_words(s.commission, s.rounded_away),
            )
            return
        self.say("bank_result", delta=self.signed(s.banker_net), bank=self.money(s.bank_after))

    def show(self, coup: BanqueCoup) -> None:
        """The three hands and their totals."""
        for name, cards, total in (
            ("right", coup.right.cards, coup.right.total),
            ("left", coup.left.cards, coup.left.total),
            ("banker", coup.banker_cards, coup.banker_total),
        ):
            self.say("hand", hand=self.t(name), cards=cards_text(cards), total=total)

    # The choices.
    def choice(self, point: BanquePoint, cards: list[Card], strategy: BanqueStrategy) -> bool:
        """Ask "draw or stand?" for your tableau on 5; at the end of input, the likelier choice."""
        hand = self.t(point.hand)
        self.say("your_cards", hand=hand, cards=cards_text(cards), total=point.total)
        likelier = strategy.probability(point) >= Fraction(1, 2)
        return self.draw_or_stand(lambda: self.explain_tableau(point), likelier)

    def explain_tableau(self, point: BanquePoint) -> None:
        """The optimal play on 5 and what each pure choice is worth to your tableau."""
        solution = self.game.solution
        p = solution.right_draw if point.hand == RIGHT else solution.left_draw
        draw, stand = _tableau_worth(solution, point.hand)
        self.say(
            "explain",
            p=str(p),
            pf=self.number(float(p)),
            draw=self.sign(draw, 6),
            stand=self.sign(stand, 6),
        )

    def sign(self, value: Fraction, digits: int = 4) -> str:
        """An expectation with its sign and ``digits`` decimals, in the player's separators."""
        return ("+" if value >= 0 else "") + self.number(float(value), digits)

    def banker_choice(
        self, point: BanquePoint, cards: list[Card], bets: tuple[BanqueBet, ...]
    ) -> bool:
        """Ask "draw or stand?" in your bank's free cell; at the end of input, the best choice."""
        self.say(
            "your_bank_cards",
            cards=cards_text(cards),
            total=point.total,
            right=column_words(point.right, self.lang),
            left=column_words(point.left, self.lang),
        )
        best, advice = self.banker_advice(point, bets)
        return self.draw_or_stand(lambda: self.advise(advice), best)

    def banker_advice(self, point: BanquePoint, bets: tuple[BanqueBet, ...]) -> tuple[bool, str]:
        """The optimal choice in your cell against the tableaux' play and these bets, in words.

        Each pure choice's worth is your bank's expected net, before commission,
        per time it is in this cell (:func:`banker_cell_worth`).
        """
        solution = self.game.solution
        cell = point.cell
        assert cell is not None
        stakes = {spot: sum(b.stake for b in bets if b.spot is spot) for spot in Spot}
        stand, draw = banker_cell_worth(
            cell,
            right=stakes[Spot.RIGHT],
            left=stakes[Spot.LEFT],
            cheval=stakes[Spot.CHEVAL],
            right_draw=solution.right_draw,
            left_draw=solution.left_draw,
        )
        minor = 10**2  # the expectations are in minor units; shown in major units

        def shown(value: Fraction) -> str:
            return self.sign(value / minor)

        p = solution.right_draw
        if draw == stand:
            return False, self.t("banker_same", p=str(p), worth=shown(draw))
        best = draw > stand
        words = (self.t("word_draw"), self.t("word_stand"))
        return best, self.t(
            "banker_explain",
            best=words[0] if best else words[1],
            other=words[1] if best else words[0],
            p=str(p),
            draw=shown(draw),
            stand=shown(stand),
            cost=self.number(float(abs(draw - stand) / minor)),
        )


def run_banque(
    config: BanqueConfig, console: Console, *, read_line: Callable[[str], str] | None = None
) -> Game:
    """Play until the player quits or the input ends; returns the game, its rounds recorded."""
    game = Game.start(config)
    BanquePlay(game, console, read_line if read_line is not None else console.input).run()
    return game


def play_banque_variant(banker: str | None, options: dict[str, Any]) -> int:
    """``play --variant banque``: the exit status (2, one sentence, for a bad option).

    The Banker's rule is the Banque rule card, so ``--banker`` is refused, as
    are the options of Punto Banco's bets and history.
    """
    lang = option_lang(options)
    if banker is not None:
        return refuse_option(lang, "--banker", text(lang, "chemin.play.banker_here"))
    config = checked_options(
        options, lang, lambda option: text(lang, "banque.play.not_here", option=option)
    )
    if config is None:
        return 2
    # Banque's own cut card (two rounds of nine cards behind it), unless one was asked for:
    # that one is checked again for Banque.
    asked = options.get("cut_card") is not None
    cut_card = config.rules.cut_card if asked else None
    try:
        rules = config.rules.replace(variant=Variant.BANQUE, cut_card=cut_card)
    except BaccaratError as error:
        return refuse_option(lang, "--cut-card", error_message(error, lang).rstrip("."))
    return play_table(config, rules, run_banque)
