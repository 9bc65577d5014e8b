"""The service's security audit, repeatable: attack a real ``puntobanco serve``, count the damage.

Each configuration (``postgres:3``: PostgreSQL with 3 workers; ``sqlite:1``) gets its own
database and server, on loopback only. The attacks, each for about ``--seconds``:

* ``racing retries``: every player sends each round from 3 connections at once, with the
  same Idempotency-Key (the answers to one key must agree);
* ``kill -9 worker``: rounds in flight while a random worker gets SIGKILL (PostgreSQL only,
  where there are several);
* ``kill -9 server``: the same, but the whole process group, then ``serve`` again;
* ``db cuts``: rounds in flight while the server's database connections are terminated at
  random (``pg_terminate_backend``; PostgreSQL only);
* ``schemathesis``: the OpenAPI spec fuzzed with a player's bearer token and the admin
  token (``st run``, ``--examples`` per operation);
* ``bad inputs``: hand-made bodies (2^63, 10^30, 5,000 digits, floats, strings, NUL, lone
  surrogates, deep nesting, oversized bodies, wrong content types, reused keys);
* ``login flood``: logins with a new username each from one address;
* ``slow heads``: slowloris, 2,000 connections from one address (127.0.0.2) that send a
  header line a second and never end their request head, while the players deal rounds;
* ``csrf (chromium)``: a page of another origin posts rotate and guest with the victim's
  cookie (skipped, saying why, without Debian's ``chromium`` and Playwright).

The players of the round attacks retry as the API tells them to: the same key after a
connection error, a 202 or a 503, until the round is settled. After each attack the bench
waits (at most ``--recovery-s``) for the server itself to complete every round left dealt,
with no operator action, then prints: requests tried, 5xx answers (those a cut database
explains: 503 ``database_error``, ``round_outcome_unknown``, ``server_busy``, counted
apart), money lost (what the house bank granted, less every wallet and the house's take of
every round: must be 0), rounds still dealt (must be 0), and ``puntobanco ledger check``.

    python bench/bench_attacks.py                         # about 10 minutes
    python bench/bench_attacks.py --seconds 5 --configs postgres:3
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench_login_flood import flood
from bench_server import Conn, _processes, database_for

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.server.live import free_port, live_server, server_env  # noqa: E402

ADMIN = "test-admin-token"  # what tests/server/live.py gives its servers
TOLD = ("database_error", "round_outcome_unknown", "server_busy")
PLAYERS = 6
#: The servers' logs (tracebacks of the cut connections, the killed workers).
LOG = Path(tempfile.gettempdir()) / "bench_attacks.log"


@dataclass
class Tally:
    """What one attack did and got."""

    tried: int = 0
    statuses: collections.Counter[int] = field(default_factory=collections.Counter)
    told_503: int = 0
    disagreements: int = 0
    note: str = ""

    def answer(self, status: int, data: bytes) -> None:
        self.tried += 1
        self.statuses[status] += 1
        if status == 503 and any(code.encode() in data for code in TOLD):
            self.told_503 += 1

    @property
    def server_errors(self) -> int:
        return sum(count for status, count in self.statuses.items() if status >= 500)


# --- the server and its database -------------------------------------------------------------


class Served:
    """One configuration's database and its server, which an attack may kill and restart."""

    def __init__(self, kind: str, workers: int) -> None:
        self.kind, self.workers = kind, workers
        self.url, self.drop = database_for(kind)
        self.tag = f"pb_attacks_{uuid.uuid4().hex[:8]}"
        if kind == "postgres":
            # Names this server's connections, so that only they are cut (the URL's query
            # built by SQLAlchemy: whether it had one before or not).
            self.url = _with_query(self.url, application_name=self.tag)
        self.port = free_port()
        self._stack = ExitStack()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self._stack = ExitStack()
        _, self.process = self._stack.enter_context(
            live_server(
                self.url,
                workers=self.workers,
                port=self.port,
                log=LOG,
                PUNTOBANCO_BALANCE_CAP_MINOR="1000000000",
                PUNTOBANCO_LOGIN_ATTEMPTS="1000000",
            )
        )

    def stop(self) -> None:
        self._stack.close()

    def kill(self) -> None:
        """SIGKILL to the whole process group: the supervisor and every worker."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.stop()

    def workers_pids(self) -> list[int]:
        assert self.process is not None
        return [pid for pid, parent, _ in _processes() if parent == self.process.pid]

    def sql(self, statement: str) -> list[Any]:
        from sqlalchemy import create_engine, text

        # Not named as the server's: the cutter must not cut its own connection.
        engine = create_engine(_with_query(self.url, application_name=None))
        try:
            with engine.begin() as conn:
                return list(conn.execute(text(statement)))
        finally:
            engine.dispose()


def _with_query(url: str, **params: str | None) -> str:
    """``url`` with ``params`` set in its query (``None``: removed)."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    kept = {k: v for k, v in parsed.query.items() if k not in params}
    kept.update({k: v for k, v in params.items() if v is not None})
    return parsed.set(query=kept).render_as_string(hide_password=False)


