"""Baccarat Banque in the terminal: play and solve."""
