"""The command line: play, odds, simulate, serve, verify. The only layer that prints."""
