"""Pictures: the map as SVG under fog, replays of past turns, charts; cached and bounded."""
