"""Battles: reports and confirmations, results applied to the map, dates agreed for the table
(R-BAT)."""
