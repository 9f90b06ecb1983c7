"""Army lists (rosters) attached to armies: parsing, storage and who may read them (issue 30)."""
