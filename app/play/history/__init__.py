"""Turn history, turn summaries and standings (R-TURN-5, R-CAMP-4)."""
