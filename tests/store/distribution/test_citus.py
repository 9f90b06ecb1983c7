"""The tables' places on Citus (app/store/distribution/citus.py): every table has one, by the
rule of the module's docstring, in an order Citus accepts."""

import pytest
from sqlalchemy import Column, ForeignKey, Integer, MetaData, Table, Uuid

from app.platform.db.base import Base
from app.store.distribution.citus import (
    CAMPAIGNS,
    GLOBAL_TABLES,
    Kind,
    Place,
    UnplacedTable,
    campaign_scoped_tables,
    plan,
)


def _copy_of_the_models() -> MetaData:
    metadata = MetaData()
    for table in Base.metadata.tables.values():
        table.to_metadata(metadata)
    return metadata


def test_every_table_of_the_models_has_one_place() -> None:
    places = plan()
    assert sorted(p.table for p in places) == sorted(Base.metadata.tables)


def test_a_new_table_without_a_campaign_and_without_a_place_is_refused() -> None:
    metadata = _copy_of_the_models()
    Table("lobby_banners", metadata, Column("id", Integer, primary_key=True))
    with pytest.raises(UnplacedTable, match="lobby_banners"):
        plan(metadata)


def test_a_new_table_with_a_campaign_is_distributed_with_the_campaigns() -> None:
    metadata = _copy_of_the_models()
    Table(
        "campaign_banners",
        metadata,
        Column("campaign_id", Uuid, ForeignKey("campaigns.id"), primary_key=True),
    )
    assert Place("campaign_banners", Kind.DISTRIBUTED, "campaign_id") in plan(metadata)


def test_campaign_scoped_tables_are_distributed_by_campaign_after_campaigns() -> None:
    places = plan()
    distributed = [p for p in places if p.kind is Kind.DISTRIBUTED]
    assert distributed[0] == Place(CAMPAIGNS, Kind.DISTRIBUTED, "id")
    assert {p.table for p in distributed} == set(campaign_scoped_tables())
    assert all(p.column == "campaign_id" for p in distributed[1:])
    assert all("colocate_with => 'campaigns'" in p.statement() for p in distributed[1:])
    # Reference and coordinator tables come first: nothing distributed points to an unplaced one.
    kinds = [p.kind for p in places]
    assert kinds.index(Kind.DISTRIBUTED) > max(
        i for i, k in enumerate(kinds) if k is not Kind.DISTRIBUTED
    )


def test_what_campaign_tables_reference_is_a_reference_table_and_the_rest_the_coordinators() -> (
    None
):
    places = {p.table: p.kind for p in plan()}
    scoped = campaign_scoped_tables()
    referenced = {
        key.column.table.name
        for name in scoped
        for key in Base.metadata.tables[name].foreign_keys
        if key.column.table.name not in scoped
    }
    assert referenced == {"users", "maps"}
    assert {t for t, k in places.items() if k is Kind.REFERENCE} == referenced
    assert {t for t, k in places.items() if k is Kind.COORDINATOR} == set(
        GLOBAL_TABLES
    ) - referenced
    # Citus refuses a key from a reference table to a coordinator one: none is needed.
    for name, kind in places.items():
        if kind is Kind.REFERENCE:
            targets = {k.column.table.name for k in Base.metadata.tables[name].foreign_keys}
            assert all(places[t] is Kind.REFERENCE for t in targets - {name})
