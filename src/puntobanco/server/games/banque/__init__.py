"""Baccarat Banque at the server: the game, its advice, answers, schemas and replay."""
