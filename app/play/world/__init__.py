"""What a member sees of a running campaign's world: map, tiles, armies, generals (R-FOG)."""
