"""Rich rendering of the terminal game: cards, the deal, settlements, the scoreboard.

Everything here prints to a :class:`rich.console.Console` and reads the game's
state; nothing here changes it. Words come from :mod:`puntobanco.cli.lang` and
:mod:`puntobanco.core.explain`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from puntobanco.cli.game import NewShoe, RoundReport, Session
from puntobanco.cli.numbers import localize
from puntobanco.cli.scoreboard import Scoreboard
from puntobanco.cli.spots import (
    EGALITE_WORDS,
    SPOT_WORDS,
    describe_condition,
    lose_line,
    matching_leg,
    paytable_lines,
    spot_list,
)
from puntobanco.cli.spots import (
    format_ratio as format_ratio,  # re-exported: where it always was
)
from puntobanco.core import i18n
from puntobanco.core.bets import Bet, Resolution
from puntobanco.core.cards import Card
from puntobanco.core.coup import Event, EventKind, Outcome, Reason, Side
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import (
    BET_NAMES,
    Lang,
    describe,
    describe_settlement,
    error_message,
)
from puntobanco.core.money import format_fraction_minor, format_minor
from puntobanco.core.rules import MAIN_BETS, PAIR_BETS, BetKind, Rules, ShoeMode
from puntobanco.core.tableau import format_values

SIDE_STYLE = {Side.PLAYER: "bold blue", Side.BANKER: "bold red"}
OUTCOME_STYLE = {Outcome.PLAYER: "bold blue", Outcome.BANKER: "bold red", Outcome.TIE: "bold green"}


def card_text(card: Card) -> Text:
    """A card as it looks on the felt: white, with red hearts and diamonds."""
    colour = "red" if card.suit.is_red else "black"
    return Text(f" {card} ", style=f"bold {colour} on white")


def signed(amount_minor: int, lang: Lang | None = None) -> str:
    """``+9.50``, ``-10.00``, ``0.00``; in Spanish ``+1.009,50``."""
    return ("+" if amount_minor > 0 else "") + format_minor(amount_minor, lang=lang)


def _naturals_first(events: Sequence[Event]) -> list[Event]:
    """The events, with a side's natural told before the other side stands because of it."""
    ordered = list(events)
    for i in range(len(ordered) - 1):
        if ordered[i].reason is Reason.OTHER_NATURAL and ordered[i + 1].reason is Reason.NATURAL:
            ordered[i], ordered[i + 1] = ordered[i + 1], ordered[i]
    return ordered


def _short(value: object, limit: int = 24) -> object:
    """Text typed by the player, made safe to quote back.

    Control characters (an arrow key's escape sequence) become ``?``, and long
    text is cut: ``'xxxx…'``.
    """
    if type(value) is not str:  # not a StrEnum such as BetKind: those are ours
        return value
    printable = "".join(ch if ch.isprintable() else "?" for ch in value)
    return printable[:limit] + "…" if len(printable) > limit else printable


