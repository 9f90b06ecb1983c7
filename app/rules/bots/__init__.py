"""Stand-in generals (R-BOT): a seat's computer player, pure and deterministic."""
