"""Chemin de fer in the terminal: play and simulate."""
