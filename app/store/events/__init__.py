"""Published events: their kinds, their rows, and the subscribers that hear of them."""
