"""The server's games with choices (Chemin de fer, Banque) and what they share."""
