"""The game over HTTP: campaigns, lobbies, seats, orders, the turn change, the world under fog,
battles, diplomacy, army lists, history, pictures, transfer."""
