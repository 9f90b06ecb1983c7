"""Sign-in with OpenID Connect and OAuth 2 providers: the flows, their tickets, identities."""
