"""The shared tables' event bus (server/shared/bus.py): in process, PostgreSQL and Redis.

The buses across processes are tested as two instances in one process, each with its own
connections, as two workers have: what one publishes must reach the other's subscribers.
Table ids are random, so tests running at once on the same server never see each other's
events (the channel is the same for all).
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable, Coroutine, Iterator
from typing import Any, cast

import psycopg
import pytest

from puntobanco.server.shared.bus import (
    NOTIFY_CHANNEL_INFO,
    NOTIFY_LIMIT_BYTES,
    Carried,
    LocalHub,
    Notified,
    PostgresBus,
    RedisBus,
    Subscription,
    choose_bus,
    encode,
    gap,
    session_info,
)
from tests.server.conftest import PG_ROOT, make_settings, postgres_reason

REDIS_URL = "redis://127.0.0.1:6379/15"


def run(scenario: Coroutine[Any, Any, Any], limit_s: float = 30) -> Any:
    """Run a scenario, failing instead of hanging."""
    return asyncio.run(asyncio.wait_for(scenario, limit_s))


@pytest.fixture(autouse=True)
def _bus_log_captured(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """caplog sees the bus's records even after an app of another test in this worker made
    the ``puntobanco`` logger stop propagating (``observability.configure_logging``)."""
    logger = logging.getLogger("puntobanco.server.shared.bus")
    logger.addHandler(caplog.handler)
    propagate, logger.propagate = logger.propagate, False  # each record caught once
    try:
        yield
    finally:
        logger.removeHandler(caplog.handler)
        logger.propagate = propagate


def new_table() -> str:
    return f"bus-{uuid.uuid4().hex[:10]}"


def events(table: str, count: int, *, first_seq: int = 1) -> list[dict[str, Any]]:
    return [
        {
            "type": "bets",
            "table": table,
            "seq": seq,
            "totals": {"banker": 100 * seq},
            "who": "Íñigo",
        }
        for seq in range(first_seq, first_seq + count)
    ]


async def take(sub: Subscription, count: int, within_s: float = 1.0) -> list[dict[str, Any]]:
    """The next ``count`` events, all of them within ``within_s`` seconds."""

    async def collect() -> list[dict[str, Any]]:
        return [await sub.get() for _ in range(count)]

    return await asyncio.wait_for(collect(), within_s)


async def nothing_for(sub: Subscription, wait_s: float = 0.2) -> None:
    """Fails if an event arrives within ``wait_s``."""
    with pytest.raises(TimeoutError):
        got = await asyncio.wait_for(sub.get(), wait_s)
        pytest.fail(f"unexpected event {got!r}")


def need_postgres() -> None:
    reason = postgres_reason()
    if reason:
        pytest.skip(reason)


def need_redis() -> None:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.RedisError as exc:
        pytest.skip(f"Redis at {REDIS_URL} is unreachable: {exc}")


def pg_backends(name: str) -> list[int]:
    """The pids of the database's connections named ``name``."""
    with psycopg.connect(PG_ROOT.replace("+psycopg", ""), autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE application_name = %s", (name,)
        ).fetchall()
    return [row[0] for row in rows]


def pg_terminate(name: str) -> None:
    """Cut the connections named ``name``, as a database restart or a network fault does."""
    with psycopg.connect(PG_ROOT.replace("+psycopg", ""), autocommit=True) as conn:
        killed = conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
            (name,),
        ).fetchall()
    assert killed == [(True,)], killed


async def eventually(check: Callable[[], bool], within_s: float = 3.0) -> None:
    deadline = asyncio.get_running_loop().time() + within_s
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "condition never held"
        await asyncio.sleep(0.05)


# In process ------------------------------------------------------------------------------


def test_the_local_hub_gives_each_reader_its_tables_events_in_order() -> None:
    hub = LocalHub()
    a_table, b_table = new_table(), new_table()
    a_events, b_events = events(a_table, 5), events(b_table, 5)

    async def scenario() -> None:
        async with (
            hub.subscribe(a_table) as first,
            hub.subscribe(a_table) as second,
            hub.subscribe(b_table) as b_reader,
        ):
            assert hub.subscriber_count(a_table) == 2
            interleaved = [e for pair in zip(a_events, b_events, strict=True) for e in pair]
            await hub.publish(interleaved[:3])
            await hub.publish(interleaved[3:])
            got_first, got_second = await take(first, 5), await take(second, 5)
            assert got_first == a_events and got_second == a_events
            assert await take(b_reader, 5) == b_events
            await nothing_for(first)
            await nothing_for(b_reader)
            # Decoded once: every reader has the same event, with the JSON it came as.
            assert got_first[0] is got_second[0]
            assert isinstance(got_first[0], Carried)
            assert got_first[0].text == encode(a_events[0])
        # A table nobody follows any more is forgotten: publishing to it costs nothing.
        assert hub.subscriber_count(a_table) == 0 and hub._tables == {}
        await hub.publish(a_events)
        assert hub._tables == {}

    run(scenario())


