"""Token buckets kept in process memory, one per key.

In-process on purpose: cheap, and exact for one server process. With several processes or
instances each keeps its own buckets, so the effective limit is multiplied by their number;
a shared store (PostgreSQL or Redis) would be the next step if that ever matters.
"""

import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass


@dataclass
class _Bucket:
    tokens: float
    stamp: float


class TokenBuckets:
    """`capacity` tokens per key, refilled at `per_minute` tokens a minute."""

    def __init__(
        self,
        capacity: int,
        per_minute: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = 100_000,
    ) -> None:
        self.capacity = float(capacity)
        self.rate = per_minute / 60.0
        self.clock = clock
        self.max_keys = max_keys
        self._buckets: dict[Hashable, _Bucket] = {}

    def _bucket(self, key: Hashable) -> _Bucket:
        now = self.clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.max_keys:
                self._forget_full(now)
            bucket = self._buckets[key] = _Bucket(self.capacity, now)
        else:
            bucket.tokens = min(self.capacity, bucket.tokens + (now - bucket.stamp) * self.rate)
            bucket.stamp = now
        return bucket

    def retry_after(self, key: Hashable) -> int:
        """Whole seconds until `key` has a token again; 0 if it has one now."""
        bucket = self._bucket(key)
        if bucket.tokens >= 1:
            return 0
        return max(1, math.ceil((1 - bucket.tokens) / self.rate))

    def take(self, key: Hashable) -> int:
        """Spend a token of `key` and return 0, or return `retry_after` if it has none."""
        wait = self.retry_after(key)
        if wait == 0:
            self._buckets[key].tokens -= 1
        return wait

    def spend(self, key: Hashable) -> None:
        """Spend a token even if none is left (recording a failure that already happened)."""
        bucket = self._bucket(key)
        bucket.tokens = max(bucket.tokens - 1, -self.capacity)

    def _forget_full(self, now: float) -> None:
        # A bucket that has refilled is the same as no bucket.
        for key, bucket in list(self._buckets.items()):
            if bucket.tokens + (now - bucket.stamp) * self.rate >= self.capacity:
                del self._buckets[key]
