"""`marchlords`: the command line of the Marchlords API, on the generated `marchlords_client`."""
