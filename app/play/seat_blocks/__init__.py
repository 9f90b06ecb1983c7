"""Blocks made from a campaign's seat: the holder is blocked in that campaign, never named."""
