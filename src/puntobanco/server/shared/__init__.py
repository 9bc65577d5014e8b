"""Shared tables: many players at one Punto Banco shoe, dealt by one process at a time.

The modules, by job:

* :mod:`~puntobanco.server.shared.models`: the tables' rows (migrations 0005 and 0006);
* :mod:`~puntobanco.server.shared.config`: a table's settings (``PUNTOBANCO_SHARED_TABLES``);
* :mod:`~puntobanco.server.shared.catalog`: the operator's tables in the database, provisioned
  by the variable or created by the admin API;
* :mod:`~puntobanco.server.shared.cycle`: the order a dealt round's cards are revealed in,
  and what the first steps show, pure;
* :mod:`~puntobanco.server.shared.events`: a table's numbered events, appended in the
  transaction of the change they report, read back by number;
* :mod:`~puntobanco.server.shared.lease`: which process deals a table, and the fence each
  step checks;
* :mod:`~puntobanco.server.shared.dealing`: each step of the round cycle, from what is
  stored (so a successor continues);
* :mod:`~puntobanco.server.shared.settlement`: a round's bets paid and its shoe ended, in the
  last card's transaction;
* :mod:`~puntobanco.server.shared.dealer`: the loop in every process that holds its share
  of the leases and steps those tables;
* :mod:`~puntobanco.server.shared.seats`: sitting, watching, leaving, and the bets held in
  the ledger;
* :mod:`~puntobanco.server.shared.totals`: the bets as the table shows them, announced by
  the dealer every half second;
* :mod:`~puntobanco.server.shared.squeeze`: who turns which card, and until when;
* :mod:`~puntobanco.server.shared.views`: the lobby and a table's snapshot, from what was
  announced;
* :mod:`~puntobanco.server.shared.export`: a whole shoe, and its check;
* :mod:`~puntobanco.server.shared.bus`: events to every worker (PostgreSQL ``LISTEN/NOTIFY``,
  sent with their transaction; Redis pub/sub; or in process on SQLite);
* :mod:`~puntobanco.server.shared.socket`: the WebSocket that carries them to the browser.
"""
