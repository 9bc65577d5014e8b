"""Rounds: take the bets and deal (one transaction), then settle (a second one).

The order of money and cards:

The game itself is the core's :class:`~puntobanco.core.table.Table`, built for each
request from what is stored (the preset's rules, the operator's limits, the wallet's
balance, the shoe resumed from its seed, nonce and position): it decides which bets
are taken, deals and settles. The server keeps the money in its ledger: it debits the
stakes when the deal commits and pays the settlement's amounts when it settles (the
table, which holds the stakes until the settlement, would change the balance once, by
the net: the same balance at the end).

1. *Deal.* Lock the player's wallet; a known idempotency key returns its round;
   the table takes the bets (:meth:`Table.place_bets`, which checks them against
   the rules, the limits and the balance) and deals from the table's shoe, whose
   order follows from the committed seed, the client seed and the nonce; write the
   round with its cards, its bets and the stake debits; advance the shoe. One commit.
2. *Settle.* Lock the wallet again; the table settles the bets on the dealt cards
   (:meth:`Table.settle`; a round completed by the recovery, with no table left, is
   settled from its stored cards by the same core functions:
   :func:`~puntobanco.server.rounds.settlement.settle_stored`);
   write the payouts and commission, the bets' settlements and the balance; mark the
   round settled. One commit.

On PostgreSQL each step is one statement (``server/statements.py``): the deal's first
statement checks the session token, locks the wallet, the table and the seed and reads
them; one statement writes the deal and the debit, then COMMIT; the settlement is one
statement that commits on its own. When the worker foresees the state (this worker's last
round of the player left it, :class:`~puntobanco.server.rounds.foresight.Foresight`), it
deals from it before asking, and the first statement also writes the deal, *only if* what
it locked is that state (``LOCK_AND_DEAL_IF_AS_DEALT``); otherwise the round is dealt from
what it locked, as above.
On SQLite, in the same process, the steps run their statements one by one (on the rounds'
own sqlite3 connection: :mod:`~puntobanco.server.rounds.sqlite`).

The recovery rule: a round left *dealt* (the process died, or the database
failed, between the two commits) is found on start, by the periodic housekeeping
(and promptly after a database failure), on a retry of its idempotency key and
whenever its player reads it, and is **completed**: settled on the cards written
with its debit, never re-dealt. The request that dealt it answers 202 with the
round's id and status ``dealt``: its stakes were taken, its settlement is to come.
The settlement runs only on a round still ``dealt`` and the ledger refuses a second
entry for the same (round, bet, kind), so it happens exactly once. A round whose
cards cannot be settled any more (its rules preset no longer exists in the code) is
refunded instead: each stake comes back as a ``refund`` entry.

A preset the operator withdraws (removes from ``PUNTOBANCO_TABLE_PRESETS``) deals no
new round: the deal is refused (409 ``preset_withdrawn``) until the player chooses an
offered one. A round already dealt under it is settled by its own rules, as dealt.

The modules, by job: :mod:`~puntobanco.server.rounds.requests` (the request's stakes and
key), :mod:`~puntobanco.server.rounds.deal` and :mod:`~puntobanco.server.rounds.settlement`
(the deal and the settlement in memory, shared by every path),
:mod:`~puntobanco.server.rounds.foresight`, the three storage paths behind one
:class:`~puntobanco.server.rounds.store.RoundStore` (:mod:`~puntobanco.server.rounds.orm`,
:mod:`~puntobanco.server.rounds.postgres`, :mod:`~puntobanco.server.rounds.sqlite`), and
:mod:`~puntobanco.server.rounds.recovery`.
"""