def test_the_local_hub_refuses_an_event_the_other_buses_could_not_carry() -> None:
    hub = LocalHub()

    async def scenario() -> None:
        async with hub.subscribe("salon-1") as sub:
            with pytest.raises(TypeError):
                await hub.publish([{"type": "x", "table": "salon-1", "seq": 1, "at": object()}])
            await nothing_for(sub)

    run(scenario())


def test_a_reader_that_falls_behind_is_lagging_until_it_resyncs() -> None:
    hub = LocalHub(queue_size=3)
    table = new_table()

    async def scenario() -> None:
        async with hub.subscribe(table) as slow, hub.subscribe(table) as quick:
            await hub.publish(events(table, 3))
            assert await take(quick, 3) == events(table, 3)
            assert not slow.lagging
            await hub.publish(events(table, 2, first_seq=4))  # the 4th does not fit
            assert slow.lagging and not quick.lagging
            assert await take(quick, 2) == events(table, 2, first_seq=4)
            # Lagging: a gap at once (not the stale queue), again until it resyncs.
            assert await slow.get() == gap(table)
            assert await slow.get() == gap(table)
            hub.gap_all()  # nothing is queued while lagging, not even a gap
            slow.resync()
            assert not slow.lagging
            await nothing_for(slow)
            await hub.publish(events(table, 1, first_seq=6))
            assert await take(slow, 1) == events(table, 1, first_seq=6)

    run(scenario())


def test_a_message_that_is_not_an_event_is_dropped_and_the_next_ones_pass(
    caplog: pytest.LogCaptureFixture,
) -> None:
    hub = LocalHub()

    async def scenario() -> None:
        async with hub.subscribe("salon-1") as sub:
            for junk in ("not json", "[1, 2]", '{"seq": 1}', '{"table": ["x"]}'):
                hub.dispatch(junk)
            hub.dispatch(encode({"type": "seat", "table": "salon-1", "seq": 7}))
            assert await take(sub, 1) == [{"type": "seat", "table": "salon-1", "seq": 7}]
            await nothing_for(sub)

    with caplog.at_level(logging.ERROR, logger="puntobanco.server.shared.bus"):
        run(scenario())
    assert sum("not an event" in r.getMessage() for r in caplog.records) == 4


def test_a_queue_size_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="queue_size must be at least 1, got 0"):
        LocalHub(queue_size=0)


def test_choose_bus_prefers_redis_then_postgresql_then_the_process() -> None:
    sqlite = "sqlite:///pb.db"
    postgres = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
    assert isinstance(choose_bus(make_settings(sqlite, redis_url=REDIS_URL), postgres), RedisBus)
    assert isinstance(choose_bus(make_settings(sqlite, redis_url=REDIS_URL), sqlite), RedisBus)
    assert isinstance(choose_bus(make_settings(postgres), postgres), PostgresBus)
    assert isinstance(choose_bus(make_settings(postgres), "postgres://u@h/db"), PostgresBus)
    assert isinstance(choose_bus(make_settings(sqlite), sqlite), LocalHub)


# Across workers ------------------------------------------------------------------------


async def two_workers_scenario(one: Any, two: Any) -> float:
    """``one`` publishes; ``two``'s readers (and ``one``'s own) get the events in order.

    Returns the seconds the 20 events took to reach ``two``.
    """
    table, other = new_table(), new_table()
    sent = events(table, 20)
    await one.start()
    await two.start()
    await one.start()  # a second start changes nothing
    try:
        async with (
            two.subscribe(table) as reader,
            two.subscribe(other) as other_reader,
            one.subscribe(table) as own_reader,
        ):
            loop = asyncio.get_running_loop()
            started = loop.time()
            await one.publish(sent[:1])
            await one.publish([])
            await one.publish(sent[1:])
            assert await take(reader, 20, within_s=1.0) == sent
            elapsed: float = loop.time() - started
            assert await take(own_reader, 20, within_s=1.0) == sent
            await nothing_for(other_reader)
            await nothing_for(reader)
            return elapsed
    finally:
        await one.stop()
        await two.stop()
        await two.stop()  # a second stop changes nothing


@pytest.mark.postgres
def test_postgres_carries_events_between_workers_in_order() -> None:
    need_postgres()
    one, two = PostgresBus(PG_ROOT), PostgresBus(PG_ROOT)

    async def scenario() -> float:
        elapsed = await two_workers_scenario(one, two)
        # stop() closed every connection: none left on the server.
        names = (one.listener_name, two.listener_name, one.listener_name + "-publish")
        await eventually(lambda: all(pg_backends(name) == [] for name in names))
        return elapsed

    assert run(scenario()) < 1.0


