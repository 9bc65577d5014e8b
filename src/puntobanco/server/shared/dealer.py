"""The dealer: in every worker, a loop that holds the leases it can and deals those tables.

Each process runs one :class:`Dealer`. Every ``heartbeat_s`` it takes or renews the
lease of each open table (:func:`~puntobanco.server.shared.lease.take_lease`): a free
or expired lease is taken, its own is renewed, another live holder's is left alone. For
each table it holds it runs one task that steps the table's cycle
(:func:`~puntobanco.server.shared.dealing.advance`) and publishes each step's events
after its commit. A process that dies stops renewing; ``lease_s`` later (5 s by default)
another process takes the table over and continues from what is stored.

The database work runs in threads (the sessions are synchronous), one step at a time per
table, so the event loop only waits.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from contextlib import suppress

from sqlalchemy.orm import Session, sessionmaker

from puntobanco.server.shared.bus import EventBus, Subscription
from puntobanco.server.shared.dealing import Step, advance
from puntobanco.server.shared.lease import (
    LeaseLost,
    give_up_lease,
    heartbeat,
    lease_holders,
    renew_leases,
    take_lease,
)

log = logging.getLogger(__name__)


def holder_name() -> str:
    """This process's name in a lease: its host, its pid and a random part."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"


class Dealer:
    """Deals every table whose lease this process holds."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        bus: EventBus,
        *,
        lease_s: float = 5.0,
        heartbeat_s: float = 1.0,
        holder: str | None = None,
    ) -> None:
        self._sessions = sessions
        self._bus = bus
        self.lease_s = lease_s
        self.heartbeat_s = heartbeat_s
        self.holder = holder or holder_name()
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._stopping = asyncio.Event()

    @property
    def held(self) -> frozenset[str]:
        """The tables this process deals now."""
        return frozenset(table for table, task in self._tasks.items() if not task.done())

    async def run(self) -> None:
        """Take and renew leases until :meth:`stop`; deal each table held."""
        while not self._stopping.is_set():
            try:
                held = await asyncio.to_thread(self._renew)
            except Exception:  # the database is down: nothing is held until it is back
                log.exception("shared tables: the leases could not be renewed")
                held = set()
            for table_id in held:
                task = self._tasks.get(table_id)
                if task is None or task.done():
                    self._tasks[table_id] = asyncio.create_task(self._deal(table_id))
            for table_id in set(self._tasks) - held:
                self._tasks.pop(table_id).cancel()
            with suppress(TimeoutError):
                async with asyncio.timeout(self.heartbeat_s):
                    await self._stopping.wait()

    def _renew(self) -> set[str]:
        """One heartbeat: the ids of the tables this process deals from now on.

        It keeps (renews) its own leases up to its share of the open tables, their number
        over the processes alive, and gives back any beyond it, so that a process that
        starts later gets tables to deal; then it takes free or expired leases up to its
        share. A table given back is taken over by a process with room for it, and
        continues from what is stored. What a process keeps costs one transaction a pass
        (its heartbeat, the leases read, its own renewed in one statement), whatever the
        number of tables; only taking a free table costs a transaction of its own.
        """
        with self._sessions() as session, session.begin():
            alive = heartbeat(session, self.holder, lease_s=self.lease_s)
            holders = lease_holders(session)
            share = -(-len(holders) // alive)
            mine = [table for table, holder in holders.items() if holder == self.holder]
            held = renew_leases(session, mine[:share], self.holder, lease_s=self.lease_s)
            for table_id in mine[share:]:
                give_up_lease(session, table_id, self.holder)
        for table_id in (table for table, holder in holders.items() if holder is None):
            if len(held) >= share:
                break
            with self._sessions() as session, session.begin():
                if take_lease(session, table_id, self.holder, lease_s=self.lease_s):
                    held.add(table_id)
        return held

    async def _deal(self, table_id: str) -> None:
        """Step one table's cycle for as long as this process holds its lease."""
        # Subscribed to its own table: a squeezer's turn (from any worker) wakes the dealer
        # before the card's deadline.
        async with self._bus.subscribe(table_id) as events:
            while not self._stopping.is_set():
                try:
                    step = await asyncio.to_thread(self._step, table_id)
                except LeaseLost:
                    log.info("shared table %s: lease lost", table_id)
                    return
                except Exception:
                    log.exception("shared table %s: a step failed; retrying", table_id)
                    step = Step([], self.heartbeat_s)
                if step.events:
                    try:
                        await self._bus.publish(step.events)
                    except Exception:  # the events are stored: clients read them back
                        log.exception("shared table %s: events not published", table_id)
                await self._wait(events, step)

    async def _wait(self, events: Subscription, step: Step) -> None:
        """Wait until the next step is due, the stop, or (``step.wake``) a turned card.

        The subscription is read all along, so that it never falls behind.
        """
        loop = asyncio.get_running_loop()
        end = loop.time() + step.wait_s
        while not self._stopping.is_set() and (left := end - loop.time()) > 0:
            try:
                async with asyncio.timeout(min(left, self.heartbeat_s)):
                    event = await events.get()
            except TimeoutError:
                continue
            if event.get("type") == "_gap":
                events.resync()
            if step.wake and event.get("type") in ("card", "_gap"):
                return

    def _step(self, table_id: str) -> Step:
        with self._sessions() as session, session.begin():
            return advance(session, table_id, self.holder)

    async def stop(self) -> None:
        """Stop dealing and let the leases go, so another process takes over at once."""
        self._stopping.set()
        tasks = list(self._tasks.values())
        if tasks:
            await asyncio.wait(tasks, timeout=5)
        for task in tasks:
            task.cancel()
        held = list(self._tasks)
        self._tasks.clear()

        def release() -> None:
            for table_id in held:
                with self._sessions() as session, session.begin():
                    give_up_lease(session, table_id, self.holder)

        with suppress(Exception):
            await asyncio.to_thread(release)
