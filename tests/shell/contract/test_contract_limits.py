"""The contract and the server agree on limits and cross-field rules: a value at a declared limit
is accepted by the request model the server validates with, one past it refused; a body the
contract's cross-field rules allow is one the server's validators allow, and the other way round.
"""

import json
import uuid
from functools import cache
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from pydantic import BaseModel, ValidationError

from app.accounts.tokens.schemas import TokenCreate
from app.openapi import OPENAPI_PATH
from app.play.battles.schemas import ArbitrateBody
from app.play.campaigns.schemas import CampaignCreate
from app.play.maps.schemas import GeneratedMap
from app.play.messages.schemas import MessageCreate
from app.play.orders.schemas import MoveSet
from app.rules.ruleset import LONGEST_PATH
from app.store.models.campaign_settings import CampaignSettings


@cache
def _schemas() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(OPENAPI_PATH.read_text(encoding="utf-8"))
    schemas: dict[str, Any] = document["components"]["schemas"]
    return schemas


def _contract_allows(name: str, body: dict[str, Any]) -> bool:
    schema = {"$ref": f"#/components/schemas/{name}", "components": {"schemas": _schemas()}}
    return bool(Draft202012Validator(schema).is_valid(body))


def _server_allows(model: type[BaseModel], body: dict[str, Any]) -> bool:
    try:
        model.model_validate(body)
    except ValidationError:
        return False
    return True


def _bound(name: str, field: str, keyword: str) -> int:
    value = _schemas()[name]["properties"][field][keyword]
    assert isinstance(value, int | float)
    return int(value)


def test_declared_lengths_and_counts_are_the_enforced_ones() -> None:
    name_max = _bound("CampaignCreate", "name", "maxLength")
    assert name_max == 80
    map_id = str(uuid.uuid4())
    assert _server_allows(CampaignCreate, {"name": "n" * name_max, "map_id": map_id})
    assert not _server_allows(CampaignCreate, {"name": "n" * (name_max + 1), "map_id": map_id})
    body_max = _bound("MessageCreate", "body", "maxLength")
    assert _server_allows(MessageCreate, {"to": "all", "body": "b" * body_max})
    assert not _server_allows(MessageCreate, {"to": "all", "body": "b" * (body_max + 1)})
    path_max = _bound("MoveSet", "path", "maxItems")
    assert path_max == LONGEST_PATH
    assert _server_allows(MoveSet, {"path": [[0, 0]] * path_max})
    assert not _server_allows(MoveSet, {"path": [[0, 0]] * (path_max + 1)})
    name = _schemas()["TokenCreate"]["properties"]["name"]
    assert _server_allows(TokenCreate, {"name": "t" * name["maxLength"]})
    assert not _server_allows(TokenCreate, {"name": "t" * (name["maxLength"] + 1)})


def test_declared_numeric_bounds_are_the_enforced_ones() -> None:
    width = _schemas()["GeneratedMap"]["properties"]["width"]
    for value, allowed in ((width["minimum"], True), (width["maximum"], True)):
        assert _server_allows(GeneratedMap, {"width": int(value)}) is allowed
    assert not _server_allows(GeneratedMap, {"width": int(width["maximum"]) + 1})
    assert not _server_allows(GeneratedMap, {"width": int(width["minimum"]) - 1})
    coefficient = _schemas()["CampaignSettings"]["properties"]["custom_coefficient_pct"]
    top = next(int(s["maximum"]) for s in coefficient["anyOf"] if "maximum" in s)
    custom = {"game_system": "custom"}
    assert _server_allows(CampaignSettings, {**custom, "custom_coefficient_pct": top})
    assert not _server_allows(CampaignSettings, {**custom, "custom_coefficient_pct": top + 1})


REPORT = {"outcome": "draw", "attacker_losses_pct": 10, "defender_losses_pct": 10}
MAP_ID = str(uuid.uuid4())
CROSS_FIELD_CASES: list[tuple[str, type[BaseModel], dict[str, Any]]] = [
    # Exactly one of `map_id` and `generate_map`.
    ("CampaignCreate", CampaignCreate, {"name": "c", "map_id": MAP_ID}),
    ("CampaignCreate", CampaignCreate, {"name": "c", "generate_map": {}}),
    ("CampaignCreate", CampaignCreate, {"name": "c"}),
    ("CampaignCreate", CampaignCreate, {"name": "c", "map_id": MAP_ID, "generate_map": {}}),
    ("CampaignCreate", CampaignCreate, {"name": "c", "map_id": None, "generate_map": {}}),
    ("CampaignCreate", CampaignCreate, {"name": "c", "map_id": MAP_ID, "generate_map": None}),
    ("CampaignCreate", CampaignCreate, {"name": "c", "map_id": None, "generate_map": None}),
    # A report or `cancel: true`, not both, not neither.
    ("ArbitrateBody", ArbitrateBody, {"report": REPORT}),
    ("ArbitrateBody", ArbitrateBody, {"report": REPORT, "cancel": False}),
    ("ArbitrateBody", ArbitrateBody, {"cancel": True}),
    ("ArbitrateBody", ArbitrateBody, {"cancel": True, "report": None}),
    ("ArbitrateBody", ArbitrateBody, {"cancel": True, "report": REPORT}),
    ("ArbitrateBody", ArbitrateBody, {}),
    ("ArbitrateBody", ArbitrateBody, {"cancel": False}),
    ("ArbitrateBody", ArbitrateBody, {"report": None}),
    # `custom_coefficient_pct` with the `custom` game system, and only with it.
    ("CampaignSettings", CampaignSettings, {}),
    ("CampaignSettings", CampaignSettings, {"game_system": "custom"}),
    ("CampaignSettings", CampaignSettings, {"game_system": "custom", "custom_coefficient_pct": 90}),
    ("CampaignSettings", CampaignSettings, {"custom_coefficient_pct": 90}),
    ("CampaignSettings", CampaignSettings, {"game_system": "kings_of_war"}),
    ("CampaignSettings", CampaignSettings, {"custom_coefficient_pct": None}),
    (
        "CampaignSettings",
        CampaignSettings,
        {"game_system": "old_world", "custom_coefficient_pct": 90},
    ),
]


@pytest.mark.parametrize(("name", "model", "body"), CROSS_FIELD_CASES)
def test_cross_field_rules_agree(name: str, model: type[BaseModel], body: dict[str, Any]) -> None:
    assert _contract_allows(name, body) == _server_allows(model, body), body


def test_a_torus_needs_an_even_height_in_the_contract() -> None:
    """The engine refuses an odd torus (`mapgen`); the contract says so beforehand."""
    assert _contract_allows("GeneratedMap", {"wrap": "torus", "height": 20})
    assert not _contract_allows("GeneratedMap", {"wrap": "torus", "height": 21})
    assert _contract_allows("GeneratedMap", {"wrap": "horizontal", "height": 21})
