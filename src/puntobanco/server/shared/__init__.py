"""Shared tables: many players at one Punto Banco shoe, dealt by one process at a time.

The modules, by job:

* :mod:`~puntobanco.server.shared.models`: the tables' rows (migration 0005);
* :mod:`~puntobanco.server.shared.config`: the operator's tables (``PUNTOBANCO_SHARED_TABLES``);
* :mod:`~puntobanco.server.shared.cycle`: a round's timeline (betting, closed, dealing,
  settled) and the order its cards are revealed in, pure;
* :mod:`~puntobanco.server.shared.store`: every read and write of a shared round, each in
  one transaction that also appends the table's events;
* :mod:`~puntobanco.server.shared.dealer`: the lease (one dealing process per table) and the
  loop that runs each table it holds;
* :mod:`~puntobanco.server.shared.bus`: events to every worker (PostgreSQL ``LISTEN/NOTIFY``,
  Redis pub/sub, or in process on SQLite);
* :mod:`~puntobanco.server.shared.socket`: the WebSocket that carries them to the browser.
"""
