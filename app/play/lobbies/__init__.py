"""Public lobbies: finding a game, join requests, substitutes for open seats (R-CAMP-11,
R-CAMP-12)."""
