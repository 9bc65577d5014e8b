"""The table service of the games with choices, tested once for both (Chemin de fer, Banque).

:class:`~puntobanco.server.games.service.TableService` is the one flow under both games:
sitting down, the round stored pending the player's choice, the answer (or the optimal
choice at the deadline), the sweeper's pass, the next deadline and the rounds recalled.
Each test runs it for each game, on SQLite and (with the ``postgres`` marker) PostgreSQL;
the player reaches a pending choice through the API, then the service is called as the
routers and the sweeper call it, each action in a transaction of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session, sessionmaker

from puntobanco.core.chemin.table import choice_stream
from puntobanco.core.streams import server_seed_key, table_choice_stream
from puntobanco.server.games.banque import game as banque_game
from puntobanco.server.games.chemin import game as chemin_game
from puntobanco.server.games.common import TableRefusal, aware
from puntobanco.server.games.service import Done, TableService
from puntobanco.server.main import create_app
from puntobanco.server.models import ChemRoundStatus, utcnow
from tests.server.conftest import Player, ledger_check, make_settings
from tests.server.test_banque_game import CHOICE, SEED, bet
from tests.server.test_banque_game import sit as banque_sit
from tests.server.test_chemin import _play_until
from tests.server.test_chemin import sit as chemin_sit

#: The player's seconds to choose: long enough that no sweeper plays a choice first.
SECONDS = 60


def _chemin_pending(p: Player) -> int:
    """Sit at a Chemin de fer table and play until a round awaits the player's choice."""
    chemin_sit(p, computers=2, decision_seconds=SECONDS)
    round_id: int = _play_until(p, "player")["pending"]["round_id"]
    return round_id


def _banque_pending(p: Player) -> int:
    """Sit at a Banque table whose first coup puts the right tableau on 5, and bet on it."""
    banque_sit(p, CHOICE, decision_seconds=SECONDS)
    answer = bet(p, {"right": 1_000})
    assert answer.status_code == 200, answer.text
    assert answer.json()["round"]["status"] == "pending"
    round_id: int = answer.json()["round"]["id"]
    return round_id


@dataclass(frozen=True)
class Game:
    """One game as the service serves it: its name in the API, its service, its way to a choice."""

    name: str
    service: TableService[Any]
    pending: Callable[[Player], int]


GAMES = [
    pytest.param(Game("chemin", chemin_game.SERVICE, _chemin_pending), id="chemin"),
    pytest.param(Game("banque", banque_game.SERVICE, _banque_pending), id="banque"),
]


@pytest.fixture
def seeded(database_url: str) -> Iterator[TestClient]:
    """A client of an app whose every server seed is :data:`SEED` (the same coups each run)."""
    settings = make_settings(database_url, test_server_seed=SEED.hex(), allow_test_seed=True)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def _sessions(client: TestClient) -> sessionmaker[Session]:
    sessions: sessionmaker[Session] = client.app.state.sessions  # type: ignore[attr-defined]
    return sessions


def _in_transaction(client: TestClient, step: Callable[[Session], Any]) -> Any:
    """``step`` in one transaction, as a router runs an action."""
    with _sessions(client).begin() as session:
        return step(session)


def _recall(p: Player, game: Game, round_id: int) -> dict[str, Any]:
    response = p.client.get(f"/api/{game.name}/rounds/{round_id}", headers=p.headers)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def _refused(client: TestClient, step: Callable[[Session], Any]) -> TableRefusal:
    with pytest.raises(TableRefusal) as refused:
        _in_transaction(client, step)
    return refused.value


