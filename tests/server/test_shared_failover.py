"""Shared tables across processes: one dealer per table, its takeover, and database cuts.

Real ``serve`` processes on one PostgreSQL schema deal one fast table (3 s of betting,
100 ms between reveals, a 3 s lease). The tests kill the dealing process (kill -9) at
each phase of a round and cut a process's connections while bets arrive, then read the
rows: who held the lease, the events' numbers, the rounds' cards, the ledger's journals,
and ``puntobanco ledger check`` as the operator runs it.

Two tests pinned bugs they found, now fixed: a bet committed before the event bus failed
was answered 500, and processes that started together on a table not yet created died on
its INSERT.
"""

from __future__ import annotations

import contextlib
import random
import threading
import time
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text

from puntobanco.server.db import make_engine, migrate
from tests.server.conftest import make_settings, pg_schema_url
from tests.server.shared_processes import (
    DEALER_EVENTS,
    Books,
    Fleet,
    Server,
    connections,
    fleet,
    holder_pid,
    ledger_check,
    shared_env,
    terminate,
)

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

LEASE_S = 3
GRANT_MINOR = 100_000
#: The bets of each kill: two players, on the three main spots.
STAKES = ({"player": 1_000, "tie": 100}, {"banker": 700})
#: The points of a round where its dealer is killed: ``betting`` from outside (bets
#: placed), the others by the dealer itself just after committing that step.
KILL_POINTS = ("betting", "closed", "dealt", "revealed:2")


class Client:
    """A player over HTTP: registered, seated at the table, betting with fresh keys."""

    def __init__(self, base: str, table: str, name: str) -> None:
        self.table = table
        answer = httpx.post(
            f"{base}/api/auth/register",
            json={"username": name, "password": "correct horse battery"},
            timeout=30,
        )
        assert answer.status_code == 201, answer.text
        body = answer.json()
        self.id: int = body["user"]["id"]
        self.headers = {"Authorization": f"Bearer {body['token']}"}
        seat = httpx.post(
            f"{base}/api/tables/{table}/seat",
            json={"role": "seat", "seat_name": f"Seat {name}"},
            headers=self.headers,
            timeout=30,
        )
        assert seat.status_code == 200, seat.text

    def bet(self, base: str, stakes: dict[str, int], key: str | None = None) -> httpx.Response:
        """PUT the player's whole set of bets, under ``key`` (a new one when omitted)."""
        return httpx.put(
            f"{base}/api/tables/{self.table}/bets",
            json={"bets": stakes},
            headers={**self.headers, "Idempotency-Key": key or uuid.uuid4().hex},
            timeout=30,
        )


def _table_id() -> str:
    # A table of its own: LISTEN/NOTIFY reaches the whole database, every schema.
    return f"fo-{uuid.uuid4().hex[:8]}"


def _betting_round(books: Books, *, min_left: float, timeout: float = 20) -> dict[str, Any]:
    """The table's round open for bets with at least ``min_left`` seconds to go."""

    def ready() -> dict[str, Any] | None:
        row = books.latest_round()
        if row is not None and row["phase"] == "betting" and float(row["left_s"]) >= min_left:
            return row
        return None

    found: dict[str, Any] = books.wait(f"a round open with {min_left} s to bet", ready, timeout)
    return found


def _holder(books: Books, servers: Fleet) -> Server:
    lease = books.lease()
    pid = holder_pid(lease["lease_holder"])
    assert pid is not None and lease["valid"], lease
    return servers.by_pid(pid)


def _step_log(path: Path) -> list[tuple[int, int, int]]:
    """The dealers' committed steps: (pid, first seq, last seq), in seq order."""
    if not path.exists():
        return []
    lines = [line.split() for line in path.read_text().splitlines() if line.strip()]
    return sorted(((int(pid), int(a), int(b)) for pid, a, b in lines), key=lambda s: s[1])


