"""Battle packs: a declared battle set up for the table, as JSON and as a PDF (R-PACK)."""
