"""Charts of each player's numbers per turn (gold, income, territories, score)."""

from pydantic import BaseModel, Field

MAX_CHART_TURNS = 100


class ChartPoint(BaseModel):
    """One player's numbers at the end of one turn (`turn` < the current turn), or now."""

    turn: int
    gold: int = Field(description="Gold held at the end of the turn, before its change.")
    income: int | None = Field(
        description="What the player's structures yielded at that turn's change: the "
        "ledger's income lines (R-ECO-2) and faction bonuses (R-FAC). None for the current "
        "turn, which has not changed yet."
    )
    territories: int = Field(description="Tiles owned (R-OWN-1).")
    score: int = Field(description="The score of the standings (R-CAMP-4).")
    current: bool = Field(description="The current turn, as it stands now.")


class PlayerChart(BaseModel):
    player: int = Field(description="The player's number (their colour in the pictures).")
    points: list[ChartPoint]


class Charts(BaseModel):
    """Your numbers per turn; everyone's once the campaign has ended (or for the game master)."""

    final: bool = Field(description="The campaign has ended: every player is shown.")
    first_turn: int
    last_turn: int
    players: list[PlayerChart]
