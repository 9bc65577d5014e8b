"""Chemin de fer's rules in core: its table of choices and its coup."""