class Renderer:
    """Prints the game for one player in one language.

    Args:
        console: Where to print.
        lang: The player's language.
        delay: Seconds between cards, for drama; 0 turns it off.
        sleep: The pause function (replaced in tests).
    """

    def __init__(
        self,
        console: Console,
        lang: Lang,
        *,
        delay: float = 0.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.console = console
        self.lang = lang
        self.delay = delay
        self._sleep = sleep
        self.interrupted = False
        self.scoreboard = Scoreboard(
            {
                Outcome.BANKER: self.t("play.bead.banker"),
                Outcome.PLAYER: self.t("play.bead.player"),
                Outcome.TIE: self.t("play.bead.tie"),
            },
            {
                key: self.t(f"play.board.{key}")
                for key in ("bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig")
            },
            colour=self.coloured,
        )

    @property
    def coloured(self) -> bool:
        """Whether red and blue can be told apart: colour on, and NO_COLOR not set."""
        return not self.console.no_color and self.console.color_system is not None

    def t(self, key: str, *, count: int | None = None, **params: Any) -> str:
        """The catalogue's text, with every parameter escaped from Rich markup."""
        return i18n.text(
            self.lang, key, count=count, **{k: escape(str(v)) for k, v in params.items()}
        )

    def say(self, key: str, style: str | None = None, **params: Any) -> None:
        """Print one catalogue line."""
        self.console.print(self.t(key, **params), style=style)

    def pause(self) -> None:
        """Wait between cards. Ctrl-C here skips the rest of the drama, not the round."""
        if self.delay <= 0:
            return
        try:
            self._sleep(self.delay)
        except KeyboardInterrupt:
            # The round is already settled: show it to the end, then let the loop stop.
            self.interrupted = True
            self.delay = 0

    # Words -----------------------------------------------------------------

    def money(self, amount_minor: int) -> str:
        """An amount as the player's language writes it: ``1,000.00``, ``1.000,00``."""
        return format_minor(amount_minor, lang=self.lang)

    def exact(self, amount: Fraction) -> str:
        """An exact fraction of minor units (commission, rounding) in the player's language."""
        return format_fraction_minor(amount, lang=self.lang)

    def decks(self, n: int) -> str:
        """``1 deck``, ``8 decks``."""
        return self.t("lang.decks", count=n)

    def bet_list(self, bets: tuple[Bet, ...]) -> str:
        """``Banker 10.00 · Tie 2.00``."""
        names = BET_NAMES[self.lang]
        return " · ".join(f"{names[b.kind]} {self.money(b.stake_minor)}" for b in bets)

    def spot_word(self, kind: BetKind) -> str:
        """How the player names a spot, with its short form: ``banker (b)``, ``dragon 7 (d7)``."""
        side = SPOT_WORDS[self.lang].get(kind)
        return escape(side) if side is not None else self.t(f"play.bet.{kind.value}")

    def bet_words(self, rules: Rules) -> str:
        """The spots the player can name, with their short forms."""
        words = spot_list(rules.offered_bets, self.spot_word, EGALITE_WORDS[self.lang])
        return ", ".join(words)

    def bet_words_side(self, rules: Rules) -> str:
        """The side bets offered, as the player types them."""
        side = [kind for kind, _ in rules.side_bets]
        return ", ".join(spot_list(side, self.spot_word, EGALITE_WORDS[self.lang]))

    def side_bet_names(self, rules: Rules) -> str:
        """The side bets offered, by their names on the layout (empty if none)."""
        side = [kind for kind, _ in rules.side_bets]
        return ", ".join(
            spot_list(side, BET_NAMES[self.lang].__getitem__, self.t("play.spot.egalite_names"))
        )

    def payouts(self, rules: Rules) -> str:
        """Every payout of ``rules`` in one line, read from each bet's payout legs."""
        names = BET_NAMES[self.lang]
        parts: list[str] = []
        pushing: list[str] = []
        side = {kind for kind, _ in rules.side_bets}
        for kind, table in rules.tables.bets.items():
            if kind in side:
                continue  # their paytables are longer: the rules command shows them
            wins = [leg for leg in table.legs if leg.resolution is Resolution.WIN]
            pushes_when: list[str] = []  # told after the bet's win
            for leg in table.legs:
                if leg.resolution is not Resolution.PUSH:
                    continue
                if leg.when.outcome is Outcome.TIE:
                    pushing.append(names[kind])
                else:  # EZ Baccarat's Banker three-card 7
                    when = describe_condition(leg.when, self.lang)
                    pushes_when.append(self.t("play.payout.push_when", bet=names[kind], when=when))
            if not wins:
                parts += pushes_when
                continue
            ordinary = wins[-1]  # legs run from the most particular to the ordinary win
            if ordinary.commission:
                parts.append(
                    self.t(
                        "play.payout.commission",
                        bet=names[kind],
                        ratio=format_ratio(ordinary.pays + ordinary.commission),
                        commission=format_ratio(ordinary.commission * 100),
                    )
                )
            else:
                parts.append(
                    self.t("play.payout.win", bet=names[kind], ratio=format_ratio(ordinary.pays))
                )
            for leg in wins[:-1]:
                if leg.when.winning_total is not None:
                    parts.append(
                        self.t(
                            "play.payout.total",
                            bet=names[kind],
                            total=leg.when.winning_total,
                            ratio=format_ratio(leg.pays),
                        )
                    )
            parts += pushes_when
        if pushing:
            parts.append(self.t("play.payout.push", bets=self.join(pushing, "play.and")))
        # Ratios and the commission as the player's language writes them (0,95; 5 %).
        return localize(" · ".join(parts), self.lang)

    def join(self, words: list[str], conjunction: str) -> str:
        """``8 or 9``, ``Player and Banker``, ``a, b and c`` in the player's language."""
        if len(words) < 2:
            return "".join(words)
        return f"{', '.join(words[:-1])} {self.t(conjunction)} {words[-1]}"

    def shoe_line(self, rules: Rules) -> str:
        """How the shoe is dealt."""
        decks = self.decks(rules.decks)
        if rules.shoe_mode is ShoeMode.RESHUFFLE:
            return self.t("play.shoe.reshuffle", decks=decks)
        key = "play.shoe.cut_card" if rules.burn else "play.shoe.cut_card_no_burn"
        return self.t(key, decks=decks, cut=rules.cut_card)

    # Screens ----------------------------------------------------------------

    def welcome(self, session: Session, seed: int | None) -> None:
        """The table: shoe, payouts, limits, starting balance."""
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold")
        grid.add_column()
        limits = session.limits
        grid.add_row(self.t("play.label.shoe"), self.shoe_line(session.rules))
        grid.add_row(self.t("play.label.payouts"), self.payouts(session.rules))
        if session.rules.side_bets:
            grid.add_row(
                self.t("play.label.side_bets"),
                self.t("play.side_bets.hint", bets=self.side_bet_names(session.rules)),
            )
        grid.add_row(
            self.t("play.label.limits"),
            self.t(
                "play.limits",
                minimum=self.money(limits.minimum_minor),
                maximum=self.money(limits.maximum_minor),
            ),
        )
        grid.add_row(self.t("play.label.balance"), self.money(session.balance_minor))
        grid.add_row(
            self.t("play.label.seed"), str(seed) if seed is not None else self.t("play.seed.none")
        )
        grid.add_row(
            self.t("play.label.explain"), self.t("play.on" if session.explain else "play.off")
        )
        title = f"[bold]♠ [red]♥[/] {self.t('play.title')} [red]♦[/] ♣[/]"
        self.console.print(
            Panel(grid, title=title, subtitle=self.t("play.subtitle"), border_style="green")
        )
        self.say("play.start_hint")

    def new_shoe(self, new: NewShoe, rules: Rules) -> None:
        """A new shoe, and its burn."""
        self.console.print()
        self.say(
            "play.new_shoe", style="bold magenta", number=new.number, decks=self.decks(rules.decks)
        )
        if new.burn is not None:
            line = Text(self.t("play.burn", card="\0", count=len(new.burn.face_down)))
            before, _, after = line.plain.partition("\0")
            self.console.print(Text.assemble(before, card_text(new.burn.shown), after))

    def prompt(self, session: Session) -> str:
        """The prompt: the balance, and whether this is the shoe's last round."""
        parts = [
            f"[dim]{self.t('play.prompt.balance')}[/] [bold]{self.money(session.balance_minor)}[/]"
        ]
        if session.last_round_next:
            parts.append(f"[yellow]{self.t('play.prompt.last_round')}[/]")
        parts.append(f"[bold]{self.t('play.prompt.bet')}[/]")
        return " · ".join(parts)

    def deal(self, report: RoundReport, *, explain: bool) -> None:
        """The round card by card, in the order dealt, then the call."""
        names = BET_NAMES[self.lang]
        self.console.print()
        self.console.rule(self.t("play.round", number=report.number), style="dim")
        self.say("play.your_bets", bets=self.bet_list(report.bets))
        counts = {Side.PLAYER: 0, Side.BANKER: 0}
        side_names = {Side.PLAYER: names[BetKind.PLAYER], Side.BANKER: names[BetKind.BANKER]}
        width = max(len(n) for n in side_names.values())
        for event in _naturals_first(report.result.events):
            if event.kind is EventKind.CARD:
                assert event.side is not None and event.card is not None
                self.pause()
                counts[event.side] += 1
                line = Text.assemble(
                    ("  " + side_names[event.side].ljust(width), SIDE_STYLE[event.side]),
                    "  ",
                    card_text(event.card),
                    f"  {event.total}",
                )
                if counts[event.side] == 3:
                    line.append(f"  ({self.t('play.third_card')})", style="dim")
                self.console.print(line)
            elif event.kind in (EventKind.DRAW, EventKind.STAND):
                if explain:
                    self.console.print(
                        f"    ↳ {escape(describe(event, self.lang))}", style="yellow"
                    )
                elif event.reason is Reason.NATURAL:
                    assert event.side is not None
                    self.console.print(
                        f"    {side_names[event.side]}: {self.t('play.natural')} {event.total}",
                        style="bold yellow",
                    )
            else:
                self.pause()
                assert event.outcome is not None
                self.console.print(
                    f"  {escape(describe(event, self.lang))}", style=OUTCOME_STYLE[event.outcome]
                )

    def settlement(self, report: RoundReport, rules: Rules | None = None) -> None:
        """Each bet's settlement, then the new balance.

        Each side bet also gets a sentence, with the payout line of ``rules`` (the
        table's) that decided it when they are given.
        """
        names = BET_NAMES[self.lang]
        keys = (
            "play.col.bet",
            "play.col.stake",
            "play.col.result",
            "play.col.returned",
            "play.col.winnings",
            "play.col.commission",
            "play.col.rounded",
            "play.col.net",
        )
        styles = {Resolution.WIN: "green", Resolution.LOSE: "red", Resolution.PUSH: "yellow"}
        rows: list[list[str | Text]] = [
            [
                names[s.bet.kind],
                self.money(s.bet.stake_minor),
                Text(self.t(f"play.res.{s.resolution.value}"), style=styles[s.resolution]),
                self.money(s.stake_returned_minor),
                self.money(s.winnings_minor),
                self.exact(s.commission),
                self.exact(s.rounded_away),
                self._net(s.net_minor),
            ]
            for s in report.settlement.bets
        ]
        total = report.settlement
        if len(total.bets) > 1:
            rows.append(
                [
                    Text(self.t("play.total"), style="bold"),
                    self.money(total.staked_minor),
                    "",
                    self.money(sum(s.stake_returned_minor for s in total.bets)),
                    self.money(sum(s.winnings_minor for s in total.bets)),
                    self.exact(total.commission),
                    self.exact(total.rounded_away),
                    self._net(total.net_minor),
                ]
            )
        shown = list(range(len(keys)))
        width = sum(
            max(len(self.t(key)), *(len(str(row[i])) for row in rows)) + 2
            for i, key in enumerate(keys)
        )
        if width > self.console.width:
            # Too wide for the terminal (long side-bet names at 80 columns): the commission
            # and rounding columns go when the round has neither, rather than names and
            # figures being wrapped.
            nothing = {5: not total.commission, 6: not total.rounded_away}
            shown = [i for i in shown if not nothing.get(i, False)]
        table = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
        for i in shown:
            left = keys[i] in ("play.col.bet", "play.col.result")
            table.add_column(self.t(keys[i]), justify="left" if left else "right", no_wrap=i > 0)
        for row in rows:
            table.add_row(*(row[i] for i in shown))
        self.console.print(table)
        self._side_bet_lines(report, rules)
        net = report.settlement.net_minor
        self.say(
            "play.balance_now",
            balance=self.money(report.balance_minor),
            net=signed(net, self.lang),
            style="green" if net > 0 else "red" if net < 0 else None,
        )

    def _side_bet_lines(self, report: RoundReport, rules: Rules | None) -> None:
        """Each side bet's settlement in a sentence, with the payout line that decided it."""
        styles = {Resolution.WIN: "green", Resolution.LOSE: "red", Resolution.PUSH: "yellow"}
        for s in report.settlement.bets:
            if s.bet.kind in MAIN_BETS or s.bet.kind in PAIR_BETS:
                continue
            sentence = describe_settlement(s, self.lang)
            leg = None if rules is None else matching_leg(s, report.result, rules)
            if leg is not None:
                why = describe_condition(leg.when, self.lang)
                sentence = self.t(
                    "play.settled.why", sentence=sentence, why=why[:1].upper() + why[1:]
                )
            else:
                sentence = escape(sentence)
            self.console.print(f"  • {sentence}", style=styles[s.resolution])

    def _net(self, amount: int) -> Text:
        return Text(
            signed(amount, self.lang), style="green" if amount > 0 else "red" if amount < 0 else ""
        )

    def shoe_news(self, report: RoundReport) -> None:
        """The cut card came out, or the shoe is finished."""
        if report.cut_card_out:
            self.say("play.cut_card_out", style="bold yellow")
        if report.last_in_shoe:
            self.say("play.shoe_over", style="bold yellow")

    def board(self, session: Session, *, full: bool = False) -> None:
        """The current shoe's scoreboard: counts, bead plate, Big Road (``full``: every road)."""
        marks = list(session.marks)
        counts = {o: sum(1 for m in marks if m.outcome is o) for o in Outcome}
        reshuffle = session.rules.shoe_mode is ShoeMode.RESHUFFLE
        title = (
            self.t("play.board.title_recent", count=len(marks))
            if reshuffle
            else self.t("play.board.title", number=session.shoes)
        )
        header = Text.assemble(
            (title, "bold"),
            " · ",
            self.t(
                "play.board.counts",
                banker=counts[Outcome.BANKER],
                player=counts[Outcome.PLAYER],
                tie=counts[Outcome.TIE],
            ),
        )
        if not reshuffle:
            header.append(" · ")
            left = session.shoe.cards_remaining
            header.append(self.t("play.board.rounds", count=left), style="dim")
        self.console.print(header)
        width = self.console.width
        self.console.print(self.scoreboard.main_roads(marks, width))
        self.console.print(Text.from_markup(self.t("play.board.legend")), style="dim")
        if full:
            self.console.print(self.scoreboard.derived_roads(marks, width))
            legend = (
                "play.board.derived_legend" if self.coloured else "play.board.derived_legend_plain"
            )
            self.console.print(Text.from_markup(self.t(legend)), style="dim")

    def error(self, error: BaccaratError, session: Session) -> None:
        """A refused line: what was wrong, and what is allowed."""
        self.console.print(escape(self.error_text(error, session.rules)), style="bold red")
        if error.code in ("no_rebet", "command_alone"):
            return
        limits = session.limits
        self.say(
            "play.allowed",
            style="dim",
            bets=self.bet_words(session.rules),
            minimum=self.money(limits.minimum_minor),
            maximum=self.money(limits.maximum_minor),
            balance=self.money(session.balance_minor),
            example=self.t("play.example"),
        )

    def error_text(self, error: BaccaratError, rules: Rules) -> str:
        """The error in the player's language (plain text, no markup)."""
        key = f"play.err.{error.code}"
        # The player's text is cut to a length; the table's own list of spots is not.
        params: dict[str, Any] = {
            k: v if k == "allowed" else _short(v) for k, v in error.params.items()
        }
        if key not in i18n.CATALOGUE[self.lang]:
            shortened = BaccaratError(error.message, code=error.code, **params)
            return error_message(shortened, self.lang)
        kind = params.get("kind")
        if isinstance(kind, BetKind):
            params["bet"] = BET_NAMES[self.lang][kind]
            example_word = self.spot_word(kind).split(" (")[0]
            params["example"] = self.t("play.example_single", bet=example_word)
        params.setdefault("bets", self.bet_words(rules))
        return i18n.text(self.lang, key, **params)

    def info(self, key: str, **params: Any) -> None:
        """A neutral one-line message."""
        self.say(key, style="cyan", **params)

    def help(self, rules: Rules) -> None:
        """How to bet, and the commands."""
        lines = [self.t("play.help.bets")]
        if rules.pair_pays is not None:
            lines.append(self.t("play.help.pairs"))
        if rules.side_bets:
            first = self.spot_word(rules.side_bets[0][0]).split(" (")[0]
            example = self.t("play.example_single", bet=first)
            lines.append(
                self.t("play.help.side_bets", bets=self.bet_words_side(rules), example=example)
            )
        lines.append(self.payouts(rules))
        keys = ("rebet", "explain", "board", "summary", "rules", "help", "quit")
        lines += [self.t(f"play.help.{k}") for k in keys]
        self.console.print(
            Panel("\n".join(lines), title=self.t("play.help.title"), border_style="cyan")
        )

    def rules(self, rules: Rules) -> None:
        """The drawing rules of ``rules``' tableau, the Banker's row by row."""
        tableau = rules.tableau
        playing = [t for t in range(10) if not tableau.is_natural(t)]
        naturals = [str(t) for t in tableau.natural_totals]
        player_draws = tableau.player_drawing_totals
        stood_draws = tableau.banker_drawing_totals_when_player_stood()
        lines = [
            self.t("play.rules.points"),
            self.t("play.rules.natural", totals=self.join(naturals, "play.or")),
            self.t(
                "play.rules.player",
                draws=format_values(player_draws),
                stands=format_values(tuple(t for t in playing if t not in player_draws)),
            ),
            self.t(
                "play.rules.banker_stood",
                draws=format_values(stood_draws),
                stands=format_values(tuple(t for t in playing if t not in stood_draws)),
            ),
            self.t("play.rules.banker_third"),
        ]
        for total in playing:
            values = tableau.banker_drawing_values(total)
            if len(values) == 10:
                line = self.t("play.rules.always", total=total)
            elif not values:
                line = self.t("play.rules.never", total=total)
            else:
                line = self.t("play.rules.banker_row", total=total, values=format_values(values))
            lines.append("  " + line)
        self.console.print(
            Panel("\n".join(lines), title=self.t("play.rules.title"), border_style="cyan")
        )
        self.paytables(rules)

    def paytables(self, rules: Rules) -> None:
        """Every bet's paytable at this table, read from its compiled payout legs."""
        names = BET_NAMES[self.lang]
        lines: list[str] = []
        for kind in rules.offered_bets:
            legs = [escape(line) for line in paytable_lines(rules, kind, self.lang)]
            lines.append(f"[bold]{escape(names[kind])}[/]: " + "; ".join(legs))
            if kind in {k for k, _ in rules.side_bets}:
                lines[-1] += f"; {escape(lose_line(self.lang))}"
        self.console.print(
            Panel("\n".join(lines), title=self.t("play.paytables.title"), border_style="cyan")
        )

    def summary(self, session: Session, *, final: bool = True) -> None:
        """The session in numbers (``final``: and goodbye)."""
        totals = session.totals
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold")
        grid.add_column(justify="right")
        biggest = (
            self.t(
                "play.summary.biggest_value",
                amount=self.money(totals.biggest_win_minor),
                round=totals.biggest_win_round,
            )
            if totals.biggest_win_round
            else self.t("play.summary.none")
        )
        rows: list[tuple[str, str | Text]] = [
            ("play.summary.rounds", str(totals.rounds)),
            (
                "play.summary.record",
                f"{totals.rounds_won} / {totals.rounds_lost} / {totals.rounds_even}",
            ),
            (
                "play.summary.outcomes",
                f"{totals.banker_wins} / {totals.player_wins} / {totals.ties}",
            ),
            ("play.summary.wagered", self.money(totals.wagered_minor)),
            ("play.summary.won", self.money(totals.won_minor)),
            ("play.summary.lost", self.money(totals.lost_minor)),
            ("play.summary.net", self._net(totals.net_minor)),
            ("play.summary.commission", self.exact(totals.commission)),
            ("play.summary.rounded", self.exact(totals.rounded_away)),
            ("play.summary.biggest", biggest),
            ("play.summary.start", self.money(session.starting_balance_minor)),
            (
                "play.summary.final" if final else "play.summary.now",
                self.money(session.balance_minor),
            ),
        ]
        for key, value in rows:
            grid.add_row(self.t(key), value)
        self.console.print(
            Panel(grid, title=self.t("play.summary.title"), border_style="green", expand=False)
        )
        if final:
            self.say("play.goodbye")
