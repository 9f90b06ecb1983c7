"""Entity ids that count nothing (R-FOG-3).

The engine numbers what it creates (armies, structures, battles, treaties) with a counter,
`CampaignState.next_id`, for determinism. Shown as such, the gap between two of a player's
new things would count what the others built, raised or fought meanwhile. With a campaign's
secret `id_salt`, the n-th id is instead a keyed permutation of n: still unique and
deterministic, but scattered over [2**29, 2**30) — above the small ids of the starting
entities (and of campaigns without a salt), below the random ids of orders (app/platform/db/ids.py).
A salt of 0 keeps the plain counter (older campaigns, the engine's own tests).
"""

import hashlib

SCRAMBLED_BASE = 2**29  # scrambled ids live in [SCRAMBLED_BASE, 2 * SCRAMBLED_BASE)
_HALF_BITS = 15  # a balanced Feistel network over 30 bits, walked down to 29
_HALF_MASK = (1 << _HALF_BITS) - 1
_ROUNDS = 4


def _round(salt: int, number: int, half: int) -> int:
    digest = hashlib.blake2b(
        half.to_bytes(4, "big"),
        key=salt.to_bytes(16, "big", signed=False),
        person=number.to_bytes(4, "big"),
        digest_size=4,
    ).digest()
    return int.from_bytes(digest, "big") & _HALF_MASK


def _feistel(salt: int, value: int) -> int:
    """A keyed permutation of [0, 2**30)."""
    left, right = value >> _HALF_BITS, value & _HALF_MASK
    for number in range(_ROUNDS):
        left, right = right, left ^ _round(salt, number, right)
    return (left << _HALF_BITS) | right


def _unfeistel(salt: int, value: int) -> int:
    """The inverse of `_feistel`."""
    left, right = value >> _HALF_BITS, value & _HALF_MASK
    for number in reversed(range(_ROUNDS)):
        left, right = right ^ _round(salt, number, left), left
    return (left << _HALF_BITS) | right


def entity_id(salt: int, counter: int) -> int:
    """The id of the campaign's `counter`-th created entity (a bijection of the counter)."""
    if salt == 0:
        return counter
    if not 0 <= counter < SCRAMBLED_BASE:
        raise ValueError(f"id counter {counter} out of range")
    # Cycle-walking: apply the 30-bit permutation until it lands in the 29-bit domain; this
    # is itself a permutation of [0, 2**29).
    value = _feistel(salt, counter)
    while value >= SCRAMBLED_BASE:
        value = _feistel(salt, value)
    return SCRAMBLED_BASE + value


def entity_counter(salt: int, entity: int) -> int:
    """The counter an id was made from (the inverse of `entity_id`): the order of creation.

    Used to play battles in declaration order (R-MOVE-3); ids below the scrambled range
    (starting entities, campaigns without a salt) are their own counter.
    """
    if salt == 0 or not SCRAMBLED_BASE <= entity < 2 * SCRAMBLED_BASE:
        return entity
    value = _unfeistel(salt, entity - SCRAMBLED_BASE)
    while value >= SCRAMBLED_BASE:
        value = _unfeistel(salt, value)
    return value
