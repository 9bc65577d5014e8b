"""``GET /api/shoe``'s exact edges, cached per shoe state, against a fresh computation.

The cache (``render.edges_json``) is keyed by the cards seen. These tests compute each
state's edges afresh from the cards the rounds' answers showed, with the analysis itself,
and compare: after rounds, a table switch and a new seed, asking twice (the second answer
from the cache).
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from puntobanco.core.cards import Rank, parse_cards
from puntobanco.server.render import edges_json
from puntobanco.server.table_settings import rules_for
from tests.server.conftest import Player

pytest.importorskip("numba")


def computed(preset: str, seen: list[str]) -> dict[str, Any]:
    """Each offered bet's exact edge for the preset's full shoe less ``seen``, afresh."""
    from puntobanco.analysis import ShoeCounts, analyze

    rules = rules_for(preset)
    shoe = ShoeCounts.from_ranks({rank: 4 * rules.decks for rank in Rank})
    result = analyze(rules, shoe.remove(parse_cards(" ".join(seen))))
    return {
        kind.value: {
            "house_edge": float(result.bets[kind].house_edge),
            "exact": str(result.bets[kind].house_edge),
        }
        for kind in rules.offered_bets
        if kind in result.bets
    }


def edges_of(player: Player) -> Any:
    response = player.client.get("/api/shoe", headers=player.headers)
    assert response.status_code == 200, response.text
    return response.json()["edges"]


def cards_shown(answer: dict[str, Any]) -> list[str]:
    """The cards a round showed: its burn card (a shoe's first round) and its cards."""
    burn = answer["shoe"]["burn"]
    return ([burn["shown"]["code"]] if burn else []) + [c["code"] for c in answer["cards"]]


def test_cached_edges_are_the_edges_of_the_cards_seen(client: TestClient, alice: Player) -> None:
    client.post("/api/wallet/top-up", json={"amount_minor": 100_000}, headers=alice.headers)

    def check(preset: str, seen: list[str]) -> None:
        first = edges_of(alice)
        hits = edges_json.cache_info().hits
        assert edges_of(alice) == first  # asked again: from the cache
        assert edges_json.cache_info().hits > hits
        assert first == computed(preset, seen)

    for preset in ("punto-banco-6", "punto-banco"):  # a table switch: a new shoe
        assert client.put("/api/table", json={"preset": preset}, headers=alice.headers).is_success
        seen: list[str] = []
        check(preset, seen)
        for _ in range(3):
            answer = alice.bet({"banker": 100}).json()
            seen += cards_shown(answer)
            check(preset, seen)
    # A new seed sets the shoe in progress aside: the next shoe is full again.
    assert client.post("/api/fairness/rotate", headers=alice.headers).is_success
    check("punto-banco", [])
    answer = alice.bet({"banker": 100}).json()
    check("punto-banco", cards_shown(answer))


def test_two_players_in_the_same_state_share_an_entry(client: TestClient, alice: Player) -> None:
    bob = Player(client, "bob")
    for player in (alice, bob):
        client.put("/api/table", json={"preset": "punto-banco"}, headers=player.headers)
    assert edges_of(alice) == edges_of(bob) == computed("punto-banco", [])
