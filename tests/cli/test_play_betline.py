"""Parsing the line typed at the prompt."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puntobanco.cli.betline import BET_ALIASES, COMMAND_ALIASES, CommandKind, parse_line
from puntobanco.core.errors import InvalidBet
from puntobanco.core.rules import BetKind

B, P, T = BetKind.BANKER, BetKind.PLAYER, BetKind.TIE


@pytest.mark.parametrize(
    ("line", "bets"),
    [
        ("banker 10, tie 2", ((B, 1000), (T, 200))),
        ("b 10 t 2", ((B, 1000), (T, 200))),
        ("  B 10   T 2  ", ((B, 1000), (T, 200))),
        ("banca 10, empate 2,50", ((B, 1000), (T, 250))),
        ("jugador 7.5; banca 1", ((P, 750), (B, 100))),
        ("player 0.01", ((P, 1),)),
        ("p 5,t 1", ((P, 500), (T, 100))),
        ("b10 t2", ((B, 1000), (T, 200))),
        ("Jugador 3 EMPATE 1", ((P, 300), (T, 100))),
        ("punto 4 banco 4", ((P, 400), (B, 400))),
        ("e 1", ((T, 100),)),
        ("j 2", ((P, 200),)),
        ("b 10 b 5", ((B, 1000), (B, 500))),
        ("pp 1 bp 2", ((BetKind.PLAYER_PAIR, 100), (BetKind.BANKER_PAIR, 200))),
        (
            "pareja-jugador 1 pareja_banca 2",
            ((BetKind.PLAYER_PAIR, 100), (BetKind.BANKER_PAIR, 200)),
        ),
        ("b 10.50", ((B, 1050),)),
        ("b .5", ((B, 50),)),
        ("b 0", ((B, 0),)),  # zero is refused later, by Bet / verify_bets
    ],
)
def test_bets(line: str, bets: tuple[tuple[BetKind, int], ...]) -> None:
    command = parse_line(line)
    assert command.kind is CommandKind.BETS
    assert command.bets == bets


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("r", CommandKind.REBET),
        ("Repetir", CommandKind.REBET),
        ("x", CommandKind.EXPLAIN),
        ("explicación", CommandKind.EXPLAIN),
        ("h", CommandKind.HELP),
        ("?", CommandKind.HELP),
        ("ayuda", CommandKind.HELP),
        ("reglas", CommandKind.RULES),
        ("q", CommandKind.QUIT),
        ("s", CommandKind.SUMMARY),
        ("resumen", CommandKind.SUMMARY),
        ("marcador", CommandKind.BOARD),
        ("board", CommandKind.BOARD),
        ("salir", CommandKind.QUIT),
        ("", CommandKind.EMPTY),
        ("   ", CommandKind.EMPTY),
        (" , ; ", CommandKind.EMPTY),
    ],
)
def test_commands(line: str, kind: CommandKind) -> None:
    assert parse_line(line).kind is kind


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("foo 10", "unknown_word"),
        ("banker 10, foo 2", "unknown_word"),
        ("banker", "missing_amount"),
        ("banker tie 2", "missing_amount"),
        ("10", "missing_bet"),
        ("10 banker", "missing_bet"),
        ("banker abc", "not_a_number"),
        ("banker ten", "not_a_number"),
        ("banker 1.2.3", "not_a_number"),
        ("banker -5", "negative"),
        ("b-5", "negative"),
        ("banker 0.001", "sub_minor"),
        ("banker 10.005", "sub_minor"),
        ("banker 10 q", "command_alone"),
        ("banker " + "9" * 5000, "too_large"),  # not int()'s ValueError
        ("banker 1.000", "sub_minor"),  # never read as a thousands separator
    ],
)
def test_refused(line: str, code: str) -> None:
    with pytest.raises(InvalidBet) as caught:
        parse_line(line)
    assert caught.value.code == code


def test_no_alias_is_both_a_bet_and_a_command() -> None:
    assert not set(BET_ALIASES) & set(COMMAND_ALIASES)


@given(
    st.lists(
        st.tuples(st.sampled_from(sorted(BET_ALIASES)), st.integers(1, 10**9)),
        min_size=1,
        max_size=5,
    ),
    st.sampled_from([" ", ", ", "; ", " ,  "]),
)
def test_any_written_amount_parses_exactly(pairs: list[tuple[str, int]], sep: str) -> None:
    line = sep.join(f"{word} {cents // 100}.{cents % 100:02d}" for word, cents in pairs)
    command = parse_line(line)
    assert command.bets == tuple((BET_ALIASES[w], cents) for w, cents in pairs)
