from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.roster_format import RosterFormat
from ..types import UNSET, Unset

T = TypeVar("T", bound="RosterUpload")


@_attrs_define
class RosterUpload:
    """An army list to attach to your army (replacing the one it has).

    Attributes:
        content (str): The file: text (JSON, XML or plain text) as is, or, with `base64: true`, its bytes in base64 (a
            `.rosz` zip must be). At most 262144 bytes decoded.
        base64 (bool | Unset): `content` is the file's bytes in base64. Default: False.
        filename (None | str | Unset): The file's name, kept to name the download (no control characters).
        format_ (None | RosterFormat | Unset): `owb` (Old World Builder `.owb.json`), `new_recruit` (New Recruit JSON),
            `rosz` (BattleScribe/New Recruit `.rosz`, or the bare `.ros` XML), `text`; null: detected from the content.
    """

    content: str
    base64: bool | Unset = False
    filename: None | str | Unset = UNSET
    format_: None | RosterFormat | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        content = self.content

        base64 = self.base64

        filename: None | str | Unset
        if isinstance(self.filename, Unset):
            filename = UNSET
        else:
            filename = self.filename

        format_: None | str | Unset
        if isinstance(self.format_, Unset):
            format_ = UNSET
        elif isinstance(self.format_, RosterFormat):
            format_ = self.format_.value
        else:
            format_ = self.format_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "content": content,
            }
        )
        if base64 is not UNSET:
            field_dict["base64"] = base64
        if filename is not UNSET:
            field_dict["filename"] = filename
        if format_ is not UNSET:
            field_dict["format"] = format_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        content = d.pop("content")

        base64 = d.pop("base64", UNSET)

        def _parse_filename(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        filename = _parse_filename(d.pop("filename", UNSET))

        def _parse_format_(data: object) -> None | RosterFormat | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                format_type_0 = RosterFormat(data)

                return format_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RosterFormat | Unset, data)

        format_ = _parse_format_(d.pop("format", UNSET))

        roster_upload = cls(
            content=content,
            base64=base64,
            filename=filename,
            format_=format_,
        )

        return roster_upload
