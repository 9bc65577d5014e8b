"""Errors raised by the core.

Every error carries a stable machine-readable ``code`` and the values that
explain it (``params``), so that the terminal game, the server and the web page
can say the same thing in the player's language (see
:mod:`puntobanco.core.explain`). The English ``str()`` is for logs and
library users.
"""

from __future__ import annotations

from typing import Any


class BaccaratError(Exception):
    """Base class of every error the core raises on purpose.

    Args:
        message: An English sentence naming the problem and what is allowed.
        code: A stable identifier of the kind of problem, e.g. ``"below_minimum"``.
        **params: The values the message refers to, for translations.
    """

    def __init__(self, message: str, *, code: str = "error", **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.params: dict[str, Any] = params


class InvalidRules(BaccaratError, ValueError):
    """A :class:`~puntobanco.core.rules.Rules` or table-limits value is out of range."""


class InvalidCard(BaccaratError, ValueError):
    """A card could not be parsed, or a card sequence is malformed."""


class InvalidBet(BaccaratError, ValueError):
    """A bet is not allowed: unknown spot, bad amount, outside the table limits."""


class InsufficientFunds(BaccaratError, ValueError):
    """The bets of a round add up to more than the balance."""


class InvalidSeed(BaccaratError, ValueError):
    """A seed for the seeded generator or the provably fair shuffle is malformed."""


class ShoeExhausted(BaccaratError):
    """The shoe ran out of cards in the middle of a round.

    Not a ``ValueError``: it means an explicit card sequence was too short, or
    the cut card was placed where the end-of-shoe procedure cannot finish.
    """


class WrongPhase(BaccaratError):
    """An action the table's phase does not allow: dealing before the bets, betting twice.

    Not a ``ValueError``: nothing is wrong with the values, only with the
    moment (see :class:`~puntobanco.core.table.Phase`). ``params`` hold the
    ``action`` refused and the table's ``phase``.
    """


class NoPreviousBets(BaccaratError):
    """Rebet or double was asked for before any round was settled at the table."""