def _check_events(books: Books, step_log: Path) -> list[int]:
    """The events are numbered 1..N without a gap or a repeat, each round's steps once,
    and every dealer event was written by exactly one dealer; the dealers' pids in order.
    """
    events = books.events()
    seqs = [event["seq"] for event in events]
    assert seqs == list(range(1, len(events) + 1)), seqs
    assert [event["seq_column"] for event in events] == seqs
    assert books.lease()["seq"] == len(events)
    per_round: dict[int, Counter[str]] = {}
    steps: dict[int, list[int]] = {}
    for event in events:
        if "round" in event:
            per_round.setdefault(event["round"], Counter())[event["type"]] += 1
        if event["type"] in ("burn", "card", "result"):
            steps.setdefault(event["round"], []).append(event["step"])
    for number, kinds in per_round.items():
        for kind in ("round_opened", "betting_closed", "dealing", "result", "settled"):
            assert kinds[kind] <= 1, (number, kinds)
        assert steps.get(number, []) == list(range(1, len(steps.get(number, [])) + 1)), (
            number,
            steps.get(number),
        )
        row = books.round(number)
        assert row["revealed"] == len(steps.get(number, [])), (number, row["revealed"])
    logged = _step_log(step_log)
    covered = Counter(seq for _pid, a, b in logged for seq in range(a, b + 1))
    dealer_seqs = {event["seq"] for event in events if event["type"] in DEALER_EVENTS}
    assert set(covered) == dealer_seqs, sorted(set(covered) ^ dealer_seqs)
    assert max(covered.values(), default=1) == 1, "a seq logged by two steps"
    dealers: list[int] = []
    for pid, _a, _b in logged:
        if not dealers or dealers[-1] != pid:
            dealers.append(pid)
    # One dealer at a time: a process deals one stretch of the table's events, never again
    # after another process has dealt.
    assert len(dealers) == len(set(dealers)), dealers
    return dealers


def _lease_sample(books: Books) -> tuple[int | None, bool]:
    lease = books.lease()
    return holder_pid(lease["lease_holder"]), bool(lease["valid"])


def _sample_while_betting(
    books: Books, players: list[Client], servers: tuple[Server, ...], closes: float
) -> tuple[list[tuple[int | None, bool]], int]:
    """Until the close, each player changes their bets through their own process, and the
    lease is read between; the lease samples and the number of bets placed by both."""
    samples: list[tuple[int | None, bool]] = []
    placed = 0
    while time.monotonic() < closes - 0.3:
        samples.append(_lease_sample(books))
        codes = [
            _code(player.bet(server.base, {"player": 100 * (placed % 5 + 1)}))
            for player, server in zip(players, servers, strict=True)
        ]
        # A request slowed past the close is refused, and that is all.
        assert set(codes) <= {"ok", "409 betting_closed"}, codes
        placed += codes == ["ok", "ok"]
        time.sleep(0.05)
    return samples, placed


def test_two_processes_one_dealer_and_one_numbering(pg_schema: str, tmp_path: Path) -> None:
    """Two processes on one database: one holds the lease throughout and deals; the other
    serves requests. Bets written through both numbers their events in one sequence."""
    url, table = pg_schema_url(pg_schema), _table_id()
    step_log = tmp_path / "steps.log"
    env = shared_env(table, lease_s=LEASE_S, step_log=step_log)
    books = Books(url, table)
    try:
        with fleet(url, tmp_path / "servers.log", env) as servers:
            # One after the other, so that the first deals from the start (processes that
            # start together are tested at the end).
            first = servers.start("pb-one-a")
            first.wait_ready()
            second = servers.start("pb-one-b")
            second.wait_ready()
            books.wait("a process takes the lease", lambda: books.lease()["valid"], 10)
            dealer = _holder(books, servers).pid
            players = [Client(first.base, table, "ana"), Client(second.base, table, "bruno")]
            round_ = _betting_round(books, min_left=1.5)
            closes = time.monotonic() + float(round_["left_s"])
            holders, placed = _sample_while_betting(books, players, (first, second), closes)

            def settled_sampled() -> dict[str, Any] | None:  # the lease read all along
                holders.append(_lease_sample(books))
                row = books.round(round_["number"])
                return row if row["phase"] == "settled" else None

            settled = books.wait("the round settled", settled_sampled, 10)
        assert placed >= 2, placed
        assert holders and all(h == (dealer, True) for h in holders), Counter(holders)
        assert settled["revealed"] > 0
        assert _check_events(books, step_log) == [dealer]
        rc, report = ledger_check(url)
        assert rc == 0 and report["ok"] and report["open_holds"] == [], report
    finally:
        books.dispose()


