"""What the terminal tables with choices share: Chemin de fer's and Baccarat Banque's.

A table's loop (:class:`TablePlay`) plays rounds until the player stops and
sums up however it ends; it says the sentences of its catalogue section,
writes money in the player's language, reads a line after a prompt
(:class:`Quit` at the end of input), switches the explanations on and off and
asks "draw or stand?" at a choice point. What differs between the games (the
rounds themselves, the words a prompt takes) is the subclass's. The
command's side is :mod:`puntobanco.cli.table_command`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from rich.console import Console
from rich.markup import escape

from puntobanco.cli.numbers import localize
from puntobanco.core.cards import Card
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import error_message
from puntobanco.core.i18n import Lang, text
from puntobanco.core.money import format_fraction_minor, format_minor
from puntobanco.core.rng import SeededSource, ShuffleSource, SystemSource
from puntobanco.core.rounds import ChoiceRound, P, R, computer_policy
from puntobanco.core.rules import Rules

#: What typing switches the explanations on or off.
EXPLAIN_WORDS = frozenset({"x", "explain", "explicar"})


class Quit(Exception):
    """The player asked to stop (or the input ended) at a prompt."""


@dataclass(frozen=True, slots=True)
class TableConfig:
    """What ``play``'s options decide for a table with choices; amounts in minor units.

    The Banker's rule card is the rules' (``rules.tables.banker_rule``).
    """

    rules: Rules
    minimum_minor: int
    balance_minor: int
    seed: int | None
    lang: Lang
    explain: bool

    @classmethod
    def of(cls, config: Any, rules: Rules) -> TableConfig:
        """``play``'s checked configuration (``GameConfig``) at a table of ``rules``."""
        return cls(
            rules=rules,
            minimum_minor=config.limits.minimum_minor,
            balance_minor=config.balance_minor,
            seed=config.seed,
            lang=config.lang,
            explain=config.explain,
        )


