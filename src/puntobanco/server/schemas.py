r"""Request and response bodies of the HTTP API, as pydantic models (served as /openapi.json).

Every text a request carries is bounded and checked here, before it can reach an error
message or the database (:data:`PLAIN`): no control character (NUL included), no lone
surrogate (valid JSON, ``"\ud800"`` in a body, but no text that UTF-8 or a database holds).
The seeds keep their own checks (``check_client_seed``, ``parse_seed_hex``), which refuse
the same characters with a message that names the seed's format.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt
from pydantic_core import PydanticCustomError

from puntobanco.server.models import RoundStatus

#: C0 and C1 control characters (NUL included), DEL, and the surrogate code points.
_NOT_TEXT = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
#: The most bet spots a round may name (every spot of the richest rules is far fewer).
MAX_SPOTS = 64


def _plain_text(value: str) -> str:
    if _NOT_TEXT.search(value):
        raise PydanticCustomError(
            "text_invalid",
            "Text may not hold control characters (NUL included) or unpaired surrogates",
        )
    return value


#: A request's text is bounded (``Field(max_length=...)``) and plain: no control character,
#: no lone surrogate (422 ``invalid_request``, naming the field).
PLAIN = AfterValidator(_plain_text)
Username = Annotated[str, Field(max_length=200), PLAIN]
Password = Annotated[str, Field(max_length=1000), PLAIN]
PresetName = Annotated[str, Field(max_length=64), PLAIN]
SpotName = Annotated[str, Field(max_length=40), PLAIN]


class ErrorDetail(BaseModel):
    """What went wrong, in the request's language."""

    code: str = Field(description="Stable identifier, e.g. below_minimum.")
    message: str = Field(description="A sentence in the request's language.")
    params: dict[str, Any] = Field(description="The values the message names.")
    messages: dict[str, str] = Field(
        description=(
            'The same sentence in every language the server speaks ({"en": ..., "es": ...}):'
            " a client that switches language shows it without sending the request again."
        ),
        examples=[{"en": "Wrong username or password.", "es": "Usuario o contraseña incorrectos."}],
    )


class ErrorBody(BaseModel):
    """Every 4xx and 5xx answer."""

    error: ErrorDetail


class Credentials(BaseModel):
    """A username and password."""

    model_config = ConfigDict(extra="forbid")
    username: Username
    password: Password


class UserOut(BaseModel):
    """A player and their balance."""

    id: int
    username: str
    guest: bool
    balance_minor: int


class SessionStateOut(BaseModel):
    """Who is logged in: the player, or null without a session."""

    user: UserOut | None


class AuthOut(BaseModel):
    """A login: the player and a bearer token (also set as the ``pb_session`` cookie)."""

    user: UserOut
    token: str


class TopUp(BaseModel):
    """Play money to add."""

    model_config = ConfigDict(extra="forbid")
    amount_minor: StrictInt = Field(description="Minor units (cents), 1 to the operator's maximum.")


class BalanceOut(BaseModel):
    """A wallet's balance."""

    balance_minor: int


class TableauOut(BaseModel):
    """The drawing rules: the natural totals, and the totals and third cards that draw."""

    naturals: list[int]
    player_draws: list[int] = Field(description="The Player's two-card totals that draw.")
    banker_draws: list[list[int | Literal["stood"]]] = Field(
        description=(
            "For each Banker total 0-9, the Player third-card values on which it draws, "
            'and "stood" if it draws when the Player stood.'
        )
    )


class LegOut(BaseModel):
    """One line of a bet's paytable: when it applies and what it pays (per unit staked)."""

    when: dict[str, str | int | bool] = Field(
        description=(
            "The conditions, all of which must hold: outcome, winning_total, winning_cards, "
            "natural, margin, cards_dealt, player_pair, banker_pair, pairs, suited_pairs, "
            "same_rank."
        )
    )
    resolution: Literal["win", "push"]
    pays: str = Field(description="Winnings per unit after commission, an exact fraction.")
    commission: str = Field(description="The commission per unit staked, an exact fraction.")


