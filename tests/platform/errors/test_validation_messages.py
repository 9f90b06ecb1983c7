"""Pydantic's validation messages in French: rebuilt by error type from its context, the English
exactly pydantic's, a type not known here left as pydantic says it."""

import uuid
from datetime import UTC, date, datetime, time
from enum import StrEnum
from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from app.platform.errors.validation import _TEXTS, validation_message
from app.platform.fields import BodyText, NameText
from app.platform.i18n import _, say


class Colour(StrEnum):
    RED = "red"
    GREEN = "green"
    BLUE = "blue"


class Cat(BaseModel):
    kind: Literal["cat"]


class Dog(BaseModel):
    kind: Literal["dog"]


class Sample(BaseModel):
    """One field per common error type."""

    model_config = ConfigDict(extra="forbid")

    required: int
    short: Annotated[str, Field(min_length=3)] = "abc"
    one_char: Annotated[str, Field(min_length=1)] = "a"
    long: Annotated[str, Field(max_length=2)] = ""
    single: Annotated[str, Field(max_length=1)] = ""
    few: Annotated[list[int], Field(min_length=2)] = [1, 2]
    many: Annotated[list[int], Field(max_length=2)] = []
    above: Annotated[int, Field(gt=0)] = 1
    at_least: Annotated[int, Field(ge=0)] = 0
    below: Annotated[int, Field(lt=10)] = 0
    at_most: Annotated[int, Field(le=10)] = 0
    even: Annotated[int, Field(multiple_of=2)] = 0
    whole: int = 0
    strict_whole: Annotated[int, Field(strict=True)] = 0
    number: float = 0
    flag: bool = False
    strict_flag: Annotated[bool, Field(strict=True)] = False
    text: str = ""
    items: list[int] = []
    mapping: dict[str, int] = {}
    colour: Colour = Colour.RED
    side: Literal["north", "south"] = "north"
    one_side: Literal["north"] = "north"
    code: Annotated[str, Field(pattern=r"^[A-Z]+$")] = "A"
    pet: Annotated[Cat | Dog, Field(discriminator="kind")] = Cat(kind="cat")
    id: uuid.UUID = uuid.UUID(int=0)
    at: datetime = datetime(2026, 1, 1, tzinfo=UTC)
    day: date = date(2026, 1, 1)
    clock: time = time(0, 0)
    checked: str = ""
    translated: str = ""

    @field_validator("checked")
    @classmethod
    def _plain(cls, value: str) -> str:
        if value:
            raise ValueError("not allowed")
        return value

    @field_validator("translated")
    @classmethod
    def _marked(cls, value: str) -> str:
        if value:
            raise ValueError(_("not an email address"))
        return value


BAD: dict[str, Any] = {
    "short": "ab",
    "one_char": "",
    "long": "abc",
    "single": "ab",
    "few": [1],
    "many": [1, 2, 3],
    "above": 0,
    "at_least": -1,
    "below": 10,
    "at_most": 11,
    "even": 3,
    "whole": 1.5,
    "strict_whole": "1",
    "number": "x",
    "flag": "perhaps",
    "strict_flag": "yes",
    "text": 5,
    "items": 5,
    "mapping": 5,
    "colour": "pink",
    "side": "east",
    "one_side": "east",
    "code": "abc",
    "pet": {"kind": "fish"},
    "id": "nope",
    "at": "nope",
    "day": "nope",
    "clock": "nope",
    "checked": "x",
    "translated": "x",
    "nonsense": 1,
}


def _errors() -> list[Any]:
    with pytest.raises(ValidationError) as caught:
        Sample.model_validate(BAD)
    return caught.value.errors()


def test_every_message_reads_as_pydantic_wrote_it_in_english() -> None:
    for error in _errors():
        assert validation_message(error) == error["msg"]


def test_the_common_error_types_are_said_in_french() -> None:
    errors = _errors()
    french = {error["loc"][0]: say(validation_message(error), "fr") for error in errors}

    assert not [e["type"] for e in errors if e["type"] not in _TEXTS]
    untranslated = {str(e["loc"][0]): e["msg"] for e in errors if french[e["loc"][0]] == e["msg"]}
    assert not untranslated
    assert french["required"] == "Champ requis"
    assert french["nonsense"] == "Les champs supplémentaires ne sont pas permis"
    assert french["short"] == "La chaîne doit compter au moins 3 caractères"
    assert french["one_char"] == "La chaîne doit compter au moins 1 caractère"
    assert french["many"] == "List doit compter au plus 2 éléments après validation, et non 3"
    assert french["at_least"] == "La valeur doit être supérieure ou égale à 0"
    assert french["colour"] == "La valeur doit être 'red', 'green' ou 'blue'"
    assert french["side"] == "La valeur doit être 'north' ou 'south'"
    assert french["one_side"] == "La valeur doit être 'north'"
    assert french["code"] == "La chaîne doit correspondre au motif '^[A-Z]+$'"
    assert french["checked"] == "Valeur invalide\u00a0: not allowed"
    assert french["translated"] == "Valeur invalide\u00a0: pas une adresse e-mail"


def test_an_error_type_not_known_here_keeps_pydantics_english() -> None:
    with pytest.raises(ValidationError) as caught:
        TypeAdapter(Annotated[bytes, Field(max_length=1)]).validate_python(b"ab")
    (error,) = caught.value.errors()

    assert error["type"] not in _TEXTS
    assert say(validation_message(error), "fr") == error["msg"]


def test_a_rebuilt_english_that_differs_from_pydantics_is_not_used() -> None:
    error = {"type": "missing", "msg": "Field required (a newer pydantic's words)", "ctx": {}}

    assert say(validation_message(error), "fr") == "Field required (a newer pydantic's words)"


def test_a_context_without_its_values_keeps_pydantics_message() -> None:
    error = {"type": "greater_than", "msg": "Input should be greater than 0", "ctx": {}}

    assert say(validation_message(error), "fr") == "Input should be greater than 0"


def test_a_name_or_body_with_a_control_character_is_refused_in_words() -> None:
    class Named(BaseModel):
        name: NameText
        body: BodyText

    with pytest.raises(ValidationError) as caught:
        Named(name="Evil\r\nBcc: x@example.org", body="a\u202eb")
    name, body = caught.value.errors()

    assert (name["type"], body["type"]) == ("string_pattern_mismatch", "string_pattern_mismatch")
    assert validation_message(name) == (
        "Text should be one line without control characters (line breaks, tabs, NUL) or "
        "direction overrides"
    )
    assert say(validation_message(body), "fr") == (
        "Le texte ne doit contenir aucun caractère de contrôle (hors sauts de ligne et "
        "tabulations) ni forçage de direction"
    )
