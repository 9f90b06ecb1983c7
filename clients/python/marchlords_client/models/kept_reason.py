from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.kept_reason_params import KeptReasonParams


T = TypeVar("T", bound="KeptReason")


@_attrs_define
class KeptReason:
    """A ledger reason's message id and parameters (a parameter may be a text
    in the same form), to be said in the reader's language.

        Attributes:
            params (KeptReasonParams): Exactly the parameters the text's template names.
            template (str): The message id of one of the server's texts (its English template): never a template of the
                document's own.
    """

    params: KeptReasonParams
    template: str

    def to_dict(self) -> dict[str, Any]:
        params = self.params.to_dict()

        template = self.template

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "params": params,
                "template": template,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.kept_reason_params import KeptReasonParams  # noqa: PLC0415

        d = dict(src_dict)
        params = KeptReasonParams.from_dict(d.pop("params"))

        template = d.pop("template")

        kept_reason = cls(
            params=params,
            template=template,
        )

        return kept_reason
