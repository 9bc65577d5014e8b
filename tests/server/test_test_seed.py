"""PUNTOBANCO_TEST_SERVER_SEED: a fixed server seed that lets a test script the shoe.

For tests and demos only: the server warns at start-up, since a seed known in advance
is never provably fair. The expected cards come from the core (Shoe + FairSource), not
from the server.
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from puntobanco.core.fairness import FairSource
from puntobanco.core.rules import PRESETS
from puntobanco.core.shoe import Shoe
from puntobanco.server.main import create_app
from puntobanco.server.settings import Settings
from tests.server.conftest import Player, make_settings

SEED = bytes(range(32))


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def _start(tmp_path: Any, **overrides: Any) -> tuple[TestClient, _Records]:
    app = create_app(make_settings(f"sqlite:///{tmp_path / 'pb.db'}", **overrides))
    records = _Records()
    logging.getLogger("puntobanco.server").addHandler(records)
    return TestClient(app), records


def _table(player: Player) -> dict[str, Any]:
    response = player.client.get("/api/table", headers=player.headers)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


@pytest.mark.parametrize("value", ["00" * 31, "00" * 33, "zz" * 32, "0x" + "00" * 31, "not a seed"])
def test_a_test_seed_must_be_32_bytes_of_hex(value: str) -> None:
    with pytest.raises(ValidationError, match="64 hexadecimal digits"):
        Settings(test_server_seed=value, allow_test_seed=True)


def test_the_test_seed_is_off_unless_set() -> None:
    assert Settings(test_server_seed="").fixed_server_seed is None
    seeded = Settings(test_server_seed=SEED.hex().upper(), allow_test_seed=True)
    assert seeded.fixed_server_seed == SEED


def test_a_test_seed_is_refused_unless_allowed() -> None:
    with pytest.raises(ValidationError, match="--allow-test-seed"):
        Settings(test_server_seed=SEED.hex())


def test_every_new_seed_is_the_test_seed_and_the_server_warns(tmp_path: Any) -> None:
    client, records = _start(
        tmp_path, test_server_seed=SEED.hex(), allow_test_seed=True, default_preset="online"
    )
    try:
        with client:
            assert any("PUNTOBANCO_TEST_SERVER_SEED" in m for m in records.messages)
            alice, bob = Player(client, "alice"), Player(client, "bob")
            commitment = hashlib.sha256(SEED).hexdigest()
            for player in (alice, bob):
                assert _table(player)["fairness"]["server_seed_hash"] == commitment
                assert _table(player)["test_seed"] is True
            # The round is the core's first coup of the shoe (server seed, client seed, nonce).
            fair = _table(alice)["fairness"]
            response = alice.bet({"banker": 1000})
            assert response.status_code == 201, response.text
            dealt = response.json()
            shoe = Shoe(PRESETS["online"], FairSource(SEED, fair["client_seed"], fair["nonce"]))
            expected = shoe.deal_coup()
            assert [c["code"] for c in dealt["cards"]] == [c.code for c in expected.cards]
            assert dealt["outcome"] == expected.outcome.value
            # Rotating reveals the test seed, and the next seed is the test seed again.
            rotated = client.post("/api/fairness/rotate", headers=alice.headers).json()
            assert rotated["revealed_server_seed"] == SEED.hex()
            assert rotated["next"]["server_seed_hash"] == commitment
    finally:
        logging.getLogger("puntobanco.server").removeHandler(records)


def test_without_a_test_seed_every_seed_is_fresh_and_nothing_is_said(tmp_path: Any) -> None:
    client, records = _start(tmp_path)
    try:
        with client:
            alice, bob = Player(client, "alice"), Player(client, "bob")
            first = _table(alice)["fairness"]["server_seed_hash"]
            assert first != _table(bob)["fairness"]["server_seed_hash"]
            client.post("/api/fairness/rotate", headers=alice.headers)
            assert _table(alice)["fairness"]["server_seed_hash"] != first
            assert not any("TEST_SERVER_SEED" in m for m in records.messages)
            assert _table(alice)["test_seed"] is False
    finally:
        logging.getLogger("puntobanco.server").removeHandler(records)
