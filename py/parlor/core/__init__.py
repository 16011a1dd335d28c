"""Game-independent pieces: the protocol, seeded randomness, errors, match records."""
