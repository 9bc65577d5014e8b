"""A shared shoe's export, and its check: the one place that writes the format and reads it.

A shared table's players cannot check their rounds one by one as a private player does:
the shoe is keyed by a client seed made of every contributing seat's seed, and its
server seed is revealed only when the shoe ends. So the unit of verification is the
whole shoe. :func:`shoe_export` writes an ended shoe (``GET /api/tables/{id}/shoes/{n}``):
its commitment and revealed seed, the seats' seeds its client seed came from (as
``client_seed_fixed`` published them), and every round with its burn, cards, outcome
and each seat's bets. :func:`check_shoe` recomputes all of it (``puntobanco verify
--shared-shoe``) and names the first thing that differs.

The check follows the published procedure (``docs/api.md``, "Shared shoes"), not the
dealer's code: the client seed from :func:`~puntobanco.server.shared.dealing.shoe_client_seed`
(the published formula), the shoe from :func:`~puntobanco.core.fairness.fair_shoe` with
nonce 1, each coup from :func:`~puntobanco.core.coup.play_coup` on the cards at its
position, each payout from :func:`~puntobanco.core.bets.settle`, and the end of the shoe
from the cut card.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.core.bets import Bet, bet_kind, settle
from puntobanco.core.cards import Card
from puntobanco.core.coup import CoupResult, play_coup
from puntobanco.core.errors import BaccaratError
from puntobanco.core.fairness import commitment, fair_shoe
from puntobanco.core.rules import PRESETS, Rules, ShoeMode
from puntobanco.server.errors import ApiError
from puntobanco.server.shared.dealing import shoe_client_seed
from puntobanco.server.shared.events import iso
from puntobanco.server.shared.models import (
    Phase,
    SharedBet,
    SharedRound,
    SharedShoe,
    SharedTableRow,
)
from puntobanco.server.table_settings import rules_json

#: The export's ``format``: a reader knows what it holds (a later change gets ``/2``).
FORMAT = "puntobanco.shared-shoe/1"
#: Every shared shoe is dealt under nonce 1: each has a server seed of its own.
NONCE = 1


def _table(session: Session, table_id: str) -> SharedTableRow:
    """The table, closed or not: a closed table's shoes are still its history."""
    row = session.get(SharedTableRow, table_id)
    if row is None:
        raise ApiError(404, "table_unknown", table=table_id[:40])
    return row


def shoes_page(
    session: Session, table_id: str, *, limit: int, before: int | None = None
) -> dict[str, Any]:
    """The table's shoes, newest first, ``limit`` a page; ``next_before`` asks for more.

    Raises:
        ApiError: 404 ``table_unknown``.
    """
    _table(session, table_id)
    query = select(SharedShoe).where(SharedShoe.table_id == table_id)
    if before is not None:
        query = query.where(SharedShoe.number < before)
    rows = list(
        session.execute(query.order_by(SharedShoe.number.desc()).limit(limit + 1)).scalars()
    )
    more = len(rows) > limit
    rows = rows[:limit]
    shoes = [
        {
            "number": row.number,
            "server_seed_hash": row.server_seed_hash,
            "ended": row.ended_at is not None,
            "rounds": row.rounds,
        }
        for row in rows
    ]
    return {
        "table": table_id,
        "shoes": shoes,
        "next_before": rows[-1].number if more and rows else None,
    }


def shoe_export(session: Session, table_id: str, number: int) -> dict[str, Any]:
    """Everything needed to recompute the ended shoe ``number``, as :func:`check_shoe` reads it.

    Raises:
        ApiError: 404 ``table_unknown`` or ``shoe_unknown``; 409 ``shoe_not_ended``: its
            server seed is still secret, and its cards would follow from it.
    """
    table = _table(session, table_id)
    shoe = session.execute(
        select(SharedShoe).where(SharedShoe.table_id == table_id, SharedShoe.number == number)
    ).scalar_one_or_none()
    if shoe is None:
        raise ApiError(404, "shoe_unknown", table=table_id, shoe=number)
    if shoe.ended_at is None:
        raise ApiError(409, "shoe_not_ended", table=table_id, shoe=number)
    rounds = list(
        session.execute(
            select(SharedRound)
            .where(SharedRound.shoe_id == shoe.id, SharedRound.phase == Phase.SETTLED.value)
            .order_by(SharedRound.round_in_shoe)
        ).scalars()
    )
    bets = session.execute(
        select(SharedBet)
        .where(SharedBet.round_id.in_([r.id for r in rounds]))
        .order_by(SharedBet.round_id, SharedBet.seat_name, SharedBet.spot)
    ).scalars()
    by_round: dict[int, list[dict[str, Any]]] = {}
    for bet in bets:
        by_round.setdefault(bet.round_id, []).append(
            {
                "seat": bet.seat_name,
                "spot": bet.spot,
                "stake_minor": bet.stake_minor,
                "resolution": bet.resolution,
                "payout_minor": bet.payout_minor,
            }
        )
    return {
        "format": FORMAT,
        "table": {"id": table.id, "name": table.name},
        "shoe": shoe.number,
        "preset": shoe.preset,
        "rules": rules_json(shoe.preset, PRESETS[shoe.preset]),
        "server_seed_hash": shoe.server_seed_hash,
        "server_seed": shoe.server_seed,
        "client_seed": shoe.client_seed,
        "nonce": shoe.nonce,
        "seeds": _contributions(shoe),
        "started_at": iso(shoe.created_at),
        "ended_at": iso(shoe.ended_at),
        "ended_by": shoe.ended_by,
        "rounds_dealt": shoe.rounds,
        "rounds": [_round_json(r, by_round.get(r.id, [])) for r in rounds],
    }


