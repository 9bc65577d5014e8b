"""The options of ``puntobanco play``, checked into a :class:`GameConfig`.

Options arrive as the strings the player typed, so that every refusal can be
told in the player's language (:class:`OptionError` names a catalogue message
of :mod:`puntobanco.cli.lang`), never as a parser's English.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from puntobanco.cli.lang import detect_lang, parse_lang
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import Lang
from puntobanco.core.money import format_minor, parse_amount
from puntobanco.core.rules import (
    DECK_SIZE,
    MAX_BURN,
    MIN_CUT_CARD,
    Rules,
    ShoeMode,
    TableLimits,
    to_fraction,
)

DEFAULT_BALANCE = "1000"
DEFAULT_MINIMUM = "1"
DEFAULT_MAXIMUM = "500"
_WHOLE = re.compile(r"^\+?\d+$")
_SHOE_MODES = {
    "cut-card": ShoeMode.CUT_CARD,
    "cutcard": ShoeMode.CUT_CARD,
    "cut_card": ShoeMode.CUT_CARD,
    "corte": ShoeMode.CUT_CARD,
    "reshuffle": ShoeMode.RESHUFFLE,
    "barajar": ShoeMode.RESHUFFLE,
}


class OptionError(Exception):
    """A bad option value: ``key`` names the catalogue message, ``params`` fill it."""

    def __init__(self, option: str, key: str, **params: Any) -> None:
        super().__init__(f"{option}: {key}")
        self.option = option
        self.key = key
        self.params = params


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Everything the options decide."""

    rules: Rules
    limits: TableLimits
    balance_minor: int
    seed: int | None
    lang: Lang
    fast: bool
    explain: bool


def _whole(option: str, value: str, key: str, **params: Any) -> int:
    if not _WHOLE.match(value.strip()):
        raise OptionError(option, key, value=value, **params)
    return int(value)


def _amount(option: str, value: str) -> int:
    try:
        amount = parse_amount(value)
    except BaccaratError:
        raise OptionError(option, "opt.amount", value=value) from None
    if amount <= 0:
        raise OptionError(option, "opt.amount", value=value)
    return amount


def _commission(value: str) -> Fraction:
    text = value.strip()
    try:
        if text.endswith("%"):
            commission = to_fraction(text[:-1].replace(",", "."), "commission") / 100
        else:
            commission = to_fraction(text.replace(",", "."), "commission")
    except BaccaratError:
        raise OptionError("--commission", "opt.commission", value=value) from None
    if not 0 <= commission < 1:
        raise OptionError("--commission", "opt.commission", value=value)
    return commission


def build_config(options: Mapping[str, Any], environ: Mapping[str, str]) -> GameConfig:
    """Check every option and build the game's configuration.

    ``options`` holds the raw strings (or ``None``) of ``decks``, ``shoe``,
    ``cut_card``, ``seed``, ``balance``, ``minimum``, ``maximum``,
    ``commission``, ``tie_pays``, ``lang`` and the flags ``pairs``, ``fast``
    and ``explain``.

    Raises:
        OptionError: The first bad option, with the message to show.
    """
    raw_lang = options.get("lang")
    if raw_lang is not None and parse_lang(raw_lang) is None:
        raise OptionError("--lang", "opt.lang", value=raw_lang)
    lang = detect_lang(raw_lang, environ)
    decks = 8
    if options.get("decks") is not None:
        decks = _whole("--decks", options["decks"], "opt.decks")
        if not 1 <= decks <= 8:
            raise OptionError("--decks", "opt.decks", value=options["decks"])
    shoe_mode = ShoeMode.CUT_CARD
    if options.get("shoe") is not None:
        mode = _SHOE_MODES.get(options["shoe"].strip().lower())
        if mode is None:
            raise OptionError("--shoe", "opt.shoe", value=options["shoe"])
        shoe_mode = mode
    cut_card = 14
    cut_limits = {"minimum": MIN_CUT_CARD, "maximum": DECK_SIZE * decks - MAX_BURN - 6}
    if options.get("cut_card") is not None:
        raw = options["cut_card"]
        cut_card = _whole("--cut-card", raw, "opt.cut_card", decks=decks, **cut_limits)
        if not cut_limits["minimum"] <= cut_card <= cut_limits["maximum"]:
            raise OptionError("--cut-card", "opt.cut_card", value=raw, decks=decks, **cut_limits)
    seed = None
    if options.get("seed") is not None:
        seed = _whole("--seed", options["seed"], "opt.seed")
    tie_pays = Fraction(8)
    if options.get("tie_pays") is not None:
        try:
            tie_pays = to_fraction(options["tie_pays"].strip().replace(",", "."), "tie_pays")
        except BaccaratError:
            raise OptionError("--tie-pays", "opt.tie_pays", value=options["tie_pays"]) from None
        if tie_pays <= 0:
            raise OptionError("--tie-pays", "opt.tie_pays", value=options["tie_pays"])
    commission = Fraction(1, 20)
    if options.get("commission") is not None:
        commission = _commission(options["commission"])
    rules = Rules(
        decks=decks,
        shoe_mode=shoe_mode,
        cut_card=cut_card,
        banker_commission=commission,
        tie_pays=tie_pays,
        pair_pays=Fraction(11) if options.get("pairs") else None,
    )
    minimum = _amount("--min", options.get("minimum") or DEFAULT_MINIMUM)
    maximum = _amount("--max", options.get("maximum") or DEFAULT_MAXIMUM)
    if minimum > maximum:
        raise OptionError(
            "--min",
            "opt.limits_order",
            minimum=format_minor(minimum),
            maximum=format_minor(maximum),
        )
    balance = _amount("--balance", options.get("balance") or DEFAULT_BALANCE)
    if balance < minimum:
        raise OptionError(
            "--balance",
            "opt.balance_low",
            balance=format_minor(balance),
            minimum=format_minor(minimum),
        )
    return GameConfig(
        rules=rules,
        limits=TableLimits(minimum_minor=minimum, maximum_minor=maximum),
        balance_minor=balance,
        seed=seed,
        lang=lang,
        fast=bool(options.get("fast")),
        explain=bool(options.get("explain")),
    )
