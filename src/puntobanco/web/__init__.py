"""The web table: static files served by :mod:`puntobanco.server`."""