def _contributions(shoe: SharedShoe) -> list[dict[str, str]] | None:
    """The seats' seeds the shoe's client seed was made of (stored when it was fixed).

    ``None`` when none are stored: the client seed then cannot be recomputed, and the
    check says so rather than guess.
    """
    if shoe.seeds_json is None:
        return None
    return [
        {"seat": str(s["seat"]), "client_seed": str(s["client_seed"])}
        for s in json.loads(shoe.seeds_json)
    ]


def _round_json(row: SharedRound, bets: list[dict[str, Any]]) -> dict[str, Any]:
    """One settled round of the shoe: where its cards start, its burn, cards, outcome, bets."""
    burn = None
    if row.burn_shown is not None:
        burn = {"shown": row.burn_shown, "face_down": row.burn_face_down}
    return {
        "number": row.number,
        "round_in_shoe": row.round_in_shoe,
        "first_card": row.first_card,
        "burn": burn,
        "cards": (row.cards or "").split(),
        "outcome": row.outcome,
        "last_in_shoe": bool(row.last_in_shoe),
        "bets": bets,
    }


class ShoeExportError(ValueError):
    """The file is not a shared shoe's export: nothing could be checked.

    ``field`` is where the file went wrong, as a path (``rounds[3].cards``); ``""``:
    the file is not a JSON object at all.
    """

    def __init__(self, field: str) -> None:
        super().__init__(field or "the export is not a JSON object")
        self.field = field


@dataclass(frozen=True, slots=True)
class ShoeMismatch:
    """The first recorded value the recomputation does not reproduce.

    ``round`` is the table's round number (``None`` for the shoe's own fields); ``seat``
    and ``spot`` name the bet when a bet's ``resolution`` or ``payout_minor`` differs.
    """

    field: str
    recorded: str
    recomputed: str
    round: int | None = None
    seat: str | None = None
    spot: str | None = None


@dataclass(frozen=True, slots=True)
class ShoeCheck:
    """What :func:`check_shoe` recomputed, up to the first mismatch (``None``: none)."""

    table: str
    shoe: int
    server_seed_hash: str
    client_seed: str
    seats: tuple[str, ...]
    rounds_checked: int
    bets_checked: int
    mismatch: ShoeMismatch | None


@dataclass(frozen=True, slots=True)
class _Bet:
    seat: str
    spot: str
    stake_minor: int
    resolution: str | None
    payout_minor: int | None


@dataclass(frozen=True, slots=True)
class _Round:
    number: int
    round_in_shoe: int
    first_card: int
    burn: tuple[str, int] | None
    cards: tuple[str, ...]
    outcome: str
    last_in_shoe: bool
    bets: tuple[_Bet, ...]


class _Stop(Exception):
    """The first mismatch: the check stops there (what follows would not be meaningful)."""

    def __init__(self, mismatch: ShoeMismatch) -> None:
        super().__init__(mismatch.field)
        self.mismatch = mismatch


def _get(data: Any, key: str, kind: type | tuple[type, ...], where: str = "") -> Any:
    """``data[key]`` if it is of ``kind`` (a bool is no int here).

    Raises:
        ShoeExportError: Missing, or of another type (``where + key`` names it).
    """
    if not isinstance(data, Mapping) or key not in data:
        raise ShoeExportError(f"{where}{key}")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise ShoeExportError(f"{where}{key}")
    return value


def _read_bet(data: Any, where: str) -> _Bet:
    payout = _get(data, "payout_minor", (int, type(None)), where)
    if isinstance(payout, bool):
        raise ShoeExportError(f"{where}payout_minor")
    return _Bet(
        seat=_get(data, "seat", str, where),
        spot=_get(data, "spot", str, where),
        stake_minor=_get(data, "stake_minor", int, where),
        resolution=_get(data, "resolution", (str, type(None)), where),
        payout_minor=payout,
    )


