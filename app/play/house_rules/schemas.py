"""House rules: ordered amendments, and the history of their changes (R-HOUSE-1)."""

from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic.json_schema import SkipJsonSchema

from app.platform.fields import BodyText, NameText
from app.platform.i18n import _
from app.platform.pagination import Page
from app.store.models.house_rule import AmendmentKind, HouseRuleAction


class HouseRuleCreate(BaseModel):
    """A new amendment; without `position` it goes last."""

    model_config = ConfigDict(extra="forbid")

    section: NameText = Field(min_length=1, max_length=200, examples=["Magic: Miscast"])
    page: NameText | None = Field(default=None, max_length=40, examples=["p. 87"])
    kind: AmendmentKind
    text: BodyText = Field(min_length=1, max_length=20000)
    position: int | None = Field(default=None, ge=1, description="1 = first; shifts the rest.")


class HouseRuleUpdate(BaseModel):
    """Change some fields of an amendment, or move it (`position`)."""

    model_config = ConfigDict(extra="forbid")

    # Omitted or set, never null (but `page`): the schema does not offer null where the
    # validator below refuses it.
    section: Annotated[NameText, Field(min_length=1, max_length=200)] | SkipJsonSchema[None] = None
    page: NameText | None = Field(default=None, max_length=40)
    kind: AmendmentKind | SkipJsonSchema[None] = None
    text: Annotated[BodyText, Field(min_length=1, max_length=20000)] | SkipJsonSchema[None] = None
    position: Annotated[int, Field(ge=1)] | SkipJsonSchema[None] = None

    @model_validator(mode="after")
    def _no_null_required(self) -> "HouseRuleUpdate":
        for name in ("section", "kind", "text", "position"):
            if name in self.model_fields_set and getattr(self, name) is None:
                raise ValueError(_("{name} cannot be null", name=name))
        return self


class HouseRuleRead(BaseModel):
    id: int
    position: int
    section: str
    page: str | None
    kind: AmendmentKind
    text: str
    created_at: datetime
    updated_at: datetime


class HouseRules(BaseModel):
    """The battle rules the campaign plays by: its game system and the amendments, in order."""

    game_system: str
    amendments: list[HouseRuleRead]


class HouseRuleChangeRead(BaseModel):
    """One change to the house rules: who, when, and the amendment before and after."""

    id: int
    rule_id: int
    action: HouseRuleAction
    author: str = Field(description='The author\'s name, or "Owner" while anonymity hides it.')
    by_you: bool
    at: datetime
    before: dict[str, Any] | None
    after: dict[str, Any] | None


class HouseRuleChangePage(Page[HouseRuleChangeRead]):
    """A page of the house rules' history, newest first."""
