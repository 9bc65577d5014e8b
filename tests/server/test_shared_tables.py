"""The shared tables' round cycle, driven step by step on a clock the test moves.

The dealer's loop is not running here: each test calls ``advance`` itself, so a round
takes no time and every phase can be inspected. The oracles are independent of the
code under test: the provably fair shoe recomputed from the published seeds
(``core.fairness.fair_shoe``), the coup played again from the cards (``core.coup``), and
the ledger's reconciliation.
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from puntobanco.core.bets import Bet, bet_kind, settle
from puntobanco.core.cards import parse_cards
from puntobanco.core.coup import play_coup
from puntobanco.core.fairness import fair_shoe
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import PRESETS, Rules
from puntobanco.core.shoe import Shoe
from puntobanco.server.errors import ApiError
from puntobanco.server.ledger.check import reconcile
from puntobanco.server.models import LedgerEntry
from puntobanco.server.shared import dealer as dealer_module
from puntobanco.server.shared import dealing, export, seats, squeeze, views
from puntobanco.server.shared import events as shared_events
from puntobanco.server.shared.catalog import open_tables
from puntobanco.server.shared.config import SharedTableConfig
from puntobanco.server.shared.cycle import reveal_steps
from puntobanco.server.shared.dealing import advance
from puntobanco.server.shared.events import events_after
from puntobanco.server.shared.lease import LeaseLost, take_lease
from puntobanco.server.shared.models import Phase, SharedRound, SharedShoe, SharedTableRow
from tests.server.conftest import Clock, Player, sessions_of

TABLE = SharedTableConfig(id="salon", name="Salón", betting_seconds=10, reveal_ms=0)


class Table:
    """One table, stepped by a holder of its lease."""

    def __init__(
        self, client: TestClient, config: SharedTableConfig = TABLE, holder: str = "a"
    ) -> None:
        self.client = client
        self.sessions = sessions_of(client)
        self.id = config.id
        self.holder = holder
        self.events: list[dict[str, Any]] = []
        with self.sessions() as session, session.begin():
            open_tables(session, [config])

    def lease(self, holder: str | None = None) -> bool:
        with self.sessions() as session, session.begin():
            return take_lease(session, self.id, holder or self.holder, lease_s=5)

    def step(self, holder: str | None = None, *, renew: bool = True) -> dealing.Step:
        """One step by ``holder``, after renewing its lease as the dealer does each second."""
        if renew:
            self.lease(holder)
        with self.sessions() as session, session.begin():
            step = advance(session, self.id, holder or self.holder)
        self.events += step.events
        return step

    def run_until(self, phase: Phase, clock: Clock, *, limit: int = 40) -> None:
        for _ in range(limit):
            if self.round() is not None and self.round().phase == phase.value:
                return
            step = self.step()
            clock.advance(step.wait_s)
            self.lease()
        raise AssertionError(f"never reached {phase}")

    def round(self) -> SharedRound:
        with self.sessions() as session:
            found = dealing.current_round(session, self.id)
            assert found is not None
            session.expunge(found)
            return found

    def sit(self, player: Player, name: str, role: str = "seat") -> None:
        with self.sessions() as session, session.begin():
            seats.sit(
                session, self.id, player.id, role=role, seat_name=name, client_seed=f"seed-{name}"
            )

    def bet(self, player: Player, stakes: dict[str, int], key: str) -> seats.Answer:
        with self.sessions() as session, session.begin():
            return seats.put_bets(session, self.id, player.id, stakes, key=key, fingerprint=key)


def _types(events: list[dict[str, Any]]) -> list[str]:
    return [event["type"] for event in events]


def test_reveal_steps_are_the_cards_in_the_order_dealt() -> None:
    """Against the coup as dealt: the steps show every card once, in the shoe's order."""
    rules = Rules()
    shoe = Shoe(rules, SeededSource(11))
    for _ in range(300):
        result = shoe.deal_coup()
        cards = " ".join(card.code for card in result.cards)
        burn = result.burn
        steps = reveal_steps(
            cards,
            burn_shown=None if burn is None else burn.shown.code,
            burn_face_down=None if burn is None else len(burn.face_down),
            rules=rules,
        )
        shown = [step.card for step in steps if step.kind == "card"]
        assert shown == cards.split()
        assert [s.kind for s in steps][-1] == "result" and steps[-1].data[
            "outcome"
        ] == result.outcome.value
        assert (steps[0].kind == "burn") == (burn is not None)
        # Each step's totals are those of the cards shown so far, hand by hand; the
        # hands end as the coup's.
        hands: dict[str, list[int]] = {"player": [], "banker": []}
        for step in (s for s in steps if s.kind == "card"):
            assert step.hand is not None and step.card is not None
            hands[step.hand].append(parse_cards(step.card)[0].points)
            assert step.data["player_total"] == sum(hands["player"]) % 10
            assert step.data["banker_total"] == sum(hands["banker"]) % 10
        assert len(hands["player"]) == len(result.player_cards)
        assert len(hands["banker"]) == len(result.banker_cards)


