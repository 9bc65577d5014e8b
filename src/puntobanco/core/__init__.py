"""The rules engine: cards, rules, tableau, randomness, shoe, coup, bets, money, fairness.

Pure and standard-library only: no I/O, no numpy, no global random state.
"""
