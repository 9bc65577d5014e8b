"""The Chemin de fer API's answers, as the OpenAPI schema documents them.

``chemin_render`` builds these fields; the tests check answers against these models.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from puntobanco.server.games.schemas import (
    AnswerOut,
    ChemCardOut,
    ChemFairnessOut,
    Judged,
    PerChoice,
    RoundPage,
)


class ChemHandOut(BaseModel):
    """A hand as the player may see it: its cards face up, how many are face down, its total.

    While a choice waits the other hand's cards are face down (``face_down`` counts them;
    they are never sent) and ``total`` is null until every card of the hand shows.
    """

    cards: list[ChemCardOut]
    face_down: int
    total: int | None


class ChemHandsOut(BaseModel):
    """The Player's hand and the Banker's."""

    player: ChemHandOut
    banker: ChemHandOut


class ChemSeatOut(BaseModel):
    """A seat at the table now."""

    seat: int
    computer: bool
    balance_minor: int
    banker: bool


class ChemBankOut(BaseModel):
    """The bank: who holds it, its amount, whether it is open, whether he may keep it now."""

    seat: int
    amount_minor: int
    open: bool
    may_keep: bool


class ChemBetOut(BaseModel):
    """A computer punter's bet placed before the player's turn."""

    seat: int
    amount_minor: int
    banco: bool


class ChemCostsOut(PerChoice):
    """What each choice costs, per unit staked: decimal strings rounded to six places."""


class ChemAdviceOut(BaseModel):
    """The optimal choice for the unseen cards, what each choice costs, and the sentence.

    ``kind``: ``pure`` (one choice is better), ``mixed`` (the equilibrium mixes: both are
    worth the same against the other side's equilibrium), ``same`` (worth the same whatever
    the other side does). ``cost``: each choice's cost against the other side's
    equilibrium, per unit staked, per time at this choice (``"0.000000"`` for the optimal
    one); ``cost_best_reply``: the Player at a mixed 5, always drawing or always standing
    against a Banker who knew it. The terminal's explain sentence in the requested
    language (``message``) and in each (``messages``).
    """

    optimal: Literal["draw", "stand"]
    kind: Literal["pure", "mixed", "same"]
    draw_probability: str
    cost: ChemCostsOut
    cost_best_reply: ChemCostsOut | None
    message: str
    messages: dict[str, str]


class ChemJudgedOut(Judged):
    """One of the player's decisions judged: optimal or not, the advised choice, its cost."""


class ChemPendingOut(BaseModel):
    """The choice awaited: the point, the cards the player may see, what is allowed, the deadline.

    ``cards``: the cards face up so far, in deal order (the hand the player holds, and the
    Player's third card when the Banker chooses); ``hands``: the same by hand, with the
    other hand's cards face down.
    """

    round_id: int
    side: str | None
    total: int | None
    player_third: int | str | None
    cards: list[ChemCardOut]
    hands: ChemHandsOut
    allowed: list[str]
    deadline: str | None
    seconds_left: int | None
    advice: ChemAdviceOut


class ChemTableOut(BaseModel):
    """The table: seats, the bank, whose turn it is and the actions allowed."""

    variant: str
    seats: list[ChemSeatOut]
    bank: ChemBankOut
    turn: Literal["bank", "deal", "keep", "bet", "decision"]
    allowed: list[str]
    bets_before: list[ChemBetOut]
    left_minor: int
    minimum_minor: int
    decision_seconds: int
    banker_rule: str
    decks: int
    pending: ChemPendingOut | None


class ChemRoundBankOut(BaseModel):
    """The round's bank: holder, amount, and what became of it (grows, kept, given_up...)."""

    seat: int
    amount_minor: int
    after: str | None


class ChemRoundSeatOut(BaseModel):
    """Who sat where in the round, the stake risked, banco, and the result."""

    seat: int
    computer: bool
    role: Literal["banker", "punter"]
    stake_minor: int
    banco: bool
    balance_before_minor: int
    delta_minor: int | None
    payout_minor: int | None


class ChemDecisionOut(BaseModel):
    """One choice of the round, in order."""

    position: int
    side: str
    total: int
    player_third: int | str | None
    choice: Literal["draw", "stand"]
    seat: int
    computer: bool
    by_timeout: bool
    judged: ChemJudgedOut | None = None


class ChemRoundOut(BaseModel):
    """A Chemin de fer round as recalled.

    ``cards``: every card in deal order once settled; while the round is pending only those
    the player may see (as ``pending.cards``). ``hands``: the same by hand, with totals.
    """

    id: int
    variant: str
    status: Literal["pending", "settled"]
    created_at: str | None
    settled_at: str | None
    banker_rule: str
    bank: ChemRoundBankOut
    hand_seat: int
    cards: list[ChemCardOut]
    hands: ChemHandsOut
    outcome: str | None
    commission_minor: int | None
    rounded_away: str | None
    timed_out: bool
    seats: list[ChemRoundSeatOut]
    decisions: list[ChemDecisionOut]
    fairness: ChemFairnessOut


class ChemAnswerOut(AnswerOut[ChemTableOut, ChemRoundOut]):
    """The table after an action, the round it dealt or completed, whether a choice timed out."""


class ChemRoundPage(RoundPage[ChemRoundOut]):
    """A page of rounds, newest first; ``next_before`` for the next page."""
