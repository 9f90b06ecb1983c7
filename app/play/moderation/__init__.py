"""Reports of messages, users, campaigns' names and army lists, and the operators' acts on them."""
