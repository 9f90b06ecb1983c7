"""Maps: the built-in maps, uploaded and generated ones, listed and read (R-MAP)."""
