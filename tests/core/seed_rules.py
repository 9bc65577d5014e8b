"""The seeds' rules, transcribed straight from the seed texts: the tests' oracles.

Nothing here imports the engine's tables. Seed 000 states the Banker's rule by
the Player's third card; seeds 001 and 002 print it by the Banker's total. Each
is copied as the seed writes it, quoted beside the data. :func:`oracle_coup`
is a plain, independent implementation of a coup written from these texts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puntobanco.core.cards import Card, Rank

# --- Seed 000, by the Player's third card ------------------------------------
# "El jugador no sacó una carta, si la Banca tiene un puntaje 0-5 entonces extrae
#  una carta, si tiene 6-7 entonces se queda."
SEED_000_PLAYER_STOOD = {"draws": range(0, 6), "stands": range(6, 8)}
# "El jugador saca 2 o 3, si la banca tiene 0-4 saca, con 5-7, se queda.
#  El jugador saca 4 o 5, si la banca tiene 0-5 saca, con 6-7 se queda.
#  El jugador saca 6 o 7, si la banca tiene 0-6 saca, con 7 se queda.
#  El jugador saca 8, si la banca tiene 0-2 saca, con 3-7 se queda.
#  El jugador saca un as, 9, 10 o una carta de caras, si la banca tiene 0-3 saca,
#  con 4-7, se queda."
# Keyed by the *rank* of the Player's third card, as the seed names cards.
_FACES = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)
SEED_000_BY_THIRD_CARD: dict[Rank, dict[str, range]] = {
    **dict.fromkeys((Rank.TWO, Rank.THREE), {"draws": range(0, 5), "stands": range(5, 8)}),
    **dict.fromkeys((Rank.FOUR, Rank.FIVE), {"draws": range(0, 6), "stands": range(6, 8)}),
    **dict.fromkeys((Rank.SIX, Rank.SEVEN), {"draws": range(0, 7), "stands": range(7, 8)}),
    Rank.EIGHT: {"draws": range(0, 3), "stands": range(3, 8)},
    **dict.fromkeys((Rank.ACE, Rank.NINE, *_FACES), {"draws": range(0, 4), "stands": range(4, 8)}),
}

# --- Seed 001, by the Banker's total ------------------------------------------
# "REGLAS DE LA BANCA / Si la banca tiene: | Pide carta si la tercera carta del
#  jugador es: | No pide carta si la tercera carta del jugador es:"
ALL = tuple(range(10))
SEED_001_BY_BANKER_TOTAL: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    0: (ALL, ()),  # "0, 1, 2  La Banca siempre pide con estos totales"
    1: (ALL, ()),
    2: (ALL, ()),
    3: ((1, 2, 3, 4, 5, 6, 7, 9, 0), (8,)),
    4: ((2, 3, 4, 5, 6, 7), (1, 8, 9, 0)),
    5: ((4, 5, 6, 7), (1, 2, 3, 8, 9, 0)),
    6: ((6, 7), (1, 2, 3, 4, 5, 8, 9, 0)),
    7: ((), ALL),  # "7  Stands  Stands"
}
# "Cuando el jugador stands con un 6 o un 7, la banca debe pedir carta si el valor
#  de su jugada es 0, 1, 2, 3, 4, o 5, y stand con 6, 7, 8 o 9."
SEED_001_PLAYER_STOOD = {"draws": (0, 1, 2, 3, 4, 5), "stands": (6, 7, 8, 9)}
# "REGLAS DEL JUGADOR: 1, 2, 3, 4, 5, 0 pide carta; 6, 7 STANDS; 8, 9 STANDS (natural)"
SEED_001_PLAYER = {"draws": (1, 2, 3, 4, 5, 0), "stands": (6, 7), "natural": (8, 9)}

# --- Seed 002, by the Banker's total ------------------------------------------
# "Banquero | ... | Retira una carta cuando la tercera carta del jugador es: |
#  No retira ninguna carta cuando la tercera carta del jugador es:"
SEED_002_BY_BANKER_TOTAL: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    0: (ALL, ()),  # "0 – 1 – 2 | Siempre retira una carta."
    1: (ALL, ()),
    2: (ALL, ()),
    3: ((0, 1, 2, 3, 4, 5, 6, 7, 9), (8,)),
    4: ((2, 3, 4, 5, 6, 7), (0, 1, 8, 9)),
    5: ((4, 5, 6, 7), (0, 1, 2, 3, 8, 9)),
    6: ((6, 7), (0, 1, 2, 3, 4, 5, 8, 9)),
    7: ((), ALL),  # "7 | Siempre se planta."
}
# "Jugador: 0 – 1 – 2 - 3 – 4 – 5 Retira una carta. | 6 – 7 Se planta. |
#  8 – 9 'Mano Natural'"
SEED_002_PLAYER = {"draws": (0, 1, 2, 3, 4, 5), "stands": (6, 7), "natural": (8, 9)}

BANKER_TOTALS = range(8)  # 8 and 9 are naturals: no drawing rule applies


def seed_000_banker_draws(banker_total: int, third: Rank | None) -> bool:
    """Seed 000's rule: does a Banker ``banker_total`` draw, given the Player's third card?"""
    rule = SEED_000_PLAYER_STOOD if third is None else SEED_000_BY_THIRD_CARD[third]
    assert (banker_total in rule["draws"]) != (banker_total in rule["stands"])
    return banker_total in rule["draws"]


def seed_table_banker_draws(
    table: dict[int, tuple[tuple[int, ...], tuple[int, ...]]], banker_total: int, third: int
) -> bool:
    """Seeds 001/002's rule: does a Banker ``banker_total`` draw on a third card worth ``third``?"""
    draws, stands = table[banker_total]
    assert (third in draws) != (third in stands), "the transcription must be a partition"
    return third in draws


