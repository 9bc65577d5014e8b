"""A small in-memory stand-in for the HTTP API of CONTRACTS.md C, built on the core.

Used to develop and test the web table while the real server is not on main, and
to script shoes (``--seed``, ``--cards``). Run:
``python tests/web/contract_fake.py --port 8001 [--preset online] [--seed 7]``.
Only what the page calls is here; the real ``puntobanco serve`` is the reference.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import os
import secrets
from fractions import Fraction
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI, Header, Request
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from puntobanco.core.bets import settle, verify_bets
from puntobanco.core.cards import Card
from puntobanco.core.coup import CoupResult, Event
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import describe, error_message
from puntobanco.core.rng import SeededSource
from puntobanco.core.roads import RoundMark, roads_json
from puntobanco.core.rules import ShoeMode, TableLimits, preset
from puntobanco.core.shoe import Shoe

STATIC = Path(__file__).resolve().parents[2] / "src" / "puntobanco" / "web" / "static"


def _lang(request: Request) -> str:
    q = request.query_params.get("lang")
    if q in ("en", "es"):
        return q
    return "es" if request.headers.get("accept-language", "").startswith("es") else "en"


def _err(status: int, code: str, message: str, **params: Any) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": code, "message": message, "params": params}}, status_code=status
    )


def _card(card: Card) -> dict[str, Any]:
    return {
        "code": card.code,
        "rank": card.rank.symbol,
        "suit": card.suit.value,
        "points": card.points,
        "text": str(card),
    }


def _event(event: Event, lang: str) -> dict[str, Any]:
    return {
        "kind": event.kind.value,
        "side": None if event.side is None else event.side.value,
        "card": None if event.card is None else _card(event.card),
        "total": event.total,
        "reason": None if event.reason is None else event.reason.value,
        "text": describe(event, lang),
    }


def create_app(preset_name: str, seed: int | None, cards: str | None) -> FastAPI:
    app = FastAPI()
    presets = ["online", "punto-banco", "punto-banco-6", "punto-banco-pairs", "super-6"]
    env = os.environ.get
    limits = TableLimits(
        minimum_minor=int(env("PUNTOBANCO_MINIMUM_MINOR", "100")),
        maximum_minor=int(env("PUNTOBANCO_MAXIMUM_MINOR", "50000")),
        maxima_minor={"tie": int(env("PUNTOBANCO_TIE_MAXIMUM_MINOR", "10000"))},
    )
    state: dict[str, Any] = {"users": {}, "tokens": {}}
    tables: dict[int, dict[str, Any]] = {}

    def table_of(user: dict[str, Any]) -> dict[str, Any]:
        # Each player has a table of their own, as in the contract; seeded per player.
        if user["id"] not in tables:
            tables[user["id"]] = {"rounds": []}
            choose(tables[user["id"]], preset_name, user["id"])
        return tables[user["id"]]

    def choose(table: dict[str, Any], name: str, uid: int) -> None:
        rules = preset(name)
        if cards:
            shoe = Shoe.from_str(cards)
        else:
            shoe = Shoe(rules, SeededSource(seed + uid) if seed is not None else None)
        table.update(preset=name, rules=rules, shoe=shoe, marks=[], index=-1)

    seed_hex = secrets.token_hex(32)
    fairness = {
        "server_seed_hash": hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest(),
        "client_seed": "puntobanco",
        "nonce": 1,
    }
    ids = itertools.count(1)
    results: dict[int, tuple[CoupResult, list[dict[str, Any]], dict[str, Any]]] = {}
    keys: dict[str, int] = {}

    def user_of(request: Request) -> dict[str, Any] | None:
        token = request.cookies.get("pb_session") or request.headers.get(
            "authorization", ""
        ).removeprefix("Bearer ")
        return state["tokens"].get(token)

    def login(user: dict[str, Any], status: int) -> JSONResponse:
        token = secrets.token_hex(16)
        state["tokens"][token] = user
        resp = JSONResponse({"user": public(user), "token": token}, status_code=status)
        resp.set_cookie("pb_session", token, httponly=True, samesite="lax")
        return resp

    def public(user: dict[str, Any]) -> dict[str, Any]:
        return {k: user[k] for k in ("id", "username", "guest", "balance_minor")}

    def unauth() -> JSONResponse:
        return _err(401, "unauthenticated", "Log in first.")

    @app.middleware("http")
    async def faults(request: Request, call_next: Any) -> Any:
        if request.url.path == "/api/rounds" and request.method == "POST":
            if request.headers.get("x-fake-fault") == "500":
                return _err(500, "internal", "Something went wrong on the server.")
        return await call_next(request)

    @app.post("/api/auth/register")
    async def register(request: Request) -> Response:
        body = await request.json()
        name = str(body.get("username", ""))
        if len(name) < 3 or len(str(body.get("password", ""))) < 8:
            return _err(422, "invalid_credentials_format", "Username 3+ and password 8+.")
        if name in state["users"]:
            return _err(409, "username_taken", f"The name {name!r} is taken.")
        user = {"id": next(ids), "username": name, "guest": False, "balance_minor": 100_000}
        user["password"] = body["password"]
        state["users"][name] = user
        return login(user, 201)

    @app.post("/api/auth/login")
    async def login_(request: Request) -> Response:
        body = await request.json()
        user = state["users"].get(body.get("username"))
        if user is None or user["password"] != body.get("password"):
            msg = {"en": "Wrong user name or password.", "es": "Usuario o contraseña incorrectos."}
            return _err(401, "bad_credentials", msg[_lang(request)])
        return login(user, 200)

    @app.post("/api/auth/guest")
    async def guest() -> Response:
        n = next(ids)
        user = {"id": n, "username": f"guest-{n}", "guest": True, "balance_minor": 100_000}
        return login(user, 201)

    @app.post("/api/auth/logout")
    async def logout(request: Request) -> Response:
        state["tokens"].pop(request.cookies.get("pb_session"), None)
        resp = Response(status_code=204)
        resp.delete_cookie("pb_session")
        return resp

    @app.get("/api/me")
    async def me(request: Request) -> Response:
        user = user_of(request)
        return JSONResponse(public(user)) if user else unauth()

    @app.post("/api/wallet/top-up")
    async def top_up(request: Request) -> Response:
        user = user_of(request)
        if not user:
            return unauth()
        body = await request.json()
        user["balance_minor"] += int(body["amount_minor"])
        return JSONResponse({"balance_minor": user["balance_minor"]})

    @app.put("/api/table")
    async def put_table(request: Request) -> Response:
        user = user_of(request)
        if not user:
            return unauth()
        name = (await request.json()).get("preset")
        if name not in presets:
            return _err(422, "unknown_preset", f"Unknown table {name!r}.")
        if table_of(user)["preset"] != name:
            choose(table_of(user), name, user["id"])
        return await table(request)

    @app.get("/api/table")
    async def table(request: Request) -> Response:
        user = user_of(request)
        if not user:
            return unauth()
        rules = table_of(user)["rules"]
        return JSONResponse(
            {
                "presets": presets,
                "rules": {
                    "name": table_of(user)["preset"],
                    "decks": rules.decks,
                    "shoe_mode": rules.shoe_mode.value,
                    "cut_card": rules.cut_card,
                    "player_pays": str(rules.player_pays),
                    "banker_commission": str(rules.banker_commission),
                    "tie_pays": str(rules.tie_pays),
                    "banker_six_pays": None
                    if rules.banker_six_pays is None
                    else str(rules.banker_six_pays),
                    "pair_pays": None if rules.pair_pays is None else str(rules.pair_pays),
                    "offered_bets": [k.value for k in rules.offered_bets],
                },
                "limits": {
                    "minimum_minor": limits.minimum_minor,
                    "maximum_minor": limits.maximum_minor,
                    "maxima_minor": {k.value: v for k, v in limits.maxima_minor.items()},
                },
                "fairness": fairness,
            }
        )

    def round_json(rid: int, lang: str) -> dict[str, Any]:
        result, settlement, extra = results[rid]
        return {
            "id": rid,
            "created_at": "2026-11-30T00:00:00Z",
            "bets": [{"bet": s["bet"], "stake_minor": s["stake_minor"]} for s in settlement],
            "cards": [_card(c) for c in result.cards],
            "player_cards": [_card(c) for c in result.player_cards],
            "banker_cards": [_card(c) for c in result.banker_cards],
            "player_total": result.player_total,
            "banker_total": result.banker_total,
            "outcome": result.outcome.value,
            "natural": result.natural,
            "player_pair": result.player_pair,
            "banker_pair": result.banker_pair,
            "events": [_event(e, lang) for e in result.events],
            "settlement": settlement,
            **extra,
        }

    @app.post("/api/rounds")
    async def rounds(
        request: Request, idempotency_key: str | None = Header(default=None)
    ) -> Response:
        user = user_of(request)
        if not user:
            return unauth()
        lang = _lang(request)
        if idempotency_key and idempotency_key in keys:
            return JSONResponse(round_json(keys[idempotency_key], lang), status_code=201)
        body = await request.json()
        rules = table_of(user)["rules"]
        try:
            bets = verify_bets(
                dict(body.get("bets", {})),
                rules=rules,
                limits=limits,
                balance_minor=user["balance_minor"],
            )
        except BaccaratError as exc:
            status = 402 if exc.code == "insufficient_funds" else 422
            return _err(status, exc.code, error_message(exc, lang), **exc.params)
        table = table_of(user)
        result = table["shoe"].deal_coup()
        done = settle(bets, result, rules)
        net = done.net_minor
        user["balance_minor"] += net
        if result.shoe_index != table["index"]:
            table["index"], table["marks"] = result.shoe_index, []
        table["marks"].append(RoundMark.of(result))
        settlement = [
            {
                "bet": s.bet.kind.value,
                "stake_minor": s.bet.stake_minor,
                "resolution": s.resolution.value,
                "winnings_minor": s.winnings_minor,
                "payout_minor": s.payout_minor,
                "net_minor": s.net_minor,
                "commission": str(s.commission),
                "rounded_away": str(s.rounded_away),
            }
            for s in done.bets
        ]
        rid = next(ids)
        table["rounds"].append(rid)
        burn = result.burn
        results[rid] = (
            result,
            settlement,
            {
                "net_minor": net,
                "balance_minor": user["balance_minor"],
                "shoe": {
                    "index": result.shoe_index,
                    "round_in_shoe": result.round_in_shoe,
                    "last_in_shoe": result.last_in_shoe,
                    "burn": None
                    if burn is None
                    else {"shown": _card(burn.shown), "face_down": len(burn.face_down)},
                },
                "fairness": dict(fairness),
            },
        )
        if idempotency_key:
            keys[idempotency_key] = rid
        if rules.shoe_mode is ShoeMode.RESHUFFLE or result.last_in_shoe:
            fairness["nonce"] += 1
        return JSONResponse(round_json(rid, lang), status_code=201)

    @app.get("/api/rounds/{rid}")
    async def one_round(request: Request, rid: int) -> Response:
        user = user_of(request)
        if not user or rid not in table_of(user)["rounds"]:
            return _err(404, "not_found", "No such round.")
        return JSONResponse(round_json(rid, _lang(request)))

    @app.get("/api/rounds")
    async def recall(request: Request, limit: int = 20) -> Response:
        user = user_of(request)
        if not user:
            return unauth()
        lang = _lang(request)
        ids_ = sorted(table_of(user)["rounds"], reverse=True)[:limit]
        return JSONResponse({"rounds": [round_json(i, lang) for i in ids_], "next_before": None})

    @app.get("/api/shoe")
    async def shoe_(request: Request) -> Response:
        user = user_of(request)
        if not user:
            return unauth()
        table = table_of(user)
        marks: list[RoundMark] = table["marks"]
        edges = None
        if table["rules"].shoe_mode is ShoeMode.CUT_CARD:
            edges = {
                "banker": {"house_edge": 0.010579, "exact": str(Fraction(1, 94))},
                "player": {"house_edge": 0.012351, "exact": str(Fraction(1, 81))},
                "tie": {"house_edge": 0.143596, "exact": str(Fraction(1, 7))},
            }
        return JSONResponse(
            {
                "index": max(table["index"], 0),
                "rounds": [
                    {
                        "outcome": m.outcome.value,
                        "player_pair": m.player_pair,
                        "banker_pair": m.banker_pair,
                        "natural": m.natural,
                        "winning_total": m.winning_total,
                    }
                    for m in marks
                ],
                "stats": {
                    "banker": sum(m.outcome.value == "banker" for m in marks),
                    "player": sum(m.outcome.value == "player" for m in marks),
                    "tie": sum(m.outcome.value == "tie" for m in marks),
                    "naturals": sum(m.natural for m in marks),
                    "player_pairs": sum(m.player_pair for m in marks),
                    "banker_pairs": sum(m.banker_pair for m in marks),
                },
                "roads": roads_json(marks),
                "cards_remaining": table["shoe"].cards_remaining,
                "edges": edges,
            }
        )

    @app.post("/api/fairness/client-seed")
    async def client_seed(request: Request) -> Response:
        body = await request.json()
        fairness["client_seed"] = str(body["client_seed"])
        return JSONResponse(fairness)

    @app.post("/api/fairness/rotate")
    async def rotate() -> Response:
        nonlocal seed_hex
        old = seed_hex
        seed_hex = secrets.token_hex(32)
        fairness["server_seed_hash"] = hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()
        fairness["nonce"] = 1
        return JSONResponse(
            {
                "revealed_server_seed": old,
                "server_seed_hash": fairness["server_seed_hash"],
                "next": fairness,
            }
        )

    @app.post("/api/fairness/verify")
    async def verify(request: Request) -> Response:
        return JSONResponse({"rounds_checked": len(results), "mismatches": []})

    app.mount("/", StaticFiles(directory=STATIC, html=True), name="static")
    return app


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8001)
    parser.add_argument("--preset", default=os.environ.get("PUNTOBANCO_DEFAULT_PRESET", "online"))
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--cards", default=None)
    args = parser.parse_args()
    uvicorn.run(
        create_app(args.preset, args.seed, args.cards),
        host="127.0.0.1",
        port=args.port,
        log_level="warning",
    )


if __name__ == "__main__":
    main()
