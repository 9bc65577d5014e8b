from __future__ import annotations

import itertools

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from sqlalchemy import insert, text, update
from sqlalchemy.exc import IntegrityError

from puntobanco.server.ledger.check import reconcile
from puntobanco.server.ledger.wallet import Account, EntryKind, Movement, post
from puntobanco.server.models import LedgerEntry, Wallet
from puntobanco.server.settings import Settings
from tests.server.conftest import ADMIN, Player, ledger_check

_NAMES = itertools.count()


def test_top_up_within_documented_limits(
    client: TestClient, alice: Player, settings: Settings
) -> None:
    ok = client.post("/api/wallet/top-up", json={"amount_minor": 2_500}, headers=alice.headers)
    assert ok.status_code == 200 and ok.json() == {"balance_minor": settings.grant_minor + 2_500}
    for amount in (0, -5, settings.top_up_max_minor + 1):
        bad = client.post(
            "/api/wallet/top-up?lang=es", json={"amount_minor": amount}, headers=alice.headers
        )
        assert bad.status_code == 422 and bad.json()["error"]["code"] == "top_up_range"
        assert "recarga" in bad.json()["error"]["message"]
    for amount in (10.5, "100", 100.0, None):
        bad = client.post(
            "/api/wallet/top-up", json={"amount_minor": amount}, headers=alice.headers
        )
        assert bad.status_code == 422 and bad.json()["error"]["code"] == "invalid_request"
    assert alice.balance() == settings.grant_minor + 2_500
    assert ledger_check(client)["ok"] is True


def test_top_up_never_passes_the_cap(client: TestClient, alice: Player, settings: Settings) -> None:
    room = settings.balance_cap_minor - alice.balance()
    while room > 0:
        step = min(room, settings.top_up_max_minor)
        assert (
            client.post(
                "/api/wallet/top-up", json={"amount_minor": step}, headers=alice.headers
            ).status_code
            == 200
        )
        room -= step
    over = client.post("/api/wallet/top-up", json={"amount_minor": 1}, headers=alice.headers)
    assert over.status_code == 422 and over.json()["error"]["params"]["room"] == 0
    assert alice.balance() == settings.balance_cap_minor


def test_entries_of_a_round_balance_both_sides(client: TestClient, alice: Player) -> None:
    r = alice.bet({"banker": 1_000, "tie": 100}).json()
    engine = client.app.state.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT journal, account, kind, amount_minor FROM ledger_entries "
                "WHERE round_id = :r ORDER BY id"
            ),
            {"r": r["id"]},
        ).all()
    wallet = sum(a for _, account, _, a in rows if account == "wallet")
    house = sum(a for _, account, _, a in rows if account == "house_game")
    assert wallet == r["net_minor"] and house == -r["net_minor"]
    stakes = [a for _, account, kind, a in rows if account == "wallet" and kind == "stake"]
    assert sorted(stakes) == [-1_000, -100]
    if r["outcome"] == "banker":
        kinds = {(kind, a) for _, account, kind, a in rows if account == "wallet"}
        assert ("payout", 2_000) in kinds and ("commission", -50) in kinds


def test_database_refuses_a_negative_balance_and_a_second_settlement(
    client: TestClient, alice: Player
) -> None:
    r = alice.bet({"player": 100}).json()
    sessions = client.app.state.sessions  # type: ignore[attr-defined]
    with pytest.raises(IntegrityError), sessions.begin() as session:
        session.execute(update(Wallet).where(Wallet.user_id == alice.id).values(balance_minor=-1))
    with pytest.raises(IntegrityError), sessions.begin() as session:
        post(
            session,
            user_id=alice.id,
            journal="bogus",
            movements=[Movement(EntryKind.GRANT, -(10**9), Account.HOUSE_BANK)],
        )
    # A second stake entry for the same (round, bet) cannot be written.
    with pytest.raises(IntegrityError), sessions.begin() as session:
        post(
            session,
            user_id=alice.id,
            journal="dup",
            movements=[Movement(EntryKind.STAKE, -100, Account.HOUSE_GAME, r["id"], "player")],
        )
    assert ledger_check(client)["ok"] is True


def test_the_check_finds_what_is_wrong(client: TestClient, alice: Player) -> None:
    """The reconciliation can fail: tamper with the books in three ways."""
    alice.bet({"player": 100})
    sessions = client.app.state.sessions  # type: ignore[attr-defined]
    with sessions.begin() as session:
        session.execute(
            update(Wallet)
            .where(Wallet.user_id == alice.id)
            .values(balance_minor=Wallet.balance_minor + 1)
        )
        session.execute(
            insert(LedgerEntry).values(
                journal="stray", account="house_bank", user_id=None, kind="grant", amount_minor=7
            )
        )
    with sessions.begin() as session:
        report = reconcile(session)
    assert report.ok is False
    assert report.balance_differences == [
        {
            "user_id": alice.id,
            "balance_minor": alice.balance(),
            "entries_minor": alice.balance() - 1,
        }
    ]
    assert report.unbalanced_journals == [{"journal": "stray", "total_minor": 7}]
    assert report.entries_total_minor == 7
    body = ledger_check(client)
    assert body["ok"] is False and body["balance_differences"]


def test_admin_endpoints_need_the_token(client: TestClient) -> None:
    assert client.get("/api/admin/ledger/check").status_code == 403
    wrong = client.get("/api/admin/ledger/check", headers={"X-Admin-Token": ADMIN + "x"})
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "admin_forbidden"


@hsettings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    ops=st.lists(
        st.one_of(
            st.tuples(st.just("top_up"), st.integers(-10, 120_000)),
            st.tuples(
                st.just("bet"),
                st.dictionaries(
                    st.sampled_from(["player", "banker", "tie", "pair"]),
                    st.integers(-100, 60_000),
                    max_size=3,
                ),
            ),
        ),
        max_size=8,
    )
)
def test_property_entries_always_sum_to_the_balance(client: TestClient, ops: list) -> None:  # type: ignore[type-arg]
    """Any sequence of top-ups and bets, valid or not: the books always reconcile."""
    player = Player(client, f"prop{next(_NAMES)}")
    expected = player.balance()
    for op, arg in ops:
        if op == "top_up":
            response = client.post(
                "/api/wallet/top-up", json={"amount_minor": arg}, headers=player.headers
            )
            if response.status_code == 200:
                expected += arg
        else:
            response = player.bet(arg)
            if response.status_code == 201:
                expected += response.json()["net_minor"]
        assert response.status_code < 500, response.text
        assert player.balance() == expected >= 0
    assert ledger_check(client)["ok"] is True


def test_a_retried_top_up_adds_once(client: TestClient, alice: Player, settings: Settings) -> None:
    headers = {**alice.headers, "Idempotency-Key": "topup-1"}
    first = client.post("/api/wallet/top-up", json={"amount_minor": 700}, headers=headers)
    again = client.post("/api/wallet/top-up", json={"amount_minor": 700}, headers=headers)
    assert first.json() == again.json() == {"balance_minor": settings.grant_minor + 700}
    assert again.headers["Idempotent-Replayed"] == "true"
    other = client.post("/api/wallet/top-up", json={"amount_minor": 800}, headers=headers)
    assert other.status_code == 409 and other.json()["error"]["code"] == "idempotency_conflict"
    assert alice.balance() == settings.grant_minor + 700
    assert ledger_check(client)["ok"] is True
