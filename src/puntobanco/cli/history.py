"""``puntobanco play --history FILE``: every round of a session, written as it is played.

The file's format follows its name: ``.csv`` or ``.json``. It is opened (and
so checked) before the first card, written after every settled round and
flushed, and finished when the session ends, however it ends (quit, end of
input, Ctrl-C, a balance under the minimum). Money is written in the plain
form, the same in every language (``1050.00``: a point, no thousands
separator); commission and the amount rounded away exactly (``0.0525``).

CSV: one row per **bet** (a round with two bets has two rows), so that each
bet's settlement has its own columns; the round's columns (cards, totals,
outcome, balance after) repeat on each of its rows. A round always has at
least one bet, so every round is in the file. Columns: :data:`CSV_COLUMNS`.

JSON: one object, ``{"format": "puntobanco-history/1", "rules": Rules.to_json(),
"rounds": [...], "final_balance": ...}``, each round with its hands and a list
of its bets. It is written as the rounds come (the closing brackets at the end
of the session), so a session killed outright leaves the rounds up to then,
in a file that needs its last ``]}`` to parse.

>>> import io, json
>>> from puntobanco.cli.game import Session
>>> from puntobanco.core.rng import SeededSource
>>> from puntobanco.core.rules import BetKind, Rules, TableLimits
>>> session = Session(Rules(), TableLimits(), balance_minor=10_000, source=SeededSource(1))
>>> out = io.StringIO()
>>> history = History(out, "json", session.rules)
>>> history.record(session.play_round([(BetKind.BANKER, 1_000)]))
>>> history.close(session.balance_minor)
>>> document = json.loads(out.getvalue())
>>> document["rounds"][0]["bets"][0]["bet"], len(document["rounds"])
('banker', 1)
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import IO, Any, Literal

from puntobanco.core.bets import BetSettlement
from puntobanco.core.money import format_fraction_minor, format_minor
from puntobanco.core.rules import Rules
from puntobanco.core.table import SettledRound

__all__ = ["CSV_COLUMNS", "FORMATS", "History", "HistoryFormat", "history_format"]

HistoryFormat = Literal["csv", "json"]
#: The formats, by the file name's ending.
FORMATS: dict[str, HistoryFormat] = {".csv": "csv", ".json": "json"}

#: The CSV file's columns, one row per bet.
CSV_COLUMNS = (
    "round",
    "shoe",
    "round_in_shoe",
    "player_cards",
    "banker_cards",
    "player_total",
    "banker_total",
    "outcome",
    "bet",
    "stake",
    "resolution",
    "stake_returned",
    "winnings",
    "payout",
    "commission",
    "rounded_away",
    "net",
    "round_net",
    "balance_before",
    "balance_after",
)


def history_format(path: str) -> HistoryFormat | None:
    """The format a file name asks for, or ``None`` (not ``.csv`` or ``.json``)."""
    return FORMATS.get(Path(path).suffix.lower())


def _cards(cards: Any) -> str:
    return " ".join(card.code for card in cards)


def _bet(settled: BetSettlement) -> dict[str, Any]:
    return {
        "bet": settled.bet.kind.value,
        "stake": format_minor(settled.bet.stake_minor),
        "resolution": settled.resolution.value,
        "stake_returned": format_minor(settled.stake_returned_minor),
        "winnings": format_minor(settled.winnings_minor),
        "payout": format_minor(settled.payout_minor),
        "commission": format_fraction_minor(settled.commission),
        "rounded_away": format_fraction_minor(settled.rounded_away),
        "net": format_minor(settled.net_minor),
    }


def _round(report: SettledRound) -> dict[str, Any]:
    result = report.result
    return {
        "round": report.number,
        "shoe": None if result.shoe_index is None else result.shoe_index + 1,
        "round_in_shoe": result.round_in_shoe,
        "player": {"cards": _cards(result.player_cards), "total": result.player_total},
        "banker": {"cards": _cards(result.banker_cards), "total": result.banker_total},
        "outcome": result.outcome.value,
        "bets": [_bet(settled) for settled in report.settlement.bets],
        "net": format_minor(report.net_minor),
        "balance_before": format_minor(report.balance_before_minor),
        "balance_after": format_minor(report.balance_minor),
    }


class History:
    """Writes a session's rounds to an open text file, in one of :data:`FORMATS`.

    Args:
        stream: The file, opened for writing (``newline=""`` for CSV).
        format: ``"csv"`` or ``"json"``.
        rules: The game's rules (written at the head of a JSON file).
    """

    def __init__(self, stream: IO[str], format: HistoryFormat, rules: Rules) -> None:
        self.stream = stream
        self.format = format
        self.rounds = 0
        #: Whether :meth:`close` closes the stream (it was opened by :meth:`open`).
        self.owned = False
        self._closed = False
        if format == "csv":
            self._csv = csv.writer(stream, lineterminator="\n")
            self._csv.writerow(CSV_COLUMNS)
        else:
            head = {"format": "puntobanco-history/1", "rules": rules.to_json()}
            stream.write(json.dumps(head, ensure_ascii=False)[:-1] + ', "rounds": [')
        stream.flush()

    @classmethod
    def open(cls, path: str, rules: Rules) -> History:
        """Open (create or replace) ``path`` and write the file's head.

        Raises:
            ValueError: The name ends in neither ``.csv`` nor ``.json``.
            OSError: The file cannot be written.
        """
        format = history_format(path)
        if format is None:
            raise ValueError(f"{path!r}: the history is a .csv or .json file")
        stream = open(path, "w", encoding="utf-8", newline="")  # noqa: SIM115  (closed by close)
        try:
            history = cls(stream, format, rules)
        except BaseException:
            stream.close()
            raise
        history.owned = True
        return history

    def record(self, report: SettledRound) -> None:
        """Write one settled round, and flush it to the file."""
        row = _round(report)
        if self.format == "csv":
            for bet in row["bets"]:
                self._csv.writerow(
                    [
                        row["round"],
                        row["shoe"],
                        row["round_in_shoe"],
                        row["player"]["cards"],
                        row["banker"]["cards"],
                        row["player"]["total"],
                        row["banker"]["total"],
                        row["outcome"],
                        *(bet[key] for key in CSV_COLUMNS[8:17]),
                        row["net"],
                        row["balance_before"],
                        row["balance_after"],
                    ]
                )
        else:
            separator = "\n  " if self.rounds == 0 else ",\n  "
            self.stream.write(separator + json.dumps(row, ensure_ascii=False))
        self.rounds += 1
        self.stream.flush()

    def close(self, balance_minor: int) -> None:
        """Finish the file (JSON: its closing brackets and the final balance); idempotent."""
        if self._closed:
            return
        self._closed = True
        if self.format == "json":
            tail = json.dumps(format_minor(balance_minor))
            self.stream.write(("\n" if self.rounds else "") + f'], "final_balance": {tail}}}\n')
        self.stream.flush()
        if self.owned:
            self.stream.close()
