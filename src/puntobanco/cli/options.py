"""The options of ``puntobanco play``, checked into a :class:`GameConfig`.

Options arrive as the strings the player typed, so that every refusal can be
told in the player's language (:class:`OptionError` names a catalogue message
of :mod:`puntobanco.cli.lang`), never as a parser's English.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from puntobanco.cli.history import history_format
from puntobanco.cli.lang import detect_lang, refused_lang
from puntobanco.cli.params import (
    OptionValueError,
    parse_decks,
    parse_money,
    parse_payout,
    parse_rate,
    parse_shoe,
)
from puntobanco.cli.rules_options import SideBetsRefused, rules_from_options
from puntobanco.core.explain import Lang, error_message
from puntobanco.core.money import format_minor
from puntobanco.core.rng import MAX_SEED
from puntobanco.core.rules import (
    PRESETS,
    Rules,
    ShoeMode,
    TableLimits,
    cut_card_range,
)

DEFAULT_BALANCE = "1000"
DEFAULT_MINIMUM = "1"
DEFAULT_MAXIMUM = "500"
#: Digits a whole-number option may have after its leading zeros: enough for the
#: largest seed (2**64 - 1 has 20), and short enough that int() never refuses it.
_MAX_DIGITS = len(str(MAX_SEED))
# ASCII digits only (str.isdigit and re's \d also take "٣"), bounded in length.
_WHOLE = re.compile(rf"\+?0*([0-9]{{1,{_MAX_DIGITS}}})", re.ASCII)
#: Characters of the player's text quoted back in a message.
_SHOWN = 24
T = TypeVar("T")


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
    history: str | None = None
    """The ``--history`` file (its name ends in .csv or .json), or ``None``."""


def shown(value: str) -> str:
    """The player's text, safe to quote back: control characters as ``?``, cut to a length.

    >>> shown("9" * 30)
    '999999999999999999999999…'
    """
    printable = "".join(ch if ch.isprintable() else "?" for ch in value)
    return printable[:_SHOWN] + "…" if len(printable) > _SHOWN else printable


def _whole(option: str, value: str, key: str, low: int, high: int, **params: Any) -> int:
    """``value`` as a whole number from ``low`` to ``high``, or the catalogue's ``key``."""
    match = _WHOLE.fullmatch(value.strip())
    number = int(match.group(1)) if match else None
    if number is None or not low <= number <= high:
        raise OptionError(option, key, value=shown(value), **params)
    return number


def _amount(option: str, value: str, lang: Lang) -> int:
    return _shared(option, functools.partial(parse_money, lang=lang), value)


def _shared(option: str, parse: Callable[[str], T], value: str) -> T:
    """``value`` read by the option type every command shares (:mod:`puntobanco.cli.params`)."""
    try:
        return parse(value)
    except OptionValueError as error:
        raise OptionError(option, error.key, **error.params) from None


def build_config(options: Mapping[str, Any], environ: Mapping[str, str]) -> GameConfig:
    """Check every option and build the game's configuration.

    ``options`` holds the raw strings (or ``None``) of ``decks``, ``shoe``,
    ``cut_card``, ``seed``, ``balance``, ``minimum``, ``maximum``,
    ``commission``, ``tie_pays``, ``side_bets`` (``NAME[=X],...``, as
    :func:`~puntobanco.cli.params.offer_side_bets` reads it), ``lang`` and the
    flags ``pairs``, ``fast`` and ``explain``.

    Raises:
        OptionError: The first bad option, with the message to show.
    """
    raw_lang = options.get("lang")
    if refused_lang(raw_lang):
        raise OptionError("--lang", "cli.opt.lang", value=shown(raw_lang))
    lang = detect_lang(raw_lang, environ)
    preset, shoe = _shoe_options(options)
    history = options.get("history")
    if history is not None and history_format(history) is None:
        raise OptionError("--history", "cli.opt.history_ext", value=shown(history))
    seed = None
    if options.get("seed") is not None:
        seed = _whole("--seed", options["seed"], "cli.opt.seed", 0, MAX_SEED, maximum=MAX_SEED)
    rules = _rules(options, preset, shoe, lang)
    limits, balance = _limits_and_balance(options, lang)
    return GameConfig(
        rules=rules,
        limits=limits,
        balance_minor=balance,
        seed=seed,
        lang=lang,
        fast=bool(options.get("fast")),
        explain=bool(options.get("explain")),
        history=history,
    )


