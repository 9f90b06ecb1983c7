"""Orders of the turn: given, listed and withdrawn; standing orders (R-BUILD, R-MOVE, R-ARMY)."""