def test_a_round_from_the_bets_to_the_settlement(app_client: TestClient, clock: Clock) -> None:
    alice, bob = Player(app_client, "alice"), Player(app_client, "bob")
    start = {p.id: p.balance() for p in (alice, bob)}
    table = Table(app_client)
    assert table.lease()
    table.step()  # opens round 1 on shoe 1
    assert _types(table.events) == ["shoe_started", "round_opened"]
    table.sit(alice, "Ana")
    table.sit(bob, "Bruno")
    table.bet(alice, {"banker": 1_000, "tie": 200}, "a1")
    table.bet(alice, {"banker": 700}, "a2")  # lowered: 300 and the tie released
    table.bet(bob, {"player": 2_500}, "b1")
    assert alice.balance() == start[alice.id] - 700 and bob.balance() == start[bob.id] - 2_500

    table.run_until(Phase.SETTLED, clock)
    kinds = _types(table.events)
    assert kinds[:5] == [
        "shoe_started",
        "round_opened",
        "bets",
        "betting_closed",
        "client_seed_fixed",
    ]
    assert kinds[5] == "dealing" and kinds[6] == "burn"
    # The dealer announced the bets once, at the close: every seat that changed, the totals.
    announced = table.events[2]
    assert announced["totals"] == {"banker": 700, "player": 2_500}
    assert announced["players"] == {"banker": 1, "player": 1}
    assert announced["seats"] == [
        {"seat": "Ana", "bets": {"banker": 700}},
        {"seat": "Bruno", "bets": {"player": 2_500}},
    ]
    assert kinds[-2:] == ["result", "settled"]
    round_ = table.round()
    assert round_.cards is not None
    result = play_coup(parse_cards(round_.cards), PRESETS["punto-banco"])
    # Each player's money, from the cards by the core alone.
    for player, stakes in ((alice, {"banker": 700}), (bob, {"player": 2_500})):
        settlement = settle(
            [Bet(bet_kind(s), v) for s, v in stakes.items()], result, PRESETS["punto-banco"]
        )
        assert player.balance() == start[player.id] + settlement.net_minor
    settled = table.events[-1]
    assert {seat["seat"] for seat in settled["seats"]} == {"Ana", "Bruno"}
    assert settled["road"] == [result.outcome.value]
    with table.sessions() as session:
        report = reconcile(session)
        assert report.ok and report.open_holds == [] and report.shared_rounds_open == []
        held = session.execute(
            select(func.sum(LedgerEntry.amount_minor)).where(
                LedgerEntry.account == "house_pending", LedgerEntry.shared_round_id == round_.id
            )
        ).scalar_one()
        assert held == 0


