"""Spectators of public campaigns (R-CAMP-13): who watches, and what they see, turns late."""
