"""Seats and their holders (R-CAMP-6), stewards (R-CAMP-7) and vacations (R-CAMP-8)."""