def _expect_at_kill(point: str, row: dict[str, Any]) -> None:
    """The round, as the killed dealer left it, is in the phase ``point`` names."""
    if point == "betting":
        assert row["phase"] == "betting" and row["cards"] is None, row
    elif point == "closed":
        assert row["phase"] == "closed" and row["cards"] is None, row
    elif point == "dealt":
        assert row["phase"] == "dealing" and row["revealed"] == 0 and row["cards"], row
    else:
        assert row["phase"] == "dealing" and row["revealed"] == 2 and row["cards"], row


def _kill_holder(point: str, holder: Server, kill_file: Path, books: Books) -> float:
    """Kill the dealing process at ``point``; when it died (``time.monotonic``)."""
    if point == "betting":
        holder.kill9()
    else:
        kill_file.write_text(point)
        books.wait(f"the dealer killed at {point}", lambda: not holder.alive(), 15, poll=0.01)
    died = time.monotonic()
    holder.process.wait(timeout=10)
    assert holder.process.returncode == -9, holder.process.returncode
    return died


def _check_settlements(books: Books, rounds: list[int], players: list[Client]) -> None:
    """Each round with bets settled once per player; no hold open; balances add up."""
    nets = {player.id: 0 for player in players}
    for number in rounds:
        round_id = books.round(number)["id"]
        pending = books.one(
            "SELECT COALESCE(SUM(amount_minor), 0) AS held FROM ledger_entries "
            "WHERE shared_round_id = :round AND account = 'house_pending'",
            round=round_id,
        )
        assert pending is not None and pending["held"] == 0, (number, pending)
        for player in players:
            journal = f"shared-settle:{round_id}:{player.id}"
            rows = books.all(
                "SELECT account, kind, amount_minor FROM ledger_entries WHERE journal = :j",
                j=journal,
            )
            stake_moves = [r for r in rows if r["account"] == "house_pending"]
            assert len(stake_moves) == 1, (journal, rows)  # a second settlement adds one
            bets = books.one(
                "SELECT SUM(stake_minor) AS staked, SUM(payout_minor) AS paid, "
                "COUNT(resolution) AS settled, COUNT(*) AS bets FROM shared_bets "
                "WHERE round_id = :round AND user_id = :user",
                round=round_id,
                user=player.id,
            )
            assert bets is not None and bets["settled"] == bets["bets"] > 0, bets
            assert stake_moves[0]["amount_minor"] == -bets["staked"]
            paid = sum(r["amount_minor"] for r in rows if r["account"] == "wallet")
            assert paid == bets["paid"], (journal, rows, bets)
            nets[player.id] += int(bets["paid"]) - int(bets["staked"])
    journals = books.one(
        "SELECT COUNT(DISTINCT journal) AS n FROM ledger_entries "
        "WHERE journal LIKE 'shared-settle:%'"
    )
    assert journals is not None and journals["n"] == len(rounds) * len(players)
    for player in players:
        balance = books.one("SELECT balance_minor FROM wallets WHERE user_id = :u", u=player.id)
        assert balance is not None
        assert balance["balance_minor"] == GRANT_MINOR + nets[player.id], player.id


