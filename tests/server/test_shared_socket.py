"""Shared tables over the WebSocket and REST, against the app with its dealer running.

One app for the module (a SQLite file), dealing two tables: ``quick`` (3 s of betting,
50 ms between reveals: a round in about 7 s, result pause included) for what needs
rounds to go by, and ``long`` (120 s of betting) where REST refusals are tested without
racing the close. The tests read what the server sends and also what it stored (the
rounds' cards, the ledger), so that an answer that merely looks right does not pass.

Two bugs these tests found (the server's own page refused at the upgrade: its origin
was built with the socket's ``ws`` scheme; a ``last_seq`` past the table's last event
resumed at that number) are fixed, and their tests pass.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from puntobanco.core.bets import Bet, bet_kind, settle
from puntobanco.core.cards import parse_cards
from puntobanco.core.coup import play_coup
from puntobanco.core.errors import BaccaratError
from puntobanco.core.rules import PRESETS
from puntobanco.core.table import Table
from puntobanco.server.ledger.check import reconcile
from puntobanco.server.main import create_app
from puntobanco.server.shared import events, socket
from puntobanco.server.shared.config import SharedTableConfig
from tests.server.conftest import SCRIPTED, Player, make_settings
from tests.server.shared_helpers import (
    assert_no_card_before_its_reveal,
    assert_refused,
    close_code,
    events_after,
    in_each_language,
    ledger_rows,
    new_player,
    next_json,
    put_bets,
    sit,
    snapshot,
    stored_round,
    wait_for_betting,
    wait_for_closed,
    wait_until,
)

pytestmark = pytest.mark.timeout(60)

QUICK = SharedTableConfig(id="quick", name="Quick", betting_seconds=3, reveal_ms=50)
LONG = SharedTableConfig(id="long", name="Long", betting_seconds=120, reveal_ms=50)
FRIEND = "https://friend.example"
OWN = "http://testserver"
QUICK_WS = "/ws/tables/quick"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path) -> Iterator[TestClient]:
    """The app on a SQLite file, its dealer dealing ``quick`` and ``long``.

    One app for the module: every test would otherwise wait for a first round of its own.
    """
    path = tmp_path_factory.mktemp("shared") / "pb.db"
    shutil.copyfile(migrated_sqlite, path)
    settings = make_settings(
        f"sqlite:///{path}",
        shared_tables=json.dumps([QUICK.model_dump(), LONG.model_dump()]),
        allowed_origins=(FRIEND,),
    )
    with TestClient(create_app(settings), headers=SCRIPTED) as test_client:

        def dealt() -> bool:  # the dealer has opened a round at each table
            return all(snapshot(test_client, t.id)["round"] for t in (QUICK, LONG))

        wait_until(dealt, timeout_s=10, what="the tables' first rounds")
        yield test_client


def welcome(ws: Any, **fields: Any) -> dict[str, Any]:
    """Send hello with ``fields``; the welcome."""
    ws.send_json({"type": "hello", **fields})
    message = next_json(ws)
    assert message["type"] == "welcome", message
    return message


# 1. Protocol ---------------------------------------------------------------------------


@pytest.mark.parametrize("origin", ["https://evil.example", "http://testserver.evil.example"])
def test_a_foreign_origin_is_refused_at_the_upgrade(client: TestClient, origin: str) -> None:
    with pytest.raises(WebSocketDisconnect) as refused:
        # Refused inside the handshake: the session never sees an accept.
        with client.websocket_connect(QUICK_WS, headers={"origin": origin}):
            pytest.fail("a socket from a foreign origin was accepted")
    assert refused.value.code == socket.POLICY


@pytest.mark.parametrize(
    "origin",
    [
        None,
        FRIEND,
        OWN,
    ],
)
def test_no_origin_the_own_one_and_an_allowed_one_pass(
    client: TestClient, origin: str | None
) -> None:
    headers = {} if origin is None else {"origin": origin}
    with client.websocket_connect(QUICK_WS, headers=headers) as ws:
        message = welcome(ws)
    assert message["snapshot"]["table"] == "quick"
    assert message["seq"] == message["snapshot"]["seq"] > 0


def test_no_hello_in_time_closes_1008(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket, "HELLO_WAIT_S", 0.3)
    with client.websocket_connect(QUICK_WS) as ws:
        code, before = close_code(ws, seconds=5)
    assert (code, before) == (socket.POLICY, [])


@pytest.mark.parametrize(
    ("send", "code"),
    [
        (lambda ws: ws.send_bytes(b'{"type": "hello"}'), socket.UNSUPPORTED),
        (lambda ws: ws.send_text("hello?"), socket.UNSUPPORTED),
        (lambda ws: ws.send_text("[1, 2]"), socket.POLICY),
        (lambda ws: ws.send_json({"type": "ping"}), socket.POLICY),  # not a hello first
        (
            lambda ws: ws.send_json({"type": "hello", "pad": "x" * socket.MAX_MESSAGE}),
            socket.TOO_BIG,
        ),
    ],
    ids=["binary", "not-json", "not-an-object", "ping-before-hello", "too-big"],
)
def test_a_bad_first_message_closes_with_its_code(client: TestClient, send: Any, code: int) -> None:
    with client.websocket_connect(QUICK_WS) as ws:
        send(ws)
        closed, before = close_code(ws)
    assert (closed, before) == (code, [])


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"type": "bet", "spot": "player"}, socket.POLICY),
        ({"type": "ping", "pad": "x" * socket.MAX_MESSAGE}, socket.TOO_BIG),
    ],
    ids=["unknown-type", "too-big"],
)
def test_a_bad_message_after_the_welcome_closes_with_its_code(
    client: TestClient, message: dict[str, Any], code: int
) -> None:
    with client.websocket_connect(QUICK_WS) as ws:
        welcome(ws)
        ws.send_json(message)
        closed, before = close_code(ws)
    assert closed == code
    assert all(m["type"] not in ("pong", "welcome") for m in before)


def test_ping_is_answered_pong_up_to_the_size_limit(client: TestClient) -> None:
    with client.websocket_connect(QUICK_WS) as ws:
        first = welcome(ws)
        frame = json.dumps({"type": "ping", "pad": ""})
        pad = "x" * (socket.MAX_MESSAGE - len(frame))
        ws.send_text(json.dumps({"type": "ping", "pad": pad}))  # exactly 4096 bytes
        reply = next_json(ws)
        while reply["type"] != "pong":  # events of the table may come first
            reply = next_json(ws)
    assert reply["seq"] >= first["seq"]


def test_a_flood_of_pings_closes_1008_after_30_messages(client: TestClient) -> None:
    with client.websocket_connect(QUICK_WS) as ws:
        ws.send_json({"type": "hello"})
        for _ in range(socket.FLOOD_MESSAGES + 10):
            ws.send_json({"type": "ping"})
        code, before = close_code(ws)
    pongs = [m for m in before if m["type"] == "pong"]
    # The hello is the first of the 30 messages a window allows: 29 pings are answered.
    assert (code, len(pongs)) == (socket.POLICY, socket.FLOOD_MESSAGES - 1)


def test_an_unknown_table_closes_4404(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/no-such-table") as ws:
        ws.send_json({"type": "hello"})
        code, before = close_code(ws)
    assert (code, before) == (socket.NO_TABLE, [])


def test_the_table_goes_on_for_others_after_every_refusal(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(socket, "HELLO_WAIT_S", 0.3)
    bad: list[tuple[str, Any]] = [
        ("hello-late", lambda ws: None),
        ("binary", lambda ws: ws.send_bytes(b"\x00")),
        ("not-json", lambda ws: ws.send_text("{")),
        ("too-big", lambda ws: ws.send_text("x" * (socket.MAX_MESSAGE + 1))),
        ("unknown-type", lambda ws: ws.send_json({"type": "hello"}) or ws.send_json({"type": "x"})),
        ("bad-token", lambda ws: ws.send_json({"type": "hello", "token": "nope"})),
    ]
    with client.websocket_connect(QUICK_WS) as watcher:
        seen = [welcome(watcher)["seq"]]
        for name, send in bad:
            with client.websocket_connect(QUICK_WS) as ws:
                send(ws)
                code, _ = close_code(ws)
            assert code in (socket.POLICY, socket.UNSUPPORTED, socket.TOO_BIG), name
        with client.websocket_connect(QUICK_WS) as flood:  # and a flood
            flood.send_json({"type": "hello"})
            for _ in range(socket.FLOOD_MESSAGES + 2):
                flood.send_json({"type": "ping"})
            assert close_code(flood)[0] == socket.POLICY
        after = snapshot(client, "quick")["seq"]
        while seen[-1] <= after:  # an event the table made after every refusal
            event = next_json(watcher, seconds=10)
            seen.append(event["seq"])
    assert seen == list(range(seen[0], seen[-1] + 1)), "the watcher missed or repeated events"


# 2. Authentication ---------------------------------------------------------------------


def test_a_bearer_token_in_hello_gives_the_players_seat(client: TestClient) -> None:
    ana = new_player(client, "ana")
    sit(client, ana, "quick", seat_name="Ana Banana")
    with client.websocket_connect(QUICK_WS) as ws:
        me = welcome(ws, token=ana.token)["snapshot"]["me"]
    assert (me["seat"], me["role"]) == ("Ana Banana", "seat")


@pytest.mark.parametrize("token", ["not-a-token", "", 12345, "t" * 201])
def test_a_bad_token_closes_1008(client: TestClient, token: Any) -> None:
    with client.websocket_connect(QUICK_WS) as ws:
        ws.send_json({"type": "hello", "token": token})
        code, before = close_code(ws)
    assert (code, before) == (socket.POLICY, [])


def test_the_cookie_counts_only_from_an_allowed_origin(client: TestClient) -> None:
    bea = new_player(client, "bea")
    sit(client, bea, "quick", seat_name="Bea Seat")
    cookie = {"cookie": f"pb_session={bea.token}"}
    with client.websocket_connect(QUICK_WS, headers={**cookie, "origin": FRIEND}) as ws:
        assert welcome(ws)["snapshot"]["me"]["seat"] == "Bea Seat"
    # No Origin: not a browser's page, and the cookie is not a credential there.
    with client.websocket_connect(QUICK_WS, headers=cookie) as ws:
        assert welcome(ws)["snapshot"]["me"] is None
    with pytest.raises(WebSocketDisconnect) as refused:
        with client.websocket_connect(
            QUICK_WS, headers={**cookie, "origin": "https://evil.example"}
        ):
            pytest.fail("a foreign page's socket was accepted with the cookie")
    assert refused.value.code == socket.POLICY


def test_the_cookie_counts_from_the_servers_own_page(client: TestClient) -> None:
    cid = new_player(client, "cid")
    sit(client, cid, "quick", seat_name="Cid Seat")
    headers = {"cookie": f"pb_session={cid.token}", "origin": OWN}
    with client.websocket_connect(QUICK_WS, headers=headers) as ws:
        assert welcome(ws)["snapshot"]["me"]["seat"] == "Cid Seat"


# 3. Resume -----------------------------------------------------------------------------


def test_resume_sends_exactly_the_missed_events_in_order(client: TestClient) -> None:
    with client.websocket_connect(QUICK_WS) as ws:
        start = welcome(ws)["seq"]
        read = [next_json(ws), next_json(ws)]
    last = read[-1]["seq"]
    assert [e["seq"] for e in read] == [start + 1, start + 2]

    def three_missed() -> list[dict[str, Any]] | None:
        missed = events_after(client, "quick", last)
        return missed if len(missed) >= 3 else None

    missed = wait_until(
        three_missed,
        timeout_s=10,
        what="three events after the disconnect",
    )
    with client.websocket_connect(QUICK_WS) as ws:
        again = welcome(ws, last_seq=last)
        got = [next_json(ws) for _ in range(len(missed) + 1)]  # and one more, live or not
    assert again == {"type": "welcome", "table": "quick", "seq": last, "resumed": True}
    assert [e["seq"] for e in got] == list(range(last + 1, last + len(got) + 1))
    assert got[: len(missed)] == missed


def test_resume_from_too_far_behind_gets_a_snapshot(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert events.CATCH_UP_LIMIT == 500
    monkeypatch.setattr(events, "CATCH_UP_LIMIT", 2)
    deadline = time.monotonic() + 20
    while (now := snapshot(client, "quick")["seq"]) <= 3:  # the module's first test, maybe
        assert time.monotonic() < deadline, "the quick table dealt nothing"
        time.sleep(0.2)
    with client.websocket_connect(QUICK_WS) as ws:
        message = welcome(ws, last_seq=now - 3)
        following = next_json(ws)
    assert "resumed" not in message
    assert message["seq"] == message["snapshot"]["seq"] >= now
    assert following["seq"] == message["seq"] + 1
    response = client.get("/api/tables/quick/events", params={"after": now - 3})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "snapshot_needed"


def test_resume_from_a_seq_the_table_never_reached_gets_a_snapshot(client: TestClient) -> None:
    now = snapshot(client, "quick")["seq"]
    with client.websocket_connect(QUICK_WS) as ws:
        message = welcome(ws, last_seq=now + 1000)
    assert "snapshot" in message


# 4. No card before its reveal ----------------------------------------------------------


def test_no_card_is_shown_before_its_reveal(client: TestClient) -> None:
    wait_for_betting(client, "quick", at_least_s=0.2)
    polls: list[dict[str, Any]] = []
    pages: list[list[dict[str, Any]]] = []
    with client.websocket_connect(QUICK_WS) as ws:
        first = welcome(ws)
        assert first["snapshot"]["round"]["phase"] == "betting"
        number = first["snapshot"]["round"]["round"]
        messages: list[dict[str, Any]] = [first]
        while not (messages[-1]["type"] == "settled" and messages[-1]["round"] == number):
            messages.append(next_json(ws, seconds=10))
            if messages[-1]["type"] in ("dealing", "burn", "card"):
                polls.append(snapshot(client, "quick"))
                pages.append(events_after(client, "quick", first["seq"]))
    assert_no_card_before_its_reveal(messages)
    received = messages[1:]
    assert [m["seq"] for m in received] == list(range(first["seq"] + 1, received[-1]["seq"] + 1))
    by_seq = {m["seq"]: m for m in received}

    def announced(upto: int, kind: str, hand: str | None = None) -> list[str]:
        return [
            m["card"]
            for m in received
            if m["seq"] <= upto and m["type"] == kind and m.get("hand") == hand
        ]

    dealt = announced(10**9, "card", "player") + announced(10**9, "card", "banker")
    partial = 0
    for poll in polls:
        round_ = poll["round"]
        assert round_["round"] == number
        seq = poll["seq"]
        assert round_["player"] == announced(seq, "card", "player"), poll
        assert round_["banker"] == announced(seq, "card", "banker"), poll
        burn = announced(seq, "burn")
        assert (round_["burn"] or {}).get("card") == (burn[0] if burn else None), poll
        partial += 0 < len(round_["player"]) + len(round_["banker"]) < len(dealt)
    assert partial, "no snapshot was read while the cards were being revealed"
    for page in pages:
        assert page == [by_seq[e["seq"]] for e in page]
        assert_no_card_before_its_reveal(page)
    # What was revealed is what was stored, and all of it.
    stored = stored_round(client, first["snapshot"]["round"]["round_id"])
    assert stored.cards is not None
    assert sorted(dealt) == sorted(stored.cards.split())
    assert announced(10**9, "burn")[:1] == ([stored.burn_shown] if stored.burn_shown else [])


def test_the_reveal_check_catches_a_leak_and_allows_a_repeated_code() -> None:
    """The check above is not vacuous: a card shown early fails it, a code dealt twice not."""
    burn = {"type": "burn", "round": 4, "card": "Qc", "seq": 2}
    again = {"type": "card", "round": 4, "hand": "banker", "card": "Qc", "seq": 3}
    assert_no_card_before_its_reveal([burn, {"type": "snapshot", "round": {"round": 4}}, again])
    leak = {"type": "dealing", "round": 4, "seq": 2, "hands": {"banker": ["Qc"]}}
    with pytest.raises(AssertionError, match="Qc"):
        assert_no_card_before_its_reveal([leak, again])
    twice = {"type": "snapshot", "round": {"round": 4, "banker": ["Qc", "Qc"]}}
    with pytest.raises(AssertionError, match="Qc"):
        assert_no_card_before_its_reveal([burn, twice, again])


# 5. REST -------------------------------------------------------------------------------


def test_bets_after_the_close_are_refused_and_change_nothing(client: TestClient) -> None:
    dan = new_player(client, "dan")
    sit(client, dan, "quick", seat_name="Dan Seat")
    wait_for_closed(client, "quick")
    balance, rows = dan.balance(), ledger_rows(client, dan.id)
    for lang, response in in_each_language(
        lambda query, headers: put_bets(
            client, dan, "quick", {"player": 500}, query=query, headers=headers
        )
    ):
        assert_refused(response, 409, "betting_closed", lang)
    assert (dan.balance(), ledger_rows(client, dan.id)) == (balance, rows)


def test_the_same_key_replays_the_answer_without_a_second_hold(client: TestClient) -> None:
    eva = new_player(client, "eva")
    sit(client, eva, "long", seat_name="Eva Seat")
    wait_for_betting(client, "long", at_least_s=5)
    before = eva.balance()
    first = put_bets(client, eva, "long", {"player": 700, "tie": 200}, key="same-key")
    assert first.status_code == 200, first.text
    rows = ledger_rows(client, eva.id)
    again = put_bets(client, eva, "long", {"tie": 200, "player": 700}, key="same-key")
    assert again.status_code == 200
    assert again.json() == first.json()
    assert first.json()["balance_minor"] == eva.balance() == before - 900
    assert ledger_rows(client, eva.id) == rows
    assert snapshot(client, "long", eva)["me"]["bets"] == {"player": 700, "tie": 200}
    for lang, response in in_each_language(
        lambda query, headers: put_bets(
            client, eva, "long", {"player": 800}, key="same-key", query=query, headers=headers
        )
    ):
        assert_refused(response, 409, "idempotency_conflict", lang)
    assert (eva.balance(), ledger_rows(client, eva.id)) == (before - 900, rows)


def _refused_and_nothing_held(
    client: TestClient,
    player: Player,
    bets: dict[str, Any],
    status: int,
    code: str,
) -> None:
    """Each language's PUT is refused with ``code``, and the wallet and ledger are untouched."""
    balance, rows = player.balance(), ledger_rows(client, player.id)
    for lang, response in in_each_language(
        lambda query, headers: put_bets(client, player, "long", bets, query=query, headers=headers)
    ):
        assert_refused(response, status, code, lang)
    assert (player.balance(), ledger_rows(client, player.id)) == (balance, rows)


