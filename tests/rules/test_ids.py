"""R-FOG-3: the engine's ids count nothing once a campaign has a salt (app/rules/ids.py)."""

import itertools

import pytest

from app.rules.ids import SCRAMBLED_BASE, entity_counter, entity_id


def test_without_a_salt_ids_are_the_counter() -> None:
    assert [entity_id(0, n) for n in (1, 2, 3, 1000)] == [1, 2, 3, 1000]


def test_with_a_salt_ids_are_a_scattered_bijection_of_the_counter() -> None:
    ids = [entity_id(987654321, n) for n in range(1, 5001)]
    assert len(set(ids)) == len(ids)  # unique: no two entities share an id
    assert all(SCRAMBLED_BASE <= i < 2 * SCRAMBLED_BASE for i in ids)  # above start ids
    assert ids == [entity_id(987654321, n) for n in range(1, 5001)]  # deterministic
    # Consecutive counters do not give neighbouring ids: gaps count nothing.
    assert sum(1 for a, b in itertools.pairwise(ids) if abs(b - a) < 1000) < 5
    # Another campaign's salt gives other ids.
    assert [entity_id(123, n) for n in range(1, 50)] != ids[:49]


def test_a_counter_outside_the_domain_is_refused() -> None:
    with pytest.raises(ValueError, match="out of range"):
        entity_id(5, SCRAMBLED_BASE)


SALT = 987654321


def test_R_FOG_3_the_counter_of_an_id_is_the_order_of_creation() -> None:
    """R-FOG-3: entity_counter inverts entity_id over the whole scrambled range, its edges
    included; ids outside it, and every id without a salt, are their own counter."""
    assert [entity_counter(SALT, entity_id(SALT, n)) for n in range(200)] == list(range(200))
    for edge in (SCRAMBLED_BASE, 2 * SCRAMBLED_BASE - 1):
        assert entity_id(SALT, entity_counter(SALT, edge)) == edge
    outside = [0, 7, SCRAMBLED_BASE - 1, 2 * SCRAMBLED_BASE, 3 * SCRAMBLED_BASE - 1]
    assert [entity_counter(SALT, i) for i in outside] == outside
    unsalted = [SCRAMBLED_BASE, SCRAMBLED_BASE + 5, 2 * SCRAMBLED_BASE - 1]
    assert [entity_counter(0, i) for i in unsalted] == unsalted


def test_R_FOG_3_scrambled_ids_are_pinned() -> None:
    """R-FOG-3: ids stored by running campaigns must not change from one release to the next."""
    assert [entity_id(SALT, n) for n in (0, 1, 2, 500)] == [
        794070323,
        687634268,
        940006551,
        571216928,
    ]
