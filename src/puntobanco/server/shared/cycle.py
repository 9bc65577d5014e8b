"""A shared round's reveal, step by step: pure, so every process announces the same steps.

A dealt round is stored whole (its cards) and then revealed one step at a time: the
burn at a new shoe, then each card in the order dealt (Player, Banker, Player, Banker,
then any third cards), then the result. A step's event carries what that step shows
and nothing after it, so an event, a snapshot or an answer built from the first ``n``
steps never shows a card of a later one.

>>> from puntobanco.core.rules import Rules
>>> steps = reveal_steps("9h 4c Kd 3s", burn_shown=None, burn_face_down=None, rules=Rules())
>>> [(s.kind, s.hand, s.card) for s in steps]  # doctest: +NORMALIZE_WHITESPACE
[('card', 'player', '9h'), ('card', 'banker', '4c'), ('card', 'player', 'Kd'),
 ('card', 'banker', '3s'), ('result', None, None)]
>>> steps[-1].data["outcome"], steps[-1].data["player_total"], steps[-1].data["banker_total"]
('player', 9, 7)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from puntobanco.core.cards import Card, parse_cards
from puntobanco.core.coup import CoupResult, play_coup
from puntobanco.core.rules import Rules


@dataclass(frozen=True, slots=True)
class RevealStep:
    """One step of a round's reveal and the event fields it announces.

    ``kind`` is the event's type: ``burn``, ``card`` or ``result``.
    """

    kind: str
    hand: str | None = None
    slot: int | None = None
    card: str | None = None
    data: dict[str, Any] = field(default_factory=dict)


def _total(cards: list[Card]) -> int:
    return sum(card.points for card in cards) % 10


def reveal_steps(
    cards: str, *, burn_shown: str | None, burn_face_down: int | None, rules: Rules
) -> list[RevealStep]:
    """The steps that reveal a stored round: its burn, its cards in order, its result.

    Raises:
        BaccaratError: The stored cards do not make a round under ``rules``.
    """
    result = play_coup(parse_cards(cards), rules)
    steps: list[RevealStep] = []
    if burn_shown is not None:
        steps.append(
            RevealStep(
                "burn", card=burn_shown, data={"card": burn_shown, "face_down": burn_face_down}
            )
        )
    shown: dict[str, list[Card]] = {"player": [], "banker": []}
    for hand, card in _hands_in_order(result):
        shown[hand].append(card)
        steps.append(
            RevealStep(
                "card",
                hand=hand,
                slot=len(shown[hand]) - 1,
                card=card.code,
                data={
                    "hand": hand,
                    "slot": len(shown[hand]) - 1,
                    "card": card.code,
                    "player_total": _total(shown["player"]),
                    "banker_total": _total(shown["banker"]),
                },
            )
        )
    steps.append(
        RevealStep(
            "result",
            data={
                "outcome": result.outcome.value,
                "player_total": result.player_total,
                "banker_total": result.banker_total,
                "natural": result.player_natural or result.banker_natural,
            },
        )
    )
    return steps


def _hands_in_order(result: CoupResult) -> list[tuple[str, Card]]:
    """Each card of the coup with the hand it went to, in the order dealt.

    The first four alternate Player, Banker; a Player's third card comes before the
    Banker's (the Banker decides after seeing it).
    """
    order = [
        ("player", result.player_cards[0]),
        ("banker", result.banker_cards[0]),
        ("player", result.player_cards[1]),
        ("banker", result.banker_cards[1]),
    ]
    order += [("player", card) for card in result.player_cards[2:]]
    order += [("banker", card) for card in result.banker_cards[2:]]
    return order


def shown_cards(steps: list[RevealStep], revealed: int) -> dict[str, Any]:
    """What the first ``revealed`` steps show: the burn, each hand's cards and totals.

    A snapshot is built from this and never from the stored cards themselves.
    """
    hands: dict[str, list[str]] = {"player": [], "banker": []}
    burn: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    for step in steps[:revealed]:
        if step.kind == "burn":
            burn = dict(step.data)
        elif step.kind == "card" and step.hand is not None and step.card is not None:
            hands[step.hand].append(step.card)
        else:
            result = dict(step.data)
    totals = {
        f"{hand}_total": _total(list(parse_cards(" ".join(codes)))) if codes else None
        for hand, codes in hands.items()
    }
    return {
        "burn": burn,
        "player": hands["player"],
        "banker": hands["banker"],
        **totals,
        "result": result,
    }