def test_a_spectator_cannot_bet(client: TestClient) -> None:
    fay = new_player(client, "fay")
    sit(client, fay, "long", role="spectator", seat_name="Fay Watches")
    wait_for_betting(client, "long", at_least_s=5)
    _refused_and_nothing_held(client, fay, {"player": 500}, 409, "spectator_cannot_bet")


def test_a_player_not_seated_cannot_bet(client: TestClient) -> None:
    gus = new_player(client, "gus")
    wait_for_betting(client, "long", at_least_s=5)
    _refused_and_nothing_held(client, gus, {"player": 500}, 409, "not_seated")


def test_a_bet_over_the_limit_is_the_cores_refusal(client: TestClient) -> None:
    hal = new_player(client, "hal")
    sit(client, hal, "long", seat_name="Hal Seat")
    wait_for_betting(client, "long", at_least_s=5)
    bets = {"tie": LONG.limits().maxima_minor[bet_kind("tie")] + 100}
    table = Table(PRESETS[LONG.preset], LONG.limits(), balance_minor=hal.balance())
    with pytest.raises(BaccaratError) as core:
        table.verify_bets([Bet(bet_kind(spot), stake) for spot, stake in bets.items()])
    _refused_and_nothing_held(client, hal, bets, 422, core.value.code)


