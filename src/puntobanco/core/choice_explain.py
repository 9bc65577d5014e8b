"""Sentences for the choices of Chemin de fer and Banque, from the catalogue (``chemin.*``).

:func:`describe_choice` words a coup's ``CHOICE`` event, as
:func:`puntobanco.core.explain.describe` words the tableau's draws and stands;
:func:`choice_error_message` words the errors of :mod:`puntobanco.core.choices`
and of the Banker rules.

>>> from puntobanco.core.cards import parse_cards
>>> from puntobanco.core.choices import Strategy
>>> from puntobanco.core.coup import EventKind, play_coup
>>> from puntobanco.core.rules import RULE_CARD
>>> draw = Strategy.pure(RULE_CARD, player_draws=True, banker_draws={(3, 9): 1, (5, 4): 1})
>>> coup = play_coup(parse_cards("2c 3d 3h Ks 9h 5c"), choices=draw.choices())
>>> [describe_choice(e, "es") for e in coup.events if e.kind is EventKind.CHOICE][0]
'El Jugador con 5 decide pedir carta: con 5 el Jugador puede pedir o plantarse.'
"""

from __future__ import annotations

from puntobanco.core.coup import Event, EventKind, Side
from puntobanco.core.errors import BaccaratError
from puntobanco.core.i18n import check_lang, text
from puntobanco.core.tableau import PLAYER_STOOD

#: The error codes worded here (``chemin.error.<code>``).
CHOICE_ERRORS: frozenset[str] = frozenset(
    {
        "banker_cell",
        "banker_rule",
        "strategy_missing",
        "strategy_not_free",
        "strategy_probability",
        "player_no_choice",
        "strategy_needs_source",
        "replay_mismatch",
    }
)


def describe_choice(event: Event, lang: str = "en") -> str:
    """One sentence for a ``CHOICE`` event in ``lang`` (``"en"`` or ``"es"``).

    Raises:
        ValueError: ``event`` is not a choice.
    """
    if event.kind is not EventKind.CHOICE:
        raise ValueError(f"not a choice event: {event.kind.value}")
    action = "draw" if event.draws else "stand"
    if event.side is Side.PLAYER:
        key = f"chemin.choice.player.{action}"
    elif event.player_third is None or event.player_third == PLAYER_STOOD:
        key = f"chemin.choice.banker_stood.{action}"
    else:
        key = f"chemin.choice.banker.{action}"
    return text(check_lang(lang), key, total=event.total, third=event.player_third)


def choice_error_message(error: BaccaratError, lang: str = "en") -> str:
    """The sentence for an error of the choices in ``lang``; other errors keep their message."""
    if error.code not in CHOICE_ERRORS:
        return error.message
    try:
        return text(check_lang(lang), f"chemin.error.{error.code}", **error.params)
    except (KeyError, IndexError):
        return error.message
