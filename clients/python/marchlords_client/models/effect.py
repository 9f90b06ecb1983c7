from enum import StrEnum


class Effect(StrEnum):
    ATTACKER_STAYS = "attacker_stays"
    CAPITAL_REPULSES = "capital_repulses"
    CAPTURE_OR_DESTROY = "capture_or_destroy"
    DEFENDER_RETREATS = "defender_retreats"
    NOTHING_MOVES = "nothing_moves"
    SIEGE_GOES_ON = "siege_goes_on"
    WINNER_MOVES_IN = "winner_moves_in"

    def __str__(self) -> str:
        return str(self.value)
