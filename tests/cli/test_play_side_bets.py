"""Side bets in the terminal game: typed in English and Spanish, priced, refused, settled.

The expected paytables and forms are written out here from the bets' published
paytables, not read from the game's own tables.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from rich.console import Console

from puntobanco.cli.betline import BET_ALIASES, COMMAND_ALIASES, _normalise, parse_line
from puntobanco.cli.options import OptionError, build_config
from puntobanco.cli.play import run_game
from puntobanco.cli.spots import SIDE_ALIASES, SPOT_WORDS
from puntobanco.core.bets import Bet, settle
from puntobanco.core.errors import InvalidBet
from puntobanco.core.explain import describe_settlement
from puntobanco.core.money import format_minor
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import PRESETS, SIDE_BETS, BetKind, Rules
from puntobanco.core.shoe import Shoe

K = BetKind

# (typed, spot): the usual names and short forms, in both languages.
FORMS = [
    ("dragon 7 5", K.DRAGON_7),
    ("dragón 7 5", K.DRAGON_7),
    ("d7 5", K.DRAGON_7),
    ("panda 5", K.PANDA_8),
    ("panda 8 5", K.PANDA_8),
    ("bonus banca 5", K.DRAGON_BONUS_BANKER),
    ("bono dragón banca 5", K.DRAGON_BONUS_BANKER),
    ("dragon bonus banker 5", K.DRAGON_BONUS_BANKER),
    ("bonus jugador 5", K.DRAGON_BONUS_PLAYER),
    ("dragon bonus player 5", K.DRAGON_BONUS_PLAYER),
    ("pareja perfecta 5", K.PERFECT_PAIR),
    ("perfect pair 5", K.PERFECT_PAIR),
    ("cualquier pareja 5", K.EITHER_PAIR),
    ("either pair 5", K.EITHER_PAIR),
    ("grande 5", K.BIG),
    ("big 5", K.BIG),
    ("pequeña 5", K.SMALL),
    ("pequena 5", K.SMALL),
    ("small 5", K.SMALL),
    ("tigre 5", K.TIGER),
    ("tiger 5", K.TIGER),
    ("tigre pequeño 5", K.SMALL_TIGER),
    ("small tiger 5", K.SMALL_TIGER),
    ("tigre grande 5", K.BIG_TIGER),
    ("big tiger 5", K.BIG_TIGER),
    ("empate tigre 5", K.TIGER_TIE),
    ("tiger tie 5", K.TIGER_TIE),
    ("pareja tigre 5", K.TIGER_PAIR),
    ("tiger pair 5", K.TIGER_PAIR),
    ("egalité 6 5", K.EGALITE_6),
    ("egalite 6 5", K.EGALITE_6),
    ("igualdad 6 5", K.EGALITE_6),
    ("eg0 5", K.EGALITE_0),
    ("super 6 5", K.SUPER_6),
    ("s6 5", K.SUPER_6),
]


@pytest.mark.parametrize(("line", "kind"), FORMS)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_form_names_its_spot_in_either_language(line: str, kind: BetKind, lang: str) -> None:
    assert parse_line(line, lang=lang).bets == ((kind, 500),)


def test_a_name_ending_in_a_number_takes_it_only_before_an_amount() -> None:
    assert parse_line("panda 8").bets == ((K.PANDA_8, 800),)  # 8 on Panda 8
    assert parse_line("egalité 6 100", lang="en").bets == ((K.EGALITE_6, 10_000),)
    assert parse_line("dragon 7 1 000", lang="en").bets == ((K.DRAGON_7, 100_000),)
    assert parse_line("b 10, d7 5 tigre pequeño 2").bets == (
        (K.BANKER, 1000),
        (K.DRAGON_7, 500),
        (K.SMALL_TIGER, 200),
    )
    for line, kind in (("d7", K.DRAGON_7), ("egalite 6", K.EGALITE_6)):
        with pytest.raises(InvalidBet) as caught:
            parse_line(line)
        assert caught.value.code == "missing_amount" and caught.value.params["kind"] is kind


def test_no_form_is_a_command_or_a_main_spot_and_every_shown_form_is_typed() -> None:
    assert not set(SIDE_ALIASES) & set(COMMAND_ALIASES)
    main = {"p", "player", "punto", "j", "jugador", "b", "banker", "bank", "banco", "banca"}
    assert not set(SIDE_ALIASES) & (main | {"t", "tie", "e", "empate"})
    assert set(SIDE_ALIASES.values()) == set(SIDE_BETS)
    for lang in ("en", "es"):
        assert set(SPOT_WORDS[lang]) == set(SIDE_BETS)
        for kind, shown in SPOT_WORDS[lang].items():
            long, _, short = shown.partition(" (")
            for form in (long, short.rstrip(")")):
                if form:
                    assert BET_ALIASES[_normalise(form.replace(" ", ""))] is kind, form


def scripted(lines: list[str]) -> Callable[[str], str]:
    feed: Iterator[str] = iter(lines)

    def read_line(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read_line


def play(options: dict[str, object], lines: list[str]) -> str:
    config = build_config({"fast": True, **options}, {"LANG": "en_US.UTF-8"})
    out = io.StringIO()
    console = Console(file=out, width=1000)  # no line of a panel wraps
    assert run_game(config, console, read_line=scripted(lines)) == 0
    return " ".join(out.getvalue().split())


def test_rules_show_the_paytables_exactly_in_english() -> None:
    text = play({"preset": "all-side-bets", "lang": "en", "seed": "1"}, ["rules"])
    for line in (
        "Dragon 7: Banker wins with 7 on 3 cards: 40 to 1; anything else loses",
        "Panda 8: Player wins with 8 on 3 cards: 25 to 1",
        "Dragon Bonus Banker: Banker wins with a natural: 1 to 1; "
        "a tie with a natural: push (the stake is returned); "
        "Banker wins without a natural by 9 points: 30 to 1",
        "Banker wins without a natural by 4 points: 1 to 1; anything else loses",
        "Big: 5 cards dealt: 0.54 to 1; 6 cards dealt: 0.54 to 1",
        "Small: 4 cards dealt: 1.5 to 1",
        "Perfect Pair: both hands suited pairs: 200 to 1; one hand a suited pair: 25 to 1",
        "Tiger: Banker wins with 6 on 2 cards: 12 to 1; Banker wins with 6 on 3 cards: 20 to 1",
        "Small Tiger: Banker wins with 6 on 2 cards: 22 to 1",
        "Big Tiger: Banker wins with 6 on 3 cards: 50 to 1",
        "Tiger Tie: a tie at 6: 35 to 1",
        "Tiger Pair: both pairs of one rank: 100 to 1; both hands paired: 20 to 1; "
        "one hand paired: 4 to 1",
        "Egalité 2: a tie at 2: 220 to 1",
        "Egalité 9: a tie at 9: 80 to 1",
        "Banker: Banker wins: 0.95 to 1 (5% commission taken)",
    ):
        assert line in text, line


def test_rules_show_the_paytables_in_spanish_with_changed_payouts() -> None:
    text = play(
        {"preset": "ez-baccarat", "side_bets": "tiger=12:25,big", "lang": "es", "seed": "1"},
        ["reglas"],
    )
    assert (
        "Banca: gana la Banca con 7 (3 cartas): se devuelve la apuesta; gana la Banca: 1 a 1"
        in (text)
    )
    assert "Dragón 7: gana la Banca con 7 (3 cartas): 40 a 1; todo lo demás pierde" in text
    assert (
        "Tigre: gana la Banca con 6 (2 cartas): 12 a 1; gana la Banca con 6 (3 cartas): 25 a 1"
        in (text)
    )
    assert "Grande: 5 cartas repartidas: 0,54 a 1" in text


def test_a_spot_not_offered_is_refused_naming_the_spots_that_are() -> None:
    text = play({"preset": "dragon-bonus", "lang": "es", "seed": "2"}, ["tigre 5", "s"])
    assert (
        "Tigre no se ofrece en esta mesa: las casillas son Jugador, Banca, Empate, "
        "Pareja Jugador, Pareja Banca, Bono Dragón Jugador, Bono Dragón Banca." in text
    )
    assert "bono dragón banca (bdb)" in text  # the "Se admite" line, as the player types them
    assert "Manos jugadas 0" in text and "Saldo final 1.000,00" in text  # nothing changed
    english = play({"preset": "tiger", "lang": "en", "seed": "2"}, ["d7 5"])
    assert "Dragon 7 is not offered at this table: the spots are Player, Banker, Tie, " in english
    assert "Tiger Pair." in english and "Final balance 1,000.00" in english


def test_side_bets_option_offers_them_and_refuses_a_bad_one_in_the_players_language() -> None:
    config = build_config({"side_bets": "super_6=15,dragon_7"}, {"LANG": "en_US.UTF-8"})
    assert dict(config.rules.side_bets) == {
        K.DRAGON_7: (Fraction(40),),
        K.SUPER_6: (Fraction(15),),
    }
    # On top of a preset's, as in odds.
    config = build_config({"preset": "ez-baccarat", "side_bets": "big"}, {"LANG": "en"})
    assert [k for k, _ in config.rules.side_bets] == [K.DRAGON_7, K.PANDA_8, K.BIG]
    for value, lang, says in (
        ("dragon", "en", "Unknown side bet 'dragon': the side bets are dragon_7, panda_8"),
        ("tiger=12", "es", "tiger lleva 2 pagos, separados por dos puntos"),
    ):
        with pytest.raises(OptionError) as caught:
            build_config({"side_bets": value, "lang": lang}, {})
        assert caught.value.option == "--side-bets" and says in caught.value.params["detail"]


def _seed_where(rules: Rules, wanted: Callable[[Shoe], bool]) -> int:
    return next(s for s in range(2000) if wanted(Shoe(rules, SeededSource(s))))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_winning_side_bet_is_explained_and_paid_as_core_settles_it(lang: str) -> None:
    rules = PRESETS["ez-baccarat"]

    def dragon(shoe: Shoe) -> bool:
        result = shoe.deal_coup()  # the shoe's first coup: the game's first round
        banker_wins = result.banker_total > result.player_total
        return banker_wins and result.banker_total == 7 and len(result.banker_cards) == 3

    seed = _seed_where(rules, dragon)
    result = Shoe(rules, SeededSource(seed)).deal_coup()
    settlement = settle([Bet(K.BANKER, 1000), Bet(K.DRAGON_7, 500)], result, rules)
    assert settlement.net_minor == 500 * 40  # Banker pushes, Dragon 7 pays 40 to 1
    text = play({"preset": "ez-baccarat", "lang": lang, "seed": str(seed)}, ["b 10 d7 5"])
    sentence = describe_settlement(settlement.bets[1], lang)
    why = {"en": "Banker wins with 7 on 3 cards.", "es": "Gana la Banca con 7 (3 cartas)."}[lang]
    assert f"• {sentence} {why}" in text
    assert format_minor(100_000 + 20_000, lang=lang) in text


def test_help_lists_the_tables_side_bets_with_an_example_it_offers() -> None:
    text = play({"preset": "tiger", "lang": "es", "seed": "1"}, ["ayuda"])
    assert (
        "Apuestas laterales de esta mesa: tigre, tigre pequeño, tigre grande, empate tigre, "
        "pareja tigre. Se escriben como las demás (tigre 10)" in text
    )
    text = play({"preset": "egalite", "lang": "en", "seed": "1"}, ["h"])
    assert "Side bets at this table: egalite 0-9 (eg0-eg9)." in text
    assert "Side bets Egalité 0-9 (type rules for the paytables)" in text  # the welcome
    assert "Side bets" not in play({"lang": "en", "seed": "1"}, ["h"])


def test_history_records_side_bets(tmp_path: Path) -> None:
    import json

    path = tmp_path / "rounds.json"
    options = {"preset": "dragon-bonus", "lang": "en", "seed": "4", "history": str(path)}
    config = build_config({"fast": True, **options}, {})
    from puntobanco.cli.history import History

    out = io.StringIO()
    writer = History.open(str(path), config.rules)
    run_game(config, Console(file=out), read_line=scripted(["dbb 5 b 10"]), history=writer)
    data = json.loads(path.read_text())
    bets = [bet["bet"] for bet in data["rounds"][0]["bets"]]
    assert bets == ["banker", "dragon_bonus_banker"]


def test_ez_baccarat_tells_the_banker_push_on_a_three_card_7() -> None:
    english = play({"preset": "ez-baccarat", "lang": "en", "seed": "1"}, [])
    assert "Banker 1 to 1 · Banker pushes when Banker wins with 7 on 3 cards" in english
    spanish = play({"preset": "ez-baccarat", "lang": "es", "seed": "1"}, [])
    assert "Banca 1 a 1 · Banca se devuelve si gana la Banca con 7 (3 cartas)" in spanish


def test_the_settlement_fits_80_columns_with_long_side_bet_names() -> None:
    config = build_config({"fast": True, "preset": "all-side-bets", "lang": "es", "seed": "5"}, {})
    out = io.StringIO()
    line = "bdj 100 bdb 100 tigre pequeño 5 cp 10 pareja perfecta 5 igualdad 3 5"
    run_game(config, Console(file=out, width=80), read_line=scripted([line]))
    rows = [row for row in out.getvalue().splitlines() if "Bono Dragón" in row]
    # Each name whole on its row, beside its stake: not wrapped over several lines.
    assert any(row.lstrip().startswith("Bono Dragón Jugador   100,00") for row in rows), rows
    assert any(row.lstrip().startswith("Bono Dragón Banca     100,00") for row in rows), rows
    assert all(len(row) <= 80 for row in out.getvalue().splitlines())
