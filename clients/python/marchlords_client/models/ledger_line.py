from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.kept_reason import KeptReason


T = TypeVar("T", bound="LedgerLine")


@_attrs_define
class LedgerLine:
    """
    Attributes:
        amount (int):
        created_at (datetime.datetime):
        player (int):
        reason (str):
        rule (str):
        turn (int):
        reason_text (KeptReason | None | Unset): The reason's template and parameters, said in each reader's language
            (absent from lines written before: their `reason` is read as it is).
    """

    amount: int
    created_at: datetime.datetime
    player: int
    reason: str
    rule: str
    turn: int
    reason_text: KeptReason | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.kept_reason import KeptReason  # noqa: PLC0415

        amount = self.amount

        created_at = self.created_at.isoformat()

        player = self.player

        reason = self.reason

        rule = self.rule

        turn = self.turn

        reason_text: dict[str, Any] | None | Unset
        if isinstance(self.reason_text, Unset):
            reason_text = UNSET
        elif isinstance(self.reason_text, KeptReason):
            reason_text = self.reason_text.to_dict()
        else:
            reason_text = self.reason_text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "created_at": created_at,
                "player": player,
                "reason": reason,
                "rule": rule,
                "turn": turn,
            }
        )
        if reason_text is not UNSET:
            field_dict["reason_text"] = reason_text

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.kept_reason import KeptReason  # noqa: PLC0415

        d = dict(src_dict)
        amount = d.pop("amount")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        player = d.pop("player")

        reason = d.pop("reason")

        rule = d.pop("rule")

        turn = d.pop("turn")

        def _parse_reason_text(data: object) -> KeptReason | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                reason_text_type_0 = KeptReason.from_dict(data)

                return reason_text_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(KeptReason | None | Unset, data)

        reason_text = _parse_reason_text(d.pop("reason_text", UNSET))

        ledger_line = cls(
            amount=amount,
            created_at=created_at,
            player=player,
            reason=reason,
            rule=rule,
            turn=turn,
            reason_text=reason_text,
        )

        return ledger_line