def _check_shoe(books: Books) -> None:
    """Each round took the next cards of its shoe: none dealt twice, none skipped."""
    for shoe in books.all("SELECT * FROM shared_shoes WHERE table_id = :table"):
        dealt = books.all(
            "SELECT number, first_card, cards, burn_shown, burn_face_down FROM shared_rounds "
            "WHERE shoe_id = :shoe AND cards IS NOT NULL ORDER BY number",
            shoe=shoe["id"],
        )
        assert dealt and dealt[0]["burn_shown"] is not None, dealt
        position = 1 + int(dealt[0]["burn_face_down"])
        for row in dealt:
            assert row["first_card"] == position, (row, position)
            position += len(row["cards"].split())
        assert shoe["position"] == position, (shoe, dealt)
        assert shoe["rounds"] == len(dealt), (shoe, dealt)


def _settled(books: Books, number: int, timeout: float) -> dict[str, Any]:
    """Round ``number`` once settled."""

    def check() -> dict[str, Any] | None:
        row = books.round(number)
        return row if row["phase"] == "settled" else None

    found: dict[str, Any] = books.wait(f"round {number} settled", check, timeout)
    return found


def _kill_in_a_round(
    point: str, books: Books, servers: Fleet, players: list[Client], kill_file: Path
) -> tuple[int, int]:
    """Bet on the next round, kill its dealer at ``point``, follow the takeover to the end.

    Returns the round's number and the killed process's id.
    """
    holder = _holder(books, servers)
    front = next(s for s in servers.alive() if s is not holder)
    front.wait_ready()
    round_ = _betting_round(books, min_left=1.5)
    for player, stakes in zip(players, STAKES, strict=True):
        answer = player.bet(front.base, stakes)
        assert answer.status_code == 200, (point, answer.text)
    died = _kill_holder(point, holder, kill_file, books)
    books.wait("its connections gone", lambda: connections(books.engine, holder) == 0, 5)
    at_kill = books.round(round_["number"])
    _expect_at_kill(point, at_kill)

    def successor() -> int | None:
        lease = books.lease()
        pid = holder_pid(lease["lease_holder"])
        return pid if lease["valid"] and pid != holder.pid else None

    taker = books.wait(f"a takeover after a kill at {point}", successor, LEASE_S + 2)
    took_s = time.monotonic() - died
    assert took_s <= LEASE_S + 2, (point, took_s)
    assert servers.by_pid(taker).alive()
    done = _settled(books, round_["number"], 15)
    if at_kill["cards"] is not None:  # dealt before the kill: the successor reveals those
        for column in ("cards", "first_card", "burn_shown", "burn_face_down"):
            assert done[column] == at_kill[column], (point, column, done, at_kill)
    return round_["number"], holder.pid


def test_a_killed_dealer_is_taken_over_and_every_round_settles_once(
    pg_schema: str, tmp_path: Path
) -> None:
    """kill -9 of the dealing process in each phase of a round: another process takes the
    table over within the lease and a heartbeat, and the round ends on its stored cards,
    settled exactly once; the ledger checks out."""
    url, table = pg_schema_url(pg_schema), _table_id()
    kill_file, step_log = tmp_path / "kill", tmp_path / "steps.log"
    env = shared_env(table, lease_s=LEASE_S, kill_file=kill_file, step_log=step_log)
    books = Books(url, table)
    killed: list[int] = []
    rounds: list[int] = []
    try:
        with fleet(url, tmp_path / "servers.log", env) as servers:
            # One process per kill and one left. The first creates the table; the others
            # then boot together (cheaper than one by one). Whichever holds the lease deals.
            servers.start("pb-kill-1").wait_ready()
            for n in range(len(KILL_POINTS)):
                servers.start(f"pb-kill-{n + 2}")
            for server in servers.servers:
                server.wait_ready()
            books.wait("a process takes the lease", lambda: books.lease()["valid"], 10)
            base = servers.servers[0].base
            players = [Client(base, table, name) for name in ("carla", "dario")]
            for point in KILL_POINTS:
                number, pid = _kill_in_a_round(point, books, servers, players, kill_file)
                rounds.append(number)
                killed.append(pid)
            servers.stop_all()
        dealers = _check_events(books, step_log)
        assert dealers[:-1] == killed, (dealers, killed)
        _check_settlements(books, rounds, players)
        _check_shoe(books)
        rc, report = ledger_check(url)
        assert rc == 0 and report["ok"] and report["open_holds"] == [], report
    finally:
        books.dispose()


