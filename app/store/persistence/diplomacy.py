"""Edicts: their rows as the engine's edicts and back."""

from __future__ import annotations

from typing import Any

from app.rules.diplomacy import Edict, VassalOffer
from app.store.models.diplomacy import EdictRow


def edict_from_row(row: EdictRow) -> Edict:
    return Edict(
        id=row.id,
        turn=row.turn,
        sender=row.sender,
        kind=row.kind,
        status=row.status,
        cost=row.cost,
        recipient=row.recipient,
        target=(row.q, row.r) if row.q is not None and row.r is not None else None,
        city_id=row.city_id,
        their_city_id=row.their_city_id,
        general_id=row.general_id,
        amount=row.amount,
        offer=VassalOffer(row.offer) if row.offer else None,
    )


def edict_columns(edict: Edict) -> dict[str, Any]:
    """An edict's columns (all but `campaign_id`)."""
    return {
        "id": edict.id,
        "turn": edict.turn,
        "sender": edict.sender,
        "recipient": edict.recipient,
        "kind": edict.kind,
        "status": edict.status,
        "cost": edict.cost,
        "q": edict.target[0] if edict.target else None,
        "r": edict.target[1] if edict.target else None,
        "city_id": edict.city_id,
        "their_city_id": edict.their_city_id,
        "general_id": edict.general_id,
        "amount": edict.amount,
        "offer": edict.offer.value if edict.offer else None,
    }