def test_the_cards_are_the_published_shoes(app_client: TestClient, clock: Clock) -> None:
    """Cards, burn and client seed recomputed from what the table publishes."""
    player = Player(app_client, "alice")
    table = Table(app_client)
    table.lease()
    table.step()
    table.sit(player, "Ana")
    table.bet(player, {"player": 100}, "k")
    for _ in range(3):
        table.run_until(Phase.SETTLED, clock)
        clock.advance(dealing.RESULT_PAUSE_S)
        table.step()
    fixed = next(e for e in table.events if e["type"] == "client_seed_fixed")
    assert fixed["seeds"] == [{"seat": "Ana", "client_seed": "seed-Ana"}]
    assert fixed["client_seed"] == dealing.shoe_client_seed(["seed-Ana"], "salon", 1)
    with table.sessions() as session:
        shoe = session.execute(select(SharedShoe)).scalar_one()
        rounds = (
            session.execute(
                select(SharedRound)
                .where(SharedRound.phase == Phase.SETTLED.value)
                .order_by(SharedRound.number)
            )
            .scalars()
            .all()
        )
        order = fair_shoe(bytes.fromhex(shoe.server_seed), fixed["client_seed"], 1, decks=8)
        assert rounds[0].burn_shown == order[0].code
        for round_ in rounds:
            assert round_.cards is not None and round_.first_card is not None
            cards = round_.cards.split()
            assert cards == [
                c.code for c in order[round_.first_card : round_.first_card + len(cards)]
            ]
        # Rounds follow each other in the shoe: no card dealt twice, none skipped.
        for before, after in zip(rounds, rounds[1:], strict=False):
            assert after.first_card == before.first_card + len(before.cards.split())  # type: ignore[operator, union-attr]
    burn = next(e for e in table.events if e["type"] == "burn")
    assert burn["card"] == order[0].code and burn["face_down"] == min(order[0].points or 10, 10)


def test_no_event_before_its_reveal_carries_a_card(app_client: TestClient, clock: Clock) -> None:
    player = Player(app_client, "alice")
    table = Table(app_client)
    table.lease()
    table.step()
    table.sit(player, "Ana")
    table.bet(player, {"banker": 100}, "k")
    table.run_until(Phase.DEALING, clock)
    round_ = table.round()
    assert round_.cards is not None
    dealt = round_.cards.split()
    with table.sessions() as session:
        # Dealt and stored, nothing revealed: the snapshot and the events show no card.
        snap = views.snapshot(session, "salon", player.id)
        assert snap["round"]["player"] == [] and snap["round"]["banker"] == []
        assert snap["round"]["burn"] is None
        logged = events_after(session, "salon", 0)
        assert logged is not None
        assert all("card" not in event for event in logged)
    shown: dict[str, list[str]] = {"player": [], "banker": []}
    while table.round().phase == Phase.DEALING.value:
        before = len(table.events)
        table.step()
        for event in table.events[before:]:
            if event["type"] == "card":
                shown[event["hand"]].append(event["card"])
        with table.sessions() as session:
            snap = views.snapshot(session, "salon", None)["round"]
        # The snapshot shows exactly what the card events have shown, hand by hand.
        assert snap["player"] == shown["player"] and snap["banker"] == shown["banker"]
    assert sorted(shown["player"] + shown["banker"]) == sorted(dealt)


def test_a_bet_after_the_close_is_refused_and_debits_nothing(
    app_client: TestClient, clock: Clock
) -> None:
    player = Player(app_client, "alice")
    table = Table(app_client)
    table.lease()
    table.step()
    table.sit(player, "Ana")
    before = player.balance()
    clock.advance(TABLE.betting_seconds)  # the countdown is over, the dealer not yet round
    with pytest.raises(ApiError) as refused:
        table.bet(player, {"banker": 100}, "late")
    assert refused.value.status == 409 and refused.value.code == "betting_closed"
    table.step()
    with pytest.raises(ApiError):
        table.bet(player, {"banker": 100}, "later")
    assert player.balance() == before
    with table.sessions() as session:
        assert (
            session.execute(
                select(func.count())
                .select_from(LedgerEntry)
                .where(LedgerEntry.shared_round_id.is_not(None))
            ).scalar_one()
            == 0
        )


