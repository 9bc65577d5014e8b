"""The shared tables' events, to every worker: PostgreSQL, Redis, or in process.

A table's events are written to ``shared_events`` in the transaction of the change they
report; the bus only carries them, after the commit, to the sockets of every worker. It
keeps the order in which one process publishes, and it may lose events (a connection
lost, a reader too slow); when it knows it may have, it says so: a
``{"table": t, "seq": n, "type": "_gap"}`` marker, or :attr:`Subscription.lagging`, after
which the reader re-reads the database. So the database stays the record and the bus the
fast path.

Each worker has one listening connection, whatever its number of sockets: the
listener hands each event to the worker's :class:`LocalHub`, which fans it out to the
subscribers of its table only. :func:`choose_bus` picks the bus from the settings:

* :class:`RedisBus` when ``settings.redis_url`` is set (pub/sub channel
  ``puntobanco:shared``);
* :class:`PostgresBus` on PostgreSQL (``LISTEN``/``NOTIFY`` on ``puntobanco_shared``);
* :class:`LocalHub` otherwise (SQLite serves one worker: nothing to cross).

A reader's loop, then, by each event's ``seq``: a repeat (a retried publish) is skipped,
and a jump past the next one (an event lost, or published by another worker that
committed earlier but sent later) is read from the database like a gap::

    async with bus.subscribe(table_id) as sub:
        last = await send_snapshot()         # the table's seq, read from the database
        while True:
            event = await sub.get()
            if event["type"] == "_gap" or event["seq"] > last + 1:
                sub.resync()                 # first: nothing published after the read is lost
                last = await send_events_after(last)
            elif event["seq"] == last + 1:
                last = event["seq"]
                await send(event)
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any, Protocol

import psycopg
import redis.asyncio
import redis.exceptions
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from sqlalchemy.engine import make_url

from puntobanco.server.settings import Settings

log = logging.getLogger(__name__)

#: PostgreSQL's channel (an identifier: no colon).
POSTGRES_CHANNEL = "puntobanco_shared"
#: Redis's channel, in the ``puntobanco:`` namespace the rate limiter's keys use.
REDIS_CHANNEL = "puntobanco:shared"
#: The largest event PostgreSQL carries whole: its NOTIFY payloads stop at 8000 bytes,
#: and the margin keeps a marker's worth of room whatever the server's build.
NOTIFY_LIMIT_BYTES = 7_900
#: Events a subscriber may have waiting before it is declared lagging: about a minute of a
#: busy table's events (a round is some fifteen), far more than a live socket falls behind.
QUEUE_SIZE = 1_000
#: The listener's wait before reconnecting: doubled after each failure, up to the maximum,
#: so a database that restarts is found again at once and one that is down is not hammered.
BACKOFF_FIRST_S = 0.2
BACKOFF_MAX_S = 5.0

#: What ``_gap`` is: the type of the marker that sends a reader back to the database.
GAP = "_gap"


def gap(table_id: str, seq: int = -1) -> dict[str, Any]:
    """The marker that sends a table's reader back to the database.

    ``seq`` is the event's own when the event was too big to carry, -1 when the bus
    cannot say which events were missed (a lost connection, a full queue).

    >>> gap("salon-8")
    {'table': 'salon-8', 'seq': -1, 'type': '_gap'}
    """
    return {"table": table_id, "seq": seq, "type": GAP}


def encode(event: Mapping[str, Any]) -> str:
    """An event as the bus carries it: compact JSON.

    Non-ASCII is kept as it is, so the byte count checked against PostgreSQL's limit is
    the payload's real size.

    >>> encode({"type": "seat", "table": "salon-8", "seq": 3, "seat": "Ana"})
    '{"type":"seat","table":"salon-8","seq":3,"seat":"Ana"}'
    """
    return json.dumps(event, separators=(",", ":"), ensure_ascii=False)


class Notified(dict[str, Any]):
    """An event already on its way: PostgreSQL sends it at the commit that appends it.

    :func:`~puntobanco.server.shared.events.emit` returns these on a session whose
    ``info`` names the channel (:func:`session_info`); :meth:`PostgresBus.publish` skips
    them. Otherwise an event like any other.
    """

    __slots__ = ()


#: The key of a session's ``info`` that names the channel its events are notified on.
NOTIFY_CHANNEL_INFO = "puntobanco_notify_channel"


def session_info(bus: EventBus) -> dict[str, str]:
    """What a session's ``info`` holds so that its events go with their transaction.

    On PostgreSQL's bus, an event's ``NOTIFY`` is sent inside the transaction that appends
    it: PostgreSQL delivers it at the commit, in the order of the commits, and never for a
    rollback. No second trip after the commit, and none of a worker's threads and event
    loop between the commit and the send.
    """
    return {NOTIFY_CHANNEL_INFO: POSTGRES_CHANNEL} if isinstance(bus, PostgresBus) else {}


def notify_payload(event: Mapping[str, Any]) -> str:
    """An event as ``NOTIFY`` carries it: whole, or a ``_big`` marker past the limit."""
    payload = encode(event)
    if len(payload.encode()) > NOTIFY_LIMIT_BYTES:
        return encode({"table": event["table"], "seq": event["seq"], "type": "_big"})
    return payload


class Carried(dict[str, Any]):
    """An event as a worker received it, with the JSON text it came as (:attr:`text`).

    Every subscriber of the worker gets the same object, decoded once, so that a socket
    sends :attr:`text` as it is instead of encoding the event again: treat it as
    read-only.
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        super().__init__(json.loads(text))
        self.text = text


