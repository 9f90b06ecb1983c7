"""One LISTEN connection per server process, fanned out to the streams connected to it.

`publish()` announces each committed event with `NOTIFY marchlords_events` carrying only ids.
The hub holds a dedicated asyncpg connection that LISTENs on that channel; for a campaign with
streams connected to this process it reads the event's row once, on that connection, and hands
it to the subscriptions of the campaign: a bounded queue per connected client. A thousand
streams of one campaign thus cost one query per event, not a thousand (each stream filters the
row by its viewer's audience itself, and falls back to reading the table whenever the rows it
was handed do not follow its last one without a gap). A client too slow to
drain its queue is dropped (its stream ends and the browser reconnects with `Last-Event-ID`)
so that it never holds up the others. If the connection to PostgreSQL drops, the hub
reconnects with exponential backoff, then tells every subscription to catch up from the table
(notifications sent while nobody listened are lost; the rows are not).

The same connection LISTENs on `marchlords_revocations` (app/store/events/revocations.py): a token
revoked, a seat handed over, a campaign left end the streams they name as the notification
arrives, in commit order with the events (so none committed after the revocation reaches
them); the request that revoked ends its own process's streams itself, before it answers.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import json
import logging
import math
import uuid
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import asyncpg

from app.platform.metrics import OPEN_STREAMS
from app.store.events.publish import CHANNEL
from app.store.events.revocations import REVOCATIONS_CHANNEL, Revocation

logger = logging.getLogger(__name__)

# asyncpg raises these when the server or the network goes away (or refuses us).
_CONNECTION_ERRORS = (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError)


class Signal(enum.Enum):
    """Queue items that are not event ids."""

    RESYNC = "resync"  # the hub (re)connected: events may have been missed, read the table
    CLOSED = "closed"  # the subscription was dropped (too slow) or the hub is stopping


@dataclass(frozen=True, eq=False)
class EventRecord:
    """A committed event of the campaign, read once by the hub for every stream it serves."""

    seq: int
    cursor: str
    kind: str
    audience: list[int] | None
    # The payload as JSON text, as the database gave it: encoded once for every stream.
    payload_json: str


# An event id (wake up and read the table), a signal, or the event itself.
QueueItem = int | Signal | EventRecord

# One campaign's events among those just announced, by id, in announcement order.
_FETCH = (
    "SELECT id, seq, cursor, kind, audience, payload::text AS payload FROM campaign_events"
    " WHERE campaign_id = $1 AND id = ANY($2::bigint[]) ORDER BY seq"
)


class Subscription:
    """A connected client's feed of one campaign's event ids, in NOTIFY order."""

    def __init__(
        self,
        hub: EventHub,
        campaign_id: uuid.UUID,
        *,
        token_id: uuid.UUID | None = None,
        user_id: uuid.UUID | None = None,
    ) -> None:
        self._hub = hub  # whose subscriptions it joins within `async with`
        self.campaign_id = campaign_id
        # Who listens, for revocations (app/store/events/revocations.py); None: nobody they name.
        self.token_id = token_id
        self.user_id = user_id
        # A list and one waiter, not an `asyncio.Queue` (three deques): one per open stream.
        self._items: list[QueueItem] = []
        self._maxsize = hub.queue_size
        self._waiter: asyncio.Future[None] | None = None
        self.closed = False
        # Whether the stream reading it has ended (its `async with` block exited), and a
        # future for whoever waits for that, made only then (one per open stream otherwise).
        self.ended = False
        self._ended: asyncio.Future[None] | None = None
        self._entered = 0  # `async with` blocks it is in

    # An `async with` block of its own rather than a generator-based context manager (there
    # is one per open stream). Entered again while open (a caller opened it before handing it
    # to the stream), it stays open until the outermost block exits.
    async def __aenter__(self) -> Subscription:
        self._entered += 1
        if self._entered == 1:
            self._hub._opened(self)
        return self

    async def __aexit__(self, *_exc: object) -> None:
        self._entered -= 1
        if self._entered > 0:
            return
        self._hub._closed(self)
        self.ended = True
        if self._ended is not None and not self._ended.done():
            self._ended.set_result(None)

    async def wait_ended(self) -> None:
        """Until the stream reading it has ended."""
        if self.ended:
            return
        if self._ended is None:
            self._ended = asyncio.get_running_loop().create_future()
        await asyncio.shield(self._ended)  # a timeout around this must not cancel it

    def revoked_by(self, revocation: Revocation) -> bool:
        if self.token_id is None or self.user_id is None:
            return False
        return revocation.ends(
            token_id=self.token_id, user_id=self.user_id, campaign_id=self.campaign_id
        )

    @property
    def pending(self) -> int:
        """How many items wait to be read."""
        return len(self._items)

    def _put(self, item: QueueItem) -> None:
        self._items.append(item)
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    def offer(self, item: QueueItem) -> bool:
        """Enqueue without waiting; False if the queue is full (the caller drops us)."""
        if self.closed:  # nothing reaches a closed feed, not even a last event
            return True
        if len(self._items) >= self._maxsize:
            return False
        self._put(item)
        return True

    def close(self) -> None:
        """End the feed: whatever is queued is discarded, the reader gets `Signal.CLOSED`."""
        if self.closed:
            return
        self.closed = True
        self._items.clear()
        self._put(Signal.CLOSED)

    async def next_batch(self, wait_seconds: float) -> list[QueueItem]:
        """Everything queued, waiting up to `wait_seconds` for the first item ([] if none)."""
        if not self._items:
            loop = asyncio.get_running_loop()
            waiter = self._waiter = loop.create_future()
            # An alarm of the hub's, not wait_for, a timeout scope or a timer of its own: no
            # task, scope or timer per wait (thousands of streams wait at once).
            alarm = self._hub.alarms.arm(loop, wait_seconds, waiter)
            try:
                await waiter
            finally:
                self._hub.alarms.disarm(alarm, waiter)
                self._waiter = None
            if not self._items:
                return []
        batch, self._items = self._items, []
        return batch


class Alarms:
    """Wake-ups of the waiting subscriptions, gathered by the tenth of a second: one loop timer
    per moment rather than one per waiting stream (a timer is about 0.5 KiB, and thousands of
    streams wait at once, most of them until the same moments: their aligned rechecks)."""

    GRAIN = 0.1  # seconds: a wait ends at most this much late

    def __init__(self) -> None:
        self._due: dict[int, set[asyncio.Future[None]]] = {}  # grain number → its waiters

    def arm(
        self, loop: asyncio.AbstractEventLoop, wait_seconds: float, waiter: asyncio.Future[None]
    ) -> int:
        """Wake `waiter` in `wait_seconds` (rounded up to the grain); its alarm's number."""
        alarm = math.ceil((loop.time() + wait_seconds) / self.GRAIN)
        waiters = self._due.get(alarm)
        if waiters is None:
            waiters = self._due[alarm] = set()
            loop.call_at(alarm * self.GRAIN, self._ring, alarm)
        waiters.add(waiter)
        return alarm

    def disarm(self, alarm: int, waiter: asyncio.Future[None]) -> None:
        """`waiter` woke up otherwise (an event): its alarm forgets it."""
        waiters = self._due.get(alarm)
        if waiters is not None:
            waiters.discard(waiter)

    def _ring(self, alarm: int) -> None:
        for waiter in self._due.pop(alarm, ()):
            if not waiter.done():
                waiter.set_result(None)


