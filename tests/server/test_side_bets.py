"""The side bets served: presets, maxima, refusals, ledger, recall, verify, report."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError
from sqlalchemy import select, update
from typer.testing import CliRunner

from puntobanco.cli.main import app
from puntobanco.core.rules import PRESETS, BetKind
from puntobanco.server.main import create_app
from puntobanco.server.models import LedgerEntry, RoundBet
from puntobanco.server.settings import Settings
from tests.server.conftest import ADMIN, Player, ledger_check, make_settings

SIDE_PRESETS = ("ez-baccarat", "dragon-bonus", "tiger", "egalite", "all-side-bets")
DRAGON_SPOTS_EN = (
    "Player, Banker, Tie, Player Pair, Banker Pair, Dragon Bonus Player, Dragon Bonus Banker"
)
DRAGON_SPOTS_ES = (
    "Jugador, Banca, Empate, Pareja Jugador, Pareja Banca, Bono Dragón Jugador, Bono Dragón Banca"
)


def _app(database_url: str, **overrides: Any) -> TestClient:
    overrides.setdefault("table_presets", ("online", *SIDE_PRESETS))
    return TestClient(create_app(make_settings(database_url, **overrides)))


def test_the_operator_offers_the_side_bet_presets_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PUNTOBANCO_TABLE_PRESETS", '["online", "dragon-bonus", "all-side-bets"]')
    monkeypatch.setenv("PUNTOBANCO_SIDE_BET_MAXIMUM_MINOR", "2500")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.table_presets == ("online", "dragon-bonus", "all-side-bets")
    assert settings.side_bet_maximum_minor == 2_500
    # The defaults offer no side-bet table: an operator opts in (README, "Serving the game").
    monkeypatch.delenv("PUNTOBANCO_TABLE_PRESETS")
    defaults = Settings(_env_file=None)  # type: ignore[call-arg]
    assert not set(SIDE_PRESETS) & set(defaults.table_presets)
    with pytest.raises(ValidationError, match="side_bet_maximum_minor"):
        Settings(side_bet_maximum_minor=0)


def test_each_side_bet_preset_is_chosen_and_has_the_side_bet_maximum(database_url: str) -> None:
    with _app(database_url) as client:
        alice = Player(client, "alice")
        for name in SIDE_PRESETS:
            chosen = client.put("/api/table", json={"preset": name}, headers=alice.headers)
            assert chosen.status_code == 200, chosen.text
            table = client.get("/api/table", headers=alice.headers).json()
            rules = PRESETS[name]
            assert table["rules"]["offered_bets"] == [k.value for k in rules.offered_bets]
            side = {kind.value for kind, _ in rules.side_bets}
            maxima = table["limits"]["maxima_minor"]
            assert {bet: maxima[bet] for bet in side} == dict.fromkeys(side, 10_000)
            assert "player" not in maxima and "banker" not in maxima


def test_a_side_bet_over_its_maximum_is_refused_and_at_it_is_taken(database_url: str) -> None:
    with _app(database_url, side_bet_maximum_minor=2_500) as client:
        alice = Player(client, "alice")
        client.put("/api/table", json={"preset": "dragon-bonus"}, headers=alice.headers)
        before = alice.balance()
        over = alice.bet({"banker": 100, "dragon_bonus_banker": 2_501}, lang="es")
        assert over.status_code == 422
        error = over.json()["error"]
        assert error["code"] == "above_maximum"
        assert (
            error["params"]["maximum"] == 2_500 and error["params"]["bet"] == "dragon_bonus_banker"
        )
        assert error["messages"]["en"] == (
            "The Dragon Bonus Banker stake 25.01 is over the table maximum: bet from 1.00 to 25.00."
        )
        assert "Bono Dragón Banca" in error["messages"]["es"] and "25,00" in error["messages"]["es"]
        assert alice.balance() == before and alice.rounds() == []
        taken = alice.bet({"banker": 100, "dragon_bonus_banker": 2_500})
        assert taken.status_code == 201, taken.text


def test_without_a_side_bet_maximum_the_table_maximum_applies(database_url: str) -> None:
    with _app(database_url, side_bet_maximum_minor=None) as client:
        alice = Player(client, "alice")
        client.put("/api/table", json={"preset": "tiger"}, headers=alice.headers)
        limits = client.get("/api/table", headers=alice.headers).json()["limits"]
        assert "tiger" not in limits["maxima_minor"]
        assert alice.bet({"tiger": 20_000}).status_code == 201


def test_a_spot_the_table_does_not_offer_is_refused_naming_the_spots_it_does(
    database_url: str,
) -> None:
    with _app(database_url) as client:
        alice = Player(client, "alice")
        client.put("/api/table", json={"preset": "dragon-bonus"}, headers=alice.headers)
        before = alice.balance()
        for bets, code, en, es in (
            (
                {"banker": 100, "tiger": 100},
                "not_offered",
                f"Tiger is not offered at this table: the spots are {DRAGON_SPOTS_EN}.",
                f"Tigre no se ofrece en esta mesa: las casillas son {DRAGON_SPOTS_ES}.",
            ),
            (
                {"tigre": 100},
                "unknown_bet",
                f"Unknown bet 'tigre': the spots are {DRAGON_SPOTS_EN}.",
                f"Apuesta desconocida 'tigre': las casillas son {DRAGON_SPOTS_ES}.",
            ),
        ):
            for lang, message in (("en", en), ("es", es)):
                answer = alice.bet(bets, lang=lang)
                assert answer.status_code == 422, answer.text
                error = answer.json()["error"]
                assert error["code"] == code
                assert error["message"] == message
                assert error["messages"] == {"en": en, "es": es}
                assert error["params"]["allowed"] == ", ".join(
                    k.value for k in PRESETS["dragon-bonus"].offered_bets
                )
        assert alice.balance() == before and alice.rounds() == []


def _every_spot(name: str) -> dict[str, int]:
    return dict.fromkeys((k.value for k in PRESETS[name].offered_bets), 100) | {"banker": 1_015}


def test_side_bets_are_in_the_ledger_recall_verify_and_report(database_url: str) -> None:
    with _app(database_url) as client:
        alice = Player(client, "alice")
        client.put("/api/table", json={"preset": "all-side-bets"}, headers=alice.headers)
        client.post("/api/wallet/top-up", json={"amount_minor": 100_000}, headers=alice.headers)
        stakes = _every_spot("all-side-bets")
        answers = [alice.bet(stakes).json() for _ in range(8)]
        # Recall: each round as it was answered, every bet settled.
        for answer in answers:
            recalled = client.get(f"/api/rounds/{answer['id']}", headers=alice.headers).json()
            assert recalled["settlement"] == answer["settlement"]
            assert {s["bet"] for s in recalled["settlement"]} == set(stakes)
        # The ledger: per round and bet, the wallet's entries are the stake out and the payout in.
        with client.app.state.sessions.begin() as session:  # type: ignore[attr-defined]
            rows = session.execute(
                select(LedgerEntry.round_id, LedgerEntry.bet, LedgerEntry.amount_minor).where(
                    LedgerEntry.account == "wallet", LedgerEntry.round_id.is_not(None)
                )
            ).all()
        net: dict[tuple[int, str], int] = defaultdict(int)
        for round_id, bet, amount in rows:
            net[(int(round_id), str(bet))] += int(amount)
        expected = {
            (a["id"], s["bet"]): s["payout_minor"] - s["stake_minor"]
            for a in answers
            for s in a["settlement"]
        }
        assert dict(net) == expected
        assert ledger_check(client)["ok"] is True
        # The report: a line per side bet, with its exact RTP.
        report = client.get("/api/admin/report", headers={"X-Admin-Token": ADMIN}).json()
        lines = {b["bet"]: b for b in report["bets"] if b["preset"] == "all-side-bets"}
        assert set(lines) == set(stakes)
        for bet, line in lines.items():
            paid = sum(
                s["payout_minor"] for a in answers for s in a["settlement"] if s["bet"] == bet
            )
            assert line["turnover_minor"] == 8 * stakes[bet] and line["payout_minor"] == paid
        if report["theory_available"]:
            # Published 8-deck house edges, to their printed digits.
            for bet, edge in (
                ("dragon_7", "7.6113"),
                ("panda_8", "10.1876"),
                ("dragon_bonus_player", "2.6517"),
                ("dragon_bonus_banker", "9.3731"),
                ("either_pair", "13.7099"),
                ("small_tiger", "14.3325"),
                ("big_tiger", "15.2533"),
            ):
                printed = f"{100 * (1 - lines[bet]['theoretical_rtp']):.4f}"
                assert printed == edge, bet
        # Verify: the revealed seed reproduces every side bet's payout, and a forged one is named.
        seed = client.post("/api/fairness/rotate", headers=alice.headers).json()
        revealed = seed["revealed_server_seed"]
        verified = client.post(
            "/api/fairness/verify", json={"server_seed": revealed}, headers=alice.headers
        ).json()
        assert verified["rounds_checked"] == 8 and verified["mismatches"] == []
        forged = answers[0]["id"]
        with client.app.state.sessions.begin() as session:  # type: ignore[attr-defined]
            session.execute(
                update(RoundBet)
                .where(RoundBet.round_id == forged, RoundBet.bet == BetKind.TIGER_PAIR.value)
                .values(payout_minor=RoundBet.payout_minor + 2_000)
            )
        verified = client.post(
            "/api/fairness/verify", json={"server_seed": revealed}, headers=alice.headers
        ).json()
        assert [(m["round_id"], m["field"]) for m in verified["mismatches"]] == [
            (forged, "payout.tiger_pair")
        ]


def test_the_operators_commands_verify_and_report_every_side_bet(tmp_path: Path) -> None:
    """``puntobanco verify --database`` and ``report`` (the commands, on a SQLite file)."""
    url = f"sqlite:///{tmp_path / 'side.db'}"
    with _app(url) as client:
        alice = Player(client, "alice")
        client.put("/api/table", json={"preset": "all-side-bets"}, headers=alice.headers)
        client.post("/api/wallet/top-up", json={"amount_minor": 100_000}, headers=alice.headers)
        for _ in range(4):
            assert alice.bet(_every_spot("all-side-bets")).status_code == 201
        seed = client.post("/api/fairness/rotate", headers=alice.headers).json()
        saved = tmp_path / "rounds.json"
        saved.write_text(json.dumps(alice.rounds()), encoding="utf-8")
    runner = CliRunner()
    # As a player: the rounds saved from GET /api/rounds, side bets and all.
    as_player = runner.invoke(
        app, ["verify", seed["revealed_server_seed"], "--rounds", str(saved), "--json"]
    )
    assert as_player.exit_code == 0, as_player.output
    assert json.loads(as_player.output)["rounds_checked"] == 4
    forged = json.loads(saved.read_text(encoding="utf-8"))
    paid = next(s for s in forged[0]["settlement"] if s["bet"] == "dragon_bonus_banker")
    paid["payout_minor"] += 100
    saved.write_text(json.dumps(forged), encoding="utf-8")
    caught = runner.invoke(
        app, ["verify", seed["revealed_server_seed"], "--rounds", str(saved), "--json"]
    )
    assert caught.exit_code == 1
    assert [m["field"] for m in json.loads(caught.output)["mismatches"]] == [
        "payout.dragon_bonus_banker"
    ]
    verified = runner.invoke(
        app, ["verify", seed["revealed_server_seed"], "--database", url, "--json"]
    )
    assert verified.exit_code == 0, verified.output
    assert json.loads(verified.output)["rounds_checked"] == 4
    assert json.loads(verified.output)["mismatches"] == []
    report = runner.invoke(app, ["report", "--database", url, "--format", "json"])
    assert report.exit_code == 0, report.output
    rows = [row for row in json.loads(report.output)["bets"] if row["preset"] == "all-side-bets"]
    assert [row["bet"] for row in rows] == sorted(
        k.value for k in PRESETS["all-side-bets"].offered_bets
    )
    # Where the table fits, one row per bet, each as wide as the header, however long the
    # spot's name (at 80 columns the rows are stacked instead).
    human = runner.invoke(app, ["report", "--database", url], env={"COLUMNS": "200"})
    assert human.exit_code == 0, human.output
    table = [line for line in human.output.splitlines() if line.startswith("│ all-side-bets ")]
    assert len(table) == len(rows)
    header = next(line for line in human.output.splitlines() if " rules " in line)
    assert {len(line) for line in table} == {len(header)}
