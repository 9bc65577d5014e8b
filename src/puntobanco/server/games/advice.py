"""What the advice of both games shares: its numbers and words, sentences in every language.

Each game's advice (``chemin/advice.py``, ``banque/advice.py``) reads its own solution and
chooses its sentences; both write them in every language of the catalogue beside the one
requested, name a choice by the catalogue's ``word_draw``/``word_stand`` of its section,
show an expectation as the terminal does, and judge a choice made in the same shape.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from puntobanco.core.i18n import LANGUAGES, Lang, text
from puntobanco.server.games.render import choice


def number(value: float | Fraction, lang: str, digits: int) -> str:
    """An expectation (not money) as the terminal shows it, in the language's decimals.

    >>> number(Fraction(-1, 8), "es", 4)
    '-0,1250'
    """
    shown = f"{float(value):.{digits}f}"
    return shown.replace(".", ",") if lang == "es" else shown


def word(section: str, lang: Lang, draws: bool) -> str:
    """A choice in words: the catalogue's ``<section>.word_draw`` or ``word_stand``."""
    return text(lang, f"{section}.word_{choice(draws)}")


def worded(say: Callable[[Lang], str], lang: str) -> dict[str, Any]:
    """``message`` in ``lang`` (English for a language not known) and ``messages`` in each."""
    messages: dict[str, str] = {lg: say(lg) for lg in LANGUAGES}
    return {"message": messages.get(lang, messages["en"]), "messages": messages}


def judgement_json(
    optimal: bool, advised: bool, cost: str, say: Callable[[Lang], str], lang: str
) -> dict[str, Any]:
    """A choice judged: optimal or not, the advised choice, its cost, the sentence ``say``."""
    return {"optimal": optimal, "advised": choice(advised), "cost": cost, **worded(say, lang)}