def _shoe_options(options: Mapping[str, Any]) -> tuple[Rules, dict[str, Any]]:
    """``--preset``'s rules, and the shoe that ``--decks``, ``--shoe`` and ``--cut-card`` ask."""
    name = options.get("preset")
    if name is not None and name.strip() not in PRESETS:
        raise OptionError(
            "--preset", "cli.opt.preset", value=shown(name), allowed=", ".join(PRESETS)
        )
    preset = PRESETS[name.strip()] if name is not None else Rules()
    shoe: dict[str, Any] = {}
    decks = preset.decks
    if options.get("decks") is not None:
        decks = shoe["decks"] = _shared("--decks", parse_decks, options["decks"])
    if options.get("shoe") is not None:
        shoe["shoe_mode"] = _shared("--shoe", parse_shoe, options["shoe"])
    if options.get("cut_card") is not None and shoe.get("shoe_mode") is ShoeMode.RESHUFFLE:
        # A shoe reshuffled every round never reaches a cut card: say so, not ignore it.
        raise OptionError("--cut-card", "cli.opt.cut_card_reshuffle")
    if options.get("cut_card") is not None:
        low, high = cut_card_range(decks)
        shoe["cut_card"] = _whole(
            "--cut-card",
            options["cut_card"],
            "cli.opt.cut_card",
            low,
            high,
            decks=decks,
            minimum=low,
            maximum=high,
        )
    return preset, shoe


def _rules(options: Mapping[str, Any], preset: Rules, shoe: dict[str, Any], lang: Lang) -> Rules:
    """The rules of the game: the preset, the shoe asked, the payouts and side bets given."""
    tie_pays = commission = None
    if options.get("tie_pays") is not None:
        tie_pays = _shared("--tie-pays", parse_payout, options["tie_pays"])
    if options.get("commission") is not None:
        commission = _shared("--commission", parse_rate, options["commission"])
    try:
        return rules_from_options(
            preset,
            **shoe,
            tie_pays=tie_pays,
            banker_commission=commission,
            pair_pays=PRESETS["punto-banco-pairs"].pair_pays if options.get("pairs") else None,
            side_bets=options.get("side_bets"),
        )
    except SideBetsRefused as refused:
        # Core names the unknown bet or the bad payout, and what is allowed, in both languages.
        detail = error_message(refused.error, lang).rstrip(".")
        raise OptionError("--side-bets", "cli.opt.detail", detail=detail) from None


def _limits_and_balance(options: Mapping[str, Any], lang: Lang) -> tuple[TableLimits, int]:
    """The table's limits (``--min``, ``--max``) and the player's ``--balance``, checked."""
    minimum = _amount("--min", options.get("minimum") or DEFAULT_MINIMUM, lang)
    maximum = _amount("--max", options.get("maximum") or DEFAULT_MAXIMUM, lang)
    if minimum > maximum:
        raise OptionError(
            "--min",
            "cli.opt.limits_order",
            minimum=format_minor(minimum, lang=lang),
            maximum=format_minor(maximum, lang=lang),
        )
    balance = _amount("--balance", options.get("balance") or DEFAULT_BALANCE, lang)
    if balance < minimum:
        raise OptionError(
            "--balance",
            "cli.opt.balance_low",
            balance=format_minor(balance, lang=lang),
            minimum=format_minor(minimum, lang=lang),
        )
    return TableLimits(minimum_minor=minimum, maximum_minor=maximum), balance
