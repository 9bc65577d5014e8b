"""The operator's shared tables: ``PUNTOBANCO_SHARED_TABLES``, a JSON list of tables.

>>> [table.id for table in DEFAULT_SHARED_TABLES]
['salon', 'dragon']
>>> table = SharedTableConfig.model_validate({"id": "vip", "name": "VIP", "minimum_minor": 1000})
>>> table.preset, table.betting_seconds, table.maximum_minor
('punto-banco', 15, 50000)
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from puntobanco.core.rules import PRESETS, BetKind, TableLimits, Variant

#: A table id: lower-case letters, digits and hyphens (it is part of the table's URL).
TABLE_ID_PATTERN = r"^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$"


def dealt_presets() -> tuple[str, ...]:
    """The presets a shared table may deal: Punto Banco's, side bets included.

    Chemin de fer and Banque are games with choices: they stay private tables.
    """
    return tuple(name for name, rules in PRESETS.items() if rules.variant is Variant.PUNTO_BANCO)


class SharedTableConfig(BaseModel):
    """One shared table as the operator configures it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=TABLE_ID_PATTERN, description="The table's id, in its URL.")
    name: str = Field(min_length=1, max_length=80, description="The name the lobby shows.")
    preset: str = Field(default="punto-banco", description="The rules: a Punto Banco preset.")
    minimum_minor: int = Field(default=100, gt=0, description="Minimum per spot.")
    maximum_minor: int = Field(default=50_000, gt=0, description="Maximum per spot.")
    tie_maximum_minor: int | None = Field(default=10_000, gt=0, description="Maximum on Tie.")
    side_bet_maximum_minor: int | None = Field(
        default=10_000, gt=0, description="Maximum on each side bet and pair."
    )
    betting_seconds: int = Field(default=15, ge=3, le=120, description="The betting countdown.")
    reveal_ms: int = Field(
        default=900, ge=0, le=5_000, description="The pause before each card is revealed."
    )
    squeeze: bool = Field(default=False, description="The largest bettors turn the cards.")
    squeeze_seconds: int = Field(default=8, ge=2, le=60, description="Time to turn a card.")
    max_seats: int = Field(default=100, ge=1, le=10_000, description="Seats that may bet.")

    @field_validator("preset")
    @classmethod
    def _dealt_preset(cls, value: str) -> str:
        if value not in dealt_presets():
            raise PydanticCustomError(
                "unknown_preset",
                "unknown preset '{preset}' for a shared table: choose one of {allowed}",
                {"preset": value, "allowed": ", ".join(dealt_presets())},
            )
        return value

    @model_validator(mode="after")
    def _maximum_over_minimum(self) -> SharedTableConfig:
        if self.maximum_minor < self.minimum_minor:
            raise PydanticCustomError(
                "maximum_below_minimum",
                "table '{table}': maximum_minor {maximum} is below minimum_minor {minimum}",
                {"table": self.id, "maximum": self.maximum_minor, "minimum": self.minimum_minor},
            )
        return self

    def limits(self) -> TableLimits:
        """The table's limits per spot, as the core :class:`Table` takes them."""
        rules = PRESETS[self.preset]
        maxima: dict[BetKind, int] = {}
        if self.tie_maximum_minor is not None:
            maxima[BetKind.TIE] = min(self.tie_maximum_minor, self.maximum_minor)
        if self.side_bet_maximum_minor is not None:
            side = [kind for kind, _pays in rules.side_bets]
            if rules.pair_pays is not None:
                side += [BetKind.PLAYER_PAIR, BetKind.BANKER_PAIR]
            for kind in side:
                maxima[kind] = min(self.side_bet_maximum_minor, self.maximum_minor)
        return TableLimits(
            minimum_minor=self.minimum_minor,
            maximum_minor=self.maximum_minor,
            maxima_minor=maxima,
        )

    def to_json(self) -> str:
        """The settings as stored with the table (``shared_tables.settings_json``)."""
        return json.dumps(self.model_dump(), sort_keys=True, separators=(",", ":"))


#: The tables ``make serve`` opens when the operator names none.
DEFAULT_SHARED_TABLES: tuple[SharedTableConfig, ...] = (
    SharedTableConfig(id="salon", name="Salón Punto Banco"),
    SharedTableConfig(id="dragon", name="Dragon Bonus", preset="dragon-bonus", minimum_minor=500),
)


def parse_shared_tables(value: Any) -> Any:
    """``PUNTOBANCO_SHARED_TABLES`` as pydantic validates it: a JSON list, or ``[]`` for none.

    Raises:
        PydanticCustomError: The text is not JSON, or two tables share an id.
    """
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError as error:
            raise PydanticCustomError(
                "shared_tables_json",
                "shared_tables is a JSON list of tables: {error}",
                {"error": str(error)},
            ) from None
    if isinstance(value, list | tuple):
        ids = [
            item.get("id") if isinstance(item, dict) else getattr(item, "id", None)
            for item in value
        ]
        repeated = sorted({i for i in ids if i is not None and ids.count(i) > 1})
        if repeated:
            raise PydanticCustomError(
                "shared_tables_repeated",
                "shared_tables names the table id '{id}' more than once",
                {"id": repeated[0]},
            )
    return value
