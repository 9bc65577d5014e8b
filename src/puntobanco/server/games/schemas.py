"""The models both games' answers share, under the names the OpenAPI schema has always given them.

A card and a round's fairness were Chemin de fer's models first and Banque's answers took
them up, so their names (``ChemCardOut``, ``ChemFairnessOut``) are both games' in the
schema. An answer after an action and a page of rounds have the same fields in both games,
with the game's own table and round: each game names them as a subclass of
:class:`AnswerOut` or :class:`RoundPage` (the schema lists the subclass, under its name).
"""

from __future__ import annotations

from typing import Generic, Literal, TypeVar

from pydantic import BaseModel

TableT = TypeVar("TableT", bound=BaseModel)
RoundT = TypeVar("RoundT", bound=BaseModel)


class ChemCardOut(BaseModel):
    """A card: ``{code, rank, suit, points, text}``."""

    code: str
    rank: str
    suit: str
    points: int
    text: str


class ChemFairnessOut(BaseModel):
    """What the round's cards follow from (the shoe's seed, nonce and the round's first card)."""

    server_seed_hash: str
    client_seed: str
    nonce: int
    decks: int
    shoe_index: int
    round_in_shoe: int
    first_card: int
    burn_shown: str | None


class SeatedOut(BaseModel):
    """Whether the player has a table of this game: a page asks before reading the table."""

    seated: bool


class AnswerOut(BaseModel, Generic[TableT, RoundT]):
    """The table after an action, the round it dealt or completed, whether a choice timed out."""

    table: TableT
    round: RoundT | None
    timed_out: bool
    message: str | None = None
    messages: dict[str, str] | None = None


class RoundPage(BaseModel, Generic[RoundT]):
    """A page of rounds, newest first; ``next_before`` for the next page."""

    rounds: list[RoundT]
    next_before: int | None


class PerChoice(BaseModel):
    """A figure for each choice (each game names and words its own subclass)."""

    draw: str
    stand: str


class Judged(BaseModel):
    """A choice judged (each game names and words its own subclass)."""

    optimal: bool
    advised: Literal["draw", "stand"]
    cost: str
    message: str
    messages: dict[str, str]
