"""The gold ledger: every gold movement is a line; a player's gold is their ledger's sum (R-ECO)."""
