"""The game's rows and their history: ORM models, the codec between rows and the engine's data,
published events."""
