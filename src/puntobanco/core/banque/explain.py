"""Baccarat Banque in words: a recorded choice, and the errors of its rules and table.

Every word comes from the catalogue's ``banque.*`` section.

>>> from puntobanco.core.banque.coup import BANKER, BanqueEvent, NATURAL
>>> from puntobanco.core.coup import EventKind
>>> event = BanqueEvent(EventKind.CHOICE, BANKER, total=5, draws=True, left=4, right=NATURAL)
>>> describe_banque_choice(event, "en")
'The Banker draws on 5 (left: drew a 4; right: a natural).'
"""

from __future__ import annotations

from puntobanco.core.banque.coup import BANKER, NATURAL, BanqueEvent
from puntobanco.core.coup import EventKind
from puntobanco.core.errors import BaccaratError
from puntobanco.core.i18n import Lang, check_lang, text
from puntobanco.core.money import format_minor
from puntobanco.core.tableau import PLAYER_STOOD

#: The error codes worded here (``banque.error.<code>``).
BANQUE_ERRORS: frozenset[str] = frozenset(
    {
        "banque_cell",
        "banque_draw_totals",
        "banque_deck",
        "banque_bank",
        "banque_stake",
        "banque_spot",
        "banque_over_bank",
        "banque_commission",
        "banque_bank_range",
    }
)
#: The codes whose amounts are money, worded with the language's separators.
_MONEY_CODES: frozenset[str] = frozenset({"banque_bank_range"})
_MONEY_PARAMS: frozenset[str] = frozenset({"amount", "minimum", "balance"})


def column_words(column: int | None, lang: str = "en") -> str:
    """What the Banker sees of a tableau, in words: its third card, that it stood, its natural.

    >>> column_words(4, "es"), column_words(NATURAL, "en")
    ('sacó un 4', 'a natural')
    """
    return _column(column, check_lang(lang))


def _column(column: int | None, lang: Lang) -> str:
    if column == NATURAL:
        return text(lang, "banque.column.natural")
    if column is None or column == PLAYER_STOOD:
        return text(lang, "banque.column.stood")
    return text(lang, "banque.column.card", value=column)


def describe_banque_choice(event: BanqueEvent, lang: str = "en") -> str:
    """One sentence for a Banque ``CHOICE`` event in ``lang`` (``"en"`` or ``"es"``).

    Raises:
        ValueError: ``event`` is not a choice.
    """
    if event.kind is not EventKind.CHOICE:
        raise ValueError(f"not a choice event: {event.kind.value}")
    language = check_lang(lang)
    action = "draw" if event.draws else "stand"
    if event.hand == BANKER:
        return text(
            language,
            f"banque.choice.banker.{action}",
            total=event.total,
            left=_column(event.left, language),
            right=_column(event.right, language),
        )
    return text(language, f"banque.choice.{event.hand}.{action}", total=event.total)


def banque_error_message(error: BaccaratError, lang: str = "en") -> str:
    """The sentence for a Banque error in ``lang``; other errors keep their message."""
    if error.code not in BANQUE_ERRORS:
        return error.message
    language = check_lang(lang)
    params = dict(error.params)
    if error.code in _MONEY_CODES:
        for name in _MONEY_PARAMS & params.keys():
            if type(params[name]) is int:
                params[name] = format_minor(params[name], lang=language)
    try:
        return text(language, f"banque.error.{error.code}", **params)
    except (KeyError, IndexError):
        return error.message
