from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.state_export import StateExport
    from ..models.turn_export_summaries import TurnExportSummaries


T = TypeVar("T", bound="TurnExport")


@_attrs_define
class TurnExport:
    """One turn change: when it ran, the end of the turn before it, what each seat was told.

    Attributes:
        number (int):
        resolved_at (datetime.datetime):
        state (None | StateExport): The end of turn `number`, as the change found it (null: not kept).
        summaries (TurnExportSummaries): Each seat's summary of the change, by seat number.
    """

    number: int
    resolved_at: datetime.datetime
    state: None | StateExport
    summaries: TurnExportSummaries

    def to_dict(self) -> dict[str, Any]:
        from ..models.state_export import StateExport  # noqa: PLC0415

        number = self.number

        resolved_at = self.resolved_at.isoformat()

        state: dict[str, Any] | None
        if isinstance(self.state, StateExport):
            state = self.state.to_dict()
        else:
            state = self.state

        summaries = self.summaries.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "number": number,
                "resolved_at": resolved_at,
                "state": state,
                "summaries": summaries,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.state_export import StateExport  # noqa: PLC0415
        from ..models.turn_export_summaries import TurnExportSummaries  # noqa: PLC0415

        d = dict(src_dict)
        number = d.pop("number")

        resolved_at = datetime.datetime.fromisoformat(d.pop("resolved_at"))

        def _parse_state(data: object) -> None | StateExport:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_0 = StateExport.from_dict(data)

                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StateExport, data)

        state = _parse_state(d.pop("state"))

        summaries = TurnExportSummaries.from_dict(d.pop("summaries"))

        turn_export = cls(
            number=number,
            resolved_at=resolved_at,
            state=state,
            summaries=summaries,
        )

        return turn_export