def money_lost(served: Served) -> int:
    """Granted by the house bank, less every wallet and the house's take of every round.

    The take of a Punto Banco round is read from its row (stake less payout); that of the
    games with choices, whose rounds keep their money over several tables (seats, bets, the
    bank), from the house's ledger entries of their journals; the chips the house's players
    hold (Chemin de fer's computer seats, Banque's bank) from ``house_players``.
    One statement, so one snapshot: a round dealt between two reads would count twice.
    """
    (lost,) = served.sql(
        "SELECT -(SELECT COALESCE(SUM(amount_minor), 0) FROM ledger_entries "
        "WHERE account = 'house_bank') "
        "- (SELECT COALESCE(SUM(balance_minor), 0) FROM wallets) "
        "- (SELECT COALESCE(SUM(staked_minor - COALESCE(payout_minor, 0)), 0) FROM rounds) "
        "- (SELECT COALESCE(SUM(amount_minor), 0) FROM ledger_entries "
        "WHERE account = 'house_game' AND (journal LIKE 'chemin:%' OR journal LIKE 'banque:%')) "
        "- (SELECT COALESCE(SUM(amount_minor), 0) FROM ledger_entries "
        "WHERE account = 'house_players')"
    )[0]
    return int(lost)


def still_dealt(served: Served) -> int:
    return int(served.sql("SELECT COUNT(*) FROM rounds WHERE status = 'dealt'")[0][0])


def wait_recovered(served: Served, limit_s: float) -> int:
    """Rounds still dealt once the server has had ``limit_s`` to complete them itself."""
    deadline = time.monotonic() + limit_s
    while (left := still_dealt(served)) and time.monotonic() < deadline:
        time.sleep(0.5)
    return left


def ledger_check(served: Served) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "puntobanco.cli.main", "ledger", "check", "--json",
         "--database", served.url],
        env=server_env(served.url), cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    try:
        return "ok" if json.loads(result.stdout)["ok"] else "DIFFERS"
    except (ValueError, KeyError):
        return f"exit {result.returncode}"


# --- players --------------------------------------------------------------------------------


async def make_players(port: int, count: int) -> list[str]:
    tokens = []
    conn = Conn(port)
    for i in range(count):
        body = json.dumps({"username": f"a{uuid.uuid4().hex[:10]}{i}", "password": "bench pw!"})
        status, data = await conn.request("POST", "/api/auth/register", body.encode())
        assert status == 201, data
        tokens.append(json.loads(data)["token"])
    conn.close()
    return tokens


async def _ask(port: int, conn: Conn | None, method: str, path: str, body: bytes,
               headers: dict[str, str]) -> tuple[Conn | None, int, bytes]:  # fmt: skip
    """One request; a dropped connection is answered ``0`` and forgotten."""
    conn = conn or Conn(port)
    try:
        status, data = await asyncio.wait_for(conn.request(method, path, body, headers), 30)
    except (TimeoutError, OSError, asyncio.IncompleteReadError, IndexError, ValueError):
        conn.close()
        return None, 0, b""
    return conn, status, data


