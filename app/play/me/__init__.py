"""The calling player's own panel: gold, forecast, ledger, faction action, pending orders."""
