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
        ("banker 10.005", "thousands_ambiguous"),  # 10005 in Spanish
        ("banker 10.0055", "sub_minor"),
        ("banker 10 q", "command_alone"),
        ("banker " + "9" * 5000, "too_large"),  # not int()'s ValueError
        ("banker 1.000", "thousands_ambiguous"),  # without a language: unclear
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


PP, BP = BetKind.PLAYER_PAIR, BetKind.BANKER_PAIR


@pytest.mark.parametrize(
    ("line", "bets"),
    [
        # A spot named in several words, as the "Allowed:" line and the help write it.
        ("player pair 5", ((PP, 500),)),
        ("Player Pair 5, banker pair 2", ((PP, 500), (BP, 200))),
        ("banker pair 5 tie 2", ((BP, 500), (T, 200))),
        ("pareja jugador 5", ((PP, 500),)),
        ("pareja de banca 5; empate 1", ((BP, 500), (T, 100))),
        ("player 5 pair", None),  # "pair" alone is no spot
    ],
)
def test_spot_names_in_several_words(
    line: str, bets: tuple[tuple[BetKind, int], ...] | None
) -> None:
    if bets is None:
        with pytest.raises(InvalidBet):
            parse_line(line)
    else:
        assert parse_line(line).bets == bets


@pytest.mark.parametrize(
    ("lang", "line", "bets"),
    [
        ("en", "b 1,000", ((B, 100_000),)),
        ("en", "b 1,000.50, t 2", ((B, 100_050), (T, 200))),
        ("en", "b 1 000", ((B, 100_000),)),
        ("en", "b 1 000.50 t 2", ((B, 100_050), (T, 200))),
        ("en", "b 1 000 000", ((B, 100_000_000),)),
        ("es", "banca 1.000", ((B, 100_000),)),
        ("es", "banca 1.000,50, empate 2", ((B, 100_050), (T, 200))),
        ("es", "banca 1 000", ((B, 100_000),)),
        ("es", "banca 1 000,50 empate 2,5", ((B, 100_050), (T, 250))),
        ("es", "b 10 e 2", ((B, 1000), (T, 200))),  # small amounts are never joined
        ("en", "b 10 t 200", ((B, 1000), (T, 20_000))),
    ],
)
def test_thousands_in_the_players_language(
    lang: str, line: str, bets: tuple[tuple[BetKind, int], ...]
) -> None:
    assert parse_line(line, lang=lang).bets == bets


@pytest.mark.parametrize(
    ("lang", "line", "code"),
    [
        ("en", "b 1.000", "thousands_separator"),
        ("es", "banca 1,000", "thousands_separator"),
        (None, "b 1,000", "thousands_ambiguous"),
        ("en", "b 1000 000", "missing_bet"),  # a space groups three digits after 1 to 3
        ("es", "b 1 00", "missing_bet"),
    ],
)
def test_thousands_refused(lang: str | None, line: str, code: str) -> None:
    with pytest.raises(InvalidBet) as caught:
        parse_line(line, lang=lang)
    assert caught.value.code == code


def test_commands_are_the_same_in_both_languages() -> None:
    # parse_line reads commands without the language: a letter means one thing in both.
    for word, kind in COMMAND_ALIASES.items():
        assert parse_line(word, lang="en").kind is kind
        assert parse_line(word, lang="es").kind is kind
    for word in (
        "ayuda",
        "a",
        "salir",
        "resumen",
        "repetir",
        "explicar",
        "marcador",
        "m",
        "reglas",
    ):
        assert word in COMMAND_ALIASES
    assert COMMAND_ALIASES["s"] is CommandKind.SUMMARY  # as in English; salir is q or salir