def _read_round(data: Any, where: str) -> _Round:
    burn_data = _get(data, "burn", (Mapping, type(None)), where)
    burn = None
    if burn_data is not None:
        burn = (
            _get(burn_data, "shown", str, f"{where}burn."),
            _get(burn_data, "face_down", int, f"{where}burn."),
        )
    cards = _get(data, "cards", list, where)
    if not all(isinstance(card, str) for card in cards):
        raise ShoeExportError(f"{where}cards")
    bets = _get(data, "bets", list, where)
    return _Round(
        number=_get(data, "number", int, where),
        round_in_shoe=_get(data, "round_in_shoe", int, where),
        first_card=_get(data, "first_card", int, where),
        burn=burn,
        cards=tuple(cards),
        outcome=_get(data, "outcome", str, where),
        last_in_shoe=_get(data, "last_in_shoe", bool, where),
        bets=tuple(_read_bet(bet, f"{where}bets[{i}].") for i, bet in enumerate(bets)),
    )


def _read_rules(data: Mapping[str, Any]) -> Rules:
    """The rules the export states (its ``name`` is the preset's, not a field)."""
    stated = dict(_get(data, "rules", Mapping))
    stated.pop("name", None)
    try:
        return Rules.from_json(stated)
    except (BaccaratError, ValueError, TypeError):
        raise ShoeExportError("rules") from None


def _read_seed(text: str) -> bytes:
    """The revealed server seed: 64 hexadecimal digits."""
    try:
        seed = bytes.fromhex(text)
    except ValueError:
        seed = b""
    if len(seed) != 32:
        raise ShoeExportError("server_seed")
    return seed


def _read_seeds(data: Mapping[str, Any]) -> list[tuple[str, str]] | None:
    """The seats' seeds as (seat, seed); ``None`` when the export could not list them."""
    seeds = _get(data, "seeds", (list, type(None)))
    if seeds is None:
        return None
    return [
        (_get(s, "seat", str, f"seeds[{i}]."), _get(s, "client_seed", str, f"seeds[{i}]."))
        for i, s in enumerate(seeds)
    ]


@dataclass
class _Progress:
    """How many rounds and bets were found as recorded so far."""

    rounds: int = 0
    bets: int = 0


def check_shoe(data: Any) -> ShoeCheck:
    """Recompute a shared shoe's export (:func:`shoe_export`) and stop at the first mismatch.

    In order: the server seed against its commitment, the client seed against the
    seats' seeds, then each round's burn, position, cards, outcome and place in the
    shoe, and each of its bets' resolution and payout.

    Raises:
        ShoeExportError: ``data`` is not a shoe's export (nothing could be checked).
    """
    if not isinstance(data, Mapping):
        raise ShoeExportError("")
    table = _get(_get(data, "table", Mapping), "id", str, "table.")
    seed = _read_seed(_get(data, "server_seed", str))
    contributions = _read_seeds(data)
    rounds = [_read_round(r, f"rounds[{i}].") for i, r in enumerate(_get(data, "rounds", list))]
    rules = _read_rules(data)
    check = ShoeCheck(
        table=table,
        shoe=_get(data, "shoe", int),
        server_seed_hash=_get(data, "server_seed_hash", str),
        client_seed=_get(data, "client_seed", str),
        seats=tuple(seat for seat, _ in contributions or []),
        rounds_checked=0,
        bets_checked=0,
        mismatch=None,
    )
    state = _Progress()
    mismatch = None
    try:
        _check_seeds(data, seed, check, contributions)
        _check_rules(data, rules)
        closed = data.get("ended_by") == "table_closed"
        _check_rounds(seed, check.client_seed, rules, rounds, state, closed_early=closed)
        _check_count(data, rounds)
    except _Stop as stop:
        mismatch = stop.mismatch
    return replace(check, rounds_checked=state.rounds, bets_checked=state.bets, mismatch=mismatch)


def _text(value: object) -> str:
    """A value as the export writes it (``true``, ``null``), to compare and to show."""
    return value if isinstance(value, str) else json.dumps(value)


def _differ(name: str, recorded: object, recomputed: object, **where: Any) -> None:
    """Stop at ``name`` when the two differ (compared as the export writes them)."""
    if _text(recorded) != _text(recomputed):
        raise _Stop(ShoeMismatch(name, _text(recorded), _text(recomputed), **where))


