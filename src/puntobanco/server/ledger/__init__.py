"""The double-entry wallet ledger: posting entries, reconciling, reporting to the operator."""