def test_the_same_key_replays_and_another_body_is_refused(
    app_client: TestClient, clock: Clock
) -> None:
    player = Player(app_client, "alice")
    table = Table(app_client)
    table.lease()
    table.step()
    table.sit(player, "Ana")
    first = table.bet(player, {"banker": 500}, "k1")
    again = table.bet(player, {"banker": 500}, "k1")
    assert again.body == first.body and again.events == []
    assert player.balance() == 100_000 - 500
    with table.sessions() as session, session.begin():
        with pytest.raises(ApiError) as conflict:
            seats.put_bets(
                session, "salon", player.id, {"banker": 900}, key="k1", fingerprint="other"
            )
    assert conflict.value.code == "idempotency_conflict"


def test_one_dealer_at_a_time_and_a_successor_finishes_the_round(
    app_client: TestClient, clock: Clock
) -> None:
    player = Player(app_client, "alice")
    table = Table(app_client)
    assert table.lease("a") and not table.lease("b")
    table.step("a")
    assert not table.lease("b")
    table.sit(player, "Ana")
    table.bet(player, {"player": 1_000}, "k")
    table.run_until(Phase.DEALING, clock)
    table.step("a")
    table.step("a")  # two reveal steps announced by a
    cards = table.round().cards
    clock.advance(6)  # a stops renewing; its lease expires
    with pytest.raises(LeaseLost):
        table.step("a", renew=False)
    assert table.lease("b")
    while table.round().phase != Phase.SETTLED.value:
        table.step("b")
    round_ = table.round()
    assert round_.cards == cards  # finished on the cards a had dealt
    with table.sessions() as session:
        journals = session.execute(
            select(func.count(func.distinct(LedgerEntry.journal))).where(
                LedgerEntry.journal.like(f"shared-settle:{round_.id}:%")
            )
        ).scalar_one()
        assert journals == 1 and reconcile(session).ok
    with table.sessions() as session:
        logged = events_after(session, "salon", 0)
    assert logged is not None
    steps = [e["step"] for e in logged if e["type"] in ("burn", "card", "result")]
    assert steps == list(range(1, len(steps) + 1))  # each step announced once, in order
    assert [e["seq"] for e in logged] == list(range(1, len(logged) + 1))  # no gap, no repeat


def test_the_squeeze_waits_for_the_largest_bettor(app_client: TestClient, clock: Clock) -> None:
    alice, bob, carol = (Player(app_client, name) for name in ("alice", "bob", "carol"))
    config = SharedTableConfig(id="vip", name="VIP", betting_seconds=10, reveal_ms=0, squeeze=True)
    table = Table(app_client, config)
    table.lease()
    table.step()
    table.sit(alice, "Ana")
    table.sit(bob, "Bruno")
    table.sit(carol, "Carla")
    table.bet(alice, {"player": 1_000}, "a")
    table.bet(carol, {"player": 1_000}, "c")  # equal stake, later: Ana squeezes
    table.bet(bob, {"banker": 500}, "b")
    table.run_until(Phase.DEALING, clock)
    table.step()  # the burn (a new shoe)
    step = table.step()  # the first Player card is offered, not shown
    offered = table.events[-1]
    assert offered["type"] == "squeeze" and offered["seat"] == "Ana" and offered["hand"] == "player"
    assert "card" not in offered and step.wake
    with table.sessions() as session, session.begin():
        with pytest.raises(ApiError) as refused:
            dealing.turn_card(session, "vip", bob.id, offered["step"])
        assert refused.value.code == "squeeze_not_yours"
    with table.sessions() as session:
        waiting = views.snapshot(session, "vip", None)["round"]["waiting"]
    assert waiting == {
        "step": offered["step"],
        "hand": "player",
        "slot": 0,
        "seat": "Ana",
        "until": offered["until"],
    }
    with table.sessions() as session, session.begin():
        turned = dealing.turn_card(session, "vip", alice.id, offered["step"])
    assert turned[0]["type"] == "card" and turned[0]["by"] == "Ana"
    table.step()  # the Banker's first card: offered to Bruno
    assert table.events[-1]["type"] == "squeeze" and table.events[-1]["seat"] == "Bruno"
    clock.advance(config.squeeze_seconds)  # Bruno does not turn it: the dealer does
    table.step()
    assert table.events[-1]["type"] == "card" and table.events[-1]["by"] == "dealer"
    with table.sessions() as session:
        public = views.snapshot(session, "vip", None)["round"]["squeeze"]
    assert public["player"] == "Ana" and public["banker"] == "Bruno"
    assert "user_id" not in json.dumps(public)


