"""Baccarat Banque's rules in core: its coup, its table and its explanations."""
