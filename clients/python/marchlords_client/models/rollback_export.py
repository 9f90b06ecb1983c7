from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rollback_export_summaries import RollbackExportSummaries


T = TypeVar("T", bound="RollbackExport")


@_attrs_define
class RollbackExport:
    """
    Attributes:
        number (int):
        resolved_at (datetime.datetime):
        revision (int):
        rolled_back_at (datetime.datetime):
        summaries (RollbackExportSummaries):
    """

    number: int
    resolved_at: datetime.datetime
    revision: int
    rolled_back_at: datetime.datetime
    summaries: RollbackExportSummaries

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        resolved_at = self.resolved_at.isoformat()

        revision = self.revision

        rolled_back_at = self.rolled_back_at.isoformat()

        summaries = self.summaries.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "number": number,
                "resolved_at": resolved_at,
                "revision": revision,
                "rolled_back_at": rolled_back_at,
                "summaries": summaries,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rollback_export_summaries import RollbackExportSummaries  # noqa: PLC0415

        d = dict(src_dict)
        number = d.pop("number")

        resolved_at = datetime.datetime.fromisoformat(d.pop("resolved_at"))

        revision = d.pop("revision")

        rolled_back_at = datetime.datetime.fromisoformat(d.pop("rolled_back_at"))

        summaries = RollbackExportSummaries.from_dict(d.pop("summaries"))

        rollback_export = cls(
            number=number,
            resolved_at=resolved_at,
            revision=revision,
            rolled_back_at=rolled_back_at,
            summaries=summaries,
        )

        return rollback_export