class RulesOut(BaseModel):
    """The table's rules (``Rules.to_json``); payouts as exact fractions written as strings."""

    name: str
    variant: str
    decks: int
    shoe_mode: Literal["cut-card", "reshuffle"]
    cut_card: int
    burn: bool
    player_pays: str
    banker_commission: str
    tie_pays: str
    banker_six_pays: str | None
    pair_pays: str | None
    banker_pushes_on: list[int] | None = Field(
        default=None, description="[total, cards]: a Banker win with that hand pushes (EZ)."
    )
    side_bets: dict[str, list[str]] = Field(
        default_factory=dict, description="Each side bet offered and its payouts, in order."
    )
    tableau: TableauOut
    offered_bets: list[str]
    bets: dict[str, list[LegOut]] = Field(
        description="Each offered bet's paytable: the first leg that applies decides it; "
        "a coup that no leg matches loses the bet."
    )


class LimitsOut(BaseModel):
    """Table limits per spot, minor units."""

    minimum_minor: int
    maximum_minor: int
    maxima_minor: dict[str, int]


class FairnessOut(BaseModel):
    """What the player may check: the commitment, their client seed, the next shoe's nonce."""

    server_seed_hash: str
    client_seed: str
    nonce: int


class TopUpLimitsOut(BaseModel):
    """The wallet's limits, so a page offers only top-ups the server accepts."""

    max_minor: int = Field(description="Largest single top-up (PUNTOBANCO_TOP_UP_MAX_MINOR).")
    balance_cap_minor: int = Field(description="A top-up may not take a balance above this.")


class TableOut(BaseModel):
    """The player's table."""

    rules: RulesOut
    limits: LimitsOut
    fairness: FairnessOut
    presets: list[str] = Field(description="Rules a player may choose (PUT /api/table).")
    withdrawn: bool = Field(
        default=False,
        description="The operator withdrew the table's rules: the next round is refused "
        "(409 preset_withdrawn) until the player chooses one of presets.",
    )
    test_seed: bool = Field(
        default=False,
        description="The operator started the server with a fixed test server seed "
        "(PUNTOBANCO_TEST_SERVER_SEED, allowed by --allow-test-seed): every card is known "
        "in advance, no round is provably fair. Tests and demos only.",
    )
    currency: str = Field(
        default="", description="The sign shown beside amounts (PUNTOBANCO_CURRENCY); may be empty."
    )
    top_up: TopUpLimitsOut = Field(description="What one top-up may add, and the balance cap.")


class TableChoice(BaseModel):
    """Choose the table's rules among the operator's presets; starts a new shoe."""

    model_config = ConfigDict(extra="forbid")
    preset: PresetName


class RoundIn(BaseModel):
    """All of a round's bets: spot -> stake in minor units."""

    model_config = ConfigDict(extra="forbid")
    bets: dict[SpotName, Any] = Field(
        description="Spot -> whole minor units: player, banker, tie, and the pair and side "
        "bets the table's rules offer (GET /api/table: rules.offered_bets), e.g. "
        "dragon_bonus_player; any other spot is refused (422 not_offered or unknown_bet, naming "
        "the table's spots).",
        max_length=MAX_SPOTS,
        json_schema_extra={"additionalProperties": {"type": "integer"}},
    )


class CardOut(BaseModel):
    """One card."""

    code: str
    rank: str
    suit: str
    points: int
    text: str


class EventOut(BaseModel):
    """One step of the round, with a sentence in the request's language."""

    kind: Literal["card", "draw", "stand", "result"]
    side: Literal["player", "banker"] | None
    card: CardOut | None
    total: int | None
    reason: str | None
    text: str


class BetOut(BaseModel):
    """A stake on one spot."""

    bet: str
    stake_minor: int


class SettlementOut(BaseModel):
    """How one bet was settled. Fractions are exact minor units."""

    bet: str
    stake_minor: int
    resolution: Literal["win", "lose", "push"]
    winnings_minor: int
    payout_minor: int
    net_minor: int
    commission: str
    rounded_away: str


class BurnOut(BaseModel):
    """The burn at the start of a cut-card shoe."""

    shown: CardOut
    face_down: int


class ShoeRef(BaseModel):
    """Where the round stands in its shoe."""

    index: int
    round_in_shoe: int
    last_in_shoe: bool
    burn: BurnOut | None
    first_card: int = Field(description="Position in the shuffled shoe of the round's 1st card.")
    decks: int


class RoundOut(BaseModel):
    """A dealt and settled round."""

    id: int
    created_at: str
    status: RoundStatus
    preset: str = Field(description="The table's rules preset when the round was dealt.")
    bets: list[BetOut]
    cards: list[CardOut]
    player_cards: list[CardOut]
    banker_cards: list[CardOut]
    player_total: int
    banker_total: int
    outcome: Literal["player", "banker", "tie"]
    natural: bool
    player_pair: bool
    banker_pair: bool
    events: list[EventOut]
    settlement: list[SettlementOut]
    net_minor: int
    balance_minor: int
    shoe: ShoeRef
    fairness: FairnessOut