class Subscription:
    """One reader's events of one table, in publish order, as an async context manager.

    The queue is bounded: a reader that falls :data:`QUEUE_SIZE` events behind is not
    waited for (the dealer never slows for a socket). Its next event is dropped, it is
    marked :attr:`lagging`, and nothing more is queued until it calls :meth:`resync`.
    """

    def __init__(self, hub: LocalHub, table_id: str, queue_size: int) -> None:
        self._hub = hub
        self.table_id = table_id
        #: True once an event was dropped: the reader re-reads the database.
        self.lagging = False
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(queue_size)

    async def __aenter__(self) -> Subscription:
        self._hub._add(self)
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._hub._remove(self)

    async def get(self) -> dict[str, Any]:
        """The table's next event, waiting for it.

        A lagging subscription answers a ``_gap`` marker (seq -1) at once, and again on
        every call until :meth:`resync`: what is still queued is older than what the
        reader will read from the database, so it is not worth sending first.
        """
        if self.lagging:
            return gap(self.table_id)
        return await self._queue.get()

    def resync(self) -> None:
        """Forget what is queued and take events again.

        Call it before re-reading the database, not after: an event published in between
        then reaches the queue (and is skipped by its ``seq`` if the read had it).
        """
        while not self._queue.empty():
            self._queue.get_nowait()
        self.lagging = False

    def _offer(self, event: dict[str, Any]) -> None:
        if self.lagging:
            return
        try:
            self._queue.put_nowait(event)
        except asyncio.QueueFull:
            self.lagging = True
            log.warning("shared bus: a reader of table %s fell behind", self.table_id)


class EventBus(Protocol):
    """What the shared tables need of a bus, whichever carries the events."""

    async def start(self) -> None:
        """Connect and listen; a second call does nothing."""

    async def stop(self) -> None:
        """Stop listening and close the connections; a second call does nothing."""

    async def publish(self, events: Sequence[Mapping[str, Any]]) -> None:
        """Send events, in order, to every worker's subscribers (after their commit)."""

    def subscribe(self, table_id: str) -> Subscription:
        """A subscription to one table's events (an async context manager)."""


