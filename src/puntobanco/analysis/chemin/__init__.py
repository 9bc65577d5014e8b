"""Chemin de fer solved exactly: the solver, its walk over the coups and its tallies."""
