"""How players hear of the game outside a request: notifications (webhooks, email, inbox), live
event streams, the calendar feed, password resets by email."""
