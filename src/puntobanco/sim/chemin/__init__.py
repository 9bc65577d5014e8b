"""Chemin de fer by Monte Carlo: the simulation, its kernels and a reference in Python."""
