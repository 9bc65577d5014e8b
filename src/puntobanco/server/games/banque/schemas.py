"""The Baccarat Banque API's answers, as the OpenAPI schema documents them.

``banque_render`` builds these fields; the tests check answers against these models
(``extra="forbid"``: a field the render adds must be documented here).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from puntobanco.server.games.banque.advice import BanqueAdviceOut, BanqueJudgedOut
from puntobanco.server.games.schemas import AnswerOut, ChemCardOut, ChemFairnessOut, RoundPage


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BanqueHandOut(_Out):
    """A hand's cards and total (``None`` while its cards are face down)."""

    cards: list[ChemCardOut]
    total: int | None


class BanqueTableauOut(BanqueHandOut):
    """A tableau's cards, total, and result against the Banker (``player``: it won)."""

    outcome: Literal["player", "banker", "tie"] | None


class BanqueBankOut(_Out):
    """The house's bank: what the next stakes face (or, while a round waits, what is left)."""

    holder: Literal["house"]
    amount_minor: int
    opens_with_minor: int
    at_stake_minor: int


class BanqueStakeOut(_Out):
    """Your stake on one spot of the round that waits for your choice."""

    spot: Literal["right", "left", "a-cheval"]
    stake_minor: int


class BanquePendingOut(_Out):
    """The choice awaited: the tableau on 5, your stakes, the cards you may see, the deadline."""

    round_id: int
    hand: Literal["right", "left"] | None
    total: int | None
    held: list[str]
    stakes: list[BanqueStakeOut]
    hands: dict[str, BanqueHandOut]
    allowed: list[str]
    deadline: str | None
    seconds_left: int | None
    advice: BanqueAdviceOut | None = None


class BanqueTableOut(_Out):
    """The table: your balance, the bank, the limits, whose turn it is."""

    variant: Literal["banque"]
    balance_minor: int
    bank: BanqueBankOut
    turn: Literal["bet", "decision"]
    allowed: list[str]
    spots: list[str]
    minimum_minor: int
    maximum_minor: int
    commission: str
    decision_seconds: int
    banker_rule: str
    decks: int
    pending: BanquePendingOut | None


class BanqueBetOut(_Out):
    """Your stake on one spot and how it settled (``payout``: stake and winnings back)."""

    spot: Literal["right", "left", "a-cheval"]
    stake_minor: int
    outcome: Literal["win", "lose", "push"] | None
    net_minor: int | None
    payout_minor: int | None


class BanqueRoundBankOut(_Out):
    """The bank before and after the round, and its net before commission."""

    before_minor: int
    after_minor: int | None
    net_minor: int | None


class BanqueDecisionOut(_Out):
    """One choice of the round, in order (the Banker's with what he saw of each tableau)."""

    position: int
    hand: Literal["right", "left", "banker"]
    total: int
    left_column: int | str | None
    right_column: int | str | None
    choice: Literal["draw", "stand"]
    computer: bool
    by_timeout: bool
    judged: BanqueJudgedOut | None = None


class BanqueRoundOut(_Out):
    """A Banque round as recalled."""

    id: int
    variant: Literal["banque"]
    status: Literal["pending", "settled"]
    created_at: str | None
    settled_at: str | None
    banker_rule: str
    held: list[str]
    cards: list[ChemCardOut]
    right: BanqueTableauOut
    left: BanqueTableauOut
    banker: BanqueHandOut
    bets: list[BanqueBetOut]
    bank: BanqueRoundBankOut
    commission_rate: str
    commission_minor: int | None
    rounded_away: str | None
    timed_out: bool
    decisions: list[BanqueDecisionOut]
    fairness: ChemFairnessOut


class BanqueAnswerOut(AnswerOut[BanqueTableOut, BanqueRoundOut]):
    """The table after an action, the round it dealt or completed, whether a choice timed out."""

    model_config = ConfigDict(extra="forbid")


class BanqueRoundPage(RoundPage[BanqueRoundOut]):
    """A page of rounds, newest first; ``next_before`` for the next page."""

    model_config = ConfigDict(extra="forbid")
