"""The casino service: FastAPI app, accounts, wallet ledger, tables and persistence."""
