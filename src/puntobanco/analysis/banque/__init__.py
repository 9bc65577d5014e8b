"""Baccarat Banque solved exactly: the solver, the shoe's compositions and the walk."""
