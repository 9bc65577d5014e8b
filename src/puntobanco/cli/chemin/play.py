"""``puntobanco play --variant chemin-de-fer``: Chemin de fer in the terminal, against the computer.

You sit at seat 1 of a table of :data:`SEATS` with computer players. The
bank passes round the table as the rules pass it (:mod:`puntobanco.core.chemin.table`
does the money): when a computer holds it you punt, betting against it or
calling banco; when you hold it, you state the bank and the computers punt.
Whoever holds the Player's cards (the banco, else the largest bet) chooses on
5, the banker in his free cells of the rule card, and when that is you the
game asks "draw or stand?".

The computer players play the equilibrium of :mod:`puntobanco.analysis.chemin.solver`
solved, by the float path, **for the unseen cards**: the shoe's full counts
less every card shown so far this shoe (the burn's face-down cards are
unseen), solved again before each round. Their mixed choices come from
:func:`~puntobanco.core.streams.table_choice_stream`, a stream of their own
keyed by (seed, shoe, round), never from the shoe's cards; without ``--seed``
from the system's generator. Their money rules are fixed here: a computer
punter bets :data:`BOT_STAKE` table minimums (or what is left of the bank, or
his balance), calling banco when the whole bank is within that; a computer
banker opens :data:`BOT_BANK` minimums and keeps a winning bank while it is
under :data:`BOT_KEEP` minimums.

With ``--explain`` (or ``x`` at the bet prompt, ``?`` at a choice) the game
says the optimal choice for the unseen cards and what the other costs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.markup import escape

from puntobanco.cli.choice_game import Quit, TableConfig, TablePlay, cards_text, shoe_source
from puntobanco.cli.table_command import checked_options, option_lang, play_table, refuse_option
from puntobanco.core.cards import Card, hand_total
from puntobanco.core.chemin.table import (
    BOT_BANK,
    BOT_KEEP,
    BOT_STAKE,
    ChemTable,
    RoundSettlement,
    Wager,
    apply_settlement,
    keep_bank,
    left_to_cover,
    open_bank,
    pass_bank,
    place_wager,
    player_hand_seat,
    punters,
    settle_round,
    table_error_message,
)
from puntobanco.core.choice_explain import describe_choice
from puntobanco.core.choices import PLAYER, ChoicePoint
from puntobanco.core.coup import CoupResult, EventKind
from puntobanco.core.errors import BaccaratError, WrongPhase
from puntobanco.core.explain import error_message
from puntobanco.core.i18n import text
from puntobanco.core.money import parse_amount
from puntobanco.core.rules import BANKER_RULES, RULE_CARD, BankerRule, Variant
from puntobanco.core.shoe import Shoe
from puntobanco.core.tableau import PLAYER_STOOD

#: Seats at the table: you (seat 1) and three computer players.
SEATS = 4
#: Your seat (0-based).
HUMAN = 0
#: The options of ``play`` that apply to Chemin de fer.
APPLIES = (
    "--banker", "--decks", "--shoe", "--cut-card", "--seed", "--balance", "--min",
    "--commission", "--lang", "--fast", "--explain",
)  # fmt: skip
#: The variants ``play`` plays.
PLAYABLE = (Variant.PUNTO_BANCO.value, Variant.CHEMIN_DE_FER.value, Variant.BANQUE.value)

_KEEP = {"k", "keep", "s", "sigo", "seguir", "suivre"}
_PASS = {"p", "pass", "paso", "pasar", "la main passe"}
_SIT_OUT = {"", "0", "no", "n", "pass", "paso"}

#: What the options decide for a Chemin de fer game (the Banker's rule card is the rules').
ChemConfig = TableConfig


@dataclass(slots=True)
class Played:
    """One round as it was dealt and settled (what the tests check against the core)."""

    table: ChemTable
    wagers: tuple[Wager, ...]
    result: CoupResult
    settlement: RoundSettlement


@dataclass(slots=True)
class Game:
    """The table, the shoe and what has been seen of it; every amount in minor units."""

    config: ChemConfig
    table: ChemTable
    shoe: Shoe
    seen: list[Card] = field(default_factory=list)
    rounds: int = 0
    commission_minor: int = 0
    history: list[Played] = field(default_factory=list)

    @classmethod
    def start(cls, config: ChemConfig) -> Game:
        """A fresh table: every seat with the starting balance, seat 1 (you) to bank first."""
        table = ChemTable(
            balances=(config.balance_minor,) * SEATS,
            banker=HUMAN,
            minimum_minor=config.minimum_minor,
            commission=config.rules.banker_commission,
        )
        return cls(config, table, Shoe(config.rules, shoe_source(config.seed)))

    @property
    def banker_rule(self) -> BankerRule:
        """The Banker's rule card: the rules'."""
        rule = self.config.rules.tables.banker_rule
        assert isinstance(rule, BankerRule)
        return rule

    def unseen_points(self) -> tuple[int, ...]:
        """The counts per point value of the cards not shown yet in this shoe."""
        counts = [4 * 4 * self.config.rules.decks] + [4 * self.config.rules.decks] * 9
        for card in self.seen:
            counts[card.points] -= 1
        return tuple(counts)

    def solution(self) -> Any:
        """The equilibrium for the unseen cards (float path)."""
        from puntobanco.analysis.chemin.walk import solve_chemin_float

        return solve_chemin_float(
            self.unseen_points(),
            banker_rule=self.banker_rule,
            commission=self.config.rules.banker_commission,
        )


class ChemPlay(TablePlay):
    """The loop: prompts, the computer players' moves, the deal and the settlement, printed."""

    section = "chemin.play"
    prompt_gap = " "
    newline_on_eof = True
    choice_key = "choice_prompt"
    draw_words = frozenset({"d", "draw", "c", "carta", "pido"})
    stand_words = frozenset({"s", "stand", "p", "planto", "me planto", "plantarse", "plantarme"})
    quit_words = frozenset({"q", "quit", "exit", "salir"})

    def __init__(self, game: Game, console: Console, ask: Callable[[str], str]) -> None:
        super().__init__(console, ask, game.config)
        self.game = game

    def name(self, seat: int) -> str:
        """A seat as the subject of a sentence ("Seat 1 (you) bets...")."""
        return self.t("you_subject") if seat == HUMAN else self.t(f"seat_name.{seat}")

    def short(self, seat: int) -> str:
        """A seat in the table's columns."""
        return self.t("you") if seat == HUMAN else self.t(f"seat_name.{seat}")

    def refusal(self, error: BaccaratError) -> str:
        """The table's sentence for a refusal, else the core's."""
        worded = table_error_message(error, self.lang)
        return error_message(error, self.lang) if worded == error.message else worded

    # The game.
    def opening(self) -> None:
        """Welcome: the shoe, the rule card, the commission, the seats."""
        cfg = self.game.config
        decks = text(self.lang, "lang.decks", count=cfg.rules.decks)
        rule = self.game.banker_rule.name
        self.say("welcome", style="bold", decks=decks, rule=rule, rate=self.rate())
        self.say(
            "seats_intro",
            seats=SEATS,
            balance=self.money(cfg.balance_minor),
            minimum=self.money(cfg.minimum_minor),
        )
        if cfg.seed is not None:
            self.say("seed", seed=cfg.seed)
        self.say("help")

    def can_go_on(self) -> bool:
        """Whether another round can be played (else says why not)."""
        table = self.game.table
        if table.balances[HUMAN] < table.minimum_minor:
            self.say("broke", style="bold red", minimum=self.money(table.minimum_minor))
            return False
        others = [s for s in range(SEATS) if s != HUMAN]
        if all(table.balances[s] < table.minimum_minor for s in others):
            self.say("table_empty", style="bold red")
            return False
        return True

    def seats(self) -> None:
        """Print the table: each seat's balance, and who holds the bank."""
        table = self.game.table
        for seat in range(SEATS):
            role = (
                self.t("role_banker", bank=self.money(table.bank_minor))
                if (seat == table.banker)
                else ""
            )
            self.say(
                "seat_line",
                marker=">" if seat == HUMAN else " ",
                seat=seat + 1,
                name=self.short(seat),
                balance=self.money(table.balances[seat]),
                role=role,
            )

    def open_the_bank(self) -> bool:
        """The banker states the bank; ``False`` when the bank passed instead."""
        table = self.game.table
        banker = table.banker
        balance = table.balances[banker]
        default = min(balance, BOT_BANK * table.minimum_minor)
        if banker != HUMAN:
            self.game.table = open_bank(table, default)
            self.say("bank_opened", name=self.name(banker), bank=self.money(default))
            return True
        while True:
            line = self.read(
                "bank_prompt",
                minimum=self.money(table.minimum_minor),
                balance=self.money(balance),
                default=self.money(default),
            )
            word = line.lower()
            if word in self.quit_words:
                raise Quit
            if word in _PASS:
                self.pass_the_bank()
                return False
            try:
                amount = default if not word else parse_amount(line, lang=self.lang)
                self.game.table = open_bank(table, amount)
            except BaccaratError as error:
                self.refuse(error)
                continue
            self.say("bank_opened", name=self.name(banker), bank=self.money(amount))
            return True

    def pass_the_bank(self) -> None:
        """The banker gives up the bank (la main passe) to the next seat that can bank."""
        before = self.game.table.banker
        try:
            self.game.table = pass_bank(self.game.table)
        except WrongPhase as error:
            self.refuse(error)
            self.stop_after_round = True
            return
        self.say("gives_up", name=self.name(before), next=self.name(self.game.table.banker))

    def take_bets(self) -> tuple[Wager, ...]:
        """The punters' bets in seat order: the computers' by their rule, yours asked."""
        table = self.game.table
        wagers: tuple[Wager, ...] = ()
        for seat in punters(table):
            left = left_to_cover(table, wagers)
            if left == 0:
                break
            if seat == HUMAN:
                wagers = self.human_bet(wagers)
                continue
            stake = min(BOT_STAKE * table.minimum_minor, table.balances[seat])
            if left == table.bank_minor and table.bank_minor <= stake:
                wager = Wager(seat, table.bank_minor, banco=True)
            else:
                wager = Wager(seat, min(stake, left))
            if wager.amount_minor < min(table.minimum_minor, left):
                self.say("sits_out", name=self.name(seat))
                continue
            wagers = place_wager(table, wagers, wager)
            key = "banco" if wager.banco else "bets"
            self.say(key, name=self.name(seat), amount=self.money(wager.amount_minor))
        return wagers

    def human_bet(self, wagers: tuple[Wager, ...]) -> tuple[Wager, ...]:
        """Ask your bet until it is accepted (or you sit out, or quit)."""
        table = self.game.table
        while True:
            left = left_to_cover(table, wagers)
            line = self.command(
                "bet_prompt",
                bank=self.money(table.bank_minor),
                left=self.money(left),
                balance=self.money(table.balances[HUMAN]),
            )
            if line is None:
                continue
            word = line.lower()
            if word in _SIT_OUT:
                self.say("sits_out", name=self.name(HUMAN))
                return wagers
            if word in {"h", "help", "ayuda", "?"}:
                self.say("help")
                continue
            try:
                if word == "banco":
                    wager = Wager(HUMAN, table.bank_minor, banco=True)
                else:
                    wager = Wager(HUMAN, parse_amount(line, lang=self.lang))
                placed = place_wager(table, wagers, wager)
            except BaccaratError as error:
                self.refuse(error)
                continue
            key = "banco" if wager.banco else "bets"
            self.say(key, name=self.name(HUMAN), amount=self.money(wager.amount_minor))
            return placed

    def play_round(self) -> None:
        """One round: the bank opened, the bets, the deal, the settlement, the bank's fate."""
        game = self.game
        self.console.print()
        if game.table.bank_minor == 0 and not self.open_the_bank():
            return
        self.seats()
        wagers = self.take_bets()
        if not wagers:
            self.say("nobody")
            self.pass_the_bank()
            return
        table = game.table
        holder = player_hand_seat(table, wagers)
        self.say("hand_holder", name=self.name(holder))
        result = self.deal(table, holder)
        settlement = settle_round(table, wagers, result.outcome.value)
        game.table = apply_settlement(table, settlement)
        game.rounds += 1
        game.commission_minor += settlement.commission_minor
        game.history.append(Played(table, wagers, result, settlement))
        self.show_settlement(table, settlement)
        self.after_round(table, settlement)

    def deal(self, table: ChemTable, holder: int) -> CoupResult:
        """Deal one coup from the shoe, asking whoever decides at each choice point."""
        game = self.game
        shoe = game.shoe
        if shoe.needs_new_shoe:
            burn = shoe.shuffle()
            game.seen = []
            self.say("new_shoe", cards=52 * game.config.rules.decks)
            if burn is not None:
                game.seen.append(burn.shown)
                self.say("burn", card=str(burn.shown), count=len(burn.face_down))
        solution = game.solution()
        round_ = shoe.start_coup(game.banker_rule)

        def yours(point: ChoicePoint) -> bool:
            return (holder if point.side == PLAYER else table.banker) == HUMAN

        def ask(point: ChoicePoint) -> bool:
            return self.human_choice(point, round_.cards, solution, table)

        result = self.play_out(round_, solution.strategy(), yours, ask)
        game.seen.extend(result.cards)
        self.show_coup(result)
        return result

    def human_choice(
        self, point: ChoicePoint, dealt: Sequence[Card], solution: Any, table: ChemTable
    ) -> bool:
        """Ask "draw or stand?"; at the end of input, the optimal choice is played."""
        if point.side == PLAYER:
            cards = cards_text((dealt[0], dealt[2]))
            self.say("your_player_cards", cards=cards, total=point.total)
        else:
            cards = cards_text((dealt[1], dealt[3]))
            if point.player_third == PLAYER_STOOD:
                self.say("your_banker_stood", cards=cards, total=point.total)
            else:
                self.say("your_banker_cards", cards=cards, total=point.total, third=str(dealt[4]))
        best, advice = self.advice(point, solution)
        return self.draw_or_stand(lambda: self.advise(advice), best)

    def choice_at_eof(self, likelier: bool) -> bool:
        """The end of input at a choice: the optimal choice is played, said, and the game ends."""
        self.console.print()
        self.say("choice_eof", choice=self.choice_word(likelier))
        self.stop_after_round = True
        return likelier

    def advice(self, point: ChoicePoint, solution: Any) -> tuple[bool, str]:
        """The optimal choice for the unseen cards, and the sentence that says what the other costs.

        Costs are the chooser's expectation per unit staked, per time he is at
        this choice point, against the other side's equilibrium play.
        """
        draw_word, stand_word = self.t("word_draw"), self.t("word_stand")
        if point.side == PLAYER:
            p = float(solution.player_draw)
            stand, always = solution.deviations
            option = float(solution.option) or 1.0
            if p in (0.0, 1.0):
                cost = (stand if p == 1.0 else always).against_equilibrium / option
                return p == 1.0, self.t(
                    "advice_pure",
                    best=draw_word if p == 1.0 else stand_word,
                    other=stand_word if p == 1.0 else draw_word,
                    cost=self.number(max(cost, 0.0)),
                )
            return p >= 0.5, self.t(
                "advice_mixed_player",
                p=self.number(p, 3),
                stand_cost=self.number(stand.against_best_reply / option),
                draw_cost=self.number(always.against_best_reply / option),
            )
        third = PLAYER_STOOD if point.player_third is None else point.player_third
        cell = next(c for c in solution.banker if c.cell == (point.total, third))
        q = float(cell.draw)
        if cell.indifferent or abs(cell.per_decision) < 1e-12:
            return q >= 0.5, self.t("advice_same")
        if q in (0.0, 1.0):
            return q == 1.0, self.t(
                "advice_pure",
                best=draw_word if q == 1.0 else stand_word,
                other=stand_word if q == 1.0 else draw_word,
                cost=self.number(abs(float(cell.per_decision))),
            )
        return q >= 0.5, self.t("advice_mixed_banker", p=self.number(q, 3))

    def show_coup(self, result: CoupResult) -> None:
        """Print the choices made, both hands and the outcome."""
        for event in result.events:
            if event.kind is EventKind.CHOICE:
                self.console.print(escape("  " + describe_choice(event, self.lang)), style="dim")
        self.say(
            "cards",
            player=cards_text(result.player_cards),
            ptotal=hand_total(result.player_cards),
            banker=cards_text(result.banker_cards),
            btotal=hand_total(result.banker_cards),
        )
        self.say(f"outcome.{result.outcome.value}", style="bold")

    def show_settlement(self, before: ChemTable, s: RoundSettlement) -> None:
        """Print each seat's gain or loss and the commission."""
        after = self.game.table
        for seat in range(SEATS):
            if s.deltas[seat] or any(w.seat == seat for w in s.wagers) or seat == before.banker:
                self.say(
                    "delta",
                    name=self.short(seat),
                    delta=self.signed(s.deltas[seat]),
                    balance=self.money(after.balances[seat]),
                )
        if s.outcome == "banker":
            self.say(
                "commission" if s.rounded_away else "commission_whole",
                won=self.money(s.covered_minor),
                **self.commission_words(s.commission_minor, s.rounded_away),
            )

    def after_round(self, before: ChemTable, s: RoundSettlement) -> None:
        """After the round: the bank kept or passed, asked when it is yours to choose."""
        table = self.game.table
        banker = before.banker
        if s.outcome == "tie":
            self.say("tie_push", name=self.name(banker), bank=self.money(table.bank_minor))
            return
        if s.outcome == "player":
            if table.banker != banker:
                self.say("passes", name=self.name(table.banker))
            return
        self.say("bank_grows", name=self.name(banker), bank=self.money(table.bank_minor))
        if banker != HUMAN:
            if table.bank_minor < BOT_KEEP * table.minimum_minor:
                self.game.table = keep_bank(table)
                self.say("keeps", name=self.name(banker), bank=self.money(table.bank_minor))
            else:
                self.pass_the_bank()
            return
        if self.stop_after_round:
            return
        while True:
            word = self.read("keep_prompt", bank=self.money(table.bank_minor)).lower()
            if word in _KEEP:
                self.game.table = keep_bank(table)
                self.say("keeps", name=self.name(banker), bank=self.money(table.bank_minor))
                return
            if word in _PASS:
                self.pass_the_bank()
                return
            if word in self.quit_words:
                raise Quit
            self.say("keep_bad", style="bold red", value=word[:24])

    def closing(self) -> None:
        """The session's rounds, your balance and the house's commission."""
        game = self.game
        self.summary(game.table.balances[HUMAN], game.commission_minor, rounds=game.rounds)


