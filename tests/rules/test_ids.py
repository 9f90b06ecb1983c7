"""R-FOG-3: the engine's ids count nothing once a campaign has a salt (app/rules/ids.py)."""

import itertools

import pytest

from app.rules.ids import SCRAMBLED_BASE, entity_id


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
