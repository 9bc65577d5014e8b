"""``play --history``: every round of a session, in a CSV or JSON file."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from puntobanco.cli.history import CSV_COLUMNS, History
from puntobanco.cli.options import OptionError, build_config
from puntobanco.cli.play import run_game
from puntobanco.core.bets import Bet, settle
from puntobanco.core.money import format_fraction_minor, format_minor
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import BetKind, Rules
from puntobanco.core.shoe import Shoe

SRC = Path(__file__).resolve().parents[2] / "src"
LINES = ["b 10, t 2", "p 5", "x", "b 7", "pp 1", "p 3 b 3"]


def scripted(lines: list[str], then: type[BaseException] = EOFError) -> Callable[[str], str]:
    feed = iter(lines)

    def read_line(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise then from None

    return read_line


def expected_rounds(seed: int, bets: list[list[Bet]], rules: Rules) -> list[dict[str, object]]:
    """The rounds as an independent replay of the seeded shoe settles them."""
    shoe = Shoe(rules, SeededSource(seed))
    balance = 100_000
    rounds = []
    for number, placed in enumerate(bets, 1):
        if shoe.needs_new_shoe:
            shoe.shuffle()
        result = shoe.deal_coup()
        settlement = settle(placed, result, rules)
        before, balance = balance, balance + settlement.net_minor
        rounds.append(
            {
                "round": number,
                "player": " ".join(c.code for c in result.player_cards),
                "banker": " ".join(c.code for c in result.banker_cards),
                "outcome": result.outcome.value,
                "bets": [
                    (
                        s.bet.kind.value,
                        format_minor(s.bet.stake_minor),
                        s.resolution.value,
                        format_minor(s.payout_minor),
                        format_fraction_minor(s.commission),
                        format_fraction_minor(s.rounded_away),
                        format_minor(s.net_minor),
                    )
                    for s in settlement.bets
                ],
                "before": format_minor(before),
                "after": format_minor(balance),
            }
        )
    return rounds


B, P, T = BetKind.BANKER, BetKind.PLAYER, BetKind.TIE
PLACED = [[Bet(B, 1000), Bet(T, 200)], [Bet(P, 500)], [Bet(B, 700)]]


def _play(fmt: str, then: type[BaseException] = EOFError) -> tuple[str, int]:
    config = build_config(
        {"seed": "11", "lang": "en", "fast": True, "balance": "1000"}, {"LANG": "C"}
    )
    out = io.StringIO()
    history = History(out, fmt, config.rules)  # type: ignore[arg-type]
    status = run_game(
        config,
        Console(file=io.StringIO(), width=120),
        read_line=scripted(["b 10, t 2", "p 5", "x", "b 7"], then),
        history=history,
    )
    return out.getvalue(), status


@pytest.mark.parametrize("then", [EOFError, KeyboardInterrupt])
def test_csv_one_row_per_bet(then: type[BaseException]) -> None:
    text, status = _play("csv", then)
    assert status == (130 if then is KeyboardInterrupt else 0)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert tuple(rows[0]) == CSV_COLUMNS
    want = expected_rounds(11, PLACED, Rules())
    assert len(rows) == sum(len(r["bets"]) for r in want)  # type: ignore[arg-type]
    flat = [(r, b) for r in want for b in r["bets"]]  # type: ignore[attr-defined]
    for row, (round_, bet) in zip(rows, flat, strict=True):
        assert int(row["round"]) == round_["round"]
        assert row["player_cards"] == round_["player"] and row["banker_cards"] == round_["banker"]
        assert row["outcome"] == round_["outcome"]
        got = (row["bet"], row["stake"], row["resolution"], row["payout"])
        assert got + (row["commission"], row["rounded_away"], row["net"]) == bet
        assert row["balance_before"] == round_["before"]
        assert row["balance_after"] == round_["after"]
        assert row["shoe"] == "1"


@pytest.mark.parametrize("then", [EOFError, KeyboardInterrupt])
def test_json_has_the_rules_and_every_round(then: type[BaseException]) -> None:
    text, _ = _play("json", then)
    document = json.loads(text)  # complete, even after Ctrl-C
    assert document["format"] == "puntobanco-history/1"
    assert Rules.from_json(document["rules"]) == Rules()
    want = expected_rounds(11, PLACED, Rules())
    assert len(document["rounds"]) == len(want)
    for got, round_ in zip(document["rounds"], want, strict=True):
        assert got["round"] == round_["round"]
        assert got["player"]["cards"] == round_["player"]
        assert got["banker"]["cards"] == round_["banker"]
        assert got["outcome"] == round_["outcome"]
        bets = [
            tuple(b[k] for k in ("bet", "stake", "resolution", "payout"))
            + (b["commission"], b["rounded_away"], b["net"])
            for b in got["bets"]
        ]
        assert bets == round_["bets"]
        assert got["balance_after"] == round_["after"]
    assert document["final_balance"] == want[-1]["after"]


def test_json_of_a_session_without_rounds() -> None:
    out = io.StringIO()
    history = History(out, "json", Rules())
    history.close(1000)
    history.close(1000)  # once only
    assert json.loads(out.getvalue()) == {
        "format": "puntobanco-history/1",
        "rules": Rules().to_json(),
        "rounds": [],
        "final_balance": "10.00",
    }


def test_history_name_must_say_its_format() -> None:
    assert build_config({"history": "game.CSV"}, {}).history == "game.CSV"
    with pytest.raises(OptionError) as caught:
        build_config({"history": "game.txt"}, {})
    assert caught.value.key == "cli.opt.history_ext"


def _cli(args: list[str], lang: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(PYTHONPATH=str(SRC), LANG=lang, PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "puntobanco.cli.main", "play", "--fast", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en_GB.UTF-8", "Invalid option --history: cannot write the history to"),
        ("es_ES.UTF-8", "Opción no válida --history: no se puede escribir el historial en"),
    ],
)
def test_unwritable_history_is_refused_before_play(tmp_path: Path, lang: str, said: str) -> None:
    target = tmp_path / "missing-folder" / "game.csv"
    done = _cli(["--history", str(target), "--seed", "1"], lang, "b 10\nq\n")
    assert done.returncode == 2
    assert said in " ".join(done.stderr.split())
    assert done.stdout == ""  # not a card dealt
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en_GB.UTF-8", "ends in .csv or .json"),
        ("es_ES.UTF-8", "termina en .csv o .json"),
    ],
)
def test_history_of_another_format_is_refused(tmp_path: Path, lang: str, said: str) -> None:
    done = _cli(["--history", str(tmp_path / "game.txt")], lang, "q\n")
    assert done.returncode == 2 and said in " ".join(done.stderr.split())
    assert not (tmp_path / "game.txt").exists()


def test_history_file_from_the_command_line(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    done = _cli(["--history", str(target), "--seed", "11", "--lang", "en"], "C", "b 10\np 5\nq\n")
    assert done.returncode == 0, done.stderr
    document = json.loads(target.read_text(encoding="utf-8"))
    assert [r["round"] for r in document["rounds"]] == [1, 2]
    assert document["rounds"][0]["bets"][0]["stake"] == "10.00"