def run_chemin(
    config: ChemConfig, console: Console, *, read_line: Callable[[str], str] | None = None
) -> Game:
    """Play until the player quits or the input ends; returns the game, its rounds recorded."""
    game = Game.start(config)
    ask = read_line if read_line is not None else console.input
    ChemPlay(game, console, ask).run()
    return game


def play_variant(variant: str | None, banker: str | None, options: dict[str, Any]) -> int | None:
    """``play --variant NAME [--banker RULE]``: the exit status, or ``None`` for Punto Banco.

    Refuses (status 2, one sentence on standard error in the player's
    language) an unknown variant, an unknown Banker rule or one given for
    Punto Banco, an option that does not apply, and any bad option value, as
    ``play`` does. (Baccarat Banque is :mod:`puntobanco.cli.banque.play`'s.)
    """
    lang = option_lang(options)
    name = (variant or Variant.PUNTO_BANCO.value).strip().lower()
    if name == Variant.PUNTO_BANCO.value:
        if banker is None:
            return None  # Punto Banco: play's own game
        return refuse_option(lang, "--banker", text(lang, "chemin.play.banker_here"))
    if name != Variant.CHEMIN_DE_FER.value:
        return refuse_option(
            lang,
            "--variant",
            text(lang, "chemin.play.variant", allowed=", ".join(PLAYABLE), value=variant),
        )
    rule_name = (banker or RULE_CARD.name).strip().lower()
    if rule_name not in BANKER_RULES:
        return refuse_option(
            lang,
            "--banker",
            text(lang, "chemin.play.banker", allowed=", ".join(BANKER_RULES), value=banker),
        )
    config = checked_options(
        options,
        lang,
        lambda option: text(
            lang, "chemin.play.not_here", option=option, allowed=", ".join(APPLIES)
        ),
    )
    if config is None:
        return 2
    rules = config.rules.replace(variant=Variant.CHEMIN_DE_FER, banker_rule=rule_name)
    return play_table(config, rules, run_chemin, interrupted="chemin.play.interrupted")