def shoe_source(seed: int | None) -> ShuffleSource:
    """The shoe's random source: seeded, or the system's without a seed."""
    return SeededSource(seed) if seed is not None else SystemSource()


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as the table shows them (``9♥ K♣``)."""
    return " ".join(str(card) for card in cards)


class TablePlay:
    """A terminal table's loop, words, money and prompts; its rounds are the subclass's.

    Attributes:
        section: The catalogue prefix of the table's sentences (``chemin.play``).
        prompt_gap: What follows a prompt's text.
        newline_on_eof: The end of input at a prompt ends the line first.
        choice_key: The "draw or stand?" prompt's sentence.
        draw_words: What answers "draw" at that prompt.
        stand_words: What answers "stand" there.
        quit_words: What quits at a prompt.
        commands_at_choice: Whether the explanation switch and the quit words
            work at the choice prompt too (quitting there ends the round with
            the likelier play, then the game).
        stop_after_round: The game ends once the round being played is settled.
    """

    section: ClassVar[str] = ""
    prompt_gap: ClassVar[str] = ""
    newline_on_eof: ClassVar[bool] = False
    choice_key: ClassVar[str] = "choice"
    draw_words: ClassVar[frozenset[str]] = frozenset()
    stand_words: ClassVar[frozenset[str]] = frozenset()
    quit_words: ClassVar[frozenset[str]] = frozenset()
    commands_at_choice: ClassVar[bool] = False

    def __init__(self, console: Console, ask: Callable[[str], str], config: TableConfig) -> None:
        self.console = console
        self.ask = ask
        self.config = config
        self.lang: Lang = config.lang
        self.explain = config.explain
        self.stop_after_round = False

    # The loop.
    def run(self) -> None:
        """The opening words, rounds until the player stops, the closing words however it ends."""
        self.opening()
        try:
            while not self.stop_after_round and self.can_go_on():
                self.play_round()
        except Quit:
            pass
        except KeyboardInterrupt:
            self.interrupted()
            raise
        finally:  # after Ctrl-C too: the rounds settled so far are summed up
            self.closing()

    def opening(self) -> None:
        """What the table says before its first round (nothing unless the game says)."""

    def can_go_on(self) -> bool:
        """Whether another round can be played (the game says why not)."""
        return True

    def play_round(self) -> None:
        """One round, settled."""
        raise NotImplementedError

    def interrupted(self) -> None:
        """What the table says on Ctrl-C before its closing words (nothing unless the game says)."""

    def closing(self) -> None:
        """The closing words: the game's summary."""
        raise NotImplementedError

    # Words and money.
    def t(self, key: str, **params: Any) -> str:
        """The catalogue's sentence ``<section>.<key>`` in the player's language."""
        return text(self.lang, f"{self.section}.{key}", **params)

    def say(self, key: str, *, style: str | None = None, **params: Any) -> None:
        """Print the sentence ``<section>.<key>``."""
        self.console.print(escape(self.t(key, **params)), style=style)

    def advise(self, sentence: str) -> None:
        """Print an explanation."""
        self.console.print(escape(sentence), style="cyan")

    def refuse(self, error: BaccaratError) -> None:
        """Print a refusal in the player's language (nothing has changed)."""
        self.console.print(escape(self.refusal(error)), style="bold red")

    def refusal(self, error: BaccaratError) -> str:
        """A refusal's sentence in the player's language (the core's wording by default)."""
        return error_message(error, self.lang)

    def money(self, amount_minor: int) -> str:
        """An amount as the player's language writes it."""
        return format_minor(amount_minor, lang=self.lang)

    def signed(self, amount_minor: int) -> str:
        """An amount with its sign (``+5.00``, ``-5.00``; ``0.00`` unsigned)."""
        return ("+" if amount_minor > 0 else "") + self.money(amount_minor)

    def number(self, value: float, digits: int = 4) -> str:
        """An expectation (not money) with ``digits`` decimals, in the player's separators."""
        shown = f"{value:.{digits}f}"
        return shown.replace(".", ",") if self.lang == "es" else shown

    def rate(self) -> str:
        """The house's commission as a percentage (``5%``)."""
        return localize(f"{float(self.config.rules.banker_commission * 100):g}%", self.lang)

    def commission_words(self, commission_minor: int, rounded_away: Fraction) -> dict[str, str]:
        """A commission's parameters: the rate, the amount, before rounding, and rounded away."""
        return {
            "rate": self.rate(),
            "commission": self.money(commission_minor),
            "exact": format_fraction_minor(commission_minor + rounded_away, lang=self.lang),
            "rounded": format_fraction_minor(rounded_away, lang=self.lang),
        }

    def summary(self, balance_minor: int, commission_minor: int, **played: int) -> None:
        """Print the session's summary: ``played`` is the rounds, named as the game's sentence.

        The balance is against the start; the commission is what the house kept.
        """
        start = self.config.balance_minor
        words: dict[str, Any] = {
            "balance": self.money(balance_minor),
            "start": self.money(start),
            "net": self.signed(balance_minor - start),
            "commission": self.money(commission_minor),
            **played,
        }
        self.console.print()
        self.say("summary", **words)

    # Prompts.
    def read(self, key: str, **params: Any) -> str:
        """The line typed after the prompt ``key``, stripped; :class:`Quit` at the end of input."""
        try:
            return self.ask(self.t(key, **params) + self.prompt_gap).strip()
        except EOFError:
            if self.newline_on_eof:
                self.console.print()
            raise Quit from None

    def command(self, key: str, **params: Any) -> str | None:
        """The line typed after the prompt ``key``, stripped (its case kept).

        A quit word raises :class:`Quit`; the explanation switch is thrown
        (:meth:`toggle_explain`) and gives ``None``: the caller asks again.
        """
        line = self.read(key, **params)
        word = line.lower()
        if word in self.quit_words:
            raise Quit
        if word in EXPLAIN_WORDS:
            self.toggle_explain()
            return None
        return line

    def toggle_explain(self) -> None:
        """Switch the explanations on or off, and say which."""
        self.explain = not self.explain
        self.say("explain_on" if self.explain else "explain_off")

    def draw_or_stand(self, advice: Callable[[], None], likelier: bool) -> bool:
        """Ask "draw or stand?" until answered; ``advice`` explains, at once if explanations are on.

        ``?`` explains again; at the end of input the choice is ``likelier``
        (:meth:`choice_at_eof`).
        """
        if self.explain:
            advice()
        while True:
            try:
                answer = self.ask(self.t(self.choice_key) + self.prompt_gap).strip().lower()
            except EOFError:
                return self.choice_at_eof(likelier)
            if answer in self.draw_words:
                return True
            if answer in self.stand_words:
                return False
            if answer == "?":
                advice()
                continue
            if self.commands_at_choice and answer in EXPLAIN_WORDS:
                self.toggle_explain()
                continue
            if self.commands_at_choice and answer in self.quit_words:
                # The cards are out: the round ends with the likelier play, then the game.
                self.stop_after_round = True
                self.say("choice_quit", choice=self.choice_word(likelier))
                return likelier
            self.say("choice_bad", style="bold red", value=answer[:24])

    def play_out(
        self,
        round_: ChoiceRound[P, R],
        strategy: Any,
        yours: Callable[[P], bool],
        ask: Callable[[P], bool],
    ) -> R:
        """Play a started round to its end: ``ask`` at the points ``yours`` says are yours.

        The computer plays the others by ``strategy``, its mixed choices drawn
        from the core's choice stream for this round (:func:`computer_policy`).
        """
        assert round_.shoe_index is not None and round_.round_in_shoe is not None
        computer = computer_policy(
            strategy, self.config.seed, round_.shoe_index, round_.round_in_shoe
        )
        return round_.play(ask, computer=computer, asks=yours)

    def choice_at_eof(self, likelier: bool) -> bool:
        """The choice played when the input ends at the choice prompt (the next prompt quits)."""
        return likelier

    def choice_word(self, draws: bool) -> str:
        """The word "draw" or "stand" in the player's language."""
        return self.t("word_draw" if draws else "word_stand")