class LocalHub:
    """The bus within one process: the only one on SQLite, the fan-out of the others.

    A table is known only while it has subscribers, so an idle table costs nothing. An
    event is decoded once from the JSON the other buses carry and handed to every
    subscriber as the same read-only :class:`Carried` (a worker with a thousand sockets
    does not decode it a thousand times); an event that the other buses could not send
    fails here too, in SQLite's tests.
    """

    def __init__(self, *, queue_size: int = QUEUE_SIZE) -> None:
        if queue_size < 1:
            raise ValueError(f"queue_size must be at least 1, got {queue_size!r}")
        self._queue_size = queue_size
        self._tables: dict[str, set[Subscription]] = {}

    async def start(self) -> None:
        """Nothing to connect."""

    async def stop(self) -> None:
        """Nothing to close: subscribers leave through their context managers."""

    async def publish(self, events: Sequence[Mapping[str, Any]]) -> None:
        """Hand each event to its table's subscribers."""
        for event in events:
            self.dispatch(encode(event))

    def subscribe(self, table_id: str) -> Subscription:
        """A subscription to ``table_id``'s events, taking them once entered."""
        return Subscription(self, table_id, self._queue_size)

    def subscriber_count(self, table_id: str) -> int:
        """How many readers follow ``table_id`` in this process."""
        return len(self._tables.get(table_id, ()))

    def dispatch(self, payload: str) -> None:
        """Hand an event, as the bus carried it, to its table's subscribers.

        A payload that is not an event is logged and dropped: one bad message must not
        stop the listener that every socket of the worker depends on.
        """
        try:
            event = Carried(payload)
            subs = self._tables.get(event["table"], ())
        except (ValueError, TypeError, KeyError) as exc:
            log.error("shared bus: dropped a message that is not an event (%s)", exc)
            return
        for sub in subs:
            sub._offer(event)

    def gap_all(self) -> None:
        """Send every subscriber back to the database (events may have been missed)."""
        for table_id, subs in self._tables.items():
            for sub in subs:
                sub._offer(gap(table_id))

    def _add(self, sub: Subscription) -> None:
        self._tables.setdefault(sub.table_id, set()).add(sub)

    def _remove(self, sub: Subscription) -> None:
        subs = self._tables.get(sub.table_id)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self._tables[sub.table_id]


