"""The option types every command shares: a rate, a payout, decks, the shoe type, an output format.

One parser per kind of value (a rate, a payout, money, a card list, decks, the
shoe type, an output format), so that ``--commission 5%`` means the same in
``play``, ``simulate`` and ``systems`` (and ``odds`` can adopt them: each is a
plain function from the text typed to the value, and a Typer ``parser=``).

Each parser raises :class:`OptionValueError`, a Click ``BadParameter`` that
carries a catalogue key of :mod:`puntobanco.cli.lang` and its parameters
rather than an English sentence: the command's usage-error handler
(:class:`puntobanco.cli.play.TranslatedCommand`) words it in the user's
language as ``Invalid option --commission: ...``, the one style of every
option error. Its ``str()`` is the English sentence, for any other caller.

Typer calls a ``parser=`` with the text typed, and with the default as it is
written in the signature (None stays None), so the defaults here are text too.

>>> parse_rate("5%"), parse_rate("0.05")
(Fraction(1, 20), Fraction(1, 20))
>>> parse_payout("8"), parse_payout("19/20")
(Fraction(8, 1), Fraction(19, 20))
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Any

import typer

from puntobanco.core import i18n
from puntobanco.core.cards import Card, parse_cards
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import Lang, error_message
from puntobanco.core.money import parse_amount
from puntobanco.core.rng import MAX_SEED
from puntobanco.core.rules import PRESETS, Rules, ShoeMode, to_fraction

#: Characters of the user's text quoted back in a message.
_SHOWN = 24
#: The ways of writing each shoe type (the Spanish words too).
SHOE_TYPES: dict[str, ShoeMode] = {
    "cut-card": ShoeMode.CUT_CARD,
    "cutcard": ShoeMode.CUT_CARD,
    "cut_card": ShoeMode.CUT_CARD,
    "corte": ShoeMode.CUT_CARD,
    "reshuffle": ShoeMode.RESHUFFLE,
    "barajar": ShoeMode.RESHUFFLE,
}
#: "8", "8:1", "8 to 1", "8 a 1": a payout written with or without its "to 1".
_TO_ONE = re.compile(r"\s*(?::|to|a)\s*1\s*$", re.IGNORECASE)


class OutputFormat(StrEnum):
    """How a command that prints a table prints it (``--format``)."""

    TABLE = "table"
    JSON = "json"
    CSV = "csv"
    MARKDOWN = "markdown"


class OptionValueError(typer.BadParameter):
    """A value an option does not take: a catalogue ``key`` and its ``params``.

    The English sentence is the exception's message, so that it reads well
    wherever it is not translated.
    """

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(i18n.text("en", key, **params))

    def detail(self, lang: Lang) -> str:
        """The sentence in ``lang`` (``"en"`` or ``"es"``), its figures as ``lang`` writes them."""
        from puntobanco.cli.numbers import localize

        # Counts grouped as the language groups them (10,000,000 / 10.000.000); the text
        # the user typed is quoted as typed.
        params: dict[str, Any] = {
            k: localize(f"{v:,}", lang) if isinstance(v, int) and not isinstance(v, bool) else v
            for k, v in self.params.items()
        }
        if "decimal" in params:  # the form we suggest, not the user's text: 0,05 in Spanish
            params["decimal"] = localize(str(params["decimal"]), lang)
        return i18n.text(lang, self.key, **params)


def shown(value: str) -> str:
    """The user's text, safe to quote back: control characters as ``?``, cut to a length.

    >>> shown("9" * 30)
    '999999999999999999999999…'
    """
    printable = "".join(ch if ch.isprintable() else "?" for ch in value)
    return printable[:_SHOWN] + "…" if len(printable) > _SHOWN else printable


def _number(text: str, key: str, value: str) -> Fraction:
    try:
        return to_fraction(text.strip().replace(",", "."), "value")
    except BaccaratError:
        raise OptionValueError(key, value=shown(value)) from None


def parse_rate(value: str) -> Fraction:
    """A rate (the Banker's commission) written ``5%`` or ``0.05``, as an exact fraction.

    A number of 1 or more without ``%`` is refused as ambiguous (``5`` could
    be 5% or 500%), naming both forms; so is anything outside [0, 1). A
    decimal comma is read as a point (``0,05``, ``4,5%``).

    >>> parse_rate("4.5%"), parse_rate("0")
    (Fraction(9, 200), Fraction(0, 1))
    >>> parse_rate("5")
    Traceback (most recent call last):
    ...
    puntobanco.cli.params.OptionValueError: '5' is ambiguous: write 5% for 5 percent, or 0.05
    """
    text = value.strip()
    if text.endswith("%"):
        rate = _number(text[:-1], "cli.opt.commission", value) / 100
    else:
        rate = _number(text, "cli.opt.commission", value)
        if rate >= 1:
            hundredth = rate / 100
            decimal = f"{float(hundredth):g}" if hundredth.denominator <= 10**6 else "0.05"
            raise OptionValueError(
                "cli.opt.rate_ambiguous", value=shown(value), percent=text, decimal=decimal
            )
    if not 0 <= rate < 1:
        raise OptionValueError("cli.opt.commission", value=shown(value))
    return rate


def parse_payout(value: str) -> Fraction:
    """Winnings per unit staked, above 0: ``8``, ``8:1``, ``8 to 1``, ``19/20``, ``0.95``.

    >>> parse_payout("9 to 1"), parse_payout("0,95")
    (Fraction(9, 1), Fraction(19, 20))
    """
    payout = _number(_TO_ONE.sub("", value), "cli.opt.payout", value)
    if payout <= 0:
        raise OptionValueError("cli.opt.payout", value=shown(value))
    return payout


def parse_decks(value: str) -> int:
    """Decks in the shoe, a whole number from 1 to 8.

    >>> parse_decks(" 6 ")
    6
    """
    text = value.strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 2 and 1 <= int(text) <= 8):
        raise OptionValueError("cli.opt.decks", value=shown(value))
    return int(text)


def parse_seed(value: str) -> int:
    """A seed, a whole number from 0 to 2**64 - 1, as every command takes it.

    >>> parse_seed(" 42 ")
    42
    """
    try:
        return parse_whole(value, 0, MAX_SEED)
    except OptionValueError:
        # Written whole: 2**64 - 1 is better recognised ungrouped.
        raise OptionValueError(
            "cli.opt.seed", value=shown(str(value)), maximum=str(MAX_SEED)
        ) from None


def parse_whole(value: str, low: int, high: int, *, key: str = "cli.opt.whole_range") -> int:
    """A whole number from ``low`` to ``high`` (ASCII digits; ``_`` between them allowed).

    >>> parse_whole("1_000", 1, 10**6)
    1000
    """
    text = str(value).strip().replace("_", "")
    digits = text.removeprefix("+")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 40):
        raise OptionValueError(key, value=shown(str(value)), minimum=low, maximum=high)
    number = int(digits)
    if not low <= number <= high:
        raise OptionValueError(key, value=shown(str(value)), minimum=low, maximum=high)
    return number


def parse_preset(value: str) -> Rules:
    """A rules preset by name (``--preset`` and its other name ``--rules``).

    >>> parse_preset("tie-9").tie_pays
    Fraction(9, 1)
    """
    rules = PRESETS.get(value.strip())
    if rules is None:
        raise OptionValueError("cli.opt.preset", value=shown(value), allowed=", ".join(PRESETS))
    return rules


def check_plot(path: Path, lang: Lang) -> str | None:
    """Why ``path`` cannot take a PNG plot (``None``: it can), tried without leaving a file.

    Called before a long run, so that a bad ``--plot`` fails at once.
    """
    from puntobanco.cli.oserrors import os_reason

    if path.suffix.lower() != ".png":
        return i18n.text(lang, "cli.opt.plot_suffix", value=shown(str(path)))
    existed = path.exists()
    try:
        with path.open("ab"):
            pass
    except OSError as error:
        return i18n.text(lang, "cli.opt.plot_path", path=path, reason=os_reason(error, lang))
    if not existed:
        path.unlink(missing_ok=True)
    return None


def parse_money(value: str, lang: Lang = "en", *, minimum_minor: int = 1) -> int:
    """An amount in major units, as ``lang`` writes it, in minor units (never a float).

    ``1000``, ``2.50``, and the thousands of the language (``1,000`` in English,
    ``1.000`` or ``1 000`` in Spanish), as :func:`puntobanco.core.money.parse_amount`
    reads them; below ``minimum_minor`` is refused. A command binds the language
    with :func:`money_in` to use it as a Typer ``parser=``.

    >>> parse_money("1,000.50"), parse_money("1.000,50", "es")
    (100050, 100050)
    """
    try:
        amount = parse_amount(value, lang=lang)
    except BaccaratError as error:
        quoted = {k: shown(v) if isinstance(v, str) else v for k, v in error.params.items()}
        detail = error_message(BaccaratError(error.message, code=error.code, **quoted), lang)
        raise OptionValueError("cli.opt.amount_error", detail=detail.rstrip(".")) from None
    if amount < minimum_minor:
        raise OptionValueError("cli.opt.amount", value=shown(value))
    return amount


def money_in(lang: Lang, *, minimum_minor: int = 1) -> Callable[[str], int]:
    """:func:`parse_money` for the language ``lang``, as a one-argument parser."""
    return functools.partial(parse_money, lang=lang, minimum_minor=minimum_minor)


def parse_card_list(value: str) -> tuple[Card, ...]:
    """Cards separated by spaces or commas (``Kd 5s, 9h``; ``10h`` or ``Th``; suits as symbols).

    For options that name exact cards (``odds --remove`` can adopt it; a rank
    alone, ``9``, is that command's own extension).

    >>> [str(c) for c in parse_card_list("Kd, 10h")]
    ['K♦', '10♥']
    """
    try:
        cards = parse_cards(value)
    except BaccaratError:
        raise OptionValueError("cli.opt.cards", value=shown(value)) from None
    if not cards:
        raise OptionValueError("cli.opt.cards", value=shown(value))
    return cards


def parse_shoe(value: str) -> ShoeMode:
    """The shoe type: ``cut-card`` (burn, deal to the cut card) or ``reshuffle`` (every round).

    >>> parse_shoe("Reshuffle").value
    'reshuffle'
    """
    mode = SHOE_TYPES.get(value.strip().lower())
    if mode is None:
        raise OptionValueError("cli.opt.shoe", value=shown(value))
    return mode


def parse_format(value: str) -> OutputFormat:
    """An output format: ``table``, ``json``, ``csv`` or ``markdown`` (``md``).

    >>> parse_format("MD").value
    'markdown'
    """
    text = value.strip().lower()
    text = {"md": "markdown"}.get(text, text)
    try:
        return OutputFormat(text)
    except ValueError:
        raise OptionValueError("cli.opt.format", value=shown(value)) from None


def format_option(help_text: str) -> Any:
    """The ``--format`` option of a command that prints a table: ``table|json|csv|markdown``.

    For ``fmt: Annotated[OutputFormat | None, format_option(h("format"))] = None``; each
    command words its help in its own catalogue.
    """
    import typer

    return typer.Option("--format", metavar="FORMAT", parser=parse_format, help=help_text)


def lang_option(help_text: str) -> Any:
    """The ``--lang es|en`` option of a command, read by :func:`~puntobanco.cli.lang.checked_lang`.

    For ``lang: Annotated[str | None, lang_option(h("lang"))] = None``; each command
    words its help in its own catalogue.
    """
    import typer

    return typer.Option("--lang", metavar="es|en", help=help_text)


def chosen_format(fmt: OutputFormat | None, as_json: bool) -> OutputFormat:
    """``--format``, with ``--json`` kept as its short form (both given: they must agree).

    >>> chosen_format(None, True).value, chosen_format(None, False).value
    ('json', 'table')
    """
    if as_json and fmt not in (None, OutputFormat.JSON):
        raise OptionValueError("cli.opt.format_json", value=str(fmt))
    if as_json:
        return OutputFormat.JSON
    return fmt or OutputFormat.TABLE


def parse_side_bets(value: str) -> dict[str, str | None]:
    """``--side-bets NAME[=X],...``: the side bets to offer, each with its payouts or ``None``.

    ``=X`` sets a one-payout bet's payout (``super_6=15``); a bet with several
    payouts takes them colon-separated in its paytable's order
    (``tiger=12:20``). The names and payouts are checked by
    :class:`~puntobanco.core.rules.Rules` (:func:`offer_side_bets`), which words
    a refusal in both languages; here the text is only split.

    >>> parse_side_bets("dragon_7, tiger=12:20")
    {'dragon_7': None, 'tiger': '12:20'}
    """
    offered: dict[str, str | None] = {}
    for item in value.split(","):
        name, _, pays = item.strip().partition("=")
        offered[name.strip()] = pays.strip() if pays else None
    return offered


def offer_side_bets(rules: Rules, value: str) -> Rules:
    """``rules`` with the side bets of ``--side-bets`` offered too (or re-priced).

    The same in ``play`` and ``odds``: the bets the rules already offer stay,
    and a bet named again takes the payouts given.

    Raises:
        BaccaratError: An unknown side bet or a bad payout
            (:func:`~puntobanco.core.explain.error_message` words it).

    >>> [k.value for k, _ in offer_side_bets(Rules(), "super_6=15,dragon_7").side_bets]
    ['dragon_7', 'super_6']
    """
    offered: dict[Any, Any] = dict(rules.side_bets)
    # A BetKind is a StrEnum, so "tiger" and BetKind.TIGER are one key: naming a bet again
    # re-prices it.
    offered.update(parse_side_bets(value))
    return rules.replace(side_bets=offered)


def _starting(choices: tuple[str, ...] | list[str]) -> Callable[[str], list[str]]:
    def complete(incomplete: str) -> list[str]:
        return [c for c in choices if c.startswith(incomplete)]

    return complete


#: Shell completion of the options' values (``odds --preset <TAB>``), for Typer's
#: ``autocompletion=``.
complete_preset = _starting(list(PRESETS))
complete_variant = _starting(("punto-banco", "chemin-de-fer", "banque"))
complete_backend = _starting(("cpu", "reference", "cuda", "dask"))
