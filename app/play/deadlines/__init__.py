"""Turn and battle deadlines, pauses and absent players (R-TURN-3, R-CAMP-4, R-OPT-2)."""
