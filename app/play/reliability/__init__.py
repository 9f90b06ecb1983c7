"""Players' reliability: turns played, missed and battles left unconfirmed, shown in the lobbies."""
