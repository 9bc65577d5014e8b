"""What remains of the Punto Banco rounds' module: one name, for one import.

The rounds live in :mod:`puntobanco.server.rounds` (one module per job, the three storage
paths behind one :class:`~puntobanco.server.rounds.store.RoundStore`). This module stays
only for ``server/games/actions.py``'s import of :func:`check_key`; it goes when that
import names :mod:`puntobanco.server.rounds.requests`.
"""

from __future__ import annotations

from puntobanco.server.rounds.requests import check_key

__all__ = ["check_key"]