def test_bets_over_the_balance_are_402(client: TestClient) -> None:
    ivy = new_player(client, "ivy")
    sit(client, ivy, "long", seat_name="Ivy Seat")
    wait_for_betting(client, "long", at_least_s=5)
    bets = {"player": 50_000, "banker": 50_000, "tie": 10_000}
    assert ivy.balance() < sum(bets.values())
    _refused_and_nothing_held(client, ivy, bets, 402, "insufficient_funds")


def test_a_seat_name_may_not_be_the_account_or_taken(client: TestClient) -> None:
    jon, kim = new_player(client, "jon"), new_player(client, "kim")
    username = client.get("/api/me", headers=jon.headers).json()["username"]
    for lang, response in in_each_language(
        lambda query, headers: client.post(
            f"/api/tables/long/seat{query}",
            json={"seat_name": username.upper()},
            headers={**jon.headers, **headers},
        )
    ):
        assert_refused(response, 422, "seat_name_is_account", lang)
    sit(client, kim, "long", seat_name="Lucky Seven")
    for lang, response in in_each_language(
        lambda query, headers: client.post(
            f"/api/tables/long/seat{query}",
            json={"seat_name": "lucky seven"},
            headers={**jon.headers, **headers},
        )
    ):
        assert_refused(response, 409, "seat_name_taken", lang)
    assert snapshot(client, "long", jon)["me"] is None
    assert snapshot(client, "long", kim)["me"]["seat"] == "Lucky Seven"


