from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import ADMIN, Player


def test_report_adds_up_the_rounds_and_measures_rtp_in_standard_errors(
    client: TestClient,
) -> None:
    players = [Player(client, "alice"), Player(client, "bob")]
    for i in range(12):
        players[i % 2].bet({"banker": 100 + 10 * i, "player": 200, "tie": 100})
    client.put("/api/table", json={"preset": "punto-banco"}, headers=players[0].headers)
    for _ in range(4):
        players[0].bet({"player": 500})
    rounds: list[dict[str, Any]] = [r for p in players for r in p.rounds()]
    turnover: dict[tuple[str, str], int] = defaultdict(int)
    paid: dict[tuple[str, str], int] = defaultdict(int)
    squares: dict[tuple[str, str], int] = defaultdict(int)
    count: dict[tuple[str, str], int] = defaultdict(int)
    for r in rounds:
        for s in r["settlement"]:
            key = (r["preset"], s["bet"])
            turnover[key] += s["stake_minor"]
            paid[key] += s["payout_minor"]
            squares[key] += s["stake_minor"] ** 2
            count[key] += 1
    report = client.get("/api/admin/report", headers={"X-Admin-Token": ADMIN}).json()
    assert report["rounds"] == len(rounds) == 16
    assert report["turnover_minor"] == sum(turnover.values())
    assert report["ggr_minor"] == sum(turnover.values()) - sum(paid.values())
    lines = {(b["preset"], b["bet"]): b for b in report["bets"]}
    assert set(lines) == set(turnover)
    for key, line in lines.items():
        assert line["rounds"] == count[key]
        assert line["turnover_minor"] == turnover[key]
        assert line["ggr_minor"] == turnover[key] - paid[key]
        assert math.isclose(line["rtp"], paid[key] / turnover[key])
        if line["theoretical_rtp"] is not None:
            sigma_units = line["standard_error"] * turnover[key] / math.sqrt(squares[key])
            assert 0.9 < sigma_units < 3  # per-unit standard deviations of these bets
            z = (line["rtp"] - line["theoretical_rtp"]) / line["standard_error"]
            assert math.isclose(line["distance_se"], z)
    [day] = {d["day"] for d in report["days"]}
    assert sum(d["turnover_minor"] for d in report["days"]) == report["turnover_minor"]
    assert len(day) == 10 and day.startswith("20")
    if report["theory_available"]:
        # Published six-deck house edges: Banker 1.0558%, Player 1.2374%.
        assert abs(lines[("online", "banker")]["theoretical_rtp"] - (1 - 0.010558)) < 2e-6
        assert abs(lines[("online", "player")]["theoretical_rtp"] - (1 - 0.012374)) < 2e-6
        # The cut-card table is measured against its full shoe, and the report says so.
        assert report["full_shoe_reference"] == ["punto-banco"]
    else:
        assert all(b["theoretical_rtp"] is None for b in report["bets"])
        assert report["full_shoe_reference"] == []


def test_empty_report(client: TestClient) -> None:
    report = client.get("/api/admin/report", headers={"X-Admin-Token": ADMIN}).json()
    assert report["rounds"] == 0 and report["bets"] == [] and report["days"] == []
