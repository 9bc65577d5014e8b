"""The shoe: shuffling, the burn, the cut card and the end-of-shoe procedure.

The shuffle is Fisher-Yates from position 0 up (``j = i + randbelow(n - i)``;
swap ``i`` and ``j``), done lazily: the card at position ``i`` is fixed when it
is dealt, so a round that needs ``k`` cards costs ``k`` draws and the result is
identical to shuffling the whole shoe first. The last position needs no draw.

Cut-card mode (the default, as in land-based play):

* A new shoe is shuffled, then burned: the first card is shown and burned,
  then as many cards face down as its point value (ten for a 10-value card).
* The cut card lies ``rules.cut_card`` cards from the end. It comes out when
  the card in front of it has been dealt and another is needed. The round in
  progress is finished, one more round is dealt, and the shoe is reshuffled.
  So a round is the shoe's last exactly when the cut card was already out as
  it began, and :attr:`CoupResult.last_in_shoe` says so.

Reshuffle mode: every round is dealt from a fresh full shoe, with no burn.

>>> shoe = Shoe.from_str("9h 4c Kd 5s")
>>> result = shoe.deal_coup()
>>> result.player_total, result.banker_total, result.outcome.value
(9, 9, 'tie')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import cast

from puntobanco.core.banque.coup import BANQUE_RULE_CARD, BanqueCoup, BanquePoint, BanqueRule
from puntobanco.core.cards import Card, parse_cards, unshuffled
from puntobanco.core.choices import ChoicePoint
from puntobanco.core.coup import Burn, CoupResult, coup_steps
from puntobanco.core.errors import ShoeExhausted
from puntobanco.core.rng import RandomSource, ShuffleSource, SystemSource
from puntobanco.core.rounds import ChoiceRound, Policy, start_banque, start_chemin
from puntobanco.core.rules import PLAYER_OPTION_TOTALS, BankerRule, Rules, ShoeMode


class _InOrder:
    """A stream that always draws 0, so Fisher-Yates leaves the order unchanged."""

    def randbelow(self, n: int) -> int:
        return 0

    def stream(self, shoe_index: int) -> RandomSource:
        return self


class Shoe:
    """A shoe of cards dealt under ``rules``, shuffled by ``source``.

    Args:
        rules: Decks, shoe mode, cut card and burn.
        source: Gives each new shoe its random stream; the system's
            cryptographic generator by default.
        first_shoe: Index of the first shoe (seeded sources key streams by it).

    Iterating a shoe deals its cards one by one (``next(shoe)``), so a shoe can
    be handed to :func:`~puntobanco.core.coup.play_coup`; :meth:`deal_coup`
    does that and also runs the shoe's own procedure (shuffle, burn, cut card).
    """

    def __init__(
        self,
        rules: Rules | None = None,
        source: ShuffleSource | None = None,
        *,
        first_shoe: int = 0,
    ) -> None:
        self.rules = rules if rules is not None else Rules()
        self._source: ShuffleSource = source if source is not None else SystemSource()
        self._base: Sequence[Card] | None = None
        self._cards: list[Card] = []
        self._stream: RandomSource = _InOrder()
        self._position = 0
        self._cut_index: int | None = None
        self._next_shoe_index = first_shoe
        self.shoe_index = first_shoe - 1
        self.rounds_in_shoe = 0
        self.cut_card_out = False
        self._needs_new_shoe = True
        self._single_shoe = False
        self._straight_through = False

    @classmethod
    def from_cards(
        cls, cards: Iterable[Card], rules: Rules | None = None, *, procedure: bool = False
    ) -> Shoe:
        """A shoe that deals ``cards`` in exactly this order (for tests and replays).

        Args:
            cards: The shoe, first card first.
            rules: Used only when ``procedure`` is true.
            procedure: If true, run the cut-card procedure of ``rules`` on this
                order (burn, cut card, one more round); otherwise deal the
                cards straight through, with no burn and no cut card. Either
                way there is only this one shoe: asking for a round after it is
                finished raises :class:`~puntobanco.core.errors.ShoeExhausted`.
        """
        shoe = cls(rules if procedure else None, _InOrder())
        shoe._base = tuple(cards)
        shoe._single_shoe = True
        if not procedure:
            shoe.rules = Rules(burn=False)
            shoe._straight_through = True
        return shoe

    @classmethod
    def from_str(cls, text: str) -> Shoe:
        """A shoe dealing the cards written in ``text`` straight through.

        >>> [str(card) for card in Shoe.from_str("9h 4c Kd")]
        ['9♥', '4♣', 'K♦']
        """
        return cls.from_cards(parse_cards(text))

    @property
    def cards_remaining(self) -> int:
        """Cards not yet dealt (or burned) from the current shoe."""
        return len(self._cards) - self._position

    @property
    def needs_new_shoe(self) -> bool:
        """Whether the next :meth:`deal_coup` starts a new shoe (read-only).

        True before the first round and after a shoe's last round (in reshuffle
        mode, after every round); :meth:`shuffle` makes it false. Callers that
        show a new shoe's burn before the bets ask this instead of keeping a
        flag of their own.
        """
        return self._needs_new_shoe

    @property
    def position(self) -> int:
        """How many cards of the current shoe have been dealt or burned."""
        return self._position

    def __iter__(self) -> Iterator[Card]:
        """Deal the current shoe's cards one by one.

        A new shoe is shuffled only if none has started. No burn is recorded and
        no cut card is watched: :meth:`deal_coup` runs the shoe's procedure.
        """
        return self

    def __next__(self) -> Card:
        if self._needs_new_shoe and not self._cards:
            self._new_shoe()
        if self._position >= len(self._cards):
            raise StopIteration
        return self.deal()

    def deal(self) -> Card:
        """Deal the next card: the next step of the lazy Fisher-Yates shuffle.

        Raises:
            ShoeExhausted: No card is left.
        """
        i = self._position
        cards = self._cards
        n = len(cards)
        if i >= n:
            raise ShoeExhausted(
                f"the shoe is empty after {n} cards", code="shoe_exhausted", dealt=n
            )
        if self._cut_index is not None and i >= self._cut_index:
            self.cut_card_out = True
        if i < n - 1:  # the last position has nowhere to swap with: no draw
            j = i + self._stream.randbelow(n - i)
            cards[i], cards[j] = cards[j], cards[i]
        self._position = i + 1
        return cards[i]

    def deal_coup(self) -> CoupResult:
        """Deal one round, running the shoe's procedure around it.

        A new shoe is shuffled (and burned, in cut-card mode) when the previous
        one is finished; the result records the burn, the shoe's index, the
        round's number in the shoe, and whether the shoe ends with it.

        Raises:
            ShoeExhausted: An explicit card sequence ran out.
        """
        burn = self._new_shoe() if self._needs_new_shoe else None
        # The round in which the cut card comes out is finished, then exactly one
        # more is dealt: so a round is the shoe's last when the cut card was
        # already out as it began (or when every round is a fresh shoe).
        last = self.cut_card_out or self.rules.shoe_mode is ShoeMode.RESHUFFLE
        # The coup's generator called directly, its arguments positional: this is the reference
        # simulation's hot path. With no choice point its one step is the result.
        (result,) = coup_steps(
            self.deal, self.rules.tableau, self.shoe_index, self.rounds_in_shoe + 1, burn, last
        )
        self.rounds_in_shoe += 1
        self._needs_new_shoe = last
        return cast(CoupResult, result)

    def start_coup(
        self,
        banker_rule: BankerRule,
        *,
        player_totals: Iterable[int] = PLAYER_OPTION_TOTALS,
        on_timeout: Policy[ChoicePoint] | None = None,
    ) -> ChoiceRound[ChoicePoint, CoupResult]:
        """Start a Chemin de fer round, stepped: :meth:`deal_coup` with choice points.

        The shoe's procedure runs around it as around :meth:`deal_coup` (a new
        shoe when due, its burn on the round, the round counted, the shoe's
        last round marked); the round then deals from this shoe as it is
        answered, so finish it before the next one starts.
        """
        burn, last = self._open_round()
        round_ = start_chemin(
            self.deal,
            banker_rule=banker_rule,
            tableau=self.rules.tableau,
            player_totals=player_totals,
            shoe_index=self.shoe_index,
            round_in_shoe=self.rounds_in_shoe + 1,
            burn=burn,
            last_in_shoe=last,
            on_timeout=on_timeout,
        )
        self._close_round(last)
        return round_

    def start_banque(
        self,
        rule: BanqueRule = BANQUE_RULE_CARD,
        *,
        natural_waits: bool = False,
        on_timeout: Policy[BanquePoint] | None = None,
    ) -> ChoiceRound[BanquePoint, BanqueCoup]:
        """Start a Baccarat Banque round, stepped, as :meth:`start_coup` starts Chemin de fer's."""
        burn, last = self._open_round()
        round_ = start_banque(
            self.deal,
            rule=rule,
            tableau=self.rules.tableau,
            natural_waits=natural_waits,
            shoe_index=self.shoe_index,
            round_in_shoe=self.rounds_in_shoe + 1,
            burn=burn,
            last_in_shoe=last,
            on_timeout=on_timeout,
        )
        self._close_round(last)
        return round_

    def _open_round(self) -> tuple[Burn | None, bool]:
        """A new shoe when due (its burn), and whether the round about to start is its last."""
        burn = self._new_shoe() if self._needs_new_shoe else None
        return burn, self.cut_card_out or self.rules.shoe_mode is ShoeMode.RESHUFFLE

    def _close_round(self, last: bool) -> None:
        """Count the round just started; after the shoe's last, the next starts a new shoe."""
        self.rounds_in_shoe += 1
        self._needs_new_shoe = last

    def shuffle(self) -> Burn | None:
        """Start a new shoe now (returns its burn, if any), whatever is left of this one."""
        return self._new_shoe()

    def resume(self, *, position: int, rounds: int) -> Burn | None:
        """Start the next shoe and bring it to where it stood after ``rounds`` rounds.

        For a shoe kept as its history rather than its cards (a server stores the
        source's seed, the shoe's index, how many cards were dealt and how many
        rounds): the shoe is shuffled and burned exactly as when it was opened,
        its first ``position`` cards (burn included) are dealt again, and the
        next :meth:`deal_coup` is the shoe's round ``rounds + 1``. The cut card
        is out again if those cards passed it, so the end-of-shoe procedure
        continues as it would have.

        >>> from puntobanco.core.rng import SeededSource
        >>> played = Shoe(Rules(), SeededSource(7))
        >>> _ = [played.deal_coup() for _ in range(3)]
        >>> resumed = Shoe(Rules(), SeededSource(7))
        >>> _ = resumed.resume(position=played.position, rounds=3)
        >>> resumed.deal_coup() == played.deal_coup()
        True

        Args:
            position: Cards of the shoe dealt or burned so far (:attr:`position`).
            rounds: Rounds dealt from the shoe so far (:attr:`rounds_in_shoe`).

        Returns:
            The shoe's burn, as when it was opened (``None`` without one).

        Raises:
            ValueError: ``position`` is before the end of the burn or past the
                last card, or ``rounds`` is negative: the history does not fit
                this shoe.
        """
        if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
            raise ValueError(f"rounds must be a whole number from 0, got {rounds!r}")
        if isinstance(position, bool) or not isinstance(position, int):
            raise ValueError(f"position must be a whole number of cards, got {position!r}")
        burn = self._new_shoe()
        if not self._position <= position <= len(self._cards):
            raise ValueError(
                f"position must be from {self._position} (after the burn) to "
                f"{len(self._cards)} (the last card), got {position}"
            )
        while self._position < position:
            self.deal()
        self.rounds_in_shoe = rounds
        return burn

    def _new_shoe(self) -> Burn | None:
        if self._single_shoe and self.shoe_index >= 0:
            raise ShoeExhausted(
                "this explicit shoe is finished", code="shoe_exhausted", dealt=self._position
            )
        self.shoe_index = self._next_shoe_index
        self._next_shoe_index += 1
        self._cards = list(self._base) if self._base is not None else unshuffled(self.rules.decks)
        self._stream = self._source.stream(self.shoe_index)
        self._position = 0
        self.rounds_in_shoe = 0
        self.cut_card_out = False
        self._needs_new_shoe = False
        cut_card_mode = self.rules.shoe_mode is ShoeMode.CUT_CARD and not self._straight_through
        self._cut_index = len(self._cards) - self.rules.cut_card if cut_card_mode else None
        if cut_card_mode and self.rules.burn:
            shown = self.deal()
            face_down = tuple(self.deal() for _ in range(shown.points or 10))
            return Burn(shown, face_down)
        return None
