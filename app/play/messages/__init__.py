"""Messages between players (R-DIP-1)."""