def points(card: Card) -> int:
    """Seed 000: "las cartas de 2 a 9 valen su valor nominal, el 10 y todas las de caras
    (J, Q, K) valen cero puntos y los Ases valen 1 punto"."""
    if card.rank is Rank.ACE:
        return 1
    if card.rank in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING):
        return 0
    return int(card.rank)


def total(cards: Sequence[Card]) -> int:
    """ "la suma de todas las cartas de módulo 10"."""
    return sum(points(card) for card in cards) % 10


@dataclass(frozen=True)
class OracleCoup:
    """What the seeds say happens, with the engine's names for reasons."""

    used: int
    player_cards: tuple[Card, ...]
    banker_cards: tuple[Card, ...]
    player_total: int
    banker_total: int
    outcome: str
    player_natural: bool
    banker_natural: bool
    events: tuple[tuple[object, ...], ...]


def oracle_coup(cards: Sequence[Card]) -> OracleCoup:
    """Deal a coup the way the seeds describe it, reading ``cards`` left to right.

    Reads only the cards it needs and says how many (``used``).
    """
    events: list[tuple[object, ...]] = []
    player: list[Card] = []
    banker: list[Card] = []
    position = 0

    def give(hand: list[Card], side: str) -> Card:
        nonlocal position
        card = cards[position]
        position += 1
        hand.append(card)
        events.append(("card", side, card, total(hand)))
        return card

    # Seed 001: "La primera y tercera cartas del montón repartidas constituyen la jugada
    # del 'jugador', y la segunda y la cuarta carta la jugada de la 'Banca'."
    give(player, "player")
    give(banker, "banker")
    give(player, "player")
    give(banker, "banker")
    p, b = total(player), total(banker)
    player_natural, banker_natural = p in (8, 9), b in (8, 9)
    if player_natural or banker_natural:
        # "Si el valor en puntos de las primeras dos cartas de cualquier jugada es 8 o 9,
        # esto se denomina 'natural' y no se repartirán más cartas."
        events.append(("stand", "player", p, "natural" if player_natural else "other-natural"))
        events.append(("stand", "banker", b, "natural" if banker_natural else "other-natural"))
    else:
        third: Card | None = None
        if p <= 5:  # "Si el jugador tiene una puntuación de 0 a 5, extrae una única carta"
            events.append(("draw", "player", p, "player-draws"))
            third = give(player, "player")
        else:  # "si tiene puntuación de 6 o 7, se queda"
            events.append(("stand", "player", p, "player-stands"))
        if third is None:
            # "El jugador no sacó una carta, si la Banca tiene un puntaje 0-5 entonces
            # extrae una carta, si tiene 6-7 entonces se queda."
            draws = b <= 5
            reason = "banker-player-stood-draws" if draws else "banker-player-stood-stands"
            events.append(("draw" if draws else "stand", "banker", b, reason, None, ()))
        else:
            draws = seed_000_banker_draws(b, third.rank)
            values = tuple(sorted(SEED_001_BY_BANKER_TOTAL[b][0]))
            if b <= 2:  # seed 001: "La Banca siempre pide con estos totales"
                reason = "banker-always-draws"
            elif b == 7:  # seed 001: "7  Stands  Stands"
                reason = "banker-always-stands"
            else:
                reason = "banker-third-card-draws" if draws else "banker-third-card-stands"
            events.append(
                ("draw" if draws else "stand", "banker", b, reason, points(third), values)
            )
        if draws:
            give(banker, "banker")
        p, b = total(player), total(banker)
    # "La jugada con el valor en puntos mas próximo a nueve gana." / "Si ambas jugadas
    # obtienen idéntico total, la apuesta 'empate' gana"
    outcome = "player" if p > b else "banker" if b > p else "tie"
    events.append(("result", p, b, outcome))
    return OracleCoup(
        used=position,
        player_cards=tuple(player),
        banker_cards=tuple(banker),
        player_total=p,
        banker_total=b,
        outcome=outcome,
        player_natural=player_natural,
        banker_natural=banker_natural,
        events=tuple(events),
    )
