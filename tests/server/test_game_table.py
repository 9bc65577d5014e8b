"""The server's rounds are the core Table's: the same bets taken, cards dealt and settlements."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from puntobanco.core.bets import Bet
from puntobanco.core.cards import parse_cards
from puntobanco.core.fairness import FairSource
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import PRESETS, BetKind, Rules
from puntobanco.core.shoe import Shoe
from puntobanco.core.table import Table
from puntobanco.server.main import create_app
from puntobanco.server.models import LedgerEntry, Round
from puntobanco.server.rounds import settlement
from puntobanco.server.rounds.recovery import recover
from puntobanco.server.settings import Settings
from puntobanco.server.table_settings import limits_for
from tests.server.conftest import Player, ledger_check, make_settings
from tests.server.faults import faulty_app


def _stakes(rules: Rules) -> dict[str, int]:
    """A stake on every spot the rules offer (odd amounts, so that commission rounds)."""
    stakes = {"player": 305, "banker": 1_015, "tie": 110}
    stakes.update({kind.value: 120 for kind in rules.offered_bets if kind.value not in stakes})
    return stakes


def _tables(result: Any) -> list[tuple[str, int, str, int, int, str, str]]:
    """A round's settlement, as the server answers it."""
    return [
        (
            s["bet"],
            s["stake_minor"],
            s["resolution"],
            s["winnings_minor"],
            s["payout_minor"],
            s["commission"],
            s["rounded_away"],
        )
        for s in result
    ]


def test_the_servers_settlement_is_the_tables_for_every_preset(database_url: str) -> None:
    """Each preset's rounds, settled by the server, against a Table dealt the same cards
    (every side bet of every preset: migration 0002 made room for the longest names)."""
    settings = make_settings(database_url, table_presets=tuple(PRESETS))
    with TestClient(create_app(settings)) as client:
        player = Player(client, "alice")
        for name, rules in PRESETS.items():
            chosen = client.put("/api/table", json={"preset": name}, headers=player.headers)
            assert chosen.status_code == 200, chosen.text
            stakes = _stakes(rules)
            for _ in range(6):
                before = player.balance()
                answer = player.bet(stakes)
                assert answer.status_code == 201, answer.text
                body = answer.json()
                cards = parse_cards(" ".join(card["code"] for card in body["cards"]))
                table = Table(
                    rules,
                    limits_for(settings, rules),
                    balance_minor=before,
                    shoe=Shoe.from_cards(cards),
                )
                played = table.play(stakes)
                expected = [
                    (
                        s.bet.kind.value,
                        s.bet.stake_minor,
                        s.resolution.value,
                        s.winnings_minor,
                        s.payout_minor,
                        str(s.commission),
                        str(s.rounded_away),
                    )
                    for s in played.settlement.bets
                ]
                assert sorted(_tables(body["settlement"])) == sorted(expected), name
                assert body["outcome"] == played.result.outcome.value
                assert body["net_minor"] == played.net_minor
                assert body["balance_minor"] == played.balance_minor == player.balance()
        assert ledger_check(client)["ok"] is True


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_stored_round_is_settled_as_the_table_settles_it(name: str) -> None:
    """The recovery's settlement from stored cards equals the Table's, round after round."""
    rules = PRESETS[name]
    bets = [Bet(BetKind(spot), stake) for spot, stake in _stakes(rules).items()]
    table = Table(rules, balance_minor=10**9, source=SeededSource(9))
    for _ in range(300):
        played = table.play(bets)
        cards = " ".join(card.code for card in played.result.cards)
        assert settlement.settle_stored(bets, cards, rules) == played.settlement