def _check_seeds(
    data: Mapping[str, Any],
    seed: bytes,
    check: ShoeCheck,
    contributions: Sequence[tuple[str, str]] | None,
) -> None:
    """The revealed seed is the committed one; the client seed is the seats' seeds' formula."""
    _differ("server_seed_hash", check.server_seed_hash, commitment(seed))
    if contributions is None:
        raise _Stop(ShoeMismatch("seeds", "null", ""))
    formula = shoe_client_seed([s for _, s in contributions], check.table, check.shoe)
    _differ("client_seed", check.client_seed, formula)
    _differ("nonce", data.get("nonce"), NONCE)


def _check_rules(data: Mapping[str, Any], rules: Rules) -> None:
    """The rules stated are the named preset's (a table deals its preset's own)."""
    name = data.get("preset")
    preset = PRESETS.get(name) if isinstance(name, str) else None
    # A preset this library does not know (a newer server's) is checked under the rules
    # the export states; one it knows must be stated as it is (presets never change).
    if preset is not None and preset != rules:
        raise _Stop(ShoeMismatch("rules", str(name), str(name)))


def _check_rounds(
    seed: bytes,
    client_seed: str,
    rules: Rules,
    rounds: Sequence[_Round],
    state: _Progress,
    *,
    closed_early: bool = False,
) -> None:
    """Deal the shoe again, round after round, and compare each with its record.

    A shoe whose table was closed first (``closed_early``) ends before its cut card.
    """
    if not rounds:
        raise _Stop(ShoeMismatch("rounds", "0", "1"))
    cards = fair_shoe(seed, client_seed, NONCE, decks=rules.decks)
    reshuffle = rules.shoe_mode is ShoeMode.RESHUFFLE
    cut_index = None if reshuffle else len(cards) - rules.cut_card
    position, last = 0, False
    for index, record in enumerate(rounds):
        at = record.number
        _differ("round_in_shoe", record.round_in_shoe, index + 1, round=at)
        if index == 0:
            position = _check_burn(record, cards, rules, reshuffle)
        _differ("first_card", record.first_card, position, round=at)
        # The cut card out before the round began makes it the shoe's last (Shoe.deal_coup).
        last = reshuffle or (cut_index is not None and position > cut_index)
        try:
            result = play_coup(cards[position:], rules)
        except BaccaratError as exc:
            raise _Stop(ShoeMismatch("cards", " ".join(record.cards), str(exc), round=at)) from None
        _differ("cards", " ".join(record.cards), " ".join(c.code for c in result.cards), round=at)
        _differ("outcome", record.outcome, result.outcome.value, round=at)
        _differ("last_in_shoe", record.last_in_shoe, last, round=at)
        _check_bets(record, result, rules)
        state.rounds += 1
        state.bets += len(record.bets)
        position += len(result.cards)
        if last and index + 1 < len(rounds):
            raise _Stop(ShoeMismatch("rounds", str(len(rounds)), str(index + 1)))
    if not last and not closed_early:
        # The shoe went on after the export's last round: its rounds are not all here.
        raise _Stop(ShoeMismatch("last_in_shoe", "true", "false", round=rounds[-1].number))


def _check_burn(record: _Round, cards: Sequence[Card], rules: Rules, reshuffle: bool) -> int:
    """The first round's burn (a cut-card shoe burns); the position of its first card."""
    at = record.number
    if reshuffle or not rules.burn:
        _differ("burn", record.burn, None, round=at)
        return 0
    shown = cards[0]
    face_down = shown.points or 10
    recorded: tuple[str | None, int | None] = record.burn or (None, None)
    _differ("burn.shown", recorded[0], shown.code, round=at)
    _differ("burn.face_down", recorded[1], face_down, round=at)
    return 1 + face_down


def _check_bets(record: _Round, result: CoupResult, rules: Rules) -> None:
    """Each seat's bets settled again: every resolution and payout as recorded."""
    by_seat: dict[str, list[_Bet]] = {}
    for bet in record.bets:
        by_seat.setdefault(bet.seat, []).append(bet)
    for seat, bets in by_seat.items():
        try:
            settled = settle([Bet(bet_kind(b.spot), b.stake_minor) for b in bets], result, rules)
        except (BaccaratError, ValueError) as exc:
            raise _Stop(
                ShoeMismatch("bet", bets[0].spot, str(exc), round=record.number, seat=seat)
            ) from None
        for bet, s in zip(bets, settled.bets, strict=True):
            at: dict[str, Any] = {"round": record.number, "seat": seat, "spot": bet.spot}
            _differ("resolution", bet.resolution, s.resolution.value, **at)
            _differ("payout_minor", bet.payout_minor, s.payout_minor, **at)


def _check_count(data: Mapping[str, Any], rounds: Sequence[_Round]) -> None:
    """The shoe's own count of rounds dealt is the export's rounds."""
    _differ("rounds", data.get("rounds_dealt"), len(rounds))