@pytest.mark.postgres
def test_postgres_listens_once_per_worker() -> None:
    need_postgres()
    bus = PostgresBus(PG_ROOT)

    async def scenario() -> None:
        await bus.start()
        await bus.start()
        try:
            assert len(pg_backends(bus.listener_name)) == 1
        finally:
            await bus.stop()

    run(scenario())


@pytest.mark.postgres
def test_postgres_sends_an_event_too_big_for_notify_as_a_gap_when_it_is_not_stored() -> None:
    need_postgres()
    one, two = PostgresBus(PG_ROOT), PostgresBus(PG_ROOT)
    table = new_table()

    def sized(seq: int, size: int) -> dict[str, Any]:
        """An event whose JSON is ``size`` bytes (two bytes per ``ñ``: bytes, not characters)."""
        event: dict[str, Any] = {"type": "settled", "table": table, "seq": seq, "pad": ""}
        room = size - len(encode(event).encode())
        event["pad"] = "ñ" * (room // 2) + "x" * (room % 2)
        assert len(encode(event).encode()) == size
        return event

    fits, too_big = sized(2, NOTIFY_LIMIT_BYTES), sized(3, NOTIFY_LIMIT_BYTES + 1)
    assert len(encode(too_big)) < NOTIFY_LIMIT_BYTES  # in characters it would pass
    sent = [*events(table, 1), fits, too_big, *events(table, 1, first_seq=4)]

    async def scenario() -> None:
        await one.start()
        await two.start()
        try:
            async with two.subscribe(table) as reader:
                await one.publish(sent)
                got = await take(reader, 4)
        finally:
            await one.stop()
            await two.stop()
        assert got == [sent[0], fits, {"table": table, "seq": 3, "type": "_gap"}, sent[3]]

    run(scenario())


@pytest.mark.postgres
def test_postgres_listener_reconnects_and_sends_its_readers_back_to_the_database(
    caplog: pytest.LogCaptureFixture,
) -> None:
    need_postgres()
    one, two = PostgresBus(PG_ROOT), PostgresBus(PG_ROOT)
    table, other = new_table(), new_table()

    async def scenario() -> None:
        await one.start()
        await two.start()
        try:
            async with two.subscribe(table) as reader, two.subscribe(other) as other_reader:
                await one.publish(events(table, 1))
                assert await take(reader, 1) == events(table, 1)
                [old_pid] = pg_backends(two.listener_name)

                pg_terminate(two.listener_name)
                # Every reader of every table is sent back to the database, once.
                assert await take(reader, 1, within_s=3.0) == [gap(table)]
                assert await take(other_reader, 1, within_s=1.0) == [gap(other)]
                [new_pid] = pg_backends(two.listener_name)
                assert new_pid != old_pid

                await one.publish(events(table, 2, first_seq=5))
                assert await take(reader, 2) == events(table, 2, first_seq=5)

                # The publisher's connection cut: the next publish takes a new one.
                pg_terminate(one.listener_name + "-publish")
                await one.publish(events(table, 1, first_seq=7))
                assert await take(reader, 1) == events(table, 1, first_seq=7)
                await nothing_for(reader)
                await nothing_for(other_reader)
        finally:
            await one.stop()
            await two.stop()

    with caplog.at_level(logging.WARNING, logger="puntobanco.server.shared.bus"):
        run(scenario())
    messages = [r.getMessage() for r in caplog.records]
    assert any("the listener lost its connection" in m for m in messages), messages
    assert any("publishing again on a new connection" in m for m in messages), messages


def test_postgres_unreachable_keeps_trying_and_stops_cleanly() -> None:
    bus = PostgresBus("postgresql://postgres@127.0.0.1:1/test")

    async def scenario() -> None:
        async with bus.subscribe("salon-1") as sub:
            await bus.start()  # returns after the first attempt fails
            await asyncio.sleep(0.5)  # a few more attempts, backing off
            with pytest.raises(psycopg.OperationalError):
                await bus.publish(events("salon-1", 1))
            await nothing_for(sub)
        await asyncio.wait_for(bus.stop(), 1.0)

    run(scenario())


# Redis -----------------------------------------------------------------------------------


@pytest.mark.redis
def test_redis_carries_events_between_workers_in_order() -> None:
    need_redis()
    assert run(two_workers_scenario(RedisBus(REDIS_URL), RedisBus(REDIS_URL))) < 1.0


@pytest.mark.redis
def test_redis_listener_reconnects_and_sends_its_readers_back_to_the_database() -> None:
    need_redis()
    import redis

    one, two = RedisBus(REDIS_URL), RedisBus(REDIS_URL)
    table = new_table()
    admin = redis.Redis.from_url(REDIS_URL)

    def listener_ids() -> list[int]:
        clients = cast(list[dict[str, Any]], admin.client_list())
        return [int(c["id"]) for c in clients if c["name"] == two.listener_name]

    async def scenario() -> None:
        await one.start()
        await two.start()
        try:
            async with two.subscribe(table) as reader:
                [old_id] = listener_ids()
                admin.client_kill_filter(_id=str(old_id))
                assert await take(reader, 1, within_s=3.0) == [gap(table)]
                [new_id] = listener_ids()
                assert new_id != old_id
                await one.publish(events(table, 3))
                assert await take(reader, 3) == events(table, 3)
        finally:
            await one.stop()
            await two.stop()
        await eventually(lambda: listener_ids() == [])

    run(scenario())


@pytest.mark.postgres
def test_postgres_hands_on_a_big_stored_event_whole(pg_schema: str) -> None:
    """Too big for NOTIFY: each worker's listener reads it from shared_events once."""
    from sqlalchemy import create_engine, insert

    from puntobanco.server.models import Base
    from puntobanco.server.shared.models import SharedEvent, SharedTableRow
    from tests.server.conftest import pg_schema_url

    url = pg_schema_url(pg_schema)
    engine = create_engine(url)
    Base.metadata.create_all(engine)
    table = new_table()
    big: dict[str, Any] = {"type": "settled", "table": table, "seq": 1, "at": "x"}
    big["seats"] = [{"seat": f"Seat-{i:04}", "net": i} for i in range(400)]
    assert len(encode(big).encode()) > NOTIFY_LIMIT_BYTES
    with engine.begin() as conn:
        conn.execute(
            insert(SharedTableRow).values(
                id=table, name="T", preset="punto-banco", settings_json="{}", status="open", seq=1
            )
        )
        conn.execute(
            insert(SharedEvent).values(table_id=table, seq=1, kind="settled", payload=encode(big))
        )
    engine.dispose()
    one, two = PostgresBus(url), PostgresBus(url)

    async def scenario() -> None:
        await one.start()
        await two.start()
        try:
            async with two.subscribe(table) as reader, one.subscribe(table) as own:
                await one.publish([big])
                assert await take(reader, 1) == [big]
                assert await take(own, 1) == [big]
        finally:
            await one.stop()
            await two.stop()

    run(scenario())


@pytest.mark.postgres
def test_postgres_sends_a_transactions_events_at_its_commit_and_never_after_a_rollback(
    pg_schema: str,
) -> None:
    """``emit`` on a session of ``session_info(bus)``: NOTIFY inside the transaction."""
    from sqlalchemy import create_engine, insert
    from sqlalchemy.orm import Session

    from puntobanco.server.models import Base
    from puntobanco.server.shared.events import emit
    from puntobanco.server.shared.models import SharedTableRow
    from tests.server.conftest import pg_schema_url

    url = pg_schema_url(pg_schema)
    engine = create_engine(url)
    Base.metadata.create_all(engine)
    table = new_table()
    with engine.begin() as conn:
        conn.execute(
            insert(SharedTableRow).values(
                id=table, name="T", preset="punto-banco", settings_json="{}", status="open", seq=0
            )
        )
    bus = PostgresBus(url)
    seats = [{"seat": f"Seat-{i:04}", "bets": {"banker": i}} for i in range(400)]
    items = [("seat", {"seat": "Ana", "role": "seat"}), ("bets", {"round": 1, "seats": seats})]

    async def scenario() -> None:
        await bus.start()
        try:
            async with bus.subscribe(table) as reader:
                with Session(engine, info=session_info(bus)) as session:
                    session.begin()
                    sent = emit(session, table, items)
                    assert all(isinstance(event, Notified) for event in sent)
                    await nothing_for(reader)  # not before the commit
                    session.commit()
                got = await take(reader, 2)
                assert got == sent and [e["seq"] for e in got] == [1, 2]  # the big one whole
                await bus.publish(sent)  # already on their way: not sent again
                await nothing_for(reader)
                with Session(engine, info=session_info(bus)) as session:
                    session.begin()
                    emit(session, table, items[:1])
                    session.rollback()
                await nothing_for(reader, 0.5)
        finally:
            await bus.stop()
            engine.dispose()

    run(scenario())


def test_only_postgresql_sends_events_inside_their_transaction() -> None:
    assert session_info(LocalHub()) == {}
    assert session_info(RedisBus(REDIS_URL)) == {}
    assert session_info(PostgresBus(PG_ROOT)) == {NOTIFY_CHANNEL_INFO: "puntobanco_shared"}
