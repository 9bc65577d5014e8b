"""What the JSON of Chemin de fer and Banque shares: the table's frame, a round's, and the rules.

Each game's ``render`` writes what is its own (the seats and the bank of Chemin de fer,
the tableaux and the stakes of Banque) and puts it in the frame both answers share, key
for key in the order the API has always written them (an answer is sent as built, so the
order is part of the bytes): a table's variant and rules, the choice awaited with its
clock, a round's head, its money, its decisions and its fairness. The rules' values come
from :meth:`puntobanco.core.rules.Rules.to_json`, so that the rules are written one way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.core.banque.coup import NATURAL
from puntobanco.core.cards import Card
from puntobanco.core.rules import Rules
from puntobanco.core.tableau import PLAYER_STOOD
from puntobanco.server.games.common import fairness_json, seconds_left, when_json
from puntobanco.server.games.service import CHOICES
from puntobanco.server.models import Seed
from puntobanco.server.render import card_json

#: A column's value that is no card's: the Player stood, or (Banque) a tableau's natural.
_COLUMN_WORDS: Mapping[int, str] = {PLAYER_STOOD: "stood", NATURAL: "natural"}


def cards_json(cards: Iterable[Card]) -> list[dict[str, Any]]:
    """Cards as the API writes them, in order."""
    return [card_json(c) for c in cards]


def total(cards: Iterable[Card]) -> int:
    """A hand's total: its points modulo 10."""
    return sum(c.points for c in cards) % 10


def choice(draws: bool) -> Literal["draw", "stand"]:
    """A choice as the API names it."""
    return "draw" if draws else "stand"


def column(value: int | None) -> int | str | None:
    """A third card's column as the API writes it: a value, ``stood`` or ``natural``."""
    return _COLUMN_WORDS.get(value, value) if value is not None else None


def parse_column(value: Any) -> int | None:
    """A column as :func:`column` wrote it, read back (a replay's)."""
    words = {word: number for number, word in _COLUMN_WORDS.items()}
    if value in words:
        return words[value]
    return None if value is None else int(value)


def rules_json(rules: Rules) -> dict[str, Any]:
    """The rules a choice game's table shows, every value as :meth:`Rules.to_json` writes it.

    The commission as ``commission`` and ``bank`` as its holder: the keys the tables have
    always written, which :meth:`Rules.from_json` reads back.
    """
    return dict(_rules_json(rules))


@lru_cache(maxsize=64)
def _rules_json(rules: Rules) -> Mapping[str, Any]:
    # Cached: a page of rounds asks once per round, and a table's rules are few.
    data = rules.to_json()
    return MappingProxyType(
        {
            "commission": data["banker_commission"],
            "banker_rule": data["banker_rule"],
            "decks": data["decks"],
            "bank": data["bank"],
        }
    )


def table_json(
    variant: str,
    game: Mapping[str, Any],
    decision_seconds: int,
    shown: Mapping[str, Any],
    pending: dict[str, Any] | None,
) -> dict[str, Any]:
    """The table: its variant, the game's own fields, its clock, its rules, the choice awaited.

    ``shown``: the table's rules as :func:`rules_json` writes them.
    """
    return {
        "variant": variant,
        **game,
        "decision_seconds": decision_seconds,
        "banker_rule": shown["banker_rule"],
        "decks": shown["decks"],
        "pending": pending,
    }


def pending_json(
    pending: Any, now: datetime, point: Mapping[str, Any], advice: dict[str, Any] | None
) -> dict[str, Any]:
    """The choice awaited: its round, the game's point and cards, the answers, the clock, advice."""
    deadline = pending.decision_deadline
    return {
        "round_id": pending.id,
        **point,
        "allowed": list(CHOICES),
        "deadline": when_json(deadline),
        "seconds_left": seconds_left(deadline, now),
        "advice": advice,
    }


def decision_json(
    decision: Any, point: Mapping[str, Any], judged: dict[str, Any] | None, **seat: Any
) -> dict[str, Any]:
    """One choice of a round: its place, the game's point, the choice, who made it, how judged."""
    return {
        "position": decision.position,
        **point,
        "choice": choice(decision.draws),
        **seat,
        "computer": decision.computer,
        "by_timeout": decision.by_timeout,
        "judged": judged,
    }


def round_json(
    row: Any,
    variant: str,
    rules: Rules,
    play: Mapping[str, Any],
    seats: Mapping[str, Any],
    decisions: Sequence[Any],
    judged: Sequence[dict[str, Any]],
    seed_hash: str,
) -> dict[str, Any]:
    """A round as recalled: its head, the game's ``play``, the money, ``seats``, the choices.

    ``judged``: each of ``decisions`` as :func:`decision_json` wrote it.
    """
    return {
        "id": row.id,
        "variant": variant,
        "status": row.status,
        "created_at": when_json(row.created_at),
        "settled_at": when_json(row.settled_at),
        "banker_rule": rules_json(rules)["banker_rule"],
        **play,
        "commission_minor": row.commission_minor,
        "rounded_away": row.rounded_away,
        "timed_out": any(d.by_timeout for d in decisions),
        **seats,
        "decisions": list(judged),
        "fairness": fairness_json(row, seed_hash),
    }


def by_round(
    session: Session, model: Any, ids: Sequence[int], order: Any = None
) -> dict[int, list[Any]]:
    """The rows of ``model`` that belong to each of the rounds ``ids`` (one query for all)."""
    found: dict[int, list[Any]] = {i: [] for i in ids}
    if ids:
        query = select(model).where(model.round_id.in_(ids))
        if order is not None:
            query = query.order_by(order)
        children: Iterable[Any] = session.execute(query).scalars()
        for child in children:
            found[child.round_id].append(child)
    return found


def seeds_of(session: Session, rows: Sequence[Any]) -> dict[int, tuple[str, str]]:
    """Each round's seed by id: its published hash and its server seed (one query)."""
    return {
        int(seed_id): (str(digest), str(seed))
        for seed_id, digest, seed in session.execute(
            select(Seed.id, Seed.server_seed_hash, Seed.server_seed).where(
                Seed.id.in_({r.seed_id for r in rows})
            )
        )
    }