# 6. Disconnect -------------------------------------------------------------------------


def test_a_player_who_leaves_the_socket_is_settled_as_one_who_stays(client: TestClient) -> None:
    lea, max_ = new_player(client, "lea"), new_player(client, "max")
    sit(client, lea, "quick", seat_name="Lea Leaves")
    sit(client, max_, "quick", seat_name="Max Stays")
    bets = {"banker": 1500, "tie": 300}
    before = {lea.id: lea.balance(), max_.id: max_.balance()}
    wait_for_betting(client, "quick", at_least_s=1.5)
    with client.websocket_connect(QUICK_WS) as stays:
        round_id = welcome(stays, token=max_.token)["snapshot"]["round"]["round_id"]
        with client.websocket_connect(QUICK_WS) as leaves:
            assert welcome(leaves, token=lea.token)["snapshot"]["me"]["seat"] == "Lea Leaves"
            for player in (lea, max_):
                answer = put_bets(client, player, "quick", bets)
                assert answer.status_code == 200, answer.text
        # Lea's socket is closed: the round goes on without it.
        settled = next_json(stays, seconds=10)
        while settled["type"] != "settled":
            settled = next_json(stays, seconds=10)
    stored = stored_round(client, round_id)
    assert stored.phase == "settled" and stored.cards is not None
    rules = PRESETS[QUICK.preset]
    result = play_coup(parse_cards(stored.cards), rules)
    expected = settle([Bet(bet_kind(s), v) for s, v in bets.items()], result, rules)
    stake = sum(bets.values())
    for player in (lea, max_):
        assert player.balance() == before[player.id] - stake + expected.payout_minor
    seats = {s["seat"]: (s["staked"], s["payout"]) for s in settled["seats"]}
    assert seats == {
        "Lea Leaves": (stake, expected.payout_minor),
        "Max Stays": (stake, expected.payout_minor),
    }
    with client.app.state.sessions() as session, session.begin():  # type: ignore[attr-defined]
        report = reconcile(session)
    assert report.ok, report.as_dict()
    assert report.open_holds == []
    assert round_id not in report.shared_rounds_open


# Events' contents: the road (once without its own round) ---------------------------------


def test_the_settled_events_road_ends_with_its_own_outcome(client: TestClient) -> None:
    settled = wait_until(
        lambda: [e for e in events_after(client, "quick", 0) if e["type"] == "settled"],
        timeout_s=15,
        what="a settled round",
    )
    assert not [e for e in events_after(client, "quick", 0) if e["type"] == "shoe_ended"]
    # One shoe so far: each settled event's road is every outcome up to its own.
    outcomes = [event["outcome"] for event in settled]
    for index, event in enumerate(settled):
        assert event["road"] == outcomes[: index + 1], event