#: The answers a bet may get while its connection is cut.
OUTCOME_UNKNOWN = ("round_outcome_unknown", "database_outcome_unknown")


def _code(answer: httpx.Response) -> str:
    if answer.status_code == 200:
        return "ok"
    try:
        code: str = answer.json()["error"]["code"]
    except (ValueError, KeyError, TypeError):
        code = "?"
    return f"{answer.status_code} {code}"


def _bet_through_cuts(
    books: Books, server: Server, player: Client, round_id: int, closes: float, seed: int
) -> Counter[str]:
    """Change the player's bets again and again until the close; check each answer.

    200: the bets stored are those asked. 503 ``database_error``: nothing changed. 503
    with the outcome unknown: the retry with the same key places the bets once (or is
    refused after the close, and nothing was placed). After every answer, the bets held
    equal the hold entries and the wallet is short of exactly them.
    """
    chooser = random.Random(seed)
    seen: Counter[str] = Counter()
    while time.monotonic() < closes - 0.4:
        stakes = chooser.choice(
            [{}, {"player": 100 * chooser.randint(1, 20)}, {"banker": 500, "tie": 100}]
        )
        before = books.bets(player.id, round_id), books.wallet(player.id, round_id)
        journals = _hold_journals(books, player.id, round_id)
        key = uuid.uuid4().hex
        answer = player.bet(server.base, stakes, key)
        code = _code(answer)
        seen[code] += 1
        if code == "ok":
            assert answer.json()["bets"] == stakes
            assert books.bets(player.id, round_id) == stakes
        elif code in ("503 database_error", "409 betting_closed"):
            assert (books.bets(player.id, round_id), books.wallet(player.id, round_id)) == before
        elif code.startswith("503 ") and code[4:] in OUTCOME_UNKNOWN:
            retry = _retry(player, server, stakes, key)
            seen[f"retry {_code(retry)}"] += 1
            now = books.bets(player.id, round_id)
            if retry.status_code == 200:
                assert retry.json()["bets"] == stakes and now == stakes
                assert _hold_journals(books, player.id, round_id) - journals <= 1
            else:
                assert _code(retry) == "409 betting_closed", retry.text
                assert (now, books.wallet(player.id, round_id)) == before
        else:
            raise AssertionError(f"bet answered {code}: {answer.text}")
        wallet = books.wallet(player.id, round_id)
        assert wallet["entries"] == -wallet["staked"], wallet  # no bet half-written
        assert wallet["balance"] == GRANT_MINOR - wallet["staked"], wallet
    return seen


def _retry(player: Client, server: Server, stakes: dict[str, int], key: str) -> httpx.Response:
    """The same request again, with its key, until the database answers."""
    for _ in range(50):
        answer = player.bet(server.base, stakes, key)
        if answer.status_code != 503:
            return answer
        time.sleep(0.1)
    raise AssertionError(f"still 503 after 50 tries: {answer.text}")


def _hold_journals(books: Books, user_id: int, round_id: int) -> int:
    row = books.one(
        "SELECT COUNT(DISTINCT journal) AS n FROM ledger_entries WHERE journal LIKE :prefix",
        prefix=f"shared:{round_id}:{user_id}:%",
    )
    assert row is not None
    return int(row["n"])