class RoundPending(BaseModel):
    """202: the round was dealt and its stakes taken; its settlement is to come.

    The database failed after the deal was committed. The server settles the round
    automatically, exactly once; the same request with the same Idempotency-Key returns
    the settled round (201).
    """

    id: int
    status: Literal[RoundStatus.DEALT]
    staked_minor: int = Field(description="The stakes taken, minor units.")
    message: str = Field(description="What happened and what to do, in the request's language.")
    messages: dict[str, str] = Field(description="The same sentence in every language.")


class RoundPage(BaseModel):
    """A page of the player's rounds, newest first."""

    rounds: list[RoundOut]
    next_before: int | None


class MarkOut(BaseModel):
    """A round on the scoreboards."""

    outcome: Literal["player", "banker", "tie"]
    player_pair: bool
    banker_pair: bool
    natural: bool
    winning_total: int


class ShoeStats(BaseModel):
    """Counts over the scoreboard's rounds."""

    banker: int
    player: int
    tie: int
    naturals: int
    player_pairs: int
    banker_pairs: int


class EdgeOut(BaseModel):
    """A bet's exact house edge for the cards left."""

    house_edge: float
    exact: str


class NextShoeOut(BaseModel):
    """The shoe the next round is dealt from, announced when a cut-card shoe has finished."""

    id: int = Field(description="Its id: the shoe.index its rounds will have.")
    cards_remaining: int = Field(description="A full shoe: it is shuffled, and burned, first.")
    edges: dict[str, EdgeOut] | None = Field(description="Each bet's exact house edge in it.")


class ShoeOut(BaseModel):
    """One shoe of the table: every field describes the same shoe, ``id``.

    Cut-card tables: the shoe in progress; the shoe that ended at its cut card
    (``finished``: its rounds, the cards it left behind the cut card, no edges, and
    ``next``); or the next shoe before its first round (a new table, a table switch or a
    new seed: no rounds). Reshuffle-every-round tables: every round is a fresh shoe; the
    scoreboard holds the last rounds since the table's rules or seed were last set.
    """

    id: int = Field(description="The shoe's index at this table (a round's shoe.index).")
    index: int = Field(description="The same as id (the older name).")
    preset: str = Field(description="The rules the shoe is dealt under.")
    shoe_mode: Literal["cut-card", "reshuffle"]
    finished: bool = Field(
        description="The shoe dealt its last round (the one after the cut card came out). "
        "Its rounds stay on the boards until the next shoe's first round, announced in next."
    )
    cut_card_out: bool = Field(
        description="The cut card has come out: the shoe's next round is its last (or, "
        "finished, was)."
    )
    rounds: list[MarkOut]
    stats: ShoeStats
    roads: dict[str, Any]
    cards_remaining: int = Field(
        description="Cards left in this shoe (reshuffle tables: always the full shoe)."
    )
    edges: dict[str, EdgeOut] | None = Field(
        description="Each bet's exact house edge for the cards of this shoe not yet seen; "
        "null on reshuffle tables, on a finished shoe, or without the analysis layer."
    )
    next: NextShoeOut | None = Field(
        description="Set only when finished: the shoe the next round is dealt from."
    )


class ClientSeedIn(BaseModel):
    """A new client seed."""

    model_config = ConfigDict(extra="forbid")
    client_seed: str = Field(max_length=1000)


class RotateOut(BaseModel):
    """The revealed seed and the new commitment."""

    revealed_server_seed: str
    server_seed_hash: str
    next: FairnessOut


class VerifyIn(BaseModel):
    """A revealed server seed, in hex."""

    model_config = ConfigDict(extra="forbid")
    server_seed: str = Field(max_length=1000)


class Mismatch(BaseModel):
    """A recorded value that the recomputation does not reproduce."""

    round_id: int
    field: str
    recorded: str
    recomputed: str


class VerifyOut(BaseModel):
    """The verification of every round dealt under one seed."""

    server_seed_hash: str
    rounds_checked: int
    mismatches: list[Mismatch]


class Health(BaseModel):
    """Liveness or readiness."""

    status: Literal["ok", "unavailable"]
    detail: dict[str, Any] = Field(default_factory=dict)
