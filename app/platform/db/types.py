"""Column types shared by the models."""

from typing import Any, Generic, TypeVar

from pydantic import BaseModel
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

ModelT = TypeVar("ModelT", bound=BaseModel)


class PydanticJSONB(TypeDecorator[ModelT], Generic[ModelT]):
    """A pydantic model stored as JSONB: validated when read, dumped when written."""

    impl = JSONB
    cache_ok = True

    def __init__(self, model: type[ModelT]) -> None:
        super().__init__()
        self.model = model

    def process_bind_param(self, value: ModelT | None, dialect: Dialect) -> Any:
        return None if value is None else value.model_dump(mode="json")

    def process_result_value(self, value: Any, dialect: Dialect) -> ModelT | None:
        return None if value is None else self.model.model_validate(value)

    class comparator_factory(JSONB.Comparator):
        """JSON path operators in queries (`Campaign.settings["auto_resolve"]`)."""