class _ListeningBus:
    """What PostgreSQL's and Redis's buses share: one listener per process, reconnecting.

    The listener runs as a task from :meth:`start` to :meth:`stop`. After each connection
    lost or refused it waits (:data:`BACKOFF_FIRST_S`, doubling to :data:`BACKOFF_MAX_S`)
    and connects again; once listening again, it sends every subscriber a ``_gap``
    (events published meanwhile never reached it).
    """

    #: The errors that mean the connection is gone (logged as a warning, not a failure).
    _lost: tuple[type[BaseException], ...] = (OSError,)

    def __init__(self, *, queue_size: int) -> None:
        self._hub = LocalHub(queue_size=queue_size)
        self._task: asyncio.Task[None] | None = None
        self._first: asyncio.Future[None] | None = None  # the first attempt's end
        self._missed = False  # whether events may have gone by since the last listening
        self._listened = False  # whether the current attempt got as far as listening
        #: The listener's name on the server, so an operator (and a test) can find it.
        self.listener_name = f"puntobanco-bus-{os.getpid()}-{secrets.token_hex(4)}"

    def subscribe(self, table_id: str) -> Subscription:
        """A subscription to ``table_id``'s events, from every worker."""
        return self._hub.subscribe(table_id)

    def subscriber_count(self, table_id: str) -> int:
        """How many readers follow ``table_id`` in this process."""
        return self._hub.subscriber_count(table_id)

    async def start(self) -> None:
        """Start the listener and wait for its first attempt to connect.

        When that attempt succeeds, every event published after :meth:`start` returns
        reaches this process. When it fails, the failure is logged and the listener keeps
        trying in the background (the server starts while its database restarts; the
        subscribers get a ``_gap`` once it listens).
        """
        if self._task is not None and not self._task.done():
            return
        first: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        # Started again after a stop: what went by meanwhile never reached the subscribers.
        self._missed = self._first is not None
        self._first = first
        self._task = asyncio.create_task(self._run(), name=self.listener_name)
        await asyncio.wait([first, self._task], return_when=asyncio.FIRST_COMPLETED)

    async def stop(self) -> None:
        """Cancel the listener, wait for it to close its connection, close the publisher."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            # wait(), not await: the listener's cancellation is not the caller's.
            await asyncio.wait([task])
        await self._close_publisher()

    async def _run(self) -> None:
        delay = BACKOFF_FIRST_S
        while True:
            self._listened = False
            try:
                await self._listen()
                log.warning("shared bus: the listener's connection ended")
            except self._lost as exc:
                log.warning("shared bus: the listener lost its connection: %s", exc)
            except Exception:
                log.exception("shared bus: the listener failed")
            self._first_done()
            self._missed = True
            if self._listened:
                delay = BACKOFF_FIRST_S
            await asyncio.sleep(delay)
            delay = min(delay * 2, BACKOFF_MAX_S)

    def _listening(self) -> None:
        """Called by :meth:`_listen` once the server confirmed the subscription."""
        self._listened = True
        if self._missed:
            self._hub.gap_all()
        self._first_done()

    def _first_done(self) -> None:
        if self._first is not None and not self._first.done():
            self._first.set_result(None)

    async def _listen(self) -> None:
        """Connect, listen, call :meth:`_listening`, dispatch until the connection ends."""
        raise NotImplementedError

    async def _close_publisher(self) -> None:
        raise NotImplementedError


def libpq_url(url: str) -> str:
    """A SQLAlchemy URL as libpq reads it (the ``+psycopg`` driver dropped).

    >>> libpq_url("postgresql+psycopg://postgres@127.0.0.1:5432/test")
    'postgresql://postgres@127.0.0.1:5432/test'
    """
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class PostgresBus(_ListeningBus):
    """Events through PostgreSQL's ``LISTEN``/``NOTIFY`` on :data:`POSTGRES_CHANNEL`.

    Two connections per process: the listener's, and the publisher's (psycopg holds a
    listening connection's lock while it waits for notifications, so it cannot also send
    them). An event whose JSON is over :data:`NOTIFY_LIMIT_BYTES` bytes goes as a
    ``_big`` marker with its table and ``seq``: each worker's listener reads it from
    ``shared_events`` once and hands it on whole (a ``_gap`` if it cannot), so a large
    event (a settlement of hundreds of seats) costs a worker one read, not one per socket.
    """

    _lost = (OSError, psycopg.OperationalError)

    def __init__(self, url: str, *, queue_size: int = QUEUE_SIZE) -> None:
        """Set up the bus for the database at ``url`` (SQLAlchemy's or libpq's form).

        The URL must carry its password: ``str(engine.url)`` hides it, so pass
        ``settings.sqlalchemy_url`` or ``engine.url.render_as_string(hide_password=False)``.
        """
        super().__init__(queue_size=queue_size)
        self._conninfo = libpq_url(url)
        self._publisher: psycopg.AsyncConnection[Any] | None = None
        self._publish_lock = asyncio.Lock()

    async def _connect(self, name: str) -> psycopg.AsyncConnection[Any]:
        # Keepalives: a listener on a connection that silently died would wait forever.
        return await psycopg.AsyncConnection.connect(
            self._conninfo,
            autocommit=True,
            application_name=name,
            connect_timeout=5,
            keepalives=1,
            keepalives_idle=30,
            keepalives_interval=10,
            keepalives_count=3,
        )

    async def _listen(self) -> None:
        async with await self._connect(self.listener_name) as conn:
            await conn.execute(f"LISTEN {POSTGRES_CHANNEL}")
            self._listening()
            async for notify in conn.notifies():
                payload = notify.payload
                if '"type":"_big"' in payload:
                    payload = await self._fetch(payload)
                self._hub.dispatch(payload)

    async def _fetch(self, marker: str) -> str:
        """A big event's JSON, read from ``shared_events`` (its ``_gap`` if it cannot be).

        Read before the next notification is handed on, so the order holds.
        """
        event = json.loads(marker)
        try:
            async with self._publish_lock:
                if self._publisher is None or self._publisher.closed:
                    self._publisher = await self._connect(self.listener_name + "-publish")
                cursor = await self._publisher.execute(
                    "SELECT payload FROM shared_events WHERE table_id = %s AND seq = %s",
                    (event["table"], event["seq"]),
                )
                row = await cursor.fetchone()
        except psycopg.Error as exc:
            log.warning("shared bus: a big event could not be read: %s", exc)
            row = None
        return str(row[0]) if row is not None else encode(gap(event["table"], event["seq"]))

    async def publish(self, events: Sequence[Mapping[str, Any]]) -> None:
        """Send ``events`` in order, each in a transaction of its own, in one round trip.

        Those sent with their own transaction already (:class:`Notified`) are skipped.

        A publisher connection found lost is replaced and the events sent again once: a
        connection cut while sending may so deliver some twice (readers skip a ``seq``
        they have had). A second failure raises :class:`psycopg.OperationalError`: the
        events are in the database, and the listeners, having lost the database too,
        send their subscribers back there.
        """
        payloads = [notify_payload(event) for event in events if not isinstance(event, Notified)]
        if not payloads:
            return
        async with self._publish_lock:
            try:
                await self._notify(payloads)
            except psycopg.OperationalError as exc:
                log.warning("shared bus: publishing again on a new connection: %s", exc)
                await self._close_publisher()
                await self._notify(payloads)

    async def _notify(self, payloads: list[str]) -> None:
        if self._publisher is None or self._publisher.closed:
            self._publisher = await self._connect(self.listener_name + "-publish")
        async with self._publisher.cursor() as cursor:
            await cursor.executemany(
                "SELECT pg_notify(%s, %s)", [(POSTGRES_CHANNEL, p) for p in payloads]
            )

    async def _close_publisher(self) -> None:
        publisher, self._publisher = self._publisher, None
        if publisher is not None:
            await publisher.close()


class RedisBus(_ListeningBus):
    """Events through Redis pub/sub on :data:`REDIS_CHANNEL`.

    The listener's connection has redis-py's retries turned off (its default from a URL
    today, set here so that a new default cannot change it): redis-py would otherwise
    reconnect and subscribe again on its own, and the subscribers would never learn that
    events went by meanwhile.
    """

    _lost = (OSError, redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)

    def __init__(self, url: str, *, queue_size: int = QUEUE_SIZE) -> None:
        """Set up the bus for the Redis server at ``url`` (``redis://host:port/db``)."""
        super().__init__(queue_size=queue_size)
        self._url = url
        self._publisher: redis.asyncio.Redis | None = None

    async def _listen(self) -> None:
        client = redis.asyncio.Redis.from_url(
            self._url,
            retry=Retry(NoBackoff(), 0),
            socket_connect_timeout=5,
            socket_keepalive=True,
            client_name=self.listener_name,
        )
        try:
            async with client.pubsub() as pubsub:
                await pubsub.subscribe(REDIS_CHANNEL)
                while True:
                    message = await pubsub.get_message(timeout=None)
                    if message is None:
                        continue
                    if message["type"] == "subscribe":
                        # The server confirmed: nothing published from now on is lost.
                        self._listening()
                    elif message["type"] == "message":
                        self._hub.dispatch(message["data"].decode())
        finally:
            await client.aclose()

    async def publish(self, events: Sequence[Mapping[str, Any]]) -> None:
        """Send ``events`` in order, in one round trip (a pipeline, not a transaction).

        redis-py retries a lost connection itself, so a cut while sending may deliver some
        events twice (readers skip a ``seq`` they have had); when Redis cannot be reached,
        :class:`redis.exceptions.ConnectionError` is raised.
        """
        if not events:
            return
        if self._publisher is None:
            self._publisher = redis.asyncio.Redis.from_url(self._url, socket_connect_timeout=5)
        async with self._publisher.pipeline(transaction=False) as pipe:
            for event in events:
                pipe.publish(REDIS_CHANNEL, encode(event))
            await pipe.execute()

    async def _close_publisher(self) -> None:
        publisher, self._publisher = self._publisher, None
        if publisher is not None:
            await publisher.aclose()


def choose_bus(settings: Settings, engine_url: str) -> EventBus:
    """The bus for this deployment: Redis if configured, else the database's, else local.

    Redis first because an operator who runs it for the rate limits wants the events off
    the database too. ``engine_url`` must carry its password (see :class:`PostgresBus`).
    """
    if settings.redis_url:
        return RedisBus(settings.redis_url)
    if make_url(engine_url).get_backend_name() in ("postgresql", "postgres"):
        return PostgresBus(engine_url)
    return LocalHub()