async def play(served: Served, tokens: list[str], seconds: float, tally: Tally,
               racers: int = 1) -> None:  # fmt: skip
    """Each player deals rounds for ``seconds``, each key retried until its round is settled.

    ``racers`` connections send every request of a key at once.
    """
    stop_at = time.monotonic() + seconds
    body = json.dumps({"bets": {"banker": 100, "player": 100}}).encode()

    async def player(token: str) -> None:
        conns: list[Conn | None] = [None] * racers
        while time.monotonic() < stop_at:
            key = uuid.uuid4().hex
            headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": key}
            settled: set[bytes] = set()
            while True:
                answers = await asyncio.gather(
                    *(_ask(served.port, conns[i], "POST", "/api/rounds", body, headers)
                      for i in range(racers))
                )  # fmt: skip
                for i, (conn, status, data) in enumerate(answers):
                    conns[i] = conn
                    if status:
                        tally.answer(status, data)
                    if status == 201:
                        settled.add(json.dumps(json.loads(data)["id"]).encode())
                if len(settled) > 1:
                    tally.disagreements += 1
                if settled or any(400 <= s < 500 and s != 409 for _, s, _ in answers):
                    break
                await asyncio.sleep(0.05)  # dropped, 202, 409 in progress or 503: same key
        for conn in conns:
            if conn is not None:
                conn.close()

    await asyncio.gather(*(player(token) for token in tokens))


# --- the attacks ----------------------------------------------------------------------------


def attack_racing(served: Served, tokens: list[str], seconds: float) -> Tally:
    tally = Tally()
    asyncio.run(play(served, tokens, seconds, tally, racers=3))
    return tally


@contextmanager
def every(interval_s: float, action: Callable[[], object]) -> Iterator[list[int]]:
    """Call ``action`` every ``interval_s`` in a thread; yields the count of calls made."""
    done = threading.Event()
    count = [0]

    def loop() -> None:
        while not done.wait(interval_s):
            action()
            count[0] += 1

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    try:
        yield count
    finally:
        done.set()
        thread.join()


def attack_kill_worker(served: Served, tokens: list[str], seconds: float) -> Tally:
    tally = Tally()

    def kill_one() -> None:
        pids = served.workers_pids()
        if pids:
            os.kill(random.choice(pids), signal.SIGKILL)

    with every(max(seconds / 6, 1.0), kill_one) as kills:
        asyncio.run(play(served, tokens, seconds, tally))
    tally.note = f"{kills[0]} workers killed"
    return tally


def attack_kill_server(served: Served, tokens: list[str], seconds: float) -> Tally:
    tally = Tally()
    kills = 3

    async def run() -> None:
        player = asyncio.create_task(play(served, tokens, seconds + 60 * kills, tally))
        for _ in range(kills):
            await asyncio.sleep(seconds / kills)
            served.kill()
            await asyncio.to_thread(served.start)
        await asyncio.sleep(1)
        player.cancel()
        try:
            await player
        except asyncio.CancelledError:
            pass

    asyncio.run(run())
    tally.note = f"{kills} kills of the whole server"
    return tally


def attack_db_cuts(served: Served, tokens: list[str], seconds: float) -> Tally:
    tally = Tally()
    cut = (
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        f"WHERE application_name = '{served.tag}' ORDER BY random() LIMIT 1"
    )
    with every(0.2, lambda: served.sql(cut)) as cuts:
        asyncio.run(play(served, tokens, seconds, tally))
    tally.note = f"{cuts[0]} connections cut"
    return tally


ST = (
    "import sys; import tests.server.test_schemathesis; "
    "from schemathesis.cli import schemathesis; sys.argv[0] = 'st'; schemathesis()"
)


