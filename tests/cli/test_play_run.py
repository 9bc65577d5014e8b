"""The game loop with scripted input, and the options, without a pseudo-terminal."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from rich.console import Console

from puntobanco.cli.options import OptionError, build_config
from puntobanco.cli.play import run_game
from puntobanco.core.bets import Bet, settle
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import BetKind, ShoeMode
from puntobanco.core.shoe import Shoe

SRC = Path(__file__).resolve().parents[2] / "src"


def scripted(lines: list[str]) -> Callable[[str], str]:
    """A read_line that types ``lines`` and then ends the input."""
    feed: Iterator[str] = iter(lines)

    def read_line(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read_line


def play(options: dict[str, object], lines: list[str], **kwargs: object) -> str:
    config = build_config({"fast": True, **options}, {"LANG": "en_US.UTF-8"})
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=bool(kwargs.pop("terminal", False)))
    assert run_game(config, console, read_line=scripted(lines), **kwargs) == 0  # type: ignore[arg-type]
    return out.getvalue()


def test_help_rules_and_explain_toggle() -> None:
    text = play({"seed": "1", "lang": "en"}, ["h", "rules", "x", "x", "?"])
    assert text.count("How to play") == 2
    assert "Banker 3: draws when the Player's third card is 0–7, 9" in text
    assert "Banker 7: always stands" in text
    assert "8 or 9 on two cards is a natural" in text
    assert "Player: draws on 0–5, stands on 6–7." in text
    assert "Banker, when the Player stood: draws on 0–5, stands on 6–7." in text
    assert "Explain mode on" in text and "Explain mode off." in text
    assert "End of input (Ctrl-D)" in text and "Rounds played" in text


def test_pair_bets_and_other_payouts() -> None:
    text = play(
        {"seed": "3", "lang": "es", "pairs": True, "commission": "4%", "tie_pays": "9"},
        ["pj 1, pb 1, banca 10"],
    )
    assert "Pareja Jugador 11 a 1" in text
    assert "las apuestas a Jugador y Banca no se pagan ni se pierden" in text
    assert "Banca 1 a 1 menos 4\u00a0% de comisión" in text and "Empate 9 a 1" in text
    assert "Pareja Jugador" in text and "Pareja Banca" in text


def test_reshuffle_mode_shows_no_burn() -> None:
    text = play({"seed": "2", "lang": "en", "shoe": "reshuffle", "decks": "6"}, ["p 1"] * 3)
    assert "reshuffled before every round" in text
    assert "Burn" not in text and "New shoe" not in text
    assert "Last 3 rounds" in text and "Bead plate" in text and "Big Road" in text


def test_ctrl_c_during_the_deal_finishes_the_round_then_stops() -> None:
    calls: list[float] = []

    def sleep(seconds: float) -> None:
        calls.append(seconds)
        if len(calls) == 2:
            raise KeyboardInterrupt

    options = {"seed": "5", "lang": "en", "balance": "100"}
    config = build_config({**options, "fast": False}, {})
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=True, highlight=False)
    status = run_game(config, console, read_line=scripted(["b 10", "b 10"]), sleep=sleep)
    assert status == 130  # as puntobanco simulate exits on Ctrl-C
    text = out.getvalue()
    result = Shoe(config.rules, SeededSource(5)).deal_coup()
    balance = 10_000 + settle([Bet(BetKind.BANKER, 1000)], result, config.rules).net_minor
    assert len(calls) == 2  # no more pauses once interrupted
    assert text.count("Round ") == 1  # the second bet was never asked for
    assert "Interrupted (Ctrl-C)" in text
    for card in result.cards:
        assert str(card) in text
    assert "Final balance" in text and f"{balance // 100}.{balance % 100:02d}" in text


def test_ctrl_c_at_the_prompt() -> None:
    def read_line(prompt: str) -> str:
        raise KeyboardInterrupt

    config = build_config({"seed": "1", "lang": "es", "fast": True}, {})
    out = io.StringIO()
    assert run_game(config, Console(file=out, width=100), read_line=read_line) == 130
    assert "Interrumpido (Ctrl-C)" in out.getvalue() and "Resumen de la sesión" in out.getvalue()


def test_markup_typed_by_the_player_is_not_interpreted() -> None:
    text = play({"seed": "1", "lang": "en"}, ["[bold]x[/] 10"])
    assert "'[bold]x[/]' is neither a bet nor a command" in text


def test_defaults() -> None:
    config = build_config({}, {"LC_ALL": "es_ES.UTF-8"})
    assert config.lang == "es"
    assert config.rules.decks == 8 and config.rules.shoe_mode is ShoeMode.CUT_CARD
    assert config.rules.banker_commission == Fraction(1, 20) and config.rules.tie_pays == 8
    assert config.limits.minimum_minor == 100 and config.limits.maximum_minor == 50_000
    assert config.balance_minor == 100_000 and config.seed is None and not config.fast


@pytest.mark.parametrize(
    ("options", "option", "key"),
    [
        ({"decks": "9"}, "--decks", "cli.opt.decks"),
        ({"decks": "0"}, "--decks", "cli.opt.decks"),
        ({"decks": "six"}, "--decks", "cli.opt.decks"),
        ({"decks": "2.5"}, "--decks", "cli.opt.decks"),
        ({"shoe": "continuous"}, "--shoe", "cli.opt.shoe"),
        ({"cut_card": "5"}, "--cut-card", "cli.opt.cut_card"),
        ({"decks": "1", "cut_card": "40"}, "--cut-card", "cli.opt.cut_card"),
        ({"seed": "-1"}, "--seed", "cli.opt.seed"),
        ({"seed": "abc"}, "--seed", "cli.opt.seed"),
        ({"balance": "0"}, "--balance", "cli.opt.amount"),
        ({"balance": "-10"}, "--balance", "cli.opt.amount_error"),
        ({"balance": "10.001"}, "--balance", "cli.opt.amount_error"),
        ({"minimum": "x"}, "--min", "cli.opt.amount_error"),
        ({"maximum": "99999999999999999"}, "--max", "cli.opt.amount_error"),
        ({"seed": "18446744073709551616"}, "--seed", "cli.opt.seed"),  # 2**64
        ({"seed": "9" * 5000}, "--seed", "cli.opt.seed"),  # int() would refuse: no traceback
        ({"seed": "٣"}, "--seed", "cli.opt.seed"),  # ARABIC-INDIC DIGIT THREE
        ({"seed": "１"}, "--seed", "cli.opt.seed"),  # FULLWIDTH DIGIT ONE
        ({"seed": "1_000"}, "--seed", "cli.opt.seed"),
        ({"decks": "0" * 5000 + "9"}, "--decks", "cli.opt.decks"),
        ({"decks": "٨"}, "--decks", "cli.opt.decks"),
        ({"cut_card": "9" * 5000}, "--cut-card", "cli.opt.cut_card"),
        ({"cut_card": "１４"}, "--cut-card", "cli.opt.cut_card"),
        ({"tie_pays": "٨"}, "--tie-pays", "cli.opt.payout"),
        ({"tie_pays": "1e999999999"}, "--tie-pays", "cli.opt.payout"),
        ({"commission": "1e-999999999"}, "--commission", "cli.opt.commission"),
        ({"maximum": "0"}, "--max", "cli.opt.amount"),
        ({"minimum": "10", "maximum": "5"}, "--min", "cli.opt.limits_order"),
        ({"balance": "4", "minimum": "5"}, "--balance", "cli.opt.balance_low"),
        ({"commission": "1"}, "--commission", "cli.opt.rate_ambiguous"),
        ({"commission": "-5%"}, "--commission", "cli.opt.commission"),
        ({"commission": "abc"}, "--commission", "cli.opt.commission"),
        ({"tie_pays": "0"}, "--tie-pays", "cli.opt.payout"),
        ({"tie_pays": "eight"}, "--tie-pays", "cli.opt.payout"),
        ({"lang": "fr"}, "--lang", "cli.opt.lang"),
    ],
)
def test_bad_options(options: dict[str, str], option: str, key: str) -> None:
    with pytest.raises(OptionError) as caught:
        build_config(options, {})
    assert (caught.value.option, caught.value.key) == (option, key)


def test_seed_range_is_the_generators() -> None:
    """Every 64-bit seed is taken, the largest too; 2**64 is refused, not read as 0."""
    assert build_config({"seed": "18446744073709551615"}, {}).seed == 2**64 - 1
    assert build_config({"seed": "+0000000000000000000000000042"}, {}).seed == 42
    assert build_config({"seed": "0"}, {}).seed == 0
    with pytest.raises(OptionError) as caught:
        build_config({"seed": "18446744073709551616"}, {})
    assert caught.value.params["maximum"] == 2**64 - 1


def test_long_values_are_quoted_back_short() -> None:
    with pytest.raises(OptionError) as caught:
        build_config({"seed": "9" * 5000}, {})
    assert len(caught.value.params["value"]) <= 25


def test_cut_card_limits_come_from_the_rules() -> None:
    from puntobanco.core.rules import cut_card_range

    for decks in range(1, 9):
        low, high = cut_card_range(decks)
        assert build_config({"decks": str(decks), "cut_card": str(high)}, {}).rules.cut_card == high
        assert build_config({"decks": str(decks), "cut_card": str(low)}, {}).rules.cut_card == low
        with pytest.raises(OptionError) as caught:
            build_config({"decks": str(decks), "cut_card": str(high + 1)}, {})
        assert (caught.value.params["minimum"], caught.value.params["maximum"]) == (low, high)


@pytest.mark.parametrize(
    ("value", "lang", "detail"),
    [
        ("99999999999999999", "en", "is too large: the most is 10,000,000,000,000.00"),
        ("99999999999999999", "es", "es demasiado grande: el máximo es 10.000.000.000.000,00"),
        ("-5", "en", "An amount cannot be negative (-5)"),
        ("-5", "es", "Una cantidad no puede ser negativa (-5)"),
        ("2.5055", "en", "has more than 2 decimals"),
        ("1.000", "en", "in English thousands are separated with a comma"),
        ("1,000", "es", "en español los miles se separan con un punto"),
        ("ten", "es", "no es una cantidad"),
    ],
)
def test_amount_options_say_what_the_core_found(value: str, lang: str, detail: str) -> None:
    from puntobanco.core.i18n import text

    with pytest.raises(OptionError) as caught:
        build_config({"maximum": value, "lang": lang}, {})
    assert caught.value.key == "cli.opt.amount_error"
    assert detail in text(lang, caught.value.key, **caught.value.params)


def test_good_option_spellings() -> None:
    config = build_config({"commission": "0,04", "tie_pays": "9", "shoe": "RESHUFFLE"}, {})
    assert config.rules.banker_commission == Fraction(1, 25)
    assert config.rules.shoe_mode is ShoeMode.RESHUFFLE
    assert build_config({"cut_card": "20"}, {}).rules.cut_card == 20
    assert build_config({"commission": "5%"}, {}).rules.banker_commission == Fraction(1, 20)
    assert build_config({"balance": "12,34"}, {}).balance_minor == 1234
    # Thousands as the language of the game writes them.
    assert build_config({"balance": "2,000", "lang": "en"}, {}).balance_minor == 200_000
    assert build_config({"balance": "2.000", "lang": "es"}, {}).balance_minor == 200_000
    assert build_config({"balance": "2 000", "lang": "es"}, {}).balance_minor == 200_000


def _cli(args: list[str], lang_env: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(PYTHONPATH=str(SRC), LANG=lang_env, PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "puntobanco.cli.main", "play", *args],
        capture_output=True,
        text=True,
        env=env,
        input="",
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("args", "lang_env", "said"),
    [
        (["--decks", "9"], "en_US.UTF-8", "Invalid option --decks: the number of decks is a whole"),
        (["--decks", "9"], "es_ES.UTF-8", "Opción no válida --decks: el número de barajas"),
        (["--lang", "es", "--cut-card", "3"], "en_US.UTF-8", "en un zapato de 8 barajas"),
        (["--nope"], "es_ES.UTF-8", "Opción desconocida --nope"),
        (["--lang", "en", "--nope"], "es_ES.UTF-8", "Unknown option --nope"),
        (["--seed"], "en_US.UTF-8", "The option --seed needs a value."),
        (["--lang", "xx"], "es_ES.UTF-8", "Opción no válida --lang: los idiomas son en (English)"),
        (
            ["--seed", "18446744073709551616"],
            "es_ES.UTF-8",
            "Opción no válida --seed: la semilla es un número entero de 0 a 18446744073709551615",
        ),
        (
            ["--seed", "9" * 5000],
            "en_US.UTF-8",
            "Invalid option --seed: the seed is a whole number from 0 to 18446744073709551615",
        ),
        (["--seed", "٣"], "en_US.UTF-8", "Invalid option --seed: the seed is a whole number"),
        (["--decks", "9" * 5000], "es_ES.UTF-8", "el número de barajas es un número entero"),
        (
            ["--max", "99999999999999999"],
            "en_US.UTF-8",
            "Invalid option --max: '99999999999999999' is too large: the most is",
        ),
        (
            ["--max", "99999999999999999"],
            "es_ES.UTF-8",
            "Opción no válida --max: '99999999999999999' es demasiado grande",
        ),
    ],
)
def test_bad_options_exit_2_in_the_players_language(
    args: list[str], lang_env: str, said: str
) -> None:
    from typer.testing import CliRunner

    from puntobanco.cli.main import app

    env = {"LANG": lang_env, "LC_ALL": None, "LC_MESSAGES": None}
    done = CliRunner().invoke(app, ["play", *args], env=env)
    assert done.exit_code == 2
    assert said in " ".join(done.stderr.split())
    assert done.exception is None or isinstance(done.exception, SystemExit)


def test_bad_options_leave_no_traceback_in_a_real_process() -> None:
    done = _cli(["--decks", "9"], "es_ES.UTF-8")
    assert done.returncode == 2
    assert "Opción no válida --decks" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_help_lists_the_options() -> None:
    from typer.testing import CliRunner

    from puntobanco.cli.main import app

    done = CliRunner().invoke(app, ["play", "--help"])
    assert done.exit_code == 0
    for option in (
        "--decks",
        "--shoe",
        "--cut-card",
        "--seed",
        "--balance",
        "--min",
        "--max",
        "--commission",
        "--tie-pays",
        "--lang",
        "--fast",
        "--pairs",
        "--explain",
    ):
        assert option in done.stdout


def test_help_follows_the_language() -> None:
    assert "Barajas en el zapato" in _cli(["--help"], "es_ES.UTF-8").stdout
    assert "Decks in the shoe" in _cli(["--help", "--lang", "en"], "es_ES.UTF-8").stdout


def test_a_terminal_without_unicode_gets_letters_not_a_traceback() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(PYTHONPATH=str(SRC), PYTHONIOENCODING="ascii", LANG="C")
    done = subprocess.run(
        [sys.executable, "-m", "puntobanco.cli.main", "play", "--seed", "1", "--lang", "es"],
        capture_output=True,
        input="b 10\nx\nb 10\n",
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    result = Shoe(build_config({}, {}).rules, SeededSource(1)).deal_coup()
    first = result.cards[0]
    assert f" {first.code} " in done.stdout  # a card as rank and suit letter, e.g. 5s
    assert "Modo explicacion activado" in done.stdout  # accents dropped, words kept
    assert "Resumen de la sesion" in done.stdout


def test_control_characters_typed_are_not_echoed_raw() -> None:
    text = play({"seed": "1", "lang": "en"}, ["\x1b[A 10"])
    assert "'?[A' is neither a bet nor a command" in text
    assert "\x1b[A" not in text


def test_summary_and_board_mid_session() -> None:
    text = play({"seed": "3", "lang": "en"}, ["b 5", "s", "board"])
    summary_at = text.index("Session summary")
    assert "Thanks for playing." not in text[:summary_at]  # no goodbye mid-session
    assert text.count("Session summary") == 2  # once asked for, once at the end
    assert text.count("Shoe no. 1 ·") == 2  # after the round, and asked for
    assert text.count("Big Eye Boy") == 1  # the derived roads only when asked for


def test_money_is_written_in_the_players_language() -> None:
    spanish = play({"seed": "5", "lang": "es", "balance": "12345.5", "maximum": "2000"}, ["b 1000"])
    assert "12.345,50" in spanish and "1.000,00" in spanish and "2.000,00" in spanish
    assert "12345.50" not in spanish
    english = play({"seed": "5", "lang": "en", "balance": "12345.5", "maximum": "2000"}, ["b 1000"])
    assert "12,345.50" in english and "1,000.00" in english


def test_a_spanish_player_can_type_back_what_the_game_prints() -> None:
    text = play({"seed": "5", "lang": "es", "balance": "5000", "maximum": "2000"}, ["b 1.000,00"])
    assert "Banca 1.000,00" in text  # the bet taken as a thousand, not refused or read as 1


def test_the_same_seed_deals_the_same_game() -> None:
    lines = ["b 10, t 2", "p 5", "r", "x", "b 3"] * 4
    first = play({"seed": "99", "lang": "en", "decks": "1", "cut_card": "12"}, lines)
    again = play({"seed": "99", "lang": "en", "decks": "1", "cut_card": "12"}, lines)
    other = play({"seed": "100", "lang": "en", "decks": "1", "cut_card": "12"}, lines)
    assert first == again
    assert first != other
    assert "New shoe no. 2" in first


def test_payout_ratios_are_written_exactly() -> None:
    from puntobanco.cli.render import format_ratio

    cases = {Fraction(8): "8", Fraction(19, 20): "0.95", Fraction(1, 2): "0.5"}
    cases |= {Fraction(9, 2): "4.5", Fraction(1, 3): "1/3", Fraction(1, 8): "0.125"}
    for ratio, text in cases.items():
        assert format_ratio(ratio) == text


def test_spanish_help_on_an_ascii_terminal_from_a_shell() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(PYTHONPATH=str(SRC), LANG="es_ES.UTF-8", PYTHONIOENCODING="ascii")
    done = subprocess.run(
        [sys.executable, "-m", "puntobanco.cli.main", "play", "--help"],
        capture_output=True,
        encoding="ascii",
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Barajas en el zapato" in done.stdout and "Semilla del barajado" in done.stdout
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("command", ["play", "odds"])
def test_help_on_an_ascii_terminal(command: str) -> None:
    from typer.testing import CliRunner

    from puntobanco.cli.main import app

    # The help's language was chosen at import; the shell test above covers Spanish.
    done = CliRunner(charset="ascii").invoke(app, [command, "--help"], env={"COLUMNS": "200"})
    assert done.exit_code == 0, done.exception
    assert "--decks" in done.stdout and "--lang" in done.stdout


@pytest.mark.parametrize(
    ("command", "args", "said"),
    [
        (
            "play",
            ["--fas"],
            "Unknown option --fas (did you mean --fast, --pairs, --max?). See: puntobanco play",
        ),
        (
            "play",
            ["--lang", "es", "--fas"],
            "(¿quería decir --fast, --pairs, --max?). Vea: puntobanco play",
        ),
        ("play", ["--seed"], "The option --seed needs a value. See: puntobanco play --help"),
        ("play", ["extra"], "Unexpected argument extra: every value goes after its option"),
        ("play", ["--lang", "es", "extra"], "como --decks 6. Vea: puntobanco play --help"),
        (
            "systems",
            ["--sesions"],
            "(did you mean --sessions, --json, --on?). See: puntobanco systems",
        ),
        ("systems", ["--lang", "es", "x"], "como --sessions 1000. Vea: puntobanco systems"),
    ],
)
def test_usage_errors_name_the_command_that_was_run(
    command: str, args: list[str], said: str
) -> None:
    from typer.testing import CliRunner

    from puntobanco.cli.main import app

    env = {"LANG": "C", "LC_ALL": None, "LC_MESSAGES": None}
    done = CliRunner().invoke(app, [command, *args], env=env)
    assert done.exit_code == 2 and done.stdout == ""
    assert said in " ".join(done.stderr.split())


def test_systems_reuses_plays_translated_command() -> None:
    from puntobanco.cli.lang import lang_in_args
    from puntobanco.cli.play import TranslatedCommand
    from puntobanco.cli.systems import SystemsCommand

    assert issubclass(SystemsCommand, TranslatedCommand)
    assert SystemsCommand.command_name == "systems" and TranslatedCommand.command_name == "play"
    assert lang_in_args(["--decks", "8", "--lang", "es"]) == "es"
    assert lang_in_args(["--lang=en"]) == "en" and lang_in_args(["--lang"]) is None


def test_a_cut_card_in_a_reshuffled_shoe_is_refused_not_ignored() -> None:
    with pytest.raises(OptionError) as caught:
        build_config({"shoe": "reshuffle", "cut_card": "20"}, {})
    assert (caught.value.option, caught.value.key) == ("--cut-card", "cli.opt.cut_card_reshuffle")
