"""House rules: the campaign's amendments to its game system's rulebook (R-HOUSE-1)."""
