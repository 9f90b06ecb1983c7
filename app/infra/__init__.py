"""Infrastructure shared by every domain package: what a server needs whatever it serves."""
