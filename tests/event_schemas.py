"""Checking events against the committed contract's schemas (`SummaryEvent`, the payloads of
`ServerSentEvent`), as a client generated from it would read them."""

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from app.openapi import OPENAPI_PATH


@cache
def _components() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(OPENAPI_PATH.read_text(encoding="utf-8"))
    components: dict[str, Any] = document["components"]
    return components


def _validator(ref: str) -> Draft202012Validator:
    # The component refs (`#/components/schemas/…`) resolve inside this root document.
    return Draft202012Validator(
        {"$ref": ref, "components": _components()},
        format_checker=Draft202012Validator.FORMAT_CHECKER,
    )


def summary_kinds() -> frozenset[str]:
    """The kinds the contract gives a summary line for."""
    return frozenset(_components()["schemas"]["SummaryEvent"]["discriminator"]["mapping"])


@cache
def _payload_refs() -> dict[str, str]:
    """The payload schema of each live kind, from the stream's item variants."""
    refs = {}
    for variant in _components()["schemas"]["ServerSentEvent"]["oneOf"]:
        event = variant["properties"].get("event")
        if event is not None:
            refs[event["const"]] = variant["properties"]["data"]["contentSchema"]["$ref"]
    return refs


def live_kinds() -> frozenset[str]:
    """The kinds the contract gives a stream payload for."""
    return frozenset(_payload_refs())


def summary_problem(line: Mapping[str, Any]) -> str | None:
    """Why a summary line does not match the contract's `SummaryEvent`, or None if it does."""
    whole = _validator("#/components/schemas/SummaryEvent")
    if whole.is_valid(dict(line)):
        return None
    # Which variant, by the discriminator, for a message naming the field at fault.
    mapping = _components()["schemas"]["SummaryEvent"]["discriminator"]["mapping"]
    ref = mapping.get(str(line.get("kind")))
    if ref is None:
        return f"{line.get('kind')}: no summary schema in the contract"
    error = best_match(_validator(ref).iter_errors(dict(line)))
    detail = "matches more than one variant" if error is None else error.message
    return f"{line.get('kind')}: {detail} at {'' if error is None else error.json_path}"


def payload_problem(kind: str, payload: Mapping[str, Any]) -> str | None:
    """Why a live event's payload does not match its kind's schema, or None if it does."""
    ref = _payload_refs().get(kind)
    if ref is None:
        return f"{kind}: no payload schema in the contract"
    error = best_match(_validator(ref).iter_errors(dict(payload)))
    return None if error is None else f"{kind}: {error.message} at {error.json_path}"
