"""Exact odds over shoe compositions (results as Fractions), and effects of removal."""
