from enum import StrEnum


class RulesetVariantFactionsType1FactionVariantIncomeBonusDocumentTerrainsItem(StrEnum):
    CITY = "city"
    COAST = "coast"
    DESERT = "desert"
    FOREST = "forest"
    MARSH = "marsh"
    MOUNTAIN = "mountain"
    OASIS = "oasis"
    PLAIN = "plain"
    PORT = "port"

    def __str__(self) -> str:
        return str(self.value)
