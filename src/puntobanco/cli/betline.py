"""What the player types at the prompt: bets in one line, or a command.

A bet line is pairs of a spot and an amount, in English or Spanish, separated
by spaces, commas or semicolons: ``banker 10, tie 2``, ``b 10 t 2``,
``banca 10 empate 2,50``. A spot's name may be written in several words, as
the game writes it (``player pair 5``, ``pareja de banca 5``). A comma between
digits belongs to the amount. Amounts are in major units and go through
:func:`puntobanco.core.money.parse_amount` in the player's language, so they
are exact to the cent and a thousand is read as the language writes it
(``1,000`` in English, ``1.000`` in Spanish, ``1 000`` in both). Stakes are
not checked here against the table or the balance: that is
:func:`puntobanco.core.bets.verify_bets`' job.

Commands are the same in both languages: a letter or word means one thing,
whichever language the game speaks (``r`` repeats, ``s`` shows the summary,
``q`` quits, in English and Spanish alike), and each language's words work.

>>> parse_line("b 10, tie 2.5").bets
((<BetKind.BANKER: 'banker'>, 1000), (<BetKind.TIE: 'tie'>, 250))
>>> parse_line("player pair 1 000", lang="en").bets
((<BetKind.PLAYER_PAIR: 'player_pair'>, 100000),)
>>> parse_line("REPETIR").kind.value
'rebet'
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum

from puntobanco.cli.spots import SIDE_ALIASES
from puntobanco.core.errors import InvalidBet
from puntobanco.core.money import parse_amount
from puntobanco.core.rules import BetKind


class CommandKind(StrEnum):
    """What a line asks for."""

    BETS = "bets"
    REBET = "rebet"
    EXPLAIN = "explain"
    HELP = "help"
    RULES = "rules"
    BOARD = "board"
    SUMMARY = "summary"
    QUIT = "quit"
    EMPTY = "empty"


#: Every word that names a bet spot, English and Spanish, after :func:`_normalise`.
BET_ALIASES: dict[str, BetKind] = {
    **dict.fromkeys(("p", "player", "punto", "j", "jugador"), BetKind.PLAYER),
    **dict.fromkeys(("b", "banker", "bank", "banco", "banca"), BetKind.BANKER),
    **dict.fromkeys(("t", "tie", "e", "empate"), BetKind.TIE),
    **dict.fromkeys(
        ("pp", "playerpair", "pj", "parejajugador", "parejadejugador"), BetKind.PLAYER_PAIR
    ),
    **dict.fromkeys(
        ("bp", "bankerpair", "pb", "parejabanca", "parejadebanca"), BetKind.BANKER_PAIR
    ),
    **SIDE_ALIASES,
}

#: Every word that names a command.
COMMAND_ALIASES: dict[str, CommandKind] = {
    **dict.fromkeys(("r", "rebet", "repeat", "again", "repetir", "otra"), CommandKind.REBET),
    **dict.fromkeys(("x", "explain", "explicar", "explicacion"), CommandKind.EXPLAIN),
    **dict.fromkeys(("h", "a", "?", "help", "ayuda"), CommandKind.HELP),
    **dict.fromkeys(("rules", "reglas", "tableau", "cuadro"), CommandKind.RULES),
    **dict.fromkeys(("m", "board", "roads", "marcador", "tablero"), CommandKind.BOARD),
    **dict.fromkeys(("s", "summary", "stats", "resumen", "estadisticas"), CommandKind.SUMMARY),
    **dict.fromkeys(("q", "quit", "exit", "salir", "fin"), CommandKind.QUIT),
}

# A separator is whitespace, a semicolon, or a comma that is not a decimal comma.
_SEPARATORS = re.compile(r"[\s;]+|,(?!\d)|(?<!\d),")
# A word glued to its amount ("b10", "banca-5") splits where the amount starts.
_GLUED = re.compile(r"^([^\d+\-.,]+?)([+\-]?[\d.,]+)$")
# An amount grouped by spaces ("1 000", "12 500,50") is split by the separators above:
# a group of three digits after a number of one to three digits (or one already joined)
# is joined back to it.
_GROUP_HEAD = re.compile(r"[+\-]?\d{1,3}(?: \d{3})*", re.ASCII)
_GROUP_TAIL = re.compile(r"\d{3}(?:[.,]\d*)?", re.ASCII)
#: The most words a spot's name has ("pareja de banca").
_LONGEST_NAME = 3


@dataclass(frozen=True, slots=True)
class Command:
    """One parsed line.

    Attributes:
        kind: Bets, or one of the commands.
        bets: For ``BETS``: (spot, stake in minor units) in the order typed.
    """

    kind: CommandKind
    bets: tuple[tuple[BetKind, int], ...] = ()


def _normalise(word: str) -> str:
    """Lower case, no accents, no hyphens or underscores: ``Éxplicación`` -> ``explicacion``."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return plain.replace("-", "").replace("_", "")