def test_a_cut_card_shoe_continued_across_requests_is_one_shoe(settings: Settings) -> None:
    """Resumed from its seed, nonce and position on every request, through the cut card
    and into the next shoe, the server's shoe deals what one shoe in memory deals."""
    with TestClient(create_app(settings)) as client:
        player = Player(client, "alice")
        client.put("/api/table", json={"preset": "punto-banco-6"}, headers=player.headers)
        client.post("/api/wallet/top-up", json={"amount_minor": 100_000}, headers=player.headers)
        rounds = []
        while not rounds or not rounds[-1]["shoe"]["last_in_shoe"]:
            rounds.append(player.bet({"player": 100}).json())
            assert len(rounds) < 100
        rounds += [player.bet({"player": 100}).json() for _ in range(3)]  # the next shoe
        revealed = client.post("/api/fairness/rotate", headers=player.headers).json()
    seed = bytes.fromhex(revealed["revealed_server_seed"])
    first = rounds[0]["fairness"]
    source = FairSource(seed, first["client_seed"], first_nonce=first["nonce"])
    shoe = Shoe(PRESETS["punto-banco-6"], source)
    for served in rounds:
        dealt = shoe.deal_coup()
        assert [c["code"] for c in served["cards"]] == [c.code for c in dealt.cards]
        assert served["shoe"]["round_in_shoe"] == dealt.round_in_shoe
        assert served["shoe"]["last_in_shoe"] == dealt.last_in_shoe
        assert served["shoe"]["first_card"] == shoe.position - dealt.card_count
        assert served["fairness"]["nonce"] == first["nonce"] + dealt.shoe_index
        burn = served["shoe"]["burn"]
        assert (burn is None) == (dealt.burn is None)
        if burn is not None and dealt.burn is not None:
            assert burn["shown"]["code"] == dealt.burn.shown.code
            assert burn["face_down"] == len(dealt.burn.face_down)
    assert rounds[-1]["fairness"]["nonce"] == first["nonce"] + 1


def test_only_a_withdrawn_preset_refunds_a_round(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failure of the settlement itself (here a KeyError) is no withdrawn preset: the round
    is not refunded but stays dealt, and is settled once the failure is gone."""
    with TestClient(faulty_app(settings, monkeypatch), raise_server_exceptions=False) as client:
        player = Player(client, "alice")
        grant = player.balance()
        assert player.bet({"banker": 1_000}, key="k").status_code == 202
        sessions = client.app.state.sessions  # type: ignore[attr-defined]

        def broken(*args: Any) -> Any:
            raise KeyError("a bug, not a withdrawn preset")

        monkeypatch.setattr(settlement, "settle", broken)
        with pytest.raises(KeyError, match="a bug"):
            recover(sessions)
        with sessions.begin() as session:
            assert session.execute(select(Round.status)).scalar_one() == "dealt"
            kinds = set(session.execute(select(LedgerEntry.kind)).scalars())
            assert "refund" not in kinds
        monkeypatch.undo()
        [round_id] = recover(sessions)
        with sessions.begin() as session:
            row = session.execute(select(Round)).scalar_one()
            kinds = set(session.execute(select(LedgerEntry.kind)).scalars())
        assert row.id == round_id and row.status == "settled" and "refund" not in kinds
        assert row.balance_minor == grant - 1_000 + (row.payout_minor or 0)
        assert player.balance() == row.balance_minor


def test_a_round_of_a_withdrawn_preset_is_refunded_stake_by_stake(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(faulty_app(settings, monkeypatch), raise_server_exceptions=False) as client:
        player = Player(client, "alice")
        grant = player.balance()
        assert player.bet({"player": 700, "tie": 100}, key="k").status_code == 202
        sessions = client.app.state.sessions  # type: ignore[attr-defined]
        with sessions.begin() as session:
            session.execute(update(Round).values(preset="withdrawn-rules"))
        assert len(recover(sessions)) == 1
        with sessions.begin() as session:
            refunds = session.execute(
                select(LedgerEntry.amount_minor).where(
                    LedgerEntry.kind == "refund", LedgerEntry.account == "wallet"
                )
            ).all()
        assert sorted(amount for (amount,) in refunds) == [100, 700]
        assert player.balance() == grant
        assert ledger_check(client)["ok"] is True