def test_a_squeezer_who_left_leaves_the_cards_to_the_dealer(
    app_client: TestClient, clock: Clock
) -> None:
    alice = Player(app_client, "alice")
    config = SharedTableConfig(id="vip", name="VIP", betting_seconds=10, reveal_ms=0, squeeze=True)
    table = Table(app_client, config)
    table.lease()
    table.step()
    table.sit(alice, "Ana")
    table.bet(alice, {"player": 1_000}, "a")
    with table.sessions() as session, session.begin():
        seats.leave(session, "vip", alice.id)
    table.run_until(Phase.SETTLED, clock)
    assert "squeeze" not in _types(table.events)
    with table.sessions() as session:
        assert squeeze.state(session.get(SharedRound, table.round().id)) == {  # type: ignore[arg-type]
            "offered": {},
            "player": None,
            "banker": None,
        }


def test_an_operator_closes_a_table_at_the_end_of_its_round(
    app_client: TestClient, clock: Clock
) -> None:
    table = Table(app_client)
    table.lease()
    table.step()
    closed = app_client.post(
        "/api/admin/tables/salon/close", headers={"X-Admin-Token": "test-admin-token"}
    )
    assert closed.status_code == 200, closed.text
    table.run_until(Phase.SETTLED, clock)
    clock.advance(dealing.RESULT_PAUSE_S)
    table.step()
    assert table.events[-1]["type"] == "table_closed"
    assert app_client.get("/api/tables").json()["tables"] == []
    assert not table.lease()  # a closed table is dealt by nobody
    # Its shoe never reaches the cut card: the seed is revealed at the close all the same,
    # and what was dealt verifies.
    ended = table.events[-2]
    assert ended["type"] == "shoe_ended" and ended["ended_by"] == "table_closed"
    with table.sessions() as session:
        exported = export.shoe_export(session, "salon", 1)
    assert exported["ended_by"] == "table_closed"
    assert export.check_shoe(json.loads(json.dumps(exported))).mismatch is None


def test_the_configured_tables_open_change_and_close(app_client: TestClient) -> None:
    sessions = sessions_of(app_client)
    first = SharedTableConfig(id="one", name="One")
    with sessions() as session, session.begin():
        open_tables(session, [first, SharedTableConfig(id="two", name="Two")])
    with sessions() as session, session.begin():
        open_tables(session, [first.model_copy(update={"name": "Uno", "minimum_minor": 500})])
    with sessions() as session:
        rows = {row.id: row for row in session.execute(select(SharedTableRow)).scalars()}
    assert (
        rows["one"].name == "Uno" and json.loads(rows["one"].settings_json)["minimum_minor"] == 500
    )
    assert rows["two"].status == "closing"