def _is_amount(token: str) -> bool:
    return token[:1].isdigit() or token[:1] in "+-.," and token[1:2].isdigit()


def _tokens(line: str) -> list[str]:
    tokens: list[str] = []
    for raw in _SEPARATORS.split(line.strip()):
        if not raw:
            continue
        glued = _GLUED.match(raw)
        if glued and not _is_amount(raw):
            tokens.extend(glued.groups())
        elif (
            tokens
            and _GROUP_HEAD.fullmatch(tokens[-1])
            and _GROUP_TAIL.fullmatch(raw)
            and not _names_with_number(tokens)
        ):
            tokens[-1] += " " + raw
        else:
            tokens.append(raw)
    return tokens


def _names_with_number(tokens: list[str]) -> bool:
    """Whether the last two tokens are a spot whose name ends in a number (``egalité 6``).

    Such a number is not the head of an amount grouped by spaces: ``egalité 6 100``
    is 100 on Egalité 6, not 6 100 on something.
    """
    return len(tokens) >= 2 and _normalise("".join(tokens[-2:])) in BET_ALIASES


def _spot(tokens: list[str], position: int) -> tuple[BetKind | None, int]:
    """The spot named at ``position``, in one word or several, and how many words it took.

    A name that ends in a number (``dragon 7``, ``panda 8``) takes the number only
    when an amount follows it; otherwise a shorter name (``panda``) is read, with
    the number as its amount, and only if there is none is the number the name's
    (``d7`` alone: "how much on Dragon 7?").
    """
    numbered: tuple[BetKind, int] | None = None
    for length in range(_LONGEST_NAME, 0, -1):
        words = tokens[position : position + length]
        if len(words) < length or _is_amount(words[0]):
            continue
        kind = BET_ALIASES.get(_normalise("".join(words)))
        if kind is None:
            continue
        if not any(_is_amount(word) for word in words):
            return kind, length
        following = tokens[position + length : position + length + 1]
        if following and _is_amount(following[0]):
            return kind, length
        numbered = numbered or (kind, length)
    return numbered or (None, 1)


def parse_line(line: str, *, lang: str | None = None) -> Command:
    """Parse one line typed at the prompt.

    ``lang`` is the language amounts are read in (see
    :func:`~puntobanco.core.money.parse_amount`): English reads ``1,000`` as a
    thousand, Spanish ``1.000``; without it, both are refused as unclear.

    Raises:
        InvalidBet: A word that is neither a spot nor a command
            (``code="unknown_word"``), a spot with no amount
            (``"missing_amount"``), an amount with no spot (``"missing_bet"``),
            a command mixed with bets (``"command_alone"``), or an amount that
            :func:`~puntobanco.core.money.parse_amount` refuses (its codes).
    """
    tokens = _tokens(line)
    if not tokens:
        return Command(CommandKind.EMPTY)
    if len(tokens) == 1 and _normalise(tokens[0]) in COMMAND_ALIASES:
        return Command(COMMAND_ALIASES[_normalise(tokens[0])])
    bets: list[tuple[BetKind, int]] = []
    position = 0
    while position < len(tokens):
        token = tokens[position]
        if _is_amount(token):
            raise InvalidBet(
                f"which bet is {token} for? write the bet first", code="missing_bet", amount=token
            )
        word = _normalise(token)
        kind, length = _spot(tokens, position)
        if kind is None:
            code = "command_alone" if word in COMMAND_ALIASES else "unknown_word"
            raise InvalidBet(f"{token!r} is not a bet", code=code, word=token)
        position += length - 1  # the amount follows the spot's last word
        if position + 1 >= len(tokens) or not _is_amount(tokens[position + 1]):
            following = tokens[position + 1] if position + 1 < len(tokens) else None
            if following is not None and _normalise(following) not in BET_ALIASES:
                # "banker ten" or "banker abc": the amount is there, but it is not a number.
                bets.append((kind, parse_amount(following, lang=lang)))
                position += 2
                continue
            raise InvalidBet(
                f"no amount for {kind.value}", code="missing_amount", bet=kind.value, kind=kind
            )
        bets.append((kind, parse_amount(tokens[position + 1], lang=lang)))
        position += 2
    return Command(CommandKind.BETS, tuple(bets))
