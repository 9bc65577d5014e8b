"""Replay a Baccarat Banque round from a revealed server seed: its cards, decisions and payouts.

For each settled round (as ``GET /api/banque/rounds`` returns it, or as stored):

1. the cards: the shoe's cards by the published specification
   (:func:`puntobanco.server.verify.shoe_prefix`, independent of the dealing code), from
   the round's ``first_card``, must be the round's cards;
2. the coup: those cards played by :func:`~puntobanco.core.banque.coup.play_banque` with the
   recorded decisions (each must be asked at its point, in order: the hand, its total and,
   for the Banker, what he saw of each tableau; none may be left over) must take exactly
   those cards and give each hand's cards and each tableau's outcome;
3. the money: the recorded stakes settled on that coup by
   :func:`~puntobanco.core.banque.table.settle_banque` against the recorded bank and
   commission rate must give each bet's result, net and payout, the bank's net, the
   commission (rounded down) and the bank after.

The computer's choices (the tableau the player does not hold, and the Banker) are drawn
again too: the house's strategy (:func:`puntobanco.server.games.banque.game.solution`, the same for
every round at a commission rate) asked at each of them, in order, with the stream
:func:`~puntobanco.core.streams.table_choice_stream` keyed by the server seed's first 8 bytes,
the shoe and the round, must have made the recorded choice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

from sqlalchemy.orm import Session

from puntobanco.core.banque.coup import BANQUE_RULES, BanqueCoup, BanquePoint, play_banque
from puntobanco.core.banque.table import BanqueBet, Spot, settle_banque
from puntobanco.core.cards import parse_cards
from puntobanco.core.streams import server_seed_key, table_choice_stream
from puntobanco.server.games.banque.game import solution
from puntobanco.server.games.banque.render import VARIANT, rounds_json
from puntobanco.server.games.render import parse_column
from puntobanco.server.games.replay import Comparison, recorded_cards, settled_under, verify_settled
from puntobanco.server.models import BanqueRound
from puntobanco.server.verify import Mismatch


class _Off(Exception):
    """A recorded decision that does not fit the coup's choice point."""


def _codes(hand: Mapping[str, Any]) -> str:
    return " ".join(c["code"] for c in hand["cards"])


def _decider(
    server_seed: bytes, rnd: Mapping[str, Any], compared: Comparison
) -> tuple[Callable[[BanquePoint], bool], Iterator[Mapping[str, Any]]]:
    """The recorded decisions, asked in order (each computer's drawn again and compared).

    Returns:
        The decider, and the decisions it has not been asked yet.
    """
    fair = rnd["fairness"]
    asked = iter(rnd["decisions"])
    stream = table_choice_stream(
        server_seed_key(server_seed), int(fair["shoe_index"]), int(fair["round_in_shoe"])
    )
    computer = solution(Fraction(rnd["commission_rate"])).strategy().decider(stream)

    def decide(point: BanquePoint) -> bool:
        d = next(asked, None)
        if d is None:
            raise _Off(f"no decision recorded for {point.hand} on {point.total}")
        at = (
            d["hand"],
            int(d["total"]),
            parse_column(d["left_column"]),
            parse_column(d["right_column"]),
        )
        if at != (point.hand, point.total, point.left, point.right):
            raise _Off(f"{at} recorded where the coup asks {point}")
        if d["computer"]:
            drawn = "draw" if computer(point) else "stand"
            compared.differ(f"decision {d['position']} (computer)", d["choice"], drawn)
        return bool(d["choice"] == "draw")

    return decide, asked


def verify_banque_round(server_seed: bytes, rnd: Mapping[str, Any]) -> list[Mismatch]:
    """The values of one settled round that the replay does not reproduce (none: it checks).

    Raises:
        KeyError, TypeError, ValueError: ``rnd`` is not a round as the API writes it.
    """
    compared = Comparison(int(rnd["id"]))
    differ = compared.differ
    recorded = recorded_cards(server_seed, rnd, compared)
    decide, left = _decider(server_seed, rnd, compared)

    def play() -> BanqueCoup:
        rule = BANQUE_RULES[rnd["banker_rule"]]
        coup = play_banque(parse_cards(" ".join(recorded)), decide=decide, rule=rule)
        if next(left, None) is not None:
            raise _Off("decisions left over")
        return coup

    coup = compared.attempt("decisions", play, (_Off,))
    if coup is None:
        return compared.mismatches
    differ("card_count", len(recorded), len(coup.cards))
    for name, hand in (("right", coup.right), ("left", coup.left)):
        differ(f"{name} cards", _codes(rnd[name]), " ".join(c.code for c in hand.cards))
        differ(f"{name} outcome", rnd[name]["outcome"], hand.outcome.value)
    differ("banker cards", _codes(rnd["banker"]), " ".join(c.code for c in coup.banker_cards))
    _check_money(rnd, coup, compared)
    return compared.mismatches


def _check_money(rnd: Mapping[str, Any], coup: BanqueCoup, compared: Comparison) -> None:
    """The recorded stakes settled on the coup: each bet's result, the bank's and commission."""
    differ = compared.differ
    bets = [BanqueBet("you", Spot(b["spot"]), int(b["stake_minor"])) for b in rnd["bets"]]
    bank = int(rnd["bank"]["before_minor"])
    commission = Fraction(rnd["commission_rate"])
    settlement = compared.attempt(
        "bets", lambda: settle_banque(coup, bets, bank=bank, commission=commission)
    )
    if settlement is None:
        return
    for b, r in zip(rnd["bets"], settlement.results, strict=True):
        differ(f"{b['spot']} outcome", b["outcome"], r.outcome)
        differ(f"{b['spot']} net_minor", b["net_minor"], r.net)
        differ(f"{b['spot']} payout_minor", b["payout_minor"], r.bet.stake + r.net)
    differ("bank net_minor", rnd["bank"]["net_minor"], settlement.banker_net)
    differ("commission_minor", rnd["commission_minor"], settlement.commission)
    differ("rounded_away", rnd["rounded_away"], str(settlement.rounded_away))
    differ("bank after_minor", rnd["bank"]["after_minor"], settlement.bank_after)


def verify_banque_rounds(
    server_seed: bytes, rounds: Sequence[Mapping[str, Any]]
) -> tuple[int, list[Mismatch]]:
    """Replay the settled Banque rounds dealt under ``server_seed``: (checked, mismatches)."""
    return verify_settled(server_seed, rounds, verify_banque_round, VARIANT)


def verify_banque_seed(session: Session, server_seed: bytes) -> tuple[int, list[Mismatch]]:
    """Replay every settled Banque round stored under a revealed seed of this value."""
    rows = settled_under(session, BanqueRound, server_seed)
    return verify_banque_rounds(server_seed, rounds_json(session, rows))
