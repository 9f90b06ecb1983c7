"""Bots on seats (R-BOT): the owner puts them on, they order at each turn change."""