def attack_schemathesis(served: Served, tokens: list[str], examples: int) -> Tally:
    tally = Tally()
    with tempfile.TemporaryDirectory() as folder:
        cassette = Path(folder) / "cassette.yaml"
        try:
            run = subprocess.run(
                # schemathesis's command line, with the tests' shim for hypothesis-jsonschema.
                [sys.executable, "-c", ST, "run",
                 f"http://127.0.0.1:{served.port}/openapi.json",
                 "--force-schema-version", "30", "-D", "all", "--checks", "not_a_server_error",
                 "--hypothesis-max-examples", str(examples), "--hypothesis-derandomize",
                 "-H", f"Authorization: Bearer {tokens[0]}", "-H", f"X-Admin-Token: {ADMIN}",
                 # Logging out would end the token every other operation uses.
                 "--exclude-path", "/api/auth/logout",
                 "--cassette-path", str(cassette), "--request-timeout", "30000"],
                cwd=ROOT, env={**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'src'}"},
                capture_output=True, text=True, timeout=900,
            )  # fmt: skip
            ok = run.returncode == 0
        except subprocess.TimeoutExpired:
            ok = False
            tally.note = "schemathesis stopped after 900 s; "
        recorded = cassette.read_text() if cassette.exists() else ""
    for line in recorded.splitlines():
        stripped = line.strip()
        if stripped.startswith("code: '") or stripped.startswith("code: "):
            tally.answer(int(stripped.split(":", 1)[1].strip().strip("'\"")), b"")
    tally.note += f"{examples} examples per operation" + ("" if ok else ", st failed")
    return tally


def _bad_requests(token: str) -> list[tuple[str, str, bytes, dict[str, str]]]:
    auth = {"Authorization": f"Bearer {token}"}
    big = "9" * 5000
    amounts = ["9223372036854775808", "1" + "0" * 30, big, "100.5", "1e3", '"100"', "null",
               "true", "-100", "0", "[]", "{}"]  # fmt: skip
    texts = ['"\\ud800"', '"a\\u0000b"', '"' + "x" * 10_000 + '"', "123", '"\\udfff\\ud800"']
    deep = "[" * 50_000 + "]" * 50_000
    found: list[tuple[str, str, bytes, dict[str, str]]] = []

    def round_(bets: str) -> None:
        headers = {**auth, "Idempotency-Key": uuid.uuid4().hex}
        found.append(("POST", "/api/rounds", f'{{"bets": {bets}}}'.encode(), headers))

    for amount in amounts:
        round_(f'{{"banker": {amount}}}')
        found.append(("POST", "/api/wallet/top-up", f'{{"amount_minor": {amount}}}'.encode(),
                      auth))  # fmt: skip
    for text in texts:
        round_(f"{{{text}: 100}}")
        found.append(("PUT", "/api/table", f'{{"preset": {text}}}'.encode(), auth))
        found.append(("POST", "/api/fairness/client-seed", f'{{"client_seed": {text}}}'.encode(),
                      auth))  # fmt: skip
        for path in ("/api/auth/login", "/api/auth/register"):
            body = f'{{"username": {text}, "password": {text}}}'.encode()
            found.append(("POST", path, body, {}))
    round_(deep)
    found.append(("POST", "/api/rounds", b'{"bets": ' + deep.encode() + b"}",
                  {**auth, "Idempotency-Key": "deep"}))  # fmt: skip
    found.append(("POST", "/api/rounds", b"x" * 10_000_000, {**auth, "Idempotency-Key": "big"}))
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        found.append(("POST", "/api/rounds", b"bets=banker", {**auth, "Content-Type": kind,
                      "Idempotency-Key": uuid.uuid4().hex}))  # fmt: skip
    found.append(("POST", "/api/rounds", b'{"bets": {"banker": 100}}', auth))  # no key
    for key in ("\x00", "k" * 5000, "reused"):
        found.append(("POST", "/api/rounds", b'{"bets": {"banker": 100}}',
                      {**auth, "Idempotency-Key": key}))  # fmt: skip
    # The same key again with another body: refused, not dealt again.
    found.append(("POST", "/api/rounds", b'{"bets": {"player": 200}}',
                  {**auth, "Idempotency-Key": "reused"}))  # fmt: skip
    found.append(("GET", "/api/rounds/" + big, b"", auth))
    found.append(("GET", "/api/rounds/-1", b"", auth))
    return found


def attack_bad_inputs(served: Served, tokens: list[str], _seconds: float) -> Tally:
    tally = Tally()

    async def run() -> None:
        for method, path, body, headers in _bad_requests(tokens[1]):
            # A connection of its own each: the server may close one after refusing.
            conn, status, data = await _ask(served.port, None, method, path, body, headers)
            if conn is not None:
                conn.close()
            tally.answer(status or 599, data)  # a dropped connection counts as a failure
            if not status or status >= 500:
                what = f"{method} {path} {body[:30]!r}: {status or 'dropped'} {data[:80]!r}"
                tally.note += ("; " if tally.note else "") + what

    asyncio.run(run())
    if not tally.note:
        tally.note = ", ".join(f"{s}: {n}" for s, n in sorted(tally.statuses.items()))
    return tally