@pytest.mark.parametrize("game", GAMES)
def test_a_pending_choice_is_read_refused_leaving_and_answered_once(
    seeded: TestClient, game: Game
) -> None:
    alice = Player(seeded, "alice")
    service = game.service
    assert _refused(seeded, lambda s: service.read(s, alice.id)).code == "no_table"
    round_id = game.pending(alice)

    def read(session: Session) -> tuple[int, int, int, str, Any]:
        row, wallet, pending = service.read(session, alice.id)
        return row.user_id, wallet, pending.id, pending.status, pending.decision_deadline

    user_id, wallet, pending_id, status, deadline = _in_transaction(seeded, read)
    assert (user_id, wallet) == (alice.id, alice.balance())
    assert (pending_id, status) == (round_id, ChemRoundStatus.PENDING)
    assert aware(deadline) > utcnow() + timedelta(seconds=SECONDS - 10)
    leaving = _refused(seeded, lambda s: service.leave(s, alice.id))
    assert (leaving.status, leaving.code, leaving.params) == (
        409,
        "decision_pending",
        {"round_id": round_id},
    )
    unknown = _refused(seeded, lambda s: service.answer(s, alice.id, "split"))
    assert (unknown.status, unknown.code) == (422, "choice_unknown")
    # Before its deadline a choice does not expire.
    assert _in_transaction(seeded, lambda s: service.expire(s, alice.id)) == Done()
    done = _in_transaction(seeded, lambda s: service.answer(s, alice.id, "stand"))
    assert done == Done(round_id, False)
    recalled = _recall(alice, game, round_id)
    mine = [d for d in recalled["decisions"] if not d["computer"]]
    assert recalled["status"] == "settled" and not recalled["timed_out"]
    assert [(d["choice"], d["by_timeout"]) for d in mine] == [("stand", False)]
    again = _refused(seeded, lambda s: service.answer(s, alice.id, "draw"))
    assert (again.status, again.code) == (409, "no_decision_pending")
    assert ledger_check(seeded)["ok"]


@pytest.mark.parametrize("game", GAMES)
def test_a_choice_past_its_deadline_expires_to_the_optimal_one(
    seeded: TestClient, game: Game
) -> None:
    alice = Player(seeded, "alice")
    round_id = game.pending(alice)
    late = utcnow() + timedelta(seconds=SECONDS + 1)
    done = _in_transaction(seeded, lambda s: game.service.expire(s, alice.id, late))
    assert done == Done(round_id, True)
    recalled = _recall(alice, game, round_id)
    mine = [d for d in recalled["decisions"] if not d["computer"]]
    assert recalled["status"] == "settled" and recalled["timed_out"]
    assert [d["by_timeout"] for d in mine] == [True]
    # Expired once: the next pass finds nothing pending.
    assert _in_transaction(seeded, lambda s: game.service.expire(s, alice.id, late)) == Done()
    assert ledger_check(seeded)["ok"]


@pytest.mark.parametrize("game", GAMES)
def test_the_sweeper_plays_every_choice_past_its_deadline_once(
    seeded: TestClient, game: Game
) -> None:
    players = [Player(seeded, "alice"), Player(seeded, "bob")]
    round_ids = [game.pending(p) for p in players]
    sessions = _sessions(seeded)
    service = game.service
    now = utcnow()
    upcoming = service.next_deadline(sessions, now)
    assert upcoming is not None
    assert now < aware(upcoming) <= now + timedelta(seconds=SECONDS)
    assert service.sweep(sessions, now) == []
    later = now + timedelta(seconds=SECONDS + 1)
    assert sorted(service.sweep(sessions, later)) == sorted(round_ids)
    assert service.sweep(sessions, later) == []
    assert service.next_deadline(sessions, now) is None
    for p, round_id in zip(players, round_ids, strict=True):
        recalled = _recall(p, game, round_id)
        assert recalled["status"] == "settled" and recalled["timed_out"]
    assert ledger_check(seeded)["ok"]


@pytest.mark.parametrize(
    "server_seed", [bytes(range(32)), bytes(32), b"\xff" * 32, bytes.fromhex("ab" * 32)]
)
def test_the_computers_stream_is_keyed_as_before(server_seed: bytes) -> None:
    """``server_seed_key`` is the old ``seed_int`` (the first 8 bytes, big-endian), bit for bit.

    So that the computer players' choices of a round stored before the streams had their
    names draw the same again.
    """
    old_key = int.from_bytes(bytes.fromhex(server_seed.hex())[:8], "big")
    assert server_seed_key(server_seed) == old_key
    new, old = table_choice_stream(old_key, 3, 17), choice_stream(old_key, 3, 17)
    assert [new.randbelow(11) for _ in range(32)] == [old.randbelow(11) for _ in range(32)]