def _bet_through_a_cut_commit(
    books: Books, server: Server, player: Client, round_id: int, cut_file: Path, when: str
) -> None:
    """A bet whose COMMIT loses its connection ``before`` or ``after`` it reached the
    database: 503 ``round_outcome_unknown``, and the retry with the key places it once
    (``before``) or returns what was placed (``after``)."""
    before = books.bets(player.id, round_id)
    journals = _hold_journals(books, player.id, round_id)
    stakes = {"player": 300} if when == "before" else {"banker": 800}
    assert stakes != before
    key = uuid.uuid4().hex
    cut_file.write_text(when)
    answer = player.bet(server.base, stakes, key)
    assert not cut_file.exists(), "the bet's COMMIT was not cut"
    assert _code(answer) == "503 round_outcome_unknown", answer.text
    assert books.bets(player.id, round_id) == (stakes if when == "after" else before)
    retry = _retry(player, server, stakes, key)
    assert retry.status_code == 200, retry.text
    assert retry.json()["bets"] == stakes and books.bets(player.id, round_id) == stakes
    assert retry.json()["balance_minor"] == GRANT_MINOR - sum(stakes.values())
    assert _hold_journals(books, player.id, round_id) == journals + 1  # placed once
    wallet = books.wallet(player.id, round_id)
    assert wallet["entries"] == -wallet["staked"] == -sum(stakes.values()), wallet


def _cut_while_betting(
    books: Books, server: Server, players: list[Client], round_id: int, closes: float
) -> tuple[Counter[str], int]:
    """Both players bet until the close while the server's connections are cut at random
    moments; the answers seen, and the number of connections terminated."""
    stop = threading.Event()
    terminated = [0]

    def cutter() -> None:
        chooser = random.Random(25)
        while not stop.is_set():
            terminated[0] += terminate(books.engine, server)
            stop.wait(chooser.uniform(0.05, 0.2))

    thread = threading.Thread(target=cutter, daemon=True)
    thread.start()
    try:
        with ThreadPoolExecutor(len(players)) as pool:
            futures = [
                pool.submit(_bet_through_cuts, books, server, player, round_id, closes, seed)
                for seed, player in enumerate(players)
            ]
            seen = sum((future.result() for future in futures), Counter[str]())
    finally:
        stop.set()
        thread.join(timeout=5)
    return seen, terminated[0]


def _check_settled_once(books: Books, round_id: int, players: list[Client]) -> None:
    """Each player's bets settled by one journal: their stake moved once, their payout paid."""
    for player in players:
        wallet = books.wallet(player.id, round_id)
        moved = books.all(
            "SELECT amount_minor FROM ledger_entries WHERE journal = :j "
            "AND account = 'house_pending'",
            j=f"shared-settle:{round_id}:{player.id}",
        )
        # A player whose last answer cancelled every bet has nothing to settle.
        expected = [-wallet["staked"]] if wallet["staked"] else []
        assert [row["amount_minor"] for row in moved] == expected, (player.id, moved)
        paid = books.one(
            "SELECT COALESCE(SUM(payout_minor), 0) AS paid FROM shared_bets "
            "WHERE round_id = :r AND user_id = :u",
            r=round_id,
            u=player.id,
        )
        assert paid is not None
        assert wallet["entries"] == int(paid["paid"]) - wallet["staked"], (wallet, paid)
        assert wallet["balance"] == GRANT_MINOR + wallet["entries"], wallet


def test_cutting_the_database_during_betting_never_half_writes_a_bet(
    pg_schema: str, tmp_path: Path
) -> None:
    """The serving process's connections are terminated (pg_terminate_backend) while bets
    arrive: every answer tells the truth, and the round then settles with nothing held.

    First two COMMITs of a bet are cut, one before and one after it reached the database
    (the unknown outcome, which random cuts hit rarely); then both players change their
    bets until the close while the connections are cut at random. The connections cut
    are those of the process's engine and rounds' pool (its application_name): a cut of
    the event bus's publisher is the next test's.
    """
    url, table = pg_schema_url(pg_schema), _table_id()
    cut_file = tmp_path / "cut-commit"
    books = Books(url, table)
    try:
        env = shared_env(table, lease_s=LEASE_S, cut_commit_file=cut_file)
        with fleet(url, tmp_path / "servers.log", env) as servers:
            server = servers.start("pb-cut")
            server.wait_ready()
            players = [Client(server.base, table, name) for name in ("elena", "fabio")]
            round_ = _betting_round(books, min_left=2.7)
            closes = time.monotonic() + float(round_["left_s"])
            for when in ("before", "after"):
                _bet_through_a_cut_commit(books, server, players[0], round_["id"], cut_file, when)
            seen, terminated = _cut_while_betting(books, server, players, round_["id"], closes)
            _settled(books, round_["number"], 20)
            servers.stop_all()
        assert terminated > 0
        assert seen["ok"] > 0 and sum(n for c, n in seen.items() if c.startswith("503")) > 0, seen
        _check_settled_once(books, round_["id"], players)
        rc, report = ledger_check(url)
        assert rc == 0 and report["ok"] and report["open_holds"] == [], report
    finally:
        books.dispose()


