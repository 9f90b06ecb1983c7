from enum import StrEnum


class RulesetVariantFactionsType1FactionVariantFactionActionVariantIncomeBonusDocumentIncomeBasis(StrEnum):
    CITY = "city"
    CITY_LEVEL2 = "city_level2"
    PORT = "port"
    PORT_BUILT = "port_built"
    STRUCTURE = "structure"
    TERRITORY = "territory"

    def __str__(self) -> str:
        return str(self.value)