#: The slow-heads attacker: connections from a loopback address of its own (Linux answers
#: the whole 127.0.0.0/8), so that the cap per address binds it and not the players.
SLOW_SOURCE = "127.0.0.2"
SLOW_CONNECTIONS = 2_000


def attack_slow_heads(served: Served, tokens: list[str], seconds: float) -> Tally:
    """Slowloris: ``SLOW_CONNECTIONS`` connections from one address send a header line a
    second and never end the head, while the players deal rounds from another address.

    The tally is the players' rounds; the note says how the connections ended: held to
    the end, closed at once (the cap per address), closed by the header time-out.
    """
    tally = Tally()
    duration = max(seconds, 15.0)  # longer than the header time-out (10 s by default)

    async def hold() -> float | None:
        """Seconds until the server closed the connection (``None``: held to the end)."""
        loop = asyncio.get_running_loop()
        begun = loop.time()
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", served.port, local_addr=(SLOW_SOURCE, 0)
            )
        except OSError:
            return 0.0
        try:
            writer.write(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
            while loop.time() - begun < duration:
                writer.write(b"X-Slow: 1\r\n")
                await writer.drain()
                try:
                    if await asyncio.wait_for(reader.read(100), 1.0) == b"":
                        return loop.time() - begun
                except TimeoutError:
                    continue
            return None
        except OSError:
            return loop.time() - begun
        finally:
            writer.close()

    async def run() -> list[float | None]:
        holders = [hold() for _ in range(SLOW_CONNECTIONS)]
        ended = await asyncio.gather(*holders, play(served, tokens, duration, tally))
        return list(ended[:-1])

    ended = asyncio.run(run())
    held = sum(1 for e in ended if e is None)
    at_once = sum(1 for e in ended if e is not None and e < 1.0)
    timed = sorted(e for e in ended if e is not None and e >= 1.0)
    median = f", after {timed[len(timed) // 2]:.1f} s (median)" if timed else ""
    tally.note = (
        f"{SLOW_CONNECTIONS} slow heads from {SLOW_SOURCE}: {held} held to the end "
        f"({duration:.0f} s), {at_once} closed at once, {len(timed)} closed by the time-out"
        f"{median}; rounds from 127.0.0.1 went on"
    )
    return tally


def attack_login_flood(served: Served, _tokens: list[str], seconds: float) -> Tally:
    tally = Tally()
    answered = asyncio.run(flood(served.port, seconds, 8, 0))
    for status, count in answered.items():
        tally.tried += count
        tally.statuses[status] += count
    words = ", ".join(f"{status}: {count}" for status, count in sorted(answered.items()))
    tally.note = words
    return tally


#: The page of another origin: posts rotate (fetch, then a form) and guest (a form, which
#: would replace the victim's session), each with the victim's cookie.
ATTACK_PAGE = """<!doctype html><html><body>
<form id="g" method="post" action="{target}/api/auth/guest" target="gf"></form>
<iframe name="gf"></iframe>
<form id="f" method="post" action="{target}/api/fairness/rotate"></form>
<script>
  fetch("{target}/api/fairness/rotate", {{method: "POST", mode: "no-cors", credentials: "include"}})
    .finally(() => {{
      document.getElementById("g").submit();
      setTimeout(() => document.getElementById("f").submit(), 1000);
    }});
</script></body></html>"""


def attack_csrf(served: Served, _tokens: list[str], _seconds: float) -> Tally:
    tally = Tally()
    sys.path.insert(0, str(ROOT / "tests" / "web"))
    try:
        from conftest import CHROMIUM, CHROMIUM_ARGS  # type: ignore[import-not-found]
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        tally.note = f"skipped: {exc}"
        return tally
    if not Path(CHROMIUM).exists():
        tally.note = f"skipped: {CHROMIUM} is missing (Debian's chromium package)"
        return tally
    # tests/web's server of another origin (a loopback port of its own), with this page.
    import test_web_security  # type: ignore[import-not-found]

    test_web_security.ATTACK = ATTACK_PAGE
    base = f"http://127.0.0.1:{served.port}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            page = browser.new_context().new_page()
            page.goto(base + "/")
            call = "([p, m]) => fetch(p, {method: m, headers: {'X-Requested-With': 'fetch'}})" \
                   ".then(r => r.json())"  # fmt: skip
            page.evaluate(call, ["/api/auth/guest", "POST"])

            def victim() -> tuple[str, str]:
                table = page.evaluate(call, ["/api/table", "GET"])
                me = page.evaluate(call, ["/api/me", "GET"])
                return table["fairness"]["server_seed_hash"], me["username"]

            before = victim()
            answers: list[int] = []
            page.context.on(
                "response",
                lambda r: answers.append(r.status) if r.url.startswith(base + "/api/") else None,
            )
            with test_web_security._other_origin(base) as attacker:
                evil = page.context.new_page()
                evil.goto(attacker)
                deadline = time.monotonic() + 20
                while len(answers) < 3 and time.monotonic() < deadline:
                    evil.wait_for_timeout(200)
            refused = list(answers)  # the victim's own requests below are not the attack's
            after = victim()
        finally:
            browser.close()
    for status in refused:
        tally.answer(status, b"")
    words = ", ".join(f"{s}: {n}" for s, n in sorted(tally.statuses.items()))
    seed = "seed ROTATED" if after[0] != before[0] else "seed unchanged"
    session = "session REPLACED" if after[1] != before[1] else "session kept"
    tally.note = f"{words}; {seed}, {session}"
    return tally


ATTACKS: dict[str, tuple[Callable[[Served, list[str], Any], Tally], bool]] = {
    # name: (attack, PostgreSQL only)
    "racing retries": (attack_racing, False),
    "kill -9 worker": (attack_kill_worker, True),
    "kill -9 server": (attack_kill_server, False),
    "db cuts": (attack_db_cuts, True),
    "schemathesis": (attack_schemathesis, False),
    "bad inputs": (attack_bad_inputs, False),
    "login flood": (attack_login_flood, False),
    "slow heads": (attack_slow_heads, False),
    "csrf (chromium)": (attack_csrf, False),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per attack")
    parser.add_argument("--examples", type=int, default=100, help="schemathesis, per operation")
    parser.add_argument(
        "--recovery-s",
        type=float,
        default=60.0,
        help="how long the server may take to settle what was left dealt",
    )
    parser.add_argument("--configs", nargs="+", default=["postgres:3", "sqlite:1"])
    parser.add_argument("--attacks", nargs="+", default=list(ATTACKS), choices=list(ATTACKS))
    args = parser.parse_args()
    print(
        f"{args.seconds:.0f} s per attack, {PLAYERS} players, {os.cpu_count()} cores; "
        f"the servers' logs: {LOG}"
    )
    print(f"{'config':<11} {'attack':<16} {'tried':>6} {'5xx':>5} {'told 503':>8} "
          f"{'lost':>5} {'dealt':>5} {'ledger':>7}  notes")  # fmt: skip
    for config in args.configs:
        kind, _, workers = config.partition(":")
        served = Served(kind, int(workers or 1))
        try:
            served.start()
            tokens = asyncio.run(make_players(served.port, PLAYERS))
            for name in args.attacks:
                attack, pg_only = ATTACKS[name]
                if pg_only and (kind != "postgres" or served.workers < 2 and "worker" in name):
                    continue
                amount = args.examples if name == "schemathesis" else args.seconds
                tally = attack(served, tokens, amount)
                left = wait_recovered(served, args.recovery_s)
                note = tally.note
                if tally.disagreements:
                    note += f"; {tally.disagreements} keys answered with two rounds!"
                print(
                    f"{config:<11} {name:<16} {tally.tried:>6} {tally.server_errors:>5} "
                    f"{tally.told_503:>8} {money_lost(served):>5} {left:>5} "
                    f"{ledger_check(served):>7}  {note}",
                    flush=True,
                )
        finally:
            served.stop()
            served.drop()


if __name__ == "__main__":
    main()