def test_the_lobby_lists_shared_and_private_tables(app_client: TestClient, clock: Clock) -> None:
    player = Player(app_client, "alice")
    table = Table(app_client)
    table.lease()
    table.step()
    table.sit(player, "Ana", role="spectator")
    lobby = app_client.get("/api/tables", headers=player.headers).json()
    (tile,) = lobby["tables"]
    assert tile["id"] == "salon" and tile["phase"] == "betting" and tile["spectators"] == 1
    assert tile["my_role"] == "spectator" and tile["shoe"]["server_seed"] is None
    assert len(tile["shoe"]["server_seed_hash"]) == 64
    assert {t["kind"] for t in lobby["private"]} == {"private", "chemin", "banque"}
    app_client.cookies.clear()
    anonymous = app_client.get("/api/tables").json()["tables"][0]
    assert anonymous["my_role"] is None


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ('[{"id": "a", "name": "A"}, {"id": "a", "name": "B"}]', "shared_tables_repeated"),
        ("not json", "shared_tables_json"),
        ('[{"id": "Bad Id", "name": "A"}]', "string_pattern_mismatch"),
        ('[{"id": "a", "name": "A", "preset": "chemin-de-fer"}]', "unknown_preset"),
        (
            '[{"id": "a", "name": "A", "minimum_minor": 500, "maximum_minor": 100}]',
            "maximum_below_minimum",
        ),
    ],
)
def test_bad_shared_tables_settings_are_refused(
    value: str, code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pydantic import ValidationError

    from puntobanco.server.settings import Settings

    monkeypatch.setenv("PUNTOBANCO_SHARED_TABLES", value)
    with pytest.raises(ValidationError) as refused:
        Settings()
    assert refused.value.errors()[0]["type"] == code


def test_random_seat_names_hide_the_account(app_client: TestClient) -> None:
    player = Player(app_client, "alice")
    table = Table(app_client)
    with table.sessions() as session, session.begin():
        answer = seats.sit(
            session, "salon", player.id, role="seat", seat_name=None, client_seed=None
        )
    assert "alice" not in answer.body["seat_name"] and len(answer.body["client_seed"]) == 32


def test_the_tables_spread_over_the_dealing_processes(app_client: TestClient, clock: Clock) -> None:
    sessions = sessions_of(app_client)
    with sessions() as session, session.begin():
        open_tables(session, [SharedTableConfig(id=f"t{i}", name=f"T{i}") for i in range(5)])
    first = dealer_module.Dealer(sessions, app_client.app.state.shared_bus, holder="first")  # type: ignore[attr-defined]
    second = dealer_module.Dealer(sessions, app_client.app.state.shared_bus, holder="second")  # type: ignore[attr-defined]
    assert len(first._renew()) == 5  # alone: every table
    assert second._renew() == set()  # none free yet
    kept = first._renew()  # two alive: its share is 3, it gives 2 back
    taken = second._renew()
    assert len(kept) == 3 and len(taken) == 2 and not kept & taken
    clock.advance(6)  # the first stops: its leases expire, and it is not seen alive
    assert len(second._renew()) == 5


def test_old_events_are_pruned_and_a_late_client_gets_a_snapshot(
    app_client: TestClient, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(app_client)
    table.lease()
    table.step()  # shoe_started, round_opened: written "8 days ago"
    monkeypatch.setattr(shared_events, "utcnow", lambda: clock.now + timedelta(days=8))
    with table.sessions() as session, session.begin():
        assert shared_events.prune(session, keep_days=7) == 2
    with table.sessions() as session, session.begin():
        assert shared_events.prune(session, keep_days=7) == 0
        assert events_after(session, "salon", 0) == []
        # The numbers go on after the pruned ones: none is given twice.
        assert shared_events.emit(session, "salon", [("seat", {})])[0]["seq"] == 3


def test_the_seats_seeds_are_kept_with_their_shoe(app_client: TestClient, clock: Clock) -> None:
    player = Player(app_client, "alice")
    table = Table(app_client)
    table.lease()
    table.step()
    table.sit(player, "Ana")
    table.bet(player, {"player": 100}, "k")
    table.run_until(Phase.CLOSED, clock)
    with table.sessions() as session:
        shoe = session.execute(select(SharedShoe)).scalar_one()
    assert json.loads(shoe.seeds_json or "null") == [{"seat": "Ana", "client_seed": "seed-Ana"}]


def test_the_dealer_announces_the_bets_that_changed_every_tick(
    app_client: TestClient, clock: Clock
) -> None:
    alice, bob = Player(app_client, "alice"), Player(app_client, "bob")
    table = Table(app_client)
    table.lease()
    assert table.step().wait_s == pytest.approx(0.5)  # from the opening on, every tick
    table.sit(alice, "Ana")
    table.sit(bob, "Bruno")
    clock.advance(0.1)
    assert table.bet(alice, {"banker": 500}, "a1").events == []  # no event of its own
    step = table.step()
    assert step.wait_s == pytest.approx(0.5)
    first = table.events[-1]
    assert first["type"] == "bets" and first["seats"] == [{"seat": "Ana", "bets": {"banker": 500}}]
    before = len(table.events)
    clock.advance(0.5)
    table.step()
    assert len(table.events) == before  # nothing changed: nothing announced
    clock.advance(0.1)
    table.bet(bob, {"player": 300}, "b1")
    table.bet(alice, {}, "a2")  # cancelled
    clock.advance(0.5)
    table.step()
    last = table.events[-1]
    assert last["seats"] == [
        {"seat": "Ana", "bets": {}},
        {"seat": "Bruno", "bets": {"player": 300}},
    ]
    assert last["totals"] == {"player": 300} and last["players"] == {"player": 1}


@pytest.mark.timeout(60)
def test_a_bet_in_flight_neither_holds_the_dealers_tick_nor_is_lost(
    app_client: TestClient, clock: Clock, database_url: str
) -> None:
    """The ticks during the countdown take no lock on the round (PostgreSQL: bets go on
    together; a lock would wait for every bet in flight, as the close does)."""
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite writes one transaction at a time")
    alice, bob = Player(app_client, "alice"), Player(app_client, "bob")
    table = Table(app_client)
    table.lease()
    table.step()
    table.sit(alice, "Ana")
    table.sit(bob, "Bruno")
    table.bet(alice, {"banker": 500}, "a1")
    with table.sessions() as in_flight:
        in_flight.begin()
        # Bruno's bet is written but not committed: it holds the round (shared) and his wallet.
        seats.put_bets(in_flight, table.id, bob.id, {"player": 300}, key="b1", fingerprint="b1")
        clock.advance(0.5)
        table.step()  # not held by the bet in flight
        announced = table.events[-1]
        assert announced["type"] == "bets" and announced["totals"] == {"banker": 500}
        assert announced["seats"] == [{"seat": "Ana", "bets": {"banker": 500}}]
        in_flight.commit()
    clock.advance(0.5)
    table.step()  # the next tick announces it, once
    announced = table.events[-1]
    assert announced["seats"] == [{"seat": "Bruno", "bets": {"player": 300}}]
    assert announced["totals"] == {"banker": 500, "player": 300}
    before = len(table.events)
    clock.advance(0.5)
    table.step()
    assert len(table.events) == before


def test_the_same_key_sent_twice_at_once_bets_once(app_client: TestClient, clock: Clock) -> None:
    import threading

    player = Player(app_client, "alice")
    table = Table(app_client)
    table.lease()
    table.step()
    table.sit(player, "Ana")
    start = threading.Barrier(2)
    answers: list[Any] = []

    def send() -> None:
        start.wait()
        answers.append(table.bet(player, {"banker": 700}, "twice").body)

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(answers) == 2 and answers[0] == answers[1]
    assert player.balance() == 100_000 - 700
    with table.sessions() as session:
        holds = session.execute(
            select(func.count()).select_from(LedgerEntry).where(LedgerEntry.kind == "hold")
        ).scalar_one()
    assert holds == 2  # one journal: the wallet's entry and house_pending's