class EventHub:
    """The process's listener: `start()` in the lifespan, `subscribe()` per stream, `stop()`."""

    def __init__(
        self,
        dsn: str,
        *,
        queue_size: int = 256,
        keepalive_seconds: float = 15.0,
        retry_ms: int = 3000,
        health_check_seconds: float = 30.0,
        backoff_initial: float = 0.5,
        backoff_max: float = 30.0,
        recheck_seconds: float = 5.0,
    ) -> None:
        self.dsn = dsn
        self.queue_size = queue_size
        # Read by the streams: idle time before a keep-alive comment, and the `retry:` field
        # sent to browsers (their reconnection delay).
        self.keepalive_seconds = keepalive_seconds
        self.retry_ms = retry_ms
        # How often an open stream checks that its token still stands and its caller is still
        # a member: the backstop of revocations (an expired token, a notification missed).
        self.recheck_seconds = recheck_seconds
        self.health_check_seconds = health_check_seconds
        self.backoff_initial = backoff_initial
        self.backoff_max = backoff_max
        self._subscriptions: defaultdict[uuid.UUID, set[Subscription]] = defaultdict(set)
        self.alarms = Alarms()  # the waits of its subscriptions
        self._task: asyncio.Task[None] | None = None
        self._connection: Any = None
        # Announced events waiting to be read (campaign, event id), in NOTIFY order; one
        # query at a time on the listening connection (the health check shares it).
        self._announced: asyncio.Queue[tuple[uuid.UUID, int]] = asyncio.Queue()
        self._query_lock = asyncio.Lock()
        self.listening = asyncio.Event()
        # How many revocations this process has applied: a stream whose caller was checked
        # before one it may have missed rechecks at once (app/channels/stream/router.py).
        self.revocations = 0
        # Called at each event announced, whichever its campaign (the deadline sweeper's
        # alarm: a deadline may have moved); each must be quick and never raise.
        self._watchers: list[Callable[[], None]] = []

    # -- lifecycle -------------------------------------------------------------------------

    async def start(self) -> None:
        """Start listening in the background (a database that is down now is retried)."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="event-hub")

    async def stop(self) -> None:
        """Stop listening and end every open stream."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        for subscriptions in self._subscriptions.values():
            for subscription in subscriptions:
                subscription.close()
        self._subscriptions.clear()

    async def wait_listening(self, wait_seconds: float) -> None:
        """Wait until the LISTEN is in place (tests, readiness)."""
        await asyncio.wait_for(self.listening.wait(), wait_seconds)

    @property
    def server_pid(self) -> int | None:
        """PID of the listening backend, if connected."""
        if self._connection is None or self._connection.is_closed():
            return None
        pid: int = self._connection.get_server_pid()
        return pid

    async def _run(self) -> None:
        delay = self.backoff_initial
        while True:
            try:
                await self._listen_until_lost()
                delay = self.backoff_initial  # it worked for a while: start the backoff over
            except _CONNECTION_ERRORS as exc:
                logger.warning(
                    "event listener connection failed: %s; retrying in %.1f s",
                    type(exc).__name__,
                    delay,
                )
            except Exception:
                # Whatever went wrong, a process whose listener gave up would serve streams
                # that never move again: log it and keep retrying.
                logger.exception("event listener failed; retrying in %.1f s", delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.backoff_max)

    async def _listen_until_lost(self) -> None:
        lost = asyncio.Event()
        connection = await asyncpg.connect(self.dsn)
        self._connection = connection
        reader = asyncio.create_task(self._read_announced(connection), name="event-hub-reader")
        try:
            connection.add_termination_listener(lambda _conn: lost.set())
            await connection.add_listener(CHANNEL, self._on_notify)
            await connection.add_listener(REVOCATIONS_CHANNEL, self._on_revocation)
            self.listening.set()
            logger.info("event listener connected")
            self._broadcast(Signal.RESYNC)
            while not lost.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(lost.wait(), self.health_check_seconds)
                if not lost.is_set():
                    # A half-open TCP connection never reports its death; a query does.
                    async with self._query_lock:
                        await connection.fetchval("SELECT 1", timeout=self.health_check_seconds)
            logger.warning("event listener connection lost")
        finally:
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader
            self.listening.clear()
            self._connection = None
            if not connection.is_closed():
                connection.terminate()

    # -- fan-out ---------------------------------------------------------------------------

    def subscribe(
        self,
        campaign_id: uuid.UUID,
        *,
        token_id: uuid.UUID | None = None,
        user_id: uuid.UUID | None = None,
    ) -> Subscription:
        """Receive the ids of the campaign's events from now on, within `async with` (until
        the block exits, or a revocation naming `token_id` or `user_id` closes it)."""
        return Subscription(self, campaign_id, token_id=token_id, user_id=user_id)

    def _opened(self, subscription: Subscription) -> None:
        self._subscriptions[subscription.campaign_id].add(subscription)
        OPEN_STREAMS.inc()

    def _closed(self, subscription: Subscription) -> None:
        OPEN_STREAMS.dec()
        self._discard(subscription)

    # -- revocations -----------------------------------------------------------------------

    def end_revoked(self, revocation: Revocation) -> list[Subscription]:
        """Close every subscription `revocation` names (their streams send nothing more)."""
        self.revocations += 1
        campaigns = (
            [revocation.campaign_id]
            if revocation.campaign_id is not None and revocation.token_id is None
            else list(self._subscriptions)
        )
        closed = []
        for campaign_id in campaigns:
            for subscription in list(self._subscriptions.get(campaign_id, ())):
                if subscription.revoked_by(revocation):
                    self._discard(subscription)
                    subscription.close()
                    closed.append(subscription)
        return closed

    async def revoke(self, revocation: Revocation, *, wait_seconds: float = 0.0) -> None:
        """`end_revoked`, then wait up to `wait_seconds` for those streams to have ended."""
        closed = self.end_revoked(revocation)
        if closed and wait_seconds > 0:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(wait_seconds):
                    for subscription in closed:
                        await subscription.wait_ended()

    def _on_revocation(self, _connection: Any, _pid: int, _channel: str, payload: str) -> None:
        try:
            revocation = Revocation.from_json(payload)
        except ValueError:
            logger.warning("ignoring malformed revocation notification")
            return
        # At once, in the listener's callback: an event committed after the revocation is
        # announced after it, so it cannot reach the streams closed here.
        self.end_revoked(revocation)

    def subscriber_count(self, campaign_id: uuid.UUID) -> int:
        """How many streams of the campaign are connected to this process."""
        return len(self._subscriptions.get(campaign_id, ()))

    def _discard(self, subscription: Subscription) -> None:
        subscriptions = self._subscriptions.get(subscription.campaign_id)
        if subscriptions is not None:
            subscriptions.discard(subscription)
            if not subscriptions:
                del self._subscriptions[subscription.campaign_id]

    def watch(self, watcher: Callable[[], None]) -> None:
        """Call `watcher` at each event announced from now on (any campaign's)."""
        self._watchers.append(watcher)

    def _on_notify(self, _connection: Any, _pid: int, _channel: str, payload: str) -> None:
        for watcher in self._watchers:
            watcher()
        try:
            message = json.loads(payload)
            campaign_id = uuid.UUID(message["campaign_id"])
            event_id = int(message["event_id"])
        except (ValueError, KeyError, TypeError):
            logger.warning("ignoring malformed event notification")
            return
        if campaign_id in self._subscriptions:  # nobody here listens to the others
            self._announced.put_nowait((campaign_id, event_id))

    async def _read_announced(self, connection: Any) -> None:
        """Read the announced events' rows, a batch at a time, and hand them out in order.

        A row that cannot be read (the connection failing) is handed out as its bare id: the
        streams then read the table themselves, as they do after a reconnection.
        """
        while True:
            batch = [await self._announced.get()]
            while not self._announced.empty():
                batch.append(self._announced.get_nowait())
            by_campaign: dict[uuid.UUID, list[int]] = {}
            for campaign_id, event_id in batch:
                by_campaign.setdefault(campaign_id, []).append(event_id)
            for campaign_id, ids in by_campaign.items():
                if campaign_id not in self._subscriptions:
                    continue
                try:
                    async with self._query_lock:
                        rows = await connection.fetch(
                            _FETCH, campaign_id, ids, timeout=self.health_check_seconds
                        )
                except _CONNECTION_ERRORS as exc:
                    logger.warning("event rows not read: %s", type(exc).__name__)
                    rows = []
                if len(rows) != len(ids):
                    for event_id in ids:
                        self.deliver(campaign_id, event_id)
                    continue
                for row in rows:
                    self.deliver(
                        campaign_id,
                        EventRecord(
                            seq=row["seq"],
                            cursor=row["cursor"],
                            kind=row["kind"],
                            audience=None if row["audience"] is None else list(row["audience"]),
                            payload_json=row["payload"],
                        ),
                    )

    def deliver(self, campaign_id: uuid.UUID, item: QueueItem) -> None:
        """Hand an event id (or a signal) to every subscription of the campaign."""
        for subscription in list(self._subscriptions.get(campaign_id, ())):
            if not subscription.offer(item):
                logger.warning(
                    "dropping a slow event stream", extra={"campaign_id": str(campaign_id)}
                )
                self._discard(subscription)
                subscription.close()

    def _broadcast(self, item: QueueItem) -> None:
        for campaign_id in list(self._subscriptions):
            self.deliver(campaign_id, item)