def test_a_bet_committed_before_the_bus_fails_is_answered_200(
    pg_schema: str, tmp_path: Path
) -> None:
    """The bus's publisher loses its connection at both tries right after a bet's commit
    (as a cut of the publisher does under load): the bet is placed, and its answer must
    say so, as the dealer's steps do (they log and go on: the events are stored)."""
    url, table = pg_schema_url(pg_schema), _table_id()
    fail_file = tmp_path / "bus-fails"
    env = shared_env(table, lease_s=LEASE_S, bus_fail_file=fail_file)
    books = Books(url, table)
    try:
        with fleet(url, tmp_path / "servers.log", env) as servers:
            server = servers.start("pb-bus")
            server.wait_ready()
            player = Client(server.base, table, "gala")
            round_ = _betting_round(books, min_left=1.0)
            stakes, key = {"player": 1_200}, uuid.uuid4().hex
            fail_file.touch()
            try:
                answer = player.bet(server.base, stakes, key)
            finally:
                fail_file.unlink()
            # Placed and held, whatever the answer said; the retry with the key tells.
            assert books.bets(player.id, round_["id"]) == stakes
            wallet = books.wallet(player.id, round_["id"])
            assert wallet["entries"] == -1_200 and wallet["balance"] == GRANT_MINOR - 1_200
            retry = player.bet(server.base, stakes, key)
            assert retry.status_code == 200 and retry.json()["bets"] == stakes, retry.text
            assert answer.status_code == 200, f"{_code(answer)}: {answer.text}"
    finally:
        books.dispose()


def _waiting_to_insert(books: Books, servers: list[Server]) -> int:
    """How many of ``servers`` wait to INSERT the table's row (not, say, for the
    migrations' lock, which other tests' processes hold at times)."""
    row = books.one(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() "
        "AND application_name = ANY(:names) AND wait_event = 'relation' "
        "AND query LIKE 'INSERT INTO shared_tables%'",
        names=[server.name for server in servers],
    )
    return 0 if row is None else int(row["n"])


def test_processes_starting_together_all_open_a_new_table(pg_schema: str, tmp_path: Path) -> None:
    """Two processes reach the opening of a new table at the same moment: both must start.

    The test holds the (migrated, empty) shared_tables in SHARE mode: each process reads
    it (no row: SELECT ... FOR UPDATE is let through) and then waits to INSERT the row.
    Once both wait there, the lock goes: the race of a fresh start, every time.
    """
    url, table = pg_schema_url(pg_schema), _table_id()
    engine = make_engine(make_settings(url))
    books = Books(url, table)
    try:
        migrate(engine)
        with fleet(url, tmp_path / "servers.log", shared_env(table)) as servers:
            with engine.connect() as holding:
                locked = holding.begin()
                holding.execute(text("LOCK TABLE shared_tables IN SHARE MODE"))
                racers = [servers.start("pb-race-a"), servers.start("pb-race-b")]
                books.wait("both inserting", lambda: _waiting_to_insert(books, racers) == 2, 60)
                locked.commit()
            for racer in racers:
                with contextlib.suppress(RuntimeError):  # exited: asserted below
                    racer.wait_ready()
            assert [racer.process.poll() for racer in racers] == [None, None]
    finally:
        books.dispose()
        engine.dispose()
