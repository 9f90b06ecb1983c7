from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.report_create import ReportCreate


T = TypeVar("T", bound="ArbitrateBody")


@_attrs_define
class ArbitrateBody:
    """The owner's ruling on a disputed battle: a result, or a cancellation (R-BAT-5).

    Attributes:
        cancel (bool | Unset): Cancel the battle: no effects. Default: False.
        report (None | ReportCreate | Unset):
    """

    cancel: bool | Unset = False
    report: None | ReportCreate | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.report_create import ReportCreate  # noqa: PLC0415

        cancel = self.cancel

        report: dict[str, Any] | None | Unset
        if isinstance(self.report, Unset):
            report = UNSET
        elif isinstance(self.report, ReportCreate):
            report = self.report.to_dict()
        else:
            report = self.report

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if cancel is not UNSET:
            field_dict["cancel"] = cancel
        if report is not UNSET:
            field_dict["report"] = report

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.report_create import ReportCreate  # noqa: PLC0415

        d = dict(src_dict)
        cancel = d.pop("cancel", UNSET)

        def _parse_report(data: object) -> None | ReportCreate | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                report_type_0 = ReportCreate.from_dict(data)

                return report_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReportCreate | Unset, data)

        report = _parse_report(d.pop("report", UNSET))

        arbitrate_body = cls(
            cancel=cancel,
            report=report,
        )

        return arbitrate_body
