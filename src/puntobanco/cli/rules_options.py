"""The rules a command's options describe: one function for every command.

``play``, ``odds``, ``simulate`` (both variants) and ``systems`` read and check
their options each in its own words; what the values then make is the same
everywhere: a preset (or the default rules) with the fields given changed,
checked again by core, and the ``--side-bets`` offered on top.

>>> rules_from_options("punto-banco-6", tie_pays=Fraction(9)).decks
6
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from puntobanco.cli.params import offer_side_bets
from puntobanco.core.errors import BaccaratError, InvalidRules
from puntobanco.core.rules import Rules, ShoeMode
from puntobanco.core.rules import preset as find_preset


class SideBetsRefused(Exception):
    """``--side-bets`` named a bet or a payout the rules refuse; ``error`` is core's, to word."""

    def __init__(self, error: BaccaratError) -> None:
        super().__init__(error.message)
        self.error = error


def rules_from_options(
    preset: str | Rules | None = None,
    *,
    decks: int | None = None,
    shoe_mode: ShoeMode | None = None,
    cut_card: int | None = None,
    burn: bool | None = None,
    banker_commission: Fraction | None = None,
    tie_pays: Fraction | None = None,
    banker_six_pays: Fraction | None = None,
    pair_pays: Fraction | None = None,
    side_bets: str | None = None,
) -> Rules:
    """The rules of ``preset`` with every option given (not ``None``) applied, and checked.

    Starts from the rules' own defaults and changes only what was given, so that
    no default (8 decks, the cut card, 8 to 1, 5%) is written a second time.

    Args:
        preset: A preset's name (``--preset``), the rules of one already read,
            or ``None`` for the default rules.
        decks: ``--decks``.
        shoe_mode: ``--shoe``.
        cut_card: ``--cut-card``.
        burn: ``--burn/--no-burn``.
        banker_commission: ``--commission``.
        tie_pays: ``--tie-pays``.
        banker_six_pays: ``--banker-six-pays``.
        pair_pays: ``--pair-pays``.
        side_bets: ``--side-bets`` (``NAME[=X],...``, as
            :func:`~puntobanco.cli.params.offer_side_bets` reads it).

    Raises:
        InvalidRules: An unknown preset (code ``preset``), a cut card for a shoe
            reshuffled every round (``cut_card_reshuffle``), or values the rules refuse.
        BaccaratError: Any other refusal of the rules' fields, as core words it.
        SideBetsRefused: A side bet or payout of ``side_bets`` refused.

    >>> rules_from_options(shoe_mode=ShoeMode.RESHUFFLE, cut_card=20)
    Traceback (most recent call last):
    ...
    puntobanco.core.errors.InvalidRules: --cut-card is not used with --shoe reshuffle
    """
    if isinstance(preset, Rules):
        rules = preset
    else:
        rules = Rules() if preset is None else find_preset(preset)
    if cut_card is not None and shoe_mode is ShoeMode.RESHUFFLE:
        # A shoe reshuffled every round never reaches a cut card: say so, not ignore it.
        raise InvalidRules(
            "--cut-card is not used with --shoe reshuffle", code="cut_card_reshuffle"
        )
    given: dict[str, Any] = {
        "decks": decks,
        "shoe_mode": shoe_mode,
        "cut_card": cut_card,
        "burn": burn,
        "banker_commission": banker_commission,
        "tie_pays": tie_pays,
        "banker_six_pays": banker_six_pays,
        "pair_pays": pair_pays,
    }
    changes = {name: value for name, value in given.items() if value is not None}
    if changes:
        rules = rules.replace(**changes)
    if side_bets is not None:
        try:
            rules = offer_side_bets(rules, side_bets)
        except BaccaratError as error:
            raise SideBetsRefused(error) from None
    return rules
